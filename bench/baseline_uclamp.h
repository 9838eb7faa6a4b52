/* SPDX-License-Identifier: BSD-2-Clause */
/* The kernel-style uclamp baseline (baseline_uclamp.c), for bench_uclamp.c. */
#ifndef PGOV_BENCH_BASELINE_UCLAMP_H
#define PGOV_BENCH_BASELINE_UCLAMP_H

struct base_uclamp_bucket {
    unsigned long value : 11;
    unsigned long tasks : 53;
};

struct base_uclamp_rq {
    struct {
        unsigned value;
        struct base_uclamp_bucket bucket[20];
    } id[2];
    unsigned flags;
};

struct base_uclamp_tg {
    unsigned eff[2];
};

/* A scheduling class: whether it opts in to uclamp (fair and rt do). */
struct base_uclamp_class {
    unsigned char uclamp_enabled;
};

struct base_uclamp_task {
    const struct base_uclamp_tg *tg; /* NULL: root group */
    unsigned req[2];
    unsigned eff[2];
    unsigned bucket[2];
    unsigned char active[2];
    const struct base_uclamp_class *cls; /* the task's class */
    unsigned char delayed;               /* in delayed-dequeue state (v6.12+) */
};

extern const struct base_uclamp_class base_fair_class;

void base_uclamp_inc_5(struct base_uclamp_rq *rq, struct base_uclamp_task *t);
void base_uclamp_dec_5(struct base_uclamp_rq *rq, struct base_uclamp_task *t);
void base_uclamp_inc_20(struct base_uclamp_rq *rq, struct base_uclamp_task *t);
void base_uclamp_dec_20(struct base_uclamp_rq *rq, struct base_uclamp_task *t);

#endif
