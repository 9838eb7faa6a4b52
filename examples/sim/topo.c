/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPU topology on a sim_ctx: the model's P-state rule and SMT pairs
 * (examples/model/pstate_rule.h) over the simulator's per-CPU records, and
 * the throughput two busy threads of one core share.
 */
#include "topo.h"

struct topo_view topo_view_of(const struct sim_ctx *c)
{
    return (struct topo_view){.plat = c->plat,
                              .ncpu = c->ncpu,
                              .c0 = &c->cpu[0].c0,
                              .req_khz = &c->cpu[0].req_khz,
                              .stride = sizeof(c->cpu[0])};
}

uint32_t topo_smt(const struct sim_ctx *c)
{
    return topo_plat_smt(c->plat);
}

/* These read what mach_init looked up and mach_set_c0 keeps. */
void topo_package_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n)
{
    *first = c->cpu[cpu].pkg_first;
    *n = c->cpu[cpu].pkg_n;
}

uint32_t topo_active_cores(const struct sim_ctx *c, uint32_t cpu)
{
    return c->pkg_cores[c->cpu[cpu].pkg_first];
}

void topo_domain_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n)
{
    *first = c->cpu[cpu].dom_first;
    *n = c->cpu[cpu].dom_n;
}
