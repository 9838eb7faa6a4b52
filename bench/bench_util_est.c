/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * util_est ops: one enqueue, dequeue and sleep update per iteration, at
 * each exact profile (the rq's profile is chosen at init from the row's
 * kver; the hot path of each is specialised):
 *   util_est_cycle       the newest profile (kver 0)
 *   util_est_cycle_6_9   v6.9 (single field, capacity check)
 *   util_est_cycle_6_1   the v5.13 profile at kver 6.1 (the pair, bit-31 flag)
 *   util_est_cycle_5_7   v5.7 (the pair, bit-0 flag, FASTUP)
 *   util_est_cycle_4_17  v4.17 (the pair, no FASTUP, the sum zeroed)
 * and their _inline rows (the cores from the embedder's hooks). Every row
 * starts each iteration from the same task value (`enqueued` = a previous
 * estimate, `ewma` = 0, flag clear) and util; the baseline of each row is
 * that kernel's code rendered from the spec (baseline_signals.c,
 * baseline_util_est.c), and the setup checks that it stores what the
 * library stores on the whole input stream.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "bench.h"
#include "baseline_signals.h"
#include "bench_signals.h"

#include <pgov/util_est.h>
#include <pgov/core/util_est.h>

#define N 1024 /* inputs per op, cycled */

static uint32_t in_pc[N], in_util[N];
static uint32_t ue_kver; /* the row's pgov_util_est_cfg.kver, set by its setup */

static int ue_init(struct pgov_util_est_rq *rq)
{
    struct pgov_util_est_cfg c = {sizeof(c), ue_kver, 0, 0};
    return pgov_util_est_init(rq, &c);
}

/* The baseline's iteration for kernel @kver (a constant in each loop). */
static inline __attribute__((always_inline)) void base_step(uint32_t kver, struct base_ue_rq *rq,
                                                            struct base_ue_pair *t, uint32_t u)
{
    struct base_ue_task v = {t->enqueued};
    switch (kver) {
    case 0:
    case PGOV_KVER_6_9:
        base_util_est_enqueue(rq, &v);
        base_util_est_dequeue(rq, &v);
        if (kver)
            base_util_est_update_6_9(&v, 1, u, u, 1024);
        else
            base_util_est_update(&v, 1, u, u);
        t->enqueued = v.util_est;
        break;
    case PGOV_KVER_6_1:
        base_util_est_enqueue_6_1(rq, t);
        base_util_est_dequeue_6_1(rq, t);
        base_util_est_update_6_1(t, 1, u, 1024);
        break;
    case PGOV_KVER_5_7:
        base_util_est_enqueue_bit0(rq, t);
        base_util_est_dequeue_5_7(rq, t, 1, u, 1024);
        break;
    default:
        base_util_est_enqueue_bit0(rq, t);
        base_util_est_dequeue_4_17(rq, t, 0, 1, u);
        break;
    }
}

static inline __attribute__((always_inline)) void base_loop(uint32_t kver, uint64_t iters)
{
    struct base_ue_rq rq = {0};
    for (uint64_t i = 0; i < iters; i++) {
        struct base_ue_pair t = {in_pc[i & (N - 1)], 0};
        uint32_t u = in_util[i & (N - 1)];
        CLOBBER();
        base_step(kver, &rq, &t, u);
        CLOBBER();
    }
}

void bench_ue_base(uint64_t iters)
{
    base_loop(0, iters);
}
static void loop_base_6_9(uint64_t iters)
{
    base_loop(PGOV_KVER_6_9, iters);
}
static void loop_base_6_1(uint64_t iters)
{
    base_loop(PGOV_KVER_6_1, iters);
}
static void loop_base_5_7(uint64_t iters)
{
    base_loop(PGOV_KVER_5_7, iters);
}
static void loop_base_4_17(uint64_t iters)
{
    base_loop(PGOV_KVER_4_17, iters);
}

/* Draw the inputs (a previous estimate above most new utils: the EWMA path
 * for the single field), then check the baseline against the library on
 * every input: the same task value and rq sum after each iteration. */
static void setup_kver(uint32_t kver)
{
    struct pgov_util_est_rq rq;
    struct base_ue_rq brq = {0};
    uint64_t s = 7;

    for (int i = 0; i < N; i++) {
        in_pc[i] = 200 + (uint32_t)(bench_rand(&s) % 800); /* previous estimate */
        in_util[i] = (uint32_t)(bench_rand(&s) % 1024);
    }
    ue_kver = kver;
    if (ue_init(&rq))
        __builtin_trap();
    for (int i = 0; i < N; i++) {
        struct pgov_util_est_task t = {in_pc[i], 0};
        struct base_ue_pair b = {in_pc[i], 0};
        if (pgov_util_est_enqueue(&rq, &t) || pgov_util_est_dequeue(&rq, &t, 0) ||
            pgov_util_est_update(&rq, &t, 1, in_util[i], in_util[i], 1024) < 0)
            __builtin_trap();
        switch (kver) { /* each case a constant, as in the loops */
        case 0:
            base_step(0, &brq, &b, in_util[i]);
            break;
        case PGOV_KVER_6_9:
            base_step(PGOV_KVER_6_9, &brq, &b, in_util[i]);
            break;
        case PGOV_KVER_6_1:
            base_step(PGOV_KVER_6_1, &brq, &b, in_util[i]);
            break;
        case PGOV_KVER_5_7:
            base_step(PGOV_KVER_5_7, &brq, &b, in_util[i]);
            break;
        default:
            base_step(PGOV_KVER_4_17, &brq, &b, in_util[i]);
            break;
        }
        if (t.enqueued != b.enqueued || t.ewma != b.ewma || rq.enqueued != brq.enqueued)
            __builtin_trap();
    }
}

