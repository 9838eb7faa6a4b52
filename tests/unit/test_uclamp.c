/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uclamp: layout, profiles, argument checking, effective values, the O(1)
 * and default-task representations, WARN paths, clamp helpers, and a seeded
 * differential run of the fuzz harness (its reference model rescans every
 * bucket). The golden vectors are replayed by test_vectors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/uclamp.h>

/* The fuzz harness and its reference model, driven with seeded inputs below. */
#include "../../examples/fuzz/fuzz_uclamp.c"

_Static_assert(sizeof(struct pgov_uclamp_bucket) == 8, "bucket layout");
_Static_assert(sizeof(struct pgov_uclamp_rq) == 392, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, value) == 0, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, flags) == 4, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, nbuckets) == 5, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, lazy) == 8, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, warns) == 12, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, bad_decs) == 16, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, mul) == 20, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, map) == 24, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, def_img) == 32, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, chk_x) == 40, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, chk_l) == 48, "rq layout");
_Static_assert(offsetof(struct pgov_uclamp_rq, bucket) == 56, "rq layout");
_Static_assert(sizeof(struct pgov_uclamp_task) == 16, "task layout");
_Static_assert(offsetof(struct pgov_uclamp_task, bucket) == 4, "task layout");
_Static_assert(offsetof(struct pgov_uclamp_task, active) == 6, "task layout");
_Static_assert(offsetof(struct pgov_uclamp_task, req) == 8, "task layout");
_Static_assert(offsetof(struct pgov_uclamp_task, req_flags) == 12, "task layout");
_Static_assert(sizeof(struct pgov_uclamp_limits) == 12, "limits layout");
_Static_assert(sizeof(struct pgov_uclamp_tg) == 8, "tg layout");

#define BOTH (PGOV_UCLAMP_SET_MIN | PGOV_UCLAMP_SET_MAX)

static void task(struct pgov_uclamp_task *t, int32_t min, int32_t max)
{
    assert_int_equal(pgov_uclamp_task_init(t, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_set(t, BOTH, min, max), PGOV_OK);
}

static void bucket(const struct pgov_uclamp_rq *rq, uint32_t id, uint32_t idx, uint32_t tasks,
                   uint32_t value)
{
    uint32_t n, v;
    assert_int_equal(pgov_uclamp_rq_bucket(rq, id, idx, &n, &v), PGOV_OK);
    assert_int_equal(n, tasks);
    assert_int_equal(v, value);
}

static void test_init_profiles(void **state)
{
    struct pgov_uclamp_rq rq;
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER_LATEST, 0), PGOV_OK);
    assert_int_equal(rq.nbuckets, 5);
    assert_int_equal(rq.value[0], 0);
    assert_int_equal(rq.value[1], 1024);
    assert_int_equal(rq.flags, PGOV_UCLAMP_FLAG_IDLE);
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER(5, 16), 20), PGOV_OK);
    assert_int_equal(rq.value[1], 1024);
    assert_int_equal(rq.flags, 0);
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER(5, 8), 7), PGOV_OK);
    assert_int_equal(rq.value[1], 0);
    assert_int_equal(rq.flags, 0);
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER_5_3, 5), PGOV_OK);

    memset(&rq, 0xa5, sizeof(rq));
    struct pgov_uclamp_rq snap = rq;
    assert_int_equal(pgov_uclamp_rq_init(NULL, 0, 5), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER(5, 2), 5), PGOV_ENOTSUP);
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER(9, 0), 5), PGOV_ENOTSUP);
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 4), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 21), PGOV_EINVAL);
    assert_memory_equal(&rq, &snap, sizeof(rq));
}

