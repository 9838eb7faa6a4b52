/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand / conservative: API contract, defaults, store rules, and the
 * HAL-bound instance driven closed-loop against tests/util/fake_idle.
 * Expected numbers come from spec/ondemand.md arithmetic worked by hand in
 * the comments, never from the implementation.
 */
#define PGOV_EXPERIMENTAL 1 /* exercises the experimental variants too */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/dbs.h>
#include <pgov/kver.h>

#include "fake_idle.h"

/* ---- layout of the public structs (ABI) */
_Static_assert(sizeof(struct pgov_dbs_platform) == 32, "platform layout");
_Static_assert(sizeof(struct pgov_dbs_tunables) == 32, "tunables layout");
_Static_assert(offsetof(struct pgov_dbs_tunables, freq_step) == 28, "tunables layout");
_Static_assert(sizeof(struct pgov_dbs_result) == 40, "result layout");
/* The config's nested plat and tun are frozen (docs/abi.md): only the
 * config grows, after tun. */
_Static_assert(offsetof(struct pgov_dbs_config, plat) == 56 + 2 * sizeof(void *), "config layout");
_Static_assert(offsetof(struct pgov_dbs_config, tun) ==
               offsetof(struct pgov_dbs_config, plat) + 32, "config layout");
_Static_assert(offsetof(struct pgov_dbs_status, last) == 120, "status layout");
_Static_assert(offsetof(struct pgov_dbs_result, delay_us) == 32, "result layout");
_Static_assert(sizeof(struct pgov_dbs_cpu_status) == 40, "cpu state layout");
_Static_assert(offsetof(struct pgov_dbs_cpu_status, cpu) == 24, "cpu state layout");
_Static_assert(offsetof(struct pgov_dbs_status, last_sample_ns) == 96, "state layout");
_Static_assert(sizeof(struct pgov_dbs_status) == 160, "state layout");
_Static_assert(sizeof(struct pgov_dbs_limits) == 8, "limits layout");
_Static_assert(offsetof(struct pgov_dbs_config, cpus) == 24, "config layout");
_Static_assert(offsetof(struct pgov_dbs_config, reserved) + sizeof(uint32_t) ==
                   sizeof(struct pgov_dbs_config),
               "config ends with kver_stable, reserved (0.4)");
_Static_assert(PGOV_DBS_CONFIG_SIZE_V1 == offsetof(struct pgov_dbs_config, kver_stable),
               "the 0.1 config ended with the tunables");

static _Alignas(16) unsigned char mem[2048];

/* T24: 1.6 .. 3.9 GHz in 100 MHz steps (IvyBridge-like). */
static struct pgov_freq_entry t24[24];

static int setup_tables(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < 24; i++)
        t24[i] = (struct pgov_freq_entry){1600000 + 100000 * i, 0};
    return 0;
}

static struct pgov_dbs_config base_cfg(uint32_t gov, uint32_t kver)
{
    struct pgov_dbs_config c;
    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    c.gov = gov;
    c.kver = kver;
    c.table = t24;
    c.table_len = 24;
    c.cur_khz = 1600000;
    return c;
}

static struct pgov_dbs_status state_of(const struct pgov_dbs *g)
{
    struct pgov_dbs_status st;
    assert_int_equal(pgov_dbs_get_status(g, &st), PGOV_OK);
    return st;
}

/* ------------------------------------------------------------------ defaults */

