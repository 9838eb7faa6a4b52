/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: the intel_pstate sample-and-decide algorithm (docs/spec/pstate.md
 * 2-8), written compute-then-commit: every new value is computed into locals
 * first, the P-state is written through the HAL (when one is given), and
 * only then is the state updated. So a HAL error needs no rollback and no
 * copy of the state. Included by lib/pstate.c (the decision layer, with a
 * result record) and lib/pstate_gov.c (the instance, without one): being
 * inline with constant arguments, each gets its own lean instantiation of
 * the one implementation.
 */
#ifndef PGOV_INTERNAL_PSTATE_ALGO_H
#define PGOV_INTERNAL_PSTATE_ALGO_H

#include "pgov/hw.h"
#include "pgov/pstate.h"

#include "compiler.h"
#include "deps.h"
#include "hal.h"
#include "fp.h"
#include "pstate_impl.h"

#define PST_INTEGRAL_LIMIT (30 * 256) /* the PID integral is clamped to +-30 % */
#define PST_ONE 256

/*
 * Every function here is PGOV_HOT (compiler.h): lib/pstate.c and
 * lib/pstate_gov.c each get their own copy, specialised for the constant
 * profile a caller passes.
 */
#define PST_ONE_EIGHTH 32u

/* pst_hook_sample() outcomes. */
#define PST_DECIDED 0
#define PST_REJECTED 1
#define PST_FIRST 2

/* The new values one decision produces. */
struct pst_dec {
    int32_t busy;       /* busy_scaled */
    int32_t integral;   /* PID */
    int32_t last_err;   /* PID */
    int32_t pid_out;    /* PID */
    int32_t target_raw; /* PID: current - out; load: headroom target, floored */
    int32_t target;     /* what is clamped */
    int32_t ratio;      /* idle-duration / C0 ratio (PID) */
    int32_t busy_frac;  /* load */
    int32_t boost_used; /* load */
    int32_t avg;        /* load */
    uint32_t boost;     /* iowait_boost after the decision */
    uint32_t have;      /* PGOV_PSTATE_HAVE_* */
};

/* pid_calc: the number of P-states to go DOWN. */
PGOV_HOT int32_t pst_pid(const struct pgov_pstate_params *prm, struct pst_dec *d,
                              int32_t busy)
{
    int32_t err = pgov_s32((int64_t)prm->setpoint_fp - busy);
    uint32_t mag = err < 0 ? 0u - (uint32_t)err : (uint32_t)err;
    int32_t p, ii, dd, r, integral;

    /* The kernel's abs() read back as s32: abs(INT32_MIN) stays negative,
     * so it is "inside" the deadband, with no separate test. */
    if (pgov_s32(mag) <= prm->deadband_fp)
        return 0;
    p = fp_mul(prm->p_gain, err);
    integral = pgov_s32((int64_t)d->integral + err);
    integral = integral > PST_INTEGRAL_LIMIT ? PST_INTEGRAL_LIMIT : integral;
    integral = integral < -PST_INTEGRAL_LIMIT ? -PST_INTEGRAL_LIMIT : integral;
    d->integral = integral;
    /* Zero gains (the core default) contribute exactly 0: one test skips both. */
    ii = dd = 0;
    if (prm->i_gain | prm->d_gain) {
        ii = fp_mul(integral, prm->i_gain);
        dd = fp_mul(prm->d_gain, pgov_s32((int64_t)err - d->last_err));
    }
    d->last_err = err;
    r = pgov_s32((int64_t)p + ii + dd + 128);
    return (int32_t)fp_asr64(r, 8);
}

/*
 * core_pct_busy (v4.5/4.6/Atom: fp8 percent of APERF/MPERF) or core_avg_perf
 * (v4.13+: ext ratio). PGOV_EDOM where the kernel divides by zero
 * (d_mperf << 8 wrapping to 0).
 */
PGOV_HOT int pst_core(uint32_t prof, uint64_t d_a, uint64_t d_m, int32_t *core)
{
    int pct = pstate_prof_is(prof, PGOV_PSTATE_PROF_PID_4_5) ||
              pstate_prof_is(prof, PGOV_PSTATE_PROF_PID_4_6) || pstate_prof_atom(prof);

    if (!pct) {
        *core = pgov_s32(pgov_u2s64(fp_div_ext(d_a, d_m)));
        return PGOV_OK;
    }
    uint64_t den = d_m << 8;
    if (pgov_unlikely(den == 0))
        return PGOV_EDOM;
    *core = pgov_s32(pgov_u2s64(pgov_div_u64((d_a << 8) * (100u << 8), den)));
    return PGOV_OK;
}

