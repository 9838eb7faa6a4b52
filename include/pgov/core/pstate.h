/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/pstate.h
 * @brief Core tier of pstate.h: the intel_pstate sample-and-decide
 *        algorithm (docs/spec/pstate.md 2-8), `static inline`.
 *
 * The one implementation: lib/pstate.c (the decision layer,
 * pgov_pstate_decide()) and lib/pstate_gov.c (the instance) call it after
 * validating; an embedder that owns its state (a kernel, firmware) calls it
 * directly on the public structs that pgov_pstate_params_init(),
 * pgov_pstate_bounds_init() and pgov_pstate_state_reset() prepare. No
 * argument checks (their preconditions are what those functions establish;
 * PGOV_ASSERT, embed.h) and no HAL: one hook call is
 *
 *     how = pgov_pstate_core_hook_pre(prof, prm, st, now, flags, &res);
 *     if (how) { read counters c;
 *         if (pgov_pstate_core_sample(prof, prm, plat, b, st, now, &c, 0, &s)
 *                 == PGOV_PSTATE_CORE_DECIDED) {
 *             if (s.pstate != st->pstate) write pgov_pstate_core_perf_ctl(b, s.pstate);
 *             pgov_pstate_core_commit(prof, st, now, &c, &s, false); } }
 *
 * written compute-then-commit, so a failed write needs no rollback. With a
 * constant @c prof every profile test folds and each caller gets a copy
 * specialised for its profile. A caller that keeps a struct
 * pgov_pstate_core_known with its bounds (pgov_pstate_core_known_init())
 * calls pgov_pstate_core_sample_known() and pgov_pstate_core_perf_ctl_known()
 * instead, so what the bounds determine is loaded, not derived per sample.
 * Layouts and names here are not ABI.
 */
#ifndef PGOV_PSTATE_CORE_H
#define PGOV_PSTATE_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stdint.h>

#include "../embed.h"
#include "fixed.h"
#include "../hw.h"
#include "math64.h"
#include "../pstate.h"

/* Internal input flag of pgov_pstate_core_hook_pre(): another CPU has an
 * active IO boost (the IO RFC "all" option). */
#define PGOV_PSTATE_CORE_IN_SYSBOOST 0x80000000u
/* The IO RFCs' boosted interval (PGOV_PSTATE_RFC_IO_INTERVAL_NS, declared
 * only under PGOV_EXPERIMENTAL; lib/pstate.c asserts they agree). */
#define PGOV_PSTATE_CORE_RFC_IO_NS 1000000u

/*
 * The profiles this build contains (PGOV_PSTATE_PROFILES, pstate.h). Every
 * predicate below is false for a profile left out, so with constant
 * profiles (the instance's per-profile hooks) and with the run-time
 * profile (the decision layer) its code folds away; init refuses it with
 * PGOV_ENOTSUP. The #if form leaves the HWP hook out even at -O0.
 */
#ifndef PGOV_PSTATE_PROFILES
#define PGOV_PSTATE_PROFILES PGOV_PSTATE_PROFILES_ALL
#endif
#define PGOV_PSTATE_CORE_BUILT_HWP ((PGOV_PSTATE_PROFILES >> 9) & 1u)

static inline int pgov_pstate_core_prof_built(uint32_t prof)
{
    return prof < 32 && ((PGOV_PSTATE_PROFILES >> prof) & 1u);
}

/* @prof is @want and built: the building block of the predicates. */
static inline int pgov_pstate_core_prof_is(uint32_t prof, uint32_t want)
{
    return ((PGOV_PSTATE_PROFILES >> want) & 1u) && prof == want;
}

static inline int pgov_pstate_core_prof_timer(uint32_t prof)
{
    return pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_PID_4_5) ||
           pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_ATOM_4_5);
}

static inline int pgov_pstate_core_prof_atom(uint32_t prof)
{
    return pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_ATOM_4_5) ||
           pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_ATOM_4_6);
}

static inline int pgov_pstate_core_prof_load(uint32_t prof)
{
    return pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_LOAD_4_13) ||
           pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_LOAD_4_17) ||
           pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_LOAD_6_19);
}

