/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * intel_pstate: the governor instance closed-loop against the fake CPU of
 * tests/util/fake_hw.c for every profile (counter wrap, time going
 * backwards, minutes of idle, remote callbacks, HAL errors, the v4.5 timer,
 * limits, RFC variants, the schedutil-like path).
 */
#include "pstate_fixture.h"

/* ---- instance: closed loop for every profile --------------------------- */

static const struct {
    uint32_t policy, kver;
} every[] = {
    {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5},       {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6},
    {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_13},      {PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_5},
    {PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_6},  {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_13},
    {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_17},     {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19},
};

/* An instance on the fake CPU without its trace callback: a traced
 * instance never takes the quiet hook (lib/pstate_gov.c refresh_fast()). */
static struct pgov_pstate *mk_untraced(int slot, const struct pgov_pstate_config *c,
                                       struct fake_hw *f)
{
    struct pgov_hw_ops ops = fake_hw_ops; /* copied at init: may be temporary */
    struct pgov_pstate *g = NULL;

    ops.trace = NULL;
    assert_int_equal(pgov_pstate_init(storage[slot], sizeof(storage[0]), c, &ops, f, &g), 0);
    return g;
}

/* Busy CPU climbs to the top, idle CPU falls to the bottom, every profile. */
static void test_closed_loop_busy_idle(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof(every) / sizeof(every[0]); i++) {
        struct fake_hw f;
        fake_hw_init(&f, 3, NULL);
        struct pgov_pstate_config c = cfg_for(every[i].policy, every[i].kver);
        c.cpu = 3;
        struct pgov_pstate *g = mk(0, &c, &f);
        assert_int_equal(f.nwrites, 1); /* init requests min_pstate */
        assert_int_equal(f.writes[0].pstate, 16);
        assert_int_equal(f.writes[0].value, 16u << 8);
        f.busy_permille = 1000;
        for (int k = 0; k < 100; k++)
            step(g, &f, 10 * MS + 1000, 0);
        assert_int_equal(status(g).pstate, 39);
        assert_true(status(g).samples > 50);
        f.busy_permille = 0;
        /* A fully idle CPU still has the odd C0 cycle; the models need some. */
        for (int k = 0; k < 100; k++) {
            fake_hw_run(&f, 1000, 0);
            f.mperf += 1;
            step(g, &f, 10 * MS, 0);
        }
        assert_int_equal(status(g).pstate, 16);
        assert_int_equal(status(g).freq_khz, 1600000);
    }
}

/* The instance computes exactly what the (vector-verified) decision layer
 * does; untraced too, where the current load profile takes its quiet hook. */
static void test_instance_matches_decide(void **st)
{
    (void)st;
    for (size_t i = 0; i < 2 * sizeof(every) / sizeof(every[0]); i++) {
        struct fake_hw f;
        uint64_t seed = 12345 + i;
        size_t e = i % (sizeof(every) / sizeof(every[0]));
        fake_hw_init(&f, 0, NULL);
        struct pgov_pstate_config c = cfg_for(every[e].policy, every[e].kver);
        struct pgov_pstate *g = i == e ? mk(0, &c, &f) : mk_untraced(0, &c, &f);
        struct pgov_pstate_params p;
        struct pgov_pstate_bounds b;
        struct pgov_pstate_state s;
        struct pgov_pstate_limits l = {sizeof(l), 0, 0, 256, 0, 39, 0, 0};
        assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
        assert_int_equal(pgov_pstate_bounds_init(&p, &f.lim, &l, &b), 0);
        assert_int_equal(pgov_pstate_state_reset(&s, &p, &f.lim), 0);
        int timer = p.profile == PGOV_PSTATE_PROF_PID_4_5 || p.profile == PGOV_PSTATE_PROF_ATOM_4_5;
        struct pgov_pstate_input in = {f.now_ns, f.aperf, f.mperf, f.tsc, 0, 0, 0};
        struct pgov_pstate_result r;
        if (timer) {
            in.event = PGOV_PSTATE_EV_INIT;
            assert_int_equal(pgov_pstate_decide(&p, &f.lim, &b, &s, &in, &r), 0);
        }
        for (int k = 0; k < 2000; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            f.busy_permille = (uint32_t)(seed >> 33) % 1001;
            uint64_t dt = ((seed >> 20) % 25) * MS / 2 + (seed & 0xfff);
            uint32_t fl = ((seed >> 45) % 5 == 0) ? PGOV_UPDATE_IOWAIT : 0;
            fake_hw_run(&f, dt, (seed >> 50) % 300);
            in.now_ns = f.now_ns;
            in.aperf = f.aperf;
            in.mperf = f.mperf;
            in.tsc = f.tsc;
            in.iowait_us = f.iowait_us;
            in.flags = fl;
            in.event = timer ? PGOV_PSTATE_EV_TIMER : PGOV_PSTATE_EV_UPDATE;
            assert_int_equal(pgov_pstate_decide(&p, &f.lim, &b, &s, &in, &r), 0);
            if (timer) {
                uint64_t next;
                assert_int_equal(pgov_pstate_timer(g, f.now_ns, &next), 0);
            } else {
                assert_int_equal(pgov_pstate_update(g, f.now_ns, fl), 0);
            }
            assert_int_equal(status(g).pstate, s.pstate);
            assert_int_equal(status(g).busy_scaled, s.busy_scaled);
            assert_int_equal(status(g).boost, s.iowait_boost);
            assert_int_equal(f.pstate, s.pstate);
        }
    }
}

