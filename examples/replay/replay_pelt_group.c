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

#include <string.h>

#include <pgov/pelt.h>
#include <pgov/kver.h>
#include <pgov/pelt_group.h>

#define PG_NCPU 2
#define PG_GROUPS 8 /* group 0 is the root */
#define PG_TASKS 8
#define PG_NICE0 1048576u

enum pg_tstate { PG_FREE, PG_QUEUED, PG_RUNNING, PG_SLEEPING, PG_DEAD };

struct pg_rq { /* a runqueue and what the kernel keeps beside its PELT */
    struct pgov_pelt_cfs cfs;
    uint32_t nr_queued;
    uint32_t listed;
};

struct pg_task {
    struct pgov_pelt_se se;
    uint32_t group, cpu, state;
};

struct pg_state {
    int started;
    uint32_t kver;
    uint32_t exists[PG_GROUPS];
    uint32_t parent[PG_GROUPS];
    uint32_t order[PG_GROUPS]; /* existing groups, children before parents */
    uint32_t norder;
    struct pg_rq q[PG_GROUPS][PG_NCPU];
    struct pgov_pelt_se gse[PG_GROUPS][PG_NCPU];
    struct pgov_pelt_tg tg[PG_GROUPS];
    struct pg_task task[PG_TASKS];
    int curr[PG_NCPU]; /* running task, -1 none */
};

/* One level of a walk: the entity, the runqueue it is queued on, its own. */
struct pg_level {
    struct pgov_pelt_se *se;
    struct pg_rq *p;
    struct pg_rq *g; /* NULL for the task */
    uint32_t pgroup; /* group of p */
};

#define PG_CHECK(call)                                                                             \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ < 0)                                                                               \
            return rc_;                                                                            \
    } while (0)

static int pg_tg_due(struct pg_state *s, struct pg_rq *p, uint32_t pgroup, int due, uint64_t now)
{
    if (due && pgroup != 0)
        return pgov_pelt_group_update_tg(s->kver, &s->tg[pgroup], &p->cfs, now);
    return 0;
}

static int pg_ula(struct pg_state *s, const struct pg_level *l, uint64_t now, uint32_t flags)
{
    int r = pgov_pelt_group_update_load_avg(s->kver, &l->p->cfs, l->se, l->g ? &l->g->cfs : NULL,
                                            now, flags);
    if (r < 0)
        return r;
    return pg_tg_due(s, l->p, l->pgroup, (r & PGOV_PELT_GROUP_TG_DUE) != 0, now);
}

static int pg_shares(struct pg_state *s, const struct pg_level *l, uint32_t group)
{
    if (!l->g)
        return 0;
    return pgov_pelt_group_update_shares(s->kver, &l->p->cfs, l->se, &l->g->cfs, &s->tg[group]);
}

/* Levels from group @g's entity up to the root on @c (ancestors of a
 * runqueue of @g); returns the count and each level's group in @grp. */
static int pg_ancestors(struct pg_state *s, uint32_t g, uint32_t c, struct pg_level *lv,
                        uint32_t *grp)
{
    int n = 0;
    while (g != 0) {
        lv[n].se = &s->gse[g][c];
        lv[n].p = &s->q[s->parent[g]][c];
        lv[n].g = &s->q[g][c];
        lv[n].pgroup = s->parent[g];
        grp[n++] = g;
        g = s->parent[g];
    }
    return n;
}

/* The task's path: its entity on its group's runqueue, then the ancestors. */
static int pg_path(struct pg_state *s, struct pg_task *t, struct pg_level *lv, uint32_t *grp)
{
    lv[0].se = &t->se;
    lv[0].p = &s->q[t->group][t->cpu];
    lv[0].g = NULL;
    lv[0].pgroup = t->group;
    grp[0] = PG_GROUPS; /* not a group */
    return 1 + pg_ancestors(s, t->group, t->cpu, lv + 1, grp + 1);
}

