/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: inline forms of intel_pstate's fixed-point helpers (fixed.h),
 * shared by lib/fixed.c (the exported wrappers) and the policies, so the hot
 * paths do not pay a call per helper. Divisors are checked by the callers.
 */
#ifndef PGOV_INTERNAL_FP_H
#define PGOV_INTERNAL_FP_H

#include "math64.h"

/* floor(v / 2^k): only non-negative values are shifted (~v >= 0 when
 * v < 0), so this is defined C, and compilers emit a single `sar`. */
static inline int64_t fp_asr64(int64_t v, unsigned k)
{
    return v < 0 ? ~(~v >> k) : v >> k;
}

/* Wrapping left shift of a signed value (the bit pattern of the unsigned
 * shift, as the kernel's). */
static inline int64_t fp_shl64(int64_t v, unsigned k)
{
    return pgov_u2s64(pgov_s2u64(v) << k);
}

static inline int64_t fp_int_tofp(int64_t x)
{
    return fp_shl64(x, 8);
}

static inline int32_t fp_toint32(int32_t x)
{
    return (int32_t)fp_asr64(x, 8);
}

static inline int32_t fp_mul(int32_t x, int32_t y)
{
    /* |x*y| <= 2^62: the product never overflows s64. */
    return pgov_s32(fp_asr64((int64_t)x * y, 8));
}

/* Precondition y != 0. */
static inline int32_t fp_div(int64_t x, int64_t y)
{
    return pgov_s32(pgov_div_s64(pgov_u2s64(pgov_s2u64(x) << 8), y));
}

static inline uint64_t fp_mul_ext(uint64_t x, uint64_t y)
{
    return (x * y) >> 14;
}

/* Precondition y != 0. */
static inline uint64_t fp_div_ext(uint64_t x, uint64_t y)
{
    return pgov_div_u64(x << 14, y);
}

#endif
