/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/util_est.h
 * @brief util_est core tier: the `static inline` rules behind util_est.h.
 *
 * The exported functions of util_est.h validate their arguments and call
 * these (docs/architecture.md, "Two tiers"). Preconditions: the rq was set
 * up by pgov_util_est_init() (its `mode` word is one the library wrote:
 * PGOV_UTIL_EST_CORE_MODE_OK()), util arguments are at most
 * ::PGOV_UTIL_EST_UTIL_MAX. Checked with PGOV_ASSERT only.
 *
 * The rq's `mode` word holds a tag, the profile and the option flags, so a
 * zeroed or corrupted rq is recognised. enqueue, dequeue and update
 * dispatch on it (PGOV_UTIL_EST_IMPL_DISPATCH): each profile without
 * options runs its own copy of the step, specialised with its mode word
 * as a constant; the newest profile is one compare, each older one a
 * compare more (v5.13, v6.9, v5.7, v4.17). Option flags take an
 * out-of-line path. The CPU sum (`rq->enqueued`, read by other CPUs when
 * they place tasks) is stored with PGOV_WRITE_ONCE and read remotely with
 * pgov_util_est_core_cpu_util().
 *
 * With `PGOV_UTIL_EST_KVER` (embed.h) the profile is a constant of the
 * build: the cores run its rules inline without a dispatch, reading only
 * the option flags from the mode word (the exported functions still
 * compare the whole word, which validates it).
 *
 * Names `pgov_util_est_impl_*` are steps of the cores, not for callers.
 */
#ifndef PGOV_UTIL_EST_CORE_H
#define PGOV_UTIL_EST_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stdint.h>

#include "../embed.h"
#include "../util_est.h"

/** Profiles as stored in the mode word; v5.13 came last, so it is 4. */
enum pgov_util_est_prof {
    PGOV_UTIL_EST_PROF_V6_18 = 0,
    PGOV_UTIL_EST_PROF_V6_9 = 1,
    PGOV_UTIL_EST_PROF_V5_7 = 2,
    PGOV_UTIL_EST_PROF_V4_17 = 3,
    PGOV_UTIL_EST_PROF_V5_13 = 4
};
#define PGOV_UTIL_EST_PROF_LAST PGOV_UTIL_EST_PROF_V5_13

#define PGOV_UTIL_EST_MODE_TAG 0x55450000u
#define PGOV_UTIL_EST_MODE_TAG_MASK 0xffff0000u
/** The profile of a mode word. */
#define PGOV_UTIL_EST_MODE_PROF(m) (((m) >> 8) & 0xffu)
/** The option flags of a mode word. */
#define PGOV_UTIL_EST_MODE_FLAGS(m) ((m)&0xffu)
/** The mode word of a profile and its flags. */
#define PGOV_UTIL_EST_MODE(prof, flags)                                                            \
    (PGOV_UTIL_EST_MODE_TAG | ((uint32_t)(prof) << 8) | (uint32_t)(flags))
/** The mode word of the newest profile without options. */
#define PGOV_UTIL_EST_MODE_CUR PGOV_UTIL_EST_MODE(PGOV_UTIL_EST_PROF_V6_18, 0)
/** Every known option flag. */
#define PGOV_UTIL_EST_KNOWN_FLAGS ((uint32_t)PGOV_UTIL_EST_EVERY_DEQUEUE)
/** The EWMA bits of a v5.13+ `enqueued` (without UTIL_AVG_UNCHANGED). */
#define PGOV_UTIL_EST_EWMA_MASK (~(uint32_t)PGOV_UTIL_EST_UNCHANGED)

/**
 * The profile of a kernel version (already resolved, >= 4.17), as the
 * mainline boundaries fall (docs/signals.md "util_est profiles"): the single
 * field arrived in v6.8 (11137d384996), bit 31 and the enqueued margin in
 * v5.13 (68d7a190682a, b89997aa88f0), FASTUP in v5.5.
 */
PGOV_CORE enum pgov_util_est_prof pgov_util_est_core_prof(uint32_t kver)
{
    if (kver >= PGOV_KVER_6_18)
        return PGOV_UTIL_EST_PROF_V6_18;
    if (kver >= PGOV_KVER_6_8)
        return PGOV_UTIL_EST_PROF_V6_9;
    if (kver >= PGOV_KVER_5_13)
        return PGOV_UTIL_EST_PROF_V5_13;
    if (kver >= PGOV_KVER_5_5)
        return PGOV_UTIL_EST_PROF_V5_7;
    return PGOV_UTIL_EST_PROF_V4_17;
}

