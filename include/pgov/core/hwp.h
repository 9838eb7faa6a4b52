/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/hwp.h
 * @brief Core tier of hwp.h: the HWP dynamic boost step, `static inline`.
 *
 * The one implementation: pgov_hwp_boost_update() (lib/hwp.c) and the
 * pstate instance's HWP hook (lib/pstate_gov.c) call it after validating;
 * an embedder that owns its state calls it directly. Preconditions (what
 * pgov_hwp_boost_update() checks): the cached request has min and max
 * non-zero with min <= max, a non-zero guaranteed ratio, and @p flags only
 * PGOV_UPDATE_* bits. Not ABI: names may change in any release.
 */
#ifndef PGOV_HWP_CORE_H
#define PGOV_HWP_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stdint.h>

#include "../embed.h"
#include "../gov.h"
#include "../hwp.h"
#include "math64.h"

/* Steps the boosted minimum up; true when HWP_REQUEST must be written. */
PGOV_CORE bool pgov_hwp_core_boost_up(const struct pgov_hwp_boost_params *prm,
                                      struct pgov_hwp_boost_state *st, uint64_t now,
                                      uint64_t *req)
{
    uint32_t max = (uint32_t)(prm->hwp_request >> 8) & 0xffu;
    uint32_t min = (uint32_t)prm->hwp_request & 0xffu;
    uint32_t guaranteed = (uint32_t)(prm->hwp_cap >> 8) & 0xffu;
    uint32_t level1, bm = st->boost_min;

    if (max == min || bm >= max)
        return false;
    if (bm == 0)
        bm = min;
    /* Kept even when no rung applies below: boost_down then restores the
     * cached request (docs/spec/pstate.md 8.3: step 2 precedes the ladder). */
    st->boost_min = bm;
    level1 = (guaranteed + min) >> 1;
    if (bm < level1)
        bm = level1;
    else if (bm < guaranteed)
        bm = guaranteed;
    else if (bm == guaranteed && max != guaranteed)
        bm = max;
    else
        return false;
    st->boost_min = bm;
    *req = (prm->hwp_request & ~(uint64_t)0xff) | bm;
    st->last_update_ns = now;
    return true;
}

/* One HWP hook call (hwp.h: pgov_hwp_boost_update()), unchecked. */
PGOV_CORE void pgov_hwp_core_update(const struct pgov_hwp_boost_params *prm,
                                    struct pgov_hwp_boost_state *st, uint64_t now,
                                    uint32_t flags, struct pgov_hwp_boost_result *res)
{
    PGOV_ASSERT((flags & ~PGOV_UPDATE_ALL) == 0 && (prm->hwp_request & 0xffu) != 0);
    res->write = 0;
    res->hwp_request = 0;
    st->sched_flags |= flags & PGOV_UPDATE_IOWAIT;
    if (flags & PGOV_UPDATE_REMOTE) {
        res->path = PGOV_HWP_PATH_REMOTE;
        return;
    }
    if (st->sched_flags & PGOV_UPDATE_IOWAIT) {
        /* Two IOWAIT wakeups within two ticks are needed to boost. */
        bool do_io = pgov_u2s64(now - (st->last_io_update_ns + 2 * prm->tick_ns)) < 0;
        st->sched_flags = 0;
        st->last_io_update_ns = now;
        res->path = do_io ? PGOV_HWP_PATH_IO_UP : PGOV_HWP_PATH_IO_FIRST;
        if (do_io)
            res->write = pgov_hwp_core_boost_up(prm, st, now, &res->hwp_request);
        return;
    }
    res->path = PGOV_HWP_PATH_DOWN_CHECK;
    if (st->boost_min && pgov_u2s64(st->last_update_ns + prm->hold_ns - now) < 0) {
        res->write = 1;
        res->hwp_request = prm->hwp_request;
        st->boost_min = 0;
    }
    st->last_update_ns = now;
}

#endif /* PGOV_HWP_CORE_H */
