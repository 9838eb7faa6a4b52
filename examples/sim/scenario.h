/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's workload and scenario room: the .wl and .scn files as parsed
 * (workload.c, workload_trace.c, scenario.c, parse.c, keys.c).
 */
#ifndef PGOV_SIM_SCENARIO_H
#define PGOV_SIM_SCENARIO_H

#include "engine.h"

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

/* ------------------------------------------------------------------ metrics */

/* What a run measures, by the names `expect` lines use (defined in workload.c). */
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
    uint64_t wakeup_gran_ns;    /* sysctl sched_wakeup_granularity_ns, unscaled (sched.c); 0: no wake-up preemption */
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

#endif
