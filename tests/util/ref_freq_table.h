/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Slow reference for frequency-table resolution (spec/ondemand.md 6.2-6.4),
 * written from the definitions ("lowest at or above", "highest at or below",
 * "nearest") rather than the single-pass walk of lib/freq_table.c. Shared by
 * tests/unit/test_freq_table.c and examples/fuzz/fuzz_dbs.c (header-only so the
 * fuzz harness needs no test library).
 */
#ifndef PGOV_TEST_REF_FREQ_TABLE_H
#define PGOV_TEST_REF_FREQ_TABLE_H

#include <stdint.h>
#include <pgov/freq_table.h>


static inline int ref_valid(const struct pgov_freq_entry *e, int skip)
{
    return e->khz != PGOV_FREQ_ENTRY_INVALID && !(skip && (e->flags & PGOV_FREQ_INEFFICIENT));
}

/* Sorted: L = lowest >= t else highest; H = highest <= t else lowest;
 * C = nearest, ties to the lower (ascending) / higher (descending) entry. */
static inline int ref_sorted(const struct pgov_freq_entry *e, uint32_t n, int asc, uint32_t t,
                      uint32_t rel, int skip)
{
    int best = -1, lo = -1, hi = -1;
    for (uint32_t i = 0; i < n; i++) {
        if (!ref_valid(&e[i], skip))
            continue;
        uint32_t f = e[i].khz;
        if (lo < 0 || f < e[lo].khz)
            lo = (int)i;
        if (hi < 0 || f > e[hi].khz)
            hi = (int)i;
        if (rel == PGOV_REL_L && f >= t && (best < 0 || f < e[best].khz))
            best = (int)i;
        if (rel == PGOV_REL_H && f <= t && (best < 0 || f > e[best].khz))
            best = (int)i;
        if (rel == PGOV_REL_C) {
            uint64_t d = f > t ? f - t : t - f;
            uint64_t bd = best < 0 ? UINT64_MAX
                                   : (e[best].khz > t ? e[best].khz - t : t - e[best].khz);
            if (best < 0 || d < bd || (d == bd && (asc ? f < e[best].khz : f > e[best].khz)))
                best = (int)i;
        }
    }
    if (best < 0)
        best = rel == PGOV_REL_L ? hi : lo;
    return best;
}

static inline uint32_t ref_freq_resolve(const struct pgov_freq_table *t, uint32_t mn,
                                        uint32_t mx, uint32_t f, uint32_t rel, int *warn)
{
    const struct pgov_freq_entry *e = t->entries;
    uint32_t base = rel & 3u;
    f = f < mn ? mn : f > mx ? mx : f;
    *warn = 0;
    if (t->order != PGOV_FREQ_UNSORTED) {
        int asc = t->order == PGOV_FREQ_ASCENDING;
        if ((rel & PGOV_REL_E) && (t->flags & PGOV_FREQ_TABLE_EFFICIENCIES)) {
            int i = ref_sorted(e, t->count, asc, f, base, 1);
            if (i >= 0 && e[i].khz >= mn && e[i].khz <= mx)
                return (uint32_t)i;
        }
        return (uint32_t)ref_sorted(e, t->count, asc, f, base, 0);
    }
    /* Unsorted (6.3): only entries within the limits; exact match first. */
    int below = -1, above = -1, best = -1;
    for (uint32_t i = 0; i < t->count; i++) {
        uint32_t x = e[i].khz;
        if (x == PGOV_FREQ_ENTRY_INVALID || x < mn || x > mx)
            continue;
        if (x == f)
            return i;
        if (x < f && (below < 0 || x >= e[below].khz))
            below = (int)i;
        if (x > f && (above < 0 || x <= e[above].khz))
            above = (int)i;
        int64_t d = (int64_t)x - (int64_t)f;
        d = d < 0 ? -d : d;
        if (best < 0) {
            best = (int)i;
            continue;
        }
        int64_t bd = (int64_t)e[best].khz - (int64_t)f;
        bd = bd < 0 ? -bd : bd;
        if (d < bd || (d == bd && x > e[best].khz))
            best = (int)i;
    }
    int r = base == PGOV_REL_H ? (below >= 0 ? below : above)
          : base == PGOV_REL_L ? (above >= 0 ? above : below)
                               : best;
    if (r < 0) {
        *warn = 1;
        return 0;
    }
    return (uint32_t)r;
}

#endif
