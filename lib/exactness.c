/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which kernel releases each module reproduces exactly: the tables behind
 * pgov_kver_exactness(). A release not covered by a row is unsupported.
 * Keep in step with the Profiles sections of docs/<module>.md.
 */
#include "pgov/err.h"
#include "pgov/kver.h"

#include "internal/deps.h"

#define K(a, b) PGOV_KVER(a, b)
#define EX PGOV_KVER_EXACT
#define AP PGOV_KVER_APPROXIMATE

struct span {
    uint16_t module;
    uint16_t lo, hi; /* inclusive PGOV_KVER numbers */
    uint16_t cls;
};

static const struct span spans[] = {
    /* PELT core: unchanged v5.7 .. v6.18 (docs/spec/sched.md 1.12);
     * 4.15..5.6 had no runnable_sum; 6.19 not read. */
    {PGOV_MOD_PELT, K(4, 15), K(5, 6), AP},
    {PGOV_MOD_PELT, K(5, 7), K(6, 18), EX},
    {PGOV_MOD_PELT, K(6, 19), K(6, 19), AP},
    /* cfs_rq floors (docs/signals.md): u32 rule from 5.16; 5.13..5.15 and
     * 6.19 uncertain (stable backports, the __update_sa rewrite). */
    {PGOV_MOD_PELT_FLOORS, K(5, 13), K(5, 15), AP},
    {PGOV_MOD_PELT_FLOORS, K(5, 16), K(6, 18), EX},
    {PGOV_MOD_PELT_FLOORS, K(6, 19), K(6, 19), AP},
    /* util_est (docs/signals.md "Profiles"): 5.13..6.7 checked against
     * Linux 6.1 itself (tests/oracle); mainline boundaries from the commits'
     * merge windows. */
    {PGOV_MOD_UTIL_EST, K(4, 17), K(6, 9), EX},
    {PGOV_MOD_UTIL_EST, K(6, 10), K(6, 17), AP},
    {PGOV_MOD_UTIL_EST, K(6, 18), K(6, 18), EX},
    {PGOV_MOD_UTIL_EST, K(6, 19), K(6, 19), AP},
    /* uclamp (docs/uclamp.md): vectors for v5.7, v5.9 and current. */
    {PGOV_MOD_UCLAMP, K(5, 3), K(5, 6), AP},
    {PGOV_MOD_UCLAMP, K(5, 7), K(5, 12), EX},
    {PGOV_MOD_UCLAMP, K(5, 13), K(5, 16), AP},
    {PGOV_MOD_UCLAMP, K(5, 17), K(6, 18), EX},
    {PGOV_MOD_UCLAMP, K(6, 19), K(6, 19), AP},
    /* intel_pstate (docs/pstate.md "Profiles"): trees v4.5.0, v4.6.2,
     * v4.13.4, v4.14.0, v4.17.0, v6.18.2, v6.19.9. */
    {PGOV_MOD_PSTATE_PID, K(4, 5), K(4, 6), EX},
    {PGOV_MOD_PSTATE_PID, K(4, 7), K(4, 12), AP},
    {PGOV_MOD_PSTATE_PID, K(4, 13), K(4, 13), EX},
    {PGOV_MOD_PSTATE_ATOM, K(4, 5), K(4, 5), AP},
    {PGOV_MOD_PSTATE_ATOM, K(4, 6), K(4, 6), EX},
    {PGOV_MOD_PSTATE_ATOM, K(4, 7), K(4, 8), AP},
    {PGOV_MOD_PSTATE_LOAD, K(4, 13), K(4, 13), AP},
    {PGOV_MOD_PSTATE_LOAD, K(4, 14), K(4, 14), EX},
    {PGOV_MOD_PSTATE_LOAD, K(4, 15), K(4, 16), AP},
    {PGOV_MOD_PSTATE_LOAD, K(4, 17), K(4, 17), EX},
    {PGOV_MOD_PSTATE_LOAD, K(4, 18), K(6, 17), AP},
    {PGOV_MOD_PSTATE_LOAD, K(6, 18), K(6, 19), EX},
    {PGOV_MOD_HWP_BOOST, K(4, 18), K(6, 17), AP},
    {PGOV_MOD_HWP_BOOST, K(6, 18), K(6, 19), EX},
    /* schedutil (docs/schedutil.md): the 5.14 rules checked against Linux
     * 6.1 itself (tests/oracle); the rest of 5.2 .. 6.17 from changelogs
     * and commit messages only (no tree of 6.8 .. 6.17 read); current from
     * the v6.18.2 tree. */
    {PGOV_MOD_SUGOV, K(5, 2), K(6, 0), AP},
    {PGOV_MOD_SUGOV, K(6, 1), K(6, 1), EX},
    {PGOV_MOD_SUGOV, K(6, 2), K(6, 17), AP},
    {PGOV_MOD_SUGOV, K(6, 18), K(6, 19), EX},
    /* ondemand/conservative (docs/ondemand.md): v4.17.0 and v6.18.2 trees,
     * the 5.0 hybrid checked against Linux 6.1 itself (tests/oracle). */
    {PGOV_MOD_DBS, K(4, 17), K(4, 17), EX},
    {PGOV_MOD_DBS, K(4, 18), K(6, 0), AP},
    {PGOV_MOD_DBS, K(6, 1), K(6, 1), EX},
    {PGOV_MOD_DBS, K(6, 2), K(6, 17), AP},
    {PGOV_MOD_DBS, K(6, 18), K(6, 19), EX},
};

int pgov_kver_exactness(uint32_t module, uint32_t kver)
{
    uint32_t kv;
    size_t i;

    if (module < PGOV_MOD_PELT || module > PGOV_MOD_DBS)
        return PGOV_EINVAL;
    kv = pgov_kver_resolve(kver);
    for (i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
        if (spans[i].module == module && kv >= spans[i].lo && kv <= spans[i].hi)
            return spans[i].cls;
    return PGOV_KVER_UNSUPPORTED;
}
