# SPDX-License-Identifier: BSD-2-Clause
# grep: `grep -r` over a kernel source tree after dropping the page cache.
#
# Seed (intel_pstate IO RFC, July 2017, Haswell-EP servers): grep is a
# single process that alternates a short scan of one file with a blocking
# read of the next one from disk. Every read completes with an iowait
# wake-up (SCHED_CPUFREQ_IOWAIT).
#
# Model: 8000 files (an eighth of a kernel tree, to keep runs short). Per
# file: a synchronous read from a rotating disk, 0.5-9.5 ms ($read: 5 ms on
# average: a typical seek plus half a rotation), and a scan of ~150k cycles
# (open/read/close syscalls and the pattern search, ~60 us at 2.6 GHz),
# $insens (30%) of it memory stalls that do not scale with frequency.
#
# grep submits the read and sleeps in io_schedule (`pend done io`: iowait
# on its CPU, IOWAIT on its wake-up); the disk's completion interrupt is
# routed to CPU $irqcpu, whose hardirq and block softirq (request and bio
# completion, unlocking the page cache pages) take $irq cycles (40k, ~15 us)
# and wake grep from there. The interrupt is `irq` work: no scheduler hook,
# and its CPU stays idle to wake_affine, which (4.13, 4.14) moves grep there;
# only a wake-up on that CPU delivers IOWAIT to grep's governor.

script grep
  loop $files
    post req
    pend done io
    compute 150k insens $insens jitter 80%
  end
end

start grep

# The disk: the device time is not a task's (a device interrupt wakes the
# CPU without a tick, as `sleep` does); then the completion work on the
# interrupt's CPU. irq: not grep's user+system time, no scheduler event.
script disk
  loop 1000M
    pend req
    sleep $read jitter 90%
    compute $irq
    post done
  end
end
start disk cpu $irqcpu irq

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
