/* SPDX-License-Identifier: BSD-2-Clause */
/* Binding and validation of the hardware vtable. */
#include <pgov/hw.h>

#define PGOV_HW_NEED_ALL 0x7Fu

int pgov_hw_bind(struct pgov_hw *out, const struct pgov_hw_ops *ops, void *ctx, uint32_t need)
{
    struct pgov_hw hw = {{0}, 0};

    if (!out || !ops)
        return PGOV_EFAULT;
    if (ops->size < PGOV_HW_OPS_SIZE_V1)
        return PGOV_E2BIG;
    if (ops->flags != 0 || (need & ~PGOV_HW_NEED_ALL) != 0)
        return PGOV_EINVAL;

    /*
     * Every V1 callback lies inside any table that passed the size check, so
     * copy them directly. Callbacks appended in later versions must be taken
     * only when `offsetof(field) + sizeof(pointer) <= ops->size` (the caller's
     * table may end before them); see the growth rule in hw.h.
     */
    hw.ops.size = (uint32_t)sizeof(hw.ops);
    hw.ops.clock_ns = ops->clock_ns;
    hw.ops.read_counters = ops->read_counters;
    hw.ops.get_limits = ops->get_limits;
    hw.ops.set_pstate = ops->set_pstate;
    hw.ops.set_hwp_request = ops->set_hwp_request;
    hw.ops.read_idle = ops->read_idle;
    hw.ops.set_freq_khz = ops->set_freq_khz;
    hw.ops.trace = ops->trace;

    if (((need & PGOV_HW_NEED_CLOCK) && !hw.ops.clock_ns) ||
        ((need & PGOV_HW_NEED_COUNTERS) && !hw.ops.read_counters) ||
        ((need & PGOV_HW_NEED_LIMITS) && !hw.ops.get_limits) ||
        ((need & PGOV_HW_NEED_PSTATE) && !hw.ops.set_pstate) ||
        ((need & PGOV_HW_NEED_HWP) && !hw.ops.set_hwp_request) ||
        ((need & PGOV_HW_NEED_IDLE) && !hw.ops.read_idle) ||
        ((need & PGOV_HW_NEED_FREQ) && !hw.ops.set_freq_khz))
        return PGOV_ENOSYS;

    hw.ctx = ctx;
    *out = hw;
    return PGOV_OK;
}

int pgov_hw_limits_check(const struct pgov_hw_limits *lim)
{
    if (!lim)
        return PGOV_EFAULT;
    if (lim->min_pstate == 0 || lim->min_pstate > lim->max_pstate ||
        lim->max_pstate > lim->turbo_pstate || lim->max_pstate_physical == 0 ||
        lim->max_pstate_physical > lim->turbo_pstate || lim->scaling_khz == 0 ||
        (lim->flags & ~PGOV_HW_LIM_TURBO_DISABLED) != 0)
        return PGOV_EINVAL;
    return PGOV_OK;
}
