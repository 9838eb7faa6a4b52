# SPDX-License-Identifier: BSD-2-Clause
# expect: fork of undefined script 'ghost'
script a
  fork ghost
  wait
end
start a
