/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: everything lib/ takes from its environment, in one place (the
 * role of zstd's zstd_deps.h). Every lib/ source includes this instead of
 * any system header; scripts/lint.sh fails on a <...> include elsewhere in
 * lib/.
 *
 * - The four freestanding headers, nothing else.
 * - The embedding layer (pgov/embed.h, through compiler.h): the embedder's
 *   configuration and hooks, among them 64-bit division, PGOV_DIV_U64(n, d),
 *   PGOV_DIV_U64_U32(n, d) and PGOV_DIV_S64(n, d): 32-bit targets would
 *   compile '/' on 64-bit values to libgcc calls (__udivdi3,
 *   __aeabi_uldivmod) that a kernel does not link, so a port maps them
 *   (examples/kmod/pgov_kernel.h: div64_u64(), div_u64(), div64_s64());
 *   without a port, core/math64.h divides with 32-bit operations there.
 *   Used only through pgov/core/math64.h.
 * - Struct copy and zero: PGOV_COPY(dst, src) and PGOV_ZERO(dst) on
 *   pointers to complete objects of one type. A struct assignment or
 *   "= {0}" may compile to memcpy()/memset(), which lib/ cannot call (it
 *   links with libgcc alone); the defaults below move 32-bit words (pairs
 *   of them on 64-bit targets), straight-line up to 64 words and in a loop
 *   beyond. gcc would turn such a loop back into a memcpy()/memset() call,
 *   so lib/ is compiled with -fno-tree-loop-distribute-patterns
 *   (CMakeLists.txt, scripts/cross.sh, examples/cortex-m/run.sh; an
 *   embedder building lib/ with gcc passes it too, docs/embedding.md). A
 *   port with a real memcpy defines both macros (the kernel module maps
 *   them to memcpy()/memset()).
 */
#ifndef PGOV_INTERNAL_DEPS_H
#define PGOV_INTERNAL_DEPS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler.h"

#if !defined(PGOV_COPY) || !defined(PGOV_ZERO)
#if defined(__GNUC__) || defined(__clang__)
/* may_alias: the words are read and written as the struct's own type. */
typedef uint32_t __attribute__((__may_alias__)) pgov_word;
#if UINTPTR_MAX > 0xffffffffu
/* 64-bit targets: pairs of 32-bit words move as one (aligned(4): the
 * struct may have 32-bit fields only). */
#define PGOV_PAIRS 1
typedef uint64_t __attribute__((__may_alias__, __aligned__(4))) pgov_dword;
#else
#define PGOV_PAIRS 0
typedef uint32_t __attribute__((__may_alias__)) pgov_dword;
#endif

/*
 * Straight-line word copies for the first 64 words, a loop for the rest.
 * With a constant @nw (always: sizeof) every test folds before the
 * compiler's scalar replacement runs, so a local struct that is zeroed or
 * copied still lives in registers, as with field-by-field code; a loop
 * would force it into memory.
 */
#define PGOV_W1_(i, st) if ((i) < nw) st(i);
#define PGOV_W4_(i, st) PGOV_W1_(i, st) PGOV_W1_((i) + 1, st) PGOV_W1_((i) + 2, st) PGOV_W1_((i) + 3, st)
#define PGOV_W16_(i, st) PGOV_W4_(i, st) PGOV_W4_((i) + 4, st) PGOV_W4_((i) + 8, st) PGOV_W4_((i) + 12, st)
#define PGOV_W64_(st) PGOV_W16_(0, st) PGOV_W16_(16, st) PGOV_W16_(32, st) PGOV_W16_(48, st)
#define PGOV_COPY1_(i) dw[i] = sw[i]
#define PGOV_ZERO1_(i) dw[i] = 0

/* Branch coverage skips the two helpers below (the gcovr markers around them):
 * every call passes a compile-time size, so in an optimised build the tests
 * fold away; the -O0 coverage build keeps 64 fixed-outcome tests per call
 * site, which would count as thousands of untaken branches. Their lines
 * stay measured, and the vectors check every copy's result. */
/* GCOVR_EXCL_BR_START */
static inline PGOV_ALWAYS_INLINE void pgov_copy_words(void *d, const void *s, size_t nw)
{
    if (PGOV_PAIRS && nw % 2 == 0) {
        pgov_dword *dw = d;
        const pgov_dword *sw = s;
        nw /= 2;
        PGOV_W64_(PGOV_COPY1_)
        for (size_t i = 64; i < nw; i++)
            dw[i] = sw[i];
        return;
    }
    pgov_word *dw = d;
    const pgov_word *sw = s;
    PGOV_W64_(PGOV_COPY1_)
    for (size_t i = 64; i < nw; i++)
        dw[i] = sw[i];
}

static inline PGOV_ALWAYS_INLINE void pgov_zero_words(void *d, size_t nw)
{
    pgov_word *dw = d;
    PGOV_W64_(PGOV_ZERO1_)
    for (size_t i = 64; i < nw; i++)
        dw[i] = 0;
}
/* GCOVR_EXCL_BR_STOP */

/* Structs with a field of 32 bits or wider only (every lib/ struct): their
 * size is then a multiple of the word. Comparing the pointers makes the
 * compiler reject two different types. */
#define PGOV_WORDS_OK(d)                                                                           \
    _Static_assert(_Alignof(__typeof__(*(d))) >= sizeof(pgov_word), "PGOV_COPY: align < 4")
#ifndef PGOV_COPY
#define PGOV_COPY(d, s)                                                                            \
    do {                                                                                           \
        PGOV_WORDS_OK(d);                                                                          \
        (void)sizeof((d) == (s));                                                                  \
        pgov_copy_words((d), (s), sizeof(*(d)) / sizeof(pgov_word));                               \
    } while (0)
#endif
#ifndef PGOV_ZERO
#define PGOV_ZERO(d)                                                                               \
    do {                                                                                           \
        PGOV_WORDS_OK(d);                                                                          \
        pgov_zero_words((d), sizeof(*(d)) / sizeof(pgov_word));                                    \
    } while (0)
#endif
#else /* other compilers: bytes (unsigned char may alias anything) */
static inline void pgov_copy_bytes(void *d, const void *s, size_t n)
{
    unsigned char *db = d;
    const unsigned char *sb = s;
    for (size_t i = 0; i < n; i++)
        db[i] = sb[i];
}
static inline void pgov_zero_bytes(void *d, size_t n)
{
    unsigned char *db = d;
    for (size_t i = 0; i < n; i++)
        db[i] = 0;
}
#ifndef PGOV_COPY
#define PGOV_COPY(d, s) ((void)sizeof((d) == (s)), pgov_copy_bytes((d), (s), sizeof(*(d))))
#endif
#ifndef PGOV_ZERO
#define PGOV_ZERO(d) pgov_zero_bytes((d), sizeof(*(d)))
#endif
#endif
#endif

#endif
