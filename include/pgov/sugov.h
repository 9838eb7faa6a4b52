/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file sugov.h
 * @brief schedutil (v6.19 .. 7.3): iowait boost, 1.25 headroom, next-frequency
 *        selection with rate limit and "hold", decision layer.
 *
 * Utilization is a number in capacity units (0 .. max_cap, 1024 = the
 * biggest CPU) that the caller computes, typically with the PELT, util_est
 * and uclamp modules of this library (`util_cfs` = the CPU's CFS
 * utilization, already max(util_avg, util_est) and clamped by uclamp for
 * pgov_sugov_decide(); unclamped for pgov_sugov_decide_in(), which applies
 * uclamp and the deadline floor in the kernel's v6.8+ order).
 * Model: one CPU per policy (pgov_sugov_decide_shared(): several), fast switch, frequency-invariant x86
 * (reference frequency = max frequency) or non-invariant (option). The
 * request is clamped to [min, max] (min > max -> max) and, when
 * pgov_sugov_decide_in() is given the driver's table, resolved to the lowest
 * entry at or above it (cpufreq_driver_resolve_freq).
 *
 * Two layers: pgov_sugov_decide() is the pure decision function the vectors
 * replay; `struct pgov_sugov` (pgov_sugov_init() ...) is a per-CPU governor
 * instance in the common shape, driven through the hw.h vtable.
 * Both check their arguments, then run the one implementation, the
 * `static inline` core tier pgov/core/sugov.h (what an embedder that owns
 * its state calls directly).
 *
 * Profiles (`pgov_sugov_params.kver`, `pgov_sugov_config.kver`):
 * - current (v6.18 = v6.19 = 7.3.4's frequency path, docs/spec/delta-7.3.md
 *   1.4): `kver` 6.18 .. newest (7.3) and ::PGOV_KVER_LATEST; also 6.12
 *   (Debian's 6.12.118 has the same observable rules, delta 2).
 *   Headroom after the boost, capped at max_cap, then the clamps (v6.8+
 *   order); the non-invariant reference is `cur + cur/4`.
 * - ::PGOV_KVER_5_14 (`kver` 5.14 .. 6.7, checked against Linux 6.1 itself,
 *   docs/oracle.md): the headroom `u + u/4` of `u = max(util, boost)` is not
 *   capped and the non-invariant reference is `cur` itself; `util` is
 *   effective_cpu_util's result with the clamps already in (uclamp and the
 *   deadline terms of pgov_sugov_input are not modelled: ::PGOV_ENOTSUP).
 * - 6.8 .. 6.17: the current rules (the 6.8 rework), approximate
 *   (docs/exactness.md: no tree read; mainline limits-change handling).
 * - 5.2 .. 5.13: the 25 % margin on the reference frequency,
 *   `(ref + ref/4) x max(util, boost) / max_cap` (`util_eff` has no
 *   headroom); before 5.10 a held frequency resets the raw cache to 0;
 *   approximate. Clamps as for 5.14 (in util: ::PGOV_ENOTSUP otherwise).
 * - releases before 5.2 are ::PGOV_ENOTSUP (the boost worked in frequency
 *   units, docs/spec/pstate.md 9.2).
 * Limits changes follow the 6.15 form in every profile.
 */
#ifndef PGOV_SUGOV_H
#define PGOV_SUGOV_H

#include <stddef.h>
#include <stdint.h>
#include "export.h"
#include "err.h"
#include "freq_table.h"
#include "gov.h"
#include "hw.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Option: the architecture is not frequency-invariant (reference = cur * 1.25). */
#define PGOV_SUGOV_OPT_NONINVARIANT 0x1u

/** ::pgov_sugov_config.tun_set: take `rate_limit_ns` literally, so 0 is
 *  rate_limit_us = 0 (evaluate on every update; gov.h). */
#define PGOV_SUGOV_SET_RATE_LIMIT 0x1u

/** schedutil parameters of one policy. */
struct pgov_sugov_params {
    uint64_t rate_limit_ns; /**< rate_limit_us * 1000 */
    uint64_t tick_ns;       /**< TICK_NSEC */
    uint32_t max_cap;       /**< capacity of the CPU, 1..1024 */
    uint32_t max_freq_khz;  /**< cpuinfo.max_freq, > 0 */
    uint32_t min_khz;       /**< policy->min */
    uint32_t max_khz;       /**< policy->max */
    uint32_t options;       /**< PGOV_SUGOV_OPT_* */
    uint32_t kver;          /**< profile PGOV_KVER_* (0: newest); `reserved` before 0.3 */
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
    /** The CPU's deadline bandwidth at the last evaluation (sg_cpu->bw_dl),
     *  capacity units; v6.8+ profiles: the whole floor of that evaluation,
     *  max(bw_dl, bw_min, uclamp_min) (sg_cpu->bw_min); `reserved` (zero)
     *  before 0.4. */
    uint32_t bw_dl;
};

/** What pgov_sugov_decide() did. */
enum pgov_sugov_path {
    PGOV_SUGOV_PATH_RATE_LIMITED = 1, /**< inside the rate limit: boost request only */
    PGOV_SUGOV_PATH_UNCHANGED = 2,    /**< evaluated, same frequency */
    PGOV_SUGOV_PATH_COMMIT = 3        /**< evaluated, new frequency committed */
};

/** Outputs of one pgov_sugov_decide() call. */
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
 *        without caching): `min(util + util/4, max_cap) * ref / max_cap`
 *        (5.14 .. 6.7: uncapped headroom; 5.2 .. 5.13: the margin on
 *        the reference), clamped to the policy limits.
 * @param prm      parameters
 * @param util     utilization, capacity units (clamped to max_cap)
 * @param cur_khz  current frequency (non-invariant reference only)
 * @param raw      receives the unclamped frequency (may be NULL; untouched on
 *                 error)
 * @return the frequency in kHz (0 .. UINT32_MAX), or a negative ::pgov_err:
 *         ::PGOV_EINVAL for a NULL @p prm, the error of
 *         pgov_sugov_params_check() when it rejects @p prm. A value and an error in
 *         one return, as littlefs's reads: test `< 0`, then narrow.
 */
