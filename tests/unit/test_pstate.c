/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * intel_pstate: fixed-point error paths, profile resolution and tunable
 * validation, layout of the public structs, bounds, the decision function's
 * errors and every argument check. The governor instance closed-loop:
 * test_pstate_instance.c; HWP: test_pstate_hwp.c.
 */
#include "pstate_fixture.h"

/* ---- layout ---------------------------------------------------------- */

_Static_assert(sizeof(struct pgov_pstate_state) == 104, "state layout");
_Static_assert(offsetof(struct pgov_pstate_state, core) == 80, "state layout");
_Static_assert(offsetof(struct pgov_pstate_state, pstate) == 100, "state layout");
_Static_assert(sizeof(struct pgov_pstate_params) == 56, "params layout");
_Static_assert(sizeof(struct pgov_pstate_limits) == 40, "limits layout");
_Static_assert(offsetof(struct pgov_pstate_limits, hwp_request) == 24, "limits layout");
_Static_assert(sizeof(struct pgov_pstate_config) == 120, "config layout");
_Static_assert(offsetof(struct pgov_pstate_config, limits) == 72, "config layout");
_Static_assert(sizeof(struct pgov_pstate_input) == 48, "input layout");
_Static_assert(sizeof(struct pgov_pstate_result) == 64, "result layout");
_Static_assert(sizeof(struct pgov_pstate_bounds) == 16, "bounds layout");
_Static_assert(sizeof(struct pgov_pstate_shared) == 16, "shared layout");
_Static_assert(sizeof(struct pgov_pstate_status) == 56, "status layout");
_Static_assert(sizeof(struct pgov_hwp_boost_state) == 24, "hwp layout");
_Static_assert(sizeof(struct pgov_hwp_boost_params) == 32, "hwp layout");
_Static_assert(sizeof(struct pgov_sugov_state) == 40, "sugov layout");
_Static_assert(sizeof(struct pgov_sugov_params) == 40, "sugov layout");
_Static_assert(sizeof(struct pgov_hwp_boost_result) == 16, "hwp result layout");
_Static_assert(sizeof(struct pgov_sugov_result) == 32, "sugov layout");

/* ---- fixed-point error paths ------------------------------------------ */

