/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace signals through task groups. When the recording names task
 * groups (cfs_rq paths other than "/") and --kver is 6.1 or later, every
 * CFS task sits on its group's runqueue in a hierarchy of group runqueues
 * and group entities (examples/common/pelt_tree.c, the walks; pgov/
 * pelt_group.h, the rules), and the root cfs_rq compared is the one the
 * propagation builds, not the flat sum of the tasks.
 *
 * What the recording gives: the hierarchy (groups.c: paths, parents), each
 * task's group (the path of its samples; a change of path is a move,
 * sched_move_task, applied at that sample's update_time), the transitions
 * (signals_transition.c calls the sg_grp_* hooks beside its flat updates),
 * the tick (a running task's hardirq sample). What it does not give is
 * seeded: each group runqueue and entity from its first sample (as tasks
 * and root runqueues are), the groups' shares at their default (nice 0),
 * the hierarchy as existing before the first event. Updates the kernel
 * made without a transition event (the blocked-load pass of an idle CPU)
 * are applied when their samples are compared, at their update_time.
 *
 * The task's own signal stays in `struct task.se` (the flat rebuild's):
 * `tse.avg` is a copy taken before each walk and given back after it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "pelt_tree.h"
#include "signals_int.h"


/* a group object's seed: none yet (never sampled), from its kernel
 * sample, or wanted again from its next one (a lost-events marker) */
enum { SEED_NONE = 0, SEED_DONE, SEED_AGAIN };

struct grp_first {
    int32_t pid;
    uint32_t grp;
    int32_t parent; /* forked in the trace: its parent, else 0 */
    size_t pidx, fidx; /* the parent's last sample before the fork, the fork */
};

/* A move between groups seen before its task's sample shows it: the
 * attach's first sample on the new group's cfs_rq (event idx). */
struct grp_move {
    size_t idx;
    int32_t pid;
    uint32_t grp;
};

struct sg_groups {
    struct ptree tree;
    struct grp_move *moves; /* by idx */
    size_t nmoves, next;
    void *mem;
    uint8_t *seeded; /* [2 * (g * ncpu + cpu) + is_entity]: SEED_* */
    uint8_t *recount; /* [cpu]: a lost-events marker hit it, counts rebuilt at its next switch */
    int32_t *ent;    /* the same index: its row in the entity table, -1 none */
    struct pgt_pidtab first; /* pid -> the group of its first sample */
};

/* PGT_GDEBUG set: every group and root sample's rebuilt value, and the
 * removals, on stderr (how issue 27's residual errors were traced). */
bool sg_grp_debug(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("PGT_GDEBUG") != NULL;
    return on;
}

static void chk(struct ctx *c, int r, const char *what)
{
    sg_chk(c, r < 0 ? r : 0, what);
}

/* Groups created parents first: a parent's path is shorter. */
static int build(struct ctx *c, struct sg_groups *g, uint64_t now)
{
    const struct pgt_trace *t = c->t;
    for (size_t len = 1; len < PGT_PATH_LEN; len++)
        for (uint32_t i = 0; i < t->ngroups; i++) {
            if (strlen(t->group[i]) != len)
                continue;
            int32_t par = pgt_group_parent(t, i);
            int r = ptree_mkgrp(&g->tree, i + 1, (uint32_t)(par + 1), now);
            if (r < 0)
                return r;
        }
    return 0;
}

struct grp_last {
    int32_t pid;
    uint32_t grp;
    size_t idx;
};

static int cmp_move(const void *a, const void *b)
{
    size_t x = ((const struct grp_move *)a)->idx, y = ((const struct grp_move *)b)->idx;
    return x < y ? -1 : x > y;
}

/* A child forked in the trace starts in its parent's group (cgroup and
 * autogroup are inherited at fork), not in its first sample's: that sample
 * may follow a move (a cgroup.procs write) or an exit's autogroup exit.
 * Without it a child forked in an autogroup and dead before its first
 * period crossing took the root's spare capacity at post_init (on
 * qemu-6.1-icount-groups pid 105: 153 where the kernel gave 512 from its
 * autogroup's empty cfs_rq). The parent's group: its last sample's. */
static int inherit(struct sg_groups *g, struct pgt_pidtab *last, const struct pgt_event *e, size_t j)
{
    bool created;
    const struct grp_last *p = pgt_pidtab_find(last, e->pid);
    if (!p || e->pid2 <= 0 || pgt_pidtab_find(last, e->pid2))
        return 0;
    uint32_t grp = p->grp; /* (p moves when the table grows) */
    struct grp_last *l = pgt_pidtab_get(last, e->pid2, &created);
    struct grp_first *f = l ? pgt_pidtab_get(&g->first, e->pid2, &created) : NULL;
    if (!l || !f)
        return -1;
    *l = (struct grp_last){e->pid2, grp, j};
    if (created)
        *f = (struct grp_first){e->pid2, grp, e->pid, p->idx, j};
    return 0;
}