PGOV_API PGOV_MUST_CHECK int64_t pgov_sugov_next_freq(const struct pgov_sugov_params *prm, uint32_t util,
                                      uint32_t cur_khz, uint64_t *raw);

/**
 * @brief One schedutil update callback (sugov_update_single_freq).
 * @param prm       parameters
 * @param st        state, updated
 * @param now_ns    scheduler clock
 * @param flags     PGOV_UPDATE_IOWAIT, PGOV_UPDATE_REMOTE (gov.h): another
 *                  CPU's callback (a remote wakeup) makes the boost request
 *                  and stops (::PGOV_SUGOV_PATH_RATE_LIMITED), as the kernel
 *                  lets only the policy's CPUs change its frequency
 * @param util_cfs  CFS utilization, capacity units
 * @param held      1 if the CPU's idle-calls counter (tick-stopped idle
 *                  entries, tick_nohz_get_idle_calls_cpu) did not move since
 *                  the previous evaluation (the "hold" rule: a lower
 *                  frequency is not taken, except right after a limits
 *                  change, `st->need_update`)
 * @param res       outputs
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (unknown flags, held not
 *         0/1, invalid parameters); ::PGOV_ENOTSUP (kver).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_decide(const struct pgov_sugov_params *prm,
                                               struct pgov_sugov_state *st, uint64_t now_ns,
                                               uint32_t flags, uint32_t util_cfs, uint32_t held,
                                               struct pgov_sugov_result *res);

/**
 * @brief Inputs of pgov_sugov_decide_in(): the utilisation terms of
 *        sugov_get_util as the kernel composes them since v6.8.
 *
 * Set `size = sizeof(struct pgov_sugov_input)`. Unlike pgov_sugov_decide(),
 * `util` is NOT clamped by uclamp beforehand: the clamps are applied after
 * the iowait boost and the 1.25 headroom,
 * `perf = max(max(bw_min, uclamp_min), min(headroom(max(util, boost)),
 * min(uclamp_max, max_cap)))`.
 */
