/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A deterministic fake backend for load-sampling governors (ondemand,
 * conservative): per-CPU cumulative wall/idle/iowait/nice counters that
 * advance with a workload whose busy share depends on the frequency the
 * governor set (closed loop), plus error injection and a call log.
 */
#ifndef PGOV_TEST_FAKE_IDLE_H
#define PGOV_TEST_FAKE_IDLE_H

#include <stdint.h>
#include <pgov/hw.h>

#define FAKE_IDLE_MAXCPU 8

struct fake_idle_cpu {
    uint32_t id;          /* CPU id the governor passes to read_idle */
    uint32_t work_pct;    /* busy percent if it ran at max_khz */
    uint32_t iowait_pct;  /* share of the idle time spent in iowait */
    uint32_t nice_pct;    /* share of the busy time that is niced */
    struct pgov_hw_idle c; /* the counters read_idle returns */
};

struct fake_idle {
    uint32_t ncpu;
    struct fake_idle_cpu cpu[FAKE_IDLE_MAXCPU];
    uint32_t cur_khz;       /* last frequency set (the hardware's) */
    uint32_t max_khz;       /* frequency at which work_pct applies */
    uint32_t set_calls;     /* set_freq_khz calls that succeeded */
    uint32_t set_cpu;       /* CPU of the last set_freq_khz */
    uint32_t reads;         /* read_idle calls (including failed ones) */
    uint32_t traces;        /* trace events seen */
    int fail_read;          /* error returned by read_idle when non-zero */
    int fail_set;           /* error returned by set_freq_khz when non-zero */
    uint32_t fail_read_after; /* fail only once this many reads succeeded */
};

/* Counters start at wall 1 s, idle 1 s (an idle boot), ids 0..ncpu-1. */
void fake_idle_init(struct fake_idle *f, uint32_t ncpu, uint32_t cur_khz, uint32_t max_khz);
/* Advance every CPU by @us of wall time at the current frequency. */
void fake_idle_advance(struct fake_idle *f, uint64_t us);

extern const struct pgov_hw_ops fake_idle_ops;

#endif
