/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * intel_pstate decision layer: profile resolution, bounds, and the pure
 * per-call step of the PID (v4.5, v4.6, v4.13, Atom) and load-based (v4.13,
 * v4.17, current) policies. Written from docs/spec/pstate.md sections 1-8.
 * The per-CPU instance lives in pstate_gov.c.
 */
/* The library implements the experimental variants (docs/abi.md). */
#define PGOV_EXPERIMENTAL 1
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/pstate.h"
#include "pgov/kver.h"

#include "internal/compiler.h"
#include "internal/deps.h"
#include "internal/hal.h"
#include "pgov/core/fixed.h"
#include "internal/pstate_impl.h"
#include "internal/sized.h"

_Static_assert(PGOV_PSTATE_CORE_RFC_IO_NS == PGOV_PSTATE_RFC_IO_INTERVAL_NS, "RFC interval");
_Static_assert(PGOV_PSTATE_CORE_OPT_RFC_IO == (PGOV_PSTATE_OPT_RFC_IO_PERCPU | PGOV_PSTATE_OPT_RFC_IO_ALL) &&
                   PGOV_PSTATE_CORE_OPT_NO_C0_CUTOFF == PGOV_PSTATE_OPT_NO_C0_CUTOFF,
               "core option bits");
_Static_assert(PGOV_PSTATE_PROF_HWP_BOOST_6_19 == 9, "PGOV_PSTATE_CORE_BUILT_HWP tests bit 9");
_Static_assert((PGOV_PSTATE_PROFILES & ~PGOV_PSTATE_PROFILES_ALL) == 0,
               "PGOV_PSTATE_PROFILES: OR of PGOV_PSTATE_PROF_BIT(profile)");

#define PCT_MAX 100u
#define SAMPLE_NS_MIN 1000u
#define SAMPLE_NS_MAX 10000000000ull
#define TICK_NS_MAX 1000000000ull
#define HOLD_NS_MAX 10000000000ull
#define HZ_MAX 100000u
#define ONE_FP 256

static int resolve_profile(uint32_t policy, uint32_t kver, uint32_t *prof)
{
    uint32_t kv = pgov_kver_resolve(kver);

    if (kv < PGOV_KVER_4_5) /* also 0: an invalid version */
        return PGOV_ENOTSUP;
    if (policy == PGOV_PSTATE_POLICY_DEFAULT)
        policy = kv <= PGOV_KVER_4_13 ? PGOV_PSTATE_POLICY_PID : PGOV_PSTATE_POLICY_LOAD;

    switch (policy) {
    case PGOV_PSTATE_POLICY_PID:
        if (kv > PGOV_KVER_4_13)
            return PGOV_ENOTSUP; /* the PID controller was removed in 4.14 */
        *prof = kv == PGOV_KVER_4_5    ? PGOV_PSTATE_PROF_PID_4_5
                : kv == PGOV_KVER_4_13 ? PGOV_PSTATE_PROF_PID_4_13
                                       : PGOV_PSTATE_PROF_PID_4_6;
        return PGOV_OK;
    case PGOV_PSTATE_POLICY_PID_ATOM:
        if (kv > PGOV_KVER(4, 8))
            return PGOV_ENOTSUP; /* 4.9 moved Atom to the load algorithm */
        *prof = kv == PGOV_KVER_4_5 ? PGOV_PSTATE_PROF_ATOM_4_5 : PGOV_PSTATE_PROF_ATOM_4_6;
        return PGOV_OK;
    case PGOV_PSTATE_POLICY_LOAD:
        if (kv < PGOV_KVER_4_13)
            return PGOV_ENOTSUP;
        *prof = kv == PGOV_KVER_4_13     ? PGOV_PSTATE_PROF_LOAD_4_13
                : kv < PGOV_KVER(5, 1) ? PGOV_PSTATE_PROF_LOAD_4_17
                                         : PGOV_PSTATE_PROF_LOAD_6_19;
        return PGOV_OK;
    case PGOV_PSTATE_POLICY_HWP_BOOST:
        if (kv < PGOV_KVER(4, 18))
            return PGOV_ENOTSUP;
        *prof = PGOV_PSTATE_PROF_HWP_BOOST_6_19;
        return PGOV_OK;
    default:
        return PGOV_EINVAL;
    }
}

