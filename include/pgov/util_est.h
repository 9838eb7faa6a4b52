/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file util_est.h
 * @brief util_est (utilization estimation), bit-exact with five kernel lines.
 *
 * A task's PELT `util_avg` decays while it sleeps; util_est remembers how big
 * the task was when it last went to sleep (an EWMA with weight 1/4), and the
 * CPU sums the estimates of its queued tasks so that on wake-up its estimated
 * utilization jumps back immediately.
 *
 * **Profiles** (::pgov_util_est_cfg.kver, a ::pgov_kver value; every valid
 * version maps to the newest implemented one not newer than it):
 *
 * | kver given | behaves as | what it is |
 * |---|---|---|
 * | 0 (LATEST), 6.18 .. newest (7.3) | v6.18 | single u32 with flag bit 31, reset on increase, 1% margin, runnable check, no capacity check |
 * | 6.8 .. 6.17 | v6.9 | as v6.18 plus the capacity check (6.12.118 has it) |
 * | 5.13 .. 6.7 | v5.13 | `{enqueued, ewma}`, flag bit 31 of `enqueued`, FASTUP, margin on both fields, capacity check |
 * | 5.5 .. 5.12 | v5.7 | `{enqueued, ewma}`, flag bit 0, FASTUP, margin, capacity check |
 * | 4.17 .. 5.4 | v4.17 | `{enqueued, ewma}`, flag bit 0, no FASTUP, rq sum zeroed when the CPU empties |
 * | below 4.17 | ::PGOV_ENOTSUP | util_est did not exist |
 *
 * Mainline boundaries (public commit messages and merge-window pulls, see
 * docs/signals.md): b89997aa88f0 (margin on `enqueued` too) and
 * 68d7a190682a (flag to bit 31, contribution without it) are both in v5.13;
 * 50181c0cff31 (runnable check), 7736ae5572eb (FASTUP removed) and
 * 11137d384996 (single field) are all in the v6.8 merge window, so no
 * release has the runnable check on the pair. Exactness: v6.18, v6.9, v5.7
 * and v4.17 are pinned by the golden vectors (kernels v6.18.2, v6.9.0,
 * v5.7.14, v4.17.0); v5.13 by Linux 6.1.192 itself (tests/oracle, and
 * tests/vectors/linux-6.1-util_est.tsv). Stable backports are not modelled:
 * 5.10.y (from about 5.10.44) and 5.12.y carry the v5.13 rules (pass 5.13
 * for them); 6.6.y stable of late 2025 added the runnable check to the pair,
 * which no profile reproduces. The call order of the kernel lines differs
 * (see docs/signals.md); the library gives the operations, the embedder
 * calls them in its kernel's order. 7.2 moved the update after the
 * dequeue's PELT update (it samples the fresh util_avg) without changing
 * its arithmetic, so 7.2 and 7.3 are the v6.18 profile
 * (docs/spec/delta-7.3.md 1.2).
 *
 * **Option** ::PGOV_UTIL_EST_EVERY_DEQUEUE: the behaviour before commit
 * d519329f72 ("sched/fair: Update util_est only on util_avg updates", merged
 * in the same cycle as util_est, v4.17): the UTIL_AVG_UNCHANGED flag is not
 * consulted, so every sleep dequeue feeds the EWMA even if PELT did not
 * recompute util_avg in between. With the v4.17 profile it also drops the
 * flag bit from samples and contributions (the bit did not exist yet).
 * This is the pair the 0-day robot compared (unixbench execl -9.9%).
 *
 * **State.** ::pgov_util_est_rq (one per CPU root cfs_rq) carries the profile
 * chosen at pgov_util_est_init(); ::pgov_util_est_task (one per task) is
 * interpreted by the rq it is used with. Both have a frozen layout. Tasks
 * start zeroed (`{0, 0}`), as in the kernel.
 *
 * **Errors.** NULL pointers give ::PGOV_EINVAL, an rq whose `mode` was not
 * set by pgov_util_est_init() ::PGOV_EINVAL, a util above
 * ::PGOV_UTIL_EST_UTIL_MAX ::PGOV_EINVAL; nothing is changed on error.
 */
#ifndef PGOV_UTIL_EST_H
#define PGOV_UTIL_EST_H

#include <stddef.h>
#include <stdint.h>
#include "export.h"
#include "err.h"
#include "kver.h"

