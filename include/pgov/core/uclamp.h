/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/uclamp.h
 * @brief uclamp core tier: the `static inline` aggregation behind uclamp.h.
 *
 * The exported functions of uclamp.h validate their arguments and call
 * these (docs/architecture.md, "Two tiers"). Preconditions: the runqueue
 * was set up by pgov_uclamp_rq_init() and only written by the library since
 * (PGOV_UCLAMP_CORE_RQ_VALID()); tasks were set up by pgov_uclamp_task_init()
 * and their requests are in range (PGOV_UCLAMP_CORE_REQ_VALID()); a task
 * passed to a dequeue was counted on that runqueue or never counted;
 * restrictions satisfy the rules of ::pgov_uclamp_limits. Checked with
 * PGOV_ASSERT only.
 *
 * Two representation tricks, both invisible through the API (docs/uclamp.md):
 * - map[id] has bit b set exactly when bucket[id][b].tasks != 0, so the
 *   kernel's top-down rescan is "the bucket of the highest set bit": O(1)
 *   whatever the bucket count.
 * - lazy != 0 means the runqueue holds exactly `lazy` tasks' worth of the
 *   state default-clamp tasks produce: bucket[MIN][0] = (lazy, 0) and
 *   bucket[MAX][top] = (lazy, 1024), every other bucket empty, rq max 1024,
 *   idle flag clear. Those two buckets are then not stored (their fields are
 *   stale); pgov_uclamp_impl_expand_lazy() writes them back before any other
 *   operation.
 *
 * The runqueue value (`rq->value`, read by other CPUs for frequency
 * selection) is stored with PGOV_WRITE_ONCE; remote readers use
 * pgov_uclamp_core_rq_value(). With `PGOV_UCLAMP_NBUCKETS` (embed.h) the
 * bucket count is a compile-time constant.
 *
 * Names `pgov_uclamp_impl_*` are steps of the cores, not for callers.
 */
#ifndef PGOV_UCLAMP_CORE_H
#define PGOV_UCLAMP_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../embed.h"
#include "../uclamp.h"

/** The bucket count of a runqueue: the compile-time one when configured. */
#define pgov_uclamp_impl_nbuckets(rq)                                                              \
    (PGOV_UCLAMP_NBUCKETS ? (uint32_t)PGOV_UCLAMP_NBUCKETS : (uint32_t)(rq)->nbuckets)

/* Profile feature bits kept in pgov_uclamp_rq.prof. */
#define PGOV_UCLAMP_PROF_ACTIVE 0x01u   /* v5.9: dec ignores inactive tasks */
#define PGOV_UCLAMP_PROF_SAT 0x02u      /* v5.13: bucket id saturates */
#define PGOV_UCLAMP_PROF_TGCLAMP 0x04u  /* v5.13: group rule is clamp(req, tg min, tg max) */
#define PGOV_UCLAMP_PROF_RTSYS 0x08u    /* v5.9: sched_util_clamp_min_rt_default */
#define PGOV_UCLAMP_PROF_INITMAX 0x10u  /* v5.9: rq starts with max 1024 */
#define PGOV_UCLAMP_PROF_INITIDLE 0x20u /* v5.17: rq starts idle-flagged */
#define PGOV_UCLAMP_PROF_UW61 0x40u     /* v6.1: uclamp_rq_util_with idle case */
#define PGOV_UCLAMP_PROF_KNOWN 0x7fu

/* pgov_uclamp_rq.gate holds PGOV_UCLAMP_GATE_OPEN exactly when the runqueue was set up by
 * pgov_uclamp_rq_init(), nothing is lazily counted and the idle flag is
 * clear: then enqueue/dequeue of a non-default task take the straight-line
 * paths, which check this one byte instead of each condition. */
#define PGOV_UCLAMP_GATE_OPEN 0xa5u

#define PGOV_UCLAMP_IDS_ALL ((1u << PGOV_UCLAMP_CNT) - 1u)
#define PGOV_UCLAMP_TASK_USER (PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX)
#define PGOV_UCLAMP_TASK_FLAGS (PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX | PGOV_UCLAMP_TASK_RT)
#define PGOV_UCLAMP_LIM_FLAGS (PGOV_UCLAMP_LIM_TG | PGOV_UCLAMP_LIM_SYS | PGOV_UCLAMP_LIM_RT)