/* A percentage tunable: 0 -> default unless @given (its tun_set bit),
 * PCT_ZERO (0.1 callers) -> 0, else 0..100. */
static int pct_tunable(uint32_t v, uint32_t def, bool given, uint32_t *out)
{
    if (v == 0 && !given)
        *out = def;
    else if (v == PGOV_PSTATE_PCT_ZERO)
        *out = 0;
    else if (v <= PCT_MAX)
        *out = v;
    else
        return PGOV_EINVAL;
    return PGOV_OK;
}

int pgov_pstate_params_init(struct pgov_pstate_params *prm, const struct pgov_pstate_config *cfg)
{
    struct pgov_pstate_params p;
    uint32_t sp, db, pg, ig, dg, set;
    int atom, rc;

    if (!prm || !cfg)
        return PGOV_EINVAL;
    rc = pgov_sized_check(cfg, cfg->size, PGOV_PSTATE_CONFIG_SIZE_V1, sizeof(*cfg));
    if (rc)
        return rc;
    set = PGOV_SIZED_FIELD(struct pgov_pstate_config, cfg, tun_set, 0u);
    if ((set & ~PGOV_PSTATE_SET_ALL) ||
        PGOV_SIZED_FIELD(struct pgov_pstate_config, cfg, reserved3, 0u))
        return PGOV_EINVAL;
    PGOV_ZERO(&p);
    rc = resolve_profile(cfg->policy, cfg->kver, &p.profile);
    if (rc)
        return rc;
    if (!pgov_pstate_core_prof_built(p.profile))
        return PGOV_ENOTSUP; /* left out by PGOV_PSTATE_PROFILES */
    if (cfg->hz > HZ_MAX)
        return PGOV_EINVAL;

    /* The RFCs were posted against the 4.13 load path and nothing else; the
     * cut-off exists on the hook-driven core PIDs only. */
    if (!pgov_pstate_core_options_valid(p.profile, cfg->options))
        return PGOV_EINVAL;
    p.options = cfg->options;

    /* The APERF/MPERF shift exists from v4.13 on. */
    if (cfg->aperf_mperf_shift != 0 &&
        (cfg->aperf_mperf_shift != 10 || !pgov_pstate_core_prof_has_amshift(p.profile)))
        return PGOV_EINVAL;
    p.amshift = cfg->aperf_mperf_shift;

    p.sample_ns = cfg->sample_interval_ns ? cfg->sample_interval_ns : PGOV_PSTATE_DEFAULT_SAMPLE_NS;
    p.tick_ns = cfg->tick_ns  ? cfg->tick_ns
                : cfg->hz ? PGOV_TICK_NSEC(cfg->hz)
                          : PGOV_DEFAULT_TICK_NS;
    if (cfg->hz && p.tick_ns != PGOV_TICK_NSEC(cfg->hz))
        return PGOV_EINVAL;
    p.hold_ns = cfg->boost_hold_ns ? cfg->boost_hold_ns : PGOV_PSTATE_DEFAULT_HOLD_NS;
    if (p.sample_ns < SAMPLE_NS_MIN || p.sample_ns > SAMPLE_NS_MAX || p.tick_ns > TICK_NS_MAX ||
        p.hold_ns > HOLD_NS_MAX)
        return PGOV_EINVAL;

    atom = p.profile == PGOV_PSTATE_PROF_ATOM_4_5 || p.profile == PGOV_PSTATE_PROF_ATOM_4_6;
    if (cfg->setpoint_pct > PCT_MAX || cfg->deadband_pct > PCT_MAX)
        return PGOV_EINVAL;
    sp = cfg->setpoint_pct ? cfg->setpoint_pct : (atom ? 60u : 97u);
    db = cfg->deadband_pct;
    if (pct_tunable(cfg->p_gain_pct, atom ? 14u : 20u, set & PGOV_PSTATE_SET_P_GAIN, &pg) ||
        pct_tunable(cfg->i_gain_pct, atom ? 4u : 0u, set & PGOV_PSTATE_SET_I_GAIN, &ig) ||
        pct_tunable(cfg->d_gain_pct, 0u, set & PGOV_PSTATE_SET_D_GAIN, &dg))
        return PGOV_EINVAL;
    p.setpoint_fp = (int32_t)(sp << 8);
    p.deadband_fp = (int32_t)(db << 8);
    /* Every version's gain is floor(pct * 256 / 100) (docs/spec/pstate.md 1). */
    p.p_gain = pgov_fixed_core_div((int64_t)pg, 100);
    p.i_gain = pgov_fixed_core_div((int64_t)ig, 100);
    p.d_gain = pgov_fixed_core_div((int64_t)dg, 100);

    PGOV_COPY(prm, &p);
    return PGOV_OK;
}

