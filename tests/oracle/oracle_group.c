/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The oracle's task-group rows: each update_load_avg(cfs_rq, se, flags) the
 * guest ran on a group entity or on an entity of a group's runqueue
 * (pgov_oracle_group.c, OREC_GRP* in oracle_rec.h), recomputed from its
 * captured pre-state through pgov_pelt_group_update_load_avg() and, when
 * the library says update_tg_load_avg is due, pgov_pelt_group_update_tg();
 * every field the kernel wrote is compared: the runqueue's signal, removed
 * load, pending propagation and tg contribution, the entity's signal, the
 * group's runqueue's pending propagation. Rows are independent: the host
 * does not simulate the hierarchy.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "oracle_replay.h"
#include <pgov/kver.h>
#include <pgov/pelt_group.h>

struct tally t_grp;
uint64_t grp_broken, grp_no_clock, grp_raced, grp_raced_applied, grp_remove_marked, grp_inactive, grp_kinds[4]; /* [0] task, [1] group entity, [2] attach/detach, [3] propagated */

/* Each CPU's update being assembled (its records are consecutive in that
 * CPU's stream, other CPUs' may come between). */
static struct {
    struct orec r[OREC_GRP_PARTS];
    unsigned have, parts;
} asm_[256];

static void avg_in(struct pgov_pelt_avg *s, const struct orec_avg *a)
{
    memset(s, 0, sizeof(*s));
    s->last_update_time = a->last_update_time;
    s->load_sum = a->load_sum;
    s->runnable_sum = a->runnable_sum;
    s->util_sum = a->util_sum;
    s->period_contrib = a->period_contrib;
    s->load_avg = a->load_avg;
    s->runnable_avg = a->runnable_avg;
    s->util_avg = a->util_avg;
}

static bool avg_eq(const struct pgov_pelt_avg *s, const struct orec_avg *a)
{
    return s->last_update_time == a->last_update_time && s->load_sum == a->load_sum &&
           s->runnable_sum == a->runnable_sum && s->util_sum == a->util_sum &&
           s->period_contrib == a->period_contrib && s->load_avg == a->load_avg &&
           s->runnable_avg == a->runnable_avg && s->util_avg == a->util_avg;
}

/* The runqueue's scalars, g[0..7] (entry) or g[8..15] (return), and its avg. */
static void cfs_in(struct pgov_pelt_cfs *c, const struct orec *head, const uint64_t *g)
{
    memset(c, 0, sizeof(*c));
    avg_in(&c->avg, &head->pre);
    c->removed_load = g[0];
    c->removed_util = g[1];
    c->removed_runnable = g[2];
    c->removed_nr = (uint32_t)g[3];
    c->propagate = (uint32_t)(g[3] >> 32);
    c->prop_runnable_sum = (int64_t)g[4];
    c->tg_load_contrib = g[5];
    c->tg_last_update = g[6];
    c->tg_runnable_contrib = g[7];
    c->weight = head->x[2];
    c->nr_runnable = (uint32_t)head->x[3];
    c->has_curr = (uint32_t)(head->x[3] >> 32);
}

static bool cfs_eq(const struct pgov_pelt_cfs *c, const struct orec *head, const uint64_t *g)
{
    return avg_eq(&c->avg, &head->post) && c->removed_load == g[0] && c->removed_util == g[1] &&
           c->removed_runnable == g[2] && c->removed_nr == (uint32_t)g[3] &&
           c->propagate == (uint32_t)(g[3] >> 32) && c->prop_runnable_sum == (int64_t)g[4] &&
           c->tg_load_contrib == g[5] && c->tg_last_update == g[6] &&
           c->tg_runnable_contrib == g[7];
}

/* update_tg_load_avg's clock: 6.1 reads none; 7.3 rq_clock (the entry
 * value: the rq clock does not move inside); 6.12 sched_clock_cpu, read
 * inside the call: the value stored when it published, else the later of
 * rq->clock at entry (sched_clock_cpu at the rq's last clock update) and
 * the last publish, which is no later than the kernel's read, so that a
 * rate limit it passes the kernel's passed too. */
