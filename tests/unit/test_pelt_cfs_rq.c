/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT beyond one entity: the PELT clock, a new task's initial averages,
 * cfs_rq attach/detach/remove, and the util floor of each release.
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

/* ---------------------------------------------------------------- clock */

static void test_clock(void **st)
{
    (void)st;
    struct pgov_pelt_clock c, before;
    uint64_t now = 0;
    assert_int_equal(pgov_pelt_clock_init(NULL, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_init(&c, 0, 3), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_clock_init(&c, 1000, 0), 0);
    assert_int_equal(pgov_pelt_clock_now(&c, &now), 0);
    assert_int_equal(now, 1000);

    /* Busy at half capacity and half frequency: a quarter of the time. */
    assert_int_equal(pgov_pelt_clock_update(&c, 1000 + 4000000, 0, 512, 512), 0);
    pgov_pelt_clock_now(&c, &now);
    assert_int_equal(now, 1000 + 1000000);
    /* Floors happen per step: 1023 ns at 1023/1024 twice. */
    assert_int_equal(pgov_pelt_clock_update(&c, 1000 + 4000000 + 1023, 0, 1023, 1023), 0);
    pgov_pelt_clock_now(&c, &now);
    assert_int_equal(now, 1000 + 1000000 + ((1023u * 1023 >> 10) * 1023 >> 10));

    /* Going idle after a 100% busy stretch: the lag becomes lost idle time. */
    before = c;
    assert_int_equal(pgov_pelt_clock_idle(&c, (46718ull << 10) - 47742 - 1), 0);
    assert_true(c.clock_pelt == c.clock_task_mult && c.lost_idle_time == 0);
    c = before;
    assert_int_equal(pgov_pelt_clock_idle(&c, (46718ull << 10) - 47742), PGOV_PELT_IDLE_LOST);
    assert_true(c.lost_idle_time == before.clock_task_mult - before.clock_pelt);
    pgov_pelt_clock_now(&c, &now);
    assert_true(now == before.clock_pelt);
    /* Idle updates resync to the task clock. */
    assert_int_equal(pgov_pelt_clock_update(&c, c.clock_task + 5000, 1, 100, 100), 0);
    assert_true(c.clock_pelt == c.clock_task_mult);

    /* A task clock reading behind the last one is ignored. */
    before = c;
    assert_int_equal(pgov_pelt_clock_update(&c, c.clock_task - 1, 0, 1024, 1024), 0);
    assert_memory_equal(&c, &before, sizeof(c));

    /* GKI multiplier 4: time runs four times as fast (shift by 2). */
    const uint32_t mults[] = {0, 1, 2, 4};
    const uint64_t factor[] = {1, 1, 2, 4};
    for (int i = 0; i < 4; i++) {
        pgov_pelt_clock_init(&c, 0, mults[i]);
        pgov_pelt_clock_update(&c, 3000000, 0, 1024, 1024);
        pgov_pelt_clock_now(&c, &now);
        assert_true(now == 3000000 * factor[i]);
    }

    /* Bad arguments and states. */
    before = c;
    assert_int_equal(pgov_pelt_clock_update(&c, 5, 2, 1024, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_update(&c, 5, 0, 1025, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_update(&c, 5, 0, 1024, 1025), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_now(&c, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_now(NULL, &now), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_idle(NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_clock_update(NULL, 1, 0, 1, 1), PGOV_EINVAL);
    assert_memory_equal(&c, &before, sizeof(c));
    c.multiplier = 3;
    assert_int_equal(pgov_pelt_clock_idle(&c, 0), PGOV_EINVAL);
    c.multiplier = 4;
    c.reserved = 1;
    assert_int_equal(pgov_pelt_clock_now(&c, &now), PGOV_EINVAL);
}

/* ---------------------------------------------------------------- cfs_rq */

static void test_new_task(void **st)
{
    (void)st;
    struct pgov_pelt_avg t, cfs;
    assert_int_equal(pgov_pelt_init_task(&t, 1024, 0), 0);
    assert_int_equal(t.load_avg, 1024);
    assert_int_equal(t.util_avg | t.last_update_time, 0);
    assert_int_equal(pgov_pelt_init_task(&t, 1024, 5), PGOV_ENOTSUP);

    pgov_pelt_init(&cfs, 0, 0);
    /* Empty CPU: half its capacity. */
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1024, 1024), 0);
    assert_int_equal(t.util_avg, 512);
    assert_int_equal(t.runnable_avg, 512);
    /* Busy CPU: weight share of its utilization, capped by half the spare. */
    pgov_pelt_init_task(&t, 1024, 0);
    cfs.util_avg = 200;
    cfs.load_avg = 1023;
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1024, 1024), 0);
    assert_int_equal(t.util_avg, 200 * 1024 / 1024);
    pgov_pelt_init_task(&t, 1024, 0);
    cfs.util_avg = 800;
    cfs.load_avg = 100;
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1024, 1024), 0);
    assert_int_equal(t.util_avg, (1024 - 800) / 2);
    /* No spare capacity: util_avg stays 0. */
    pgov_pelt_init_task(&t, 1024, 0);
    cfs.util_avg = 1023;
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1024, 1024), 0);
    assert_int_equal(t.util_avg, 0);
    cfs.util_avg = 1100;
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1024, 1024), 0);
    assert_int_equal(t.util_avg, 0);
    /* Bad capacity, and load_avg + 1 wrapping to a zero divisor. */
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 0, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1025, 1024), PGOV_EINVAL);
    cfs.util_avg = 10;
    cfs.load_avg = UINT64_MAX;
    assert_int_equal(pgov_pelt_post_init_task(&t, &cfs, 1024, 1024), PGOV_EDOM);
}

