# SPDX-License-Identifier: BSD-2-Clause
# expect: runaway_tsleep0.wl:6: 'tsleep 0ns' inside a loop
script w
  loop 1000M
  loop 1000M
    tsleep 0ns
  end
  end
end
start w
