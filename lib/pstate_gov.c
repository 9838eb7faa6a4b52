/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-CPU intel_pstate governor instance: drives the decision layer of
 * lib/pstate.c and lib/hwp.c through the hw.h vtable. State lives in caller
 * storage; a HAL error leaves the instance as it was before the call.
 */
#include <pgov/pstate.h>
#include <pgov/hwp.h>

#include "internal/compiler.h"
#include "internal/hwp_impl.h"
#include "internal/math64.h"
#include "internal/pstate_impl.h"

#define PSTATE_MAGIC 0x70737467u /* "pstg" */

struct pgov_pstate {
    /* Hot fields first: the skipped hook touches only these. */
    struct pgov_pstate_state st;
    struct pgov_pstate_params prm;
    uint32_t fast; /* hook profile, no boost, no options: plain interval check */
    uint32_t magic;
    struct pgov_pstate_bounds b;
    struct pgov_hw_limits plat;
    struct pgov_pstate_limits lim; /* with zeros mapped to defaults */
    struct pgov_hwp_boost_state hst;
    struct pgov_hwp_boost_params hprm;
    struct pgov_pstate_shared *shared;
    uint64_t samples;
    uint32_t cpu;
    uint32_t last_path;
    uint32_t timer;
    uint32_t hwp;
    struct pgov_hw hw;
};

size_t pgov_pstate_size(void)
{
    return sizeof(struct pgov_pstate);
}

static void refresh_fast(struct pgov_pstate *g)
{
    g->fast = !g->timer && !g->hwp && !g->prm.options && g->st.iowait_boost == 0;
}

/* Validate @lim and map its zeros to the defaults for platform @plat. */
static int effective_limits(const struct pgov_pstate *g, const struct pgov_hw_limits *plat,
                            const struct pgov_pstate_limits *lim, struct pgov_pstate_limits *eff,
                            struct pgov_pstate_bounds *b, struct pgov_hwp_boost_params *hprm)
{
    struct pgov_pstate_limits e = {0};
    struct pgov_hwp_boost_params h = g->hprm;
    int rc;

    if (lim && lim->size != 0) {
        rc = pstate_check_size(lim, lim->size, sizeof(*lim));
        if (rc)
            return rc;
        e = *lim;
    }
    e.size = sizeof(e);
    if (e.max_perf_fp == 0)
        e.max_perf_fp = 256;
    if (e.max_ratio == 0) {
        /* Default: the turbo ratio, or max non-turbo when turbo is off. */
        int off = e.no_turbo || (plat->flags & PGOV_HW_LIM_TURBO_DISABLED);
        e.max_ratio = off ? plat->max_pstate : plat->turbo_pstate;
    }
    rc = pgov_pstate_bounds_init(&g->prm, plat, &e, b);
    if (rc)
        return rc;
    if (g->hwp) {
        uint64_t req = e.hwp_request, cap = e.hwp_cap;
        if (req == 0)
            req = ((uint64_t)plat->turbo_pstate << 8) | plat->min_pstate;
        if (cap == 0)
            cap = (uint64_t)plat->max_pstate << 8;
        if ((req & 0xff) == 0 || (req & 0xff00) == 0 || (cap & 0xff00) == 0)
            return PGOV_EINVAL;
        h.hwp_request = req;
        h.hwp_cap = cap;
        b->lo = (uint32_t)req & 0xffu;
        b->hi = (uint32_t)(req >> 8) & 0xffu;
    }
    *eff = e;
    *hprm = h;
    return PGOV_OK;
}

