/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim: the topology (topo.c): SMT pairs, packages, P-state domains over the
 * simulated CPUs.
 */
#ifndef PGOV_SIM_TOPO_H
#define PGOV_SIM_TOPO_H

#include "run.h"

uint32_t topo_smt(const struct sim_ctx *c);
/* The other thread of @p's core, or NULL (topo_plat_sibling, looked up
 * once by mach_init: the machine asks on every fold and retune). */
static inline struct sim_cpu *topo_sibling(struct sim_ctx *c, const struct sim_cpu *p)
{
    return p->sib >= 0 ? &c->cpu[p->sib] : NULL;
}
/* The CPUs of @cpu's package: [*first, *first + *n). */
void topo_package_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n);
/* Cores of @cpu's package with a thread in C0 (what its turbo bins count). */
uint32_t topo_active_cores(const struct sim_ctx *c, uint32_t cpu);
/* The CPUs sharing @cpu's P-state: [*first, *first + *n). */
void topo_domain_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n);
/* The P-state rule's view of the machine's CPUs (sim.h). */
struct topo_view topo_view_of(const struct sim_ctx *c);
/* Permille of its core's throughput @p gets: smt_share while both threads
 * are in C0. */
static inline uint32_t topo_share_pm(struct sim_ctx *c, const struct sim_cpu *p)
{
    const struct sim_cpu *s = topo_sibling(c, p);
    if (!s || !s->c0 || !p->c0)
        return 1000;
    return c->plat->smt_share_pm ? c->plat->smt_share_pm : 1000;
}

#endif
