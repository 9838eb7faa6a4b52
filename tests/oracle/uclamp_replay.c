/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The uclamp rows of an oracle capture: each enqueue_task/dequeue_task record
 * holds the runqueue's whole clamp state and the task's before and after
 * (oracle_rec.h, OREC_UCLAMP). The library's runqueue cannot be written
 * field by field, so each row rebuilds it from the kernel's state at entry
 * through the public API (one stand-in task per counted task, each bucket's
 * local max carried by one of them, a stale max or an idle-retained value
 * made by an extra task counted and released), then applies the row's
 * operation (pgov_uclamp_rq_inc/dec) and compares every field the kernel has:
 * rq value and flags per id, each non-empty bucket's tasks and value, every
 * bucket's emptiness, the task's value, bucket and active bit per id.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <pgov/uclamp.h>

#include "uclamp_replay.h"

#define NB 5u     /* Debian's CONFIG_UCLAMP_BUCKETS_COUNT */
#define DELTA 205u /* round-half-up(1024 / 5) */
#define MAXT 256u /* stand-in tasks per row: more counted tasks are skipped */
#define UCLAMP_FLAG_IDLE 0x01u

struct uclamp_tally uclamp_tally;

struct kstate {
    uint32_t val[2], flags;
    uint32_t tasks[2][NB], bval[2][NB];
};

struct kse {
    uint32_t value, bucket, active, user;
};

static struct kse se_of(uint32_t raw)
{
    struct kse s = {raw & 0x7ffu, (raw >> 11) & 7u, (raw >> 14) & 1u, (raw >> 15) & 1u};
    return s;
}

static void kstate_of(const uint64_t *g, uint64_t vals, struct kstate *k)
{
    for (unsigned id = 0; id < 2; id++)
        for (unsigned b = 0; b < NB; b++) {
            uint32_t p = (uint32_t)(g[id * 3 + b / 2] >> (32 * (b % 2)));
            k->bval[id][b] = p & 0x7ffu;
            k->tasks[id][b] = p >> 11;
        }
    k->val[0] = (uint32_t)(vals & 0xffff);
    k->val[1] = (uint32_t)((vals >> 16) & 0xffff);
    k->flags = (uint32_t)(vals >> 32);
}

/* A stand-in task whose effective clamps are exactly (min, max). */
static int standin(struct pgov_uclamp_task *t, uint32_t min, uint32_t max)
{
    if (pgov_uclamp_task_init(t, 0) != PGOV_OK)
        return -1;
    t->req[PGOV_UCLAMP_MIN] = (uint16_t)min;
    t->req[PGOV_UCLAMP_MAX] = (uint16_t)max;
    t->req_flags = PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX;
    return 0;
}

/* The values of the counted tasks of one id, @own (the row's task, if counted
 * here) first; *stale: a bucket's local max no counted task has. */
static unsigned values_of(const struct kstate *k, unsigned id, const struct kse *own, uint32_t *v,
                          uint32_t *stale)
{
    unsigned n = 0;

    *stale = UINT32_MAX;
    if (own)
        v[n++] = own->value;
    for (unsigned b = 0; b < NB; b++) {
        uint32_t c = k->tasks[id][b];
        bool mine = own && own->bucket == b;
        if (c == 0)
            continue;
        if (mine && c == 1 && k->bval[id][b] != own->value)
            *stale = k->bval[id][b];
        if (mine)
            c--;
        if (n + c > MAXT)
            return UINT32_MAX;
        if (c > 0)
            v[n++] = k->bval[id][b], c--;
        while (c-- > 0)
            v[n++] = b * DELTA;
    }
    return n;
}

/* The library's runqueue in the kernel's state @k, with @own (the task the
 * row dequeues) counted in it when it is active. 0, or -1: not rebuildable. */
static int rebuild(const struct kstate *k, uint32_t kver, struct pgov_uclamp_rq *rq,
                   struct pgov_uclamp_task *own, const struct kse ko[2])
{
    static struct pgov_uclamp_task t[MAXT];
    static uint32_t v[2][MAXT];
    struct pgov_uclamp_task extra;
    uint32_t stale[2];
    bool active = ko && ko[0].active && ko[1].active;
    unsigned n0, n1;

