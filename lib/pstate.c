/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * intel_pstate decision layer: profile resolution, bounds, and the pure
 * per-call step of the PID (v4.5, v4.6, v4.13, Atom) and load-based (v4.13,
 * v4.17, current) policies. Written from spec/pstate.md sections 1-8.
 * The per-CPU instance lives in pstate_gov.c.
 */
#include <pgov/pstate.h>
#include <pgov/kver.h>

#include "internal/compiler.h"
#include "internal/fp.h"
#include "internal/pstate_impl.h"

#define PCT_MAX 100u
#define SAMPLE_NS_MIN 1000u
#define SAMPLE_NS_MAX 10000000000ull
#define TICK_NS_MAX 1000000000ull
#define HOLD_NS_MAX 10000000000ull
#define INTEGRAL_LIMIT (30 * 256) /* the PID integral is clamped to +-30 %. */
#define ONE_FP 256
#define BOOST_ONE_EIGHTH 32u

static int resolve_profile(uint32_t policy, uint32_t kver, uint32_t *prof)
{
    uint32_t kv = pgov_kver_resolve(kver);

    if (kv == 0 || kv < PGOV_KVER_4_5)
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

/* A percentage tunable: 0 -> default, PCT_ZERO -> 0, else 0..100. */
static int pct_tunable(uint32_t v, uint32_t def, uint32_t *out)
{
    if (v == 0)
        *out = def;
    else if (v == PGOV_PSTATE_PCT_ZERO)
        *out = 0;
    else if (v <= PCT_MAX)
        *out = v;
    else
        return PGOV_EINVAL;
    return PGOV_OK;
}

int pstate_check_size(const void *p, uint32_t size, size_t known)
{
    const unsigned char *b = p;

    if (size < known)
        return PGOV_E2BIG;
    for (size_t i = known; i < size; i++)
        if (b[i] != 0)
            return PGOV_E2BIG;
    return PGOV_OK;
}

int pgov_pstate_params_init(struct pgov_pstate_params *prm, const struct pgov_pstate_config *cfg)
{
    struct pgov_pstate_params p = {0};
    uint32_t sp, db, pg, ig, dg;
    int atom, rc;

    if (!prm || !cfg)
        return PGOV_EFAULT;
    rc = pstate_check_size(cfg, cfg->size, sizeof(*cfg));
    if (rc)
        return rc;
    rc = resolve_profile(cfg->policy, cfg->kver, &p.profile);
    if (rc)
        return rc;
    if (cfg->reserved != 0)
        return PGOV_EINVAL;

    if (cfg->options & ~(PGOV_PSTATE_OPT_RFC_IO_PERCPU | PGOV_PSTATE_OPT_RFC_IO_ALL))
        return PGOV_EINVAL;
    if (cfg->options == (PGOV_PSTATE_OPT_RFC_IO_PERCPU | PGOV_PSTATE_OPT_RFC_IO_ALL))
        return PGOV_EINVAL;
    /* The RFCs were posted against the 4.13 load path and nothing else. */
    if (cfg->options && p.profile != PGOV_PSTATE_PROF_LOAD_4_13)
        return PGOV_EINVAL;
    p.options = cfg->options;

    /* The APERF/MPERF shift exists from v4.13 on. */
    if (cfg->aperf_mperf_shift != 0 &&
        (cfg->aperf_mperf_shift != 10 || p.profile < PGOV_PSTATE_PROF_PID_4_13 ||
         p.profile == PGOV_PSTATE_PROF_ATOM_4_5 || p.profile == PGOV_PSTATE_PROF_ATOM_4_6))
        return PGOV_EINVAL;
    p.amshift = cfg->aperf_mperf_shift;

    p.sample_ns = cfg->sample_interval_ns ? cfg->sample_interval_ns : PGOV_PSTATE_DEFAULT_SAMPLE_NS;
    p.tick_ns = cfg->tick_ns ? cfg->tick_ns : PGOV_PSTATE_DEFAULT_TICK_NS;
    p.hold_ns = cfg->boost_hold_ns ? cfg->boost_hold_ns : PGOV_PSTATE_DEFAULT_HOLD_NS;
    if (p.sample_ns < SAMPLE_NS_MIN || p.sample_ns > SAMPLE_NS_MAX || p.tick_ns > TICK_NS_MAX ||
        p.hold_ns > HOLD_NS_MAX)
        return PGOV_EINVAL;

    atom = p.profile == PGOV_PSTATE_PROF_ATOM_4_5 || p.profile == PGOV_PSTATE_PROF_ATOM_4_6;
    if (cfg->setpoint_pct > PCT_MAX || cfg->deadband_pct > PCT_MAX)
        return PGOV_EINVAL;
    sp = cfg->setpoint_pct ? cfg->setpoint_pct : (atom ? 60u : 97u);
    db = cfg->deadband_pct;
    if (pct_tunable(cfg->p_gain_pct, atom ? 14u : 20u, &pg) ||
        pct_tunable(cfg->i_gain_pct, atom ? 4u : 0u, &ig) ||
        pct_tunable(cfg->d_gain_pct, 0u, &dg))
        return PGOV_EINVAL;
    p.setpoint_fp = (int32_t)(sp << 8);
    p.deadband_fp = (int32_t)(db << 8);
    /* Every version's gain is floor(pct * 256 / 100) (spec 1). */
    p.p_gain = fp_div((int64_t)pg, 100);
    p.i_gain = fp_div((int64_t)ig, 100);
    p.d_gain = fp_div((int64_t)dg, 100);

    *prm = p;
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
    struct pgov_pstate_bounds b = {0};
    uint32_t msr_dis, turbo_dis;
    int rc;

    if (!prm || !plat || !lim || !out)
        return PGOV_EFAULT;
    rc = pstate_check_size(lim, lim->size, sizeof(*lim));
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

    msr_dis = (plat->flags & PGOV_HW_LIM_TURBO_DISABLED) != 0;
    turbo_dis = msr_dis || plat->max_pstate == plat->turbo_pstate;
    /* v6.x dropped the separate turbo_disabled state: only the MSR bit. */
    if (prm->profile == PGOV_PSTATE_PROF_LOAD_6_19 || prm->profile == PGOV_PSTATE_PROF_HWP_BOOST_6_19)
        turbo_dis = msr_dis;
    b.base = (lim->no_turbo || turbo_dis) ? plat->max_pstate : plat->turbo_pstate;
    b.ctl_turbo = lim->no_turbo && !turbo_dis;

    if (pstate_prof_fp_limits(prm->profile)) {
        /* v4.5/4.6 fractions of the base; lo > hi is left for the clamp. */
        b.hi = clamp_old((b.base * lim->max_perf_fp) >> 8, plat->min_pstate, plat->turbo_pstate);
        b.lo = clamp_old((b.base * lim->min_perf_fp) >> 8, plat->min_pstate, b.base);
    } else {
        b.lo = lim->min_ratio > plat->min_pstate ? lim->min_ratio : plat->min_pstate;
        b.hi = lim->max_ratio > b.lo ? lim->max_ratio : b.lo;
    }
    *out = b;
    return PGOV_OK;
}

int pgov_pstate_state_reset(struct pgov_pstate_state *st, const struct pgov_pstate_params *prm,
                            const struct pgov_hw_limits *plat)
{
    struct pgov_pstate_state s = {0};

    if (!st || !prm || !plat)
        return PGOV_EFAULT;
    if (pgov_hw_limits_check(plat))
        return PGOV_EINVAL;
    s.pstate = plat->min_pstate;
    s.last_err = fp_s32((int64_t)prm->setpoint_fp - 100 * ONE_FP);
    *st = s;
    return PGOV_OK;
}

/* pid_calc: returns the number of P-states to go DOWN. */
static int32_t pid_step(const struct pgov_pstate_params *prm, struct pgov_pstate_state *st,
                        int32_t busy)
{
    int32_t err = fp_s32((int64_t)prm->setpoint_fp - busy);
    int32_t p, d, r;
    int64_t integral;

    /* abs(INT32_MIN) stays negative in the kernel, so it is "inside". */
    if (err == INT32_MIN || (err < 0 ? -err : err) <= prm->deadband_fp)
        return 0;
    p = fp_mul(prm->p_gain, err);
    integral = fp_s32((int64_t)st->integral + err);
    integral = integral > INTEGRAL_LIMIT ? INTEGRAL_LIMIT : integral;
    integral = integral < -INTEGRAL_LIMIT ? -INTEGRAL_LIMIT : integral;
    st->integral = (int32_t)integral;
    d = fp_mul(prm->d_gain, fp_s32((int64_t)err - st->last_err));
    st->last_err = err;
    r = fp_s32((int64_t)p + fp_mul(st->integral, prm->i_gain) + d);
    r = fp_s32((int64_t)r + 128);
    return (int32_t)pgov_asr64(r, 8);
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

/*
 * Busy estimate of a fresh sample. v4.5/4.6 and Atom: core_pct_busy (fp8
 * percent of APERF/MPERF); v4.13+: core_avg_perf (ext ratio). Returns
 * PGOV_EDOM where the kernel would divide by zero (d_mperf << 8 wrapping to
 * 0), before anything is stored.
 */
static int calc_core(uint32_t prof, const struct pgov_pstate_state *st, int32_t *core)
{
    if (prof >= PGOV_PSTATE_PROF_PID_4_13 && prof != PGOV_PSTATE_PROF_ATOM_4_5 &&
        prof != PGOV_PSTATE_PROF_ATOM_4_6) {
        *core = fp_s32(pgov_u64_to_s64(fp_div_ext(st->d_aperf, st->d_mperf)));
        return PGOV_OK;
    }
    uint64_t den = st->d_mperf << 8;
    if (pgov_unlikely(den == 0))
        return PGOV_EDOM;
    *core = fp_s32(pgov_u64_to_s64(pgov_div_u64((st->d_aperf << 8) * (100u << 8), den)));
    return PGOV_OK;
}

static void clamp_apply(const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                        int32_t target, struct pgov_pstate_result *res)
{
    /* min(max(t, lo), hi): with lo > hi (v4.5/4.6 limits) hi wins. */
    int32_t p = target < (int32_t)b->lo ? (int32_t)b->lo : target;
    p = p > (int32_t)b->hi ? (int32_t)b->hi : p;

    res->lo = b->lo;
    res->hi = b->hi;
    res->have |= PGOV_PSTATE_HAVE_DECIDE;
    if ((uint32_t)p != st->pstate) {
        st->pstate = (uint32_t)p;
        res->write = 1;
        res->perf_ctl = ((uint64_t)(uint32_t)p << 8) | ((uint64_t)b->ctl_turbo << 32);
    }
}

/* Core PID target (v4.5, v4.6, v4.13). Returns PGOV_EDOM on a kernel trap. */
static int decide_pid(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                      const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                      struct pgov_pstate_result *res)
{
    uint32_t prof = prm->profile;
    uint64_t dur = st->time_ns - st->last_time_ns;
    int32_t busy, ratio;

    if (prof == PGOV_PSTATE_PROF_PID_4_13) {
        int32_t scale = fp_div((int64_t)(100u * plat->max_pstate_physical), st->pstate);
        busy = fp_s32(pgov_u64_to_s64(
            fp_mul_ext((uint64_t)(int64_t)st->core, (uint64_t)(int64_t)scale)));
    } else {
        int32_t scale = fp_div((int64_t)plat->max_pstate_physical << 8, (int64_t)st->pstate << 8);
        busy = fp_mul(st->core, scale);
    }

    if (prof == PGOV_PSTATE_PROF_PID_4_5) {
        /* v4.5 works in microseconds, truncating toward zero. */
        int64_t dur_us = pgov_div_s64(pgov_u64_to_s64(dur), 1000);
        int64_t rate_us = (int64_t)pgov_div_u64(prm->sample_ns, 1000);
        if (dur_us > 3 * rate_us) {
            ratio = fp_div(pgov_shl64(rate_us, 8), pgov_shl64(dur_us, 8));
            busy = fp_mul(busy, ratio);
            res->sample_ratio = ratio;
            res->have |= PGOV_PSTATE_HAVE_RATIO;
        }
    } else {
        int64_t sdur = pgov_u64_to_s64(dur);
        if (sdur > 3 * (int64_t)prm->sample_ns) {
            if (prof == PGOV_PSTATE_PROF_PID_4_13) {
                ratio = fp_div((int64_t)prm->sample_ns, sdur);
            } else {
                int64_t den = pgov_shl64(sdur, 8);
                if (pgov_unlikely(den == 0))
                    return PGOV_EDOM;
                ratio = fp_div((int64_t)prm->sample_ns << 8, den);
            }
            busy = fp_mul(busy, ratio);
        } else {
            /* ffb810563c0c: under 1 % C0 residency the CPU counts as idle. */
            ratio = fp_div(pgov_u64_to_s64(100u * (st->d_mperf << prm->amshift)),
                           pgov_u64_to_s64(st->d_tsc));
            if (ratio < ONE_FP)
                busy = 0;
        }
        res->sample_ratio = ratio;
        res->have |= PGOV_PSTATE_HAVE_RATIO;
    }
    st->busy_scaled = busy;
    res->pid_out = pid_step(prm, st, busy);
    res->have |= PGOV_PSTATE_HAVE_PID;
    res->target_raw = fp_s32((int64_t)st->pstate - res->pid_out);
    clamp_apply(b, st, res->target_raw, res);
    return PGOV_OK;
}

/* Atom PID on C0 load plus iowait time (v4.5/v4.6). */
static void decide_atom(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                        const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                        const struct pgov_pstate_input *in, struct pgov_pstate_result *res)
{
    uint64_t d_io = in->iowait_us - st->prev_iowait_us;
    uint64_t io_cycles = pgov_div_u64(d_io * plat->scaling_khz * plat->max_pstate, 1000);
    int32_t load;

    st->prev_iowait_us = in->iowait_us;
    load = fp_s32(pgov_u64_to_s64(
        pgov_div_u64((uint64_t)(100u << 8) * (st->d_mperf + io_cycles), st->d_tsc)));
    st->busy_scaled = load;
    res->pid_out = pid_step(prm, st, load);
    res->have |= PGOV_PSTATE_HAVE_PID;
    res->target_raw = fp_s32((int64_t)st->pstate - res->pid_out);
    clamp_apply(b, st, res->target_raw, res);
}

/* Load-based target (v4.13, v4.17, current). */
static void decide_load(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                        const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                        struct pgov_pstate_result *res)
{
    int32_t busy_frac = fp_div(pgov_u64_to_s64(st->d_mperf << prm->amshift),
                               pgov_u64_to_s64(st->d_tsc));
    int32_t target, avg;
    uint32_t base = b->base;

    if (prm->profile == PGOV_PSTATE_PROF_LOAD_6_19) {
        res->boost_used = (int32_t)st->iowait_boost;
        if ((uint32_t)busy_frac < st->iowait_boost)
            busy_frac = (int32_t)st->iowait_boost;
    } else {
        int32_t boost = (int32_t)st->iowait_boost;
        st->iowait_boost >>= 1; /* consumed per decision */
        res->boost_used = boost;
        if (busy_frac < boost)
            busy_frac = boost;
    }
    st->busy_scaled = fp_s32((int64_t)busy_frac * 100);
    target = fp_mul((int32_t)(base + (base >> 2)), busy_frac);
    if (target < (int32_t)plat->min_pstate)
        target = (int32_t)plat->min_pstate;
    res->target_raw = target;
    avg = fp_s32(pgov_u64_to_s64(fp_mul_ext(plat->max_pstate_physical,
                                            (uint64_t)(int64_t)st->core)));
    res->avg_pstate = avg;
    if (avg > target)
        target += (avg - target) >> 1;
    res->target_avg = target;
    res->busy_frac = busy_frac;
    res->have |= PGOV_PSTATE_HAVE_LOAD;
    clamp_apply(b, st, target, res);
}

int pstate_decide_fast(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, struct pgov_pstate_result *res)
{
    uint32_t prof = prm->profile;
    int timer = pstate_prof_timer(prof);
    int rc;

    res->path = 0;
    res->have = 0;
    res->write = 0;

    if (timer) {
        if (in->event == PGOV_PSTATE_EV_INIT) {
            int ok = take_sample(st, in);
            if (ok) {
                rc = calc_core(prof, st, &st->core);
                if (rc)
                    return rc;
                res->have |= PGOV_PSTATE_HAVE_CORE;
            }
            res->path = ok ? PGOV_PSTATE_PATH_INIT_SAMPLED : PGOV_PSTATE_PATH_INIT_REJECTED;
            res->pstate = st->pstate;
            return PGOV_OK;
        }
        /* Timer: sample, then ALWAYS decide (on the stale sample if rejected). */
        int ok = take_sample(st, in);
        if (ok) {
            rc = calc_core(prof, st, &st->core);
            if (rc)
                return rc;
            res->have |= PGOV_PSTATE_HAVE_CORE;
        }
        res->path = ok ? PGOV_PSTATE_PATH_TIMER_ADJUST : PGOV_PSTATE_PATH_TIMER_STALE;
        if (prof == PGOV_PSTATE_PROF_ATOM_4_5) {
            decide_atom(prm, plat, b, st, in, res);
            rc = PGOV_OK;
        } else {
            rc = decide_pid(prm, plat, b, st, res);
        }
        res->pstate = st->pstate;
        return rc;
    }

    /* Hook-driven profiles. */
    rc = pstate_hook_pre(prm, st, in->now_ns, in->flags, res);
    if (rc == 0)
        return PGOV_OK;
    return pstate_hook_sample(prm, plat, b, st, in, rc == 2, res);
}

int pstate_hook_pre(const struct pgov_pstate_params *prm, struct pgov_pstate_state *st,
                    uint64_t now, uint32_t flags, struct pgov_pstate_result *res)
{
    uint32_t prof = prm->profile;
    int io = (flags & PGOV_UPDATE_IOWAIT) != 0;
    uint64_t interval = prm->sample_ns;

    if (pstate_prof_load(prof)) {
        uint64_t delta = now - st->last_update_ns;
        if (prof == PGOV_PSTATE_PROF_LOAD_6_19) {
            if (io) {
                if (delta > prm->tick_ns)
                    st->iowait_boost = BOOST_ONE_EIGHTH; /* may have idled: start over */
                else if (st->iowait_boost >= BOOST_ONE_EIGHTH)
                    st->iowait_boost = st->iowait_boost >= 128 ? 256u : st->iowait_boost << 1;
                else
                    st->iowait_boost = BOOST_ONE_EIGHTH;
            } else if (st->iowait_boost) {
                st->iowait_boost = delta > prm->tick_ns ? 0 : st->iowait_boost >> 1;
            }
        } else if (io) {
            st->iowait_boost = ONE_FP;
            if (prof == PGOV_PSTATE_PROF_LOAD_4_17) {
                st->last_update_ns = now;
                /* RFC v2 as merged: skip when already at 100 % busy. */
                if (fp_toint32(st->busy_scaled) == 100) {
                    res->path = PGOV_PSTATE_PATH_IO_SKIP;
                    res->pstate = st->pstate;
                    return 0;
                }
                return 2;
            }
        } else if (st->iowait_boost && delta > prm->tick_ns) {
            st->iowait_boost = 0; /* unsigned: backwards time clears it too */
        }
        st->last_update_ns = now;
        if (pgov_unlikely(prm->options) && (st->iowait_boost || (flags & PSTATE_IN_SYSBOOST)))
            interval = PGOV_PSTATE_RFC_IO_INTERVAL_NS;
    }

    if (pgov_u64_to_s64(now - st->time_ns) < pgov_u64_to_s64(interval)) {
        res->path = PGOV_PSTATE_PATH_SKIP;
        res->pstate = st->pstate;
        return 0;
    }
    return 1;
}

int pstate_hook_sample(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, int immediate,
                       struct pgov_pstate_result *res)
{
    uint32_t prof = prm->profile;
    int rc;

    if (!take_sample(st, in)) {
        res->path = PGOV_PSTATE_PATH_REJECTED;
        res->pstate = st->pstate;
        return PGOV_OK;
    }
    if (st->last_time_ns == 0) {
        res->path = PGOV_PSTATE_PATH_FIRST; /* primes the counters only */
        res->pstate = st->pstate;
        return PGOV_OK;
    }
    rc = calc_core(prof, st, &st->core);
    if (rc)
        return rc;
    res->have |= PGOV_PSTATE_HAVE_CORE;
    res->path = immediate ? PGOV_PSTATE_PATH_IO_ADJUST : PGOV_PSTATE_PATH_ADJUST;
    if (pstate_prof_load(prof)) {
        decide_load(prm, plat, b, st, res);
        rc = PGOV_OK;
    } else if (prof == PGOV_PSTATE_PROF_ATOM_4_6) {
        decide_atom(prm, plat, b, st, in, res);
        rc = PGOV_OK;
    } else {
        rc = decide_pid(prm, plat, b, st, res);
    }
    res->pstate = st->pstate;
    return rc;
}

int pgov_pstate_decide(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, struct pgov_pstate_result *res)
{
    struct pgov_pstate_state tmp;
    struct pgov_pstate_result r = {0};
    int rc;

    if (!prm || !plat || !b || !st || !in || !res)
        return PGOV_EFAULT;
    if (prm->profile < PGOV_PSTATE_PROF_PID_4_5 || prm->profile >= PGOV_PSTATE_PROF_HWP_BOOST_6_19)
        return PGOV_EINVAL;
    if ((in->flags & ~PGOV_UPDATE_ALL) || pgov_hw_limits_check(plat) || st->pstate == 0 ||
        b->lo == 0 || b->hi == 0 || b->base == 0 || b->ctl_turbo > 1 || prm->sample_ns == 0 ||
        prm->amshift > 10)
        return PGOV_EINVAL;
    if (pstate_prof_timer(prm->profile) ? in->event != PGOV_PSTATE_EV_INIT &&
                                              in->event != PGOV_PSTATE_EV_TIMER
                                        : in->event != PGOV_PSTATE_EV_UPDATE)
        return PGOV_EINVAL;
    if (in->flags & PGOV_UPDATE_REMOTE) {
        r.path = PGOV_PSTATE_PATH_REMOTE;
        r.pstate = st->pstate;
        *res = r;
        return PGOV_OK;
    }
    tmp = *st;
    rc = pstate_decide_fast(prm, plat, b, &tmp, in, &r);
    if (rc)
        return rc;
    *st = tmp;
    *res = r;
    return PGOV_OK;
}