/* 64-bit counter wrap: the same run shifted to wrap gives the same decisions. */
static void test_counter_wrap(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof(every) / sizeof(every[0]); i++) {
        struct fake_hw a, w;
        fake_hw_init(&a, 0, NULL);
        fake_hw_init(&w, 0, NULL);
        w.aperf = UINT64_MAX - 5000000;
        w.mperf = UINT64_MAX - 7000000;
        w.tsc = UINT64_MAX - 200000000;
        a.aperf = w.aperf + 5000000 - 5000000; /* same small offsets, no wrap */
        a.aperf = 1;
        a.mperf = 1;
        a.tsc = 1;
        struct pgov_pstate_config c = cfg_for(every[i].policy, every[i].kver);
        struct pgov_pstate *ga = mk(0, &c, &a);
        struct pgov_pstate *gw = mk(1, &c, &w);
        for (int k = 0; k < 300; k++) {
            /* Never exactly 0: v4.5 would then re-decide on its init sample,
             * whose deltas are the absolute counter values (kernel-exact). */
            uint32_t busy = 1 + (uint32_t)((k * 37) % 1000);
            a.busy_permille = w.busy_permille = busy;
            step(ga, &a, 10 * MS + 333, 0);
            step(gw, &w, 10 * MS + 333, 0);
            assert_int_equal(status(ga).pstate, status(gw).pstate);
        }
        assert_true(w.tsc < 1000000000000ull); /* it really wrapped */
        assert_int_equal(a.nwrites, w.nwrites);
    }
}

/* A v4.6 PID instance on a fully busy fake CPU, run until it sits at turbo. */
static struct pgov_pstate *pid46_at_turbo(struct fake_hw *f, struct pgov_pstate_config *c)
{
    fake_hw_init(f, 0, NULL);
    *c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    struct pgov_pstate *g = mk(0, c, f);
    for (int k = 0; k < 60 && status(g).pstate != 39; k++)
        step(g, f, 10 * MS + 1, 0);
    assert_int_equal(status(g).pstate, 39);
    return g;
}

/* PGOV_PSTATE_OPT_NO_C0_CUTOFF: ffb810563c0c reverted alone. A 20 ms
 * sample (under 3x the interval, so no idle scaling) with 0.5 % C0: the 4.6
 * and 4.13 PIDs read busy 0 and drop; with the option the busy value is
 * APERF/MPERF scaled by max/current like any other sample, ~100 % here. */
static void test_c0_cutoff_option(void **st)
{
    (void)st;
    static const uint32_t kv[2] = {PGOV_KVER_4_6, PGOV_KVER_4_13};
    for (int k = 0; k < 2; k++)
        for (int off = 0; off < 2; off++) {
            struct fake_hw f;
            fake_hw_init(&f, 0, NULL);
            struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, kv[k]);
            c.options = off ? PGOV_PSTATE_OPT_NO_C0_CUTOFF : 0;
            struct pgov_pstate *g = mk(0, &c, &f);
            for (int i = 0; i < 60 && status(g).pstate != 39; i++)
                step(g, &f, 10 * MS + 1, 0);
            assert_int_equal(status(g).pstate, 39);
            f.busy_permille = 5;
            step(g, &f, 20 * MS, 0);
            if (off) {
                assert_in_range(status(g).busy_scaled, 99 * 256, 101 * 256);
                assert_int_equal(status(g).pstate, 39);
            } else {
                assert_int_equal(status(g).busy_scaled, 0);
                assert_true(status(g).pstate < 39);
            }
        }
    /* Only where the rule exists: not on 4.5 (timer), Atom or the load paths. */
    struct pgov_pstate_params p;
    static const uint32_t pol[4] = {PGOV_PSTATE_POLICY_PID, PGOV_PSTATE_POLICY_PID_ATOM,
                                    PGOV_PSTATE_POLICY_LOAD, PGOV_PSTATE_POLICY_LOAD};
    static const uint32_t bad_kv[4] = {PGOV_KVER_4_5, PGOV_KVER_4_6, PGOV_KVER_4_13,
                                       PGOV_KVER_4_17};
    for (int i = 0; i < 4; i++) {
        struct pgov_pstate_config c = cfg_for(pol[i], bad_kv[i]);
        c.options = PGOV_PSTATE_OPT_NO_C0_CUTOFF;
        assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);
    }
}