/* Core PID target (v4.5, v4.6, v4.13). @dur = sample.time - last_sample_time. */
PGOV_HOT int pst_decide_pid(uint32_t prof, const struct pgov_pstate_params *prm,
                                 const struct pgov_hw_limits *plat, uint32_t pstate,
                                 int32_t core, uint64_t d_m, uint64_t d_t, uint64_t dur,
                                 struct pst_dec *d)
{
    int32_t busy, ratio;

    if (prof == PGOV_PSTATE_PROF_PID_4_13) {
        int32_t scale = fp_div((int64_t)(100u * plat->max_pstate_physical), pstate);
        busy = pgov_s32(
            pgov_u2s64(fp_mul_ext((uint64_t)(int64_t)core, (uint64_t)(int64_t)scale)));
    } else {
        int32_t scale = fp_div((int64_t)plat->max_pstate_physical << 8, (int64_t)pstate << 8);
        busy = fp_mul(core, scale);
    }

    if (prof == PGOV_PSTATE_PROF_PID_4_5) {
        /* v4.5 works in microseconds, truncating toward zero. */
        int64_t dur_us = pgov_div_s64(pgov_u2s64(dur), 1000);
        int64_t rate_us = (int64_t)pgov_div_u64_u32(prm->sample_ns, 1000);
        if (dur_us > 3 * rate_us) {
            ratio = fp_div(fp_shl64(rate_us, 8), fp_shl64(dur_us, 8));
            busy = fp_mul(busy, ratio);
            d->ratio = ratio;
            d->have |= PGOV_PSTATE_HAVE_RATIO;
        }
    } else {
        int64_t sdur = pgov_u2s64(dur);
        if (sdur > 3 * (int64_t)prm->sample_ns) {
            if (prof == PGOV_PSTATE_PROF_PID_4_13) {
                ratio = fp_div((int64_t)prm->sample_ns, sdur);
            } else {
                int64_t den = fp_shl64(sdur, 8);
                if (pgov_unlikely(den == 0))
                    return PGOV_EDOM;
                ratio = fp_div((int64_t)prm->sample_ns << 8, den);
            }
            busy = fp_mul(busy, ratio);
        } else {
            /* ffb810563c0c: under 1 % C0 residency the CPU counts as idle. */
            ratio = fp_div(pgov_u2s64(100u * (d_m << pstate_amshift(prof, prm))), pgov_u2s64(d_t));
            if (ratio < PST_ONE)
                busy = 0;
        }
        d->ratio = ratio;
        d->have |= PGOV_PSTATE_HAVE_RATIO;
    }
    d->busy = busy;
    d->pid_out = pst_pid(prm, d, busy);
    d->target_raw = d->target = pgov_s32((int64_t)pstate - d->pid_out);
    d->have |= PGOV_PSTATE_HAVE_PID;
    return PGOV_OK;
}

/* Atom PID on C0 load plus iowait time (v4.5/v4.6). PGOV_EDOM when the
 * kernel would divide by a zero TSC delta (a v4.5 stale decision before any
 * sample was accepted). */
PGOV_HOT int pst_decide_atom(const struct pgov_pstate_params *prm,
                                   const struct pgov_hw_limits *plat, uint32_t pstate,
                                   uint64_t d_m, uint64_t d_t, uint64_t d_io, struct pst_dec *d)
{
    /* iowait time as cycles at max non-turbo (scaling in kHz). */
    uint64_t io_cycles = pgov_div_u64_u32(d_io * plat->scaling_khz * plat->max_pstate, 1000);

    if (pgov_unlikely(d_t == 0))
        return PGOV_EDOM;
    d->busy = pgov_s32(pgov_u2s64(pgov_div_u64((uint64_t)(100u << 8) * (d_m + io_cycles), d_t)));
    d->pid_out = pst_pid(prm, d, d->busy);
    d->target_raw = d->target = pgov_s32((int64_t)pstate - d->pid_out);
    d->have |= PGOV_PSTATE_HAVE_PID;
    return PGOV_OK;
}

