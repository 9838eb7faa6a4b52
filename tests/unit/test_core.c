/* SPDX-License-Identifier: BSD-2-Clause */
/* Version, error strings, kernel-version profiles and the hardware vtable. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>
#include "internal/hal.h" /* pgov_hw_bind: internal, still exported */

/*
 * Frozen layouts of the public hw.h structs (docs/abi.md): fixed-width
 * fields, no hidden padding. The vtable is pointer-sized slots after two
 * u32, on every target (ILP32 and LP64).
 */
#define PTR sizeof(void (*)(void))
_Static_assert(sizeof(struct pgov_hw_counters) == 24, "pgov_hw_counters layout");
_Static_assert(offsetof(struct pgov_hw_counters, mperf) == 8, "pgov_hw_counters.mperf");
_Static_assert(offsetof(struct pgov_hw_counters, tsc) == 16, "pgov_hw_counters.tsc");
_Static_assert(sizeof(struct pgov_hw_limits) == 24, "pgov_hw_limits layout");
_Static_assert(offsetof(struct pgov_hw_limits, max_pstate_physical) == 8, "limits.max_phys");
_Static_assert(offsetof(struct pgov_hw_limits, scaling_khz) == 16, "limits.scaling_khz");
_Static_assert(offsetof(struct pgov_hw_limits, flags) == 20, "limits.flags");
_Static_assert(sizeof(struct pgov_hw_idle) == 32, "pgov_hw_idle layout");
_Static_assert(offsetof(struct pgov_hw_idle, iowait_us) == 16, "idle.iowait_us");
_Static_assert(offsetof(struct pgov_hw_idle, nice_ns) == 24, "idle.nice_ns");
_Static_assert(sizeof(struct pgov_hw_trace) == 32, "pgov_hw_trace layout");
_Static_assert(offsetof(struct pgov_hw_trace, cpu) == 8, "trace.cpu");
_Static_assert(offsetof(struct pgov_hw_trace, kind) == 12, "trace.kind");
_Static_assert(offsetof(struct pgov_hw_trace, a) == 16, "trace.a");
_Static_assert(offsetof(struct pgov_hw_trace, b) == 24, "trace.b");
_Static_assert(offsetof(struct pgov_hw_ops, flags) == 4, "ops.flags");
_Static_assert(offsetof(struct pgov_hw_ops, clock_ns) == 8, "ops.clock_ns");
_Static_assert(offsetof(struct pgov_hw_ops, read_counters) == 8 + 1 * PTR, "ops.read_counters");
_Static_assert(offsetof(struct pgov_hw_ops, get_limits) == 8 + 2 * PTR, "ops.get_limits");
_Static_assert(offsetof(struct pgov_hw_ops, set_pstate) == 8 + 3 * PTR, "ops.set_pstate");
_Static_assert(offsetof(struct pgov_hw_ops, set_hwp_request) == 8 + 4 * PTR, "ops.set_hwp");
_Static_assert(offsetof(struct pgov_hw_ops, read_idle) == 8 + 5 * PTR, "ops.read_idle");
_Static_assert(offsetof(struct pgov_hw_ops, set_freq_khz) == 8 + 6 * PTR, "ops.set_freq_khz");
_Static_assert(offsetof(struct pgov_hw_ops, trace) == 8 + 7 * PTR, "ops.trace");
_Static_assert(sizeof(struct pgov_hw_ops) == 8 + 8 * PTR, "pgov_hw_ops size");
_Static_assert(PGOV_HW_OPS_SIZE_V1 == sizeof(struct pgov_hw_ops), "V1 is the whole table");
_Static_assert(sizeof(struct pgov_hw) == sizeof(struct pgov_hw_ops) + sizeof(void *), "pgov_hw");

static void test_version(void **st)
{
    (void)st;
    assert_int_equal(pgov_version(), PGOV_VERSION);
    assert_int_equal(PGOV_VERSION, 0x000700);
    assert_string_equal(pgov_version_string(), "0.7.0");
}

