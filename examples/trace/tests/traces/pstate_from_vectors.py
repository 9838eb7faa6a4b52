#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Turn the load-based intel_pstate golden vectors into trace-cmd report text
with one power:pstate_sample per decision, as the kernel emits it, so that
`pgov-trace govern --policy "p intel_pstate algo=load kver=X"` can be checked
against targets that come from the vectors' own reference harness, not from
libpgov.  Usage: pstate_from_vectors.py VECTORS.tsv VARIANT > OUT.txt
VARIANT is v4.17 or v6.19; rows on the ivb-i7-3770 ratios (16/34/39, full
limits, HZ=250) only, each scenario on CPU (index mod 2), 100 s apart."""
import sys

path, variant = sys.argv[1], sys.argv[2]
rows = [l.rstrip("\n").split("\t") for l in open(path) if not l.startswith("#")]
hdr, rows = rows[0], rows[1:]
col = {n: i for i, n in enumerate(hdr)}
want = dict(pmin="16", pmax="34", pmax_phys="34", pturbo="39", no_turbo="0", turbo_msr_dis="0",
            min_ratio="16", max_ratio="39", amshift="0", tick_nsec="4000000")
print("cpus=2")
scen, prev, out = {}, {}, []
for r in rows:
    g = lambda n: r[col[n]]
    if g("variant") != variant or any(g(k) != v for k, v in want.items()):
        continue
    s = scen.setdefault(g("scenario"), len(scen))
    key = g("scenario")
    frm = prev.get(key, g("pmin"))
    prev[key] = g("pstate")
    if g("path") not in ("adjust", "io_adjust"):
        continue
    ts = 2 * 10**9 + s * 100 * 10**9 + int(g("time_ns")) - 10**9
    cap = int(g("core_avg_perf"))
    if cap < 0 or int(g("busy_scaled")) < 0:  # garbage-in rows: the tracepoint fields are unsigned
        continue
    da, dm, dt = int(g("d_aperf")), int(g("d_mperf")), int(g("d_tsc"))
    line = ("%16s-%-5d [%03d] %d.%09d: pstate_sample:        core_busy=%d scaled=%d from=%s to=%s "
            "mperf=%d aperf=%d tsc=%d freq=%d io_boost=%d" %
            ("<idle>", 0, s % 2, ts // 10**9, ts % 10**9, (100 * cap) >> 14,
             int(g("busy_scaled")) >> 8, frm, g("pstate"), dm, da, dt, (cap * 3400000) >> 14,
             (int(g("boost_after")) * 100) >> 8))
    out.append((ts, line))
for _, line in sorted(out):
    print(line)