static void test_time_backwards_and_idle(void **st)
{
    (void)st;
    struct fake_hw f;
    struct pgov_pstate_config c;
    struct pgov_pstate *g = pid46_at_turbo(&f, &c);
    /* Time goes backwards: (s64) delta negative, nothing sampled. */
    uint32_t reads = f.reads, writes = f.nwrites;
    assert_int_equal(pgov_pstate_update(g, f.now_ns - 50 * MS, 0), 0);
    assert_int_equal(f.reads, reads);
    assert_int_equal(f.nwrites, writes);
    /* Five minutes idle, then one busy burst: the 3x rule makes busy 0 and
     * the PID drops 19 P-states (to the floor) in one sample. */
    f.busy_permille = 0;
    fake_hw_run(&f, 300000 * MS, 0);
    f.busy_permille = 1000;
    step(g, &f, 1 * MS, 0);
    assert_int_equal(status(g).pstate, 20);
    assert_int_equal(status(g).busy_scaled, 0);

    /* v4.17 load: the same idle minutes clear the boost (> one tick). */
    fake_hw_init(&f, 0, NULL);
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_17);
    g = mk(0, &c, &f);
    step(g, &f, 20 * MS, 0);
    step(g, &f, 1 * MS, PGOV_UPDATE_IOWAIT);
    assert_int_equal(status(g).boost, 128); /* 256, halved by its decision */
    fake_hw_run(&f, 120000 * MS, 0);
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), 0);
    assert_int_equal(status(g).boost, 0);
    /* Backwards time: u64 delta is huge, the boost is cleared too. */
    step(g, &f, 1 * MS, PGOV_UPDATE_IOWAIT);
    assert_true(status(g).boost > 0);
    assert_int_equal(pgov_pstate_update(g, f.now_ns - 25 * MS, 0), 0);
    assert_int_equal(status(g).boost, 0);
}

static void test_remote_ignored(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof(every) / sizeof(every[0]); i++) {
        struct fake_hw f;
        fake_hw_init(&f, 5, NULL);
        struct pgov_pstate_config c = cfg_for(every[i].policy, every[i].kver);
        c.cpu = 5;
        struct pgov_pstate *g = mk(0, &c, &f);
        step(g, &f, 20 * MS, 0);
        static unsigned char before[1024];
        memcpy(before, storage[0], pgov_pstate_size());
        uint32_t reads = f.reads, writes = f.nwrites;
        fake_hw_run(&f, 50 * MS, 0);
        assert_int_equal(
            pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_REMOTE | PGOV_UPDATE_IOWAIT), 0);
        assert_int_equal(f.reads, reads);
        assert_int_equal(f.nwrites, writes);
        struct pgov_pstate_status s = status(g);
        if (s.profile != PGOV_PSTATE_PROF_PID_4_5 && s.profile != PGOV_PSTATE_PROF_ATOM_4_5)
            assert_int_equal(s.last_path, PGOV_PSTATE_PATH_REMOTE);
        assert_int_equal(s.boost, 0);
        assert_int_equal(pgov_pstate_update(g, f.now_ns, 8), PGOV_EINVAL);
        assert_int_equal(pgov_pstate_update(NULL, f.now_ns, 0), PGOV_EINVAL);
    }
}

/* A HAL error is returned unchanged and the run continues as if it never
 * happened. */