static void test_strerror(void **st)
{
    (void)st;
    static const int codes[] = {PGOV_OK,    PGOV_WARN_KERNEL, PGOV_EIO,    PGOV_EAGAIN,
                                PGOV_EFAULT, PGOV_EINVAL,     PGOV_ENOSPC, PGOV_EDOM,
                                PGOV_ENOSYS, PGOV_E2BIG,      PGOV_ENOTSUP};
    /* Linux errno values, so a kernel embedder can return them as they are. */
    assert_int_equal(PGOV_EINVAL, -22);
    assert_int_equal(PGOV_EFAULT, -14);
    assert_int_equal(PGOV_ENOTSUP, -95);
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
        const char *s = pgov_strerror(codes[i]);
        assert_non_null(s);
        assert_string_not_equal(s, "unknown error");
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(s, pgov_strerror(codes[j]));
    }
    assert_string_equal(pgov_strerror(-9999), "unknown error");
    assert_string_equal(pgov_strerror(7), "unknown error");
}

static void test_kver(void **st)
{
    (void)st;
    assert_int_equal(PGOV_KVER(4, 17), 0x0411);
    assert_true(PGOV_KVER_4_6 < PGOV_KVER_4_13);
    assert_true(pgov_kver_valid(PGOV_KVER_LATEST));
    assert_true(pgov_kver_valid(PGOV_KVER_4_5));
    assert_true(pgov_kver_valid(PGOV_KVER(5, 10))); /* unnamed but real */
    assert_true(pgov_kver_valid(PGOV_KVER_NEWEST));
    assert_false(pgov_kver_valid(PGOV_KVER_NEWEST + 1)); /* the future */
    assert_false(pgov_kver_valid(PGOV_KVER(2, 6)));
    assert_false(pgov_kver_valid(UINT32_MAX));
    assert_int_equal(pgov_kver_resolve(PGOV_KVER_LATEST), PGOV_KVER_NEWEST);
    assert_int_equal(pgov_kver_resolve(PGOV_KVER_4_17), PGOV_KVER_4_17);
    assert_int_equal(pgov_kver_resolve(PGOV_KVER(9, 0)), 0);
}

static int cb_clock(void *ctx, uint64_t *now)
{
    *now = (uint64_t)(uintptr_t)ctx;
    return 0;
}
static int cb_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *c)
{
    (void)ctx;
    (void)cpu;
    memset(c, 0, sizeof(*c));
    return 0;
}
static int cb_pstate(void *ctx, uint32_t cpu, uint32_t p, uint64_t v)
{
    (void)ctx;
    (void)cpu;
    (void)p;
    (void)v;
    return 0;
}
static void cb_trace(void *ctx, const struct pgov_hw_trace *ev)
{
    (void)ctx;
    (void)ev;
}

static void test_hw_bind(void **st)
{
    (void)st;
    struct pgov_hw_ops ops = {
        .size = sizeof(ops), .clock_ns = cb_clock, .read_counters = cb_counters,
        .set_pstate = cb_pstate, .trace = cb_trace};
    struct pgov_hw hw, before;
    memset(&hw, 0xA5, sizeof(hw));
    before = hw;

    assert_int_equal(pgov_hw_bind(NULL, &ops, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_hw_bind(&hw, NULL, NULL, 0), PGOV_EINVAL);
    /* Missing required callbacks: ENOSYS, output untouched. */
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, PGOV_HW_NEED_LIMITS), PGOV_ENOSYS);
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, PGOV_HW_NEED_HWP), PGOV_ENOSYS);
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, PGOV_HW_NEED_IDLE), PGOV_ENOSYS);
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, PGOV_HW_NEED_FREQ), PGOV_ENOSYS);
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 1u << 20), PGOV_EINVAL);
    assert_memory_equal(&hw, &before, sizeof(hw));
    ops.flags = 1;
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 0), PGOV_EINVAL);
    ops.flags = 0;
    ops.size = 8;
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 0), PGOV_E2BIG);
    assert_memory_equal(&hw, &before, sizeof(hw));

    ops.size = sizeof(ops);
    assert_int_equal(pgov_hw_bind(&hw, &ops, (void *)(uintptr_t)42,
                                  PGOV_HW_NEED_CLOCK | PGOV_HW_NEED_COUNTERS |
                                      PGOV_HW_NEED_PSTATE),
                     PGOV_OK);
    assert_int_equal(hw.ops.size, sizeof(struct pgov_hw_ops));
    assert_ptr_equal(hw.ops.trace, cb_trace);
    assert_null(hw.ops.get_limits);
    uint64_t now = 0;
    assert_int_equal(hw.ops.clock_ns(hw.ctx, &now), 0);
    assert_int_equal(now, 42);
}

