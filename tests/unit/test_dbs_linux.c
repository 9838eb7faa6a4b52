/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand / conservative against Linux's arithmetic (spec/ondemand.md),
 * open loop: per-release rows, conservative's 7.x limits, wraps, deadband,
 * bias and step edges. Expected numbers worked by hand in the comments.
 */
#include "dbs_fixture.h"

/*
 * The 5.0 profile against evaluations Linux 6.1 made (tests/oracle capture:
 * the pgov-dummy driver's table, sampling_rate 10 ms, HZ=250). A late
 * sample with little idle is no "long idle" there: the load is measured,
 * where the v4.17 rule (wall time) reuses the previous one. Expected
 * values are the kernel's.
 */
/* The oracle's dummy driver policy (table 800..2400 MHz, HZ=250, 10 ms
 * samples), started at counters (wall, idle). */
static struct pgov_dbs *linux_policy(uint32_t gov, uint32_t kver, uint32_t cur, uint64_t wall,
                                     uint64_t idle, struct pgov_dbs_config *c)
{
    static const struct pgov_freq_entry dummy[] = {
        {800000, 0}, {1200000, 0}, {1600000, 0}, {2000000, 0}, {2400000, 0}};
    struct pgov_hw_idle s = snap(wall, idle);
    struct pgov_dbs *g;

    c->size = sizeof(*c);
    c->gov = gov;
    c->kver = kver;
    c->table = dummy;
    c->table_len = 5;
    c->cur_khz = cur;
    c->plat.hz = 250;
    c->tun_set |= 1u << PGOV_DBS_SAMPLING_RATE;
    c->tun.sampling_rate = 10000;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), c, &g), PGOV_OK);
    assert_int_equal(pgov_dbs_start(g, &s, 1, NULL), PGOV_OK);
    return g;
}

/* A conservative config for linux_policy(): the tunables of a phase of the
 * oracle workload and the guest's 6.1 stable update. */
static void cs_phase(struct pgov_dbs_config *c, uint32_t up, uint32_t down, uint32_t step,
                     uint32_t stable)
{
    memset(c, 0, sizeof(*c));
    c->tun_set = (1u << PGOV_DBS_UP_THRESHOLD) | (1u << PGOV_DBS_DOWN_THRESHOLD) |
                 (1u << PGOV_DBS_FREQ_STEP);
    c->tun.up_threshold = up;
    c->tun.down_threshold = down;
    c->tun.freq_step = step;
    c->kver_stable = stable;
}

/* One evaluation at counters (wall, idle). */
static struct pgov_dbs_result linux_eval(struct pgov_dbs *g, uint64_t wall, uint64_t idle)
{
    struct pgov_hw_idle s = snap(wall, idle);
    struct pgov_dbs_result r;

    assert_int_equal(pgov_dbs_evaluate(g, &s, 1, &r), PGOV_OK);
    return r;
}

