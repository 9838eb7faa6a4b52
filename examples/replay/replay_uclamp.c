/* SPDX-License-Identifier: BSD-2-Clause */
/* Replay adapters for uclamp.tsv (one rq, op sequences) and uclamp_bucket_id.tsv. */
#include "replay.h"

#include <stdio.h>
#include <inttypes.h>
#include <string.h>

#include <pgov/uclamp.h>

#define UC_MAX_TASKS 64

struct uc_state {
    int started;
    struct pgov_uclamp_rq rq;
    struct pgov_uclamp_task task[UC_MAX_TASKS];
};

static const char *const uc_cols[] = {
    "variant", "nbuckets", "scenario", "step",    "op",      "task",     "eff_min",
    "eff_max", "rq_min",   "rq_max",   "idle",    "warns",   "bkt_min",  "bkt_max",
    "lg_u0",   "lg_u200",  "lg_u512",  "lg_u800", "lg_u1024", "lgP_u512", "lgP_u900",
    "pf_u0",   "pf_u200",  "pf_u512",  "pf_u800", "pf_u1024", NULL};
static const char *const uc_outs[] = {
    "rq_min",  "rq_max",   "idle",     "warns",    "bkt_min", "bkt_max", "lg_u0",
    "lg_u200", "lg_u512",  "lg_u800",  "lg_u1024", "lgP_u512", "lgP_u900", "pf_u0",
    "pf_u200", "pf_u512",  "pf_u800",  "pf_u1024", NULL};
static const char *const uc_group[] = {"variant", "nbuckets", "scenario", NULL};

/* "id:tasks:value,..." of the non-empty buckets, or "-". */
static int uc_buckets(struct replay_row *r, const struct pgov_uclamp_rq *rq, uint32_t id,
                      const char *col)
{
    char buf[REPLAY_VAL_LEN];
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t b = 0; b <= rq->nbuckets; b++) {
        uint32_t tasks, value;
        if (pgov_uclamp_rq_bucket(rq, id, b, &tasks, &value))
            return replay_fail(r, "pgov_uclamp_rq_bucket failed");
        if (!tasks)
            continue;
        int n = snprintf(buf + len, sizeof(buf) - len, "%s%" PRIu32 ":%" PRIu32 ":%" PRIu32, len ? "," : "", b, tasks,
                         value);
        if (n < 0 || (size_t)n >= sizeof(buf) - len)
            return replay_fail(r, "bucket list too long");
        len += (size_t)n;
    }
    replay_set(r, col, len ? buf : "-");
    return 0;
}

