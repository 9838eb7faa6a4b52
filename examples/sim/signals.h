/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scheduler signals of the simulated CPUs and tasks: PELT and util_est come
 * from libpgov itself, so schedutil sees what the kernel would.
 *
 * Per CPU: the root cfs_rq's PELT signal on a frequency-invariant PELT clock
 * (pgov_pelt_clock, frequency capacity refreshed at every tick from the
 * APERF/MPERF deltas, as x86 does), the util_est sum and the uclamp
 * buckets (5, the kernel default). Per task: its entity signal, util_est
 * and clamp request. Tasks run at nice 0 (weight 1024).
 */
#ifndef PGOV_SIM_SIGNALS_H
#define PGOV_SIM_SIGNALS_H

#include <stdbool.h>
#include <stdint.h>

#include <pgov/pelt.h>
#include <pgov/uclamp.h>
#include <pgov/util_est.h>

struct sim_ctx;
struct sim_cpu;
struct sim_task;

struct sig_task {
    struct pgov_pelt_avg se;
    struct pgov_util_est_task ue;
    struct pgov_uclamp_task uc;
    bool attached;
};

struct sig_cpu {
    struct pgov_uclamp_rq uc;
    struct pgov_pelt_avg cfs;
    struct pgov_pelt_clock clk;
    struct pgov_util_est_rq ue;
    uint32_t freq_cap;     /* 0..1024, refreshed at the tick */
    uint64_t tick_aperf, tick_mperf;
};

/* Called once per run before any task exists. Returns 0 or -1 (bad profile). */
int sig_init(struct sim_ctx *c);
/* 7.2+ (kv 0: newest): util_est updated inside the dequeue's PELT update. */
bool sig_ue_post_update_kv(uint32_t kv);
void sig_task_new(struct sim_ctx *c, struct sim_task *k, struct sim_cpu *p, uint64_t t);
void sig_enqueue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t);
void sig_dequeue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t, bool sleep,
                 bool was_curr);
/* The running task changes from @prev (NULL: it left) to @next. */
void sig_switch(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *prev, struct sim_task *next,
                uint64_t t);
/* The task leaves its CPU for good (exit) or for another CPU (wake-up migration). */
void sig_detach(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k);
void sig_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void sig_idle(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
/* Set a task's clamp request (uclamp op); re-applied at once if queued. */
void sig_uclamp_set(struct sim_ctx *c, struct sim_task *k, uint32_t min, uint32_t max);
/* CPU utilization for schedutil, 0..1024, clamped by the rq's uclamp values. */
uint32_t sig_cpu_util(struct sim_ctx *c, struct sim_cpu *p);

#endif