/** A runqueue the library initialised (keeps every index in range: the
 *  straight-line enqueue indexes up to bmax). */
#define PGOV_UCLAMP_CORE_RQ_VALID(rq)                                                              \
    ((rq)->nbuckets >= PGOV_UCLAMP_BUCKETS_MIN && (rq)->nbuckets <= PGOV_UCLAMP_BUCKETS_MAX &&    \
     (PGOV_UCLAMP_NBUCKETS == 0 || (rq)->nbuckets == PGOV_UCLAMP_NBUCKETS) &&                     \
     (rq)->bmax <= (rq)->nbuckets && ((rq)->prof & ~PGOV_UCLAMP_PROF_KNOWN) == 0)
/** A task request in range, known flags only. */
#define PGOV_UCLAMP_CORE_REQ_VALID(t)                                                              \
    ((t)->req[PGOV_UCLAMP_MIN] <= PGOV_UCLAMP_SCALE && (t)->req[PGOV_UCLAMP_MAX] <= PGOV_UCLAMP_SCALE && \
     ((t)->req_flags & ~PGOV_UCLAMP_TASK_FLAGS) == 0)

/*
 * Bucket id without a division: (v * mul) >> 20 with mul = ceil(2^20 /
 * delta) equals v / delta for every v in 0..1024 and every bucket count
 * (the error term v * (mul * delta - 2^20) stays below 2^20); the vectors in
 * uclamp_bucket_id.tsv check all 16400 pairs.
 */
static const uint16_t pgov_uclamp_delta_tab[PGOV_UCLAMP_BUCKETS_MAX + 1] = {
    0, 0, 0, 0, 0, 205, 171, 146, 128, 114, 102, 93, 85, 79, 73, 68, 64, 60, 57, 54, 51};
static const uint16_t pgov_uclamp_mul_tab[PGOV_UCLAMP_BUCKETS_MAX + 1] = {
    0,     0,     0,     0,     0,     5116,  6133,  7183,  8192,  9199, 10281,
    11276, 12337, 13274, 14365, 15421, 16384, 17477, 18397, 19419, 20561};

PGOV_CORE uint32_t pgov_uclamp_impl_bucket_id(uint32_t v, uint32_t n, uint32_t prof)
{
    uint32_t b = (v * pgov_uclamp_mul_tab[n]) >> 20;
    if ((prof & PGOV_UCLAMP_PROF_SAT) && b >= n)
        b = n - 1;
    return b;
}