void bench_ue_setup(void)
{
    setup_kver(0);
}
static void setup_6_9(void)
{
    setup_kver(PGOV_KVER_6_9);
}
static void setup_6_1(void)
{
    setup_kver(PGOV_KVER_6_1);
}
static void setup_5_7(void)
{
    setup_kver(PGOV_KVER_5_7);
}
static void setup_4_17(void)
{
    setup_kver(PGOV_KVER_4_17);
}

static void lib_ue(uint64_t iters)
{
    struct pgov_util_est_rq rq;
    if (ue_init(&rq))
        return;
    for (uint64_t i = 0; i < iters; i++) {
        struct pgov_util_est_task t = {in_pc[i & (N - 1)], 0};
        uint32_t u = in_util[i & (N - 1)];
        CLOBBER();
        int a = pgov_util_est_enqueue(&rq, &t);
        int b = pgov_util_est_dequeue(&rq, &t, 0);
        int c = pgov_util_est_update(&rq, &t, 1, u, u, 1024);
        DO_NOT_OPTIMIZE(a);
        DO_NOT_OPTIMIZE(b);
        DO_NOT_OPTIMIZE(c);
        CLOBBER();
    }
}

/* An embedder calls the cores from its own enqueue and dequeue hooks, as
 * the kernel calls util_est_enqueue() / util_est_dequeue() +
 * util_est_update() from enqueue_task_fair() / dequeue_task_fair(). */
__attribute__((noinline)) void inl_ue_enqueue(struct pgov_util_est_rq *rq,
                                              const struct pgov_util_est_task *t);
__attribute__((noinline)) void inl_ue_enqueue(struct pgov_util_est_rq *rq,
                                              const struct pgov_util_est_task *t)
{
    pgov_util_est_core_enqueue(rq, t);
}

__attribute__((noinline)) int inl_ue_dequeue(struct pgov_util_est_rq *rq,
                                             struct pgov_util_est_task *t, uint32_t util,
                                             uint64_t runnable);
__attribute__((noinline)) int inl_ue_dequeue(struct pgov_util_est_rq *rq,
                                             struct pgov_util_est_task *t, uint32_t util,
                                             uint64_t runnable)
{
    pgov_util_est_core_dequeue(rq, t, 0); /* the same call as the ABI row */
    return pgov_util_est_core_update(rq, t, util, runnable, 1024);
}

/* The cycle of the _inline rows, also run by the compile-time-profile
 * row (bench_util_est_kver.c) with its own core instances. */
void bench_ue_inline_cycle(uint64_t iters, bench_ue_enqueue_fn enq, bench_ue_dequeue_fn deq)
{
    struct pgov_util_est_rq rq;
    if (ue_init(&rq))
        return;
    for (uint64_t i = 0; i < iters; i++) {
        struct pgov_util_est_task t = {in_pc[i & (N - 1)], 0};
        uint32_t u = in_util[i & (N - 1)];
        CLOBBER();
        enq(&rq, &t);
        int c = deq(&rq, &t, u, u);
        DO_NOT_OPTIMIZE(c);
        CLOBBER();
    }
}

static void inline_ue(uint64_t iters)
{
    bench_ue_inline_cycle(iters, inl_ue_enqueue, inl_ue_dequeue);
}

const struct bench_op bench_ops_util_est[] = {
    {"util_est_cycle", bench_ue_setup, lib_ue, bench_ue_base},
    {"util_est_cycle_inline", bench_ue_setup, inline_ue, bench_ue_base},
    {"util_est_cycle_6_9", setup_6_9, lib_ue, loop_base_6_9},
    {"util_est_cycle_6_9_inline", setup_6_9, inline_ue, loop_base_6_9},
    {"util_est_cycle_6_1", setup_6_1, lib_ue, loop_base_6_1},
    {"util_est_cycle_6_1_inline", setup_6_1, inline_ue, loop_base_6_1},
    {"util_est_cycle_5_7", setup_5_7, lib_ue, loop_base_5_7},
    {"util_est_cycle_5_7_inline", setup_5_7, inline_ue, loop_base_5_7},
    {"util_est_cycle_4_17", setup_4_17, lib_ue, loop_base_4_17},
    {"util_est_cycle_4_17_inline", setup_4_17, inline_ue, loop_base_4_17},
    BENCH_OPS_END,
};
