/* SPDX-License-Identifier: BSD-2-Clause */
/* The util_est cycle shared by the rows of bench_util_est.c and
 * bench_util_est_kver.c: inputs, the baseline loop and the inline loop. */
#ifndef PGOV_BENCH_SIGNALS_H
#define PGOV_BENCH_SIGNALS_H

#include <stdint.h>

#include <pgov/util_est.h>

typedef void (*bench_ue_enqueue_fn)(struct pgov_util_est_rq *rq,
                                    const struct pgov_util_est_task *t);
typedef int (*bench_ue_dequeue_fn)(struct pgov_util_est_rq *rq, struct pgov_util_est_task *t,
                                   uint32_t util, uint64_t runnable);

void bench_ue_setup(void);
void bench_ue_base(uint64_t iters);
/* util_est_cycle_inline's loop around an embedder's enqueue and dequeue hooks. */
void bench_ue_inline_cycle(uint64_t iters, bench_ue_enqueue_fn enq, bench_ue_dequeue_fn deq);

#endif
