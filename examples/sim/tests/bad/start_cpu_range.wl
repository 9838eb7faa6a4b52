# SPDX-License-Identifier: BSD-2-Clause
# expect: 'start ... cpu 7' but scenario wrap has 2 CPUs (0..1)
# Used to wrap to cpu 1 (7 % 2) silently.
script a
  compute 1M
end
start a cpu 7
