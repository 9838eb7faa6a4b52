/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim internals: a deterministic discrete-event simulator in which
 * libpgov's policies drive simulated hardware through the hw.h vtable.
 *
 * Files by concept:
 *   engine.c    event queue (binary heap ordered by time, then insertion), PRNG
 *   machine.c   platforms, P-states, turbo bins, C-states, APERF/MPERF/TSC, power
 *   sched.c     tasks, runqueues, time slicing, placement, ticks, governor hooks
 *   loop.c      one run: set-up, the event loop and its budgets, the metrics
 *   workload.c  the workload (.wl) parser (file:line: reason errors); its
 *               trace-derived form in workload_trace.c, the scenario (.scn)
 *               parser in scenario.c, what they share in parse.c
 *   policy.c    policy glue: performance/powersave and the libpgov governors
 *   report.c    statistics, comparison tables, turbostat summaries, TSV, SVG
 *   main.c      runs and the output folder; cli.c the command line
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
#define SIM_NAME_LEN 64
#define SIM_PATH_LEN 512
#define SIM_ERR_LEN 640
#define SIM_NBUCKETS 256 /* time-series buckets per CPU for the plots */
#define SIM_T0_NS 1000000000ull /* simulated clock at the start of a run */
#define SIM_MAX_VARS 16
#define SIM_MAX_POLICY_VARS 2
#define SIM_SETTINGS_LEN 512

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

/* ------------------------------------------------------------------ platform */

/* Which CPUs share one P-state: per core (Haswell-EP and later servers) or
 * one for the package (client parts, Ivy Bridge-EP): the hardware runs the
 * domain at the highest request of its CPUs in C0. */
enum sim_pstate_domain { DOM_CORE = 0, DOM_PACKAGE = 1 };

enum sim_freq_driver {
    DRV_TABLE = 0, /* acpi-cpufreq style table of 100 MHz steps (+ turbo entry) */
    DRV_PCC = 1    /* pcc-cpufreq: any kHz, firmware call per change */
};

/* Who a pcc firmware call stops: only the calling CPU, or (an SMI, which
 * every logical CPU enters) every CPU of the machine for the call's length. */
enum sim_pcc_stall { PCC_STALL_CALLER = 0, PCC_STALL_SMI = 1 };

/* What a C-state exit counts as in the residency counters: the C-state
 * being left (MPERF and APERF start when the exit ends; the default, since
 * MPERF counts in C0 and the exit latency is the time before the CPU
 * executes again) or C0 (they run from the wake-up; 0.6.2's default).
 * Either way the woken task waits for the whole exit. */
enum sim_exit_counts { EXIT_IDLE = 0, EXIT_C0 = 1 };

struct sim_platform {
    const char *name;
    const char *desc;
    uint32_t scaling_khz;        /* kHz per ratio */
    uint32_t min_ratio;          /* lowest P-state */
    uint32_t max_ratio;          /* max non-turbo (= TSC rate) */
    uint32_t turbo_ratio;        /* max turbo (1 active core) */
    uint32_t turbo_bins[8];      /* turbo limit with n+1 active cores (last repeats) */
    uint32_t n_bins;
    uint32_t cores;              /* physical cores per package */
    uint32_t packages;           /* sockets (turbo bins and package P-states are per package); 0: 1 */
    uint32_t model;              /* x86 model number (ondemand io_is_busy default) */
    uint32_t freq_driver;        /* enum sim_freq_driver for ondemand/schedutil */
    uint32_t pcc_call_ns;        /* firmware latency of one pcc request (serialised) */
    uint32_t pcc_stall;          /* enum sim_pcc_stall: who the firmware call stops */
    uint32_t c1_exit_ns, c6_exit_ns, c6_residency_ns;
    uint32_t smt;                /* hardware threads per core (1 or 2) */
    uint32_t pstate_domain;      /* enum sim_pstate_domain */
    uint32_t pstate_stall_ns;    /* a running CPU halts this long when its frequency changes; 0: not at all */
    uint32_t exit_counts;        /* enum sim_exit_counts */
    uint32_t smt_share_pm;       /* permille of a core's throughput each of two busy threads gets */
    uint32_t migrate_cost_ns;    /* refilling a task's cache footprint on another core */
    uint32_t ue_cost_ns;         /* kernel time per util_est update (enqueue, dequeue) */
    uint32_t uclamp_cost_ns;     /* kernel time per uclamp bucket update (enqueue, dequeue) */
    double w_c6, w_c1;           /* idle power per core, W */
    double w_act_min, w_act_max; /* active power per core at min / turbo freq, W */
};

