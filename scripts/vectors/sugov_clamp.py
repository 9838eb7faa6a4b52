#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write tests/vectors/sugov_clamp.tsv: schedutil with uclamp, a deadline
floor and the uclamp-capped hold exception, v6.8+ composition.

Written from prose only (spec/pstate.md 9.1 for the boost, rate limit,
cache and hold steps; the composition rule of the v6.8 rework as documented
in docs/schedutil.md), not from lib/: it is the independent side of the
vector. Run: python3 scripts/vectors/sugov_clamp.py > tests/vectors/sugov_clamp.tsv
"""
from splitmix import Rng
from sugov_model import Boost, Policy


class Sugov(Boost, Policy):
    def __init__(self, p):
        self.p = p
        self.boost_init()
        self.policy_init()

    def step(self, t, iowait, util, umin, umax, bw, held, capped):
        p = self.p
        out = {}
        out["boost_req"] = self.request(t, iowait)  # every call
        if self.limited(t, p["rate"], out):
            return out
        b = self.apply()
        out["boost_util"] = b
        # v6.8+: boost, headroom, then the clamps
        u = max(min(util, p["cap"]), b)
        perf = u + (u >> 2)
        perf = min(perf, min(umax, p["cap"]))
        perf = max(perf, max(umin, bw))
        out["util_eff"] = perf
        raw = p["fmax"] * perf // p["cap"]
        out["raw_freq"] = raw
        nf = self.select(raw, held and not capped)
        out["next_f"] = nf
        out["path"] = self.commit(t, nf)
        return out


COLS = ["scenario", "step", "time_ns", "flags", "util", "uclamp_min", "uclamp_max", "bw_min",
        "held", "capped", "max_cap", "max_freq", "pol_min", "pol_max", "rate_limit_ns",
        "tick_nsec", "path", "boost_req", "boost_util", "util_eff", "raw_freq", "next_f",
        "next_freq", "last_freq_update_time"]
MS = 1000000


def emit(name, p, events):
    g = Sugov(p)
    for i, (t, io, util, umin, umax, bw, held, capped) in enumerate(events):
        o = g.step(t, io, util, umin, umax, bw, held, capped)
        row = [name, i, t, 1 if io else 0, util, umin, umax, bw, held, capped, p["cap"],
               p["fmax"], p["pmin"], p["pmax"], p["rate"], p["tick"], o["path"], o["boost_req"],
               o["boost_util"], o["util_eff"], o["raw_freq"], o["next_f"], g.next_freq, g.lfu]
        print("\t".join(str(x) for x in row))


def main():
    print("# sugov_clamp.tsv -- project-made vectors (not in ../shared/vectors): schedutil composition with")
    print("#  uclamp min/max, a deadline/irq floor and the uclamp-capped exception of the hold rule, v6.8+ order:")
    print("#  perf = max(max(bw_min, uclamp_min), min(headroom(max(min(util, max_cap), boost)), min(uclamp_max, max_cap))).")
    print("# Generator: scripts/vectors/sugov_clamp.py (from prose: spec/pstate.md 9.1 + docs/schedutil.md), splitmix64.")
    print("# Model as sugov_iowait.tsv: single-CPU policy, fast switch, frequency-invariant, no freq table, no limits")
    print("#  changes. State resets (all zero = sugov_start) at step 0 of every scenario. flags: 1 = IOWAIT.")
    print("# Inputs: util (effective_cpu_util, unclamped), uclamp_min/uclamp_max (rq clamp values), bw_min (irq +")
    print("#  cpu_bw_dl), held (idle-calls counter unchanged), capped (uclamp_rq_is_capped). Outputs as sugov_iowait.tsv;")
    print("#  boost_req = boost after the request step; '-' = not evaluated (rate limited).")
    print("\t".join(COLS))
    base = {"cap": 1024, "fmax": 4000000, "pmin": 400000, "pmax": 4000000, "rate": MS, "tick": 4 * MS}
    # The three examples, each from sugov_start.
    emit("max512", base, [(10 * MS, 0, 800, 0, 512, 0, 0, 1)])
    emit("min512", base, [(10 * MS, 0, 100, 512, 1024, 0, 0, 0)])
    emit("boost_max300", base, [(10 * MS + i * MS, 1, 300, 0, 300, 0, 0, 1) for i in range(5)])
    # Seeded random scenarios.
    shapes = [("rand_big", dict(base)),
              ("rand_small", dict(base, cap=512, fmax=2800000, pmin=600000, pmax=2800000)),
              ("rand_limits", dict(base, pmin=1200000, pmax=3000000)),
              ("rand_fast", dict(base, rate=500000, tick=1000000))]
    for k, (name, p) in enumerate(shapes):
        r = Rng(0x5EED2017C0FFEE ^ (0x1100 | k))
        t = 5 * MS
        ev = []
        for _ in range(120):
            t += 100000 + r.below(6 * MS)
            io = r.below(10) < 3
            util = r.below(1100)
            umin = 0 if r.below(2) else r.below(1025)
            umax = 1024 if r.below(3) == 0 else r.below(1025)
            bw = 0 if r.below(3) else r.below(900)
            held = r.below(2)
            capped = 1 if umax != 1024 and util >= umax else 0
            ev.append((t, io, util, umin, umax, bw, held, capped))
        emit(name, p, ev)


main()