static void test_bucket_id(void **state)
{
    uint32_t d, id;
    (void)state;
    assert_int_equal(pgov_uclamp_bucket_delta(0, &d), PGOV_OK);
    assert_int_equal(d, 205);
    assert_int_equal(pgov_uclamp_bucket_delta(20, &d), PGOV_OK);
    assert_int_equal(d, 51);
    assert_int_equal(pgov_uclamp_bucket_delta(3, &d), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_bucket_delta(5, NULL), PGOV_EINVAL);
    /* 20 buckets: 1020 = 20 * 51 is one past the array before v5.13 */
    assert_int_equal(pgov_uclamp_bucket_id(20, PGOV_KVER_5_13, 1020, &id), PGOV_OK);
    assert_int_equal(id, 19);
    assert_int_equal(pgov_uclamp_bucket_id(20, PGOV_KVER(5, 12), 1020, &id), PGOV_OK);
    assert_int_equal(id, 20);
    assert_int_equal(pgov_uclamp_bucket_id(20, PGOV_KVER(5, 12), 1019, &id), PGOV_OK);
    assert_int_equal(id, 19);
    assert_int_equal(pgov_uclamp_bucket_id(5, 0, 1025, &id), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_bucket_id(5, PGOV_KVER(4, 19), 0, &id), PGOV_ENOTSUP);
    assert_int_equal(pgov_uclamp_bucket_id(5, 0, 0, NULL), PGOV_EINVAL);
}

