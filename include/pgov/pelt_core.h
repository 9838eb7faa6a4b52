/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file pelt_core.h
 * @brief PELT core tier: the `static inline` arithmetic behind pelt.h.
 *
 * The exported functions of pelt.h validate their arguments and call these;
 * an embedder that keeps its signals valid calls them directly (see
 * docs/architecture.md, "Two tiers"). Preconditions of every core function
 * taking a signal: it was set up by pgov_pelt_init() / pgov_pelt_init_task()
 * (or pgov_pelt_core_init()) and only written by the library since, that is
 * `halflife` is 0, 8, 16 or 32, `period_contrib` < 1024, `reserved` 0.
 * They are checked with PGOV_ASSERT only (embed.h).
 *
 * Speed notes. One update decays three sums and two segment terms by the
 * same period count, so the shift and the table entry are computed once and
 * shared (the kernel calls decay_load five times). The no-boundary case, by
 * far the most common, touches no table. Products with 0/1 arguments are
 * added unconditionally: adding `0 * contrib` is what skipping would give.
 * Crossing updates fold the inputs into their increments before touching the
 * sums and compute each average right after its sum, so few values are live
 * at once; idle signals (load 0) take a copy with constant inputs; from 512
 * periods on the segment decays are known zeros. The mainline crossing paths
 * stay out of line (PGOV_NOINLINE), so the common path saves no registers.
 *
 * Remote readers (another CPU, without the owner's lock) read `util_avg`
 * with pgov_pelt_core_util() and `last_update_time` with
 * pgov_pelt_core_lut_read(); the updates store both with PGOV_WRITE_ONCE.
 *
 * Names `pgov_pelt_impl_*` are steps of the cores, not for callers.
 */
#ifndef PGOV_PELT_CORE_H
#define PGOV_PELT_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "embed.h"
#include "math64_core.h"
#include "pelt.h"

/*
 * Constant tables (docs/spec/sched.md 1.2, 1.3, 1.10): literals, as the
 * kernel ships them (their generator uses floating point, which the library
 * must not); tests/test_pelt.c re-derives every entry.
 *
 * pgov_pelt_y32[i] ~ (2^32 - 1) * y^i with y^32 = 1/2 (mainline, every
 * kernel from v3.x to v6.18). Android's half-life 16 and 8 tables are the
 * even and every-fourth entries of this table (as Android's generated
 * headers carry them), so they are read from it with a stride.
 */
static const uint32_t pgov_pelt_y32[32] = {
    0xffffffffu, 0xfa83b2dau, 0xf5257d14u, 0xefe4b99au, 0xeac0c6e6u, 0xe5b906e6u, 0xe0ccdeebu,
    0xdbfbb796u, 0xd744fcc9u, 0xd2a81d91u, 0xce248c14u, 0xc9b9bd85u, 0xc5672a10u, 0xc12c4cc9u,
    0xbd08a39eu, 0xb8fbaf46u, 0xb504f333u, 0xb123f581u, 0xad583ee9u, 0xa9a15ab4u, 0xa5fed6a9u,
    0xa2704302u, 0x9ef5325fu, 0x9b8d39b9u, 0x9837f050u, 0x94f4efa8u, 0x91c3d373u, 0x8ea4398au,
    0x8b95c1e3u, 0x88980e80u, 0x85aac367u, 0x82cd8698u,
};

/*
 * pgov_pelt_tail32[n] = (u32)(47742 - decay(47742, n) - 1024) for n < 32:
 * the middle segment when no halving shift applies, so the common
 * one-to-31-period update needs no multiply for it. Entry 0 is the u32 wrap
 * of -1023 (segments with periods 0, never used by an update).
 */
static const uint32_t pgov_pelt_tail32[32] = {
    0xfffffc01u, 0, 1001, 1980, 2939, 3877, 4795, 5693, 6572, 7433, 8274,
    9098, 9904, 10693, 11465, 12221, 12960, 13683, 14391, 15084, 15762, 16425,
    17074, 17709, 18331, 18939, 19534, 20117, 20687, 21245, 21791, 22325,
};

/** One half-life's parameters (pgov_pelt_core_hl()). */
struct pgov_pelt_hl {
    uint32_t period; /**< LOAD_AVG_PERIOD: half-life in periods (32, 16, 8) */
    uint32_t shift;  /**< log2(period) */
    uint32_t max;    /**< LOAD_AVG_MAX */
    uint32_t cutoff; /**< decay to 0 beyond period * 63 periods */
};

/** Whether @p halflife is a supported ::pgov_pelt_halflife. */
PGOV_CORE bool pgov_pelt_core_hl_ok(uint32_t halflife)
{
    return halflife == 0 || halflife == 32 || halflife == 16 || halflife == 8;
}

/** Parameters of a supported half-life (0 = 32). */
PGOV_CORE struct pgov_pelt_hl pgov_pelt_core_hl(uint32_t halflife)
{
    struct pgov_pelt_hl h = {32, 5, PGOV_PELT_LOAD_AVG_MAX, 32 * 63};
    PGOV_ASSERT(pgov_pelt_core_hl_ok(halflife));
    if (halflife == 16) {
        h.period = 16;
        h.shift = 4;
        h.max = PGOV_PELT_LOAD_AVG_MAX_HL16;
        h.cutoff = 16 * 63;
    } else if (halflife == 8) {
        h.period = 8;
        h.shift = 3;
        h.max = PGOV_PELT_LOAD_AVG_MAX_HL8;
        h.cutoff = 8 * 63;
    }
    return h;
}

/** Inverse table entry `y^i` of half-life @p h, i < h->period. */
PGOV_CORE uint32_t pgov_pelt_impl_y(const struct pgov_pelt_hl *h, uint64_t i)
{
    return pgov_pelt_y32[(uint32_t)i << (5 - h->shift)];
}

/** `val * y^n`, half-life 32 (pgov_pelt_decay()). */
PGOV_CORE uint64_t pgov_pelt_core_decay(uint64_t val, uint64_t n)
{
    uint64_t q = n >> 5;
    /* One range test, on the shift itself: from the cut-off (2016) up to
     * 2047 periods q is 63, val >> 63 is at most 1 and the product with a
     * factor below 2^32 shifts to 0 anyway, as the kernel's cut-off gives;
     * from 2048 on the shift would be undefined. */
    if (pgov_unlikely(q > 63))
        return 0;
    return pgov_mulshr32(val >> q, pgov_pelt_y32[n & 31]);
}

/** `val * y^n` for half-life @p h (pgov_pelt_decay_hl()). */
PGOV_CORE uint64_t pgov_pelt_core_decay_hl(const struct pgov_pelt_hl *h, uint64_t val, uint64_t n)
{
    if (n > h->cutoff)
        return 0;
    return pgov_mulshr32(val >> (n >> h->shift), pgov_pelt_impl_y(h, n & (h->period - 1)));
}

/** Contribution of an update crossing a boundary (pgov_pelt_segments_hl()). */
PGOV_CORE uint32_t pgov_pelt_core_segments_hl(const struct pgov_pelt_hl *h, uint64_t periods,
                                              uint32_t d1, uint32_t d3)
{
    uint32_t c1 = (uint32_t)pgov_pelt_core_decay_hl(h, d1, periods);
    uint32_t c2 =
        h->max - (uint32_t)pgov_pelt_core_decay_hl(h, h->max, periods) - PGOV_PELT_PERIOD_UNITS;
    return c1 + c2 + d3;
}

/** The averages' divider at the signal's position (pgov_pelt_divider()). */
PGOV_CORE uint32_t pgov_pelt_core_divider_hl(const struct pgov_pelt_hl *h,
                                             const struct pgov_pelt_avg *sa)
{
    return h->max - PGOV_PELT_PERIOD_UNITS + sa->period_contrib;
}

/** Start a signal (pgov_pelt_init()); @p halflife must be supported. */
PGOV_CORE void pgov_pelt_core_init(struct pgov_pelt_avg *sa, uint64_t now, uint32_t halflife)
{
    PGOV_ASSERT(pgov_pelt_core_hl_ok(halflife));
    /* Field by field: a struct assignment may become a memcpy call on
     * small targets, and lib/ links against nothing but libgcc. */
    sa->last_update_time = now;
    sa->load_sum = 0;
    sa->runnable_sum = 0;
    sa->util_sum = 0;
    sa->period_contrib = 0;
    sa->load_avg = 0;
    sa->runnable_avg = 0;
    sa->util_avg = 0;
    sa->halflife = halflife;
    sa->reserved = 0;
}

/** The invariants every core function relies on. */
#define PGOV_PELT_CORE_VALID(sa)                                                                   \
    (pgov_pelt_core_hl_ok((sa)->halflife) && (sa)->period_contrib < PGOV_PELT_PERIOD_UNITS &&     \
     (sa)->reserved == 0)

/* Add one update's contribution (accumulate_sum step 5). With load 0 the
 * kernel skips the first two; adding the zero products is the same. */
PGOV_CORE void pgov_pelt_impl_add_contrib(struct pgov_pelt_avg *sa, uint32_t contrib,
                                          uint64_t load, uint64_t runnable, uint32_t running)
{
    sa->load_sum += load * contrib;
    sa->runnable_sum += (runnable * contrib) << 10;
    if (running)
        sa->util_sum += contrib << 10;
}

/*
 * accumulate_sum when at least one boundary is crossed: t = delta +
 * period_contrib >= 1024, any half-life. Returns 1 when the
 * u32-truncated period count is non-zero (the kernel's return value).
 */
PGOV_CORE int pgov_pelt_impl_cross(struct pgov_pelt_avg *sa, const struct pgov_pelt_hl *h,
                                    uint64_t t, uint64_t load, uint64_t runnable, uint32_t running)
{
    uint64_t periods = t >> 10;
    uint32_t d1 = PGOV_PELT_PERIOD_UNITS - sa->period_contrib;
    uint32_t d3 = (uint32_t)t & (PGOV_PELT_PERIOD_UNITS - 1);
    uint32_t contrib;

    if (pgov_unlikely(periods > h->cutoff)) {
        sa->load_sum = 0;
        sa->runnable_sum = 0;
        sa->util_sum = 0;
        /* decay(d1) = decay(max) = 0: the full tail plus d3. */
        contrib = h->max - PGOV_PELT_PERIOD_UNITS + d3;
    } else {
        /* Shared shift and factor for all five decays of this update. */
        unsigned q = (unsigned)(periods >> h->shift);
        uint32_t m = pgov_pelt_impl_y(h, periods & (h->period - 1));
        sa->load_sum = pgov_mulshr32(sa->load_sum >> q, m);
        sa->runnable_sum = pgov_mulshr32(sa->runnable_sum >> q, m);
        /* These three are below 2^32: a 64-bit product is exact. */
        sa->util_sum = pgov_mulshr32_small((uint64_t)sa->util_sum >> q, m);
        contrib = pgov_mulshr32_small((uint64_t)d1 >> q, m) + h->max -
                  pgov_mulshr32_small((uint64_t)h->max >> q, m) - PGOV_PELT_PERIOD_UNITS + d3;
    }
    sa->period_contrib = d3;
    pgov_pelt_impl_add_contrib(sa, contrib, load, runnable, running);
    return (uint32_t)periods != 0;
}

/**
 * update_sums (docs/spec/sched.md 1.8) for half-life @p h, any half-life:
 * returns 1 when the averages must be recomputed, else 0 (the kernel's
 * int; the steps pass it on unchanged, so callers tail-call them).
 */
PGOV_CORE int pgov_pelt_core_update_sums_hl(struct pgov_pelt_avg *sa,
                                             const struct pgov_pelt_hl *h, uint64_t now,
                                             uint64_t load, uint64_t runnable, uint32_t running)
{
    uint64_t delta = now - sa->last_update_time;
    uint64_t t;

    PGOV_ASSERT(PGOV_PELT_CORE_VALID(sa));
    /* Backwards clock, or a forward jump the kernel cannot tell from one. */
    if (pgov_unlikely(delta >> 63)) {
        PGOV_WRITE_ONCE(sa->last_update_time, now);
        return 0;
    }
    delta >>= PGOV_PELT_UNIT_SHIFT;
    if (!delta)
        return 0;
    PGOV_WRITE_ONCE(sa->last_update_time, sa->last_update_time + (delta << PGOV_PELT_UNIT_SHIFT));
    if (!load) {
        runnable = 0;
        running = 0;
    }
    t = delta + sa->period_contrib;
    if (t >= PGOV_PELT_PERIOD_UNITS)
        return pgov_pelt_impl_cross(sa, h, t, load, runnable, running);
    sa->period_contrib = (uint32_t)t;
    pgov_pelt_impl_add_contrib(sa, (uint32_t)delta, load, runnable, running);
    return 0;
}

/** Recompute the averages (pgov_pelt_update_avgs()), half-life @p h. */
PGOV_CORE void pgov_pelt_core_update_avgs_hl(struct pgov_pelt_avg *sa,
                                             const struct pgov_pelt_hl *h, uint64_t weight)
{
    uint32_t div = pgov_pelt_core_divider_hl(h, sa);
    sa->load_avg = pgov_div_u64(weight * sa->load_sum, div);
    sa->runnable_avg = pgov_div_u64(sa->runnable_sum, div);
    PGOV_WRITE_ONCE(sa->util_avg, (uint64_t)(sa->util_sum / div));
}

/**
 * pgov_pelt_update() for any half-life, every step inline (no out-of-line
 * helper, so BPF programs and other callers without calls can use it).
 */
PGOV_CORE int pgov_pelt_core_update_hl(struct pgov_pelt_avg *sa, const struct pgov_pelt_hl *h,
                                        uint64_t now, uint64_t load, uint64_t runnable,
                                        uint32_t running, uint64_t weight)
{
    if (!pgov_pelt_core_update_sums_hl(sa, h, now, load, runnable, running))
        return 0;
    pgov_pelt_core_update_avgs_hl(sa, h, weight);
    return 1;
}

/* ------------------------------------------------- mainline, specialised */

/* Store the three averages (mainline divider 46718 + d3). */
#define PGOV_PELT_IMPL_DIV(d3) (PGOV_PELT_MIN_DIVIDER + (d3))

/* Beyond the cut-off every old value decays to 0 (rare): out of line, so
 * the long path carries neither the generic decay nor a call. */
PGOV_CORE_COLD int pgov_pelt_impl_cross_far(struct pgov_pelt_avg *sa, uint64_t delta,
                                                      uint64_t load, uint64_t runnable,
                                                      uint32_t running, uint64_t weight,
                                                      bool do_avgs)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(32);
    int rc;
    PGOV_WRITE_ONCE(sa->last_update_time, sa->last_update_time + (delta << PGOV_PELT_UNIT_SHIFT));
    if (!load) {
        runnable = 0;
        running = 0;
    }
    rc = pgov_pelt_impl_cross(sa, &h, delta + sa->period_contrib, load, runnable, running);
    if (do_avgs && rc)
        pgov_pelt_core_update_avgs_hl(sa, &h, weight);
    return rc;
}