static void pg_list_up(struct pg_state *s, uint32_t g, uint32_t c)
{
    for (;;) {
        s->q[g][c].listed = 1;
        if (g == 0)
            return;
        g = s->parent[g];
    }
}

/* propagate_entity_cfs_rq: list the runqueue, update every ancestor entity. */
static int pg_propagate_cfs(struct pg_state *s, uint32_t g, uint32_t c, uint64_t now)
{
    struct pg_level lv[PG_GROUPS];
    uint32_t grp[PG_GROUPS];
    int n = pg_ancestors(s, g, c, lv, grp);
    pg_list_up(s, g, c);
    for (int i = 0; i < n; i++)
        PG_CHECK(pg_ula(s, &lv[i], now, PGOV_PELT_GROUP_UPDATE_TG));
    return 0;
}

/* attach_entity_cfs_rq of @se to group @g's runqueue on @c (5.6, 5.8). */
static int pg_attach_cfs(struct pg_state *s, struct pgov_pelt_se *se, struct pg_rq *own, uint32_t g,
                         uint32_t c, uint64_t now)
{
    struct pg_level l = {se, &s->q[g][c], own, g};
    PG_CHECK(pg_ula(s, &l, now, 0));
    PG_CHECK(pgov_pelt_group_attach(s->kver, &l.p->cfs, se));
    PG_CHECK(pg_tg_due(s, l.p, g, 1, now));
    return pg_propagate_cfs(s, g, c, now);
}

static int pg_mkgrp(struct pg_state *s, uint32_t g, uint32_t parent, uint64_t now)
{
    uint32_t i;
    s->exists[g] = 1;
    s->parent[g] = parent;
    s->tg[g].shares = PG_NICE0;
    s->tg[g].cpus = PG_NCPU;
    /* before its parent in the order: children first */
    for (i = 0; i < s->norder && s->order[i] != parent; i++)
        ;
    memmove(&s->order[i + 1], &s->order[i], (s->norder - i) * sizeof(s->order[0]));
    s->order[i] = g;
    s->norder++;
    for (uint32_t c = 0; c < PG_NCPU; c++) {
        PG_CHECK(pgov_pelt_group_cfs_init(&s->q[g][c].cfs, 0));
        PG_CHECK(pgov_pelt_group_se_init(&s->gse[g][c], PG_NICE0, 1, 0));
        PG_CHECK(pg_attach_cfs(s, &s->gse[g][c], &s->q[g][c], parent, c, now));
    }
    return 0;
}

static int pg_enqueue(struct pg_state *s, struct pg_task *t, uint64_t now)
{
    struct pg_level lv[PG_GROUPS + 1];
    uint32_t grp[PG_GROUPS + 1];
    int n = pg_path(s, t, lv, grp), walk1 = 1;
    for (int i = 0; i < n; i++) {
        struct pg_level *l = &lv[i];
        if (walk1 && !l->se->on_rq) {
            PG_CHECK(pg_ula(s, l, now, PGOV_PELT_GROUP_UPDATE_TG | PGOV_PELT_GROUP_DO_ATTACH));
            if (l->g)
                l->se->runnable_weight = l->g->cfs.nr_runnable;
            PG_CHECK(pg_shares(s, l, grp[i]));
            l->p->cfs.weight += l->se->weight;
            l->p->nr_queued++;
            l->se->on_rq = 1;
        } else {
            walk1 = 0;
            PG_CHECK(pg_ula(s, l, now, PGOV_PELT_GROUP_UPDATE_TG));
            l->se->runnable_weight = l->g->cfs.nr_runnable;
            PG_CHECK(pg_shares(s, l, grp[i]));
        }
        l->p->cfs.nr_runnable++;
    }
    pg_list_up(s, t->group, t->cpu);
    t->state = PG_QUEUED;
    return 0;
}

