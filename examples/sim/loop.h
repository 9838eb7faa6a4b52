/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's run room (loop.c): one run of one policy over a scenario and
 * what it measures; the entry points main.c, report.c and the tests call.
 */
#ifndef PGOV_SIM_LOOP_H
#define PGOV_SIM_LOOP_H

#include "scenario.h"

/* ------------------------------------------------------------------ results */

struct sim_series {
    uint64_t width_ns; /* bucket width */
    uint32_t n;        /* buckets in use */
    uint64_t from_ns, to_ns; /* window since the run's start (to 0: whole run, width doubles) */
    double c0_ns[SIM_MAX_CPUS][SIM_NBUCKETS];
    double cycles[SIM_MAX_CPUS][SIM_NBUCKETS];
};

/* One run (one policy, one iteration). */
struct sim_result {
    double m[M_COUNT];
    bool has_throughput;
    /* P-state residency: C0 ns per 100 MHz bin (index = MHz / 100) */
    double resid_ns[64];
    double c0_ns, c1_ns, c6_ns;
    struct sim_series *series; /* iterations that are plotted, else NULL */
    uint32_t ncpu;
};

/* ------------------------------------------------------------------ running */

struct sim_run_cfg {
    const struct sim_scenario *sc;
    const struct sim_workload *wl;
    const struct sim_policy_spec *pol;
    uint64_t seed;
    bool want_series;
    uint64_t max_events;  /* per run; 0: SIM_DEFAULT_MAX_EVENTS */
    double wall_deadline; /* time(NULL) after which the run stops; 0: none */
    uint32_t max_tasks;   /* tasks alive at once; 0: SIM_DEFAULT_MAX_TASKS */
    uint64_t from_ns, to_ns; /* plot window in simulated time since start; to 0: whole run */
};

/* Run budgets (docs/simulator.md). The shipped scenarios need at most ~7 M
 * events per run (gitsuite) and let at least 3.4 simulated seconds pass per
 * 100 k events (34 s per 1 M); runaway loops (fork+wait, post/pend ping-pong,
 * compute 1) manage 0-2 s per 1 M. */
#define SIM_DEFAULT_MAX_EVENTS 100000000ull /* --max-events */
#define SIM_DEFAULT_MAX_WALL_S 3600         /* --max-wall, per invocation */
#define SIM_DEFAULT_MAX_TASKS 100000u       /* --max-tasks: live tasks (kernbench: ~35) */
#define SIM_WINDOW_EVENTS 1000000u          /* every this many events ... */
#define SIM_WINDOW_MIN_NS 10000000000ull    /* ... at least this much simulated time (10 s) */
#define SIM_WINDOW_MIN_WORK_NS 10000000ull /* ... or this much task CPU time (10 ms) */

/* Run one simulation. Returns 0, or -1 with @err set (policy init failures). */
int sim_run(const struct sim_run_cfg *cfg, struct sim_result *res, struct sim_err *err);

/* Set the policy up on the scenario's machine and tear it down again: the
 * governor's own validation, before anything runs. 0 or -1 with @err set. */
int sim_probe(const struct sim_run_cfg *cfg, struct sim_err *err);

/* Is this governor available in this build (its libpgov module present)? */
bool sim_policy_available(uint32_t gov);

#endif
