# SPDX-License-Identifier: BSD-2-Clause
# expect: unknown operation 'spin'
script a
  spin 3
end
start a
