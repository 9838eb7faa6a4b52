/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-CPU intel_pstate governor instance: drives the cores of
 * pgov/core/pstate.h and pgov/core/hwp.h through the hw.h vtable. State lives in caller
 * storage; a HAL error leaves the instance as it was before the call.
 *
 * The path of one scheduler hook: pgov_pstate_update() returns at once when
 * the sample interval has not passed, else switches on the profile to
 * hook_<profile>(), which calls hook_run() with that profile as a constant.
 * hook_run() runs the core: pgov_pstate_core_hook_pre()
 * (boost bookkeeping, "is a sample due"), the HAL reads, then
 * pgov_pstate_core_sample() (sample, decide), the P-state write, then
 * pgov_pstate_core_commit() (all in pgov/core/pstate.h). The v4.5
 * profiles are timer-driven (pgov_pstate_timer(), timer_apply()) and the
 * HWP boost profile runs update_hwp().
 */
/* The library implements the experimental variants (docs/abi.md). */
#define PGOV_EXPERIMENTAL 1
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/pstate.h"
#include "pgov/hwp.h"
#include "pgov/core/hwp.h"

#include "internal/compiler.h"
#include "internal/deps.h"
#include "internal/hal.h"
#include "pgov/core/math64.h"
#include "internal/pstate_impl.h"
#include "internal/sized.h"

/*
 * The valid mark: "pst" plus the profile, so pgov_pstate_update() checks the
 * mark and dispatches on the profile with one switch.
 */
#define PSTATE_MAGIC 0x70737400u /* "pst\0" */
#define PSTATE_KEY(prof) (PSTATE_MAGIC | (prof))

struct pgov_pstate {
    /* Hot fields first: the skipped hook reads only these two. */
    PGOV_ALIGN8 uint64_t next_ns; /* st.time_ns + sample interval: the skip filter */
    uint32_t slow_path; /* non-zero: timer/HWP profile, options, a boost or a trace callback */
    uint32_t key; /* PSTATE_KEY(profile) once initialised */
    struct pgov_pstate_state st;
    struct pgov_pstate_params params;
    struct pgov_pstate_bounds bounds;
    struct pgov_hw_limits plat;
    struct pgov_pstate_limits lim; /* with zeros mapped to defaults */
    struct pgov_hwp_boost_state hwp_state;
    struct pgov_hwp_boost_params hwp_params;
    uint64_t samples;
    uint32_t cpu;
    uint32_t last_path;
    uint32_t timer;
    uint32_t hwp;
    uint32_t timer_jiffies; /* v4.5: msecs_to_jiffies(sample interval) */
    /* The load target's headroom, pgov_pstate_core_headroom(&bounds), kept
     * with the bounds (inst_known()); the name is the layout's in
     * abi/libpgov.abi, which this word's use leaves unchanged. */
    uint32_t reserved;
    /* Pointers last: struct pgov_pstate_storage (pstate.h) mirrors this. */
    struct pgov_pstate_shared *shared;
    struct pgov_hw hw;
};
_Static_assert(sizeof(struct pgov_pstate) == sizeof(struct pgov_pstate_storage) &&
                   _Alignof(struct pgov_pstate_storage) >= PGOV_PSTATE_ALIGN,
               "struct pgov_pstate_storage (pstate.h) mirrors struct pgov_pstate");

/* Initialised (and not clobbered into another mark). */
static int pst_valid(const struct pgov_pstate *g)
{
    return g->key - PSTATE_KEY(PGOV_PSTATE_PROF_PID_4_5) <=
           PGOV_PSTATE_PROF_HWP_BOOST_6_19 - PGOV_PSTATE_PROF_PID_4_5;
}

size_t pgov_pstate_size(void)
{
    return sizeof(struct pgov_pstate);
}

/*
 * The skip filter. With no boost the load hooks' bookkeeping has no effect
 * on any decision (an IOWAIT sets the boost the same way whatever
 * last_update was), so a call inside the interval can return at once.
 * A trace callback (fixed once bound: a copy, or a table that outlives the
 * instance unchanged, hw.h) keeps it off too, so the quiet hook never
 * tests for one.
 */
static void refresh_fast(struct pgov_pstate *g)
{
    g->slow_path = g->timer || g->hwp || g->params.options || g->st.iowait_boost != 0 ||
                   pgov_hal_has_trace(&g->hw);
    g->next_ns = g->st.time_ns + g->params.sample_ns;
}

