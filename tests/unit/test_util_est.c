/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * util_est: profile resolution, config validation, the d519329f72 option
 * pinned against the default, each profile's rules on hand-computed cases,
 * a random comparison of the v6.18 fast path with a plain model, and errors
 * leaving state unchanged.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>

_Static_assert(sizeof(struct pgov_util_est_task) == 8, "task size");
_Static_assert(offsetof(struct pgov_util_est_task, ewma) == 4, "task ewma");
_Static_assert(sizeof(struct pgov_util_est_rq) == 8, "rq size");
_Static_assert(offsetof(struct pgov_util_est_rq, mode) == 4, "rq mode");
_Static_assert(sizeof(struct pgov_util_est_cfg) == 16, "cfg size");

static int init(struct pgov_util_est_rq *rq, uint32_t kver, uint32_t flags)
{
    struct pgov_util_est_cfg c = {sizeof(c), kver, flags, 0};
    return pgov_util_est_init(rq, &c);
}

static void test_profiles(void **st)
{
    (void)st;
    static const struct {
        uint32_t kver;
        int want;
    } map[] = {
        {0, PGOV_KVER_6_18},
        {PGOV_KVER_6_19, PGOV_KVER_6_18},
        {PGOV_KVER_6_18, PGOV_KVER_6_18},
        {PGOV_KVER(6, 17), PGOV_KVER_6_9},
        {PGOV_KVER_6_12, PGOV_KVER_6_9},
        {PGOV_KVER_6_9, PGOV_KVER_6_9},
        {PGOV_KVER_6_8, PGOV_KVER_6_9}, /* single field from the v6.8 merge window */
        {PGOV_KVER(6, 7), PGOV_KVER_5_13},
        {PGOV_KVER(6, 6), PGOV_KVER_5_13},
        {PGOV_KVER_6_1, PGOV_KVER_5_13},
        {PGOV_KVER(5, 15), PGOV_KVER_5_13},
        {PGOV_KVER_5_13, PGOV_KVER_5_13},
        {PGOV_KVER_5_12, PGOV_KVER_5_7}, /* mainline 5.12.0: bit 0, no enqueued margin */
        {PGOV_KVER(5, 11), PGOV_KVER_5_7},
        {PGOV_KVER_5_5, PGOV_KVER_5_7},
        {PGOV_KVER(5, 4), PGOV_KVER_4_17},
        {PGOV_KVER_4_17, PGOV_KVER_4_17},
        {PGOV_KVER(4, 16), PGOV_ENOTSUP},
        {PGOV_KVER_4_4, PGOV_ENOTSUP},
        {PGOV_KVER(9, 0), PGOV_ENOTSUP},
        {1, PGOV_ENOTSUP},
    };
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        struct pgov_util_est_rq rq = {77, 0};
        int rc = init(&rq, map[i].kver, 0);
        if (map[i].want < 0) {
            assert_int_equal(rc, map[i].want);
            assert_int_equal(rq.enqueued, 77); /* unchanged */
        } else {
            assert_int_equal(rc, 0);
            assert_int_equal(rq.enqueued, 0);
            assert_int_equal(pgov_util_est_profile(&rq), map[i].want);
        }
    }
    struct pgov_util_est_rq rq;
    assert_int_equal(pgov_util_est_init(&rq, NULL), 0);
    assert_int_equal(pgov_util_est_profile(&rq), PGOV_KVER_6_18);
    assert_int_equal(pgov_util_est_profile(NULL), PGOV_EINVAL);
    rq.mode = 0;
    assert_int_equal(pgov_util_est_profile(&rq), PGOV_EINVAL);
}