#ifdef __cplusplus
extern "C" {
#endif

/** EWMA weight shift: a new sample has weight 1/4. */
#define PGOV_UTIL_EST_WEIGHT_SHIFT 2u
/** Margin under which a change is ignored: 1% of 1024 (integer, 10). */
#define PGOV_UTIL_EST_MARGIN 10u
/** UTIL_AVG_UNCHANGED in the v6.9+ single field and in the v5.13 `enqueued` (bit 31). */
#define PGOV_UTIL_EST_UNCHANGED 0x80000000u
/** UTIL_AVG_UNCHANGED in `enqueued` for the v4.17 and v5.7 profiles (bit 0). */
#define PGOV_UTIL_EST_UNCHANGED_OLD 0x1u
/** Largest util accepted (PELT gives at most 1024; larger would hit bit 31). */
#define PGOV_UTIL_EST_UTIL_MAX 0x7fffffffu

/** The positive return of pgov_util_est_update() (never ::PGOV_WARN_KERNEL;
 *  err.h). The value is ABI. */
enum pgov_util_est_rc {
    /** A new estimate was stored (and UTIL_AVG_UNCHANGED set). */
    PGOV_UTIL_EST_STORED = 1
};

/** ::pgov_util_est_cfg.flags bits. */
enum pgov_util_est_flags {
    /** Feed every sleep dequeue into the EWMA (before d519329f72). */
    PGOV_UTIL_EST_EVERY_DEQUEUE = 1u << 0
};

/** Configuration of one CPU's util_est. Zero-filled (with `size`) = v6.18. */
struct pgov_util_est_cfg {
    uint32_t size;  /**< sizeof(struct pgov_util_est_cfg) as compiled by the caller */
    uint32_t kver;  /**< a ::pgov_kver profile; 0 = newest (v6.18 rules) */
    uint32_t flags; /**< ::pgov_util_est_flags bits */
    uint32_t reserved; /**< must be 0 */
};
/** Smallest accepted ::pgov_util_est_cfg.size: the first published
 *  prefix {size, kver}; `flags` and `reserved` read as 0 when not covered. */
#define PGOV_UTIL_EST_CFG_SIZE_V1 (offsetof(struct pgov_util_est_cfg, flags))

/**
 * @brief Per-task estimate. 8 bytes, frozen layout.
 *
 * v6.9/v6.18 profiles: `enqueued` is the kernel's single `util_est` (EWMA in
 * bits 0..30, UTIL_AVG_UNCHANGED in bit 31) and `ewma` stays 0. v5.13
 * profile: the kernel's `{enqueued, ewma}` pair, flag in bit 31 of enqueued.
 * v4.17/v5.7 profiles: the pair, flag in bit 0 of enqueued.
 */
struct pgov_util_est_task {
    uint32_t enqueued; /**< see above (offset 0) */
    uint32_t ewma;     /**< see above (offset 4) */
};

/** @brief Per-CPU (root cfs_rq) sum and profile. 8 bytes, frozen layout. */
struct pgov_util_est_rq {
    uint32_t enqueued; /**< sum of the contributions of the queued tasks (offset 0) */
    uint32_t mode;     /**< set by pgov_util_est_init(); do not write (offset 4) */
};

/** sizeof(struct pgov_util_est_task): frozen, every target (4-byte aligned). */
#define PGOV_UTIL_EST_TASK_SIZE 8u
/** sizeof(struct pgov_util_est_rq): frozen, every target (4-byte aligned). */
#define PGOV_UTIL_EST_RQ_SIZE 8u

/**
 * @brief Initialise a CPU's util_est: sum 0, profile from @p cfg.
 * @param rq   the CPU's state
 * @param cfg  configuration; NULL means all defaults (v6.18, no flags)
 * @return ::PGOV_OK; ::PGOV_EINVAL (rq NULL); ::PGOV_E2BIG (`cfg->size`
 *         smaller than the first two fields, or non-zero bytes beyond the
 *         fields known here); ::PGOV_EINVAL (unknown flag bits or reserved
 *         non-zero); ::PGOV_ENOTSUP (kver invalid or older than 4.17)
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_init(struct pgov_util_est_rq *rq, const struct pgov_util_est_cfg *cfg);

/**
 * @brief The profile an rq runs, as the kernel version it reproduces.
 * @param rq  the CPU's state
 * @return PGOV_KVER_6_18, PGOV_KVER_6_9, PGOV_KVER_5_13, PGOV_KVER_5_7 or
 *         PGOV_KVER_4_17;
 *         ::PGOV_EINVAL or ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_profile(const struct pgov_util_est_rq *rq);

/**
 * @brief The task becomes runnable on this CPU (util_est_enqueue):
 *        `rq sum += contribution` (u32, wrapping as the kernel's).
 * @param rq    the CPU's state
 * @param task  the task's estimate
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_enqueue(struct pgov_util_est_rq *rq,
                                   const struct pgov_util_est_task *task);

/**
 * @brief The task leaves this CPU's runqueue (util_est_dequeue):
 *        `rq sum -= min(rq sum, contribution)`.
 *
 * v4.17 profile only: when @p nr_queued (tasks still queued on the root
 * cfs_rq after this one left) is 0, the sum is set to 0. Other profiles
 * ignore @p nr_queued.
 * @param rq         the CPU's state
 * @param task       the task's estimate (before pgov_util_est_update())
 * @param nr_queued  tasks still queued on the CPU's root cfs_rq
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_dequeue(struct pgov_util_est_rq *rq,
                                   const struct pgov_util_est_task *task, uint32_t nr_queued);

/**
 * @brief Feed a dequeue into the task's EWMA (util_est_update).
 *
 * Nothing happens unless @p sleep is 1 and the task's UTIL_AVG_UNCHANGED flag
 * is clear (or the rq has ::PGOV_UTIL_EST_EVERY_DEQUEUE). The profile's rules
 * then decide whether a new value is stored (which sets the flag).
 * @param rq        the CPU's state (profile; the sum is not touched)
 * @param task      the task's estimate
 * @param sleep     1 for a sleep dequeue (DEQUEUE_SLEEP), 0 otherwise
 * @param util      the task's util_avg, 0..::PGOV_UTIL_EST_UTIL_MAX
 * @param runnable  the task's runnable_avg (v6.x runnable check)
 * @param cpu_cap   capacity of the CPU (v5.7 / v5.13 / v6.9 capacity check)
 * @return ::PGOV_UTIL_EST_STORED (1) when a value was stored, 0 when not;
 *         ::PGOV_EINVAL, ::PGOV_EINVAL
 *         (sleep > 1, util too large, bad rq)
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_update(const struct pgov_util_est_rq *rq,
                                  struct pgov_util_est_task *task, uint32_t sleep, uint64_t util,
                                  uint64_t runnable, uint64_t cpu_cap);

/**
 * @brief The task's PELT averages were recomputed (the entity update
 *        returned 1): clear UTIL_AVG_UNCHANGED (cfs_se_util_change).
 * @param rq    the CPU's state (profile)
 * @param task  the task's estimate
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_util_changed(const struct pgov_util_est_rq *rq,
                                        struct pgov_util_est_task *task);

/**
 * @brief What the task adds to the CPU sum (_task_util_est).
 *
 * v6.x: the EWMA without the flag bit. v5.13: `max(ewma, enqueued without
 * bit 31)`. v5.7/v4.17: `max(ewma, enqueued) | 1`
 * (the flag bit is included, as in those kernels).
 * @param rq    the CPU's state (profile)
 * @param task  the task's estimate
 * @param out   receives the contribution
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_task_contrib(const struct pgov_util_est_rq *rq,
                                        const struct pgov_util_est_task *task, uint32_t *out);

/**
 * @brief The task's estimated utilization (task_util_est):
 *        `max(util, contribution)`.
 * @param rq    the CPU's state (profile)
 * @param task  the task's estimate
 * @param util  the task's util_avg
 * @param out   receives the estimate
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_task_util_est(const struct pgov_util_est_rq *rq,
                                         const struct pgov_util_est_task *task, uint64_t util,
                                         uint64_t *out);

/**
 * @brief CPU utilization with util_est (cpu_util, no migrating task):
 *        `min(max(cfs util_avg, rq sum), capacity)`.
 * @param rq        the CPU's state
 * @param cfs_util  the root cfs_rq's util_avg
 * @param capacity  the CPU's capacity
 * @param out       receives the utilization
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_cpu_util(const struct pgov_util_est_rq *rq, uint64_t cfs_util,
                                    uint64_t capacity, uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_UTIL_EST_H */