/* Validate @lim and map its zeros to the defaults for platform @plat. */
static int effective_limits(const struct pgov_pstate *g, const struct pgov_hw_limits *plat,
                            const struct pgov_pstate_limits *lim, struct pgov_pstate_limits *eff,
                            struct pgov_pstate_bounds *b, struct pgov_hwp_boost_params *hwp_params)
{
    struct pgov_pstate_limits e;
    struct pgov_hwp_boost_params h;
    int rc;

    PGOV_COPY(&h, &g->hwp_params);
    PGOV_ZERO(&e);
    /* Size 0 means "all defaults" only for an all-zero struct: fields set
     * with the size forgotten must not be ignored silently. */
    if (lim && lim->size == 0) {
        rc = pgov_sized_check(lim, (uint32_t)sizeof(*lim), 0, sizeof(lim->size));
        if (rc)
            return rc;
    }
    if (lim && lim->size != 0) {
        rc = pgov_sized_check(lim, lim->size, PGOV_PSTATE_LIMITS_SIZE_V1, sizeof(*lim));
        if (rc)
            return rc;
        PGOV_COPY(&e, lim);
    }
    e.size = sizeof(e);
    if (e.max_perf_fp == 0)
        e.max_perf_fp = 256;
    if (e.max_ratio == 0) {
        /* Default: the turbo ratio, or max non-turbo when turbo is off. */
        int off = e.no_turbo || (plat->flags & PGOV_HW_LIM_TURBO_DISABLED);
        e.max_ratio = off ? plat->max_pstate : plat->turbo_pstate;
    }
    rc = pgov_pstate_bounds_init(&g->params, plat, &e, b);
    if (rc)
        return rc;
    if (g->hwp) {
        uint64_t req = e.hwp_request, cap = e.hwp_cap;
        if (req == 0)
            req = ((uint64_t)plat->turbo_pstate << 8) | plat->min_pstate;
        if (cap == 0)
            cap = (uint64_t)plat->max_pstate << 8;
        /* The kernel never builds a request with min above max (its sysfs
         * stores keep min <= max), so such a request is refused here. */
        if ((req & 0xff) == 0 || (req & 0xff00) == 0 || (cap & 0xff00) == 0 ||
            (req & 0xff) > ((req >> 8) & 0xff))
            return PGOV_EINVAL;
        h.hwp_request = req;
        h.hwp_cap = cap;
        b->lo = (uint32_t)req & 0xffu;
        b->hi = (uint32_t)(req >> 8) & 0xffu;
    }
    PGOV_COPY(eff, &e);
    PGOV_COPY(hwp_params, &h);
    return PGOV_OK;
}

/*
 * The v4.5 timer is re-armed msecs_to_jiffies(sample_rate_ms) jiffies ahead,
 * which rounds up: 10 ms at HZ=250 is 3 jiffies = 12 ms. The kernel's
 * msecs_to_jiffies is ceil(ms * HZ / 1000) for every HZ; unknown HZ counts
 * whole ticks instead. At most 10 s * 100000 HZ = 10^6 jiffies.
 */
static uint64_t timer_jiffies(const struct pgov_pstate_params *prm, uint32_t hz)
{
    if (hz)
        return pgov_div_u64_u32(prm->sample_ns * hz + 999999999u, 1000000000u);
    return pgov_div_u64(prm->sample_ns + prm->tick_ns - 1u, prm->tick_ns);
}

