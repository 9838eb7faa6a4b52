/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT: constants re-derived independently, decay/segments against a 128-bit
 * reference, the update's kernel corner cases (backwards clock, 2^63 jumps,
 * 2^32-period truncation, weights 0 and max), error handling with state
 * unchanged, flavours, irq, batches. The PELT clock and the cfs_rq:
 * test_pelt_cfs_rq.c.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>

/* floor(v * m / 2^32) from two 32x32 products (no 128-bit type: -m32). */
static uint64_t mul_shr32(uint64_t v, uint32_t m)
{
    uint64_t lo = (v & 0xffffffffu) * m, hi = (v >> 32) * m;
    return hi + (lo >> 32);
}

/* Frozen layout (documented offsets in pelt.h). */
_Static_assert(sizeof(struct pgov_pelt_avg) == 64, "pgov_pelt_avg size");
_Static_assert(offsetof(struct pgov_pelt_avg, last_update_time) == 0, "lut");
_Static_assert(offsetof(struct pgov_pelt_avg, load_sum) == 8, "load_sum");
_Static_assert(offsetof(struct pgov_pelt_avg, runnable_sum) == 16, "runnable_sum");
_Static_assert(offsetof(struct pgov_pelt_avg, util_sum) == 24, "util_sum");
_Static_assert(offsetof(struct pgov_pelt_avg, period_contrib) == 28, "period_contrib");
_Static_assert(offsetof(struct pgov_pelt_avg, load_avg) == 32, "load_avg");
_Static_assert(offsetof(struct pgov_pelt_avg, runnable_avg) == 40, "runnable_avg");
_Static_assert(offsetof(struct pgov_pelt_avg, util_avg) == 48, "util_avg");
_Static_assert(offsetof(struct pgov_pelt_avg, halflife) == 56, "halflife");
_Static_assert(offsetof(struct pgov_pelt_avg, reserved) == 60, "reserved");
_Static_assert(sizeof(struct pgov_pelt_clock) == 40, "pgov_pelt_clock size");
_Static_assert(offsetof(struct pgov_pelt_clock, lost_idle_time) == 24, "lost_idle_time");
_Static_assert(offsetof(struct pgov_pelt_clock, multiplier) == 32, "multiplier");

/* ---------------------------------------------------------------- generator */

/* The documented generator (spec 1.3), in double precision, here only. */
static void gen_table(int halflife, uint32_t *y, uint32_t *load_avg_max, int *iters)
{
    double yy = pow(0.5, 1.0 / halflife);
    uint64_t max = 1024, prev = 0;
    int n = 0;
    for (int i = 0; i < halflife; i++)
        y[i] = (uint32_t)(4294967295.0 * pow(yy, i));
    uint64_t yinv = (uint64_t)(int64_t)(4294967295.0 * yy); /* the generator's (long), LP64 */
    while (max != prev) {
        prev = max;
        max = ((max * yinv) >> 32) + 1024;
        n++;
    }
    *load_avg_max = (uint32_t)max;
    *iters = n - 1;
}

/* The committed tables are visible through the API: decay(2^32, i) = Y[i]. */
static uint32_t lib_y(uint32_t hl, uint32_t i)
{
    uint64_t v = 0;
    assert_int_equal(pgov_pelt_decay_hl(hl, 1ull << 32, i, &v), PGOV_OK);
    assert_true(v <= UINT32_MAX);
    return (uint32_t)v;
}

