/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PGOV_BENCH_BASELINE_DBS_H
#define PGOV_BENCH_BASELINE_DBS_H

#include <stdint.h>
#include <pgov/freq_table.h>
#include <pgov/hw.h>

/* State of the baseline ondemand policy (one CPU): the per-CPU and
 * policy words the kernel's evaluation reads and writes. */
struct base_od {
    uint64_t prev_idle, prev_wall, prev_nice, sample_delay_ns;
    unsigned int prev_load, rate_mult, sr, up, sdf;
    unsigned int io_busy, ignore_nice, powersave_bias, efficiencies;
    unsigned int sample_type, freq_lo, freq_lo_delay_us, freq_hi_delay_us, idle_periods;
    unsigned int cur, pmin, pmax, cmin, cmax, changes;
    const struct pgov_freq_entry *table;
    unsigned int n;
};

unsigned int base_od_eval(struct base_od *o, const struct pgov_hw_idle *s);

#endif