/* The parent may have moved between its last sample and the fork, a move
 * found only at its next sample (setsid on 7.3: sh 117 into /autogroup-1
 * at 3.178164 s, its fork of date 120 at 3.178959 s, its first sample in
 * the autogroup at 3.178993 s): the child starts where that move put it. */
static void settle_forks(struct sg_groups *g)
{
    for (size_t s = 0; s < g->first.cap; s++) {
        struct grp_first *f = pgt_pidtab_slot(&g->first, s);
        if (!f || !f->parent)
            continue;
        for (size_t m = 0; m < g->nmoves && g->moves[m].idx < f->fidx; m++)
            if (g->moves[m].pid == f->parent && g->moves[m].idx > f->pidx)
                f->grp = g->moves[m].grp;
    }
}

/* The first attach to group q's cfs_rq in events [from, to) on any CPU
 * (to when none): a sample of it whose load rose from the one just before
 * at the same update_time (attach_entity_load_avg after the update). The
 * moved task may have migrated since its last sample: on
 * qemu-6.1-icount-groups pid 100 moved to /g5 on CPU 0 at 2.184590 s after
 * a wake-up on CPU 1, and its next sample, 1 ms later, was on CPU 1. */
static size_t attach_at(const struct pgt_trace *t, size_t from, size_t to, uint32_t q)
{
    for (size_t m = from; m < to; m++) {
        const struct pgt_event *f = &t->ev[m];
        if (f->type != PGT_PELT_GROUP || f->x[1] || f->x[2] != q || (f->x[3] & PGT_IN_HARDIRQ))
            continue;
        for (size_t b = m; b-- > from && b + 4 > m;) {
            const struct pgt_event *p = &t->ev[b];
            if (p->type == PGT_PELT_GROUP && !p->x[1] && p->x[2] == q && p->x[0] == f->x[0]) {
                if (p->v[3] == f->v[3] && p->v[0] < f->v[0])
                    return m;
                break;
            }
        }
    }
    return to;
}

/* The moves between groups, and each task's first group (first): a task
 * whose samples change path from A to B
 * was moved (its own sample only follows at its next period crossing):
 * into a group at the first sample of the new group's cfs_rq on its CPU
 * after A (the attach's update), to the root (an autogroup left at exit)
 * at the first sample of the old group's cfs_rq at A's update_time (the
 * update before the detach); else at B. */
/* 7.3: a move to the root made from another CPU (a cgroup.procs write
 * for a running task) updates the old group's runqueue at that CPU's
 * clock, not at the update_time of the task's last sample: its detach is
 * the first sample after it where the load falls by half the task's or
 * more (qemu-7.3-icount-groups, the hog 118 out of /g5 at 3.849987 s: moved
 * 4 ms late at its next sample, /g5 rebuilt 1022 for the kernel's 0). */
static bool root_detach(const struct ctx *c, const struct pgt_event *f, const struct pgt_event *a, uint64_t prev)
{
    return c->p->kver >= PGOV_KVER_7_3 && prev != UINT64_MAX && f->v[0] + a->v[0] / 2 <= prev;
}

/* A move to the root of a task that exits between its samples A and B is
 * its autogroup's exit, after sched_process_exit: the old group's samples
 * at A's update_time before the exit are A's own walk, not the move's
 * (qemu-6.1-groups, date 146 picked on CPU 0 at 5.220192 s: moved out of
 * /autogroup-1 at its pick's cfs_rq sample, 489 units rebuilt as 0, where
 * the detach came after its exit at 5.220687 s). From the exit, else
 * from `from`. */
static size_t after_exit(const struct pgt_trace *t, size_t from, size_t to, int32_t pid)
{
    for (size_t m = from; m < to; m++)
        if (t->ev[m].type == PGT_EXIT && t->ev[m].pid == pid)
            return m + 1;
    return from;
}

