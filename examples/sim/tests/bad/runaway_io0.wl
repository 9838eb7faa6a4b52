# SPDX-License-Identifier: BSD-2-Clause
# expect: runaway_io0.wl:6: 'io 0ns' inside a loop
script w
  loop 1000M
  loop 1000M
    io 0ns
  end
  end
end
start w
