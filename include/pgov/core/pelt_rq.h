/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/pelt_rq.h
 * @brief PELT core tier, the runqueue side: the PELT clock and cfs_rq
 *        attach/detach/remove (docs/spec/sched.md section 1).
 *
 * The exported pgov_pelt_clock_*(), pgov_pelt_attach(), _detach(),
 * _remove() and their `_kv` forms validate, then call these; an embedder
 * that keeps its objects valid calls them directly. Preconditions (checked
 * with PGOV_ASSERT only): a clock set up by pgov_pelt_clock_init() (or
 * pgov_pelt_core_clock_init()) with `multiplier` 0, 1, 2 or 4; capacities
 * at most 1024; signals valid as in core/pelt.h, with one half-life; an
 * entity distinct from its cfs_rq; an attach weight above 0.
 *
 * Names `pgov_pelt_impl_*` are steps of the cores, not for callers.
 */
#ifndef PGOV_PELT_RQ_CORE_H
#define PGOV_PELT_RQ_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdint.h>

#include "../embed.h"
#include "../pelt.h"
#include "math64.h"
#include "pelt.h"

/* ---------------------------------------------------------------- PELT clock */

/** Threshold of "100% busy" for lost idle time: (46718 << 10) - 47742. */
#define PGOV_PELT_BUSY_UTIL_SUM                                                                    \
    ((uint64_t)PGOV_PELT_MIN_DIVIDER * 1024u - PGOV_PELT_LOAD_AVG_MAX)

/** Start the clock at @p clock_task (multiplier 0, 1, 2 or 4). */
PGOV_CORE void pgov_pelt_core_clock_init(struct pgov_pelt_clock *clk, uint64_t clock_task,
                                         uint32_t multiplier)
{
    PGOV_ASSERT(multiplier == 0 || multiplier == 1 || multiplier == 2 || multiplier == 4);
    clk->clock_task = clock_task;
    clk->clock_task_mult = clock_task;
    clk->clock_pelt = clock_task;
    clk->lost_idle_time = 0;
    clk->multiplier = multiplier;
    clk->reserved = 0;
}

/** update_rq_clock_pelt(): advance by the task clock's delta, scaled by
 *  the CPU's and frequency's capacity unless @p idle (then resynchronised). */
PGOV_CORE void pgov_pelt_core_clock_update(struct pgov_pelt_clock *clk, uint64_t clock_task,
                                           uint32_t idle, uint32_t cpu_cap, uint32_t freq_cap)
{
    uint64_t delta = clock_task - clk->clock_task;
    /* The rq clock never goes back: the kernel ignores such a reading. */
    if (delta >> 63)
        return;
    clk->clock_task = clock_task;
    delta <<= clk->multiplier >> 1;
    clk->clock_task_mult += delta;
    if (idle) {
        clk->clock_pelt = clk->clock_task_mult;
    } else {
        delta = (delta * cpu_cap) >> 10;
        delta = (delta * freq_cap) >> 10;
        clk->clock_pelt += delta;
    }
}

/** update_idle_rq_clock_pelt(): ::PGOV_PELT_IDLE_LOST when the rq was 100%
 *  busy (the lag joins `lost_idle_time`), else 0; the clock resynchronises. */
PGOV_CORE int pgov_pelt_core_clock_idle(struct pgov_pelt_clock *clk, uint64_t util_sum)
{
    int lost = 0;
    if (util_sum >= PGOV_PELT_BUSY_UTIL_SUM) {
        clk->lost_idle_time += clk->clock_task_mult - clk->clock_pelt;
        lost = PGOV_PELT_IDLE_LOST;
    }
    clk->clock_pelt = clk->clock_task_mult;
    return lost;
}

/** rq_clock_pelt(): `clock_pelt - lost_idle_time`, wrapping. */
PGOV_CORE uint64_t pgov_pelt_core_clock_now(const struct pgov_pelt_clock *clk)
{
    return clk->clock_pelt - clk->lost_idle_time;
}

/* ---------------------------------------------------------------- cfs_rq membership */

/** How a release removes a contribution and floors the cfs_rq sums
 *  (lib/pelt.c maps a profile to one). */
enum pgov_pelt_floor_rule {
    PGOV_PELT_FLOOR_64 = 0,  /**< v5.13 .. v5.15, and the unversioned functions */
    PGOV_PELT_FLOOR_U32 = 1, /**< v5.16 .. v6.19: load/runnable max compared as u32 */
    PGOV_PELT_FLOOR_7_0 = 2  /**< v7.0+: signed deltas (add_positive), 64-bit max */
};

