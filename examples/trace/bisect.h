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

#define BS_MAX_PT 128   /* releases run: two per boundary at most, ~40 known */
#define BS_MAX_ROWS 256 /* rows of the table */

/* What --html draws (bisect_html.c): each release run with each policy's
 * mean requested MHz (has: the policy takes that release), and the rows. */
struct bs_page {
    uint32_t npt, nrow;
    struct bs_pt {
        uint32_t kv;
        bool has[GV_MAX_POLICIES];
        double mhz[GV_MAX_POLICIES];
    } pt[BS_MAX_PT];
    struct bs_prow {
        uint32_t from, to, pol;
        size_t n, changed;
        double mhz_from, mhz_to, p95_from, p95_to, energy_from, energy_to;
    } row[BS_MAX_ROWS];
};

/* Bisect opts' policies over releases (lo, hi]: the table (or TSV with
 * opts->tsv) to o, the summary to sum, what the page draws to pg (if not
 * NULL). 0, or -1 with err set. */
int bs_run(const struct pgt_trace *t, const struct pgt_platform *sigplat,
           const struct gv_opts *opts, uint32_t lo, uint32_t hi, FILE *o, FILE *sum,
           struct bs_page *pg, char *err, size_t errlen);

/* bisect --html: the page of a bs_run (its pg; txt: what it printed). */
void bs_html(FILE *f, const struct pgt_trace *t, const struct gv_opts *opts, uint32_t lo,
             uint32_t hi, const struct bs_page *pg, const char *txt, size_t n);

/* govern --decisions: every policy's decisions as TSV (a gv_opts.done). */
void bs_write_decisions(void *file, const struct gv *g);

#endif
