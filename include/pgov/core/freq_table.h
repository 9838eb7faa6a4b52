/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/freq_table.h
 * @brief Core tier of freq_table.h: the cpufreq table searches
 *        (docs/spec/ondemand.md 6.1-6.4), `static inline`.
 *
 * pgov_freq_table_resolve() validates, clamps and calls
 * pgov_freq_table_core_target(); the dbs and schedutil cores call it on the
 * table pgov_freq_table_init() described (precondition:
 * pgov_freq_table_core_sane(), and min <= max). The dense bisection is the
 * hot path; the linear walks (tables with invalid entries, unsorted tables,
 * efficient relations) are out of line. Names `pgov_freq_table_impl_*` are
 * steps, not for callers.
 */
#ifndef PGOV_FREQ_TABLE_CORE_H
#define PGOV_FREQ_TABLE_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdbool.h>
#include <stdint.h>

#include "../embed.h"
#include "../freq_table.h"
#include "math64.h"

/*
 * ---------------------------------------------------------------- the search index
 * NOT ABI (same-release only, like core/dbs.h's structs): no exported
 * function takes it.
 */

/** Slots of a ::pgov_freq_table_index (48 bytes of indices: the
 *  instances that hold one stay small enough for a Cortex-M0's RAM). */
#define PGOV_FREQ_TABLE_INDEX_SLOTS 48u
/** The largest table a ::pgov_freq_table_index covers (byte indices). */
#define PGOV_FREQ_TABLE_INDEX_MAX 256u

/**
 * @brief A search index over a plain ascending table
 *        (pgov_freq_table_core_plain_asc()) of at most
 *        ::PGOV_FREQ_TABLE_INDEX_MAX entries, built once by
 *        pgov_freq_table_core_index_init(): the frequency range cut into
 *        ::PGOV_FREQ_TABLE_INDEX_SLOTS slots of 2^shift kHz, and for each
 *        slot start the first entry at or above it, so a search bisects
 *        only the entries inside one slot (usually none or one).
 */
struct pgov_freq_table_index {
    uint32_t base; /**< the first entry's frequency, kHz */
    uint8_t shift; /**< log2 of the slot width in kHz */
    /** first[k]: the first index at or above base + k * 2^shift, at most count - 1. */
    uint8_t first[PGOV_FREQ_TABLE_INDEX_SLOTS + 1u];
};

/** No index (an empty search); never a valid table index. */
#define PGOV_FREQ_TABLE_CORE_NONE 0xFFFFFFFFu

PGOV_CORE bool pgov_freq_table_impl_valid(const struct pgov_freq_entry *e)
{
    return e->khz != PGOV_FREQ_ENTRY_INVALID;
}

/*
 * One pass of the sorted-table search (docs/spec/ondemand.md 6.2) for base
 * relation @rel (L/H/C, no E) on a target already clamped by the caller.
 * With @skip_ineff entries flagged inefficient are passed over. Returns
 * PGOV_FREQ_TABLE_CORE_NONE when no entry was considered at all. "hi
 * side"/"lo side" are named for an ascending walk; on a descending table
 * the same pass mirrors: L there behaves like H here.
 */
PGOV_CORE_OUTLINE uint32_t pgov_freq_table_core_sorted(const struct pgov_freq_table *t,
                                                       uint32_t target, uint32_t rel,
                                                       bool skip_ineff)
{
    const struct pgov_freq_entry *e = t->entries;
    bool asc = t->order == PGOV_FREQ_ASCENDING;
    uint32_t i, last = PGOV_FREQ_TABLE_CORE_NONE, before = PGOV_FREQ_TABLE_CORE_NONE;

    for (i = 0; i < t->count; i++) {
        uint32_t f = e[i].khz;
        bool past;

        if (!pgov_freq_table_impl_valid(&e[i]) ||
            (skip_ineff && (e[i].flags & PGOV_FREQ_INEFFICIENT)))
            continue;
        last = i;
        if (f == target)
            return i;
        /* "past" = the walk has crossed the target. */
        past = asc ? f > target : f < target;
        if (!past) {
            before = i;
            continue;
        }
        /* First entry beyond the target. */
        if ((rel == PGOV_REL_L && asc) || (rel == PGOV_REL_H && !asc))
            return i;
        if (before == PGOV_FREQ_TABLE_CORE_NONE)
            return i;
        if (rel == PGOV_REL_C) {
            uint32_t db = asc ? target - e[before].khz : e[before].khz - target;
            uint32_t dp = asc ? f - target : target - f;

            /* Ties stay on the side walked first. */
            return db > dp ? i : before;
        }
        return before;
    }
    return last;
}

