/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/scx.h
 * @brief sched_ext / BPF subset: PELT at a configurable half-life and a
 *        utilization-to-performance step, header-only.
 *
 * A sched_ext scheduler (a BPF program) includes this header instead of
 * rolling its own EWMA: `#include <pgov/core/scx.h>` compiled with
 * `clang -target bpf -O2`. Everything is forced inline (no BPF-to-BPF call,
 * so the 5-argument limit never applies), no `__int128` (the wide multiply
 * uses 32x32->64 pieces), no signed division, no floating point; the tables
 * are `static const` arrays the loader places in `.rodata`. The same header
 * compiled for the host gives the same bits (ctest `scx_core_vectors`
 * replays the PELT vectors through it; `scx_core_bpf` compiles it for BPF).
 *
 * Half-life: `PGOV_SCX_PELT_HALFLIFE` (default 32, or 16 or 8: Android's
 * tables) is what pgov_scx_pelt_init() stores; each signal carries its own
 * (`struct pgov_pelt_avg.halflife`), so one program may mix them.
 *
 * Performance requests are in units of 1024 = the CPU's full performance
 * (SCX_CPUPERF_ONE, what scx_bpf_cpuperf_set() takes).
 *
 * Everything here is a thin layer over core/pelt.h; see its preconditions.
 */
#ifndef PGOV_SCX_CORE_H
#define PGOV_SCX_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include "pelt.h"

#ifndef PGOV_SCX_PELT_HALFLIFE
#define PGOV_SCX_PELT_HALFLIFE 32
#endif
#if PGOV_SCX_PELT_HALFLIFE != 32 && PGOV_SCX_PELT_HALFLIFE != 16 && PGOV_SCX_PELT_HALFLIFE != 8
#error "PGOV_SCX_PELT_HALFLIFE must be 32, 16 or 8"
#endif

/** SCX_CPUPERF_ONE: the performance request meaning "full speed". */
#define PGOV_SCX_CPUPERF_ONE 1024u

/** Start a signal at @p now with the configured half-life. */
PGOV_CORE void pgov_scx_pelt_init(struct pgov_pelt_avg *sa, uint64_t now)
{
    pgov_pelt_core_init(sa, now, PGOV_SCX_PELT_HALFLIFE);
}

/**
 * Account time up to @p now and, when a period boundary was crossed,
 * recompute the averages (the kernel's entity update): @p load, @p runnable,
 * @p running as for pgov_pelt_update(), @p weight for load_avg (1024 for a
 * nice-0 task). Returns true when the averages were recomputed. Any
 * half-life the signal carries, every step inline.
 */
PGOV_CORE bool pgov_scx_pelt_update(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                    uint64_t runnable, uint32_t running, uint64_t weight)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(sa->halflife);
    return pgov_pelt_core_update_hl(sa, &h, now, load, runnable, running, weight);
}

/** `val * y^n` for the signal's half-life (decay_load). */
PGOV_CORE uint64_t pgov_scx_pelt_decay(uint32_t halflife, uint64_t val, uint64_t n)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(halflife);
    return pgov_pelt_core_decay_hl(&h, val, n);
}

/** The contribution of an update crossing a boundary (segments). */
PGOV_CORE uint32_t pgov_scx_pelt_segments(uint32_t halflife, uint64_t periods, uint32_t d1,
                                          uint32_t d3)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(halflife);
    return pgov_pelt_core_segments_hl(&h, periods, d1, d3);
}

/**
 * Utilization to a performance request in units of 1024 (schedutil's
 * mapping with its 25% headroom, relative to the CPU's own capacity):
 * `min(1024, (util + util / 4) * 1024 / capacity)`; @p capacity 0 is read as
 * 1024. Unsigned 64-bit arithmetic only (BPF's division is unsigned).
 */
PGOV_CORE uint32_t pgov_scx_util_to_perf(uint64_t util, uint32_t capacity)
{
    uint64_t cap = capacity ? capacity : PGOV_PELT_CAPACITY_SCALE;
    uint64_t u;
    if (util >= cap) /* util < 2^32 below: neither the sum nor the shift wraps */
        return PGOV_SCX_CPUPERF_ONE;
    u = util + (util >> 2);
    if (u >= cap)
        return PGOV_SCX_CPUPERF_ONE;
    return (uint32_t)pgov_div_u64(u << 10, cap);
}

#endif /* PGOV_SCX_CORE_H */
