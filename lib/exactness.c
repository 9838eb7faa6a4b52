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

/* "Exact" rows of 6.12 and 6.19 .. 7.3 rest on the delta spec's reading of
 * the 6.12.118, 6.19.9, 7.0.0, 7.1.3, 7.2.12 and 7.3.4 trees
 * (docs/spec/delta-7.3.md), pinned by tests and vectors made from it; the
 * oracle has checked 6.12.118's and 7.3.4's PELT, util_est, schedutil and
 * dbs rows, and 7.3.4's uclamp rows (docs/exactness.md, docs/oracle.md). */
static const struct span spans[] = {
    /* PELT core: unchanged v5.7 .. v7.3.4 (docs/spec/sched.md 1.12,
     * docs/spec/delta-7.3.md 1.1); 4.15..5.6 had no runnable_sum. */
    {PGOV_MOD_PELT, K(4, 15), K(5, 6), AP},
    {PGOV_MOD_PELT, K(5, 7), K(7, 3), EX},
    /* cfs_rq floors (docs/signals.md): u32 rule 5.16 .. 6.19 (6.19.9 read),
     * the add_positive rewrite from 7.0 (docs/spec/delta-7.3.md 1.1.4);
     * 5.13..5.15 uncertain (stable backports). */
    {PGOV_MOD_PELT_FLOORS, K(5, 13), K(5, 15), AP},
    {PGOV_MOD_PELT_FLOORS, K(5, 16), K(7, 3), EX},
    /* util_est (docs/signals.md "Profiles"): 5.13..6.7 checked against
     * Linux 6.1 itself (tests/oracle); mainline boundaries from the commits'
     * merge windows; 6.12 (= the v6.9 rules) and 6.19 .. 7.3 (= v6.18; 7.2
     * moved only the call order, the embedder's) from the delta spec. */
    {PGOV_MOD_UTIL_EST, K(4, 17), K(6, 9), EX},
    {PGOV_MOD_UTIL_EST, K(6, 10), K(6, 11), AP},
    {PGOV_MOD_UTIL_EST, K(6, 12), K(6, 12), EX},
    {PGOV_MOD_UTIL_EST, K(6, 13), K(6, 17), AP},
    {PGOV_MOD_UTIL_EST, K(6, 18), K(7, 3), EX},
    /* uclamp (docs/uclamp.md): vectors for v5.7, v5.9 and current; every
     * function identical in 6.12.118, 6.18.2 and 7.3.4; 7.3 checked
     * against Linux 7.3.4 itself (tests/oracle). */
    {PGOV_MOD_UCLAMP, K(5, 3), K(5, 6), AP},
    {PGOV_MOD_UCLAMP, K(5, 7), K(5, 12), EX},
    {PGOV_MOD_UCLAMP, K(5, 13), K(5, 16), AP},
    {PGOV_MOD_UCLAMP, K(5, 17), K(7, 3), EX},
    /* intel_pstate (docs/pstate.md "Profiles"): trees v4.5.0, v4.6.2,
     * v4.13.4, v4.14.0, v4.17.0, v6.18.2, v6.19.9; 6.12.118 and 7.3.4
     * identical to v6.18.2 (docs/spec/delta-7.3.md 1.4, 2). */
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
    {PGOV_MOD_PSTATE_LOAD, K(4, 18), K(6, 11), AP},
    {PGOV_MOD_PSTATE_LOAD, K(6, 12), K(6, 12), EX},
    {PGOV_MOD_PSTATE_LOAD, K(6, 13), K(6, 17), AP},
    {PGOV_MOD_PSTATE_LOAD, K(6, 18), K(7, 3), EX},
    {PGOV_MOD_HWP_BOOST, K(4, 18), K(6, 11), AP},
    {PGOV_MOD_HWP_BOOST, K(6, 12), K(6, 12), EX},
    {PGOV_MOD_HWP_BOOST, K(6, 13), K(6, 17), AP},
    {PGOV_MOD_HWP_BOOST, K(6, 18), K(7, 3), EX},
    /* schedutil (docs/schedutil.md): the 5.14 rules checked against Linux
     * 6.1 itself (tests/oracle); the rest of 5.2 .. 6.17 from changelogs
     * and commit messages only, except 6.12 (the 6.12.118 tree, delta spec
     * 2); current from the v6.18.2 tree, unchanged frequency path in 7.3.4. */
    {PGOV_MOD_SUGOV, K(5, 2), K(6, 0), AP},
    {PGOV_MOD_SUGOV, K(6, 1), K(6, 1), EX},
    {PGOV_MOD_SUGOV, K(6, 2), K(6, 11), AP},
    {PGOV_MOD_SUGOV, K(6, 12), K(6, 12), EX},
    {PGOV_MOD_SUGOV, K(6, 13), K(6, 17), AP},
    {PGOV_MOD_SUGOV, K(6, 18), K(7, 3), EX},
    /* ondemand/conservative (docs/ondemand.md): v4.17.0 and v6.18.2 trees,
     * the 5.0 hybrid checked against Linux 6.1 itself (tests/oracle);
     * 6.12 (with kver_stable) and 7.0 .. 7.3 from the delta spec. */
    {PGOV_MOD_DBS, K(4, 17), K(4, 17), EX},
    {PGOV_MOD_DBS, K(4, 18), K(6, 0), AP},
    {PGOV_MOD_DBS, K(6, 1), K(6, 1), EX},
    {PGOV_MOD_DBS, K(6, 2), K(6, 11), AP},
    {PGOV_MOD_DBS, K(6, 12), K(6, 12), EX},
    {PGOV_MOD_DBS, K(6, 13), K(6, 17), AP},
    {PGOV_MOD_DBS, K(6, 18), K(7, 3), EX},
    /* task-group PELT (docs/signals.md "Task groups"): the 6.1.192, 6.12.118
     * and 7.3.4 trees of docs/spec/pelt-groups.md, no running kernel yet;
     * the releases in between map to the nearest (7.0 .. 7.2: the 7.0
     * floors, the 6.12 shares). */
    {PGOV_MOD_PELT_GROUP, K(6, 1), K(6, 1), EX},
    {PGOV_MOD_PELT_GROUP, K(6, 2), K(6, 11), AP},
    {PGOV_MOD_PELT_GROUP, K(6, 12), K(6, 12), EX},
    {PGOV_MOD_PELT_GROUP, K(6, 13), K(7, 2), AP},
    {PGOV_MOD_PELT_GROUP, K(7, 3), K(7, 3), EX},
};

int pgov_kver_exactness(uint32_t module, uint32_t kver)
{
    uint32_t kv;
    size_t i;

    if (module < PGOV_MOD_PELT || module > PGOV_MOD_PELT_GROUP)
        return PGOV_EINVAL;
    kv = pgov_kver_resolve(kver);
    for (i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
        if (spans[i].module == module && kv >= spans[i].lo && kv <= spans[i].hi)
            return spans[i].cls;
    return PGOV_KVER_UNSUPPORTED;
}
