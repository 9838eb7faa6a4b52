# SPDX-License-Identifier: BSD-2-Clause
# netperf_tcp: netperf TCP_STREAM over loopback, netperf_udp.wl's pair with
# TCP's flow control instead of UDP's drops (issue 31, uclamp_tcp.scn).
#
# The per-message costs are netperf_udp's ($tx on the sender, whose sendmsg
# runs the loopback receive path and wakes the receiver; $rx on the
# receiver). What TCP adds is ACK clocking: at most $wnd messages are sent
# and not yet read (the receive window; 64 x 1 KB is 5.7's initial 64 KB of
# a 128 KB tcp_rmem at tcp_adv_win_scale 1; 64 messages at every size,
# where smaller ones would fit more), and a sender that finds the
# window full sleeps until the receiver's read sends the window update that
# wakes it. So the receiver wakes the sender, and that enqueue (uclamp's inc)
# runs on the receiver's CPU. Not modelled: Nagle and autocorking, which
# coalesce small sends into larger segments, delayed ACKs, window growth.

script sender
  loop $wnd
    post wnd
  end
  loop 1000M
    pend wnd
    compute $tx insens 10% jitter 20%
    post pkt
  end
end

script receiver
  loop 1000M
    pend pkt
    compute $rx insens 10% jitter 20%
    post wnd
    count
  end
end

start sender daemon
start receiver daemon

# Background activity every system has (timer-wheel timers, delayed work,
# RCU, housekeeping): each CPU wakes for ~40k cycles (~10-25 us) every
# $bg (8 ms; the scenario's var) on a jiffy boundary from the tick handler
# ($bgsleep tsleep; `sleep` makes it hrtimer-style). It does not keep the run
# alive and is not counted in cpu_s. The same block is in every workload.
script background
  loop 1000M
    compute 40k
    $bgsleep $bg jitter 50%
  end
end
start background cpu each background