/* A table from an older embedder that ends before `trace` still binds when it
 * covers V1; callbacks past its size are treated as absent. */
static void test_hw_bind_short_table(void **st)
{
    (void)st;
    struct pgov_hw_ops ops = {.size = (uint32_t)PGOV_HW_OPS_SIZE_V1, .trace = cb_trace};
    struct pgov_hw hw;
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 0), PGOV_OK);
    assert_ptr_equal(hw.ops.trace, cb_trace);
    ops.size = (uint32_t)PGOV_HW_OPS_SIZE_V1 - 1;
    assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 0), PGOV_E2BIG);
}

static int cb_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *l)
{
    (void)ctx;
    (void)cpu;
    (void)l;
    return 0;
}
static int cb_hwp(void *ctx, uint32_t cpu, uint64_t v)
{
    (void)ctx;
    (void)cpu;
    (void)v;
    return 0;
}
static int cb_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *i)
{
    (void)ctx;
    (void)cpu;
    (void)i;
    return 0;
}
static int cb_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    (void)ctx;
    (void)cpu;
    (void)khz;
    return 0;
}

/* Each need bit is checked against its own callback and no other: a full
 * table satisfies every bit; removing one callback fails exactly the bit
 * that names it (and only when that bit is asked for). */
static void test_hw_bind_each_need(void **st)
{
    (void)st;
    const struct pgov_hw_ops full = {
        .size = sizeof(full), .clock_ns = cb_clock, .read_counters = cb_counters,
        .get_limits = cb_limits, .set_pstate = cb_pstate, .set_hwp_request = cb_hwp,
        .read_idle = cb_idle, .set_freq_khz = cb_freq};
    struct pgov_hw hw;
    assert_int_equal(pgov_hw_bind(&hw, &full, NULL, 0x7Fu), PGOV_OK);
    assert_null(hw.ops.trace);
    assert_ptr_equal(hw.ops.get_limits, cb_limits);
    assert_ptr_equal(hw.ops.set_hwp_request, cb_hwp);
    assert_ptr_equal(hw.ops.read_idle, cb_idle);
    assert_ptr_equal(hw.ops.set_freq_khz, cb_freq);
    for (unsigned bit = 0; bit < 7; bit++) {
        struct pgov_hw_ops ops = full;
        switch (bit) {
        case 0: ops.clock_ns = NULL; break;
        case 1: ops.read_counters = NULL; break;
        case 2: ops.get_limits = NULL; break;
        case 3: ops.set_pstate = NULL; break;
        case 4: ops.set_hwp_request = NULL; break;
        case 5: ops.read_idle = NULL; break;
        default: ops.set_freq_khz = NULL; break;
        }
        assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 1u << bit), PGOV_ENOSYS);
        assert_int_equal(pgov_hw_bind(&hw, &ops, NULL, 0x7Fu & ~(1u << bit)), PGOV_OK);
    }
}

