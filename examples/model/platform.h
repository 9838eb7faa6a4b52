/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The modelled machine: the shipped platforms (platform.c) and the power
 * model of a core. pgov-sim's machine and pgov-trace govern read the same
 * table, so a platform name means the same hardware in both.
 */
#ifndef PGOV_MODEL_PLATFORM_H
#define PGOV_MODEL_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

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
/* Which CPU pays a wake-up's uclamp_rq_inc: the woken one, or the one that
 * runs the enqueue (the waker within an LLC; the woken CPU through its wake
 * list across LLCs). */
enum sim_uclamp_site { UCLAMP_SITE_WOKEN = 0, UCLAMP_SITE_ENQUEUER = 1 };

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
    /* uclamp's cost from bench/run, instructions per dec+inc pair (one per
     * update is half), run at one instruction per cycle at the paying CPU's
     * frequency; 0: uclamp_cost_ns instead. Kernel-style and libpgov rows. */
    uint32_t uclamp_instr, uclamp_lib_instr;
    uint32_t uclamp_site;        /* enum sim_uclamp_site */
    double w_c6, w_c1;           /* idle power per core, W */
    double w_act_min, w_act_max; /* active power per core at min / turbo freq, W */
};

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

#endif