PGOV_CORE uint64_t pgov_pelt_impl_max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

PGOV_CORE uint32_t pgov_pelt_impl_max32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

/*
 * The cfs_rq floor `sum = max(sum, avg * PELT_MIN_DIVIDER)` of the load and
 * runnable sums. v5.16 .. v6.19 compare as u32 (both sides truncated, the
 * u32 result stored in the 64-bit sum); otherwise in the sum's own type.
 */
PGOV_CORE uint64_t pgov_pelt_impl_floor_sum(uint64_t sum, uint64_t avg, uint64_t min_div, int rule)
{
    uint64_t f = avg * min_div;
    return rule == PGOV_PELT_FLOOR_U32 ? pgov_pelt_impl_max32((uint32_t)sum, (uint32_t)f)
                                       : pgov_pelt_impl_max64(sum, f);
}

/*
 * `var -= x` as each rule removes a contribution. Before 7.0: saturating at
 * 0. From 7.0 the delta -x is converted to the field's signed type and
 * added; only a negative delta that wraps gives 0, so an x whose negation
 * is positive (x above the signed maximum) wraps the sum instead
 * (docs/spec/delta-7.3.md 1.1.4).
 */
PGOV_CORE uint64_t pgov_pelt_impl_sub_rule(uint64_t var, uint64_t x, int rule)
{
    uint64_t res = var - x;
    if (rule != PGOV_PELT_FLOOR_7_0)
        return var >= x ? var - x : 0;
    return (int64_t)(0 - x) < 0 && res > var ? 0 : res;
}

PGOV_CORE uint32_t pgov_pelt_impl_sub_rule32(uint32_t var, uint32_t x, int rule)
{
    uint32_t res = var - x;
    if (rule != PGOV_PELT_FLOOR_7_0)
        return var >= x ? var - x : 0;
    return (int32_t)(0u - x) < 0 && res > var ? 0 : res;
}

/** attach_entity_load_avg(): @p se joins @p cfs at the cfs_rq's position in
 *  the period, its sums rebuilt from its averages; @p weight > 0; @p h the
 *  half-life of both (pgov_pelt_core_hl()). */
PGOV_CORE void pgov_pelt_core_attach_hl(struct pgov_pelt_avg *cfs, const struct pgov_pelt_hl *h,
                                        struct pgov_pelt_avg *se, uint64_t weight)
{
    uint32_t div = pgov_pelt_core_divider_hl(h, cfs);
    uint64_t load_sum = se->load_avg * div;
    PGOV_ASSERT(weight != 0 && cfs != se);
    if (weight < load_sum)
        load_sum = pgov_div_u64(load_sum, weight); /* weight > 0 here */
    else
        load_sum = 1;

    se->last_update_time = cfs->last_update_time;
    se->period_contrib = cfs->period_contrib;
    se->util_sum = (uint32_t)(se->util_avg * div);
    se->runnable_sum = se->runnable_avg * div;
    se->load_sum = load_sum;

    cfs->load_avg += se->load_avg;
    cfs->load_sum += weight * se->load_sum;
    cfs->util_avg += se->util_avg;
    cfs->util_sum += se->util_sum;
    cfs->runnable_avg += se->runnable_avg;
    cfs->runnable_sum += se->runnable_sum;
}

/* The util floor: always compared as u32 (util_sum is 32-bit). */
PGOV_CORE uint32_t pgov_pelt_impl_floor32(uint32_t sum, uint64_t avg, uint64_t min_div)
{
    return pgov_pelt_impl_max32(sum, (uint32_t)(avg * min_div));
}

/** Remove an (avg, sum) contribution from a 64-bit pair under @p rule,
 *  then floor the sum at avg * @p min_div (the minimum divider). */
PGOV_CORE void pgov_pelt_core_sub_pair(uint64_t *avg, uint64_t *sum, uint64_t a, uint64_t s,
                                       uint64_t min_div, int rule)
{
    *avg = pgov_pelt_impl_sub_rule(*avg, a, rule);
    *sum = pgov_pelt_impl_sub_rule(*sum, s, rule);
    *sum = pgov_pelt_impl_floor_sum(*sum, *avg, min_div, rule);
}

/** pgov_pelt_core_sub_pair() for the util pair (u32 sum, u32 floor). */
PGOV_CORE void pgov_pelt_core_sub_util(uint64_t *avg, uint32_t *sum, uint64_t a, uint32_t s,
                                       uint64_t min_div, int rule)
{
    *avg = pgov_pelt_impl_sub_rule(*avg, a, rule);
    *sum = pgov_pelt_impl_sub_rule32(*sum, s, rule);
    *sum = pgov_pelt_impl_floor32(*sum, *avg, min_div);
}

