/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: what lib/pstate.c shares with the instance (lib/pstate_gov.c). */
#ifndef PGOV_INTERNAL_PSTATE_IMPL_H
#define PGOV_INTERNAL_PSTATE_IMPL_H

#include "deps.h"
#include "pgov/pstate.h"

/* Internal input flag: another CPU has an active IO boost (RFC "all"). */
#define PSTATE_IN_SYSBOOST 0x80000000u

/*
 * The profiles this build contains (PGOV_PSTATE_PROFILES, pstate.h). Every
 * predicate below is false for a profile left out, so with constant
 * profiles (the instance's per-profile hooks) and with the run-time
 * profile (the decision layer) its code folds away; init refuses it with
 * PGOV_ENOTSUP. The #if form is for the HWP hook, which must not even
 * reference lib/hwp.c when left out (an -O0 build keeps dead calls).
 */
#ifndef PGOV_PSTATE_PROFILES
#define PGOV_PSTATE_PROFILES PGOV_PSTATE_PROFILES_ALL
#endif
#define PSTATE_BUILT_HWP ((PGOV_PSTATE_PROFILES >> 9) & 1u)
_Static_assert(PGOV_PSTATE_PROF_HWP_BOOST_6_19 == 9, "PSTATE_BUILT_HWP tests bit 9");
_Static_assert((PGOV_PSTATE_PROFILES & ~PGOV_PSTATE_PROFILES_ALL) == 0,
               "PGOV_PSTATE_PROFILES: OR of PGOV_PSTATE_PROF_BIT(profile)");

static inline int pstate_prof_built(uint32_t prof)
{
    return prof < 32 && ((PGOV_PSTATE_PROFILES >> prof) & 1u);
}

/* @prof is @want and built: the building block of the predicates. */
static inline int pstate_prof_is(uint32_t prof, uint32_t want)
{
    return ((PGOV_PSTATE_PROFILES >> want) & 1u) && prof == want;
}

static inline int pstate_prof_timer(uint32_t prof)
{
    return pstate_prof_is(prof, PGOV_PSTATE_PROF_PID_4_5) ||
           pstate_prof_is(prof, PGOV_PSTATE_PROF_ATOM_4_5);
}

static inline int pstate_prof_atom(uint32_t prof)
{
    return pstate_prof_is(prof, PGOV_PSTATE_PROF_ATOM_4_5) ||
           pstate_prof_is(prof, PGOV_PSTATE_PROF_ATOM_4_6);
}

static inline int pstate_prof_load(uint32_t prof)
{
    return pstate_prof_is(prof, PGOV_PSTATE_PROF_LOAD_4_13) ||
           pstate_prof_is(prof, PGOV_PSTATE_PROF_LOAD_4_17) ||
           pstate_prof_is(prof, PGOV_PSTATE_PROF_LOAD_6_19);
}

/* The core PID profiles (not Atom). */
static inline int pstate_prof_pid(uint32_t prof)
{
    return pstate_prof_is(prof, PGOV_PSTATE_PROF_PID_4_5) ||
           pstate_prof_is(prof, PGOV_PSTATE_PROF_PID_4_6) ||
           pstate_prof_is(prof, PGOV_PSTATE_PROF_PID_4_13);
}

/* v4.5/4.6 express limits as fp8 fractions; v4.13+ as ratios. */
static inline int pstate_prof_fp_limits(uint32_t prof)
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
static inline int pstate_prof_has_options(uint32_t prof)
{
    return pstate_prof_is(prof, PGOV_PSTATE_PROF_LOAD_4_13);
}

static inline int pstate_prof_has_amshift(uint32_t prof)
{
    return prof >= PGOV_PSTATE_PROF_PID_4_13 && prof != PGOV_PSTATE_PROF_ATOM_4_5 &&
           prof != PGOV_PSTATE_PROF_ATOM_4_6;
}

static inline uint32_t pstate_options(uint32_t prof, const struct pgov_pstate_params *prm)
{
    return pstate_prof_has_options(prof) ? prm->options : 0;
}

static inline unsigned pstate_amshift(uint32_t prof, const struct pgov_pstate_params *prm)
{
    return pstate_prof_has_amshift(prof) ? prm->amshift : 0;
}

/* pgov_pstate_decide() without validation or copy: @st is modified even
 * when PGOV_EDOM is returned, so callers work on a copy. */
int pgov_pstate_decide_unchecked(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, struct pgov_pstate_result *res);

#endif