/** A build with a compile-time profile (PGOV_UTIL_EST_KVER). */
#define PGOV_UTIL_EST_FIXED (PGOV_UTIL_EST_KVER != 0)
/** The compile-time profile (meaningful only with PGOV_UTIL_EST_FIXED). */
#define PGOV_UTIL_EST_FIXED_PROF ((uint32_t)pgov_util_est_core_prof((uint32_t)PGOV_UTIL_EST_KVER))
/** A compile-time profile older than v6.18: its rules are the hot path. */
#define PGOV_UTIL_EST_FIXED_OLD                                                                    \
    (PGOV_UTIL_EST_FIXED && PGOV_UTIL_EST_FIXED_PROF != PGOV_UTIL_EST_PROF_V6_18)
/** The mode word of the build's hot path: the compile-time profile, or the
 *  newest one, without options (the exported functions test it first). */
#define PGOV_UTIL_EST_MODE_HOT                                                                     \
    PGOV_UTIL_EST_MODE(PGOV_UTIL_EST_FIXED ? PGOV_UTIL_EST_FIXED_PROF                             \
                                           : (uint32_t)PGOV_UTIL_EST_PROF_V6_18,                   \
                       0)

/** The profile the cores run for @p mode: the build's constant, or the mode's. */
PGOV_CORE uint32_t pgov_util_est_impl_prof(uint32_t mode)
{
    return PGOV_UTIL_EST_FIXED ? PGOV_UTIL_EST_FIXED_PROF : PGOV_UTIL_EST_MODE_PROF(mode);
}

/** Whether @p mode is a mode word the library writes (with a compile-time
 *  profile: for that profile). */
PGOV_CORE bool pgov_util_est_core_mode_ok(uint32_t mode)
{
    return (mode & PGOV_UTIL_EST_MODE_TAG_MASK) == PGOV_UTIL_EST_MODE_TAG &&
           PGOV_UTIL_EST_MODE_PROF(mode) <= PGOV_UTIL_EST_PROF_LAST &&
           (!PGOV_UTIL_EST_FIXED || PGOV_UTIL_EST_MODE_PROF(mode) == PGOV_UTIL_EST_FIXED_PROF) &&
           (PGOV_UTIL_EST_MODE_FLAGS(mode) & ~PGOV_UTIL_EST_KNOWN_FLAGS) == 0;
}
#define PGOV_UTIL_EST_CORE_MODE_OK(rq) pgov_util_est_core_mode_ok((rq)->mode)

/** Start a CPU's state for a mode word (PGOV_UTIL_EST_MODE()). */
PGOV_CORE void pgov_util_est_core_init(struct pgov_util_est_rq *rq, uint32_t mode)
{
    PGOV_ASSERT(pgov_util_est_core_mode_ok(mode));
    PGOV_WRITE_ONCE(rq->enqueued, 0u);
    rq->mode = mode;
}

/* _task_util_est for mode word @p mode (every profile and flag; a constant
 * @p mode folds it to its profile's rule). */
PGOV_CORE uint32_t pgov_util_est_impl_contrib(uint32_t mode, const struct pgov_util_est_task *t)
{
    uint32_t prof = pgov_util_est_impl_prof(mode), v;
    if (prof <= PGOV_UTIL_EST_PROF_V6_9)
        return t->enqueued & PGOV_UTIL_EST_EWMA_MASK;
    if (prof == PGOV_UTIL_EST_PROF_V5_13) { /* flag in bit 31, kept out of the sum */
        v = t->enqueued & PGOV_UTIL_EST_EWMA_MASK;
        return t->ewma > v ? t->ewma : v;
    }
    v = t->ewma > t->enqueued ? t->ewma : t->enqueued;
    /* Before d519329f72 there was no flag bit to fold in. */
    if (prof == PGOV_UTIL_EST_PROF_V4_17 && (mode & PGOV_UTIL_EST_EVERY_DEQUEUE))
        return v;
    return v | PGOV_UTIL_EST_UNCHANGED_OLD;
}