static void test_fixed_errors(void **st)
{
    (void)st;
    int32_t r = 7;
    uint64_t u = 7;
    assert_int_equal(pgov_fixed_div(1, 0, &r), PGOV_EDOM);
    assert_int_equal(r, 7);
    assert_int_equal(pgov_fixed_div(1, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_fixed_div_ext(1, 0, &u), PGOV_EDOM);
    assert_int_equal(u, 7);
    assert_int_equal(pgov_fixed_div_ext(1, 1, NULL), PGOV_EINVAL);
    /* INT64_MIN / -1 traps on x86; here it wraps and stays defined. */
    assert_int_equal(pgov_fixed_div(INT64_MIN, -1, &r), 0);
    assert_int_equal(r, 0);
    /* Rounding directions the spec insists on. */
    assert_int_equal(pgov_fixed_mul(-1, 1), -1);
    assert_int_equal(pgov_fixed_div(-1, 257, &r), 0);
    assert_int_equal(r, 0);
    assert_int_equal(pgov_fixed_percent(20), 51);
    assert_int_equal(pgov_fixed_percent(14), 35);
    assert_int_equal(pgov_fixed_ceiling(257), 2);
    assert_int_equal(pgov_fixed_ceiling(-257), -1);
}

/* ---- profile resolution and validation ------------------------------- */

static void test_profiles(void **st)
{
    (void)st;
    static const struct {
        uint32_t policy, kver;
        int rc;
        uint32_t prof;
    } t[] = {
        {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5, 0, PGOV_PSTATE_PROF_PID_4_5},
        {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6, 0, PGOV_PSTATE_PROF_PID_4_6},
        {PGOV_PSTATE_POLICY_PID, PGOV_KVER(4, 12), 0, PGOV_PSTATE_PROF_PID_4_6},
        {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_13, 0, PGOV_PSTATE_PROF_PID_4_13},
        {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_14, PGOV_ENOTSUP, 0},
        {PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_4, PGOV_ENOTSUP, 0},
        {PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_5, 0, PGOV_PSTATE_PROF_ATOM_4_5},
        {PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER(4, 8), 0, PGOV_PSTATE_PROF_ATOM_4_6},
        {PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER(4, 9), PGOV_ENOTSUP, 0},
        {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER(4, 12), PGOV_ENOTSUP, 0},
        {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_13, 0, PGOV_PSTATE_PROF_LOAD_4_13},
        {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_14, 0, PGOV_PSTATE_PROF_LOAD_4_17},
        {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER(5, 0), 0, PGOV_PSTATE_PROF_LOAD_4_17},
        {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_5_1, 0, PGOV_PSTATE_PROF_LOAD_6_19},
        {PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_LATEST, 0, PGOV_PSTATE_PROF_LOAD_6_19},
        {PGOV_PSTATE_POLICY_HWP_BOOST, PGOV_KVER_4_17, PGOV_ENOTSUP, 0},
        {PGOV_PSTATE_POLICY_HWP_BOOST, PGOV_KVER(4, 18), 0, PGOV_PSTATE_PROF_HWP_BOOST_6_19},
        {PGOV_PSTATE_POLICY_DEFAULT, PGOV_KVER_4_13, 0, PGOV_PSTATE_PROF_PID_4_13},
        {PGOV_PSTATE_POLICY_DEFAULT, PGOV_KVER_LATEST, 0, PGOV_PSTATE_PROF_LOAD_6_19},
        {PGOV_PSTATE_POLICY_DEFAULT, PGOV_KVER_NEWEST + 1, PGOV_ENOTSUP, 0},
        {99, PGOV_KVER_4_13, PGOV_EINVAL, 0},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        struct pgov_pstate_config c = cfg_for(t[i].policy, t[i].kver);
        struct pgov_pstate_params p;
        memset(&p, 0xAB, sizeof(p));
        assert_int_equal(pgov_pstate_params_init(&p, &c), t[i].rc);
        if (t[i].rc == 0)
            assert_int_equal(p.profile, t[i].prof);
        else
            assert_int_equal(p.profile, 0xABABABABu);
    }
}

static void test_tunables(void **st)
{
    (void)st;
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    struct pgov_pstate_params p;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.setpoint_fp, 97 * 256);
    assert_int_equal(p.p_gain, 51);
    assert_int_equal(p.i_gain, 0);
    assert_int_equal(p.sample_ns, 10 * MS);
    assert_int_equal(p.tick_ns, 4 * MS);

    c = cfg_for(PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_6);
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.setpoint_fp, 60 * 256);
    assert_int_equal(p.p_gain, 35);
    assert_int_equal(p.i_gain, 10);
    c.i_gain_pct = PGOV_PSTATE_PCT_ZERO;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.i_gain, 0);
    /* The one convention (gov.h): a tun_set bit takes the field literally. */
    c.i_gain_pct = 0;
    c.tun_set = PGOV_PSTATE_SET_I_GAIN;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.i_gain, 0);
    assert_int_equal(p.p_gain, 35); /* no bit: 0 is the default */
    c.tun_set = PGOV_PSTATE_SET_P_GAIN | PGOV_PSTATE_SET_D_GAIN;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.p_gain, 0);
    assert_int_equal(p.i_gain, 10);
    assert_int_equal(p.d_gain, 0);
    c.p_gain_pct = 50; /* a bit on a non-zero value changes nothing */
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.p_gain, 128);
    c.tun_set = 0;

#define BAD(field, val, code)                                                                      \
    do {                                                                                           \
        struct pgov_pstate_config b = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);              \
        b.field = val;                                                                             \
        assert_int_equal(pgov_pstate_params_init(&p, &b), code);                                   \
    } while (0)
    BAD(p_gain_pct, 101, PGOV_EINVAL);
    BAD(tun_set, PGOV_PSTATE_SET_ALL + 1, PGOV_EINVAL);
    BAD(reserved3, 1, PGOV_EINVAL);
    BAD(setpoint_pct, 101, PGOV_EINVAL);
    BAD(deadband_pct, 101, PGOV_EINVAL);
    BAD(sample_interval_ns, 999, PGOV_EINVAL);
    BAD(tick_ns, 2000000000ull, PGOV_EINVAL);
    BAD(hz, 100001, PGOV_EINVAL);
    BAD(options, PGOV_PSTATE_OPT_RFC_IO_PERCPU, PGOV_EINVAL); /* RFC only on 4.13 load */
    BAD(aperf_mperf_shift, 10, PGOV_EINVAL);                  /* no shift before 4.13 */
    BAD(size, 8, PGOV_E2BIG);