static int find_moves(struct ctx *c, struct sg_groups *g)
{
    const struct pgt_trace *t = c->t;
    struct pgt_pidtab last;
    size_t cap = 0;
    int r = 0;
    pgt_pidtab_init(&last, sizeof(struct grp_last));
    for (size_t j = 0; j < t->n && !r; j++) {
        const struct pgt_event *e = &t->ev[j];
        bool created;
        if (e->type == PGT_FORK) {
            r = inherit(g, &last, e, j);
            continue;
        }
        if (e->type != PGT_PELT_SE || e->pid <= 0 || e->x[2] > t->ngroups)
            continue;
        struct grp_last *l = pgt_pidtab_get(&last, e->pid, &created);
        if (l && created) { /* its first sample: its group unless forked here */
            bool fresh;
            struct grp_first *f = pgt_pidtab_get(&g->first, e->pid, &fresh);
            if (f && fresh)
                f->grp = e->x[2];
            l = f ? l : NULL;
        }
        if (!l) {
            r = -1;
            break;
        }
        if (!created && l->grp != e->x[2]) {
            const struct pgt_event *a = &t->ev[l->idx];
            size_t at = e->x[2] ? attach_at(t, l->idx + 1, j, e->x[2] - 1) : j, m;
            uint64_t before = UINT64_MAX; /* the old group's runqueue load before f */
            size_t from = at < j ? at : e->x[2] ? l->idx + 1 : after_exit(t, l->idx + 1, j, e->pid);
            for (m = from; m < j && m != at; m++) {
                const struct pgt_event *f = &t->ev[m];
                if (f->type != PGT_PELT_GROUP || f->x[1] || f->x[0] != e->x[0])
                    continue;
                uint64_t prev = before;
                if (f->x[2] + 1 == l->grp)
                    before = f->v[0];
                if (f->x[3] & PGT_IN_HARDIRQ)
                    continue; /* (the tick moves nothing) */
                if (e->x[2] ? f->x[2] + 1 == e->x[2] : f->x[2] + 1 == l->grp && (f->v[3] == a->v[3] || root_detach(c, f, a, prev)))
                    break;
            }
            if (g->nmoves == cap) {
                cap = cap ? cap * 2 : 16;
                struct grp_move *v = realloc(g->moves, cap * sizeof(*v));
                if (!v) {
                    r = -1;
                    break;
                }
                g->moves = v;
            }
            g->moves[g->nmoves++] = (struct grp_move){m, e->pid, e->x[2]};
        }
        l->grp = e->x[2];
        l->idx = j;
    }
    pgt_pidtab_free(&last);
    if (g->nmoves)
        qsort(g->moves, g->nmoves, sizeof(*g->moves), cmp_move);
    settle_forks(g);
    return r;
}

int sg_grp_setup(struct ctx *c)
{
    const struct pgt_trace *t = c->t;
    uint32_t kver = c->p->kver;
    if (!t->ngroups || !c->ncpu || !kver || kver < PGOV_KVER_6_1 || c->contrib_scaled)
        return 0;
    uint32_t ng = t->ngroups + 1;
    size_t nobj = 2u * (size_t)ng * c->ncpu, size = ptree_size(c->ncpu, ng);
    struct sg_groups *g = calloc(1, sizeof(*g));
    if (!g || !size || !(g->mem = calloc(1, size)) || !(g->seeded = calloc(nobj, 1)) ||
        !(g->recount = calloc(c->ncpu, 1)) || !(g->ent = malloc(nobj * sizeof(*g->ent)))) {
        if (g)
            free(g->mem), free(g->seeded), free(g->recount);
        free(g);
        snprintf(c->err, c->errlen, "%s: out of memory", t->path);
        return -1;
    }
    c->grp = g;
    for (size_t j = 0; j < nobj; j++)
        g->ent[j] = -1;
    pgt_pidtab_init(&g->first, sizeof(struct grp_first));
    int r = ptree_init(&g->tree, g->mem, kver, c->ncpu, ng, c->p->halflife);
    if (r >= 0)
        r = build(c, g, c->t0 + 1);
    if (r >= 0)
        r = find_moves(c, g); /* and each task's first group */
    if (r < 0) {
        snprintf(c->err, c->errlen, "%s: the task-group hierarchy cannot be built (%d)", t->path, r);
        return -1;
    }
    c->out->groups_rebuilt = true;
    return 0;
}

void sg_grp_free(struct ctx *c)
{
    struct sg_groups *g = c->grp;
    if (!g)
        return;
    const struct ptree *t = &g->tree;
    for (uint32_t q = 1; q < t->ngroups; q++)
        for (uint32_t i = 0; i < t->ncpu; i++)
            for (uint32_t s = 0; s < 2; s++)
                c->out->group_unseeded += g->seeded[2u * ((size_t)q * t->ncpu + i) + s] == SEED_NONE;
    pgt_pidtab_free(&g->first);
    free(g->moves);
    free(g->mem), free(g->seeded), free(g->recount), free(g->ent), free(g);
    c->grp = NULL;
}

struct pgov_pelt_avg *sg_grp_root(struct ctx *c, uint32_t i)
{
    return c->grp ? &ptree_rq(&c->grp->tree, 0, i)->cfs.avg : NULL;
}

/* (never back in time: the flat rebuild's update of a transition dated
 * before the last group walk on this CPU set the root's last_update_time
 * back and kept its period_contrib, its periods out of phase from then on;
 * qemu-6.1-icount-groups CPU 1 at 2.2004 s, 208 units off) */
void sg_grp_root_update(struct ctx *c, uint32_t i, uint64_t now)
{
    if (c->grp && now > ptree_rq(&c->grp->tree, 0, i)->cfs.avg.last_update_time)
        chk(c, ptree_update_rq(&c->grp->tree, 0, i, now), "root cfs_rq update");
}

/* ------------------------------------------------------------ tasks */

static bool in_tree(const struct ctx *c, const struct task *k)
{
    return c->grp && k->policy == POL_CFS;
}

/* A walk on CPU i no earlier than the last one there (the kernel's rq clock
 * does not go back; a transition's time guessed before a tick's walk did,
 * and the library, as the kernel, then sets last_update_time back with its
 * period_contrib kept: qemu-6.1-icount-groups CPU 1 at 2.2004 s, a put_prev
 * 213 us before the tick's walk, the root's periods 208 units out of phase
 * from then on, 16 units of util_avg at 2.712 s) */