static void test_hal_errors(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof(every) / sizeof(every[0]); i++) {
        struct fake_hw a, b;
        fake_hw_init(&a, 0, NULL);
        fake_hw_init(&b, 0, NULL);
        struct pgov_pstate_config c = cfg_for(every[i].policy, every[i].kver);
        struct pgov_pstate *ga = mk(0, &c, &a);
        struct pgov_pstate *gb = mk(1, &c, &b);
        int timer = status(ga).profile == PGOV_PSTATE_PROF_PID_4_5 ||
                    status(ga).profile == PGOV_PSTATE_PROF_ATOM_4_5;
        for (int k = 0; k < 200; k++) {
            a.busy_permille = b.busy_permille = (uint32_t)((k * 91) % 1001);
            fake_hw_run(&a, 10 * MS + 7, 5);
            fake_hw_run(&b, 10 * MS + 7, 5);
            uint64_t next;
            uint32_t fl = k % 3 ? 0 : PGOV_UPDATE_IOWAIT;
            int b_done = 0;
            if (k % 7 == 3) {
                static unsigned char before[1024];
                memcpy(before, storage[1], pgov_pstate_size());
                fake_hw_fail(&b, k % 2 ? FAKE_OP_COUNTERS : FAKE_OP_PSTATE, PGOV_EIO, 1);
                int rc = timer ? pgov_pstate_timer(gb, b.now_ns, &next)
                               : pgov_pstate_update(gb, b.now_ns, fl);
                if (rc != 0) {
                    /* Failed: returned unchanged, nothing moved; retry below. */
                    assert_int_equal(rc, PGOV_EIO);
                    assert_memory_equal(before, storage[1], pgov_pstate_size());
                } else {
                    b_done = 1; /* no HAL call was due: the call simply ran */
                }
                fake_hw_fail(&b, FAKE_OP_NONE, 0, 0);
            }
            if (timer) {
                assert_int_equal(pgov_pstate_timer(ga, a.now_ns, &next), 0);
                if (!b_done)
                    assert_int_equal(pgov_pstate_timer(gb, b.now_ns, &next), 0);
            } else {
                assert_int_equal(pgov_pstate_update(ga, a.now_ns, fl), 0);
                if (!b_done)
                    assert_int_equal(pgov_pstate_update(gb, b.now_ns, fl), 0);
            }
            assert_int_equal(status(ga).pstate, status(gb).pstate);
            assert_int_equal(status(ga).busy_scaled, status(gb).busy_scaled);
        }
    }
}

/* The current load profile with no flags and no boost takes the quiet
 * hook (lib/pstate_gov.c), which stores nothing before its HAL calls
 * succeed: every failure leaves the instance byte for byte as it was, and
 * the retry decides as a twin that never failed. */
static void test_quiet_hook_errors(void **st)
{
    (void)st;
    struct fake_hw a, b;
    fake_hw_init(&a, 0, NULL);
    fake_hw_init(&b, 0, NULL);
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_LOAD, 0);
    struct pgov_pstate *ga = mk_untraced(0, &c, &a);
    struct pgov_pstate *gb = mk_untraced(1, &c, &b);
    uint32_t failed[2] = {0, 0};
    static unsigned char before[1024];

    assert_int_equal(status(ga).profile, PGOV_PSTATE_PROF_LOAD_6_19);
    for (int k = 0; k < 120; k++) {
        a.busy_permille = b.busy_permille = (uint32_t)((k * 613) % 1001);
        fake_hw_run(&a, 10 * MS + 3, 0);
        fake_hw_run(&b, 10 * MS + 3, 0);
        if (k > 1 && k % 3 == 0) {
            int w = (k / 3) % 2; /* 0: the counters read fails, 1: the write */
            memcpy(before, storage[1], pgov_pstate_size());
            fake_hw_fail(&b, w ? FAKE_OP_PSTATE : FAKE_OP_COUNTERS, PGOV_EIO, 1);
            int rc = pgov_pstate_update(gb, b.now_ns, 0);
            fake_hw_fail(&b, FAKE_OP_NONE, 0, 0);
            if (rc != 0) {
                assert_int_equal(rc, PGOV_EIO);
                assert_memory_equal(before, storage[1], pgov_pstate_size());
                failed[w]++;
            } else {
                /* Only a write can be left out (the P-state stayed): the
                 * call ran; undo it on the twin's side by running a too. */
                assert_int_equal(w, 1);
                assert_int_equal(pgov_pstate_update(ga, a.now_ns, 0), 0);
                continue;
            }
        }
        assert_int_equal(pgov_pstate_update(ga, a.now_ns, 0), 0);
        assert_int_equal(pgov_pstate_update(gb, b.now_ns, 0), 0);
        struct pgov_pstate_status sa = status(ga), sb = status(gb);
        assert_int_equal(sa.boost, 0);
        assert_int_equal(sa.pstate, sb.pstate);
        assert_int_equal(sa.busy_scaled, sb.busy_scaled);
        assert_int_equal(sa.last_path, sb.last_path);
        assert_int_equal(sa.samples, sb.samples);
        assert_int_equal(sa.last_sample_ns, sb.last_sample_ns);
    }
    assert_true(failed[0] >= 15);
    assert_true(failed[1] >= 5);
}

/* A trace callback keeps the current load profile off the quiet hook,
 * which does not test for one: the traced instance decides as an untraced
 * twin (which goes quiet) and reports every decision, two events each. */