/*
 * The hot dispatch, a statement: for each profile without option flags,
 * STEP(m) runs with that profile's mode word as the constant m (@p mode
 * is tested against the newest, @p mode_again, the same word, against the
 * others), so the step's profile tests fold and every profile has a
 * specialised hot path (the profile is chosen once, at
 * pgov_util_est_init()). STEP returns from the caller. The newest profile
 * is tried first, then v5.13 (the LTS kernels 5.15, 6.1, 6.6), v6.9, v5.7,
 * v4.17: one compare more each. A compile-time profile has only its own.
 * A mode word with option flags, or one the library did not write, falls
 * through to the caller's slow path.
 */
#define PGOV_UTIL_EST_IMPL_M(prof) PGOV_UTIL_EST_MODE(PGOV_UTIL_EST_PROF_##prof, 0)
/*
 * Its one skeleton, shared with the exported functions (lib/util_est.c),
 * which test in an order and a way of their own: @p word against @p first
 * (under HINT, a branch hint or nothing), then the statement AGAIN, then
 * TRY(STEP, prof) for @p second, v6.9, v5.7 and v4.17.
 */
#define PGOV_UTIL_EST_IMPL_DISPATCH_BY(word, HINT, AGAIN, TRY, STEP, first, second)                \
    do {                                                                                           \
        if (PGOV_UTIL_EST_FIXED) {                                                                 \
            if ((word) == PGOV_UTIL_EST_MODE_HOT)                                                  \
                STEP(PGOV_UTIL_EST_MODE_HOT)                                                       \
        } else {                                                                                   \
            if (HINT((word) == PGOV_UTIL_EST_IMPL_M(first)))                                       \
                STEP(PGOV_UTIL_EST_IMPL_M(first))                                                  \
            AGAIN;                                                                                 \
            TRY(STEP, second);                                                                     \
            TRY(STEP, V6_9);                                                                       \
            TRY(STEP, V5_7);                                                                       \
            TRY(STEP, V4_17);                                                                      \
        }                                                                                          \
    } while (0)
/* The cores' later tests: against the word loaded once, after the first. */
#define PGOV_UTIL_EST_IMPL_TRY(STEP, prof)                                                         \
    if (pgov_m_ == PGOV_UTIL_EST_IMPL_M(prof))                                                     \
    STEP(PGOV_UTIL_EST_IMPL_M(prof))
#define PGOV_UTIL_EST_IMPL_DISPATCH(mode, mode_again, STEP)                                        \
    do {                                                                                           \
        uint32_t pgov_m_;                                                                          \
        PGOV_UTIL_EST_IMPL_DISPATCH_BY(mode, pgov_likely, pgov_m_ = (mode_again),                  \
                                       PGOV_UTIL_EST_IMPL_TRY, STEP, V6_18, V5_13);                \
    } while (0)
/*
 * The mode word for a dispatch whose mode is needed nowhere else: loaded
 * again after the newest profile's test, so that test stays one compare
 * with memory (the second load is only on the other profiles' path).
 */
#define PGOV_UTIL_EST_IMPL_DISPATCH_ONCE(rq, STEP)                                                 \
    PGOV_UTIL_EST_IMPL_DISPATCH((rq)->mode, PGOV_READ_ONCE((rq)->mode), STEP)

/** What the task adds to the CPU sum (_task_util_est). */
PGOV_CORE uint32_t pgov_util_est_core_contrib(const struct pgov_util_est_rq *rq,
                                              const struct pgov_util_est_task *t)
{
    uint32_t mode = rq->mode;
    PGOV_ASSERT(pgov_util_est_core_mode_ok(mode));
    if (!PGOV_UTIL_EST_FIXED_OLD && pgov_likely(mode == PGOV_UTIL_EST_MODE_CUR))
        return t->enqueued & PGOV_UTIL_EST_EWMA_MASK;
    return pgov_util_est_impl_contrib(mode, t);
}

/* util_est_enqueue for mode word @p mode. */
PGOV_CORE void pgov_util_est_impl_enqueue(struct pgov_util_est_rq *rq,
                                          const struct pgov_util_est_task *t, uint32_t mode)
{
    PGOV_WRITE_ONCE(rq->enqueued, rq->enqueued + pgov_util_est_impl_contrib(mode, t));
}

/* Enqueue for a mode word with option flags, out of line. */
PGOV_CORE_COLD void pgov_util_est_impl_enqueue_other(struct pgov_util_est_rq *rq,
                                                     const struct pgov_util_est_task *t)
{
    pgov_util_est_impl_enqueue(rq, t, rq->mode);
}

