# SPDX-License-Identifier: BSD-2-Clause
# expect: bad jitter
script a
  compute 1M jitter 150%
end
start a
