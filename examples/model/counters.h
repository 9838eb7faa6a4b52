/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The APERF / MPERF / TSC counters as the hardware advances them, in exact
 * integers: rates are in kHz and time in ns, so a count is dt * kHz / 1e6
 * cycles, and each counter carries the sub-cycle remainder (millionths of
 * a cycle) so that folding a stretch in many pieces gives the same count
 * as in one. pgov-sim's machine and pgov-trace govern fold with these.
 */
#ifndef PGOV_MODEL_COUNTERS_H
#define PGOV_MODEL_COUNTERS_H

#include <stdint.h>

/* *cyc += dt_ns * khz / 1e6, the remainder carried in *rem. Split at whole
 * milliseconds, so no dt overflows (dt * khz alone would past ~4.6 hours
 * at 1 GHz). */
static inline void mdl_cyc_add(uint64_t *cyc, uint64_t *rem, uint64_t dt, uint32_t khz)
{
    uint64_t whole = (dt / 1000000u) * khz;
    uint64_t part = (dt % 1000000u) * khz + *rem;

    *cyc += whole + part / 1000000u;
    *rem = part % 1000000u;
}

/* The TSC at absolute time @t (ns) for a rate of @khz: computed, never
 * accumulated. */
static inline uint64_t mdl_tsc(uint64_t khz, uint64_t t)
{
    return (t / 1000000u) * khz + (t % 1000000u) * khz / 1000000u;
}

#endif
