/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: inline forms of the fixed-point helpers (fixed.h), shared by
 * lib/fixed.c (the exported wrappers) and the policies, so the hot paths do
 * not pay a call per helper. Divisors are checked by the callers.
 */
#ifndef PGOV_INTERNAL_FP_H
#define PGOV_INTERNAL_FP_H

#include <stdint.h>
#include "math64.h"

static inline int64_t fp_int_tofp(int64_t x)
{
    return pgov_shl64(x, 8);
}

static inline int32_t fp_toint32(int32_t x)
{
    return (int32_t)pgov_asr64(x, 8);
}

/* Low 32 bits of a 64-bit value as s32 (the kernel's narrowing). */
static inline int32_t fp_s32(int64_t v)
{
    return pgov_u32_to_s32((uint32_t)(uint64_t)v);
}

static inline int32_t fp_mul(int32_t x, int32_t y)
{
    /* |x*y| <= 2^62: the product never overflows s64. */
    return fp_s32(pgov_asr64((int64_t)x * y, 8));
}

/* Precondition y != 0. */
static inline int32_t fp_div(int64_t x, int64_t y)
{
    return fp_s32(pgov_div_s64(pgov_shl64(x, 8), y));
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
