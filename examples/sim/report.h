/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PGOV_SIM_REPORT_H
#define PGOV_SIM_REPORT_H

#include "loop.h"

struct stats {
    double min, mean, sd, max;
    double hmean; /* harmonic mean; NAN unless every value is positive */
    uint32_t n;
};

/* All runs of one scenario instance: res[policy][iteration]. */
struct sim_table {
    const struct sim_scenario *sc;
    char name[SIM_NAME_LEN * 2 + SIM_SETTINGS_LEN]; /* scenario[-param][@sweep settings] */
    uint32_t iters;
    const struct sim_workload *wl; /* for the trace-replay summary, or NULL */
    uint32_t param_idx;            /* which of sc->param_vals this table ran */
    uint32_t variant;              /* --variants: 1..N; 0 otherwise */
    struct sim_result *res[SIM_MAX_POLICIES];
};

void stats_of(const double *x, uint32_t n, struct stats *s);
/* Welch's two-sided t-test at 95 %; true when the means differ significantly. */
bool welch_significant(const struct stats *a, const struct stats *b);

/* Statistics of metric @m of policy @p over the table's iterations. */
void report_metric_stats(const struct sim_table *t, uint32_t p, int m, struct stats *s);
/* Whether the tables show metric @m: throughput only with a unit, and a
 * counter only where some run counted anything. */
bool report_metric_shown(const struct sim_table *t, int m);
bool report_metric_applies(const struct sim_table *t, int m);
/* b against a as a signed percent in @fmt, or "from 0" (no percentage). */
void report_change(FILE *f, double a, double b, const char *fmt);

void report_text(FILE *f, const struct sim_table *t);
void report_tsv_header(FILE *f);
void report_tsv(FILE *f, const struct sim_table *t);
/* One row per policy and iteration: its seed and every metric. */
void report_iterations_header(FILE *f);
void report_iterations(FILE *f, const struct sim_table *t, const uint64_t *seeds);
/* Evaluate the scenario's expectations; prints one line each; returns mismatches. */
int report_expect(FILE *f, const struct sim_table *t);
/* Expect line @e on table @t: both means, b's change against a in percent,
 * and whether it holds (its min= included). */
bool report_expect_eval(const struct sim_table *t, const struct sim_expect *e, double *am,
                        double *bm, double *pct);
/* The closing table: one `verdict:` line per seed figure (`seed=` on an
 * expect line) of each as-shipped table; returns the lines printed. */
uint32_t report_verdicts(FILE *f, const struct sim_table *const *t, uint32_t n);
/* One verdict: expect line @i of table @t, if it has a seed figure and
 * the table is as shipped (no sweep settings). */
struct report_verdict {
    const struct sim_expect *e;
    double a_mean, b_mean, seed_pct;
    const char *cls; /* report_verdict_class, or "not comparable" (a's mean is 0) */
    bool noise;      /* not significant over 2+ iterations (Welch): cls is "not reproduced" */
};
bool report_verdict_of(const struct sim_table *t, uint32_t i, struct report_verdict *v);
/* The class of a model's change against the seed thread's (both percent). */
const char *report_verdict_class(double seed_pct, double model_pct);
/* A sweep: one row per table (sweep point and param value) with the mean of
 * the check metric per policy and, per expect line, the change and whether
 * it holds; then the band of points where every direction holds. */
void report_sweep(FILE *f, const struct sim_table *const *t, uint32_t n);
/* Frequency and utilization per CPU over time, iteration @iter (which must
 * have a series), recorded over [from, to) ns of the run (to 0: all). */
int report_svg_policy(const char *path, const struct sim_table *t, uint32_t pol, uint32_t iter,
                      uint64_t from_ns, uint64_t to_ns);
int report_svg_resid(const char *path, const struct sim_table *t);
/* The page (report_html.c): per table the policies overlaid over time,
 * residency, means, checks; the verdicts; @prov (provenance text); @extra
 * (an HTML section after the verdicts: --bisect's) or NULL. */
int report_html(FILE *f, const struct sim_table *const *t, uint32_t n, const char *prov,
                const char *extra);

#endif