static void test_hw_limits_check(void **st)
{
    (void)st;
    struct pgov_hw_limits ivb = {16, 34, 34, 39, 100000, 0};
    struct pgov_hw_limits l;
    assert_int_equal(pgov_hw_limits_check(NULL), PGOV_EINVAL);
    assert_int_equal(pgov_hw_limits_check(&ivb), PGOV_OK);
    l = ivb, l.min_pstate = 0;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.min_pstate = 35;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.max_pstate = 40;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.max_pstate_physical = 40;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.max_pstate_physical = 0;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.scaling_khz = 0;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.flags = 0x80;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_EINVAL);
    l = ivb, l.flags = PGOV_HW_LIM_TURBO_DISABLED, l.max_pstate = 26, l.turbo_pstate = 26,
    l.max_pstate_physical = 26;
    assert_int_equal(pgov_hw_limits_check(&l), PGOV_OK);
}

/* Does module @m accept @kver (anything but PGOV_ENOTSUP)? */
static int accepts(uint32_t m, uint32_t kver)
{
    int rc = 0;
    switch (m) {
    case PGOV_MOD_PELT_FLOORS: {
        struct pgov_pelt_avg c;
        assert_int_equal(pgov_pelt_init(&c, 0, 0), 0);
        rc = pgov_pelt_remove_kv(&c, 0, 0, 0, kver);
        break;
    }
    case PGOV_MOD_UTIL_EST: {
        struct pgov_util_est_rq rq;
        struct pgov_util_est_cfg c;
        memset(&c, 0, sizeof(c));
        c.size = sizeof(c);
        c.kver = kver;
        rc = pgov_util_est_init(&rq, &c);
        break;
    }
    case PGOV_MOD_UCLAMP: {
        uint32_t id;
        rc = pgov_uclamp_bucket_id(5, kver, 0, &id);
        break;
    }
    case PGOV_MOD_PSTATE_PID:
    case PGOV_MOD_PSTATE_ATOM:
    case PGOV_MOD_PSTATE_LOAD:
    case PGOV_MOD_HWP_BOOST: {
        static const uint32_t pol[] = {PGOV_PSTATE_POLICY_PID, PGOV_PSTATE_POLICY_PID_ATOM,
                                       PGOV_PSTATE_POLICY_LOAD, PGOV_PSTATE_POLICY_HWP_BOOST};
        struct pgov_pstate_config c;
        struct pgov_pstate_params p;
        memset(&c, 0, sizeof(c));
        c.size = sizeof(c);
        c.policy = pol[m - PGOV_MOD_PSTATE_PID];
        c.kver = kver;
        rc = pgov_pstate_params_init(&p, &c);
        break;
    }
    case PGOV_MOD_SUGOV: {
        struct pgov_sugov_params p = {1000000, 4000000, 1024, 2400000, 800000, 2400000, 0, 0};
        p.kver = kver;
        rc = pgov_sugov_params_check(&p);
        break;
    }
    case PGOV_MOD_PELT_GROUP: {
        struct pgov_pelt_cfs c;
        assert_int_equal(pgov_pelt_group_cfs_init(&c, 0), 0);
        rc = pgov_pelt_group_update_cfs(kver, &c, 0);
        rc = rc > 0 ? 0 : rc;
        break;
    }
    case PGOV_MOD_DBS: {
        struct pgov_dbs_platform plat;
        struct pgov_dbs_tunables t;
        memset(&plat, 0, sizeof(plat));
        rc = pgov_dbs_defaults(PGOV_DBS_ONDEMAND, kver, &plat, &t);
        break;
    }
    default:
        fail();
    }
    assert_true(rc == PGOV_OK || rc == PGOV_ENOTSUP);
    return rc != PGOV_ENOTSUP;
}

/* pgov_kver_exactness() never claims a release a module rejects, and never
 * calls an accepted one unsupported; spot values from the docs' tables. */