int pgov_pstate_init(void *mem, size_t len, const struct pgov_pstate_config *cfg,
                     const struct pgov_hw_ops *ops, void *ctx, struct pgov_pstate **out)
{
    struct pgov_pstate *g = mem;
    struct pgov_pstate_params prm;
    uint32_t need;
    int rc;

    if (!mem || !cfg || !ops || !out)
        return PGOV_EFAULT;
    if (len < sizeof(*g))
        return PGOV_ENOSPC;
    if (((uintptr_t)mem & (PGOV_PSTATE_ALIGN - 1)) != 0)
        return PGOV_EINVAL;
    rc = pgov_pstate_params_init(&prm, cfg);
    if (rc)
        return rc;

    *g = (struct pgov_pstate){0};
    g->prm = prm;
    g->cpu = cfg->cpu;
    g->timer = (uint32_t)pstate_prof_timer(prm.profile);
    g->hwp = prm.profile == PGOV_PSTATE_PROF_HWP_BOOST_6_19;
    need = PGOV_HW_NEED_LIMITS;
    need |= g->hwp ? PGOV_HW_NEED_HWP : PGOV_HW_NEED_COUNTERS | PGOV_HW_NEED_PSTATE;
    if (g->timer)
        need |= PGOV_HW_NEED_CLOCK;
    if (prm.profile == PGOV_PSTATE_PROF_ATOM_4_5 || prm.profile == PGOV_PSTATE_PROF_ATOM_4_6)
        need |= PGOV_HW_NEED_IDLE;
    rc = pgov_hw_bind(&g->hw, ops, ctx, need);
    if (rc)
        return rc;
    rc = g->hw.ops.get_limits(g->hw.ctx, g->cpu, &g->plat);
    if (rc)
        return rc;
    rc = pgov_hw_limits_check(&g->plat);
    if (rc)
        return rc;
    g->hprm.hold_ns = prm.hold_ns;
    g->hprm.tick_ns = prm.tick_ns;
    rc = effective_limits(g, &g->plat, &cfg->limits, &g->lim, &g->b, &g->hprm);
    if (rc)
        return rc;
    rc = pgov_pstate_state_reset(&g->st, &g->prm, &g->plat);
    if (rc)
        return rc;

    if (!g->hwp) {
        /* CPU init requests the minimum P-state, without limit clamping. */
        uint64_t ctl = ((uint64_t)g->plat.min_pstate << 8) | ((uint64_t)g->b.ctl_turbo << 32);
        rc = g->hw.ops.set_pstate(g->hw.ctx, g->cpu, g->plat.min_pstate, ctl);
        if (rc)
            return rc;
    }
    if (g->timer) {
        /* v4.5 takes one sample at init, with all previous values zero. */
        struct pgov_pstate_input in = {0};
        struct pgov_pstate_result res;
        struct pgov_hw_counters c;
        struct pgov_hw_idle idle = {0};
        rc = g->hw.ops.clock_ns(g->hw.ctx, &in.now_ns);
        if (rc)
            return rc;
        rc = g->hw.ops.read_counters(g->hw.ctx, g->cpu, &c);
        if (rc)
            return rc;
        if (prm.profile == PGOV_PSTATE_PROF_ATOM_4_5) {
            rc = g->hw.ops.read_idle(g->hw.ctx, g->cpu, &idle);
            if (rc)
                return rc;
        }
        in.aperf = c.aperf;
        in.mperf = c.mperf;
        in.tsc = c.tsc;
        in.iowait_us = idle.iowait_us;
        in.event = PGOV_PSTATE_EV_INIT;
        rc = pgov_pstate_decide(&g->prm, &g->plat, &g->b, &g->st, &in, &res);
        if (rc)
            return rc;
        g->last_path = res.path;
    }
    refresh_fast(g);
    g->magic = PSTATE_MAGIC;
    *out = g;
    return PGOV_OK;
}

static void trace(struct pgov_pstate *g, uint64_t now, uint32_t kind, int64_t a, int64_t b)
{
    if (g->hw.ops.trace) {
        struct pgov_hw_trace ev = {now, g->cpu, kind, a, b};
        g->hw.ops.trace(g->hw.ctx, &ev);
    }
}

/* Sample (counters via the HAL), decide, write; all on a copy of the state. */
static int sample_and_apply(struct pgov_pstate *g, struct pgov_pstate_state *tmp,
                            struct pgov_pstate_input *in, int immediate)
{
    struct pgov_pstate_result res;
    struct pgov_hw_counters c;
    int rc;

