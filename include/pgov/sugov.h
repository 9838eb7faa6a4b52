/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file sugov.h
 * @brief schedutil (v6.19): iowait boost, 1.25 headroom, next-frequency
 *        selection with rate limit and "hold", decision layer.
 *
 * Utilization is a number in capacity units (0 .. max_cap, 1024 = the
 * biggest CPU) that the caller computes, typically with the PELT, util_est
 * and uclamp modules of this library (`util_cfs` = the CPU's CFS
 * utilization, already max(util_avg, util_est) and clamped by uclamp).
 * Model: one CPU per policy, fast switch, frequency-invariant x86
 * (reference frequency = max frequency) or non-invariant (option), no
 * frequency table (the request is clamped to [min, max]; min > max -> max).
 */
#ifndef PGOV_SUGOV_H
#define PGOV_SUGOV_H

#include <stdint.h>
#include <pgov/export.h>
#include <pgov/err.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Option: the architecture is not frequency-invariant (reference = cur * 1.25). */
#define PGOV_SUGOV_OPT_NONINVARIANT 0x1u

/** schedutil parameters of one policy. */
struct pgov_sugov_params {
    uint64_t rate_limit_ns; /**< rate_limit_us * 1000 */
    uint64_t tick_ns;       /**< TICK_NSEC */
    uint32_t max_cap;       /**< capacity of the CPU, 1..1024 */
    uint32_t max_freq_khz;  /**< cpuinfo.max_freq, > 0 */
    uint32_t min_khz;       /**< policy->min */
    uint32_t max_khz;       /**< policy->max */
    uint32_t options;       /**< PGOV_SUGOV_OPT_* */
    uint32_t reserved;      /**< zero */
};

/** schedutil per-CPU state. Fixed layout (40 bytes); zero = sugov_start. */
struct pgov_sugov_state {
    uint64_t last_update_ns;      /**< iowait boost's last update */
    uint64_t last_freq_update_ns; /**< time of the last committed frequency */
    uint32_t iowait_boost;        /**< capacity units, 0 or 128..1024 */
    uint32_t pending;             /**< iowait_boost_pending */
    uint32_t next_freq;           /**< last committed frequency, kHz */
    uint32_t cached_raw_freq;     /**< last raw (unclamped) frequency */
    uint32_t need_update;         /**< limits changed: evaluate, bypass cache */
    uint32_t reserved;            /**< zero */
};

/** What pgov_sugov_update() did. */
enum pgov_sugov_path {
    PGOV_SUGOV_PATH_RATE_LIMITED = 1, /**< inside the rate limit: boost request only */
    PGOV_SUGOV_PATH_UNCHANGED = 2,    /**< evaluated, same frequency */
    PGOV_SUGOV_PATH_COMMIT = 3        /**< evaluated, new frequency committed */
};

/** Outputs of one pgov_sugov_update() call. */
struct pgov_sugov_result {
    uint32_t path;        /**< ::pgov_sugov_path */
    uint32_t boost_req;   /**< boost after the request step */
    uint32_t pending_req; /**< pending after the request step */
    uint32_t boost_util;  /**< boost in capacity units after apply (evaluated only) */
    uint32_t util_eff;    /**< util after boost and 1.25 headroom (evaluated only) */
    uint32_t next_f;      /**< chosen frequency kHz (evaluated only) */
    uint64_t raw_freq;    /**< unclamped frequency (evaluated only) */
};

/**
 * @brief Map a utilization to a frequency (map_util_perf + get_next_freq
 *        without caching): `min(util + util/4, max_cap) * ref / max_cap`,
 *        clamped to the policy limits.
 * @param prm      parameters
 * @param util     utilization, capacity units (clamped to max_cap)
 * @param cur_khz  current frequency (non-invariant reference only)
 * @param raw      receives the unclamped frequency (may be NULL)
 * @return the frequency in kHz, or 0 if @p prm is invalid or NULL.
 */
PGOV_API uint32_t pgov_sugov_next_freq(const struct pgov_sugov_params *prm, uint32_t util,
                                       uint32_t cur_khz, uint64_t *raw);

/**
 * @brief One schedutil update callback (sugov_update_single_freq).
 * @param prm       parameters
 * @param st        state, updated
 * @param now_ns    scheduler clock
 * @param flags     PGOV_UPDATE_IOWAIT (pstate.h); PGOV_UPDATE_REMOTE is
 *                  rejected here (a single-CPU policy has no remote updates)
 * @param util_cfs  CFS utilization, capacity units
 * @param held      1 if the CPU has not been idle since the previous call
 *                  (the "hold" rule: a lower frequency is not taken)
 * @param res       outputs
 * @return ::PGOV_OK; ::PGOV_EFAULT; ::PGOV_EINVAL (unknown flags, held not
 *         0/1, invalid parameters).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_update(const struct pgov_sugov_params *prm,
                                               struct pgov_sugov_state *st, uint64_t now_ns,
                                               uint32_t flags, uint32_t util_cfs, uint32_t held,
                                               struct pgov_sugov_result *res);

/**
 * @brief Check parameters: max_cap 1..1024, max_freq_khz > 0, reserved 0,
 *        known options, tick_ns > 0.
 * @return ::PGOV_OK, ::PGOV_EFAULT, ::PGOV_EINVAL.
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_params_check(const struct pgov_sugov_params *prm);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_SUGOV_H */
