/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Updates captured from a running Linux (tests/oracle), one update per row
 * with its own prior state. The same functions serve pgov-replay (formats
 * linux_pelt and linux_util_est, files tests/vectors/linux-*.tsv) and the
 * oracle's host replay, so both recompute a captured update the same way.
 */
#ifndef PGOV_REPLAY_LINUX_H
#define PGOV_REPLAY_LINUX_H

#include <stdint.h>

#include <pgov/pelt.h>
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
 * kernel's struct load_weight), runnable is se->runnable_weight for a group
 * and h_nr_running for a cfs_rq, on_rq is se->on_rq, running is
 * cfs_rq->curr == se (entity), curr != NULL (cfs_rq) or the rt/dl argument.
 * Returns the library's result (1 recomputed, 0 not, negative on error).
 */
int replay_linux_pelt(unsigned flavour, struct pgov_pelt_avg *sa, uint64_t now,
                      uint64_t weight_raw, uint64_t runnable, uint32_t on_rq, uint32_t running);

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

#endif
