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
#ifdef PGOV_HW_OPS_BY_REF
    const struct pgov_hw_ops *ops; /**< the caller's table, validated (hw.h) */
#else
    struct pgov_hw_ops ops; /**< normalised copy, `size` = library's size */
#endif
    void *ctx;              /**< the embedder's context, passed to every call */
};
_Static_assert(sizeof(struct pgov_hw) == sizeof(struct pgov_hw_storage) &&
                   _Alignof(struct pgov_hw) == _Alignof(struct pgov_hw_storage),
               "struct pgov_hw_storage (hw.h) mirrors struct pgov_hw");

/* pgov_hw_limits_check() on a non-NULL platform, inline for the decision
 * layer's per-call check (pgov_pstate_decide()): 1 when valid. */
static inline PGOV_ALWAYS_INLINE int pgov_hw_limits_valid(const struct pgov_hw_limits *lim)
{
    /* 1 <= x <= y as one unsigned compare: x - 1 wraps to the top for 0. */
    return !(lim->min_pstate - 1u >= lim->max_pstate || lim->max_pstate > lim->turbo_pstate ||
             lim->max_pstate_physical - 1u >= lim->turbo_pstate || lim->scaling_khz == 0 ||
             (lim->flags & ~PGOV_HW_LIM_ALL) != 0);
}

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

/*
 * The HAL calls of every governor: a direct call to the embedder's function
 * when it names one at compile time (PGOV_HAL_<CALLBACK>, hw.h), else an
 * indirect call through the bound table. PGOV_HW_OPS(hw) is the table,
 * referenced or copied (PGOV_HW_OPS_BY_REF, hw.h).
 */
#ifdef PGOV_HW_OPS_BY_REF
#define PGOV_HW_OPS(hw) ((hw)->ops)
#else
#define PGOV_HW_OPS(hw) (&(hw)->ops)
#endif
#ifdef PGOV_HAL_CLOCK_NS
#define pgov_hal_clock_ns(hw, now) PGOV_HAL_CLOCK_NS((hw)->ctx, now)
#else
#define pgov_hal_clock_ns(hw, now) PGOV_HW_OPS(hw)->clock_ns((hw)->ctx, now)
#endif
#ifdef PGOV_HAL_READ_COUNTERS
#define pgov_hal_read_counters(hw, cpu, out) PGOV_HAL_READ_COUNTERS((hw)->ctx, cpu, out)
#else
#define pgov_hal_read_counters(hw, cpu, out) PGOV_HW_OPS(hw)->read_counters((hw)->ctx, cpu, out)
#endif
#ifdef PGOV_HAL_GET_LIMITS
#define pgov_hal_get_limits(hw, cpu, out) PGOV_HAL_GET_LIMITS((hw)->ctx, cpu, out)
#else
#define pgov_hal_get_limits(hw, cpu, out) PGOV_HW_OPS(hw)->get_limits((hw)->ctx, cpu, out)
#endif
#ifdef PGOV_HAL_SET_PSTATE
#define pgov_hal_set_pstate(hw, cpu, p, ctl) PGOV_HAL_SET_PSTATE((hw)->ctx, cpu, p, ctl)
#else
#define pgov_hal_set_pstate(hw, cpu, p, ctl) PGOV_HW_OPS(hw)->set_pstate((hw)->ctx, cpu, p, ctl)
#endif
#ifdef PGOV_HAL_SET_HWP_REQUEST
#define pgov_hal_set_hwp_request(hw, cpu, req) PGOV_HAL_SET_HWP_REQUEST((hw)->ctx, cpu, req)
#else
#define pgov_hal_set_hwp_request(hw, cpu, req)                                                     \
    PGOV_HW_OPS(hw)->set_hwp_request((hw)->ctx, cpu, req)
#endif
#ifdef PGOV_HAL_READ_IDLE
#define pgov_hal_read_idle(hw, cpu, out) PGOV_HAL_READ_IDLE((hw)->ctx, cpu, out)
#else
#define pgov_hal_read_idle(hw, cpu, out) PGOV_HW_OPS(hw)->read_idle((hw)->ctx, cpu, out)
#endif
#ifdef PGOV_HAL_SET_FREQ_KHZ
#define pgov_hal_set_freq_khz(hw, cpu, khz) PGOV_HAL_SET_FREQ_KHZ((hw)->ctx, cpu, khz)
#else
#define pgov_hal_set_freq_khz(hw, cpu, khz) PGOV_HW_OPS(hw)->set_freq_khz((hw)->ctx, cpu, khz)
#endif
/*
 * The platform's limits, as every governor reads them: the callback's
 * return through pgov_hal_rc, then pgov_hw_limits_check (hw.h), so a
 * backend's bad table is refused the same way at init and at a limits
 * change. @p out may be written on failure: callers read into scratch.
 */
static inline int pgov_hal_read_limits(const struct pgov_hw *hw, uint32_t cpu,
                                       struct pgov_hw_limits *out)
{
    int rc = pgov_hal_rc(pgov_hal_get_limits(hw, cpu, out));

    return rc ? rc : pgov_hw_limits_check(out);
}

/* The trace callback is never compiled in: it stays optional per table. */
#define pgov_hal_has_trace(hw) (PGOV_HW_OPS(hw)->trace != NULL)

/* One event to the optional trace callback (kinds: hw.h). */
static inline void pgov_hal_trace(const struct pgov_hw *hw, uint64_t now_ns, uint32_t cpu,
                                  uint32_t kind, int64_t a, int64_t b)
{
    if (pgov_hal_has_trace(hw)) {
        struct pgov_hw_trace ev;

        ev.time_ns = now_ns;
        ev.cpu = cpu;
        ev.kind = kind;
        ev.a = a;
        ev.b = b;
        PGOV_HW_OPS(hw)->trace(hw->ctx, &ev);
    }
}

#endif
