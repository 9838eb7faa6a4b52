/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/pelt_group.h
 * @brief Task-group PELT core tier: the `static inline` rules behind
 *        pelt_group.h (docs/spec/pelt-groups.md sections 2-5).
 *
 * The exported functions of pelt_group.h validate and call these; an
 * embedder that keeps its objects valid calls them directly. Preconditions
 * (PGOV_ASSERT only): every signal valid for core/pelt.h, all objects of a
 * call with one half-life, distinct objects, flags 0/1, weights not 0.
 * Profiles arrive as rule bits (pgov_pelt_group_core_rules() of a resolved
 * release), so nothing here looks a version up.
 *
 * Arithmetic follows the kernel's types: averages and load/runnable sums
 * 64-bit, util_sum 32-bit; deltas signed 64-bit, reinterpreted modulo 2^64
 * where the kernel converts. Names `pgov_pelt_group_impl_*` are steps.
 */
#ifndef PGOV_PELT_GROUP_CORE_H
#define PGOV_PELT_GROUP_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stdint.h>

#include "../embed.h"
#include "../kver.h"
#include "../pelt_group.h"
#include "math64.h"
#include "pelt.h"
#include "pelt_rq.h"

/** 7.0+: every cfs_rq adjustment through upd_sa (signed deltas, 64-bit floors, additions floored).
 */
#define PGOV_PELT_GROUP_RULE_FLOORS7 1u
/** 6.12+: update_cfs_group skips an empty group and reweights only on change. */
#define PGOV_PELT_GROUP_RULE_CHANGED 2u
/** 6.12+: tg->load_avg published at most once per ms per runqueue. */
#define PGOV_PELT_GROUP_RULE_TG_RATE 4u
/** 7.3: runnable contributions published too, `cgroup_mode` share functions. */
#define PGOV_PELT_GROUP_RULE_73 8u
/** 6.1: post_init_entity_util_avg multiplies by the scaled load.weight. */
#define PGOV_PELT_GROUP_RULE_SCALED_INIT 16u

/** MAX_SHARES of the 7.3 `max` mode's limit (88761, nice -20, scaled). */
#define PGOV_PELT_GROUP_MAX_MODE_LIMIT (88761ull << 10)
/** The 6.12+ publish rate limit, ns. */
#define PGOV_PELT_GROUP_TG_RATE_NS 1000000ull

/** Rule bits of a *resolved* release (pgov_kver_resolve()); 0 before 6.1 means unsupported. */
PGOV_CORE uint32_t pgov_pelt_group_core_rules(uint32_t kv)
{
    uint32_t r = 0;
    if (kv < PGOV_KVER_6_12)
        return PGOV_PELT_GROUP_RULE_SCALED_INIT;
    r |= PGOV_PELT_GROUP_RULE_CHANGED | PGOV_PELT_GROUP_RULE_TG_RATE;
    if (kv >= PGOV_KVER_7_0)
        r |= PGOV_PELT_GROUP_RULE_FLOORS7;
    if (kv >= PGOV_KVER_7_3)
        r |= PGOV_PELT_GROUP_RULE_73;
    return r;
}

/** scale_load_down on 64-bit: 0 stays 0, else at least 2. */
PGOV_CORE uint64_t pgov_pelt_group_core_sld(uint64_t w)
{
    if (!w)
        return 0;
    return (w >> 10) > 2 ? w >> 10 : 2;
}

/** The divider at @p sa's position (get_pelt_divider). */
PGOV_CORE uint32_t pgov_pelt_group_impl_div(const struct pgov_pelt_avg *sa)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(sa->halflife);
    return pgov_pelt_core_divider_hl(&h, sa);
}

PGOV_CORE uint32_t pgov_pelt_group_impl_min_div(const struct pgov_pelt_avg *sa)
{
    return pgov_pelt_core_hl(sa->halflife).max - PGOV_PELT_PERIOD_UNITS;
}

/* add_positive on a 64-bit field: a negative delta that wraps gives 0. */
PGOV_CORE uint64_t pgov_pelt_group_impl_add64(uint64_t x, int64_t d)
{
    uint64_t r = x + pgov_s2u64(d);
    return (d < 0 && r > x) ? 0 : r;
}

