/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: compiler helpers shared by the lib/ sources. Not installed. */
#ifndef PGOV_INTERNAL_COMPILER_H
#define PGOV_INTERNAL_COMPILER_H

#if defined(__GNUC__) || defined(__clang__)
#define pgov_likely(x) __builtin_expect(!!(x), 1)
#define pgov_unlikely(x) __builtin_expect(!!(x), 0)
#else
#define pgov_likely(x) (x)
#define pgov_unlikely(x) (x)
#endif

/*
 * Function attributes, in the reserved __x__ spellings: the Linux kernel
 * defines `noinline` and friends as macros, so the plain spellings break
 * when examples/kmod compiles lib/ with the kernel's headers.
 */
#if defined(__GNUC__) || defined(__clang__)
#define PGOV_ALWAYS_INLINE __attribute__((__always_inline__))
#define PGOV_NOINLINE __attribute__((__noinline__))
#define PGOV_COLD __attribute__((__noinline__, __cold__))
#else
#define PGOV_ALWAYS_INLINE
#define PGOV_NOINLINE
#define PGOV_COLD
#endif

#define PGOV_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
