# SPDX-License-Identifier: BSD-2-Clause
# expect: compute: '0x96' is not a decimal number
script a
  compute 0x96
end
start a
