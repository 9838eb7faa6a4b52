/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Replay of updates captured from a running Linux (tests/oracle): formats
 * linux_pelt and linux_util_est. Every row carries the signal's state before
 * the update, so rows are independent (no state between rows).
 */
#include "replay.h"
#include "replay_linux.h"

#include <string.h>

const char *const replay_linux_pelt_names[REPLAY_LINUX_NFLAVOURS] = {
    "task", "group", "blocked", "cfs_rq", "rt_rq", "dl_rq",
};
const char *const replay_linux_ue_names[REPLAY_LINUX_UE_NOPS] = {
    "changed", "enqueue", "dequeue", "update",
};

/* scale_load_down() of a 64-bit kernel: load.weight carries 10 extra bits of
 * resolution, and a non-zero weight never scales below 2. */
static uint64_t scale_load_down(uint64_t w)
{
    if (w == 0)
        return 0;
    w >>= 10;
    return w < 2 ? 2 : w;
}

int replay_linux_pelt(unsigned flavour, struct pgov_pelt_avg *sa, uint64_t now,
                      uint64_t weight_raw, uint64_t runnable, uint32_t on_rq, uint32_t running)
{
    uint64_t w = scale_load_down(weight_raw);

    switch (flavour) {
    case REPLAY_LINUX_TASK:
        /* A queued task that is not runnable is delayed-dequeued (6.12+);
         * before 6.12 a task's runnable is its on_rq, so this is 0. */
        return pgov_pelt_update_task(sa, now, on_rq ? 1u : 0u, on_rq && !runnable ? 1u : 0u,
                                     running, w);
    case REPLAY_LINUX_GROUP:
        return pgov_pelt_update_group_se(sa, now, on_rq ? 1u : 0u, runnable, running, w);
    case REPLAY_LINUX_BLOCKED:
        return pgov_pelt_update_blocked_se(sa, now, w);
    case REPLAY_LINUX_CFS_RQ:
        return pgov_pelt_update_cfs_rq(sa, now, w, runnable, running);
    case REPLAY_LINUX_RT_RQ:
        return pgov_pelt_update_rt(sa, now, running);
    case REPLAY_LINUX_DL_RQ:
        return pgov_pelt_update_dl(sa, now, running);
    default:
        return PGOV_EINVAL;
    }
}

int replay_linux_util_est(unsigned op, uint32_t kver, uint32_t *rq_sum,
                          struct pgov_util_est_task *task, uint32_t sleep, uint64_t util,
                          uint64_t runnable, uint64_t cap)
{
    struct pgov_util_est_cfg cfg = {sizeof(cfg), kver, 0, 0};
    struct pgov_util_est_rq rq;
    int e = pgov_util_est_init(&rq, &cfg);

    if (e)
        return e;
    rq.enqueued = *rq_sum;
    switch (op) {
    case REPLAY_LINUX_UE_CHANGED:
        e = pgov_util_est_util_changed(&rq, task);
        break;
    case REPLAY_LINUX_UE_ENQUEUE:
        e = pgov_util_est_enqueue(&rq, task);
        break;
    case REPLAY_LINUX_UE_DEQUEUE:
        /* nr_queued matters to the v4.17 profile only */
        e = pgov_util_est_dequeue(&rq, task, 1);
        break;
    case REPLAY_LINUX_UE_UPDATE:
        e = pgov_util_est_update(&rq, task, sleep, util, runnable, cap);
        break;
    default:
        return PGOV_EINVAL;
    }
    if (e < 0)
        return e;
    *rq_sum = rq.enqueued;
    return 0;
}

static int lookup(struct replay_row *r, const char *col, const char *const *names, unsigned n,
                  unsigned *out)
{
    const char *v = replay_str(r, col);
    unsigned i;

    for (i = 0; v && i < n; i++)
        if (strcmp(v, names[i]) == 0) {
            *out = i;
            return 0;
        }
    return replay_fail(r, "column '%s': unknown value '%s'", col, v ? v : "");
}

/* ------------------------------------------------------------ linux_pelt */
#define PELT_FIELDS(p)                                                                       \
    p "last_update_time", p "load_sum", p "runnable_sum", p "util_sum", p "period_contrib", \
        p "load_avg", p "runnable_avg", p "util_avg"
static const char *const lp_cols[] = {"flavour", "now_ns", "weight_raw", "runnable", "on_rq",
                                      "running", PELT_FIELDS("pre_"), "ret", PELT_FIELDS(""),
                                      NULL};
static const char *const lp_outs[] = {"ret", PELT_FIELDS(""), NULL};
const char *const replay_pelt_avg_cols[8] = {PELT_FIELDS("")};

