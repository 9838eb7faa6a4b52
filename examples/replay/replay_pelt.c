/* SPDX-License-Identifier: BSD-2-Clause */
/* Replay adapters for pelt_decay.tsv, pelt_segments.tsv and pelt_trace.tsv. */
#include "replay.h"
#include "replay_linux.h" /* replay_set_pelt_avg */

#include <string.h>

#include <pgov/pelt.h>

/* ------------------------------------------------------------ pelt_decay */
static const char *const decay_cols[] = {"val", "n", "result", NULL};
static const char *const decay_outs[] = {"result", NULL};

static int decay_row(void *state, struct replay_row *r)
{
    uint64_t val, n;
    (void)state;
    if (replay_u64(r, "val", &val) || replay_u64(r, "n", &n))
        return -1;
    replay_set_u64(r, "result", pgov_pelt_decay(val, n));
    return 0;
}

const struct replay_adapter replay_pelt_decay = {
    "pelt_decay", decay_cols, decay_outs, NULL, 0, decay_row,
};

/* ------------------------------------------------------------ pelt_segments */
static const char *const seg_cols[] = {"periods", "d1", "d3", "result", "domain", NULL};
static const char *const seg_outs[] = {"result", NULL};

static int seg_row(void *state, struct replay_row *r)
{
    uint64_t periods;
    uint32_t d1, d3;
    (void)state;
    if (replay_u64(r, "periods", &periods) || replay_u32(r, "d1", &d1) ||
        replay_u32(r, "d3", &d3))
        return -1;
    /* domain says whether the kernel can produce these inputs (the file's header) */
    const char *dom = replay_str(r, "domain");
    int in = periods >= 1 && d1 >= 1 && d1 <= 1024 && d3 <= 1023;
    if (!dom || (strcmp(dom, "in") != 0 && strcmp(dom, "out") != 0))
        return replay_fail(r, "column 'domain': expected in or out, got '%s'", dom ? dom : "");
    if ((dom[0] == 'i') != in)
        return replay_fail(r, "column 'domain': '%s', but the inputs are %s the kernel's domain",
                           dom, in ? "inside" : "outside");
    replay_set_u64(r, "result", pgov_pelt_segments(periods, d1, d3));
    return 0;
}

const struct replay_adapter replay_pelt_segments = {
    "pelt_segments", seg_cols, seg_outs, NULL, 0, seg_row,
};

/* ------------------------------------------------------------ pelt_trace */
static const char *const trace_cols[] = {
    "scenario", "step", "op", "now_ns", "load_arg", "runnable_arg", "running_arg", "weight",
    "ret", "last_update_time", "load_sum", "runnable_sum", "util_sum", "period_contrib",
    "load_avg", "runnable_avg", "util_avg", NULL};
static const char *const trace_outs[] = {"ret",      "last_update_time", "load_sum",
                                         "runnable_sum", "util_sum",     "period_contrib",
                                         "load_avg", "runnable_avg",     "util_avg", NULL};
static const char *const trace_group[] = {"scenario", NULL};

static int trace_row(void *state, struct replay_row *r)
{
    /* A zeroed signal is a valid mainline signal at time 0. */
    struct pgov_pelt_avg *sa = state;
    const char *op = replay_str(r, "op");
    uint64_t now;
    if (replay_u64(r, "now_ns", &now))
        return -1;
    if (op && strcmp(op, "init") == 0) {
        if (pgov_pelt_init(sa, now, PGOV_PELT_HALFLIFE_DEFAULT) != PGOV_OK)
            return replay_fail(r, "pgov_pelt_init failed");
        replay_set_dash(r, "ret");
    } else if (op && strcmp(op, "upd") == 0) {
        uint64_t load, runnable, running, weight;
        int ret;
        if (replay_u64(r, "load_arg", &load) || replay_u64(r, "runnable_arg", &runnable) ||
            replay_u64(r, "running_arg", &running) || replay_u64(r, "weight", &weight))
            return -1;
        if (running > UINT32_MAX)
            return replay_fail(r, "running_arg does not fit 32 bits");
        ret = pgov_pelt_update(sa, now, load, runnable, (uint32_t)running, weight);
        if (ret < 0)
            return replay_fail(r, "pgov_pelt_update: %d", ret);
        replay_set_u64(r, "ret", (uint64_t)ret);
    } else {
        return replay_fail(r, "column 'op': expected init or upd, got '%s'", op ? op : "");
    }
    replay_set_pelt_avg(r, replay_pelt_avg_cols, sa);
    return 0;
}

const struct replay_adapter replay_pelt_trace = {
    "pelt_trace", trace_cols, trace_outs, trace_group, sizeof(struct pgov_pelt_avg), trace_row,
};
