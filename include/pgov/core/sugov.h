/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/sugov.h
 * @brief Core tier of sugov.h: the schedutil decision (iowait boost, rate
 *        limit, util composition per profile, headroom, frequency mapping,
 *        hold, deadline bypass), `static inline`.
 *
 * The one implementation: lib/sugov.c (pgov_sugov_next_freq(),
 * pgov_sugov_decide(), _decide_in(), _decide_shared()) and lib/sugov_gov.c
 * (the HAL-bound instance) validate, then call it. An embedder that owns
 * its schedutil state (a scheduler hook, firmware) checks its parameters
 * once with pgov_sugov_params_check(), takes the profile's rule bits with
 * pgov_sugov_core_rules() (or the constant ::PGOV_SUGOV_RULES_CURRENT for
 * the newest profile, which lets every profile test fold), then per
 * callback:
 *
 *     struct pgov_sugov_input in = { .size = sizeof(in), .util = util,
 *                                    .uclamp_max = 1024, .cur_khz = cur };
 *     pgov_sugov_core_decide(&prm, PGOV_SUGOV_RULES_CURRENT, &st, now, &in, NULL, &res);
 *     if (res.path == PGOV_SUGOV_PATH_COMMIT) set the frequency to res.next_f;
 *
 * Preconditions (what the ABI functions check and the cores only
 * PGOV_ASSERT): parameters accepted by pgov_sugov_params_check() and rules of
 * their profile; state words in range (pending and need_update 0/1, boost
 * at most 1024); input flags within PGOV_UPDATE_ALL, uclamp values at most
 * 1024, held and capped 0/1, an input whose `cur_khz` is non-zero when the
 * reference is the current frequency, a table that is NULL or one
 * pgov_freq_table_init() filled; before 6.8 (no
 * ::PGOV_SUGOV_RULE_PERF) no clamps, floor or capped. Names
 * `pgov_sugov_impl_*` are steps of the cores, not for callers.
 */
#ifndef PGOV_SUGOV_CORE_H
#define PGOV_SUGOV_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stdint.h>

#include "../embed.h"
#include "freq_table.h"
#include "../gov.h"
#include "../kver.h"
#include "math64.h"
#include "../sugov.h"

/* ---------------------------------------------------------------- profiles */

/** 6.8+: the headroom is capped at max_cap, then the clamps; the
 *  non-invariant reference is `cur + cur/4`. */
#define PGOV_SUGOV_RULE_PERF 0x1u
/** Before 5.14: the 25 % margin is on the reference frequency, not util. */
#define PGOV_SUGOV_RULE_FREQ_MARGIN 0x2u
/** Before 5.10: a held frequency resets the raw cache to 0. */
#define PGOV_SUGOV_RULE_HOLD_RESET 0x4u
/** 5.16+: a driver table is searched with the "efficient" relation. */
#define PGOV_SUGOV_RULE_EFFICIENT 0x8u
/** The rules of the newest profile (::PGOV_KVER_LATEST, 6.18 ..). */
#define PGOV_SUGOV_RULES_CURRENT (PGOV_SUGOV_RULE_PERF | PGOV_SUGOV_RULE_EFFICIENT)

/** Capacity scale (SCHED_CAPACITY_SCALE) and the smallest iowait boost. */
#define PGOV_SUGOV_CAP_SCALE 1024u
#define PGOV_SUGOV_BOOST_MIN (PGOV_SUGOV_CAP_SCALE / 8u)

/**
 * The rule bits of a resolved kernel version @p kv (pgov_kver_resolve(),
 * at least 5.2: pgov_sugov_params_check() rejects older ones). The
 * limits-change handling is the 6.15 form in every profile (what Linux
 * 6.1.192 does with its stable fixes; docs/schedutil.md).
 */
PGOV_CORE uint32_t pgov_sugov_core_rules(uint32_t kv)
{
    uint32_t r = kv >= PGOV_KVER_6_8 ? PGOV_SUGOV_RULE_PERF : 0u;

    PGOV_ASSERT(kv >= PGOV_KVER(5, 2));
    if (kv >= PGOV_KVER_5_16)
        r |= PGOV_SUGOV_RULE_EFFICIENT;
    if (kv < PGOV_KVER_5_14)
        r |= PGOV_SUGOV_RULE_FREQ_MARGIN;
    if (kv < PGOV_KVER(5, 10))
        r |= PGOV_SUGOV_RULE_HOLD_RESET;
    return r;
}