static void test_kver_exactness(void **st)
{
    (void)st;
    static const uint32_t mods[] = {PGOV_MOD_PELT_FLOORS, PGOV_MOD_UTIL_EST, PGOV_MOD_UCLAMP,
                                    PGOV_MOD_PSTATE_PID,  PGOV_MOD_PSTATE_ATOM,
                                    PGOV_MOD_PSTATE_LOAD, PGOV_MOD_HWP_BOOST, PGOV_MOD_SUGOV,
                                    PGOV_MOD_DBS,         PGOV_MOD_PELT_GROUP};
    for (size_t i = 0; i < sizeof(mods) / sizeof(mods[0]); i++) {
        assert_int_equal(accepts(mods[i], 0), pgov_kver_exactness(mods[i], 0) != 0);
        for (uint32_t major = 3; major <= 7; major++)
            for (uint32_t minor = 0; minor <= 20; minor++) {
                uint32_t k = PGOV_KVER(major, minor);
                if (!pgov_kver_valid(k))
                    continue;
                int e = pgov_kver_exactness(mods[i], k);
                assert_true(e >= PGOV_KVER_UNSUPPORTED && e <= PGOV_KVER_EXACT);
                if (accepts(mods[i], k) != (e != PGOV_KVER_UNSUPPORTED))
                    fail_msg("module %u kver %u.%u: accepts %d, exactness %d",
                             (unsigned)mods[i], (unsigned)major, (unsigned)minor,
                             accepts(mods[i], k), e);
            }
    }
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_UTIL_EST, PGOV_KVER(6, 1)), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_UTIL_EST, PGOV_KVER(6, 12)), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_UTIL_EST, PGOV_KVER(6, 13)),
                     PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_UTIL_EST, PGOV_KVER_6_18), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_DBS, PGOV_KVER(5, 10)), PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PSTATE_LOAD, PGOV_KVER(5, 1)),
                     PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER(6, 17)), PGOV_KVER_APPROXIMATE);
    /* 6.1 governors: Linux 6.1 itself agreed on every row (tests/oracle). */
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER_6_1), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER(6, 7)), PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER(6, 8)), PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER(5, 13)), PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER(5, 1)), PGOV_KVER_UNSUPPORTED);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_DBS, PGOV_KVER_6_1), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, 0), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT, PGOV_KVER(5, 10)), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT, PGOV_KVER_4_4), PGOV_KVER_UNSUPPORTED);
    /* Issue 26: 6.19 .. 7.3 accepted; 6.12 and 7.3 spec-pinned (delta-7.3.md). */
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT, PGOV_KVER(7, 0)), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT, PGOV_KVER(7, 4)), PGOV_KVER_UNSUPPORTED);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT_FLOORS, PGOV_KVER_6_19), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT_FLOORS, PGOV_KVER_7_3), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_DBS, PGOV_KVER_6_12), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_DBS, PGOV_KVER(6, 13)), PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_DBS, PGOV_KVER_7_3), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER_6_12), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PSTATE_LOAD, PGOV_KVER(7, 1)), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_UCLAMP, 0), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_resolve(0), PGOV_KVER_7_3);
    assert_int_equal(pgov_kver_exactness(0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT_GROUP, PGOV_KVER_6_1), PGOV_KVER_EXACT);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT_GROUP, PGOV_KVER(7, 1)),
                     PGOV_KVER_APPROXIMATE);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT_GROUP, PGOV_KVER(6, 0)),
                     PGOV_KVER_UNSUPPORTED);
    assert_int_equal(pgov_kver_exactness(PGOV_MOD_PELT_GROUP + 1, 0), PGOV_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),       cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_kver),          cmocka_unit_test(test_hw_bind),
        cmocka_unit_test(test_hw_bind_short_table), cmocka_unit_test(test_hw_bind_each_need),
        cmocka_unit_test(test_hw_limits_check),
        cmocka_unit_test(test_kver_exactness),
    };
    return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
