# SPDX-License-Identifier: BSD-2-Clause
# expect: run exceeded its budget of 1000 events
# args: --max-events 1k
script w
  loop 1000
    compute 1M
    sleep 1ms
  end
end
start w