/* ------------------------------------------------------------------ P-state rule */

/*
 * The hardware's P-state rule (topo.c), on plain per-CPU records so that
 * pgov-sim's machine and pgov-trace govern apply the same one: logical CPU
 * i is in C0 when *(c0 + i * stride) and requests *(req_khz + i * stride)
 * (both tools keep these in an array of per-CPU structs; stride is its
 * element size).
 */
struct topo_view {
    const struct sim_platform *plat;
    uint32_t ncpu;
    const bool *c0;
    const uint32_t *req_khz;
    size_t stride;
};

/* Hardware threads per core (1 when the platform has no SMT). */
uint32_t topo_plat_smt(const struct sim_platform *pl);
/* The other thread of @cpu's core (threads 2k and 2k + 1 share one), or
 * UINT32_MAX without SMT or when it is past @ncpu. */
uint32_t topo_plat_sibling(const struct sim_platform *pl, uint32_t ncpu, uint32_t cpu);
/* The CPUs of @cpu's package: [*first, *first + *n). */
void topo_view_package(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n);
/* The CPUs sharing @cpu's P-state (its core's threads, or its package). */
void topo_view_domain(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n);
/* Cores of @cpu's package with a thread in C0 (what its turbo bins count). */
uint32_t topo_view_active_cores(const struct topo_view *v, uint32_t cpu);
/* @khz within [min ratio, the turbo bin for @active_cores] (0 counts as 1). */
uint32_t topo_turbo_clamp(const struct sim_platform *pl, uint32_t khz, uint32_t active_cores);
/* The running frequency of every CPU of @cpu's domain, [*first, *first +
 * *n): member *first + k runs at eff_khz[k] (room for the domain's CPUs).
 * A domain with a CPU in C0 runs at the highest request of its CPUs in C0
 * (an idle CPU does not vote); an idle domain's CPUs each keep their own
 * (what they would get on waking); then the package's turbo bin caps it. */
void topo_view_domain_eff(const struct topo_view *v, uint32_t cpu, uint32_t *first, uint32_t *n,
                          uint32_t *eff_khz);
const struct sim_platform *sim_platform_find(const char *name);
extern const struct sim_platform sim_platforms[];

/* A core's active power, P = a + b f^3 (f in kHz) through (min ratio,
 * w_act_min) and (turbo ratio, w_act_max) (platform.c): the one power model
 * of pgov-sim's machine and pgov-trace govern. */
struct sim_power {
    double a, b;
};
struct sim_power sim_power_fit(const struct sim_platform *pl);
/* Watts charged to a thread in C0 at @khz: a busy core's power is shared
 * by its threads, so half when its SMT sibling is in C0 too. */
double sim_power_active_w(const struct sim_power *pw, uint32_t khz, bool sibling_c0);

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

enum sim_gov {
    GOV_PERFORMANCE = 1,
    GOV_POWERSAVE,
    GOV_INTEL_PSTATE,
    GOV_HWP, /* HWP with dynamic boost */
    GOV_SCHEDUTIL,
    GOV_ONDEMAND,
    GOV_CONSERVATIVE
};

enum sim_algo { ALGO_DEFAULT = 0, ALGO_PID, ALGO_LOAD, ALGO_ATOM };
enum sim_variant { VAR_NONE = 0, VAR_RFC_PERCPU, VAR_RFC_ALL, VAR_DEADBAND };