static void test_v50_linux_rows(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_dbs_result r;
    struct pgov_dbs_cpu_status cs;
    struct pgov_dbs_config c;

    memset(&c, 0, sizeof(c));
    g = linux_policy(PGOV_DBS_ONDEMAND, PGOV_KVER_6_1, 2400000, 15246733, 2990907, &c);
    r = linux_eval(g, 15251055, 2990907); /* 4.3 ms busy: load 100, at max already */
    assert_int_equal(r.load, 100);
    assert_int_equal(r.cur_khz, 2400000);
    r = linux_eval(g, 15275030, 2996422); /* wall 23 975 us > 2 x 10 ms, idle 5 515 us */
    assert_int_equal(r.load, 76);
    assert_true(r.flags & PGOV_DBS_RES_CHG);
    assert_int_equal(r.cur_khz, 2000000);
    assert_int_equal(r.delay_us, 10000);
    assert_int_equal(pgov_dbs_get_cpu(g, 0, &cs), PGOV_OK);
    assert_int_equal(cs.prev_load, 76);

    /* conservative: 137.5 ms without idle at the maximum: load 100, no idle
     * periods, no request (v4.17 would step down 13 periods). */
    memset(&c, 0, sizeof(c));
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 2400000, 45596481, 3582023, &c);
    r = linux_eval(g, 45733991, 3582023);
    assert_int_equal(r.load, 100);
    assert_false(r.flags & PGOV_DBS_RES_CHG);
    assert_int_equal(r.cur_khz, 2400000);
    assert_int_equal(r.idle_periods, PGOV_DBS_NONE);
    assert_int_equal(state_of(g).requested_freq, 2400000);
    assert_int_equal(state_of(g).down_skip, 0);
    /* conservative down step (up 60, down 40, step 25 % = 600 MHz) from
     * 1.2 GHz: Linux 6.1.192 stops at policy->min and stores it (6.1.178's
     * change; v4.17 and the spec's v6.18 store 600 MHz). */
    cs_phase(&c, 60, 40, 25, 192);
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 1200000, 57184334, 3909371, &c);
    r = linux_eval(g, 57198686, 3920959);
    assert_int_equal(r.load, 19);
    assert_true(r.flags & PGOV_DBS_RES_CHG);
    assert_int_equal(r.cur_khz, 800000);
    assert_int_equal(state_of(g).requested_freq, 800000);
    /* The same step on Linux 6.1.176 (CI's guest): load 35, the driver gets
     * 800 MHz but 600 MHz is stored; a limits change (6.1.168's reset)
     * then stores policy->cur. */
    c.kver_stable = 176;
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 1200000, 55676708, 4644105, &c);
    r = linux_eval(g, 55690729, 4653193);
    assert_int_equal(r.load, 35);
    assert_int_equal(r.cur_khz, 800000);
    assert_int_equal(state_of(g).requested_freq, 600000);
    assert_int_equal(pgov_dbs_set_limits_open(g, 800000, 2400000, &r), PGOV_OK);
    assert_int_equal(state_of(g).requested_freq, 800000);
    /* Before 6.1.168 the limits change leaves it below the minimum. */
    c.kver_stable = 167;
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 1200000, 55676708, 4644105, &c);
    r = linux_eval(g, 55690729, 4653193);
    assert_int_equal(state_of(g).requested_freq, 600000);
    assert_int_equal(pgov_dbs_set_limits_open(g, 800000, 2400000, &r), PGOV_OK);
    assert_int_equal(state_of(g).requested_freq, 600000);
    /* 6.1 without a stable number is 6.1.0; an impossible one is refused. */
    c.kver_stable = 0;
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 1200000, 55676708, 4644105, &c);
    r = linux_eval(g, 55690729, 4653193);
    assert_int_equal(state_of(g).requested_freq, 600000);
    c.kver_stable = PGOV_DBS_KVER_STABLE_MAX + 1;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_EINVAL);
    /* Linux 6.1.192, cpu 2 (up 80, down 20, step 5 % = 120 MHz) from 800
     * MHz: two up steps ask 920 and 1040 MHz with relation H, which leaves
     * 800 MHz; then load 4 steps down although policy->cur is the minimum:
     * 920 MHz stored, relation L gives 1.2 GHz. */
    cs_phase(&c, 80, 20, 5, 192);
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 800000, 60922937, 6483033, &c);
    r = linux_eval(g, 60932937, 6483033);
    assert_int_equal(r.cur_khz, 800000);
    r = linux_eval(g, 60942937, 6483033);
    assert_int_equal(r.cur_khz, 800000);
    assert_int_equal(state_of(g).requested_freq, 1040000);
    r = linux_eval(g, 60961053, 6500390);
    assert_int_equal(r.load, 4);
    assert_true(r.flags & PGOV_DBS_RES_CHG);
    assert_int_equal(r.cur_khz, 1200000);
    assert_int_equal(state_of(g).requested_freq, 920000);
    /* At policy->cur == min 6.1.192 still stores the step: after an up
     * step the table rounded down (800 + 5 % = 920 MHz, cur 800 MHz), a
     * load of 12 stores 800 MHz without asking the driver (a capture row;
     * the rule before it kept 920 MHz). */
    cs_phase(&c, 80, 20, 5, 192); /* the defaults, given */
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 800000, 67207222, 9685100, &c);
    r = linux_eval(g, 67217222, 9685100); /* 10 ms busy: up 5 % */
    assert_int_equal(r.load, 100);
    assert_false(r.flags & PGOV_DBS_RES_CHG);
    assert_int_equal(state_of(g).requested_freq, 920000);
    r = linux_eval(g, 67224669, 9691598);
    assert_int_equal(r.load, 12);
    assert_false(r.flags & PGOV_DBS_RES_CHG);
    assert_int_equal(r.cur_khz, 800000);
    assert_int_equal(state_of(g).requested_freq, 800000);
    /* The 137.5 ms busy samples under v4.17: the wall-time rule counts 13
     * idle periods. */
    memset(&c, 0, sizeof(c));
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_4_17, 2400000, 45596481, 3582023, &c);
    r = linux_eval(g, 45733991, 3582023);
    assert_int_equal(r.idle_periods, 13);
    assert_true(r.flags & PGOV_DBS_RES_CHG);
}