/*
 * Mainline crossing paths. @delta is in units and delta + period_contrib
 * reaches a boundary. Same arithmetic as pgov_pelt_impl_cross(), written
 * out with locals (one load and one store per field): cross_short for 1..31
 * periods (no halving shift, middle segment from a table), cross_long for
 * 32..2016.
 */
PGOV_CORE int pgov_pelt_impl_cross_short(struct pgov_pelt_avg *sa, uint64_t delta,
                                          uint64_t load, uint64_t runnable, uint32_t running,
                                          uint64_t weight, bool do_avgs)
{
    uint32_t pc = sa->period_contrib;
    uint64_t t, periods, ls, rs;
    uint32_t d3, contrib, m, us, uadd;

    PGOV_WRITE_ONCE(sa->last_update_time, sa->last_update_time + (delta << PGOV_PELT_UNIT_SHIFT));
    t = delta + pc;
    periods = t >> 10; /* 1..31: the caller checked */
    d3 = (uint32_t)t & (PGOV_PELT_PERIOD_UNITS - 1);
    m = pgov_pelt_y32[periods & 31];
    contrib = pgov_mulshr32_small(PGOV_PELT_PERIOD_UNITS - pc, m) +
              pgov_pelt_tail32[periods & 31] + d3;
    sa->period_contrib = d3;
    uadd = running ? contrib << 10 : 0;
    load *= contrib;
    runnable = (runnable * contrib) << 10;
    ls = pgov_mulshr32(sa->load_sum, m) + load;
    sa->load_sum = ls;
    if (do_avgs)
        sa->load_avg = pgov_div_u64(weight * ls, PGOV_PELT_IMPL_DIV(d3));
    rs = pgov_mulshr32(sa->runnable_sum, m) + runnable;
    sa->runnable_sum = rs;
    if (do_avgs)
        sa->runnable_avg = pgov_div_u64(rs, PGOV_PELT_IMPL_DIV(d3));
    us = pgov_mulshr32_small(sa->util_sum, m) + uadd;
    sa->util_sum = us;
    if (do_avgs)
        PGOV_WRITE_ONCE(sa->util_avg, (uint64_t)(us / PGOV_PELT_IMPL_DIV(d3)));
    return 1;
}

