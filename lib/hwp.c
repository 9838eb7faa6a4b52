/* SPDX-License-Identifier: BSD-2-Clause */
/* HWP dynamic boost (docs/spec/pstate.md 8.3), decision layer: validate,
 * then the core (pgov/core/hwp.h). */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/hwp.h"
#include "pgov/core/hwp.h"

#include "internal/deps.h"

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
    pgov_hwp_core_update(prm, st, now_ns, flags, res);
    return PGOV_OK;
}
