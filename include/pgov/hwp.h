/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file hwp.h
 * @brief intel_pstate HWP dynamic boost (v4.18+, as in v6.19), decision layer.
 *
 * With HWP the hardware picks the frequency; the driver only raises the
 * request's minimum while tasks keep waking from I/O. pgov_hwp_boost_update()
 * is the hook `update_util_hwp(t, flags)`: an IOWAIT wakeup within two ticks
 * of the previous one steps the boost minimum up (min -> (guaranteed+min)/2
 * -> guaranteed -> max); after a gap longer than the hold time (3 ms) with no
 * IOWAIT the cached request is written back. The per-CPU governor instance of
 * pstate.h (policy ::PGOV_PSTATE_POLICY_HWP_BOOST) drives this through the
 * vtable's `set_hwp_request`.
 */
#ifndef PGOV_HWP_H
#define PGOV_HWP_H

#include <stdint.h>
#include "export.h"
#include "err.h"
#include "gov.h"

#ifdef __cplusplus
extern "C" {
#endif

/** HWP boost state of one CPU. Fixed layout (24 bytes); zero-initialise. */
struct pgov_hwp_boost_state {
    uint64_t last_update_ns;    /**< last boost change / boost_down check */
    uint64_t last_io_update_ns; /**< last IOWAIT callback */
    uint32_t boost_min;         /**< boosted minimum, 0 = not boosted */
    uint32_t sched_flags;       /**< accumulated hook flags */
};

/** Parameters: the cached MSRs and the timing constants. */
struct pgov_hwp_boost_params {
    uint64_t hwp_request; /**< cached IA32_HWP_REQUEST (min 7:0, max 15:8) */
    uint64_t hwp_cap;     /**< IA32_HWP_CAPABILITIES (guaranteed 15:8) */
    uint64_t hold_ns;     /**< hwp_boost_hold_time_ns (3 ms in the kernel) */
    uint64_t tick_ns;     /**< TICK_NSEC */
};

/** What pgov_hwp_boost_update() did (::pgov_hwp_boost_result.path). */
enum pgov_hwp_boost_path {
    PGOV_HWP_PATH_DOWN_CHECK = 1, /**< non-IOWAIT: boost_down check */
    PGOV_HWP_PATH_IO_FIRST = 2,   /**< IOWAIT not within two ticks of the last */
    PGOV_HWP_PATH_IO_UP = 3,      /**< IOWAIT within two ticks: boost_up */
    PGOV_HWP_PATH_REMOTE = 4      /**< remote callback: only flags accumulated */
};

/** Result of one pgov_hwp_boost_update(). */
struct pgov_hwp_boost_result {
    uint32_t path;        /**< ::pgov_hwp_boost_path */
    uint32_t write;       /**< 1 if @c hwp_request must be written */
    uint64_t hwp_request; /**< value to write when @c write */
};

/**
 * @brief One HWP hook call.
 * @param prm    cached MSRs and constants
 * @param st     per-CPU state, updated
 * @param now_ns scheduler clock
 * @param flags  PGOV_UPDATE_* (gov.h); a remote call only accumulates
 *               its flags, as the kernel does
 * @param res    outputs
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (unknown flags; a cached
 *         request with min or max 0 or min above max, or a guaranteed
 *         ratio of 0: requests the kernel never builds).
 */
PGOV_API PGOV_MUST_CHECK int pgov_hwp_boost_update(const struct pgov_hwp_boost_params *prm,
                                                   struct pgov_hwp_boost_state *st,
                                                   uint64_t now_ns, uint32_t flags,
                                                   struct pgov_hwp_boost_result *res);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_HWP_H */
