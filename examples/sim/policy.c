/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Policy glue: the simulated hardware behind libpgov's hw.h vtable, and one
 * governor instance per CPU driven by the scheduler hooks and timers.
 *
 * The governors' code is libpgov's, unchanged; this file only routes calls:
 * the scheduler's utilization hook (enqueue, dequeue, tick; IOWAIT flag on
 * iowait wake-ups) goes to *_update() (schedutil first gets the CPU's
 * utilization with pgov_sugov_set_util()), timer-driven profiles get *_timer()
 * from a deferrable per-CPU timer, and every counter read or frequency
 * request goes through the vtable below into machine.c.
 */
#include <stdlib.h>
#include <string.h>

#include "model/governor.h"
#include "machine.h"
#include "place.h"
#include "policy.h"
#include "sched.h"
#include "signals.h"

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
    mdl_hw_limits(c->plat, out);
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
    /* pcc-cpufreq's firmware call, or a table driver's P-state */
    khz = c->plat->freq_driver == DRV_PCC ? mach_pcc_request(c, p, khz) : mdl_table_khz(c->plat, khz);
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

struct sim_policy_state {
    struct pgov_hw_ops ops;
    struct pgov_pstate_shared shared;           /* RFC "all CPUs" variant */
    struct pgov_freq_entry table[MDL_TABLE_MAX]; /* acpi-cpufreq style table */
    uint32_t table_len;
    bool timer_driven;
};

bool sim_policy_available(uint32_t gov)
{
    return gov >= GOV_PERFORMANCE && gov <= GOV_CONSERVATIVE;
}

static void *aligned_mem(struct sim_cpu *p, size_t n)
{
    /* calloc returns memory aligned for any fundamental type (>= 8 bytes). */
    p->gov_mem = calloc(1, n ? n : 1);
    return p->gov_mem;
}

static int fail(struct sim_ctx *c, const char *what, int e)
{
    sim_errf(c->err, c->sc->file, c->pol->line, "policy '%s' (%s): %s failed: %s", c->pol->label,
             c->pol->text, what, pgov_strerror(e));
    return -1;
}

static int init_pstate(struct sim_ctx *c)
{
    struct sim_policy_state *ps = c->ps;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *p = &c->cpu[i];
        struct pgov_pstate_config cfg;
        mdl_pstate_config(c->pol, c->plat, i, c->tick_ns, &cfg);
        if (c->pol->gov == GOV_HWP) {
            p->hwp_req = cfg.limits.hwp_request;
            cfg.limits.hwp_cap = p->hwp_cap;
        }
        void *mem = aligned_mem(p, pgov_pstate_size());
        struct pgov_pstate *g = NULL;
        if (!mem)
            return fail(c, "allocation", PGOV_ENOSPC);
        int e = pgov_pstate_init(mem, pgov_pstate_size(), &cfg, &ps->ops, c, &g);
        if (e)
            return fail(c, "pgov_pstate_init", e);
        if (cfg.options & PGOV_PSTATE_OPT_RFC_IO_ALL)
            pgov_pstate_attach_shared(g, &ps->shared);
        p->gov = g;
        struct pgov_pstate_status st;
        pgov_pstate_get_status(g, &st);
        if (st.profile == PGOV_PSTATE_PROF_PID_4_5 || st.profile == PGOV_PSTATE_PROF_ATOM_4_5) {
            /* The kernel arms the deferrable sampling timer at CPU init. */
            ps->timer_driven = true;
            p->timer_gen++;
            sim_heap_push(&c->heap, c->now + PGOV_PSTATE_DEFAULT_SAMPLE_NS, EV_GOV_TIMER, i,
                          p->timer_gen);
        }
    }
    return 0;
}

static int init_dbs(struct sim_ctx *c)
{
    struct sim_policy_state *ps = c->ps;
    const struct sim_platform *pl = c->plat;
    if (pl->freq_driver == DRV_TABLE)
        ps->table_len = mdl_dbs_table(pl, ps->table);
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *p = &c->cpu[i];
        struct pgov_dbs_config cfg;
        mdl_dbs_config(c->pol, i, &cfg);
        mdl_dbs_platform(pl, c->sc->hz, ps->table, ps->table_len, &cfg);
        size_t n = pgov_dbs_size_cpus(1);
        void *mem = aligned_mem(p, n);
        struct pgov_dbs *g = NULL;
        if (!mem)
            return fail(c, "allocation", PGOV_ENOSPC);
        int e = pgov_dbs_init(mem, n, &cfg, &ps->ops, c, &g);
        if (e)
            return fail(c, "pgov_dbs_init", e);
        p->gov = g;
    }
    return 0;
}