/* Last unit of the last period a full decay still reaches. */
#define PGOV_PELT_IMPL_CUTOFF_UNITS                                                                \
    ((uint64_t)(PGOV_PELT_DECAY_CUTOFF + 1) * PGOV_PELT_PERIOD_UNITS - 1)

PGOV_CORE int pgov_pelt_impl_cross_long(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                                         uint64_t runnable, uint32_t running, uint64_t weight,
                                         bool do_avgs)
{
    uint32_t pc = sa->period_contrib, d3, m, contrib, us, uadd;
    uint64_t t = delta + pc, ls, rs;
    unsigned q;

    if (pgov_unlikely(t > PGOV_PELT_IMPL_CUTOFF_UNITS))
        return pgov_pelt_impl_cross_far(sa, delta, load, runnable, running, weight, do_avgs);
    PGOV_WRITE_ONCE(sa->last_update_time, sa->last_update_time + (delta << PGOV_PELT_UNIT_SHIFT));
    q = (unsigned)(t >> 15); /* periods / 32 */
    m = pgov_pelt_y32[(t >> 10) & 31];
    d3 = (uint32_t)t & (PGOV_PELT_PERIOD_UNITS - 1);
    contrib = PGOV_PELT_MIN_DIVIDER + d3;
    /* From 512 periods on (q >= 16) d1 <= 1024 and LOAD_AVG_MAX < 2^16 are
     * shifted to 0, so both segment decays vanish: skip them. */
    if (q < 16)
        contrib += pgov_mulshr32_small((uint64_t)(PGOV_PELT_PERIOD_UNITS - pc) >> q, m) -
                   pgov_mulshr32_small((uint64_t)PGOV_PELT_LOAD_AVG_MAX >> q, m);
    sa->period_contrib = d3;
    /* Fold the inputs into their increments first: fewer live values. */
    uadd = running ? contrib << 10 : 0;
    load *= contrib;
    runnable = (runnable * contrib) << 10;
    ls = pgov_mulshr32(sa->load_sum >> q, m) + load;
    sa->load_sum = ls;
    if (do_avgs)
        sa->load_avg = pgov_div_u64(weight * ls, PGOV_PELT_IMPL_DIV(d3));
    rs = pgov_mulshr32(sa->runnable_sum >> q, m) + runnable;
    sa->runnable_sum = rs;
    if (do_avgs)
        sa->runnable_avg = pgov_div_u64(rs, PGOV_PELT_IMPL_DIV(d3));
    us = pgov_mulshr32_small((uint64_t)sa->util_sum >> q, m) + uadd;
    sa->util_sum = us;
    if (do_avgs)
        PGOV_WRITE_ONCE(sa->util_avg, (uint64_t)(us / PGOV_PELT_IMPL_DIV(d3)));
    return 1; /* 32..2016 periods: the u32 count is never 0 */
}