int pgov_pstate_init(void *mem, size_t len, const struct pgov_pstate_config *cfg,
                     const struct pgov_hw_ops *ops, void *ctx, struct pgov_pstate **out)
{
    struct pgov_pstate *g = mem;
    struct pgov_pstate_params prm;
    uint32_t need;
    int rc;

    if (!mem || !cfg || !ops || !out)
        return PGOV_EINVAL;
    rc = pgov_storage_check(mem, len, sizeof(*g), PGOV_PSTATE_ALIGN);
    if (rc)
        return rc;
    rc = pgov_pstate_params_init(&prm, cfg);
    if (rc)
        return rc;

    /* Field by field (no memset on small cores); hw is filled by the bind. */
    g->next_ns = 0;
    g->slow_path = 1;
    g->key = 0;
    PGOV_ZERO(&g->st);
    PGOV_COPY(&g->params, &prm);
    PGOV_ZERO(&g->bounds);
    PGOV_ZERO(&g->plat);
    PGOV_ZERO(&g->lim);
    PGOV_ZERO(&g->hwp_state);
    PGOV_ZERO(&g->hwp_params);
    g->shared = NULL;
    g->samples = 0;
    g->last_path = 0;
    g->reserved = 0;
    g->timer_jiffies = (uint32_t)timer_jiffies(&prm, cfg->hz);
    g->cpu = cfg->cpu;
    g->timer = (uint32_t)pgov_pstate_core_prof_timer(prm.profile);
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
    rc = pgov_hal_read_limits(&g->hw, g->cpu, &g->plat);
    if (rc)
        return rc;
    g->hwp_params.hold_ns = prm.hold_ns;
    g->hwp_params.tick_ns = prm.tick_ns;
    rc = effective_limits(g, &g->plat, &cfg->limits, &g->lim, &g->bounds, &g->hwp_params);
    if (rc)
        return rc;
    g->reserved = (uint32_t)pgov_pstate_core_headroom(&g->bounds);
    rc = pgov_pstate_state_reset(&g->st, &g->params, &g->plat);
    if (rc)
        return rc;

    if (!g->hwp) {
        /* CPU init requests the minimum P-state, without limit clamping. */
        uint64_t ctl = ((uint64_t)g->plat.min_pstate << 8) | ((uint64_t)g->bounds.ctl_turbo << 32);
        rc = pgov_hal_rc(pgov_hal_set_pstate(&g->hw, g->cpu, g->plat.min_pstate, ctl));
        if (rc)
            return rc;
    }
    if (pgov_pstate_core_prof_timer(prm.profile)) {
        /* v4.5 takes one sample at init, with all previous values zero. */
        struct pgov_pstate_input in;
        struct pgov_pstate_result res;
        struct pgov_hw_counters c;
        struct pgov_hw_idle idle;
        idle.iowait_us = 0;
        in.flags = 0;
        rc = pgov_hal_rc(pgov_hal_clock_ns(&g->hw, &in.now_ns));
        if (rc)
            return rc;
        rc = pgov_hal_rc(pgov_hal_read_counters(&g->hw, g->cpu, &c));
        if (rc)
            return rc;
        if (prm.profile == PGOV_PSTATE_PROF_ATOM_4_5) {
            rc = pgov_hal_rc(pgov_hal_read_idle(&g->hw, g->cpu, &idle));
            if (rc)
                return rc;
        }
        in.aperf = c.aperf;
        in.mperf = c.mperf;
        in.tsc = c.tsc;
        in.iowait_us = idle.iowait_us;
        in.event = PGOV_PSTATE_EV_INIT;
        rc = pgov_pstate_decide(&g->params, &g->plat, &g->bounds, &g->st, &in, &res);
        if (rc)
            return rc;
        g->last_path = res.path;
    }
    refresh_fast(g);
    g->key = PSTATE_KEY(g->params.profile);
    *out = g;
    return PGOV_OK;
}

static void trace(const struct pgov_pstate *g, uint64_t now, uint32_t kind, int64_t a, int64_t b)
{
    pgov_hal_trace(&g->hw, now, g->cpu, kind, a, b);
}

/* Counters (and Atom iowait time) through the HAL. */
static int read_inputs(struct pgov_pstate *g, struct pgov_hw_counters *c, uint64_t *iowait_us)
{
    int rc = pgov_hal_rc(pgov_hal_read_counters(&g->hw, g->cpu, c));

    if (pgov_unlikely(rc))
        return rc;
    *iowait_us = 0;
    if (pgov_unlikely(pgov_pstate_core_prof_atom(g->params.profile))) {
        struct pgov_hw_idle idle;
        rc = pgov_hal_rc(pgov_hal_read_idle(&g->hw, g->cpu, &idle));
        if (rc)
            return rc;
        *iowait_us = idle.iowait_us;
    }
    return PGOV_OK;
}

static void trace_decision(struct pgov_pstate *g, uint64_t now)
{
    trace(g, now, PGOV_HW_TRACE_SAMPLE, g->st.busy_scaled, 0);
    trace(g, now, PGOV_HW_TRACE_TARGET, g->st.pstate, g->st.pstate);
}