static uint64_t mono(const struct ctx *c, uint32_t i, uint64_t now)
{
    uint64_t lut = i < c->ncpu ? ptree_rq(&c->grp->tree, 0, i)->cfs.avg.last_update_time : 0;
    return now > lut ? now : lut;
}

static struct ptree_pos pos(struct task *k)
{
    return (struct ptree_pos){&k->tse, k->grp, (uint32_t)k->tcpu};
}

/* A task seen for the first time: its group is its first sample's. */
void sg_grp_task_init(struct ctx *c, struct task *k)
{
    if (!c->grp || k->tinit)
        return;
    const struct grp_first *f = pgt_pidtab_find(&c->grp->first, k->pid);
    k->grp = f ? f->grp : 0;
    chk(c, pgov_pelt_group_se_init(&k->tse, PTREE_NICE0, 0, c->p->halflife), "se_init");
    k->tinit = 1;
}

/* The task's signal into its tree entity (unattached: last_update_time 0). */
static void tin(struct ctx *c, struct task *k)
{
    sg_grp_task_init(c, k);
    k->tse.avg = k->se;
    if (!k->tattached)
        k->tse.avg.last_update_time = 0;
}

static void tout(struct task *k)
{
    if (k->tse.avg.last_update_time)
        k->se = k->tse.avg;
}

/* A task attached to CPU i's runqueues before the trace began: its group's
 * runqueue (seeded from the kernel's samples) already holds it. */
void sg_grp_adopt(struct ctx *c, struct task *k, uint32_t i)
{
    if (!in_tree(c, k) || k->tattached)
        return;
    tin(c, k);
    const struct pgov_pelt_avg *q = &ptree_rq(&c->grp->tree, k->grp, i)->cfs.avg;
    if (!q->last_update_time)
        q = sg_grp_root(c, i);
    k->se.last_update_time = q->last_update_time ? q->last_update_time : k->se.last_update_time;
    k->se.period_contrib = q->period_contrib;
    k->tcpu = (int32_t)i;
    k->tattached = 1;
}

void sg_grp_dequeue(struct ctx *c, struct task *k, uint64_t now, bool migrating)
{
    if (!in_tree(c, k) || !k->tinit || !k->tse.on_rq)
        return;
    struct ptree_pos p = pos(k);
    tin(c, k);
    chk(c, ptree_dequeue(&c->grp->tree, &p, mono(c, p.cpu, now), migrating), "dequeue walk");
    tout(k);
    if (migrating)
        k->tattached = 0;
}

/* A group runqueue or entity never updated on CPU i starts its periods at
 * its first update, from zero: the kernel's at a multiple of 1024 us of its
 * own clock, which the rebuild's clock (update_time brought back by the
 * trace's lead, trace.c) does not share; the CPU's phase does. A task
 * attached at that update (a fork's wake_up_new_task, before the group's
 * first sample seeds it) takes the runqueue's position, so such levels of
 * its path start at a period start of the phase (qemu-7.3-icount-groups, date 120 forked
 * into /autogroup-1 on CPU 1 at 3.178964 s: period_contrib 709 for the
 * seed's 281, its period crossed early, 7 units left in the group at its
 * exit and the next fork's post_init got 470 for the kernel's 512). */
static void align_unseeded(struct ctx *c, uint32_t g, uint32_t i, uint64_t now)
{
    struct sg_groups *gr = c->grp;
    int32_t phase = c->cpu[i].phase;
    for (; g && g < gr->tree.ngroups && phase >= 0; g = gr->tree.parent[g]) {
        size_t idx = 2u * ((size_t)g * c->ncpu + i);
        struct pgov_pelt_avg *sa[2] = {&ptree_rq(&gr->tree, g, i)->cfs.avg, &ptree_gse(&gr->tree, g, i)->avg};
        for (int s = 0; s < 2; s++) {
            struct pgov_pelt_avg *a = sa[s];
            if (gr->seeded[idx + (size_t)s])
                continue;
            if (!a->last_update_time && !a->util_sum && !a->load_sum && !a->runnable_sum && now >= 1u << 20) {
                /* never updated: the period start before now (its first
                 * update, from zero, then lands on the phase) */
                uint64_t u = now >> 10;
                a->last_update_time = (u - ((u - (uint64_t)phase) & 1023u)) << 10;
                a->period_contrib = 0;
            }
        }
    }
}

void sg_grp_enqueue(struct ctx *c, struct task *k, uint32_t i, uint64_t now)
{
    if (!in_tree(c, k))
        return;
    tin(c, k);
    if (k->tse.on_rq && k->tcpu == (int32_t)i)
        return;
    if (k->tse.on_rq) /* queued elsewhere as far as we know: events were missed */
        sg_grp_dequeue(c, k, sg_grp_root(c, (uint32_t)k->tcpu)->last_update_time, true);
    if (k->tattached && k->tcpu != (int32_t)i)
        sg_grp_remove(c, k);
    tin(c, k);
    k->tcpu = (int32_t)i;
    if (!k->tattached)
        align_unseeded(c, k->grp, i, mono(c, i, now));
    struct ptree_pos p = pos(k);
    chk(c, ptree_enqueue(&c->grp->tree, &p, mono(c, p.cpu, now)), "enqueue walk");
    tout(k);
    k->tattached = 1;
}

