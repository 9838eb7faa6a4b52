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

/* The task's {enqueued, ewma} pair before v6.9 (baseline_util_est.c). */
struct base_ue_pair {
    uint32_t enqueued;
    uint32_t ewma;
};

uint64_t base_decay(uint64_t val, uint64_t n);
int base_pelt_update(struct base_avg *sa, uint64_t now, unsigned long load,
                     unsigned long runnable, int running, unsigned long weight);
void base_util_est_enqueue(struct base_ue_rq *rq, const struct base_ue_task *p);
void base_util_est_dequeue(struct base_ue_rq *rq, const struct base_ue_task *p);
void base_util_est_update(struct base_ue_task *p, int task_sleep, unsigned long util,
                          unsigned long runnable);

/* baseline_util_est.c: the older kernels' util_est. */
void base_util_est_update_6_9(struct base_ue_task *p, int task_sleep, unsigned long util,
                              unsigned long runnable, unsigned long cpu_cap);
void base_util_est_enqueue_6_1(struct base_ue_rq *rq, const struct base_ue_pair *p);
void base_util_est_dequeue_6_1(struct base_ue_rq *rq, const struct base_ue_pair *p);
void base_util_est_update_6_1(struct base_ue_pair *p, int task_sleep, unsigned long util,
                              unsigned long cpu_cap);
void base_util_est_enqueue_bit0(struct base_ue_rq *rq, const struct base_ue_pair *p);
void base_util_est_dequeue_5_7(struct base_ue_rq *rq, struct base_ue_pair *p, int task_sleep,
                               unsigned long util, unsigned long cpu_cap);
void base_util_est_dequeue_4_17(struct base_ue_rq *rq, struct base_ue_pair *p,
                                unsigned int nr_running, int task_sleep, unsigned long util);

#endif
