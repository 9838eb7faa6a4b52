/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Updates captured from a running Linux (tests/oracle), one update per row
 * with its own prior state. The same functions serve pgov-replay (formats
 * linux_pelt, linux_util_est, the governors' and linux_pelt_group, files
 * tests/vectors/linux-*.tsv) and the oracle's host replay, so both
 * recompute a captured update the same way.
 */
#ifndef PGOV_REPLAY_LINUX_H
#define PGOV_REPLAY_LINUX_H

#include <stdint.h>
#include <stdio.h>

#include <pgov/dbs.h>
#include <pgov/freq_table.h>
#include <pgov/pelt.h>
#include <pgov/pelt_group.h>
#include <pgov/sugov.h>
#include <pgov/util_est.h>

/* Which kernel function made the update. */
enum replay_linux_pelt_flavour {
    REPLAY_LINUX_TASK,    /* __update_load_avg_se, entity is a task */
    REPLAY_LINUX_GROUP,   /* __update_load_avg_se, entity is a group */
    REPLAY_LINUX_BLOCKED, /* __update_load_avg_blocked_se */
    REPLAY_LINUX_CFS_RQ,  /* __update_load_avg_cfs_rq */
    REPLAY_LINUX_RT_RQ,   /* update_rt_rq_load_avg */
    REPLAY_LINUX_DL_RQ,   /* update_dl_rq_load_avg */
    REPLAY_LINUX_NFLAVOURS
};
extern const char *const replay_linux_pelt_names[REPLAY_LINUX_NFLAVOURS];

/*
 * Recompute one PELT update in place from the kernel's raw inputs:
 * weight_raw is load.weight of the entity or cfs_rq (unscaled, as in the
 * kernel's struct load_weight), runnable is se->runnable_weight for a group,
 * h_nr_running (6.12: h_nr_runnable) for a cfs_rq and for a task its on_rq,
 * 0 while it is delayed-dequeued (6.12+), on_rq is se->on_rq, running is
 * cfs_rq->curr == se (entity), curr != NULL (cfs_rq) or the rt/dl argument.
 * Returns the library's result (1 recomputed, 0 not, negative on error).
 */
int replay_linux_pelt(unsigned flavour, struct pgov_pelt_avg *sa, uint64_t now,
                      uint64_t weight_raw, uint64_t runnable, uint32_t on_rq, uint32_t running);

/*
 * A PELT signal into a replay row (replay.h): @p cols names the columns of
 * struct pgov_pelt_avg's fields in its order (last_update_time, load_sum,
 * runnable_sum, util_sum, period_contrib, load_avg, runnable_avg,
 * util_avg); replay_pelt_avg_cols are the names linux_pelt and pelt_trace
 * files use. The adapters that print a signal share it.
 */
struct replay_row;
extern const char *const replay_pelt_avg_cols[8];
void replay_set_pelt_avg(struct replay_row *r, const char *const cols[8],
                         const struct pgov_pelt_avg *a);

enum replay_linux_ue_op {
    REPLAY_LINUX_UE_CHANGED, /* PELT recomputed the task's averages (cfs_se_util_change) */
    REPLAY_LINUX_UE_ENQUEUE, /* util_est_enqueue */
    REPLAY_LINUX_UE_DEQUEUE, /* util_est_dequeue */
    REPLAY_LINUX_UE_UPDATE,  /* util_est_update */
    REPLAY_LINUX_UE_NOPS
};
extern const char *const replay_linux_ue_names[REPLAY_LINUX_UE_NOPS];

/* One util_est operation on the root cfs_rq sum and a task's estimate under
 * the profile of @kver. Returns 0 or a negative library error. */
int replay_linux_util_est(unsigned op, uint32_t kver, uint32_t *rq_sum,
                          struct pgov_util_est_task *task, uint32_t sleep, uint64_t util,
                          uint64_t runnable, uint64_t cap);

/* ---- governors (replay_linux_gov.c) */
#define REPLAY_LINUX_MAX_TABLE 16

/* One schedutil callback (sugov_update_single_freq) as the kernel saw it. */
struct replay_linux_sugov_call {
    uint32_t kver, flags; /* PGOV_UPDATE_IOWAIT | PGOV_UPDATE_REMOTE */
    uint32_t util, held;  /* effective_cpu_util's result (0 if not evaluated), idle calls unchanged */
    uint32_t cpu_bw_dl;   /* the rq's deadline bandwidth at entry, capacity units */
    uint32_t max_cap, max_freq_khz, min_khz, max_khz, cur_khz; /* cur: policy->cur */
    uint64_t rate_limit_ns, tick_ns, now_ns;
    /* 6.8+: the floor and ceiling effective_cpu_util gave with the util
     * (*min, *max); 0: no floor, ceiling 1024 (the 6.1 capture has none). */
    uint32_t bw_min, uclamp_max;
    uint32_t capped; /* uclamp_rq_is_capped: the hold rule does not apply */
    /* 1: bw_min and uclamp_max were captured (6.8+, an evaluated callback):
     * uclamp_max 0 is then a real ceiling (a task clamped to 0), not "none" */
    uint32_t minmax;
};
/* Recompute it from the kernel's state at entry (@st, updated). */
int replay_linux_sugov(const struct replay_linux_sugov_call *c, const struct pgov_freq_table *t,
                       struct pgov_sugov_state *st, struct pgov_sugov_result *res);

