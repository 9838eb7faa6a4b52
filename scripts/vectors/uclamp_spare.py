#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write tests/vectors/uclamp_spare.tsv: v5.7/v5.9 rq bucket aggregation with
bucket counts whose top values index bucket nbuckets (one past the kernel's
array, pre-5.13), and the kernel's top-down rescan, which starts at
nbuckets-1 and so never sees that slot.

Written from prose only (the op rules in the uclamp.tsv header and
docs/uclamp.md), not from lib/: it is the independent side of the vector.
Run: python3 scripts/vectors/uclamp_spare.py > tests/vectors/uclamp_spare.tsv
"""
from splitmix import Rng


class Task:
    def __init__(self):
        self.bkt = [0, 0]
        self.val = [0, 1024]
        self.active = [False, False]


class Rq:
    def __init__(self, variant, nb):
        self.v59 = variant == "v5.9"
        self.nb = nb
        self.delta = (1024 + nb // 2) // nb
        self.value = [0, 1024 if self.v59 else 0]
        self.idle = False
        self.tasks = [[0] * (nb + 1) for _ in range(2)]
        self.bval = [[0] * (nb + 1) for _ in range(2)]
        self.warns = 0

    def bid(self, v):
        return v // self.delta  # unsaturated before v5.13: may be nb

    def inc(self, t, e):
        for c in (0, 1):
            v = e[c]
            b = self.bid(v)
            t.bkt[c], t.val[c], t.active[c] = b, v, True
            r = v if self.idle else self.value[c]
            self.tasks[c][b] += 1
            if self.tasks[c][b] == 1 or v > self.bval[c][b]:
                self.bval[c][b] = v
            self.value[c] = max(r, v)
        self.idle = False

    def dec(self, t):
        for c in (0, 1):
            if self.v59 and not t.active[c]:
                continue
            t.active[c] = False
            b = t.bkt[c]
            if self.tasks[c][b] > 1:
                self.tasks[c][b] -= 1
                continue
            if self.tasks[c][b] == 0:
                self.warns += 1  # underflow
            self.tasks[c][b] = 0
            r = self.value[c]
            if self.bval[c][b] < r:
                continue
            if self.bval[c][b] > r:
                self.warns += 1  # bucket value above the rq value
            # The kernel's rescan: indices nb-1 .. 0 only.
            top = [i for i in range(self.nb - 1, -1, -1) if self.tasks[c][i]]
            if top:
                self.value[c] = self.bval[c][top[0]]
            elif c == 1:
                self.idle = True
                self.value[c] = t.val[c]
            else:
                self.value[c] = 0

    def buckets(self, c):
        s = ["%d:%d:%d" % (i, self.tasks[c][i], self.bval[c][i])
             for i in range(self.nb + 1) if self.tasks[c][i]]
        return ",".join(s) if s else "-"

    def probes(self):
        lo, hi = self.value
        out = []
        for n in (0, 200, 512, 800, 1024):
            out.append(lo if lo >= hi else min(max(n, lo), hi))
        plo, phi = (256, 640) if self.idle else (max(256, lo), max(640, hi))
        for n in (512, 900):
            out.append(plo if plo >= phi else min(max(n, plo), phi))
        for n in (0, 200, 512, 800, 1024):
            a = min(n, 1024)
            out.append(max(lo, min(a + a // 4, min(1024, hi))))
        return out


COLS = ("variant nbuckets scenario step op task eff_min eff_max rq_min rq_max idle warns "
        "bkt_min bkt_max lg_u0 lg_u200 lg_u512 lg_u800 lg_u1024 lgP_u512 lgP_u900 "
        "pf_u0 pf_u200 pf_u512 pf_u800 pf_u1024").split()


def run(variant, nb, name, ops, rows):
    rq = Rq(variant, nb)
    tasks = [Task() for _ in range(8)]
    for step, (op, ti, e) in enumerate(ops):
        w0 = rq.warns
        if op == "inc":
            rq.inc(tasks[ti], e)
        else:
            rq.dec(tasks[ti])
        em = ("-", "-") if e is None else e
        rows.append([variant, nb, name, step, op, ti, em[0], em[1], rq.value[0], rq.value[1],
                     int(rq.idle), rq.warns - w0, rq.buckets(0), rq.buckets(1)] + rq.probes())


# A task whose MIN sits in the spare slot while a bad dec (v5.7 has no
# 'active' check) empties MAX and sets the idle flag; the next enqueue resets
# rq_min below the spare value, and its dequeue rescans MIN: the kernel finds
# no bucket (0), a scan that saw the spare slot would return 1024.
SPARE_MIN = [("inc", 0, (1024, 1024)), ("inc", 1, (0, 1024)), ("dec", 1, None),
             ("dec", 1, None), ("inc", 2, (500, 600)), ("dec", 2, None), ("dec", 0, None),
             ("inc", 3, (1024, 1024)), ("inc", 4, (200, 1023)), ("dec", 4, None),
             ("dec", 3, None)]


def random_ops(rng, nb, n):
    ops, counted = [], []
    hi = [1024, 1023, 1022, 1021, 1020, 1000, 969, 900, 600, 500, 200, 0]
    for _ in range(n):
        ti = rng.below(6)
        if counted and rng.below(5) < 2:
            ops.append(("dec", counted[rng.below(len(counted))], None))
        else:
            e = (hi[rng.below(len(hi))], hi[rng.below(len(hi))])
            ops.append(("inc", ti, e))
            if ti not in counted:
                counted.append(ti)
    return ops


def main():
    rows = []
    for variant in ("v5.7", "v5.9"):
        for nb in (20, 7):
            run(variant, nb, "P1_spare_min_rescan", SPARE_MIN, rows)
            rng = Rng(0x5ba7e000 + nb + (9 if variant == "v5.9" else 7))
            run(variant, nb, "P2_random_top", random_ops(rng, nb, 120), rows)
    print("# uclamp_spare.tsv -- project-made vectors (not in ../shared/vectors): rq bucket aggregation under")
    print("#  v5.7/v5.9 rules (as uclamp.tsv) with nbuckets 20 and 7, where clamp values >= nbuckets * delta")
    print("#  (1020 and 1022) index bucket nbuckets, one past the kernel's array. The library keeps that")
    print("#  index in a spare slot (listed in bkt_min/bkt_max as id nbuckets); the rescan after a bucket")
    print("#  empties visits only buckets nbuckets-1 .. 0, as the kernel's loop does. What the kernel's")
    print("#  out-of-bounds write does to the neighbouring fields is not modelled (undefined behaviour).")
    print("# Generator: scripts/vectors/uclamp_spare.py (from prose: uclamp.tsv header, docs/uclamp.md),")
    print("#  splitmix64. Columns and probes exactly as uclamp.tsv; tasks start inactive; P1 is fixed,")
    print("#  P2 is 120 seeded inc/dec ops biased to top values, bad decs of released tasks included.")
    print("\t".join(COLS))
    for r in rows:
        print("\t".join(str(x) for x in r))


if __name__ == "__main__":
    main()
