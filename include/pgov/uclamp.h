/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file uclamp.h
 * @brief Utilization clamping: per-runqueue bucket aggregation in O(1).
 *
 * Reproduces Linux uclamp (docs/spec/sched.md section 3) bit-exactly: every task
 * asks for a (min, max) pair in 0..1024; the effective pair is the request
 * restricted by the task group and the system defaults; every runqueue
 * max-aggregates the effective values of its runnable tasks per clamp id in
 * "buckets" and exposes one value per clamp id, which clamps utilization.
 *
 * **O(1).** The kernel rescans its buckets top-down whenever the bucket that
 * defined the runqueue value empties. Here each clamp id keeps a bitmap of
 * non-empty buckets, and "highest non-empty bucket" is one count-leading-
 * zeros. The result is the same bucket the rescan finds, for every sequence
 * (docs/uclamp.md explains why, including the kernel-WARN paths).
 *
 * **Free when unused.** While the runqueue holds only tasks whose effective
 * clamps are the defaults (0, 1024), increment and decrement only count them
 * (no bucket is touched). The first other task expands the count back into
 * the two buckets the kernel would hold, so results stay exact.
 *
 * **Profiles** (`kver`, see kver.h): this module tells apart
 * - ::PGOV_KVER_5_3 .. 5.8 ("v5.7"): runqueue starts at (0, 0) without the
 *   idle flag; decrement has no "active" check; cgroup rule "use the group
 *   value if the request is above it or not user-defined"; RT tasks' minimum
 *   is hard-wired to 1024; bucket index not saturated.
 * - ::PGOV_KVER_5_9 .. 5.16 ("v5.9"): runqueue starts at (0, 1024) without the
 *   idle flag; decrement ignores inactive tasks; RT default from
 *   sched_util_clamp_min_rt_default. From ::PGOV_KVER_5_13 the bucket index
 *   saturates at nbuckets-1 and the cgroup rule is clamp(request, group min,
 *   group max) (mainline tags; stable backports such as v5.12.9 are not
 *   modelled).
 * - ::PGOV_KVER_5_17 and later ("cur", also ::PGOV_KVER_LATEST): runqueue
 *   starts at (0, 1024) with the idle flag set.
 *
 * Older versions give ::PGOV_ENOTSUP. The legacy uclamp_rq_util_with() has
 * its own `kver` argument (see pgov_uclamp_rq_util_with()).
 *
 * **Unsaturated bucket index.** Under v5.3..v5.12 with 7, 8, 10, 11, 12, 14,
 * 15, 16, 17 or 20 buckets, values near 1024 map to bucket index nbuckets, one
 * past the kernel's array (undefined behaviour in those kernels). The
 * runqueue keeps a spare slot for that index, so those values form their own
 * top bucket; pgov_uclamp_bucket_id() reports the kernel's index unchanged.
 * Like the kernel's rescan, which starts at nbuckets-1, the rescan after a
 * bucket empties never finds the spare slot (tests/vectors/uclamp_spare.tsv);
 * what the kernel's out-of-bounds write does to neighbouring fields is not
 * modelled.
 *
 * Runqueue objects follow the kernel's locking: serialise calls on one
 * runqueue (and on the tasks counted in it).
 */
#ifndef PGOV_UCLAMP_H
#define PGOV_UCLAMP_H

#include <stdbool.h>
#include <stdint.h>
#include "export.h"
#include "err.h"
#include "kver.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Clamp ids (kernel enum uclamp_id). */
enum pgov_uclamp_id {
    PGOV_UCLAMP_MIN = 0, /**< minimum utilization (boost, protection) */
    PGOV_UCLAMP_MAX = 1, /**< maximum utilization (cap, limit) */
    PGOV_UCLAMP_CNT = 2  /**< number of clamp ids */
};

/** Capacity scale: the largest clamp value (SCHED_CAPACITY_SCALE). */
#define PGOV_UCLAMP_SCALE 1024u
/** Smallest allowed bucket count (CONFIG_UCLAMP_BUCKETS_COUNT). */
#define PGOV_UCLAMP_BUCKETS_MIN 5u
/** Largest allowed bucket count. */
#define PGOV_UCLAMP_BUCKETS_MAX 20u
/** The kernel's default bucket count, used when 0 is passed. */
#define PGOV_UCLAMP_BUCKETS_DEFAULT 5u
/** Bucket slots per clamp id: 20 plus the spare slot (see file comment). */
#define PGOV_UCLAMP_SLOTS 21u