static void test_trace_off_quiet_hook(void **st)
{
    (void)st;
    struct fake_hw a, b;
    fake_hw_init(&a, 0, NULL);
    fake_hw_init(&b, 0, NULL);
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_LOAD, 0);
    struct pgov_pstate *traced = mk(0, &c, &a);
    struct pgov_pstate *quiet = mk_untraced(1, &c, &b);
    uint32_t moves = 0, prev = status(traced).pstate;

    for (int k = 0; k < 80; k++) {
        a.busy_permille = b.busy_permille = (uint32_t)((k * 389) % 1001);
        fake_hw_run(&a, 10 * MS + 7, 0);
        fake_hw_run(&b, 10 * MS + 7, 0);
        assert_int_equal(pgov_pstate_update(traced, a.now_ns, 0), 0);
        assert_int_equal(pgov_pstate_update(quiet, b.now_ns, 0), 0);
        struct pgov_pstate_status sa = status(traced), sb = status(quiet);
        assert_int_equal(sa.pstate, sb.pstate);
        assert_int_equal(a.pstate, b.pstate);
        assert_int_equal(sa.busy_scaled, sb.busy_scaled);
        assert_int_equal(sa.last_path, sb.last_path);
        assert_int_equal(sa.samples, sb.samples);
        assert_int_equal(sa.last_sample_ns, sb.last_sample_ns);
        assert_int_equal(a.ntrace, 2 * sa.samples); /* SAMPLE and TARGET */
        moves += sa.pstate != prev;
        prev = sa.pstate;
    }
    assert_int_equal(b.ntrace, 0);
    assert_true(status(traced).samples >= 78);
    assert_true(moves >= 20);
}

static void test_init_errors(void **st)
{
    (void)st;
    struct fake_hw f;
    struct pgov_pstate *g = NULL;
    fake_hw_init(&f, 0, NULL);
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5);
    size_t n = pgov_pstate_size();
    assert_int_equal(pgov_pstate_init(storage[0], n - 1, &c, &fake_hw_ops, &f, &g), PGOV_ENOSPC);
    assert_int_equal(pgov_pstate_init(storage[0] + 4, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_init(NULL, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    fake_hw_fail(&f, FAKE_OP_LIMITS, PGOV_EIO, 1);
    assert_int_equal(pgov_pstate_init(storage[0], n, &c, &fake_hw_ops, &f, &g), PGOV_EIO);
    fake_hw_fail(&f, FAKE_OP_CLOCK, PGOV_EAGAIN, 1);
    assert_int_equal(pgov_pstate_init(storage[0], n, &c, &fake_hw_ops, &f, &g), PGOV_EAGAIN);
    fake_hw_fail(&f, FAKE_OP_PSTATE, PGOV_EIO, 1);
    assert_int_equal(pgov_pstate_init(storage[0], n, &c, &fake_hw_ops, &f, &g), PGOV_EIO);
    assert_null(g);
    /* A failed init leaves nothing usable. */
    uint64_t next;
    assert_int_equal(pgov_pstate_timer((struct pgov_pstate *)(void *)storage[0], 0, &next),
                     PGOV_EINVAL);
    /* Missing callback. */
    struct pgov_hw_ops ops = fake_hw_ops;
    ops.clock_ns = NULL;
    assert_int_equal(pgov_pstate_init(storage[0], n, &c, &ops, &f, &g), PGOV_ENOSYS);
    /* Bad platform from the HAL. */
    f.lim.min_pstate = 40;
    assert_int_equal(pgov_pstate_init(storage[0], n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    f.lim.min_pstate = 16;
    c.limits.size = sizeof(c.limits);
    c.limits.min_ratio = 60;
    c.kver = PGOV_KVER_4_13;
    assert_int_equal(pgov_pstate_init(storage[0], n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
}

/* v4.5: the timer is re-armed msecs_to_jiffies(sample) jiffies ahead. */
static void test_v45_timer_jiffies(void **st)
{
    (void)st;
    static const struct {
        uint32_t hz;
        uint64_t tick_ns, sample_ns, period_ns;
    } t[] = {
        {250, 0, 0, 3 * 4 * MS},            /* 3 jiffies = 12 ms */
        {0, 0, 0, 3 * 4 * MS},              /* default HZ=250 */
        {250, 4 * MS, 5 * MS, 2 * 4 * MS},  /* ceil(5 / 4) */
        {300, 0, 0, 3 * 3333333u},          /* 10 ms = 3 jiffies exactly */
        {300, 0, 11 * MS, 4 * 3333333u},    /* ceil(3.3) */
        {1000, 0, 0, 10 * MS},
        {100, 0, 0, 10 * MS},
        {100, 0, 15 * MS, 20 * MS},
        {0, 10 * MS, 0, 10 * MS},           /* HZ unknown: whole ticks */
        {0, 3 * MS, 10 * MS, 12 * MS},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        struct fake_hw f;
        uint64_t next = 0;
        fake_hw_init(&f, 0, NULL);
        struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5);
        c.hz = t[i].hz;
        c.tick_ns = t[i].tick_ns;
        c.sample_interval_ns = t[i].sample_ns;
        struct pgov_pstate *g = mk(0, &c, &f);
        fake_hw_run(&f, 20 * MS, 0);
        assert_int_equal(pgov_pstate_timer(g, f.now_ns, &next), 0);
        assert_int_equal(next - f.now_ns, t[i].period_ns);
    }
    /* HZ and tick must agree: TICK_NSEC(300) is 3333333, not 3333334. */
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5);
    struct pgov_pstate_params p;
    c.hz = 300;
    c.tick_ns = 3333334;
    assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);
    c.tick_ns = 3333333;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    c.tick_ns = 0;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.tick_ns, 3333333);
}

/* v4.5: the timer drives; the hook does nothing; a rejected sample re-decides. */
static void test_v45_timer(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL);
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5);
    struct pgov_pstate *g = mk(0, &c, &f);
    assert_int_equal(status(g).last_path, PGOV_PSTATE_PATH_INIT_SAMPLED);
    assert_int_equal(f.reads, 1);
    fake_hw_run(&f, 20 * MS, 0);
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(f.reads, 1);
    uint64_t next;
    assert_int_equal(pgov_pstate_timer(g, f.now_ns, &next), 0);
    assert_int_equal(status(g).last_path, PGOV_PSTATE_PATH_TIMER_ADJUST);
    uint32_t p = status(g).pstate;
    /* Counters frozen: the sample is rejected, the decision runs again. */
    assert_int_equal(pgov_pstate_timer(g, f.now_ns + 10 * MS, &next), 0);
    assert_int_equal(status(g).last_path, PGOV_PSTATE_PATH_TIMER_STALE);
    /* Same counters, new current P-state: the busy estimate scales by
     * max_physical / current, so the stale re-decision steps back down. */
    assert_int_equal(status(g).pstate, p - 1);
    /* Hook profiles report no timer. */
    struct fake_hw f2;
    fake_hw_init(&f2, 0, NULL);
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    g = mk(1, &c, &f2);
    assert_int_equal(pgov_pstate_timer(g, 5, &next), 0);
    assert_int_equal(next, UINT64_MAX);
    assert_int_equal(pgov_pstate_timer(g, 5, NULL), PGOV_EINVAL);
}

