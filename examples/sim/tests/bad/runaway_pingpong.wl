# SPDX-License-Identifier: BSD-2-Clause
# expect: runaway_pingpong.wl:14: runaway
script ping
  loop 1000M
  loop 1000M
    post a
    pend b
  end
  end
end
script pong
  loop 1000M
  loop 1000M
    pend a
    post b
  end
  end
end
start ping
start pong