/* v4.5 timer: decide on a copy, write, then commit (rare; simplicity wins). */
static int timer_apply(struct pgov_pstate *g, uint64_t now)
{
    struct pgov_pstate_state tmp;
    struct pgov_pstate_input in;
    struct pgov_pstate_result res;
    struct pgov_hw_counters c;
    int rc = read_inputs(g, &c, &in.iowait_us);

    if (rc)
        return rc;
    PGOV_COPY(&tmp, &g->st);
    in.aperf = c.aperf;
    in.mperf = c.mperf;
    in.tsc = c.tsc;
    in.now_ns = now;
    in.flags = 0;
    in.event = PGOV_PSTATE_EV_TIMER;
    rc = pgov_pstate_decide_unchecked(&g->params, &g->plat, &g->bounds, &tmp, &in, &res);
    if (rc)
        return rc;
    if (res.write) {
        rc = pgov_hal_rc(pgov_hal_set_pstate(&g->hw, g->cpu, res.pstate, res.perf_ctl));
        if (rc)
            return rc;
    }
    PGOV_COPY(&g->st, &tmp);
    g->last_path = res.path;
    g->samples++;
    if (pgov_hal_has_trace(&g->hw))
        trace_decision(g, now);
    return PGOV_OK;
}

#if PGOV_PSTATE_CORE_BUILT_HWP
PGOV_NOINLINE static int update_hwp(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    struct pgov_hwp_boost_state h;
    struct pgov_hwp_boost_result res;

    PGOV_COPY(&h, &g->hwp_state);
    pgov_hwp_core_update(&g->hwp_params, &h, now, flags, &res);
    if (res.write) {
        int rc = pgov_hal_rc(pgov_hal_set_hwp_request(&g->hw, g->cpu, res.hwp_request));
        if (rc)
            return rc;
        trace(g, now, PGOV_HW_TRACE_BOOST, g->hwp_state.boost_min, h.boost_min);
    }
    PGOV_COPY(&g->hwp_state, &h);
    g->last_path = res.path;
    return PGOV_OK;
}
#else
/* Left out by PGOV_PSTATE_PROFILES (init refuses the profile). */
static int update_hwp(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    (void)g, (void)now, (void)flags;
    return PGOV_ENOTSUP;
}
#endif

/* What the core derives from the bounds and parameters: the headroom kept
 * in `reserved`, the rest (one shift, one add) per sample. */
PGOV_CORE void inst_known(uint32_t prof, const struct pgov_pstate *g,
                          struct pgov_pstate_core_known *k)
{
    k->ctl_hi = (uint64_t)g->bounds.ctl_turbo << 32;
    k->headroom = pgov_s32((int64_t)g->reserved);
    k->frac_shift = pgov_pstate_core_amshift(prof, &g->params) + 8u;
}

/*
 * The end of a sample both hooks share: on a decision, write the P-state
 * first (a failed write leaves the state as it was), then commit and count.
 * Returns 0, or the HAL's or the core's error for the caller to undo and
 * report.
 */
PGOV_CORE int sample_apply(uint32_t prof, struct pgov_pstate *g, uint64_t now, int rc,
                           const struct pgov_hw_counters *c,
                           const struct pgov_pstate_core_sample *s, uint32_t adjust_path,
                           bool quiet)
{
    if (pgov_likely(rc == PGOV_PSTATE_CORE_DECIDED)) {
        if (s->pstate != g->st.pstate) {
            rc = pgov_hal_set_pstate(&g->hw, g->cpu, s->pstate,
                                     pgov_pstate_core_perf_ctl(&g->bounds, s->pstate));
            if (pgov_unlikely(rc))
                return rc;
        }
        pgov_pstate_core_commit(prof, &g->st, now, c, s, false);
        g->last_path = adjust_path;
        g->samples++;
        if (!quiet && pgov_unlikely(pgov_hal_has_trace(&g->hw)))
            trace_decision(g, now); /* quiet: no callback (refresh_fast()) */
    } else if (rc == PGOV_PSTATE_CORE_REJECTED) {
        g->last_path = PGOV_PSTATE_PATH_REJECTED;
    } else if (rc == PGOV_PSTATE_CORE_FIRST) {
        g->last_path = PGOV_PSTATE_PATH_FIRST;
    } else {
        return rc;
    }
    return 0;
}