/** Runqueue flag: UCLAMP_FLAG_IDLE, the rq max value is retained from the
 *  last task that left (idle max-clamp retention). */
#define PGOV_UCLAMP_FLAG_IDLE 0x01u

/** One bucket of a runqueue (kernel struct uclamp_bucket). */
struct pgov_uclamp_bucket {
    uint32_t tasks;  /**< runnable tasks counted in it */
    uint16_t value;  /**< local max: largest value since it became non-empty
                          (kept while empty, as in the kernel) */
    uint16_t _pad;   /**< reserved, zero */
};

/**
 * @brief Per-runqueue clamp state, caller-allocated (392 bytes, 8-aligned).
 *
 * Initialise with pgov_uclamp_rq_init(). `value`, `flags`, `warns` and
 * `bad_decs` are always exact and may be read directly. The other fields are
 * the library's representation: read buckets through pgov_uclamp_rq_bucket()
 * (two of them are not stored while the runqueue holds only default-clamp
 * tasks), and never write any field.
 */
struct pgov_uclamp_rq {
    uint16_t value[PGOV_UCLAMP_CNT]; /**< rq clamp per id (uclamp_rq.value) */
    uint8_t flags;                   /**< ::PGOV_UCLAMP_FLAG_IDLE or 0 */
    uint8_t nbuckets;                /**< bucket count, 5..20 */
    uint8_t prof;                    /**< private: profile feature bits */
    uint8_t top;                     /**< private: bucket index of 1024 */
    uint32_t lazy;                   /**< private: default-clamp tasks only counted */
    uint32_t warns;     /**< kernel WARN conditions hit so far (wraps at 2^32) */
    uint32_t bad_decs;  /**< decrements of a task that was not active (wraps) */
    uint16_t mul;       /**< private: bucket id multiplier */
    uint8_t bmax;       /**< private: highest bucket index in use */
    uint8_t gate;       /**< private: the straight-line paths may run */
    uint32_t map[PGOV_UCLAMP_CNT];   /**< private: bitmap of non-empty buckets */
    uint64_t def_img;                /**< private: task image of a default task */
    uint64_t chk_x;                  /**< private: dequeue check, task image XOR */
    uint64_t chk_l;                  /**< private: dequeue check, per-field limits */
    /** private: the buckets per clamp id (slot nbuckets is the spare slot) */
    struct pgov_uclamp_bucket bucket[PGOV_UCLAMP_CNT][PGOV_UCLAMP_SLOTS];
};

/** sizeof(struct pgov_uclamp_rq) on every target (fixed; the private
 *  fields' layout is not stable between releases). */
#define PGOV_UCLAMP_RQ_SIZE 392u
/** Alignment a ::pgov_uclamp_rq needs at most (caller storage). */
#define PGOV_UCLAMP_RQ_ALIGN 8u
/** sizeof(struct pgov_uclamp_task), frozen layout. */
#define PGOV_UCLAMP_TASK_SIZE 16u

/** Task flag (pgov_uclamp_task.req_flags): the MIN request is user-defined. */
#define PGOV_UCLAMP_TASK_USER_MIN 0x01u
/** Task flag: the MAX request is user-defined. */
#define PGOV_UCLAMP_TASK_USER_MAX 0x02u
/** Task flag: the task is real-time (its MIN defaults to the RT boost). */
#define PGOV_UCLAMP_TASK_RT 0x04u

/**
 * @brief Per-task clamp state, caller-allocated (16 bytes).
 *
 * Initialise with pgov_uclamp_task_init(); change the request with
 * pgov_uclamp_task_set(). The first eight bytes are written by the runqueue
 * operations (kernel `p->uclamp[]`), the last eight hold the request
 * (`p->uclamp_req[]`). All fields may be read; `req` and `req_flags` may
 * also be written directly (values 0..1024, known flags; every operation
 * checks them), for example to model a request pgov_uclamp_task_set() would
 * refuse (min above max). Never write the first eight bytes.
 */
