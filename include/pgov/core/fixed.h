/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/fixed.h
 * @brief Core tier of fixed.h: intel_pstate's fixed point (FRAC_BITS 8 and
 *        the 14-bit extended variant), inline, with its wrapping.
 *
 * Used by core/pstate.h and by lib/ (fixed.c, pstate.c), under these names
 * only. Divisors are checked by the callers. Not ABI:
 * inline helpers for code the embedder compiles.
 */
#ifndef PGOV_FIXED_CORE_H
#define PGOV_FIXED_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdint.h>

#include "math64.h"


/* floor(v / 2^k): only non-negative values are shifted (~v >= 0 when
 * v < 0), so this is defined C, and compilers emit a single `sar`. */
static inline int64_t pgov_fixed_core_asr64(int64_t v, unsigned k)
{
    return v < 0 ? ~(~v >> k) : v >> k;
}

/* Wrapping left shift of a signed value (the bit pattern of the unsigned
 * shift, as the kernel's). */
static inline int64_t pgov_fixed_core_shl64(int64_t v, unsigned k)
{
    return pgov_u2s64(pgov_s2u64(v) << k);
}

static inline int64_t pgov_fixed_core_int_tofp(int64_t x)
{
    return pgov_fixed_core_shl64(x, 8);
}

static inline int32_t pgov_fixed_core_toint32(int32_t x)
{
    return (int32_t)pgov_fixed_core_asr64(x, 8);
}

static inline int32_t pgov_fixed_core_mul(int32_t x, int32_t y)
{
    /* |x*y| <= 2^62: the product never overflows s64. */
    return pgov_s32(pgov_fixed_core_asr64((int64_t)x * y, 8));
}

/* Precondition y != 0. */
static inline int32_t pgov_fixed_core_div(int64_t x, int64_t y)
{
    return pgov_s32(pgov_div_s64(pgov_u2s64(pgov_s2u64(x) << 8), y));
}

static inline uint64_t pgov_fixed_core_mul_ext(uint64_t x, uint64_t y)
{
    return (x * y) >> 14;
}

/* Precondition y != 0. */
static inline uint64_t pgov_fixed_core_div_ext(uint64_t x, uint64_t y)
{
    return pgov_div_u64(x << 14, y);
}

#endif /* PGOV_FIXED_CORE_H */