static void test_defaults(void **state)
{
    (void)state;
    struct pgov_dbs_platform p = {0};
    struct pgov_dbs_tunables t;

    /* HZ=1000: two ticks = 2000 us; no latency -> 1000 us delay; 2 ms wins. */
    p.hz = 1000;
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, &p, &t), PGOV_OK);
    assert_int_equal(t.sampling_rate, 2000);
    assert_int_equal(t.up_threshold, 95);
    assert_int_equal(t.sampling_down_factor, 1);
    assert_int_equal(t.io_is_busy, 0); /* not x86 */
    assert_int_equal(t.down_threshold, 0);

    /* HZ=300: TICK_NSEC = (1e9 + 150) / 300 = 3333333 -> 6666 us. */
    p.hz = 300;
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, &p, &t), PGOV_OK);
    assert_int_equal(t.sampling_rate, 6666);

    /* 5 ms latency at HZ=1000: v4.17 caps at 10000; v6.18 gives 5000 + 2500. */
    p.hz = 1000;
    p.transition_latency_ns = 5000000;
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, &p, &t), PGOV_OK);
    assert_int_equal(t.sampling_rate, 10000);
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, &p, &t), PGOV_OK);
    assert_int_equal(t.sampling_rate, 7500);
    /* The "eternal" latency in v6.18 arithmetic: 4294967 + 2147483 us. */
    p.transition_latency_ns = 4294967295u;
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_18, &p, &t), PGOV_OK);
    assert_int_equal(t.sampling_rate, 6442450);
    assert_int_equal(t.up_threshold, 80);
    assert_int_equal(t.down_threshold, 20);
    assert_int_equal(t.freq_step, 5);
    /* A driver transition delay wins over the latency. */
    p.transition_delay_us = 30000;
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, &p, &t), PGOV_OK);
    assert_int_equal(t.sampling_rate, 30000);

    /* Tick accounting: up_threshold 80. */
    p = (struct pgov_dbs_platform){0};
    p.flags = PGOV_DBS_PLAT_NO_NOHZ;
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, 0, &p, &t), PGOV_OK);
    assert_int_equal(t.up_threshold, 80);
    assert_int_equal(t.sampling_rate, 8000); /* HZ 0 = 250 */

    /* io_is_busy: Pentium M (6:13) is 0 in v4.17, 1 in v6.18; family 15 only in v6.18. */
    p = (struct pgov_dbs_platform){0};
    p.vendor = PGOV_DBS_VENDOR_INTEL;
    p.family = 6;
    p.model = 13;
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, &p, &t);
    assert_int_equal(t.io_is_busy, 0);
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, &p, &t);
    assert_int_equal(t.io_is_busy, 1);
    p.model = 15;
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, &p, &t);
    assert_int_equal(t.io_is_busy, 1);
    p.family = 15;
    p.model = 2;
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, &p, &t);
    assert_int_equal(t.io_is_busy, 0);
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, &p, &t);
    assert_int_equal(t.io_is_busy, 1);
    p.family = 5;
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, &p, &t);
    assert_int_equal(t.io_is_busy, 0);
    p.vendor = PGOV_DBS_VENDOR_AMD;
    p.family = 6;
    pgov_dbs_defaults(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, &p, &t);
    assert_int_equal(t.io_is_busy, 0);
    pgov_dbs_defaults(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_18, &p, &t);
    assert_int_equal(t.io_is_busy, 0);

    /* Errors. */
    assert_int_equal(pgov_dbs_defaults(0, 0, NULL, &t), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_defaults(0, 0, &p, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_defaults(2, 0, &p, &t), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_defaults(0, PGOV_KVER_4_14, &p, &t), PGOV_ENOTSUP);
    assert_int_equal(pgov_dbs_defaults(0, PGOV_KVER(7, 4), &p, &t), PGOV_ENOTSUP);
    p.reserved = 1;
    assert_int_equal(pgov_dbs_defaults(0, 0, &p, &t), PGOV_EINVAL);
    p.reserved = 0;
    p.hz = 100001;
    assert_int_equal(pgov_dbs_defaults(0, 0, &p, &t), PGOV_EINVAL);
    p.hz = 0;
    p.vendor = 9;
    assert_int_equal(pgov_dbs_defaults(0, 0, &p, &t), PGOV_EINVAL);
    p.vendor = 0;
    p.flags = 2;
    assert_int_equal(pgov_dbs_defaults(0, 0, &p, &t), PGOV_EINVAL);
}

/* ------------------------------------------------------------------ init */

