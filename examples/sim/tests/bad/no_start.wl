# SPDX-License-Identifier: BSD-2-Clause
# expect: no 'start' line
script a
  compute 1M
end