/* update_sums: an idle signal (load 0) adds nothing, whatever the others say. */
PGOV_CORE_OUTLINE int pgov_pelt_impl_short_sums(struct pgov_pelt_avg *sa,
                                                           uint64_t delta, uint64_t load,
                                                           uint64_t runnable, uint32_t running)
{
    if (!load) {
        runnable = 0;
        running = 0;
    }
    return pgov_pelt_impl_cross_short(sa, delta, load, runnable, running, 0, false);
}

PGOV_CORE_OUTLINE int pgov_pelt_impl_long_sums(struct pgov_pelt_avg *sa,
                                                          uint64_t delta, uint64_t load,
                                                          uint64_t runnable, uint32_t running)
{
    if (!load) {
        runnable = 0;
        running = 0;
    }
    return pgov_pelt_impl_cross_long(sa, delta, load, runnable, running, 0, false);
}

/* update: load 0 (an idle signal adds nothing, whatever the others say)
 * jumps to a copy with the inputs as constants, so neither copy zeroes
 * anything at run time. */
PGOV_CORE_OUTLINE int pgov_pelt_impl_short_idle(struct pgov_pelt_avg *sa,
                                                           uint64_t delta, uint64_t weight)
{
    return pgov_pelt_impl_cross_short(sa, delta, 0, 0, 0, weight, true);
}

