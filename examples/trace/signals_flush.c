/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Samples held per CPU until the transition they belong to is applied:
 * the PELT ones before the state change, the ones it produced after.
 * (signals.c has the whole design.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signals_int.h"
static bool post_kind(const struct pgt_event *e)
{
    return e->type == PGT_UE_SE || e->type == PGT_UE_CFS;
}

/* An exiting task leaves its autogroup (sched_move_task): a detach and an
 * attach at one update, seen as two cfs samples at one update_time and no
 * scheduling event. The averages come back as they were, but the sums do
 * not: the detach takes the task's own sums, the attach gives back its
 * averages times the cfs_rq's divider (the running time since the task's
 * last period crossing leaves the cfs_rq's sum). */
static void exit_move(struct ctx *c, uint32_t i, uint64_t at)
{
    struct cpu *p = &c->cpu[i];
    struct task *k = p->curr > 0 ? pgt_pidtab_find(&c->tasks, p->curr) : NULL;
    if (c->grp) { /* a group's shows as the task's path change (signals_group.c), the root's not */
        if (k && k->exiting && k->cpu == (int32_t)i && sg_grp_exit_root(c, k, at))
            c->out->exit_moves++;
        return;
    }
    if (!k || !k->exiting || !k->attached || k->cpu != (int32_t)i || k->policy != POL_CFS ||
        !p->cfs_seeded || at < p->cfs.last_update_time)
        return;
    k->exiting = 0;
    sg_upd_task(c, k, at);
    sg_upd_rq(c, i, at);
    sg_chk(c, pgov_pelt_detach(&p->cfs, &k->se, W), "pgov_pelt_detach");
    sg_chk(c, pgov_pelt_attach(&p->cfs, &k->se, W), "pgov_pelt_attach");
    c->out->exit_moves++;
}

/* Compare the held samples of CPU i: the PELT ones before the transition
 * (pre), or the ones it produced (util_est, and with attach/detach the last
 * cfs sample) after it. */
void sg_flush(struct ctx *c, uint32_t i, bool pre, bool attach_detach)
{
    struct cpu *p = &c->cpu[i];
    if (!p->npend)
        return;
    size_t last_cfs = SIZE_MAX;
    uint64_t newest = 0;
    for (uint32_t j = 0; j < p->npend; j++)
        if (c->t->ev[p->pend[j]].type == PGT_PELT_CFS && c->t->ev[p->pend[j]].v[3] > newest)
            newest = c->t->ev[p->pend[j]].v[3];
    if (attach_detach)
        for (uint32_t j = 0; j < p->npend; j++)
            if (c->t->ev[p->pend[j]].type == PGT_PELT_CFS)
                last_cfs = p->pend[j];
    uint32_t keep = 0;
    for (uint32_t j = 0; j < p->npend; j++) {
        size_t idx = p->pend[j];
        const struct pgt_event *e = &c->t->ev[idx];
        /* (a group's settled sample at an attach or detach is the walk's
         * result: compared after it, as the root's last is) */
        bool is_post = post_kind(e) || idx == last_cfs || (attach_detach && e->type == PGT_PELT_GROUP);
        /* Several cfs samples at one update_time: a detach + attach pair
         * (autogroup move at exit, class change) or an update + attach.
         * Only the last is the settled value; the first is the pre-attach
         * value only when this transition attaches. */
        bool transient = false;
        if (e->type == PGT_PELT_CFS && e->v[3])
            for (uint32_t q = j + 1; q < p->npend; q++) {
                const struct pgt_event *f = &c->t->ev[p->pend[q]];
                if (f->type == PGT_PELT_CFS && f->v[3] == e->v[3])
                    transient = true;
            }
        if (transient && attach_detach && idx != last_cfs && e->v[3] == newest) {
            bool first = true;
            for (uint32_t q = 0; q < j; q++) {
                const struct pgt_event *f = &c->t->ev[p->pend[q]];
                if (f->type == PGT_PELT_CFS && f->v[3] == e->v[3])
                    first = false;
            }
            /* (through groups, with a group's samples at that instant, the
             * root's first is a step of the group walk, an update before
             * a propagation: qemu-6.1-icount-groups at 2.226672 s, 1571
             * then 1393, the first compared with the root before the walk) */
            for (uint32_t q = 0; q < p->npend && first && c->grp; q++) {
                const struct pgt_event *f = &c->t->ev[p->pend[q]];
                first = !(f->type == PGT_PELT_GROUP && f->v[3] == e->v[3] && f->x[0] == e->x[0]);
            }
            transient = !first;
        }
        /* Through groups: several samples of one group entity or cfs_rq at
         * one update_time (an update, then an attach, a detach or a
         * propagation at that instant) are steps inside one walk: only the
         * last is compared, the settled value. */
        if (e->type == PGT_PELT_GROUP && e->v[3])
            for (uint32_t q = j + 1; q < p->npend && !transient; q++) {
                const struct pgt_event *f = &c->t->ev[p->pend[q]];
                transient = f->type == PGT_PELT_GROUP && f->v[3] == e->v[3] && f->x[0] == e->x[0] &&
                            f->x[1] == e->x[1] && f->x[2] == e->x[2];
            }
        if (transient && e->type == PGT_PELT_GROUP)
            c->out->group_transient++;
        /* Several util_est_cfs samples in one group: the transition's own
         * enqueue or dequeue is the last; the earlier ones come from
         * dequeue/enqueue pairs no event of the trace shows (the cgroup
         * move of an exiting task, sched_move_task). Not comparable. */
        if (!pre && e->type == PGT_UE_CFS)
            for (uint32_t q = j + 1; q < p->npend; q++)
                if (c->t->ev[p->pend[q]].type == PGT_UE_CFS) {
                    c->out->skipped_unseen++;
                    transient = true;
                    break;
                }
        if (transient && e->type == PGT_PELT_CFS && e->v[3])
            exit_move(c, i, e->v[3]);
        if (transient) {
            if (pre)
                continue; /* dropped */
        } else if (!pre || !is_post)
            sg_compare(c, idx);
        else
            p->pend[keep++] = idx;
    }
    p->npend = pre ? keep : 0;
}

/* Compare the held PELT samples of CPU i from kernel updates before
 * `before` (PELT clock; a tick, a blocked-load update of an idle CPU), so
 * that the state is as the kernel last updated it; the rest stay held. */
void sg_flush_older(struct ctx *c, uint32_t i, uint64_t before)
{
    struct cpu *p = &c->cpu[i];
    uint32_t keep = 0;
    for (uint32_t j = 0; j < p->npend; j++) {
        const struct pgt_event *e = &c->t->ev[p->pend[j]];
        bool older = ((e->type >= PGT_PELT_SE && e->type <= PGT_PELT_IRQ) || e->type == PGT_PELT_GROUP) &&
                     e->v[3] && e->v[3] < before;
        /* not one of a pair of cfs samples (a detach and an attach); a
         * group's or rt's sample beside the root's at one update_time is
         * not a pair (the blocked pass of an idle CPU: left held, its
         * groups were compared after the wake-up's update of the root,
         * which the group entity's then set back to the older
         * update_time, qemu-6.1-icount-groups 2.176464 s) */
        bool grp = e->type == PGT_PELT_GROUP && e->cpu == i, step = false;
        for (uint32_t q = 0; q < p->npend && older; q++) {
            const struct pgt_event *f = &c->t->ev[p->pend[q]];
            if (grp) /* one of several steps of one group object in a walk */
                step |= q > j && f->type == PGT_PELT_GROUP && f->v[3] == e->v[3] && f->x[0] == e->x[0] &&
                        f->x[1] == e->x[1] && f->x[2] == e->x[2];
            else
                older = q == j || f->type != PGT_PELT_CFS || f->v[3] != e->v[3];
        }
        if (older && step)
            sg_grp_step(c, p->pend[j]);
        else if (older)
            sg_compare(c, p->pend[j]);
        else
            p->pend[keep++] = p->pend[j];
    }
    p->npend = keep;
}

/* The kernel's update time for a transition on CPU i, of event e, on the
 * PELT clock: the newest update_time among the held samples that e's CPU
 * wrote (the kernel emits a transition's samples where it runs it), if it
 * belongs to this transition; else *at, the event's own time there. */
uint64_t sg_t_eff(struct ctx *c, uint32_t i, const struct pgt_event *ev, uint64_t *at)
{
    struct cpu *p = &c->cpu[i];
    uint64_t u = 0, ts = pelt_of(c, i, ev->ts);
    bool pick = false; /* u is the switch's pick of its next task */
    *at = ts;
    for (uint32_t j = 0; j < p->npend; j++) {
        const struct pgt_event *e = &c->t->ev[p->pend[j]];
        if (e->v[3] > u && e->cpu == ev->cpu && e->type != PGT_UE_SE && e->type != PGT_UE_CFS) {
            u = e->v[3];
            pick = ev->type == PGT_SWITCH && e->type == PGT_PELT_SE && e->pid == ev->pid2 && ev->pid2 > 0;
        }
    }
    uint64_t win = ev->type == PGT_WAKEUP_NEW ? 4 * PGT_GROUP_NS : PGT_GROUP_NS;
    /* The next task's pick sample, held for its switch, is that switch's
     * clock reading however old: a vCPU stopped inside __schedule after
     * the reading (qemu-6.1-groups CPU 1 at 5.201345 s: rcu_preempt's pick
     * at update_time 5198833664, 2.5 ms before the switch; usleep 145 put
     * at the switch's time ran 2.5 ms the kernel's /g1/g2 did not, 760 for
     * 710), not before the CPU's last update. */
    if (pick && u <= ts && u >= p->last_now)
        return u;
    return u && u <= ts && ts - u < win ? u : ts;
}

/* The fork's enqueue and attach samples of held sample idx are followed,
 * in its writer's buffer, by nothing but that fork's sched_wakeup_new
 * (wake_up_new_task attaches, then emits the event, on 6.1 as on 7.3:
 * spec pelt-groups.md 5.4), however late: 7.3 wrote the event 2.46 ms
 * after the attach (init's fork of 161 on qemu-7.3-icount-groups at
 * 3.627528 s; the attach was compared before the rebuild made it, 568 for
 * 795), 6.1 under TCG too (qemu-6.1.txt, usleep 124: CPU 0's root 96 off). */
static bool wakeup_new_follows(const struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    for (size_t j = idx + 1; j < c->t->n && c->t->ev[j].ts - e->ts < 4 * PGT_GROUP_NS; j++) {
        const struct pgt_event *f = &c->t->ev[j];
        if (f->cpu == e->cpu)
            return f->type == PGT_WAKEUP_NEW && f->x[0] == e->x[0];
    }
    return false;
}

/* Held samples older than the grouping window were no part of this event. */
void sg_flush_stale(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (p->npend && ts - c->t->ev[p->pend[p->npend - 1]].ts > PGT_GROUP_NS &&
        !wakeup_new_follows(c, p->pend[p->npend - 1])) {
        sg_flush(c, i, true, false);
        sg_flush(c, i, false, false);
    }
}

/* A wake-up from an interrupt (a timer) updates the rq in hardirq context
 * like the tick does, but its samples belong to the wake-up: the next
 * event that this CPU's buffer holds after the sample's run of samples is
 * a wake-up or migration, within the grouping window. */
static bool irq_wakeup_follows(const struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    for (size_t j = idx + 1; j < c->t->n && c->t->ev[j].ts - e->ts < PGT_GROUP_NS; j++) {
        const struct pgt_event *f = &c->t->ev[j];
        if (f->cpu != e->cpu)
            continue;
        /* a sample of another clock reading: the run ended with the tick
         * (a wake-up 1.2 ms after a tick on the icount recording) */
        bool pelt = (f->type >= PGT_PELT_SE && f->type <= PGT_PELT_IRQ) || f->type == PGT_PELT_GROUP;
        if (pelt && f->v[3] && e->v[3] && f->v[3] != e->v[3])
            return false;
        /* (a group's samples are part of the run: a timer's wake-up of a
         * task in a group on an idle CPU was taken for a tick, its attach
         * compared before it, 243 for the kernel's 755 on
         * qemu-6.1-icount-groups at 2.212459 s) */
        if (pelt || f->type == PGT_UE_SE || f->type == PGT_UE_CFS)
            continue;
        return f->type == PGT_WAKEUP || f->type == PGT_WAKEUP_NEW || f->type == PGT_MIGRATE;
    }
    return false;
}

/* Through groups, a sample the tick's walk wrote before a later sample of
 * the same object at the same update_time (the root's update before the
 * propagation of a group entity's pending change, on 7.3 at 3.205995 s:
 * 1237, then 749) is a step of that walk, not its result. */
static bool tick_step(const struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    if (!c->grp || !e->v[3] || (e->type != PGT_PELT_CFS && e->type != PGT_PELT_GROUP))
        return false;
    for (size_t j = idx + 1; j < c->t->n && c->t->ev[j].ts - e->ts < PGT_GROUP_NS; j++) {
        const struct pgt_event *f = &c->t->ev[j];
        if (f->cpu != e->cpu)
            continue;
        bool pelt = (f->type >= PGT_PELT_SE && f->type <= PGT_PELT_IRQ) || f->type == PGT_PELT_GROUP;
        if (!pelt || f->v[3] != e->v[3])
            return false;
        if (f->type == e->type && f->x[0] == e->x[0] &&
            (e->type == PGT_PELT_CFS || (f->x[1] == e->x[1] && f->x[2] == e->x[2])))
            return true;
    }
    return false;
}

void sg_hold(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0];
    if (i >= c->ncpu)
        return;
    struct cpu *p = &c->cpu[i];
    sg_flush_stale(c, i, e->ts);
    if (c->grp) /* a move found to happen here; a task sample's path: its group */
        sg_grp_moves_at(c, idx, e->v[3] ? e->v[3] : pelt_of(c, i, e->ts));
    if (c->grp && e->type == PGT_PELT_SE && c->lost_any)
        sg_relearn(c, idx); /* its CPU, after a lost-events marker */
    if (c->grp && e->type == PGT_PELT_SE)
        sg_grp_path(c, e, e->v[3] ? e->v[3] : pelt_of(c, i, e->ts));
    bool pelt = (e->type >= PGT_PELT_SE && e->type <= PGT_PELT_IRQ) || e->type == PGT_PELT_GROUP;
    if ((e->x[3] & PGT_IN_HARDIRQ) && e->cpu == i && pelt &&
        (e->type != PGT_PELT_SE || e->pid == p->curr) && !irq_wakeup_follows(c, idx)) {
        /* the tick's update of the running task or of the rq: no
         * transition, but the tick read the clock (and, through groups,
         * updated every level of the running task's path) */
        sg_cpu_start(c, i, e->ts);
        clock_to(c, i, e->ts);
        uint64_t at = e->v[3] ? e->v[3] : pelt_of(c, i, e->ts);
        if (c->grp) {
            /* the tick walks the whole path: what earlier updates wrote is
             * compared first (a transition's samples and its event are
             * written with interrupts off: no tick comes between them) */
            sg_flush(c, i, true, false);
            sg_flush(c, i, false, false);
            sg_grp_tick(c, i, at);
        }
        /* the CPU's latest clock reading, for a preemption by a task woken
         * before the tick (its switch keeps the last reading): without a
         * root sample at the tick it stayed the wake-up's, the preempted
         * task's update went back before its tick and ran that interval
         * again (qemu-7.3-icount-groups usleep 142, woken rcu_preempt at
         * 3.250015 s, tick 3.250954 s, preempted 3.250962 s: 382 for 371;
         * qemu-6.1-icount-groups' hog 102, 699 for 687 at 2.240870 s) */
        if (at > p->last_now)
            p->last_now = at;
        if (tick_step(c, idx))
            c->out->group_transient++;
        else
            sg_compare(c, idx);
        return;
    }
    if (e->type == PGT_PELT_SE) {
        /* a task detached by a wake-up migration: its sync sample follows
         * the migration event and needs no transition of its own */
        const struct task *k = pgt_pidtab_find(&c->tasks, e->pid);
        if (k && !k->attached && !k->sync_pending && k->cpu != (int32_t)i) {
            sg_compare(c, idx);
            return;
        }
    }
    if (p->npend == PGT_PENDING) {
        sg_flush(c, i, true, false);
        sg_flush(c, i, false, false);
    }
    p->pend[p->npend++] = idx;
    sg_sleep_at_dequeue(c, idx);
}

uint32_t sg_policy_of(const struct ctx *c, uint32_t prio, int32_t pid)
{
    if (pid == 0)
        return POL_IDLE;
    if (prio == 0 && strncmp(pgt_comm(c->t, pid), "migration/", 10) == 0)
        return POL_STOP;
    if (prio == UINT32_MAX)
        return POL_DL;
    return prio < 100 ? POL_RT : POL_CFS;
}