/*
 * The sample both hooks take once it is due: the HAL reads (the counters;
 * the idle time for the Atom profile), the core's sample, then
 * sample_apply() with @p adjust_path. Returns 0, or the HAL's or the
 * core's error, for the caller to undo and report. @quiet (a constant):
 * the caller knows the boost is 0 (hook_quiet()), so the decision's boost
 * floor is left out. The headroom is the one kept with the bounds.
 */
PGOV_CORE int hook_sample(uint32_t prof, struct pgov_pstate *g, uint64_t now, uint32_t adjust_path,
                          bool quiet)
{
    struct pgov_pstate_core_sample s;
    struct pgov_pstate_core_known k;
    struct pgov_hw_counters c;
    uint64_t iowait_us = 0;
    int rc = pgov_hal_read_counters(&g->hw, g->cpu, &c);

    if (pgov_unlikely(rc))
        return rc;
    if (pgov_pstate_core_prof_atom(prof)) {
        struct pgov_hw_idle idle;
        rc = pgov_hal_read_idle(&g->hw, g->cpu, &idle);
        if (rc)
            return rc;
        iowait_us = idle.iowait_us;
    }
    inst_known(prof, g, &k);
    rc = pgov_pstate_core_sample_known(prof, &g->params, &g->plat, &g->bounds, &g->st, now, &c,
                                       iowait_us, &k, quiet, &s);
    return sample_apply(prof, g, now, rc, &c, &s, adjust_path, quiet);
}

/*
 * One hook call for profile @prof: the hook_<profile>() functions below pass
 * it as a constant, so optimised builds inline this (PGOV_CORE) into a copy
 * specialised for each; a profile left out of PGOV_PSTATE_PROFILES folds to
 * the first return.
 */
PGOV_CORE int hook_run(uint32_t prof, struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    struct pgov_pstate_result pre;
    uint64_t last_update = 0;
    uint32_t boost = 0;
    int how, rc;

    if (!pgov_pstate_core_prof_built(prof))
        return PGOV_ENOTSUP; /* init refused it */
    if (flags & PGOV_UPDATE_REMOTE) {
        g->last_path = PGOV_PSTATE_PATH_REMOTE;
        return PGOV_OK;
    }
    if (prof == PGOV_PSTATE_PROF_LOAD_4_13 && (g->params.options & PGOV_PSTATE_OPT_RFC_IO_ALL) &&
        g->shared) {
        const struct pgov_pstate_shared *sh = g->shared;
        if (sh->seen && now - sh->last_io_ns <= g->params.tick_ns)
            flags |= PGOV_PSTATE_CORE_IN_SYSBOOST;
    }
    if (pgov_pstate_core_prof_load(prof)) {
        /* Only the load hooks' step 1 touches the state: kept for an undo. */
        last_update = g->st.last_update_ns;
        boost = g->st.iowait_boost;
    }

    how = pgov_pstate_core_hook_pre(prof, &g->params, &g->st, now, flags, &pre);
    if (how == 0) {
        g->last_path = pre.path; /* boost bookkeeping only: nothing can fail */
        goto out;
    }
    rc = hook_sample(prof, g, now, how == 2 ? PGOV_PSTATE_PATH_IO_ADJUST : PGOV_PSTATE_PATH_ADJUST,
                     false);
    if (pgov_unlikely(rc))
        goto fail;
out:
    if (prof == PGOV_PSTATE_PROF_LOAD_4_13 && (g->params.options & PGOV_PSTATE_OPT_RFC_IO_ALL) &&
        (flags & PGOV_UPDATE_IOWAIT) && g->shared) {
        g->shared->last_io_ns = now;
        g->shared->seen = 1;
    }
    /* PID profiles have no options and no boost: slow_path stays as set. */
    if (pgov_pstate_core_prof_load(prof))
        g->slow_path = pgov_pstate_core_options(prof, &g->params) | g->st.iowait_boost |
                       (uint32_t)pgov_hal_has_trace(&g->hw);
    g->next_ns = g->st.time_ns + g->params.sample_ns;
    return PGOV_OK;
fail:
    if (pgov_pstate_core_prof_load(prof)) {
        g->st.last_update_ns = last_update;
        g->st.iowait_boost = boost;
    }
    return pgov_hal_rc(rc);
}

