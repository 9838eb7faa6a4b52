/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One pid -> record table for pgov-trace (task names, rebuilt task
 * signals, workload tasks): open addressing with linear probing, grown to
 * keep it at most half full. A record is any struct whose first member is
 * `int32_t pid`; a free slot has pid -1. Records move when the table grows,
 * so a pointer from pgt_pidtab_get is valid until the next get of a new pid.
 */
#ifndef PGOV_TRACE_PIDTAB_H
#define PGOV_TRACE_PIDTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pgt_pidtab {
    unsigned char *rec; /* cap records of size bytes */
    size_t size, cap, used;
};

/* An empty table of records of size bytes (no allocation until the first get). */
void pgt_pidtab_init(struct pgt_pidtab *t, size_t size);
/* pid's record, created zeroed (pid set) when absent, *created telling which;
 * NULL when out of memory (the table unchanged). */
void *pgt_pidtab_get(struct pgt_pidtab *t, int32_t pid, bool *created);
/* pid's record, or NULL. */
void *pgt_pidtab_find(const struct pgt_pidtab *t, int32_t pid);
/* Slot i (0 <= i < cap) for iteration: its record, or NULL when free. */
void *pgt_pidtab_slot(const struct pgt_pidtab *t, size_t i);
void pgt_pidtab_free(struct pgt_pidtab *t);

#endif