/* conservative's changes after v6.18 (docs/spec/delta-7.3.md 1.5): the
 * limits reset (7.0), no early exits and the min floor (7.2), the
 * sample-load gate (7.3), and the 6.12 stable updates that took them in
 * (6.12.80, .97, .117). Expected values worked out from the prose. */
static uint32_t cs_down_then_limits(uint32_t kver, uint32_t stable, uint32_t *stored)
{
    struct pgov_dbs_config c;
    struct pgov_dbs_result r;
    struct pgov_dbs *g;

    /* up 60, down 40, step 25 % = 600 MHz; load 35 from 1.2 GHz. */
    cs_phase(&c, 60, 40, 25, stable);
    g = linux_policy(PGOV_DBS_CONSERVATIVE, kver, 1200000, 55676708, 4644105, &c);
    r = linux_eval(g, 55690729, 4653193);
    assert_int_equal(r.load, 35);
    assert_int_equal(r.cur_khz, 800000);
    *stored = state_of(g).requested_freq;
    assert_int_equal(pgov_dbs_set_limits_open(g, 800000, 2400000, &r), PGOV_OK);
    return state_of(g).requested_freq;
}

static void test_cs_7x(void **state)
{
    (void)state;
    static const struct {
        uint32_t kver, stable, stored, after_limits;
    } rows[] = {
        {PGOV_KVER_6_19, 0, 600000, 600000},  /* the spec's v6.18 form */
        {PGOV_KVER_7_0, 0, 600000, 800000},   /* limits reset */
        {PGOV_KVER(7, 1), 0, 600000, 800000},
        {PGOV_KVER_7_2, 0, 800000, 800000},   /* floor at policy->min */
        {PGOV_KVER_7_3, 0, 800000, 800000},
        {PGOV_KVER_LATEST, 0, 800000, 800000},
        {PGOV_KVER_6_12, 0, 600000, 600000},  /* 6.12.0 */
        {PGOV_KVER_6_12, 79, 600000, 600000},
        {PGOV_KVER_6_12, 80, 600000, 800000},
        {PGOV_KVER_6_12, 97, 800000, 800000},
        {PGOV_KVER(6, 13), 97, 600000, 600000}, /* stable numbers of 6.12 only */
    };
    struct pgov_dbs_config c;
    struct pgov_dbs_result r;
    struct pgov_dbs *g;
    uint32_t stored;

    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        uint32_t after = cs_down_then_limits(rows[i].kver, rows[i].stable, &stored);
        if (stored != rows[i].stored || after != rows[i].after_limits)
            fail_msg("row %zu: stored %u after limits %u", i, (unsigned)stored, (unsigned)after);
    }

    /* 7.2: load above up_threshold at policy->max asks for the maximum
     * again (no early exit); 7.1 returns without a request. */
    cs_phase(&c, 80, 20, 5, 0);
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_7_2, 2400000, 1000000, 500000, &c);
    r = linux_eval(g, 1010000, 500000);
    assert_int_equal(r.load, 100);
    assert_true(r.flags & PGOV_DBS_RES_FNEXT);
    assert_int_equal(r.fnext, 2400000);
    assert_false(r.flags & PGOV_DBS_RES_CHG);
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER(7, 1), 2400000, 1000000, 500000, &c);
    r = linux_eval(g, 1010000, 500000);
    assert_false(r.flags & (PGOV_DBS_RES_FNEXT | PGOV_DBS_RES_REQ));

    /* 7.3 gate: 30 ms idle in a 1 s window (3 idle periods) but a fresh
     * load of 97: 7.2 takes 3 x 120 MHz off before the up step (2000 -
     * 360 + 120 = 1760 MHz, relation H: 1.6 GHz); 7.3 and 6.12.117 do not
     * (2120 MHz, H: 2.0 GHz). */
    static const struct {
        uint32_t kver, stable, req, cur;
    } gate[] = {{PGOV_KVER_7_2, 0, 1760000, 1600000},
                {PGOV_KVER_7_3, 0, 2120000, 2000000},
                {PGOV_KVER_6_12, 116, 1760000, 1600000},
                {PGOV_KVER_6_12, 117, 2120000, 2000000}};
    for (size_t i = 0; i < sizeof(gate) / sizeof(gate[0]); i++) {
        cs_phase(&c, 80, 20, 5, gate[i].stable);
        g = linux_policy(PGOV_DBS_CONSERVATIVE, gate[i].kver, 2000000, 1000000, 500000, &c);
        r = linux_eval(g, 2000000, 530000);
        assert_int_equal(r.load, 97);
        assert_int_equal(r.idle_periods, 3);
        assert_int_equal(state_of(g).requested_freq, gate[i].req);
        assert_int_equal(r.cur_khz, gate[i].cur);
    }
    /* Gate open (fresh load 10 < 20): 4 idle periods and a down step in
     * both, 2000 - 480 - 120 = 1400 MHz. */
    cs_phase(&c, 80, 20, 5, 0);
    g = linux_policy(PGOV_DBS_CONSERVATIVE, PGOV_KVER_7_3, 2000000, 1000000, 500000, &c);
    r = linux_eval(g, 1050000, 545000);
    assert_int_equal(r.load, 10);
    assert_int_equal(r.idle_periods, 4);
    assert_int_equal(state_of(g).requested_freq, 1400000);
    assert_int_equal(r.cur_khz, 1600000);
}