static void test_task_requests(void **state)
{
    struct pgov_uclamp_task t, snap;
    (void)state;
    assert_int_equal(pgov_uclamp_task_init(NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_task_init(&t, 0x80), PGOV_EINVAL);
    task(&t, 100, 900);
    assert_int_equal(t.req_flags, PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX);
    snap = t;
    assert_int_equal(pgov_uclamp_task_set(&t, PGOV_UCLAMP_SET_MIN, 901, 0), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_task_set(&t, BOTH, 0, 1025), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_task_set(&t, BOTH, -2, 10), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_task_set(&t, 4, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_task_set(NULL, BOTH, 0, 0), PGOV_EINVAL);
    assert_memory_equal(&t, &snap, sizeof(t));
    /* -1 goes back to the default and is no longer user-defined */
    assert_int_equal(pgov_uclamp_task_set(&t, PGOV_UCLAMP_SET_MAX, 0, -1), PGOV_OK);
    assert_int_equal(t.req[1], 1024);
    assert_int_equal(t.req_flags, PGOV_UCLAMP_TASK_USER_MIN);
    assert_int_equal(pgov_uclamp_task_set(&t, BOTH, 1000, -1), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_set(&t, PGOV_UCLAMP_SET_MIN, -1, 0), PGOV_OK);
    assert_int_equal(t.req[0], 0);
    assert_int_equal(t.req_flags, 0);
    assert_int_equal(pgov_uclamp_task_set_rt(&t, true), PGOV_OK);
    assert_int_equal(t.req_flags, PGOV_UCLAMP_TASK_RT);
    assert_int_equal(pgov_uclamp_task_set_rt(&t, false), PGOV_OK);
    assert_int_equal(t.req_flags, 0);
    assert_int_equal(pgov_uclamp_task_set_rt(NULL, true), PGOV_EINVAL);
}

static void test_tg_hierarchy(void **state)
{
    struct pgov_uclamp_tg a, b, c;
    (void)state;
    assert_int_equal(pgov_uclamp_tg_init(&a, NULL), PGOV_OK);
    assert_int_equal(a.eff[0], 0);
    assert_int_equal(a.eff[1], 1024);
    assert_int_equal(pgov_uclamp_tg_update(&a, NULL, 300, 800), PGOV_OK);
    assert_int_equal(pgov_uclamp_tg_update(&b, &a, 500, 1024), PGOV_OK);
    assert_int_equal(b.eff[0], 300); /* a protection never exceeds the parent's */
    assert_int_equal(b.eff[1], 800);
    assert_int_equal(pgov_uclamp_tg_update(&c, &b, 0, 200), PGOV_OK);
    assert_int_equal(c.eff[0], 0);
    assert_int_equal(c.eff[1], 200);
    assert_int_equal(pgov_uclamp_tg_update(&c, &b, 900, 400), PGOV_OK);
    assert_int_equal(c.eff[0], 300); /* parent's protection */
    assert_int_equal(c.eff[1], 400);
    assert_int_equal(c.req[0], 900);
    assert_int_equal(pgov_uclamp_tg_update(&c, NULL, 900, 400), PGOV_OK);
    assert_int_equal(c.eff[0], 400); /* min capped by max */
    assert_int_equal(c.eff[1], 400);
    struct pgov_uclamp_tg snap = c;
    assert_int_equal(pgov_uclamp_tg_update(&c, &b, 1025, 400), PGOV_EINVAL);
    b.eff[0] = 900; /* corrupt parent */
    assert_int_equal(pgov_uclamp_tg_update(&c, &b, 0, 400), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_tg_update(NULL, NULL, 0, 400), PGOV_EINVAL);
    assert_memory_equal(&c, &snap, sizeof(c));
}

static void eff(const struct pgov_uclamp_task *t, uint32_t kver,
                const struct pgov_uclamp_limits *lim, uint32_t min, uint32_t max)
{
    uint32_t e[2];
    assert_int_equal(pgov_uclamp_eff_get(t, kver, lim, e), PGOV_OK);
    assert_int_equal(e[0], min);
    assert_int_equal(e[1], max);
}

static void test_effective_values(void **state)
{
    struct pgov_uclamp_task t, d;
    struct pgov_uclamp_limits tg = {PGOV_UCLAMP_LIM_TG, 200, 600, 0, 0, 0};
    struct pgov_uclamp_limits sys = {PGOV_UCLAMP_LIM_SYS, 0, 0, 100, 500, 0};
    struct pgov_uclamp_limits rt = {PGOV_UCLAMP_LIM_RT, 0, 0, 0, 0, 300};
    uint32_t e[2];
    (void)state;
    task(&t, 100, 900);
    assert_int_equal(pgov_uclamp_task_init(&d, 0), PGOV_OK);
    eff(&t, 0, NULL, 100, 900);
    /* v5.13+: clamp into the group's range */
    eff(&t, PGOV_KVER_5_13, &tg, 200, 600);
    eff(&d, 0, &tg, 200, 600);
    /* v5.7..v5.12: group value if above it or not user-defined */
    eff(&t, PGOV_KVER(5, 12), &tg, 100, 600);
    eff(&d, PGOV_KVER_5_7, &tg, 200, 600);
    /* system defaults cap both ids */
    eff(&t, 0, &sys, 100, 500);
    task(&t, 300, 400);
    eff(&t, 0, &sys, 100, 400);
    /* RT boost of a non-user-defined MIN */
    assert_int_equal(pgov_uclamp_task_init(&t, PGOV_UCLAMP_TASK_RT), PGOV_OK);
    eff(&t, 0, NULL, 1024, 1024);
    eff(&t, 0, &rt, 300, 1024);
    eff(&t, PGOV_KVER_5_9, &rt, 300, 1024);
    eff(&t, PGOV_KVER_5_7, &rt, 1024, 1024); /* no sysctl before v5.9 */
    assert_int_equal(pgov_uclamp_task_set(&t, PGOV_UCLAMP_SET_MIN, 50, 0), PGOV_OK);
    eff(&t, 0, &rt, 50, 1024);
    /* an active task reports what it is counted with */
    struct pgov_uclamp_rq rq;
    task(&t, 100, 900);
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t, &sys), PGOV_OK);
    eff(&t, 0, NULL, 100, 500);
    /* bad arguments */
    struct pgov_uclamp_limits bad[] = {
        {0x08, 0, 0, 0, 0, 0},
        {PGOV_UCLAMP_LIM_TG, 601, 600, 0, 0, 0},
        {PGOV_UCLAMP_LIM_TG, 0, 1025, 0, 0, 0},
        {PGOV_UCLAMP_LIM_SYS, 0, 0, 501, 500, 0},
        {PGOV_UCLAMP_LIM_SYS, 0, 0, 0, 1025, 0},
        {PGOV_UCLAMP_LIM_RT, 0, 0, 0, 0, 1025},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        assert_int_equal(pgov_uclamp_eff_get(&d, 0, &bad[i], e), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_eff_get(&d, PGOV_KVER(5, 2), NULL, e), PGOV_ENOTSUP);
    assert_int_equal(pgov_uclamp_eff_get(NULL, 0, NULL, e), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_eff_get(&d, 0, NULL, NULL), PGOV_EINVAL);
    d.req[1] = 1025;
    assert_int_equal(pgov_uclamp_eff_get(&d, 0, NULL, e), PGOV_EINVAL);
}

/* Default-clamp tasks are only counted; the first other task expands them. */
static void test_default_tasks_are_counted(void **state)
{
    struct pgov_uclamp_rq rq;
    struct pgov_uclamp_task d[3], x;
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 20), PGOV_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(pgov_uclamp_task_init(&d[i], 0), PGOV_OK);
        assert_int_equal(pgov_uclamp_rq_inc(&rq, &d[i], NULL), PGOV_OK);
        assert_int_equal(d[i].active, 3);
        assert_int_equal(d[i].bucket[1], 19);
    }
    /* the first enqueue on an idle rq does the real work, then only counting */
    assert_int_equal(rq.lazy, 3);
    assert_int_equal(rq.bucket[0][0].tasks, 1); /* stale: not touched since */
    bucket(&rq, 0, 0, 3, 0);
    bucket(&rq, 1, 19, 3, 1024);
    assert_int_equal(rq.value[0], 0);
    assert_int_equal(rq.value[1], 1024);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &d[0]), PGOV_OK);
    assert_int_equal(rq.lazy, 2);
    /* a user-defined (0, 1024) request is a default task too */
    task(&x, 0, 1024);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &x, NULL), PGOV_OK);
    assert_int_equal(rq.lazy, 3);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &x), PGOV_OK);
    /* 1000 shares the top bucket: its local max stays 1024 (kernel rule) */
    task(&x, 300, 1000);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &x, NULL), PGOV_OK);
    assert_int_equal(rq.lazy, 0);
    bucket(&rq, 0, 0, 2, 0);
    bucket(&rq, 0, 5, 1, 300);
    bucket(&rq, 1, 19, 3, 1024);
    assert_int_equal(rq.value[0], 300);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &d[1]), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &x), PGOV_OK);
    assert_int_equal(rq.value[0], 0);
    /* only a default task is left: counted again from its next operation */
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &d[0], NULL), PGOV_OK);
    assert_int_equal(rq.lazy, 2);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &d[0]), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &d[2]), PGOV_OK);
    assert_int_equal(rq.lazy, 0);
    assert_int_equal(rq.flags, PGOV_UCLAMP_FLAG_IDLE);
    bucket(&rq, 0, 0, 0, 0);
    bucket(&rq, 1, 19, 0, 1024);
    assert_int_equal(rq.value[1], 1024);
    /* with restrictions that leave (0, 1024) alone, still counted */
    struct pgov_uclamp_limits lim = {PGOV_UCLAMP_LIM_TG | PGOV_UCLAMP_LIM_SYS, 0, 1024, 0,
                                     1024, 0};
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &d[0], &lim), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &d[1], &lim), PGOV_OK);
    assert_int_equal(rq.lazy, 2);
    assert_int_equal(pgov_uclamp_rq_update_active(&rq, &d[1], &lim), PGOV_OK);
    assert_int_equal(rq.lazy, 2);
    bucket(&rq, 1, 19, 2, 1024);
}

