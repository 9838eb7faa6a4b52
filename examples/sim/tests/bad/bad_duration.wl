# SPDX-License-Identifier: BSD-2-Clause
# expect: '5' is not a decimal number with unit ns|us|ms|s
script a
  sleep 5
end
start a