#undef BAD
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_13);
    c.options = PGOV_PSTATE_OPT_RFC_IO_PERCPU | PGOV_PSTATE_OPT_RFC_IO_ALL;
    assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);
    c.options = 4;
    assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);

    /* A bigger struct from a newer caller: zero tail accepted, else E2BIG. */
    struct {
        struct pgov_pstate_config c;
        uint32_t extra[2];
    } big;
    memset(&big, 0, sizeof(big));
    big.c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    big.c.size = sizeof(big);
    assert_int_equal(pgov_pstate_params_init(&p, &big.c), 0);
    big.extra[1] = 1;
    assert_int_equal(pgov_pstate_params_init(&p, &big.c), PGOV_E2BIG);
    assert_int_equal(pgov_pstate_params_init(NULL, &c), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_params_init(&p, NULL), PGOV_EINVAL);

    /* A 0.1 caller's config, PGOV_PSTATE_CONFIG_SIZE_V1 bytes in a buffer
     * that ends there (ASan sees a read past it): the same parameters. */
    struct pgov_pstate_params full;
    c = cfg_for(PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_6);
    c.p_gain_pct = 30;
    assert_int_equal(pgov_pstate_params_init(&full, &c), 0);
    assert_true(PGOV_PSTATE_CONFIG_SIZE_V1 < sizeof(c));
    c.size = (uint32_t)PGOV_PSTATE_CONFIG_SIZE_V1;
    unsigned char *v1 = malloc(PGOV_PSTATE_CONFIG_SIZE_V1);
    assert_non_null(v1);
    memcpy(v1, &c, PGOV_PSTATE_CONFIG_SIZE_V1);
    memset(&p, 0x5a, sizeof(p));
    assert_int_equal(pgov_pstate_params_init(&p, (const struct pgov_pstate_config *)(void *)v1), 0);
    assert_memory_equal(&p, &full, sizeof(p));
    free(v1);
}

static void test_bounds(void **st)
{
    (void)st;
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    struct pgov_pstate_params p;
    struct pgov_hw_limits plat = {16, 34, 34, 39, 100000, 0};
    struct pgov_pstate_limits l = {sizeof(l), 0, 0, 256, 0, 0, 0, 0};
    struct pgov_pstate_bounds b;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(b.lo, 16);
    assert_int_equal(b.hi, 39);
    assert_int_equal(b.base, 39);
    /* Inverted fractions: allowed, the clamp resolves to hi. */
    l.min_perf_fp = 256;
    l.max_perf_fp = 128;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(b.lo, 39);
    assert_int_equal(b.hi, 19);
    /* no_turbo: base = max, PERF_CTL turbo-disengage bit. */
    l.min_perf_fp = 0;
    l.max_perf_fp = 256;
    l.no_turbo = 1;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(b.hi, 34);
    assert_int_equal(b.ctl_turbo, 1);
    l.no_turbo = 2;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), PGOV_EINVAL);
    l.no_turbo = 0;
    l.max_perf_fp = 257;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), PGOV_EINVAL);
    l.max_perf_fp = 256;
    plat.min_pstate = 0;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), PGOV_EINVAL);
}

/* PERF_CTL bit 32 of the current load profile (issue 26 review): set for
 * no_turbo only when the CPU enumerates IDA (turbo); PGOV_HW_LIM_NO_IDA says
 * it does not. The 4.x profiles ignore the flag (their turbo_disabled
 * rule already covers max == turbo). */
static void test_perf_ctl_ida(void **st)
{
    (void)st;
    struct pgov_pstate_params p;
    struct pgov_hw_limits plat = {16, 34, 34, 39, 100000, 0};
    struct pgov_pstate_limits l = {sizeof(l), 1, 0, 0, 0, 0, 0, 0};
    struct pgov_pstate_bounds b;
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_7_3);
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.profile, PGOV_PSTATE_PROF_LOAD_6_19);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(b.ctl_turbo, 1); /* flags 0: IDA present (the default) */
    plat.flags = PGOV_HW_LIM_NO_IDA;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(b.ctl_turbo, 0);
    assert_int_equal(b.base, 34);
    /* 4.17: max < turbo, so its turbo_disabled is false: bit set. */
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_4_17);
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(b.ctl_turbo, 1);
    /* Unknown flag bits are still refused. */
    plat.flags = 0x4;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), PGOV_EINVAL);
}

/* ---- decision layer: error leaves state unchanged --------------------- */