static void test_init_errors(void **state)
{
    (void)state;
    struct pgov_dbs *g = NULL;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, 0);
    struct fake_idle f;
    fake_idle_init(&f, 1, 1600000, 3900000);

    assert_true(pgov_dbs_size() >= pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS));
    assert_true(pgov_dbs_size_cpus(2) > pgov_dbs_size_cpus(1));
    assert_int_equal(pgov_dbs_size_cpus(0), 0);
    assert_int_equal(pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS + 1), 0);

    assert_int_equal(pgov_dbs_init(NULL, sizeof(mem), &c, &fake_idle_ops, &f, &g), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), NULL, &fake_idle_ops, &f, &g), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, NULL, &f, &g), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, &fake_idle_ops, &f, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_init(mem, pgov_dbs_size_cpus(1) - 1, &c, &fake_idle_ops, &f, &g),
                     PGOV_ENOSPC);
    assert_int_equal(pgov_dbs_init(mem + 4, sizeof(mem) - 4, &c, &fake_idle_ops, &f, &g),
                     PGOV_EINVAL);
    /* A HAL without read_idle. */
    struct pgov_hw_ops ops = fake_idle_ops;
    ops.read_idle = NULL;
    assert_int_equal(pgov_dbs_init(mem, sizeof(mem), &c, &ops, &f, &g), PGOV_ENOSYS);
    assert_null(g);

#define EXPECT(field, value, err)                                                                  \
    do {                                                                                           \
        struct pgov_dbs_config bad = c;                                                            \
        bad.field = value;                                                                         \
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &bad, &g), err);                     \
    } while (0)
    EXPECT(size, PGOV_DBS_CONFIG_SIZE_V1 - 4, PGOV_E2BIG);
    EXPECT(size, PGOV_DBS_CONFIG_SIZE_V1, PGOV_OK); /* a 0.1-0.3 caller */
    EXPECT(reserved, 1, PGOV_EINVAL);
    EXPECT(gov, 2, PGOV_EINVAL);
    EXPECT(kver, PGOV_KVER_4_14, PGOV_ENOTSUP);
    EXPECT(kver, PGOV_KVER(9, 0), PGOV_ENOTSUP);
    EXPECT(variant, 2, PGOV_ENOTSUP);
    EXPECT(variant, PGOV_DBS_VARIANT_DEADBAND, PGOV_ENOTSUP); /* kver 0 = v6.18 */
    EXPECT(cur_khz, 0, PGOV_EINVAL);                          /* the kernel's start fails */
    EXPECT(policy_min_khz, 1500000, PGOV_EINVAL);              /* below cpuinfo */
    EXPECT(policy_max_khz, 4000000, PGOV_EINVAL);
    EXPECT(policy_min_khz, 3000000, PGOV_OK);
    EXPECT(ncpu, PGOV_DBS_MAX_CPUS + 1, PGOV_EINVAL);
    EXPECT(ncpu, 2, PGOV_EINVAL); /* no CPU list */
    EXPECT(table_len, 0, PGOV_EINVAL);
    EXPECT(cpuinfo_max_khz, 3900000, PGOV_EINVAL); /* only for table-less drivers */
    EXPECT(table_flags, 8, PGOV_EINVAL);
    EXPECT(tun_set, 0x100, PGOV_EINVAL);
    EXPECT(tun.sampling_rate, 7999, PGOV_EINVAL); /* < 2 ticks at HZ=250 */
    EXPECT(tun.up_threshold, 101, PGOV_EINVAL);
    EXPECT(tun.sampling_down_factor, 100001, PGOV_EINVAL);
    EXPECT(tun.down_threshold, 10, PGOV_EINVAL); /* ondemand has none */
    EXPECT(tun.freq_step, 10, PGOV_EINVAL);
    EXPECT(tun.powersave_bias, 5000, PGOV_OK); /* clamped to 1000, like the store */
    EXPECT(plat.reserved, 1, PGOV_EINVAL);
    /* 65536 us * 65536 = 2^32: the sampling period would be 0 (kernel divides by it). */
    {
        struct pgov_dbs_config bad = c;
        bad.tun.sampling_rate = 65536;
        bad.tun.sampling_down_factor = 65536;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &bad, &g), PGOV_EDOM);
    }
    /* Explicit zero needs tun_set; up_threshold 0 is then rejected. */
    {
        struct pgov_dbs_config bad = c;
        bad.tun_set = 1u << PGOV_DBS_UP_THRESHOLD;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &bad, &g), PGOV_EINVAL);
    }
    /* Trailing bytes beyond the known struct: zero accepted, non-zero rejected. */
    {
        unsigned char big[sizeof(c) + 8];
        memset(big, 0, sizeof(big));
        memcpy(big, &c, sizeof(c));
        ((struct pgov_dbs_config *)big)->size = sizeof(big);
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), (void *)big, &g), PGOV_OK);
        big[sizeof(c) + 3] = 1;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), (void *)big, &g), PGOV_E2BIG);
    }
    /* Table-less driver needs cpuinfo limits. */
    {
        struct pgov_dbs_config nt = c;
        nt.table = NULL;
        nt.table_len = 0;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &nt, &g), PGOV_EINVAL);
        nt.cpuinfo_min_khz = 1200000;
        nt.cpuinfo_max_khz = 2400000;
        nt.cur_khz = 2000000;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &nt, &g), PGOV_OK);
        nt.table_len = 3;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &nt, &g), PGOV_EINVAL);
    }
    /* CPU lists: the owner must be listed, ids distinct. */
    {
        uint32_t cpus[2] = {3, 5};
        struct pgov_dbs_config mc = c;
        mc.ncpu = 2;
        mc.cpus = cpus;
        mc.cpu = 4;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &mc, &g), PGOV_EINVAL);
        mc.cpu = 5;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &mc, &g), PGOV_OK);
        cpus[0] = 5;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &mc, &g), PGOV_EINVAL);
    }
    /* conservative: up_threshold must stay above down_threshold. */
    {
        struct pgov_dbs_config cs = base_cfg(PGOV_DBS_CONSERVATIVE, PGOV_KVER_4_17);
        cs.tun.up_threshold = 20;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &cs, &g), PGOV_EINVAL);
        cs.tun.down_threshold = 19;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &cs, &g), PGOV_OK);
        cs.tun.io_is_busy = 1;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &cs, &g), PGOV_EINVAL);
        cs.tun.io_is_busy = 0;
        cs.variant = PGOV_DBS_VARIANT_DEADBAND;
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &cs, &g), PGOV_ENOTSUP);
    }