static void test_tables_rederived(void **st)
{
    (void)st;
    uint32_t y32[32], y16[16], y8[8], max;
    int iters;

    gen_table(32, y32, &max, &iters);
    for (uint32_t i = 0; i < 32; i++) {
        assert_int_equal(lib_y(32, i), y32[i]);
        assert_int_equal(pgov_pelt_decay(1ull << 32, i), y32[i]);
    }
    assert_int_equal(max, PGOV_PELT_LOAD_AVG_MAX);
    assert_int_equal(iters, 346); /* as the spec records */
    assert_int_equal(pgov_pelt_min_divider(0), 46718);
    assert_int_equal(pgov_pelt_min_divider(32), PGOV_PELT_MIN_DIVIDER);
    /* Consistency property the divider relies on. */
    assert_int_equal(pgov_pelt_decay(47742, 1), 46718);

    /* Android half-life 16: the even entries of the 32 table, and the
     * generator run for half-life 16 gives the same entries and 24130. */
    gen_table(16, y16, &max, &iters);
    for (uint32_t i = 0; i < 16; i++) {
        assert_int_equal(lib_y(16, i), y32[2 * i]);
        assert_int_equal(lib_y(16, i), y16[i]);
    }
    assert_int_equal(max, PGOV_PELT_LOAD_AVG_MAX_HL16);
    assert_int_equal(pgov_pelt_min_divider(16), 24130 - 1024);

    /* Android half-life 8: every fourth entry; the table matches the
     * generator, but its LOAD_AVG_MAX does NOT: iterating upward from 1024
     * stops at 12326, the first fixed point. Android ships 12336, which is
     * another (larger) fixed point of the same recurrence. */
    gen_table(8, y8, &max, &iters);
    for (uint32_t i = 0; i < 8; i++) {
        assert_int_equal(lib_y(8, i), y32[4 * i]);
        assert_int_equal(lib_y(8, i), y8[i]);
    }
    assert_int_equal(max, 12326);
    assert_int_equal(pgov_pelt_min_divider(8), 12336 - 1024);
    assert_int_equal(((12336ull * y8[1]) >> 32) + 1024, 12336);
    assert_int_equal(((12326ull * y8[1]) >> 32) + 1024, 12326);

    /* Half-life 32 has a range of fixed points; 47742 is the smallest. */
    assert_int_equal(((47742ull * y32[1]) >> 32) + 1024, 47742);
    assert_int_equal(((47741ull * y32[1]) >> 32) + 1024, 47742);

    /* The precomputed middle segments (segments(n, 0, 0) for n < 32). */
    for (uint32_t n = 0; n < 64; n++) {
        uint32_t want = (uint32_t)(47742u -
                                   (uint32_t)((((uint64_t)47742 >> (n / 32)) * y32[n % 32]) >> 32) -
                                   1024u);
        assert_int_equal(pgov_pelt_segments(n, 0, 0), want);
    }

    assert_int_equal(pgov_pelt_min_divider(12), PGOV_ENOTSUP);
}

/* ---------------------------------------------------------------- primitives */

static uint64_t ref_decay(uint64_t val, uint64_t n, uint32_t hl, const uint32_t *y)
{
    if (n > (uint64_t)hl * 63)
        return 0;
    val >>= n / hl;
    return mul_shr32(val, y[n % hl]);
}

static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void test_decay(void **st)
{
    (void)st;
    uint32_t y32[32], y16[16], y8[8], m;
    int it;
    gen_table(32, y32, &m, &it);
    gen_table(16, y16, &m, &it);
    gen_table(8, y8, &m, &it);

    /* n = 0 is not the identity; n = 2016 is 0; beyond it 0 for every n. */
    assert_int_equal(pgov_pelt_decay(1, 0), 0);
    assert_int_equal(pgov_pelt_decay(1024, 0), 1023);
    /* val - ceil(val / 2^32): 2^64 - 2^32 - 1 (as pelt_decay.tsv; spec 1.4 says 2^64-2^32). */
    assert_true(pgov_pelt_decay(UINT64_MAX, 0) == UINT64_MAX - 0x100000000ull);
    assert_int_equal(pgov_pelt_decay(UINT64_MAX, 2016), 0);
    assert_true(pgov_pelt_decay(UINT64_MAX, 2015) > 0);
    assert_int_equal(pgov_pelt_decay(UINT64_MAX, 2017), 0);
    /* The core tests the shift (n / 32 <= 63), not the cut-off: the last
     * periods with a defined shift and the first without. */
    for (uint64_t n = 2017; n <= 2050; n++)
        assert_int_equal(pgov_pelt_decay(UINT64_MAX, n), 0);
    assert_int_equal(pgov_pelt_decay(UINT64_MAX, 1ull << 32), 0);
    assert_int_equal(pgov_pelt_decay(UINT64_MAX, UINT64_MAX), 0);
    assert_int_equal(pgov_pelt_decay(1024, 32), 511); /* (512 * 0xffffffff) >> 32 */

    uint64_t s = 42;
    for (int i = 0; i < 20000; i++) {
        uint64_t v = rnd(&s) >> (rnd(&s) & 63), n = rnd(&s) % 2100, out;
        assert_true(pgov_pelt_decay(v, n) == ref_decay(v, n, 32, y32));
        assert_int_equal(pgov_pelt_decay_hl(16, v, n, &out), 0);
        assert_true(out == ref_decay(v, n, 16, y16));
        assert_int_equal(pgov_pelt_decay_hl(8, v, n, &out), 0);
        assert_true(out == ref_decay(v, n, 8, y8));
        assert_int_equal(pgov_pelt_decay_hl(0, v, n, &out), 0);
        assert_true(out == ref_decay(v, n, 32, y32));
    }
    uint64_t o = 77;
    assert_int_equal(pgov_pelt_decay_hl(64, 1, 1, &o), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_decay_hl(32, 1, 1, NULL), PGOV_EINVAL);
    assert_int_equal(o, 77);
}

