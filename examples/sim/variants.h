/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim --variants N (variants.c; docs/simulator.md, "Unshipped
 * variants"): N copies of each shipped scenario, each with several keys
 * drawn at once from the scenario's stated ranges of realistic machines,
 * kernel settings and workload parameters, run through the sweep machinery
 * (one grid point per variant), and per seed effect the share of variants
 * in which its direction holds.
 */
#ifndef PGOV_SIM_VARIANTS_H
#define PGOV_SIM_VARIANTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

#define VAR_MAX_N 256    /* --variants N: at most this many per scenario */
#define VAR_MAX_SET 32   /* keys one variant sets */
#define VAR_VAL_LEN 48

/* One variant of one scenario: the keys it sets, in the order applied, and
 * the seed its runs draw (xored into every table's seed base). */
struct sim_draw {
    uint32_t n;
    char key[VAR_MAX_SET][SIM_NAME_LEN];
    char val[VAR_MAX_SET][VAR_VAL_LEN];
    uint64_t seed;
};

/*
 * Variant @idx (0-based) of scenario @sc (as parsed, unchanged) for
 * --variant-seed @vseed: the same arguments always draw the same keys.
 * 0, or -1 with @why when the scenario has no ranges (not a shipped one).
 */
int sim_variant_draw(const struct sim_scenario *sc, uint64_t vseed, uint32_t idx,
                     struct sim_draw *v, char *why, size_t n);

/* @v applied to @sc (a copy of the shipped scenario) and revalidated. */
int sim_variant_apply(struct sim_scenario *sc, const struct sim_draw *v, struct sim_err *err);

/*
 * The report of one scenario's variants (tables t[0..n), variant-major,
 * each with tab.variant set): one line per variant and table (keys drawn,
 * the check metric per column, each effect's change and whether its
 * direction held: by 1 % or more the seed's way), then per effect
 * `variants: TABLE EFFECT: direction held in K/N (P %), by sign alone S/N`. With @tsv one row per variant, table and effect on @f and
 * the summary lines on @sum. Returns the effects whose direction failed
 * at least once.
 */
uint32_t report_variants(FILE *f, FILE *sum, const struct sim_table *const *t, uint32_t n,
                         bool tsv);
/* The header of the TSV rows. */
void report_variants_tsv_header(FILE *f);

#endif