static void test_decide_errors(void **st)
{
    (void)st;
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    struct pgov_pstate_params p;
    struct pgov_hw_limits plat = {16, 34, 34, 39, 100000, 0};
    struct pgov_pstate_limits l = {sizeof(l), 0, 0, 256, 0, 0, 0, 0};
    struct pgov_pstate_bounds b;
    struct pgov_pstate_state s, before;
    struct pgov_pstate_input in = {0, 1, 1, 1, 0, PGOV_PSTATE_EV_UPDATE, 0};
    struct pgov_pstate_result r;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(pgov_pstate_state_reset(&s, &p, &plat), 0);
    assert_int_equal(s.last_err, -768);
    in.now_ns = 20 * MS;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_FIRST);
    before = s;
    in.event = PGOV_PSTATE_EV_TIMER; /* a hook profile has no timer */
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    in.event = PGOV_PSTATE_EV_UPDATE;
    in.flags = 4;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    in.flags = 0;
    /* d_mperf = 2^56: the kernel's d_mperf << 8 is 0 and traps; here EDOM. */
    in.now_ns = 40 * MS;
    in.mperf = 1 + (1ull << 56);
    in.tsc = 1000;
    in.aperf = 5;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), PGOV_EDOM);
    assert_memory_equal(&s, &before, sizeof(s));
    /* A remote callback is ignored. */
    in.flags = PGOV_UPDATE_REMOTE;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_REMOTE);
    assert_memory_equal(&s, &before, sizeof(s));
    assert_int_equal(pgov_pstate_decide(NULL, &plat, &b, &s, &in, &r), PGOV_EINVAL);
}

/* The current load profile runs in place (no copy of the state or the
 * result): every check still rejects with @s and @r untouched, and a
 * decision writes every field of @r (pre-filled with 0xA5 here) with the
 * values of the spec's formulas. */
static void decide_load_rejects(const struct pgov_pstate_params *p,
                                const struct pgov_hw_limits *plat,
                                const struct pgov_pstate_bounds *b, struct pgov_pstate_state *s,
                                struct pgov_pstate_input *in)
{
    struct pgov_pstate_state before = *s;
    struct pgov_pstate_params pp = *p;
    struct pgov_hw_limits pl = *plat;
    struct pgov_pstate_bounds bb = *b;
    struct pgov_pstate_input ii = *in;
    struct pgov_pstate_result r, fill;

    memset(&fill, 0xA5, sizeof(fill));
#define REJECT(pp_, pl_, bb_, ii_)                                                                 \
    do {                                                                                           \
        r = fill;                                                                                  \
        assert_int_equal(pgov_pstate_decide(pp_, pl_, bb_, s, ii_, &r), PGOV_EINVAL);              \
        assert_memory_equal(s, &before, sizeof(*s));                                               \
        assert_memory_equal(&r, &fill, sizeof(r));                                                 \
        pp = *p, pl = *plat, bb = *b, ii = *in;                                                    \
    } while (0)
    ii.flags = 4;
    REJECT(&pp, &pl, &bb, &ii);
    ii.event = PGOV_PSTATE_EV_TIMER;
    REJECT(&pp, &pl, &bb, &ii);
    pl.max_pstate_physical = 40;
    REJECT(&pp, &pl, &bb, &ii);
    pl.flags = 0x80;
    REJECT(&pp, &pl, &bb, &ii);
    bb.base = 0;
    REJECT(&pp, &pl, &bb, &ii);
    bb.ctl_turbo = 2;
    REJECT(&pp, &pl, &bb, &ii);
    pp.options = PGOV_PSTATE_OPT_RFC_IO_PERCPU; /* 4.13 load only */
    REJECT(&pp, &pl, &bb, &ii);
    pp.sample_ns = 0;
    REJECT(&pp, &pl, &bb, &ii);
    pp.amshift = 11;
    REJECT(&pp, &pl, &bb, &ii);
    s->pstate = 0;
    before.pstate = 0;
    REJECT(&pp, &pl, &bb, &ii);
    s->pstate = before.pstate = 16;
#undef REJECT
}

