/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Replay adapter for pelt_group.tsv: PELT through the task-group hierarchy
 * on two CPUs. The library (pgov/pelt_group.h) applies the rules; this file
 * is the caller's side the kernel keeps beside PELT: the topology, the
 * counts (load.weight, nr_running, h_nr_running, curr) and the walks of
 * docs/spec/pelt-groups.md section 5 (enqueue, dequeue, pick, put, tick,
 * migrations, group moves, shares, the blocked pass in leaf-list order).
 * A replay of captured group events drives the same calls in the same order.
 */
#include "replay.h"
#include "replay_linux.h" /* replay_set_pelt_avg */

#include <string.h>

#include <pgov/pelt.h>
#include <pgov/kver.h>
#include <pgov/pelt_group.h>

#include "pelt_tree.h"

#define PG_NCPU 2
#define PG_GROUPS 8 /* group 0 is the root */
#define PG_TASKS 8

enum pg_tstate { PG_FREE, PG_QUEUED, PG_RUNNING, PG_SLEEPING, PG_DEAD };

struct pg_task {
    struct pgov_pelt_se se;
    uint32_t group, cpu, state;
};

struct pg_state {
    int started;
    uint32_t kver;
    struct ptree tree; /* the hierarchy and its walks (examples/common/pelt_tree.c) */
    uint64_t mem[1024]; /* the tree's storage: ptree_size(PG_NCPU, PG_GROUPS) bytes */
    struct pg_task task[PG_TASKS];
    int curr[PG_NCPU]; /* running task, -1 none */
};

#define PG_CHECK(call)                                                                             \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ < 0)                                                                               \
            return rc_;                                                                            \
    } while (0)

static struct ptree_pos pg_pos(struct pg_task *t)
{
    return (struct ptree_pos){&t->se, t->group, t->cpu};
}

static struct pgov_pelt_cfs *pg_cfs(struct pg_state *s, uint32_t g, uint32_t c)
{
    return &ptree_rq(&s->tree, g, c)->cfs;
}

static int pg_enqueue(struct pg_state *s, struct pg_task *t, uint64_t now)
{
    struct ptree_pos k = pg_pos(t);
    PG_CHECK(ptree_enqueue(&s->tree, &k, now));
    t->state = PG_QUEUED;
    return 0;
}

static int pg_new(struct pg_state *s, struct pg_task *t, uint32_t cap, uint64_t now)
{
    PG_CHECK(pgov_pelt_group_se_init(&t->se, PTREE_NICE0, 0, 0));
    PG_CHECK(pgov_pelt_group_post_init(s->kver, &t->se, pg_cfs(s, t->group, t->cpu), cap));
    return pg_enqueue(s, t, now);
}

static int pg_wake(struct pg_state *s, struct pg_task *t, uint32_t cpu, uint64_t now)
{
    if (cpu != t->cpu) {
        uint32_t old = t->cpu;
        PG_CHECK(pgov_pelt_group_remove(pg_cfs(s, t->group, old), &t->se));
        if (s->curr[old] < 0) /* NO_HZ lag estimate, taken as now */
            PG_CHECK(pgov_pelt_update_blocked_se(&t->se.avg, now, t->se.weight >> 10));
        t->se.avg.last_update_time = 0;
        t->cpu = cpu;
    }
    return pg_enqueue(s, t, now);
}

/* ------------------------------------------------------------ the file */
static const char *const pg_cols[] = {"kver",     "scenario", "step",         "event",
                                      "cpu",      "task",     "group",        "value",
                                      "now_ns",   "obj",      "lut",          "pc",
                                      "util_avg", "util_sum", "runnable_avg", "runnable_sum",
                                      "load_avg", "load_sum", "weight",       "prop",
                                      "tg_load",  NULL};
static const char *const pg_outs[] = {"lut",          "pc",           "util_avg", "util_sum",
                                      "runnable_avg", "runnable_sum", "load_avg", "load_sum",
                                      "weight",       "prop",         "tg_load",  NULL};
static const char *const pg_group[] = {"kver", "scenario", NULL};

static void pg_set_avg(struct replay_row *r, const struct pgov_pelt_avg *a, uint64_t weight)
{
    /* struct pgov_pelt_avg's order, this file's short names */
    static const char *const cols[8] = {"lut", "load_sum", "runnable_sum", "util_sum",
                                        "pc",  "load_avg", "runnable_avg", "util_avg"};
    replay_set_pelt_avg(r, cols, a);
    replay_set_u64(r, "weight", weight);
}

