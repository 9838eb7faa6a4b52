/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: the sizes callers pass: size-prefixed structs (the caller
 * writes sizeof as it compiled it in the struct's first field; the check is
 * defined in lib/core.c) and the storage an instance is placed in. */
#ifndef PGOV_INTERNAL_SIZED_H
#define PGOV_INTERNAL_SIZED_H

#include "pgov/err.h"

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

/*
 * The one check of the storage a caller gives an instance (init and
 * setup): at least @need bytes, else PGOV_ENOSPC; @align-aligned (a power
 * of two), else PGOV_EINVAL. @mem is not NULL (the caller checked).
 */
static inline int pgov_storage_check(const void *mem, size_t len, size_t need, size_t align)
{
    if (len < need)
        return PGOV_ENOSPC;
    return ((uintptr_t)mem & (align - 1u)) ? PGOV_EINVAL : PGOV_OK;
}

#endif