/* The unsorted search (docs/spec/ondemand.md 6.3); sets *warn and returns 0
 * when nothing qualifies. */
PGOV_CORE_OUTLINE uint32_t pgov_freq_table_impl_unsorted(const struct pgov_freq_table *t,
                                                         uint32_t min, uint32_t max,
                                                         uint32_t target, uint32_t rel,
                                                         bool *warn)
{
    const struct pgov_freq_entry *e = t->entries;
    uint32_t i, below = PGOV_FREQ_TABLE_CORE_NONE, above = PGOV_FREQ_TABLE_CORE_NONE,
                best = PGOV_FREQ_TABLE_CORE_NONE;
    int32_t best_d = 0;

    for (i = 0; i < t->count; i++) {
        uint32_t f = e[i].khz;

        if (!pgov_freq_table_impl_valid(&e[i]) || f < min || f > max)
            continue;
        if (f == target)
            return i;
        if (rel == PGOV_REL_C) {
            /* The kernel's abs() of a wrapped s32: INT_MIN stays negative. */
            int32_t d = pgov_s32(f - target);

            if (d < 0)
                d = pgov_s32(0u - (uint32_t)d);
            if (best == PGOV_FREQ_TABLE_CORE_NONE || d < best_d ||
                (d == best_d && f > e[best].khz)) {
                best = i;
                best_d = d;
            }
        } else if (f < target) {
            if (below == PGOV_FREQ_TABLE_CORE_NONE || f >= e[below].khz)
                below = i;
        } else {
            if (above == PGOV_FREQ_TABLE_CORE_NONE || f <= e[above].khz)
                above = i;
        }
    }
    if (rel == PGOV_REL_H)
        best = below != PGOV_FREQ_TABLE_CORE_NONE ? below : above;
    else if (rel == PGOV_REL_L)
        best = above != PGOV_FREQ_TABLE_CORE_NONE ? above : below;
    if (best == PGOV_FREQ_TABLE_CORE_NONE) {
        *warn = true;
        return 0;
    }
    return best;
}

/*
 * First index whose entry is at or above @target in an ascending table of
 * @n valid entries (@n if none): a bisection whose step is a conditional
 * move, so the loop has no data-dependent branch (log2(n) + 1 probes).
 */
PGOV_CORE uint32_t pgov_freq_table_impl_lower_asc(const struct pgov_freq_entry *e, uint32_t n,
                                                  uint32_t target)
{
    uint32_t base = 0, len = n;

    while (len > 1u) {
        uint32_t half = len >> 1;

        base = e[base + half].khz < target ? base + half : base;
        len -= half;
    }
    return base + (e[base].khz < target ? 1u : 0u);
}

/*
 * The relation's pick around @lo, the first index "past or at" the target
 * in walk order (@asc: the table's order).
 */
PGOV_CORE uint32_t pgov_freq_table_impl_pick(const struct pgov_freq_table *t, uint32_t lo,
                                             uint32_t target, uint32_t rel, bool asc)
{
    const struct pgov_freq_entry *e = t->entries;
    uint32_t n = t->count, d_prev, d_here;

    if (lo < n && e[lo].khz == target)
        return lo;
    if (lo == n)
        return n - 1u; /* walked off the end: the last entry */
    /* e[lo] is the first entry strictly past the target. */
    if (lo == 0u || (asc ? rel == PGOV_REL_L : rel == PGOV_REL_H))
        return lo;
    if (rel != PGOV_REL_C)
        return lo - 1u;
    d_prev = asc ? target - e[lo - 1u].khz : e[lo - 1u].khz - target;
    d_here = asc ? e[lo].khz - target : target - e[lo].khz;
    /* Ties stay on the side walked first. */
    return d_prev > d_here ? lo : lo - 1u;
}