/** The task becomes runnable (util_est_enqueue): sum += contribution. */
PGOV_CORE void pgov_util_est_core_enqueue(struct pgov_util_est_rq *rq,
                                          const struct pgov_util_est_task *t)
{
    PGOV_ASSERT(pgov_util_est_core_mode_ok(rq->mode));
#define PGOV_UTIL_EST_IMPL_STEP(m)                                                                 \
    {                                                                                              \
        pgov_util_est_impl_enqueue(rq, t, m);                                                      \
        return;                                                                                    \
    }
    /* A compile-time profile: its rules folded, only the flags read. */
    if (PGOV_UTIL_EST_FIXED)
        PGOV_UTIL_EST_IMPL_STEP(rq->mode)
    PGOV_UTIL_EST_IMPL_DISPATCH_ONCE(rq, PGOV_UTIL_EST_IMPL_STEP);
#undef PGOV_UTIL_EST_IMPL_STEP
    pgov_util_est_impl_enqueue_other(rq, t);
}

/* util_est_dequeue for mode word @p mode. */
PGOV_CORE void pgov_util_est_impl_dequeue(struct pgov_util_est_rq *rq,
                                          const struct pgov_util_est_task *t, uint32_t nr_queued,
                                          uint32_t mode)
{
    uint32_t c, sum = rq->enqueued;
    if (pgov_util_est_impl_prof(mode) == PGOV_UTIL_EST_PROF_V4_17 && nr_queued == 0) {
        PGOV_WRITE_ONCE(rq->enqueued, 0u);
        return;
    }
    c = pgov_util_est_impl_contrib(mode, t);
    PGOV_WRITE_ONCE(rq->enqueued, sum - (c < sum ? c : sum));
}

/* Dequeue for a mode word with option flags, out of line. */
PGOV_CORE_COLD void pgov_util_est_impl_dequeue_other(struct pgov_util_est_rq *rq,
                                                     const struct pgov_util_est_task *t,
                                                     uint32_t nr_queued)
{
    pgov_util_est_impl_dequeue(rq, t, nr_queued, rq->mode);
}

/** The task leaves (util_est_dequeue): sum -= min(sum, contribution); the
 *  v4.17 profile zeroes the sum when @p nr_queued is 0. */
PGOV_CORE void pgov_util_est_core_dequeue(struct pgov_util_est_rq *rq,
                                          const struct pgov_util_est_task *t, uint32_t nr_queued)
{
    /* One load: a following pgov_util_est_core_update() reuses its tests. */
    uint32_t mode = rq->mode;
    PGOV_ASSERT(pgov_util_est_core_mode_ok(mode));
#define PGOV_UTIL_EST_IMPL_STEP(m)                                                                 \
    {                                                                                              \
        pgov_util_est_impl_dequeue(rq, t, nr_queued, m);                                           \
        return;                                                                                    \
    }
    if (PGOV_UTIL_EST_FIXED)
        PGOV_UTIL_EST_IMPL_STEP(mode)
    PGOV_UTIL_EST_IMPL_DISPATCH(mode, mode, PGOV_UTIL_EST_IMPL_STEP);
#undef PGOV_UTIL_EST_IMPL_STEP
    pgov_util_est_impl_dequeue_other(rq, t, nr_queued);
}

/* v6.9+ single-field update (docs/spec/sched.md 2.3, with the v6.9
 * capacity check). */
PGOV_CORE bool pgov_util_est_impl_update_v6(uint32_t mode, struct pgov_util_est_task *t,
                                            uint32_t d, uint64_t runnable, uint64_t cpu_cap)
{
    uint32_t ue = t->enqueued, ewma, diff;
    /* No new PELT sample since the last one was consumed. */
    if (pgov_unlikely((ue & PGOV_UTIL_EST_UNCHANGED) && !(mode & PGOV_UTIL_EST_EVERY_DEQUEUE)))
        return false;
    ewma = ue & PGOV_UTIL_EST_EWMA_MASK;
    if (d >= ewma) {
        PGOV_WRITE_ONCE(t->enqueued, d | PGOV_UTIL_EST_UNCHANGED); /* reset on increase */
        return true;
    }
    diff = ewma - d;
    if (diff >= PGOV_UTIL_EST_MARGIN) {
        if (pgov_util_est_impl_prof(mode) == PGOV_UTIL_EST_PROF_V6_9 && d > cpu_cap)
            return false;
        /* A task that waited did not show its real size: keep. */
        if ((uint64_t)d + PGOV_UTIL_EST_MARGIN >= runnable)
            ewma = ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) - diff) >> PGOV_UTIL_EST_WEIGHT_SHIFT;
    }
    PGOV_WRITE_ONCE(t->enqueued, ewma | PGOV_UTIL_EST_UNCHANGED);
    return true;
}