/* Load-based target (v4.13, v4.17, current). */
PGOV_HOT void pst_decide_load(uint32_t prof, const struct pgov_pstate_params *prm,
                                   const struct pgov_hw_limits *plat,
                                   const struct pgov_pstate_bounds *b, int32_t core,
                                   uint64_t d_m, uint64_t d_t, struct pst_dec *d)
{
    int32_t busy_frac = fp_div(pgov_u2s64(d_m << pstate_amshift(prof, prm)), pgov_u2s64(d_t));
    int32_t target, avg;

    d->boost_used = (int32_t)d->boost;
    if (prof == PGOV_PSTATE_PROF_LOAD_6_19) {
        if ((uint32_t)busy_frac < d->boost) /* unsigned compare, as in the kernel */
            busy_frac = (int32_t)d->boost;
    } else {
        d->boost >>= 1; /* consumed per decision */
        if (busy_frac < d->boost_used)
            busy_frac = d->boost_used;
    }
    d->busy = pgov_s32((int64_t)busy_frac * 100);
    /* 25 % headroom over the base P-state, floored at min_pstate. */
    target = fp_mul((int32_t)(b->base + (b->base >> 2)), busy_frac);
    if (target < (int32_t)plat->min_pstate)
        target = (int32_t)plat->min_pstate;
    d->target_raw = target;
    /* Move half way up to the average P-state observed in C0. */
    avg = pgov_s32(pgov_u2s64(fp_mul_ext(plat->max_pstate_physical, (uint64_t)(int64_t)core)));
    if (avg > target)
        target += (avg - target) >> 1;
    d->target = target;
    d->avg = avg;
    d->busy_frac = busy_frac;
    d->have |= PGOV_PSTATE_HAVE_LOAD;
}

/* min(max(t, lo), hi): with lo > hi (v4.5/4.6 limits) hi wins. */
PGOV_HOT uint32_t pst_clamp(const struct pgov_pstate_bounds *b, int32_t target)
{
    int32_t p = target < (int32_t)b->lo ? (int32_t)b->lo : target;
    return (uint32_t)(p > (int32_t)b->hi ? (int32_t)b->hi : p);
}

/* Decide on the sample values given, for any non-HWP profile. */
PGOV_HOT int pst_decide(uint32_t prof, const struct pgov_pstate_params *prm,
                             const struct pgov_hw_limits *plat,
                             const struct pgov_pstate_bounds *b, uint32_t pstate, int32_t core,
                             uint64_t d_m, uint64_t d_t, uint64_t dur, uint64_t d_io,
                             struct pst_dec *d)
{
    if (pstate_prof_load(prof)) {
        pst_decide_load(prof, prm, plat, b, core, d_m, d_t, d);
        return PGOV_OK;
    }
    if (pstate_prof_atom(prof))
        return pst_decide_atom(prm, plat, pstate, d_m, d_t, d_io, d);
    if (pstate_prof_pid(prof))
        return pst_decide_pid(prof, prm, plat, pstate, core, d_m, d_t, dur, d);
    return PGOV_ENOTSUP; /* a profile this build left out: init refused it */
}

PGOV_HOT uint64_t pst_perf_ctl(const struct pgov_pstate_bounds *b, uint32_t p)
{
    return ((uint64_t)p << 8) | ((uint64_t)b->ctl_turbo << 32);
}

/*
 * Hook step 1: boost bookkeeping and the interval check; no counters needed
 * and nothing here can fail. Returns 0 when done (@res->path set),
 * 1 to sample, 2 to sample at once (v4.17 IOWAIT).
 */
PGOV_HOT int pst_hook_pre(uint32_t prof, const struct pgov_pstate_params *prm,
                               struct pgov_pstate_state *st, uint64_t now, uint32_t flags,
                               struct pgov_pstate_result *res)
{
    int io = (flags & PGOV_UPDATE_IOWAIT) != 0;
    uint64_t interval = prm->sample_ns;

