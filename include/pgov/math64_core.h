/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file math64_core.h
 * @brief Embedding layer: the only place where 64-bit division, wide
 *        multiplication and signed reinterpretation happen (inline).
 *
 * Every 64-bit division in lib/ and in the cores goes through pgov_div_u64()
 * or pgov_div_s64(), so a port overrides division once (`PGOV_DIV_U64` /
 * `PGOV_DIV_S64`, embed.h). Wide multiplies use 128 bits where the target
 * has them (`PGOV_HAVE_INT128`, never on BPF) and 32x32->64 pieces
 * elsewhere, so that no 64x64 multiply is needed for a result's high part.
 * Not ABI: inline helpers for code the embedder compiles.
 */
#ifndef PGOV_MATH64_CORE_H
#define PGOV_MATH64_CORE_H

#include <stdint.h>

#include "embed.h"

/* Unsigned 64/64 division. Callers guarantee d != 0. */
static inline uint64_t pgov_div_u64(uint64_t n, uint64_t d)
{
    return PGOV_DIV_U64(n, d);
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
    return PGOV_DIV_S64(n, d);
}

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

#endif /* PGOV_MATH64_CORE_H */