#undef EXPECT
}

static void test_profiles(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    static const struct {
        uint32_t in, out;
    } map[] = {{0, PGOV_KVER_6_18},
               {PGOV_KVER_6_19, PGOV_KVER_6_18},
               {PGOV_KVER_6_18, PGOV_KVER_6_18},
               {PGOV_KVER_7_3, PGOV_KVER_6_18},
               {PGOV_KVER_7_0, PGOV_KVER_6_18},
               {PGOV_KVER(6, 17), PGOV_KVER_6_18},
               {PGOV_KVER_6_12, PGOV_KVER_6_18},
               {PGOV_KVER(6, 11), PGOV_KVER_5_0},
               {PGOV_KVER_6_1, PGOV_KVER_5_0},
               {PGOV_KVER(5, 4), PGOV_KVER_5_0},
               {PGOV_KVER_5_0, PGOV_KVER_5_0},
               {PGOV_KVER(4, 20), PGOV_KVER_4_17},
               {PGOV_KVER_4_17, PGOV_KVER_4_17}};
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, map[i].in);
        assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
        assert_int_equal(state_of(g).kver, map[i].out);
    }
}

/* ------------------------------------------------------------------ open loop */

static struct pgov_hw_idle snap(uint64_t wall, uint64_t idle)
{
    return (struct pgov_hw_idle){wall, idle, 0, 0};
}

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

