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

static bool c0_at(const struct topo_view *v, uint32_t i)
{
    return *(const bool *)(const void *)((const char *)v->c0 + (size_t)i * v->stride);
}

static uint32_t req_at(const struct topo_view *v, uint32_t i)
{
    return *(const uint32_t *)(const void *)((const char *)v->req_khz + (size_t)i * v->stride);
}

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
            on |= c0_at(v, core + t);
        n += on;
    }
    return n;
}

uint32_t topo_turbo_clamp(const struct sim_platform *pl, uint32_t khz, uint32_t active_cores)
{
    uint32_t i = active_cores ? active_cores - 1 : 0;
    if (i >= pl->n_bins)
        i = pl->n_bins - 1;
    uint32_t lim = pl->turbo_bins[i] * pl->scaling_khz;
    uint32_t lo = pl->min_ratio * pl->scaling_khz;
    uint32_t k = khz < lim ? khz : lim;
    return k < lo ? lo : k;
}

void topo_view_range_eff(const struct topo_view *v, uint32_t first, uint32_t n, uint32_t cores,
                         uint32_t *eff_khz)
{
    uint32_t req = 0;
    bool any = false;
    for (uint32_t j = first; j < first + n; j++)
        if (c0_at(v, j)) {
            uint32_t r = req_at(v, j);
            any = true;
            req = r > req ? r : req;
        }
    if (any) { /* one frequency for the whole domain */
        uint32_t e = topo_turbo_clamp(v->plat, req, cores);
        for (uint32_t k = 0; k < n; k++)
            eff_khz[k] = e;
        return;
    }
    for (uint32_t k = 0; k < n; k++)
        eff_khz[k] = topo_turbo_clamp(v->plat, req_at(v, first + k), cores);
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