/* Highest set bit of a non-zero word (the kernel's top-down rescan). */
PGOV_CORE uint32_t pgov_uclamp_impl_min(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

PGOV_CORE uint32_t pgov_uclamp_impl_fls(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31u - (uint32_t)__builtin_clz(m);
#else
    uint32_t r = 0;
    for (uint32_t s = 16; s; s >>= 1)
        if (m >> s) {
            m >>= s;
            r += s;
        }
    return r;
#endif
}

/*
 * The counted part of a task (its first eight bytes) as one number. Built
 * from the fields, not by reinterpreting memory, so it needs no alignment
 * or memcpy (Cortex-M0 has neither unaligned loads nor libc); compilers fold
 * it into single loads and stores where the target allows.
 */
PGOV_CORE uint64_t pgov_uclamp_impl_make_image(uint32_t v0, uint32_t v1, uint32_t b0, uint32_t b1, uint32_t act,
                                uint32_t pad)
{
    return (uint64_t)v0 | (uint64_t)v1 << 16 | (uint64_t)b0 << 32 | (uint64_t)b1 << 40 |
           (uint64_t)act << 48 | (uint64_t)pad << 56;
}

PGOV_CORE uint64_t pgov_uclamp_impl_task_image(const struct pgov_uclamp_task *t)
{
    return pgov_uclamp_impl_make_image(t->value[0], t->value[1], t->bucket[0], t->bucket[1], t->active, t->_pad0);
}

PGOV_CORE void pgov_uclamp_impl_set_task_image(struct pgov_uclamp_task *t, uint64_t w)
{
    t->value[0] = (uint16_t)w;
    t->value[1] = (uint16_t)(w >> 16);
    t->bucket[0] = (uint8_t)(w >> 32);
    t->bucket[1] = (uint8_t)(w >> 40);
    t->active = (uint8_t)(w >> 48);
    t->_pad0 = (uint8_t)(w >> 56);
}

/* Slots usable on this rq: the spare slot only without saturation. */
PGOV_CORE uint32_t pgov_uclamp_impl_slots(const struct pgov_uclamp_rq *rq)
{
    return pgov_uclamp_impl_nbuckets(rq) + ((rq->prof & PGOV_UCLAMP_PROF_SAT) ? 0u : 1u);
}

PGOV_CORE uint32_t pgov_uclamp_impl_top_bucket(const struct pgov_uclamp_rq *rq)
{
    return pgov_uclamp_impl_bucket_id(PGOV_UCLAMP_SCALE, pgov_uclamp_impl_nbuckets(rq), rq->prof);
}


/* Effective value of a request (docs/spec/sched.md 3.4 steps 1-3). */
PGOV_CORE uint32_t pgov_uclamp_impl_effective(const struct pgov_uclamp_task *t, uint32_t c,
                        const struct pgov_uclamp_limits *l, uint32_t prof)
{
    uint32_t v = t->req[c];
    uint32_t user = t->req_flags & (c ? PGOV_UCLAMP_TASK_USER_MAX : PGOV_UCLAMP_TASK_USER_MIN);

    if (c == PGOV_UCLAMP_MIN && (t->req_flags & PGOV_UCLAMP_TASK_RT) && !user)
        v = ((prof & PGOV_UCLAMP_PROF_RTSYS) && l && (l->flags & PGOV_UCLAMP_LIM_RT)) ? l->rt_default
                                                                       : PGOV_UCLAMP_SCALE;
    if (!l)
        return v;
    if (l->flags & PGOV_UCLAMP_LIM_TG) {
        if (prof & PGOV_UCLAMP_PROF_TGCLAMP) {
            if (v < l->tg_min)
                v = l->tg_min;
            if (v > l->tg_max)
                v = l->tg_max;
        } else {
            uint32_t g = c ? l->tg_max : l->tg_min;
            if (v > g || !user)
                v = g;
        }
    }
    if (l->flags & PGOV_UCLAMP_LIM_SYS) {
        uint32_t s = c ? l->sys_max : l->sys_min;
        if (v > s)
            v = s;
    }
    return v;
}

/* Tasks really counted in a bucket (lazy buckets are not stored). */
PGOV_CORE uint32_t pgov_uclamp_impl_bucket_tasks(const struct pgov_uclamp_rq *rq, uint32_t c, uint32_t b)
{
    if (rq->lazy && b == (c == PGOV_UCLAMP_MIN ? 0u : pgov_uclamp_impl_top_bucket(rq)))
        return rq->lazy;
    return rq->bucket[c][b].tasks;
}

/*
 * Dequeue check (pgov_uclamp_impl_dec_counted): one subtraction tests every field of a task
 * image. x = ~(image ^ chk_x), chk_x = ~(active = both ids), turns "active
 * == both ids" into "lane is 0" (stored complemented so that a zero-filled
 * runqueue makes x = ~image, which fails every lane of every image);
 * then, per lane (v0, v1: 16 bits; b0, b1, active: 8 bits), chk_l - x has
 * the lane's top bit set exactly when x's lane exceeds the limit in chk_l,
 * provided no lower lane borrows; a lane with its own top bit set is caught
 * by OR-ing x, and only a failing lane can borrow, so the lowest failing
 * lane always shows. Limits: 1024, 1024, bmax, bmax, 0 while the gate is
 * open, and 0xff in the active lane (fails every task) while it is closed.
 */
#define PGOV_UCLAMP_DEC_CHK_TOP 0x0080808080008000ull
#define PGOV_UCLAMP_DEC_CHK_CLOSED ((uint64_t)0xffu << 48)

PGOV_CORE uint64_t pgov_uclamp_impl_dec_limits(const struct pgov_uclamp_rq *rq)
{
    uint64_t bm = rq->bmax;
    return (uint64_t)PGOV_UCLAMP_SCALE | (uint64_t)PGOV_UCLAMP_SCALE << 16 | bm << 32 | bm << 40;
}

PGOV_CORE void pgov_uclamp_impl_regate(struct pgov_uclamp_rq *rq)
{
    bool open = !rq->lazy && !(rq->flags & PGOV_UCLAMP_FLAG_IDLE);
    rq->gate = open ? PGOV_UCLAMP_GATE_OPEN : 0;
    rq->chk_l = pgov_uclamp_impl_dec_limits(rq) | (open ? 0 : PGOV_UCLAMP_DEC_CHK_CLOSED);
}

PGOV_CORE void pgov_uclamp_impl_expand_lazy(struct pgov_uclamp_rq *rq)
{
    if (pgov_likely(!rq->lazy))
        return;
    uint32_t top = pgov_uclamp_impl_top_bucket(rq);
    rq->bucket[PGOV_UCLAMP_MIN][0].tasks = rq->lazy;
    rq->bucket[PGOV_UCLAMP_MIN][0].value = 0;
    rq->bucket[PGOV_UCLAMP_MAX][top].tasks = rq->lazy;
    rq->bucket[PGOV_UCLAMP_MAX][top].value = PGOV_UCLAMP_SCALE;
    rq->lazy = 0;
}

/* After an operation on a default-clamp task: is the state the one only
 * default tasks produce? Then count from now on instead of touching buckets. */
PGOV_CORE void pgov_uclamp_impl_try_lazy(struct pgov_uclamp_rq *rq)
{
    uint32_t top = pgov_uclamp_impl_top_bucket(rq);
    const struct pgov_uclamp_bucket *lo = &rq->bucket[PGOV_UCLAMP_MIN][0];
    const struct pgov_uclamp_bucket *hi = &rq->bucket[PGOV_UCLAMP_MAX][top];

    if (rq->lazy || (rq->flags & PGOV_UCLAMP_FLAG_IDLE) ||
        rq->value[PGOV_UCLAMP_MAX] != PGOV_UCLAMP_SCALE || rq->map[PGOV_UCLAMP_MIN] != 1u ||
        rq->map[PGOV_UCLAMP_MAX] != (1u << top) || lo->value != 0 || hi->value != PGOV_UCLAMP_SCALE ||
        lo->tasks != hi->tasks || lo->tasks == UINT32_MAX)
        return;
    rq->lazy = lo->tasks;
}

PGOV_CORE void pgov_uclamp_impl_inc_id(struct pgov_uclamp_rq *rq, uint32_t c, uint32_t v, uint32_t b)
{
    struct pgov_uclamp_bucket *bk = &rq->bucket[c][b];
    uint32_t r = rq->value[c];

    if (rq->flags & PGOV_UCLAMP_FLAG_IDLE)
        r = v; /* idle reset: the retained value is stale */
    if (++bk->tasks == 1) {
        bk->value = (uint16_t)v; /* a fresh bucket forgets its old local max */
        rq->map[c] |= 1u << b;
    } else if (v > bk->value) {
        bk->value = (uint16_t)v;
    }
    if (v > r)
        r = v;
    PGOV_WRITE_ONCE(rq->value[c], (uint16_t)r);
}

/* Bucket @k of clamp id @c, holding @n tasks (0 or 1), loses one: the
 * kernel's underflow fallback, then its rescan. Returns the WARNs hit. */
PGOV_CORE uint32_t pgov_uclamp_impl_drop_last(struct pgov_uclamp_rq *rq, uint32_t c, uint32_t b,
                             struct pgov_uclamp_bucket *k, uint32_t n, uint32_t departing)
{
    uint32_t warns = n == 0; /* WARN: bucket underflow, count stays 0 */
    uint32_t m = rq->map[c] & ~(1u << b);
    uint32_t r = rq->value[c];

    k->tasks = 0;
    rq->map[c] = m;
    if (k->value < r)
        return warns;
    warns += k->value > r; /* WARN: bucket value above the rq value */
    /* The kernel rescans buckets nbuckets-1 .. 0: the spare slot (pre-5.13
     * index nbuckets) stays counted but is never found. */
    m &= (1u << pgov_uclamp_impl_nbuckets(rq)) - 1u;
    if (m)
        PGOV_WRITE_ONCE(rq->value[c], rq->bucket[c][pgov_uclamp_impl_fls(m)].value);
    else if (c == PGOV_UCLAMP_MAX) {
        rq->flags |= PGOV_UCLAMP_FLAG_IDLE; /* idle max retention */
        rq->gate = 0;
        rq->chk_l |= PGOV_UCLAMP_DEC_CHK_CLOSED;
        PGOV_WRITE_ONCE(rq->value[c], (uint16_t)departing);
    } else
        PGOV_WRITE_ONCE(rq->value[c], 0);
    return warns;
}

/* Release the task's bucket for id @c (kernel uclamp_rq_dec_id()). Returns
 * the number of kernel WARN conditions hit. */
PGOV_CORE uint32_t pgov_uclamp_impl_dec_id(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t, uint32_t c)
{
    uint32_t b = t->bucket[c];
    struct pgov_uclamp_bucket *k = &rq->bucket[c][b];
    uint32_t n = k->tasks;

    if ((rq->prof & PGOV_UCLAMP_PROF_ACTIVE) && !(t->active & (1u << c)))
        return 0; /* v5.9+: never counted (or already released) */
    t->active = (uint8_t)(t->active & ~(1u << c));
    if (n > 1) {
        k->tasks = n - 1;
        return 0;
    }
    return pgov_uclamp_impl_drop_last(rq, c, b, k, n, t->value[c]);
}

/* The task image after counting it with values @e in buckets @b. */
PGOV_CORE uint64_t pgov_uclamp_impl_counted_image(const uint32_t e[PGOV_UCLAMP_CNT], const uint32_t b[PGOV_UCLAMP_CNT])
{
    return pgov_uclamp_impl_make_image(e[0], e[1], b[0], b[1], PGOV_UCLAMP_IDS_ALL, 0);
}


PGOV_CORE void pgov_uclamp_core_tg_eff(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent)
{
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        uint16_t p = parent ? parent->eff[c] : (uint16_t)PGOV_UCLAMP_SCALE;
        tg->eff[c] = tg->req[c] < p ? tg->req[c] : p;
    }
    if (tg->eff[PGOV_UCLAMP_MIN] > tg->eff[PGOV_UCLAMP_MAX])
        tg->eff[PGOV_UCLAMP_MIN] = tg->eff[PGOV_UCLAMP_MAX];
}