static uint32_t clamp_old(uint32_t v, uint32_t lo, uint32_t hi)
{
    v = v < lo ? lo : v;
    return v > hi ? hi : v;
}

int pgov_pstate_bounds_init(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                            const struct pgov_pstate_limits *lim, struct pgov_pstate_bounds *out)
{
    struct pgov_pstate_bounds b;
    uint32_t msr_dis, turbo_dis;
    int rc;

    if (!prm || !plat || !lim || !out)
        return PGOV_EINVAL;
    rc = pgov_sized_check(lim, lim->size, PGOV_PSTATE_LIMITS_SIZE_V1, sizeof(*lim));
    if (rc)
        return rc;
    if (prm->profile < PGOV_PSTATE_PROF_PID_4_5 || prm->profile > PGOV_PSTATE_PROF_HWP_BOOST_6_19)
        return PGOV_EINVAL;
    rc = pgov_hw_limits_check(plat);
    if (rc)
        return rc;
    if (lim->no_turbo > 1 || lim->min_perf_fp > ONE_FP || lim->max_perf_fp > ONE_FP ||
        lim->min_ratio > plat->turbo_pstate || lim->max_ratio > plat->turbo_pstate)
        return PGOV_EINVAL;

    PGOV_ZERO(&b);
    msr_dis = (plat->flags & PGOV_HW_LIM_TURBO_DISABLED) != 0;
    turbo_dis = msr_dis || plat->max_pstate == plat->turbo_pstate;
    /* v6.x dropped the separate turbo_disabled state: only the MSR bit. */
    if (prm->profile == PGOV_PSTATE_PROF_LOAD_6_19 || prm->profile == PGOV_PSTATE_PROF_HWP_BOOST_6_19)
        turbo_dis = msr_dis;
    b.base = (lim->no_turbo || turbo_dis) ? plat->max_pstate : plat->turbo_pstate;
    b.ctl_turbo = lim->no_turbo && !turbo_dis;
    /* The current write sets bit 32 only on a CPU with IDA (issue 26 review,
     * read in 7.x; delta-7.3 finds the path unchanged since v6.18.2). */
    if (prm->profile == PGOV_PSTATE_PROF_LOAD_6_19 && (plat->flags & PGOV_HW_LIM_NO_IDA))
        b.ctl_turbo = 0;

    if (pgov_pstate_core_prof_fp_limits(prm->profile)) {
        /* v4.5/4.6 fractions of the base; lo > hi is left for the clamp. */
        b.hi = clamp_old((b.base * lim->max_perf_fp) >> 8, plat->min_pstate, plat->turbo_pstate);
        b.lo = clamp_old((b.base * lim->min_perf_fp) >> 8, plat->min_pstate, b.base);
    } else {
        b.lo = lim->min_ratio > plat->min_pstate ? lim->min_ratio : plat->min_pstate;
        b.hi = lim->max_ratio > b.lo ? lim->max_ratio : b.lo;
    }
    PGOV_COPY(out, &b);
    return PGOV_OK;
}

int pgov_pstate_state_reset(struct pgov_pstate_state *st, const struct pgov_pstate_params *prm,
                            const struct pgov_hw_limits *plat)
{
    if (!st || !prm || !plat)
        return PGOV_EINVAL;
    if (pgov_hw_limits_check(plat))
        return PGOV_EINVAL;
    PGOV_ZERO(st);
    st->pstate = plat->min_pstate;
    st->last_err = pgov_s32((int64_t)prm->setpoint_fp - 100 * ONE_FP);
    return PGOV_OK;
}

/*
 * Take a sample into @st. Returns 0 if rejected (MPERF or TSC unchanged:
 * nothing changes), 1 if accepted.
 */