static void test_cfg_validation(void **st)
{
    (void)st;
    struct {
        struct pgov_util_est_cfg c;
        uint32_t tail[2];
    } big;
    struct pgov_util_est_rq rq = {5, 6}, before = rq;
    memset(&big, 0, sizeof(big));
    assert_int_equal(pgov_util_est_init(NULL, NULL), PGOV_EINVAL);
    big.c.size = 4; /* no room for kver */
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_E2BIG);
    /* Older, shorter config: {size, kver}; the rest is read as zero. */
    big.c.size = 8;
    big.c.kver = PGOV_KVER_4_17;
    big.c.flags = 0xdead; /* beyond the caller's size: ignored */
    assert_int_equal(pgov_util_est_init(&rq, &big.c), 0);
    assert_int_equal(pgov_util_est_profile(&rq), PGOV_KVER_4_17);
    /* Newer, longer config: zero tail accepted, non-zero rejected. */
    rq = before;
    big.c.flags = 0;
    big.c.size = sizeof(big);
    assert_int_equal(pgov_util_est_init(&rq, &big.c), 0);
    rq = before;
    big.tail[1] = 1;
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_E2BIG);
    assert_memory_equal(&rq, &before, sizeof(rq));
    big.tail[1] = 0;
    big.c.flags = 2;
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_EINVAL);
    big.c.flags = 0;
    big.c.reserved = 1;
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_EINVAL);
    assert_memory_equal(&rq, &before, sizeof(rq));
}

/* The v6.18 fast path checks util's range on each of its branches. */
static void test_update_util_range(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {300 | PGOV_UTIL_EST_UNCHANGED, 0};
    init(&rq, 0, 0);
    /* Flag set: nothing to do, but a bad util is still refused. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 0x80000000u, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, UINT64_MAX, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 5, 1, 1), 0);
    assert_int_equal(t.enqueued, 300 | PGOV_UTIL_EST_UNCHANGED);
    /* Flag clear, util above the EWMA: the largest util is stored. */
    t.enqueued = 300;
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, (uint64_t)1 << 40, 1, 1), PGOV_EINVAL);
    assert_int_equal(t.enqueued, 300);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, PGOV_UTIL_EST_UTIL_MAX, 1, 1), PGOV_UTIL_EST_STORED);
    assert_int_equal(t.enqueued, 0xffffffffu);
    /* Util equal to the EWMA: reset path, same value, flag set. */
    t.enqueued = 300;
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 300, 1000, 1), PGOV_UTIL_EST_STORED);
    assert_int_equal(t.enqueued, 300 | PGOV_UTIL_EST_UNCHANGED);
}