static int pg_dequeue(struct pg_state *s, struct pg_task *t, uint64_t now, int migrating)
{
    struct pg_level lv[PG_GROUPS + 1];
    uint32_t grp[PG_GROUPS + 1];
    int n = pg_path(s, t, lv, grp), walk1 = 1;
    for (int i = 0; i < n; i++) {
        struct pg_level *l = &lv[i];
        if (walk1) {
            uint32_t f = PGOV_PELT_GROUP_UPDATE_TG;
            if (i == 0 && migrating)
                f |= PGOV_PELT_GROUP_DO_DETACH;
            PG_CHECK(pg_ula(s, l, now, f));
            if (l->g)
                l->se->runnable_weight = l->g->cfs.nr_runnable;
            l->se->on_rq = 0;
            l->p->cfs.weight -= l->se->weight;
            l->p->nr_queued--;
            PG_CHECK(pg_shares(s, l, grp[i]));
            walk1 = l->p->cfs.weight == 0;
        } else {
            PG_CHECK(pg_ula(s, l, now, PGOV_PELT_GROUP_UPDATE_TG));
            l->se->runnable_weight = l->g->cfs.nr_runnable;
            PG_CHECK(pg_shares(s, l, grp[i]));
        }
        l->p->cfs.nr_runnable--;
    }
    return 0;
}

/* Pick from idle: 6.1 top-down, 6.12+ bottom-up (5.3). */
static int pg_run(struct pg_state *s, int ti, uint64_t now)
{
    struct pg_task *t = &s->task[ti];
    struct pg_level lv[PG_GROUPS + 1];
    uint32_t grp[PG_GROUPS + 1];
    int n = pg_path(s, t, lv, grp);
    int down = pgov_kver_resolve(s->kver) < PGOV_KVER_6_12;
    for (int k = 0; k < n; k++) {
        struct pg_level *l = &lv[down ? n - 1 - k : k];
        if (l->se->on_rq)
            PG_CHECK(pg_ula(s, l, now, PGOV_PELT_GROUP_UPDATE_TG));
        l->p->cfs.has_curr = 1;
        l->se->running = 1;
    }
    s->curr[t->cpu] = ti;
    t->state = PG_RUNNING;
    return 0;
}

static int pg_put_prev(struct pg_state *s, struct pg_task *t, uint64_t now)
{
    struct pg_level lv[PG_GROUPS + 1];
    uint32_t grp[PG_GROUPS + 1];
    int n = pg_path(s, t, lv, grp);
    for (int i = 0; i < n; i++) {
        if (lv[i].se->on_rq)
            PG_CHECK(pg_ula(s, &lv[i], now, 0));
        lv[i].p->cfs.has_curr = 0;
        lv[i].se->running = 0;
    }
    s->curr[t->cpu] = -1;
    return 0;
}

static int pg_tick(struct pg_state *s, uint32_t c, uint64_t now)
{
    struct pg_level lv[PG_GROUPS + 1];
    uint32_t grp[PG_GROUPS + 1];
    int n = pg_path(s, &s->task[s->curr[c]], lv, grp);
    for (int i = 0; i < n; i++) {
        PG_CHECK(pg_ula(s, &lv[i], now, PGOV_PELT_GROUP_UPDATE_TG));
        PG_CHECK(pg_shares(s, &lv[i], grp[i]));
    }
    return 0;
}

static int pg_new(struct pg_state *s, struct pg_task *t, uint32_t cap, uint64_t now)
{
    PG_CHECK(pgov_pelt_group_se_init(&t->se, PG_NICE0, 0, 0));
    PG_CHECK(pgov_pelt_group_post_init(s->kver, &t->se, &s->q[t->group][t->cpu].cfs, cap));
    return pg_enqueue(s, t, now);
}