/* The core PID profiles (not Atom). */
static inline int pgov_pstate_core_prof_pid(uint32_t prof)
{
    return pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_PID_4_5) ||
           pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_PID_4_6) ||
           pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_PID_4_13);
}

/* v4.5/4.6 express limits as fp8 fractions; v4.13+ as ratios. */
static inline int pgov_pstate_core_prof_fp_limits(uint32_t prof)
{
    return prof == PGOV_PSTATE_PROF_PID_4_5 || prof == PGOV_PSTATE_PROF_PID_4_6 ||
           prof == PGOV_PSTATE_PROF_ATOM_4_5 || prof == PGOV_PSTATE_PROF_ATOM_4_6;
}

/*
 * What pgov_pstate_params_init() allows (and the decision layer checks):
 * the IO RFC options only on the v4.13 load profile, the APERF/MPERF shift
 * only from v4.13 on and not on Atom. The hot paths rely on it so that the
 * profiles without them test nothing.
 */
static inline int pgov_pstate_core_prof_has_options(uint32_t prof)
{
    return pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_LOAD_4_13);
}

/* The experimental PGOV_PSTATE_OPT_* bits of pstate.h, named here too so
 * that the core compiles without PGOV_EXPERIMENTAL (pstate.c asserts they
 * agree). */
#define PGOV_PSTATE_CORE_OPT_RFC_IO (0x1u | 0x2u) /* _RFC_IO_PERCPU | _RFC_IO_ALL */
#define PGOV_PSTATE_CORE_OPT_NO_C0_CUTOFF 0x4u

/* Every option on a profile that has it: the IO RFCs (not both) on the
 * v4.13 load path, the cut-off revert on the hook-driven core PIDs. */
static inline int pgov_pstate_core_options_valid(uint32_t prof, uint32_t options)
{
    uint32_t rfc = PGOV_PSTATE_CORE_OPT_RFC_IO;
    if (options & ~(rfc | PGOV_PSTATE_CORE_OPT_NO_C0_CUTOFF))
        return 0;
    if ((options & rfc) && !pgov_pstate_core_prof_has_options(prof))
        return 0;
    if ((options & PGOV_PSTATE_CORE_OPT_NO_C0_CUTOFF) && prof != PGOV_PSTATE_PROF_PID_4_6 &&
        prof != PGOV_PSTATE_PROF_PID_4_13)
        return 0;
    return (options & rfc) != rfc;
}

static inline int pgov_pstate_core_prof_has_amshift(uint32_t prof)
{
    return prof >= PGOV_PSTATE_PROF_PID_4_13 && prof != PGOV_PSTATE_PROF_ATOM_4_5 &&
           prof != PGOV_PSTATE_PROF_ATOM_4_6;
}

static inline uint32_t pgov_pstate_core_options(uint32_t prof, const struct pgov_pstate_params *prm)
{
    return pgov_pstate_core_prof_has_options(prof) ? prm->options : 0;
}

static inline unsigned pgov_pstate_core_amshift(uint32_t prof, const struct pgov_pstate_params *prm)
{
    return pgov_pstate_core_prof_has_amshift(prof) ? prm->amshift : 0;
}

#define PGOV_PSTATE_CORE_INTEGRAL_LIMIT (30 * 256) /* the PID integral is clamped to +-30 % */
#define PGOV_PSTATE_CORE_ONE 256

#define PGOV_PSTATE_CORE_ONE_EIGHTH 32u

/* pgov_pstate_core_sample() outcomes. */
#define PGOV_PSTATE_CORE_DECIDED 0
#define PGOV_PSTATE_CORE_REJECTED 1
#define PGOV_PSTATE_CORE_FIRST 2