    if (pgov_uclamp_rq_init(rq, kver, NB) != PGOV_OK)
        return -1;
    n0 = values_of(k, 0, active ? &ko[0] : NULL, v[0], &stale[0]);
    n1 = values_of(k, 1, active ? &ko[1] : NULL, v[1], &stale[1]);
    if (n0 != n1 || n0 == UINT32_MAX)
        return -1;
    if (n0 == 0) {
        /* no task: MIN 0, MAX the value the last one left, idle flag */
        if (k->val[0] != 0 || !(k->flags & UCLAMP_FLAG_IDLE) || standin(&extra, 0, k->val[1]) ||
            pgov_uclamp_rq_inc(rq, &extra, NULL) != PGOV_OK || pgov_uclamp_rq_dec(rq, &extra) != PGOV_OK)
            return -1;
        return 0;
    }
    if (k->flags & UCLAMP_FLAG_IDLE)
        return -1;
    if (stale[0] != UINT32_MAX || stale[1] != UINT32_MAX) {
        /* counted and released before the row's task: its bucket keeps the max */
        if (standin(&extra, stale[0] != UINT32_MAX ? stale[0] : v[0][0],
                    stale[1] != UINT32_MAX ? stale[1] : v[1][0]) ||
            pgov_uclamp_rq_inc(rq, &extra, NULL) != PGOV_OK)
            return -1;
    }
    for (unsigned i = 0; i < n0; i++) {
        struct pgov_uclamp_task *ti = i == 0 && active ? own : &t[i];
        if (standin(ti, v[0][i], v[1][i]) || pgov_uclamp_rq_inc(rq, ti, NULL) != PGOV_OK)
            return -1;
    }
    if ((stale[0] != UINT32_MAX || stale[1] != UINT32_MAX) && pgov_uclamp_rq_dec(rq, &extra) != PGOV_OK)
        return -1;
    return 0;
}

/* Every field of the kernel's state @k against the library's. */
static bool same_rq(const struct kstate *k, const struct pgov_uclamp_rq *rq)
{
    if (rq->value[0] != k->val[0] || rq->value[1] != k->val[1] ||
        (rq->flags & PGOV_UCLAMP_FLAG_IDLE) != (k->flags & UCLAMP_FLAG_IDLE))
        return false;
    for (unsigned id = 0; id < 2; id++)
        for (unsigned b = 0; b < NB; b++) {
            uint32_t tasks, value;
            if (pgov_uclamp_rq_bucket(rq, id, b, &tasks, &value) != PGOV_OK || tasks != k->tasks[id][b] ||
                (tasks && value != k->bval[id][b]))
                return false;
        }
    return true;
}

static bool same_task(const struct pgov_uclamp_task *t, const struct kse ks[2])
{
    for (unsigned id = 0; id < 2; id++)
        if (!!(t->active & (1u << id)) != ks[id].active ||
            (ks[id].active && (t->value[id] != ks[id].value || t->bucket[id] != ks[id].bucket)))
            return false;
    return true;
}

static void show(const struct orec *r, const char *why)
{
    if (uclamp_tally.shown++ >= 10)
        return;
    printf("uclamp mismatch (%s): %s cpu %u task %#" PRIx64 " req %#" PRIx64 " tg %#" PRIx64
           " sys %#" PRIx64 " class %#" PRIx64 "\n    kernel rq %#" PRIx64 " -> %#" PRIx64
           " buckets %#" PRIx64 " %#" PRIx64 " %#" PRIx64 " | %#" PRIx64 " %#" PRIx64 " %#" PRIx64
           " -> %#" PRIx64 " %#" PRIx64 " %#" PRIx64 " | %#" PRIx64 " %#" PRIx64 " %#" PRIx64
           "; task %#" PRIx64 " -> %#" PRIx64 "\n",
           why, r->ret ? "dequeue" : "enqueue", r->cpu, r->id, r->x[0], r->x[1], r->x[2], r->x[3],
           r->g[12], r->g[13], r->g[0], r->g[1], r->g[2], r->g[3], r->g[4], r->g[5], r->g[6], r->g[7],
           r->g[8], r->g[9], r->g[10], r->g[11], r->g[14], r->g[15]);
}

/* The row's task as the library sees it before an enqueue: its request and
 * what restricts it. An RT task's MIN request is the kernel's stored copy of
 * the RT default (copied in at fork, setattr and sysctl writes): that copy,
 * not the sysctl's current value, is what the kernel counts (observed: 32
 * rows of a 7.3.4 capture where they differed), so the task is given the
 * stored request as its own rather than PGOV_UCLAMP_TASK_RT. */