/* From 7.0 an addition to the load goes through upd_sa too, so it is
 * floored like a removal; earlier rules add plainly. */
PGOV_CORE void pgov_pelt_impl_floor_load(struct pgov_pelt_avg *cfs, int rule)
{
    if (rule == PGOV_PELT_FLOOR_7_0) {
        uint64_t md = pgov_pelt_core_hl(cfs->halflife).max - PGOV_PELT_PERIOD_UNITS;
        cfs->load_sum = pgov_pelt_impl_floor_sum(cfs->load_sum, cfs->load_avg, md, rule);
    }
}

/** Add a load contribution (enqueue_load_avg()) under @p rule. */
PGOV_CORE void pgov_pelt_core_add_load(struct pgov_pelt_avg *cfs, uint64_t la, uint64_t ls,
                                       int rule)
{
    cfs->load_avg += la;
    cfs->load_sum += ls;
    pgov_pelt_impl_floor_load(cfs, rule);
}

/** Remove contributions (load, load sum, util, runnable as given) from
 *  @p cfs under @p rule, flooring the sums at avg * the minimum divider. */
PGOV_CORE void pgov_pelt_impl_sub_all(struct pgov_pelt_avg *cfs, const struct pgov_pelt_hl *h,
                                      uint64_t load, uint64_t load_sum, uint64_t util,
                                      uint32_t util_sum, uint64_t runnable, uint64_t runnable_sum,
                                      int rule)
{
    uint64_t min_div = h->max - PGOV_PELT_PERIOD_UNITS;
    pgov_pelt_core_sub_pair(&cfs->load_avg, &cfs->load_sum, load, load_sum, min_div, rule);
    pgov_pelt_core_sub_util(&cfs->util_avg, &cfs->util_sum, util, util_sum, min_div, rule);
    pgov_pelt_core_sub_pair(&cfs->runnable_avg, &cfs->runnable_sum, runnable, runnable_sum,
                            min_div, rule);
}

/** detach_entity_load_avg(): @p se leaves @p cfs (::pgov_pelt_floor_rule). */
PGOV_CORE void pgov_pelt_core_detach_hl(struct pgov_pelt_avg *cfs, const struct pgov_pelt_hl *h,
                                        const struct pgov_pelt_avg *se, uint64_t weight, int rule)
{
    PGOV_ASSERT(cfs != se);
    pgov_pelt_impl_sub_all(cfs, h, se->load_avg, weight * se->load_sum, se->util_avg, se->util_sum,
                           se->runnable_avg, se->runnable_sum, rule);
}

/** update_cfs_rq_load_avg()'s removal of the averages of departed entities
 *  (::pgov_pelt_floor_rule). */
PGOV_CORE void pgov_pelt_core_remove_hl(struct pgov_pelt_avg *cfs, const struct pgov_pelt_hl *h,
                                        uint64_t load, uint64_t util, uint64_t runnable, int rule)
{
    uint64_t div = pgov_pelt_core_divider_hl(h, cfs);
    pgov_pelt_impl_sub_all(cfs, h, load, load * div, util, (uint32_t)(util * div), runnable,
                           runnable * div, rule);
}

/* The same three at the cfs_rq's own half-life. */

/** pgov_pelt_core_attach_hl() at @p cfs's half-life. */
PGOV_CORE void pgov_pelt_core_attach(struct pgov_pelt_avg *cfs, struct pgov_pelt_avg *se,
                                     uint64_t weight)
{
    struct pgov_pelt_hl h = pgov_pelt_core_hl(cfs->halflife);
    pgov_pelt_core_attach_hl(cfs, &h, se, weight);
}

/** pgov_pelt_core_detach_hl() at @p cfs's half-life. */
PGOV_CORE void pgov_pelt_core_detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se,
                                     uint64_t weight, int rule)
{
    struct pgov_pelt_hl h = pgov_pelt_core_hl(cfs->halflife);
    pgov_pelt_core_detach_hl(cfs, &h, se, weight, rule);
}

/** pgov_pelt_core_remove_hl() at @p cfs's half-life. */
PGOV_CORE void pgov_pelt_core_remove(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util,
                                     uint64_t runnable, int rule)
{
    struct pgov_pelt_hl h = pgov_pelt_core_hl(cfs->halflife);
    pgov_pelt_core_remove_hl(cfs, &h, load, util, runnable, rule);
}

#endif /* PGOV_PELT_RQ_CORE_H */