PGOV_CORE_OUTLINE int pgov_pelt_impl_short_avgs(struct pgov_pelt_avg *sa,
                                                           uint64_t delta, uint64_t load,
                                                           uint64_t runnable, uint32_t running,
                                                           uint64_t weight)
{
    if (!load)
        return pgov_pelt_impl_short_idle(sa, delta, weight);
    return pgov_pelt_impl_cross_short(sa, delta, load, runnable, running, weight, true);
}

PGOV_CORE_OUTLINE int pgov_pelt_impl_long_idle(struct pgov_pelt_avg *sa,
                                                          uint64_t delta, uint64_t weight)
{
    return pgov_pelt_impl_cross_long(sa, delta, 0, 0, 0, weight, true);
}

PGOV_CORE_OUTLINE int pgov_pelt_impl_long_avgs(struct pgov_pelt_avg *sa,
                                                          uint64_t delta, uint64_t load,
                                                          uint64_t runnable, uint32_t running,
                                                          uint64_t weight)
{
    if (!load)
        return pgov_pelt_impl_long_idle(sa, delta, weight);
    return pgov_pelt_impl_cross_long(sa, delta, load, runnable, running, weight, true);
}

/* Non-mainline half-lives: the generic path, out of line. */
PGOV_CORE_COLD int pgov_pelt_impl_update_other(struct pgov_pelt_avg *sa, uint64_t now,
                                                         uint64_t load, uint64_t runnable,
                                                         uint32_t running, uint64_t weight,
                                                         bool do_avgs)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(sa->halflife);
    if (!pgov_pelt_core_update_sums_hl(sa, &h, now, load, runnable, running))
        return 0;
    if (do_avgs)
        pgov_pelt_core_update_avgs_hl(sa, &h, weight);
    return 1;
}

/*
 * The mainline path up to the boundary test. Returns 0 (done, nothing to
 * recompute), 2 when 1..31 boundaries are crossed and 3 for more
 * (*delta_out holds the units to account).
 */