static int init_sugov(struct sim_ctx *c)
{
    struct sim_policy_state *ps = c->ps;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *p = &c->cpu[i];
        struct pgov_sugov_config cfg;
        mdl_sugov_config(c->pol, c->plat, i, c->tick_ns, &cfg);
        void *mem = aligned_mem(p, pgov_sugov_size());
        struct pgov_sugov *g = NULL;
        if (!mem)
            return fail(c, "allocation", PGOV_ENOSPC);
        int e = pgov_sugov_init(mem, pgov_sugov_size(), &cfg, &ps->ops, c, &g);
        if (e)
            return fail(c, "pgov_sugov_init", e);
        p->gov = g;
    }
    return 0;
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
    case GOV_INTEL_PSTATE:
    case GOV_HWP:
        return init_pstate(c);
    case GOV_ONDEMAND:
    case GOV_CONSERVATIVE:
        return init_dbs(c);
    case GOV_SCHEDUTIL:
        return init_sugov(c);
    default:
        sim_errf(c->err, c->sc->file, 0, "policy '%s': unknown governor", ps->label);
        return -1;
    }
}

/* The simulated HWP hardware: it picks a ratio inside the HWP_REQUEST
 * window in proportion to the C0 share of the last tick, re-evaluated at
 * every hook (an assumption: real HWP firmware is undocumented). */
static void hwp_hardware(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    uint32_t lo = (uint32_t)(p->hwp_req & 0xff), hi = (uint32_t)((p->hwp_req >> 8) & 0xff);
    double share = p->hwp_win_c0 / (double)c->tick_ns;
    if (share > 1)
        share = 1;
    if (hi < lo)
        hi = lo;
    uint32_t r = lo + (uint32_t)((hi - lo) * share + 0.5);
    p->hwp_win_c0 = 0;
    mach_request_khz(c, p, r * c->plat->scaling_khz, t);
}

static void check(struct sim_ctx *c, const char *what, int e)
{
    if (e < 0 && !c->fail) {
        fail(c, what, e);
        c->fail = 3;
    }
}

/* pgov-sim's own rules by release (kbounds.h: KB_MOD_SIM): wake_affine,
 * remote callbacks and the util_est call order. */
uint64_t sim_rules_key(uint32_t kv)
{
    return 1u + (place_wake_rule_kv(kv) | (uint64_t)mdl_remote_kv(kv) << 8 |
                 (uint64_t)sig_ue_post_update_kv(kv) << 9);
}

void pol_hook(struct sim_ctx *c, struct sim_cpu *p, uint64_t t, uint32_t flags)
{
    uint32_t f = flags & SIM_HOOK_IOWAIT ? PGOV_UPDATE_IOWAIT : 0;
    if (t < p->gov_work_until)
        return; /* its last evaluation's driver call is still queued: one at a time */
    if (flags & SIM_HOOK_REMOTE) {
        /* Not called before 4.14; from 4.14 the governor gets it and keeps
         * to its own rule (intel_pstate and HWP in libpgov's profiles).
         * ondemand and conservative drop it: cpufreq's own-CPU check, as
         * x86 drivers do not allow frequency changes from any CPU. */
        if (!mdl_remote_kv(c->pol->kver) || c->pol->gov == GOV_ONDEMAND ||
            c->pol->gov == GOV_CONSERVATIVE)
            return;
        f |= PGOV_UPDATE_REMOTE;
    }
    switch (c->pol->gov) {
    case GOV_INTEL_PSTATE:
        check(c, "pgov_pstate_update", pgov_pstate_update(p->gov, t, f));
        break;
    case GOV_HWP:
        check(c, "pgov_pstate_update", pgov_pstate_update(p->gov, t, f));
        if (!(f & PGOV_UPDATE_REMOTE))
            hwp_hardware(c, p, t);
        break;
    case GOV_ONDEMAND:
    case GOV_CONSERVATIVE:
        check(c, "pgov_dbs_update", pgov_dbs_update(p->gov, t, f));
        break;
    case GOV_SCHEDUTIL:
        check(c, "pgov_sugov_set_util", pgov_sugov_set_util(p->gov, sig_cpu_util(c, p)));
        check(c, "pgov_sugov_update", pgov_sugov_update(p->gov, t, f));
        break;
    default:
        break;
    }
}

void pol_timer(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    uint64_t next = UINT64_MAX;
    if (c->pol->gov != GOV_INTEL_PSTATE)
        return;
    check(c, "pgov_pstate_timer", pgov_pstate_timer(p->gov, t, &next));
    if (next != UINT64_MAX) {
        p->timer_gen++;
        sim_heap_push(&c->heap, next > t ? next : t + 1, EV_GOV_TIMER, p->id, p->timer_gen);
    }
}

void pol_free(struct sim_ctx *c)
{
    if (!c->ps)
        return;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        free(c->cpu[i].gov_mem);
        c->cpu[i].gov_mem = NULL;
        c->cpu[i].gov = NULL;
    }
    free(c->ps);
    c->ps = NULL;
}