/* add_positive on util_sum (u32): 6.x keeps the long delta, 7.0+ first
 * narrows it to s32 (the field's signed type). */
PGOV_CORE uint32_t pgov_pelt_group_impl_add32(uint32_t x, int64_t d, uint32_t rules)
{
    uint32_t r;
    if (rules & PGOV_PELT_GROUP_RULE_FLOORS7)
        d = pgov_s32(d);
    r = x + (uint32_t)pgov_s2u64(d);
    return (d < 0 && r > x) ? 0 : r;
}

/* The cfs_rq floor rule of core/pelt_rq.h the profile uses: 6.x compare
 * load/runnable floors as u32, 7.0+ go through upd_sa. */
PGOV_CORE int pgov_pelt_group_impl_rule(uint32_t rules)
{
    return (rules & PGOV_PELT_GROUP_RULE_FLOORS7) ? PGOV_PELT_FLOOR_7_0 : PGOV_PELT_FLOOR_U32;
}

/* Signed deltas into a 64-bit pair (propagation): add_positive, then floor. */
PGOV_CORE void pgov_pelt_group_impl_adj64(uint64_t *avg, uint64_t *sum, int64_t da, int64_t ds,
                                          uint32_t min_div, uint32_t rules)
{
    *avg = pgov_pelt_group_impl_add64(*avg, da);
    *sum = pgov_pelt_group_impl_add64(*sum, ds);
    *sum = pgov_pelt_impl_floor_sum(*sum, *avg, min_div, pgov_pelt_group_impl_rule(rules));
}

/* add_tg_cfs_propagate: flag the runqueue and add to its pending sum. */
PGOV_CORE void pgov_pelt_group_impl_queue(struct pgov_pelt_cfs *c, int64_t x)
{
    c->propagate = 1;
    c->prop_runnable_sum = pgov_u2s64(pgov_s2u64(c->prop_runnable_sum) + pgov_s2u64(x));
}

/* `x >> n` of a signed value rounding toward minus infinity (gcc's >>). */
PGOV_CORE int64_t pgov_pelt_group_impl_asr(int64_t x, unsigned n)
{
    if (x >= 0)
        return x >> n;
    return -((-(x + 1)) >> n) - 1;
}

/** attach_entity_load_avg (docs/spec/pelt-groups.md 2.1): core/pelt_rq.h's attach, then the
 * propagation. */
PGOV_CORE void pgov_pelt_group_core_attach(uint32_t rules, struct pgov_pelt_cfs *c,
                                           struct pgov_pelt_se *se)
{
    pgov_pelt_core_attach(&c->avg, &se->avg, pgov_pelt_group_core_sld(se->weight));
    pgov_pelt_impl_floor_load(&c->avg, pgov_pelt_group_impl_rule(rules)); /* 7.0: floored */
    pgov_pelt_group_impl_queue(c, pgov_u2s64(se->avg.load_sum));
}

/** detach_entity_load_avg (docs/spec/pelt-groups.md 2.2): core/pelt_rq.h's detach, then the
 * propagation. */
PGOV_CORE void pgov_pelt_group_core_detach(uint32_t rules, struct pgov_pelt_cfs *c,
                                           const struct pgov_pelt_se *se)
{
    pgov_pelt_core_detach(&c->avg, &se->avg, pgov_pelt_group_core_sld(se->weight),
                          pgov_pelt_group_impl_rule(rules));
    pgov_pelt_group_impl_queue(c, pgov_u2s64(0 - se->avg.load_sum));
}

/** remove_entity_load_avg (docs/spec/pelt-groups.md 2.3): age to the runqueue's last update,
 * record. */
PGOV_CORE void pgov_pelt_group_core_remove(struct pgov_pelt_cfs *c, struct pgov_pelt_se *se)
{
    (void)pgov_pelt_core_update(&se->avg, c->avg.last_update_time, 0, 0, 0,
                                pgov_pelt_group_core_sld(se->weight));
    c->removed_nr += 1;
    c->removed_util += se->avg.util_avg;
    c->removed_load += se->avg.load_avg;
    c->removed_runnable += se->avg.runnable_avg;
}