static void test_decide_load_in_place(void **st)
{
    (void)st;
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    struct pgov_pstate_params p;
    struct pgov_hw_limits plat = {16, 34, 34, 39, 100000, 0};
    /* The instance's defaults: ratios min .. turbo (bounds_init takes 0 literally). */
    struct pgov_pstate_limits l = {sizeof(l), 0, 0, 256, 0, 39, 0, 0};
    struct pgov_pstate_bounds b;
    struct pgov_pstate_state s;
    struct pgov_pstate_input in = {20 * MS, 1000, 1000, 1000, 0, PGOV_PSTATE_EV_UPDATE, 0};
    struct pgov_pstate_result r;

    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.profile, PGOV_PSTATE_PROF_LOAD_6_19);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);
    assert_int_equal(pgov_pstate_state_reset(&s, &p, &plat), 0);
    memset(&r, 0xA5, sizeof(r));
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_FIRST);
    assert_int_equal(r.pstate, 16);
    assert_int_equal(r.have | r.write | r.perf_ctl | (uint32_t)r.avg_pstate | r.reserved, 0);
    decide_load_rejects(&p, &plat, &b, &s, &in);

    /* 50 % busy at 1.5x the base clock: busy_frac 128, target
     * 48 * 0.5 = 24, avg 34 * 1.5 = 51, half way: 24 + 13 = 37. */
    in.now_ns = 40 * MS;
    in.aperf += 1500000;
    in.mperf += 1000000;
    in.tsc += 2000000;
    memset(&r, 0xA5, sizeof(r));
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_ADJUST);
    assert_int_equal(r.have,
                     PGOV_PSTATE_HAVE_CORE | PGOV_PSTATE_HAVE_DECIDE | PGOV_PSTATE_HAVE_LOAD);
    assert_int_equal(r.write, 1);
    assert_int_equal(r.pstate, 37);
    assert_int_equal(r.perf_ctl, 37u << 8);
    assert_int_equal(r.sample_ratio, 0);
    assert_int_equal(r.pid_out, 0);
    assert_int_equal(r.target_raw, 24);
    assert_int_equal(r.busy_frac, 128);
    assert_int_equal(r.boost_used, 0);
    assert_int_equal(r.avg_pstate, 51);
    assert_int_equal(r.target_avg, 37);
    assert_int_equal(r.lo, 16);
    assert_int_equal(r.hi, 39);
    assert_int_equal(r.reserved, 0);
    assert_int_equal(s.pstate, 37);
    assert_int_equal(s.busy_scaled, 12800);
    assert_int_equal(s.core, 24576);
    assert_int_equal(s.d_tsc, 2000000);
    assert_int_equal(s.last_time_ns, 20 * MS);
    assert_int_equal(s.time_ns, 40 * MS);
    assert_int_equal(s.last_update_ns, 40 * MS);
    /* The same counters again: MPERF unchanged, rejected, P-state kept. */
    in.now_ns = 60 * MS;
    memset(&r, 0xA5, sizeof(r));
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_REJECTED);
    assert_int_equal(r.pstate, 37);
    assert_int_equal(r.write | r.have | r.reserved | (uint32_t)r.target_avg, 0);
    assert_int_equal(s.last_update_ns, 60 * MS);
    /* 5 ms after the last accepted sample: inside the interval. */
    in.now_ns = 45 * MS;
    memset(&r, 0xA5, sizeof(r));
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_SKIP);
    assert_int_equal(r.pstate, 37);
    assert_int_equal(r.write | r.have | (uint32_t)r.busy_frac | r.lo, 0);
    /* A remote callback changes nothing, not even last_update. */
    struct pgov_pstate_state before = s;
    in.now_ns = 90 * MS;
    in.flags = PGOV_UPDATE_REMOTE;
    memset(&r, 0xA5, sizeof(r));
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), 0);
    assert_int_equal(r.path, PGOV_PSTATE_PATH_REMOTE);
    assert_int_equal(r.pstate, 37);
    assert_int_equal(r.write | r.have | r.hi, 0);
    assert_memory_equal(&s, &before, sizeof(s));
}

/* decide takes only what params_init would make: no RFC options outside
 * v4.13 load, no APERF/MPERF shift before v4.13 (the hot paths rely on
 * both); a zero P-state or the init event on a hook profile is refused and
 * @s left as @before. */