static void test_warn_paths(void **state)
{
    struct pgov_uclamp_rq rq;
    struct pgov_uclamp_task a, never;
    (void)state;
    /* current: dec of an inactive task is ignored but reported */
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    task(&a, 300, 600);
    assert_int_equal(pgov_uclamp_task_init(&never, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &a, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &never), PGOV_WARN_KERNEL);
    assert_int_equal(rq.warns, 0);
    assert_int_equal(rq.bad_decs, 1);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_WARN_KERNEL);
    assert_int_equal(rq.warns, 0);
    assert_int_equal(rq.bad_decs, 2);
    assert_int_equal(pgov_uclamp_rq_update_active(&rq, &a, NULL), PGOV_OK); /* inactive */

    /* v5.7: a double dec releases the stale buckets: underflow + value WARNs */
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER_5_7, 5), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &a, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &never), PGOV_WARN_KERNEL);
    assert_int_equal(rq.warns, 2);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_WARN_KERNEL);
    assert_int_equal(rq.warns, 5);
    assert_int_equal(rq.bad_decs, 2);
    assert_int_equal(rq.value[1], 600);
    assert_int_equal(rq.flags, PGOV_UCLAMP_FLAG_IDLE);

    /* an active task whose bucket is empty (counted on another rq) */
    struct pgov_uclamp_rq other;
    assert_int_equal(pgov_uclamp_rq_init(&other, 0, 5), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    task(&never, 100, 200);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &never, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&other, &a, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_WARN_KERNEL);
    assert_int_equal(rq.warns, 2); /* one underflow per id; empty buckets keep value 0 */
    bucket(&rq, 1, 0, 1, 200);
    assert_int_equal(rq.value[1], 200);
    assert_int_equal(pgov_uclamp_rq_update_active(&other, &a, NULL), PGOV_OK);
}