/* The new values one decision produces. */
struct pgov_pstate_core_dec {
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

/* What a decision and its write derive from the parameters and bounds
 * alone, so that a caller keeps it with them (pgov_pstate_core_known_init()
 * wherever the bounds change; the instance does) instead of deriving it per
 * sample. Another value than they give is another decision. */
struct pgov_pstate_core_known {
    uint64_t ctl_hi;     /* PERF_CTL's bits above the ratio: bit 32 when b->ctl_turbo */
    int32_t headroom;    /* pgov_pstate_core_headroom() */
    uint32_t frac_shift; /* load busy_frac: MPERF << (APERF/MPERF shift + 8), one shift */
};

/* The load target's 25 % headroom over the base P-state. */
PGOV_CORE int32_t pgov_pstate_core_headroom(const struct pgov_pstate_bounds *b)
{
    return pgov_s32((int64_t)(b->base + (b->base >> 2)));
}

PGOV_CORE void pgov_pstate_core_known_init(uint32_t prof, struct pgov_pstate_core_known *k,
                                           const struct pgov_pstate_params *prm,
                                           const struct pgov_pstate_bounds *b)
{
    k->ctl_hi = (uint64_t)b->ctl_turbo << 32;
    k->headroom = pgov_pstate_core_headroom(b);
    /* At most 10 + 8 (pgov_pstate_params_init()): the two shifts are one. */
    k->frac_shift = pgov_pstate_core_amshift(prof, prm) + 8u;
}

/* pid_calc: the number of P-states to go DOWN. */
PGOV_CORE int32_t pgov_pstate_core_pid(const struct pgov_pstate_params *prm, struct pgov_pstate_core_dec *d,
                              int32_t busy)
{
    int32_t err = pgov_s32((int64_t)prm->setpoint_fp - busy);
    uint32_t mag = err < 0 ? 0u - (uint32_t)err : (uint32_t)err;
    int32_t p, ii, dd, r, integral;

    /* The kernel's abs() read back as s32: abs(INT32_MIN) stays negative,
     * so it is "inside" the deadband, with no separate test. */
    if (pgov_s32(mag) <= prm->deadband_fp)
        return 0;
    p = pgov_fixed_core_mul(prm->p_gain, err);
    integral = pgov_s32((int64_t)d->integral + err);
    integral = integral > PGOV_PSTATE_CORE_INTEGRAL_LIMIT ? PGOV_PSTATE_CORE_INTEGRAL_LIMIT : integral;
    integral = integral < -PGOV_PSTATE_CORE_INTEGRAL_LIMIT ? -PGOV_PSTATE_CORE_INTEGRAL_LIMIT : integral;
    d->integral = integral;
    /* Zero gains (the core default) contribute exactly 0: one test skips both. */
    ii = dd = 0;
    if (prm->i_gain | prm->d_gain) {
        ii = pgov_fixed_core_mul(integral, prm->i_gain);
        dd = pgov_fixed_core_mul(prm->d_gain, pgov_s32((int64_t)err - d->last_err));
    }
    d->last_err = err;
    r = pgov_s32((int64_t)p + ii + dd + 128);
    return (int32_t)pgov_fixed_core_asr64(r, 8);
}

/*
 * core_pct_busy (v4.5/4.6/Atom: fp8 percent of APERF/MPERF) or core_avg_perf
 * (v4.13+: ext ratio). PGOV_EDOM where the kernel divides by zero
 * (d_mperf << 8 wrapping to 0).
 */
PGOV_CORE int pgov_pstate_core_perf(uint32_t prof, uint64_t d_a, uint64_t d_m, int32_t *core)
{
    int pct = pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_PID_4_5) ||
              pgov_pstate_core_prof_is(prof, PGOV_PSTATE_PROF_PID_4_6) || pgov_pstate_core_prof_atom(prof);

    if (!pct) {
        *core = pgov_s32(pgov_u2s64(pgov_fixed_core_div_ext(d_a, d_m)));
        return PGOV_OK;
    }
    uint64_t den = d_m << 8;
    if (pgov_unlikely(den == 0))
        return PGOV_EDOM;
    *core = pgov_s32(pgov_u2s64(pgov_div_u64((d_a << 8) * (100u << 8), den)));
    return PGOV_OK;
}

/* Core PID target (v4.5, v4.6, v4.13). @dur = sample.time - last_sample_time. */
PGOV_CORE int pgov_pstate_core_decide_pid(uint32_t prof, const struct pgov_pstate_params *prm,
                                 const struct pgov_hw_limits *plat, uint32_t pstate,
                                 int32_t core, uint64_t d_m, uint64_t d_t, uint64_t dur,
                                 struct pgov_pstate_core_dec *d)
{
    int32_t busy, ratio;