PGOV_CORE void pgov_uclamp_core_eff_get(const struct pgov_uclamp_task *t, const struct pgov_uclamp_limits *l,
                         uint32_t prof, uint32_t eff[PGOV_UCLAMP_CNT])
{
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++)
        eff[c] = (t->active & (1u << c)) ? t->value[c] : pgov_uclamp_impl_effective(t, c, l, prof);
}


/* Enqueue in general: restrictions, RT boost, lazy counting, idle reset. */
PGOV_CORE_OUTLINE bool pgov_uclamp_impl_inc_general(struct pgov_uclamp_rq *rq,
                                                    struct pgov_uclamp_task *t,
                                                    const struct pgov_uclamp_limits *lim)
{
    uint32_t e[PGOV_UCLAMP_CNT], b[PGOV_UCLAMP_CNT];
    uint32_t n = pgov_uclamp_impl_nbuckets(rq);
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        e[c] = pgov_uclamp_impl_effective(t, c, lim, rq->prof);
        b[c] = pgov_uclamp_impl_bucket_id(e[c], n, rq->prof);
    }
    bool def = e[PGOV_UCLAMP_MIN] == 0 && e[PGOV_UCLAMP_MAX] == PGOV_UCLAMP_SCALE;
    if (def && rq->lazy - 1u < UINT32_MAX - 1u) {
        rq->lazy++; /* gate already closed */
        pgov_uclamp_impl_set_task_image(t, rq->def_img);
        return true;
    }
    if (pgov_unlikely(rq->lazy)) {
        if (pgov_uclamp_impl_bucket_tasks(rq, 0, b[0]) == UINT32_MAX ||
            pgov_uclamp_impl_bucket_tasks(rq, 1, b[1]) == UINT32_MAX)
            return false;
        pgov_uclamp_impl_expand_lazy(rq);
    } else if (rq->bucket[0][b[0]].tasks == UINT32_MAX ||
               rq->bucket[1][b[1]].tasks == UINT32_MAX) {
        return false;
    }
    pgov_uclamp_impl_inc_id(rq, PGOV_UCLAMP_MIN, e[PGOV_UCLAMP_MIN], b[PGOV_UCLAMP_MIN]);
    pgov_uclamp_impl_inc_id(rq, PGOV_UCLAMP_MAX, e[PGOV_UCLAMP_MAX], b[PGOV_UCLAMP_MAX]);
    rq->flags &= (uint8_t)~PGOV_UCLAMP_FLAG_IDLE;
    pgov_uclamp_impl_set_task_image(t, pgov_uclamp_impl_counted_image(e, b));
    if (def)
        pgov_uclamp_impl_try_lazy(rq);
    pgov_uclamp_impl_regate(rq);
    return true;
}