struct pgov_sugov_input {
    uint32_t size;       /**< sizeof(struct pgov_sugov_input) */
    uint32_t flags;      /**< PGOV_UPDATE_IOWAIT, PGOV_UPDATE_REMOTE (gov.h) or 0 */
    uint32_t util;       /**< effective_cpu_util: CFS + RT + DL + IRQ, capacity units */
    uint32_t uclamp_min; /**< the rq's UCLAMP_MIN value, 0..1024 */
    uint32_t uclamp_max; /**< the rq's UCLAMP_MAX value, 0..1024 (1024: unclamped) */
    uint32_t bw_min;     /**< floor: irq + cpu_bw_dl (deadline bandwidth), capacity units */
    uint32_t held;       /**< 0/1: the idle-calls counter did not move (see pgov_sugov_decide()) */
    uint32_t capped;     /**< 0/1: uclamp_rq_is_capped: the hold rule does not apply */
    uint32_t cur_khz;    /**< policy->cur, non-invariant reference; 0: st->next_freq */
    /** cpu_bw_dl now: the CPU's deadline bandwidth, capacity units. Above
     *  `st->bw_dl` it bypasses the rate limit and the hold, as a limits
     *  change does (since v4.17, "sched/cpufreq: Rate limits for
     *  SCHED_DEADLINE"); `reserved` (0) before 0.4. */
    uint32_t bw_dl;
    /** The driver's table (pgov_freq_table_init(); NULL: none): the request is
     *  resolved to the lowest entry at or above it, before the "unchanged"
     *  test (0.3; absent from smaller `size`). */
    const struct pgov_freq_table *table;
};
/** Size of the first published ::pgov_sugov_input (0.2): the smallest `size` accepted.
 *  Frozen; later versions append fields after `bw_dl` (`reserved` before 0.4). */
#define PGOV_SUGOV_INPUT_SIZE_V1 (offsetof(struct pgov_sugov_input, bw_dl) + sizeof(((struct pgov_sugov_input *)0)->bw_dl))

/**
 * @brief pgov_sugov_decide() with the kernel's uclamp, deadline-floor and
 *        "capped" handling (v6.8+ composition, the only one implemented).
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_E2BIG (@p in size below the
 *         first version or unknown non-zero trailing bytes); ::PGOV_EINVAL
 *         (as pgov_sugov_decide(), uclamp values above 1024, held or capped
 *         not 0/1, a table descriptor that
 *         pgov_freq_table_init() did not fill); ::PGOV_ENOTSUP (the 5.14
 *         profile with clamps, a floor or capped set). State unchanged on
 *         error.
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_decide_in(const struct pgov_sugov_params *prm,
                                                  struct pgov_sugov_state *st, uint64_t now_ns,
                                                  const struct pgov_sugov_input *in,
                                                  struct pgov_sugov_result *res);

/**
 * @brief One CPU of a shared policy (pgov_sugov_decide_shared()): its iowait
 *        boost state and its current utilisation terms (0.4).
 */
struct pgov_sugov_cpu {
    uint64_t last_update_ns; /**< state: the CPU's last callback (0 at sugov_start) */
    uint32_t iowait_boost;   /**< state: capacity units, 0 or 128..1024 */
    uint32_t pending;        /**< state: iowait_boost_pending, 0/1 */
    uint32_t util;           /**< input: effective_cpu_util, unclamped (as pgov_sugov_input) */
    uint32_t uclamp_min;     /**< input: the rq's UCLAMP_MIN, 0..1024 */
    uint32_t uclamp_max;     /**< input: the rq's UCLAMP_MAX, 0..1024 (1024: unclamped) */
    uint32_t bw_min;         /**< input: irq + deadline bandwidth floor */
    uint32_t bw_dl;          /**< input: cpu_bw_dl now (as pgov_sugov_input.bw_dl) */
    uint32_t bw_dl_seen;     /**< state: bw_dl at the last evaluation (sg_cpu->bw_dl) */
};

