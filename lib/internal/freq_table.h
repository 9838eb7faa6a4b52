/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: table searches shared by freq_table.c and dbs.c. Not installed. */
#ifndef PGOV_INTERNAL_FREQ_TABLE_H
#define PGOV_INTERNAL_FREQ_TABLE_H

#include <stdbool.h>
#include <stdint.h>
#include <pgov/freq_table.h>

/* No index (an empty search); never a valid table index. */
#define PGOV_FT_NONE 0xFFFFFFFFu

/*
 * One pass of the sorted-table search (spec 6.2) for base relation @rel
 * (L/H/C, no E) on a target already clamped by the caller. With @skip_ineff
 * entries flagged inefficient are passed over. Returns PGOV_FT_NONE when no
 * entry was considered at all.
 */
uint32_t pgov_ft_sorted(const struct pgov_freq_table *t, uint32_t target, uint32_t rel,
                        bool skip_ineff);

/*
 * The kernel's table target (spec 6.2-6.4) without the request's clamp:
 * sorted tables clamp @target into [min, max] themselves, unsorted ones only
 * consider entries inside. Sets *warn when an unsorted search found nothing
 * (index 0 is returned, as in the kernel). Needs min <= max.
 */
uint32_t pgov_ft_target(const struct pgov_freq_table *t, uint32_t min, uint32_t max,
                        uint32_t target, uint32_t rel, bool *warn);

#endif