/* The request of a task as one number (folds into one load where possible). */
PGOV_CORE uint32_t pgov_uclamp_impl_request32(const struct pgov_uclamp_task *t)
{
    return (uint32_t)t->req[PGOV_UCLAMP_MIN] | (uint32_t)t->req[PGOV_UCLAMP_MAX] << 16;
}

/* The request half of a task (request, flags, padding) as one number. */
PGOV_CORE uint64_t pgov_uclamp_impl_request_image(const struct pgov_uclamp_task *t)
{
    return (uint64_t)pgov_uclamp_impl_request32(t) | (uint64_t)t->req_flags << 32 |
           (uint64_t)t->_pad1[0] << 40 | (uint64_t)t->_pad1[1] << 48 |
           (uint64_t)t->_pad1[2] << 56;
}

/*
 * Enqueue without restrictions of anything but a counted default task.
 * One test covers the request flags and both values: adding 0x7bff to a
 * 16-bit lane sets its top bit exactly when the value is above 1024 (a lane
 * whose top bit is already set is caught by the OR, and only such a lane can
 * carry into the next one), and any flag besides the two user bits is set
 * in the flags byte.
 */
#define PGOV_UCLAMP_REQ_ADD 0x7bff7bffu
#define PGOV_UCLAMP_REQ_BAD (0x80008000u | (uint64_t)(0xffu & ~PGOV_UCLAMP_TASK_USER) << 32)

