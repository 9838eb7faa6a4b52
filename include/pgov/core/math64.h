/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/math64.h
 * @brief Embedding layer: the only place where 64-bit division, wide
 *        multiplication and signed reinterpretation happen (inline).
 *
 * Every 64-bit division in lib/ and in the cores goes through pgov_div_u64(),
 * pgov_div_u64_u32() or pgov_div_s64(), so a port overrides division once
 * (`PGOV_DIV_U64` / `PGOV_DIV_U64_U32` / `PGOV_DIV_S64`, embed.h); without
 * them 32-bit targets divide with 32-bit operations only. Wide multiplies use 128 bits where the target
 * has them (`PGOV_HAVE_INT128`, never on BPF) and 32x32->64 pieces
 * elsewhere, so that no 64x64 multiply is needed for a result's high part.
 * Not ABI: inline helpers for code the embedder compiles.
 */
#ifndef PGOV_MATH64_CORE_H
#define PGOV_MATH64_CORE_H

#include "gate.h" /* PGOV_CORE_UNSTABLE, first: the tier is opt-in */

#include <stdint.h>

#include "../embed.h"

/* floor(v * m / 2^32), exact over the full 96-bit product. One multiply
 * where the target has 128 bits. */
static inline uint64_t pgov_mulshr32(uint64_t v, uint32_t m)
{
#if PGOV_HAVE_INT128
    __extension__ typedef unsigned __int128 pgov_u128;
    return (uint64_t)(((pgov_u128)v * m) >> 32);
#else
    uint64_t lo = (uint64_t)(uint32_t)v * m;
    uint64_t hi = (v >> 32) * m;
    return hi + (lo >> 32);
#endif
}

/* pgov_mulshr32() for v < 2^32: the product fits 64 bits. */
static inline uint32_t pgov_mulshr32_small(uint64_t v, uint32_t m)
{
    return (uint32_t)((v * m) >> 32);
}

/*
 * Bit-pattern conversions, branch-free. The exact-width types are two's
 * complement without padding (C11 7.20.1.1), so reading the other member of
 * a union is exactly the reinterpretation (no implementation-defined cast).
 */
union pgov_pun64 {
    uint64_t u;
    int64_t s;
};
union pgov_pun32 {
    uint32_t u;
    int32_t s;
};

/* A u64 bit pattern as s64 (modular time and counter deltas). */
static inline int64_t pgov_u2s64(uint64_t v)
{
    union pgov_pun64 p;
    p.u = v;
    return p.s;
}

static inline uint64_t pgov_s2u64(int64_t v)
{
    union pgov_pun64 p;
    p.s = v;
    return p.u;
}

/* The low 32 bits of a value as s32 (the kernel's narrowing to int). */
static inline int32_t pgov_s32(int64_t v)
{
    union pgov_pun32 p;
    p.u = (uint32_t)pgov_s2u64(v);
    return p.s;
}

/*
 * Division. Three operations, each overridable by the port (deps.h):
 * pgov_div_u64_u32() (PGOV_DIV_U64_U32: the kernel's div_u64),
 * pgov_div_u64() (PGOV_DIV_U64: div64_u64) and pgov_div_s64()
 * (PGOV_DIV_S64: div64_s64). Without a port, 64-bit targets divide
 * natively; 32-bit ones use the bodies below, built from 32-bit division
 * only, so no libgcc 64-bit division helper (__aeabi_uldivmod, __udivdi3,
 * ...) is ever linked: scripts/cross.sh fails if one is. Callers guarantee
 * d != 0.
 */
#if UINTPTR_MAX > 0xffffffffu
#define PGOV_NATIVE_DIV64 1
#else
#define PGOV_NATIVE_DIV64 0
#endif

/* Leading zero bits of a non-zero word. */
static inline unsigned pgov_clz32(uint32_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_clz(v);
#else
    unsigned n = 0;
    while (!(v & 0x80000000u)) {
        v <<= 1;
        n++;
    }
    return n;
#endif
}

/*
 * n / d with 32-bit operations: the high word by one 32-bit division, then
 * the low word bit by bit (long division; the remainder stays below d, its
 * 33rd bit carried in @top).
 */
static inline uint64_t pgov_div_u64_u32_soft(uint64_t n, uint32_t d)
{
    uint32_t hi = (uint32_t)(n >> 32), lo = (uint32_t)n, qh, q = 0, r;

    if (hi == 0)
        return lo / d;
    qh = hi / d;
    r = hi - qh * d;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t top = r >> 31;
        r = (r << 1) | (lo >> 31);
        lo <<= 1;
        q <<= 1;
        if (top || r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    return ((uint64_t)qh << 32) | q;
}

static inline uint64_t pgov_div_u64_u32(uint64_t n, uint32_t d)
{
#if defined(PGOV_DIV_U64_U32)
    return PGOV_DIV_U64_U32(n, d);
#elif PGOV_NATIVE_DIV64
    return n / d;
#else
    return pgov_div_u64_u32_soft(n, d);
#endif
}

/*
 * n / d for any d from the 64/32 division: a divisor of 32 bits directly;
 * a wider one normalised to its top 32 bits, which gives the quotient or
 * one more, then one correction step (Hacker's Delight, 9-5 "divdu").
 */
static inline uint64_t pgov_div_u64_wide(uint64_t n, uint64_t d)
{
    unsigned s;
    uint64_t q;

    if ((d >> 32) == 0)
        return pgov_div_u64_u32(n, (uint32_t)d);
    s = pgov_clz32((uint32_t)(d >> 32));
    /* (n/2) / top-32-bits-of-(d << s) < 2^32; scaled back by 2^(s-31). */
    q = (pgov_div_u64_u32(n >> 1, (uint32_t)((d << s) >> 32)) << s) >> 31;
    if (q != 0)
        q--;
    if (n - q * d >= d)
        q++;
    return q;
}

/* Unsigned 64/64 division. */
static inline uint64_t pgov_div_u64(uint64_t n, uint64_t d)
{
#if defined(PGOV_DIV_U64)
    return PGOV_DIV_U64(n, d);
#elif PGOV_NATIVE_DIV64
    return n / d;
#else
    return pgov_div_u64_wide(n, d);
#endif
}

/*
 * Signed 64/64 division truncating toward zero (C semantics). INT64_MIN / -1
 * traps on x86 (the kernel's result) and is undefined in C; here it wraps to
 * INT64_MIN so that bad input stays defined.
 */
static inline int64_t pgov_div_s64(int64_t n, int64_t d)
{
    if (d == -1)
        return (int64_t)(0U - (uint64_t)n);
#if defined(PGOV_DIV_S64)
    return PGOV_DIV_S64(n, d);
#elif PGOV_NATIVE_DIV64
    return n / d;
#else
    {
        /* Magnitudes as unsigned (|INT64_MIN| = 2^63 fits), sign restored. */
        uint64_t un = n < 0 ? 0U - (uint64_t)n : (uint64_t)n;
        uint64_t ud = d < 0 ? 0U - (uint64_t)d : (uint64_t)d;
        uint64_t q = pgov_div_u64(un, ud);
        return pgov_u2s64((n < 0) != (d < 0) ? 0U - q : q);
    }
#endif
}

#endif /* PGOV_MATH64_CORE_H */