/*
 * Sorted search on a table without invalid entries, by bisection. Gives the
 * same index as the kernel's linear walk (pgov_freq_table_core_sorted()):
 * on a strictly monotonic table "the walk stops at the first entry past the
 * target" is a lower bound, and each relation picks that entry or its
 * predecessor.
 */
PGOV_CORE uint32_t pgov_freq_table_impl_dense(const struct pgov_freq_table *t, uint32_t target,
                                              uint32_t rel)
{
    const struct pgov_freq_entry *e = t->entries;
    uint32_t lo = 0, hi = t->count;

    if (t->order == PGOV_FREQ_ASCENDING)
        return pgov_freq_table_impl_pick(t, pgov_freq_table_impl_lower_asc(e, hi, target), target,
                                         rel, true);
    /* Descending: the first index at or below the target. */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2u;

        if (e[mid].khz > target)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return pgov_freq_table_impl_pick(t, lo, target, rel, false);
}

/* Some entry of the table is valid. */
PGOV_CORE_OUTLINE bool pgov_freq_table_impl_any_valid(const struct pgov_freq_table *t)
{
    for (uint32_t i = 0; i < t->count; i++)
        if (pgov_freq_table_impl_valid(&t->entries[i]))
            return true;
    return false;
}

/**
 * A descriptor the searches cannot misbehave on (what init produces): every
 * index they return is below `count`. A table with invalid entries takes a
 * linear walk, and the sorted one finds no index at all when no entry is
 * valid (a descriptor init did not make, claiming `nvalid` entries it does
 * not have): checked by one more walk, on the tables that already pay one.
 */
PGOV_CORE bool pgov_freq_table_core_sane(const struct pgov_freq_table *t)
{
    return t->entries && t->count && t->count <= PGOV_FREQ_TABLE_MAX && t->nvalid &&
           t->nvalid <= t->count && t->order <= PGOV_FREQ_UNSORTED &&
           !(t->flags & ~PGOV_FREQ_TABLE_EFFICIENCIES) &&
           (t->nvalid == t->count || pgov_freq_table_impl_any_valid(t));
}

/**
 * True for a table the kernel's plain ascending search covers and
 * pgov_freq_table_core_asc() may take: ascending, no invalid entry, no
 * efficiencies. A property of the table, so a caller decides it once, at
 * init.
 */
PGOV_CORE bool pgov_freq_table_core_plain_asc(const struct pgov_freq_table *t)
{
    return t->order == PGOV_FREQ_ASCENDING && t->nvalid == t->count &&
           !(t->flags & PGOV_FREQ_TABLE_EFFICIENCIES);
}

/**
 * Build @p x over a table pgov_freq_table_core_plain_asc() accepted, of at
 * most ::PGOV_FREQ_TABLE_INDEX_MAX entries: the
 * smallest slot width that puts the whole range in
 * ::PGOV_FREQ_TABLE_INDEX_SLOTS slots, and each slot start's lower bound.
 * Done once, where the table is described (a policy's init).
 */
PGOV_CORE void pgov_freq_table_core_index_init(struct pgov_freq_table_index *x,
                                               const struct pgov_freq_table *t)
{
    const struct pgov_freq_entry *e = t->entries;
    uint32_t n = t->count, span = e[n - 1u].khz - e[0].khz, k;

    PGOV_ASSERT(pgov_freq_table_core_sane(t) && pgov_freq_table_core_plain_asc(t) &&
                n <= PGOV_FREQ_TABLE_INDEX_MAX);
    x->base = e[0].khz;
    x->shift = 0;
    while ((span >> x->shift) >= PGOV_FREQ_TABLE_INDEX_SLOTS)
        x->shift++;
    for (k = 0; k <= PGOV_FREQ_TABLE_INDEX_SLOTS; k++) {
        uint64_t start = (uint64_t)x->base + ((uint64_t)k << x->shift);
        uint32_t i = start > e[n - 1u].khz
                         ? n - 1u
                         : pgov_freq_table_impl_lower_asc(e, n, (uint32_t)start);

        x->first[k] = (uint8_t)(i < n - 1u ? i : n - 1u);
    }
}