void replay_set_pelt_avg(struct replay_row *r, const char *const cols[8],
                         const struct pgov_pelt_avg *a)
{
    replay_set_u64(r, cols[0], a->last_update_time);
    replay_set_u64(r, cols[1], a->load_sum);
    replay_set_u64(r, cols[2], a->runnable_sum);
    replay_set_u64(r, cols[3], a->util_sum);
    replay_set_u64(r, cols[4], a->period_contrib);
    replay_set_u64(r, cols[5], a->load_avg);
    replay_set_u64(r, cols[6], a->runnable_avg);
    replay_set_u64(r, cols[7], a->util_avg);
}

static int lp_row(void *state, struct replay_row *r)
{
    struct pgov_pelt_avg sa;
    uint64_t now, weight, runnable, v[8];
    uint32_t on_rq, running;
    unsigned flavour = REPLAY_LINUX_NFLAVOURS, i;
    int ret;
    static const char *const pre[] = {PELT_FIELDS("pre_")};

    (void)state;
    if (lookup(r, "flavour", replay_linux_pelt_names, REPLAY_LINUX_NFLAVOURS, &flavour) ||
        replay_u64(r, "now_ns", &now) || replay_u64(r, "weight_raw", &weight) ||
        replay_u64(r, "runnable", &runnable) || replay_u32(r, "on_rq", &on_rq) ||
        replay_u32(r, "running", &running))
        return -1;
    for (i = 0; i < 8; i++)
        if (replay_u64(r, pre[i], &v[i]))
            return -1;
    if (v[3] > UINT32_MAX || v[4] > UINT32_MAX)
        return replay_fail(r, "pre_util_sum/pre_period_contrib do not fit 32 bits");
    memset(&sa, 0, sizeof(sa));
    sa.last_update_time = v[0];
    sa.load_sum = v[1];
    sa.runnable_sum = v[2];
    sa.util_sum = (uint32_t)v[3];
    sa.period_contrib = (uint32_t)v[4];
    sa.load_avg = v[5];
    sa.runnable_avg = v[6];
    sa.util_avg = v[7];
    ret = replay_linux_pelt(flavour, &sa, now, weight, runnable, on_rq, running);
    if (ret < 0)
        return replay_fail(r, "libpgov refused the update: %d", ret);
    replay_set_u64(r, "ret", (uint64_t)ret);
    replay_set_pelt_avg(r, replay_pelt_avg_cols, &sa);
    return 0;
}

const struct replay_adapter replay_linux_pelt_adapter = {
    "linux_pelt", lp_cols, lp_outs, NULL, 0, lp_row,
};

/* ------------------------------------------------------------ linux_util_est */
static const char *const lu_cols[] = {"kver", "op", "rq_sum", "task_enqueued", "task_ewma",
                                      "sleep", "util", "runnable", "cap", "rq_sum_after",
                                      "task_enqueued_after", "task_ewma_after", NULL};
static const char *const lu_outs[] = {"rq_sum_after", "task_enqueued_after", "task_ewma_after",
                                      NULL};

static int lu_row(void *state, struct replay_row *r)
{
    struct pgov_util_est_task t;
    uint32_t rq_sum, sleep, kver;
    uint64_t util, runnable, cap;
    unsigned op = REPLAY_LINUX_UE_NOPS;
    int e;

    (void)state;
    if (replay_kver(r, "kver", NULL, &kver))
        return -1;
    if (lookup(r, "op", replay_linux_ue_names, REPLAY_LINUX_UE_NOPS, &op) ||
        replay_u32(r, "rq_sum", &rq_sum) || replay_u32(r, "task_enqueued", &t.enqueued) ||
        replay_u32(r, "task_ewma", &t.ewma) || replay_u32(r, "sleep", &sleep) ||
        replay_u64(r, "util", &util) || replay_u64(r, "runnable", &runnable) ||
        replay_u64(r, "cap", &cap))
        return -1;
    e = replay_linux_util_est(op, kver, &rq_sum, &t, sleep, util, runnable,
                              cap);
    if (e < 0)
        return replay_fail(r, "libpgov refused the operation: %d", e);
    replay_set_u64(r, "rq_sum_after", rq_sum);
    replay_set_u64(r, "task_enqueued_after", t.enqueued);
    replay_set_u64(r, "task_ewma_after", t.ewma);
    return 0;
}

const struct replay_adapter replay_linux_util_est_adapter = {
    "linux_util_est", lu_cols, lu_outs, NULL, 0, lu_row,
};