static void test_open_loop_contract(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17);
    struct pgov_hw_idle s[2] = {snap(1000, 1000), snap(1000, 1000)};
    struct pgov_dbs_result r;
    uint64_t next;

    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    assert_int_equal(pgov_dbs_evaluate(g, s, 1, &r), PGOV_EINVAL); /* not started */
    assert_int_equal(pgov_dbs_set_limits_open(g, 1600000, 3900000, &r), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_should_sample(g, 1), PGOV_EINVAL); /* not started */
    assert_int_equal(pgov_dbs_start(g, s, 2, &r), PGOV_EINVAL); /* one CPU */
    assert_int_equal(pgov_dbs_start(g, NULL, 1, &r), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_start(NULL, s, 1, &r), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_start(g, s, 1, &r), PGOV_OK);
    /* The HAL entries have nothing to talk to. */
    assert_int_equal(pgov_dbs_update(g, 1, 0), PGOV_ENOSYS);
    assert_int_equal(pgov_dbs_timer(g, 1, &next), PGOV_ENOSYS);
    struct pgov_dbs_limits lim = {1600000, 3900000};
    assert_int_equal(pgov_dbs_set_limits(g, &lim), PGOV_ENOSYS);

    /* First hook always evaluates (delay 0 after start), at time 0 too. */
    assert_int_equal(pgov_dbs_should_sample(g, 0), PGOV_DBS_DUE);
    /* 10 ms later, 4 ms idle: load = 100 * 6000 / 10000 = 60. cpuinfo step:
     * 1600000 + 60 * 2300000 / 100 = 2980000 -> C -> 3000000. */
    s[0] = snap(11000, 5000);
    assert_int_equal(pgov_dbs_evaluate(g, s, 1, &r), PGOV_OK);
    assert_int_equal(r.load, 60);
    assert_int_equal(r.fnext, 2980000);
    assert_int_equal(r.req_khz, 2980000);
    assert_int_equal(r.rel, PGOV_REL_C);
    assert_int_equal(r.cur_khz, 3000000);
    assert_int_equal(r.index, 14);
    /* v4.17 default at HZ=250 without latency: max(8000, 1000). */
    assert_int_equal(r.delay_us, 8000);
    assert_int_equal(r.flags, PGOV_DBS_RES_EVAL | PGOV_DBS_RES_FNEXT | PGOV_DBS_RES_REQ |
                                  PGOV_DBS_RES_CHG);
    /* Gate: 7.999999 ms after the last fire is too early; 8 ms fires. */
    assert_int_equal(pgov_dbs_should_sample(g, 7999999), 0);
    assert_int_equal(pgov_dbs_should_sample(g, 8000000), PGOV_DBS_DUE);
    /* Going backwards never fires. */
    assert_int_equal(pgov_dbs_should_sample(g, 5), 0);
    assert_int_equal(pgov_dbs_should_sample(NULL, 5), PGOV_EINVAL);

    /* Limits: max below cur -> request max, relation H; inverted -> EINVAL. */
    assert_int_equal(pgov_dbs_set_limits_open(g, 1600000, 2500000, &r), PGOV_OK);
    assert_int_equal(r.req_khz, 2500000);
    assert_int_equal(r.rel, PGOV_REL_H);
    assert_int_equal(r.cur_khz, 2500000);
    assert_int_equal(r.delay_us, 0);
    struct pgov_dbs_status before = state_of(g), after;
    assert_int_equal(pgov_dbs_set_limits_open(g, 2500000, 1600000, &r), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits_open(g, 1000000, 1600000, &r), PGOV_EINVAL);
    after = state_of(g);
    assert_memory_equal(&before, &after, sizeof(before));
    assert_int_equal(pgov_dbs_get_cpu(g, 1, &(struct pgov_dbs_cpu_status){0}), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_get_cpu(g, 0, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_get_status(NULL, &before), PGOV_EINVAL);
}