static void test_errors_leave_state(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq, rq0;
    struct pgov_util_est_task t = {300, 0}, t0 = t;
    uint64_t v = 9;
    uint32_t c = 9;
    init(&rq, 0, 0);
    rq.enqueued = 500;
    rq0 = rq;
    assert_int_equal(pgov_util_est_enqueue(NULL, &t), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_enqueue(&rq, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_dequeue(NULL, &t, 0), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_dequeue(&rq, NULL, 0), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_update(NULL, &t, 1, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_update(&rq, NULL, 1, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_update(&rq, &t, 2, 1, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 0x80000000u, 1, 1), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_util_changed(NULL, &t), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_util_changed(&rq, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_task_contrib(&rq, &t, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_task_contrib(NULL, &t, &c), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_task_util_est(&rq, &t, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_task_util_est(&rq, NULL, 1, &v), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_cpu_util(&rq, 1, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_util_est_cpu_util(NULL, 1, 1, &v), PGOV_EINVAL);
    /* An rq that init never saw: every call refuses it. */
    struct pgov_util_est_rq bad = {500, 0x12345678};
    const uint32_t bad_modes[] = {0, 0x12345678, 0x55450500, 0x55450002, 0x55450100 | 0x80};
    for (size_t i = 0; i < 5; i++) {
        bad.mode = bad_modes[i];
        struct pgov_util_est_rq b0 = bad;
        assert_int_equal(pgov_util_est_enqueue(&bad, &t), PGOV_EINVAL);
        assert_int_equal(pgov_util_est_dequeue(&bad, &t, 0), PGOV_EINVAL);
        assert_int_equal(pgov_util_est_update(&bad, &t, 1, 10, 10, 1024), PGOV_EINVAL);
        assert_int_equal(pgov_util_est_util_changed(&bad, &t), PGOV_EINVAL);
        assert_int_equal(pgov_util_est_task_contrib(&bad, &t, &c), PGOV_EINVAL);
        assert_int_equal(pgov_util_est_task_util_est(&bad, &t, 1, &v), PGOV_EINVAL);
        assert_int_equal(pgov_util_est_cpu_util(&bad, 1, 1, &v), PGOV_EINVAL);
        assert_memory_equal(&bad, &b0, sizeof(bad));
    }
    assert_memory_equal(&rq, &rq0, sizeof(rq));
    assert_memory_equal(&t, &t0, sizeof(t));
    assert_int_equal(v, 9);
    assert_int_equal(c, 9);
}

/* v6.18 rules on hand-computed values (spec 2.3). */
static void test_v618_rules(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {0, 0};
    uint64_t v;
    init(&rq, PGOV_KVER_6_18, 0);
    /* Reset on increase, flag set. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 600, 600, 1024), PGOV_UTIL_EST_STORED);
    assert_int_equal(t.enqueued, 600u | PGOV_UTIL_EST_UNCHANGED);
    /* No new PELT sample: nothing. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 100, 100, 1024), 0);
    assert_int_equal(t.enqueued, 600u | PGOV_UTIL_EST_UNCHANGED);
    /* The rq sees the value without the flag. */
    assert_int_equal(pgov_util_est_enqueue(&rq, &t), 0);
    assert_int_equal(rq.enqueued, 600);
    pgov_util_est_cpu_util(&rq, 100, 1024, &v);
    assert_int_equal(v, 600);
    pgov_util_est_cpu_util(&rq, 100, 500, &v);
    assert_int_equal(v, 500);
    pgov_util_est_task_util_est(&rq, &t, 700, &v);
    assert_int_equal(v, 700);
    assert_int_equal(pgov_util_est_dequeue(&rq, &t, 0), 0);
    assert_int_equal(rq.enqueued, 0);
    /* Saturating removal. */
    assert_int_equal(pgov_util_est_dequeue(&rq, &t, 0), 0);
    assert_int_equal(rq.enqueued, 0);
    /* EWMA: floor((3 * 600 + 100) / 4) = 475. */
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(t.enqueued, 600);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 100, 100, 1024), 1);
    assert_int_equal(t.enqueued & ~PGOV_UTIL_EST_UNCHANGED, 475);
    /* Within the margin: kept, but consumed. */
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 466, 466, 1024), 1);
    assert_int_equal(t.enqueued, 475u | PGOV_UTIL_EST_UNCHANGED);
    /* It waited for the CPU (runnable > util + 10): kept. */
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 200, 211, 1024), 1);
    assert_int_equal(t.enqueued, 475u | PGOV_UTIL_EST_UNCHANGED);
    /* Not a sleep: nothing, flag stays clear. */
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(pgov_util_est_update(&rq, &t, 0, 200, 200, 1024), 0);
    assert_int_equal(t.enqueued, 475);
    /* No capacity check in v6.18; v6.9 skips without storing. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 300, 300, 100), 1);
    assert_int_equal(t.enqueued & ~PGOV_UTIL_EST_UNCHANGED, (475 * 4 - 175) / 4);
    struct pgov_util_est_rq rq69;
    struct pgov_util_est_task t69 = {475, 0};
    init(&rq69, PGOV_KVER_6_9, 0);
    assert_int_equal(pgov_util_est_update(&rq69, &t69, 1, 300, 300, 100), 0);
    assert_int_equal(t69.enqueued, 475);
    assert_int_equal(pgov_util_est_update(&rq69, &t69, 1, 300, 300, 300), 1);
    assert_int_equal(t69.enqueued & ~PGOV_UTIL_EST_UNCHANGED, (475 * 4 - 175) / 4);
}

/* v5.7 and v4.17 on hand-computed values (spec 2.4). */
static void test_old_rules(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {0, 0};
    uint32_t c;
    init(&rq, PGOV_KVER_5_7, 0);
    /* Contribution includes the flag bit: max(0, 0) | 1. */
    pgov_util_est_task_contrib(&rq, &t, &c);
    assert_int_equal(c, 1);
    /* FASTUP: ewma < sample -> jump. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 400, 400, 1024), 1);
    assert_int_equal(t.ewma, 401);
    assert_int_equal(t.enqueued, 401);
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(t.enqueued, 400);
    /* Within the margin: return without storing, flag stays clear. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 392, 392, 1024), 0);
    assert_int_equal(t.enqueued, 400);
    /* Capacity check. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 200, 200, 199), 0);
    /* EWMA down: ((401 << 2) + (201 - 401)) >> 2 with u32 wrap = 351. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 200, 200, 1024), 1);
    assert_int_equal(t.ewma, 351);
    assert_int_equal(t.enqueued, 201);

    /* v4.17: no FASTUP (EWMA up by a quarter), rq zeroed when empty. */
    init(&rq, PGOV_KVER_4_17, 0);
    t = (struct pgov_util_est_task){0, 0};
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 400, 400, 1024), 1);
    assert_int_equal(t.ewma, 100); /* (0 + 401) >> 2 */
    assert_int_equal(t.enqueued, 401);
    pgov_util_est_enqueue(&rq, &t);
    pgov_util_est_enqueue(&rq, &t);
    assert_int_equal(rq.enqueued, 802);
    pgov_util_est_dequeue(&rq, &t, 1);
    assert_int_equal(rq.enqueued, 401);
    rq.enqueued = 1000; /* stale sum: the last dequeue clears it */
    pgov_util_est_dequeue(&rq, &t, 0);
    assert_int_equal(rq.enqueued, 0);
    /* Other profiles ignore nr_queued. */
    init(&rq, PGOV_KVER_5_7, 0);
    rq.enqueued = 1000;
    pgov_util_est_dequeue(&rq, &t, 0);
    assert_int_equal(rq.enqueued, 599);
}