/* ---------------------------------------------------------------- util -> frequency */

/** The reference frequency: max_freq, or (non-invariant) the current one,
 *  with a second 25 % from 6.8. */
PGOV_CORE uint32_t pgov_sugov_core_ref(const struct pgov_sugov_params *prm, uint32_t rules,
                                       uint32_t cur_khz)
{
    if (!(prm->options & PGOV_SUGOV_OPT_NONINVARIANT))
        return prm->max_freq_khz;
    return (rules & PGOV_SUGOV_RULE_PERF) ? cur_khz + (cur_khz >> 2) : cur_khz;
}

/** map_util_freq: the raw frequency of @p perf against reference @p ref;
 *  before 5.14 the 25 % margin is on the reference (perf is util then). */
PGOV_CORE uint64_t pgov_sugov_core_raw(const struct pgov_sugov_params *prm, uint32_t rules,
                                       uint32_t perf, uint32_t ref)
{
    uint64_t f = (rules & PGOV_SUGOV_RULE_FREQ_MARGIN) ? (uint64_t)ref + (ref >> 2) : ref;

    PGOV_ASSERT(prm->max_cap - 1u < PGOV_SUGOV_CAP_SCALE);
    return pgov_div_u64_u32(f * perf, prm->max_cap);
}

/** The policy limits applied to a raw frequency (min > max resolves to max). */
PGOV_CORE uint32_t pgov_sugov_core_clamp(const struct pgov_sugov_params *prm, uint64_t raw)
{
    uint64_t hi = prm->max_khz, lo = prm->min_khz > hi ? hi : prm->min_khz;

    /* lo <= hi, so the order of the two bounds does not matter. */
    raw = raw > hi ? hi : raw;
    return (uint32_t)(raw < lo ? lo : raw);
}

/**
 * cpufreq_driver_resolve_freq: the limits, then with a driver @p table
 * (NULL: none) the lowest entry at or above (relation L, "efficient" by the
 * rules).
 */
PGOV_CORE uint32_t pgov_sugov_core_resolve(const struct pgov_sugov_params *prm, uint32_t rules,
                                           const struct pgov_freq_table *table, uint64_t raw)
{
    uint32_t f = pgov_sugov_core_clamp(prm, raw), lo = prm->min_khz, hi = prm->max_khz;
    uint32_t rel = (rules & PGOV_SUGOV_RULE_EFFICIENT) ? (uint32_t)PGOV_REL_E
                                                       : (uint32_t)PGOV_REL_L;

    if (!table)
        return f;
    {
        bool warn = false; /* a sorted table never warns; unsorted: index 0 */

        lo = lo > hi ? hi : lo;
        return table->entries[pgov_freq_table_core_target(table, lo, hi, f, rel, &warn)].khz;
    }
}

/**
 * map_util_perf + get_next_freq without caching or table, against
 * reference @p ref (pgov_sugov_core_ref()): the headroom on @p util
 * (clamped to max_cap; capped at max_cap from 6.8, none before 5.14), the
 * frequency, the limits. Stores the unclamped frequency in *@p raw.
 */
PGOV_CORE uint32_t pgov_sugov_core_freq(const struct pgov_sugov_params *prm, uint32_t rules,
                                        uint32_t util, uint32_t ref, uint64_t *raw)
{
    uint64_t perf;

    if (rules & PGOV_SUGOV_RULE_PERF) {
        /* min(u + u/4, max_cap) is min(u, max_cap) with the headroom, capped:
         * the headroom only grows u, so the first clamp folds into the cap
         * (64 bits: no wrap for any u). */
        perf = (uint64_t)util + (util >> 2);
        perf = perf > prm->max_cap ? prm->max_cap : perf;
    } else {
        util = util > prm->max_cap ? prm->max_cap : util;
        perf = (rules & PGOV_SUGOV_RULE_FREQ_MARGIN) ? util : util + (util >> 2);
    }
    *raw = pgov_sugov_core_raw(prm, rules, (uint32_t)perf, ref);
    return pgov_sugov_core_clamp(prm, *raw);
}

/** pgov_sugov_next_freq() without its checks: @p cur_khz is the
 *  non-invariant reference. */
PGOV_CORE uint32_t pgov_sugov_core_next_freq(const struct pgov_sugov_params *prm, uint32_t rules,
                                             uint32_t util, uint32_t cur_khz, uint64_t *raw)
{
    return pgov_sugov_core_freq(prm, rules, util, pgov_sugov_core_ref(prm, rules, cur_khz), raw);
}

