/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: load balancing (balance.c): new-idle and periodic idle balancing.
 */
#ifndef PGOV_SIM_BALANCE_H
#define PGOV_SIM_BALANCE_H

#include "run.h"

void balance_init(struct sim_ctx *c);
/* @p is about to idle: pull a task (true) under the new-idle rules. */
bool balance_newidle(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
/* A task woke onto idle @p: the idle period ends (avg_idle). */
void balance_woken(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
/* A tick on @p (busy, or idle with the tick kept): periodic idle balancing. */
void balance_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);

#endif