PGOV_CORE int pgov_pelt_impl_head(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                  uint64_t runnable, uint32_t running, uint64_t *delta_out)
{
    uint64_t raw = now - sa->last_update_time;
    uint64_t delta, t;
    if (pgov_unlikely(raw >> 63)) {
        PGOV_WRITE_ONCE(sa->last_update_time, now); /* clock went backwards */
        return 0;
    }
    delta = raw >> PGOV_PELT_UNIT_SHIFT;
    t = delta + sa->period_contrib;
    if (t >= PGOV_PELT_PERIOD_UNITS) {
        *delta_out = delta;
        return t >= PGOV_PELT_LOAD_AVG_PERIOD * PGOV_PELT_PERIOD_UNITS ? 3 : 2;
    }
    /* delta may be 0 (no-op). last_update_time advances by whole units:
     * now minus the remainder. */
    PGOV_WRITE_ONCE(sa->last_update_time, now - (raw & ((1u << PGOV_PELT_UNIT_SHIFT) - 1)));
    sa->period_contrib = (uint32_t)t;
    if (load)
        pgov_pelt_impl_add_contrib(sa, (uint32_t)delta, load, runnable, running);
    return 0;
}

/** pgov_pelt_update_sums() without checks: 1 when the averages must be
 *  recomputed, else 0. */
PGOV_CORE int pgov_pelt_core_update_sums(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                          uint64_t runnable, uint32_t running)
{
    uint64_t delta = 0;
    int path;
    PGOV_ASSERT(PGOV_PELT_CORE_VALID(sa));
    if (pgov_unlikely((sa->halflife & ~(uint32_t)PGOV_PELT_HALFLIFE_32) != 0))
        return pgov_pelt_impl_update_other(sa, now, load, runnable, running, 0, false);
    path = pgov_pelt_impl_head(sa, now, load, runnable, running, &delta);
    if (path == 2)
        return pgov_pelt_impl_short_sums(sa, delta, load, runnable, running);
    if (path == 3)
        return pgov_pelt_impl_long_sums(sa, delta, load, runnable, running);
    return 0;
}

/** pgov_pelt_update_avgs() without checks. */
PGOV_CORE void pgov_pelt_core_update_avgs(struct pgov_pelt_avg *sa, uint64_t weight)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(sa->halflife);
    PGOV_ASSERT(PGOV_PELT_CORE_VALID(sa));
    pgov_pelt_core_update_avgs_hl(sa, &h, weight);
}

/** pgov_pelt_update() without checks: 1 when the averages were
 *  recomputed, else 0. The common no-boundary update runs inline in the
 *  caller. */
PGOV_CORE int pgov_pelt_core_update(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                     uint64_t runnable, uint32_t running, uint64_t weight)
{
    uint64_t delta = 0;
    int path;
    PGOV_ASSERT(PGOV_PELT_CORE_VALID(sa));
    if (pgov_unlikely((sa->halflife & ~(uint32_t)PGOV_PELT_HALFLIFE_32) != 0))
        return pgov_pelt_impl_update_other(sa, now, load, runnable, running, weight, true);
    path = pgov_pelt_impl_head(sa, now, load, runnable, running, &delta);
    if (path == 2)
        return pgov_pelt_impl_short_avgs(sa, delta, load, runnable, running, weight);
    if (path == 3)
        return pgov_pelt_impl_long_avgs(sa, delta, load, runnable, running, weight);
    return 0;
}

/* ------------------------------------------------- remote readers */

/** `util_avg` as another CPU reads it (one untorn load on 64-bit targets). */
PGOV_CORE uint64_t pgov_pelt_core_util(const struct pgov_pelt_avg *sa)
{
    return PGOV_READ_ONCE(sa->util_avg);
}

/**
 * The owner publishes `last_update_time` after an update, for readers
 * without its lock. With PGOV_PELT_LUT_COPY (32-bit targets, where a u64
 * store is two stores) it is written again into @p copy after a write
 * barrier, so a reader that sees @p copy equal to the field knows both
 * halves belong to one update; otherwise nothing is needed and @p copy is
 * not touched (it may be NULL).
 */
PGOV_CORE void pgov_pelt_core_lut_publish(const struct pgov_pelt_avg *sa, uint64_t *copy)
{
#if PGOV_PELT_LUT_COPY
    PGOV_SMP_WMB();
    PGOV_WRITE_ONCE(*copy, sa->last_update_time);
#else
    (void)sa;
    (void)copy;
#endif
}

/** `last_update_time` as a reader without the owner's lock sees it: with
 *  PGOV_PELT_LUT_COPY, read @p copy, read barrier, read the field, and
 *  retry until both agree (the owner's publish order is the reverse). */
