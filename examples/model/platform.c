/* SPDX-License-Identifier: BSD-2-Clause */
/* The shipped platforms (no dependencies: the parser links this alone). */
#include <string.h>

#include "model/platform.h"

/* The model's costs, the same on every platform. */
#define SIM_COSTS             \
    .smt_share_pm = 620,      \
    .migrate_cost_ns = 30000, \
    .ue_cost_ns = 30

/* One Xeon E5-2670 v3 socket: the one- and two-socket entries share it. */
#define HSW_E5_2670V3                               \
    .scaling_khz = 100000,                          \
    .min_ratio = 12,                                \
    .max_ratio = 23,                                \
    .turbo_ratio = 31,                              \
    .turbo_bins = {31, 31, 29, 28, 27, 26, 26, 26}, \
    .n_bins = 8,                                    \
    .cores = 12,                                    \
    .model = 0x3f,                                  \
    .freq_driver = DRV_TABLE,                       \
    .c1_exit_ns = 2000,                             \
    .c6_exit_ns = 133000,                           \
    .c6_residency_ns = 600000,                      \
    .pstate_domain = DOM_CORE,                      \
    .w_c6 = 0.1,                                    \
    .w_c1 = 2.0,                                    \
    .w_act_min = 3.0,                               \
    .w_act_max = 11.0

/*
 * Platform data. Ratios and turbo bins are the processors' published
 * specifications; C-state latencies and the power figures are round,
 * documented assumptions (docs/simulator.md), not measurements.
 */
const struct sim_platform sim_platforms[] = {
    {
        .name = "ivb-i7-3770",
        .desc = "Intel Core i7-3770 (IvyBridge, 4 cores, 1.6-3.4 GHz, turbo 3.9 GHz)",
        .scaling_khz = 100000,
        .min_ratio = 16,
        .max_ratio = 34,
        .turbo_ratio = 39,
        .turbo_bins = {39, 39, 38, 37},
        .n_bins = 4,
        .cores = 4,
        .model = 0x3a,
        .freq_driver = DRV_TABLE,
        .c1_exit_ns = 2000,
        .c6_exit_ns = 80000,
        .c6_residency_ns = 300000,
        .smt = 1,
        .pstate_domain = DOM_PACKAGE,
        SIM_COSTS,
        .uclamp_cost_ns = 80,
        .w_c6 = 0.05,
        .w_c1 = 1.5,
        .w_act_min = 3.0,
        .w_act_max = 17.0,
    },
    {
        .name = "hsw-e5-2670v3",
        .desc = "Intel Xeon E5-2670 v3 (Haswell-EP, 12 cores, 1.2-2.3 GHz, turbo 3.1 GHz)",
        HSW_E5_2670V3,
        SIM_COSTS,
        .smt = 1,
        .uclamp_cost_ns = 80,
    },
    {
        /* The uclamp thread's machine (seed 003): two E5-2670 v3 sockets,
         * 2 x 12 cores x 2 threads = 48 CPUs, one LLC per socket. Ratios and
         * topology: Intel ARK, Xeon E5-2670 v3 (12 cores / 24 threads, base
         * 2.30 GHz, max turbo 3.10 GHz); bins, C-states and power as the
         * one-socket entry above. uclamp's cost is this project's bench/run,
         * row uclamp_dec_inc_default_inline (bench/README.md, "Issue 15
         * goals"): 100.01 instructions per dec+inc pair for the kernel's
         * algorithm (baseline_instr_per_op, bench/baseline_uclamp.c), 41.00
         * for libpgov (instr_per_op), paid by the CPU that runs the update. */
        .name = "hsw-e5-2670v3-2s",
        .desc = "2 x Intel Xeon E5-2670 v3 (Haswell-EP, 2 x 12 cores / 24 threads, 1.2-2.3 GHz, "
                "turbo 3.1 GHz)",
        HSW_E5_2670V3,
        SIM_COSTS,
        .packages = 2,
        .smt = 2,
        .uclamp_instr = 100,
        .uclamp_lib_instr = 41,
        .uclamp_site = UCLAMP_SITE_ENQUEUER,
    },
    {
        /* The 0-day robot's nhm-white: Nehalem, one P-state for the package,
         * 133.33 MHz bus clock. C6 figures from Nehalem's idle tables. */
        .name = "nhm-i7-870",
        .desc = "Intel Core i7-870 (Nehalem, 4 cores / 8 threads, 1.2-2.93 GHz, turbo 3.6 GHz)",
        .scaling_khz = 133333,
        .min_ratio = 9,
        .max_ratio = 22,
        .turbo_ratio = 27,
        .turbo_bins = {27, 26, 24, 24},
        .n_bins = 4,
        .cores = 4,
        .model = 0x1e,
        .freq_driver = DRV_TABLE,
        .c1_exit_ns = 3000,
        .c6_exit_ns = 200000,
        .c6_residency_ns = 800000,
        .smt = 2,
        .pstate_domain = DOM_PACKAGE,
        SIM_COSTS,
        .uclamp_cost_ns = 80,
        .w_c6 = 0.1,
        .w_c1 = 2.0,
        .w_act_min = 4.0,
        .w_act_max = 24.0,
    },
    {
        .name = "pcc-e7-4890v2",
        .desc = "pcc-cpufreq server node (Xeon E7-4890 v2 class, 15 cores / 30 threads, "
                "1.2-2.8 GHz, turbo 3.4 GHz; pcc requests are firmware calls)",
        .scaling_khz = 100000,
        .min_ratio = 12,
        .max_ratio = 28,
        .turbo_ratio = 34,
        .turbo_bins = {34, 34, 33, 32, 31, 30, 30, 29},
        .n_bins = 8,
        .cores = 15,
        .model = 0x3e,
        .freq_driver = DRV_PCC,
        .pcc_call_ns = 400000,
        .pcc_stall = PCC_STALL_SMI,
        .c1_exit_ns = 2000,
        .c6_exit_ns = 100000,
        .c6_residency_ns = 500000,
        .smt = 2,
        /* Ivy Bridge-EX runs all active cores of a package at one frequency,
         * the highest request (Xeon E7-2800/4800/8800 v2 datasheet); per-core
         * P-states came with Haswell-EP. The grep seed thread saw no gain on
         * an IvyTown server for that reason: no per-core P-state support. */
        .pstate_domain = DOM_PACKAGE,
        SIM_COSTS,
        .uclamp_cost_ns = 80,
        .w_c6 = 0.1,
        .w_c1 = 2.0,
        .w_act_min = 3.0,
        .w_act_max = 10.0,
    },
    {0},
};

struct sim_power sim_power_fit(const struct sim_platform *pl)
{
    double f0 = (double)pl->min_ratio * pl->scaling_khz, f1 = (double)pl->turbo_ratio * pl->scaling_khz;
    double b = (pl->w_act_max - pl->w_act_min) / (f1 * f1 * f1 - f0 * f0 * f0);
    return (struct sim_power){.a = pl->w_act_min - b * f0 * f0 * f0, .b = b};
}

double sim_power_active_w(const struct sim_power *pw, uint32_t khz, bool sibling_c0)
{
    double f = khz;
    return (pw->a + pw->b * f * f * f) * (sibling_c0 ? 0.5 : 1.0);
}

const struct sim_platform *sim_platform_find(const char *name)
{
    for (const struct sim_platform *p = sim_platforms; p->name; p++)
        if (strcmp(p->name, name) == 0)
            return p;
    return NULL;
}