static void task_in(const struct orec *r, struct pgov_uclamp_task *t, struct pgov_uclamp_limits *lim)
{
    struct kse rmin = se_of((uint32_t)r->x[0]), rmax = se_of((uint32_t)(r->x[0] >> 32));
    bool rt = (r->x[3] >> 8) & 1u;

    if (rt && !rmin.user && rmin.value != ((r->x[2] >> 32) & 0xffff))
        uclamp_tally.rt_stale++;
    (void)pgov_uclamp_task_init(t, 0);
    t->req[PGOV_UCLAMP_MIN] = (uint16_t)rmin.value;
    t->req[PGOV_UCLAMP_MAX] = (uint16_t)rmax.value;
    t->req_flags |= (rmin.user ? PGOV_UCLAMP_TASK_USER_MIN : 0) | (rmax.user ? PGOV_UCLAMP_TASK_USER_MAX : 0);
    memset(lim, 0, sizeof(*lim));
    if ((r->x[1] >> 32) & 1u) {
        lim->flags |= PGOV_UCLAMP_LIM_TG;
        lim->tg_min = (uint16_t)(r->x[1] & 0xffff);
        lim->tg_max = (uint16_t)((r->x[1] >> 16) & 0xffff);
    }
    lim->flags |= PGOV_UCLAMP_LIM_SYS;
    lim->sys_min = (uint16_t)(r->x[2] & 0xffff);
    lim->sys_max = (uint16_t)((r->x[2] >> 16) & 0xffff);
}

void uclamp_row(const struct orec *r, uint32_t kver)
{
    static struct pgov_uclamp_rq rq;
    struct kstate pre, post;
    struct kse kpre[2] = {se_of((uint32_t)r->g[14]), se_of((uint32_t)(r->g[14] >> 32))};
    struct kse kpost[2] = {se_of((uint32_t)r->g[15]), se_of((uint32_t)(r->g[15] >> 32))};
    struct pgov_uclamp_task t;
    struct pgov_uclamp_limits lim;
    bool deq = r->ret == 1, used = (r->x[2] >> 48) & 1u, enabled = r->x[3] & 1u;
    bool delayed = (r->x[3] >> 16) & 1u, acts;
    int e = PGOV_OK;

    /* A limit written on another CPU during the call: which value the
     * kernel read is unknown (observed: 2 rows of 572 693 in a 7.3.4
     * capture, one a system MIN default and one a group MAX seen at entry
     * but not in force). */
    if (r->flags & OREC_F_MOVED) {
        uclamp_tally.moved++;
        return;
    }
    kstate_of(&r->g[0], r->g[12], &pre);
    kstate_of(&r->g[6], r->g[13], &post);
    if (rebuild(&pre, kver, &rq, &t, deq ? kpre : NULL)) {
        uclamp_tally.skipped++;
        return;
    }
    /* enqueue: counted unless uclamp is unused or the class does not
     * aggregate clamps; a task delayed at entry only when re-queued (as the
     * kernel chose); dequeue: released unless delayed at entry (a task not
     * counted: the library's own check, rq unchanged) */
    /* The static key's count is set after the code is patched (on every
     * CPU, slow under TCG): a row inside that window may count with the key
     * still reading 0; it is compared as the kernel chose. */
    uclamp_tally.transition += !used && r->g[14] != r->g[15];
    used = used || r->g[14] != r->g[15];
    if (!deq) {
        acts = used && enabled && (!delayed || (kpost[0].active && !kpre[0].active));
        uclamp_tally.delayed_enq += delayed;
        task_in(r, &t, &lim);
        if (acts)
            e = pgov_uclamp_rq_inc(&rq, &t, &lim);
    } else {
        acts = used && enabled && !delayed;
        if (!kpre[0].active || !kpre[1].active)
            (void)pgov_uclamp_task_init(&t, 0);
        if (acts)
            e = pgov_uclamp_rq_dec(&rq, &t);
    }
    uclamp_tally.unused += !used;

    uclamp_tally.compared++;
    uclamp_tally.ops[deq]++;
    if (memcmp(&r->g[0], &r->g[6], 6 * sizeof(r->g[0])) || r->g[12] != r->g[13] || r->g[14] != r->g[15])
        uclamp_tally.changed++;
    if (e < 0)
        show(r, "library error");
    else if (!same_rq(&post, &rq))
        show(r, "runqueue");
    else if (acts ? !same_task(&t, kpost) : r->g[14] != r->g[15])
        show(r, "task");
    else
        uclamp_tally.exact++;
}
