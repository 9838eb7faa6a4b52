#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write tests/vectors/pelt_group.tsv: PELT through the task-group hierarchy
(profiles 6.1, 6.12, 7.3) on two CPUs, event by event, with every runqueue,
group entity and task shown after each event.

Written from prose only, not from lib/: the rules from
docs/spec/pelt-groups.md sections 2-4 (pelt_group_model.py), the walks from
its section 5 as the file header states them. Scenario `example` is the
worked example of section 6, whose tables this script checks before writing.
Run: python3 scripts/vectors/pelt_group.py > tests/vectors/pelt_group.tsv
"""
import sys

from splitmix import Rng
from pelt_group_model import (DO_ATTACH, DO_DETACH, UPDATE_TG, Cfs, Rules, Se, Tg, decayed_cfs, kv,
                              propagate, remove, update_cfs, update_cfs_group, update_load_avg,
                              update_tg, attach, detach, sld)

NCPU = 2
NICE0 = 1048576


class Task:
    def __init__(self, i, group, cpu):
        self.se = Se("T%d" % i, NICE0, None)
        self.group, self.cpu, self.state = group, cpu, "new"


class System:
    """The caller's side: topology, counts and the kernel's walks (spec 5)."""

    def __init__(self, k):
        self.r = Rules(k)
        self.parent = {0: None}
        self.order = [0]                       # groups, children before parents
        self.q = {(0, c): Cfs("R%d" % c, 0) for c in range(NCPU)}
        self.gse = {}
        self.tg = {}
        self.tasks = {}
        self.curr = [None] * NCPU

    # -- structure
    def path(self, t):
        """(se, P) from the task up to the root on its CPU."""
        c, g, out = t.cpu, t.group, [(t.se, self.q[(t.group, t.cpu)])]
        while g:
            out.append((self.gse[(g, c)], self.q[(self.parent[g], c)]))
            g = self.parent[g]
        return out

    def ancestors(self, g, c):
        out = []
        while g:
            out.append((self.gse[(g, c)], self.q[(self.parent[g], c)]))
            g = self.parent[g]
        return out

    def tg_due(self, p, due, now):
        if due and p.group:
            update_tg(self.r, self.tg[p.group], p, now)

    def ula(self, p, se, now, flags):
        self.tg_due(p, update_load_avg(self.r, p, se, now, flags), now)

    def list_up(self, g, c):
        while g is not None:
            self.q[(g, c)].listed = True
            g = self.parent[g]

    def propagate_cfs(self, g, c, now):
        """propagate_entity_cfs_rq: list, then every ancestor entity."""
        self.list_up(g, c)
        for se, p in self.ancestors(g, c):
            self.ula(p, se, now, UPDATE_TG)

    def attach_cfs(self, se, g, c, now):
        """attach_entity_cfs_rq (5.6 step 4, 5.8)."""
        p = self.q[(g, c)]
        self.ula(p, se, now, 0)
        attach(self.r, p, se)
        self.tg_due(p, True, now)
        self.propagate_cfs(g, c, now)

    # -- events
    def mkgrp(self, g, parent, now):
        self.parent[g] = parent
        self.tg[g] = Tg(NICE0, NCPU)
        self.order.insert(self.order.index(parent), g)
        for c in range(NCPU):
            self.q[(g, c)] = Cfs("G%d.%d" % (g, c), g)
            self.gse[(g, c)] = Se("S%d.%d" % (g, c), NICE0, self.q[(g, c)])
            self.attach_cfs(self.gse[(g, c)], parent, c, now)

    def enqueue(self, t, now):
        walk1 = True
        for se, p in self.path(t):
            if walk1 and not se.on_rq:
                self.ula(p, se, now, UPDATE_TG | DO_ATTACH)
                if se.my_q is not None:
                    se.runnable_weight = se.my_q.nr_runnable
                update_cfs_group(self.r, p, se, self.tg)
                p.weight += se.weight
                p.nr_queued += 1
                se.on_rq = 1
            else:
                walk1 = False
                self.ula(p, se, now, UPDATE_TG)
                se.runnable_weight = se.my_q.nr_runnable
                update_cfs_group(self.r, p, se, self.tg)
            p.nr_runnable += 1
        self.list_up(t.group, t.cpu)
        t.state = "queued"

    def dequeue(self, t, now, migrating):
        walk1 = True
        for i, (se, p) in enumerate(self.path(t)):
            if walk1:
                self.ula(p, se, now, UPDATE_TG | (DO_DETACH if i == 0 and migrating else 0))
                if se.my_q is not None:
                    se.runnable_weight = se.my_q.nr_runnable
                se.on_rq = 0
                p.weight -= se.weight
                p.nr_queued -= 1
                update_cfs_group(self.r, p, se, self.tg)
                p.nr_runnable -= 1
                walk1 = p.weight == 0
            else:
                self.ula(p, se, now, UPDATE_TG)
                se.runnable_weight = se.my_q.nr_runnable
                update_cfs_group(self.r, p, se, self.tg)
                p.nr_runnable -= 1

    def run(self, t, now):
        """Pick from idle: 6.1 top-down, 6.12+ bottom-up (5.3)."""
        levels = self.path(t)
        if not self.r.changed:
            levels = levels[::-1]
        for se, p in levels:
            if se.on_rq:
                self.ula(p, se, now, UPDATE_TG)
            p.has_curr = 1
            se.running = 1
        self.curr[t.cpu] = t
        t.state = "running"

    def put_prev(self, t, now):
        for se, p in self.path(t):
            if se.on_rq:
                self.ula(p, se, now, 0)
            p.has_curr = 0
            se.running = 0
        self.curr[t.cpu] = None

    def sleep(self, t, now):
        self.dequeue(t, now, False)
        self.put_prev(t, now)
        t.state = "sleeping"

    def tick(self, c, now):
        t = self.curr[c]
        for se, p in self.path(t):
            self.ula(p, se, now, UPDATE_TG)
            update_cfs_group(self.r, p, se, self.tg)

    def new(self, t, cap, now):
        from pelt_group_model import M64
        c = self.q[(t.group, t.cpu)]
        spare = cap - c.avg.util_avg
        capv = (spare // 2) if spare >= 0 else -((-spare) // 2)   # C's truncating /
        if capv > 0:
            w = t.se.weight if not self.r.changed else sld(t.se.weight)
            if c.avg.util_avg:
                u = ((c.avg.util_avg * w) & M64) // (c.avg.load_avg + 1)
                t.se.avg.util_avg = min(u, capv)
            else:
                t.se.avg.util_avg = capv
        t.se.avg.runnable_avg = t.se.avg.util_avg
        self.enqueue(t, now)

    def wake(self, t, cpu, now):
        if cpu != t.cpu:
            old = t.cpu
            remove(self.q[(t.group, old)], t.se)
            if self.curr[old] is None:        # NO_HZ lag estimate taken as now
                t.se.avg.update(now, 0, 0, 0, sld(t.se.weight))
            t.se.avg.lut = 0
            t.cpu = cpu
        self.enqueue(t, now)

    def lbmig(self, t, cpu, now):
        self.dequeue(t, now, True)
        t.se.avg.lut = 0
        t.cpu = cpu
        self.enqueue(t, now)

    def exit(self, t):
        remove(self.q[(t.group, t.cpu)], t.se)
        t.state = "dead"

    def move(self, t, g, now):
        """Group change of a sleeping task (5.6)."""
        c, old = t.cpu, t.group
        if t.se.avg.lut:
            p = self.q[(old, c)]
            self.ula(p, t.se, now, 0)
            detach(self.r, p, t.se)
            self.tg_due(p, True, now)
            self.propagate_cfs(old, c, now)
        t.se.avg.lut = 0
        t.group = g
        self.attach_cfs(t.se, g, c, now)

    def set_shares(self, g, w, now):
        self.tg[g].shares = w
        for c in range(NCPU):
            for se, p in self.ancestors(g, c):
                self.ula(p, se, now, UPDATE_TG)
                update_cfs_group(self.r, p, se, self.tg)

    def blocked(self, c, now):
        prev = None
        for g in self.order:
            q = self.q[(g, c)]
            if not q.listed:
                continue
            if update_cfs(self.r, q, now) and g:
                update_tg(self.r, self.tg[g], q, now)
            if g:
                se, p = self.gse[(g, c)], self.q[(self.parent[g], c)]
                if se.avg.load_avg or se.avg.util_avg or q.propagate:
                    self.ula(p, se, now, UPDATE_TG)
            child_before = prev is not None and self.parent.get(prev) == g
            if decayed_cfs(self.r, q) and not child_before:
                q.listed = False
            else:
                prev = g


OUTS = ["lut", "pc", "util_avg", "util_sum", "runnable_avg", "runnable_sum", "load_avg", "load_sum",
        "weight", "prop", "tg_load"]
COLS = ["kver", "scenario", "step", "event", "cpu", "task", "group", "value", "now_ns", "obj"] + OUTS


class Out:
    def __init__(self):
        self.rows = []

    def event(self, sysm, name, ev, now, cpu="-", task="-", group="-", value="-"):
        self.rows.append([sysm.kname, name, ev, cpu, task, group, value, now, "-"] + ["-"] * len(OUTS))
        for obj, vals in self.objects(sysm):
            self.rows.append([sysm.kname, name, "show", "-", "-", "-", "-", "-", obj] + vals)

    @staticmethod
    def objects(s):
        def avg(a):
            return [a.lut, a.pc, a.util_avg, a.util_sum, a.runnable_avg, a.runnable_sum, a.load_avg,
                    a.load_sum]
        for g in sorted(s.parent):
            for c in range(NCPU):
                q = s.q[(g, c)]
                yield q.name, avg(q.avg) + [q.weight, q.prop, s.tg[g].load_avg if g else "-"]
                if g:
                    se = s.gse[(g, c)]
                    yield se.name, avg(se.avg) + [se.weight, "-", "-"]
        for i in sorted(s.tasks):
            t = s.tasks[i]
            if t.state != "dead":
                yield t.se.name, avg(t.se.avg) + [t.se.weight, "-", "-"]


MS = 1000000


def example(s, out, name):
    """pelt-groups.md section 6: group 1 created at 4 s, task 0 forked at 5 s."""
    t0 = 5 * 10**9
    s.mkgrp(1, 0, 4 * 10**9)
    out.event(s, name, "mkgrp", 4 * 10**9, group=1, value=0)
    t = s.tasks[0] = Task(0, 1, 0)
    s.new(t, 1024, t0)
    out.event(s, name, "new", t0, cpu=0, task=0, group=1, value=1024)
    s.run(t, t0)
    out.event(s, name, "run", t0, task=0)
    s.sleep(t, t0 + 10 * MS)
    out.event(s, name, "sleep", t0 + 10 * MS, task=0)
    s.wake(t, 1, t0 + 20 * MS)
    out.event(s, name, "wake", t0 + 20 * MS, cpu=1, task=0)
    s.blocked(0, t0 + 20 * MS)
    out.event(s, name, "blocked", t0 + 20 * MS, cpu=0)
    return s


def check_example():
    """The tables of pelt-groups.md 6.2-6.4 (6.1 profile)."""
    s = System(kv(6, 1))
    s.kname = "v6.1"
    out = Out()
    example(s, out, "example")
    g0, r0, s0 = s.q[(1, 0)], s.q[(0, 0)], s.gse[(1, 0)]
    g1, r1, s1 = s.q[(1, 1)], s.q[(0, 1)], s.gse[(1, 1)]
    p = s.tasks[0].se
    want = [(p, 494, 23303462, 832, 38328), (g1, 494, 23303462, 832, 39247872),
            (s1, 494, 23303462, 415, 38328), (r1, 494, 23303462, 415, 19623936),
            (g0, 0, 21008, 0, 38282), (s0, 0, 0, 0, 0), (r0, 0, 0, 0, 1267)]
    for o, ua, us, la, ls in want:
        got = (o.avg.util_avg, o.avg.util_sum, o.avg.load_avg, o.avg.load_sum)
        if got != (ua, us, la, ls):
            sys.exit("pelt_group.py: worked example differs at %s: %s, spec %s" % (o.name, got, (ua, us, la, ls)))
    if s1.weight != 524288 or r0.prop != 18854 or g0.avg.runnable_sum != 21008:
        sys.exit("pelt_group.py: worked example differs (weight/prop/runnable)")


def scripted(s, out, name):
    """Nested groups, migrations, a group move, shares, exits, blocked passes."""
    now = 2 * 10**9
    s.mkgrp(1, 0, now)
    out.event(s, name, "mkgrp", now, group=1, value=0)
    s.mkgrp(2, 1, now + 1000)
    out.event(s, name, "mkgrp", now + 1000, group=2, value=1)
    s.mkgrp(3, 0, now + 2000)
    out.event(s, name, "mkgrp", now + 2000, group=3, value=0)
    now += 100 * MS
    for i, (g, c) in enumerate([(2, 0), (2, 1), (3, 0), (0, 1)]):
        s.tasks[i] = Task(i, g, c)
        s.new(s.tasks[i], 1024 if c == 0 else 446, now)
        out.event(s, name, "new", now, cpu=c, task=i, group=g, value=1024 if c == 0 else 446)
        now += 333333
    return now


def random_events(s, out, name, rng, now, n):
    """Seeded events over the tasks of scripted(); each is legal in its state."""
    for _ in range(n):
        now += 50000 + rng.below(6 * MS)
        i = rng.below(len(s.tasks))
        t = s.tasks[i]
        k = rng.below(100)
        if k < 4 and len(s.tasks) < 7:
            # a new task into a group that may already carry util (post_init's ratio)
            i, g, c = len(s.tasks), rng.below(4), rng.below(NCPU)
            cap = [1024, 446][c]
            s.tasks[i] = Task(i, g, c)
            s.new(s.tasks[i], cap, now)
            out.event(s, name, "new", now, cpu=c, task=i, group=g, value=cap)
        elif t.state == "dead":
            c = rng.below(NCPU)
            s.blocked(c, now)
            out.event(s, name, "blocked", now, cpu=c)
        elif t.state == "queued" and s.curr[t.cpu] is None and k < 60:
            s.run(t, now)
            out.event(s, name, "run", now, task=i)
        elif t.state == "queued" and k < 80 and s.curr[t.cpu] is not t:
            c = 1 - t.cpu
            s.lbmig(t, c, now)
            out.event(s, name, "lbmig", now, cpu=c, task=i)
        elif t.state == "running" and k < 45:
            s.tick(t.cpu, now)
            out.event(s, name, "tick", now, cpu=t.cpu)
        elif t.state == "running":
            s.sleep(t, now)
            out.event(s, name, "sleep", now, task=i)
        elif t.state == "sleeping" and k < 62:
            c = rng.below(NCPU)
            s.wake(t, c, now)
            out.event(s, name, "wake", now, cpu=c, task=i)
        elif t.state == "sleeping" and k < 80:
            g = [0, 1, 2, 3][rng.below(4)]
            s.move(t, g, now)
            out.event(s, name, "move", now, task=i, group=g)
        elif t.state == "sleeping" and k < 88:
            s.exit(t)
            out.event(s, name, "exit", now, task=i)
        elif k < 95:
            c = rng.below(NCPU)
            s.blocked(c, now)
            out.event(s, name, "blocked", now, cpu=c)
        else:
            g = 1 + rng.below(3)
            w = [2048, 104857, 1048576, 4194304, 10485760][rng.below(5)]
            s.set_shares(g, w, now)
            out.event(s, name, "shares", now, group=g, value=w)
    # a long idle: both CPUs decay their blocked load over many passes
    for step in range(6):
        now += [1, 30, 300, 900, 1500, 2200][step] * MS
        for c in range(NCPU):
            if s.curr[c] is None:
                s.blocked(c, now)
                out.event(s, name, "blocked", now, cpu=c)
    return now


def main():
    check_example()
    out = Out()
    for ki, k in enumerate([kv(6, 1), kv(6, 12), kv(7, 3)]):
        kname = "v%d.%d" % (k >> 8, k & 255)
        s = System(k)
        s.kname = kname
        example(s, out, "example")
        for sc in range(3):
            s = System(k)
            s.kname = kname
            name = "mixed%d" % sc
            now = scripted(s, out, name)
            random_events(s, out, name, Rng(0x9E0C0FFEE ^ (ki << 8) ^ sc), now, 40)
    print("# pelt_group.tsv -- project-made vectors (not in ../shared/vectors): PELT through the task-group")
    print("#  hierarchy on 2 CPUs, profiles v6.1, v6.12, v7.3. Generator: scripts/vectors/pelt_group.py with")
    print("#  the exact-integer model scripts/vectors/pelt_group_model.py, both from prose only")
    print("#  (docs/spec/sched.md 1.4-1.9, docs/spec/pelt-groups.md 2-5); scenario 'example' is the worked")
    print("#  example of pelt-groups.md 6 (checked against its tables before writing), mixed0..2 seeded (splitmix64).")
    print("# State resets at the first row of every (kver, scenario). Groups: 0 = root; mkgrp group value=parent")
    print("#  creates the group on both CPUs (shares 1048576, cpus 2, 7.3 mode concur) and attaches its entities")
    print("#  (5.8). Tasks are nice 0 (1048576). Events (cpu/task/group/value as used, else '-'; now_ns is the")
    print("#  PELT clock of every runqueue and the tg rate-limit clock):")
    print("#  new task group cpu value=cpu capacity: post_init on the group runqueue, enqueue walk (5.1, 5.4);")
    print("#  run task: pick from idle (6.1 top-down, 6.12+ bottom-up, 5.3); tick cpu: every level of the current")
    print("#  task, update_load_avg(UPDATE_TG) then update_cfs_group; sleep task: dequeue walk then put_prev;")
    print("#  wake task cpu: on another CPU a wake-up migration (remove, lag decay to now if the old CPU has no")
    print("#  current task, 5.5) then the enqueue walk; lbmig task cpu: dequeue with DO_DETACH, enqueue there;")
    print("#  move task group: group change of a sleeping task (5.6); exit task: deferred removal; shares group")
    print("#  value: weight change (5.8); blocked cpu: the blocked pass over the listed runqueues, children")
    print("#  before parents, root last (5.7). No delayed dequeue, no throttling, every CPU active.")
    print("# Walks: the 6.1 two-loop form for every profile (identical to 7.3's one loop without throttling).")
    print("# show rows give one object after the event: R<cpu> root, G<g>.<cpu> group runqueue, S<g>.<cpu> group")
    print("#  entity, T<i> task (while alive): its signal, weight (load.weight, scaled), prop (prop_runnable_sum,")
    print("#  signed; runqueues only) and tg_load (tg->load_avg, signed; group runqueues only).")
    print("\t".join(COLS))
    step = {}
    for row in out.rows:
        key = (row[0], row[1])
        n = step.get(key, 0)
        step[key] = n + 1
        print("\t".join(str(x) for x in row[:2] + [n] + row[2:]))


main()