static void test_spare_slot(void **state)
{
    struct pgov_uclamp_rq rq;
    struct pgov_uclamp_task a, b;
    (void)state;
    /* v5.7 with 20 buckets: 1020..1024 index bucket 20, kept in the spare slot */
    assert_int_equal(pgov_uclamp_rq_init(&rq, PGOV_KVER_5_7, 20), PGOV_OK);
    task(&a, 1000, 1024);
    task(&b, 0, 1019);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &a, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &b, NULL), PGOV_OK);
    assert_int_equal(a.bucket[1], 20);
    bucket(&rq, 1, 20, 1, 1024);
    bucket(&rq, 1, 19, 1, 1019);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_OK);
    assert_int_equal(rq.value[1], 1019);
    uint32_t n;
    assert_int_equal(pgov_uclamp_rq_bucket(&rq, 1, 21, &n, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_bucket(&rq, 2, 0, &n, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_bucket(NULL, 0, 0, &n, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_bucket(&rq, 0, 0, NULL, NULL), PGOV_OK);
}

static void test_bad_calls_change_nothing(void **state)
{
    struct pgov_uclamp_rq rq, snap;
    struct pgov_uclamp_task t[3], ts;
    struct pgov_uclamp_limits bad = {PGOV_UCLAMP_LIM_SYS, 0, 0, 600, 500, 0};
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    task(&t[0], 10, 500);
    task(&t[1], 20, 800);
    assert_int_equal(pgov_uclamp_task_init(&t[2], 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[0], NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[1], NULL), PGOV_OK);
    snap = rq;
    ts = t[0];
    assert_int_equal(pgov_uclamp_rq_inc(NULL, &t[0], NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, NULL, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_dec(NULL, &t[0]), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_update_active(NULL, &t[0], NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[0], &bad), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_update_active(&rq, &t[0], &bad), PGOV_EINVAL);
    t[0].req_flags = 0x40;
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[0], NULL), PGOV_EINVAL);
    t[0] = ts;
    t[0].bucket[1] = 5; /* beyond this rq's buckets */
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    t[0].bucket[1] = 200;
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    t[0] = ts;
    t[0].active = 7;
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    t[0] = ts;
    t[0].value[0] = 1025; /* each field of the image is checked, at its limit too */
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    t[0] = ts;
    t[0].value[1] = 1025;
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    t[0] = ts;
    t[0].bucket[0] = 5;
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    t[0] = ts;
    t[0].value[1] = 2000;
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_update_active(&rq, &t[0], NULL), PGOV_EINVAL);
    t[0] = ts;
    assert_memory_equal(&rq, &snap, sizeof(rq));

    /* a bucket that cannot count one more task */
    rq.bucket[1][2].tasks = UINT32_MAX;
    snap = rq;
    task(&t[2], 0, 500);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[2], NULL), PGOV_ENOSPC);
    assert_int_equal(pgov_uclamp_task_set(&t[1], PGOV_UCLAMP_SET_MAX, 0, 500), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_update_active(&rq, &t[1], NULL), PGOV_ENOSPC);
    assert_memory_equal(&rq, &snap, sizeof(rq));
    /* ... also when the default tasks are only counted */
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_init(&t[2], 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[2], NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[2], NULL), PGOV_OK);
    rq.lazy = UINT32_MAX;
    snap = rq;
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[2], NULL), PGOV_ENOSPC);
    task(&t[0], 0, 300);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[0], NULL), PGOV_ENOSPC);
    assert_memory_equal(&rq, &snap, sizeof(rq));
    /* an rq that was never initialised */
    memset(&rq, 0, sizeof(rq));
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &t[0], NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &t[0]), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_update_active(&rq, &t[0], NULL), PGOV_EINVAL);
}