/* A strict decimal index below 100 at *p ("0" or no leading zero), advancing *p. */
static int pg_index(const char **p, unsigned *v)
{
    const char *q = *p;
    unsigned x = 0;
    int n = 0;
    while (*q >= '0' && *q <= '9' && n < 3) {
        x = x * 10 + (unsigned)(*q++ - '0');
        n++;
    }
    if (n == 0 || n > 2 || (n == 2 && **p == '0'))
        return -1;
    *p = q;
    *v = x;
    return 0;
}

/* obj: R<cpu>, G<g>.<cpu>, S<g>.<cpu> or T<task>. */
static int pg_show(struct pg_state *s, struct replay_row *r)
{
    const char *o = replay_str(r, "obj"), *q = o ? o + 1 : NULL;
    char kind = o ? o[0] : 0;
    unsigned a = 0, b = 0;
    int ok = kind && pg_index(&q, &a) == 0;
    if (ok && (kind == 'G' || kind == 'S'))
        ok = *q++ == '.' && pg_index(&q, &b) == 0;
    else if (ok && (kind == 'R' || kind == 'T'))
        b = a;
    else
        ok = 0;
    if (!ok || *q != 0)
        return replay_fail(r, "column 'obj': R<cpu>, G<g>.<cpu>, S<g>.<cpu> or T<task>");
    if (kind == 'T') {
        if (a >= PG_TASKS || s->task[a].state == PG_FREE || s->task[a].state == PG_DEAD)
            return replay_fail(r, "column 'obj': no task %u", a);
        pg_set_avg(r, &s->task[a].se.avg, s->task[a].se.weight);
        replay_set_dash(r, "prop");
        replay_set_dash(r, "tg_load");
        return 0;
    }
    if (kind == 'R')
        a = 0;
    if (a >= PG_GROUPS || !s->tree.exists[a] || b >= PG_NCPU || (kind != 'R' && a == 0))
        return replay_fail(r, "column 'obj': no object %s", o);
    if (kind == 'S') {
        const struct pgov_pelt_se *gse = ptree_gse(&s->tree, a, b);
        pg_set_avg(r, &gse->avg, gse->weight);
        replay_set_dash(r, "prop");
        replay_set_dash(r, "tg_load");
        return 0;
    }
    const struct pgov_pelt_cfs *rq = pg_cfs(s, a, b);
    pg_set_avg(r, &rq->avg, rq->weight);
    replay_set_s64(r, "prop", rq->prop_runnable_sum);
    if (a == 0)
        replay_set_dash(r, "tg_load");
    else
        replay_set_s64(r, "tg_load", s->tree.tg[a].load_avg);
    return 0;
}

static int pg_start(struct pg_state *s, struct replay_row *r)
{
    if (replay_kver(r, "kver", NULL, &s->kver))
        return -1;
    if (ptree_size(PG_NCPU, PG_GROUPS) > sizeof(s->mem) ||
        ptree_init(&s->tree, s->mem, s->kver, PG_NCPU, PG_GROUPS, 0))
        return replay_fail(r, "cfs_init failed");
    for (uint32_t c = 0; c < PG_NCPU; c++)
        s->curr[c] = -1;
    s->started = 1;
    return 0;
}

/* The task of the row, which must be in state @want (PG_FREE: any but free/dead). */
static struct pg_task *pg_task_arg(struct pg_state *s, struct replay_row *r, uint32_t want,
                                   uint32_t *ti)
{
    if (replay_u32(r, "task", ti))
        return NULL;
    if (*ti >= PG_TASKS) {
        replay_fail(r, "column 'task': at most %d tasks", PG_TASKS);
        return NULL;
    }
    if (s->task[*ti].state != want) {
        replay_fail(r, "task %u: not in the state this event needs", (unsigned)*ti);
        return NULL;
    }
    return &s->task[*ti];
}

static int pg_u32_max(struct replay_row *r, const char *col, uint32_t max, uint32_t *v)
{
    uint64_t x;
    if (replay_u64_range(r, col, 0, max, &x))
        return -1;
    *v = (uint32_t)x;
    return 0;
}