/* Three rows Linux 6.1.192 computed (tests/oracle capture, docs/oracle.md). */
static void test_v513_linux_rows(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {0x8000015cu, 0x1b1};
    init(&rq, PGOV_KVER_6_1, 0);
    /* enqueue, sum 0: the flag stays out of the sum -> 0x1b1. */
    assert_int_equal(pgov_util_est_enqueue(&rq, &t), 0);
    assert_int_equal(rq.enqueued, 0x1b1);
    /* PELT recomputed: bit 31 cleared -> 0x15c/0x1b1. */
    assert_int_equal(pgov_util_est_util_changed(&rq, &t), 0);
    assert_int_equal(t.enqueued, 0x15c);
    assert_int_equal(t.ewma, 0x1b1);
    /* Sleep, util 527 above the EWMA: FASTUP, stored with bit 31. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 527, 529, 1024), 1);
    assert_int_equal(t.enqueued, 0x8000020fu);
    assert_int_equal(t.ewma, 0x20f);
}

/* v5.13 .. v6.7 rules on hand-computed values, and where they differ from v5.7. */
static void test_v513_rules(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq, rq57;
    struct pgov_util_est_task t = {0, 0}, t57 = {0, 0};
    uint32_t c;
    uint64_t v;
    init(&rq, PGOV_KVER_5_13, 0);
    init(&rq57, PGOV_KVER_5_7, 0);
    /* A fresh task contributes 0 (v5.7: 1, the flag bit leaked). */
    pgov_util_est_task_contrib(&rq, &t, &c);
    assert_int_equal(c, 0);
    pgov_util_est_task_util_est(&rq, &t, 0, &v);
    assert_int_equal(v, 0);
    /* Stored sample is util itself, flag in bit 31. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 400, 400, 1024), 1);
    assert_int_equal(t.enqueued, 400u | PGOV_UTIL_EST_UNCHANGED);
    assert_int_equal(t.ewma, 400);
    /* Flag set: no new sample. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 100, 100, 1024), 0);
    pgov_util_est_task_contrib(&rq, &t, &c);
    assert_int_equal(c, 400);
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(t.enqueued, 400);
    /* EWMA down: (3 * 400 + 100) / 4 = 325, enqueued = 100 | flag. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 100, 100, 1024), 1);
    assert_int_equal(t.ewma, 325);
    assert_int_equal(t.enqueued, 100u | PGOV_UTIL_EST_UNCHANGED);
    /* Within 1% of the EWMA but enqueued moved by 216: enqueued stored,
     * EWMA kept (v5.7 returns without storing). */
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 316, 316, 1024), 1);
    assert_int_equal(t.ewma, 325);
    assert_int_equal(t.enqueued, 316u | PGOV_UTIL_EST_UNCHANGED);
    t57 = (struct pgov_util_est_task){100, 325};
    assert_int_equal(pgov_util_est_update(&rq57, &t57, 1, 316, 316, 1024), 0);
    /* Within 1% of both: nothing stored, flag stays clear. */
    pgov_util_est_util_changed(&rq, &t);
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 320, 320, 1024), 0);
    assert_int_equal(t.enqueued, 316);
    /* Margin boundaries: 10 below the EWMA is outside, 9 inside; enqueued
     * 9 away is inside. */
    t = (struct pgov_util_est_task){300, 325};
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 316, 316, 1024), 1); /* 16 from enqueued */
    assert_int_equal(t.enqueued, 316u | PGOV_UTIL_EST_UNCHANGED);
    t = (struct pgov_util_est_task){307, 325};
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 316, 316, 1024), 0); /* 9 from both */
    t = (struct pgov_util_est_task){306, 325};
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 316, 316, 1024), 1); /* 10 from enqueued */
    t = (struct pgov_util_est_task){315, 325};
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 315, 315, 1024), 1); /* 10 from the EWMA */
    assert_int_equal(t.ewma, (325 * 3 + 315) / 4);
    /* Capacity check: util above the CPU's capacity, nothing stored. */
    t = (struct pgov_util_est_task){500, 600};
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 300, 300, 299), 0);
    assert_int_equal(t.enqueued, 500);
    /* No runnable check before v6.8: a task that waited still moves the EWMA. */
    assert_int_equal(pgov_util_est_update(&rq, &t, 1, 300, 900, 1024), 1);
    assert_int_equal(t.ewma, (600 * 3 + 300) / 4);
    /* The sum adds and removes the contribution without the flag. */
    rq.enqueued = 0;
    pgov_util_est_enqueue(&rq, &t);
    assert_int_equal(rq.enqueued, 525);
    pgov_util_est_dequeue(&rq, &t, 0);
    assert_int_equal(rq.enqueued, 0);
}