PGOV_CORE uint64_t pgov_pelt_core_lut_read(const struct pgov_pelt_avg *sa, const uint64_t *copy)
{
#if PGOV_PELT_LUT_COPY
    uint64_t c, v;
    do {
        c = PGOV_READ_ONCE(*copy);
        PGOV_SMP_RMB();
        v = PGOV_READ_ONCE(sa->last_update_time);
    } while (v != c);
    return v;
#else
    (void)copy;
    return PGOV_READ_ONCE(sa->last_update_time);
#endif
}

/* ------------------------------------------------- the PELT clock */

/** "100% busy" for lost idle time: (46718 << 10) - 47742 (half-life 32). */
#define PGOV_PELT_BUSY_UTIL_SUM                                                                    \
    ((uint64_t)PGOV_PELT_MIN_DIVIDER * 1024u - PGOV_PELT_LOAD_AVG_MAX)

/** Whether @p m is a GKI multiplier the clock accepts (0 = 1). */
PGOV_CORE bool pgov_pelt_core_clock_mult_ok(uint32_t m)
{
    return m == 0 || m == 1 || m == 2 || m == 4;
}

/** Start a clock (pgov_pelt_clock_init()); @p multiplier must be accepted. */
PGOV_CORE void pgov_pelt_core_clock_init(struct pgov_pelt_clock *clk, uint64_t clock_task,
                                         uint32_t multiplier)
{
    PGOV_ASSERT(pgov_pelt_core_clock_mult_ok(multiplier));
    clk->clock_task = clock_task;
    clk->clock_task_mult = clock_task;
    clk->clock_pelt = clock_task;
    clk->lost_idle_time = 0;
    clk->multiplier = multiplier;
    clk->reserved = 0;
}

/** update_rq_clock_pelt (pgov_pelt_clock_update()); capacities <= 1024. */
PGOV_CORE void pgov_pelt_core_clock_update(struct pgov_pelt_clock *clk, uint64_t clock_task,
                                           bool idle, uint32_t cpu_cap, uint32_t freq_cap)
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
        return;
    }
    delta = (delta * cpu_cap) >> 10;
    delta = (delta * freq_cap) >> 10;
    clk->clock_pelt += delta;
}

/** update_idle_rq_clock_pelt (pgov_pelt_clock_idle()): true when idle time was lost. */
PGOV_CORE bool pgov_pelt_core_clock_idle(struct pgov_pelt_clock *clk, uint64_t util_sum)
{
    bool lost = util_sum >= PGOV_PELT_BUSY_UTIL_SUM;
    if (lost)
        clk->lost_idle_time += clk->clock_task_mult - clk->clock_pelt;
    clk->clock_pelt = clk->clock_task_mult;
    return lost;
}

/** rq_clock_pelt (pgov_pelt_clock_now()). */
PGOV_CORE uint64_t pgov_pelt_core_clock_now(const struct pgov_pelt_clock *clk)
{
    return clk->clock_pelt - clk->lost_idle_time;
}

/* ------------------------------------------------- cfs_rq membership */

/**
 * The cfs_rq floor rules (pgov_pelt_detach_kv()): which width the floors
 * compare in, and how a removal clamps.
 */
enum pgov_pelt_floor_rule {
    PGOV_PELT_FLOOR_64 = 0,  /**< v5.13 .. v5.15 and the unversioned calls: 64-bit max */
    PGOV_PELT_FLOOR_U32 = 1, /**< v5.16 .. v6.19: load/runnable max compared as u32 */
    PGOV_PELT_FLOOR_7_0 = 2  /**< v7.0+: signed deltas (add_positive), 64-bit max, additions floored */
};

/* The floor `sum = max(sum, avg * min_div)` of a load or runnable sum. */
PGOV_CORE uint64_t pgov_pelt_impl_floor_sum(uint64_t sum, uint64_t avg, uint64_t min_div, int rule)
{
    uint64_t f = avg * min_div;
    if (rule == PGOV_PELT_FLOOR_U32)
        return (uint32_t)sum > (uint32_t)f ? (uint32_t)sum : (uint32_t)f;
    return sum > f ? sum : f;
}

PGOV_CORE uint32_t pgov_pelt_impl_floor32(uint32_t sum, uint64_t avg, uint64_t min_div)
{
    uint32_t f = (uint32_t)(avg * min_div);
    return sum > f ? sum : f;
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
        return var >= x ? res : 0;
    return (int64_t)(0 - x) < 0 && res > var ? 0 : res;
}

PGOV_CORE uint32_t pgov_pelt_impl_sub_rule32(uint32_t var, uint32_t x, int rule)
{
    uint32_t res = var - x;
    if (rule != PGOV_PELT_FLOOR_7_0)
        return var >= x ? res : 0;
    return (int32_t)(0u - x) < 0 && res > var ? 0 : res;
}