static void decide_checks_params(const struct pgov_pstate_params *p, const struct pgov_hw_limits *plat,
                                 const struct pgov_pstate_bounds *b, struct pgov_pstate_state *s,
                                 const struct pgov_pstate_state *before,
                                 struct pgov_pstate_input *in)
{
    struct pgov_pstate_params pp;
    struct pgov_pstate_result r;
    assert_int_equal(p->profile, PGOV_PSTATE_PROF_PID_4_13);
    pp = *p;
    pp.options = PGOV_PSTATE_OPT_RFC_IO_PERCPU;
    assert_int_equal(pgov_pstate_decide(&pp, plat, b, s, in, &r), PGOV_EINVAL);
    pp = *p;
    pp.profile = PGOV_PSTATE_PROF_PID_4_6;
    pp.amshift = 10;
    assert_int_equal(pgov_pstate_decide(&pp, plat, b, s, in, &r), PGOV_EINVAL);
    pp.profile = PGOV_PSTATE_PROF_ATOM_4_6;
    assert_int_equal(pgov_pstate_decide(&pp, plat, b, s, in, &r), PGOV_EINVAL);
    /* ... and accepts both where they exist (on a scratch state). */
    struct pgov_pstate_state s2 = *s;
    pp = *p;
    pp.amshift = 10;
    assert_int_equal(pgov_pstate_decide(&pp, plat, b, &s2, in, &r), 0);
    pp = *p;
    pp.profile = PGOV_PSTATE_PROF_LOAD_4_13;
    pp.options = PGOV_PSTATE_OPT_RFC_IO_PERCPU;
    s2 = *s;
    assert_int_equal(pgov_pstate_decide(&pp, plat, b, &s2, in, &r), 0);
    s->pstate = 0;
    assert_int_equal(pgov_pstate_decide(p, plat, b, s, in, &r), PGOV_EINVAL);
    s->pstate = before->pstate;
    in->event = PGOV_PSTATE_EV_INIT; /* only for timer profiles */
    assert_int_equal(pgov_pstate_decide(p, plat, b, s, in, &r), PGOV_EINVAL);
    assert_memory_equal(s, before, sizeof(*s));
}