/** The policy part of a shared policy (0.4). Zero = sugov_start. */
struct pgov_sugov_policy {
    uint64_t last_freq_update_ns; /**< time of the last committed frequency */
    uint32_t next_freq;           /**< last committed frequency, kHz */
    uint32_t cached_raw_freq;     /**< last raw (unclamped) frequency */
    uint32_t need_update;         /**< 0/1: limits changed: evaluate, bypass cache */
    uint32_t cur_khz;             /**< policy->cur, the non-invariant reference (seed it
                                       with the frequency at start; set to each commit);
                                       0: next_freq */
};

/**
 * @brief One schedutil callback of a policy shared by @p ncpus CPUs
 *        (sugov_update_shared).
 *
 * CPU @p cpu makes its boost request (as pgov_sugov_decide()) and records
 * the callback time. When the policy's rate limit lets an evaluation through
 * (or a limits change is pending), every CPU's boost is applied (halved
 * without a new request; a CPU whose last callback is more than a tick old
 * loses its boost: the stale-CPU rule), each CPU's terms are composed as in
 * pgov_sugov_decide_in() and the policy takes the largest; then frequency,
 * cache and commit as for one CPU. A shared policy has no hold rule. More
 * deadline bandwidth on @p cpu than at the last evaluation bypasses the
 * rate limit, as for one CPU.
 * ::PGOV_UPDATE_REMOTE (a callback run outside the policy) makes the boost
 * request only. `res->boost_util` is @p cpu's boost, `res->util_eff` the
 * policy's maximum.
 * @param prm    parameters (max_cap: the capacity of the policy's CPUs)
 * @param pol    the policy's state, updated
 * @param cpus   the policy's CPUs, state updated
 * @param ncpus  1 .. 1024
 * @param cpu    the CPU the callback is for, < @p ncpus
 * @param now_ns scheduler clock
 * @param flags  PGOV_UPDATE_IOWAIT, PGOV_UPDATE_REMOTE (gov.h) or 0
 * @param table  the driver's table (pgov_freq_table_init()) or NULL
 * @param res    outputs
 * @return ::PGOV_OK; ::PGOV_EINVAL (NULL, @p ncpus or @p cpu out of range,
 *         unknown flags, state or clamps out of range, a table descriptor
 *         pgov_freq_table_init() did not fill, invalid parameters);
 *         ::PGOV_ENOTSUP (kver; a profile before 6.8 with a clamp or floor).
 *         Nothing is written on error.
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_decide_shared(const struct pgov_sugov_params *prm,
                                                      struct pgov_sugov_policy *pol,
                                                      struct pgov_sugov_cpu *cpus, uint32_t ncpus,
                                                      uint32_t cpu, uint64_t now_ns, uint32_t flags,
                                                      const struct pgov_freq_table *table,
                                                      struct pgov_sugov_result *res);

/**
 * @brief Check parameters: max_cap 1..1024, max_freq_khz > 0, known
 *        options, tick_ns > 0, a supported kver.
 * @return ::PGOV_OK, ::PGOV_EINVAL; ::PGOV_ENOTSUP (kver not a profile this
 *         module implements, see "Profiles").
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_params_check(const struct pgov_sugov_params *prm);

/** Default rate limit of the instance without a driver transition delay or
 *  latency (1 ms, rate_limit_us = 1000; see pgov_sugov_config). */
#define PGOV_SUGOV_DEFAULT_RATE_LIMIT_NS 1000000u

/**
 * @brief Instance configuration. Set `size = sizeof(struct
 *        pgov_sugov_config)`; unknown non-zero trailing bytes are
 *        ::PGOV_E2BIG. Zero means the default in every field.
 */