static void test_segments(void **st)
{
    (void)st;
    uint32_t y[32], m, out = 5;
    int it;
    gen_table(32, y, &m, &it);
    /* One period: the middle segment is empty. */
    assert_int_equal(pgov_pelt_segments(1, 1024, 0), (uint32_t)ref_decay(1024, 1, 32, y));
    /* Beyond the cut-off the middle segment is the whole tail, 46718. */
    assert_int_equal(pgov_pelt_segments(5000, 1024, 7), 46718 + 7);
    uint64_t s = 9;
    for (int i = 0; i < 5000; i++) {
        uint64_t p = 1 + rnd(&s) % 2100;
        uint32_t d1 = 1 + (uint32_t)(rnd(&s) % 1024), d3 = (uint32_t)(rnd(&s) % 1024);
        uint32_t want = (uint32_t)ref_decay(d1, p, 32, y) + 47742u -
                        (uint32_t)ref_decay(47742, p, 32, y) - 1024u + d3;
        assert_int_equal(pgov_pelt_segments(p, d1, d3), want);
    }
    assert_int_equal(pgov_pelt_segments_hl(16, 3, 1024, 0, &out), 0);
    assert_int_equal(pgov_pelt_segments_hl(7, 3, 1024, 0, &out), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_segments_hl(8, 3, 1024, 0, NULL), PGOV_EINVAL);
}

/* ---------------------------------------------------------------- update */

