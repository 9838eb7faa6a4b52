/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: the simulated hardware (machine.c): P-states, C-states, counters,
 * power, the pcc channel. It reports up through sim_hw_report (engine.h).
 */
#ifndef PGOV_SIM_MACHINE_H
#define PGOV_SIM_MACHINE_H

#include "run.h"

void mach_init(struct sim_ctx *c);
void mach_fold(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);
void mach_set_c0(struct sim_ctx *c, struct sim_cpu *p, bool on, uint64_t t);
void mach_request_khz(struct sim_ctx *c, struct sim_cpu *p, uint32_t khz, uint64_t t);
uint64_t mach_tsc(const struct sim_ctx *c, uint64_t t);
uint32_t mach_max_khz(const struct sim_ctx *c);
/* A pcc-cpufreq request from @p at c->now through the shared channel: @p
 * stalls until its call completes. Returns the kHz the firmware grants. */
uint32_t mach_pcc_request(struct sim_ctx *c, struct sim_cpu *p, uint32_t khz);
void mach_finish(struct sim_ctx *c, uint64_t t);

#endif
