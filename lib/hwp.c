/* SPDX-License-Identifier: BSD-2-Clause */
/* HWP dynamic boost (docs/spec/pstate.md 8.3), decision layer. */
#include "pgov/hwp.h"
#include "pgov/gov.h"

#include "internal/hwp_impl.h"
#include "internal/fp.h"

/* Steps the boosted minimum up; returns 1 when HWP_REQUEST must be written. */
static int boost_up(const struct pgov_hwp_boost_params *prm, struct pgov_hwp_boost_state *st,
                    uint64_t now, uint64_t *req)
{
    uint32_t max = (uint32_t)(prm->hwp_request >> 8) & 0xffu;
    uint32_t min = (uint32_t)prm->hwp_request & 0xffu;
    uint32_t g = (uint32_t)(prm->hwp_cap >> 8) & 0xffu;
    uint32_t level1, bm = st->boost_min;

    if (max == min || bm >= max)
        return 0;
    if (bm == 0)
        bm = min;
    level1 = (g + min) >> 1;
    if (bm < level1)
        bm = level1;
    else if (bm < g)
        bm = g;
    else if (bm == g && max != g)
        bm = max;
    else
        return 0;
    st->boost_min = bm;
    *req = (prm->hwp_request & ~(uint64_t)0xff) | bm;
    st->last_update_ns = now;
    return 1;
}

int pgov_hwp_boost_update_unchecked(const struct pgov_hwp_boost_params *prm, struct pgov_hwp_boost_state *st,
                   uint64_t now, uint32_t flags, struct pgov_hwp_boost_result *res)
{
    res->write = 0;
    res->hwp_request = 0;
    st->sched_flags |= flags & PGOV_UPDATE_IOWAIT;
    if (flags & PGOV_UPDATE_REMOTE) {
        res->path = PGOV_HWP_PATH_REMOTE;
        return PGOV_OK;
    }
    if (st->sched_flags & PGOV_UPDATE_IOWAIT) {
        /* Two IOWAIT wakeups within two ticks are needed to boost. */
        int do_io = pgov_u2s64(now - (st->last_io_update_ns + 2 * prm->tick_ns)) < 0;
        st->sched_flags = 0;
        st->last_io_update_ns = now;
        res->path = do_io ? PGOV_HWP_PATH_IO_UP : PGOV_HWP_PATH_IO_FIRST;
        if (do_io)
            res->write = (uint32_t)boost_up(prm, st, now, &res->hwp_request);
        return PGOV_OK;
    }
    res->path = PGOV_HWP_PATH_DOWN_CHECK;
    if (st->boost_min && pgov_u2s64(st->last_update_ns + prm->hold_ns - now) < 0) {
        res->write = 1;
        res->hwp_request = prm->hwp_request;
        st->boost_min = 0;
    }
    st->last_update_ns = now;
    return PGOV_OK;
}

int pgov_hwp_boost_update(const struct pgov_hwp_boost_params *prm, struct pgov_hwp_boost_state *st,
                          uint64_t now_ns, uint32_t flags, struct pgov_hwp_boost_result *res)
{
    if (!prm || !st || !res)
        return PGOV_EINVAL;
    if (flags & ~PGOV_UPDATE_ALL)
        return PGOV_EINVAL;
    /* Inverted or empty limits: the instance refuses them at set_limits,
     * the open-loop entry must too (the kernel never builds them). */
    uint32_t min = (uint32_t)prm->hwp_request & 0xffu;
    uint32_t max = (uint32_t)(prm->hwp_request >> 8) & 0xffu;
    if (min == 0 || max == 0 || min > max || ((prm->hwp_cap >> 8) & 0xffu) == 0)
        return PGOV_EINVAL;
    return pgov_hwp_boost_update_unchecked(prm, st, now_ns, flags, res);
}
