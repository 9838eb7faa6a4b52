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

/*
 * PGOV_HOT: a helper of a hot path, forced inline when optimising so that
 * callers passing constants get a specialised copy; unoptimised builds
 * (debug, coverage) keep it an ordinary static inline function.
 * PGOV_NOINLINE keeps a rare path out of its caller; PGOV_COLD also tells
 * the compiler it is unlikely (only for paths that really are).
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define PGOV_HOT static inline PGOV_ALWAYS_INLINE
#else
#define PGOV_HOT static inline
#endif

/*
 * PGOV_ALIAS(target): this declaration names the same function as
 * `target` (defined in the same file). Used for the renamed 0.1 exports,
 * which keep their PGOV_0.1 symbol (lib/pgov.map) at zero cost.
 */
#define PGOV_ALIAS(target) __attribute__((__alias__(#target)))

#define PGOV_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
