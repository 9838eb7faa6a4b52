/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frequency-table resolution and the pcc-cpufreq request word
 * (docs/spec/ondemand.md sections 6 and 7); the searches are the core of
 * pgov/core/freq_table.h.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/freq_table.h"
#include "pgov/kver.h"

#include "internal/compiler.h"
#include "internal/deps.h"
#include "pgov/core/freq_table.h"
#include "internal/freq_table.h"
#include "pgov/core/math64.h"

int pgov_freq_table_init(struct pgov_freq_table *t, const struct pgov_freq_entry *entries,
                         uint32_t count, uint32_t flags)
{
    uint32_t i, nvalid = 0, up = 0, down = 0, prev = 0, lo = 0, hi = 0;

    if (!t || !entries)
        return PGOV_EINVAL;
    if (count == 0 || count > PGOV_FREQ_TABLE_MAX || (flags & ~PGOV_FREQ_TABLE_EFFICIENCIES))
        return PGOV_EINVAL;
    for (i = 0; i < count; i++) {
        const struct pgov_freq_entry *e = &entries[i];

        if (e->khz == PGOV_FREQ_TABLE_END || (e->flags & ~PGOV_FREQ_INEFFICIENT))
            return PGOV_EINVAL;
        if (!pgov_freq_table_impl_valid(e))
            continue;
        if (nvalid) {
            /* Equal neighbours make the kernel refuse the policy. */
            if (e->khz == prev)
                return PGOV_EINVAL;
            if (e->khz > prev)
                up++;
            else
                down++;
        }
        if (!nvalid || e->khz < lo)
            lo = e->khz;
        if (!nvalid || e->khz > hi)
            hi = e->khz;
        prev = e->khz;
        nvalid++;
    }
    if (!nvalid)
        return PGOV_EINVAL;
    t->entries = entries;
    t->count = count;
    t->nvalid = nvalid;
    /* A single entry has no increasing step: the kernel calls it descending. */
    if (up && !down)
        t->order = PGOV_FREQ_ASCENDING;
    else if (!up)
        t->order = PGOV_FREQ_DESCENDING;
    else
        t->order = PGOV_FREQ_UNSORTED;
    t->min_khz = lo;
    t->max_khz = hi;
    t->flags = flags;
    return PGOV_OK;
}

int pgov_freq_table_resolve(const struct pgov_freq_table *t, uint32_t min_khz, uint32_t max_khz,
                            uint32_t target, uint32_t rel, uint32_t *index)
{
    bool warn = false;
    uint32_t i;

    if (!t || !index)
        return PGOV_EINVAL;
    if (!pgov_freq_table_core_sane(t) || min_khz > max_khz || (rel & ~(uint32_t)(3u | PGOV_REL_E)) ||
        (rel & 3u) == 3u)
        return PGOV_EINVAL;
    /* The request's clamp comes before the table search. */
    target = target < min_khz ? min_khz : (target > max_khz ? max_khz : target);
    i = pgov_freq_table_core_target(t, min_khz, max_khz, target, rel, &warn);
    *index = i;
    return warn ? PGOV_WARN_KERNEL : PGOV_OK;
}

int pgov_freq_table_pcc_request(uint32_t nominal_mhz, uint32_t target_khz, uint32_t *word)
{
    uint32_t div = nominal_mhz * 1000u;

    if (!word)
        return PGOV_EINVAL;
    if (!div)
        return PGOV_EDOM;
    *word = 1u | (((target_khz * 100u) / div) << 8);
    return PGOV_OK;
}

int pgov_freq_table_pcc_readback(uint32_t nominal_mhz, uint32_t out_word, uint32_t *khz)
{
    if (!khz)
        return PGOV_EINVAL;
    *khz = ((nominal_mhz * (out_word & 0xffu)) / 100u) * 1000u;
    return PGOV_OK;
}

/* The 0.1 names (PGOV_0.1), the same functions. */
/* docs/exactness.md "cpufreq transition delay": three forms by release. */
uint32_t pgov_ft_transition_delay_us(uint32_t kv, uint32_t transition_delay_us,
                                     uint32_t transition_latency_ns)
{
    uint32_t lat = transition_latency_ns / 1000u;

    if (transition_delay_us)
        return transition_delay_us;
    if (!lat)
        return 1000u;
    if (kv >= PGOV_KVER_6_12)
        return lat + lat / 2u;
    if (kv >= PGOV_KVER_6_9)
        return lat > 2000u ? lat : (lat < 2u ? lat * 1000u : 2000u);
    return lat < 10u ? lat * 1000u : 10000u; /* lat <= 4294967: the product fits */
}

int pgov_freq_table_transition_delay_us(uint32_t kver, uint32_t transition_delay_us,
                                        uint32_t transition_latency_ns, uint32_t *out_us)
{
    uint32_t kv = pgov_kver_resolve(kver);

    if (!out_us)
        return PGOV_EINVAL;
    if (kv < PGOV_KVER_4_14)
        return PGOV_ENOTSUP; /* also 0: not a valid kver */
    *out_us = pgov_ft_transition_delay_us(kv, transition_delay_us, transition_latency_ns);
    return PGOV_OK;
}

int pgov_pcc_request(uint32_t nominal_mhz, uint32_t target_khz, uint32_t *word)
    PGOV_ALIAS(pgov_freq_table_pcc_request);
int pgov_pcc_readback(uint32_t nominal_mhz, uint32_t out_word, uint32_t *khz)
    PGOV_ALIAS(pgov_freq_table_pcc_readback);