static int pg_wake(struct pg_state *s, struct pg_task *t, uint32_t cpu, uint64_t now)
{
    if (cpu != t->cpu) {
        uint32_t old = t->cpu;
        PG_CHECK(pgov_pelt_group_remove(&s->q[t->group][old].cfs, &t->se));
        if (s->curr[old] < 0) /* NO_HZ lag estimate, taken as now */
            PG_CHECK(pgov_pelt_update_blocked_se(&t->se.avg, now, t->se.weight >> 10));
        t->se.avg.last_update_time = 0;
        t->cpu = cpu;
    }
    return pg_enqueue(s, t, now);
}

static int pg_move(struct pg_state *s, struct pg_task *t, uint32_t g, uint64_t now)
{
    uint32_t c = t->cpu, old = t->group;
    if (t->se.avg.last_update_time) {
        struct pg_level l = {&t->se, &s->q[old][c], NULL, old};
        PG_CHECK(pg_ula(s, &l, now, 0));
        PG_CHECK(pgov_pelt_group_detach(s->kver, &l.p->cfs, &t->se));
        PG_CHECK(pg_tg_due(s, l.p, old, 1, now));
        PG_CHECK(pg_propagate_cfs(s, old, c, now));
    }
    t->se.avg.last_update_time = 0;
    t->group = g;
    return pg_attach_cfs(s, &t->se, NULL, g, c, now);
}

static int pg_set_shares(struct pg_state *s, uint32_t g, uint64_t w, uint64_t now)
{
    s->tg[g].shares = w;
    for (uint32_t c = 0; c < PG_NCPU; c++) {
        struct pg_level lv[PG_GROUPS];
        uint32_t grp[PG_GROUPS];
        int n = pg_ancestors(s, g, c, lv, grp);
        for (int i = 0; i < n; i++) {
            PG_CHECK(pg_ula(s, &lv[i], now, PGOV_PELT_GROUP_UPDATE_TG));
            PG_CHECK(pg_shares(s, &lv[i], grp[i]));
        }
    }
    return 0;
}

/* The blocked pass over the listed runqueues of @c, children first (5.7). */
static int pg_blocked(struct pg_state *s, uint32_t c, uint64_t now)
{
    int prev = -1;
    for (uint32_t i = 0; i < s->norder; i++) {
        uint32_t g = s->order[i];
        struct pg_rq *q = &s->q[g][c];
        int r, dec;
        if (!q->listed)
            continue;
        if (g == 0)
            r = pgov_pelt_group_blocked(s->kver, &q->cfs, NULL, NULL, now);
        else
            r = pgov_pelt_group_blocked(s->kver, &q->cfs, &s->gse[g][c], &s->q[s->parent[g]][c].cfs,
                                        now);
        if (r < 0)
            return r;
        PG_CHECK(pg_tg_due(s, q, g, (r & PGOV_PELT_GROUP_CHANGED) != 0, now));
        if (g != 0)
            PG_CHECK(pg_tg_due(s, &s->q[s->parent[g]][c], s->parent[g],
                               (r & PGOV_PELT_GROUP_TG_DUE) != 0, now));
        dec = pgov_pelt_group_cfs_decayed(s->kver, &q->cfs);
        if (dec < 0)
            return dec;
        if (dec && !(prev >= 0 && s->parent[prev] == g))
            q->listed = 0;
        else
            prev = (int)g;
    }
    return 0;
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
    replay_set_u64(r, "lut", a->last_update_time);
    replay_set_u64(r, "pc", a->period_contrib);
    replay_set_u64(r, "util_avg", a->util_avg);
    replay_set_u64(r, "util_sum", a->util_sum);
    replay_set_u64(r, "runnable_avg", a->runnable_avg);
    replay_set_u64(r, "runnable_sum", a->runnable_sum);
    replay_set_u64(r, "load_avg", a->load_avg);
    replay_set_u64(r, "load_sum", a->load_sum);
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
    if (a >= PG_GROUPS || !s->exists[a] || b >= PG_NCPU || (kind != 'R' && a == 0))
        return replay_fail(r, "column 'obj': no object %s", o);
    if (kind == 'S') {
        pg_set_avg(r, &s->gse[a][b].avg, s->gse[a][b].weight);
        replay_set_dash(r, "prop");
        replay_set_dash(r, "tg_load");
        return 0;
    }
    pg_set_avg(r, &s->q[a][b].cfs.avg, s->q[a][b].cfs.weight);
    replay_set_s64(r, "prop", s->q[a][b].cfs.prop_runnable_sum);
    if (a == 0)
        replay_set_dash(r, "tg_load");
    else
        replay_set_s64(r, "tg_load", s->tg[a].load_avg);
    return 0;
}

