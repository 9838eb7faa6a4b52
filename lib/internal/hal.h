/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: how every governor instance calls its HAL (hw.h). */
#ifndef PGOV_INTERNAL_HAL_H
#define PGOV_INTERNAL_HAL_H

#include "pgov/hw.h"

#include "compiler.h"
#include "deps.h"

/*
 * A callback's return value as the governor returns it: 0, or the
 * callback's negative code unchanged. Callbacks return 0 or a negative
 * ::pgov_err; a positive value is a backend bug and becomes PGOV_EIO, so it
 * can never read as a success code such as PGOV_WARN_KERNEL.
 */
static inline PGOV_ALWAYS_INLINE int pgov_hal_rc(int rc)
{
    return rc <= 0 ? rc : PGOV_EIO;
}

/* One event to the optional trace callback (kinds: hw.h). */
static inline void pgov_hal_trace(const struct pgov_hw *hw, uint64_t now_ns, uint32_t cpu,
                                  uint32_t kind, int64_t a, int64_t b)
{
    if (hw->ops.trace) {
        struct pgov_hw_trace ev;

        ev.time_ns = now_ns;
        ev.cpu = cpu;
        ev.kind = kind;
        ev.a = a;
        ev.b = b;
        hw->ops.trace(hw->ctx, &ev);
    }
}

#endif