static uint64_t tg_clock(const struct orec *const *r)
{
    if (kver >= PGOV_KVER_7_3)
        return r[2]->x[3];
    if (r[2]->g[14] != r[2]->g[6])
        return r[2]->g[14];
    /* the last publish can be later than the rq's clock update (the
     * per-CPU clock is monotonic: the kernel's read is later than both) */
    return r[2]->x[3] > r[2]->g[6] ? r[2]->x[3] : r[2]->g[6];
}

static void show(const struct orec *const *r, int rc, const struct pgov_pelt_cfs *p,
                 const struct pgov_pelt_se *se, const struct pgov_pelt_cfs *g)
{
    const uint64_t *x = r[2]->g;
    printf("groups mismatch: removed pre %" PRIu64 "/%" PRIu64 "/%" PRIu64 " nr %u, lib %" PRIu64
           "/%" PRIu64 "/%" PRIu64 " nr %u, linux %" PRIu64 "/%" PRIu64 "/%" PRIu64 " nr %u;"
           " se lut %" PRIu64 "/%" PRIu64 " run %" PRIu64 "/%" PRIu64 "; g prop %u %" PRId64
           " -> lib %u %" PRId64 " linux %u %" PRId64 "\n",
           x[0], x[1], x[2], (unsigned)x[3], p->removed_load, p->removed_util, p->removed_runnable,
           p->removed_nr, x[8], x[9], x[10], (unsigned)x[11], se->avg.last_update_time,
           r[1]->post.last_update_time, se->avg.runnable_sum, r[1]->post.runnable_sum,
           r[3] ? (unsigned)r[3]->x[2] : 0u, r[3] ? (int64_t)r[3]->x[0] : 0,
           r[3] ? g->propagate : 0u, r[3] ? g->prop_runnable_sum : 0,
           r[3] ? (unsigned)(r[3]->x[2] >> 32) : 0u, r[3] ? (int64_t)r[3]->x[1] : 0);
    printf("groups mismatch: cpu %u flags %#x %s rc %d now %" PRIu64
           "\n  cfs  pre lut %" PRIu64 " load %" PRIu64 "/%" PRIu64 " run %" PRIu64 "/%" PRIu64
           " util %u/%" PRIu64 " | lib %" PRIu64 "/%" PRIu64 " %" PRIu64 "/%" PRIu64 " %u/%" PRIu64
           " contrib %" PRIu64 " prop %u %" PRId64 " | linux %" PRIu64 "/%" PRIu64 " %" PRIu64
           "/%" PRIu64 " %u/%" PRIu64 " contrib %" PRIu64 " prop %u %" PRId64
           "\n  se lib load %" PRIu64 "/%" PRIu64 " util %u/%" PRIu64 " | linux %" PRIu64 "/%" PRIu64
           " util %u/%" PRIu64 "\n",
           r[0]->cpu, (unsigned)(r[0]->x[1] & 0xff), se->is_group ? "group" : "task", rc, r[0]->x[0],
           r[0]->pre.last_update_time, r[0]->pre.load_sum, r[0]->pre.load_avg,
           r[0]->pre.runnable_sum, r[0]->pre.runnable_avg, r[0]->pre.util_sum, r[0]->pre.util_avg,
           p->avg.load_sum, p->avg.load_avg, p->avg.runnable_sum, p->avg.runnable_avg,
           p->avg.util_sum, p->avg.util_avg, p->tg_load_contrib, p->propagate,
           p->prop_runnable_sum, r[0]->post.load_sum, r[0]->post.load_avg,
           r[0]->post.runnable_sum, r[0]->post.runnable_avg, r[0]->post.util_sum,
           r[0]->post.util_avg, r[2]->g[13], (unsigned)(r[2]->g[11] >> 32), (int64_t)r[2]->g[12],
           se->avg.load_sum, se->avg.load_avg, se->avg.util_sum, se->avg.util_avg,
           r[1]->post.load_sum, r[1]->post.load_avg, r[1]->post.util_sum, r[1]->post.util_avg);
}