static void test_util_with_forms(void **state)
{
    struct pgov_uclamp_rq rq;
    struct pgov_uclamp_task a, p;
    uint32_t out;
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    task(&a, 100, 900);
    task(&p, 256, 640);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &a, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&rq, &a), PGOV_OK); /* idle, max 900 retained */
    /* v5.7 form max-aggregates the waking task with the retained max */
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, PGOV_KVER_5_7, 1000, &p, NULL, &out), PGOV_OK);
    assert_int_equal(out, 900);
    /* v6.1 form ignores the rq while it is idle-flagged; 6.8+ maps there */
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, PGOV_KVER_6_1, 1000, &p, NULL, &out), PGOV_OK);
    assert_int_equal(out, 640);
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, 0, 100, &p, NULL, &out), PGOV_OK);
    assert_int_equal(out, 256);
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, 0, 1000, NULL, NULL, &out), PGOV_OK);
    assert_int_equal(out, 900);
    /* lo >= hi returns lo */
    struct pgov_uclamp_limits sys = {PGOV_UCLAMP_LIM_SYS, 0, 0, 200, 200, 0};
    task(&p, 100, 200);
    p.req[0] = 700;
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, 0, 10, &p, NULL, &out), PGOV_OK);
    assert_int_equal(out, 700);
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, 0, 10, &p, &sys, &out), PGOV_OK);
    assert_int_equal(out, 200);
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, PGOV_KVER(5, 2), 0, NULL, NULL, &out),
                     PGOV_ENOTSUP);
    assert_int_equal(pgov_uclamp_rq_util_with(NULL, 0, 0, NULL, NULL, &out), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, 0, 0, NULL, NULL, NULL), PGOV_EINVAL);
    p.req[0] = 1025;
    assert_int_equal(pgov_uclamp_rq_util_with(&rq, 0, 0, &p, NULL, &out), PGOV_EINVAL);
}

static void test_effective_perf(void **state)
{
    struct pgov_uclamp_rq rq;
    struct pgov_uclamp_task a;
    uint32_t perf, lo, hi;
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&rq, 0, 5), PGOV_OK);
    task(&a, 300, 700);
    assert_int_equal(pgov_uclamp_rq_inc(&rq, &a, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_effective_perf(&rq, 400, 0, 1024, &perf, &lo, &hi), PGOV_OK);
    assert_int_equal(perf, 500);
    assert_int_equal(lo, 300);
    assert_int_equal(hi, 700);
    assert_int_equal(pgov_uclamp_effective_perf(&rq, 100, 350, 600, &perf, &lo, &hi), PGOV_OK);
    assert_int_equal(perf, 350);
    assert_int_equal(lo, 350);
    assert_int_equal(hi, 600);
    assert_int_equal(pgov_uclamp_effective_perf(&rq, UINT32_MAX, 0, 1024, &perf, NULL, NULL),
                     PGOV_OK);
    assert_int_equal(perf, 700);
    assert_int_equal(pgov_uclamp_effective_perf(NULL, 0, 0, 0, &perf, NULL, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_uclamp_effective_perf(&rq, 0, 0, 0, NULL, NULL, NULL), PGOV_EINVAL);
}

/* Seeded random operation streams through the fuzz harness (its reference
 * model aborts on the first difference). */
static void test_differential_random(void **state)
{
    uint8_t buf[768];
    uint64_t s = 0x75636c616d70ULL;
    (void)state;
    for (int run = 0; run < 20000; run++) {
        size_t n = 2 + (size_t)run % (sizeof(buf) - 2);
        for (size_t i = 0; i < n; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            buf[i] = (uint8_t)(s >> 56);
        }
        assert_int_equal(LLVMFuzzerTestOneInput(buf, n), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_profiles),
        cmocka_unit_test(test_bucket_id),
        cmocka_unit_test(test_task_requests),
        cmocka_unit_test(test_tg_hierarchy),
        cmocka_unit_test(test_effective_values),
        cmocka_unit_test(test_default_tasks_are_counted),
        cmocka_unit_test(test_warn_paths),
        cmocka_unit_test(test_spare_slot),
        cmocka_unit_test(test_bad_calls_change_nothing),
        cmocka_unit_test(test_util_with_forms),
        cmocka_unit_test(test_effective_perf),
        cmocka_unit_test(test_differential_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
