# SPDX-License-Identifier: BSD-2-Clause
# expect: wall-clock budget exhausted
# args: --max-wall 1s
script w
  loop 1000M
    compute 10M
    sleep 1ms
  end
end
start w count 4