/* The update's objects from its entry state; @removed (load, util,
 * runnable), when not NULL, replaces the entry's removed load. */
static void objects_in(const struct orec *const *r, const uint64_t *removed,
                       struct pgov_pelt_cfs *p, struct pgov_pelt_se *se, struct pgov_pelt_cfs *g)
{
    uint32_t e = (uint32_t)r[1]->x[2];

    cfs_in(p, r[0], r[2]->g);
    if (removed) {
        p->removed_load = removed[0];
        p->removed_util = removed[1];
        p->removed_runnable = removed[2];
        p->removed_nr = 1;
    }
    memset(se, 0, sizeof(*se));
    avg_in(&se->avg, &r[1]->pre);
    se->weight = r[1]->x[0];
    se->runnable_weight = r[1]->x[1];
    se->on_rq = e & 1;
    se->running = e >> 1 & 1;
    se->is_group = e >> 2 & 1;
    se->delayed = e >> 3 & 1;
    memset(g, 0, sizeof(*g));
    if (r[3]) {
        avg_in(&g->avg, &r[3]->pre);
        g->prop_runnable_sum = (int64_t)r[3]->x[0];
        g->propagate = (uint32_t)r[3]->x[2];
        g->weight = r[3]->x[3];
    }
}

/* The library's update, and the update_tg_load_avg the kernel runs inside
 * it when due; then whether every field matches the state at return. */
static bool run(const struct orec *const *r, struct pgov_pelt_cfs *p, struct pgov_pelt_se *se,
                struct pgov_pelt_cfs *g, int *rcp)
{
    struct pgov_pelt_tg tg = {.shares = 1u << 20};
    uint32_t flags = (uint32_t)(r[0]->x[1] & 0xff), e = (uint32_t)r[1]->x[2];
    bool root = r[0]->x[1] >> 16 & 1, ok;
    /* 7.2+ UPDATE_UTIL_EST (0x10) is the task's util_est: not this row's */
    int rc = pgov_pelt_group_update_load_avg(kver, p, se, r[3] ? g : NULL, r[0]->x[0], flags & 15);

    /* The caller's part of update_tg_load_avg: not for the root, and
     * (6.12+) not on a CPU that is not active (going down, hotplug). */
    if (rc >= 0 && (rc & PGOV_PELT_GROUP_TG_DUE) && !root &&
        !(kver >= PGOV_KVER_6_12 && (e >> 4 & 1))) {
        int t = pgov_pelt_group_update_tg(kver, &tg, p, tg_clock(r));
        if (t < 0)
            rc = t;
    }
    *rcp = rc;
    ok = rc >= 0 && cfs_eq(p, r[0], r[2]->g + 8) && avg_eq(&se->avg, &r[1]->post);
    if (r[3])
        ok = ok && g->propagate == (uint32_t)(r[3]->x[2] >> 32) &&
             g->prop_runnable_sum == (int64_t)r[3]->x[1];
    return ok;
}

/* remove_entity_load_avg on another CPU takes only the removed lock, not
 * the rq lock: load queued there after the entry snapshot and before the
 * update read it was applied by the update though the entry state shows
 * none. Recognised only when applying what the runqueue's averages lost
 * beyond the library's result, as that removed load, reproduces every
 * field the kernel left. */
static bool applied_late_removed(const struct orec *const *r, const struct pgov_pelt_cfs *lib)
{
    struct pgov_pelt_cfs p, g;
    struct pgov_pelt_se se;
    const struct orec_avg *k = &r[0]->post;
    uint64_t rm[3] = {lib->avg.load_avg - k->load_avg, lib->avg.util_avg - k->util_avg,
                      lib->avg.runnable_avg - k->runnable_avg};
    int rc;

    if ((uint32_t)r[2]->g[3] != 0 || (uint32_t)r[2]->g[11] != 0 || lib->avg.load_avg < k->load_avg ||
        lib->avg.util_avg < k->util_avg || lib->avg.runnable_avg < k->runnable_avg ||
        (rm[0] | rm[1] | rm[2]) == 0)
        return false;
    objects_in(r, rm, &p, &se, &g);
    return run(r, &p, &se, &g, &rc);
}

