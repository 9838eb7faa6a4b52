/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: the policy glue (policy.c): the HAL over the machine, the governors'
 * hooks and timers.
 */
#ifndef PGOV_SIM_POLICY_H
#define PGOV_SIM_POLICY_H

#include "run.h"

struct sim_policy_state;
int pol_init(struct sim_ctx *c);
void pol_hook(struct sim_ctx *c, struct sim_cpu *p, uint64_t t, uint32_t flags);
uint64_t sim_rules_key(uint32_t kv); /* KB_MOD_SIM's key (model/kbounds.h) */
void pol_timer(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void pol_free(struct sim_ctx *c);
#define SIM_HOOK_IOWAIT 1u
/* The hook is for @p but runs on another CPU (a remote wake-up, fork,
 * migration or pull): before 4.14 the scheduler does not call it; from
 * 4.14 it does, and a per-CPU policy's governor ignores it (schedutil keeps
 * its iowait boost request). */
#define SIM_HOOK_REMOTE 2u

#endif