static void test_set_limits(void **st)
{
    (void)st;
    struct fake_hw f;
    struct pgov_pstate_config c;
    struct pgov_pstate *g = pid46_at_turbo(&f, &c);
    struct pgov_pstate_limits l = {sizeof(l), 0, 0, 128, 0, 0, 0, 0};
    assert_int_equal(pgov_pstate_set_limits(g, &l), 0);
    step(g, &f, 10 * MS + 1, 0);
    assert_int_equal(status(g).pstate, 19); /* floor(39 * 128 / 256) */
    /* Inverted fractions (v4.x): the upper bound wins. */
    l.min_perf_fp = 256;
    l.max_perf_fp = 200;
    assert_int_equal(pgov_pstate_set_limits(g, &l), 0);
    step(g, &f, 10 * MS + 1, 0);
    assert_int_equal(status(g).pstate, 30);
    /* Invalid limits change nothing. */
    struct pgov_pstate_status s0 = status(g);
    l.max_perf_fp = 300;
    assert_int_equal(pgov_pstate_set_limits(g, &l), PGOV_EINVAL);
    l.max_perf_fp = 200;
    l.size = 4;
    assert_int_equal(pgov_pstate_set_limits(g, &l), PGOV_E2BIG);
    l.size = sizeof(l);
    fake_hw_fail(&f, FAKE_OP_LIMITS, PGOV_EIO, 1);
    l.max_perf_fp = 100;
    assert_int_equal(pgov_pstate_set_limits(g, &l), PGOV_EIO);
    struct pgov_pstate_status s1 = status(g);
    assert_memory_equal(&s0, &s1, sizeof(s0));
    assert_int_equal(pgov_pstate_set_limits(g, NULL), PGOV_EINVAL);

    /* v4.13+ ratios: max below min is raised to min. */
    fake_hw_init(&f, 0, NULL);
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    g = mk(0, &c, &f);
    struct pgov_pstate_limits r = {sizeof(r), 0, 0, 0, 35, 20, 0, 0};
    assert_int_equal(pgov_pstate_set_limits(g, &r), 0);
    assert_int_equal(status(g).lo, 35);
    assert_int_equal(status(g).hi, 35);
    for (int k = 0; k < 5; k++)
        step(g, &f, 10 * MS + 1, 0);
    assert_int_equal(status(g).pstate, 35);
    /* no_turbo: the default max ratio is max_pstate. */
    struct pgov_pstate_limits nt = {sizeof(nt), 1, 0, 0, 0, 0, 0, 0};
    assert_int_equal(pgov_pstate_set_limits(g, &nt), 0);
    assert_int_equal(status(g).hi, 34);
    step(g, &f, 10 * MS + 1, 0);
    assert_int_equal(status(g).pstate, 34);
    assert_int_equal(fake_hw_last(&f)->value, (34ull << 8) | (1ull << 32));
}