/* The idle loop's order (cpuidle.c): stop the tick, then pick a state
 * (before 554c8aa8ecad), or pick the state first and keep the tick when
 * the governor predicts an idle period shorter than a tick (after). */
enum sim_cpuidle { IDLE_TICK_FIRST = 0, IDLE_SELECT_FIRST = 1 };

/* wake_affine (place.c): whether a wake-up moves to the waker's CPU. auto
 * takes the rule of the policy's release (sched_kver, else kver); off is
 * select_idle_sibling around the previous CPU alone. */
enum sim_wake_affine {
    WA_AUTO = 0,
    WA_LOAD = 1,      /* up to 4.13: an idle waker, or runnable loads compared */
    WA_IDLE = 2,      /* 4.14, 4.15: an idle waker always, else loads compared */
    WA_PREV_IDLE = 3, /* 4.16 on: an idle previous CPU wins over an idle waker */
    WA_OFF = 4
};

enum sim_util_est_mode { UE_ON = 0, UE_OFF = 1, UE_EVERY_DEQUEUE = 2 };

struct sim_policy_spec {
    char label[SIM_NAME_LEN];
    uint32_t gov;
    uint32_t kver;       /* PGOV_KVER_* of the governor; 0 = newest */
    uint32_t algo;       /* intel_pstate algorithm: enum sim_algo */
    uint32_t variant;    /* enum sim_variant */
    uint32_t util_est;   /* enum sim_util_est_mode */
    uint32_t sched_kver; /* PGOV_KVER_* for PELT/util_est; 0 = newest */
    uint32_t cpuidle;    /* enum sim_cpuidle */
    bool uclamp_off;     /* CONFIG_UCLAMP_TASK=n: no buckets, no bookkeeping cost */
    bool exec_util_est_fixed; /* exec balancing discounts the exec'ing task's own util_est */
    uint32_t wake_affine; /* enum sim_wake_affine */
    /* Governor tunables (keys.c); 0 = the governor's default. */
    uint64_t pst_sample_ns, pst_hold_ns;
    uint32_t pst_setpoint, pst_deadband, pst_p_gain, pst_i_gain, pst_d_gain;
    uint32_t pst_no_turbo, pst_min_ratio, pst_max_ratio, pst_min_perf_fp, pst_max_perf_fp;
    uint32_t pst_c0_cutoff; /* 0 = as the profile has it, 1 = off (ffb810563c0c reverted alone) */
    uint64_t dbs_sampling_rate_ns;
    uint32_t dbs_up_threshold, dbs_sampling_down_factor, dbs_io_is_busy,
        dbs_powersave_bias, dbs_down_threshold, dbs_freq_step, dbs_ignore_nice;
    uint32_t tun_set;    /* bits (1 << pgov_dbs_tunable): given, even if 0 */
    uint64_t sugov_rate_limit_ns; /* 0: 500 us (intel_cpufreq) */
    /* `$NAME=VALUE` on the policy line: this policy's workload sees VALUE for
     * the scenario var NAME (the kernel's own activity differs by kernel);
     * a VALUE of `$OTHER` is the scenario var OTHER. */
    struct { char name[SIM_NAME_LEN], val[SIM_NAME_LEN]; } vars[SIM_MAX_POLICY_VARS];
    uint32_t nvars;
    char text[SIM_SETTINGS_LEN]; /* the policy line as written (+ sweep settings), for reports */
    int line;            /* where it is written in the scenario file */
};

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
/* One policy: GOVERNOR [key=value...] in v[0..n-1], as on a scenario's
 * `policy LABEL ...` line (pgov-trace govern --policy shares it); the '='
 * of each option in v is overwritten. 0, or -1 with @why set. */
int sim_policy_parse(const char *label, char **v, int n, struct sim_policy_spec *ps, char *why,
                     size_t whylen);
/* Set (or replace) the policy's own value of workload var @name. 0 or -1, @why. */
int sim_policy_set_var(struct sim_policy_spec *ps, const char *name, const char *val, char *why,
                       size_t n);

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
const char *sim_gov_name(uint32_t gov);

#endif