static int pg_event(struct pg_state *s, struct replay_row *r, const char *ev, uint64_t now)
{
    uint32_t ti, c, g, v;
    struct pg_task *t;
    if (strcmp(ev, "mkgrp") == 0) {
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || pg_u32_max(r, "value", PG_GROUPS - 1, &v))
            return -1;
        if (g == 0 || s->tree.exists[g] || !s->tree.exists[v])
            return replay_fail(r, "mkgrp: group %u exists or parent %u does not", (unsigned)g,
                               (unsigned)v);
        return ptree_mkgrp(&s->tree, g, v, now);
    }
    if (strcmp(ev, "new") == 0) {
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || pg_u32_max(r, "cpu", PG_NCPU - 1, &c) ||
            replay_u32(r, "value", &v) || !(t = pg_task_arg(s, r, PG_FREE, &ti)))
            return -1;
        if (!s->tree.exists[g])
            return replay_fail(r, "new: no group %u", (unsigned)g);
        t->group = g;
        t->cpu = c;
        return pg_new(s, t, v, now);
    }
    if (strcmp(ev, "run") == 0) {
        if (!(t = pg_task_arg(s, r, PG_QUEUED, &ti)))
            return -1;
        if (s->curr[t->cpu] >= 0)
            return replay_fail(r, "run: CPU %u is not idle", (unsigned)t->cpu);
        struct ptree_pos k = pg_pos(t);
        s->curr[t->cpu] = (int)ti;
        t->state = PG_RUNNING;
        return ptree_run(&s->tree, &k, now);
    }
    if (strcmp(ev, "sleep") == 0) {
        if (!(t = pg_task_arg(s, r, PG_RUNNING, &ti)))
            return -1;
        struct ptree_pos k = pg_pos(t);
        PG_CHECK(ptree_dequeue(&s->tree, &k, now, 0));
        t->state = PG_SLEEPING;
        s->curr[t->cpu] = -1;
        return ptree_put_prev(&s->tree, &k, now);
    }
    if (strcmp(ev, "tick") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c))
            return -1;
        if (s->curr[c] < 0)
            return replay_fail(r, "tick: CPU %u is idle", (unsigned)c);
        struct ptree_pos k = pg_pos(&s->task[s->curr[c]]);
        return ptree_tick(&s->tree, &k, now);
    }
    if (strcmp(ev, "wake") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c) || !(t = pg_task_arg(s, r, PG_SLEEPING, &ti)))
            return -1;
        return pg_wake(s, t, c, now);
    }
    if (strcmp(ev, "lbmig") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c) || !(t = pg_task_arg(s, r, PG_QUEUED, &ti)))
            return -1;
        struct ptree_pos k = pg_pos(t);
        PG_CHECK(ptree_dequeue(&s->tree, &k, now, 1));
        t->se.avg.last_update_time = 0;
        t->cpu = c;
        return pg_enqueue(s, t, now);
    }
    if (strcmp(ev, "exit") == 0) {
        if (!(t = pg_task_arg(s, r, PG_SLEEPING, &ti)))
            return -1;
        t->state = PG_DEAD;
        return pgov_pelt_group_remove(pg_cfs(s, t->group, t->cpu), &t->se);
    }
    if (strcmp(ev, "move") == 0) {
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || !(t = pg_task_arg(s, r, PG_SLEEPING, &ti)))
            return -1;
        if (!s->tree.exists[g])
            return replay_fail(r, "move: no group %u", (unsigned)g);
        struct ptree_pos k = pg_pos(t);
        t->group = g;
        return ptree_move(&s->tree, &k, g, now);
    }
    if (strcmp(ev, "shares") == 0) {
        uint64_t w;
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || replay_u64(r, "value", &w))
            return -1;
        if (g == 0 || !s->tree.exists[g])
            return replay_fail(r, "shares: no group %u", (unsigned)g);
        return ptree_set_shares(&s->tree, g, w, now);
    }
    if (strcmp(ev, "blocked") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c))
            return -1;
        return ptree_blocked(&s->tree, c, now);
    }
    return replay_fail(r, "column 'event': unknown event '%s'", ev);
}

static int pg_row(void *state, struct replay_row *r)
{
    struct pg_state *s = state;
    const char *ev = replay_str(r, "event");
    uint64_t now;
    int rc;
    if (!s->started && pg_start(s, r))
        return -1;
    if (ev && strcmp(ev, "show") == 0)
        return pg_show(s, r);
    if (!ev || replay_u64(r, "now_ns", &now))
        return -1;
    rc = pg_event(s, r, ev, now);
    if (rc < 0)
        return r->err[0] ? -1 : replay_fail(r, "event %s: %s", ev, pgov_strerror(rc));
    for (const char *const *o = pg_outs; *o; o++)
        replay_set_dash(r, *o);
    return 0;
}

const struct replay_adapter replay_adapter_pelt_group = {
    "pelt_group", pg_cols, pg_outs, pg_group, sizeof(struct pg_state), pg_row,
};