/* One ondemand/conservative policy (one CPU), open loop. */
struct replay_linux_dbs {
    _Alignas(8) unsigned char mem[2048]; /* PGOV_DBS_ALIGN */
    struct pgov_dbs *g;
};
struct replay_linux_dbs_cfg {
    uint32_t gov, kver, kver_stable, min_khz, max_khz, cur_khz, hz;
    const struct pgov_freq_entry *table;
    uint32_t table_len;
    uint32_t tun[8]; /* by enum pgov_dbs_tunable */
};
struct replay_linux_dbs_out {
    uint32_t evaluated; /* 0: a powersave_bias sub-sample (no load computed) */
    uint32_t load, delay_us, req, cur_khz, prev_load, rate_mult, requested_freq, down_skip;
};
extern const char *const replay_linux_dbs_ops[3]; /* start, store, eval */
/* Governor start from the kernel's counters (@snap). */
int replay_linux_dbs_start(struct replay_linux_dbs *s, const struct replay_linux_dbs_cfg *c,
                           const struct pgov_hw_idle *snap);
/* The sysfs stores that turn the instance's tunables into @tun; @snap: the
 * counters a rebase (ignore_nice_load, io_is_busy) read. */
int replay_linux_dbs_store(struct replay_linux_dbs *s, const uint32_t tun[8],
                           const struct pgov_hw_idle *snap, unsigned *stores);
/* One evaluation with the counters dbs_update read. */
int replay_linux_dbs_eval(struct replay_linux_dbs *s, const struct pgov_hw_idle *snap,
                          struct replay_linux_dbs_out *o);

/* ---- the task-group hierarchy (replay_linux_group.c): format linux_pelt_group */
/* One update_load_avg(cfs_rq, se, flags) of a group entity or of an entity
 * on a group's runqueue, as tests/oracle/pgov_oracle_group.c captures it:
 * the objects at entry (the runqueue, the entity and, for a group entity,
 * its own runqueue), with the caller's counts in the library's fields. */
struct replay_linux_group_in {
    uint32_t kver;
    uint32_t flags;    /* update_load_avg's flags as captured (low byte) */
    uint32_t root;     /* the runqueue is a CPU's root: no update_tg_load_avg */
    uint32_t inactive; /* its CPU is not active (6.12+: no update_tg_load_avg) */
    uint32_t has_g;    /* a group entity: @g is its own runqueue */
    uint64_t now;      /* the PELT clock of the update */
    uint64_t tg_now;   /* the clock update_tg_load_avg reads (tests/oracle/oracle_group.c tg_clock) */
    struct pgov_pelt_cfs rq, g;
    struct pgov_pelt_se se;
};
/* The state at return: what the library left, or what the kernel left. */
struct replay_linux_group_out {
    int rc; /* the library's result (with PGOV_PELT_GROUP_TG_DUE), a negative error */
    struct pgov_pelt_cfs rq;
    struct pgov_pelt_avg se;
    uint32_t g_propagate; /* the group's runqueue, @has_g only */
    int64_t g_prop_runnable_sum;
};
/* What a row exercises, first match in this order (the TSV sample's strata). */
enum replay_linux_group_kind {
    REPLAY_LINUX_GROUP_INACTIVE, /* the CPU going down: tg update skipped */
    REPLAY_LINUX_GROUP_ATTACH,   /* DO_ATTACH of an unattached entity */
    REPLAY_LINUX_GROUP_DETACH,   /* DO_DETACH (a migrating task) */
    REPLAY_LINUX_GROUP_PROPAGATE, /* a group entity with a propagation pending */
    REPLAY_LINUX_GROUP_REMOVED,  /* removed load pending on the runqueue */
    REPLAY_LINUX_GROUP_TG_DUE,   /* update_tg_load_avg ran inside */
    REPLAY_LINUX_GROUP_ENTITY,   /* any other group entity */
    REPLAY_LINUX_GROUP_TASK,     /* any other task on a group runqueue */
    REPLAY_LINUX_GROUP_NKINDS
};
extern const char *const replay_linux_group_kinds[REPLAY_LINUX_GROUP_NKINDS];
/* The library's update and, when due, the update_tg_load_avg the kernel
 * runs inside it; every returned field in @out. Returns out->rc. */
int replay_linux_group(const struct replay_linux_group_in *in, struct replay_linux_group_out *out);
/* 1 when @lib succeeded and every field the kernel wrote equals @kernel's. */
int replay_linux_group_eq(const struct replay_linux_group_out *lib,
                          const struct replay_linux_group_out *kernel, uint32_t has_g);
unsigned replay_linux_group_kind(const struct replay_linux_group_in *in,
                                 const struct replay_linux_group_out *lib);
/* The TSV file the oracle writes (--tsv) and pgov-replay reads: the header
 * line, and one row from the entry state, the kernel's return state and
 * the library's result on it (ret, kind). */
void replay_linux_group_tsv_header(FILE *f);
void replay_linux_group_tsv_row(FILE *f, const struct replay_linux_group_in *in,
                                const struct replay_linux_group_out *kernel,
                                const struct replay_linux_group_out *lib);

#endif
