# SPDX-License-Identifier: BSD-2-Clause
# execl: unixbench "Execl Throughput", $copies copies (8, one per CPU).
#
# Seed (0-day robot, i7-870 4 cores / 8 threads, ondemand): execl score
# 4626 -> 4167 (-9.9%) from a07630b8b2 (util_est present, feature off) to
# d519329f72 (the series' last commit, which switched util_est on);
# voluntary context switches 8.6M -> 3.5M, involuntary +70%, idle
# 11.9 -> 19.6%, cpu-migrations +628%, Avg_MHz -15%.
#
# Model: each copy execs itself in a loop. An exec (kernel exec path,
# dynamic loading, program start-up) is ~1.2M cycles (~0.45 ms), 30% of it
# memory stalls, and blocks once for ~60 us (the robot counts about one
# voluntary context switch per exec on the parent commit, and 12% idle with
# 8 copies on 8 threads). The task keeps its PELT and util_est signals
# across exec, as Linux does; sched_exec may move it first (place.c).
# Throughput = execs per second.

script execl
  loop 1000M
    exec
    compute 600k insens 30% jitter 20%
    sleep 60us jitter 50%
    compute 600k insens 30% jitter 20%
    count
  end
end

start execl count $copies daemon

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
