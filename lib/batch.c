/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Batch entry points (batch.h): loops over the per-update functions of
 * pelt.h, util_est.h, sugov.h and uclamp.h, with all validation done up front so that a step can never fail
 * and an error leaves every output untouched.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/batch.h"

#include "internal/deps.h"
#include "internal/sugov_impl.h"

/* Which arrays a flavour reads, and which of them must be 0/1. */
#define IN_LOAD 1u     /* load and runnable */
#define IN_WEIGHT 2u
#define FLAG_LOAD 4u     /* load[i] <= 1 */
#define FLAG_RUNNABLE 8u /* runnable[i] <= 1 */

static int flavour_inputs(uint32_t flavour, unsigned *in)
{
    switch (flavour) {
    case PGOV_PELT_FLAVOUR_ENTITY:
        *in = IN_LOAD | IN_WEIGHT;
        return PGOV_OK;
    case PGOV_PELT_FLAVOUR_TASK:
        *in = IN_LOAD | IN_WEIGHT | FLAG_LOAD | FLAG_RUNNABLE;
        return PGOV_OK;
    case PGOV_PELT_FLAVOUR_GROUP_SE:
        *in = IN_LOAD | IN_WEIGHT | FLAG_LOAD;
        return PGOV_OK;
    case PGOV_PELT_FLAVOUR_CFS_RQ:
        *in = IN_LOAD;
        return PGOV_OK;
    case PGOV_PELT_FLAVOUR_RT:
    case PGOV_PELT_FLAVOUR_DL:
        *in = 0;
        return PGOV_OK;
    default:
        return PGOV_EINVAL;
    }
}

/* Every 0/1 input of the flavour is 0 or 1. ENTITY's running is a truth
 * value (any non-zero counts), the others' are flags. */
static int check_inputs(uint32_t flavour, unsigned in, size_t n, const uint64_t *load,
                        const uint64_t *runnable, const uint32_t *running)
{
    uint64_t bad = 0;
    size_t i;
    if (flavour != PGOV_PELT_FLAVOUR_ENTITY)
        for (i = 0; i < n; i++)
            bad |= running[i] >> 1;
    if (in & FLAG_LOAD)
        for (i = 0; i < n; i++)
            bad |= load[i] >> 1;
    if (in & FLAG_RUNNABLE)
        for (i = 0; i < n; i++)
            bad |= runnable[i] >> 1;
    return bad ? PGOV_EINVAL : PGOV_OK;
}

int pgov_pelt_batch(struct pgov_pelt_avg *sa, uint32_t flavour, size_t n, const uint64_t *now,
                    const uint64_t *load, const uint64_t *runnable, const uint32_t *running,
                    const uint64_t *weight, struct pgov_pelt_avg *out, uint8_t *recomputed)
{
    unsigned in;
    size_t i;
    int rc = pgov_pelt_divider(sa); /* ENOTSUP or EINVAL for a bad signal */
    if (rc < 0)
        return rc;
    rc = flavour_inputs(flavour, &in);
    if (rc)
        return rc;
    if (n == 0)
        return PGOV_OK;
    if (!now || !running || !out || ((in & IN_LOAD) && (!load || !runnable)) ||
        ((in & IN_WEIGHT) && !weight))
        return PGOV_EINVAL;
    rc = check_inputs(flavour, in, n, load, runnable, running);
    if (rc)
        return rc;

    /* Validated: no step can fail (a valid signal stays valid). */
    for (i = 0; i < n; i++) {
        if (in & IN_WEIGHT)
            rc = pgov_pelt_update(sa, now[i], load[i], runnable[i], running[i], weight[i]);
        else if (in & IN_LOAD)
            rc = pgov_pelt_update(sa, now[i], load[i], runnable[i], running[i], 1);
        else
            rc = pgov_pelt_update(sa, now[i], running[i], running[i], running[i], 1);
        PGOV_COPY(&out[i], sa);
        if (recomputed)
            recomputed[i] = (uint8_t)(rc > 0);
    }
    return PGOV_OK;
}