/* One whole update: r[0] head, r[1] entity, r[2] scalars, r[3] group (or NULL). */
static void replay(const struct orec *const *r)
{
    struct pgov_pelt_cfs p, g;
    struct pgov_pelt_se se;
    uint32_t flags = (uint32_t)(r[0]->x[1] & 0xff), e = (uint32_t)r[1]->x[2];
    bool ok;
    int rc;

    if (!(r[0]->x[1] >> 17 & 1)) {
        grp_no_clock++;
        return;
    }
    objects_in(r, NULL, &p, &se, &g);
    grp_kinds[se.is_group]++;
    grp_inactive += e >> 4 & 1;
    if (!se.avg.last_update_time ? (flags & PGOV_PELT_GROUP_DO_ATTACH) : (flags & PGOV_PELT_GROUP_DO_DETACH))
        grp_kinds[2]++;
    if (r[3] && g.propagate)
        grp_kinds[3]++;
    ok = run(r, &p, &se, &g, &rc);
    /* the capture saw a remove_entity_load_avg on this runqueue begin on
     * another CPU during the update (removed lock only, no rq lock) */
    if (r[0]->x[1] >> 18 & 1) {
        grp_remove_marked++;
        return;
    }
    /* The same race, the load still pending at return (or partly taken):
     * the entry state is not the one the update read. */
    if ((uint32_t)r[2]->g[11] != 0 && (uint32_t)r[2]->g[11] != p.removed_nr) {
        grp_raced++;
        return;
    }
    if (!ok && applied_late_removed(r, &p)) {
        grp_raced_applied++;
        return;
    }
    t_grp.compared++;
    if (ok)
        t_grp.exact++;
    else if (t_grp.shown++ < 5)
        show(r, rc, &p, &se, &g);
}

void group_row(const struct orec *r)
{
    __typeof__(asm_[0]) *a = &asm_[r->cpu];
    const struct orec *v[OREC_GRP_PARTS];
    unsigned i;

    if (r->kind == OREC_GRP) {
        if (a->have)
            grp_broken++; /* the last one's tail never came */
        a->have = 0;
        a->parts = (unsigned)(r->x[1] >> 8 & 0xff);
        if (a->parts < OREC_GRP_PARTS - 1 || a->parts > OREC_GRP_PARTS) {
            grp_broken++;
            return;
        }
    } else if (!a->have || r->kind != OREC_GRP + a->have || r->aux != a->r[0].aux) {
        grp_broken++;
        a->have = 0;
        return;
    }
    a->r[a->have++] = *r;
    if (a->have < a->parts)
        return;
    for (i = 0; i < OREC_GRP_PARTS; i++)
        v[i] = i < a->parts ? &a->r[i] : NULL;
    a->have = 0;
    replay(v);
}

void group_report(void)
{
    printf("groups: %" PRIu64 " updates of task entities on group runqueues, %" PRIu64
           " of group entities (%" PRIu64 " with a propagation pending), %" PRIu64
           " attaches/detaches, %" PRIu64 " on a CPU not active (hotplug); not compared: %" PRIu64 " (no PELT clock captured inside),"
           " %" PRIu64 " (records of an update missing), %" PRIu64 " (removed load queued by"
           " another CPU during the update, pending at return), %" PRIu64 " (the same, applied by"
           " the update: reproduced exactly with it), %" PRIu64 " (a remove_entity_load_avg on"
           " that runqueue began on another CPU during the update)\n",
           grp_kinds[0], grp_kinds[1], grp_kinds[3], grp_kinds[2], grp_inactive, grp_no_clock, grp_broken,
           grp_raced, grp_raced_applied, grp_remove_marked);
}
