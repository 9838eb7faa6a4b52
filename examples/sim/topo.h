/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: the topology (topo.c): SMT pairs, packages, P-state domains over the
 * simulated CPUs.
 */
#ifndef PGOV_SIM_TOPO_H
#define PGOV_SIM_TOPO_H

#include "run.h"

uint32_t topo_smt(const struct sim_ctx *c);
struct sim_cpu *topo_sibling(struct sim_ctx *c, const struct sim_cpu *p);
/* The CPUs of @cpu's package: [*first, *first + *n). */
void topo_package_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n);
/* Cores of @cpu's package with a thread in C0 (what its turbo bins count). */
uint32_t topo_active_cores(const struct sim_ctx *c, uint32_t cpu);
/* The CPUs sharing @cpu's P-state: [*first, *first + *n). */
void topo_domain_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n);
/* The P-state rule's view of the machine's CPUs (sim.h). */
struct topo_view topo_view_of(const struct sim_ctx *c);
uint32_t topo_share_pm(struct sim_ctx *c, const struct sim_cpu *p);

#endif
