/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uclamp ops: dequeue one task and enqueue another (both clamp ids) on a
 * runqueue holding eight tasks. A pool of 16 tasks; the one dequeued is
 * chosen by a pre-drawn sequence and replaced by the longest-waiting spare,
 * so the queued set keeps changing. Random clamp values (min <= max in
 * 0..1024) for uclamp_dec_inc_5/_20, default clamps (0, 1024) for
 * uclamp_dec_inc_default. uclamp_dec_inc_spread_5/_20 draw the clamps from
 * {0, 256, 512, 768, 1024}, which fall into five distinct buckets, in the
 * same order, at 5 and at 20 buckets: both runqueues see the same sequence
 * of bucket events, so the two rows differ only by what the bucket count
 * itself costs (flat for the library; the kernel's top-down rescan walks
 * further at 20).
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "bench.h"
#include "baseline_uclamp.h"

#include <pgov/uclamp.h>
#include <pgov/core/uclamp.h>

#include <stddef.h>
#include <stdlib.h>

#define NPOOL 16
#define NQ 8
#define NSEQ 4096

static struct pgov_uclamp_rq lib_rq;
static void reset(void);
static struct pgov_uclamp_task lib_task[NPOOL];
static struct base_uclamp_rq base_rq;
static struct base_uclamp_task base_task[NPOOL];
static uint8_t seq[NSEQ]; /* slot of the queue to replace */

static void setup(uint32_t nbuckets, int random_clamps)
{
    /* The spread rows share one draw whatever the bucket count. */
    uint64_t s = 0x75636c616d70ULL + (random_clamps == 2 ? 0u : nbuckets) + (uint64_t)random_clamps;
    if (pgov_uclamp_rq_init(&lib_rq, PGOV_KVER_LATEST, nbuckets))
        abort();
    base_rq = (struct base_uclamp_rq){0};
    base_rq.id[1].value = 1024;
    base_rq.flags = 1;
    for (int i = 0; i < NPOOL; i++) {
        uint32_t a = 0, b = 1024;
        if (random_clamps == 2) {
            a = 256u * (uint32_t)(bench_rand(&s) % 5);
            b = 256u * (uint32_t)(bench_rand(&s) % 5);
        } else if (random_clamps) {
            a = (uint32_t)(bench_rand(&s) % 1025);
            b = (uint32_t)(bench_rand(&s) % 1025);
        }
        if (a > b) {
            uint32_t x = a;
            a = b;
            b = x;
        }
        if (pgov_uclamp_task_init(&lib_task[i], 0))
            abort();
        if (random_clamps && pgov_uclamp_task_set(&lib_task[i],
                                                  PGOV_UCLAMP_SET_MIN | PGOV_UCLAMP_SET_MAX,
                                                  (int32_t)a, (int32_t)b))
            abort();
        base_task[i] = (struct base_uclamp_task){NULL, {a, b}, {0, 0}, {0, 0}, {0, 0},
                                                 &base_fair_class, 0};
    }
    for (int i = 0; i < NSEQ; i++)
        seq[i] = (uint8_t)(bench_rand(&s) % NQ);
}

/* queue[0..7] queued, queue[8..15] spares in FIFO order */
static uint8_t lib_q[NPOOL], base_q[NPOOL];

static void fill(uint8_t *q)
{
    for (int i = 0; i < NPOOL; i++)
        q[i] = (uint8_t)i;
}

static inline int rotate(uint8_t *q, uint64_t i, int *out)
{
    int slot = seq[i % NSEQ];
    int in = q[NQ];
    *out = q[slot];
    for (int k = NQ; k < NPOOL - 1; k++)
        q[k] = q[k + 1];
    q[NPOOL - 1] = (uint8_t)*out;
    q[slot] = (uint8_t)in;
    return in;
}

static void lib_loop(uint64_t iters)
{
    fill(lib_q);
    for (int i = 0; i < NQ; i++)
        if (pgov_uclamp_rq_inc(&lib_rq, &lib_task[i], NULL))
            abort();
    for (uint64_t i = 0; i < iters; i++) {
        int out, in = rotate(lib_q, i, &out);
        int rc = pgov_uclamp_rq_dec(&lib_rq, &lib_task[out]);
        rc |= pgov_uclamp_rq_inc(&lib_rq, &lib_task[in], NULL);
        DO_NOT_OPTIMIZE(rc);
    }
}