struct pgov_sugov_config {
    uint32_t size;          /**< sizeof(struct pgov_sugov_config) */
    uint32_t cpu;           /**< CPU this instance serves (HAL calls) */
    uint32_t kver;          /**< PGOV_KVER_* (0: newest; see "Profiles") */
    uint32_t options;       /**< PGOV_SUGOV_OPT_* */
    uint64_t rate_limit_ns; /**< 0: the transition delay (1 ms without a driver
                                 delay or latency) unless
                                 PGOV_SUGOV_SET_RATE_LIMIT; at most 10 s */
    uint64_t tick_ns;       /**< TICK_NSEC; 0: 4 ms (HZ=250); at most 1 s */
    uint32_t max_cap;       /**< CPU capacity 1..1024; 0: 1024 */
    uint32_t cur_khz;       /**< policy->cur when the governor starts, the
                                 non-invariant reference until the first
                                 commit; 0: cpuinfo max (was `reserved`) */
    /* ---- 0.3 */
    uint32_t tun_set;       /**< PGOV_SUGOV_SET_* bits: field given even if 0 */
    uint32_t reserved;      /**< must be 0 */
    /* ---- 0.4: the default rate limit is the policy's transition delay
     * (pgov_freq_table_transition_delay_us() of `kver`) */
    uint32_t transition_latency_ns; /**< cpuinfo.transition_latency (0: none) */
    uint32_t transition_delay_us;   /**< the driver's transition_delay_us (0: none) */
};
/** Size of the first published ::pgov_sugov_config (0.1): the smallest `size` accepted.
 *  Frozen; later versions append fields after `cur_khz`. */
#define PGOV_SUGOV_CONFIG_SIZE_V1 (offsetof(struct pgov_sugov_config, cur_khz) + sizeof(((struct pgov_sugov_config *)0)->cur_khz))

/** Policy limits for pgov_sugov_set_limits(). Zero means cpuinfo min/max. */
struct pgov_sugov_limits {
    uint32_t size;    /**< sizeof(struct pgov_sugov_limits) */
    uint32_t min_khz; /**< policy->min (0: cpuinfo min) */
    uint32_t max_khz; /**< policy->max (0: cpuinfo max); below min: max wins */
    uint32_t reserved; /**< must be 0 */
};
/** Size of the first published ::pgov_sugov_limits (0.1): the smallest `size` accepted.
 *  Frozen; later versions append fields after `reserved`. */
#define PGOV_SUGOV_LIMITS_SIZE_V1 (offsetof(struct pgov_sugov_limits, reserved) + sizeof(((struct pgov_sugov_limits *)0)->reserved))

/** Opaque per-CPU schedutil instance, in caller storage. */
struct pgov_sugov;

/** Alignment the storage given to pgov_sugov_init() must have (8 bytes). */
#define PGOV_SUGOV_ALIGN 8u

/**
 * @brief Storage for one instance with its size and alignment known at
 *        compile time (as ::pgov_pstate_storage): `static struct
 *        pgov_sugov_storage s;`, then pgov_sugov_init(&s, sizeof(s), ...).
 *        The layout behind the fields is private and changes between
 *        releases.
 */
struct pgov_sugov_storage {
    PGOV_ALIGN8 struct pgov_sugov_state opaque_st; /**< not to be touched */
    struct pgov_sugov_params opaque_prm;           /**< not to be touched */
    uint64_t opaque[7];                            /**< not to be touched */
    struct pgov_hw_storage opaque_hw;              /**< not to be touched */
};
/** Bytes of one instance as a constant: pgov_sugov_size() of this build. */
#define PGOV_SUGOV_SIZE sizeof(struct pgov_sugov_storage)

/** @brief Bytes of caller storage one instance needs (::PGOV_SUGOV_SIZE). */
PGOV_API size_t pgov_sugov_size(void);