/* v4.17 / v5.7 {enqueued, ewma} update (docs/spec/sched.md 2.4). */
PGOV_CORE bool pgov_util_est_impl_update_old(uint32_t mode, struct pgov_util_est_task *t,
                                             uint32_t util, uint64_t cpu_cap)
{
    bool every = (mode & PGOV_UTIL_EST_EVERY_DEQUEUE) != 0;
    uint32_t prof = pgov_util_est_impl_prof(mode), s, diff, ewma = t->ewma;
    if (pgov_unlikely(!every && (t->enqueued & PGOV_UTIL_EST_UNCHANGED_OLD)))
        return false;
    s = util;
    if (!(every && prof == PGOV_UTIL_EST_PROF_V4_17))
        s |= PGOV_UTIL_EST_UNCHANGED_OLD;
    if (prof == PGOV_UTIL_EST_PROF_V5_7 && ewma < s) {
        PGOV_WRITE_ONCE(t->ewma, s); /* UTIL_EST_FASTUP */
        PGOV_WRITE_ONCE(t->enqueued, s);
        return true;
    }
    diff = s - ewma; /* u32: a decrease wraps, and the EWMA step below wraps back */
    if (diff + (PGOV_UTIL_EST_MARGIN - 1) < 2 * PGOV_UTIL_EST_MARGIN - 1)
        return false; /* within +-1%: nothing stored, the flag stays clear */
    if (prof == PGOV_UTIL_EST_PROF_V5_7 && util > cpu_cap)
        return false;
    PGOV_WRITE_ONCE(t->ewma,
                    ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) + diff) >> PGOV_UTIL_EST_WEIGHT_SHIFT);
    PGOV_WRITE_ONCE(t->enqueued, s);
    return true;
}

/*
 * v5.13 .. v6.7 {enqueued, ewma} update: the v5.7 rules with the flag in
 * bit 31 (set only when storing, never part of the arithmetic) and the
 * b89997aa88f0 margin rule: a sample within 1% of the EWMA is still stored
 * in `enqueued` when `enqueued` itself moved by 1% or more.
 */
PGOV_CORE bool pgov_util_est_impl_update_v513(uint32_t mode, struct pgov_util_est_task *t,
                                              uint32_t util, uint64_t cpu_cap)
{
    uint32_t last = t->enqueued, ewma = t->ewma, diff;
    if (pgov_unlikely((last & PGOV_UTIL_EST_UNCHANGED) && !(mode & PGOV_UTIL_EST_EVERY_DEQUEUE)))
        return false;
    last &= PGOV_UTIL_EST_EWMA_MASK; /* only set here with PGOV_UTIL_EST_EVERY_DEQUEUE */
    if (ewma < util) {               /* UTIL_EST_FASTUP */
        PGOV_WRITE_ONCE(t->ewma, util);
        PGOV_WRITE_ONCE(t->enqueued, util | PGOV_UTIL_EST_UNCHANGED);
        return true;
    }
    diff = util - ewma; /* u32, negative wraps as in the v5.7 rules */
    if (diff + (PGOV_UTIL_EST_MARGIN - 1) < 2 * PGOV_UTIL_EST_MARGIN - 1) {
        if ((last - util) + (PGOV_UTIL_EST_MARGIN - 1) < 2 * PGOV_UTIL_EST_MARGIN - 1)
            return false; /* both within 1%: nothing stored, the flag stays clear */
        PGOV_WRITE_ONCE(t->enqueued, util | PGOV_UTIL_EST_UNCHANGED);
        return true;
    }
    if (util > cpu_cap)
        return false;
    PGOV_WRITE_ONCE(t->ewma,
                    ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) + diff) >> PGOV_UTIL_EST_WEIGHT_SHIFT);
    PGOV_WRITE_ONCE(t->enqueued, util | PGOV_UTIL_EST_UNCHANGED);
    return true;
}

