/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: size-prefixed structs (the caller writes sizeof as it compiled
 * it in the struct's first field). Defined in lib/core.c. */
#ifndef PGOV_INTERNAL_SIZED_H
#define PGOV_INTERNAL_SIZED_H

#include "deps.h"

/*
 * The one check of a size-prefixed struct (libbpf's rule): @size is at
 * least @min_size (the struct's *_SIZE_V1, the first published size) and
 * every byte from @known (what this version reads: its sizeof) up to @size
 * is zero, so a newer caller's field this library would ignore is refused
 * (PGOV_E2BIG) instead of silently dropped.
 */
int pgov_sized_check(const void *p, uint32_t size, size_t min_size, size_t known);

/* @p->field when the caller's @size covers it, else @dflt (a field
 * appended after the caller's version). */
#define PGOV_SIZED_FIELD(type, p, field, dflt)                                                     \
    ((p)->size >= offsetof(type, field) + sizeof((p)->field) ? (p)->field : (dflt))

#endif
