# SPDX-License-Identifier: BSD-2-Clause
# expect: is not closed with 'end'
script a
  compute 1M
