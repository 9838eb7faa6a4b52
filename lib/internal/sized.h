/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: size-prefixed structs (the caller writes sizeof as it compiled
 * it in the struct's first field). Defined in lib/core.c. */
#ifndef PGOV_INTERNAL_SIZED_H
#define PGOV_INTERNAL_SIZED_H

#include "deps.h"

/* @size covers at least the @known bytes and every byte beyond is zero. */
int pgov_sized_check(const void *p, uint32_t size, size_t known);

#endif