/* A request that takes the straight-line enqueue: both values in range and
 * no flag but the user bits (so not RT). */
PGOV_CORE bool pgov_uclamp_impl_request_plain(const struct pgov_uclamp_task *t)
{
    uint64_t rw = pgov_uclamp_impl_request_image(t);
    return ((rw | (rw + PGOV_UCLAMP_REQ_ADD)) & PGOV_UCLAMP_REQ_BAD) == 0;
}

/* Enqueue of a plain request (pgov_uclamp_impl_request_plain()) on an open
 * gate: the straight-line path. (A user-defined (0, 1024) request arriving
 * here is counted in full, which is exact.) */
PGOV_CORE_OUTLINE bool pgov_uclamp_impl_inc_clamped(struct pgov_uclamp_rq *rq,
                                                    struct pgov_uclamp_task *t)
{
    uint32_t e0 = t->req[PGOV_UCLAMP_MIN], e1 = t->req[PGOV_UCLAMP_MAX];
    /* set by init; a compile-time bucket count makes mul a constant */
    uint32_t mul = PGOV_UCLAMP_NBUCKETS ? pgov_uclamp_mul_tab[PGOV_UCLAMP_NBUCKETS] : rq->mul;
    uint32_t bm = rq->bmax;
    uint32_t b0 = pgov_uclamp_impl_min((e0 * mul) >> 20, bm), b1 = pgov_uclamp_impl_min((e1 * mul) >> 20, bm);
    struct pgov_uclamp_bucket *k0 = &rq->bucket[PGOV_UCLAMP_MIN][b0];
    struct pgov_uclamp_bucket *k1 = &rq->bucket[PGOV_UCLAMP_MAX][b1];
    uint32_t n0 = k0->tasks, n1 = k1->tasks;
    if (pgov_unlikely(n0 == UINT32_MAX || n1 == UINT32_MAX))
        return false;

    t->value[PGOV_UCLAMP_MIN] = (uint16_t)e0; /* effective = request here */
    t->value[PGOV_UCLAMP_MAX] = (uint16_t)e1;
    t->bucket[PGOV_UCLAMP_MIN] = (uint8_t)b0;
    t->bucket[PGOV_UCLAMP_MAX] = (uint8_t)b1;
    t->active = PGOV_UCLAMP_IDS_ALL;