/* Every argument check of the public API: each one rejects, nothing moves. */
static void test_argument_checks(void **st)
{
    (void)st;
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_13);
    struct pgov_pstate_params p, pl;
    struct pgov_hw_limits plat = {16, 34, 34, 39, 100000, 0};
    struct pgov_pstate_limits l = {sizeof(l), 0, 0, 256, 0, 0, 0, 0};
    struct pgov_pstate_bounds b;
    struct pgov_pstate_state s;
    struct pgov_pstate_input in = {20 * MS, 1, 1, 1, 0, PGOV_PSTATE_EV_UPDATE, 0};
    struct pgov_pstate_result r;

    /* params: amshift only 0/10 and only from v4.13, not on Atom. */
    c.aperf_mperf_shift = 10;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.amshift, 10);
    c.aperf_mperf_shift = 3;
    assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);
    c.aperf_mperf_shift = 0;
    c.sample_interval_ns = 20000000000ull;
    assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);
    c.sample_interval_ns = 0;
    c.boost_hold_ns = 20000000000ull;
    assert_int_equal(pgov_pstate_params_init(&p, &c), PGOV_EINVAL);
    c.boost_hold_ns = 5 * MS;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    assert_int_equal(p.hold_ns, 5 * MS);
    c.boost_hold_ns = 0;
    assert_int_equal(pgov_pstate_params_init(&p, &c), 0);
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    assert_int_equal(pgov_pstate_params_init(&pl, &c), 0);

    /* bounds_init */
    assert_int_equal(pgov_pstate_bounds_init(NULL, &plat, &l, &b), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_bounds_init(&p, NULL, &l, &b), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, NULL, &b), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, NULL), PGOV_EINVAL);
    l.size = 3;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), PGOV_E2BIG);
    l.size = sizeof(l);
    struct pgov_pstate_params bad = p;
    bad.profile = 0;
    assert_int_equal(pgov_pstate_bounds_init(&bad, &plat, &l, &b), PGOV_EINVAL);
    bad.profile = 99;
    assert_int_equal(pgov_pstate_bounds_init(&bad, &plat, &l, &b), PGOV_EINVAL);
    l.max_ratio = 40; /* above turbo */
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), PGOV_EINVAL);
    l.max_ratio = 0;
    assert_int_equal(pgov_pstate_bounds_init(&p, &plat, &l, &b), 0);

    /* state_reset */
    assert_int_equal(pgov_pstate_state_reset(NULL, &p, &plat), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_state_reset(&s, NULL, &plat), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_state_reset(&s, &p, NULL), PGOV_EINVAL);
    plat.scaling_khz = 0;
    assert_int_equal(pgov_pstate_state_reset(&s, &p, &plat), PGOV_EINVAL);
    plat.scaling_khz = 100000;
    assert_int_equal(pgov_pstate_state_reset(&s, &p, &plat), 0);

    /* decide */
    struct pgov_pstate_state before = s;
    assert_int_equal(pgov_pstate_decide(&p, NULL, &b, &s, &in, &r), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_decide(&p, &plat, NULL, &s, &in, &r), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, NULL, &in, &r), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, NULL, &r), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, NULL), PGOV_EINVAL);
    bad.profile = PGOV_PSTATE_PROF_HWP_BOOST_6_19;
    assert_int_equal(pgov_pstate_decide(&bad, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    bad.profile = 0;
    assert_int_equal(pgov_pstate_decide(&bad, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    plat.min_pstate = 0;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    plat.min_pstate = 16;
    struct pgov_pstate_bounds bb = b;
    bb.lo = 0;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &bb, &s, &in, &r), PGOV_EINVAL);
    bb = b;
    bb.hi = 0;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &bb, &s, &in, &r), PGOV_EINVAL);
    bb = b;
    bb.base = 0;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &bb, &s, &in, &r), PGOV_EINVAL);
    bb = b;
    bb.ctl_turbo = 2;
    assert_int_equal(pgov_pstate_decide(&p, &plat, &bb, &s, &in, &r), PGOV_EINVAL);
    struct pgov_pstate_params pp = p;
    pp.sample_ns = 0;
    assert_int_equal(pgov_pstate_decide(&pp, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    pp = p;
    pp.amshift = 11;
    assert_int_equal(pgov_pstate_decide(&pp, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    decide_checks_params(&p, &plat, &b, &s, &before, &in);
    /* A timer profile rejects the hook event. */
    c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_5);
    assert_int_equal(pgov_pstate_params_init(&pp, &c), 0);
    in.event = PGOV_PSTATE_EV_UPDATE;
    assert_int_equal(pgov_pstate_decide(&pp, &plat, &b, &s, &in, &r), PGOV_EINVAL);
    in.event = 9;
    assert_int_equal(pgov_pstate_decide(&pp, &plat, &b, &s, &in, &r), PGOV_EINVAL);

    /* PID: err == INT32_MIN counts as inside the deadband (kernel abs()). */
    c = cfg_for(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    assert_int_equal(pgov_pstate_params_init(&pp, &c), 0);
    assert_int_equal(pgov_pstate_state_reset(&s, &pp, &plat), 0);
}

/* The instance entry points: NULLs, clobbered storage, HAL failures at
 * init and in a hook, set_limits with get_limits failing. */
static void test_instance_argument_checks(void **st)
{
    (void)st;
    struct pgov_pstate_config c;
    struct pgov_pstate_limits l = {sizeof(l), 0, 0, 256, 0, 0, 0, 0};
    /* Instance entry points. */
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL);
    c = cfg_for(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    struct pgov_pstate *g = mk(0, &c, &f);
    struct pgov_pstate_status stt;
    uint64_t next;
    struct pgov_pstate *gnull = NULL;
    assert_int_equal(pgov_pstate_init(storage[0], sizeof(storage[0]), NULL, &fake_hw_ops, &f, &gnull),
                     PGOV_EINVAL);
    g = mk(0, &c, &f);
    assert_int_equal(pgov_pstate_timer(NULL, 0, &next), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_get_status(NULL, &stt), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_get_status(g, NULL), PGOV_EINVAL);
    struct pgov_pstate_limits zero = {0, 0, 0, 0, 0, 0, 0, 0};
    assert_int_equal(pgov_pstate_set_limits(g, &zero), PGOV_E2BIG);
    assert_int_equal(pgov_pstate_set_limits(NULL, &l), PGOV_EINVAL);
    /* Clobbered storage is refused, not trusted. */
    static unsigned char copy[1024];
    memcpy(copy, storage[0], pgov_pstate_size());
    memset(storage[0], 0x5a, pgov_pstate_size());
    assert_int_equal(pgov_pstate_update(g, 1, PGOV_UPDATE_IOWAIT), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_timer(g, 1, &next), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_set_limits(g, &l), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_get_status(g, &stt), PGOV_EINVAL);
    assert_int_equal(pgov_pstate_attach_shared(g, NULL), PGOV_EINVAL);
    memcpy(storage[0], copy, pgov_pstate_size());
    /* HAL failures at init, one callback at a time (v4.5 Atom uses them all). */
    c = cfg_for(PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_5);
    static const enum fake_hw_op ops[] = {FAKE_OP_COUNTERS, FAKE_OP_IDLE};
    for (size_t i = 0; i < 2; i++) {
        fake_hw_init(&f, 0, NULL);
        fake_hw_fail(&f, ops[i], PGOV_EIO, 1);
        assert_int_equal(pgov_pstate_init(storage[0], sizeof(storage[0]), &c, &fake_hw_ops, &f,
                                          &gnull),
                         PGOV_EIO);
    }
    /* Atom hook: an iowait read failure leaves the state as it was. */
    c = cfg_for(PGOV_PSTATE_POLICY_PID_ATOM, PGOV_KVER_4_6);
    fake_hw_init(&f, 0, NULL);
    g = mk(0, &c, &f);
    step(g, &f, 20 * MS, 0);
    memcpy(copy, storage[0], pgov_pstate_size());
    fake_hw_run(&f, 20 * MS, 0);
    fake_hw_fail(&f, FAKE_OP_IDLE, PGOV_EIO, 1);
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), PGOV_EIO);
    assert_memory_equal(copy, storage[0], pgov_pstate_size());
    /* A HAL returning a positive value is an error too. */
    fake_hw_fail(&f, FAKE_OP_COUNTERS, 3, 1);
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), PGOV_EIO);
    /* set_limits on a hook instance: get_limits failing changes nothing. */
    c = cfg_for(PGOV_PSTATE_POLICY_HWP_BOOST, PGOV_KVER_LATEST);
    fake_hw_init(&f, 0, NULL);
    g = mk(0, &c, &f);
    struct pgov_pstate_limits hl = {sizeof(hl), 0, 0, 0, 0, 0, (30u << 8) | 9u, 0};
    fake_hw_fail(&f, FAKE_OP_HWP, PGOV_EIO, 1);
    assert_int_equal(pgov_pstate_set_limits(g, &hl), PGOV_EIO);
    assert_int_equal(status(g).lo, 16);
    f.lim.scaling_khz = 0;
    assert_int_equal(pgov_pstate_set_limits(g, &hl), PGOV_EINVAL);
    f.lim.scaling_khz = 100000;
    hl.hwp_cap = 7; /* no guaranteed byte */
    assert_int_equal(pgov_pstate_set_limits(g, &hl), PGOV_EINVAL);
}

