/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim internals: a deterministic discrete-event simulator in which
 * libpgov's policies drive simulated hardware through the hw.h vtable.
 *
 * Files by concept:
 *   engine.c      event queue (binary heap ordered by time, then insertion), PRNG
 *   machine.c     P-states, turbo bins, C-states, APERF/MPERF/TSC, power (the machine)
 *   topo.c        the model's P-state rule and SMT pairs on the simulated CPUs
 *   cpuidle.c     the idle loop: tick stop, C-state choice
 *   sched.c       tasks, runqueues, time slicing, ticks, governor hooks
 *   loop.c        one run: set-up, the event loop and its budgets, the metrics
 *   place.c       wake-up and fork placement (wake_affine, select_idle_sibling)
 *   balance.c     idle and periodic load balancing
 *   signals.c     the fair class's PELT, util_est and uclamp; schedutil's input
 *   workload.c    the workload (.wl) parser (file:line: reason errors); its
 *                 trace-derived form in workload_trace.c, the scenario (.scn)
 *                 parser in scenario.c, what they share in parse.c
 *   keys.c        scenario and platform keys, --sweep points (keys_mech.c: the
 *                 mechanisms' keys)
 *   policy.c      policy glue: the HAL over the machine, the governors' hooks
 *   report.c      statistics, comparison tables, turbostat summaries, TSV, SVG
 *                 (report_html.c: the HTML page)
 *   sbisect.c     --bisect
 *   main.c        runs and the output folder; cli.c the command line
 * The tools' model (examples/model, shared with pgov-trace and pgovd): the
 * platform table and power model, the P-state rule, the counters, the
 * policy spec and its keys, the governor configurations and the kernel
 * profile boundaries.
 * docs/simulator.md documents every modelling assumption.
 */
#ifndef PGOV_SIM_H
#define PGOV_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIM_MAX_CPUS 128 /* the kernbench thread's machine has 120 */
#define SIM_MAX_POLICIES 8
#define SIM_MAX_PARAMS 8
#define SIM_MAX_EXPECT 16
#define SIM_MAX_SEED_LINES 12
#define SIM_PATH_LEN 512
#define SIM_ERR_LEN 640
#define SIM_NBUCKETS 256 /* time-series buckets per CPU for the plots */
#define SIM_T0_NS 1000000000ull /* simulated clock at the start of a run */
#define SIM_MAX_VARS 16

/* ------------------------------------------------------------------ errors */

/* A parse or setup error: "file:line: reason". */
struct sim_err {
    char msg[SIM_ERR_LEN];
};
void sim_errf(struct sim_err *e, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ------------------------------------------------------------------ PRNG */

/* xoshiro256** seeded by splitmix64: reproducible on every platform. */
struct sim_rng {
    uint64_t s[4];
};
void sim_rng_seed(struct sim_rng *r, uint64_t seed);
uint64_t sim_rng_next(struct sim_rng *r);
/* Uniform in [0, 1). */
double sim_rng_unit(struct sim_rng *r);

/* ------------------------------------------------------------------ events */

enum sim_ev_type {
    EV_CPU_DONE = 1, /* the running task's current compute segment ends */
    EV_TICK,         /* scheduler tick of a busy CPU */
    EV_WAKE,         /* a sleeping / io-blocked task wakes */
    EV_GOV_TIMER,    /* a timer-driven governor's timer expires */
    EV_HW,           /* periodic hardware-side work (HWP autonomous choice) */
    EV_END           /* end of a fixed-duration run */
};

struct sim_ev {
    uint64_t time;
    uint64_t seq; /* insertion order: ties resolve deterministically */
    uint32_t type;
    uint32_t id;  /* cpu or task index */
    uint32_t gen; /* must equal the target's generation, else stale */
};

struct sim_heap {
    struct sim_ev *v;
    size_t n, cap;
    uint64_t seq;
};
int sim_heap_push(struct sim_heap *h, uint64_t time, uint32_t type, uint32_t id, uint32_t gen);
bool sim_heap_pop(struct sim_heap *h, struct sim_ev *out);
void sim_heap_free(struct sim_heap *h);

/* ------------------------------------------------------------------ the model */

/* The platform table and power model, the P-state rule and the policy
 * spec are the tools' shared model (examples/model, docs/architecture.md). */
#include "model/platform.h"
#include "model/policy_spec.h"
#include "model/pstate_rule.h"

/* ------------------------------------------------------------------ workload */

enum sim_op_kind {
    OP_COMPUTE = 1, /* a: cycles, b: insensitive permille, c: jitter permille */
    OP_SLEEP,       /* a: ns, c: jitter permille */
    OP_IO,          /* a: ns, c: jitter permille (blocked, counts as iowait) */
    OP_TSLEEP,      /* a: ns, c: jitter: timer-wheel sleep (jiffy-aligned, runs the tick handler) */
    OP_FORK,        /* a: script index of the child */
    OP_WAIT,        /* wait for all children */
    OP_EXEC,        /* exec balancing (sched_exec); the task keeps its signals */
    OP_POST,        /* a: semaphore index, b: limit (0: none; a post at the limit is dropped) */
    OP_PEND,        /* a: semaphore index: block until > 0, then decrement */
    OP_COUNT,       /* one unit of throughput */
    OP_UCLAMP,      /* a: min, b: max: the task's uclamp request */
    OP_LOOP,        /* a: count, b: index of matching OP_END */
    OP_END,         /* b: index of matching OP_LOOP */
    OP_EXIT
};

struct sim_op {
    uint32_t kind;
    int line;
    uint64_t a, b, c;
};

struct sim_script {
    char name[SIM_NAME_LEN];
    struct sim_op *ops;
    uint32_t nops;
    int line;
};

struct sim_start {
    uint32_t script;
    uint32_t count;
    int32_t cpu;   /* pinned to this CPU; -1: placed like a fork, free to move */
    bool each;     /* one pinned copy per CPU ("cpu each") */
    bool daemon;   /* does not keep the run alive */
    bool background; /* daemon whose CPU time is not the workload's (cpu_s) */
    bool irq;        /* background that stands for interrupt work (hardirq, softirq) */
    int line;        /* where it is written */
};

struct sim_workload {
    char file[SIM_PATH_LEN];
    struct sim_script *scripts;
    uint32_t nscripts;
    struct sim_start *starts;
    uint32_t nstarts, starts_cap;
    char (*sems)[SIM_NAME_LEN];
    uint32_t nsems, sems_cap;
    /* A workload derived from a trace (pgov-workload 1, docs/trace.md). */
    bool from_trace;
    char trace_source[SIM_PATH_LEN];
    uint32_t trace_cpus, trace_tasks;
    uint64_t trace_span_ns; /* first to last event of the recording */
    uint64_t trace_run_ns;  /* CPU time of every burst in the recording */
};

/* ------------------------------------------------------------------ scenario */

enum sim_cmp { CMP_LT = 1, CMP_GT = 2, CMP_EQ = 3 };

struct sim_expect {
    char metric[SIM_NAME_LEN];
    char a[SIM_NAME_LEN], b[SIM_NAME_LEN];
    uint32_t cmp;
    double min_pct; /* < and >: |b vs a| at least this; ~: at most this (percent) */
    /* `seed=X%[,Y%...]`: the thread's own change of b against a, once for
     * every param value or one per value; what the closing verdict weighs
     * the model's change against (report.c: report_verdicts). */
    double seed_pct[SIM_MAX_PARAMS];
    uint32_t nseed_pct;
    char why[200];
    int line;
};

struct sim_scenario {
    char file[SIM_PATH_LEN];
    char name[SIM_NAME_LEN];
    char title[200];
    char workload_path[SIM_PATH_LEN];
    const struct sim_platform *plat; /* &platform, or a shipped one in unit tests */
    struct sim_platform platform;    /* the named platform with this scenario's plat.* keys */
    uint32_t ncpu;
    bool ncpu_given;                 /* else ncpu follows the platform's cores */
    uint32_t work_cpus;              /* the workload's tasks run on CPUs 0..work_cpus-1; 0: all */
    uint32_t hz;
    uint64_t duration_ns; /* 0: until every task has exited */
    uint64_t limit_ns;    /* safety stop for runaway workloads */
    uint32_t iterations;
    struct sim_policy_spec pol[SIM_MAX_POLICIES];
    uint32_t npol;
    char param_name[SIM_NAME_LEN];
    uint32_t param_vals[SIM_MAX_PARAMS];
    uint32_t nparam;
    struct sim_expect expect[SIM_MAX_EXPECT];
    uint32_t nexpect;
    char seed_lines[SIM_MAX_SEED_LINES][200];
    uint32_t nseed;
    bool deferrable_on_wake; /* expired deferrable timers run at idle exit (default: next busy tick) */
    uint64_t migration_cost_ns; /* sysctl sched_migration_cost (balance.c); 0: no such rules */
    uint64_t balance_unit_ns;   /* a domain's idle balance interval per CPU in it; 0: no periodic balancing */
    char throughput_unit[SIM_NAME_LEN];
    char metric_main[SIM_NAME_LEN];
    struct { char name[SIM_NAME_LEN], val[SIM_NAME_LEN]; } vars[SIM_MAX_VARS]; /* `var` */
    uint32_t nvars;
    char settings[SIM_SETTINGS_LEN]; /* keys set on top of the file (--sweep), for reports */
};

/* Copy a scenario (plat follows the copy's own platform). */
void sim_scenario_copy(struct sim_scenario *dst, const struct sim_scenario *src);
/* Consistency of a scenario after its keys are set: platform ratios and
 * bins, cpus against cores, expect labels. 0, or -1 with @err. */
int sim_scenario_check(struct sim_scenario *sc, struct sim_err *err);

int sim_scenario_parse(const char *path, struct sim_scenario *sc, struct sim_err *err);
/* Parse a workload file; `$name` tokens are replaced by @param_val when
 * name is @sc's param, else by @sc's `var` of that name (@sc may be NULL). */
int sim_workload_parse(const char *path, const struct sim_scenario *sc, uint32_t param_val,
                       struct sim_workload *wl, struct sim_err *err);
/* The same for policy @ps: its `$NAME=VALUE` settings replace the
 * scenario's vars (@ps may be NULL). */
int sim_workload_parse_for(const char *path, const struct sim_scenario *sc, uint32_t param_val,
                           const struct sim_policy_spec *ps, struct sim_workload *wl,
                           struct sim_err *err);
/* From a memory buffer, `$param_name` only (the fuzz harness, unit tests). */
int sim_workload_parse_mem(const char *name, const char *text, size_t len, const char *param_name,
                           uint32_t param_val, struct sim_workload *wl, struct sim_err *err);
void sim_workload_free(struct sim_workload *wl);
/* What only the scenario decides: pinned CPUs exist, and something other
 * than daemons keeps the run alive unless it has a duration. 0 or -1, @err. */
int sim_workload_check(const struct sim_workload *wl, const struct sim_scenario *sc,
                       struct sim_err *err);
/* ------------------------------------------------------------------ results */

enum sim_metric {
    M_ELAPSED = 0,
    M_CPU,
    M_AVG_MHZ,
    M_BZY_MHZ,
    M_BUSY,
    M_ENERGY,
    M_THROUGHPUT,
    M_FREQ_CHANGES,
    M_CSW_VOL,    /* voluntary context switches (a task blocked) */
    M_CSW_INVOL,  /* involuntary ones (preempted at the end of its slice) */
    M_MIGRATIONS, /* a task started running on another CPU than before */
    M_IDLE_TICKS, /* ticks taken on idle CPUs (tick kept by cpuidle) */
    M_PCC_CALLS,  /* pcc-cpufreq firmware calls through the shared channel */
    M_PCC_WAIT,   /* seconds CPUs spent waiting for the channel's lock */
    M_PCC_SMI,    /* seconds busy CPUs lost to other CPUs' pcc calls (plat.pcc_stall smi) */
    M_IPIS,       /* function-call (TLB flush) IPIs from execs that moved their task */
    M_WORK_MHZ,   /* the workload's own run time, weighted by the frequency it ran at */
    M_COUNT
};
extern const char *const sim_metric_names[M_COUNT];

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
