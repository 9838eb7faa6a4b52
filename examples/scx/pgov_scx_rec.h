/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One record of scx_pgov's decision log (BPF ring buffer -> loader -> file
 * -> scx_replay on the host). Fixed layout, little endian, 208 bytes: the
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
    PGOV_SCX_REC_DECIDE = 5     /* one schedutil evaluation of cpu's target */
};

struct pgov_scx_rec {
    uint64_t now;      /* ns (bpf_ktime_get_ns) */
    uint32_t kind;     /* pgov_scx_rec_kind */
    uint32_t cpu;      /* CPU of the step */
    uint32_t pid;      /* task of a TASK_* record, else the running task */
    uint32_t load;     /* PELT inputs of a *_PELT record */
    uint32_t runnable;
    uint32_t running;
    uint32_t weight;
    uint32_t target;   /* DECIDE: what scx_bpf_cpuperf_set() got (0: not called) */
    struct pgov_pelt_avg avg;     /* *_INIT, *_PELT: the signal after the step */
    struct pgov_sugov_params prm; /* DECIDE: parameters (max_cap = the CPU's capacity) */
    uint32_t flags;               /* DECIDE inputs: PGOV_UPDATE_IOWAIT */
    uint32_t util, uclamp_min, uclamp_max;
    struct pgov_sugov_result res; /* DECIDE: the result */
    struct pgov_sugov_state st;   /* DECIDE: the CPU's state after the step */
};

#define PGOV_SCX_REC_SIZE 232u

/* The scheduler's exit information (ops.exit), copied for the loader. */
struct scx_exit_info_copy {
    int64_t kind;
    char reason[128];
    char msg[256];
};

#endif /* PGOV_SCX_REC_H */
