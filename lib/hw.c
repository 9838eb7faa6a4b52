/* SPDX-License-Identifier: BSD-2-Clause */
/* Binding and validation of the hardware vtable. */
#include <pgov/hw.h>

#define PGOV_HW_NEED_ALL 0x7Fu

/* Is the callback at byte offset @off inside the caller's table? */
static int covered(const struct pgov_hw_ops *ops, size_t off)
{
    return off + sizeof(void (*)(void)) <= ops->size;
}

int pgov_hw_bind(struct pgov_hw *out, const struct pgov_hw_ops *ops, void *ctx, uint32_t need)
{
    struct pgov_hw hw = {{0}, 0};

    if (!out || !ops)
        return PGOV_EFAULT;
    if (ops->size < PGOV_HW_OPS_SIZE_V1)
        return PGOV_E2BIG;
    if (ops->flags != 0 || (need & ~PGOV_HW_NEED_ALL) != 0)
        return PGOV_EINVAL;

    /* Copy field by field: a caller's table may be shorter than ours. */
    hw.ops.size = (uint32_t)sizeof(hw.ops);
#define PGOV_HW_TAKE(f)                                                                            \
    do {                                                                                           \
        if (covered(ops, offsetof(struct pgov_hw_ops, f)))                                         \
            hw.ops.f = ops->f;                                                                     \
    } while (0)
    PGOV_HW_TAKE(clock_ns);
    PGOV_HW_TAKE(read_counters);
    PGOV_HW_TAKE(get_limits);
    PGOV_HW_TAKE(set_pstate);
    PGOV_HW_TAKE(set_hwp_request);
    PGOV_HW_TAKE(read_idle);
    PGOV_HW_TAKE(set_freq_khz);
    PGOV_HW_TAKE(trace);
#undef PGOV_HW_TAKE

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
