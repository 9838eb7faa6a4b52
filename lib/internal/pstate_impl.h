/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: what lib/pstate.c shares with the instance (lib/pstate_gov.c). */
#ifndef PGOV_INTERNAL_PSTATE_IMPL_H
#define PGOV_INTERNAL_PSTATE_IMPL_H

#include "deps.h"
#include "pgov/pstate.h"

/* Internal input flag: another CPU has an active IO boost (RFC "all"). */
#define PSTATE_IN_SYSBOOST 0x80000000u

static inline int pstate_prof_timer(uint32_t prof)
{
    return prof == PGOV_PSTATE_PROF_PID_4_5 || prof == PGOV_PSTATE_PROF_ATOM_4_5;
}

static inline int pstate_prof_load(uint32_t prof)
{
    return prof >= PGOV_PSTATE_PROF_LOAD_4_13 && prof <= PGOV_PSTATE_PROF_LOAD_6_19;
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
    return prof == PGOV_PSTATE_PROF_LOAD_4_13;
}

/* Every option on a profile that has it: the IO RFCs on the v4.13 load
 * path, the cut-off revert on the hook-driven core PIDs. */
static inline int pstate_options_valid(uint32_t prof, uint32_t options)
{
    uint32_t rfc = PGOV_PSTATE_OPT_RFC_IO_PERCPU | PGOV_PSTATE_OPT_RFC_IO_ALL;
    if (options & ~(rfc | PGOV_PSTATE_OPT_NO_C0_CUTOFF))
        return 0;
    if ((options & rfc) && !pstate_prof_has_options(prof))
        return 0;
    if ((options & PGOV_PSTATE_OPT_NO_C0_CUTOFF) && prof != PGOV_PSTATE_PROF_PID_4_6 &&
        prof != PGOV_PSTATE_PROF_PID_4_13)
        return 0;
    return (options & rfc) != rfc;
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
