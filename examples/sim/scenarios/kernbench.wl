# SPDX-License-Identifier: BSD-2-Clause
# kernbench: a parallel kernel build, make -j$jobs.
#
# Seed (2018 report, pcc-cpufreq on a 120-CPU HPE server pinned to one
# node): kernbench at 2..30 jobs, ondemand over pcc-cpufreq against
# intel_pstate.
#
# Model: 400 compilation units (a scaled-down tree). make hands units to
# $jobs workers through a job-server semaphore; each worker forks the
# compiler per unit and waits for it. A compile is ~1.2G cycles (~0.4 s at
# 2.8 GHz, jitter 60%) with two short source/header reads; 25% of the
# cycles are memory stalls that do not scale with frequency. The kernel
# builds with -pipe (arch/x86/Makefile), so cc1 hands its assembly to `as`
# through a pipe as it goes: $chunks pipe writes per unit, each waking `as`
# for $asm cycles (8% of the compile, the assembler's usual share). `as` is
# a second, lightly loaded task per job on its own CPU while CPUs are free.
# One pipe semaphore serves every job (an `as` may take another job's
# chunk; the counts balance). make itself waits for every unit before it
# exits, which ends the run.

script as
  loop $chunks
    pend pipe
    compute $asm insens 25% jitter 60%
  end
end

script cc
  fork as
  io 200us jitter 80%
  loop $chunks
    compute $cc1 insens 25% jitter 60%
    post pipe
  end
  io 100us jitter 80%
  wait
end

script worker
  loop 1000M
    pend unit
    fork cc
    wait
    post done
  end
end

script make
  compute 20M
  loop 400
    post unit
  end
  loop 400
    pend done
  end
end

start make
start worker count $jobs daemon

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