/* The removed-load application of update_cfs_rq_load_avg (docs/spec/pelt-groups.md 2.3). */
PGOV_CORE void pgov_pelt_group_impl_apply_removed(uint32_t rules, struct pgov_pelt_cfs *c)
{
    uint64_t d = pgov_pelt_group_impl_div(&c->avg), rr = c->removed_runnable;

    pgov_pelt_core_remove(&c->avg, c->removed_load, c->removed_util, rr,
                          pgov_pelt_group_impl_rule(rules));
    c->removed_load = 0;
    c->removed_util = 0;
    c->removed_runnable = 0;
    c->removed_nr = 0;
    /* The removed runnable stands in for the removed (unweighted) load. */
    pgov_pelt_group_impl_queue(c, pgov_pelt_group_impl_asr(pgov_u2s64(0 - rr * d), 10));
}

/** update_cfs_rq_load_avg (docs/spec/pelt-groups.md 2.3): 1 when "decayed". */
PGOV_CORE int pgov_pelt_group_core_update_cfs(uint32_t rules, struct pgov_pelt_cfs *c, uint64_t now)
{
    int decayed = 0;
    if (c->removed_nr) {
        pgov_pelt_group_impl_apply_removed(rules, c);
        decayed = 1;
    }
    decayed |= pgov_pelt_core_update(&c->avg, now, pgov_pelt_group_core_sld(c->weight),
                                     c->nr_runnable, c->has_curr, 1);
    return decayed;
}

/* update_tg_cfs_util / _runnable (docs/spec/pelt-groups.md 3.2, 3.3). */
PGOV_CORE void pgov_pelt_group_impl_prop_util(uint32_t rules, struct pgov_pelt_cfs *p,
                                              struct pgov_pelt_se *se,
                                              const struct pgov_pelt_cfs *g)
{
    int64_t da = pgov_u2s64(g->avg.util_avg - se->avg.util_avg), ds;
    uint32_t d, n;
    if (da == 0)
        return;
    d = pgov_pelt_group_impl_div(&p->avg);
    se->avg.util_avg = g->avg.util_avg;
    n = (uint32_t)(se->avg.util_avg * d);
    ds = (int64_t)n - (int64_t)se->avg.util_sum;
    se->avg.util_sum = n;
    p->avg.util_avg = pgov_pelt_group_impl_add64(p->avg.util_avg, da);
    p->avg.util_sum = pgov_pelt_group_impl_add32(p->avg.util_sum, ds, rules);
    p->avg.util_sum = pgov_pelt_impl_floor32(p->avg.util_sum, p->avg.util_avg,
                                             pgov_pelt_group_impl_min_div(&p->avg));
}

PGOV_CORE void pgov_pelt_group_impl_prop_runnable(uint32_t rules, struct pgov_pelt_cfs *p,
                                                  struct pgov_pelt_se *se,
                                                  const struct pgov_pelt_cfs *g)
{
    int64_t da = pgov_u2s64(g->avg.runnable_avg - se->avg.runnable_avg), ds;
    uint64_t n;
    if (da == 0)
        return;
    n = g->avg.runnable_avg * pgov_pelt_group_impl_div(&p->avg);
    ds = pgov_u2s64(n - se->avg.runnable_sum);
    se->avg.runnable_avg = g->avg.runnable_avg;
    se->avg.runnable_sum = n;
    pgov_pelt_group_impl_adj64(&p->avg.runnable_avg, &p->avg.runnable_sum, da, ds,
                               pgov_pelt_group_impl_min_div(&p->avg), rules);
}

