/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: table searches shared by freq_table.c and dbs.c, the transition
 * delay sugov_gov.c uses. Not installed. */
#ifndef PGOV_INTERNAL_FREQ_TABLE_H
#define PGOV_INTERNAL_FREQ_TABLE_H

#include "deps.h"
#include "pgov/freq_table.h"

/* cpufreq_policy_transition_delay_us for a @kv already resolved and at
 * least 4.14 (pgov_freq_table_transition_delay_us() checks it). */
uint32_t pgov_ft_transition_delay_us(uint32_t kv, uint32_t transition_delay_us,
                                     uint32_t transition_latency_ns);

/* No index (an empty search); never a valid table index. */
#define PGOV_FT_NONE 0xFFFFFFFFu

/*
 * One pass of the sorted-table search (docs/spec/ondemand.md 6.2) for base relation @rel
 * (L/H/C, no E) on a target already clamped by the caller. With @skip_ineff
 * entries flagged inefficient are passed over. Returns PGOV_FT_NONE when no
 * entry was considered at all.
 */
uint32_t pgov_ft_sorted(const struct pgov_freq_table *t, uint32_t target, uint32_t rel,
                        bool skip_ineff);

/* The unsorted search (docs/spec/ondemand.md 6.3); sets *warn and returns 0 when nothing qualifies. */
uint32_t pgov_ft_unsorted(const struct pgov_freq_table *t, uint32_t min, uint32_t max,
                          uint32_t target, uint32_t rel, bool *warn);

/*
 * Sorted search on a table without invalid entries, by bisection. Gives the
 * same index as the kernel's linear walk (pgov_ft_sorted): on a strictly
 * monotonic table "the walk stops at the first entry past the target" is a
 * lower bound, and each relation picks that entry or its predecessor.
 */
static inline uint32_t pgov_ft_dense(const struct pgov_freq_table *t, uint32_t target,
                                     uint32_t rel)
{
    const struct pgov_freq_entry *e = t->entries;
    bool asc = t->order == PGOV_FREQ_ASCENDING;
    uint32_t n = t->count, lo = 0, hi = n, d_prev, d_here;

    /* First index "past or at" the target in walk order. */
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2u;

        if (asc ? e[mid].khz < target : e[mid].khz > target)
            lo = mid + 1u;
        else
            hi = mid;
    }
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

/* Check a descriptor well enough that the searches cannot misbehave. */
static inline bool pgov_ft_sane(const struct pgov_freq_table *t)
{
    return t->entries && t->count && t->count <= PGOV_FREQ_TABLE_MAX && t->nvalid &&
           t->nvalid <= t->count && t->order <= PGOV_FREQ_UNSORTED &&
           !(t->flags & ~PGOV_FREQ_TABLE_EFFICIENCIES);
}

/*
 * The kernel's table target (docs/spec/ondemand.md 6.2-6.4) without the request's clamp:
 * sorted tables clamp @target into [min, max] themselves, unsorted ones only
 * consider entries inside. Sets *warn when an unsorted search found nothing
 * (index 0 is returned, as in the kernel). Needs min <= max.
 */
static inline uint32_t pgov_ft_target(const struct pgov_freq_table *t, uint32_t min,
                                      uint32_t max, uint32_t target, uint32_t rel, bool *warn)
{
    uint32_t base = rel & ~(uint32_t)PGOV_REL_E;

    if (t->order == PGOV_FREQ_UNSORTED)
        return pgov_ft_unsorted(t, min, max, target, base, warn);
    target = target < min ? min : (target > max ? max : target);
    if ((rel & PGOV_REL_E) && (t->flags & PGOV_FREQ_TABLE_EFFICIENCIES)) {
        uint32_t i = pgov_ft_sorted(t, target, base, true);

        if (i != PGOV_FT_NONE && t->entries[i].khz >= min && t->entries[i].khz <= max)
            return i;
    }
    if (t->nvalid == t->count)
        return pgov_ft_dense(t, target, base);
    return pgov_ft_sorted(t, target, base, false);
}

#endif
