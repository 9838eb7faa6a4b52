# SPDX-License-Identifier: BSD-2-Clause
# gitsuite: the git test suite as a shell-and-git workload.
#
# Seed (Mel Gorman, intel_pstate regression report, i7-3770): one run of the
# git test suite, about 10% CPU busy over the run, short bursts of work
# between sleeps and small I/O; 1830 s elapsed on 4.5.
#
# Model: test scripts run one after another (the harness is serial). Each
# script is a shell that runs git commands one at a time: the shell does a
# little work, forks git and waits for it; git computes, does a small
# synchronous I/O, computes again and exits; the shell then pauses (pipes,
# sleeps in the tests, waiting for the disk). The chain is serial, so at any
# time about one CPU of four works, and fork placement moves it between
# CPUs. Per command: ~20M cycles of work (~5 ms at 3.9 GHz) and ~6 ms of
# waiting, about 11% of four CPUs busy when the CPU runs at turbo.
# 20% of the cycles are memory stalls that do not scale with frequency.

script git
  compute 12M insens 20% jitter 50%
  io 300us jitter 80%
  compute 4M insens 20% jitter 50%
end

script testscript
  loop 300
    compute 3M insens 20% jitter 50%
    fork git
    wait
    sleep 1ms jitter 80%
  end
end

script harness
  loop 1000
    compute 1M
    fork testscript
    wait
  end
end

start harness

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