    if (prof == PGOV_PSTATE_PROF_PID_4_13) {
        int32_t scale = pgov_fixed_core_div((int64_t)(100u * plat->max_pstate_physical), pstate);
        busy = pgov_s32(
            pgov_u2s64(pgov_fixed_core_mul_ext((uint64_t)(int64_t)core, (uint64_t)(int64_t)scale)));
    } else {
        int32_t scale = pgov_fixed_core_div((int64_t)plat->max_pstate_physical << 8, (int64_t)pstate << 8);
        busy = pgov_fixed_core_mul(core, scale);
    }

    if (prof == PGOV_PSTATE_PROF_PID_4_5) {
        /* v4.5 works in microseconds, truncating toward zero. */
        int64_t dur_us = pgov_div_s64(pgov_u2s64(dur), 1000);
        int64_t rate_us = (int64_t)pgov_div_u64_u32(prm->sample_ns, 1000);
        if (dur_us > 3 * rate_us) {
            ratio = pgov_fixed_core_div(pgov_fixed_core_shl64(rate_us, 8), pgov_fixed_core_shl64(dur_us, 8));
            busy = pgov_fixed_core_mul(busy, ratio);
            d->ratio = ratio;
            d->have |= PGOV_PSTATE_HAVE_RATIO;
        }
    } else {
        int64_t sdur = pgov_u2s64(dur);
        if (sdur > 3 * (int64_t)prm->sample_ns) {
            if (prof == PGOV_PSTATE_PROF_PID_4_13) {
                ratio = pgov_fixed_core_div((int64_t)prm->sample_ns, sdur);
            } else {
                int64_t den = pgov_fixed_core_shl64(sdur, 8);
                if (pgov_unlikely(den == 0))
                    return PGOV_EDOM;
                ratio = pgov_fixed_core_div((int64_t)prm->sample_ns << 8, den);
            }
            busy = pgov_fixed_core_mul(busy, ratio);
        } else {
            /* ffb810563c0c: under 1 % C0 residency the CPU counts as idle. */
            ratio = pgov_fixed_core_div(pgov_u2s64(100u * (d_m << pgov_pstate_core_amshift(prof, prm))), pgov_u2s64(d_t));
            if (ratio < PGOV_PSTATE_CORE_ONE && !(prm->options & PGOV_PSTATE_CORE_OPT_NO_C0_CUTOFF))
                busy = 0;
        }
        d->ratio = ratio;
        d->have |= PGOV_PSTATE_HAVE_RATIO;
    }
    d->busy = busy;
    d->pid_out = pgov_pstate_core_pid(prm, d, busy);
    d->target_raw = d->target = pgov_s32((int64_t)pstate - d->pid_out);
    d->have |= PGOV_PSTATE_HAVE_PID;
    return PGOV_OK;
}

/* Atom PID on C0 load plus iowait time (v4.5/v4.6). PGOV_EDOM when the
 * kernel would divide by a zero TSC delta (a v4.5 stale decision before any
 * sample was accepted). */
PGOV_CORE int pgov_pstate_core_decide_atom(const struct pgov_pstate_params *prm,
                                   const struct pgov_hw_limits *plat, uint32_t pstate,
                                   uint64_t d_m, uint64_t d_t, uint64_t d_io, struct pgov_pstate_core_dec *d)
{
    /* iowait time as cycles at max non-turbo (scaling in kHz). */
    uint64_t io_cycles = pgov_div_u64_u32(d_io * plat->scaling_khz * plat->max_pstate, 1000);

    if (pgov_unlikely(d_t == 0))
        return PGOV_EDOM;
    d->busy = pgov_s32(pgov_u2s64(pgov_div_u64((uint64_t)(100u << 8) * (d_m + io_cycles), d_t)));
    d->pid_out = pgov_pstate_core_pid(prm, d, d->busy);
    d->target_raw = d->target = pgov_s32((int64_t)pstate - d->pid_out);
    d->have |= PGOV_PSTATE_HAVE_PID;
    return PGOV_OK;
}