void sg_grp_run(struct ctx *c, struct task *k, uint64_t now)
{
    if (!in_tree(c, k) || !k->tinit || !k->tse.on_rq || k->tse.running)
        return;
    struct ptree_pos p = pos(k);
    tin(c, k);
    chk(c, ptree_run(&c->grp->tree, &p, mono(c, p.cpu, now)), "pick walk");
    tout(k);
}

void sg_grp_put(struct ctx *c, struct task *k, uint64_t now)
{
    if (!in_tree(c, k) || !k->tinit || !k->tse.running)
        return;
    struct ptree_pos p = pos(k);
    tin(c, k);
    chk(c, ptree_put_prev(&c->grp->tree, &p, mono(c, p.cpu, now)), "put_prev walk");
    tout(k);
}

void sg_grp_tick(struct ctx *c, uint32_t i, uint64_t now)
{
    struct task *k = c->grp && c->cpu[i].curr > 0 ? pgt_pidtab_find(&c->tasks, c->cpu[i].curr) : NULL;
    if (!k || !in_tree(c, k) || !k->tinit || !k->tse.running || k->tcpu != (int32_t)i)
        return;
    struct ptree_pos p = pos(k);
    tin(c, k);
    chk(c, ptree_tick(&c->grp->tree, &p, mono(c, p.cpu, now)), "tick walk");
    tout(k);
    c->out->group_ticks++;
}

/* The task leaves its runqueue without its lock (wake-up migration, exit):
 * its group runqueue's "removed". true when done here (the flat rebuild's
 * removal is then only for the flat root). */
bool sg_grp_remove(struct ctx *c, struct task *k)
{
    if (!in_tree(c, k) || !k->tinit || !k->tattached)
        return false;
    if (k->tse.on_rq) {
        sg_grp_dequeue(c, k, sg_grp_root(c, (uint32_t)k->tcpu)->last_update_time, true);
        return true;
    }
    tin(c, k);
    chk(c, pgov_pelt_group_remove(&ptree_rq(&c->grp->tree, k->grp, (uint32_t)k->tcpu)->cfs, &k->tse),
        "remove");
    if (sg_grp_debug())
        fprintf(stderr, "gdbg remove pid %d grp %u cpu %d util %u lut %llu\n", k->pid, k->grp, k->tcpu,
                (unsigned)k->tse.avg.util_avg, (unsigned long long)k->tse.avg.last_update_time);
    tout(k);
    k->tattached = 0;
    return true;
}

/* A new task's utilization from its group's runqueue on CPU i
 * (post_init_entity_util_avg); false without the hierarchy. */
bool sg_grp_new(struct ctx *c, struct task *k, uint32_t i)
{
    if (!in_tree(c, k))
        return false;
    tin(c, k);
    k->tattached = 0;
    chk(c, pgov_pelt_group_se_init(&k->tse, PTREE_NICE0, 0, c->p->halflife), "se_init");
    chk(c, pgov_pelt_group_post_init(c->grp->tree.kver, &k->tse,
                                     &ptree_rq(&c->grp->tree, k->grp, i)->cfs, c->p->cap[i]),
        "post_init");
    k->se = k->tse.avg;
    return true;
}

/* A task sample's path: the task's group. A change is a move between
 * groups (sched_move_task: dequeue, put, detach, attach, enqueue, set
 * next), applied at the sample's update_time. */
static void move(struct ctx *c, int32_t pid, uint32_t grp, uint64_t ts, uint64_t at, bool same)
{
    struct task *k = sg_task_get(c, pid, ts);
    if (!k || k->policy != POL_CFS)
        return;
    tin(c, k);
    if (k->grp == grp && !same)
        return;
    if (!k->tattached) {
        k->grp = grp; /* not in the tree yet: where it will attach */
        return;
    }
    struct ptree *t = &c->grp->tree;
    bool queued = k->tse.on_rq, running = k->tse.running;
    struct ptree_pos p = pos(k);
    at = mono(c, p.cpu, at);
    if (queued)
        chk(c, ptree_dequeue(t, &p, at, 0), "dequeue walk");
    if (running)
        chk(c, ptree_put_prev(t, &p, at), "put_prev walk");
    chk(c, ptree_move(t, &p, grp, at), "group move");
    k->grp = grp;
    p = pos(k);
    if (queued)
        chk(c, ptree_enqueue(t, &p, at), "enqueue walk");
    if (running)
        chk(c, ptree_run(t, &p, at), "pick walk");
    tout(k);
    c->out->group_moves++;
}

void sg_grp_path(struct ctx *c, const struct pgt_event *e, uint64_t at)
{
    if (c->grp && e->pid > 0 && e->x[2] < c->grp->tree.ngroups)
        move(c, e->pid, e->x[2], e->ts, at, false);
}