/* util_est_update for mode word @p mode. */
PGOV_CORE bool pgov_util_est_impl_update(uint32_t mode, struct pgov_util_est_task *t,
                                         uint32_t util, uint64_t runnable, uint64_t cpu_cap)
{
    uint32_t prof = pgov_util_est_impl_prof(mode);
    if (prof <= PGOV_UTIL_EST_PROF_V6_9)
        return pgov_util_est_impl_update_v6(mode, t, util, runnable, cpu_cap);
    if (prof == PGOV_UTIL_EST_PROF_V5_13)
        return pgov_util_est_impl_update_v513(mode, t, util, cpu_cap);
    return pgov_util_est_impl_update_old(mode, t, util, cpu_cap);
}

/* Update for a mode word with option flags, out of line. */
PGOV_CORE_COLD bool pgov_util_est_impl_update_other(uint32_t mode, struct pgov_util_est_task *t,
                                                    uint32_t util, uint64_t runnable,
                                                    uint64_t cpu_cap)
{
    return pgov_util_est_impl_update(mode, t, util, runnable, cpu_cap);
}

/**
 * Feed a sleep dequeue into the EWMA (util_est_update; the caller only
 * calls it for DEQUEUE_SLEEP): true when a value was stored. Every profile
 * without option flags is specialised inline; option flags are out of line.
 */
PGOV_CORE bool pgov_util_est_core_update(const struct pgov_util_est_rq *rq,
                                         struct pgov_util_est_task *t, uint32_t util,
                                         uint64_t runnable, uint64_t cpu_cap)
{
    uint32_t mode = rq->mode;
    PGOV_ASSERT(pgov_util_est_core_mode_ok(mode) && util <= PGOV_UTIL_EST_UTIL_MAX);
#define PGOV_UTIL_EST_IMPL_STEP(m) return pgov_util_est_impl_update(m, t, util, runnable, cpu_cap);
    if (PGOV_UTIL_EST_FIXED)
        PGOV_UTIL_EST_IMPL_STEP(mode)
    PGOV_UTIL_EST_IMPL_DISPATCH(mode, mode, PGOV_UTIL_EST_IMPL_STEP);
#undef PGOV_UTIL_EST_IMPL_STEP
    return pgov_util_est_impl_update_other(mode, t, util, runnable, cpu_cap);
}

/** The task's PELT averages were recomputed: clear UTIL_AVG_UNCHANGED
 *  (cfs_se_util_change). */
PGOV_CORE void pgov_util_est_core_util_changed(const struct pgov_util_est_rq *rq,
                                               struct pgov_util_est_task *t)
{
    uint32_t mode = rq->mode, prof = pgov_util_est_impl_prof(mode);
    PGOV_ASSERT(pgov_util_est_core_mode_ok(mode));
    if (prof <= PGOV_UTIL_EST_PROF_V6_9 || prof == PGOV_UTIL_EST_PROF_V5_13)
        PGOV_WRITE_ONCE(t->enqueued, t->enqueued & PGOV_UTIL_EST_EWMA_MASK);
    else if (!(prof == PGOV_UTIL_EST_PROF_V4_17 && (mode & PGOV_UTIL_EST_EVERY_DEQUEUE)))
        PGOV_WRITE_ONCE(t->enqueued, t->enqueued & ~(uint32_t)PGOV_UTIL_EST_UNCHANGED_OLD);
}

/** The task's estimated utilization (task_util_est): max(util, contribution). */
PGOV_CORE uint64_t pgov_util_est_core_task_util_est(const struct pgov_util_est_rq *rq,
                                                    const struct pgov_util_est_task *t,
                                                    uint64_t util)
{
    uint32_t c = pgov_util_est_core_contrib(rq, t);
    return util > c ? util : c;
}

/** CPU utilization with util_est (cpu_util): min(max(cfs util, sum), capacity);
 *  the sum is read as another CPU would (PGOV_READ_ONCE). */
PGOV_CORE uint64_t pgov_util_est_core_cpu_util(const struct pgov_util_est_rq *rq,
                                               uint64_t cfs_util, uint64_t capacity)
{
    uint64_t sum = PGOV_READ_ONCE(rq->enqueued);
    uint64_t u = cfs_util > sum ? cfs_util : sum;
    return u < capacity ? u : capacity;
}

#endif /* PGOV_UTIL_EST_CORE_H */