/* Stores: rules and side effects of spec 2.3; rejected stores change nothing. */
static void test_stores(void **state)
{
    (void)state;
    struct pgov_dbs *g;
    struct pgov_hw_idle s[1] = {snap(0, 0)};
    struct pgov_dbs_result r;
    struct pgov_dbs_status a, b;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18);

    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    assert_int_equal(pgov_dbs_start(g, s, 1, &r), PGOV_OK);
    a = state_of(g);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_RATE, 7999, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_UP_THRESHOLD, 0, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_UP_THRESHOLD, 101, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_DOWN_FACTOR, 0, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_DOWN_THRESHOLD, 10, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_FREQ_STEP, 10, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, 8, 1, NULL, 0), PGOV_EINVAL);
    /* A re-baselining store on an open instance needs the snapshot. */
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IO_IS_BUSY, 1, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(NULL, PGOV_DBS_IO_IS_BUSY, 1, s, 1), PGOV_EINVAL);
    /* 2^32 / 8192 = 524288 -> 8192 us * 524288 = 2^32: a zero period. */
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_RATE, 65536, NULL, 0), PGOV_OK);
    a = state_of(g);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_DOWN_FACTOR, 65536, NULL, 0), PGOV_EDOM);
    b = state_of(g);
    assert_memory_equal(&a, &b, sizeof(a));

    /* Clamps. */
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_POWERSAVE_BIAS, 5000, NULL, 0), PGOV_OK);
    assert_int_equal(state_of(g).tun.powersave_bias, 1000);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IGNORE_NICE_LOAD, 7, s, 1), PGOV_OK);
    assert_int_equal(state_of(g).tun.ignore_nice_load, 1);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IO_IS_BUSY, 9, s, 1), PGOV_OK);
    assert_int_equal(state_of(g).tun.io_is_busy, 1);
    /* io_is_busy re-baselines with the new selection: idle 50 + iowait 30 -> 50. */
    s[0] = (struct pgov_hw_idle){100, 50, 30, 7000};
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IO_IS_BUSY, 1, s, 1), PGOV_OK);
    struct pgov_dbs_cpu_status cs;
    pgov_dbs_get_cpu(g, 0, &cs);
    assert_int_equal(cs.prev_idle_us, 50);
    assert_int_equal(cs.prev_wall_us, 100);
    assert_int_equal(cs.prev_nice_ns, 7000);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IO_IS_BUSY, 0, s, 1), PGOV_OK);
    pgov_dbs_get_cpu(g, 0, &cs);
    assert_int_equal(cs.prev_idle_us, 80);
    /* sampling_rate store: next hook evaluates at once. */
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_RATE, 20000, NULL, 0), PGOV_OK);
    assert_int_equal(state_of(g).sample_delay_ns, 0);

    /* conservative rules. */
    c = base_cfg(PGOV_DBS_CONSERVATIVE, PGOV_KVER_4_17);
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_UP_THRESHOLD, 20, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_UP_THRESHOLD, 21, NULL, 0), PGOV_OK);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_DOWN_THRESHOLD, 21, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_DOWN_THRESHOLD, 0, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_DOWN_FACTOR, 11, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_SAMPLING_DOWN_FACTOR, 10, NULL, 0), PGOV_OK);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_FREQ_STEP, 250, NULL, 0), PGOV_OK);
    assert_int_equal(state_of(g).tun.freq_step, 100);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_FREQ_STEP, 0, NULL, 0), PGOV_OK);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IO_IS_BUSY, 1, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_POWERSAVE_BIAS, 1, NULL, 0), PGOV_EINVAL);
    /* Not started yet: a re-baselining store needs no counters. */
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IGNORE_NICE_LOAD, 1, NULL, 0), PGOV_OK);
    /* Same value: nothing to do. */
    assert_int_equal(pgov_dbs_store(g, PGOV_DBS_IGNORE_NICE_LOAD, 1, NULL, 0), PGOV_OK);
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

/* One size rule for every config (internal/sized.h): a large struct from a
 * newer caller with zero tail bytes is accepted (dbs once capped the size
 * at 4096), a non-zero tail byte or a size below the first version is not. */
static void test_cfg_size_rule(void **state)
{
    (void)state;
    static struct {
        struct pgov_dbs_config c;
        unsigned char tail[4200]; /* past the old 4096 cap, and fits the M0's 16 KiB */
    } big;
    struct pgov_dbs *g = NULL;

    memset(&big, 0, sizeof(big));
    big.c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18);
    big.c.size = (uint32_t)sizeof(big);
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &big.c, &g), PGOV_OK);
    big.tail[4150] = 1;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &big.c, &g), PGOV_E2BIG);
    big.tail[4150] = 0;
    big.c.size = (uint32_t)PGOV_DBS_CONFIG_SIZE_V1 - 4;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &big.c, &g), PGOV_E2BIG);
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