/* The _inline rows: the cores called from the embedder's own functions. */
__attribute__((noinline)) bool inl_uclamp_inc(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t);
__attribute__((noinline)) bool inl_uclamp_inc(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    return pgov_uclamp_core_rq_inc(rq, t, NULL);
}

__attribute__((noinline)) bool inl_uclamp_dec(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t);
__attribute__((noinline)) bool inl_uclamp_dec(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    return pgov_uclamp_core_rq_dec(rq, t);
}

static void inline_loop(uint64_t iters)
{
    fill(lib_q);
    for (int i = 0; i < NQ; i++)
        if (!inl_uclamp_inc(&lib_rq, &lib_task[i]))
            abort();
    for (uint64_t i = 0; i < iters; i++) {
        int out, in = rotate(lib_q, i, &out);
        bool w = inl_uclamp_dec(&lib_rq, &lib_task[out]);
        bool c = inl_uclamp_inc(&lib_rq, &lib_task[in]);
        DO_NOT_OPTIMIZE(w);
        DO_NOT_OPTIMIZE(c);
    }
}

#define BASE_LOOP(NB)                                                                              \
    static void bl_loop_##NB(uint64_t iters)                                                     \
    {                                                                                              \
        fill(base_q);                                                                              \
        for (int i = 0; i < NQ; i++)                                                               \
            base_uclamp_inc_##NB(&base_rq, &base_task[i]);                                         \
        for (uint64_t i = 0; i < iters; i++) {                                                     \
            int out, in = rotate(base_q, i, &out);                                                 \
            base_uclamp_dec_##NB(&base_rq, &base_task[out]);                                       \
            base_uclamp_inc_##NB(&base_rq, &base_task[in]);                                        \
            CLOBBER();                                                                             \
        }                                                                                          \
    }
BASE_LOOP(5)
BASE_LOOP(20)

/* Each op's setup leaves the state its two loops start from; the loops
 * re-run setup so that repeated timing runs start identically. */
static uint32_t cur_nb;
static int cur_rand;

static void reset(void)
{
    setup(cur_nb, cur_rand);
}

static void setup_5(void)
{
    cur_nb = 5;
    cur_rand = 1;
    reset();
}
static void setup_20(void)
{
    cur_nb = 20;
    cur_rand = 1;
    reset();
}
static void setup_spread_5(void)
{
    cur_nb = 5;
    cur_rand = 2;
    reset();
}
static void setup_spread_20(void)
{
    cur_nb = 20;
    cur_rand = 2;
    reset();
}
static void setup_def(void)
{
    cur_nb = 5;
    cur_rand = 0;
    reset();
}

static void lib_run(uint64_t iters)
{
    reset();
    lib_loop(iters);
}
static void inline_run(uint64_t iters)
{
    reset();
    inline_loop(iters);
}
static void bl_run_5(uint64_t iters)
{
    reset();
    bl_loop_5(iters);
}
static void bl_run_20(uint64_t iters)
{
    reset();
    bl_loop_20(iters);
}

const struct bench_op bench_ops_uclamp[] = {
    {"uclamp_dec_inc_5", setup_5, lib_run, bl_run_5},
    {"uclamp_dec_inc_5_inline", setup_5, inline_run, bl_run_5},
    {"uclamp_dec_inc_20", setup_20, lib_run, bl_run_20},
    {"uclamp_dec_inc_20_inline", setup_20, inline_run, bl_run_20},
    {"uclamp_dec_inc_spread_5", setup_spread_5, lib_run, bl_run_5},
    {"uclamp_dec_inc_spread_5_inline", setup_spread_5, inline_run, bl_run_5},
    {"uclamp_dec_inc_spread_20", setup_spread_20, lib_run, bl_run_20},
    {"uclamp_dec_inc_spread_20_inline", setup_spread_20, inline_run, bl_run_20},
    {"uclamp_dec_inc_default", setup_def, lib_run, bl_run_5},
    {"uclamp_dec_inc_default_inline", setup_def, inline_run, bl_run_5},
    BENCH_OPS_END,
};