/** Remove an (avg, sum) contribution from a 64-bit pair, then floor it. */
PGOV_CORE void pgov_pelt_core_sub_pair(uint64_t *avg, uint64_t *sum, uint64_t a, uint64_t s,
                                       uint64_t min_div, int rule)
{
    *avg = pgov_pelt_impl_sub_rule(*avg, a, rule);
    *sum = pgov_pelt_impl_sub_rule(*sum, s, rule);
    *sum = pgov_pelt_impl_floor_sum(*sum, *avg, min_div, rule);
}

/** The util pair (u32 sum, narrowed value; floors always u32). */
PGOV_CORE void pgov_pelt_core_sub_util(uint64_t *avg, uint32_t *sum, uint64_t a, uint32_t s,
                                       uint64_t min_div, int rule)
{
    *avg = pgov_pelt_impl_sub_rule(*avg, a, rule);
    *sum = pgov_pelt_impl_sub_rule32(*sum, s, rule);
    *sum = pgov_pelt_impl_floor32(*sum, *avg, min_div);
}

/** Add a load contribution (enqueue_load_avg): plain, or floored from 7.0. */
PGOV_CORE void pgov_pelt_core_add_load(struct pgov_pelt_avg *cfs, uint64_t la, uint64_t ls,
                                       int rule)
{
    cfs->load_avg += la;
    cfs->load_sum += ls;
    if (rule == PGOV_PELT_FLOOR_7_0) {
        uint64_t md = pgov_pelt_core_hl(cfs->halflife).max - PGOV_PELT_PERIOD_UNITS;
        cfs->load_sum = pgov_pelt_impl_floor_sum(cfs->load_sum, cfs->load_avg, md, rule);
    }
}

/**
 * attach_entity_load_avg without the propagation (pgov_pelt_attach()):
 * the entity joins at the cfs_rq's position, sums rebuilt on its divider.
 * @p weight (se_weight) not 0; the two signals share a half-life.
 */
PGOV_CORE void pgov_pelt_core_attach(struct pgov_pelt_avg *cfs, struct pgov_pelt_avg *se,
                                     uint64_t weight, int rule)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(cfs->halflife);
    uint32_t div = pgov_pelt_core_divider_hl(&h, cfs);
    uint64_t load_sum = se->load_avg * div;

    PGOV_ASSERT(weight != 0);
    load_sum = weight < load_sum ? pgov_div_u64(load_sum, weight) : 1;
    se->last_update_time = cfs->last_update_time;
    se->period_contrib = cfs->period_contrib;
    se->util_sum = (uint32_t)(se->util_avg * div);
    se->runnable_sum = se->runnable_avg * div;
    se->load_sum = load_sum;
    pgov_pelt_core_add_load(cfs, se->load_avg, weight * se->load_sum, rule);
    cfs->util_avg += se->util_avg;
    cfs->util_sum += se->util_sum;
    cfs->runnable_avg += se->runnable_avg;
    cfs->runnable_sum += se->runnable_sum;
}

/** detach_entity_load_avg without the propagation (pgov_pelt_detach_kv()). */
PGOV_CORE void pgov_pelt_core_detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se,
                                     uint64_t weight, int rule)
{
    uint64_t md = pgov_pelt_core_hl(cfs->halflife).max - PGOV_PELT_PERIOD_UNITS;
    pgov_pelt_core_sub_pair(&cfs->load_avg, &cfs->load_sum, se->load_avg, weight * se->load_sum,
                            md, rule);
    pgov_pelt_core_sub_util(&cfs->util_avg, &cfs->util_sum, se->util_avg, se->util_sum, md, rule);
    pgov_pelt_core_sub_pair(&cfs->runnable_avg, &cfs->runnable_sum, se->runnable_avg,
                            se->runnable_sum, md, rule);
}

/** The removed-load subtraction on the current divider (pgov_pelt_remove_kv()). */
PGOV_CORE void pgov_pelt_core_remove(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util,
                                     uint64_t runnable, int rule)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(cfs->halflife);
    uint64_t div = pgov_pelt_core_divider_hl(&h, cfs), md = h.max - PGOV_PELT_PERIOD_UNITS;
    pgov_pelt_core_sub_pair(&cfs->load_avg, &cfs->load_sum, load, load * div, md, rule);
    pgov_pelt_core_sub_util(&cfs->util_avg, &cfs->util_sum, util, (uint32_t)(util * div), md,
                            rule);
    pgov_pelt_core_sub_pair(&cfs->runnable_avg, &cfs->runnable_sum, runnable, runnable * div, md,
                            rule);
}

#endif /* PGOV_PELT_CORE_H */