/* An exiting task leaves its autogroup for the root (sched_move_task at
 * exit), mostly with no sample of its own after it: the move is the first
 * sample of the autogroup's cfs_rq on the task's CPU, outside the tick,
 * after its sched_process_exit while it runs whose load falls by the
 * task's (the detach; its update, when it crossed a period, comes first). */
static bool detaches(const struct ctx *c, size_t idx, const struct task *k)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint64_t load = k->tse.avg.load_avg;
    for (size_t j = idx; j-- > 0 && idx - j < 4096;) /* the task's load: its last sample's */
        if (c->t->ev[j].type == PGT_PELT_SE && c->t->ev[j].pid == k->pid) {
            load = c->t->ev[j].v[0];
            break;
        }
    for (size_t j = idx; j-- > 0 && idx - j < 4096;) {
        const struct pgt_event *f = &c->t->ev[j];
        if (f->type == PGT_PELT_GROUP && f->x[0] == e->x[0] && !f->x[1] && f->x[2] == e->x[2])
            return e->v[0] + load / 2 < f->v[0];
    }
    return true;
}

static void exit_move(struct ctx *c, size_t idx, uint64_t at)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0];
    const struct cpu *p = &c->cpu[i];
    struct task *k = p->curr > 0 ? pgt_pidtab_find(&c->tasks, p->curr) : NULL;
    if (e->type != PGT_PELT_GROUP || e->x[1] || (e->x[3] & PGT_IN_HARDIRQ) || e->cpu != i || !k ||
        !k->exiting || !k->tinit || !k->grp || k->grp != e->x[2] + 1 || k->tcpu != (int32_t)i)
        return;
    /* the detach's sample: the group's load falls by the task's (its last
     * sample's load, else the rebuilt one; an update
     * for another task's wake-up may come first: on qemu-6.1-icount-groups
     * date 131's exit at 2.247233 s, sh 101's wake-up in /autogroup-1 at
     * 2.247239 s, the move at 2.247263 s; moved at the first, the rebuilt
     * group missed date's 402) */
    if (!detaches(c, idx, k))
        return;
    bool autogroup = strncmp(c->t->group[e->x[2]], "/autogroup-", 11) == 0;
    k->exiting = 0; /* once: sched_move_task runs once at exit (the root's pair after it is this walk's) */
    move(c, k->pid, autogroup ? 0 : k->grp, e->ts, at, true);
    c->out->exit_moves++;
}

/* An exiting task on the root goes through sched_move_task too (the
 * autogroup exit moves every task, to the root it is on): a detach and an
 * attach at one update_time of the root's cfs_rq, no path change. The
 * attach gives back the task's averages times the divider, so its running
 * time since its last period crossing leaves it (qemu-6.1-groups, usleep
 * 102 at 4.618920960: the root 1041 then 1045; without the move the task
 * kept 0.9 ms of running, 23 for the kernel's 6 at its exit, the root 1045
 * for 1026). The caller saw the pair (signals_flush.c). */
bool sg_grp_exit_root(struct ctx *c, struct task *k, uint64_t at)
{
    if (!in_tree(c, k) || !k->tinit || k->grp || !k->tattached || !k->tse.on_rq)
        return false;
    k->exiting = 0;
    move(c, k->pid, 0, c->t0, at, true);
    return true;
}

void sg_grp_moves_at(struct ctx *c, size_t idx, uint64_t at)
{
    struct sg_groups *g = c->grp;
    if (!g)
        return;
    for (; g->next < g->nmoves && g->moves[g->next].idx <= idx; g->next++)
        if (g->moves[g->next].idx == idx)
            move(c, g->moves[g->next].pid, g->moves[g->next].grp, c->t->ev[idx].ts, at, false);
    exit_move(c, idx, at);
}

/* ------------------------------------------------------------ samples */

/* An update no transition of the rebuild made (the blocked-load pass, a
 * remote update) shows as a runqueue's sample followed, at one update_time,
 * by a child group entity's: the entity's update_load_avg on that runqueue,
 * which propagates the child runqueue (updated first: its "removed") into
 * it. Applied before runqueue g's sample on CPU i (event e) is compared. */
void sg_grp_propagation(struct ctx *c, const struct pgt_event *e, uint32_t g, uint64_t at)
{
    struct sg_groups *gr = c->grp;
    uint32_t i = e->x[0];
    const struct cpu *p = &c->cpu[i];
    if (!gr || !e->v[3])
        return;
    for (uint32_t j = 0; j < p->npend; j++) {
        const struct pgt_event *f = &c->t->ev[p->pend[j]];
        if (f <= e || f->type != PGT_PELT_GROUP || !f->x[1] || f->x[0] != i || f->v[3] != e->v[3] ||
            f->x[2] + 1 >= gr->tree.ngroups || gr->tree.parent[f->x[2] + 1] != g)
            continue;
        chk(c, ptree_update_rq(&gr->tree, f->x[2] + 1, i, mono(c, i, at)), "group update");
        chk(c, ptree_update_gse(&gr->tree, f->x[2] + 1, i, mono(c, i, at)), "group update");
        return;
    }
}

