/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One record of the oracle capture stream (pgov_oracle.ko, tests/oracle/pgov_oracle_*.c, writes
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
struct orec;
/* pgov_oracle.ko: one record into this CPU's ring (any context). */
void pgov_oracle_push(const struct orec *r);
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
    OREC_DBS = 8,       /* od_dbs_update / cs_dbs_update: one ondemand/conservative evaluation */
    OREC_SUGOV = 9,     /* sugov_update_single_freq: one schedutil callback */
    OREC_PGOV_SUGOV = 10, /* pgov_governor.ko: one pgov_schedutil hook call (libpgov in the guest) */
    OREC_PGOV_DBS = 11,   /* pgov_governor.ko: a pgov_ondemand start, evaluation or limits step */
    OREC_UCLAMP = 12,     /* pgov_uclamp.ko: enqueue_task/dequeue_task (uclamp_rq_inc/dec) */
    OREC_GRP = 13,        /* update_load_avg of the task-group hierarchy: the runqueue (head) */
    OREC_GRP_SE = 14,     /* ... the entity */
    OREC_GRP_X = 15,      /* ... the runqueue's removed load, propagation, tg contribution */
    OREC_GRP_G = 16,      /* ... a group entity's own runqueue (group entities only) */
    OREC_HEADER = 0xfe, /* first record: magic, size, uname release */
    OREC_TRAILER = 0xff /* last record: counters */
};

/* flags */
#define OREC_F_RUNNING 0x1u /* se: cfs_rq->curr == se; cfs: curr != NULL; rt/dl: arg */
#define OREC_F_TASK 0x2u    /* se is a task (my_q == NULL) */
#define OREC_F_SEEN 0x4u    /* UE_DEQ: the task's entity was PELT-updated inside the call */
#define OREC_F_REQ 0x8u     /* DBS/SUGOV: the driver was asked for a frequency inside the call */
#define OREC_F_UTIL 0x10u   /* SUGOV: effective_cpu_util ran inside the call (evaluated) */
#define OREC_F_TUNED 0x20u  /* DBS: a sysfs store changed the tunables during the call */
#define OREC_F_LIMITS 0x40u /* PGOV_SUGOV: .limits ran before the call: need_update set */
#define OREC_F_DELAYED 0x80u /* UE_ENQ/DEQ (6.12+): the task was delayed-dequeued at entry */
#define OREC_F_CAPPED 0x4u   /* SUGOV: uclamp_rq_is_capped at entry (the hold does not apply) */
#define OREC_F_MOVED 0x1u    /* UCLAMP: a clamp input read at return differs from entry's */
#define OREC_BW_UNKNOWN 0xffffffffu /* SUGOV aux: the CPU's rq not known yet */

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
 *   6.12 (a header release "6.12."): pre/post ue_enqueued is the single
 *                 u32 util_est, ue_ewma 0; the capacity is the arch
 *                 capacity; UE_DEQ x[3] is the estimate just AFTER
 *                 util_est_update (it runs first there); UE_ENQ/DEQ ret:
 *                 the task's on_rq at entry (2: migrating), OREC_F_DELAYED;
 *                 PELT_SE runnable 0 for a delayed task, PELT_CFS
 *                 h_nr_runnable; SUGOV x[2] high half: effective_cpu_util's
 *                 *min, g[6] high half: its *max, g[7] the arch capacity,
 *                 the bw_dl halves of x[1] and x[3]: sugov_cpu.bw_min.
 *   HEADER:       OREC_MAGIC, sizeof(struct orec); pre/post: uname release
 *   DBS:          load (dbs_update's return), policy->cur at entry, at return,
 *                 driver target (kHz, with OREC_F_REQ); ret: 0 ondemand,
 *                 1 conservative; aux: the returned delay (us); g[]: see below
 *   SUGOV:        time, flags | sugov_cpu.bw_dl at entry << 32, effective_cpu_util's
 *                 return (OREC_F_UTIL), fast_switch target (kHz, OREC_F_REQ) |
 *                 sugov_cpu.bw_dl at return << 32; aux: cpu_bw_dl of the policy
 *                 CPU's rq at entry (OREC_BW_UNKNOWN before its rq was seen);
 *                 g[]: see below
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
    union {
        struct {
            struct orec_avg pre;
            struct orec_avg post;
        };
        orec_u64 g[16]; /* DBS, SUGOV: the governor's state, OREC_G_* */
    };
};

/* DBS g[]: the CPU's cpu_dbs_info at entry (0..3) and at return (4..7):
 * prev_cpu_idle (us), prev_update_time (us), prev_cpu_nice (ns), prev_load;
 * then policy_dbs_info rate_mult | idle_periods << 32 at entry (8), at return
 * (9); tunables sampling_rate | up_threshold << 32 (10), sampling_down_factor
 * | ignore_nice_load << 32 (11), io_is_busy | powersave_bias (od) or
 * down_threshold (cs) << 32 (12), freq_step (cs) | policy->min << 32 (13);
 * cs requested_freq | down_skip << 32 at entry (14), at return (15), od:
 * policy->max in 14. */
