# SPDX-License-Identifier: BSD-2-Clause
# expect: compute: '0x1p4k' is not a decimal number
script a
  compute 0x1p4k
end
start a
