# SPDX-License-Identifier: BSD-2-Clause
# netperf_udp: netperf UDP_STREAM over loopback, a wake-up-heavy sender and
# receiver pair at low CPU utilisation.
#
# Seed (4.5 -> 4.6 bisection to ffb810563c0c): UDP_STREAM throughput about
# 10% lower on 4.6, at 15-20% CPU utilisation.
#
# What keeps the CPUs busy is the network stack's cost per message, not the
# copy: the uclamp thread's UDP_STREAM series (Haswell, one sender, 64 to
# 16384-byte messages: 502k, 470k, 412k, 265k messages/s without uclamp)
# fits 1.99 us per message plus 0.11 ns per byte, i.e. ~6.2k cycles of fixed
# stack work (syscalls, UDP/IP output, loopback xmit, NET_RX softirq,
# socket queueing, the receiver's wake-up) and ~0.34 cycles per byte copied.
# For a 1 KB message that is ~6.6k cycles, split here as loopback does it:
# the sender's sendto() runs the whole transmit path and, on its way out,
# the NET_RX softirq that delivers the packet to the receiving socket and
# wakes the receiver ($tx = 4400 cycles, on the sender's CPU); the receiver's
# recvfrom() dequeues, copies and frees the skb ($rx = 2200 cycles). Bookkeeping
# per wake-up and sleep (util_est, uclamp) is charged by the platform keys.
#
# The sender sends until the socket buffer is full: $burst = 117 messages,
# the default 212992-byte socket buffer over a 1 KB message's ~1.8 KB truesize;
# it then blocks until the receiver has drained it, and waits $pace for its
# next send slot (netperf's interval pacing; the seed does not give it).
# Throughput = messages received per second.

script sender
  loop 1000M
    loop $burst
      compute $tx insens 10% jitter 20%
      post pkt
    end
    pend drained
    sleep $pace jitter 30%
  end
end

script receiver
  loop 1000M
    loop $burst
      pend pkt
      compute $rx insens 10% jitter 20%
      count
    end
    post drained
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
