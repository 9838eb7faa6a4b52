/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hardware's P-state rule and topology (pstate_rule.c), on plain
 * per-CPU records so that pgov-sim's machine and pgov-trace govern apply
 * the same one: logical CPU i is in C0 when *(c0 + i * stride) and
 * requests *(req_khz + i * stride) (both tools keep these in an array of
 * per-CPU structs; stride is its element size).
 */
#ifndef PGOV_MODEL_PSTATE_RULE_H
#define PGOV_MODEL_PSTATE_RULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/platform.h"

struct topo_view {
    const struct sim_platform *plat;
    uint32_t ncpu;
    const bool *c0;
    const uint32_t *req_khz;
    size_t stride;
};

/* Hardware threads per core (1 when the platform has no SMT). */
uint32_t topo_plat_smt(const struct sim_platform *pl);
/* The other thread of @cpu's core (threads 2k and 2k + 1 share one), or
 * UINT32_MAX without SMT or when it is past @ncpu. */
uint32_t topo_plat_sibling(const struct sim_platform *pl, uint32_t ncpu, uint32_t cpu);
/* The CPUs of @cpu's package: [*first, *first + *n). */
void topo_view_package(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n);
/* The CPUs sharing @cpu's P-state (its core's threads, or its package). */
void topo_view_domain(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n);
/* Cores of @cpu's package with a thread in C0 (what its turbo bins count). */
uint32_t topo_view_active_cores(const struct topo_view *v, uint32_t cpu);
/* CPU @i's C0 state and request in @v. */
static inline bool topo_view_c0(const struct topo_view *v, uint32_t i)
{
    return *(const bool *)(const void *)((const char *)v->c0 + (size_t)i * v->stride);
}

static inline uint32_t topo_view_req(const struct topo_view *v, uint32_t i)
{
    return *(const uint32_t *)(const void *)((const char *)v->req_khz + (size_t)i * v->stride);
}

/* @khz within [min ratio, the turbo bin for @active_cores] (0 counts as 1).
 * Inline, with topo_view_range_eff: pgov-sim applies the rule at every C0
 * change, and pgov_model is not link-time optimised. */
static inline uint32_t topo_turbo_clamp(const struct sim_platform *pl, uint32_t khz,
                                        uint32_t active_cores)
{
    uint32_t i = active_cores ? active_cores - 1 : 0;
    if (i >= pl->n_bins)
        i = pl->n_bins - 1;
    uint32_t lim = pl->turbo_bins[i] * pl->scaling_khz;
    uint32_t lo = pl->min_ratio * pl->scaling_khz;
    uint32_t k = khz < lim ? khz : lim;
    return k < lo ? lo : k;
}
/* The running frequency of every CPU of @cpu's domain, [*first, *first +
 * *n): member *first + k runs at eff_khz[k] (room for the domain's CPUs).
 * A domain with a CPU in C0 runs at the highest request of its CPUs in C0
 * (an idle CPU does not vote); an idle domain's CPUs each keep their own
 * (what they would get on waking); then the package's turbo bin caps it. */
void topo_view_domain_eff(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n,
                          uint32_t *eff_khz);
/* The same, with the package's active cores (topo_view_active_cores)
 * already counted: a caller retuning every domain of a package counts once. */
void topo_view_domain_eff_cores(const struct topo_view *v, uint32_t cpu, uint32_t cores,
                                uint32_t *first, uint32_t *n, uint32_t *eff_khz);
/* The same on a domain the caller already knows, [first, first + n) (as
 * topo_view_domain gives it): pgov-sim looks its domains up once per run. */
static inline void topo_view_range_eff(const struct topo_view *v, uint32_t first, uint32_t n,
                                       uint32_t cores, uint32_t *eff_khz)
{
    uint32_t req = 0;
    bool any = false;
    for (uint32_t j = first; j < first + n; j++)
        if (topo_view_c0(v, j)) {
            uint32_t r = topo_view_req(v, j);
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
        eff_khz[k] = topo_turbo_clamp(v->plat, topo_view_req(v, first + k), cores);
}

#endif