/*
 * d519329f72 pinned: a task that runs and sleeps twice within one PELT
 * period. With the flag (every released kernel), the second dequeue is not
 * fed; with PGOV_UTIL_EST_EVERY_DEQUEUE it is, and the estimate moves.
 */
static void test_d519329f72(void **st)
{
    (void)st;
    struct pgov_util_est_rq gated, every;
    struct pgov_util_est_task a = {0, 0}, b = {0, 0};

    /* v4.17 pair (the commit's own context). */
    init(&gated, PGOV_KVER_4_17, 0);
    init(&every, PGOV_KVER_4_17, PGOV_UTIL_EST_EVERY_DEQUEUE);
    assert_int_equal(pgov_util_est_update(&gated, &a, 1, 400, 400, 1024), 1);
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 400, 400, 1024), 1);
    assert_int_equal(a.ewma, (0 + 401) >> 2); /* sample carries the flag bit */
    assert_int_equal(b.ewma, (0 + 400) >> 2); /* no flag bit before the commit */
    assert_int_equal(b.enqueued, 400);
    /* Second dequeue with the same, stale util_avg and no PELT update. */
    assert_int_equal(pgov_util_est_update(&gated, &a, 1, 400, 400, 1024), 0);
    assert_int_equal(a.ewma, 100);
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 400, 400, 1024), 1);
    assert_int_equal(b.ewma, (100 * 4 + 300) >> 2); /* fed again: 175 */
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 400, 400, 1024), 1);
    assert_int_equal(b.ewma, (175 * 4 + 225) >> 2); /* and again: 231 */
    uint32_t c;
    pgov_util_est_task_contrib(&every, &b, &c);
    assert_int_equal(c, 400); /* max(ewma, enqueued), no |1 */
    pgov_util_est_util_changed(&every, &b); /* no flag to clear */
    assert_int_equal(b.enqueued, 400);

    /* The same option on the current profile: the flag is ignored. */
    init(&gated, 0, 0);
    init(&every, 0, PGOV_UTIL_EST_EVERY_DEQUEUE);
    a = (struct pgov_util_est_task){600, 0};
    b = a;
    assert_int_equal(pgov_util_est_update(&gated, &a, 1, 100, 100, 1024), 1);
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 100, 100, 1024), 1);
    assert_int_equal(a.enqueued, b.enqueued);
    assert_int_equal(pgov_util_est_update(&gated, &a, 1, 100, 100, 1024), 0);
    assert_int_equal(a.enqueued & ~PGOV_UTIL_EST_UNCHANGED, 475);
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 100, 100, 1024), 1);
    assert_int_equal(b.enqueued & ~PGOV_UTIL_EST_UNCHANGED, (475 * 4 - 375) >> 2);
    /* v5.7 with the option: flag bit still in the sample, gate ignored. */
    init(&every, PGOV_KVER_5_7, PGOV_UTIL_EST_EVERY_DEQUEUE);
    b = (struct pgov_util_est_task){0, 0};
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 400, 400, 1024), 1);
    assert_int_equal(pgov_util_est_update(&every, &b, 1, 200, 200, 1024), 1);
    assert_int_equal(b.ewma, ((401u << 2) + (201u - 401u)) >> 2);
    pgov_util_est_util_changed(&every, &b);
    assert_int_equal(b.enqueued, 200);
}

