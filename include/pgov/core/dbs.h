/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/dbs.h
 * @brief Core tier of dbs.h: the ondemand/conservative evaluation
 *        (docs/spec/ondemand.md 3-6), `static inline`.
 *
 * The one implementation: lib/dbs.c (open loop, stores, limits) and
 * lib/dbs_gov.c (the HAL-bound instance) validate, then call it. An
 * embedder that runs the evaluation itself (a kernel's deferred work,
 * firmware) creates and starts the instance through the ABI (which checks
 * the configuration, tunables and limits: the core's preconditions), then
 * calls the core on the instance's parts:
 *
 *     struct pgov_dbs_core *c = pgov_dbs_core_of(g);
 *     struct pgov_dbs_core_mut *m = pgov_dbs_core_mut_of(g);
 *     struct pgov_dbs_core_cpu *cpu = pgov_dbs_core_cpus(g);
 *     c->snap_base = snaps; c->snap_stride = sizeof(snaps[0]);  (ncpu of them)
 *     pgov_dbs_core_eval_commit(c, cpu, m, &m->last);
 *     if (m->last.flags & PGOV_DBS_RES_CHG) set the driver to m->last.cur_khz;
 *
 * which is what pgov_dbs_evaluate() does after its checks. A caller that
 * must roll back (a failed driver call) computes the decision on a copy
 * of @c m and the CPUs' scratch fields with pgov_dbs_core_eval(), and
 * takes it with pgov_dbs_core_commit() or drops it. The layouts are those of
 * the structs below: not ABI, same-release only. Names
 * `pgov_dbs_impl_*` are steps of the cores, not for callers.
 */
#ifndef PGOV_DBS_CORE_H
#define PGOV_DBS_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../embed.h"
#include "../dbs.h"
#include "freq_table.h"
#include "math64.h"

/*
 * ---------------------------------------------------------------- the core's state
 * The state the evaluation core works on, and the
 * instance's compile-time size. These layouts are NOT ABI: they change
 * between releases, and only code compiled against the headers of the
 * library it links (lib/ built from the same sources) may touch them. The
 * exported functions never take them; for the ABI an instance stays opaque.
 */

/** @brief One CPU of a policy: the estimator's memory and the scratch of
 *         the evaluation in progress. */
struct pgov_dbs_core_cpu {
    uint64_t prev_idle; /**< governor idle counter at the last sample, us */
    uint64_t prev_wall; /**< wall stamp of the last sample, us */
    uint64_t prev_nice; /**< nice counter at the last sample, ns */
    uint32_t cpu;       /**< CPU id */
    uint32_t prev_load; /**< "previous load" memory (0 = none) */
    uint32_t load;      /**< load of the last normal evaluation */
    uint32_t new_prev_load; /**< scratch: prev_load once committed */
    uint32_t new_load;      /**< scratch: load once committed */
    uint32_t pad;           /**< 0 */
    uint64_t new_idle;      /**< scratch: prev_idle once committed */
    struct pgov_hw_idle snap; /**< the HAL-bound instance's counter read */
};

/** @brief Everything an evaluation, a limits step or a store may change. */
struct pgov_dbs_core_mut {
    uint32_t pmin;             /**< policy->min */
    uint32_t pmax;             /**< policy->max */
    uint32_t cur;              /**< policy->cur */
    uint32_t rate_mult;        /**< od sample stretch */
    uint32_t requested_freq;   /**< cs requested_freq */
    uint32_t down_skip;        /**< cs down_skip */
    uint32_t freq_lo;          /**< od powersave low frequency */
    uint32_t freq_hi_delay_us; /**< od delay after the high part */
    uint32_t freq_lo_delay_us; /**< od delay after the low part */
    uint32_t sample_type;      /**< ::pgov_dbs_sample_type */
    /** Derived from the tunables (pgov_dbs_core_tun_derived()): 1 when
     *  the governor's idle counter adds iowait, else 0. */
    uint32_t add_iowait;
    uint64_t last_sample;      /**< hook time of the last evaluation, ns */
    int64_t sample_delay;      /**< ns before the next evaluation */
    uint64_t evaluations;      /**< evaluations run */
    struct pgov_dbs_tunables tun;  /**< tunables in force */
    struct pgov_dbs_result last;   /**< the last call's decision */
};

/** @brief A policy's constants (set at init) and the call's counter
 *         snapshots: what the evaluation reads but never changes. */
struct pgov_dbs_core {
    uint32_t gov;         /**< ::pgov_dbs_gov */
    uint32_t variant;     /**< ::pgov_dbs_variant */
    uint32_t ncpu;        /**< CPUs in the policy */
    uint32_t cpuinfo_min; /**< hardware minimum, kHz */
    uint32_t cpuinfo_max; /**< hardware maximum, kHz */
    uint8_t no_nohz;      /**< tick-based idle accounting */
    uint8_t kver_6_18;    /**< the v6.18 profile */
    uint8_t idle_rules;   /**< long idle and idle periods on the idle delta (5.0+) */
    uint8_t efficient;    /**< E relations, resolve before "is it a change" (5.16+) */
    /** cs: 1 = no early exit at max or min, down step floored at min
     *  (6.1.178+, 6.12.97+, 7.2+); 2 = that and the idle-period decrement
     *  gated on the fresh loads (6.12.117+, 7.3+); 0 = neither. */
    uint8_t cs_min_floor;
    uint8_t cs_limits_reset; /**< cs: requested_freq = cur on a limits change (6.1.168+, 6.12.80+, 7.0+) */
    uint8_t has_table;    /**< the driver has a frequency table */
    /** The table is plain ascending (pgov_freq_table_core_plain_asc()) of
     *  at most ::PGOV_FREQ_TABLE_INDEX_MAX entries (set at init): requests
     *  take pgov_freq_table_core_asc() with table_index. */
    uint8_t table_asc;
    /** Stride in bytes of the snapshot array of the call in progress. */
    uint32_t snap_stride;
    /** CPU i's counters of the call in progress are at snap_base + i * snap_stride. */
    const struct pgov_hw_idle *snap_base;
    struct pgov_freq_table table; /**< the driver's table (has_table) */
    /** The table's search index (table_asc; built at init). */
    struct pgov_freq_table_index table_index;
};

/**
 * @brief An instance's fixed part as the compiler lays it out: the
 *        instance's own bookkeeping, then the core's state (lib/dbs.c
 *        asserts that it mirrors the real instance). Not to be touched;
 *        the functions below reach the core's parts through it.
 */
struct pgov_dbs_storage_head {
    uint32_t opaque_u32[4];            /**< not to be touched */
    uint8_t opaque_u8[8];              /**< not to be touched */
    struct pgov_dbs_core core;         /**< the evaluation's constants */
    struct pgov_dbs_core_mut mut;      /**< the evaluation's state */
    struct pgov_hw_storage opaque_hw;  /**< not to be touched */
    void (*opaque_fn)(void);           /**< not to be touched */
};

/**
 * Bytes of an instance for @p ncpu CPUs (1 .. ::PGOV_DBS_MAX_CPUS) as a
 * constant expression: pgov_dbs_size_cpus(ncpu) of this build (of its
 * `PGOV_HW_OPS_BY_REF`). With ::PGOV_DBS_ALIGN, static or per-CPU storage:
 * `static PGOV_ALIGN8 unsigned char mem[PGOV_DBS_SIZE(4)];`
 */
#define PGOV_DBS_SIZE(ncpu)                                                                        \
    (sizeof(struct pgov_dbs_storage_head) + (size_t)(ncpu) * sizeof(struct pgov_dbs_core_cpu))

/* ---------------------------------------------------------------- the instance's parts */

/** The policy constants and snapshot cursor of an instance. */
PGOV_CORE struct pgov_dbs_core *pgov_dbs_core_of(struct pgov_dbs *g)
{
    return &((struct pgov_dbs_storage_head *)(void *)g)->core;
}

/** The mutable governor state of an instance. */
PGOV_CORE struct pgov_dbs_core_mut *pgov_dbs_core_mut_of(struct pgov_dbs *g)
{
    return &((struct pgov_dbs_storage_head *)(void *)g)->mut;
}

/** The per-CPU array of an instance (pgov_dbs_core_of(g)->ncpu entries). */
PGOV_CORE struct pgov_dbs_core_cpu *pgov_dbs_core_cpus(struct pgov_dbs *g)
{
    return (struct pgov_dbs_core_cpu *)(void *)((unsigned char *)g +
                                                sizeof(struct pgov_dbs_storage_head));
}

/* ---------------------------------------------------------------- common */

/** CPU @p i's counter snapshot of the call in progress. */
PGOV_CORE const struct pgov_hw_idle *pgov_dbs_core_snap(const struct pgov_dbs_core *c, uint32_t i)
{
    return (const struct pgov_hw_idle *)(const void *)((const unsigned char *)c->snap_base +
                                                       (size_t)i * c->snap_stride);
}

/** The hook gate (docs/spec/ondemand.md 3.1): a u64 difference compared as s64. */
PGOV_CORE bool pgov_dbs_core_due(const struct pgov_dbs_core_mut *m, uint64_t now)
{
    return pgov_u2s64(now - m->last_sample) >= m->sample_delay;
}

/**
 * Refresh what @p m derives from its tunables (the ABI's init and stores
 * call it after every change): whether the governor's idle counter
 * (docs/spec/ondemand.md 3.2) adds iowait. Tick accounting already folds
 * iowait into idle_us; ondemand's io_is_busy counts it as busy.
 */
PGOV_CORE void pgov_dbs_core_tun_derived(const struct pgov_dbs_core *c,
                                         struct pgov_dbs_core_mut *m)
{
    bool busy = c->no_nohz || (c->gov == PGOV_DBS_ONDEMAND && m->tun.io_is_busy);

    m->add_iowait = busy ? 0u : 1u;
}

/** The governor's idle counter (docs/spec/ondemand.md 3.2). */
PGOV_CORE uint64_t pgov_dbs_core_idle(const struct pgov_dbs_core *c,
                                      const struct pgov_dbs_core_mut *m,
                                      const struct pgov_hw_idle *s)
{
    (void)c;
    return m->add_iowait ? s->idle_us + s->iowait_us : s->idle_us;
}

/** What pgov_dbs_core_baseline() does besides taking each CPU's new baseline. */
enum pgov_dbs_core_base {
    PGOV_DBS_CORE_BASE_START,  /**< governor start: loads cleared */
    PGOV_DBS_CORE_BASE_REBASE, /**< a store's rebase: loads kept */
    PGOV_DBS_CORE_BASE_COMMIT  /**< an evaluation's commit: its idle and loads taken */
};

/**
 * The one per-CPU baseline loop (docs/spec/ondemand.md 2.3): each CPU's
 * idle, wall and nice counters from its snapshot, and its loads as @p how
 * says. @p how is a constant in every caller, so each gets its own copy.
 */
PGOV_CORE void pgov_dbs_core_baseline(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                      const struct pgov_dbs_core_mut *m,
                                      enum pgov_dbs_core_base how)
{
    uint32_t i;

    for (i = 0; i < c->ncpu; i++) {
        struct pgov_dbs_core_cpu *p = &cpu[i];
        const struct pgov_hw_idle *s = pgov_dbs_core_snap(c, i);

        p->prev_idle = how == PGOV_DBS_CORE_BASE_COMMIT ? p->new_idle : pgov_dbs_core_idle(c, m, s);
        p->prev_wall = s->wall_us;
        if (m->tun.ignore_nice_load)
            p->prev_nice = s->nice_ns;
        if (how == PGOV_DBS_CORE_BASE_COMMIT) {
            p->prev_load = p->new_prev_load;
            p->load = p->new_load;
        } else if (how == PGOV_DBS_CORE_BASE_START) {
            p->prev_load = 0;
            p->load = 0;
        }
    }
}

/** Take an evaluation's per-CPU results (after PGOV_DBS_RES_EVAL). */
PGOV_CORE void pgov_dbs_core_commit(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                    const struct pgov_dbs_core_mut *m)
{
    pgov_dbs_core_baseline(c, cpu, m, PGOV_DBS_CORE_BASE_COMMIT);
}

/** A result that says nothing happened, with `policy->cur` = @p cur. */
PGOV_CORE void pgov_dbs_core_result_clear(struct pgov_dbs_result *r, uint32_t cur)
{
    r->flags = 0;
    r->load = 0;
    r->idle_periods = PGOV_DBS_NONE;
    r->fnext = 0;
    r->req_khz = 0;
    r->rel = 0;
    r->cur_khz = cur;
    r->index = PGOV_DBS_NONE;
    r->delay_us = 0;
    r->reserved = 0;
}

/* @rel with the "efficient" flag where the profile has it (5.16+). */
PGOV_CORE uint32_t pgov_dbs_impl_rel(const struct pgov_dbs_core *c, uint32_t rel)
{
    return c->efficient ? rel | PGOV_REL_E : rel;
}

/** The core's request (docs/spec/ondemand.md 6.0): clamp, resolve, "is it a change". */
PGOV_CORE void pgov_dbs_core_request(const struct pgov_dbs_core *c, struct pgov_dbs_core_mut *m,
                                     struct pgov_dbs_result *r, uint32_t target, uint32_t rel)
{
    uint32_t t, i = PGOV_DBS_NONE;

    r->flags |= PGOV_DBS_RES_REQ;
    r->req_khz = target;
    r->rel = rel;
    t = target < m->pmin ? m->pmin : (target > m->pmax ? m->pmax : target);
    if (!c->efficient && t == m->cur)
        return;
    if (c->table_asc) {
        /* t is inside [pmin, pmax] already, which is what the general
         * search would clamp it to. */
        i = pgov_freq_table_core_asc(&c->table, &c->table_index, t, rel);
        t = c->table.entries[i].khz;
    } else if (c->has_table) {
        bool warn = false;

        i = pgov_freq_table_core_target(&c->table, m->pmin, m->pmax, t, rel, &warn);
        t = c->table.entries[i].khz;
        if (pgov_unlikely(warn))
            r->flags |= PGOV_DBS_RES_WARN;
    }
    if (t == m->cur)
        return;
    m->cur = t;
    r->flags |= PGOV_DBS_RES_CHG;
    r->index = i;
    r->cur_khz = t;
}

/* Out-of-line copy of the request for the rare paths (limits, the up
 * path, conservative, sub-samples). */
PGOV_CORE_OUTLINE void pgov_dbs_impl_request(const struct pgov_dbs_core *c,
                                             struct pgov_dbs_core_mut *m,
                                             struct pgov_dbs_result *r, uint32_t target,
                                             uint32_t rel)
{
    pgov_dbs_core_request(c, m, r, target, rel);
}

/** The limits step (docs/spec/ondemand.md 3.5), after new policy limits. */
PGOV_CORE void pgov_dbs_core_limits(const struct pgov_dbs_core *c, struct pgov_dbs_core_mut *m,
                                    struct pgov_dbs_result *r)
{
    if (m->pmax < m->cur)
        pgov_dbs_impl_request(c, m, r, m->pmax, pgov_dbs_impl_rel(c, PGOV_REL_H));
    else if (m->pmin > m->cur)
        pgov_dbs_impl_request(c, m, r, m->pmin, pgov_dbs_impl_rel(c, PGOV_REL_L));
    /* Before the clamp or after it gives the same next decision: a
     * requested_freq outside the new limits is reset to cur at evaluation. */
    if (c->cs_limits_reset)
        m->requested_freq = m->cur;
    m->sample_delay = 0;
    r->delay_us = 0;
}

/* ---------------------------------------------------------------- load */

/**
 * Load of every CPU (docs/spec/ondemand.md 3.3) into the scratch fields
 * (@p in_place: straight into the CPU's baseline, what
 * pgov_dbs_core_commit() would take from them), the policy maximum as
 * return value and the idle periods (docs/spec/ondemand.md 3.4) in
 * *@p idle_periods. @p in_place is a constant in every caller.
 */
PGOV_CORE uint32_t pgov_dbs_impl_load(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                      const struct pgov_dbs_core_mut *m, uint32_t *idle_periods,
                                      uint32_t *max_sample, bool in_place);

PGOV_CORE uint32_t pgov_dbs_core_load(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                      const struct pgov_dbs_core_mut *m, uint32_t *idle_periods,
                                      bool in_place)
{
    return pgov_dbs_impl_load(c, cpu, m, idle_periods, NULL, in_place);
}

/**
 * pgov_dbs_core_load() that also yields, in *@p max_sample (when not
 * NULL), the policy maximum of the freshly measured loads, also where the
 * long-idle rule reuses the previous one (7.3's `max_sample_load`,
 * docs/spec/delta-7.3.md 1.5; the previous load when no time passed).
 */
PGOV_CORE uint32_t pgov_dbs_impl_load(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                      const struct pgov_dbs_core_mut *m, uint32_t *idle_periods,
                                      uint32_t *max_sample, bool in_place)
{
    uint32_t s = m->tun.sampling_rate * m->rate_mult;
    uint32_t s2 = 2u * s, max = 0, ip = PGOV_DBS_NONE, i;

    PGOV_ASSERT(s != 0); /* the stores refuse a zero period (PGOV_EDOM) */
    for (i = 0; i < c->ncpu; i++) {
        struct pgov_dbs_core_cpu *p = &cpu[i];
        const struct pgov_hw_idle *sn = pgov_dbs_core_snap(c, i);
        uint64_t idle = pgov_dbs_core_idle(c, m, sn);
        uint32_t te = (uint32_t)(sn->wall_us - p->prev_wall), it, load, prev = p->prev_load;
        bool longidle;

        /* v6.18 counts an idle counter that went backwards as no idle. */
        it = (uint32_t)(idle - p->prev_idle);
        if (pgov_unlikely(idle < p->prev_idle) && c->kver_6_18)
            it = 0;
        if (pgov_unlikely(m->tun.ignore_nice_load)) {
            it += (uint32_t)pgov_div_u64_u32(sn->nice_ns - p->prev_nice, 1000u);
            if (in_place)
                p->prev_nice = sn->nice_ns;
        }

        /* 5.0+: idle time decides (5.0 .. 6.9 on the wrapped delta). */
        longidle = c->idle_rules ? it > s2 : te > s2;
        if (pgov_unlikely(longidle)) {
            uint32_t n = (c->idle_rules ? it : te) / s;

            if (n < ip)
                ip = n;
        }
        if (max_sample) {
            uint32_t sl = te == 0 ? prev : te > it ? (100u * (te - it)) / te : 0u;

            if (sl > *max_sample)
                *max_sample = sl;
        }
        if (pgov_unlikely(te == 0)) {
            load = prev;
        } else if (pgov_unlikely(longidle && prev)) {
            load = prev;
            prev = 0; /* reuse once */
        } else {
            /* te == it is 0 in both forms; only v4.17 reads an idle
             * delta above the wall delta with bit 31 set as 100. */
            if (te > it)
                load = (100u * (te - it)) / te;
            else
                load = !c->kver_6_18 && te != it && pgov_s32(it) < 0 ? 100u : 0u;
            prev = load;
        }
        if (in_place) {
            p->prev_idle = idle;
            p->prev_wall = sn->wall_us;
            p->prev_load = prev;
            p->load = load;
        } else {
            p->new_idle = idle;
            p->new_load = load;
            p->new_prev_load = prev;
        }
        if (load > max)
            max = load;
    }
    *idle_periods = ip;
    return max;
}

/* ---------------------------------------------------------------- ondemand */

/* Sorted search used by the bias split: E skips flags without a retry. */
PGOV_CORE_OUTLINE uint32_t pgov_dbs_impl_bias_search(const struct pgov_dbs_core *c,
                                                     const struct pgov_dbs_core_mut *m,
                                                     uint32_t f, uint32_t rel)
{
    uint32_t i;

    /* The kernel only has ascending and "other" searches: the sorted walk
     * treats an unsorted table as if it were descending, like the kernel. */
    f = f < m->pmin ? m->pmin : (f > m->pmax ? m->pmax : f);
    i = pgov_freq_table_core_sorted(&c->table, f, rel, c->efficient);
    /* Every valid entry flagged: the kernel would index -1; use the plain search. */
    if (i == PGOV_FREQ_TABLE_CORE_NONE)
        i = pgov_freq_table_core_sorted(&c->table, f, rel, false);
    return c->table.entries[i].khz;
}

/* powersave_bias target (docs/spec/ondemand.md 4.3). */
PGOV_CORE_OUTLINE uint32_t pgov_dbs_impl_od_bias(const struct pgov_dbs_core *c,
                                                 struct pgov_dbs_core_mut *m, uint32_t f,
                                                 uint32_t rel)
{
    uint32_t req, avg, lo, hi, d, sr = m->tun.sampling_rate;
    bool warn = false;

    if (!c->has_table) {
        m->freq_lo = 0;
        m->freq_lo_delay_us = 0;
        return f;
    }
    req = c->table.entries[pgov_freq_table_core_target(&c->table, m->pmin, m->pmax, f, rel, &warn)]
              .khz;
    avg = req - (req * m->tun.powersave_bias) / 1000u;
    lo = pgov_dbs_impl_bias_search(c, m, avg, PGOV_REL_H);
    hi = pgov_dbs_impl_bias_search(c, m, avg, PGOV_REL_L);
    if (hi == lo) {
        m->freq_lo = 0;
        m->freq_lo_delay_us = 0;
        return lo;
    }
    d = (avg - lo) * sr;
    d += (hi - lo) / 2u;
    d /= hi - lo;
    m->freq_hi_delay_us = d;
    m->freq_lo = lo;
    m->freq_lo_delay_us = sr - d;
    return hi;
}

/* ondemand's normal evaluation (docs/spec/ondemand.md 4.1, 4.2, 4.6);
 * true when the powersave bias ran (only it sets freq_lo). */
PGOV_CORE bool pgov_dbs_impl_od_update(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                       struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r,
                                       bool in_place)
{
    uint32_t load = pgov_dbs_core_load(c, cpu, m, &r->idle_periods, in_place), f;

    r->flags |= PGOV_DBS_RES_EVAL | PGOV_DBS_RES_FNEXT;
    r->load = load;
    m->freq_lo = 0;
    if (load > m->tun.up_threshold) {
        if (m->cur < m->pmax)
            m->rate_mult = m->tun.sampling_down_factor;
        r->fnext = m->pmax;
        if (m->tun.powersave_bias) {
            f = pgov_dbs_impl_od_bias(c, m, m->pmax, pgov_dbs_impl_rel(c, PGOV_REL_H));
            pgov_dbs_impl_request(c, m, r, f, pgov_dbs_impl_rel(c, PGOV_REL_L));
            return true;
        }
        if (m->cur != m->pmax)
            pgov_dbs_impl_request(c, m, r, m->pmax, pgov_dbs_impl_rel(c, PGOV_REL_H));
        return false;
    }
    if (c->variant != PGOV_DBS_VARIANT_NONE) { /* the "v4.17+db" deadband variant */
        f = (load * c->cpuinfo_max) / 100u;
        r->fnext = f;
        m->rate_mult = 1;
        if (m->tun.powersave_bias)
            f = pgov_dbs_impl_od_bias(c, m, f, PGOV_REL_L);
        pgov_dbs_impl_request(c, m, r, f, PGOV_REL_L);
        return m->tun.powersave_bias != 0;
    }
    f = c->cpuinfo_min + (load * (c->cpuinfo_max - c->cpuinfo_min)) / 100u;
    r->fnext = f;
    m->rate_mult = 1;
    if (m->tun.powersave_bias) {
        f = pgov_dbs_impl_od_bias(c, m, f, pgov_dbs_impl_rel(c, PGOV_REL_L));
        pgov_dbs_impl_request(c, m, r, f, pgov_dbs_impl_rel(c, PGOV_REL_C));
        return true;
    }
    /* The proportional step is the common path: the request inline here. */
    pgov_dbs_core_request(c, m, r, f, pgov_dbs_impl_rel(c, PGOV_REL_C));
    return false;
}

/** ondemand evaluation (docs/spec/ondemand.md 4.1); returns the next delay
 *  in us. @p in_place: as for pgov_dbs_core_load(). */
PGOV_CORE uint32_t pgov_dbs_core_od_eval(const struct pgov_dbs_core *c,
                                         struct pgov_dbs_core_cpu *cpu,
                                         struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r,
                                         bool in_place)
{
    uint32_t st = m->sample_type;

    m->sample_type = PGOV_DBS_SAMPLE_NORMAL;
    if (st == PGOV_DBS_SAMPLE_SUB && m->sample_delay > 0) {
        r->flags |= PGOV_DBS_RES_SUB;
        pgov_dbs_impl_request(c, m, r, m->freq_lo, pgov_dbs_impl_rel(c, PGOV_REL_H));
        return m->freq_lo_delay_us;
    }
    if (pgov_dbs_impl_od_update(c, cpu, m, r, in_place) && m->freq_lo) {
        m->sample_type = PGOV_DBS_SAMPLE_SUB;
        return m->freq_hi_delay_us;
    }
    return m->tun.sampling_rate * m->rate_mult;
}

/* ---------------------------------------------------------------- conservative */

/** conservative evaluation (docs/spec/ondemand.md 5); returns the next
 *  delay in us. @p in_place: as for pgov_dbs_core_load(). */
PGOV_CORE uint32_t pgov_dbs_core_cs_eval(const struct pgov_dbs_core *c,
                                         struct pgov_dbs_core_cpu *cpu,
                                         struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r,
                                         bool in_place)
{
    uint32_t rq = m->requested_freq, load, ip, step, sr = m->tun.sampling_rate, smax = 0;

    /* 7.3 (6.12.117): the idle-period decrement waits for a window whose
     * fresh loads all stayed under down_threshold (docs/spec/delta-7.3.md 1.5). */
    load = pgov_dbs_impl_load(c, cpu, m, &ip, c->cs_min_floor > 1 ? &smax : NULL, in_place);
    r->flags |= PGOV_DBS_RES_EVAL;
    r->load = load;
    r->idle_periods = ip;
    if (m->tun.freq_step == 0)
        return sr;
    if (rq > m->pmax || rq < m->pmin) {
        rq = m->cur;
        if (c->idle_rules)
            m->requested_freq = rq;
    }
    step = (m->tun.freq_step * m->pmax) / 100u;
    if (step == 0)
        step = 5; /* kHz, as in the kernel */
    if (ip != PGOV_DBS_NONE && (c->cs_min_floor < 2u || smax < m->tun.down_threshold)) {
        uint32_t steps = ip * step;

        if (c->idle_rules)
            rq = rq > m->pmin + steps ? rq - steps : m->pmin;
        else
            rq = rq > steps ? rq - steps : m->pmin;
    }
    if (load > m->tun.up_threshold) {
        m->down_skip = 0;
        /* 7.2 (6.1.178, 6.12.97): no early exit at the maximum either. */
        if (rq == m->pmax && !c->cs_min_floor)
            return sr;
        rq += step;
        if (rq > m->pmax)
            rq = m->pmax;
        r->flags |= PGOV_DBS_RES_FNEXT;
        r->fnext = rq;
        pgov_dbs_impl_request(c, m, r, rq, pgov_dbs_impl_rel(c, PGOV_REL_H));
        m->requested_freq = rq;
        return sr;
    }
    if (++m->down_skip < m->tun.sampling_down_factor)
        return sr;
    m->down_skip = 0;
    if (load < m->tun.down_threshold) {
        /* From 6.1.178 / 6.12.97 / 7.2 (dbs.h) there is no early exit and
         * the step stops at policy->min; at the minimum the request
         * changes nothing. */
        if (c->cs_min_floor)
            rq = rq > m->pmin + step ? rq - step : m->pmin;
        else if (rq == m->pmin)
            return sr;
        else
            rq = rq > step ? rq - step : m->pmin;
        r->flags |= PGOV_DBS_RES_FNEXT;
        r->fnext = rq;
        pgov_dbs_impl_request(c, m, r, rq, pgov_dbs_impl_rel(c, PGOV_REL_L));
        m->requested_freq = rq;
    }
    return sr;
}

/* ---------------------------------------------------------------- evaluation */

/* The one evaluation; @p in_place (a constant) as for pgov_dbs_core_load(). */
PGOV_CORE void pgov_dbs_impl_eval(const struct pgov_dbs_core *PGOV_RESTRICT c,
                                  struct pgov_dbs_core_cpu *PGOV_RESTRICT cpu,
                                  struct pgov_dbs_core_mut *PGOV_RESTRICT m,
                                  struct pgov_dbs_result *PGOV_RESTRICT r, bool in_place)
{
    uint32_t delay;

    PGOV_ASSERT(c->snap_base != NULL && c->ncpu >= 1u && c->ncpu <= PGOV_DBS_MAX_CPUS);
    pgov_dbs_core_result_clear(r, m->cur);
    if (c->gov == PGOV_DBS_ONDEMAND)
        delay = pgov_dbs_core_od_eval(c, cpu, m, r, in_place);
    else
        delay = pgov_dbs_core_cs_eval(c, cpu, m, r, in_place);
    /* LP64 kernels widen before multiplying: no wrap. */
    m->sample_delay = (int64_t)((uint64_t)delay * 1000u);
    m->evaluations++;
    r->delay_us = delay;
    r->cur_khz = m->cur;
}

/**
 * One evaluation (docs/spec/ondemand.md 3.5 "dbs_work"): on the snapshots
 * at `c->snap_base`, into @p m, the CPUs' scratch fields and @p r (which
 * may be `&m->last`); pgov_dbs_core_commit() takes the CPUs' part after
 * PGOV_DBS_RES_EVAL. Preconditions: the instance was set up and started
 * by the ABI; `c->snap_base` holds `c->ncpu` snapshots.
 */
PGOV_CORE void pgov_dbs_core_eval(const struct pgov_dbs_core *c, struct pgov_dbs_core_cpu *cpu,
                                  struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r)
{
    pgov_dbs_impl_eval(c, cpu, m, r, false);
}

/**
 * pgov_dbs_core_eval() and pgov_dbs_core_commit() in one pass over the
 * CPUs, for a caller that never rolls back (no driver call that can fail
 * between them: the open loop, a kernel's deferred work): the same state
 * and result, the CPUs' baselines written as each load is measured.
 */
PGOV_CORE void pgov_dbs_core_eval_commit(const struct pgov_dbs_core *c,
                                         struct pgov_dbs_core_cpu *cpu,
                                         struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r)
{
    pgov_dbs_impl_eval(c, cpu, m, r, true);
}

#endif /* PGOV_DBS_CORE_H */