/* ---------------------------------------------------------------- the decision steps */

/* 1-2: the boost request of one CPU, on every callback before any rate
 * limiting; then its last update is now. */
PGOV_CORE void pgov_sugov_impl_boost_request(const struct pgov_sugov_params *prm, uint32_t *boost,
                                             uint32_t *pending, uint64_t *last_update,
                                             uint64_t now_ns, uint32_t set)
{
    if (*boost && pgov_u2s64(now_ns - *last_update) > pgov_u2s64(prm->tick_ns)) {
        /* Signed: a clock that went backwards never resets. */
        *boost = set ? PGOV_SUGOV_BOOST_MIN : 0;
        *pending = set;
    } else if (set && !*pending) {
        *pending = 1;
        *boost = *boost ? (*boost << 1 > PGOV_SUGOV_CAP_SCALE ? PGOV_SUGOV_CAP_SCALE : *boost << 1)
                        : PGOV_SUGOV_BOOST_MIN;
    }
    *last_update = now_ns;
}

/* 4: apply, in capacity units: halve without a new request, drop below
 * 1/8. A CPU not updated for more than a tick (only another CPU of a
 * shared policy can be) loses its boost first. */
PGOV_CORE uint32_t pgov_sugov_impl_boost_apply(const struct pgov_sugov_params *prm,
                                               uint32_t *boost, uint32_t *pending,
                                               uint64_t last_update, uint64_t now_ns)
{
    if (!*boost)
        return 0;
    if (pgov_u2s64(now_ns - last_update) > pgov_u2s64(prm->tick_ns)) {
        *boost = 0;
        *pending = 0;
        return 0;
    }
    if (!*pending) {
        *boost >>= 1;
        if (*boost < PGOV_SUGOV_BOOST_MIN) {
            *boost = 0;
            return 0;
        }
    }
    *pending = 0;
    return (*boost * prm->max_cap) >> 10;
}

/**
 * 5-6: one CPU's performance request from @p util, the applied boost @p bu,
 * the headroom and (v6.8+ order) the clamps. The clamps bound the
 * headroom-ed value, not util: uclamp_max caps the boost too, and the
 * floor is not scaled by 1.25. Before 6.8 the headroom is uncapped and
 * nothing follows it (the clamps were in util already).
 */
PGOV_CORE uint32_t pgov_sugov_core_perf(const struct pgov_sugov_params *prm, uint32_t rules,
                                        uint32_t util, uint32_t bu, uint32_t uclamp_min,
                                        uint32_t uclamp_max, uint32_t bw_min)
{
    uint32_t hi = uclamp_max < prm->max_cap ? uclamp_max : prm->max_cap;
    uint32_t lo = uclamp_min > bw_min ? uclamp_min : bw_min;

    PGOV_ASSERT(bu <= prm->max_cap);
    if (rules & PGOV_SUGOV_RULE_PERF) {
        /* util above max_cap ends at hi (<= max_cap) with or without the
         * kernel's first clamp, as the headroom only grows it (64 bits:
         * no wrap), so the cap at hi does both. */
        uint64_t perf = util > bu ? util : bu;

        perf += perf >> 2;
        perf = perf < hi ? perf : hi;
        return (uint32_t)(perf > lo ? perf : lo);
    }
    util = util > prm->max_cap ? prm->max_cap : util;
    util = util > bu ? util : bu;
    return (rules & PGOV_SUGOV_RULE_FREQ_MARGIN) ? util : util + (util >> 2);
}

/**
 * 3: the rate limit. Another CPU's callback (a remote wakeup) stops here
 * too: only the policy's own CPUs may change its frequency. A pending
 * limits change lets the evaluation through.
 */
PGOV_CORE bool pgov_sugov_core_rate_limited(const struct pgov_sugov_params *prm, uint32_t flags,
                                            uint32_t need_update, uint64_t last_freq_update_ns,
                                            uint64_t now_ns)
{
    return (flags & PGOV_UPDATE_REMOTE) ||
           (!need_update &&
            pgov_u2s64(now_ns - last_freq_update_ns) < pgov_u2s64(prm->rate_limit_ns));
}

/*
 * 7-8: frequency, cache, hold (@hold: the single-CPU rule applies), commit,
 * on the policy's words (a single CPU's state or a shared policy's). A pending limits change
 * (need_update) bypasses the cache and the hold rule (the library's rule,
 * docs/schedutil.md) and, as in Linux 6.1.192, commits only a changed
 * frequency. Fills path, raw_freq, next_f of @p r.
 */
