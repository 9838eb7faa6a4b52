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
 * @return ::PGOV_OK; ::PGOV_EFAULT (sa NULL, or n > 0 and a required array
 *         NULL); ::PGOV_ENOTSUP (unknown half-life); ::PGOV_EINVAL (unknown
 *         flavour, corrupt state, or a 0/1 input of the flavour above 1)
 */
PGOV_API int pgov_pelt_batch(struct pgov_pelt_avg *sa, uint32_t flavour, size_t n,
                             const uint64_t *now, const uint64_t *load,
                             const uint64_t *runnable, const uint32_t *running,
                             const uint64_t *weight, struct pgov_pelt_avg *out,
                             uint8_t *recomputed);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_BATCH_H */
