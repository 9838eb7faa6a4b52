/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: the idle loop (cpuidle.c): tick stop, C-state choice.
 */
#ifndef PGOV_SIM_CPUIDLE_H
#define PGOV_SIM_CPUIDLE_H

#include "run.h"

/* The CPU goes idle at t: picks p->cstate and stamps the idle period;
 * returns whether the tick keeps running. */
bool idle_enter(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
/* An idle period of @len ended (@tick: by a kept tick): the last one, and
 * menu's history. */
void idle_observe(struct sim_cpu *p, uint64_t len, bool tick);
/* A tick on an idle CPU whose tick was kept. */
void idle_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);

#endif
