/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: the scheduler (sched.c): tasks, runqueues, slices, ticks; what the
 * engine calls on events and on hardware events (engine_hw.c).
 */
#ifndef PGOV_SIM_SCHED_H
#define PGOV_SIM_SCHED_H

#include "run.h"

void sched_account(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void sched_freq_changed(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void sched_stall(struct sim_ctx *c, struct sim_cpu *p, uint64_t until);
/* The kernel's own work on @p's current task (bookkeeping per event): the
 * task makes no progress for @ns more. */
void sched_charge(struct sim_ctx *c, struct sim_cpu *p, uint64_t ns);
/* Another CPU's pcc call taken as an SMI: @p's task, if it has one, loses
 * @ns, which counts as its CPU time. */
void sched_smi(struct sim_ctx *c, struct sim_cpu *p, uint64_t ns);
void sched_idle_fold(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
/* Move queued (not running) task @id to @cpu: a load-balance pull. */
void sched_move(struct sim_ctx *c, uint32_t id, uint32_t cpu, uint64_t t);
/* For the event loop (loop.c): a new task of @script (its id, or -1), a
 * task put on @cpu's runqueue, and the handlers of a CPU's completion and
 * tick events and of a task's wake-up. */
int32_t sched_task_new(struct sim_ctx *c, uint32_t script, int32_t parent, uint64_t seed);
void sched_enqueue(struct sim_ctx *c, uint32_t id, uint32_t cpu, uint64_t t, uint32_t flags);
void sched_on_done(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void sched_on_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void sched_on_wake(struct sim_ctx *c, uint32_t id, uint64_t t);

#endif