    k0->tasks = n0 + 1;
    if (pgov_unlikely(n0 == 0)) {
        k0->value = (uint16_t)e0;
        rq->map[PGOV_UCLAMP_MIN] |= 1u << b0;
    } else if (e0 > k0->value) {
        k0->value = (uint16_t)e0;
    }
    if (e0 > rq->value[PGOV_UCLAMP_MIN])
        PGOV_WRITE_ONCE(rq->value[PGOV_UCLAMP_MIN], (uint16_t)e0);

    k1->tasks = n1 + 1;
    if (pgov_unlikely(n1 == 0)) {
        k1->value = (uint16_t)e1;
        rq->map[PGOV_UCLAMP_MAX] |= 1u << b1;
    } else if (e1 > k1->value) {
        k1->value = (uint16_t)e1;
    }
    if (e1 > rq->value[PGOV_UCLAMP_MAX])
        PGOV_WRITE_ONCE(rq->value[PGOV_UCLAMP_MAX], (uint16_t)e1);
    return true;
}

/**
 * Count a task in a runqueue (uclamp_rq_inc(), see pgov_uclamp_rq_inc()):
 * false, with nothing changed, when one of its buckets already counts
 * 2^32-1 tasks. @p lim NULL for no restrictions.
 */
PGOV_CORE bool pgov_uclamp_core_rq_inc(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                                       const struct pgov_uclamp_limits *lim)
{
    PGOV_ASSERT(PGOV_UCLAMP_CORE_RQ_VALID(rq) && PGOV_UCLAMP_CORE_REQ_VALID(t));
    if (pgov_unlikely(lim != NULL))
        return pgov_uclamp_impl_inc_general(rq, t, lim);
    if (pgov_likely(pgov_uclamp_impl_request_image(t) == (uint64_t)PGOV_UCLAMP_SCALE << 16)) {
        /* default-clamp task on a runqueue holding only such tasks: count it */
        uint32_t lazy = rq->lazy + 1u; /* 1: not counting; 0: already 2^32-1 */
        if (pgov_likely(lazy > 1u)) {
            rq->lazy = lazy;
            pgov_uclamp_impl_set_task_image(t, rq->def_img);
            return true;
        }
        return pgov_uclamp_impl_inc_general(rq, t, NULL); /* may start counting */
    }
    /* RT boost (any flag but the user bits), or expand first / idle reset:
     * the general path. */
    if (pgov_likely(pgov_uclamp_impl_request_plain(t) && rq->gate == PGOV_UCLAMP_GATE_OPEN))
        return pgov_uclamp_impl_inc_clamped(rq, t);
    return pgov_uclamp_impl_inc_general(rq, t, NULL);
}

/* Dequeue in general: lazy runqueue, idle flag, inactive task, WARNs. */
PGOV_CORE_OUTLINE bool pgov_uclamp_impl_dec_general(struct pgov_uclamp_rq *rq,
                                                    struct pgov_uclamp_task *t)
{
    uint32_t warns, act = t->active;
    bool def;

    def = pgov_uclamp_impl_task_image(t) == rq->def_img;
    pgov_uclamp_impl_expand_lazy(rq);
    warns = pgov_uclamp_impl_dec_id(rq, t, PGOV_UCLAMP_MIN);
    warns += pgov_uclamp_impl_dec_id(rq, t, PGOV_UCLAMP_MAX);
    if (pgov_likely(!warns && act == PGOV_UCLAMP_IDS_ALL)) {
        if (def)
            pgov_uclamp_impl_try_lazy(rq);
        pgov_uclamp_impl_regate(rq);
        return false;
    }
    rq->warns += warns;
    if (act != PGOV_UCLAMP_IDS_ALL)
        rq->bad_decs++;
    pgov_uclamp_impl_regate(rq);
    return true;
}

/* Dequeue of anything but one of several counted default tasks. */
/* The dequeue check above: an active task whose fields are within the
 * runqueue's limits, and the gate open. */
