# SPDX-License-Identifier: BSD-2-Clause
# execl: unixbench "Execl Throughput", 8 copies.
#
# Seed (0-day robot, commit d519329f72 "sched/fair: Update util_est only on
# util_avg updates"): execl score 4626 -> 4167 (-9.9%) between the commit's
# parent and the commit, with ondemand as the governor.
#
# Model: each copy execs itself in a loop. An exec (kernel exec path,
# dynamic loading, program start-up) is ~1.2M cycles (~0.4 ms), 30% of it
# memory stalls; the new image starts with fresh scheduler signals (the
# issue's model) and exec balancing may move it to an idle CPU. The
# benchmark process never sleeps. Throughput = execs per second.

script execl
  loop 1000M
    exec
    compute 1200k insens 30% jitter 20%
    count
  end
end

start execl count 8 daemon

# Background activity every system has (timer-wheel timers, delayed work,
# RCU, housekeeping): each CPU wakes for ~40k cycles (~10-25 us) every
# ~8 ms on a jiffy boundary, from the tick handler. It does not keep the run
# alive and is not counted in cpu_s. The same block is in every workload.
script background
  loop 1000M
    compute 40k
    tsleep 8ms jitter 50%
  end
end
start background cpu each background
