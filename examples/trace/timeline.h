/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace timeline: each task's running, runnable, sleeping and dead
 * intervals, straight from the scheduling events at the trace's own
 * timestamps: what `pgov-trace workload` leaves out (the runnable time,
 * each slice of a burst, the CPU), so that a task's PELT can be rebuilt
 * from its own sequence (docs/trace.md, docs/python.md).
 */
#ifndef PGOV_TRACE_TIMELINE_H
#define PGOV_TRACE_TIMELINE_H

#include "trace.h"

enum pgt_tl_state {
    PGT_TL_RUNNING = 0,
    PGT_TL_RUNNABLE,
    PGT_TL_SLEEPING,
    PGT_TL_DEAD,
    PGT_TL_NSTATES
};

/* One interval [begin, end) of one task, ns on the trace's clock. */
struct pgt_interval {
    int32_t pid;
    uint32_t cpu;   /* running: the CPU; else the task's CPU (where it was queued or last ran) */
    uint32_t state; /* enum pgt_tl_state */
    uint64_t begin, end;
};

struct pgt_timeline {
    struct pgt_interval *iv; /* grouped by task (tasks in order of their first interval,
                              * then pid), each task's back to back in time order */
    size_t n, cap;
    size_t ntasks;
    uint64_t span; /* the trace's first to last event, ns */
};

/* The timeline of every task of t (pid 0), or of task pid alone. */
int pgt_timeline_build(const struct pgt_trace *t, int32_t pid, struct pgt_timeline *tl, char *err,
                       size_t errlen);
/* The rows to o (TSV: a header line and rows; else a table), the summary
 * line to sum. */
void pgt_timeline_write(const struct pgt_trace *t, const struct pgt_timeline *tl, FILE *o, bool tsv,
                        FILE *sum);
void pgt_timeline_free(struct pgt_timeline *tl);
const char *pgt_tl_state_name(uint32_t state);

#endif