struct pgov_uclamp_task {
    uint16_t value[PGOV_UCLAMP_CNT];  /**< effective value while active (kept after) */
    uint8_t bucket[PGOV_UCLAMP_CNT];  /**< bucket index counted in */
    uint8_t active;                   /**< bit (1 << id): counted in a runqueue */
    uint8_t _pad0;                    /**< reserved, zero */
    uint16_t req[PGOV_UCLAMP_CNT];    /**< requested value per id */
    uint8_t req_flags;                /**< PGOV_UCLAMP_TASK_* bits */
    uint8_t _pad1[3];                 /**< reserved, zero */
};

/** Limits flag: the task is in a task group other than the root (or an
 *  autogroup); `tg_min`/`tg_max` apply. */
#define PGOV_UCLAMP_LIM_TG 0x01u
/** Limits flag: `sys_min`/`sys_max` (sched_util_clamp_min/max) are set. */
#define PGOV_UCLAMP_LIM_SYS 0x02u
/** Limits flag: `rt_default` (sched_util_clamp_min_rt_default) is set. */
#define PGOV_UCLAMP_LIM_RT 0x04u

/**
 * @brief What restricts a task's request besides itself (docs/spec/sched.md 3.4).
 *
 * A zero-filled struct (or a NULL pointer) means: root task group, every
 * sysctl at its kernel default (1024). Invalid: unknown flag bits, a value
 * above 1024, `tg_min > tg_max`, `sys_min > sys_max` (::PGOV_EINVAL).
 */
struct pgov_uclamp_limits {
    uint16_t flags;      /**< PGOV_UCLAMP_LIM_* bits */
    uint16_t tg_min;     /**< task group effective min (pgov_uclamp_tg.eff) */
    uint16_t tg_max;     /**< task group effective max */
    uint16_t sys_min;    /**< sched_util_clamp_min */
    uint16_t sys_max;    /**< sched_util_clamp_max */
    uint16_t rt_default; /**< sched_util_clamp_min_rt_default (v5.9+) */
};

/**
 * @brief A task group's clamps (cgroup cpu.uclamp.min / cpu.uclamp.max).
 *
 * `req` is what was written to the group, `eff` what applies to its tasks:
 * each id limited by the parent's effective value, and min capped by max.
 */
struct pgov_uclamp_tg {
    uint16_t req[PGOV_UCLAMP_CNT]; /**< requested (0, 1024 by default) */
    uint16_t eff[PGOV_UCLAMP_CNT]; /**< effective, from pgov_uclamp_tg_update() */
};

/**
 * @brief Delta between buckets, `round-half-up(1024 / nbuckets)`.
 * @param nbuckets 5..20, or 0 for the default 5
 * @param[out] delta the delta (205 for 5 buckets, 51 for 20)
 * @return ::PGOV_OK, ::PGOV_EINVAL (@p delta NULL), ::PGOV_EINVAL (nbuckets)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_bucket_delta(uint32_t nbuckets, uint32_t *delta);

/**
 * @brief Bucket index of a clamp value (kernel uclamp_bucket_id()).
 *
 * From v5.13 `min(value / delta, nbuckets - 1)`; before, `value / delta`,
 * which is nbuckets (one past the kernel's array) for the top values of some
 * bucket counts.
 * @param nbuckets 5..20, or 0 for the default 5
 * @param kver profile (5.3 or later, 0 = newest)
 * @param value clamp value 0..1024
 * @param[out] id the bucket index
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (nbuckets, value),
 *         ::PGOV_ENOTSUP (kver)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_bucket_id(uint32_t nbuckets, uint32_t kver, uint32_t value,
                                   uint32_t *id);

/**
 * @brief Initialise a runqueue: no task counted, the profile's initial values.
 * @param rq caller storage
 * @param kver profile (see the file comment)
 * @param nbuckets 5..20, or 0 for the default 5
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (nbuckets),
 *         ::PGOV_ENOTSUP (kver)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_rq_init(struct pgov_uclamp_rq *rq, uint32_t kver, uint32_t nbuckets);

/**
 * @brief Initialise a task: request (0, 1024), not user-defined, not active.
 * @param t caller storage
 * @param flags 0 or ::PGOV_UCLAMP_TASK_RT
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (unknown flags)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_task_init(struct pgov_uclamp_task *t, uint32_t flags);

/** pgov_uclamp_task_set() @p which bit: set the MIN request. */
#define PGOV_UCLAMP_SET_MIN 0x01u
/** pgov_uclamp_task_set() @p which bit: set the MAX request. */
#define PGOV_UCLAMP_SET_MAX 0x02u

