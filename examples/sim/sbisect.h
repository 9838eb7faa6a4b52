/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim --bisect LABEL: the scenario's policy LABEL at every kernel
 * profile boundary libpgov knows (kbounds.h), as a sweep over its kver
 * (one sweep point per release: the release before each boundary and the
 * boundary itself), then one row per boundary (docs/simulator.md "bisect").
 */
#ifndef PGOV_SIM_SBISECT_H
#define PGOV_SIM_SBISECT_H

#include <stdio.h>

#include "report.h"
#include "sim.h"

#define SB_MAX_KV 32 /* sweep points (main.c's MAX_SWEEP_VALS) */

struct sb_plan {
    struct sim_policy_spec pol; /* the policy as the scenario writes it */
    uint32_t lo, hi;            /* the releases bisected */
    int metric;                 /* the scenario's check metric (its first expect's, else main) */
    uint32_t kv[SB_MAX_KV];     /* the releases run, ascending */
    uint32_t nkv;
    char val[SB_MAX_KV][2][16]; /* per release: its kver= and sched_kver= values */
};

/* The plan for policy label of sc over (lo, hi] (lo 0: the first release
 * the policy's governor takes; hi 0: the newest). 0, or -1 with why. */
int sb_plan_make(const struct sim_scenario *sc, const char *label, uint32_t lo, uint32_t hi,
                 struct sb_plan *p, char *why, size_t n);

/* The rows (TSV with tsv) to f and the summary to sum, from the sweep's
 * tables: t[i] ran p->kv[i]. */
void sb_report(FILE *f, FILE *sum, const struct sb_plan *p, const struct sim_table *const *t,
               uint32_t nt, bool tsv);

/* The page's section (OUT/index.html): the check metric per release run,
 * a step line with each boundary a numbered marker, and the rows. */
void sb_html(FILE *f, const struct sb_plan *p, const struct sim_table *const *t, uint32_t nt);

#endif