/* The kernel's update that wrote group sample e (group q, CPU i), when
 * the rebuild has not made it. */
static void apply(struct ctx *c, const struct pgt_event *e, uint32_t q, uint32_t i, uint64_t at)
{
    struct sg_groups *g = c->grp;
    at = mono(c, i, at);
    if (e->x[1]) {
        if (at > ptree_gse(&g->tree, q, i)->avg.last_update_time) { /* its runqueue first: the walk's order */
            chk(c, ptree_update_rq(&g->tree, q, i, at), "group update");
            chk(c, ptree_update_gse(&g->tree, q, i, at), "group update");
        }
        return;
    }
    sg_grp_propagation(c, e, q, at);
    if (at > ptree_rq(&g->tree, q, i)->cfs.avg.last_update_time)
        chk(c, ptree_update_rq(&g->tree, q, i, at), "group update");
}

/* A group sample that is one step of a walk (a later sample of the same
 * object at its update_time follows): not compared, but its update is
 * applied at its time, before a later transition moves the clock on. */
void sg_grp_step(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0], q = e->x[2] + 1;
    if (!c->grp || i >= c->ncpu || q >= c->grp->tree.ngroups || !e->v[3] ||
        c->grp->seeded[2u * ((size_t)q * c->ncpu + i) + (e->x[1] != 0)] != SEED_DONE)
        return;
    apply(c, e, q, i, e->v[3]);
    c->out->group_transient++;
}

/* 6.12 on, a task that sleeps while not eligible stays queued, delayed,
 * until it is picked, woken or its lag expires (EEVDF state the trace does
 * not hold): its load stays on its runqueue, its runnable does not. The
 * recording shows it (qemu-7.3-icount-groups: rcu_preempt slept at
 * 3.590025 s and woke at 3.597996 s with load 38 -> 188, runnable 38 -> 33;
 * sh 115's load 449 at 3.250232 s, rebuilt 421, runnable 231 both). A fork's
 * post_init takes its utilization from its group runqueue's util times
 * weight over load, so a load short by the delayed time gave it more:
 * date 146 into /g1/g2 at 3.270233 s, 421 for the kernel's 402, date 157
 * into /autogroup-1 at 3.320923 s, 329 for 310. So from 6.12 a group
 * runqueue's load is its sample's, where the rebuild's update is at the
 * sample's time (its sums as a seed's); util and runnable stay rebuilt. */
static void load_from_sample(struct ctx *c, struct pgov_pelt_avg *sa, const struct pgt_event *e, uint64_t at)
{
    if (pgov_kver_resolve(c->p->kver) < PGOV_KVER_6_12 || sa->last_update_time != at)
        return;
    uint64_t div = (uint64_t)c->max_avg - 1024u + sa->period_contrib;
    sa->load_avg = e->v[0];
    sa->load_sum = e->v[0] ? e->v[0] * div + div / 2 : 0;
    c->out->group_load_read++;
}

/* A group entity's or group runqueue's sample: its seed, else a
 * comparison at its update (applied here when the rebuild has not made it). */
void sg_grp_compare(struct ctx *c, const struct pgt_event *e, uint32_t i, uint64_t at, bool seed_ok)
{
    struct sg_groups *g = c->grp;
    if (!g || e->x[2] + 1 >= g->tree.ngroups)
        return;
    struct cpu *p = &c->cpu[i];
    uint32_t q = e->x[2] + 1, se = e->x[1] != 0;
    size_t idx = 2u * ((size_t)q * c->ncpu + i) + se;
    struct pgov_pelt_se *gse = ptree_gse(&g->tree, q, i);
    struct pgov_pelt_avg *sa = se ? &gse->avg : &ptree_rq(&g->tree, q, i)->cfs.avg;
    if (g->seeded[idx] == SEED_AGAIN && g->recount[i]) {
        c->out->skipped_unknown++; /* seeded again once its counts are rebuilt (sg_grp_recount) */
        return;
    }
    if (g->seeded[idx] != SEED_DONE && seed_ok) {
        uint64_t w = gse->weight >> 10;
        sg_seed_avg(c, sa, e, at, p->phase, se ? (w ? w : 1) : 1);
        if (g->seeded[idx] == SEED_AGAIN)
            c->out->group_reseeded++;
        else
            c->out->group_seeded++;
        g->seeded[idx] = SEED_DONE;
        return;
    }
    apply(c, e, q, i, at);
    if (!p->known) {
        c->out->skipped_unknown++;
        return;
    }
    if (!g->seeded[idx] && e->ts - p->born < PGT_WARMUP_NS)
        return;
    if (sg_grp_debug())
        fprintf(stderr, "gdbg %s ts %llu cpu %u %s kern %llu reb %u root %u sum %u/%u pc %u/%u\n",
                se ? "gse" : "gcfs", (unsigned long long)e->ts, i, c->t->group[q - 1],
                (unsigned long long)e->v[2], (unsigned)sa->util_avg,
                (unsigned)ptree_rq(&g->tree, 0, i)->cfs.avg.util_avg, (unsigned)sa->util_sum,
                (unsigned)ptree_rq(&g->tree, 0, i)->cfs.avg.util_sum, (unsigned)sa->period_contrib,
                (unsigned)ptree_rq(&g->tree, 0, i)->cfs.avg.period_contrib);
    uint32_t kind = se ? PGT_K_GSE : PGT_K_GCFS;
    sg_record(c, &g->ent[idx], -1, i, kind, !g->seeded[idx], e->ts, e->v[2], sa->util_avg, p->guess);
    if (!se)
        load_from_sample(c, sa, e, at);
    if (g->ent[idx] >= 0)
        c->out->ent[g->ent[idx]].group = q;
}

