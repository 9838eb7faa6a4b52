# SPDX-License-Identifier: BSD-2-Clause
# expect: deadlock
script a
  compute 1M
  pend never
end
start a