/* Load-based target (v4.13, v4.17, current). */
PGOV_CORE void pgov_pstate_core_decide_load(uint32_t prof, const struct pgov_hw_limits *plat,
                                   const struct pgov_pstate_core_known *k, int32_t core,
                                   uint64_t d_m, uint64_t d_t, struct pgov_pstate_core_dec *d)
{
    /* div_fp(MPERF << shift, TSC) with the shift and div_fp's own << 8 as one. */
    int32_t busy_frac = pgov_s32(pgov_div_s64(pgov_u2s64(d_m << k->frac_shift), pgov_u2s64(d_t)));
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
    /* The s32 product's low bits: one 32-bit multiply. */
    d->busy = pgov_s32((int64_t)((uint32_t)busy_frac * 100u));
    /* 25 % headroom over the base P-state, floored at min_pstate. */
    target = pgov_fixed_core_mul(k->headroom, busy_frac);
    if (target < (int32_t)plat->min_pstate)
        target = (int32_t)plat->min_pstate;
    d->target_raw = target;
    /* Move half way up to the average P-state observed in C0. */
    avg = pgov_s32(pgov_u2s64(pgov_fixed_core_mul_ext(plat->max_pstate_physical, (uint64_t)(int64_t)core)));
    if (avg > target)
        target += (avg - target) >> 1;
    d->target = target;
    d->avg = avg;
    d->busy_frac = busy_frac;
    d->have |= PGOV_PSTATE_HAVE_LOAD;
}

/* min(max(t, lo), hi): with lo > hi (v4.5/4.6 limits) hi wins. */
PGOV_CORE uint32_t pgov_pstate_core_clamp(const struct pgov_pstate_bounds *b, int32_t target)
{
    int32_t p = target < (int32_t)b->lo ? (int32_t)b->lo : target;
    return (uint32_t)(p > (int32_t)b->hi ? (int32_t)b->hi : p);
}

/* Decide on the sample values given, for any non-HWP profile (@k from the
 * bounds the result is clamped to). */
PGOV_CORE int pgov_pstate_core_decide(uint32_t prof, const struct pgov_pstate_params *prm,
                             const struct pgov_hw_limits *plat,
                             const struct pgov_pstate_core_known *k, uint32_t pstate, int32_t core,
                             uint64_t d_m, uint64_t d_t, uint64_t dur, uint64_t d_io,
                             struct pgov_pstate_core_dec *d)
{
    if (pgov_pstate_core_prof_load(prof)) {
        pgov_pstate_core_decide_load(prof, plat, k, core, d_m, d_t, d);
        return PGOV_OK;
    }
    if (pgov_pstate_core_prof_atom(prof))
        return pgov_pstate_core_decide_atom(prm, plat, pstate, d_m, d_t, d_io, d);
    if (pgov_pstate_core_prof_pid(prof))
        return pgov_pstate_core_decide_pid(prof, prm, plat, pstate, core, d_m, d_t, dur, d);
    return PGOV_ENOTSUP; /* a profile this build left out: init refused it */
}

PGOV_CORE uint64_t pgov_pstate_core_perf_ctl(const struct pgov_pstate_bounds *b, uint32_t p)
{
    return ((uint64_t)p << 8) | ((uint64_t)b->ctl_turbo << 32);
}

/* The same from the bits kept with the bounds. */
PGOV_CORE uint64_t pgov_pstate_core_perf_ctl_known(const struct pgov_pstate_core_known *k, uint32_t p)
{
    return ((uint64_t)p << 8) | k->ctl_hi;
}

/*
 * Hook step 1: boost bookkeeping and the interval check; no counters needed
 * and nothing here can fail. Returns 0 when done (@res->path set),
 * 1 to sample, 2 to sample at once (v4.17 IOWAIT).
 */
PGOV_CORE int pgov_pstate_core_hook_pre(uint32_t prof, const struct pgov_pstate_params *prm,
                               struct pgov_pstate_state *st, uint64_t now, uint32_t flags,
                               struct pgov_pstate_result *res)
{
    int io = (flags & PGOV_UPDATE_IOWAIT) != 0;
    uint64_t interval = prm->sample_ns;

