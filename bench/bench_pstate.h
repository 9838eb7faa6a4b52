/* SPDX-License-Identifier: BSD-2-Clause */
/* Shared between bench_pstate.c and baseline_pstate.c. */
#ifndef PGOV_BENCH_PSTATE_H
#define PGOV_BENCH_PSTATE_H

#include <stdint.h>
#include <pgov/pgov.h>

/* The kernel-shaped per-CPU struct of the baseline. */
struct base_cpu {
    uint64_t prev_aperf, prev_mperf, prev_tsc;
    uint64_t d_aperf, d_mperf, d_tsc;
    uint64_t time, last_sample_time, last_update;
    uint64_t sample_ns, tick_ns;
    int32_t core, busy_scaled, integral, last_err;
    int32_t setpoint, deadband, p_gain, i_gain, d_gain;
    uint32_t iowait_boost, pstate, min_pstate, max_pstate, turbo_pstate, max_phys, cpu;
    /* The limits the kernel reads at each decision: no_turbo, turbo
     * disabled (v4.6: refreshed from the MISC_ENABLE bit each decision),
     * max/min_perf (v4.6, fp8) and the perf ratios (v4.13+). */
    uint32_t no_turbo, turbo_disabled, misc_turbo_off;
    int32_t max_perf, min_perf;
    uint32_t min_ratio, max_ratio;
    int (*read)(void *ctx, uint32_t cpu, struct pgov_hw_counters *out);
    int (*write)(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t ctl);
    void *ctx;
};

void base_pstate_update_pid(struct base_cpu *cpu, uint64_t time);
void base_pstate_update_load(struct base_cpu *cpu, uint64_t time, uint32_t flags);
/* ``flags`` of base_pstate_update_load(): an IOWAIT wakeup, a remote callback. */
#define BASE_PSTATE_IOWAIT 1u
#define BASE_PSTATE_REMOTE 2u
uint32_t base_sugov_next_freq(const struct pgov_sugov_params *p, uint32_t util);

/* The kernel-shaped schedutil per-CPU state of the baseline (one CPU,
 * invariant, no table). limits_changed and bw_min are the policy's and the
 * CPU's words the v6.18 callback reads on every call. */
struct base_sugov {
    const struct pgov_sugov_params *p;
    uint64_t last_update, last_freq_update;
    uint32_t boost, pending, next_freq, cached_raw;
    uint32_t limits_changed, bw_min;
};

/* The runqueue terms the callback reads besides the utilisation: uclamp
 * values, the deadline floor and bandwidth, "capped" (uclamp_rq_is_capped). */
struct base_sugov_rq {
    uint32_t uclamp_min, uclamp_max, bw_min, bw_dl, capped;
};

/* One schedutil callback (sugov_update_single_freq); returns next_freq. */
uint32_t base_sugov_update(struct base_sugov *s, const struct base_sugov_rq *rq, uint64_t now,
                           uint32_t flags, uint32_t util, uint32_t held);

#endif