int pgov_util_est_batch(struct pgov_util_est_rq *rq, struct pgov_util_est_task *tasks,
                        size_t ntasks, size_t n, const uint32_t *task_idx, const uint8_t *event,
                        const uint8_t *sleep, const uint64_t *util, const uint64_t *runnable,
                        const uint64_t *cpu_cap, const uint32_t *nr_queued,
                        struct pgov_util_est_task *task_out, uint32_t *rq_out,
                        uint32_t *contrib_out)
{
    size_t i;
    int rc = pgov_util_est_profile(rq); /* EINVAL for a bad rq */
    if (rc < 0)
        return rc;
    if (n == 0)
        return PGOV_OK;
    if (!tasks || !event || !sleep || !util || !runnable || !cpu_cap || !task_out || !rq_out)
        return PGOV_EINVAL;
    for (i = 0; i < n; i++)
        if (event[i] > PGOV_UTIL_EST_EV_UTIL_CHANGED ||
            (task_idx ? task_idx[i] >= ntasks : ntasks == 0) ||
            (event[i] == PGOV_UTIL_EST_EV_DEQUEUE &&
             (sleep[i] > 1 || util[i] > PGOV_UTIL_EST_UTIL_MAX)))
            return PGOV_EINVAL;

    /* Validated: no step can fail. */
    for (i = 0; i < n; i++) {
        struct pgov_util_est_task *task = &tasks[task_idx ? task_idx[i] : 0];
        switch (event[i]) {
        case PGOV_UTIL_EST_EV_ENQUEUE:
            (void)pgov_util_est_enqueue(rq, task);
            break;
        case PGOV_UTIL_EST_EV_DEQUEUE:
            (void)pgov_util_est_dequeue(rq, task, nr_queued ? nr_queued[i] : 0);
            (void)pgov_util_est_update(rq, task, sleep[i], util[i], runnable[i], cpu_cap[i]);
            break;
        default:
            (void)pgov_util_est_util_changed(rq, task);
            break;
        }
        task_out[i].enqueued = task->enqueued;
        task_out[i].ewma = task->ewma;
        rq_out[i] = rq->enqueued;
        if (contrib_out)
            (void)pgov_util_est_task_contrib(rq, task, &contrib_out[i]);
    }
    return PGOV_OK;
}

/* One step's input from the arrays (NULL: the default). */
static void sugov_in(struct pgov_sugov_input *in, size_t i, const uint32_t *util,
                     const uint32_t *flags, const uint32_t *uclamp_min,
                     const uint32_t *uclamp_max, const uint32_t *bw_min, const uint8_t *held)
{
    /* the one fill of every field (no driver table: the batch has no policy) */
    pgov_sugov_input_plain(in, flags ? flags[i] : 0, util[i], held ? held[i] : 0, 0);
    if (uclamp_min)
        in->uclamp_min = uclamp_min[i];
    if (uclamp_max)
        in->uclamp_max = uclamp_max[i];
    if (bw_min)
        in->bw_min = bw_min[i];
}

