/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand / conservative: API contract, defaults, profiles and store rules.
 * Expected numbers come from spec/ondemand.md arithmetic worked by hand in
 * the comments, never from the implementation. Linux rows: test_dbs_linux.c;
 * the HAL-bound instance: test_dbs_hal.c.
 */
#include "dbs_fixture.h"

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
#undef EXPECT
}

/* Field combinations init rejects or takes: the sampling period, explicit
 * zeros, trailing bytes, table-less drivers, CPU lists, conservative's
 * thresholds. */
static void test_init_combinations(void **state)
{
    (void)state;
    struct pgov_dbs *g = NULL;
    struct pgov_dbs_config c = base_cfg(PGOV_DBS_ONDEMAND, 0);

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
        cmocka_unit_test(test_init_combinations),
        cmocka_unit_test(test_profiles),
        cmocka_unit_test(test_stores),
        cmocka_unit_test(test_cfg_size_rule),
        cmocka_unit_test(test_null_and_garbage),
        cmocka_unit_test(test_unsorted_warn),
    };
    return cmocka_run_group_tests(tests, setup_tables, NULL);
}
