# SPDX-License-Identifier: BSD-2-Clause
# t=0: quitter forks orphan (sleeps 10 ms) and exits at once.
# t=1 ms: waiter forks reuser, which takes quitter's free slot; reuser forks
# slow (sleeps 20 ms), waits for it, then computes 39M cycles (10 ms at the
# 3.9 GHz bin: all CPUs idle but one). Correct end: 1 + 20 + 10 = 31 ms plus
# the short computes; if the orphan's exit at 10 ms woke reuser, the run
# would end at about 21 ms.
script orphan
  sleep 10ms
end
script quitter
  fork orphan
  exit
end
script slow
  sleep 20ms
end
script reuser
  fork slow
  wait
  compute 39M
end
script waiter
  sleep 1ms
  fork reuser
  wait
end
start quitter
start waiter
