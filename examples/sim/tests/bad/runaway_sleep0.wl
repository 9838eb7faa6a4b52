# SPDX-License-Identifier: BSD-2-Clause
# expect: runaway_sleep0.wl:6: 'sleep 0ns' inside a loop
script w
  loop 1000M
  loop 1000M
    sleep 0ns
  end
  end
end
start w