/* ------------------------------------------------------------ lost events */

/* A lost-events marker on CPU i: its group objects are seeded again from
 * their next samples, as its tasks and root are, and what was pending on
 * its runqueues (removed load, propagation) is dropped: the kernel applied
 * it in the lost stretch, and the next samples hold it. The counts beside
 * PELT (who is queued and running) are rebuilt at the CPU's next switch
 * (counts: a switch had set them; a marker before the first has none). */
void sg_grp_lost(struct ctx *c, uint32_t i, bool counts)
{
    struct sg_groups *g = c->grp;
    if (!g || i >= c->ncpu)
        return;
    for (uint32_t q = 0; q < g->tree.ngroups; q++) {
        struct pgov_pelt_cfs *rq = &ptree_rq(&g->tree, q, i)->cfs;
        rq->removed_load = rq->removed_util = rq->removed_runnable = 0;
        rq->removed_nr = 0;
        rq->prop_runnable_sum = 0;
        rq->propagate = 0;
        for (uint32_t s = 0; q && s < 2; s++) {
            uint8_t *sd = &g->seeded[2u * ((size_t)q * c->ncpu + i) + s];
            *sd = *sd == SEED_DONE ? SEED_AGAIN : *sd;
        }
    }
    g->recount[i] |= counts;
    c->out->group_lost_cpus++;
}

/* Task k's path on its CPU counted in: queued (every level's runnable
 * count, each entity not yet queued added to its parent's load.weight and
 * count) and, when it runs, current all the way up (enqueue and pick
 * walks' bookkeeping, without their PELT updates). */
static void count_in(struct ptree *t, const struct task *k)
{
    uint32_t c = (uint32_t)k->tcpu, g = k->grp;
    struct ptree_rq *q = ptree_rq(t, g, c);
    bool run = k->tse.running != 0;
    q->cfs.weight += k->tse.weight;
    q->nr_queued++;
    for (;;) {
        q->cfs.nr_runnable++;
        q->cfs.has_curr |= run;
        q->listed = 1;
        if (g == 0)
            return;
        struct pgov_pelt_se *se = ptree_gse(t, g, c);
        struct ptree_rq *pq = ptree_rq(t, t->parent[g], c);
        se->runnable_weight = q->cfs.nr_runnable;
        se->running |= run;
        if (!se->on_rq) { /* (once queued, its ancestors are) */
            se->on_rq = 1;
            pq->cfs.weight += se->weight;
            pq->nr_queued++;
        }
        g = t->parent[g];
        q = pq;
    }
}

/* The first switch on CPU i after a lost-events marker: its prev (kp, NULL
 * for idle) ran until now, every other task is queued or not as the
 * rebuild last knew (the marker's stretch may have moved any of them), so
 * the counts of every runqueue and group entity of the CPU are rebuilt
 * from the tasks, as the walks would have left them. Without this a task
 * picked or put in the lost stretch left its path's has_curr set (util
 * accumulated as running) and a group entity queued with no task below.
 * Group entity weights (their shares) are kept: the next walk updates them. */
bool sg_grp_unsettled(const struct ctx *c, uint32_t i)
{
    return c->grp && i < c->ncpu && c->grp->recount[i];
}

void sg_grp_recount(struct ctx *c, uint32_t i, struct task *kp)
{
    struct sg_groups *g = c->grp;
    if (!g || i >= c->ncpu || !g->recount[i])
        return;
    struct ptree *t = &g->tree;
    g->recount[i] = 0;
    for (uint32_t q = 0; q < t->ngroups; q++) {
        struct ptree_rq *rq = ptree_rq(t, q, i);
        rq->cfs.weight = rq->cfs.nr_runnable = 0;
        rq->cfs.has_curr = 0;
        rq->nr_queued = 0;
        if (q) {
            struct pgov_pelt_se *se = ptree_gse(t, q, i);
            se->on_rq = se->running = 0;
            se->runnable_weight = 0;
        }
    }
    for (size_t j = 0; j < c->tasks.cap; j++) {
        struct task *k = pgt_pidtab_slot(&c->tasks, j);
        if (!k || !in_tree(c, k) || !k->tinit || k->tcpu != (int32_t)i)
            continue;
        k->tse.running = k == kp && k->tse.on_rq;
        if (k->tse.on_rq)
            count_in(t, k);
    }
    c->out->group_recounts++;
}