/* An unsorted table with no entry inside the policy limits: the kernel
 * warns and uses index 0 (1200000 here, outside the limits); so do we, and
 * the result says so. */
static void test_unsorted_warn(void **state)
{
    (void)state;
    static const struct pgov_freq_entry tu[] = {{1200000, 0}, {2400000, 0}, {800000, 0},
                                                {1800000, 0}};
    struct pgov_dbs *g;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17);
    struct pgov_hw_idle s[1] = {snap(0, 0)};
    struct pgov_dbs_result r;

    c.table = tu;
    c.table_len = 4;
    c.policy_min_khz = 1900000;
    c.policy_max_khz = 2300000;
    c.cur_khz = 1900000;
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    assert_int_equal(pgov_dbs_start(g, s, 1, &r), PGOV_OK);
    assert_false(r.flags & PGOV_DBS_RES_REQ); /* cur inside the limits */
    s[0] = snap(10000, 0);
    assert_int_equal(pgov_dbs_evaluate(g, s, 1, &r), PGOV_OK);
    assert_int_equal(r.flags & (PGOV_DBS_RES_CHG | PGOV_DBS_RES_WARN),
                     PGOV_DBS_RES_CHG | PGOV_DBS_RES_WARN);
    assert_int_equal(r.index, 0);
    assert_int_equal(r.cur_khz, 1200000);
}

/* NULL and foreign pointers on every entry point. */
static void test_null_and_garbage(void **state)
{
    (void)state;
    static _Alignas(16) unsigned char junk[512];
    struct pgov_dbs *bad = (struct pgov_dbs *)(void *)junk;
    struct pgov_dbs *g;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, 0);
    struct pgov_hw_idle s[1] = {snap(0, 0)};
    struct pgov_dbs_status st;
    struct pgov_dbs_cpu_status cs;
    struct pgov_dbs_limits lim = {1600000, 3900000};
    uint64_t next;

    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_evaluate(NULL, s, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits_open(NULL, 1, 2, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_update(NULL, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_update_cpu(NULL, 0, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits(NULL, &lim), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(NULL, 0, 8000, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_get_status(bad, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_get_cpu(NULL, 0, &cs), PGOV_EINVAL);
    /* Memory that is not an instance is refused. */
    assert_int_equal(pgov_dbs_start(bad, s, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_evaluate(bad, s, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits_open(bad, 1600000, 3900000, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_update(bad, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_update_cpu(bad, 0, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_timer(bad, 0, &next), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_set_limits(bad, &lim), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_store(bad, 0, 8000, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_get_status(bad, &st), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_get_cpu(bad, 0, &cs), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_should_sample(bad, 0), PGOV_EINVAL);
    /* An open instance: evaluate with a missing snapshot array. */
    assert_int_equal(pgov_dbs_init_open(mem, sizeof(mem), &c, &g), PGOV_OK);
    assert_int_equal(pgov_dbs_start(g, s, 1, NULL), PGOV_OK);
    assert_int_equal(pgov_dbs_evaluate(g, NULL, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_dbs_evaluate(g, s, 1, NULL), PGOV_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_profiles),
        cmocka_unit_test(test_v50_linux_rows),
        cmocka_unit_test(test_cs_7x),
        cmocka_unit_test(test_open_loop_contract),
        cmocka_unit_test(test_wraps),
        cmocka_unit_test(test_stores),
        cmocka_unit_test(test_deadband),
        cmocka_unit_test(test_closed_loop_ondemand),
        cmocka_unit_test(test_hal_positive_return),
        cmocka_unit_test(test_cfg_size_rule),
        cmocka_unit_test(test_hal_errors_leave_state),
        cmocka_unit_test(test_two_cpu_policy),
        cmocka_unit_test(test_gate_and_work),
        cmocka_unit_test(test_counters_backwards),
        cmocka_unit_test(test_idle_period_wrap),
        cmocka_unit_test(test_bias_and_step_edges),
        cmocka_unit_test(test_null_and_garbage),
        cmocka_unit_test(test_unsorted_warn),
    };
    return cmocka_run_group_tests(tests, setup_tables, NULL);
}
