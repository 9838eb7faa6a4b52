/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand / conservative bound to a HAL, driven closed-loop against
 * tests/util/fake_idle: sampling, errors that leave state, shared policies,
 * counters that wrap or go backwards.
 */
#include "dbs_fixture.h"

/* ------------------------------------------------------------------ closed loop */

static struct pgov_dbs *hal_gov(struct fake_idle *f, struct pgov_dbs_config *c)
{
    struct pgov_dbs *g = NULL;
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), c, &fake_idle_ops, f, &g), PGOV_OK);
    assert_ptr_equal(g, mem);
    return g;
}

static int in_t24(uint32_t khz)
{
    return khz >= 1600000 && khz <= 3900000 && khz % 100000 == 0;
}

/* Run @n sampling periods of @us each, checking the invariants on the way. */
static void run(struct pgov_dbs *g, struct fake_idle *f, uint64_t *now, int n, uint64_t us)
{
    for (int i = 0; i < n; i++) {
        fake_idle_advance(f, us);
        *now += us * 1000;
        assert_int_equal(pgov_dbs_update(g, *now, 0), PGOV_OK);
        struct pgov_dbs_status st = state_of(g);
        assert_int_equal(st.cur_khz, f->cur_khz);
        assert_true(st.cur_khz >= st.policy_min_khz && st.cur_khz <= st.policy_max_khz);
        assert_true(in_t24(f->cur_khz));
        assert_true(st.last.load <= 100);
    }
}

static void test_closed_loop_ondemand(void **state)
{
    (void)state;
    for (int v6 = 0; v6 <= 1; v6++) {
        struct fake_idle f;
        struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, v6 ? PGOV_KVER_6_18
                                                                  : PGOV_KVER_4_17);
        uint64_t now = 1000000000;
        fake_idle_init(&f, 1, 1600000, 3900000);
        c.tun.sampling_rate = 10000;
        struct pgov_dbs *g = hal_gov(&f, &c);
        assert_int_equal(f.set_calls, 0); /* cur already within limits */
        /* Fully busy: straight to max (load 100 > 95). */
        f.cpu[0].work_pct = 100;
        run(g, &f, &now, 5, 10000);
        assert_int_equal(f.cur_khz, 3900000);
        assert_int_equal(f.set_calls, 1);
        assert_true(f.traces >= 1);
        /* 30 % of max-frequency work: settles where busy share stays below 95 %. */
        f.cpu[0].work_pct = 30;
        run(g, &f, &now, 50, 10000);
        assert_true(f.cur_khz < 3900000);
        /* Idle: floor. load 0 -> 1600000 exactly. */
        f.cpu[0].work_pct = 0;
        run(g, &f, &now, 3, 10000);
        assert_int_equal(f.cur_khz, 1600000);

        /* Minutes of idle without hooks, then a busy sample: nothing breaks and the
         * previous load (0) is not reused, so the load is computed. */
        fake_idle_advance(&f, 120000000);
        now += 120000000000ull;
        run(g, &f, &now, 1, 10000);
        /* 2 h gap (te wraps modulo 2^32 us). Invariants hold. */
        f.cpu[0].work_pct = 100;
        fake_idle_advance(&f, 7200000000ull);
        now += 7200000000000ull;
        run(g, &f, &now, 3, 10000);
        assert_int_equal(f.cur_khz, 3900000);

        /* Hook clock going backwards: no evaluation, no HAL read. */
        uint32_t reads = f.reads;
        assert_int_equal(pgov_dbs_update(g, now - 5, 0), PGOV_OK);
        assert_int_equal(f.reads, reads);
        /* Another CPU's callback: ignored. */
        assert_int_equal(pgov_dbs_update_cpu(g, 7, now + 50000000, 0), PGOV_OK);
        assert_int_equal(f.reads, reads);
        uint64_t ev = state_of(g).evaluations;
        assert_int_equal(pgov_dbs_update_cpu(g, 0, now + 50000000, 0), PGOV_OK);
        assert_int_equal(state_of(g).evaluations, ev + 1);
    }
}

/* A backend bug (a positive return) is an error, never a success code:
 * it once made pgov_dbs_init() return 1 (PGOV_WARN_KERNEL) with *out NULL. */
static void test_hal_positive_return(void **state)
{
    (void)state;
    struct fake_idle f;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18);
    struct pgov_dbs *g = NULL;

    fake_idle_init(&f, 1, 1600000, 3900000);
    f.fail_read = 1;
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, &fake_idle_ops, &f, &g), PGOV_EIO);
    assert_null(g);
    f.fail_read = 0;
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, &fake_idle_ops, &f, &g), PGOV_OK);
    fake_idle_advance(&f, 100000);
    f.fail_read = 7;
    assert_int_equal(pgov_dbs_update(g, UINT64_C(1) << 40, 0), PGOV_EIO);
}

