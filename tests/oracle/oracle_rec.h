/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One record of the oracle capture stream (tests/oracle/pgov_oracle.c writes
 * it in the guest, tests/oracle/oracle_replay.c reads it on the host). Fixed
 * size, little-endian, no padding. `pre` and `post` are the kernel's struct
 * sched_avg (v6.1 layout, checked against BTF at build time) at the entry and
 * at the return of the probed function.
 */
#ifndef PGOV_ORACLE_REC_H
#define PGOV_ORACLE_REC_H

#ifdef __KERNEL__
#include <linux/types.h>
typedef u8 orec_u8;
typedef u32 orec_u32;
typedef u64 orec_u64;
#else
#include <stdint.h>
typedef uint8_t orec_u8;
typedef uint32_t orec_u32;
typedef uint64_t orec_u64;
#endif

#define OREC_MAGIC 0x3152434f5647504full /* "PGOVOCR1" */

enum orec_kind {
    OREC_NONE = 0,      /* unused disk space: end of data */
    OREC_PELT_SE = 1,   /* __update_load_avg_se */
    OREC_PELT_BLOCKED = 2, /* __update_load_avg_blocked_se */
    OREC_PELT_CFS = 3,  /* __update_load_avg_cfs_rq */
    OREC_PELT_RT = 4,   /* update_rt_rq_load_avg */
    OREC_PELT_DL = 5,   /* update_dl_rq_load_avg */
    OREC_UE_ENQ = 6,    /* enqueue_task_fair (util_est_enqueue at its start) */
    OREC_UE_DEQ = 7,    /* dequeue_task_fair (util_est_dequeue + util_est_update) */
    OREC_HEADER = 0xfe, /* first record: magic, size, uname release */
    OREC_TRAILER = 0xff /* last record: counters */
};

/* flags */
#define OREC_F_RUNNING 0x1u /* se: cfs_rq->curr == se; cfs: curr != NULL; rt/dl: arg */
#define OREC_F_TASK 0x2u    /* se is a task (my_q == NULL) */
#define OREC_F_SEEN 0x4u    /* UE_DEQ: the task's entity was PELT-updated inside the call */

struct orec_avg { /* struct sched_avg of v6.1 */
    orec_u64 last_update_time;
    orec_u64 load_sum;
    orec_u64 runnable_sum;
    orec_u32 util_sum;
    orec_u32 period_contrib;
    orec_u64 load_avg;
    orec_u64 runnable_avg;
    orec_u64 util_avg;
    orec_u32 ue_enqueued;
    orec_u32 ue_ewma;
};

/*
 * x[] by kind:
 *   PELT_SE:      now, se load.weight (raw), se_runnable(se), se on_rq
 *   PELT_BLOCKED: now, se load.weight (raw)
 *   PELT_CFS:     now, cfs_rq load.weight (raw), h_nr_running
 *   PELT_RT/DL:   now
 *   UE_ENQ:       rq cfs util_est.enqueued at entry, at return
 *   UE_DEQ:       same, then cpu_capacity_orig, then the task's util_est
 *                 {enqueued | ewma << 32} just before util_est_update
 *   HEADER:       OREC_MAGIC, sizeof(struct orec); pre/post: uname release
 *   TRAILER:      records written, dropped (ring full), capped (limit), kretprobe
 *                 misses (instance pool empty); aux: kprobe misses (hit while
 *                 another probe handler ran on that CPU)
 */
struct orec {
    orec_u8 kind;
    orec_u8 cpu;
    orec_u8 ret;   /* return value of the probed function (int, low byte) */
    orec_u8 flags;
    orec_u32 aux;  /* UE_ENQ/DEQ: flags argument */
    orec_u64 id;   /* address of the signal (chains a signal's updates) */
    orec_u64 x[4];
    struct orec_avg pre;
    struct orec_avg post;
};

#endif
