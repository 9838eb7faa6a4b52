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

#define PGOV_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
