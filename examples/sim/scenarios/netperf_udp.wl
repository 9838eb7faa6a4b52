# SPDX-License-Identifier: BSD-2-Clause
# netperf_udp: netperf UDP_STREAM over loopback: a sender that never blocks
# and a receiver woken by each packet that finds its socket empty.
#
# Seed (Mel Gorman, 4.6 intel_pstate thread): UDP_STREAM "has about 15-20%
# CPU utilisation" and "regressed about 10% relative to 4.4"; no table, no
# bisection (the bisection to ffb810563c0c is the git suite's).
#
# Cost per message, from the uclamp thread's UDP_STREAM series (same mmtests
# netperf-udp, Haswell E5-2670 v3, one sender; without uclamp 64 / 1024 /
# 4096 / 16384-byte messages at 502k / 470k / 412k / 265k messages/s): it
# fits 1.99 us per message plus 0.11 ns per byte, i.e. ~6.2k cycles of fixed
# work and ~0.34 cycles per byte. Its send and receive rates are equal (no
# message lost) and poll_idle is 9.6 % of all cycles: the receiver keeps up
# and idles briefly between packets, so that series is the sender's cost.
# On loopback the sender's sendto() runs the whole path: UDP/IP output, the
# loopback transmit (which hands the packet's memory back to the sender's
# socket at once, so UDP never blocks the sender), and on its way out the
# NET_RX softirq that queues the packet on the receiving socket and wakes the
# receiver ($tx = 6600 cycles for a 1 KB message, on the sender's CPU). The
# receiver's recvfrom() dequeues, copies and frees it ($rx = 2200 cycles:
# the seeds give no split; the sensitivity table covers 1100-4400). A packet
# that finds $queue messages waiting is dropped: the default 212992-byte
# receive buffer over a 1 KB message's ~1.8 KB truesize holds 117.
# Throughput = messages received per second. Bookkeeping per wake-up and
# sleep (util_est, uclamp) is charged by the platform keys.

script sender
  loop 1000M
    compute $tx insens 10% jitter 20%
    post pkt limit $queue
  end
end

script receiver
  loop 1000M
    pend pkt
    compute $rx insens 10% jitter 20%
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