/* The July 2017 IO RFC variants: 1 ms interval while boosted. */
static void test_rfc_variants(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL);
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_13);
    struct pgov_pstate *plain = mk(0, &c, &f);
    step(plain, &f, 20 * MS, 0);
    step(plain, &f, 11 * MS, 0);
    uint64_t last = status(plain).last_sample_ns;
    step(plain, &f, 1 * MS, PGOV_UPDATE_IOWAIT);
    step(plain, &f, 1500000, 0);
    /* Stock 4.13: the IOWAIT wakeup waits for the 10 ms boundary. */
    assert_int_equal(status(plain).last_sample_ns, last);

    fake_hw_init(&f, 0, NULL);
    c.options = PGOV_PSTATE_OPT_RFC_IO_PERCPU;
    struct pgov_pstate *pc = mk(0, &c, &f);
    step(pc, &f, 20 * MS, 0);
    step(pc, &f, 11 * MS, 0);
    step(pc, &f, 1 * MS, PGOV_UPDATE_IOWAIT);
    last = status(pc).last_sample_ns;
    step(pc, &f, 1500000, 0);
    assert_int_equal(status(pc).last_sample_ns, f.now_ns); /* 1 ms while boosted */
    assert_int_equal(status(pc).pstate, 39);               /* boost 1.0 -> 1.25 x base */
    assert_true(status(pc).last_sample_ns > last);

    /* RFC as posted: CPU 1 samples at 1 ms because CPU 0 saw IOWAIT. */
    struct pgov_pstate_shared sh = {0, 0, 0};
    struct fake_hw f0, f1;
    fake_hw_init(&f0, 0, NULL);
    fake_hw_init(&f1, 1, NULL);
    c.options = PGOV_PSTATE_OPT_RFC_IO_ALL;
    c.cpu = 0;
    struct pgov_pstate *g0 = mk(0, &c, &f0);
    c.cpu = 1;
    struct pgov_pstate *g1 = mk(1, &c, &f1);
    assert_int_equal(pgov_pstate_attach_shared(g0, &sh), 0);
    assert_int_equal(pgov_pstate_attach_shared(g1, &sh), 0);
    assert_int_equal(pgov_pstate_attach_shared(NULL, &sh), PGOV_EINVAL);
    step(g0, &f0, 20 * MS, 0);
    step(g1, &f1, 20 * MS, 0);
    step(g1, &f1, 11 * MS, 0);
    f0.now_ns = f1.now_ns;
    assert_int_equal(pgov_pstate_update(g0, f0.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(sh.seen, 1);
    assert_int_equal(sh.last_io_ns, f0.now_ns);
    step(g1, &f1, 1500000, 0);
    assert_int_equal(status(g1).last_sample_ns, f1.now_ns);
    /* More than a tick later the system-wide boost is over. */
    step(g1, &f1, 5 * MS, 0);
    last = status(g1).last_sample_ns;
    step(g1, &f1, 1500000, 0);
    assert_int_equal(status(g1).last_sample_ns, last);
}

/* ---- schedutil --------------------------------------------------------- */

static void test_sugov(void **st)
{
    (void)st;
    struct pgov_sugov_params p = {1 * MS, 4 * MS, 1024, 3900000, 1600000, 3900000, 0, 0};
    uint64_t raw;
    /* 1.25 headroom: util 512 -> 640/1024 of max. */
    assert_int_equal(pgov_sugov_next_freq(&p, 512, 0, &raw), 2437500);
    assert_int_equal(raw, 2437500);
    assert_int_equal(pgov_sugov_next_freq(&p, 100, 0, &raw), 1600000);
    assert_int_equal(raw, 476074);
    assert_int_equal(pgov_sugov_next_freq(&p, 5000, 0, NULL), 3900000);
    p.options = PGOV_SUGOV_OPT_NONINVARIANT;
    assert_int_equal(pgov_sugov_next_freq(&p, 512, 2000000, &raw), 1600000);
    assert_int_equal(raw, 1562500);
    p.options = 0;
    p.min_khz = 4000000; /* min > max: the core uses max */
    assert_int_equal(pgov_sugov_next_freq(&p, 0, 0, NULL), 3900000);
    p.min_khz = 1600000;
    p.max_cap = 0;
    assert_int_equal(pgov_sugov_next_freq(&p, 1, 0, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_params_check(&p), PGOV_EINVAL);
    p.max_cap = 1024;
    /* Every invalid word gives PGOV_EINVAL and leaves *raw alone, whichever
     * path (invariant fast path, options/reserved slow path) sees it. */
    assert_int_equal(pgov_sugov_next_freq(NULL, 512, 0, &raw), PGOV_EINVAL);
    static const struct {
        uint32_t max_cap, max_freq, options, reserved;
        uint64_t tick;
    } bad[] = {
        {1025, 3900000, 0, 0, 4 * MS}, {1024, 0, 0, 0, 4 * MS}, {1024, 3900000, 0, 0, 0},
        {1024, 3900000, 0, 1, 4 * MS}, {1024, 3900000, 2, 0, 4 * MS},
        {1024, 3900000, PGOV_SUGOV_OPT_NONINVARIANT, 1, 4 * MS},
        {0, 3900000, PGOV_SUGOV_OPT_NONINVARIANT, 0, 4 * MS},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct pgov_sugov_params q = p;
        q.max_cap = bad[i].max_cap;
        q.max_freq_khz = bad[i].max_freq;
        q.options = bad[i].options;
        q.kver = bad[i].reserved; /* kver 1: no release (`reserved` before 0.3) */
        q.tick_ns = bad[i].tick;
        raw = 77;
        int want = bad[i].reserved ? PGOV_ENOTSUP : PGOV_EINVAL;
        assert_int_equal(pgov_sugov_params_check(&q), want);
        assert_int_equal(pgov_sugov_next_freq(&q, 512, 2000000, &raw), want);
        assert_int_equal(raw, 77);
    }
    /* Non-invariant without a raw pointer; max_cap 1 is the smallest valid. */
    p.options = PGOV_SUGOV_OPT_NONINVARIANT;
    /* ref 1.25 * 3 GHz, perf 640/1024 of it */
    assert_int_equal(pgov_sugov_next_freq(&p, 512, 3000000, NULL), 2343750);
    p.options = 0;
    p.max_cap = 1;
    assert_int_equal(pgov_sugov_next_freq(&p, 1, 0, &raw), 3900000);
    assert_int_equal(raw, 3900000);
    p.max_cap = 1024;

    struct pgov_sugov_state s;
    struct pgov_sugov_result r;
    memset(&s, 0, sizeof(s));
    /* Boost ramps 128 -> 256 -> 512 -> 1024, once per evaluation. */
    uint64_t t = 10 * MS;
    uint32_t expect[] = {128, 256, 512, 1024, 1024};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(pgov_sugov_decide(&p, &s, t, PGOV_UPDATE_IOWAIT, 0, 0, &r), 0);
        assert_int_equal(r.boost_req, expect[k]);
        t += 2 * MS;
    }
    assert_int_equal(s.next_freq, 3900000);
    /* Held: a lower frequency is not taken while the CPU stayed busy. */
    t += 2 * MS;
    assert_int_equal(pgov_sugov_decide(&p, &s, t, 0, 0, 1, &r), 0);
    assert_int_equal(s.next_freq, 3900000);
    assert_int_equal(s.iowait_boost, 512);
    struct pgov_sugov_state before = s;
    assert_int_equal(pgov_sugov_decide(&p, &s, t, 4, 0, 0, &r), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_decide(&p, &s, t, 0, 0, 2, &r), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_decide(&p, NULL, t, 0, 0, 0, &r), PGOV_EINVAL);
    assert_memory_equal(&s, &before, sizeof(s));
    /* Limits change: need_update forces an evaluation inside the rate limit. */
    s.need_update = 1;
    p.max_khz = 2000000;
    assert_int_equal(pgov_sugov_decide(&p, &s, t + 1, 0, 0, 0, &r), 0);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(r.boost_util, 256); /* 512 halved: no new request */
    assert_int_equal(s.next_freq, 1600000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_loop_busy_idle),
        cmocka_unit_test(test_instance_matches_decide),
        cmocka_unit_test(test_counter_wrap),
        cmocka_unit_test(test_time_backwards_and_idle),
        cmocka_unit_test(test_c0_cutoff_option),
        cmocka_unit_test(test_remote_ignored),
        cmocka_unit_test(test_hal_errors),
        cmocka_unit_test(test_quiet_hook_errors),
        cmocka_unit_test(test_trace_off_quiet_hook),
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_v45_timer),
        cmocka_unit_test(test_v45_timer_jiffies),
        cmocka_unit_test(test_set_limits),
        cmocka_unit_test(test_rfc_variants),
        cmocka_unit_test(test_sugov),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
