/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPU topology: hardware threads (SMT) and P-state domains.
 *
 * Logical CPU i is thread i % smt of core i / smt. Two busy threads of one
 * core share its execution resources: each gets smt_share_pm / 1000 of the
 * core's single-thread throughput. A P-state domain (one core, or the whole
 * package on clients and on servers before Haswell-EP) runs at the highest
 * frequency requested by its CPUs that are in C0; a CPU outside C0 does not
 * vote. Turbo bins count active cores, not threads, of one package: CPUs
 * [k * cores * smt, (k + 1) * cores * smt) are package k (plat.packages
 * sockets).
 *
 * The rule reads only the platform and each CPU's C0 state and request
 * (pstate_rule.h), so pgov-sim's machine (examples/sim/topo.c) and
 * pgov-trace govern apply the same one.
 */
#include "model/pstate_rule.h"

uint32_t topo_plat_smt(const struct sim_platform *pl)
{
    return pl->smt > 1 ? pl->smt : 1;
}

uint32_t topo_plat_sibling(const struct sim_platform *pl, uint32_t ncpu, uint32_t cpu)
{
    uint32_t s = cpu ^ 1u;
    return topo_plat_smt(pl) > 1 && s < ncpu ? s : UINT32_MAX;
}

void topo_view_package(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n)
{
    uint32_t per = v->plat->cores * topo_plat_smt(v->plat);
    if (!per)
        per = v->ncpu;
    *first = cpu / per * per;
    *n = *first + per <= v->ncpu ? per : v->ncpu - *first;
}

void topo_view_domain(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n)
{
    uint32_t smt = topo_plat_smt(v->plat);
    if (v->plat->pstate_domain == DOM_PACKAGE) {
        topo_view_package(v, cpu, first, n);
    } else {
        *first = cpu / smt * smt;
        *n = *first + smt <= v->ncpu ? smt : v->ncpu - *first;
    }
}

uint32_t topo_view_active_cores(const struct topo_view *v, uint32_t cpu)
{
    uint32_t smt = topo_plat_smt(v->plat), n = 0, first, np;
    topo_view_package(v, cpu, &first, &np);
    for (uint32_t core = first; core < first + np; core += smt) {
        bool on = false;
        for (uint32_t t = 0; t < smt && core + t < first + np; t++)
            on |= topo_view_c0(v, core + t);
        n += on;
    }
    return n;
}

void topo_view_domain_eff_cores(const struct topo_view *v, uint32_t cpu, uint32_t cores,
                                uint32_t *first, uint32_t *n, uint32_t *eff_khz)
{
    topo_view_domain(v, cpu, first, n);
    topo_view_range_eff(v, *first, *n, cores, eff_khz);
}

void topo_view_domain_eff(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n,
                          uint32_t *eff_khz)
{
    topo_view_domain_eff_cores(v, cpu, topo_view_active_cores(v, cpu), first, n, eff_khz);
}
