/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file fixed.h
 * @brief intel_pstate fixed-point helpers (8-bit and extended 14-bit forms).
 *
 * These are the arithmetic primitives every intel_pstate policy is built
 * from, reproduced with the kernel's exact wrapping, truncation and rounding
 * (x86-64, `-fno-strict-overflow`): a result is always the low bits of the
 * kernel's result, never saturated and never "fixed".
 *
 * - fp8 ("FRAC_BITS = 8"): 1.0 = 256. Signed 32/64-bit values.
 * - ext ("EXT_FRAC_BITS = 14"): 1.0 = 16384. Unsigned 64-bit products.
 *
 * Rounding: pgov_fixed_mul() and right shifts round toward minus infinity
 * (`pgov_fixed_mul(-1, 1) == -1`); pgov_fixed_div() truncates toward zero (C
 * division). Divisions by zero trap in the kernel; here they return
 * ::PGOV_EDOM and leave the output untouched. `INT64_MIN / -1`, which traps
 * on x86, wraps to `INT64_MIN` (its low bits are what a wrapping division
 * would give).
 *
 * All functions are pure and reentrant.
 */
#ifndef PGOV_FIXED_H
#define PGOV_FIXED_H

#include <stdint.h>
#include "export.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Fraction bits of the fp8 form (1.0 = 256). */
#define PGOV_FIXED_FRAC_BITS 8
/** Fraction bits of the extended form (1.0 = 16384). */
#define PGOV_FIXED_EXT_FRAC_BITS 14

/** @brief int_tofp: `x << 8`, wrapping modulo 2^64. */
PGOV_API int64_t pgov_fixed_int_tofp(int64_t x);

/** @brief fp_toint on an s32: `x >> 8`, arithmetic (floor). */
PGOV_API int32_t pgov_fixed_toint32(int32_t x);

/** @brief fp_toint on an s64: `x >> 8`, arithmetic (floor). */
PGOV_API int64_t pgov_fixed_toint64(int64_t x);

/**
 * @brief mul_fp: exact 64-bit product of two s32, arithmetic `>> 8`, low 32
 *        bits kept (the kernel's narrowing to s32).
 */
PGOV_API int32_t pgov_fixed_mul(int32_t x, int32_t y);

/**
 * @brief div_fp (s64 form, v4.5+): `(x << 8 wrapping) / y`, C division
 *        truncating toward zero, low 32 bits kept.
 * @param x    dividend (an unsigned counter delta is passed reinterpreted)
 * @param y    divisor
 * @param out  receives the s32 result; untouched on error
 * @return ::PGOV_OK; ::PGOV_EINVAL if @p out is NULL; ::PGOV_EDOM if
 *         @p y is 0 (the kernel would trap).
 */
PGOV_API PGOV_MUST_CHECK int pgov_fixed_div(int64_t x, int64_t y, int32_t *out);

/** @brief ceiling_fp: `(x >> 8) + 1` if any of the low 8 bits is set. */
PGOV_API int32_t pgov_fixed_ceiling(int32_t x);

/** @brief percent_fp (v4.10+): div_fp(p, 100), i.e. `trunc(p * 256 / 100)`. */
PGOV_API int32_t pgov_fixed_percent(int32_t p);

/** @brief mul_ext_fp: `((x * y) mod 2^64) >> 14`, logical. */
PGOV_API uint64_t pgov_fixed_mul_ext(uint64_t x, uint64_t y);

/**
 * @brief div_ext_fp: `((x << 14) mod 2^64) / y`, unsigned.
 * @param x    dividend
 * @param y    divisor
 * @param out  receives the result; untouched on error
 * @return ::PGOV_OK; ::PGOV_EINVAL if @p out is NULL; ::PGOV_EDOM if
 *         @p y is 0.
 */
PGOV_API PGOV_MUST_CHECK int pgov_fixed_div_ext(uint64_t x, uint64_t y, uint64_t *out);

