# SPDX-License-Identifier: BSD-2-Clause
# expect: with a unit ns/us/ms/s
script a
  sleep 5
end
start a