static void test_hal_errors_leave_state(void **state)
{
    (void)state;
    struct fake_idle f;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_18);
    uint64_t now = 1000000000;
    struct pgov_dbs_status a, b;
    struct pgov_dbs_cpu_status ca, cb;

    fake_idle_init(&f, 1, 1600000, 3900000);
    struct pgov_dbs *g = hal_gov(&f, &c);
    f.cpu[0].work_pct = 100;
    run(g, &f, &now, 3, 8000);
    a = state_of(g);
    pgov_dbs_get_cpu(g, 0, &ca);

    fake_idle_advance(&f, 8000);
    now += 8000000;
    /* Byte-identical, scratch included (the instance is in `mem`). */
    size_t n = pgov_dbs_size_cpus(1);
    static unsigned char raw[sizeof(mem)];
    memcpy(raw, mem, n);
    f.fail_read = PGOV_EIO;
    assert_int_equal(pgov_dbs_update(g, now, 0), PGOV_EIO);
    assert_memory_equal(raw, mem, n);
    f.fail_read = 0;
    f.fail_set = PGOV_EAGAIN;
    assert_int_equal(pgov_dbs_update(g, now, 0), PGOV_EAGAIN);
    assert_memory_equal(raw, mem, n);
    struct pgov_dbs_limits lim = {1600000, 2000000};
    assert_int_equal(pgov_dbs_set_limits(g, &lim), PGOV_EAGAIN);
    assert_memory_equal(raw, mem, n);
    b = state_of(g);
    pgov_dbs_get_cpu(g, 0, &cb);
    assert_memory_equal(&a, &b, sizeof(a));
    assert_memory_equal(&ca, &cb, sizeof(ca));
    /* Recovered backend: the same hook now goes through. conservative steps
     * 5 % of 3900000 = 195000 up from 2185000 (3 steps above 1600000). */
    f.fail_set = 0;
    assert_int_equal(a.requested_freq, 1600000 + 3 * 195000);
    assert_int_equal(pgov_dbs_update(g, now, 0), PGOV_OK);
    assert_int_equal(state_of(g).requested_freq, 1600000 + 4 * 195000);
    assert_int_equal(f.cur_khz, 2300000); /* 2380000 resolved with H(E) */
    /* Limits through the HAL: max below cur -> driver gets 2000000. */
    assert_int_equal(pgov_dbs_set_limits(g, &lim), PGOV_OK);
    assert_int_equal(f.cur_khz, 2000000);
    lim.min_khz = 2100000;
    assert_int_equal(pgov_dbs_set_limits(g, &lim), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits(g, NULL), PGOV_EINVAL);
    /* Stores through the HAL read the counters; a read error rejects them. */
    f.fail_read = PGOV_EIO;
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IGNORE_NICE_LOAD, 1, NULL, 0), PGOV_EIO);
    assert_int_equal(state_of(g).tun.ignore_nice_load, 0);
    f.fail_read = 0;
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IGNORE_NICE_LOAD, 1, NULL, 0), PGOV_OK);
    struct pgov_hw_idle s = {0};
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IGNORE_NICE_LOAD, 0, &s, 1), PGOV_EINVAL);
    /* Open-loop entries are refused on a bound instance. */
    assert_int_equal(pgov_dbs_should_sample(g, now + 1000000000), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_evaluate(g, &s, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_start(g, &s, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits_open(g, 1600000, 3900000, NULL), PGOV_EINVAL);
    /* init fails cleanly on a failing backend, during the read or the limits step. */
    struct pgov_dbs *g2 = NULL;
    f.fail_read = PGOV_EIO;
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, &fake_idle_ops, &f, &g2), PGOV_EIO);
    f.fail_read = 0;
    f.fail_set = PGOV_EIO;
    c.cur_khz = 3900000;
    c.policy_max_khz = 3000000;
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, &fake_idle_ops, &f, &g2), PGOV_EIO);
    assert_null(g2);
    /* A destroyed instance is refused, not trusted. */
    assert_int_equal(pgov_dbs_update(g, now, 0), PGOV_EINVAL);
}

