/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One record of scx_pgov's decision log (BPF ring buffer -> loader -> file
 * -> scx_replay on the host). Fixed layout, little endian, 296 bytes: the
 * BPF side (scx_pgov.bpf.c), the loader and the host replay share it.
 * Every record carries the inputs of one step and what the BPF side
 * computed, so the host can redo the step through libpgov's ABI tier and
 * compare every field.
 */
#ifndef PGOV_SCX_REC_H
#define PGOV_SCX_REC_H

#include <pgov/pelt.h>
#include <pgov/sugov.h>

enum pgov_scx_rec_kind {
    PGOV_SCX_REC_TASK_INIT = 1, /* task signal started at now (pid) */
    PGOV_SCX_REC_TASK_PELT = 2, /* task signal updated (pid) */
    PGOV_SCX_REC_CPU_INIT = 3,  /* CPU signal started at now (cpu) */
    PGOV_SCX_REC_CPU_PELT = 4,  /* CPU signal updated (cpu) */
    PGOV_SCX_REC_DECIDE = 5,    /* one schedutil evaluation of cpu's target */
    PGOV_SCX_REC_KSUGOV = 6     /* one callback of the kernel's schedutil (cpu = policy) */
};

/* KSUGOV kflags */
#define PGOV_SCX_K_EVALUATED 0x1u /* effective_cpu_util ran: util, uclamp_min (*min), uclamp_max (*max) */
#define PGOV_SCX_K_HELD 0x2u      /* sugov_hold_freq returned true */
#define PGOV_SCX_K_COMMIT 0x4u    /* a new frequency committed (next_freq or its time changed) */
#define PGOV_SCX_K_REMOTE 0x8u    /* run on another CPU than the policy's */

struct pgov_scx_rec {
    uint64_t now;      /* ns (bpf_ktime_get_ns) */
    uint32_t kind;     /* pgov_scx_rec_kind */
    uint32_t cpu;      /* CPU of the step */
    uint32_t pid;      /* task of a TASK_* record, else the running task */
    uint32_t load;     /* PELT inputs of a *_PELT record */
    uint32_t runnable;
    uint32_t running;
    uint32_t weight;
    uint32_t target;   /* DECIDE: what scx_bpf_cpuperf_set() got (0: not called);
                          KSUGOV: the frequency committed (kHz) */
    struct pgov_pelt_avg avg;     /* *_INIT, *_PELT: the signal after the step */
    struct pgov_sugov_params prm; /* DECIDE: parameters (max_cap = the CPU's capacity) */
    uint32_t flags;               /* DECIDE inputs: PGOV_UPDATE_IOWAIT */
    uint32_t util, uclamp_min, uclamp_max;
    struct pgov_sugov_result res; /* DECIDE: the result */
    struct pgov_sugov_state st;   /* DECIDE: the CPU's state after the step;
                                     KSUGOV: the kernel's state before it */
    /* KSUGOV only (flags above: the kernel's SCHED_CPUFREQ_* argument;
     * prm: freq_update_delay_ns, cpuinfo.max_freq, policy min/max) */
    struct pgov_sugov_state kafter; /* the kernel's state after the callback */
    uint32_t kcpu_bw_dl;  /* rq->dl.running_bw in capacity units, at entry */
    uint32_t kutil_cfs;   /* effective_cpu_util's util_cfs argument */
    uint32_t kflags;      /* PGOV_SCX_K_* */
    uint32_t kcur_khz;    /* policy->cur at entry */
    uint32_t kscx_target; /* rq->scx.cpuperf_target at entry */
    uint32_t kpad;
};

#define PGOV_SCX_REC_SIZE 296u
/* Every 64-bit field sits at a multiple of 8 by itself, so the layout is
 * the same for BPF, x86-64 and i386 (m32 preset: the committed log). */
_Static_assert(sizeof(struct pgov_scx_rec) == PGOV_SCX_REC_SIZE, "pgov_scx_rec layout");

/* The scheduler's exit information (ops.exit), copied for the loader. */
struct scx_exit_info_copy {
    int64_t kind;
    char reason[128];
    char msg[256];
};

#endif /* PGOV_SCX_REC_H */