/* update_tg_cfs_load (docs/spec/pelt-groups.md 3.4): the estimated runnable time of the group. */
PGOV_CORE void pgov_pelt_group_impl_prop_load(uint32_t rules, struct pgov_pelt_cfs *p,
                                              struct pgov_pelt_se *se, struct pgov_pelt_cfs *g)
{
    int64_t r = g->prop_runnable_sum, run, da, ds;
    uint64_t d, w = pgov_pelt_group_core_sld(se->weight), ls, la;
    if (r == 0)
        return;
    g->prop_runnable_sum = 0;
    d = pgov_pelt_group_impl_div(&p->avg);
    if (r >= 0) {
        r = pgov_u2s64(pgov_s2u64(r) + se->avg.load_sum);
        r = r < (int64_t)d ? r : (int64_t)d;
    } else {
        uint64_t gw = pgov_pelt_group_core_sld(g->weight);
        uint64_t l = gw ? pgov_div_u64(g->avg.load_sum, gw) : 0;
        r = pgov_u2s64(se->avg.load_sum < l ? se->avg.load_sum : l);
    }
    run = (int64_t)(se->avg.util_sum >> 10);
    r = r > run ? r : run;
    ls = w * pgov_s2u64(r);
    la = pgov_div_u64(ls, d);
    da = pgov_u2s64(la - se->avg.load_avg);
    if (da == 0)
        return;
    ds = pgov_u2s64(ls - w * se->avg.load_sum);
    se->avg.load_sum = pgov_s2u64(r);
    se->avg.load_avg = la;
    pgov_pelt_group_impl_adj64(&p->avg.load_avg, &p->avg.load_sum, da, ds,
                               pgov_pelt_group_impl_min_div(&p->avg), rules);
}

/** propagate_entity_load_avg (docs/spec/pelt-groups.md 3.1): 1 when a propagation was applied. */
PGOV_CORE int pgov_pelt_group_core_propagate(uint32_t rules, struct pgov_pelt_cfs *p,
                                             struct pgov_pelt_se *gse, struct pgov_pelt_cfs *g)
{
    if (!gse->is_group || !g->propagate)
        return 0;
    g->propagate = 0;
    pgov_pelt_group_impl_queue(p, g->prop_runnable_sum);
    pgov_pelt_group_impl_prop_util(rules, p, gse, g);
    pgov_pelt_group_impl_prop_runnable(rules, p, gse, g);
    pgov_pelt_group_impl_prop_load(rules, p, gse, g);
    return 1;
}

/** The entity's own update (__update_load_avg_se): 1 when recomputed. */
PGOV_CORE int pgov_pelt_group_core_update_se(struct pgov_pelt_se *se, uint64_t now)
{
    uint64_t runnable = se->is_group ? se->runnable_weight : se->on_rq;
    if (se->delayed)
        runnable = 0;
    return pgov_pelt_core_update(&se->avg, now, se->on_rq, runnable, se->running,
                                 pgov_pelt_group_core_sld(se->weight));
}

/** update_load_avg (docs/spec/pelt-groups.md 3.5): ::pgov_pelt_group_result bits. */
PGOV_CORE int pgov_pelt_group_core_update_load_avg(uint32_t rules, struct pgov_pelt_cfs *p,
                                                   struct pgov_pelt_se *se, struct pgov_pelt_cfs *g,
                                                   uint64_t now, uint32_t flags)
{
    int decayed;
    if (se->avg.last_update_time && !(flags & PGOV_PELT_GROUP_SKIP_AGE))
        (void)pgov_pelt_group_core_update_se(se, now);
    decayed = pgov_pelt_group_core_update_cfs(rules, p, now);
    if (g)
        decayed |= pgov_pelt_group_core_propagate(rules, p, se, g);
    if (!se->avg.last_update_time && (flags & PGOV_PELT_GROUP_DO_ATTACH)) {
        pgov_pelt_group_core_attach(rules, p, se);
        return PGOV_PELT_GROUP_CHANGED | PGOV_PELT_GROUP_TG_DUE;
    }
    if (flags & PGOV_PELT_GROUP_DO_DETACH) {
        pgov_pelt_group_core_detach(rules, p, se);
        return PGOV_PELT_GROUP_CHANGED | PGOV_PELT_GROUP_TG_DUE;
    }
    if (!decayed)
        return 0;
    return PGOV_PELT_GROUP_CHANGED |
           ((flags & PGOV_PELT_GROUP_UPDATE_TG) ? PGOV_PELT_GROUP_TG_DUE : 0);
}

