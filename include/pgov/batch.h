/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file batch.h
 * @brief Batch entry points: one call runs a whole array of updates.
 *
 * For bindings and analysis tools (python/pgov) that hold a signal's inputs
 * as arrays: one call per array instead of one per update, with every input
 * validated before anything is written. Each step is exactly the per-update
 * call of pelt.h, so a batch and a loop of single updates give identical
 * states, bit for bit.
 */
#ifndef PGOV_BATCH_H
#define PGOV_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include "export.h"
#include "err.h"
#include "pelt.h"
#include "util_est.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Which per-update function of pelt.h each step of pgov_pelt_batch() is,
 * and which inputs it reads.
 */
enum pgov_pelt_flavour {
    /** pgov_pelt_update(): load, runnable, running, weight as given. */
    PGOV_PELT_FLAVOUR_ENTITY = 0,
    /** A task: load = on_rq (0/1), runnable = on_rq and not delayed (0/1),
     *  running 0/1, weight = se_weight. */
    PGOV_PELT_FLAVOUR_TASK = 1,
    /** pgov_pelt_update_group_se(): load = on_rq (0/1), runnable =
     *  h_nr_runnable, running 0/1, weight. */
    PGOV_PELT_FLAVOUR_GROUP_SE = 2,
    /** pgov_pelt_update_cfs_rq(): load, runnable = h_nr_runnable, running =
     *  has_curr (0/1); weight not read (averages use 1). */
    PGOV_PELT_FLAVOUR_CFS_RQ = 3,
    /** pgov_pelt_update_rt(): running (0/1) only; load, runnable, weight not read. */
    PGOV_PELT_FLAVOUR_RT = 4,
    /** pgov_pelt_update_dl(): as RT. */
    PGOV_PELT_FLAVOUR_DL = 5
};

/**
 * @brief Run @p n PELT updates of one signal and record the state after each.
 *
 * Step i is the flavour's update with `now[i]`, `load[i]`, `runnable[i]`,
 * `running[i]`, `weight[i]` (see ::pgov_pelt_flavour for which are read);
 * `out[i]` receives the whole signal after it and, if @p recomputed is not
 * NULL, `recomputed[i]` is 1 when that step recomputed the averages (the
 * update's return value), else 0. On success `*sa` is the state after the
 * last step. The half-life is the signal's (::pgov_pelt_avg.halflife).
 *
 * Everything is validated before anything is written, so on error `*sa`,
 * `out` and `recomputed` are untouched.
 *
 * @param sa          the signal: the state before the first step, then after the last
 * @param flavour     a ::pgov_pelt_flavour
 * @param n           number of steps; 0 does nothing (arrays may then be NULL)
 * @param now         n times, ns on the flavour's clock
 * @param load        n loads (NULL allowed for RT/DL)
 * @param runnable    n runnable values (NULL allowed for RT/DL)
 * @param running     n running values
 * @param weight      n weights (NULL allowed for CFS_RQ/RT/DL)
 * @param out         n states, written
 * @param recomputed  NULL, or n flags, written
 * @return ::PGOV_OK; ::PGOV_EINVAL (sa NULL, or n > 0 and a required array
 *         NULL); ::PGOV_ENOTSUP (unknown half-life); ::PGOV_EINVAL (unknown
 *         flavour, corrupt state, or a 0/1 input of the flavour above 1)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_batch(struct pgov_pelt_avg *sa, uint32_t flavour, size_t n,
                             const uint64_t *now, const uint64_t *load,
                             const uint64_t *runnable, const uint32_t *running,
                             const uint64_t *weight, struct pgov_pelt_avg *out,
                             uint8_t *recomputed);

/** Events of pgov_util_est_batch(). */
enum pgov_util_est_event {
    /** The task is enqueued: pgov_util_est_enqueue(). */
    PGOV_UTIL_EST_EV_ENQUEUE = 0,
    /** The task is dequeued: pgov_util_est_dequeue(), then
     *  pgov_util_est_update() with the step's sleep, util, runnable, cpu_cap. */
    PGOV_UTIL_EST_EV_DEQUEUE = 1,
    /** The task's PELT averages were recomputed: pgov_util_est_util_changed(). */
    PGOV_UTIL_EST_EV_UTIL_CHANGED = 2
};

/**
 * @brief Run @p n util_est events of tasks on one CPU and record the state
 *        after each.
 *
 * Step i is the ::pgov_util_est_event `event[i]` of task `tasks[task_idx[i]]`
 * (task 0 when @p task_idx is NULL) with `sleep[i]`, `util[i]`,
 * `runnable[i]`, `cpu_cap[i]` and `nr_queued[i]` (tasks still queued after
 * a dequeue; read by the v4.17 profile only) where the event reads them.
 * `task_out[i]` and `rq_out[i]` receive that task's estimate and the CPU
 * sum after the step, and, if @p contrib_out is not NULL, `contrib_out[i]`
 * the task's contribution (pgov_util_est_task_contrib()). On success
 * `tasks` and `*rq` are the states after the last step.
 *
 * Everything is validated before anything is written: on error `*rq`,
 * `tasks` and every output are untouched.
 *
 * @param rq           the CPU's state (profile from pgov_util_est_init())
 * @param tasks        @p ntasks task estimates
 * @param ntasks       number of tasks
 * @param n            number of steps; 0 does nothing (arrays may then be NULL)
 * @param task_idx     NULL (every event is task 0's), or n indices below @p ntasks
 * @param event        n ::pgov_util_est_event values
 * @param sleep        n values 0/1 (read on dequeue)
 * @param util         n task util_avg values (read on dequeue)
 * @param runnable     n task runnable_avg values (read on dequeue)
 * @param cpu_cap      n CPU capacities (read on dequeue)
 * @param nr_queued    NULL (all 0), or n counts (read on dequeue)
 * @param task_out     n task states, written
 * @param rq_out       n CPU sums, written
 * @param contrib_out  NULL, or n contributions, written
 * @return ::PGOV_OK; ::PGOV_EINVAL (rq NULL, or n > 0 and tasks or a
 *         required array NULL); ::PGOV_EINVAL (rq not initialised, an event
 *         above 2, a task index not below @p ntasks, a sleep above 1, a util
 *         above ::PGOV_UTIL_EST_UTIL_MAX)
 */
PGOV_API PGOV_MUST_CHECK int pgov_util_est_batch(struct pgov_util_est_rq *rq, struct pgov_util_est_task *tasks,
                                 size_t ntasks, size_t n, const uint32_t *task_idx,
                                 const uint8_t *event, const uint8_t *sleep,
                                 const uint64_t *util, const uint64_t *runnable,
                                 const uint64_t *cpu_cap, const uint32_t *nr_queued,
                                 struct pgov_util_est_task *task_out, uint32_t *rq_out,
                                 uint32_t *contrib_out);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_BATCH_H */