/* schedutil's decision layer: argument checks and the rate-limit cache. */
static void test_sugov_argument_checks(void **st)
{
    (void)st;
    /* sugov argument checks. */
    struct pgov_sugov_params sp = {1 * MS, 4 * MS, 1024, 3900000, 1600000, 3900000, 0, 0};
    struct pgov_sugov_state ss;
    struct pgov_sugov_result sr;
    memset(&ss, 0, sizeof(ss));
    assert_int_equal(pgov_sugov_params_check(NULL), PGOV_EINVAL);
    sp.tick_ns = 0;
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 0, 0, 0, 0, &sr), PGOV_EINVAL);
    sp.tick_ns = 4 * MS;
    sp.kver = PGOV_KVER(5, 1); /* before the oldest schedutil profile */
    assert_int_equal(pgov_sugov_params_check(&sp), PGOV_ENOTSUP);
    sp.kver = 1; /* no release */
    assert_int_equal(pgov_sugov_params_check(&sp), PGOV_ENOTSUP);
    sp.kver = 0;
    sp.options = 2;
    assert_int_equal(pgov_sugov_params_check(&sp), PGOV_EINVAL);
    sp.options = 0;
    sp.max_freq_khz = 0;
    assert_int_equal(pgov_sugov_params_check(&sp), PGOV_EINVAL);
    sp.max_freq_khz = 3900000;
    sp.max_cap = 2000;
    assert_int_equal(pgov_sugov_params_check(&sp), PGOV_EINVAL);
    sp.max_cap = 1024;
    assert_int_equal(pgov_sugov_decide(NULL, &ss, 0, 0, 0, 0, &sr), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 0, 0, 0, 0, NULL), PGOV_EINVAL);
    ss.pending = 2;
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 0, 0, 0, 0, &sr), PGOV_EINVAL);
    ss.pending = 0;
    ss.need_update = 2;
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 0, 0, 0, 0, &sr), PGOV_EINVAL);
    ss.need_update = 0;
    ss.iowait_boost = 2048;
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 0, 0, 0, 0, &sr), PGOV_EINVAL);
    ss.iowait_boost = 0;
    /* Same raw frequency twice outside the rate limit: cache hit, unchanged. */
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 10 * MS, 0, 600, 0, &sr), 0);
    assert_int_equal(sr.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(pgov_sugov_decide(&sp, &ss, 20 * MS, 0, 600, 0, &sr), 0);
    assert_int_equal(sr.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(sr.next_f, ss.next_freq);
    assert_int_equal(pgov_hwp_boost_update(&(struct pgov_hwp_boost_params){0, 0, 0, 0}, NULL, 0,
                                           0, &(struct pgov_hwp_boost_result){0, 0, 0}),
                     PGOV_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_errors),
        cmocka_unit_test(test_profiles),
        cmocka_unit_test(test_tunables),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_perf_ctl_ida),
        cmocka_unit_test(test_decide_errors),
        cmocka_unit_test(test_decide_load_in_place),
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_instance_argument_checks),
        cmocka_unit_test(test_sugov_argument_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
