/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The walks of docs/spec/pelt-groups.md section 5 over a run-time sized
 * hierarchy (pelt_tree.h). The library applies the rules at each level;
 * this file only decides which levels, in which order, with which flags,
 * and keeps the counts (load.weight, nr_running, h_nr_running, curr).
 */
#include "pelt_tree.h"

#include <string.h>

#include <pgov/kver.h>

/* One level of a walk: the entity, the runqueue it is queued on, its own. */
struct ptree_level {
    struct pgov_pelt_se *se;
    struct ptree_rq *p;
    struct ptree_rq *g; /* NULL for the task */
    uint32_t pgroup;    /* group of p */
};

#define PT_CHECK(call)                                                                             \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ < 0)                                                                               \
            return rc_;                                                                            \
    } while (0)

static size_t align8(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

size_t ptree_size(uint32_t ncpu, uint32_t ngroups)
{
    if (!ncpu || !ngroups || ncpu > 4096 || ngroups > 4096)
        return 0; /* bounds far above any recording's, far below overflow */
    size_t nq = (size_t)ncpu * ngroups;
    return align8(nq * sizeof(struct ptree_rq)) + align8(nq * sizeof(struct pgov_pelt_se)) +
           align8(ngroups * sizeof(struct pgov_pelt_tg)) +
           align8((ngroups + 1u) * sizeof(struct ptree_level)) +
           align8((ngroups + 1u) * sizeof(uint32_t)) + 3u * align8(ngroups * sizeof(uint32_t));
}

static void *carve(char **m, size_t n)
{
    void *p = *m;
    *m += align8(n);
    return p;
}

int ptree_init(struct ptree *t, void *mem, uint32_t kver, uint32_t ncpu, uint32_t ngroups,
               uint32_t halflife)
{
    if (!t || !mem || !ptree_size(ncpu, ngroups))
        return PGOV_EINVAL;
    char *m = mem;
    size_t nq = (size_t)ncpu * ngroups;
    memset(t, 0, sizeof(*t));
    t->kver = kver;
    t->ncpu = ncpu;
    t->ngroups = ngroups;
    t->q = carve(&m, nq * sizeof(*t->q));
    t->gse = carve(&m, nq * sizeof(*t->gse));
    t->tg = carve(&m, ngroups * sizeof(*t->tg));
    t->lv = carve(&m, (ngroups + 1u) * sizeof(*t->lv));
    t->grp = carve(&m, (ngroups + 1u) * sizeof(*t->grp));
    t->exists = carve(&m, ngroups * sizeof(*t->exists));
    t->parent = carve(&m, ngroups * sizeof(*t->parent));
    t->order = carve(&m, ngroups * sizeof(*t->order));
    t->exists[0] = 1;
    t->order[0] = 0;
    t->norder = 1;
    for (uint32_t c = 0; c < ncpu; c++)
        PT_CHECK(pgov_pelt_group_cfs_init(&ptree_rq(t, 0, c)->cfs, halflife));
    return 0;
}

static int tg_due(struct ptree *t, struct ptree_rq *p, uint32_t pgroup, int due, uint64_t now)
{
    if (due && pgroup != 0)
        return pgov_pelt_group_update_tg(t->kver, &t->tg[pgroup], &p->cfs, now);
    return 0;
}

static int ula(struct ptree *t, const struct ptree_level *l, uint64_t now, uint32_t flags)
{
    int r = pgov_pelt_group_update_load_avg(t->kver, &l->p->cfs, l->se, l->g ? &l->g->cfs : NULL,
                                            now, flags);
    if (r < 0)
        return r;
    return tg_due(t, l->p, l->pgroup, (r & PGOV_PELT_GROUP_TG_DUE) != 0, now);
}

static int shares(struct ptree *t, const struct ptree_level *l, uint32_t group)
{
    if (!l->g)
        return 0;
    return pgov_pelt_group_update_shares(t->kver, &l->p->cfs, l->se, &l->g->cfs, &t->tg[group]);
}

/* Levels from group g's entity up to the root on c into lv (each level's
 * group in grp); returns the count. */
static int ancestors(struct ptree *t, uint32_t g, uint32_t c, struct ptree_level *lv,
                     uint32_t *grp)
{
    int n = 0;
    while (g != 0) {
        lv[n].se = ptree_gse(t, g, c);
        lv[n].p = ptree_rq(t, t->parent[g], c);
        lv[n].g = ptree_rq(t, g, c);
        lv[n].pgroup = t->parent[g];
        grp[n++] = g;
        g = t->parent[g];
    }
    return n;
}

/* The task's path into t->lv: its entity on its group's runqueue, then the ancestors. */
static int path(struct ptree *t, const struct ptree_pos *k)
{
    t->lv[0] = (struct ptree_level){k->se, ptree_rq(t, k->group, k->cpu), NULL, k->group};
    t->grp[0] = t->ngroups; /* not a group */
    return 1 + ancestors(t, k->group, k->cpu, t->lv + 1, t->grp + 1);
}

static void list_up(struct ptree *t, uint32_t g, uint32_t c)
{
    for (;;) {
        ptree_rq(t, g, c)->listed = 1;
        if (g == 0)
            return;
        g = t->parent[g];
    }
}

/* propagate_entity_cfs_rq: list the runqueue, update every ancestor entity. */
static int propagate_cfs(struct ptree *t, uint32_t g, uint32_t c, uint64_t now)
{
    int n = ancestors(t, g, c, t->lv, t->grp);
    list_up(t, g, c);
    for (int i = 0; i < n; i++)
        PT_CHECK(ula(t, &t->lv[i], now, PGOV_PELT_GROUP_UPDATE_TG));
    return 0;
}

/* attach_entity_cfs_rq of se (own: its runqueue if a group entity) to
 * group g's runqueue on c (5.6, 5.8). */
static int attach_cfs(struct ptree *t, struct pgov_pelt_se *se, struct ptree_rq *own, uint32_t g,
                      uint32_t c, uint64_t now)
{
    struct ptree_level l = {se, ptree_rq(t, g, c), own, g};
    PT_CHECK(ula(t, &l, now, 0));
    PT_CHECK(pgov_pelt_group_attach(t->kver, &l.p->cfs, se));
    PT_CHECK(tg_due(t, l.p, g, 1, now));
    return propagate_cfs(t, g, c, now);
}

int ptree_mkgrp(struct ptree *t, uint32_t g, uint32_t parent, uint64_t now)
{
    uint32_t i, hl = ptree_rq(t, 0, 0)->cfs.avg.halflife;
    if (g == 0 || g >= t->ngroups || parent >= t->ngroups || t->exists[g] || !t->exists[parent])
        return PGOV_EINVAL;
    t->exists[g] = 1;
    t->parent[g] = parent;
    t->tg[g].shares = PTREE_NICE0;
    t->tg[g].cpus = t->ncpu;
    /* before its parent in the order: children first */
    for (i = 0; i < t->norder && t->order[i] != parent; i++)
        ;
    memmove(&t->order[i + 1], &t->order[i], (t->norder - i) * sizeof(t->order[0]));
    t->order[i] = g;
    t->norder++;
    for (uint32_t c = 0; c < t->ncpu; c++) {
        PT_CHECK(pgov_pelt_group_cfs_init(&ptree_rq(t, g, c)->cfs, hl));
        PT_CHECK(pgov_pelt_group_se_init(ptree_gse(t, g, c), PTREE_NICE0, 1, hl));
        PT_CHECK(attach_cfs(t, ptree_gse(t, g, c), ptree_rq(t, g, c), parent, c, now));
    }
    return 0;
}

int ptree_enqueue(struct ptree *t, const struct ptree_pos *k, uint64_t now)
{
    int n = path(t, k), walk1 = 1;
    for (int i = 0; i < n; i++) {
        struct ptree_level *l = &t->lv[i];
        if (walk1 && !l->se->on_rq) {
            PT_CHECK(ula(t, l, now, PGOV_PELT_GROUP_UPDATE_TG | PGOV_PELT_GROUP_DO_ATTACH));
            if (l->g)
                l->se->runnable_weight = l->g->cfs.nr_runnable;
            PT_CHECK(shares(t, l, t->grp[i]));
            l->p->cfs.weight += l->se->weight;
            l->p->nr_queued++;
            l->se->on_rq = 1;
        } else {
            walk1 = 0;
            PT_CHECK(ula(t, l, now, PGOV_PELT_GROUP_UPDATE_TG));
            l->se->runnable_weight = l->g->cfs.nr_runnable;
            PT_CHECK(shares(t, l, t->grp[i]));
        }
        l->p->cfs.nr_runnable++;
    }
    list_up(t, k->group, k->cpu);
    return 0;
}

int ptree_dequeue(struct ptree *t, const struct ptree_pos *k, uint64_t now, int migrating)
{
    int n = path(t, k), walk1 = 1;
    for (int i = 0; i < n; i++) {
        struct ptree_level *l = &t->lv[i];
        if (walk1) {
            uint32_t f = PGOV_PELT_GROUP_UPDATE_TG;
            if (i == 0 && migrating)
                f |= PGOV_PELT_GROUP_DO_DETACH;
            PT_CHECK(ula(t, l, now, f));
            if (l->g)
                l->se->runnable_weight = l->g->cfs.nr_runnable;
            l->se->on_rq = 0;
            l->p->cfs.weight -= l->se->weight;
            l->p->nr_queued--;
            PT_CHECK(shares(t, l, t->grp[i]));
            walk1 = l->p->cfs.weight == 0;
        } else {
            PT_CHECK(ula(t, l, now, PGOV_PELT_GROUP_UPDATE_TG));
            l->se->runnable_weight = l->g->cfs.nr_runnable;
            PT_CHECK(shares(t, l, t->grp[i]));
        }
        l->p->cfs.nr_runnable--;
    }
    return 0;
}

int ptree_run(struct ptree *t, const struct ptree_pos *k, uint64_t now)
{
    int n = path(t, k);
    int down = pgov_kver_resolve(t->kver) < PGOV_KVER_6_12;
    for (int j = 0; j < n; j++) {
        struct ptree_level *l = &t->lv[down ? n - 1 - j : j];
        if (l->se->on_rq)
            PT_CHECK(ula(t, l, now, PGOV_PELT_GROUP_UPDATE_TG));
        l->p->cfs.has_curr = 1;
        l->se->running = 1;
    }
    return 0;
}

int ptree_put_prev(struct ptree *t, const struct ptree_pos *k, uint64_t now)
{
    int n = path(t, k);
    for (int i = 0; i < n; i++) {
        if (t->lv[i].se->on_rq)
            PT_CHECK(ula(t, &t->lv[i], now, 0));
        t->lv[i].p->cfs.has_curr = 0;
        t->lv[i].se->running = 0;
    }
    return 0;
}

int ptree_tick(struct ptree *t, const struct ptree_pos *k, uint64_t now)
{
    int n = path(t, k);
    for (int i = 0; i < n; i++) {
        PT_CHECK(ula(t, &t->lv[i], now, PGOV_PELT_GROUP_UPDATE_TG));
        PT_CHECK(shares(t, &t->lv[i], t->grp[i]));
    }
    return 0;
}

int ptree_move(struct ptree *t, const struct ptree_pos *k, uint32_t g, uint64_t now)
{
    uint32_t c = k->cpu, old = k->group;
    if (k->se->avg.last_update_time) {
        struct ptree_level l = {k->se, ptree_rq(t, old, c), NULL, old};
        PT_CHECK(ula(t, &l, now, 0));
        PT_CHECK(pgov_pelt_group_detach(t->kver, &l.p->cfs, k->se));
        PT_CHECK(tg_due(t, l.p, old, 1, now));
        PT_CHECK(propagate_cfs(t, old, c, now));
    }
    k->se->avg.last_update_time = 0;
    return attach_cfs(t, k->se, NULL, g, c, now);
}

int ptree_set_shares(struct ptree *t, uint32_t g, uint64_t w, uint64_t now)
{
    t->tg[g].shares = w;
    for (uint32_t c = 0; c < t->ncpu; c++) {
        int n = ancestors(t, g, c, t->lv, t->grp);
        for (int i = 0; i < n; i++) {
            PT_CHECK(ula(t, &t->lv[i], now, PGOV_PELT_GROUP_UPDATE_TG));
            PT_CHECK(shares(t, &t->lv[i], t->grp[i]));
        }
    }
    return 0;
}

int ptree_update_rq(struct ptree *t, uint32_t g, uint32_t c, uint64_t now)
{
    struct ptree_rq *q = ptree_rq(t, g, c);
    int r = pgov_pelt_group_update_cfs(t->kver, &q->cfs, now);
    if (r < 0)
        return r;
    return tg_due(t, q, g, r, now);
}

int ptree_update_gse(struct ptree *t, uint32_t g, uint32_t c, uint64_t now)
{
    if (g == 0)
        return PGOV_EINVAL;
    struct ptree_level l = {ptree_gse(t, g, c), ptree_rq(t, t->parent[g], c), ptree_rq(t, g, c),
                            t->parent[g]};
    return ula(t, &l, now, PGOV_PELT_GROUP_UPDATE_TG);
}

int ptree_blocked(struct ptree *t, uint32_t c, uint64_t now)
{
    int prev = -1;
    for (uint32_t i = 0; i < t->norder; i++) {
        uint32_t g = t->order[i];
        struct ptree_rq *q = ptree_rq(t, g, c);
        int r, dec;
        if (!q->listed)
            continue;
        if (g == 0)
            r = pgov_pelt_group_blocked(t->kver, &q->cfs, NULL, NULL, now);
        else
            r = pgov_pelt_group_blocked(t->kver, &q->cfs, ptree_gse(t, g, c),
                                        &ptree_rq(t, t->parent[g], c)->cfs, now);
        if (r < 0)
            return r;
        PT_CHECK(tg_due(t, q, g, (r & PGOV_PELT_GROUP_CHANGED) != 0, now));
        if (g != 0)
            PT_CHECK(tg_due(t, ptree_rq(t, t->parent[g], c), t->parent[g],
                            (r & PGOV_PELT_GROUP_TG_DUE) != 0, now));
        dec = pgov_pelt_group_cfs_decayed(t->kver, &q->cfs);
        if (dec < 0)
            return dec;
        /* a runqueue stays listed while a child listed just before it does */
        if (dec && !(prev >= 0 && t->parent[prev] == g))
            q->listed = 0;
        else
            prev = (int)g;
    }
    return 0;
}
