/* SPDX-License-Identifier: BSD-2-Clause */
/* Binding and validation of the hardware vtable. */
#include "pgov/hw.h"

#include "internal/hal.h"
#include "internal/sized.h"

#define PGOV_HW_NEED_ALL 0x7Fu

/* Callbacks the build calls directly (PGOV_HAL_*, hw.h): no slot needed. */
static const uint32_t compiled_in = 0u
#ifdef PGOV_HAL_CLOCK_NS
    | PGOV_HW_NEED_CLOCK
#endif
#ifdef PGOV_HAL_READ_COUNTERS
    | PGOV_HW_NEED_COUNTERS
#endif
#ifdef PGOV_HAL_GET_LIMITS
    | PGOV_HW_NEED_LIMITS
#endif
#ifdef PGOV_HAL_SET_PSTATE
    | PGOV_HW_NEED_PSTATE
#endif
#ifdef PGOV_HAL_SET_HWP_REQUEST
    | PGOV_HW_NEED_HWP
#endif
#ifdef PGOV_HAL_READ_IDLE
    | PGOV_HW_NEED_IDLE
#endif
#ifdef PGOV_HAL_SET_FREQ_KHZ
    | PGOV_HW_NEED_FREQ
#endif
    ;

int pgov_hw_bind(struct pgov_hw *out, const struct pgov_hw_ops *ops, void *ctx, uint32_t need)
{
    if (!out || !ops)
        return PGOV_EINVAL;
    /* A newer caller's table: callbacks this version cannot call must be
     * absent, or the caller would believe them used. */
    if (pgov_sized_check(ops, ops->size, PGOV_HW_OPS_SIZE_V1, sizeof(*ops)))
        return PGOV_E2BIG;
    if (ops->flags != 0 || (need & ~PGOV_HW_NEED_ALL) != 0)
        return PGOV_EINVAL;
    need &= ~compiled_in;
    if (((need & PGOV_HW_NEED_CLOCK) && !ops->clock_ns) ||
        ((need & PGOV_HW_NEED_COUNTERS) && !ops->read_counters) ||
        ((need & PGOV_HW_NEED_LIMITS) && !ops->get_limits) ||
        ((need & PGOV_HW_NEED_PSTATE) && !ops->set_pstate) ||
        ((need & PGOV_HW_NEED_HWP) && !ops->set_hwp_request) ||
        ((need & PGOV_HW_NEED_IDLE) && !ops->read_idle) ||
        ((need & PGOV_HW_NEED_FREQ) && !ops->set_freq_khz))
        return PGOV_ENOSYS;

    /*
     * Field by field, not a struct copy or a zero initialiser: those compile
     * to memcpy()/memset() calls on small cores, and lib/ links without libc.
     * Every V1 callback lies inside any table that passed the size check.
     * Callbacks appended in later versions must be taken only when
     * `offsetof(field) + sizeof(pointer) <= ops->size` (the caller's table
     * may end before them) and set to NULL otherwise; see hw.h.
     */
#ifdef PGOV_HW_OPS_BY_REF
    /* Every V1 callback lies inside any table that passed the size check;
     * later callbacks must be read only when within ops->size (hw.h). */
    out->ops = ops;
    out->ctx = ctx;
    return PGOV_OK;
#else
    out->ops.size = (uint32_t)sizeof(out->ops);
    out->ops.flags = 0;
    out->ops.clock_ns = ops->clock_ns;
    out->ops.read_counters = ops->read_counters;
    out->ops.get_limits = ops->get_limits;
    out->ops.set_pstate = ops->set_pstate;
    out->ops.set_hwp_request = ops->set_hwp_request;
    out->ops.read_idle = ops->read_idle;
    out->ops.set_freq_khz = ops->set_freq_khz;
    out->ops.trace = ops->trace;
    out->ctx = ctx;
    return PGOV_OK;
#endif
}

int pgov_hw_limits_check(const struct pgov_hw_limits *lim)
{
    if (!lim || !pgov_hw_limits_valid(lim))
        return PGOV_EINVAL;
    return PGOV_OK;
}