    if (pstate_prof_load(prof)) {
        uint64_t delta = now - st->last_update_ns;
        if (prof == PGOV_PSTATE_PROF_LOAD_6_19) {
            if (io) {
                if (delta > prm->tick_ns)
                    st->iowait_boost = PST_ONE_EIGHTH; /* may have idled: start over */
                else if (st->iowait_boost >= PST_ONE_EIGHTH)
                    st->iowait_boost = st->iowait_boost >= 128 ? 256u : st->iowait_boost << 1;
                else
                    st->iowait_boost = PST_ONE_EIGHTH;
            } else if (st->iowait_boost) {
                st->iowait_boost = delta > prm->tick_ns ? 0 : st->iowait_boost >> 1;
            }
        } else if (io) {
            st->iowait_boost = PST_ONE;
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
        if (pgov_unlikely(pstate_options(prof, prm)) && (st->iowait_boost || (flags & PSTATE_IN_SYSBOOST)))
            interval = PGOV_PSTATE_RFC_IO_INTERVAL_NS;
    }

    if (pgov_u2s64(now - st->time_ns) < pgov_u2s64(interval)) {
        res->path = PGOV_PSTATE_PATH_SKIP;
        res->pstate = st->pstate;
        return 0;
    }
    return 1;
}

/*
 * Hook step 2: sample counters @c at @now and decide; write through @hw
 * (when not NULL) before anything is stored; fill @res (when not NULL).
 * Returns PST_DECIDED, PST_REJECTED, PST_FIRST, or a negative error (then
 * nothing has changed).
 *
 * Without @res (the instance, whose hook profiles never read them back) the
 * stored deltas, last_sample_time and core are not kept: only the v4.5
 * timer's stale decision uses them, and it runs through the decision layer.
 */
PGOV_HOT int pst_hook_sample(uint32_t prof, const struct pgov_pstate_params *prm,
                                  const struct pgov_hw_limits *plat,
                                  const struct pgov_pstate_bounds *b,
                                  struct pgov_pstate_state *st, uint64_t now,
                                  const struct pgov_hw_counters *c, uint64_t iowait_us,
                                  int immediate, struct pgov_pstate_result *res,
                                  const struct pgov_hw *hw, uint32_t cpu)
{
    struct pst_dec d;
    uint64_t d_a, d_m, d_t, d_io = 0, last = st->time_ns;
    int32_t core = 0;
    uint32_t p, cur = st->pstate;
    int rc;

    if (c->mperf == st->prev_mperf || c->tsc == st->prev_tsc) {
        if (res) {
            res->path = PGOV_PSTATE_PATH_REJECTED;
            res->pstate = cur;
        }
        return PST_REJECTED;
    }
    d_a = c->aperf - st->prev_aperf;
    d_m = c->mperf - st->prev_mperf;
    d_t = c->tsc - st->prev_tsc;
    if (pgov_unlikely(last == 0)) {
        /* The first accepted sample only primes the counters. */
        st->last_time_ns = 0;
        st->time_ns = now;
        st->d_aperf = d_a;
        st->d_mperf = d_m;
        st->d_tsc = d_t;
        st->prev_aperf = c->aperf;
        st->prev_mperf = c->mperf;
        st->prev_tsc = c->tsc;
        if (res) {
            res->path = PGOV_PSTATE_PATH_FIRST;
            res->pstate = cur;
        }
        return PST_FIRST;
    }
    rc = pst_core(prof, d_a, d_m, &core);
    if (pgov_unlikely(rc))
        return rc;
    PGOV_ZERO(&d);
    d.integral = st->integral;
    d.last_err = st->last_err;
    d.boost = st->iowait_boost;
    if (pstate_prof_atom(prof))
        d_io = iowait_us - st->prev_iowait_us;
    rc = pst_decide(prof, prm, plat, b, cur, core, d_m, d_t, now - last, d_io, &d);
    if (pgov_unlikely(rc))
        return rc;
    p = pst_clamp(b, d.target);
    if (p != cur && hw) {
        rc = pgov_hal_set_pstate(hw, cpu, p, pst_perf_ctl(b, p));
        if (pgov_unlikely(rc))
            return pgov_hal_rc(rc);
    }
    if (res) {
        res->path = immediate ? PGOV_PSTATE_PATH_IO_ADJUST : PGOV_PSTATE_PATH_ADJUST;
        res->have = d.have | PGOV_PSTATE_HAVE_CORE | PGOV_PSTATE_HAVE_DECIDE;
        res->write = p != cur;
        res->perf_ctl = res->write ? pst_perf_ctl(b, p) : 0;
        res->pstate = p;
        res->sample_ratio = d.ratio;
        res->pid_out = d.pid_out;
        res->target_raw = d.target_raw;
        res->busy_frac = d.busy_frac;
        res->boost_used = d.boost_used;
        res->avg_pstate = d.avg;
        res->target_avg = d.target;
        res->lo = b->lo;
        res->hi = b->hi;
        st->last_time_ns = last;
        st->d_aperf = d_a;
        st->d_mperf = d_m;
        st->d_tsc = d_t;
        st->core = core;
    }
    st->time_ns = now;
    st->prev_aperf = c->aperf;
    st->prev_mperf = c->mperf;
    st->prev_tsc = c->tsc;
    if (pstate_prof_atom(prof))
        st->prev_iowait_us += d_io;
    st->busy_scaled = d.busy;
    if (!pstate_prof_load(prof)) {
        st->integral = d.integral;
        st->last_err = d.last_err;
    } else if (prof != PGOV_PSTATE_PROF_LOAD_6_19) {
        st->iowait_boost = d.boost; /* halved by the decision before v5.x */
    }
    st->pstate = p;
    return PST_DECIDED;
}


#endif
