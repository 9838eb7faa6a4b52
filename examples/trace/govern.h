/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace govern: libpgov's governors driven open-loop from a trace
 * (docs/trace.md). Policies, platforms and the governors' set-up are the
 * tools' model (examples/model: mdl_policy_parse, the platform table, the
 * governor glue), pgov-sim's too; the trace fixes when each CPU is busy,
 * the governor only decides the frequency it would have run at.
 */
#ifndef PGOV_TRACE_GOVERN_H
#define PGOV_TRACE_GOVERN_H

#include <stdio.h>

#include "model/platform.h"
#include "model/policy_spec.h"
#include "trace.h"

#define GV_MAX_POLICIES 8

struct gv;

struct gv_opts {
    const struct sim_platform *plat;
    struct sim_policy_spec pol[GV_MAX_POLICIES];
    uint32_t npol;
    uint32_t hz;        /* tick rate for the tick hook and the governors' tick_ns */
    uint64_t from_ns;   /* window, relative to the first event */
    uint64_t to_ns;     /* UINT64_MAX: to the end */
    bool tsv;
    const char *svg;    /* NULL: no plot */
    FILE *html;         /* --html: the page goes here (html.c), else NULL */
    const char *profile; /* a line (main.c: the kernel profiles used) atop the report, or NULL */
    int argc;           /* the command line, for the page's provenance */
    char *const *argv;
    /* bisect.c and --decisions: keep each column's decisions (gv_col.dec),
     * call done(done_arg, run) after the run, and with quiet write no report */
    bool log_decisions, quiet;
    void (*done)(void *arg, const struct gv *g);
    void *done_arg;
};

/* Run every policy over the trace and write the report to o (and the SVG
 * text to *svg_buf when opts->svg). 0, or -1 with err set. */
int gv_run(const struct pgt_trace *t, const struct pgt_platform *sigplat, const struct gv_opts *opts,
           FILE *o, FILE *svg, char *err, size_t errlen);

#endif