/*
 * The hook of the current load profile with nothing pending: no flags and
 * slow_path 0 (so no boost, no options, no trace; the caller checked). Step
 * 1's bookkeeping then only sets last_update = now, and with the boost 0
 * before and after, no later call reads that value: an IOWAIT sets the
 * boost to 1/8 whatever the time since, and without one a zero boost is
 * left alone (the skip filter relies on the same, refresh_fast()). So it
 * is not stored, and a failure has nothing to undo. The same core steps as
 * hook_run() otherwise; only the current load profile's copy exists
 * (hook_load_6_19_quiet() below).
 */
PGOV_CORE int hook_quiet(uint32_t prof, struct pgov_pstate *g, uint64_t now)
{
    struct pgov_pstate_result pre;
    int rc;

    if (!pgov_pstate_core_prof_built(prof))
        return PGOV_ENOTSUP; /* init refused it */
    PGOV_ASSERT(g->slow_path == 0 && g->st.iowait_boost == 0 && !pgov_hal_has_trace(&g->hw));
    /* hook_pre's interval test; on a skip it runs as usual (rare here:
     * the caller's filter already found the interval over). */
    if (pgov_unlikely(pgov_u2s64(now - g->st.time_ns) < pgov_u2s64(g->params.sample_ns))) {
        (void)pgov_pstate_core_hook_pre(prof, &g->params, &g->st, now, 0, &pre);
        g->last_path = pre.path;
        g->next_ns = g->st.time_ns + g->params.sample_ns;
        return PGOV_OK;
    }
    rc = hook_sample(prof, g, now, PGOV_PSTATE_PATH_ADJUST, true);
    if (pgov_unlikely(rc))
        return pgov_hal_rc(rc);
    g->next_ns = g->st.time_ns + g->params.sample_ns; /* slow_path stays 0 */
    return PGOV_OK;
}

PGOV_NOINLINE static int hook_load_6_19_quiet(struct pgov_pstate *g, uint64_t now)
{
    return hook_quiet(PGOV_PSTATE_PROF_LOAD_6_19, g, now);
}

PGOV_NOINLINE static int hook_pid_4_6(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    return hook_run(PGOV_PSTATE_PROF_PID_4_6, g, now, flags);
}

PGOV_NOINLINE static int hook_pid_4_13(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    return hook_run(PGOV_PSTATE_PROF_PID_4_13, g, now, flags);
}

PGOV_NOINLINE static int hook_atom_4_6(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    return hook_run(PGOV_PSTATE_PROF_ATOM_4_6, g, now, flags);
}

PGOV_NOINLINE static int hook_load_4_13(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    return hook_run(PGOV_PSTATE_PROF_LOAD_4_13, g, now, flags);
}

PGOV_NOINLINE static int hook_load_4_17(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    return hook_run(PGOV_PSTATE_PROF_LOAD_4_17, g, now, flags);
}

PGOV_NOINLINE static int hook_load_6_19(struct pgov_pstate *g, uint64_t now, uint32_t flags)
{
    return hook_run(PGOV_PSTATE_PROF_LOAD_6_19, g, now, flags);
}

/* The v4.5 profiles have no hook: their timer drives them. */
static int hook_timer_driven(struct pgov_pstate *g, uint32_t flags)
{
    if (flags & PGOV_UPDATE_REMOTE)
        g->last_path = PGOV_PSTATE_PATH_REMOTE;
    return PGOV_OK;
}

#if defined(__GNUC__)
#define KEY_RELOAD(g) __asm__("" : "+r"(g))
#else
#define KEY_RELOAD(g) ((void)0)
#endif