/**
 * @brief percent_ext_fp: low 32 bits of div_ext_fp((u64)(s64)p, 100)
 *        (a negative @p p is sign-extended first, as the kernel does).
 */
PGOV_API int32_t pgov_fixed_percent_ext(int32_t p);

/** @brief int_ext_tofp: `x << 14`, wrapping modulo 2^64. */
PGOV_API int64_t pgov_fixed_int_ext_tofp(int64_t x);

/** @brief fp_ext_toint: `x >> 14`, arithmetic (floor). */
PGOV_API int64_t pgov_fixed_ext_toint(int64_t x);

#ifndef PGOV_NO_DEPRECATED
/** @name Deprecated 0.1 names (PGOV_0.1 aliases of the pgov_fixed_* functions)
 *  @{ */
/** 0.1 name of ::PGOV_FIXED_FRAC_BITS. */
#define PGOV_FP_FRAC_BITS PGOV_FIXED_FRAC_BITS
/** 0.1 name of ::PGOV_FIXED_EXT_FRAC_BITS. */
#define PGOV_FP_EXT_FRAC_BITS PGOV_FIXED_EXT_FRAC_BITS
/** @deprecated renamed pgov_fixed_int_tofp() */
PGOV_API int64_t pgov_fp_int_tofp(int64_t x)
    PGOV_DEPRECATED("renamed pgov_fixed_int_tofp");
/** @deprecated renamed pgov_fixed_toint32() */
PGOV_API int32_t pgov_fp_toint32(int32_t x)
    PGOV_DEPRECATED("renamed pgov_fixed_toint32");
/** @deprecated renamed pgov_fixed_toint64() */
PGOV_API int64_t pgov_fp_toint64(int64_t x)
    PGOV_DEPRECATED("renamed pgov_fixed_toint64");
/** @deprecated renamed pgov_fixed_mul() */
PGOV_API int32_t pgov_fp_mul(int32_t x, int32_t y)
    PGOV_DEPRECATED("renamed pgov_fixed_mul");
/** @deprecated renamed pgov_fixed_div() */
PGOV_API PGOV_MUST_CHECK int pgov_fp_div(int64_t x, int64_t y, int32_t *out)
    PGOV_DEPRECATED("renamed pgov_fixed_div");
/** @deprecated renamed pgov_fixed_ceiling() */
PGOV_API int32_t pgov_fp_ceiling(int32_t x)
    PGOV_DEPRECATED("renamed pgov_fixed_ceiling");
/** @deprecated renamed pgov_fixed_percent() */
PGOV_API int32_t pgov_fp_percent(int32_t p)
    PGOV_DEPRECATED("renamed pgov_fixed_percent");
/** @deprecated renamed pgov_fixed_mul_ext() */
PGOV_API uint64_t pgov_fp_mul_ext(uint64_t x, uint64_t y)
    PGOV_DEPRECATED("renamed pgov_fixed_mul_ext");
/** @deprecated renamed pgov_fixed_div_ext() */
PGOV_API PGOV_MUST_CHECK int pgov_fp_div_ext(uint64_t x, uint64_t y, uint64_t *out)
    PGOV_DEPRECATED("renamed pgov_fixed_div_ext");
/** @deprecated renamed pgov_fixed_percent_ext() */
PGOV_API int32_t pgov_fp_percent_ext(int32_t p)
    PGOV_DEPRECATED("renamed pgov_fixed_percent_ext");
/** @deprecated renamed pgov_fixed_int_ext_tofp() */
PGOV_API int64_t pgov_fp_int_ext_tofp(int64_t x)
    PGOV_DEPRECATED("renamed pgov_fixed_int_ext_tofp");
/** @deprecated renamed pgov_fixed_ext_toint() */
PGOV_API int64_t pgov_fp_ext_toint(int64_t x)
    PGOV_DEPRECATED("renamed pgov_fixed_ext_toint");
/** @} */
#endif

#ifdef __cplusplus
}
#endif

#endif /* PGOV_FIXED_H */
