/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scheduler signals of the simulated CPUs and tasks (PELT, util_est), kept
 * by libpgov itself so schedutil sees what the kernel would.
 */
#ifndef PGOV_SIM_SIGNALS_H
#define PGOV_SIM_SIGNALS_H

#include <stdbool.h>
#include <stdint.h>

struct sim_ctx;
struct sim_cpu;
struct sim_task;

struct sig_task {
    uint64_t placeholder;
};
struct sig_cpu {
    uint64_t placeholder;
};

void sig_task_new(struct sim_ctx *c, struct sim_task *k, struct sim_cpu *p, uint64_t t);
/* A queued task starts over with fresh signals (exec on the same CPU). */
void sig_task_exec(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t);
void sig_enqueue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t);
void sig_dequeue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t, bool sleep);
void sig_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
/* CPU utilization for schedutil, 0..1024. */
uint32_t sig_cpu_util(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);

#endif
