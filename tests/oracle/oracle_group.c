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
FILE *tsv_grp;
uint64_t seen_grp[REPLAY_LINUX_GROUP_NKINDS], stride_grp[REPLAY_LINUX_GROUP_NKINDS];
uint64_t grp_broken, grp_no_clock, grp_raced, grp_raced_applied, grp_remove_marked, grp_remove_missed, grp_inactive, grp_kinds[4]; /* [0] task, [1] group entity, [2] attach/detach, [3] propagated */

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

/* The runqueue's scalars, g[0..7] (entry) or g[8..15] (return), and its avg. */
static void cfs_in(struct pgov_pelt_cfs *c, const struct orec_avg *avg, const struct orec *head,
                   const uint64_t *g)
{
    memset(c, 0, sizeof(*c));
    avg_in(&c->avg, avg);
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

static void show(const struct orec *const *r, const struct replay_linux_group_in *in,
                 const struct replay_linux_group_out *lib)
{
    const uint64_t *x = r[2]->g;
    const struct pgov_pelt_cfs *p = &lib->rq;
    const struct pgov_pelt_avg *se = &lib->se;
    printf("groups mismatch: removed pre %" PRIu64 "/%" PRIu64 "/%" PRIu64 " nr %u, lib %" PRIu64
           "/%" PRIu64 "/%" PRIu64 " nr %u, linux %" PRIu64 "/%" PRIu64 "/%" PRIu64 " nr %u;"
           " se lut %" PRIu64 "/%" PRIu64 " run %" PRIu64 "/%" PRIu64 "; g prop %u %" PRId64
           " -> lib %u %" PRId64 " linux %u %" PRId64 "\n",
           x[0], x[1], x[2], (unsigned)x[3], p->removed_load, p->removed_util, p->removed_runnable,
           p->removed_nr, x[8], x[9], x[10], (unsigned)x[11], se->last_update_time,
           r[1]->post.last_update_time, se->runnable_sum, r[1]->post.runnable_sum,
           r[3] ? (unsigned)r[3]->x[2] : 0u, r[3] ? (int64_t)r[3]->x[0] : 0,
           r[3] ? lib->g_propagate : 0u, r[3] ? lib->g_prop_runnable_sum : 0,
           r[3] ? (unsigned)(r[3]->x[2] >> 32) : 0u, r[3] ? (int64_t)r[3]->x[1] : 0);
    printf("groups mismatch: cpu %u flags %#x %s rc %d now %" PRIu64
           "\n  cfs  pre lut %" PRIu64 " load %" PRIu64 "/%" PRIu64 " run %" PRIu64 "/%" PRIu64
           " util %u/%" PRIu64 " | lib %" PRIu64 "/%" PRIu64 " %" PRIu64 "/%" PRIu64 " %u/%" PRIu64
           " contrib %" PRIu64 " prop %u %" PRId64 " | linux %" PRIu64 "/%" PRIu64 " %" PRIu64
           "/%" PRIu64 " %u/%" PRIu64 " contrib %" PRIu64 " prop %u %" PRId64
           "\n  se lib load %" PRIu64 "/%" PRIu64 " util %u/%" PRIu64 " | linux %" PRIu64 "/%" PRIu64
           " util %u/%" PRIu64 "\n",
           r[0]->cpu, (unsigned)in->flags, in->se.is_group ? "group" : "task", lib->rc, in->now,
           r[0]->pre.last_update_time, r[0]->pre.load_sum, r[0]->pre.load_avg,
           r[0]->pre.runnable_sum, r[0]->pre.runnable_avg, r[0]->pre.util_sum, r[0]->pre.util_avg,
           p->avg.load_sum, p->avg.load_avg, p->avg.runnable_sum, p->avg.runnable_avg,
           p->avg.util_sum, p->avg.util_avg, p->tg_load_contrib, p->propagate,
           p->prop_runnable_sum, r[0]->post.load_sum, r[0]->post.load_avg,
           r[0]->post.runnable_sum, r[0]->post.runnable_avg, r[0]->post.util_sum,
           r[0]->post.util_avg, r[2]->g[13], (unsigned)(r[2]->g[11] >> 32), (int64_t)r[2]->g[12],
           se->load_sum, se->load_avg, se->util_sum, se->util_avg,
           r[1]->post.load_sum, r[1]->post.load_avg, r[1]->post.util_sum, r[1]->post.util_avg);
}

/* The update's inputs from its entry state; @removed (load, util,
 * runnable), when not NULL, replaces the entry's removed load. */
static void row_in(const struct orec *const *r, const uint64_t *removed,
                   struct replay_linux_group_in *in)
{
    uint32_t e = (uint32_t)r[1]->x[2];

    memset(in, 0, sizeof(*in));
    in->kver = kver;
    in->flags = (uint32_t)(r[0]->x[1] & 0xff);
    in->root = r[0]->x[1] >> 16 & 1;
    in->inactive = e >> 4 & 1;
    in->has_g = r[3] != NULL;
    in->now = r[0]->x[0];
    in->tg_now = tg_clock(r);
    cfs_in(&in->rq, &r[0]->pre, r[0], r[2]->g);
    if (removed) {
        in->rq.removed_load = removed[0];
        in->rq.removed_util = removed[1];
        in->rq.removed_runnable = removed[2];
        in->rq.removed_nr = 1;
    }
    avg_in(&in->se.avg, &r[1]->pre);
    in->se.weight = r[1]->x[0];
    in->se.runnable_weight = r[1]->x[1];
    in->se.on_rq = e & 1;
    in->se.running = e >> 1 & 1;
    in->se.is_group = e >> 2 & 1;
    in->se.delayed = e >> 3 & 1;
    if (r[3]) {
        avg_in(&in->g.avg, &r[3]->pre);
        in->g.prop_runnable_sum = (int64_t)r[3]->x[0];
        in->g.propagate = (uint32_t)r[3]->x[2];
        in->g.weight = r[3]->x[3];
    }
}

/* The kernel's state at return (the fields an update writes). */
static void row_post(const struct orec *const *r, struct replay_linux_group_out *k)
{
    memset(k, 0, sizeof(*k));
    cfs_in(&k->rq, &r[0]->post, r[0], r[2]->g + 8);
    avg_in(&k->se, &r[1]->post);
    if (r[3]) {
        k->g_propagate = (uint32_t)(r[3]->x[2] >> 32);
        k->g_prop_runnable_sum = (int64_t)r[3]->x[1];
    }
}

/* remove_entity_load_avg on another CPU takes only the removed lock, not
 * the rq lock: load queued there after the entry snapshot and before the
 * update read it was applied by the update though the entry state shows
 * none. Recognised only when applying what the runqueue's averages lost
 * beyond the library's result, as that removed load, reproduces every
 * field the kernel left. */
static bool applied_late_removed(const struct orec *const *r, const struct pgov_pelt_cfs *lib,
                                 const struct replay_linux_group_out *k)
{
    struct replay_linux_group_in in;
    struct replay_linux_group_out out;
    const struct pgov_pelt_avg *ka = &k->rq.avg;
    uint64_t rm[3] = {lib->avg.load_avg - ka->load_avg, lib->avg.util_avg - ka->util_avg,
                      lib->avg.runnable_avg - ka->runnable_avg};

    if ((uint32_t)r[2]->g[3] != 0 || (uint32_t)r[2]->g[11] != 0 || lib->avg.load_avg < ka->load_avg ||
        lib->avg.util_avg < ka->util_avg || lib->avg.runnable_avg < ka->runnable_avg ||
        (rm[0] | rm[1] | rm[2]) == 0)
        return false;
    row_in(r, rm, &in);
    replay_linux_group(&in, &out);
    return replay_linux_group_eq(&out, k, in.has_g);
}

/* What became of one update: the skips, then compared exact or not. */
enum grp_verdict { GV_NO_CLOCK, GV_MISSED, GV_MARKED, GV_RACED, GV_APPLIED, GV_EXACT, GV_MISMATCH };

static enum grp_verdict judge(const struct orec *const *r, struct replay_linux_group_in *in,
                              struct replay_linux_group_out *lib,
                              struct replay_linux_group_out *k)
{
    bool ok;

    if (!(r[0]->x[1] >> 17 & 1))
        return GV_NO_CLOCK;
    row_in(r, NULL, in);
    row_post(r, k);
    replay_linux_group(in, lib);
    ok = replay_linux_group_eq(lib, k, in->has_g);
    /* the capture saw a remove_entity_load_avg on this runqueue overlap
     * the update on another CPU (removed lock only, no rq lock) */
    if (r[0]->x[1] >> 18 & 1)
        return GV_MARKED;
    /* the remove probe missed a call meanwhile: such a race is unmarked */
    if (r[0]->x[1] >> 19 & 1)
        return GV_MISSED;
    /* The same race, the load still pending at return (or partly taken):
     * the entry state is not the one the update read. */
    if ((uint32_t)r[2]->g[11] != 0 && (uint32_t)r[2]->g[11] != lib->rq.removed_nr)
        return GV_RACED;
    if (!ok && applied_late_removed(r, &lib->rq, k))
        return GV_APPLIED;
    return ok ? GV_EXACT : GV_MISMATCH;
}

/* One whole update: r[0] head, r[1] entity, r[2] scalars, r[3] group (or
 * NULL). @counting: the --tsv counting pass, which only counts the
 * compared rows of each kind for the sample's strides. */
static void replay(const struct orec *const *r, int counting)
{
    struct replay_linux_group_in in;
    struct replay_linux_group_out lib, k;
    enum grp_verdict v = judge(r, &in, &lib, &k);
    unsigned kind = v >= GV_EXACT ? replay_linux_group_kind(&in, &lib) : 0;

    if (counting) {
        if (v >= GV_EXACT)
            seen_grp[kind]++;
        return;
    }
    if (v == GV_NO_CLOCK) {
        grp_no_clock++;
        return;
    }
    grp_kinds[in.se.is_group]++;
    grp_inactive += in.inactive;
    if (!in.se.avg.last_update_time ? (in.flags & PGOV_PELT_GROUP_DO_ATTACH)
                                    : (in.flags & PGOV_PELT_GROUP_DO_DETACH))
        grp_kinds[2]++;
    if (in.has_g && in.g.propagate)
        grp_kinds[3]++;
    grp_remove_marked += v == GV_MARKED;
    grp_remove_missed += v == GV_MISSED;
    grp_raced += v == GV_RACED;
    grp_raced_applied += v == GV_APPLIED;
    if (v < GV_EXACT)
        return;
    t_grp.compared++;
    if (v == GV_EXACT)
        t_grp.exact++;
    else if (t_grp.shown++ < 5)
        show(r, &in, &lib);
    /* the sample: every stride-th compared row of its kind */
    if (tsv_grp && seen_grp[kind]++ % stride_grp[kind] == 0)
        replay_linux_group_tsv_row(tsv_grp, &in, &k, &lib);
}

void group_pass_begin(void)
{
    memset(asm_, 0, sizeof(asm_));
    grp_broken = 0; /* counted again by this pass */
}

void group_row(const struct orec *r, int counting)
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
    replay(v, counting);
}

void group_report(void)
{
    printf("groups: %" PRIu64 " updates of task entities on group runqueues, %" PRIu64
           " of group entities (%" PRIu64 " with a propagation pending), %" PRIu64
           " attaches/detaches, %" PRIu64 " on a CPU not active (hotplug); not compared: %" PRIu64 " (no PELT clock captured inside),"
           " %" PRIu64 " (records of an update missing), %" PRIu64 " (removed load queued by"
           " another CPU during the update, pending at return), %" PRIu64 " (the same, applied by"
           " the update: reproduced exactly with it), %" PRIu64 " (a remove_entity_load_avg on"
           " that runqueue on another CPU overlapped the update), %" PRIu64 " (the probe of"
           " remove_entity_load_avg missed a call during the update)\n",
           grp_kinds[0], grp_kinds[1], grp_kinds[3], grp_kinds[2], grp_inactive, grp_no_clock, grp_broken,
           grp_raced, grp_raced_applied, grp_remove_marked, grp_remove_missed);
}