static void test_two_cpu_policy(void **state)
{
    (void)state;
    struct fake_idle f;
    uint32_t cpus[2] = {0, 1};
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17);
    uint64_t now = 1000000000, next = 0;
    struct pgov_dbs_cpu_status c0, c1;

    fake_idle_init(&f, 2, 1600000, 3900000);
    c.ncpu = 2;
    c.cpus = cpus;
    c.cpu = 0;
    c.tun.sampling_rate = 10000;
    struct pgov_dbs *g = hal_gov(&f, &c);
    /* CPU 0 idle, CPU 1 at 40 % of max-frequency work: at 1.6 GHz that is
     * 40 * 39 / 16 = 97.5 % busy -> the policy load is CPU 1's. */
    f.cpu[1].work_pct = 40;
    fake_idle_advance(&f, 10000);
    now += 10000000;
    /* The hook of the second CPU evaluates the shared policy. */
    assert_int_equal(pgov_dbs_update_cpu(g, 1, now, 0), PGOV_OK);
    pgov_dbs_get_cpu(g, 0, &c0);
    pgov_dbs_get_cpu(g, 1, &c1);
    assert_int_equal(c0.load, 0);
    assert_int_equal(c1.load, 97);
    assert_int_equal(c1.cpu, 1);
    assert_int_equal(state_of(g).last.load, 97);
    assert_int_equal(f.cur_khz, 3900000);
    assert_int_equal(f.set_cpu, 0); /* requests go to the owning CPU */
    /* Timer entry: not due yet, reports the due time (10 ms * sdf 1 later). */
    assert_int_equal(pgov_dbs_timer(g, now + 1, &next), PGOV_OK);
    assert_int_equal(next, now + 10000000);
    assert_int_equal(pgov_dbs_timer(g, now, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_timer(NULL, now, &next), PGOV_EINVAL);
    fake_idle_advance(&f, 10000);
    assert_int_equal(pgov_dbs_timer(g, next, &next), PGOV_OK);
    assert_int_equal(next, now + 20000000);
    /* A read failure of the second CPU leaves both untouched. */
    f.fail_read = PGOV_EIO;
    f.fail_read_after = f.reads + 1;
    fake_idle_advance(&f, 10000);
    assert_int_equal(pgov_dbs_update(g, next, 0), PGOV_EIO);
    struct pgov_dbs_cpu_status c0b;
    pgov_dbs_get_cpu(g, 0, &c0b);
    assert_int_equal(c0b.prev_wall_us, 1000000 + 20000);
}

/* FNV-1a of @n bytes: "unchanged" without a second copy in RAM. */
static uint64_t fnv(const unsigned char *p, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

/* Issue 15: pgov_dbs_hook_gate() + pgov_dbs_work() is pgov_dbs_update_cpu()
 * in two halves: a twin instance driven through them makes the same
 * decisions and requests, and the gate writes nothing and calls no HAL. */
static void test_gate_and_work(void **state)
{
    (void)state;
    /* Small: the Cortex-M0 image has 16 KiB of RAM (g1 lives in mem; the
     * gate's "writes nothing" is checked with a hash, not a copy). 2 CPUs
     * with the table index: 512 bytes on Cortex-M, 560 on LP64. */
    static _Alignas(8) unsigned char m2[576];
    unsigned char *m1 = mem;
    struct fake_idle f1, f2;
    uint32_t cpus[2] = {0, 1};
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17);
    struct pgov_dbs *g1 = NULL, *g2 = NULL;
    struct pgov_dbs_status s1, s2;
    uint64_t now = 1000000000;
    size_t sz = pgov_dbs_size_cpus(2);
    unsigned evals = 0;

    assert_true(sz <= sizeof(m2) && sz <= sizeof(mem));
    c.ncpu = 2;
    c.cpus = cpus;
    c.tun.sampling_rate = 10000;
    fake_idle_init(&f1, 2, 1600000, 3900000);
    fake_idle_init(&f2, 2, 1600000, 3900000);
    assert_int_equal(pgov_dbs_init(m1, sizeof(mem), &c, &fake_idle_ops, &f1, &g1), PGOV_OK);
    assert_int_equal(pgov_dbs_init(m2, sizeof(m2), &c, &fake_idle_ops, &f2, &g2), PGOV_OK);
    for (unsigned k = 0; k < 60; k++) {
        uint32_t work = (k * 37u) % 101u, reads = f2.reads;
        f1.cpu[1].work_pct = f2.cpu[1].work_pct = work;
        fake_idle_advance(&f1, 4000);
        fake_idle_advance(&f2, 4000);
        now += 4000000; /* every 4 ms, so some hooks are not due */
        assert_int_equal(pgov_dbs_update_cpu(g1, 1, now, 0), PGOV_OK);
        uint64_t h = fnv(m2, sz);
        int due = pgov_dbs_hook_gate(g2, 1, now);
        assert_true(due == 0 || due == PGOV_DBS_DUE);
        assert_true(fnv(m2, sz) == h);
        assert_int_equal(f2.reads, reads);
        /* A CPU outside the policy never queues work. */
        assert_int_equal(pgov_dbs_hook_gate(g2, 7, now), 0);
        if (due) {
            assert_int_equal(pgov_dbs_work(g2, 1, now), PGOV_DBS_EVALUATED);
            evals++;
            /* Queued twice: the second finds nothing due and changes nothing. */
            h = fnv(m2, sz);
            assert_int_equal(pgov_dbs_work(g2, 1, now), 0);
            assert_true(fnv(m2, sz) == h);
        }
        assert_int_equal(pgov_dbs_get_status(g1, &s1), PGOV_OK);
        assert_int_equal(pgov_dbs_get_status(g2, &s2), PGOV_OK);
        assert_memory_equal(&s1, &s2, sizeof(s1));
        assert_int_equal(f1.cur_khz, f2.cur_khz);
        assert_int_equal(f1.set_calls, f2.set_calls);
    }
    /* 10 ms sampling, a hook every 4 ms over 240 ms: one evaluation per
     * 12 ms (the third hook after each), 20 in all. */
    assert_int_equal(evals, 20);
    assert_true(f2.set_calls > 2);
}