    res.have = 0;
    res.write = 0;
    rc = g->hw.ops.read_counters(g->hw.ctx, g->cpu, &c);
    if (pgov_unlikely(rc))
        return rc;
    in->aperf = c.aperf;
    in->mperf = c.mperf;
    in->tsc = c.tsc;
    if (pgov_unlikely(g->prm.profile == PGOV_PSTATE_PROF_ATOM_4_5 ||
                      g->prm.profile == PGOV_PSTATE_PROF_ATOM_4_6)) {
        struct pgov_hw_idle idle;
        rc = g->hw.ops.read_idle(g->hw.ctx, g->cpu, &idle);
        if (rc)
            return rc;
        in->iowait_us = idle.iowait_us;
    }
    if (g->timer) {
        in->event = PGOV_PSTATE_EV_TIMER;
        rc = pstate_decide_fast(&g->prm, &g->plat, &g->b, tmp, in, &res);
    } else {
        rc = pstate_hook_sample(&g->prm, &g->plat, &g->b, tmp, in, immediate, &res);
    }
    if (pgov_unlikely(rc))
        return rc;
    if (res.write) {
        rc = g->hw.ops.set_pstate(g->hw.ctx, g->cpu, res.pstate, res.perf_ctl);
        if (pgov_unlikely(rc))
            return rc;
    }
    g->st = *tmp;
    g->last_path = res.path;
    if (res.have & PGOV_PSTATE_HAVE_DECIDE) {
        g->samples++;
        if (pgov_unlikely(g->hw.ops.trace != NULL)) {
            trace(g, in->now_ns, PGOV_HW_TRACE_SAMPLE, tmp->busy_scaled, 0);
            trace(g, in->now_ns, PGOV_HW_TRACE_TARGET, res.target_raw, res.pstate);
        }
    }
    return PGOV_OK;
}

static int update_hwp(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    struct pgov_hwp_boost_state h = g->hst;
    struct pgov_hwp_boost_result res;
    int rc;

    (void)hwp_boost_step(&g->hprm, &h, now, flags, &res);
    if (res.write) {
        rc = g->hw.ops.set_hwp_request(g->hw.ctx, g->cpu, res.hwp_request);
        if (rc)
            return rc;
        trace(g, now, PGOV_HW_TRACE_BOOST, g->hst.boost_min, h.boost_min);
    }
    g->hst = h;
    g->last_path = res.path;
    return PGOV_OK;
}

static int update_slow(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    struct pgov_pstate_state tmp;
    struct pgov_pstate_input in;
    struct pgov_pstate_result res;
    int rc;

    if (g->magic != PSTATE_MAGIC)
        return PGOV_EINVAL;
    if (g->hwp)
        return update_hwp(g, now, flags);
    if (flags & PGOV_UPDATE_REMOTE) {
        g->last_path = PGOV_PSTATE_PATH_REMOTE;
        return PGOV_OK;
    }
    if (g->timer)
        return PGOV_OK; /* v4.5 has no hook: the timer drives it */

    if (pgov_unlikely(g->prm.options & PGOV_PSTATE_OPT_RFC_IO_ALL) && g->shared) {
        struct pgov_pstate_shared *sh = g->shared;
        if (sh->seen && now - sh->last_io_ns <= g->prm.tick_ns)
            flags |= PSTATE_IN_SYSBOOST;
    }
    tmp = g->st;
    rc = pstate_hook_pre(&g->prm, &tmp, now, flags, &res);
    if (rc == 0) {
        g->st = tmp; /* boost bookkeeping only: nothing can fail */
        g->last_path = res.path;
    } else {
        in.now_ns = now;
        in.iowait_us = 0;
        in.flags = flags;
        rc = sample_and_apply(g, &tmp, &in, rc == 2);
        if (rc)
            return rc;
    }
    if ((flags & PGOV_UPDATE_IOWAIT) && (g->prm.options & PGOV_PSTATE_OPT_RFC_IO_ALL) &&
        g->shared) {
        g->shared->last_io_ns = now;
        g->shared->seen = 1;
    }
    refresh_fast(g);
    return PGOV_OK;
}

