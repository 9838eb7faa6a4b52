# SPDX-License-Identifier: BSD-2-Clause
# expect: compute: '1.5e2k' is not a decimal number
script a
  compute 1.5e2k
end
start a