/* SUGOV g[]: sugov_cpu at entry: iowait_boost | iowait_boost_pending << 32
 * (0), last_update (1), saved_idle_calls (2); at return the same (3..5);
 * util (6), max (7) at return; sugov_policy at entry: last_freq_update_time
 * (8), next_freq | cached_raw_freq << 32 (9), limits_changed |
 * need_freq_update << 8 | freq_update_delay_ns (us) << 32 (10); at return
 * the same (11..13); policy->cur at entry | at return << 32 (14), policy->min
 * | policy->max << 32 (15). */
/* PGOV_SUGOV (pgov_governor.ko, tests/oracle/pgov_gov.c): id = policy CPU
 * | the policy's governor starts << 16 | hook calls since that start << 32; ret: pgov_sugov_decide_in's
 * return (s8); aux: the path; x[]: time, the hook's flags, the util given to
 * the library, the driver's fast_switch result (OREC_F_REQ). g[]: the
 * runqueue's cfs util_avg | util_est.enqueued << 32 (0), rt | dl util_avg
 * << 32 (1), capacity | held << 32 (2), policy->cur | rate limit (us) << 32
 * (3), policy->min | policy->max << 32 (4); the library's pgov_sugov_state
 * before the call (5..8) and after it (9..12), each last_update_ns,
 * last_freq_update_ns, next_freq | cached_raw_freq << 32, iowait_boost |
 * pending << 16 | need_update << 17 (low half; high half: TICK_NSEC before,
 * cpuinfo.max_freq after); the result: next_f | util_eff << 32 (13),
 * raw_freq (14), boost_req | pending_req << 16 | boost_util << 32 (15). */
/* PGOV_DBS (pgov_governor.ko, pgov_ondemand): id as PGOV_SUGOV, calls counting
 * the start (0), evaluations and limits steps; ret: 0 start (pgov_dbs_init),
 * 1 evaluation (pgov_dbs_work), 2 limits (pgov_dbs_set_limits); aux: the
 * library's error (0); flags: OREC_F_REQ when the driver was asked; x[]: the
 * hook time the work evaluated at, the frequency asked, policy->cur after,
 * read_idle calls. g[]: the counters read_idle returned (wall_us, idle_us,
 * iowait_us, nice_ns: 0..3), then the instance after the call: last load |
 * delay_us << 32 (4), rate_mult | prev_load << 32 (5), cur_khz | last result
 * flags << 32 (6), policy min | max << 32 (7), the tunables (8 u32 by
 * pgov_dbs_tunable id: 8..11), the instance's kver_stable (12). */

/* UCLAMP (pgov_uclamp.ko): ret 0 enqueue_task, 1 dequeue_task; aux: its
 * flags; id: the task; flags: OREC_F_DELAYED when the task is delayed at
 * return, OREC_F_MOVED when x[0..2] (the in-use bit aside) read differently
 * at return. x[0]: the task's uclamp_req[MIN] | [MAX] << 32 (raw struct
 * uclamp_se: value:11, bucket_id:3, active:1, user_defined:1); x[1]: its
 * group's effective min | max << 16 | 1 << 32 when restricted (not the root
 * group, not an autogroup), else 0; x[2]: uclamp_default[MIN] | [MAX] << 16
 * | the RT default << 32 | uclamp in use (static key) << 48; x[3]: the
 * class aggregates clamps | RT << 8 | delayed at entry << 16 | prio << 32.
 * g[]: the rq's buckets at entry, MIN in 0..2 and MAX in 3..5 (two per u64,
 * each value:11 | tasks << 11), at return 6..11; rq value MIN | MAX << 16 |
 * uclamp_flags << 32 at entry (12), at return (13); the task's uclamp[MIN] |
 * [MAX] << 32 (raw) at entry (14), at return (15). */

/* GRP* (pgov_oracle_group.c): one update_load_avg(cfs_rq, se, flags) of a
 * group entity or of an entity of a group's runqueue, as 3 records (a task)
 * or 4 (a group entity), consecutive in their CPU's stream, each with the
 * CPU's sequence number in aux. Pre/post are the signals at entry/return.
 *   GRP:    the runqueue's avg; id: its address; x[0]: now (the PELT clock
 *           of the __update_load_avg_cfs_rq inside), x[1]: flags | parts << 8
 *           | root runqueue << 16 | now known << 17 | a remove_entity_load_avg
 *           on this runqueue overlapped the update << 18 | the probe of
 *           remove_entity_load_avg missed a call during the update << 19;
 *           x[2]: load.weight (raw);
 *           x[3]: PELT runnable count (6.1 h_nr_running, 6.12+ h_nr_runnable)
 *           | an entity current (curr, 7.3 h_curr) << 32
 *   GRP_SE: the entity's avg; id: its address; x[0]: load.weight (raw);
 *           x[1]: runnable_weight (groups); x[2]: on_rq | current << 1 |
 *           group << 2 | delayed << 3 | the rq's CPU not active << 4
 *   GRP_X:  g[0..7] the runqueue at entry: removed load_avg, util_avg,
 *           runnable_avg, removed nr | propagate << 32, prop_runnable_sum,
 *           tg_load_avg_contrib, last_update_tg_load_avg (6.12+),
 *           tg_runnable_avg_contrib (7.3); g[8..15] the same at return;
 *           x[3]: rq->clock at entry
 *   GRP_G:  the group's runqueue's avg; x[0]/x[1]: its prop_runnable_sum at
 *           entry/return, x[2]: its propagate at entry | at return << 32,
 *           x[3]: its load.weight (raw) */
#define OREC_GRP_PARTS 4

#endif