/* Counters misbehaving on real hardware: the idle counter going backwards
 * and the wall clock jumping back. Closed loop, both profiles. */
static void test_counters_backwards(void **state)
{
    (void)state;
    for (int v6 = 0; v6 <= 1; v6++) {
        struct fake_idle f;
        struct pgov_dbs_config c = base_cfg(PGOV_DBS_CONSERVATIVE, v6 ? PGOV_KVER_6_18
                                                                      : PGOV_KVER_4_17);
        uint64_t now = 1000000000;
        fake_idle_init(&f, 1, 1600000, 3900000);
        struct pgov_dbs *g = hal_gov(&f, &c);
        run(g, &f, &now, 2, 8000);
        /* idle 2 ms backwards over an 8 ms sample: load 100 in both (spec 3.3). */
        f.cpu[0].c.wall_us += 8000;
        f.cpu[0].c.idle_us -= 2000;
        now += 8000000;
        assert_int_equal(pgov_dbs_update(g, now, 0), PGOV_OK);
        assert_int_equal(state_of(g).last.load, 100);
        /* wall clock 1 s backwards: v4.17 sees a huge te (reuse of load 100,
         * then idle periods from the wrapped value); v6.18 sees te huge but
         * idle unchanged: it must not crash and cur stays in limits. */
        f.cpu[0].c.wall_us -= 1000000;
        now += 8000000;
        assert_int_equal(pgov_dbs_update(g, now, 0), PGOV_OK);
        run(g, &f, &now, 3, 8000);
    }
}

/* u32 wrap of idle_periods * step (spec 5.1): 220.26 s idle at 10 ms gives
 * 22026 periods; * 195000 kHz (5 % of 3.9 GHz) = 4295070000, which wraps to
 * 102704 kHz. From 3900000: 3797296 after the idle step, then one down step
 * (load 0 < 20): 3602296, requested with L -> 3700000. */
static void test_idle_period_wrap(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_CONSERVATIVE, PGOV_KVER_4_17);
    struct pgov_hw_idle s[1] = {snap(0, 0)};
    struct pgov_dbs_result r;

    c.tun.sampling_rate = 10000;
    c.cur_khz = 3900000;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    pgov_dbs_start(g, s, 1, &r);
    s[0] = snap(220260000, 220260000);
    pgov_dbs_evaluate(g, s, 1, &r);
    assert_int_equal(r.idle_periods, 22026);
    assert_int_equal(r.load, 0);
    assert_int_equal(r.fnext, 3602296);
    assert_int_equal(r.rel, PGOV_REL_L);
    assert_int_equal(r.cur_khz, 3700000);
    assert_int_equal(state_of(g).requested_freq, 3602296);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_loop_ondemand),
        cmocka_unit_test(test_hal_positive_return),
        cmocka_unit_test(test_hal_errors_leave_state),
        cmocka_unit_test(test_two_cpu_policy),
        cmocka_unit_test(test_gate_and_work),
        cmocka_unit_test(test_counters_backwards),
        cmocka_unit_test(test_idle_period_wrap),
    };
    return cmocka_run_group_tests(tests, setup_tables, NULL);
}