PGOV_CORE void pgov_sugov_impl_evaluate(const struct pgov_sugov_params *prm, uint32_t rules,
                                        uint64_t *last_freq_update_ns, uint32_t *next_freq,
                                        uint32_t *cached_raw_freq, uint32_t *need_update,
                                        uint64_t now_ns, uint32_t perf, uint32_t cur_khz,
                                        const struct pgov_freq_table *table, bool hold,
                                        struct pgov_sugov_result *r)
{
    uint32_t prev_cached = *cached_raw_freq, prev = *next_freq;
    bool need = *need_update != 0;
    uint32_t nf;
    uint64_t raw = pgov_sugov_core_raw(prm, rules, perf, pgov_sugov_core_ref(prm, rules, cur_khz));

    r->raw_freq = raw;
    if (raw == prev_cached && !need) {
        nf = prev;
    } else {
        *cached_raw_freq = (uint32_t)raw;
        nf = pgov_sugov_core_resolve(prm, rules, table, raw);
    }
    /* Hold: no premature reduction while the CPU stayed busy. */
    if (hold && nf < prev && !need) {
        nf = prev;
        *cached_raw_freq = (rules & PGOV_SUGOV_RULE_HOLD_RESET) ? 0 : prev_cached;
    }
    *need_update = 0;
    r->next_f = nf;
    /* Commit only a change: an unchanged result keeps the timestamp. */
    if (nf == prev) {
        r->path = PGOV_SUGOV_PATH_UNCHANGED;
    } else {
        r->path = PGOV_SUGOV_PATH_COMMIT;
        *next_freq = nf;
        *last_freq_update_ns = now_ns;
    }
}

/* A result of which nothing is known yet. */
PGOV_CORE void pgov_sugov_impl_result_clear(struct pgov_sugov_result *r)
{
    r->path = 0;
    r->boost_req = 0;
    r->pending_req = 0;
    r->boost_util = 0;
    r->util_eff = 0;
    r->next_f = 0;
    r->raw_freq = 0;
}

/* ---------------------------------------------------------------- the decisions */

/**
 * pgov_sugov_decide_in() without its checks, on @p st in place: one
 * callback of a single-CPU policy (sugov_update_single_freq).
 * `in->cur_khz` is policy->cur (the non-invariant reference); `in->size`
 * and `in->table` are not read: the driver's table is @p table (NULL: none),
 * as for pgov_sugov_core_decide_shared(), so a caller without one passes a
 * constant NULL and the table search folds away.
 */
/*
 * What an evaluation leaves for the next deadline-bandwidth test, read with
 * the utilization: the bandwidth itself before v6.8; from v6.8 the whole
 * floor effective_cpu_util gave (max(irq + bandwidth, uclamp min)), which is
 * never below the bandwidth. Seen on Debian's 6.12.118 (docs/oracle.md): with
 * an RT task runnable the floor is the capacity, and a later bandwidth rise
 * up to it does not bypass the rate limit.
 */
PGOV_CORE uint32_t pgov_sugov_core_dl_seen(uint32_t rules, uint32_t bw_dl, uint32_t bw_min,
                                           uint32_t uclamp_min)
{
    uint32_t m = bw_dl;

    if (rules & PGOV_SUGOV_RULE_PERF) {
        m = bw_min > m ? bw_min : m;
        m = uclamp_min > m ? uclamp_min : m;
    }
    return m;
}

