#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""A slow reference kernel for capacity and frequency invariance (v5.1+).

Writes a synthetic `trace-cmd report -t` text whose sched_pelt_se /
sched_pelt_cfs samples come from this model, not from pgov-trace or
libpgov: PELT as the spec's prose gives it (docs/spec/sched.md 1.4-1.9) on
the PELT clock of 1.11 (each clock reading adds the task-clock delta scaled
by `cap >> 10` then by `freq_cap >> 10` while the CPU runs, follows the task
clock while idle; going idle from a saturated rq counts the skipped time as
lost idle time; PELT now = clock_pelt - lost_idle_time). The frequency scale
is `khz * 1024 // max_khz` (at most 1024) of the last cpu_frequency event,
applied to the whole delta at the next clock reading.

The kernel it models reads a CPU's clock at every wake-up and switch there,
except a switch to the task its last wake-up just woke (a wake-up
preemption: that wake-up's reading), and emits a signal event when an
update recomputes the averages (a period boundary crossed), before the
transition's own event. Every task is nice 0 and pinned to its CPU.

With --pre-5.1 it models kernels before 5.1 instead (1.11, last
paragraph): the PELT clock is the task clock (no lost idle time), and each
update's contribution is scaled, `contrib * freq_cap >> 10` into the load
and runnable sums, that times the capacity into util_sum.

With --kver-4.14 it models 4.14 (1.12): --pre-5.1, and entities accumulate
weighted load into load_sum (the weight is the load argument, the average
divides by 1), without the v4.15 rule that zeroes running when load is 0;
4.14 has no util_est and no runnable signal. Its samples are the older
events: Android 4.14's sched_load_se / sched_load_cfs_rq (load, util,
update_time), or with --eas-events EAS's sched_load_avg_task /
sched_load_avg_cpu (load_avg, util_avg, no update_time).

Scenarios:
  mixed  CPU 0 at capacity 512: one periodic task (random bursts and
         sleeps). CPU 1 at capacity 1024 and max 2 GHz, mostly at 1 GHz
         (half frequency) with changes: two tasks preempting each other
         without idle for 1 s (the rq saturates: lost idle time), then
         periodic with idle.
  duty   one CPU at capacity 512: a task running 4 ms every 16 ms.