static void test_attach_detach_remove(void **st)
{
    (void)st;
    struct pgov_pelt_avg cfs, se, cfs0, sa16;
    pgov_pelt_init(&cfs, 0, 0);
    for (int i = 1; i < 100; i++)
        pgov_pelt_update_cfs_rq(&cfs, (uint64_t)i * 1100000, 2048, 2, 1);
    cfs0 = cfs;

    pgov_pelt_init_task(&se, 1024, 0);
    pgov_pelt_post_init_task(&se, &cfs, 1024, 1024);
    assert_int_equal(pgov_pelt_attach(&cfs, &se, 1024), 0);
    uint32_t div = 46718 + cfs0.period_contrib;
    assert_true(se.last_update_time == cfs0.last_update_time);
    assert_int_equal(se.period_contrib, cfs0.period_contrib);
    assert_int_equal(se.util_sum, se.util_avg * div);
    assert_true(se.runnable_sum == se.runnable_avg * div);
    assert_true(se.load_sum == se.load_avg * div / 1024);
    assert_true(cfs.util_avg == cfs0.util_avg + se.util_avg);
    assert_true(cfs.util_sum == cfs0.util_sum + se.util_sum);
    assert_true(cfs.load_sum == cfs0.load_sum + 1024 * se.load_sum);
    assert_true(cfs.load_avg == cfs0.load_avg + se.load_avg);
    assert_true(cfs.runnable_sum == cfs0.runnable_sum + se.runnable_sum);

    /* Detach restores the cfs_rq exactly (no floor kicks in here). */
    assert_int_equal(pgov_pelt_detach(&cfs, &se, 1024), 0);
    assert_memory_equal(&cfs, &cfs0, sizeof(cfs));

    /* The floor: sums never fall below avg * PELT_MIN_DIVIDER. */
    struct pgov_pelt_avg big = se;
    big.util_sum = UINT32_MAX;
    big.load_sum = UINT64_MAX;
    big.runnable_sum = UINT64_MAX;
    big.util_avg = big.load_avg = big.runnable_avg = 1;
    cfs = cfs0;
    assert_int_equal(pgov_pelt_detach(&cfs, &big, 1), 0);
    assert_int_equal(cfs.util_sum, (cfs0.util_avg - 1) * 46718);
    assert_true(cfs.load_sum == (cfs0.load_avg - 1) * 46718);
    assert_true(cfs.runnable_sum == (cfs0.runnable_avg - 1) * 46718);

    /* remove: avg and sum reduced, sum floored; removing more than there
     * is saturates at 0. */
    cfs = cfs0;
    assert_int_equal(pgov_pelt_remove(&cfs, 100, 50, 60), 0);
    assert_true(cfs.util_avg == cfs0.util_avg - 50);
    uint64_t us = cfs0.util_sum >= 50u * div ? cfs0.util_sum - 50u * div : 0;
    if (us < cfs.util_avg * 46718)
        us = cfs.util_avg * 46718;
    assert_true(cfs.util_sum == us);
    assert_true(cfs.load_avg == cfs0.load_avg - 100);
    assert_int_equal(pgov_pelt_remove(&cfs, UINT64_MAX, UINT64_MAX, UINT64_MAX), 0);
    assert_true(cfs.util_avg == 0 && cfs.util_sum == 0 && cfs.load_sum == 0 &&
                cfs.runnable_sum == 0 && cfs.load_avg == 0);

    /* Mixed half-lives, self-attach and weight 0 are refused. */
    cfs = cfs0;
    pgov_pelt_init(&sa16, 0, 16);
    assert_int_equal(pgov_pelt_attach(&cfs, &sa16, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_detach(&cfs, &sa16, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_attach(&cfs, &cfs, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_detach(&cfs, &cfs, 1024), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_attach(&cfs, &se, 0), PGOV_EDOM);
    assert_memory_equal(&cfs, &cfs0, sizeof(cfs));
    /* weight >= load_sum: load_sum becomes 1. */
    struct pgov_pelt_avg tiny;
    pgov_pelt_init_task(&tiny, 0, 0);
    assert_int_equal(pgov_pelt_attach(&cfs, &tiny, 1024), 0);
    assert_int_equal(tiny.load_sum, 1);
}

/* A cfs_rq of about 120 nice-0 tasks: load_sum above 2^32. */
static struct pgov_pelt_avg big_cfs(void)
{
    struct pgov_pelt_avg c;
    assert_int_equal(pgov_pelt_init(&c, 0, 0), 0);
    c.load_avg = 120000;
    c.load_sum = UINT64_C(120000) * 47000; /* 5,640,000,000 */
    c.runnable_avg = 120000;
    c.runnable_sum = UINT64_C(120000) * 47000 * 1024 / 1024;
    c.util_avg = 1000;
    c.util_sum = 1000u * 46800u;
    return c;
}

/*
 * The cfs_rq floors per release: v5.16 .. v6.19 compare load_sum and
 * runnable_sum as u32 (both sides truncated), earlier floors and the
 * unversioned functions in 64 bits. Removing 18529 of load at divider 46718
 * leaves 5,640,000,000 - 18529 * 46718 = 4,774,362,178 against a floor of
 * 101471 * 46718 = 4,740,522,178: the 64-bit max keeps the sum, the u32 max
 * keeps 4,774,362,178 - 2^32 = 479,394,882.
 */
static void test_floor_per_release(void **st)
{
    (void)st;
    const uint64_t sum64 = UINT64_C(4774362178), two32 = UINT64_C(1) << 32;
    struct pgov_pelt_avg c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 18529, PGOV_KVER_6_18), 0);
    assert_int_equal(c.load_avg, 101471);
    assert_int_equal(c.load_sum, sum64 - two32);
    assert_int_equal(c.runnable_avg, 101471);
    assert_int_equal(c.runnable_sum, sum64 - two32);
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 18529, PGOV_KVER(5, 16)), 0);
    assert_int_equal(c.load_sum, sum64 - two32);
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 18529, PGOV_KVER_6_19), 0);
    assert_int_equal(c.load_sum, sum64 - two32);
    /* 7.0 rewrote the floors (docs/spec/delta-7.3.md 1.1.4): 64-bit max. */
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 18529, PGOV_KVER_7_0), 0);
    assert_int_equal(c.load_sum, sum64);
    assert_int_equal(c.runnable_sum, sum64);
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 18529, PGOV_KVER_LATEST), 0);
    assert_int_equal(c.load_sum, sum64);
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 18529, PGOV_KVER(5, 15)), 0);
    assert_int_equal(c.load_sum, sum64);
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove(&c, 18529, 0, 18529), 0);
    assert_int_equal(c.load_sum, sum64);
    assert_int_equal(c.runnable_sum, sum64);

    /* Where the subtraction leaves less than the floor, the u32 rule takes
     * u32 rule keeps the sum: remove 18529 with the sum at 4,800,000,000. */
    c = big_cfs();
    c.load_sum = UINT64_C(4800000000);
    assert_int_equal(pgov_pelt_remove_kv(&c, 18529, 0, 0, PGOV_KVER_6_18), 0);
    /* 4,800,000,000 - 865,637,822 = 3,934,362,178, below the 64-bit floor
     * 4,740,522,178 but above its truncation 445,554,882. */
    assert_int_equal(c.load_sum, UINT64_C(3934362178));
    c = big_cfs();
    c.load_sum = UINT64_C(4800000000);
    assert_int_equal(pgov_pelt_remove(&c, 18529, 0, 0), 0);
    assert_int_equal(c.load_sum, UINT64_C(4740522178));

    /* Detach: an entity of weight 1024 with load_sum 18529 * 46718 / 1024. */
    struct pgov_pelt_avg se;
    assert_int_equal(pgov_pelt_init(&se, 0, 0), 0);
    se.load_avg = 18529;
    se.load_sum = 845349; /* 18529 * 46718 / 1024, floored */
    c = big_cfs();
    assert_int_equal(pgov_pelt_detach_kv(&c, &se, 1024, PGOV_KVER_6_18), 0);
    /* 5,640,000,000 - 1024 * 845349 = 4,774,362,624 */
    assert_int_equal(c.load_sum, UINT64_C(4774362624) - two32);
    c = big_cfs();
    assert_int_equal(pgov_pelt_detach(&c, &se, 1024), 0);
    assert_int_equal(c.load_sum, UINT64_C(4774362624));
    c = big_cfs();
    assert_int_equal(pgov_pelt_detach_kv(&c, &se, 1024, PGOV_KVER_7_3), 0);
    assert_int_equal(c.load_sum, UINT64_C(4774362624));

    /* 7.0's signed deltas: removed util of 50000 at divider 46718 is
     * 2,335,900,000 of util_sum, above INT32_MAX, so its negation converted
     * to s32 is +1,959,067,296: the sum wraps upwards instead of
     * saturating (46,800,000 + 1,959,067,296); util_avg still saturates at
     * 0 (a negative 64-bit delta). 6.19 saturates util_sum at 0. */
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 0, 50000, 0, PGOV_KVER_7_0), 0);
    assert_int_equal(c.util_avg, 0);
    assert_int_equal(c.util_sum, UINT32_C(2005867296));
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 0, 50000, 0, PGOV_KVER_6_19), 0);
    assert_int_equal(c.util_sum, 0);
    /* A removal within the s32 range still saturates: 2000 x 46718. */
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 0, 2000, 0, PGOV_KVER_7_0), 0);
    assert_int_equal(c.util_avg, 0);
    assert_int_equal(c.util_sum, 0);
    /* A delta of 2^63 or more is positive as s64 and adds (wrapping). */
    c = big_cfs();
    c.load_avg = 5;
    assert_int_equal(pgov_pelt_remove_kv(&c, UINT64_MAX, 0, 0, PGOV_KVER_7_0), 0);
    assert_int_equal(c.load_avg, 6);
    c = big_cfs();
    c.load_avg = 5;
    assert_int_equal(pgov_pelt_remove_kv(&c, UINT64_MAX, 0, 0, PGOV_KVER_6_19), 0);
    assert_int_equal(c.load_avg, 0);

    /* Before the floors: not implemented; bad arguments: unchanged. */
    c = big_cfs();
    assert_int_equal(pgov_pelt_remove_kv(&c, 1, 1, 1, PGOV_KVER_5_12), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_detach_kv(&c, &se, 1024, PGOV_KVER(9, 0)), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_detach_kv(&c, &se, 1024, PGOV_KVER(7, 4)), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_detach_kv(&c, NULL, 1024, 0), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_remove_kv(NULL, 1, 1, 1, 0), PGOV_EINVAL);
    assert_int_equal(c.load_sum, UINT64_C(5640000000));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_new_task),
        cmocka_unit_test(test_attach_detach_remove),
        cmocka_unit_test(test_floor_per_release),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