PGOV_CORE void pgov_sugov_core_decide(const struct pgov_sugov_params *prm, uint32_t rules,
                                      struct pgov_sugov_state *st, uint64_t now_ns,
                                      const struct pgov_sugov_input *in,
                                      const struct pgov_freq_table *table,
                                      struct pgov_sugov_result *res)
{
    PGOV_ASSERT(st->pending <= 1u && st->need_update <= 1u &&
                st->iowait_boost <= PGOV_SUGOV_CAP_SCALE);
    PGOV_ASSERT(!(in->flags & ~PGOV_UPDATE_ALL) && in->held <= 1u && in->capped <= 1u &&
                in->uclamp_min <= PGOV_SUGOV_CAP_SCALE && in->uclamp_max <= PGOV_SUGOV_CAP_SCALE);
    pgov_sugov_impl_result_clear(res);
    pgov_sugov_impl_boost_request(prm, &st->iowait_boost, &st->pending, &st->last_update_ns, now_ns,
                                  in->flags & PGOV_UPDATE_IOWAIT);
    res->boost_req = st->iowait_boost;
    res->pending_req = st->pending;
    /* More deadline bandwidth than at the last evaluation: no waiting for
     * the rate limit (and no hold), like a limits change; remote callbacks
     * too, which leave it pending. */
    if (in->bw_dl > st->bw_dl)
        st->need_update = 1;
    if (pgov_sugov_core_rate_limited(prm, in->flags, st->need_update, st->last_freq_update_ns,
                                     now_ns)) {
        res->path = PGOV_SUGOV_PATH_RATE_LIMITED;
        return;
    }
    st->bw_dl = pgov_sugov_core_dl_seen(rules, in->bw_dl, in->bw_min, in->uclamp_min);
    res->boost_util = pgov_sugov_impl_boost_apply(prm, &st->iowait_boost, &st->pending,
                                                  st->last_update_ns, now_ns);
    res->util_eff = pgov_sugov_core_perf(prm, rules, in->util, res->boost_util, in->uclamp_min,
                                         in->uclamp_max, in->bw_min);
    pgov_sugov_impl_evaluate(prm, rules, &st->last_freq_update_ns, &st->next_freq,
                             &st->cached_raw_freq, &st->need_update, now_ns, res->util_eff,
                             in->cur_khz, table, in->held && !in->capped, res);
}

/**
 * pgov_sugov_decide_shared() without its checks: one callback of CPU @p cpu
 * of a policy shared by @p ncpus CPUs (sugov_update_shared), on @p pol and
 * @p cpus in place.
 */
PGOV_CORE void pgov_sugov_core_decide_shared(const struct pgov_sugov_params *prm, uint32_t rules,
                                             struct pgov_sugov_policy *pol,
                                             struct pgov_sugov_cpu *cpus, uint32_t ncpus,
                                             uint32_t cpu, uint64_t now_ns, uint32_t flags,
                                             const struct pgov_freq_table *table,
                                             struct pgov_sugov_result *res)
{
    struct pgov_sugov_cpu *c = &cpus[cpu];
    uint32_t j, perf = 0;

    PGOV_ASSERT(cpu < ncpus && pol->need_update <= 1u && !(flags & ~PGOV_UPDATE_ALL));
    pgov_sugov_impl_result_clear(res);
    pgov_sugov_impl_boost_request(prm, &c->iowait_boost, &c->pending, &c->last_update_ns, now_ns,
                                  flags & PGOV_UPDATE_IOWAIT);
    res->boost_req = c->iowait_boost;
    res->pending_req = c->pending;
    if (c->bw_dl > c->bw_dl_seen) /* ignore_dl_rate_limit, as for one CPU */
        pol->need_update = 1;
    if (pgov_sugov_core_rate_limited(prm, flags, pol->need_update, pol->last_freq_update_ns,
                                     now_ns)) {
        res->path = PGOV_SUGOV_PATH_RATE_LIMITED;
        return;
    }
    /* sugov_next_freq_shared: the largest request over the policy. */
    for (j = 0; j < ncpus; j++) {
        struct pgov_sugov_cpu *o = &cpus[j];
        uint32_t bu, pj;

        /* Not yet the v6.8 floor as for one CPU (pgov_sugov_core_dl_seen):
         * the oracle's policies are single-CPU, the shared form unobserved. */
        o->bw_dl_seen = o->bw_dl; /* read with its utilization */
        bu = pgov_sugov_impl_boost_apply(prm, &o->iowait_boost, &o->pending, o->last_update_ns,
                                         now_ns);
        pj = pgov_sugov_core_perf(prm, rules, o->util, bu, o->uclamp_min, o->uclamp_max,
                                  o->bw_min);
        if (j == cpu)
            res->boost_util = bu;
        perf = pj > perf ? pj : perf;
    }
    res->util_eff = perf;
    pgov_sugov_impl_evaluate(prm, rules, &pol->last_freq_update_ns, &pol->next_freq,
                             &pol->cached_raw_freq, &pol->need_update, now_ns, perf,
                             pol->cur_khz ? pol->cur_khz : pol->next_freq, table, false, res);
    /* Fast switching: policy->cur follows each commit. */
    if (res->path == PGOV_SUGOV_PATH_COMMIT && pol->cur_khz)
        pol->cur_khz = res->next_f;
}

#endif /* PGOV_SUGOV_CORE_H */