int pgov_pstate_update(struct pgov_pstate *g, uint64_t now_ns, uint32_t flags)
{
    if (pgov_unlikely(!g))
        return PGOV_EINVAL;
    /*
     * The hot path: (s64)(now - next) < 0 implies the kernel's
     * (s64)(now - sample.time) < interval (never the other way round, so
     * wrapped or backwards times take the exact test below).
     */
    if (pgov_likely((flags | g->slow_path) == 0)) {
        if (pgov_u2s64(now_ns - g->next_ns) < 0)
            return PGOV_OK;
        /* Due, nothing pending: the current load profile's quiet hook.
         * The key is compared in memory (KEY_RELOAD: not loaded into a
         * register for the switch, one instruction more on this path). */
        if (pgov_likely(g->key == PSTATE_KEY(PGOV_PSTATE_PROF_LOAD_6_19)))
            return hook_load_6_19_quiet(g, now_ns);
        KEY_RELOAD(g);
    } else {
        if (pgov_unlikely(flags & ~PGOV_UPDATE_ALL))
            return PGOV_EINVAL;
        /* The current load profile (the default) before the switch's
         * table: its key was checked when init wrote it. */
        if (pgov_likely(g->key == PSTATE_KEY(PGOV_PSTATE_PROF_LOAD_6_19)))
            return hook_load_6_19(g, now_ns, flags);
    }
    /* Into the copy of the algorithm specialised for the profile. */
    switch (g->key) {
    case PSTATE_KEY(PGOV_PSTATE_PROF_PID_4_5):
    case PSTATE_KEY(PGOV_PSTATE_PROF_ATOM_4_5):
        return hook_timer_driven(g, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_PID_4_6):
        return hook_pid_4_6(g, now_ns, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_PID_4_13):
        return hook_pid_4_13(g, now_ns, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_ATOM_4_6):
        return hook_atom_4_6(g, now_ns, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_LOAD_4_13):
        return hook_load_4_13(g, now_ns, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_LOAD_4_17):
        return hook_load_4_17(g, now_ns, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_LOAD_6_19):
        return hook_load_6_19(g, now_ns, flags);
    case PSTATE_KEY(PGOV_PSTATE_PROF_HWP_BOOST_6_19):
        return update_hwp(g, now_ns, flags);
    default:
        return PGOV_EINVAL; /* never initialised, or clobbered */
    }
}

int pgov_pstate_timer(struct pgov_pstate *g, uint64_t now_ns, uint64_t *next_ns)
{
    int rc;

    if (!g || !next_ns)
        return PGOV_EINVAL;
    if (!pst_valid(g))
        return PGOV_EINVAL;
    if (!pgov_pstate_core_prof_timer(g->params.profile)) {
        *next_ns = UINT64_MAX;
        return PGOV_OK;
    }
    rc = timer_apply(g, now_ns);
    if (rc)
        return rc;
    *next_ns = now_ns + (uint64_t)g->timer_jiffies * g->params.tick_ns;
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
        return PGOV_EINVAL;
    if (!pst_valid(g))
        return PGOV_EINVAL;
    if (lim->size == 0)
        return PGOV_E2BIG;
    rc = pgov_hal_read_limits(&g->hw, g->cpu, &plat);
    if (rc)
        return rc;
    rc = effective_limits(g, &plat, lim, &eff, &b, &h);
    if (rc)
        return rc;
    if (g->hwp) {
        /* The new request replaces any boost, as a limits write does. */
        rc = pgov_hal_rc(pgov_hal_set_hwp_request(&g->hw, g->cpu, h.hwp_request));
        if (rc)
            return rc;
        g->hwp_state.boost_min = 0;
    }
    PGOV_COPY(&g->plat, &plat);
    PGOV_COPY(&g->lim, &eff);
    PGOV_COPY(&g->bounds, &b);
    g->reserved = (uint32_t)pgov_pstate_core_headroom(&b);
    PGOV_COPY(&g->hwp_params, &h);
    trace(g, 0, PGOV_HW_TRACE_LIMITS, b.lo, b.hi);
    return PGOV_OK;
}

int pgov_pstate_attach_shared(struct pgov_pstate *g, struct pgov_pstate_shared *shared)
{
    if (!g)
        return PGOV_EINVAL;
    if (!pst_valid(g))
        return PGOV_EINVAL;
    g->shared = shared;
    return PGOV_OK;
}

int pgov_pstate_get_status(const struct pgov_pstate *g, struct pgov_pstate_status *out)
{
    if (!g || !out)
        return PGOV_EINVAL;
    if (!pst_valid(g))
        return PGOV_EINVAL;
    out->profile = g->params.profile;
    out->cpu = g->cpu;
    if (g->hwp) {
        out->pstate = g->hwp_state.boost_min ? g->hwp_state.boost_min : g->bounds.lo;
        out->boost = g->hwp_state.boost_min;
    } else {
        out->pstate = g->st.pstate;
        out->boost = g->st.iowait_boost;
    }
    out->freq_khz = out->pstate * g->plat.scaling_khz;
    out->busy_scaled = g->st.busy_scaled;
    out->lo = g->bounds.lo;
    out->hi = g->bounds.hi;
    out->last_path = g->last_path;
    out->reserved = 0;
    out->last_sample_ns = g->st.time_ns;
    out->samples = g->samples;
    return PGOV_OK;
}
