/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: the only place 64-bit division and wide multiplication happen.
 *
 * 32-bit targets cannot divide 64-bit values in one instruction; compilers
 * call libgcc (__udivdi3, __aeabi_uldivmod). A kernel port must use its own
 * primitives instead (div64_u64, div64_s64), so every 64-bit division in
 * lib/ goes through pgov_div_u64() or pgov_div_s64(), and a port overrides
 * them by defining PGOV_DIV_U64 / PGOV_DIV_S64 before this header is read
 * (examples/kmod does). Wide multiplies are written as 32x32->64 pieces so
 * that no 64x64 multiply is ever needed for a result's high part.
 */
#ifndef PGOV_INTERNAL_MATH64_H
#define PGOV_INTERNAL_MATH64_H

#include <stdint.h>

/* Unsigned 64/64 division. Callers guarantee d != 0. */
static inline uint64_t pgov_div_u64(uint64_t n, uint64_t d)
{
#ifdef PGOV_DIV_U64
    return PGOV_DIV_U64(n, d);
#else
    return n / d;
#endif
}

/*
 * Signed 64/64 division truncating toward zero (C semantics). Callers
 * guarantee d != 0. INT64_MIN / -1 traps on x86 (the kernel's result) and is
 * undefined in C; here it wraps to INT64_MIN so that bad input stays defined.
 */
static inline int64_t pgov_div_s64(int64_t n, int64_t d)
{
    if (d == -1)
        return (int64_t)(0U - (uint64_t)n);
#ifdef PGOV_DIV_S64
    return PGOV_DIV_S64(n, d);
#else
    return n / d;
#endif
}

/* floor(v * m / 2^32), exact over the full 96-bit product. */
static inline uint64_t pgov_mulshr32(uint64_t v, uint32_t m)
{
    uint64_t lo = (uint64_t)(uint32_t)v * m;
    uint64_t hi = (v >> 32) * m;
    return hi + (lo >> 32);
}

/* Reinterpret a u64 bit pattern as s64 without implementation-defined casts. */
static inline int64_t pgov_u64_to_s64(uint64_t v)
{
    return v <= (uint64_t)INT64_MAX ? (int64_t)v : -(int64_t)(~v) - 1;
}

/* Keep the low 32 bits of a value as a signed s32 (the kernel's narrowing). */
static inline int32_t pgov_u32_to_s32(uint32_t v)
{
    return v <= (uint32_t)INT32_MAX ? (int32_t)v : -(int32_t)(~v) - 1;
}

/* Arithmetic right shift of a signed value (floor), without relying on >>'s
 * implementation-defined behaviour for negatives. */
static inline int64_t pgov_asr64(int64_t v, unsigned k)
{
    return v >= 0 ? (int64_t)((uint64_t)v >> k) : -(int64_t)((~(uint64_t)v) >> k) - 1;
}

/* Wrapping left shift of a signed value (bit pattern of the unsigned shift). */
static inline int64_t pgov_shl64(int64_t v, unsigned k)
{
    return pgov_u64_to_s64((uint64_t)v << k);
}

#endif