static int uc_row(void *state, struct replay_row *r)
{
    struct uc_state *st = state;
    const char *op = replay_str(r, "op");
    uint32_t kver, nb, t, w0;
    int rc;

    if (!st->started) {
        if (replay_kver(r, "variant", "cur", &kver))
            return -1;
        if (replay_u32(r, "nbuckets", &nb))
            return -1;
        rc = pgov_uclamp_rq_init(&st->rq, kver, nb);
        if (rc)
            return replay_fail(r, "rq init: %s", pgov_strerror(rc));
        for (int i = 0; i < UC_MAX_TASKS; i++)
            if (pgov_uclamp_task_init(&st->task[i], 0))
                return replay_fail(r, "task init failed");
        st->started = 1;
    }
    if (replay_u32(r, "task", &t))
        return -1;
    if (t >= UC_MAX_TASKS)
        return replay_fail(r, "column 'task': at most %d tasks", UC_MAX_TASKS);
    struct pgov_uclamp_task *task = &st->task[t];
    w0 = st->rq.warns;

    if (op && (strcmp(op, "inc") == 0 || strcmp(op, "reinc") == 0)) {
        int32_t emin, emax;
        if (replay_s32(r, "eff_min", &emin) || replay_s32(r, "eff_max", &emax))
            return -1;
        if (emin < 0 || emax < 0 || emin > 1024 || emax > 1024)
            return replay_fail(r, "effective values out of range");
        /* Effective values are given directly (possibly min > max, which only
         * restrictions produce): write them as a user-defined request, which
         * the header allows, and apply no restriction. */
        task->req[PGOV_UCLAMP_MIN] = (uint16_t)emin;
        task->req[PGOV_UCLAMP_MAX] = (uint16_t)emax;
        task->req_flags = PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX;
        rc = op[0] == 'i' ? pgov_uclamp_rq_inc(&st->rq, task, NULL)
                          : pgov_uclamp_rq_update_active(&st->rq, task, NULL);
    } else if (op && strcmp(op, "dec") == 0) {
        rc = pgov_uclamp_rq_dec(&st->rq, task);
    } else {
        return replay_fail(r, "column 'op': expected inc, dec or reinc");
    }
    if (rc < 0)
        return replay_fail(r, "op %s: %s", op, pgov_strerror(rc));

    replay_set_u64(r, "rq_min", st->rq.value[PGOV_UCLAMP_MIN]);
    replay_set_u64(r, "rq_max", st->rq.value[PGOV_UCLAMP_MAX]);
    replay_set_u64(r, "idle", (st->rq.flags & PGOV_UCLAMP_FLAG_IDLE) ? 1 : 0);
    replay_set_u64(r, "warns", st->rq.warns - w0);
    if (uc_buckets(r, &st->rq, PGOV_UCLAMP_MIN, "bkt_min") ||
        uc_buckets(r, &st->rq, PGOV_UCLAMP_MAX, "bkt_max"))
        return -1;

    static const uint32_t lg[] = {0, 200, 512, 800, 1024};
    static const char *const lg_col[] = {"lg_u0", "lg_u200", "lg_u512", "lg_u800", "lg_u1024"};
    static const char *const pf_col[] = {"pf_u0", "pf_u200", "pf_u512", "pf_u800", "pf_u1024"};
    for (int i = 0; i < 5; i++) {
        uint32_t v, a = lg[i] < 1024 ? lg[i] : 1024;
        /* last form of uclamp_rq_util_with() before its removal */
        if (pgov_uclamp_rq_util_with(&st->rq, PGOV_KVER_6_1, lg[i], NULL, NULL, &v))
            return replay_fail(r, "util_with failed");
        replay_set_u64(r, lg_col[i], v);
        if (pgov_uclamp_effective_perf(&st->rq, a, 0, 1024, &v, NULL, NULL))
            return replay_fail(r, "effective_perf failed");
        replay_set_u64(r, pf_col[i], v);
    }
    /* probe task: effective (256, 640), not queued */
    struct pgov_uclamp_task probe;
    uint32_t v;
    if (pgov_uclamp_task_init(&probe, 0) ||
        pgov_uclamp_task_set(&probe, PGOV_UCLAMP_SET_MIN | PGOV_UCLAMP_SET_MAX, 256, 640))
        return replay_fail(r, "probe task setup failed");
    if (pgov_uclamp_rq_util_with(&st->rq, PGOV_KVER_6_1, 512, &probe, NULL, &v))
        return replay_fail(r, "util_with(p) failed");
    replay_set_u64(r, "lgP_u512", v);
    if (pgov_uclamp_rq_util_with(&st->rq, PGOV_KVER_6_1, 900, &probe, NULL, &v))
        return replay_fail(r, "util_with(p) failed");
    replay_set_u64(r, "lgP_u900", v);
    return 0;
}

const struct replay_adapter replay_uclamp = {
    "uclamp", uc_cols, uc_outs, uc_group, sizeof(struct uc_state), uc_row,
};

static const char *const bid_cols[] = {"nbuckets",      "delta",    "value", "bucket_id_cur",
                                       "bucket_id_v57", "overflow", NULL};
static const char *const bid_outs[] = {"delta", "bucket_id_cur", "bucket_id_v57", "overflow",
                                       NULL};

static int bid_row(void *state, struct replay_row *r)
{
    uint32_t nb, value, delta, cur, v57;
    (void)state;
    if (replay_u32(r, "nbuckets", &nb) || replay_u32(r, "value", &value))
        return -1;
    if (pgov_uclamp_bucket_delta(nb, &delta) ||
        pgov_uclamp_bucket_id(nb, PGOV_KVER_LATEST, value, &cur) ||
        pgov_uclamp_bucket_id(nb, PGOV_KVER_5_7, value, &v57))
        return replay_fail(r, "bucket id of (%" PRIu32 ", %" PRIu32 ") rejected", nb, value);
    replay_set_u64(r, "delta", delta);
    replay_set_u64(r, "bucket_id_cur", cur);
    replay_set_u64(r, "bucket_id_v57", v57);
    replay_set_u64(r, "overflow", v57 >= nb ? 1 : 0);
    return 0;
}

const struct replay_adapter replay_uclamp_bucket_id = {
    "uclamp_bucket_id", bid_cols, bid_outs, NULL, 0, bid_row,
};
