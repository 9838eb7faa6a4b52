# SPDX-License-Identifier: BSD-2-Clause
# expect: runaway_forkwait.wl:4: runaway
script child
  exit
end
script w
  loop 1000M
  loop 1000M
    fork child
    wait
  end
  end
end
start w
