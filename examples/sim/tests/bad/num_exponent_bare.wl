# SPDX-License-Identifier: BSD-2-Clause
# expect: sleep: '2e0' is not a decimal number
script a
  sleep 2e0
end
start a
