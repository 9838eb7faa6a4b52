# SPDX-License-Identifier: BSD-2-Clause
# expect: loops without using time
script a
  loop 1000M
    count
  end
end
start a
