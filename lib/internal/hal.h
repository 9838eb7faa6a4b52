/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: how every governor instance calls its HAL (hw.h). */
#ifndef PGOV_INTERNAL_HAL_H
#define PGOV_INTERNAL_HAL_H

#include "pgov/hw.h"

#include "compiler.h"
#include "deps.h"

/*
 * Internal since 0.3 (docs/abi.md): the governors' public init takes the
 * table and ctx and binds them itself, and instances are opaque, so no
 * caller needs these. pgov_hw_bind stays exported in PGOV_0.1 for binaries
 * built against 0.1/0.2 (a name never leaves its node); the layout of
 * struct pgov_hw is theirs too, so it changes only with a new symbol.
 */
/**
 * @brief A bound backend: a normalised copy of the caller's table plus ctx.
 *
 * Governors embed one. Because it is a copy, the caller's table may be
 * temporary. Callbacks beyond the caller's `size` are NULL here.
 */
struct pgov_hw {
    struct pgov_hw_ops ops; /**< normalised copy, `size` = library's size */
    void *ctx;              /**< the embedder's context, passed to every call */
};

/**
 * @brief Validate a vtable and bind it with its context.
 *
 * @param out   filled on success; untouched on failure
 * @param ops   the embedder's table
 * @param ctx   passed back to every callback (may be NULL)
 * @param need  OR of ::pgov_hw_need bits the caller's policy requires
 * @return ::PGOV_OK; ::PGOV_EINVAL if @p out or @p ops is NULL;
 *         ::PGOV_E2BIG if `ops->size` is below ::PGOV_HW_OPS_SIZE_V1, or
 *         larger than `sizeof(struct pgov_hw_ops)` with non-zero bytes
 *         beyond it;
 *         ::PGOV_EINVAL if `ops->flags` is non-zero or @p need has unknown
 *         bits; ::PGOV_ENOSYS if a needed callback is NULL.
 */
PGOV_API PGOV_MUST_CHECK int pgov_hw_bind(struct pgov_hw *out, const struct pgov_hw_ops *ops, void *ctx,
                                          uint32_t need);

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