static int take_sample(struct pgov_pstate_state *st, const struct pgov_pstate_input *in)
{
    if (in->mperf == st->prev_mperf || in->tsc == st->prev_tsc)
        return 0;
    st->last_time_ns = st->time_ns;
    st->time_ns = in->now_ns;
    st->d_aperf = in->aperf - st->prev_aperf;
    st->d_mperf = in->mperf - st->prev_mperf;
    st->d_tsc = in->tsc - st->prev_tsc;
    st->prev_aperf = in->aperf;
    st->prev_mperf = in->mperf;
    st->prev_tsc = in->tsc;
    return 1;
}

/* A decided sample's result (@s from P-state @cur), every field but
 * `reserved`; both decide paths end with it. */
static inline PGOV_ALWAYS_INLINE void result_decided(struct pgov_pstate_result *res, uint32_t path,
                                                     const struct pgov_pstate_core_sample *s,
                                                     uint32_t cur, const struct pgov_pstate_bounds *b)
{
    res->path = path;
    res->have = s->d.have | PGOV_PSTATE_HAVE_CORE | PGOV_PSTATE_HAVE_DECIDE;
    res->write = s->pstate != cur;
    res->pstate = s->pstate;
    res->perf_ctl = s->pstate != cur ? pgov_pstate_core_perf_ctl(b, s->pstate) : 0;
    res->sample_ratio = s->d.ratio;
    res->pid_out = s->d.pid_out;
    res->target_raw = s->d.target_raw;
    res->busy_frac = s->d.busy_frac;
    res->boost_used = s->d.boost_used;
    res->avg_pstate = s->d.avg;
    res->target_avg = s->d.target;
    res->lo = b->lo;
    res->hi = b->hi;
}

/* v4.5 timer expiry (and init sample) on @st, which the caller may discard. */
static int timer_step(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                      const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                      const struct pgov_pstate_input *in, struct pgov_pstate_result *res)
{
    struct pgov_pstate_core_dec d;
    struct pgov_pstate_core_known k;
    uint64_t d_io = 0;
    int ok = take_sample(st, in), rc;

    PGOV_ZERO(&d);
    uint32_t p;

    if (ok) {
        rc = pgov_pstate_core_perf(prm->profile, st->d_aperf, st->d_mperf, &st->core);
        if (rc)
            return rc;
        res->have |= PGOV_PSTATE_HAVE_CORE;
    }
    if (in->event == PGOV_PSTATE_EV_INIT) {
        res->path = ok ? PGOV_PSTATE_PATH_INIT_SAMPLED : PGOV_PSTATE_PATH_INIT_REJECTED;
        res->pstate = st->pstate;
        return PGOV_OK;
    }
    /* Always decide, on the stale sample if this one was rejected. */
    res->path = ok ? PGOV_PSTATE_PATH_TIMER_ADJUST : PGOV_PSTATE_PATH_TIMER_STALE;
    d.integral = st->integral;
    d.last_err = st->last_err;
    pgov_pstate_core_known_init(prm->profile, &k, prm, b);
    if (pgov_pstate_core_prof_atom(prm->profile)) {
        d_io = in->iowait_us - st->prev_iowait_us;
        st->prev_iowait_us = in->iowait_us;
    }
    rc = pgov_pstate_core_decide(prm->profile, prm, plat, &k, st->pstate, st->core, st->d_mperf, st->d_tsc,
                    st->time_ns - st->last_time_ns, d_io, &d);
    if (rc)
        return rc;
    st->busy_scaled = d.busy;
    st->integral = d.integral;
    st->last_err = d.last_err;
    p = pgov_pstate_core_clamp(b, d.target);
    res->have |= d.have | PGOV_PSTATE_HAVE_DECIDE;
    res->sample_ratio = d.ratio;
    res->pid_out = d.pid_out;
    res->target_raw = d.target_raw;
    res->lo = b->lo;
    res->hi = b->hi;
    if (p != st->pstate) {
        st->pstate = p;
        res->write = 1;
        res->perf_ctl = pgov_pstate_core_perf_ctl(b, p);
    }
    res->pstate = p;
    return PGOV_OK;
}