Usage: invariance_reference.py [--pre-5.1 | --kver-4.14 [--eas-events]] mixed|duty OUT.txt   (prints a summary)
"""
import sys

M32 = (1 << 32) - 1
Y = [0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6,
     0xe0ccdeeb, 0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85,
     0xc5672a10, 0xc12c4cc9, 0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581,
     0xad583ee9, 0xa9a15ab4, 0xa5fed6a9, 0xa2704302, 0x9ef5325f, 0x9b8d39b9,
     0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a, 0x8b95c1e3, 0x88980e80,
     0x85aac367, 0x82cd8698]
LOAD_AVG_MAX = 47742
MIN_DIVIDER = LOAD_AVG_MAX - 1024


def decay(val, n):
    if n > 2016:
        return 0
    val >>= n // 32
    return (val * Y[n % 32]) >> 32


def segments(periods, d1, d3):
    c1 = decay(d1, periods) & M32
    c2 = (LOAD_AVG_MAX - (decay(LOAD_AVG_MAX, periods) & M32) - 1024) & M32
    return (c1 + c2 + d3) & M32


class Avg:
    def __init__(self, lut, pc=0):
        self.lut, self.pc = lut, pc
        self.load_sum = self.runnable_sum = self.util_sum = 0
        self.load_avg = self.runnable_avg = self.util_avg = 0

    def update(self, now, load, runnable, running, weight, scale=None):
        """Account up to now; True when the averages were recomputed.
        scale: (cap, freq_cap) of a kernel before 5.1, else None."""
        delta = (now - self.lut) % (1 << 64)
        if delta >= 1 << 63:
            self.lut = now
            return False
        delta >>= 10
        if not delta:
            return False
        self.lut += delta << 10
        if not load and not V4_14:  # v4.15+
            runnable = running = 0
        contrib = delta & M32
        t = delta + self.pc
        periods = t // 1024
        if periods:
            self.load_sum = decay(self.load_sum, periods)
            self.runnable_sum = decay(self.runnable_sum, periods)
            self.util_sum = decay(self.util_sum, periods) & M32
            t %= 1024
            if load:
                contrib = segments(periods, 1024 - self.pc, t)
        self.pc = t
        util = contrib << 10
        if scale:
            contrib = (contrib * scale[1]) >> 10
            util = contrib * scale[0]
        if load:
            self.load_sum += load * contrib
        if runnable:
            self.runnable_sum += (runnable * contrib) << 10
        if running:
            self.util_sum = (self.util_sum + util) & M32
        if not periods & M32:
            return False
        div = MIN_DIVIDER + self.pc
        self.load_avg = weight * self.load_sum // div
        self.runnable_avg = self.runnable_sum // div
        self.util_avg = self.util_sum // div
        return True


PRE_5_1 = False
V4_14 = False  # implies PRE_5_1
EVENTS = "pelt"  # pelt | load (Android 4.14) | load_avg (EAS)


class Cpu:
    def __init__(self, n, cap, max_khz, t0):
        self.n, self.cap, self.max_khz = n, cap, max_khz
        self.freq_cap = 1024
        self.clock_task = self.clock_pelt = t0
        self.lost = 0
        self.lost_count = 0
        self.cfs = Avg(t0)
        self.nr = 0
        self.curr = None  # None: idle
        self.woken = None

    def read_clock(self, t):
        d = t - self.clock_task
        assert d >= 0
        self.clock_task = t
        if self.curr is None or PRE_5_1:
            self.clock_pelt = t
        else:
            d = (d * self.cap) >> 10
            d = (d * self.freq_cap) >> 10
            self.clock_pelt += d

    def now(self):
        return self.clock_pelt - self.lost

    def scale(self):
        return (self.cap, self.freq_cap) if PRE_5_1 else None

    def go_idle(self):
        # rt and dl util_sum are 0: no rt or dl task here
        if not PRE_5_1 and self.cfs.util_sum >= (MIN_DIVIDER << 10) - LOAD_AVG_MAX:
            self.lost += self.clock_task - self.clock_pelt
            self.lost_count += 1
        self.clock_pelt = self.clock_task


class Task:
    def __init__(self, pid, comm, cpu, queued):
        """queued: running or runnable when the trace begins (attached to the
        cfs_rq before it: zero sums at the cfs_rq's clock and position);
        else first seen at its first wake-up."""
        self.pid, self.comm, self.cpu = pid, comm, cpu
        self.se = Avg(cpu.cfs.lut, cpu.cfs.pc) if queued else None
        self.on_rq = queued
        cpu.nr += queued


class Trace:
    def __init__(self, ncpu):
        self.ncpu = ncpu
        self.lines = []
        self.samples = 0

    def ev(self, t, cpu, who, what, fields):
        self.lines.append((t, len(self.lines), "%16s-%-5d [%03d] %6d.%09d: %-21s %s" % (
            who.comm if who else "<idle>", who.pid if who else 0, cpu.n,
            t // 10**9, t % 10**9, what + ":", fields)))

    def upd_se(self, t, cpu, k, who):
        load, weight = (1024 * k.on_rq, 1) if V4_14 else (int(k.on_rq), 1024)
        if k.se.update(cpu.now(), load, int(k.on_rq), int(cpu.curr is k), weight, cpu.scale()):
            self.samples += 1
            if EVENTS == "load":
                self.ev(t, cpu, who, "sched_load_se", "cpu=%d path=/ comm=%s pid=%d load=%d util=%d "
                        "update_time=%d" % (cpu.n, k.comm, k.pid, k.se.load_avg, k.se.util_avg,
                                            k.se.lut))
            elif EVENTS == "load_avg":
                self.ev(t, cpu, who, "sched_load_avg_task", "comm=%s pid=%d cpu=%d load_avg=%d "
                        "util_avg=%d util_avg_pelt=%d util_avg_walt=0 load_sum=%d util_sum=%d "
                        "period_contrib=%d" % (k.comm, k.pid, cpu.n, k.se.load_avg, k.se.util_avg,
                                               k.se.util_avg, k.se.load_sum, k.se.util_sum, k.se.pc))
            else:
                self.ev(t, cpu, who, "sched_pelt_se", "cpu=%d path=/ comm=%s pid=%d load=%d runnable=%d "
                        "util=%d update_time=%d" % (cpu.n, k.comm, k.pid, k.se.load_avg,
                                                    k.se.runnable_avg, k.se.util_avg, k.se.lut))

    def upd_cfs(self, t, cpu, who):
        running = cpu.curr is not None
        if cpu.cfs.update(cpu.now(), cpu.nr * 1024, cpu.nr, int(running), 1, cpu.scale()):
            self.samples += 1
            a = cpu.cfs
            if EVENTS == "load":
                self.ev(t, cpu, who, "sched_load_cfs_rq", "cpu=%d path=/ load=%d util=%d "
                        "update_time=%d" % (cpu.n, a.load_avg, a.util_avg, a.lut))
            elif EVENTS == "load_avg":
                self.ev(t, cpu, who, "sched_load_avg_cpu", "cpu=%d load_avg=%d util_avg=%d "
                        "util_avg_pelt=%d util_avg_walt=0" % (cpu.n, a.load_avg, a.util_avg,
                                                              a.util_avg))
            else:
                self.ev(t, cpu, who, "sched_pelt_cfs", "cpu=%d path=/ load=%d runnable=%d util=%d "
                        "update_time=%d" % (cpu.n, a.load_avg, a.runnable_avg, a.util_avg, a.lut))

    def wakeup(self, t, cpu, k):
        cpu.read_clock(t)
        if k.se is None:
            # first seen: attached before the trace, nothing known of its
            # past: zero sums at the cfs_rq's clock and period position
            self.upd_cfs(t, cpu, cpu.curr)
            k.se = Avg(cpu.cfs.lut, cpu.cfs.pc)
        else:
            self.upd_se(t, cpu, k, cpu.curr)
            self.upd_cfs(t, cpu, cpu.curr)
        k.on_rq = True
        cpu.nr += 1
        cpu.woken = k
        self.ev(t, cpu, cpu.curr, "sched_wakeup", "%s:%d [120] CPU:%03d" % (k.comm, k.pid, cpu.n))

    def switch(self, t, cpu, nxt, sleep):
        prev = cpu.curr
        if not (nxt is not None and nxt is cpu.woken and prev is not None and not sleep):
            cpu.read_clock(t)  # (a wake-up preemption keeps the wake-up's reading)
        cpu.woken = None
        if prev is not None:
            self.upd_se(t, cpu, prev, prev)
        self.upd_cfs(t, cpu, prev)
        if prev is not None and sleep:
            prev.on_rq = False
            cpu.nr -= 1
        if nxt is not None:
            self.upd_se(t, cpu, nxt, prev)
        cpu.curr = nxt
        if nxt is None:
            cpu.go_idle()
        p = "%s:%d [120] %s" % (prev.comm, prev.pid, "S" if sleep else "R") if prev else \
            "swapper/%d:0 [120] R" % cpu.n
        n = "%s:%d [120]" % (nxt.comm, nxt.pid) if nxt else "swapper/%d:0 [120]" % cpu.n
        self.ev(t, cpu, prev, "sched_switch", "%s ==> %s" % (p, n))

    def freq(self, t, cpu, khz):
        cpu.freq_cap = min(1024, khz * 1024 // cpu.max_khz)
        self.ev(t, cpu, cpu.curr, "cpu_frequency", "state=%d cpu_id=%d" % (khz, cpu.n))

    def text(self):
        out = ["cpus=%d" % self.ncpu]
        out += [l for _, _, l in sorted(self.lines)]
        return "\n".join(out) + "\n"


class Rand:  # a fixed LCG: the same trace on every machine
    def __init__(self, seed):
        self.s = seed

    def range(self, lo, hi):
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return lo + (self.s >> 33) % (hi - lo)


def periodic(tr, cpu, k, t, end, run, sleep):
    """k wakes, runs, sleeps on an otherwise idle cpu until end; sleep(t)
    gives the sleep's length (and may change the frequency at t)."""
    while t < end:
        tr.switch(t, cpu, k, False)          # idle -> k
        t += run()
        tr.switch(t, cpu, None, True)        # k sleeps
        t += sleep(t + 1000)
        tr.wakeup(t, cpu, k)                 # a timer wakes k on the idle CPU
        t += 20000
    return t


def mixed():
    t0 = 100_000_000
    tr = Trace(2)
    c0, c1 = Cpu(0, 512, 0, t0), Cpu(1, 1024, 2_000_000, t0)
    r = Rand(12)
    a = Task(100, "periodic", c0, True)
    periodic(tr, c0, a, t0, t0 + 1_600_000_000,
             lambda: r.range(1_000_000, 6_000_000), lambda at: r.range(1_000_000, 8_000_000))
    b, c = Task(200, "busy", c1, True), Task(201, "worker", c1, False)
    tr.freq(t0 - 1000, c1, 1_000_000)
    tr.switch(t0, c1, b, False)
    t, khz = t0, [1_000_000, 1_500_000, 1_000_000, 500_000, 1_000_000, 2_000_000]
    nf = 0
    while t < t0 + 1_000_000_000:        # b and c share the CPU, never idle
        t += r.range(500_000, 4_000_000)
        tr.wakeup(t, c1, c)
        t += r.range(2_000, 30_000)
        tr.switch(t, c1, c, False)       # c preempts b at the wake-up's reading
        t += r.range(300_000, 3_000_000)
        tr.switch(t, c1, b, True)        # c sleeps, b runs again
        if r.range(0, 8) == 0:
            t += r.range(10_000, 500_000)
            nf += 1
            tr.freq(t, c1, khz[nf % len(khz)])
    t += 1_000_000
    tr.switch(t, c1, None, True)
    t += 3_000_000
    tr.wakeup(t, c1, b)
    t += 20000
    nf = [0]

    def sleep(at):
        nf[0] += 1
        if nf[0] % 5 == 0:
            tr.freq(at, c1, khz[nf[0] % len(khz)])
        return r.range(1_000_000, 10_000_000)
    periodic(tr, c1, b, t, t0 + 1_600_000_000, lambda: r.range(500_000, 5_000_000), sleep)
    return tr, (c0, c1)


def duty():
    t0 = 100_000_000
    tr = Trace(1)
    c0 = Cpu(0, 512, 0, t0)
    a = Task(100, "periodic", c0, True)
    periodic(tr, c0, a, t0, t0 + 1_000_000_000, lambda: 4_000_000, lambda at: 12_000_000 - 20000)
    return tr, (c0,)


def main():
    global PRE_5_1, V4_14, EVENTS
    args = sys.argv[1:]
    if args[:1] == ["--pre-5.1"]:
        PRE_5_1 = True
        args = args[1:]
    elif args[:1] == ["--kver-4.14"]:
        PRE_5_1 = V4_14 = True
        EVENTS = "load"
        args = args[1:]
        if args[:1] == ["--eas-events"]:
            EVENTS = "load_avg"
            args = args[1:]
    if len(args) != 2 or args[0] not in ("mixed", "duty"):
        sys.exit(__doc__)
    tr, cpus = {"mixed": mixed, "duty": duty}[args[0]]()
    with open(args[1], "w") as f:
        f.write(tr.text())
    print("%s: %d events, %d signal samples, lost idle time counted %s times" % (
        args[1], len(tr.lines), tr.samples, "/".join(str(c.lost_count) for c in cpus)))


if __name__ == "__main__":
    main()