/* The u32 wraps of spec 3.3 on hand-made counters. */
static void test_wraps(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_hw_idle s[1];
    struct pgov_dbs_result r;
    struct pgov_dbs_cpu_status cs;

    for (int v6 = 0; v6 <= 1; v6++) {
        struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, v6 ? PGOV_KVER_6_18
                                                                  : PGOV_KVER_4_17);
        c.tun.sampling_rate = 10000;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
        s[0] = snap(0, 0);
        assert_int_equal(pgov_dbs_start(g, s, 1, &r), PGOV_OK);
        /* 10 ms, 5 ms idle: load 50, remembered as prev_load. */
        s[0] = snap(10000, 5000);
        pgov_dbs_evaluate(g, s, 1, &r);
        assert_int_equal(r.load, 50);
        /* 60 s fully busy. 100 * 60e6 = 6e9 wraps to 1705032704; / 60e6 = 28.
         * v6.18 (long idle keyed on idle time) shows 28 at once; v4.17 sees a
         * 60 s wall gap > 2 * 10 ms and reuses the previous load (50) once. */
        s[0] = snap(60010000, 5000);
        pgov_dbs_evaluate(g, s, 1, &r);
        assert_int_equal(r.load, v6 ? 28 : 50);
        assert_int_equal(r.idle_periods, v6 ? PGOV_DBS_NONE : 6000); /* 60e6 / 1e4 */
        pgov_dbs_get_cpu(g, 0, &cs);
        assert_int_equal(cs.prev_load, v6 ? 28 : 0);
        /* Idle counter 1 ms backwards over a 10 ms sample: v4.17 wraps to
         * 0xfffffc18 (bit 31 set) -> 100; v6.18 clamps idle to 0 -> 100. */
        s[0] = snap(60020000, 4000);
        pgov_dbs_evaluate(g, s, 1, &r);
        assert_int_equal(r.load, 100);
        /* Idle delta larger than wall delta (skew): load 0 in both. */
        s[0] = snap(60030000, 16000);
        pgov_dbs_evaluate(g, s, 1, &r);
        assert_int_equal(r.load, 0);
        /* Zero wall delta: the previous load (0 now) is reported, kept. */
        pgov_dbs_evaluate(g, s, 1, &r);
        assert_int_equal(r.load, 0);
    }
}

/* The deadband variant: load 30 on pcc (1.2-2.4 GHz): 30 * 2400000 / 100 =
 * 720000, below cpuinfo.min, so the request clamps to policy.min. */
static void test_deadband(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17);
    struct pgov_hw_idle s[1] = {snap(0, 0)};
    struct pgov_dbs_result r;

    c.table = NULL;
    c.table_len = 0;
    c.cpuinfo_min_khz = 1200000;
    c.cpuinfo_max_khz = 2400000;
    c.cur_khz = 2400000;
    c.variant = PGOV_DBS_VARIANT_DEADBAND;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    pgov_dbs_start(g, s, 1, &r);
    s[0] = snap(10000, 7000);
    pgov_dbs_evaluate(g, s, 1, &r);
    assert_int_equal(r.load, 30);
    assert_int_equal(r.fnext, 720000);
    assert_int_equal(r.rel, PGOV_REL_L);
    assert_int_equal(r.cur_khz, 1200000);
    /* Without the variant: 1200000 + 30 * 1200000 / 100 = 1560000, exact (no table). */
    c.variant = 0;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    s[0] = snap(0, 0);
    pgov_dbs_start(g, s, 1, &r);
    s[0] = snap(10000, 7000);
    pgov_dbs_evaluate(g, s, 1, &r);
    assert_int_equal(r.cur_khz, 1560000);
    assert_int_equal(r.index, PGOV_DBS_NONE);
}