/**
 * @brief Change a task's request (sched_setattr() with clamp flags).
 *
 * Each selected value must be 0..1024 (user-defined from now on) or -1 (back
 * to the default, no longer user-defined; kernels from v5.11). With both
 * values known (not -1) after the update, min must not exceed max. A queued
 * task keeps its counted values until pgov_uclamp_rq_update_active().
 * The RT boost is applied when effective values are computed, so an RT
 * task's non-user-defined MIN counts as its stored request (0) here, where
 * the kernel compares against the RT default it stored.
 * @param t the task
 * @param which PGOV_UCLAMP_SET_MIN and/or PGOV_UCLAMP_SET_MAX
 * @param min new MIN request (ignored unless selected)
 * @param max new MAX request (ignored unless selected)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_task_set(struct pgov_uclamp_task *t, uint32_t which, int32_t min,
                                  int32_t max);

/**
 * @brief Change a task's scheduling class (RT or not).
 * @param t the task
 * @param rt true for an RT task (its non-user-defined MIN gets the RT boost)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (corrupt task: a request
 *         above 1024 or unknown flag bits)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_task_set_rt(struct pgov_uclamp_task *t, bool rt);

/**
 * @brief Initialise a task group: request (0, 1024), effective from @p parent.
 * @param tg caller storage
 * @param parent the parent group, NULL for a child of the root
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (corrupt @p parent)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_tg_init(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent);

/**
 * @brief Set a group's requested clamps and recompute its effective clamps.
 *
 * `eff[id] = min(req[id], parent eff[id])`, then `eff[MIN] = min(eff[MIN],
 * eff[MAX])` (a protection never exceeds the limit). Children must be
 * updated afterwards, parents first (call with their current `req`).
 * @param tg the group
 * @param parent the parent group, NULL for a child of the root
 * @param min cpu.uclamp.min in 0..1024
 * @param max cpu.uclamp.max in 0..1024
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (value above 1024)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_tg_update(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent,
                                   uint32_t min, uint32_t max);

/**
 * @brief Effective clamps of a task (kernel uclamp_eff_value()).
 *
 * For each id: the counted value if the task is active, else its request
 * (the RT boost for an RT task whose MIN is not user-defined) restricted by
 * its group (rule of @p kver) and by the system defaults.
 * @param t the task
 * @param kver profile (rules as in the file comment)
 * @param lim restrictions, NULL for none
 * @param[out] eff effective (min, max)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (@p lim or corrupt task),
 *         ::PGOV_ENOTSUP (kver)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_eff_get(const struct pgov_uclamp_task *t, uint32_t kver,
                                 const struct pgov_uclamp_limits *lim,
                                 uint32_t eff[PGOV_UCLAMP_CNT]);

/**
 * @brief Count a task in a runqueue (enqueue, kernel uclamp_rq_inc()).
 *
 * For MIN then MAX: effective value (see pgov_uclamp_eff_get(), ignoring
 * whether the task is active, as the kernel does), bucket reference, idle
 * reset, bucket local max, rq max; then the idle flag is cleared.
 * @param rq the runqueue
 * @param t the task (an already active task is counted again, like the kernel)
 * @param lim restrictions, NULL for none
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (@p lim, corrupt task or rq),
 *         ::PGOV_ENOSPC (a bucket already counts 2^32-1 tasks)
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_rq_inc(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                                const struct pgov_uclamp_limits *lim);

/**
 * @brief Remove a task from a runqueue (dequeue, kernel uclamp_rq_dec()).
 *
 * For MIN then MAX: release the task's bucket; if that empties the bucket
 * defining the rq value, the rq value becomes the highest non-empty bucket's
 * value, or (no task left) 0 for MIN and the departing value with the idle
 * flag for MAX.
 * @param rq the runqueue
 * @param t the task
 * @return ::PGOV_OK; ::PGOV_WARN_KERNEL when the task was not active (v5.9+:
 *         ignored; v5.7: its stale bucket is released, as that kernel did) or
 *         a kernel WARN condition was hit (bucket underflow, bucket value
 *         above the rq value); the kernel fallback was applied, `warns`
 *         counts the WARN conditions and `bad_decs` the inactive tasks.
 *         ::PGOV_EINVAL (NULL, a runqueue not set up by
 *         pgov_uclamp_rq_init(), or a task whose fields are out of range
 *         for @p rq).
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_rq_dec(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t);

/**
 * @brief Re-apply a queued task's clamps after its request, group or the
 *        system defaults changed (kernel uclamp_update_active()).
 *
 * For each id the task is active for: decrement, then increment with the new
 * effective value; if MAX was active the idle flag is cleared afterwards.
 * A task that is not active is left alone (::PGOV_OK).
 * @param rq the runqueue the task is counted in
 * @param t the task
 * @param lim restrictions, NULL for none
 * @return ::PGOV_OK, ::PGOV_WARN_KERNEL (as pgov_uclamp_rq_dec()),
 *         ::PGOV_EINVAL, ::PGOV_EINVAL, ::PGOV_ENOSPC
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_rq_update_active(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                                          const struct pgov_uclamp_limits *lim);

/**
 * @brief Read one bucket of a runqueue.
 * @param rq the runqueue
 * @param id ::PGOV_UCLAMP_MIN or ::PGOV_UCLAMP_MAX
 * @param idx bucket index, 0..nbuckets (nbuckets is the spare slot)
 * @param[out] tasks tasks counted (may be NULL)
 * @param[out] value local max, also kept while empty (may be NULL)
 * @return ::PGOV_OK, ::PGOV_EINVAL (@p rq NULL), ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_rq_bucket(const struct pgov_uclamp_rq *rq, uint32_t id, uint32_t idx,
                                   uint32_t *tasks, uint32_t *value);

/**
 * @brief Legacy utilization clamp (kernel uclamp_rq_util_with()).
 *
 * Forms by @p kver: v5.3..v6.0: `lo = rq min`, `hi = rq max`, each raised to
 * the task's effective value when @p p is given. v6.1..v6.7 (and later
 * versions, where the function was removed, map here): with @p p, the
 * task's values alone if the rq idle flag is set, else max-aggregated with
 * the rq's. Result: `lo` if `lo >= hi`, else @p util clamped into [lo, hi].
 * (v5.9..v6.0 returned @p util unchanged while uclamp was unused; model that
 * by not calling.)
 * @param rq the runqueue
 * @param kver form (5.3 or later, 0 = newest)
 * @param util utilization to clamp
 * @param p waking task, or NULL
 * @param lim restrictions for @p p when it is not active, NULL for none
 * @param[out] out clamped utilization
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL, ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_rq_util_with(const struct pgov_uclamp_rq *rq, uint32_t kver, uint32_t util,
                                      const struct pgov_uclamp_task *p,
                                      const struct pgov_uclamp_limits *lim, uint32_t *out);

/**
 * @brief Current (v6.8+) form: the uclamp part of effective_cpu_util() and
 *        sugov_effective_cpu_perf().
 *
 * `min = max(floor, rq min)`, `max = min(capacity, rq max)`,
 * `perf = max(min, min(actual + actual / 4, max))`.
 * @param rq the runqueue
 * @param actual utilization from effective_cpu_util() (already capped)
 * @param floor irq utilization plus deadline bandwidth (0 if none)
 * @param capacity CPU capacity (the kernel's `scale`, 1024 for the biggest)
 * @param[out] perf performance request
 * @param[out] min the minimum (may be NULL)
 * @param[out] max the maximum (may be NULL)
 * @return ::PGOV_OK, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_uclamp_effective_perf(const struct pgov_uclamp_rq *rq, uint32_t actual,
                                        uint32_t floor, uint32_t capacity, uint32_t *perf,
                                        uint32_t *min, uint32_t *max);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_UCLAMP_H */