    if (pgov_pstate_core_prof_load(prof)) {
        uint64_t delta = now - st->last_update_ns;
        if (prof == PGOV_PSTATE_PROF_LOAD_6_19) {
            if (io) {
                if (delta > prm->tick_ns)
                    st->iowait_boost = PGOV_PSTATE_CORE_ONE_EIGHTH; /* may have idled: start over */
                else if (st->iowait_boost >= PGOV_PSTATE_CORE_ONE_EIGHTH)
                    st->iowait_boost = st->iowait_boost >= 128 ? 256u : st->iowait_boost << 1;
                else
                    st->iowait_boost = PGOV_PSTATE_CORE_ONE_EIGHTH;
            } else if (st->iowait_boost) {
                st->iowait_boost = delta > prm->tick_ns ? 0 : st->iowait_boost >> 1;
            }
        } else if (io) {
            st->iowait_boost = PGOV_PSTATE_CORE_ONE;
            if (prof == PGOV_PSTATE_PROF_LOAD_4_17) {
                st->last_update_ns = now;
                /* RFC v2 as merged: skip when already at 100 % busy. */
                if (pgov_fixed_core_toint32(st->busy_scaled) == 100) {
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
        if (pgov_unlikely(pgov_pstate_core_options(prof, prm)) && (st->iowait_boost || (flags & PGOV_PSTATE_CORE_IN_SYSBOOST)))
            interval = PGOV_PSTATE_CORE_RFC_IO_NS;
    }

    if (pgov_u2s64(now - st->time_ns) < pgov_u2s64(interval)) {
        res->path = PGOV_PSTATE_PATH_SKIP;
        res->pstate = st->pstate;
        return 0;
    }
    return 1;
}

/* One sample's new values, computed before anything is stored. */
struct pgov_pstate_core_sample {
    struct pgov_pstate_core_dec d;
    uint64_t d_aperf, d_mperf, d_tsc, d_iowait_us; /* counter deltas */
    uint64_t last_ns; /* the previous sample's time */
    int32_t core;     /* core_pct_busy or core_avg_perf */
    uint32_t pstate;  /* the new P-state, clamped */
};

/*
 * Hook step 2: sample counters @c at @now and decide into @s; @st changes
 * only for PGOV_PSTATE_CORE_FIRST (the first accepted sample primes the
 * counters). Returns PGOV_PSTATE_CORE_DECIDED (the caller writes
 * @s->pstate when it differs from @st->pstate, then commits),
 * PGOV_PSTATE_CORE_REJECTED (MPERF or TSC unchanged: nothing to do),
 * PGOV_PSTATE_CORE_FIRST, or PGOV_EDOM where the kernel divides by zero.
 * Preconditions: @prm, @plat, @b as init builds them, @prof built.
 *
 * pgov_pstate_core_sample_known() takes what the caller knows ahead
 * (pgov_pstate_core_sample() derives it per call): @k, kept with the
 * bounds, so the headroom is loaded, not computed (through a pointer, so
 * the load comes where it is used, not held in a register across the
 * caller's counter read); and @no_boost, a constant true only where
 * @st->iowait_boost is known to be 0 (the instance's quiet hook: no boost
 * is its entry condition), so the boost floor folds away.
 */

PGOV_CORE int pgov_pstate_core_sample_known(uint32_t prof, const struct pgov_pstate_params *prm,
                                            const struct pgov_hw_limits *plat,
                                            const struct pgov_pstate_bounds *b,
                                            struct pgov_pstate_state *st, uint64_t now,
                                            const struct pgov_hw_counters *c, uint64_t iowait_us,
                                            const struct pgov_pstate_core_known *k,
                                            bool no_boost, struct pgov_pstate_core_sample *s)
{
    struct pgov_pstate_core_dec *d = &s->d;
    uint64_t last = st->time_ns;
    int rc;

    PGOV_ASSERT(pgov_pstate_core_prof_built(prof) && st->pstate != 0);
    /* MPERF or TSC unchanged is a zero delta: tested on the deltas, which
     * the sample needs anyway (no separate compare). */
    s->d_mperf = c->mperf - st->prev_mperf;
    s->d_tsc = c->tsc - st->prev_tsc;
    if (s->d_mperf == 0 || s->d_tsc == 0)
        return PGOV_PSTATE_CORE_REJECTED;
    s->d_aperf = c->aperf - st->prev_aperf;
    if (pgov_unlikely(last == 0)) {
        st->last_time_ns = 0;
        st->time_ns = now;
        st->d_aperf = s->d_aperf;
        st->d_mperf = s->d_mperf;
        st->d_tsc = s->d_tsc;
        st->prev_aperf = c->aperf;
        st->prev_mperf = c->mperf;
        st->prev_tsc = c->tsc;
        return PGOV_PSTATE_CORE_FIRST;
    }
    s->last_ns = last;
    s->core = 0;
    rc = pgov_pstate_core_perf(prof, s->d_aperf, s->d_mperf, &s->core);
    if (pgov_unlikely(rc))
        return PGOV_EDOM; /* the only error of both steps */
    d->busy = d->pid_out = d->target_raw = d->target = d->ratio = 0;
    d->busy_frac = d->boost_used = d->avg = 0;
    d->have = 0;
    d->integral = st->integral;
    d->last_err = st->last_err;
    d->boost = no_boost ? 0u : st->iowait_boost;
    s->d_iowait_us = pgov_pstate_core_prof_atom(prof) ? iowait_us - st->prev_iowait_us : 0;
    rc = pgov_pstate_core_decide(prof, prm, plat, k, st->pstate, s->core, s->d_mperf, s->d_tsc,
                                 now - last, s->d_iowait_us, d);
    if (pgov_unlikely(rc))
        return PGOV_EDOM;
    s->pstate = pgov_pstate_core_clamp(b, d->target);
    return PGOV_PSTATE_CORE_DECIDED;
}

PGOV_CORE int pgov_pstate_core_sample(uint32_t prof, const struct pgov_pstate_params *prm,
                                      const struct pgov_hw_limits *plat,
                                      const struct pgov_pstate_bounds *b,
                                      struct pgov_pstate_state *st, uint64_t now,
                                      const struct pgov_hw_counters *c, uint64_t iowait_us,
                                      struct pgov_pstate_core_sample *s)
{
    struct pgov_pstate_core_known k;

    pgov_pstate_core_known_init(prof, &k, prm, b);
    return pgov_pstate_core_sample_known(prof, prm, plat, b, st, now, c, iowait_us, &k, false, s);
}

/*
 * Hook step 3: store a decided sample @s (taken at @now from @c) into @st.
 * @record also keeps the deltas, last_sample_time and core, which only the
 * decision layer reads back (the v4.5 timer's stale decision); an instance
 * of a hook profile passes false.
 */
PGOV_CORE void pgov_pstate_core_commit(uint32_t prof, struct pgov_pstate_state *st, uint64_t now,
                                       const struct pgov_hw_counters *c,
                                       const struct pgov_pstate_core_sample *s, bool record)
{
    if (record) {
        st->last_time_ns = s->last_ns;
        st->d_aperf = s->d_aperf;
        st->d_mperf = s->d_mperf;
        st->d_tsc = s->d_tsc;
        st->core = s->core;
    }
    st->time_ns = now;
    st->prev_aperf = c->aperf;
    st->prev_mperf = c->mperf;
    st->prev_tsc = c->tsc;
    if (pgov_pstate_core_prof_atom(prof))
        st->prev_iowait_us += s->d_iowait_us;
    st->busy_scaled = s->d.busy;
    if (!pgov_pstate_core_prof_load(prof)) {
        st->integral = s->d.integral;
        st->last_err = s->d.last_err;
    } else if (prof != PGOV_PSTATE_PROF_LOAD_6_19) {
        st->iowait_boost = s->d.boost; /* halved by the decision before v5.x */
    }
    st->pstate = s->pstate;
}

#endif /* PGOV_PSTATE_CORE_H */