int pgov_pstate_decide_unchecked(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, struct pgov_pstate_result *res)
{
    int rc;

    res->path = 0;
    res->have = 0;
    res->write = 0;
    if (pgov_pstate_core_prof_timer(prm->profile))
        return timer_step(prm, plat, b, st, in, res);

    /* Hook-driven profiles. */
    rc = pgov_pstate_core_hook_pre(prm->profile, prm, st, in->now_ns, in->flags, res);
    if (rc == 0)
        return PGOV_OK;
    int immediate = rc == 2;
    uint32_t cur = st->pstate;
    struct pgov_hw_counters c = {in->aperf, in->mperf, in->tsc};
    struct pgov_pstate_core_sample s;

    PGOV_ZERO(&s); /* gcc cannot tell that DECIDED means filled */
    rc = pgov_pstate_core_sample(prm->profile, prm, plat, b, st, in->now_ns, &c, in->iowait_us, &s);
    if (rc < 0)
        return rc;
    res->pstate = cur;
    if (rc == PGOV_PSTATE_CORE_REJECTED) {
        res->path = PGOV_PSTATE_PATH_REJECTED;
        return PGOV_OK;
    }
    if (rc == PGOV_PSTATE_CORE_FIRST) {
        res->path = PGOV_PSTATE_PATH_FIRST;
        return PGOV_OK;
    }
    pgov_pstate_core_commit(prm->profile, st, in->now_ns, &c, &s, true);
    result_decided(res, immediate ? PGOV_PSTATE_PATH_IO_ADJUST : PGOV_PSTATE_PATH_ADJUST, &s, cur, b);
    return PGOV_OK;
}

/*
 * pgov_pstate_decide()'s checks past the NULL tests, for profile @prof:
 * what params_init, bounds_init and state_reset guarantee and the hot paths
 * assume. With a constant @prof (the in-place path) the tests of the other
 * profiles fold away.
 */
static inline PGOV_ALWAYS_INLINE int decide_check(uint32_t prof,
                                                  const struct pgov_pstate_params *prm,
                                                  const struct pgov_hw_limits *plat,
                                                  const struct pgov_pstate_bounds *b,
                                                  const struct pgov_pstate_state *st,
                                                  const struct pgov_pstate_input *in)
{
    if (prof < PGOV_PSTATE_PROF_PID_4_5 || prof >= PGOV_PSTATE_PROF_HWP_BOOST_6_19)
        return PGOV_EINVAL;
    if (!pgov_pstate_core_prof_built(prof))
        return PGOV_ENOTSUP;
    if ((in->flags & ~PGOV_UPDATE_ALL) || !pgov_hw_limits_valid(plat) || st->pstate == 0 ||
        b->lo == 0 || b->hi == 0 || b->base == 0 || b->ctl_turbo > 1 || prm->sample_ns == 0 ||
        prm->amshift > 10)
        return PGOV_EINVAL;
    if (!pgov_pstate_core_options_valid(prof, prm->options) ||
        (prm->amshift && !pgov_pstate_core_prof_has_amshift(prof)))
        return PGOV_EINVAL;
    if (pgov_pstate_core_prof_timer(prof) ? in->event != PGOV_PSTATE_EV_INIT &&
                                                in->event != PGOV_PSTATE_EV_TIMER
                                          : in->event != PGOV_PSTATE_EV_UPDATE)
        return PGOV_EINVAL;
    return PGOV_OK;
}

/* A result with no sample taken: @path and the P-state, the rest zero. */
static inline PGOV_ALWAYS_INLINE void result_short(struct pgov_pstate_result *res, uint32_t path,
                                                   uint32_t pstate)
{
    PGOV_ZERO(res);
    res->path = path;
    res->pstate = pstate;
}

/* Any profile: checks, then the step on copies of @st and the result, which
 * are stored only when it succeeds (a PID divide can trap mid-way). */
static PGOV_NOINLINE int decide_copied(const struct pgov_pstate_params *prm,
                                       const struct pgov_hw_limits *plat,
                                       const struct pgov_pstate_bounds *b,
                                       struct pgov_pstate_state *st,
                                       const struct pgov_pstate_input *in,
                                       struct pgov_pstate_result *res)
{
    struct pgov_pstate_state tmp;
    struct pgov_pstate_result r;
    int rc = decide_check(prm->profile, prm, plat, b, st, in);