/* Corner paths of powersave_bias and conservative (spec 4.3, 5.1). */
static void test_bias_and_step_edges(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_hw_idle s[1];
    struct pgov_dbs_result r;
    struct pgov_dbs_config c;

    /* No table: the bias has nothing to split; load 30 -> 1560000 exactly. */
    for (int db = 0; db <= 1; db++) {
        c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17);
        c.table = NULL;
        c.table_len = 0;
        c.cpuinfo_min_khz = 1200000;
        c.cpuinfo_max_khz = 2400000;
        c.cur_khz = 2400000;
        c.variant = db ? PGOV_DBS_VARIANT_DEADBAND : 0;
        c.tun.powersave_bias = 500;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
        s[0] = snap(0, 0);
        pgov_dbs_start(g, s, 1, &r);
        s[0] = snap(10000, 7000);
        pgov_dbs_evaluate(g, s, 1, &r);
        assert_int_equal(r.cur_khz, db ? 1200000 : 1560000);
        assert_int_equal(state_of(g).sample_type, PGOV_DBS_SAMPLE_NORMAL);
        assert_int_equal(state_of(g).freq_lo, 0);
    }

    /* Every entry flagged inefficient (v6.18 bias skips flags): the split
     * falls back to the plain search instead of indexing before the table. */
    static const struct pgov_freq_entry allf[] = {{1000000, PGOV_FREQ_INEFFICIENT},
                                                  {2000000, PGOV_FREQ_INEFFICIENT}};
    /* Unsorted table: the bias uses the kernel's non-ascending search. */
    static const struct pgov_freq_entry uns[] = {{1200000, 0}, {2400000, 0}, {800000, 0},
                                                 {1800000, 0}};
    for (int k = 0; k < 2; k++) {
        c = base_cfg(PGOV_DBS_ONDEMAND, k ? PGOV_KVER_4_17 : PGOV_KVER_6_18);
        c.table = k ? uns : allf;
        c.table_len = k ? 4 : 2;
        c.cur_khz = 2000000;
        c.tun.powersave_bias = 300;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
        s[0] = snap(0, 0);
        pgov_dbs_start(g, s, 1, &r);
        for (uint64_t i = 1; i <= 6; i++) {
            s[0] = snap(10000 * i, 10000 * i - 6000 * (i % 2));
            assert_int_equal(pgov_dbs_evaluate(g, s, 1, &r), PGOV_OK);
            struct pgov_dbs_status st = state_of(g);
            int found = 0;
            for (uint32_t j = 0; j < c.table_len; j++)
                found |= c.table[j].khz == st.cur_khz;
            assert_true(found);
        }
    }

    /* conservative freq_step 0: frozen, no request, requested_freq kept. */
    c = base_cfg(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_18);
    c.tun_set = 1u << PGOV_DBS_FREQ_STEP;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    s[0] = snap(0, 0);
    pgov_dbs_start(g, s, 1, &r);
    s[0] = snap(10000, 0);
    pgov_dbs_evaluate(g, s, 1, &r);
    assert_int_equal(r.load, 100);
    assert_false(r.flags & PGOV_DBS_RES_REQ);
    assert_int_equal(state_of(g).requested_freq, 1600000);

    /* A step that rounds to 0 becomes 5 kHz: 1 % of 90 kHz = 0. */
    c = base_cfg(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_18);
    c.table = NULL;
    c.table_len = 0;
    c.cpuinfo_min_khz = 20;
    c.cpuinfo_max_khz = 90;
    c.cur_khz = 50;
    c.tun.freq_step = 1;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    s[0] = snap(0, 0);
    pgov_dbs_start(g, s, 1, &r);
    s[0] = snap(10000, 0);
    pgov_dbs_evaluate(g, s, 1, &r);
    assert_int_equal(r.req_khz, 55);
    assert_int_equal(r.cur_khz, 55);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v50_linux_rows),
        cmocka_unit_test(test_cs_7x),
        cmocka_unit_test(test_open_loop_contract),
        cmocka_unit_test(test_wraps),
        cmocka_unit_test(test_deadband),
        cmocka_unit_test(test_bias_and_step_edges),
    };
    return cmocka_run_group_tests(tests, setup_tables, NULL);
}