/**
 * pgov_freq_table_core_target() on a table pgov_freq_table_core_plain_asc()
 * accepted, with its index @p x (pgov_freq_table_core_index_init()), for a
 * @p target already inside [min, max] (any relation; E has no effect
 * without efficiencies). Same index, without the general dispatch: the
 * target's slot bounds its lower bound between first[slot] and
 * first[slot + 1], and the bisection runs over that range alone.
 */
PGOV_CORE uint32_t pgov_freq_table_core_asc(const struct pgov_freq_table *t,
                                            const struct pgov_freq_table_index *x,
                                            uint32_t target, uint32_t rel)
{
    const struct pgov_freq_entry *e = t->entries;
    uint32_t slot, lo, len;

    PGOV_ASSERT(pgov_freq_table_core_sane(t) && pgov_freq_table_core_plain_asc(t));
    PGOV_ASSERT(x->base == t->entries[0].khz && target >= x->base &&
                target <= t->entries[t->count - 1u].khz);
    rel &= ~(uint32_t)PGOV_REL_E;
    slot = (target - x->base) >> x->shift;
    lo = x->first[slot];
    len = (uint32_t)x->first[slot + 1u] - lo + 1u;
    /* A slot holds at most one entry boundary on most tables: then the
     * answer is lo or lo + 1, one compare. */
    if (pgov_likely(len <= 2u))
        lo += e[lo].khz < target ? 1u : 0u;
    else
        lo += pgov_freq_table_impl_lower_asc(e + lo, len, target);
    /* pgov_freq_table_impl_pick() where e[lo] is known to exist and to be
     * at or above the target (the target is at most the last entry). */
    if (e[lo].khz == target || lo == 0u || rel == PGOV_REL_L)
        return lo;
    if (rel != PGOV_REL_C)
        return lo - 1u;
    /* Ties stay on the side walked first (the lower entry). */
    return target - e[lo - 1u].khz > e[lo].khz - target ? lo : lo - 1u;
}

/**
 * The kernel's table target (docs/spec/ondemand.md 6.2-6.4) without the
 * request's clamp: sorted tables clamp @p target into [@p min, @p max]
 * themselves, unsorted ones only consider entries inside. Sets *@p warn
 * when an unsorted search found nothing (index 0 is returned, as in the
 * kernel). Needs min <= max.
 */
PGOV_CORE uint32_t pgov_freq_table_core_target(const struct pgov_freq_table *t, uint32_t min,
                                               uint32_t max, uint32_t target, uint32_t rel,
                                               bool *warn)
{
    uint32_t base = rel & ~(uint32_t)PGOV_REL_E;

    PGOV_ASSERT(pgov_freq_table_core_sane(t) && min <= max);
    if (t->order == PGOV_FREQ_UNSORTED)
        return pgov_freq_table_impl_unsorted(t, min, max, target, base, warn);
    target = target < min ? min : (target > max ? max : target);
    if ((rel & PGOV_REL_E) && (t->flags & PGOV_FREQ_TABLE_EFFICIENCIES)) {
        uint32_t i = pgov_freq_table_core_sorted(t, target, base, true);

        if (i != PGOV_FREQ_TABLE_CORE_NONE && t->entries[i].khz >= min &&
            t->entries[i].khz <= max)
            return i;
    }
    if (t->nvalid == t->count)
        return pgov_freq_table_impl_dense(t, target, base);
    return pgov_freq_table_core_sorted(t, target, base, false);
}

#endif /* PGOV_FREQ_TABLE_CORE_H */