static int pg_start(struct pg_state *s, struct replay_row *r)
{
    if (replay_kver(r, "kver", NULL, &s->kver))
        return -1;
    s->exists[0] = 1;
    s->order[0] = 0;
    s->norder = 1;
    for (uint32_t c = 0; c < PG_NCPU; c++) {
        s->curr[c] = -1;
        if (pgov_pelt_group_cfs_init(&s->q[0][c].cfs, 0))
            return replay_fail(r, "cfs_init failed");
    }
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
        if (g == 0 || s->exists[g] || !s->exists[v])
            return replay_fail(r, "mkgrp: group %u exists or parent %u does not", (unsigned)g,
                               (unsigned)v);
        return pg_mkgrp(s, g, v, now);
    }
    if (strcmp(ev, "new") == 0) {
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || pg_u32_max(r, "cpu", PG_NCPU - 1, &c) ||
            replay_u32(r, "value", &v) || !(t = pg_task_arg(s, r, PG_FREE, &ti)))
            return -1;
        if (!s->exists[g])
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
        return pg_run(s, (int)ti, now);
    }
    if (strcmp(ev, "sleep") == 0) {
        if (!(t = pg_task_arg(s, r, PG_RUNNING, &ti)))
            return -1;
        PG_CHECK(pg_dequeue(s, t, now, 0));
        t->state = PG_SLEEPING;
        return pg_put_prev(s, t, now);
    }
    if (strcmp(ev, "tick") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c))
            return -1;
        if (s->curr[c] < 0)
            return replay_fail(r, "tick: CPU %u is idle", (unsigned)c);
        return pg_tick(s, c, now);
    }
    if (strcmp(ev, "wake") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c) || !(t = pg_task_arg(s, r, PG_SLEEPING, &ti)))
            return -1;
        return pg_wake(s, t, c, now);
    }
    if (strcmp(ev, "lbmig") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c) || !(t = pg_task_arg(s, r, PG_QUEUED, &ti)))
            return -1;
        PG_CHECK(pg_dequeue(s, t, now, 1));
        t->se.avg.last_update_time = 0;
        t->cpu = c;
        return pg_enqueue(s, t, now);
    }
    if (strcmp(ev, "exit") == 0) {
        if (!(t = pg_task_arg(s, r, PG_SLEEPING, &ti)))
            return -1;
        t->state = PG_DEAD;
        return pgov_pelt_group_remove(&s->q[t->group][t->cpu].cfs, &t->se);
    }
    if (strcmp(ev, "move") == 0) {
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || !(t = pg_task_arg(s, r, PG_SLEEPING, &ti)))
            return -1;
        if (!s->exists[g])
            return replay_fail(r, "move: no group %u", (unsigned)g);
        return pg_move(s, t, g, now);
    }
    if (strcmp(ev, "shares") == 0) {
        uint64_t w;
        if (pg_u32_max(r, "group", PG_GROUPS - 1, &g) || replay_u64(r, "value", &w))
            return -1;
        if (g == 0 || !s->exists[g])
            return replay_fail(r, "shares: no group %u", (unsigned)g);
        return pg_set_shares(s, g, w, now);
    }
    if (strcmp(ev, "blocked") == 0) {
        if (pg_u32_max(r, "cpu", PG_NCPU - 1, &c))
            return -1;
        return pg_blocked(s, c, now);
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
