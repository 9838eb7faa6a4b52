/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace bisect: one recording replayed through each policy under every
 * kernel profile boundary libpgov knows between two releases (kbounds.h),
 * one row per boundary where what the user would feel changes
 * (docs/trace.md "bisect").
 */
#ifndef PGOV_TRACE_BISECT_H
#define PGOV_TRACE_BISECT_H

#include <stdio.h>

#include "govern.h"
#include "trace.h"

/* Bisect opts' policies over releases (lo, hi]: the table (or TSV with
 * opts->tsv) to o, the summary to sum. 0, or -1 with err set. */
int bs_run(const struct pgt_trace *t, const struct pgt_platform *sigplat,
           const struct gv_opts *opts, uint32_t lo, uint32_t hi, FILE *o, FILE *sum, char *err,
           size_t errlen);

/* govern --decisions: every policy's decisions as TSV (a gv_opts.done). */
void bs_write_decisions(void *file, const struct gv *g);

#endif