/* smp_shares(G, s, m) (docs/spec/pelt-groups.md 4.1, 4.4), signed long arithmetic. */
PGOV_CORE uint64_t pgov_pelt_group_impl_smp(const struct pgov_pelt_tg *tg,
                                            const struct pgov_pelt_cfs *g, int64_t s, int64_t m)
{
    int64_t load = pgov_u2s64(pgov_pelt_group_core_sld(g->weight));
    int64_t la = pgov_u2s64(g->avg.load_avg), t, x;
    load = la > load ? la : load;
    t = pgov_u2s64(pgov_s2u64(tg->load_avg) - g->tg_load_contrib + pgov_s2u64(load));
    x = pgov_u2s64(pgov_s2u64(s) * pgov_s2u64(load));
    if (t == -1)
        x = pgov_u2s64(0 - pgov_s2u64(x));
    else if (t != 0)
        x = pgov_div_s64(x, t);
    x = x < 2 ? 2 : x;
    return pgov_s2u64(x > m ? m : x);
}

/** calc_group_shares for the rules and the group's mode (docs/spec/pelt-groups.md 4.1, 4.4). */
PGOV_CORE uint64_t pgov_pelt_group_core_shares(uint32_t rules, const struct pgov_pelt_tg *tg,
                                               const struct pgov_pelt_cfs *g)
{
    int64_t s = pgov_u2s64(tg->shares), n, cpus = tg->cpus ? (int64_t)tg->cpus : 1;
    int64_t tasks = pgov_pelt_group_impl_asr(tg->runnable_avg, 10);
    uint32_t mode = tg->mode;
    if (!(rules & PGOV_PELT_GROUP_RULE_73))
        mode = PGOV_PELT_GROUP_MODE_SMP;
    else if (mode == PGOV_PELT_GROUP_MODE_DEFAULT)
        mode = PGOV_PELT_GROUP_MODE_CONCUR;
    tasks = tasks > 1 ? tasks : 1;
    switch (mode) {
    case PGOV_PELT_GROUP_MODE_UP:
        return tg->shares;
    case PGOV_PELT_GROUP_MODE_MAX:
        n = pgov_u2s64(pgov_s2u64(s) * pgov_s2u64(cpus)); /* wraps, as the kernel's long */
        return pgov_pelt_group_impl_smp(tg, g, n, (int64_t)PGOV_PELT_GROUP_MAX_MODE_LIMIT);
    case PGOV_PELT_GROUP_MODE_CONCUR:
    case PGOV_PELT_GROUP_MODE_TASKS:
        n = mode == PGOV_PELT_GROUP_MODE_TASKS || tasks < cpus ? tasks : cpus;
        n = pgov_u2s64(pgov_s2u64(n) * pgov_s2u64(s));
        return pgov_pelt_group_impl_smp(tg, g, n, n);
    default:
        return pgov_pelt_group_impl_smp(tg, g, s, s);
    }
}

/** reweight_entity, PELT part (docs/spec/pelt-groups.md 4.2); @p w not 0. */
PGOV_CORE void pgov_pelt_group_core_reweight(uint32_t rules, struct pgov_pelt_cfs *p,
                                             struct pgov_pelt_se *se, uint64_t w)
{
    uint64_t ow = pgov_pelt_group_core_sld(se->weight), nw = pgov_pelt_group_core_sld(w);
    if (se->on_rq)
        p->weight -= se->weight;
    pgov_pelt_core_sub_pair(&p->avg.load_avg, &p->avg.load_sum, se->avg.load_avg,
                            ow * se->avg.load_sum, pgov_pelt_group_impl_min_div(&p->avg),
                            pgov_pelt_group_impl_rule(rules));
    se->weight = w;
    se->avg.load_avg = pgov_div_u64(nw * se->avg.load_sum, pgov_pelt_group_impl_div(&se->avg));
    pgov_pelt_core_add_load(&p->avg, se->avg.load_avg, nw * se->avg.load_sum,
                            pgov_pelt_group_impl_rule(rules));
    if (se->on_rq)
        p->weight += w;
}

