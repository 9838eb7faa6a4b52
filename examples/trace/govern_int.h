/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace govern's state, shared by govern.c (the run) and html.c (its
 * page): not an interface of pgov-trace, only of these two files.
 */
#ifndef PGOV_TRACE_GOVERN_INT_H
#define PGOV_TRACE_GOVERN_INT_H

#include "govern.h"
#include "model/governor.h"

#define NBINS 64 /* residency bins of 100 MHz */
#define REC (GV_MAX_POLICIES) /* column index of the recording */
#define GV_NB 256 /* --html: time buckets over the window */

struct gv_cpu {
    void *mem, *gov;
    uint32_t khz;     /* running: the domain's, within the turbo bin (topo.c) */
    uint32_t req_khz; /* what the policy asked for */
    bool busy, offline;
    struct gv_cpu *sib;       /* the other thread of its core (SMT), or NULL */
    uint64_t t;              /* folded up to here (trace ns) */
    uint64_t aperf, mperf;   /* cycles (model/counters.h) */
    uint64_t arem, mrem;     /* their sub-cycle remainders */
    uint64_t idle_ns;
    uint64_t next_tick;
    double busy_ns, win_ns, energy_j;
    double unknown_ns;  /* busy at an unknown frequency (recorded, no cpu_frequency yet) */
    double mhz_busy_ns; /* sum of MHz * busy ns, for the busy-weighted mean */
    double resid[NBINS];
    uint32_t changes;
    uint64_t *pts; /* plot points: (ts, khz) pairs */
    size_t npts, cappts;
    uint64_t *busyiv; /* the recording only: busy intervals, (start, end) pairs */
    size_t nbusy, capbusy;
    /* --html, else NULL: per time bucket, busy ns [0, GV_NB), busy ns at a
     * known frequency [GV_NB, 2 GV_NB) and MHz * those ns [2 GV_NB, 3 GV_NB) */
    double *bk;
};

/* One governor call in the window: the request it left (kHz). */
struct gv_dec {
    uint64_t ts;
    uint32_t cpu, khz;
};

struct gv_col {
    struct gv *g;
    const struct sim_policy_spec *pol;
    struct gv_cpu *cpu;
    struct pgov_hw_ops ops;
    struct pgov_pstate_shared shared; /* variant=rfc-all: one block for the column */
    struct pgov_freq_entry table[MDL_TABLE_MAX];
    uint32_t table_len;
    struct gv_dec *dec; /* opts->log_decisions: every call's request, in call order */
    size_t ndec, capdec;
};

struct gv {
    const struct pgt_trace *t;
    const struct gv_opts *o;
    const struct sim_platform *pl;
    uint32_t ncpu;
    uint64_t t0, w0, w1; /* first event; window in trace ns */
    uint64_t bw;         /* --html: bucket width, ns */
    uint64_t now;
    uint64_t tick_ns;
    struct gv_col col[GV_MAX_POLICIES + 1];
    uint32_t ncol;
    struct sim_power pw; /* pgov-sim's power model of the platform */
    uint32_t util[PGT_MAX_CPUS]; /* schedutil's input as of each CPU's last event, for its ticks */
    uint32_t eff[PGT_MAX_CPUS];  /* scratch: one domain's running frequencies */
    int fail;
    char *err;
    size_t errlen;
};

static inline const char *gv_domain_name(const struct sim_platform *pl)
{
    return pl->pstate_domain == DOM_PACKAGE ? "package" : "core";
}

/* --svg (html.c): the columns' frequency over the window. */
void gv_svg(const struct gv *g, FILE *f, const struct gv_col *rec);

/* The page (html.c): the columns overlaid over time, residency, the table
 * of all CPUs, the text report @txt (n bytes) and the provenance. */
void gv_html(const struct gv *g, const struct gv_col *rec, FILE *f, const char *txt, size_t n);
/* The page's provenance, opened: the version, the command, the trace and
 * its hash; the caller goes on with the line, then closes the </pre>. */
void gv_html_provenance(FILE *f, const struct gv_opts *o, const char *path);

#endif
