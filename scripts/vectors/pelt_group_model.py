# SPDX-License-Identifier: BSD-2-Clause
"""Slow reference model of PELT through the task-group hierarchy, written
from prose only (docs/spec/sched.md 1.4-1.9 for one signal,
docs/spec/pelt-groups.md sections 2-5 for the hierarchy), not from lib/.
Exact integers; every kernel width is applied explicitly with a mask."""

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1
Y = [0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6, 0xe0ccdeeb,
     0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85, 0xc5672a10, 0xc12c4cc9,
     0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581, 0xad583ee9, 0xa9a15ab4, 0xa5fed6a9,
     0xa2704302, 0x9ef5325f, 0x9b8d39b9, 0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a,
     0x8b95c1e3, 0x88980e80, 0x85aac367, 0x82cd8698]
MAXV = 47742
MIN_DIV = 46718


def kv(major, minor):
    return major * 256 + minor


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def s32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


# ---------------------------------------------------------------- one signal (sched 1.4-1.9)

def decay(val, n):
    if n > 2016:
        return 0
    return ((val >> (n // 32)) * Y[n % 32]) >> 32


def segments(periods, d1, d3):
    c1 = decay(d1, periods) & M32
    c2 = (MAXV - (decay(MAXV, periods) & M32) - 1024) & M32
    return (c1 + c2 + d3) & M32


class Avg:
    FIELDS = ["lut", "load_sum", "runnable_sum", "util_sum", "pc", "load_avg", "runnable_avg", "util_avg"]

    def __init__(self):
        for f in self.FIELDS:
            setattr(self, f, 0)

    def div(self):
        return MIN_DIV + self.pc

    def update(self, now, load, runnable, running, weight):
        """update_sums, then update_avgs when it returns 1."""
        delta = (now - self.lut) & M64
        if delta >> 63:
            self.lut = now
            return 0
        delta >>= 10
        if not delta:
            return 0
        self.lut = (self.lut + (delta << 10)) & M64
        if not load:
            runnable = running = 0
        t = delta + self.pc
        periods = t // 1024
        contrib = delta & M32
        if periods:
            self.load_sum = decay(self.load_sum, periods)
            self.runnable_sum = decay(self.runnable_sum, periods)
            self.util_sum = decay(self.util_sum, periods) & M32
            t %= 1024
            if load:
                contrib = segments(periods, 1024 - self.pc, t)
        self.pc = t
        if load:
            self.load_sum = (self.load_sum + load * contrib) & M64
        if runnable:
            self.runnable_sum = (self.runnable_sum + ((runnable * contrib) << 10)) & M64
        if running:
            self.util_sum = (self.util_sum + (contrib << 10)) & M32
        if not (periods & M32):
            return 0
        d = self.div()
        self.load_avg = ((weight * self.load_sum) & M64) // d
        self.runnable_avg = self.runnable_sum // d
        self.util_avg = self.util_sum // d
        return 1


# ---------------------------------------------------------------- pelt-groups section 0 helpers

def sld(w):
    return 0 if w == 0 else max(2, w >> 10)


def sat_sub(x, v, width):
    m = (1 << width) - 1
    v &= m
    r = (x - v) & m
    return 0 if r > x else r


def add_clamp(x, d, width, new):
    m = (1 << width) - 1
    if new:
        d = s64(d) if width == 64 else s32(d)
    r = (x + d) & m
    return 0 if (d < 0 and r > x) else r


def floor_sum(s, a, width, new):
    if new or width == 32:
        m = (1 << width) - 1
        return max(s, (a * MIN_DIV) & m)
    return max(s & M32, (a * MIN_DIV) & M32)


class Cfs:
    def __init__(self, name, group):
        self.name, self.group = name, group
        self.avg = Avg()
        self.rl = self.ru = self.rr = self.rnr = 0
        self.prop = 0
        self.propagate = 0
        self.weight = 0         # load.weight, scaled
        self.nr_queued = 0      # nr_running (entities)
        self.nr_runnable = 0    # h_nr_running (tasks below)
        self.has_curr = 0
        self.contrib = self.rcontrib = self.tg_last = 0
        self.listed = False


class Se:
    def __init__(self, name, weight, group_q):
        self.name = name
        self.avg = Avg()
        self.weight = weight
        self.my_q = group_q      # the group's runqueue, None for a task
        if group_q is None:
            self.avg.load_avg = sld(weight)
        self.runnable_weight = 0
        self.on_rq = self.running = 0


class Tg:
    def __init__(self, shares, cpus):
        self.shares, self.cpus = shares, cpus
        self.load_avg = self.runnable_avg = 0


class Rules:
    def __init__(self, k):
        self.k = k
        self.new = k >= kv(7, 0)          # upd_sa floors (delta 1.1.4)
        self.changed = k >= kv(6, 12)     # update_cfs_group skip/only-on-change, tg rate limit
        self.v73 = k >= kv(7, 3)          # runnable contribution, concur shares


# ---------------------------------------------------------------- section 2

def pair_sub(r, avg, fa, fs, a, s, width):
    """Remove (a, s) from the avg/sum pair fa/fs: 2.2 (6.x) or upd_sa (7.0+)."""
    x, y = getattr(avg, fa), getattr(avg, fs)
    if r.new:
        x = add_clamp(x, -a & M64, 64, True)
        y = add_clamp(y, -s & M64, width, True)
    else:
        x = sat_sub(x, a, 64)
        y = sat_sub(y, s, width)
    setattr(avg, fa, x)
    setattr(avg, fs, floor_sum(y, x, width, r.new))


def pair_add(r, avg, fa, fs, da, ds, width):
    """Signed deltas (propagation): add_clamp both, then floor."""
    x = add_clamp(getattr(avg, fa), da, 64, r.new)
    y = add_clamp(getattr(avg, fs), ds, width, r.new)
    setattr(avg, fa, x)
    setattr(avg, fs, floor_sum(y, x, width, r.new))


def enqueue_load(r, c, la, ls):
    if r.new:
        pair_add(r, c.avg, "load_avg", "load_sum", la, ls, 64)
    else:
        c.avg.load_avg = (c.avg.load_avg + la) & M64
        c.avg.load_sum = (c.avg.load_sum + ls) & M64


def queue_prop(c, x):
    c.propagate = 1
    c.prop = s64(c.prop + x)


def attach(r, c, se):
    d = c.avg.div()
    se.avg.lut, se.avg.pc = c.avg.lut, c.avg.pc
    se.avg.util_sum = (se.avg.util_avg * d) & M32
    se.avg.runnable_sum = (se.avg.runnable_avg * d) & M64
    x = (se.avg.load_avg * d) & M64
    w = sld(se.weight)
    se.avg.load_sum = x // w if w < x else 1
    enqueue_load(r, c, se.avg.load_avg, (w * se.avg.load_sum) & M64)
    a = c.avg
    a.util_avg = (a.util_avg + se.avg.util_avg) & M64
    a.util_sum = (a.util_sum + se.avg.util_sum) & M32
    a.runnable_avg = (a.runnable_avg + se.avg.runnable_avg) & M64
    a.runnable_sum = (a.runnable_sum + se.avg.runnable_sum) & M64
    queue_prop(c, se.avg.load_sum)


def detach(r, c, se):
    w = sld(se.weight)
    pair_sub(r, c.avg, "load_avg", "load_sum", se.avg.load_avg, (w * se.avg.load_sum) & M64, 64)
    pair_sub(r, c.avg, "util_avg", "util_sum", se.avg.util_avg, se.avg.util_sum, 32)
    pair_sub(r, c.avg, "runnable_avg", "runnable_sum", se.avg.runnable_avg, se.avg.runnable_sum, 64)
    queue_prop(c, -se.avg.load_sum)


def remove(c, se):
    se.avg.update(c.avg.lut, 0, 0, 0, sld(se.weight))
    c.rnr += 1
    c.ru += se.avg.util_avg
    c.rl += se.avg.load_avg
    c.rr += se.avg.runnable_avg


def update_cfs(r, c, now):
    decayed = 0
    if c.rnr:
        d = c.avg.div()
        rl, ru, rr = c.rl, c.ru, c.rr
        c.rl = c.ru = c.rr = c.rnr = 0
        pair_sub(r, c.avg, "load_avg", "load_sum", rl, (rl * d) & M64, 64)
        pair_sub(r, c.avg, "util_avg", "util_sum", ru, (ru * d) & M64, 32)
        pair_sub(r, c.avg, "runnable_avg", "runnable_sum", rr, (rr * d) & M64, 64)
        queue_prop(c, s64(-((rr * d) & M64)) >> 10)   # Python >> floors, as gcc's
        decayed = 1
    decayed |= c.avg.update(now, sld(c.weight), c.nr_runnable, c.has_curr, 1)
    return decayed


# ---------------------------------------------------------------- section 3

def propagate(r, p, se):
    g = se.my_q
    if g is None or not g.propagate:
        return 0
    g.propagate = 0
    queue_prop(p, g.prop)
    d = p.avg.div()
    # 3.2 util
    da = s64(g.avg.util_avg - se.avg.util_avg)
    if da:
        se.avg.util_avg = g.avg.util_avg
        n = (se.avg.util_avg * d) & M32
        ds = n - se.avg.util_sum
        se.avg.util_sum = n
        pair_add(r, p.avg, "util_avg", "util_sum", da, ds, 32)
    # 3.3 runnable
    da = s64(g.avg.runnable_avg - se.avg.runnable_avg)
    if da:
        n = (g.avg.runnable_avg * d) & M64
        ds = s64(n - se.avg.runnable_sum)
        se.avg.runnable_avg = g.avg.runnable_avg
        se.avg.runnable_sum = n
        pair_add(r, p.avg, "runnable_avg", "runnable_sum", da, ds, 64)
    # 3.4 load
    rs = g.prop
    if rs:
        g.prop = 0
        if rs >= 0:
            rs = min(s64(rs + se.avg.load_sum), d)
        else:
            w = sld(g.weight)
            lsum = g.avg.load_sum // w if w else 0
            rs = min(se.avg.load_sum, lsum)
        rs = max(rs, se.avg.util_sum >> 10)
        w = sld(se.weight)
        ls = (w * rs) & M64
        la = ls // d
        da = s64(la - se.avg.load_avg)
        if da:
            ds = s64(ls - w * se.avg.load_sum)
            se.avg.load_sum = rs
            se.avg.load_avg = la
            pair_add(r, p.avg, "load_avg", "load_sum", da, ds, 64)
    return 1


UPDATE_TG, SKIP_AGE, DO_ATTACH, DO_DETACH = 1, 2, 4, 8


def update_load_avg(r, p, se, now, flags):
    """3.5; returns whether update_tg_load_avg(p) is due."""
    if se.avg.lut and not flags & SKIP_AGE:
        runnable = se.runnable_weight if se.my_q is not None else se.on_rq
        se.avg.update(now, se.on_rq, runnable, se.running, sld(se.weight))
    decayed = update_cfs(r, p, now)
    decayed |= propagate(r, p, se)
    if not se.avg.lut and flags & DO_ATTACH:
        attach(r, p, se)
        return True
    if flags & DO_DETACH:
        detach(r, p, se)
        return True
    return bool(decayed and flags & UPDATE_TG)


# ---------------------------------------------------------------- section 4

def shares(r, tg, g):
    def smp(s, m):
        load = max(sld(g.weight), g.avg.load_avg)
        t = tg.load_avg - g.contrib + load
        x = s * load
        if t:
            q = abs(x) // abs(t)          # C division truncates toward 0
            x = q if (x >= 0) == (t > 0) else -q
        return min(max(x, 2), m)
    s = tg.shares
    if r.v73:   # concur, the 7.3 default
        n = min(max(1, tg.runnable_avg >> 10), max(tg.cpus, 1)) * s
        return smp(n, n)
    return smp(s, s)


def reweight(r, p, se, w):
    if se.on_rq:
        p.weight -= se.weight
    pair_sub(r, p.avg, "load_avg", "load_sum", se.avg.load_avg, (sld(se.weight) * se.avg.load_sum) & M64, 64)
    se.weight = w
    se.avg.load_avg = ((sld(w) * se.avg.load_sum) & M64) // se.avg.div()
    enqueue_load(r, p, se.avg.load_avg, (sld(w) * se.avg.load_sum) & M64)
    if se.on_rq:
        p.weight += w


def update_cfs_group(r, p, se, tgs):
    g = se.my_q
    if g is None:
        return
    if r.changed and g.weight == 0:
        return
    w = shares(r, tgs[g.group], g)
    if r.changed and w == se.weight:
        return
    reweight(r, p, se, w)


def update_tg(r, tg, c, clock):
    if r.changed and ((clock - c.tg_last) & M64) < 1000000:
        return
    dl = s64(c.avg.load_avg - c.contrib)
    pub = abs(dl) > c.contrib // 64
    dr = 0
    if r.v73:
        dr = s64(c.avg.runnable_avg - c.rcontrib)
        pub = pub or abs(dr) > c.rcontrib // 64
    if not pub:
        return
    tg.load_avg += dl
    c.contrib = c.avg.load_avg
    if r.v73:
        tg.runnable_avg += dr
        c.rcontrib = c.avg.runnable_avg
    if r.changed:
        c.tg_last = clock


def decayed_cfs(r, c):
    if c.weight or c.avg.load_sum or c.avg.util_sum or c.avg.runnable_sum:
        return False
    return not r.changed or c.contrib == 0