/* Plain model of v6.18 (spec 2.3), compared with the library's fast path. */
static void test_v618_random_model(void **st)
{
    (void)st;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {0, 0};
    uint32_t model = 0, rqm = 0, s = 12345;
    init(&rq, 0, 0);
    for (int i = 0; i < 100000; i++) {
        s = s * 1103515245u + 12345u;
        uint32_t op = (s >> 16) % 4, util = (s >> 4) % 1025, run = util + (s % 30);
        switch (op) {
        case 0:
            pgov_util_est_enqueue(&rq, &t);
            rqm += model & 0x7fffffffu;
            break;
        case 1: {
            uint32_t c = model & 0x7fffffffu;
            pgov_util_est_dequeue(&rq, &t, 0);
            rqm -= c < rqm ? c : rqm;
            break;
        }
        case 2: {
            int r = pgov_util_est_update(&rq, &t, 1, util, run, 1024);
            int rm = 0;
            if (!(model & 0x80000000u)) {
                uint32_t e = model;
                if (e <= util)
                    e = util;
                else if (e - util >= 10 && util + 10 >= run)
                    e = (3 * e + util) / 4;
                model = e | 0x80000000u;
                rm = 1;
            }
            assert_int_equal(r, rm);
            break;
        }
        default:
            pgov_util_est_util_changed(&rq, &t);
            model &= 0x7fffffffu;
        }
        assert_int_equal(t.enqueued, model);
        assert_int_equal(rq.enqueued, rqm);
    }
}

/* Size-prefixed config: the first published prefix is accepted (fields it
 * does not cover read as 0), anything shorter is not, and a newer, longer
 * struct is accepted only with zero bytes beyond what this version knows. */
static void test_cfg_sizes(void **state)
{
    (void)state;
    struct pgov_util_est_rq rq;
    struct {
        struct pgov_util_est_cfg c;
        uint32_t more[2];
    } big;

    memset(&big, 0, sizeof(big));
    big.c.kver = PGOV_KVER_6_18;
    big.c.flags = 0xdeadu; /* not covered by the V1 size: ignored */
    big.c.size = (uint32_t)PGOV_UTIL_EST_CFG_SIZE_V1;
    assert_int_equal(big.c.size, 8);
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_OK);
    big.c.size = (uint32_t)PGOV_UTIL_EST_CFG_SIZE_V1 - 1;
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_E2BIG);
    big.c.flags = 0;
    big.c.size = (uint32_t)sizeof(big);
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_OK);
    big.more[1] = 1;
    assert_int_equal(pgov_util_est_init(&rq, &big.c), PGOV_E2BIG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_profiles),
        cmocka_unit_test(test_cfg_validation),
        cmocka_unit_test(test_cfg_sizes),
        cmocka_unit_test(test_errors_leave_state),
        cmocka_unit_test(test_update_util_range),
        cmocka_unit_test(test_v618_rules),
        cmocka_unit_test(test_old_rules),
        cmocka_unit_test(test_v513_linux_rows),
        cmocka_unit_test(test_v513_rules),
        cmocka_unit_test(test_d519329f72),
        cmocka_unit_test(test_v618_random_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