/**
 * @brief Create an instance in caller storage.
 *
 * Binds @p ops with need LIMITS | FREQ | IDLE and reads the CPU's range
 * through `get_limits`: cpuinfo min/max = `min_pstate`/`turbo_pstate` x
 * `scaling_khz` (max_freq, the frequency-invariance reference). No
 * frequency is written until the first evaluation.
 *
 * @param mem  storage of at least pgov_sugov_size() bytes, aligned to
 *             ::PGOV_SUGOV_ALIGN
 * @param len  bytes at @p mem
 * @param cfg  configuration
 * @param ops  hardware vtable (copied)
 * @param ctx  passed to every callback
 * @param out  receives the instance (== @p mem) on success
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_ENOSPC; ::PGOV_EINVAL
 *         (misaligned, tunable out of range, unknown `tun_set` bits, non-zero
 *         `reserved`, bad platform); ::PGOV_E2BIG;
 *         ::PGOV_ENOTSUP (kver); errors of pgov_hw_bind(); a HAL error.
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_init(void *mem, size_t len,
                                             const struct pgov_sugov_config *cfg,
                                             const struct pgov_hw_ops *ops, void *ctx,
                                             struct pgov_sugov **out);

/**
 * @brief Set the CPU's CFS utilisation (capacity units) used by the next
 *        evaluations, e.g. from the PELT/util_est/uclamp modules.
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (not an instance).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_set_util(struct pgov_sugov *g, uint32_t util_cfs);

/**
 * @brief Set the rq's clamps for the next evaluations (pgov_sugov_input
 *        fields; after init: 0, 1024, 0, 0 = unclamped). The utilisation of
 *        pgov_sugov_set_util() is then the unclamped one.
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (not an instance, a clamp
 *         above 1024, capped not 0/1); ::PGOV_ENOTSUP (anything but the
 *         unclamped values under profiles before 6.8).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_set_clamps(struct pgov_sugov *g, uint32_t uclamp_min, uint32_t uclamp_max,
                                   uint32_t bw_min, uint32_t capped);

/**
 * @brief The scheduler's utilization-update hook (sugov_update_single_freq).
 *
 * When an evaluation is due (rate limit passed or limits changed) the
 * instance reads the CPU's idle time through `read_idle`: if it has not
 * grown since the previous evaluation, the "hold" rule applies. This is an
 * approximation: the kernel compares its idle-calls counter
 * (tick_nohz_get_idle_calls_cpu), which advances only when the idle loop
 * stops the tick, so a shallow idle that keeps the tick running counts as
 * busy there and as idle here. For the kernel's rule, call
 * pgov_sugov_decide_in() with `held` computed from that counter. A new
 * frequency is written with `set_freq_khz`. Remote callbacks
 * (::PGOV_UPDATE_REMOTE) update the iowait boost only, as in the kernel.
 *
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (unknown flags, not an
 *         instance); a HAL error unchanged (state as before the call).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_update(struct pgov_sugov *g, uint64_t now_ns, uint32_t flags);

/**
 * @brief Timer entry of the common governor shape: schedutil is purely
 *        hook-driven, so this does nothing and reports `UINT64_MAX`.
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (not an instance;
 *         @p next_ns untouched).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_timer(struct pgov_sugov *g, uint64_t now_ns, uint64_t *next_ns);

/**
 * @brief Replace the policy limits; the next update evaluates at once,
 *        bypassing the rate limit and the frequency cache (need_freq_update).
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_E2BIG; ::PGOV_EINVAL (reserved
 *         non-zero, not an instance); a HAL error (get_limits) unchanged.
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_set_limits(struct pgov_sugov *g, const struct pgov_sugov_limits *lim);

/** Read-only view of a schedutil instance (pgov_sugov_get_status()). */
struct pgov_sugov_status {
    uint32_t cpu;        /**< the CPU served */
    uint32_t freq_khz;   /**< last committed frequency (0: none yet) */
    uint32_t util_cfs;   /**< utilisation last set */
    uint32_t boost;      /**< iowait boost, capacity units */
    uint32_t last_path;  /**< ::pgov_sugov_path of the last call (0: none) */
    uint32_t min_khz;    /**< effective policy min */
    uint32_t max_khz;    /**< effective policy max */
    uint32_t reserved;   /**< zero */
};

/**
 * @brief Copy the instance's last decision.
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (not an instance).
 */
PGOV_API PGOV_MUST_CHECK int pgov_sugov_get_status(const struct pgov_sugov *g, struct pgov_sugov_status *out);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_SUGOV_H */
