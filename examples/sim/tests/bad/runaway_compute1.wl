# SPDX-License-Identifier: BSD-2-Clause
# expect: runaway_compute1.wl:6: runaway
script w
  loop 1000M
  loop 1000M
    compute 1
  end
  end
end
start w
