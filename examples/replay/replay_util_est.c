/* SPDX-License-Identifier: BSD-2-Clause */
/* Replay adapter for util_est.tsv: one CPU, a few tasks, one profile per group. */
#include "replay.h"

#include <stdio.h>
#include <string.h>

#include <pgov/util_est.h>

#define UE_MAX_TASKS 64

struct ue_state {
    int started;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task task[UE_MAX_TASKS];
    unsigned char queued[UE_MAX_TASKS];
};

static const char *const ue_cols[] = {
    "version", "scenario", "step", "event", "task", "sleep", "util_avg", "runnable_avg",
    "cpu_cap", "rq_util_avg", "task_enqueued", "task_ewma", "task_flag", "task_contrib",
    "task_util_est", "rq_util_est", "cpu_util", NULL};
static const char *const ue_outs[] = {"task_enqueued", "task_ewma",   "task_flag",
                                      "task_contrib",  "task_util_est", "rq_util_est",
                                      "cpu_util",      NULL};
static const char *const ue_group[] = {"version", "scenario", NULL};

static int ue_row(void *state, struct replay_row *r)
{
    struct ue_state *st = state;
    const char *ev = replay_str(r, "event");
    uint32_t t;
    uint64_t util, runnable, cap, rq_util, v;
    struct pgov_util_est_task *task;
    int rc, v6;

    if (!st->started) {
        struct pgov_util_est_cfg cfg = {sizeof(cfg), 0, 0, 0};
        if (replay_kver(r, "version", NULL, &cfg.kver))
            return -1;
        rc = pgov_util_est_init(&st->rq, &cfg);
        if (rc)
            return replay_fail(r, "version %s: %s", replay_str(r, "version"),
                               pgov_strerror(rc));
        st->started = 1;
    }
    if (replay_u32(r, "task", &t) || replay_u64(r, "util_avg", &util) ||
        replay_u64(r, "runnable_avg", &runnable) || replay_u64(r, "cpu_cap", &cap) ||
        replay_u64(r, "rq_util_avg", &rq_util))
        return -1;
    if (t >= UE_MAX_TASKS)
        return replay_fail(r, "column 'task': at most %d tasks", UE_MAX_TASKS);
    task = &st->task[t];

    if (ev && strcmp(ev, "enq") == 0) {
        if (st->queued[t])
            return replay_fail(r, "task %u enqueued twice", (unsigned)t);
        st->queued[t] = 1;
        rc = pgov_util_est_enqueue(&st->rq, task);
    } else if (ev && strcmp(ev, "deq") == 0) {
        uint32_t sleep, nr = 0;
        if (replay_u32(r, "sleep", &sleep))
            return -1;
        if (!st->queued[t])
            return replay_fail(r, "task %u dequeued while not queued", (unsigned)t);
        st->queued[t] = 0;
        for (int i = 0; i < UE_MAX_TASKS; i++)
            nr += st->queued[i];
        rc = pgov_util_est_dequeue(&st->rq, task, nr);
        if (rc == 0)
            rc = pgov_util_est_update(&st->rq, task, sleep, util, runnable, cap);
    } else if (ev && strcmp(ev, "upd") == 0) {
        rc = pgov_util_est_util_changed(&st->rq, task);
    } else {
        return replay_fail(r, "column 'event': expected enq, deq or upd, got '%s'",
                           ev ? ev : "");
    }
    if (rc < 0)
        return replay_fail(r, "event %s: %s", ev, pgov_strerror(rc));

    v6 = pgov_util_est_profile(&st->rq) >= PGOV_KVER_6_9;
    if (v6) {
        replay_set_dash(r, "task_enqueued");
        replay_set_u64(r, "task_ewma", task->enqueued & ~PGOV_UTIL_EST_UNCHANGED);
        replay_set_u64(r, "task_flag", (task->enqueued & PGOV_UTIL_EST_UNCHANGED) != 0);
    } else {
        replay_set_u64(r, "task_enqueued", task->enqueued);
        replay_set_u64(r, "task_ewma", task->ewma);
        /* The pair: flag in bit 31 from v5.13, bit 0 before. */
        uint32_t flag = pgov_util_est_profile(&st->rq) >= PGOV_KVER_5_13
                            ? PGOV_UTIL_EST_UNCHANGED
                            : PGOV_UTIL_EST_UNCHANGED_OLD;
        replay_set_u64(r, "task_flag", (task->enqueued & flag) != 0);
    }
    uint32_t c;
    if (pgov_util_est_task_contrib(&st->rq, task, &c) ||
        pgov_util_est_task_util_est(&st->rq, task, util, &v))
        return replay_fail(r, "task accessors failed");
    replay_set_u64(r, "task_contrib", c);
    replay_set_u64(r, "task_util_est", v);
    replay_set_u64(r, "rq_util_est", st->rq.enqueued);
    if (pgov_util_est_cpu_util(&st->rq, rq_util, cap, &v))
        return replay_fail(r, "cpu_util failed");
    replay_set_u64(r, "cpu_util", v);
    return 0;
}

const struct replay_adapter replay_util_est = {
    "util_est", ue_cols, ue_outs, ue_group, sizeof(struct ue_state), ue_row,
};
