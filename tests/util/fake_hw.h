/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A deterministic fake CPU behind the hw.h vtable, for closed-loop tests.
 *
 * Counters follow the model of the vectors: the TSC runs at the max
 * non-turbo frequency, MPERF counts TSC cycles while in C0 (busy fraction),
 * APERF counts MPERF scaled by the P-state the governor last set. Time,
 * counter values, busy fraction and idle accounting are set directly by the
 * test (wrap, backwards time and long idle are just values). Every write is
 * recorded; any callback can be made to fail.
 */
#ifndef PGOV_TEST_FAKE_HW_H
#define PGOV_TEST_FAKE_HW_H

#include <stdint.h>
#include <pgov/pgov.h>

/* The last writes are kept in a ring (small: the tests also run on a 16 KiB
 * Cortex-M0); nwrites counts them all. */
#define FAKE_HW_MAX_WRITES 16

/* Which callback fails next (fake_hw.fail_op). */
enum fake_hw_op {
    FAKE_OP_NONE = 0,
    FAKE_OP_CLOCK,
    FAKE_OP_COUNTERS,
    FAKE_OP_LIMITS,
    FAKE_OP_PSTATE,
    FAKE_OP_HWP,
    FAKE_OP_IDLE,
    FAKE_OP_FREQ
};

struct fake_hw_write {
    uint64_t time_ns;
    uint32_t pstate;
    uint64_t value; /* PERF_CTL or HWP_REQUEST */
};

struct fake_hw {
    uint32_t cpu;                /* the CPU this fake is */
    struct pgov_hw_limits lim;   /* returned by get_limits */
    uint64_t now_ns;             /* clock_ns */
    uint64_t aperf, mperf, tsc;  /* absolute counters */
    uint64_t iowait_us;          /* cumulative iowait */
    uint64_t idle_us;            /* cumulative idle (not iowait) */
    uint32_t freq_khz;           /* last set_freq_khz */
    uint32_t busy_permille;      /* C0 residency used by fake_hw_run */
    uint32_t pstate;             /* P-state in force (last set_pstate) */
    uint64_t hwp_request;        /* last HWP_REQUEST written */
    uint32_t fail_op;            /* enum fake_hw_op: fail this callback ... */
    int fail_code;               /* ... with this code ... */
    uint32_t fail_count;         /* ... this many times */
    uint32_t reads;              /* read_counters calls */
    uint32_t other_cpu_calls;    /* callbacks that named another CPU */
    uint32_t nwrites;            /* writes so far */
    struct fake_hw_write writes[FAKE_HW_MAX_WRITES]; /* write n is writes[n % MAX] */
    uint32_t ntrace;             /* trace events seen */
};

/* The vtable; pass a struct fake_hw * as ctx. */
extern const struct pgov_hw_ops fake_hw_ops;

/* A fake IvyBridge-like CPU (min 16, max 34, turbo 39) unless @lim given. */
void fake_hw_init(struct fake_hw *f, uint32_t cpu, const struct pgov_hw_limits *lim);

/* Advance time by @dt_ns; counters advance with the busy fraction and the
 * P-state in force (closed loop); iowait grows by @iowait_permille of dt
 * and idle by the rest of the non-busy time. */
void fake_hw_run(struct fake_hw *f, uint64_t dt_ns, uint32_t iowait_permille);

/* The most recent write (nwrites must be > 0). */
const struct fake_hw_write *fake_hw_last(const struct fake_hw *f);

/* Fail the next @count calls of @op with @code. */
void fake_hw_fail(struct fake_hw *f, enum fake_hw_op op, int code, uint32_t count);

#endif
