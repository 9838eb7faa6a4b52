/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PGOV_SIM_REPORT_H
#define PGOV_SIM_REPORT_H

#include "sim.h"

struct stats {
    double min, mean, sd, max;
    uint32_t n;
};

/* All runs of one scenario instance: res[policy][iteration]. */
struct sim_table {
    const struct sim_scenario *sc;
    char name[SIM_NAME_LEN * 2 + SIM_SETTINGS_LEN]; /* scenario[-param][@sweep settings] */
    uint32_t iters;
    struct sim_result *res[SIM_MAX_POLICIES];
};

void stats_of(const double *x, uint32_t n, struct stats *s);
/* Welch's two-sided t-test at 95 %; true when the means differ significantly. */
bool welch_significant(const struct stats *a, const struct stats *b);

void report_text(FILE *f, const struct sim_table *t);
void report_tsv(FILE *f, const struct sim_table *t);
/* Evaluate the scenario's expectations; prints one line each; returns mismatches. */
int report_expect(FILE *f, const struct sim_table *t);
/* A sweep: one row per table (sweep point and param value) with the mean of
 * the check metric per policy and, per expect line, the change and whether
 * it holds; then the band of points where every direction holds. */
void report_sweep(FILE *f, const struct sim_table *const *t, uint32_t n);
int report_svg_policy(const char *path, const struct sim_table *t, uint32_t pol);
int report_svg_resid(const char *path, const struct sim_table *t);

#endif
