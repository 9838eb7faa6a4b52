/* SPDX-License-Identifier: BSD-2-Clause */
/* The replayed hardware inputs (gen_trace.py writes trace.c). */
#ifndef PGOV_CM_TRACE_H
#define PGOV_CM_TRACE_H
#include <stdint.h>

/* One utilization-update hook call: time and the absolute counters the
 * counter block shows at that moment. */
struct trace_row {
    uint64_t time_ns, aperf, mperf, tsc;
    uint32_t flags; /* 1: an IOWAIT wakeup */
};

struct trace_scenario {
    const char *variant, *name;
    uint32_t kver;
    uint32_t pmin, pmax, pmax_phys, pturbo; /* platform ratios */
    uint32_t min_ratio, max_ratio;          /* policy limits */
    uint64_t tick_ns;
    const struct trace_row *rows;
    unsigned nrows;
};

extern const struct trace_scenario trace_scenarios[];
extern const unsigned trace_nscenarios;
#endif
