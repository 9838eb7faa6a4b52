/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PGOV_BENCH_BASELINE_DBS_H
#define PGOV_BENCH_BASELINE_DBS_H

#include <stdint.h>
#include <pgov/hw.h>

/* State of the baseline ondemand policy (one CPU). */
struct base_od {
    uint64_t prev_idle, prev_wall;
    unsigned int prev_load, rate_mult, sr, up, sdf;
    unsigned int cur, pmin, pmax, cmin, cmax, changes;
    const unsigned int *table;
    unsigned int n;
};

unsigned int base_od_eval(struct base_od *o, const struct pgov_hw_idle *s);

#endif
