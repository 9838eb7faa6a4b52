# SPDX-License-Identifier: BSD-2-Clause
# expect: jitter: '150%' is out of range
script a
  compute 1M jitter 150%
end
start a