int pgov_sugov_batch(const struct pgov_sugov_params *prm, struct pgov_sugov_state *st, size_t n,
                     const uint64_t *now, const uint32_t *util, const uint32_t *flags,
                     const uint32_t *uclamp_min, const uint32_t *uclamp_max,
                     const uint32_t *bw_min, const uint8_t *held, uint32_t *freq_out,
                     uint8_t *path_out)
{
    struct pgov_sugov_input in;
    struct pgov_sugov_result res;
    struct pgov_sugov_state probe;
    size_t i;
    int rc;
    if (!prm || !st)
        return PGOV_EINVAL;
    rc = pgov_sugov_params_check(prm);
    if (rc)
        return rc;
    if (n == 0)
        return PGOV_OK;
    if (!now || !util || !freq_out)
        return PGOV_EINVAL;
    for (i = 0; i < n; i++)
        if ((flags && (flags[i] & ~PGOV_UPDATE_IOWAIT)) || (uclamp_min && uclamp_min[i] > 1024) ||
            (uclamp_max && uclamp_max[i] > 1024) || (held && held[i] > 1))
            return PGOV_EINVAL;
    /* The state: the first step on a copy (a state the library produced
     * from a valid one stays valid, so later steps cannot fail). */
    PGOV_COPY(&probe, st);
    sugov_in(&in, 0, util, flags, uclamp_min, uclamp_max, bw_min, held);
    rc = pgov_sugov_decide_in(prm, &probe, now[0], &in, &res);
    if (rc)
        return rc;

    for (i = 0; i < n; i++) {
        sugov_in(&in, i, util, flags, uclamp_min, uclamp_max, bw_min, held);
        rc = pgov_sugov_decide_in(prm, st, now[i], &in, &res); /* cannot fail, see above */
        (void)rc;
        freq_out[i] = st->next_freq;
        if (path_out)
            path_out[i] = (uint8_t)res.path;
    }
    return PGOV_OK;
}

int pgov_uclamp_batch(uint32_t kver, uint32_t nbuckets, struct pgov_uclamp_task *tasks,
                      size_t ntasks, size_t n, const uint32_t *task_idx, const uint8_t *event,
                      const struct pgov_uclamp_limits *lim, const uint32_t *util,
                      uint16_t *min_out, uint16_t *max_out, uint32_t *util_out, uint32_t *warns)
{
    struct pgov_uclamp_rq rq;
    uint32_t eff[PGOV_UCLAMP_CNT], x;
    size_t i;
    int rc = pgov_uclamp_rq_init(&rq, kver, nbuckets);
    if (rc)
        return rc;
    rc = pgov_uclamp_rq_util_with(&rq, kver, 0, NULL, NULL, &x); /* kver has the clamp */
    if (rc)
        return rc;
    if (n == 0)
        return PGOV_OK;
    /* n < 2^32 - 1: no bucket can reach its 2^32 - 1 task limit (ENOSPC) */
    if (!tasks || !task_idx || !event || !min_out || !max_out || (util && !util_out) ||
        n >= (size_t)UINT32_MAX - 1u)
        return PGOV_EINVAL;
    for (i = 0; i < ntasks; i++) {
        rc = pgov_uclamp_eff_get(&tasks[i], kver, lim, eff); /* task and lim valid */
        if (rc)
            return rc;
        /* inactive, and a stale bucket (a v5.7 dequeue of an inactive task
         * releases it) inside this runqueue */
        if (tasks[i].active || tasks[i].bucket[PGOV_UCLAMP_MIN] > rq.nbuckets ||
            tasks[i].bucket[PGOV_UCLAMP_MAX] > rq.nbuckets)
            return PGOV_EINVAL;
    }
    for (i = 0; i < n; i++)
        if (task_idx[i] >= ntasks || event[i] > PGOV_UCLAMP_EV_DEQUEUE)
            return PGOV_EINVAL;

    /* Validated: no step can fail (PGOV_WARN_KERNEL is not an error). */
    for (i = 0; i < n; i++) {
        struct pgov_uclamp_task *t = &tasks[task_idx[i]];
        if (event[i] == PGOV_UCLAMP_EV_ENQUEUE)
            rc = pgov_uclamp_rq_inc(&rq, t, lim);
        else
            rc = pgov_uclamp_rq_dec(&rq, t);
        (void)rc;
        min_out[i] = rq.value[PGOV_UCLAMP_MIN];
        max_out[i] = rq.value[PGOV_UCLAMP_MAX];
        if (util) {
            rc = pgov_uclamp_rq_util_with(&rq, kver, util[i], NULL, NULL, &util_out[i]);
            (void)rc;
        }
    }
    if (warns)
        *warns = rq.warns + rq.bad_decs;
    return PGOV_OK;
}
