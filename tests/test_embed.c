/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The embedding layer (pgov/embed.h) and the core tier: a configuration
 * file read through PGOV_CONFIG_FILE, the hooks the cores call
 * (PGOV_ASSERT, PGOV_READ_ONCE/WRITE_ONCE, the 32-bit last_update_time
 * copy protocol's barriers), a compile-time uclamp bucket count, and the
 * cores giving exactly what the exported functions give on the same state.
 */
#define PGOV_CONFIG_FILE "embed_test_config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>
#include <pgov/pelt_core.h>
#include <pgov/uclamp_core.h>
#include <pgov/util_est_core.h>

unsigned embed_asserts, embed_reads, embed_writes, embed_wmb, embed_rmb;

static void reset_counts(void)
{
    embed_asserts = embed_reads = embed_writes = embed_wmb = embed_rmb = 0;
}

_Static_assert(PGOV_UCLAMP_NBUCKETS == 5, "the configuration file was read");
_Static_assert(PGOV_PELT_LUT_COPY == 1, "the configuration file was read");

/* The core and the exported update give the same state, step by step. */
static void test_pelt_core_equals_abi(void **state)
{
    struct pgov_pelt_avg a, c;
    uint64_t now = 1000000, s = 12345;
    (void)state;
    assert_int_equal(pgov_pelt_init(&a, now, 0), 0);
    pgov_pelt_core_init(&c, now, 0);
    for (int i = 0; i < 5000; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        /* deltas from 0 to ~70 periods, sometimes far beyond the cut-off */
        now += (s >> 40) % (i % 97 == 0 ? 4000000000ull : 70000000ull);
        uint32_t on = (uint32_t)(s >> 20) & 1u;
        int ra = pgov_pelt_update(&a, now, on, on, (uint32_t)(s >> 21) & on, 1024);
        bool rc = pgov_pelt_core_update(&c, now, on, on, (uint32_t)(s >> 21) & on, 1024);
        assert_int_equal(ra, rc ? 1 : 0);
        assert_memory_equal(&a, &c, sizeof(a));
    }
    assert_int_equal(embed_asserts, 0);
}

/* Android half-lives take the generic path of the same core. */
static void test_pelt_core_halflife(void **state)
{
    static const uint32_t hls[] = {8, 16};
    (void)state;
    for (unsigned k = 0; k < 2; k++) {
        struct pgov_pelt_avg a, c;
        uint64_t now = 0;
        assert_int_equal(pgov_pelt_init(&a, 0, hls[k]), 0);
        pgov_pelt_core_init(&c, 0, hls[k]);
        for (int i = 1; i < 3000; i++) {
            now += (uint64_t)(i * 7919 % 5000) * 1024;
            assert_int_equal(pgov_pelt_update(&a, now, 1, 1, i & 1, 1024),
                             pgov_pelt_core_update(&c, now, 1, 1, i & 1, 1024) ? 1 : 0);
            assert_memory_equal(&a, &c, sizeof(a));
        }
        assert_true(a.util_avg > 0);
    }
}

/* A state the library never produces trips the embedder's assertion in the
 * core, while the ABI refuses it without touching it. */
static void test_assert_hook(void **state)
{
    struct pgov_pelt_avg sa, before;
    (void)state;
    pgov_pelt_core_init(&sa, 0, 0);
    sa.period_contrib = 5000;
    before = sa;
    assert_int_equal(pgov_pelt_update(&sa, 1 << 20, 1, 1, 1, 1024), PGOV_EINVAL);
    assert_memory_equal(&sa, &before, sizeof(sa));
    reset_counts();
    (void)pgov_pelt_core_update_sums(&sa, 1 << 20, 1, 1, 1);
    assert_true(embed_asserts >= 1);
}

/* Remote values go through the hooks; the copy protocol pairs a write
 * barrier with a read barrier and returns the published time. */
static void test_remote_hooks(void **state)
{
    struct pgov_pelt_avg sa;
    uint64_t copy = 0;
    (void)state;
    pgov_pelt_core_init(&sa, 0, 0);
    reset_counts();
    assert_true(pgov_pelt_core_update(&sa, 5ull << 20, 1, 1, 1, 1024));
    assert_true(embed_writes >= 2); /* last_update_time and util_avg */
    pgov_pelt_core_lut_publish(&sa, &copy);
    assert_int_equal(embed_wmb, 1);
    assert_int_equal(copy, sa.last_update_time);
    assert_int_equal(pgov_pelt_core_lut_read(&sa, &copy), sa.last_update_time);
    assert_int_equal(embed_rmb, 1);
    reset_counts();
    assert_int_equal(pgov_pelt_core_util(&sa), sa.util_avg);
    assert_int_equal(embed_reads, 1);

    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {300, 0};
    assert_int_equal(pgov_util_est_init(&rq, NULL), 0);
    reset_counts();
    pgov_util_est_core_enqueue(&rq, &t);
    assert_int_equal(embed_writes, 1);
    assert_int_equal(pgov_util_est_core_cpu_util(&rq, 100, 1024), 300);
    assert_int_equal(embed_reads, 1);
}

/* The compile-time bucket count: the core uses 5 whatever the rq says is
 * configured, and it counts exactly what the library counts. */
static void test_uclamp_fixed_buckets(void **state)
{
    struct pgov_uclamp_rq ra, rc;
    struct pgov_uclamp_task ta[6], tc[6];
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&ra, 0, 5), 0);
    assert_int_equal(pgov_uclamp_rq_init(&rc, 0, 5), 0);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(pgov_uclamp_task_init(&ta[i], 0), 0);
        assert_int_equal(pgov_uclamp_task_set(&ta[i], PGOV_UCLAMP_SET_MIN | PGOV_UCLAMP_SET_MAX,
                                              i * 150, 400 + i * 120), 0);
        tc[i] = ta[i];
    }
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 6; i++) {
            assert_int_equal(pgov_uclamp_rq_inc(&ra, &ta[i], NULL), 0);
            assert_true(pgov_uclamp_core_rq_inc(&rc, &tc[i], NULL));
            assert_memory_equal(&ra, &rc, sizeof(ra));
        }
        for (int i = 5; i >= 0; i -= 2) {
            assert_int_equal(pgov_uclamp_rq_dec(&ra, &ta[i]), 0);
            assert_false(pgov_uclamp_core_rq_dec(&rc, &tc[i]));
            assert_memory_equal(&ra, &rc, sizeof(ra));
        }
        for (int i = 5; i >= 0; i -= 2) {
            assert_int_equal(pgov_uclamp_rq_inc(&ra, &ta[i], NULL), 0);
            assert_true(pgov_uclamp_core_rq_inc(&rc, &tc[i], NULL));
        }
        for (int i = 0; i < 6; i++) {
            assert_int_equal(pgov_uclamp_rq_dec(&ra, &ta[i]), 0);
            assert_false(pgov_uclamp_core_rq_dec(&rc, &tc[i]));
        }
        assert_memory_equal(&ra, &rc, sizeof(ra));
    }
    assert_int_equal(pgov_uclamp_core_rq_value(&rc, PGOV_UCLAMP_MAX), ra.value[PGOV_UCLAMP_MAX]);
    assert_int_equal(embed_asserts, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pelt_core_equals_abi),
        cmocka_unit_test(test_pelt_core_halflife),
        cmocka_unit_test(test_assert_hook),
        cmocka_unit_test(test_remote_hooks),
        cmocka_unit_test(test_uclamp_fixed_buckets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
