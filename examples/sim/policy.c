/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Policy glue: the simulated hardware behind libpgov's hw.h vtable, and one
 * governor instance per CPU driven by the scheduler hooks and timers.
 *
 * The governors' code is libpgov's, unchanged; this file only routes calls:
 * the scheduler's utilization hook (enqueue, dequeue, tick; IOWAIT flag on
 * iowait wake-ups) goes to *_update(), timer-driven profiles get *_timer()
 * from a deferrable per-CPU timer, and every counter read or frequency
 * request goes through the vtable below into machine.c.
 */
#include <stdlib.h>
#include <string.h>

#include <pgov/pgov.h>

#include "run.h"

struct sim_policy_state {
    struct pgov_hw_ops ops;
};

/* ------------------------------------------------------------------ the HAL */

static int hw_clock(void *ctx, uint64_t *now)
{
    *now = ((struct sim_ctx *)ctx)->now;
    return 0;
}

static int hw_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    struct sim_ctx *c = ctx;
    if (cpu >= c->ncpu)
        return PGOV_EINVAL;
    struct sim_cpu *p = &c->cpu[cpu];
    mach_fold(c, p, c->now);
    out->aperf = p->aperf;
    out->mperf = p->mperf;
    out->tsc = mach_tsc(c, c->now);
    return 0;
}

static int hw_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    struct sim_ctx *c = ctx;
    if (cpu >= c->ncpu)
        return PGOV_EINVAL;
    out->min_pstate = c->plat->min_ratio;
    out->max_pstate = c->plat->max_ratio;
    out->max_pstate_physical = c->plat->max_ratio;
    out->turbo_pstate = c->plat->turbo_ratio;
    out->scaling_khz = c->plat->scaling_khz;
    out->flags = 0;
    return 0;
}

static int hw_set_pstate(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t perf_ctl)
{
    struct sim_ctx *c = ctx;
    (void)perf_ctl;
    if (cpu >= c->ncpu)
        return PGOV_EINVAL;
    mach_request_khz(c, &c->cpu[cpu], pstate * c->plat->scaling_khz, c->now);
    return 0;
}

static int hw_set_hwp(void *ctx, uint32_t cpu, uint64_t req)
{
    struct sim_ctx *c = ctx;
    if (cpu >= c->ncpu)
        return PGOV_EINVAL;
    c->cpu[cpu].hwp_req = req;
    return 0;
}

static int hw_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct sim_ctx *c = ctx;
    if (cpu >= c->ncpu)
        return PGOV_EINVAL;
    struct sim_cpu *p = &c->cpu[cpu];
    sched_idle_fold(c, p, c->now);
    out->wall_us = c->now / 1000u;
    out->idle_us = p->idle_ns / 1000u;
    out->iowait_us = p->iowait_ns / 1000u;
    out->nice_ns = 0;
    return 0;
}

static int hw_set_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct sim_ctx *c = ctx;
    if (cpu >= c->ncpu)
        return PGOV_EINVAL;
    struct sim_cpu *p = &c->cpu[cpu];
    if (c->plat->freq_driver == DRV_PCC) {
        /*
         * pcc-cpufreq: every request is a firmware call through one shared
         * channel. The requesting CPU spins until the channel is free and the
         * call has completed; the firmware grants whole percent of nominal.
         */
        uint64_t start = c->pcc_busy_until > c->now ? c->pcc_busy_until : c->now;
        uint64_t end = start + c->plat->pcc_call_ns;
        uint32_t nominal = c->plat->max_ratio * c->plat->scaling_khz;
        uint32_t pct = (uint32_t)((uint64_t)khz * 100u / nominal);
        c->pcc_busy_until = end;
        sched_stall(c, p, end);
        khz = (uint32_t)((uint64_t)nominal * pct / 100u);
    }
    mach_request_khz(c, p, khz, c->now);
    return 0;
}

static void fill_ops(struct pgov_hw_ops *ops)
{
    memset(ops, 0, sizeof(*ops));
    ops->size = sizeof(*ops);
    ops->clock_ns = hw_clock;
    ops->read_counters = hw_counters;
    ops->get_limits = hw_limits;
    ops->set_pstate = hw_set_pstate;
    ops->set_hwp_request = hw_set_hwp;
    ops->read_idle = hw_idle;
    ops->set_freq_khz = hw_set_freq;
}

/* ------------------------------------------------------------------ dispatch */

bool sim_policy_available(uint32_t gov)
{
    switch (gov) {
    case GOV_PERFORMANCE:
    case GOV_POWERSAVE:
        return true;
    default:
        return false;
    }
}

int pol_init(struct sim_ctx *c)
{
    const struct sim_policy_spec *ps = c->pol;
    c->ps = calloc(1, sizeof(*c->ps));
    if (!c->ps) {
        sim_errf(c->err, NULL, 0, "out of memory");
        return -1;
    }
    fill_ops(&c->ps->ops);
    switch (ps->gov) {
    case GOV_PERFORMANCE:
    case GOV_POWERSAVE:
        for (uint32_t i = 0; i < c->ncpu; i++) {
            uint32_t r = ps->gov == GOV_PERFORMANCE ? c->plat->turbo_ratio : c->plat->min_ratio;
            hw_set_pstate(c, i, r, (uint64_t)r << 8);
        }
        return 0;
    default:
        sim_errf(c->err, c->sc->file, 0, "policy '%s': governor %s is not in this libpgov build",
                 ps->label, sim_gov_name(ps->gov));
        return -1;
    }
}

void pol_hook(struct sim_ctx *c, struct sim_cpu *p, uint64_t t, uint32_t flags)
{
    (void)c;
    (void)p;
    (void)t;
    (void)flags;
}

void pol_timer(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    (void)c;
    (void)p;
    (void)t;
}

void pol_free(struct sim_ctx *c)
{
    if (!c->ps)
        return;
    for (uint32_t i = 0; i < c->ncpu; i++)
        free(c->cpu[i].gov_mem);
    free(c->ps);
    c->ps = NULL;
}
