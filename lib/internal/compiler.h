/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: compiler helpers of the lib/ sources. Not installed. */
#ifndef PGOV_INTERNAL_COMPILER_H
#define PGOV_INTERNAL_COMPILER_H

/* Branch hints, PGOV_ALWAYS_INLINE, PGOV_NOINLINE, PGOV_COLD: the embedding
 * layer (pgov/embed.h), shared with the installed cores. */
#include "pgov/embed.h"

/*
 * PGOV_HOT: a helper of a hot path, declared as the installed cores are
 * (PGOV_CORE, embed.h): forced inline when optimising so that callers
 * passing constants get a specialised copy.
 * PGOV_NOINLINE keeps a rare path out of its caller; PGOV_COLD also tells
 * the compiler it is unlikely (only for paths that really are).
 */
#define PGOV_HOT PGOV_CORE

/*
 * PGOV_ALIAS(target): this declaration names the same function as
 * `target` (defined in the same file). Used for the renamed 0.1 exports,
 * which keep their PGOV_0.1 symbol (lib/pgov.map) at zero cost.
 */
#define PGOV_ALIAS(target) __attribute__((__alias__(#target)))

#define PGOV_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
