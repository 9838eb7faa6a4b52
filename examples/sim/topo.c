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
 */
#include "run.h"

uint32_t topo_smt(const struct sim_ctx *c)
{
    return c->plat->smt > 1 ? c->plat->smt : 1;
}

struct sim_cpu *topo_sibling(struct sim_ctx *c, const struct sim_cpu *p)
{
    if (topo_smt(c) < 2)
        return NULL;
    uint32_t s = p->id ^ 1u;
    return s < c->ncpu ? &c->cpu[s] : NULL;
}

void topo_package_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n)
{
    uint32_t per = c->plat->cores * topo_smt(c);
    if (!per)
        per = c->ncpu;
    *first = cpu / per * per;
    *n = *first + per <= c->ncpu ? per : c->ncpu - *first;
}

uint32_t topo_active_cores(const struct sim_ctx *c, uint32_t cpu)
{
    uint32_t smt = topo_smt(c), n = 0, first, np;
    topo_package_of(c, cpu, &first, &np);
    for (uint32_t core = first; core < first + np; core += smt) {
        bool on = false;
        for (uint32_t t = 0; t < smt && core + t < first + np; t++)
            on |= c->cpu[core + t].c0;
        n += on;
    }
    return n;
}

void topo_domain_of(const struct sim_ctx *c, uint32_t cpu, uint32_t *first, uint32_t *n)
{
    uint32_t smt = topo_smt(c);
    if (c->plat->pstate_domain == DOM_PACKAGE) {
        topo_package_of(c, cpu, first, n);
    } else {
        *first = cpu / smt * smt;
        *n = *first + smt <= c->ncpu ? smt : c->ncpu - *first;
    }
}

uint32_t topo_domain_request(const struct sim_ctx *c, const struct sim_cpu *p)
{
    uint32_t first, n, k = 0;
    bool any = false;
    topo_domain_of(c, p->id, &first, &n);
    for (uint32_t i = first; i < first + n; i++) {
        const struct sim_cpu *q = &c->cpu[i];
        if (!q->c0)
            continue;
        any = true;
        if (q->req_khz > k)
            k = q->req_khz;
    }
    return any ? k : p->req_khz; /* an idle domain: what the CPU would get on waking */
}

uint32_t topo_share_pm(struct sim_ctx *c, const struct sim_cpu *p)
{
    const struct sim_cpu *s = topo_sibling(c, p);
    if (!s || !s->c0 || !p->c0)
        return 1000;
    return c->plat->smt_share_pm ? c->plat->smt_share_pm : 1000;
}
