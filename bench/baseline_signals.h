/* SPDX-License-Identifier: BSD-2-Clause */
/* The clean-room kernel-algorithm baselines of bench_signals.c. */
#ifndef PGOV_BASELINE_SIGNALS_H
#define PGOV_BASELINE_SIGNALS_H

#include <stdint.h>

struct base_avg {
    uint64_t last_update_time;
    uint64_t load_sum;
    uint64_t runnable_sum;
    uint32_t util_sum;
    uint32_t period_contrib;
    unsigned long load_avg;
    unsigned long runnable_avg;
    unsigned long util_avg;
};

struct base_ue_task {
    uint32_t util_est;
};

struct base_ue_rq {
    uint32_t enqueued;
};

uint64_t base_decay(uint64_t val, uint64_t n);
int base_pelt_update(struct base_avg *sa, uint64_t now, unsigned long load,
                     unsigned long runnable, int running, unsigned long weight);
void base_util_est_enqueue(struct base_ue_rq *rq, const struct base_ue_task *p);
void base_util_est_dequeue(struct base_ue_rq *rq, const struct base_ue_task *p);
void base_util_est_update(struct base_ue_task *p, int task_sleep, unsigned long util,
                          unsigned long runnable);

#endif
