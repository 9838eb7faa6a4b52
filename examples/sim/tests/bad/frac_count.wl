# SPDX-License-Identifier: BSD-2-Clause
# expect: loop: '2.5' is not a decimal number
script a
  loop 2.5
    compute 1M
  end
end
start a
