# SPDX-License-Identifier: BSD-2-Clause
# expect: unterminated quoted string
script "a
  compute 1M
end
start a