/** update_cfs_group (docs/spec/pelt-groups.md 4.2): 1 when reweighted. */
PGOV_CORE int pgov_pelt_group_core_update_shares(uint32_t rules, struct pgov_pelt_cfs *p,
                                                 struct pgov_pelt_se *gse,
                                                 const struct pgov_pelt_cfs *g,
                                                 const struct pgov_pelt_tg *tg)
{
    uint64_t w;
    if (!gse->is_group)
        return 0;
    if ((rules & PGOV_PELT_GROUP_RULE_CHANGED) && g->weight == 0)
        return 0;
    w = pgov_pelt_group_core_shares(rules, tg, g);
    if ((rules & PGOV_PELT_GROUP_RULE_CHANGED) && w == gse->weight)
        return 0;
    pgov_pelt_group_core_reweight(rules, p, gse, w);
    return 1;
}

/* |x| of a signed long delta, as the unsigned compare sees it. */
PGOV_CORE uint64_t pgov_pelt_group_impl_abs(int64_t x)
{
    return x < 0 ? 0 - pgov_s2u64(x) : pgov_s2u64(x);
}

/** update_tg_load_avg (docs/spec/pelt-groups.md 4.3): 1 when published. */
PGOV_CORE int pgov_pelt_group_core_update_tg(uint32_t rules, struct pgov_pelt_tg *tg,
                                             struct pgov_pelt_cfs *c, uint64_t clock)
{
    int64_t dl, dr = 0;
    bool pub;
    if ((rules & PGOV_PELT_GROUP_RULE_TG_RATE) &&
        clock - c->tg_last_update < PGOV_PELT_GROUP_TG_RATE_NS)
        return 0;
    dl = pgov_u2s64(c->avg.load_avg - c->tg_load_contrib);
    pub = pgov_pelt_group_impl_abs(dl) > c->tg_load_contrib / 64;
    if (rules & PGOV_PELT_GROUP_RULE_73) {
        dr = pgov_u2s64(c->avg.runnable_avg - c->tg_runnable_contrib);
        pub = pub || pgov_pelt_group_impl_abs(dr) > c->tg_runnable_contrib / 64;
    }
    if (!pub)
        return 0;
    tg->load_avg = pgov_u2s64(pgov_s2u64(tg->load_avg) + pgov_s2u64(dl));
    c->tg_load_contrib = c->avg.load_avg;
    if (rules & PGOV_PELT_GROUP_RULE_73) {
        tg->runnable_avg = pgov_u2s64(pgov_s2u64(tg->runnable_avg) + pgov_s2u64(dr));
        c->tg_runnable_contrib = c->avg.runnable_avg;
    }
    if (rules & PGOV_PELT_GROUP_RULE_TG_RATE)
        c->tg_last_update = clock;
    return 1;
}

/** Whether the blocked pass updates @p c's group entity (docs/spec/pelt-groups.md 5.7 b):
 *  not when it is fully idle with nothing pending. */
PGOV_CORE bool pgov_pelt_group_core_blocked_se_due(const struct pgov_pelt_se *gse,
                                                   const struct pgov_pelt_cfs *c)
{
    return gse->avg.load_avg || gse->avg.util_avg || c->propagate;
}

/** One runqueue of the blocked pass (docs/spec/pelt-groups.md 5.7 a-b): result bits. */
PGOV_CORE int pgov_pelt_group_core_blocked(uint32_t rules, struct pgov_pelt_cfs *c,
                                           struct pgov_pelt_se *gse, struct pgov_pelt_cfs *p,
                                           uint64_t now)
{
    int res = pgov_pelt_group_core_update_cfs(rules, c, now) ? PGOV_PELT_GROUP_CHANGED : 0;
    if (gse && p && pgov_pelt_group_core_blocked_se_due(gse, c))
        res |= pgov_pelt_group_core_update_load_avg(rules, p, gse, c, now,
                                                    PGOV_PELT_GROUP_UPDATE_TG) &
               PGOV_PELT_GROUP_TG_DUE;
    return res;
}

/** Leaf-list removal test (docs/spec/pelt-groups.md 5.7 c, without the list-order part). */
PGOV_CORE bool pgov_pelt_group_core_cfs_decayed(uint32_t rules, const struct pgov_pelt_cfs *c)
{
    if (c->weight || c->avg.load_sum || c->avg.util_sum || c->avg.runnable_sum)
        return false;
    return !(rules & PGOV_PELT_GROUP_RULE_CHANGED) || c->tg_load_contrib == 0;
}

#endif /* PGOV_PELT_GROUP_CORE_H */