    if (rc)
        return rc;
    if (in->flags & PGOV_UPDATE_REMOTE) {
        result_short(res, PGOV_PSTATE_PATH_REMOTE, st->pstate);
        return PGOV_OK;
    }
    PGOV_ZERO(&r);
    PGOV_COPY(&tmp, st);
    rc = pgov_pstate_decide_unchecked(prm, plat, b, &tmp, in, &r);
    if (rc)
        return rc;
    PGOV_COPY(st, &tmp);
    PGOV_COPY(res, &r);
    return PGOV_OK;
}

/*
 * A load profile's hook (constant @prof) on @st and @res in place, the
 * kernel-speed path (issue 33). Once the arguments are checked nothing can
 * fail: a load profile divides only by the MPERF and TSC deltas of an
 * accepted sample, which are non-zero (the core's EDOM returns fold away).
 * So there is nothing to undo and no copy: the same hook_pre, sample and
 * commit steps as pgov_pstate_decide_unchecked(), the result written field
 * by field.
 */
static inline PGOV_ALWAYS_INLINE int decide_load_in_place(uint32_t prof,
                                                          const struct pgov_pstate_params *prm,
                                                          const struct pgov_hw_limits *plat,
                                                          const struct pgov_pstate_bounds *b,
                                                          struct pgov_pstate_state *st,
                                                          const struct pgov_pstate_input *in,
                                                          struct pgov_pstate_result *res)
{
    struct pgov_hw_counters c = {in->aperf, in->mperf, in->tsc};
    uint64_t now = in->now_ns;
    uint32_t flags = in->flags, cur;
    struct pgov_pstate_core_sample s;
    struct pgov_pstate_result pre;
    int rc = decide_check(prof, prm, plat, b, st, in), how;

    if (rc)
        return rc;
    if (flags & PGOV_UPDATE_REMOTE) {
        result_short(res, PGOV_PSTATE_PATH_REMOTE, st->pstate);
        return PGOV_OK;
    }
    how = pgov_pstate_core_hook_pre(prof, prm, st, now, flags, &pre);
    if (how == 0) {
        result_short(res, pre.path, pre.pstate);
        return PGOV_OK;
    }
    cur = st->pstate;
    rc = pgov_pstate_core_sample(prof, prm, plat, b, st, now, &c, 0, &s);
    if (rc < 0)
        return rc; /* folds: see above */
    if (rc != PGOV_PSTATE_CORE_DECIDED) {
        result_short(res,
                     rc == PGOV_PSTATE_CORE_REJECTED ? PGOV_PSTATE_PATH_REJECTED
                                                     : PGOV_PSTATE_PATH_FIRST,
                     cur);
        return PGOV_OK;
    }
    pgov_pstate_core_commit(prof, st, now, &c, &s, true);
    result_decided(res, how == 2 ? PGOV_PSTATE_PATH_IO_ADJUST : PGOV_PSTATE_PATH_ADJUST, &s, cur, b);
    res->reserved = 0;
    return PGOV_OK;
}

/* Out of line, as decide_copied() is: the entry point keeps (almost) no
 * frame, so its worst stack is the deeper of the two paths, not their sum. */
static PGOV_NOINLINE int decide_load_6_19(const struct pgov_pstate_params *prm,
                                          const struct pgov_hw_limits *plat,
                                          const struct pgov_pstate_bounds *b,
                                          struct pgov_pstate_state *st,
                                          const struct pgov_pstate_input *in,
                                          struct pgov_pstate_result *res)
{
    return decide_load_in_place(PGOV_PSTATE_PROF_LOAD_6_19, prm, plat, b, st, in, res);
}

int pgov_pstate_decide(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, struct pgov_pstate_result *res)
{
    if (!prm || !plat || !b || !st || !in || !res)
        return PGOV_EINVAL;
    /* The profile of every kernel since 5.1 runs in place. */
    if (pgov_pstate_core_prof_is(prm->profile, PGOV_PSTATE_PROF_LOAD_6_19))
        return decide_load_6_19(prm, plat, b, st, in, res);
    return decide_copied(prm, plat, b, st, in, res);
}
