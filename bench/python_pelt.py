#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""PELT updates per second through pgov.pelt() on numpy arrays (one core).

A task with a realistic mix: 1 ms ticks while running, wake-ups and sleeps
of 0.1..20 ms, so most updates cross a period boundary (the slower path).
Prints the best of a few runs as "M updates/s" on the last line. Timed in
CPU time of this process (time.process_time), so that other load on a shared
machine does not count; wall time is printed alongside."""
import sys
import time

import numpy as np

import pgov

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
rng = np.random.default_rng(1)
deltas = rng.choice(np.array([100_000, 1_000_000, 1_000_000, 4_000_000, 20_000_000],
                             dtype=np.uint64), size=N)
now = np.cumsum(deltas, dtype=np.uint64)
on_rq = (rng.random(N) < 0.7).astype(np.uint64)
running = (on_rq.astype(np.uint32) & (rng.random(N) < 0.8)).astype(np.uint32)
weight = np.full(N, 1024, np.uint64)

best = wall = float("inf")
for _ in range(7):
    t0, w0 = time.process_time(), time.perf_counter()
    res = pgov.pelt(now, on_rq, on_rq, running, weight, flavour="task", start=0)
    best = min(best, time.process_time() - t0)
    wall = min(wall, time.perf_counter() - w0)
assert len(res) == N and int(res.recomputed.sum()) > N // 2
print("pelt: %d updates (%d recomputed) in %.1f ms CPU, %.1f ms wall (best of 7)"
      % (N, int(res.recomputed.sum()), best * 1e3, wall * 1e3))
print("%.1f M updates/s" % (N / best / 1e6))
