# SPDX-License-Identifier: BSD-2-Clause
# expect: 'start' inside script 'a' (missing 'end')
script a
  compute 1M
start a
