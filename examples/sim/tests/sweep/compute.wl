# SPDX-License-Identifier: BSD-2-Clause
script work
  compute $cyc
end
start work
