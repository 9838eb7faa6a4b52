/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's command line (cli.c): the options main() runs with, parsed
 * with getopt_long like every other tool's.
 */
#ifndef PGOV_SIM_CLI_H
#define PGOV_SIM_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "sbisect.h"

/* The scenarios run when none is named. */
#define NSHIPPED 6
extern const char *const sim_shipped[NSHIPPED];
#define MAX_SCN 32
#define MAX_SWEEPS 4        /* --sweep options: a grid of up to 4 keys */
#define MAX_SWEEP_VALS 32   /* values per --sweep */
#define MAX_POINTS 256      /* grid points per scenario */

/* --sweep KEY=V1,V2,...: one scenario copy per value (per grid point). */
struct sweep {
    char key[SIM_NAME_LEN * 2];
    char key2[SIM_NAME_LEN * 2]; /* --bisect: set with the same point's val2 */
    const char *val2[MAX_SWEEP_VALS];
    char buf[1024];
    const char *val[MAX_SWEEP_VALS];
    uint32_t n;
};

struct opts {
    uint32_t iterations; /* 0: the scenario's own */
    uint64_t seed;
    uint64_t max_events;  /* per run */
    uint32_t max_tasks;   /* per run, alive at once */
    uint64_t from_ns, to_ns; /* plot window (--from/--to); to 0: the whole run */
    bool plot_all;        /* a plot per iteration, not only the first */
    double wall_deadline; /* time(NULL) at which every run stops */
    const char *out;
    const char *only; /* run just this policy label */
    const char *bisect; /* --bisect LABEL (sbisect.c) */
    const char *releases; /* --releases X.Y..X.Y */
    struct sb_plan plan;
    bool tsv, check, progress;
    struct sweep sweep[MAX_SWEEPS];
    uint32_t nsweep;
    uint32_t variants;     /* --variants N: N unshipped variants per scenario (variants.c) */
    uint64_t variant_seed; /* --variant-seed S: which N */
    bool variant_seed_set;
};

/* Parse the command line into *O, *MAX_WALL_NS and the scenario NAMES.
 * Returns -1 to go on, else the exit status (0 after --help, --keys,
 * --list, --version; 1 for bad usage, the reason on stderr). */
int sim_cli_parse(int argc, char **argv, struct opts *o, uint64_t *max_wall_ns,
                  const char **names, int *nnames);

#endif