int pgov_pstate_update(struct pgov_pstate *g, uint64_t now_ns, uint32_t flags)
{
    if (pgov_unlikely(!g))
        return PGOV_EFAULT;
    if (pgov_unlikely(flags & ~PGOV_UPDATE_ALL))
        return PGOV_EINVAL;
    /* Inside the sampling interval with nothing else to do: the hot path. */
    if (pgov_likely(g->fast && !flags)) {
        g->st.last_update_ns = now_ns;
        if (pgov_u64_to_s64(now_ns - g->st.time_ns) < pgov_u64_to_s64(g->prm.sample_ns)) {
            g->last_path = PGOV_PSTATE_PATH_SKIP;
            return PGOV_OK;
        }
    }
    return update_slow(g, now_ns, flags);
}

int pgov_pstate_timer(struct pgov_pstate *g, uint64_t now_ns, uint64_t *next_ns)
{
    struct pgov_pstate_state tmp;
    struct pgov_pstate_input in = {0};
    int rc;

    if (!g || !next_ns)
        return PGOV_EFAULT;
    if (g->magic != PSTATE_MAGIC)
        return PGOV_EINVAL;
    if (!g->timer) {
        *next_ns = UINT64_MAX;
        return PGOV_OK;
    }
    tmp = g->st;
    in.now_ns = now_ns;
    rc = sample_and_apply(g, &tmp, &in, 0);
    if (rc)
        return rc;
    *next_ns = now_ns + g->prm.sample_ns;
    return PGOV_OK;
}

int pgov_pstate_set_limits(struct pgov_pstate *g, const struct pgov_pstate_limits *lim)
{
    struct pgov_pstate_limits eff;
    struct pgov_pstate_bounds b;
    struct pgov_hwp_boost_params h;
    struct pgov_hw_limits plat;
    int rc;

    if (!g || !lim)
        return PGOV_EFAULT;
    if (g->magic != PSTATE_MAGIC)
        return PGOV_EINVAL;
    if (lim->size == 0)
        return PGOV_E2BIG;
    rc = g->hw.ops.get_limits(g->hw.ctx, g->cpu, &plat);
    if (rc)
        return rc;
    rc = pgov_hw_limits_check(&plat);
    if (rc)
        return rc;
    rc = effective_limits(g, &plat, lim, &eff, &b, &h);
    if (rc)
        return rc;
    if (g->hwp) {
        /* The new request replaces any boost, as a limits write does. */
        rc = g->hw.ops.set_hwp_request(g->hw.ctx, g->cpu, h.hwp_request);
        if (rc)
            return rc;
        g->hst.boost_min = 0;
    }
    g->plat = plat;
    g->lim = eff;
    g->b = b;
    g->hprm = h;
    trace(g, 0, PGOV_HW_TRACE_LIMITS, b.lo, b.hi);
    return PGOV_OK;
}

int pgov_pstate_attach_shared(struct pgov_pstate *g, struct pgov_pstate_shared *shared)
{
    if (!g)
        return PGOV_EFAULT;
    if (g->magic != PSTATE_MAGIC)
        return PGOV_EINVAL;
    g->shared = shared;
    return PGOV_OK;
}

int pgov_pstate_get_status(const struct pgov_pstate *g, struct pgov_pstate_status *out)
{
    struct pgov_pstate_status s = {0};

    if (!g || !out)
        return PGOV_EFAULT;
    if (g->magic != PSTATE_MAGIC)
        return PGOV_EINVAL;
    s.profile = g->prm.profile;
    s.cpu = g->cpu;
    if (g->hwp) {
        s.pstate = g->hst.boost_min ? g->hst.boost_min : g->b.lo;
        s.boost = g->hst.boost_min;
    } else {
        s.pstate = g->st.pstate;
        s.boost = g->st.iowait_boost;
    }
    s.freq_khz = s.pstate * g->plat.scaling_khz;
    s.busy_scaled = g->st.busy_scaled;
    s.lo = g->b.lo;
    s.hi = g->b.hi;
    s.last_path = g->last_path;
    s.last_sample_ns = g->st.time_ns;
    s.samples = g->samples;
    *out = s;
    return PGOV_OK;
}