static void test_init_and_errors(void **st)
{
    (void)st;
    struct pgov_pelt_avg sa, before;
    assert_int_equal(pgov_pelt_init(NULL, 0, 0), PGOV_EINVAL);
    memset(&sa, 0x5a, sizeof(sa));
    before = sa;
    assert_int_equal(pgov_pelt_init(&sa, 10, 24), PGOV_ENOTSUP);
    assert_memory_equal(&sa, &before, sizeof(sa));
    assert_int_equal(pgov_pelt_init(&sa, 1000, 0), PGOV_OK);
    assert_int_equal(sa.last_update_time, 1000);
    assert_int_equal(sa.load_sum | sa.runnable_sum | sa.util_sum | sa.period_contrib, 0);
    assert_int_equal(pgov_pelt_divider(&sa), 46718);
    assert_int_equal(pgov_pelt_divider(NULL), PGOV_EINVAL);

    /* Every state check, on every entry point, leaves the state alone. */
    struct pgov_pelt_avg bad[3];
    bad[0] = sa, bad[0].halflife = 12;
    bad[1] = sa, bad[1].period_contrib = 1024;
    bad[2] = sa, bad[2].reserved = 1;
    const int want[3] = {PGOV_ENOTSUP, PGOV_EINVAL, PGOV_EINVAL};
    for (int i = 0; i < 3; i++) {
        struct pgov_pelt_avg b = bad[i], cfs = sa;
        /* Same period, 1..31, 32..511, 512..2016 and beyond 2016 periods. */
        uint64_t times[] = {1000,        1000 + 1024, 1000 + 5000000,           999,
                            1000 + 100000000, 1000 + (600ull << 20), 1000 + (3000ull << 20)};
        for (size_t k = 0; k < sizeof(times) / sizeof(times[0]); k++) {
            assert_int_equal(pgov_pelt_update(&b, times[k], 1, 1, 1, 1024), want[i]);
            assert_int_equal(pgov_pelt_update(&b, times[k], 0, 1, 1, 1024), want[i]);
            assert_int_equal(pgov_pelt_update_sums(&b, times[k], 1, 1, 1), want[i]);
            assert_int_equal(pgov_pelt_update_sums(&b, times[k], 0, 1, 1), want[i]);
            assert_int_equal(pgov_pelt_update_irq(&b, times[k], 100, 1024, 1024), want[i]);
        }
        assert_int_equal(pgov_pelt_update_avgs(&b, 1024), want[i]);
        assert_int_equal(pgov_pelt_divider(&b), want[i]);
        assert_int_equal(pgov_pelt_attach(&cfs, &b, 1024), want[i]);
        assert_int_equal(pgov_pelt_detach(&cfs, &b, 1024), want[i]);
        assert_int_equal(pgov_pelt_remove(&b, 1, 1, 1), want[i]);
        assert_int_equal(pgov_pelt_post_init_task(&b, &cfs, 1024, 1024), want[i]);
        assert_memory_equal(&b, &bad[i], sizeof(b));
        assert_memory_equal(&cfs, &sa, sizeof(cfs));
    }
    assert_int_equal(pgov_pelt_update(NULL, 1, 1, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_sums(NULL, 1, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_avgs(NULL, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_task(NULL, 1, 1, 0, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_task(NULL, 1, 2, 0, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_group_se(NULL, 1, 1, 3, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_group_se(NULL, 1, 3, 3, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_blocked_se(NULL, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_cfs_rq(NULL, 1, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_cfs_rq(NULL, 1, 1, 1, 2), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_rt(NULL, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_rt(NULL, 1, 2), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_dl(NULL, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_hw_pressure(NULL, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_hw_pressure(NULL, 1, 1025), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_irq(NULL, 1, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_attach(NULL, &sa, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_attach(&sa, NULL, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_detach(&sa, NULL, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_remove(NULL, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_init_task(NULL, 1, 0), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_post_init_task(NULL, &sa, 1024, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_post_init_task(&sa, NULL, 1024, 1), PGOV_EINVAL);

    /* Flag arguments above 1 and capacities above 1024 are refused. */
    before = sa;
    assert_int_equal(pgov_pelt_update_task(&sa, 5000000, 2, 0, 1, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_task(&sa, 5000000, 1, 2, 1, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_task(&sa, 5000000, 1, 0, 5, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_group_se(&sa, 5000000, 1, 9, 2, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_cfs_rq(&sa, 5000000, 1, 1, 2), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_rt(&sa, 5000000, 2), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_dl(&sa, 5000000, 2), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_hw_pressure(&sa, 5000000, 1025), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_irq(&sa, 5000000, 1, 1025, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_update_irq(&sa, 5000000, 1, 1024, 1025), PGOV_EINVAL);
    assert_memory_equal(&sa, &before, sizeof(sa));
}

/* Plain reference of update_sums for the mainline (spec 1.7/1.8). */
static int ref_update(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load, uint64_t runnable,
                      int running, uint64_t weight, const uint32_t *y)
{
    uint64_t delta = now - sa->last_update_time, periods, t;
    uint32_t contrib;
    if ((int64_t)delta < 0) {
        sa->last_update_time = now;
        return 0;
    }
    delta >>= 10;
    if (!delta)
        return 0;
    sa->last_update_time += delta << 10;
    if (!load)
        runnable = running = 0;
    contrib = (uint32_t)delta;
    t = delta + sa->period_contrib;
    periods = t / 1024;
    if (periods) {
        sa->load_sum = ref_decay(sa->load_sum, periods, 32, y);
        sa->runnable_sum = ref_decay(sa->runnable_sum, periods, 32, y);
        sa->util_sum = (uint32_t)ref_decay(sa->util_sum, periods, 32, y);
        t %= 1024;
        if (load)
            contrib = (uint32_t)ref_decay(1024 - sa->period_contrib, periods, 32, y) + 47742u -
                      (uint32_t)ref_decay(47742, periods, 32, y) - 1024u + (uint32_t)t;
    }
    sa->period_contrib = (uint32_t)t;
    if (load)
        sa->load_sum += load * contrib;
    if (runnable)
        sa->runnable_sum += (runnable * contrib) << 10;
    if (running)
        sa->util_sum += contrib << 10;
    if ((uint32_t)periods == 0)
        return 0;
    uint32_t div = 46718 + sa->period_contrib;
    sa->load_avg = weight * sa->load_sum / div;
    sa->runnable_avg = sa->runnable_sum / div;
    sa->util_avg = sa->util_sum / div;
    return 1;
}

static void test_update_random_vs_reference(void **st)
{
    (void)st;
    uint32_t y[32], m;
    int it;
    gen_table(32, y, &m, &it);
    uint64_t s = 1234;
    for (int run = 0; run < 200; run++) {
        struct pgov_pelt_avg a, b;
        uint64_t now = rnd(&s);
        assert_int_equal(pgov_pelt_init(&a, now, 0), 0);
        b = a;
        for (int i = 0; i < 300; i++) {
            uint64_t step;
            switch (rnd(&s) % 6) {
            case 0: step = rnd(&s) % 1024; break;
            case 1: step = rnd(&s) % (1u << 20); break;
            case 2: step = rnd(&s) % (40u << 20); break;
            case 3: step = rnd(&s) % (3000ull << 20); break;
            case 4: step = -(rnd(&s) % 5000); break;
            default: step = rnd(&s); break;
            }
            now += step;
            uint64_t load = rnd(&s) % 3 ? 1 : 0, runnable = rnd(&s) % 4, w = rnd(&s) % 90000;
            uint32_t running = (uint32_t)(rnd(&s) % 3);
            int r1 = pgov_pelt_update(&a, now, load, runnable, running, w);
            int r2 = ref_update(&b, now, load, runnable, (int)running, w, y);
            assert_int_equal(r1, r2);
            assert_memory_equal(&a, &b, sizeof(a));
            /* update_sums + update_avgs is the same as update. */
        }
    }
}

static void test_update_split_equals_combined(void **st)
{
    (void)st;
    struct pgov_pelt_avg a, b;
    uint64_t s = 5, now = 1ull << 40;
    pgov_pelt_init(&a, now, 0);
    b = a;
    for (int i = 0; i < 2000; i++) {
        now += rnd(&s) % (5u << 20);
        uint64_t load = rnd(&s) & 1;
        int r1 = pgov_pelt_update(&a, now, load, load, (uint32_t)load, 1024);
        int r2 = pgov_pelt_update_sums(&b, now, load, load, (uint32_t)load);
        assert_int_equal(r1, r2);
        if (r2 == 1)
            assert_int_equal(pgov_pelt_update_avgs(&b, 1024), 0);
        assert_memory_equal(&a, &b, sizeof(a));
    }
}

static void test_update_kernel_corners(void **st)
{
    (void)st;
    struct pgov_pelt_avg sa, before;
    const uint64_t t0 = 1ull << 40;
    pgov_pelt_init(&sa, t0, 0);
    for (int i = 1; i <= 100; i++)
        pgov_pelt_update(&sa, t0 + (uint64_t)i * 1000000, 1, 1, 1, 1024);
    before = sa;

    /* Clock going backwards: only last_update_time moves. */
    assert_int_equal(pgov_pelt_update(&sa, t0, 1, 1, 1, 1024), 0);
    assert_true(sa.last_update_time == t0);
    sa.last_update_time = before.last_update_time;
    assert_memory_equal(&sa, &before, sizeof(sa));

    /* A forward jump of exactly 2^63 ns looks the same. */
    uint64_t j = before.last_update_time + (1ull << 63);
    assert_int_equal(pgov_pelt_update(&sa, j, 1, 1, 1, 1024), 0);
    assert_true(sa.last_update_time == j);
    assert_true(sa.load_sum == before.load_sum && sa.util_sum == before.util_sum);
    assert_int_equal(sa.period_contrib, before.period_contrib);

    /* 2^32 periods (2^52 ns): sums decay fully and refill, but the u32
     * period count truncates to 0, so the averages keep their old values. */
    sa = before;
    uint64_t now = before.last_update_time + (1ull << 52);
    assert_int_equal(pgov_pelt_update(&sa, now, 1, 1, 1, 1024), 0);
    assert_true(sa.load_sum == 46718 + (uint64_t)sa.period_contrib);
    assert_int_equal(sa.period_contrib, before.period_contrib);
    assert_true(sa.util_avg == before.util_avg && sa.load_avg == before.load_avg);
    /* 2^32 + 1 periods reports an update. */
    sa = before;
    assert_int_equal(pgov_pelt_update(&sa, now + (1ull << 20), 1, 1, 1, 1024), PGOV_PELT_RECOMPUTED);

    /* Sub-unit deltas change nothing at all; the remainder is kept implicit. */
    sa = before;
    assert_int_equal(pgov_pelt_update(&sa, before.last_update_time + 1023, 1, 1, 1, 1024), 0);
    assert_memory_equal(&sa, &before, sizeof(sa));

    /* Weight 0: load_avg 0. Largest weight: the u64 product wraps exactly. */
    sa = before;
    now = before.last_update_time + (3u << 20);
    assert_int_equal(pgov_pelt_update(&sa, now, 1, 1, 1, 0), PGOV_PELT_RECOMPUTED);
    assert_int_equal(sa.load_avg, 0);
    struct pgov_pelt_avg big = before;
    assert_int_equal(pgov_pelt_update(&big, now, 1, 1, 1, UINT64_MAX), PGOV_PELT_RECOMPUTED);
    assert_true(big.load_avg == (UINT64_MAX * big.load_sum) / (46718 + big.period_contrib));
    assert_true(big.util_avg == sa.util_avg);
    /* load argument of the largest value: the product wraps modulo 2^64. */
    big = before;
    assert_true(pgov_pelt_update(&big, now, UINT64_MAX, 1, 1, 1) == PGOV_PELT_RECOMPUTED);

    /* The same corner on an Android half-life signal (generic path). */
    struct pgov_pelt_avg h16;
    pgov_pelt_init(&h16, t0, 16);
    assert_int_equal(pgov_pelt_update_sums(&h16, t0 + (5u << 20), 1, 1, 1), 1);
    struct pgov_pelt_avg h16b = h16;
    assert_int_equal(pgov_pelt_update_sums(&h16, t0, 1, 1, 1), 0);
    assert_true(h16.last_update_time == t0);
    h16.last_update_time = h16b.last_update_time;
    assert_memory_equal(&h16, &h16b, sizeof(h16));

    /* running is a truth value: 7 behaves as 1. */
    struct pgov_pelt_avg r7 = before, r1 = before;
    pgov_pelt_update(&r7, now, 1, 1, 7, 1024);
    pgov_pelt_update(&r1, now, 1, 1, 1, 1024);
    assert_memory_equal(&r7, &r1, sizeof(r1));
    /* load 0 forces runnable and running to 0. */
    struct pgov_pelt_avg l0 = before, z = before;
    pgov_pelt_update(&l0, now, 0, 5, 1, 1024);
    pgov_pelt_update(&z, now, 0, 0, 0, 1024);
    assert_memory_equal(&l0, &z, sizeof(z));
}

static void test_convergence(void **st)
{
    (void)st;
    const uint32_t hls[] = {0, 16, 8};
    for (size_t h = 0; h < 3; h++) {
        struct pgov_pelt_avg sa;
        uint64_t prev = 0;
        pgov_pelt_init(&sa, 0, hls[h]);
        for (int i = 1; i <= 2000; i++) {
            int r = pgov_pelt_update(&sa, (uint64_t)i * 1000000, 1, 1, 1, 1024);
            assert_true(r == 0 || r == 1);
            assert_true(sa.util_avg >= prev); /* monotonic under constant input */
            assert_true(sa.util_avg <= 1024 && sa.runnable_avg <= 1024);
            prev = sa.util_avg;
        }
        assert_true(sa.util_avg >= 1000);
        if (hls[h] == 0) {
            assert_int_equal(sa.util_avg, 1024);
            assert_int_equal(sa.runnable_avg, 1024);
            assert_true(sa.load_avg == 1024 || sa.load_avg == 1023);
        }
    }
    /* Period-aligned updates: steady load_sum 46715 and load_avg = weight - 1. */
    struct pgov_pelt_avg sa;
    pgov_pelt_init(&sa, 0, 0);
    for (int i = 1; i <= 3000; i++)
        pgov_pelt_update(&sa, (uint64_t)i << 20, 1, 1, 1, 1024);
    assert_int_equal(sa.load_sum, 46715);
    assert_int_equal(sa.load_avg, 1023);
}

/* ---------------------------------------------------------------- flavours */

static void test_flavours(void **st)
{
    (void)st;
    struct pgov_pelt_avg a, b;
    uint64_t s = 3, now = 1ull << 30;
    pgov_pelt_init(&a, now, 0);
    b = a;
    for (int i = 0; i < 500; i++) {
        now += rnd(&s) % (3u << 20);
        uint32_t on = (uint32_t)(rnd(&s) & 1), del = (uint32_t)(rnd(&s) & 1);
        uint32_t run = (uint32_t)(rnd(&s) & 1);
        /* Task: runnable is on_rq unless delayed. */
        assert_int_equal(pgov_pelt_update_task(&a, now, on, del, run, 1024),
                         pgov_pelt_update(&b, now, on, on && !del, run, 1024));
        assert_memory_equal(&a, &b, sizeof(a));
    }
    /* A delayed task keeps load but accumulates no runnable time. */
    pgov_pelt_init(&a, 0, 0);
    for (int i = 1; i < 50; i++)
        pgov_pelt_update_task(&a, (uint64_t)i << 20, 1, 1, 0, 1024);
    assert_true(a.load_sum > 0);
    assert_int_equal(a.runnable_sum, 0);
    assert_int_equal(a.util_sum, 0);

    /* Group entity: runnable counts tasks, runnable_avg above 1024. */
    pgov_pelt_init(&a, 0, 0);
    for (int i = 1; i < 400; i++)
        pgov_pelt_update_group_se(&a, (uint64_t)i * 1000000, 1, 3, 1, 2048);
    assert_true(a.runnable_avg > 3000 && a.runnable_avg <= 3072);
    assert_true(a.load_avg > 2000);

    /* Blocked: decays only. */
    uint64_t u = a.util_avg;
    assert_int_equal(pgov_pelt_update_blocked_se(&a, 500000000, 2048), 1);
    assert_true(a.util_avg < u);

    /* cfs_rq: weight inside load, averages weight 1. */
    pgov_pelt_init(&a, 0, 0);
    pgov_pelt_init(&b, 0, 0);
    for (int i = 1; i < 100; i++) {
        assert_int_equal(pgov_pelt_update_cfs_rq(&a, (uint64_t)i * 1500000, 3072, 2, 1),
                         pgov_pelt_update(&b, (uint64_t)i * 1500000, 3072, 2, 1, 1));
        assert_memory_equal(&a, &b, sizeof(a));
    }
    /* rt and dl: running drives everything. */
    pgov_pelt_init(&a, 0, 0);
    pgov_pelt_init(&b, 0, 0);
    for (int i = 1; i < 100; i++) {
        uint32_t r = (uint32_t)(i % 3 == 0);
        assert_int_equal(pgov_pelt_update_rt(&a, (uint64_t)i * 700000, r),
                         pgov_pelt_update(&b, (uint64_t)i * 700000, r, r, r, 1));
        assert_memory_equal(&a, &b, sizeof(a));
        struct pgov_pelt_avg c = a;
        pgov_pelt_update_dl(&c, (uint64_t)i * 700000 + 5000000, r);
        struct pgov_pelt_avg d = a;
        pgov_pelt_update_rt(&d, (uint64_t)i * 700000 + 5000000, r);
        assert_memory_equal(&c, &d, sizeof(c));
    }
    /* hw pressure: load_avg converges to the lost capacity. */
    pgov_pelt_init(&a, 0, 0);
    for (int i = 1; i < 2000; i++)
        pgov_pelt_update_hw_pressure(&a, (uint64_t)i * 1000000, 300);
    assert_true(a.load_avg >= 299 && a.load_avg <= 300);
    assert_int_equal(a.util_avg, 1024);
}

static void test_irq(void **st)
{
    (void)st;
    struct pgov_pelt_avg a, b;
    uint64_t s = 11, clock = 1ull << 32;
    pgov_pelt_init(&a, clock, 0);
    b = a;
    for (int i = 0; i < 500; i++) {
        uint64_t d = rnd(&s) % (4u << 20), irq = rnd(&s) % (d + 1);
        uint32_t f = (uint32_t)(rnd(&s) % 1025), c = (uint32_t)(rnd(&s) % 1025);
        clock += d;
        int r = pgov_pelt_update_irq(&a, clock, irq, f, c);
        uint64_t scaled = ((irq * f) >> 10) * c >> 10;
        int r1 = pgov_pelt_update_sums(&b, clock - scaled, 0, 0, 0);
        int r2 = pgov_pelt_update_sums(&b, clock, 1, 1, 1);
        if (r1 || r2)
            pgov_pelt_update_avgs(&b, 1);
        assert_int_equal(r, (r1 || r2) ? 1 : 0);
        assert_memory_equal(&a, &b, sizeof(a));
    }
}

/* pgov_pelt_batch() is the flavour's per-update call, step by step: same
 * states and return values for every flavour and half-life, inputs that
 * cross 0..many periods, go backwards, change weight. */
#define BATCH_N 64 /* small: the test also runs on a 16 KiB Cortex-M0 */
static void test_batch_equals_updates(void **st)
{
    (void)st;
    static const uint32_t hls[] = {0, 16, 8};
    static uint64_t now[BATCH_N], load[BATCH_N], runnable[BATCH_N], weight[BATCH_N];
    static uint32_t running[BATCH_N];
    static struct pgov_pelt_avg out[BATCH_N];
    static uint8_t rec[BATCH_N];
    static const uint64_t deltas[] = {1, 700, 1024, 100000, 1000000, 3000000, 40000000,
                                      2000000000};
    uint64_t s = 0x62617463;
    int recomputed = 0;
    for (uint32_t fl = PGOV_PELT_FLAVOUR_ENTITY; fl <= PGOV_PELT_FLAVOUR_DL; fl++) {
        for (size_t h = 0; h < 3; h++) {
            uint64_t t = 5000000;
            for (size_t i = 0; i < BATCH_N; i++) {
                uint64_t r = rnd(&s);
                t = (r & 31) == 0 ? t - 500000 : t + deltas[(r >> 5) & 7];
                now[i] = t;
                bool flags = fl == PGOV_PELT_FLAVOUR_TASK || fl == PGOV_PELT_FLAVOUR_GROUP_SE;
                load[i] = flags ? (r >> 8) & 1 : (r >> 8) % 3000;
                runnable[i] = fl == PGOV_PELT_FLAVOUR_TASK ? (r >> 20) & 1 : (r >> 20) % 5;
                running[i] = (uint32_t)(r >> 30) & 1;
                weight[i] = (r >> 40) & 1 ? 1024 : 88761;
            }
            struct pgov_pelt_avg sa, ref;
            assert_int_equal(pgov_pelt_init(&sa, 1000000, hls[h]), PGOV_OK);
            ref = sa;
            assert_int_equal(pgov_pelt_batch(&sa, fl, BATCH_N, now, load, runnable, running,
                                             weight, out, rec),
                             PGOV_OK);
            for (size_t i = 0; i < BATCH_N; i++) {
                int rc;
                switch (fl) {
                case PGOV_PELT_FLAVOUR_ENTITY:
                    rc = pgov_pelt_update(&ref, now[i], load[i], runnable[i], running[i],
                                          weight[i]);
                    break;
                case PGOV_PELT_FLAVOUR_TASK: /* runnable column = on_rq && !delayed */
                    rc = pgov_pelt_update_task(&ref, now[i], (uint32_t)load[i],
                                               (uint32_t)(load[i] & (runnable[i] ^ 1)),
                                               running[i], weight[i]);
                    break;
                case PGOV_PELT_FLAVOUR_GROUP_SE:
                    rc = pgov_pelt_update_group_se(&ref, now[i], (uint32_t)load[i], runnable[i],
                                                   running[i], weight[i]);
                    break;
                case PGOV_PELT_FLAVOUR_CFS_RQ:
                    rc = pgov_pelt_update_cfs_rq(&ref, now[i], load[i], runnable[i], running[i]);
                    break;
                case PGOV_PELT_FLAVOUR_RT:
                    rc = pgov_pelt_update_rt(&ref, now[i], running[i]);
                    break;
                default:
                    rc = pgov_pelt_update_dl(&ref, now[i], running[i]);
                    break;
                }
                assert_true(rc >= 0);
                assert_memory_equal(&out[i], &ref, sizeof(ref));
                assert_int_equal(rec[i], rc);
                recomputed += rc;
            }
            assert_memory_equal(&sa, &ref, sizeof(ref));
        }
    }
    assert_true(recomputed > 18 * BATCH_N / 4); /* most steps cross a boundary */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_rederived),
        cmocka_unit_test(test_decay),
        cmocka_unit_test(test_segments),
        cmocka_unit_test(test_init_and_errors),
        cmocka_unit_test(test_update_random_vs_reference),
        cmocka_unit_test(test_update_split_equals_combined),
        cmocka_unit_test(test_update_kernel_corners),
        cmocka_unit_test(test_convergence),
        cmocka_unit_test(test_flavours),
        cmocka_unit_test(test_irq),
        cmocka_unit_test(test_batch_equals_updates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
