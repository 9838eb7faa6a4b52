/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: wake-up, fork and exec placement (place.c).
 */
#ifndef PGOV_SIM_PLACE_H
#define PGOV_SIM_PLACE_H

#include "run.h"

/* CPUs 0..place_span()-1 take the workload's unpinned tasks (work_cpus). */
uint32_t place_span(const struct sim_ctx *c);
/* Where @k wakes when the wake-up runs on CPU @waker (wake_affine, then
 * select_idle_sibling). */
uint32_t place_wake(struct sim_ctx *c, const struct sim_task *k, uint32_t waker);
/* The wake_affine rule (WA_*) the model runs for release r (0: newest). */
uint32_t place_wake_rule_kv(uint32_t r);
uint32_t place_fork(struct sim_ctx *c);
uint32_t place_exec(struct sim_ctx *c, const struct sim_task *k);
/* A CPU's utilization as exec balancing sees it, with @k's own share taken out. */
uint64_t place_util(struct sim_ctx *c, const struct sim_cpu *q, const struct sim_task *k);

#endif
