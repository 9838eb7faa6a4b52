#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write tests/vectors/sugov_kver.tsv: schedutil per release, 5.2 .. 6.19,
with the default rate limit each release derives from the driver's
transition delay and latency.

Written from prose only, not from lib/: the default delay from the forms in
docs/exactness.md ("cpufreq transition delay": 4.14 .. 6.8, 6.9 .. 6.11,
6.12+), the decision from spec/pstate.md 9.1 and the two composition forms
of docs/schedutil.md ("Profiles": 5.2 .. 5.13 the 25 % margin on the
reference frequency, a held frequency resetting the raw cache to 0 before
5.10; 5.14 .. 6.7 headroom on util, uncapped, with the reference cur; 6.8+
headroom capped at max_cap and the reference cur + cur/4 without
invariance). Run:
python3 scripts/vectors/sugov_kver.py > tests/vectors/sugov_kver.tsv
"""
from splitmix import Rng
from sugov_model import Boost, Policy


def kv(major, minor):
    return major * 256 + minor


def delay_us(k, delay, lat_ns):
    """cpufreq_policy_transition_delay_us as docs/exactness.md states it."""
    if delay:
        return delay
    lat = lat_ns // 1000
    if not lat:
        return 1000
    if k >= kv(6, 12):
        return lat + lat // 2
    if k >= kv(6, 9):
        return lat if lat > 2000 else min(lat * 1000, 2000)
    return min(lat * 1000, 10000)


class Sugov(Boost, Policy):
    def __init__(self, p):
        self.p = p
        self.boost_init()
        self.policy_init()
        self.cur = p["fmax"]  # policy->cur at start: the seed the rows give

    def step(self, t, iowait, util, held):
        p = self.p
        new = p["kver"] >= kv(6, 8)
        old = p["kver"] < kv(5, 14)
        out = {"cur": self.cur}
        out["boost_req"] = self.request(t, iowait)
        if self.limited(t, p["rate_us"] * 1000, out):
            return out
        b = self.apply()
        out["boost_util"] = b
        u = max(min(util, p["cap"]), b)
        perf = u if old else u + (u >> 2)
        if new:
            perf = min(perf, p["cap"])
        out["util_eff"] = perf
        if p["noninv"]:
            ref = self.cur + (self.cur >> 2) if new else self.cur
        else:
            ref = p["fmax"]
        if old:
            ref = ref + (ref >> 2)
        raw = ref * perf // p["cap"]
        out["raw_freq"] = raw
        nf = self.select(raw, held, reset_cache=p["kver"] < kv(5, 10))
        out["next_f"] = nf
        out["path"] = self.commit(t, nf)
        if out["path"] == "commit":
            self.cur = nf  # fast switch: policy->cur follows
        return out


COLS = ["scenario", "step", "kver", "transition_latency_ns", "transition_delay_us", "noninvariant",
        "time_ns", "flags", "util", "held", "cur_khz", "max_cap", "max_freq", "pol_min", "pol_max",
        "tick_nsec", "rate_limit_us", "path", "boost_req", "boost_util", "util_eff", "raw_freq", "next_f",
        "next_freq", "cached_raw_freq", "last_freq_update_time"]
MS = 1000000


def main():
    print("# sugov_kver.tsv -- project-made vectors (not in ../shared/vectors): schedutil per release with the")
    print("#  default rate limit (rate_limit_us = the policy's transition delay: the driver's delay, else from")
    print("#  cpuinfo.transition_latency by the release's form) and the two composition forms (5.14 .. 6.7; 6.8+).")
    print("# Generator: scripts/vectors/sugov_kver.py (from prose: docs/exactness.md, spec/pstate.md 9.1,")
    print("#  docs/schedutil.md), splitmix64. Single-CPU policy, fast switch, no table, no limits changes;")
    print("#  held = the idle-calls counter did not move (the hold rule). util_eff is util after the boost and,")
    print("#  from 5.14, the headroom (before 5.14 the 25 % is on the reference frequency).")
    print("# State resets (sugov_start) at step 0 of every scenario; cur_khz is policy->cur before the call")
    print("#  (the maximum at start, then each committed frequency). flags: 1 = IOWAIT. rate_limit_us is an")
    print("#  output: what the release derives from the two driver columns. '-' = rate limited.")
    print("\t".join(COLS))
    kvers = [kv(5, 2), kv(5, 4), kv(5, 9), kv(5, 10), kv(5, 13), kv(5, 14), kv(6, 1), kv(6, 7), kv(6, 8), kv(6, 9), kv(6, 11), kv(6, 12), kv(6, 17),
             kv(6, 18), kv(6, 19), kv(7, 0), kv(7, 3)]
    drivers = [("nolat", 0, 0), ("acpi10us", 10000, 0), ("lat1us", 1500, 0), ("lat2ms", 2000000, 0),
               ("lat3ms", 3000000, 0), ("delay500", 20000, 500)]
    n = 0
    for ki, k in enumerate(kvers):
        for di, (dname, lat, dly) in enumerate(drivers):
            for noninv in (0, 1):
                r = Rng(0x5EED2024C0FFEE ^ (ki << 16) ^ (di << 8) ^ noninv)
                p = {"kver": k, "cap": 1024 if di % 2 == 0 else 768, "fmax": 3600000,
                     "pmin": 800000, "pmax": 3600000, "tick": 4 * MS, "noninv": noninv,
                     "rate_us": delay_us(k, dly, lat)}
                name = "k%d.%d_%s_%s" % (k >> 8, k & 255, dname, "ni" if noninv else "inv")
                g = Sugov(p)
                t = 3 * MS
                for i in range(30):
                    t += 200000 + r.below(3 * MS)
                    io = r.below(10) < 3
                    util = r.below(1100)
                    held = 1 if r.below(3) == 0 else 0
                    cur = g.cur
                    o = g.step(t, io, util, held)
                    row = [name, i, "v%d.%d" % (k >> 8, k & 255), lat, dly, noninv, t,
                           1 if io else 0, util, held, cur, p["cap"], p["fmax"], p["pmin"], p["pmax"],
                           p["tick"], p["rate_us"], o["path"], o["boost_req"], o["boost_util"],
                           o["util_eff"], o["raw_freq"], o["next_f"], g.next_freq, g.cached, g.lfu]
                    print("\t".join(str(x) for x in row))
                    n += 1


main()