PGOV_CORE bool pgov_uclamp_impl_dec_fast_ok(const struct pgov_uclamp_rq *rq,
                                            const struct pgov_uclamp_task *t)
{
    uint64_t x = ~(pgov_uclamp_impl_task_image(t) ^ rq->chk_x);
    return (((rq->chk_l - x) | x) & PGOV_UCLAMP_DEC_CHK_TOP) == 0;
}

PGOV_CORE_OUTLINE bool pgov_uclamp_impl_dec_counted(struct pgov_uclamp_rq *rq,
                                                    struct pgov_uclamp_task *t)
{
    uint32_t b0 = t->bucket[PGOV_UCLAMP_MIN], b1 = t->bucket[PGOV_UCLAMP_MAX];
    struct pgov_uclamp_bucket *k0 = &rq->bucket[PGOV_UCLAMP_MIN][b0];
    struct pgov_uclamp_bucket *k1 = &rq->bucket[PGOV_UCLAMP_MAX][b1];
    uint32_t n0 = k0->tasks, n1 = k1->tasks, warns = 0;

    t->active = 0;
    if (pgov_likely(n0 > 1))
        k0->tasks = n0 - 1; /* not lowered even if it held the max: overboost */
    else
        warns = pgov_uclamp_impl_drop_last(rq, PGOV_UCLAMP_MIN, b0, k0, n0, 0);
    if (pgov_likely(n1 > 1))
        k1->tasks = n1 - 1;
    else
        warns += pgov_uclamp_impl_drop_last(rq, PGOV_UCLAMP_MAX, b1, k1, n1, t->value[PGOV_UCLAMP_MAX]);
    if (pgov_unlikely(warns)) {
        rq->warns += warns;
        return true;
    }
    return false;
}

/**
 * Remove a task from a runqueue (uclamp_rq_dec(), see pgov_uclamp_rq_dec()):
 * true when the kernel would WARN (bucket underflow, bucket value above the
 * rq value) or the task was not active; `warns` / `bad_decs` count them.
 */
PGOV_CORE bool pgov_uclamp_core_rq_dec(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    uint32_t lazy = rq->lazy;
    PGOV_ASSERT(PGOV_UCLAMP_CORE_RQ_VALID(rq));
    /* one of several counted default-clamp tasks leaves: only uncount it */
    if (pgov_likely(lazy > 1u && pgov_uclamp_impl_task_image(t) == rq->def_img)) {
        rq->lazy = lazy - 1;
        t->active = 0;
        return false;
    }
    /* inactive task, lazy or idle runqueue (or, outside the ABI's checks,
     * any field out of range): the general path */
    if (pgov_likely(pgov_uclamp_impl_dec_fast_ok(rq, t)))
        return pgov_uclamp_impl_dec_counted(rq, t);
    return pgov_uclamp_impl_dec_general(rq, t);
}

/** The runqueue clamp value of id @p c as another CPU reads it. */
PGOV_CORE uint32_t pgov_uclamp_core_rq_value(const struct pgov_uclamp_rq *rq, uint32_t c)
{
    return PGOV_READ_ONCE(rq->value[c]);
}

/**
 * The v6.8+ uclamp part of effective_cpu_util() / sugov_effective_cpu_perf()
 * (pgov_uclamp_effective_perf()): the performance request; the bounds go to
 * @p min and @p max.
 */
PGOV_CORE uint32_t pgov_uclamp_core_effective_perf(const struct pgov_uclamp_rq *rq,
                                                   uint32_t actual, uint32_t floor,
                                                   uint32_t capacity, uint32_t *min,
                                                   uint32_t *max)
{
    uint32_t rmin = pgov_uclamp_core_rq_value(rq, PGOV_UCLAMP_MIN);
    uint32_t rmax = pgov_uclamp_core_rq_value(rq, PGOV_UCLAMP_MAX);
    uint32_t lo = floor > rmin ? floor : rmin;
    uint32_t hi = capacity < rmax ? capacity : rmax;
    /* dvfs headroom, in 64 bits so that no u32 input wraps */
    uint64_t a = (uint64_t)actual + (actual >> 2);
    uint32_t p = a < hi ? (uint32_t)a : hi;
    *min = lo;
    *max = hi;
    return p > lo ? p : lo;
}

#endif /* PGOV_UCLAMP_CORE_H */
