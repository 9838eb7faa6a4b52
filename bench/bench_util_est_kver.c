/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * util_est_cycle_kver_inline: util_est_cycle_inline's calls and inputs with
 * the util_est profile fixed at compile time (PGOV_UTIL_EST_KVER = v6.18,
 * the profile the rows run), so the cores' profile tests fold. Only this
 * translation unit has the knob: its cores run on an rq the run-time
 * library initialised for v6.18, the same mode word.
 */
#define PGOV_UTIL_EST_KVER PGOV_KVER_6_18

/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "bench.h"
#include "bench_signals.h"

#include <pgov/core/util_est.h>

_Static_assert(PGOV_UTIL_EST_FIXED, "the knob reached the core");

__attribute__((noinline)) void inl_uek_enqueue(struct pgov_util_est_rq *rq,
                                               const struct pgov_util_est_task *t);
__attribute__((noinline)) void inl_uek_enqueue(struct pgov_util_est_rq *rq,
                                               const struct pgov_util_est_task *t)
{
    pgov_util_est_core_enqueue(rq, t);
}

__attribute__((noinline)) int inl_uek_dequeue(struct pgov_util_est_rq *rq,
                                              struct pgov_util_est_task *t, uint32_t util,
                                              uint64_t runnable);
__attribute__((noinline)) int inl_uek_dequeue(struct pgov_util_est_rq *rq,
                                              struct pgov_util_est_task *t, uint32_t util,
                                              uint64_t runnable)
{
    pgov_util_est_core_dequeue(rq, t, 0); /* the same calls as the other rows */
    return pgov_util_est_core_update(rq, t, util, runnable, 1024);
}

static void inline_uek(uint64_t iters)
{
    bench_ue_inline_cycle(iters, inl_uek_enqueue, inl_uek_dequeue);
}

const struct bench_op bench_ops_util_est_kver[] = {
    {"util_est_cycle_kver_inline", bench_ue_setup, inline_uek, bench_ue_base},
    BENCH_OPS_END,
};
