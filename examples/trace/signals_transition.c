/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scheduling transitions (switch, wakeup, fork, migrate) applied to
 * the rebuilt state at the kernel's update_time.
 * (signals.c has the whole design.)
 */
#include <stdio.h>
#include <string.h>


#include "signals_int.h"

/* A task that arrived on CPU i in a lost stretch brings averages the
 * rebuild never saw (a fork's post_init, a migrated task's history): its
 * first own sample there, within PGT_ARRIVE_NS on, gives them, taken as
 * at now (its sums as a seed's). The task stays unseeded, so that sample
 * seeds it again and is not compared. false: no such sample. */
#define PGT_ARRIVE_NS 100000000ull
static bool arrival_avg(struct ctx *c, struct task *k, uint32_t i, uint64_t now, uint64_t ts)
{
    const struct pgt_trace *t = c->t;
    size_t lo = 0, hi = t->n;
    while (lo < hi) { /* the first event at or after ts */
        size_t m = lo + (hi - lo) / 2;
        if (t->ev[m].ts < ts)
            lo = m + 1;
        else
            hi = m;
    }
    for (size_t j = lo; j < t->n && t->ev[j].ts - ts < PGT_ARRIVE_NS; j++) {
        const struct pgt_event *f = &t->ev[j];
        if (f->type == PGT_PELT_SE && f->pid == k->pid) {
            if (f->x[0] != i)
                return false;
            sg_seed_avg(c, &k->se, f, now, c->cpu[i].phase, W);
            return true;
        }
    }
    return false;
}

static void enqueue(struct ctx *c, struct task *k, uint32_t i, uint64_t now, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (k->on_rq && k->cpu == (int32_t)i)
        return;
    if (k->on_rq) { /* queued elsewhere as far as we know: events were missed */
        c->cpu[k->cpu].nr -= c->cpu[k->cpu].nr > 0 && k->policy == POL_CFS;
        sg_detach_removed(c, k);
        k->on_rq = 0;
    }
    /* After a lost-events marker, a task first seen on a CPU no marker
     * hit arrived in the lost stretch (a fork, wake-up or migration
     * written in the lost buffer): that CPU's runqueues, not seeded
     * again, do not hold it and it is attached (qemu-6.1-icount-groups
     * with CPU 0's events cut at 2.2078 s: sh 119 and 121 forked onto CPU
     * 1 in /g1/g2, which the rebuild kept at 0 for the kernel's 483). */
    bool arrived = c->lost_any && !p->lost_hit;
    if (arrived && !k->placed && !k->attached) {
        c->out->lost_arrived++;
        if (!k->seeded)
            arrival_avg(c, k, i, now, ts);
    }
    if (!k->placed && !k->attached && !arrived) {
        /* First seen running or waking here without a migration: it was
         * attached to this cfs_rq before the trace began, and the cfs_rq's
         * (seeded) signal already holds it. Take the cfs_rq's clock and
         * period position without adding it again. */
        k->se.last_update_time = p->cfs.last_update_time;
        k->se.period_contrib = p->cfs.period_contrib;
        k->attached = 1;
        k->cpu = (int32_t)i;
        sg_grp_adopt(c, k, i); /* its group's runqueue's clock instead */
    }
    k->placed = 1;
    if (k->attached && k->cpu != (int32_t)i)
        sg_detach_removed(c, k);
    if (k->policy == POL_CFS && c->ue)
        sg_chk(c, pgov_util_est_enqueue(&p->ue, &k->ue), "pgov_util_est_enqueue");
    if (k->attached) {
        sg_upd_task(c, k, now);
        sg_upd_rq(c, i, now);
    } else {
        sg_upd_rq(c, i, now);
        sg_attach(c, k, i);
    }
    k->cpu = (int32_t)i;
    k->on_rq = 1;
    p->nr += k->policy == POL_CFS;
    sg_grp_enqueue(c, k, i, now);
}

/* The task running on CPU i when the trace began: the CPU was not idle
 * until its first sched_switch, whose prev it is (every event before that
 * switch in the CPU's buffer was written in its context). */
void sg_start_curr(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    int32_t pid = p->first_curr;
    p->first_curr = 0;
    struct task *k = sg_task_get(c, pid, ts);
    if (!k)
        return;
    k->policy = (uint8_t)sg_policy_of(c, p->first_prio, pid);
    enqueue(c, k, i, ts, ts);
    k->running = 1;
    p->curr = pid;
    p->curr_policy = k->policy;
    sg_grp_run(c, k, ts);
}

/* The running task kp of CPU p leaves the runqueue for a sleep or its
 * exit (the dequeue of __schedule; it stays the CPU's current until the
 * switch). */
static void prev_sleep(struct ctx *c, struct task *kp, struct cpu *p, uint64_t now)
{
    sg_grp_dequeue(c, kp, now, false);
    kp->on_rq = 0;
    p->nr -= p->nr > 0 && kp->policy == POL_CFS;
    sg_ue_sleep(c, kp, p, true);
}

/* The sleep of CPU b's running task kp applied before its sched_switch
 * (at a pull inside the switch, or at its dequeue's samples), at clock
 * now: what CPU b holds first, then the task and runqueue updated and the
 * dequeue; the switch that follows only switches. @put: the task is also
 * put back at once (a late switch: no cfs task runs until the pick). */
static void sleep_before_switch(struct ctx *c, uint32_t b, uint64_t ts, struct task *kp,
                                uint64_t now, bool put)
{
    struct cpu *p = &c->cpu[b];
    clock_to(c, b, ts);
    sg_flush(c, b, true, false);
    sg_upd_task(c, kp, now);
    sg_upd_rq(c, b, now);
    prev_sleep(c, kp, p, now); /* an exiting task's load leaves after the switch */
    if (put) {
        sg_grp_put(c, kp, now);
        kp->running = 0;
        p->curr_policy = POL_IDLE;
    }
    sg_flush(c, b, false, false);
    p->slept_pid = kp->pid;
    p->slept_put = put;
}

/* CPU i goes idle: the PELT clock's lost-idle-time check reads the rq's
 * util sums (through groups, those of the root the hierarchy builds). */
static void go_idle(struct ctx *c, uint32_t i)
{
    struct cpu *p = &c->cpu[i];
    const struct pgov_pelt_avg *cfs = sg_grp_root(c, i) ? sg_grp_root(c, i) : &p->cfs;
    p->curr_policy = POL_IDLE;
    if (!c->clock_identity)
        sg_chk(c, pgov_pelt_clock_idle(&p->clk, (uint64_t)cfs->util_sum + p->rt.util_sum + p->dl.util_sum),
               "pgov_pelt_clock_idle");
}

/* A dead task leaves in finish_task_switch (task_dead_fair), after the
 * next task's pick walk: its "removed" waits for its runqueue's next
 * update after that (qemu-6.1-icount-groups, pid 110 in /g5 at 2.188167 s:
 * applied at the pick of sh in /g5, the rebuilt /g5 gave the next fork
 * post_init's cap from 314, the kernel from 809). */
static void leave_dead(struct ctx *c, struct task *kp, const struct pgt_event *e)
{
    kp->dead = 1;
    /* Unless the trace shows the removal later: a sample of the dead
     * task, its entity synced to its runqueue for the removal (7.3, usleep
     * 161 autoreaped, switch at 3.793984 s: its sample at 3.798002 s from
     * the idle task, and the root's at 3.797993 s still held its 75, 94
     * where the removal at the pick gave 20). It is removed there
     * (signals_compare.c). */
    for (size_t j = (size_t)(e - c->t->ev) + 1; j < c->t->n && c->t->ev[j].ts - e->ts < PGT_LATE_SWITCH_NS; j++) {
        const struct pgt_event *f = &c->t->ev[j];
        if (f->type == PGT_PELT_SE && f->pid == kp->pid)
            return;
        if ((f->type == PGT_SWITCH && (f->pid == kp->pid || f->pid2 == kp->pid)) || f->type == PGT_LOST)
            break;
    }
    sg_detach_removed(c, kp);
}

/* A switch's CPU and tasks are known from here; guessed: placed without a
 * kernel time (counted for the "inputs:" line). */
static void seen(struct cpu *p, struct task *kp, struct task *kn, bool guessed)
{
    p->known = true;
    p->guess += guessed;
    for (int j = 0; j < 2; j++) {
        struct task *k = j ? kn : kp;
        if (k) {
            k->known = 1;
            k->guess += guessed;
        }
    }
}

/* CPU i picks pid, a task moved there by load balance while it was idle
 * (the move's clock skip, as the woken task's for a wake-up) */
static bool moved_pick(const struct ctx *c, uint32_t i, int32_t pid)
{
    const struct task *k = pgt_pidtab_find(&c->tasks, pid);
    return c->cpu[i].mig_idle && k && k->mig_idle && k->cpu == (int32_t)i;
}

void sg_on_switch(struct ctx *c, const struct pgt_event *e)
{
    uint32_t i = e->cpu;
    struct cpu *p = &c->cpu[i];
    uint64_t ts; /* the event's own time, PELT clock */
    uint64_t now = sg_t_eff(c, i, e, &ts);
    uint64_t clock_at = e->ts; /* where the kernel read its clock (task clock; 0: not again) */
    bool guessed = now == ts;
    if (!e->pid && p->idle_exit && now == ts) {
        /* Leaving idle: the kernel reads its clock right after the idle
         * exit; the switch's own timestamp can be far later (a vCPU that
         * did not run under TCG: up to 15 ms on the committed recording,
         * where the next samples show the task running from the exit),
         * not before the CPU's last update: the wake-up that ended idle
         * may come after the exit (a remote enqueue). */
        uint64_t exit = pelt_of(c, i, p->idle_exit);
        uint64_t at = exit > p->last_now ? exit : p->last_now;
        /* A task woken here before the idle exit (by another CPU, a
         * fork's wake_up_new_task, or a timer on this one) preempts idle:
         * the kernel keeps the wake-up's clock reading for the switch (the
         * idle task counts as queued, so the preemption skips the next
         * clock update; a move's too). Shift-0 icount: pid 94 waited 1.26
         * ms on idle CPU 0, util 511 -> 526 as if run from the enqueue. */
        bool skip = (p->wake_pid == e->pid2 || moved_pick(c, i, e->pid2)) && p->last_now && p->last_now < exit;
        if (skip)
            at = p->last_now;
        if (at < ts) {
            if (skip)
                c->out->idle_skip_placed++;
            else
                c->out->idle_placed++;
            if (!skip && ts - at > PGT_STALL_NS)
                c->out->idle_stalls++;
            now = at;
            clock_at = p->idle_exit; /* idle until then: the clock follows the task clock */
        }
    }
    /* a preemption by the task just woken here: the wake-up told the
     * kernel not to read its clock again for this switch */
    bool wake_preempt = e->pid && e->x[0] == PGT_PREV_RUNNABLE && p->wake_pid == e->pid2;
    if (wake_preempt)
        clock_at = 0;
    if (wake_preempt && now == ts && p->last_now < now) {
        /* A preemption by the task just woken here: the kernel does not
         * read its clock again after a wake-up that preempted (the
         * outgoing task's samples at such switches carry the wake-up's
         * update_time, date at 4.935087 s), so the switch takes the
         * CPU's last clock reading: the wake-up's, or a tick's after it
         * (kworker/0:1 at 5.2293 s: the tick 2.7 ms after the wake-up of
         * migration/0). */
        now = p->last_now;
        c->out->wake_placed++;
    }
    p->wake_pid = 0;
    p->mig_idle = false;
    p->idle_exit = 0;
    sg_cpu_start(c, i, now);
    clock_to(c, i, clock_at);
    struct task *kp = e->pid ? sg_task_get(c, e->pid, e->ts) : NULL;
    struct task *kn = e->pid2 ? sg_task_get(c, e->pid2, e->ts) : NULL;
    if (c->fail)
        return;
    if (kn) /* picked: a later pick is no longer the move's */
        kn->mig_idle = 0;
    seen(p, kp, kn, guessed);
    bool ad = false;
    bool slept = kp && p->slept_pid == kp->pid && e->x[0] != PGT_PREV_RUNNABLE;
    if (slept && p->slept_put) { /* at the dequeue's clock (sg_sleep_at_dequeue), or a later wake-up's */
        now = p->last_now;
        guessed = false;
    }
    p->slept_pid = 0;
    p->slept_put = false;
    if (kp && !slept) {
        kp->policy = (uint8_t)sg_policy_of(c, e->x[1], e->pid);
        if (!kp->on_rq || kp->cpu != (int32_t)i) /* we never saw it arrive */
            enqueue(c, kp, i, now, e->ts);
        kp->running = 1;
        p->curr = kp->pid;
        p->curr_policy = kp->policy;
    }
    sg_grp_recount(c, i, slept ? NULL : kp); /* after a lost-events marker */
    /* the samples before it, each at its own update_time (the kernel's
     * updates in between: the tick, a remote wake-up), then the PELT
     * updates of the outgoing task at the kernel's time */
    sg_flush(c, i, true, false);
    if (kp && !slept)
        sg_upd_task(c, kp, now);
    sg_upd_rq(c, i, now);
    /* a task dequeued at a pull (pull_after_sleep) has only the switch
     * left, and an exiting task's removal, which comes after it */
    if (kp && !slept && e->x[0] != PGT_PREV_RUNNABLE)
        prev_sleep(c, kp, p, now);
    if (kp) {
        sg_grp_put(c, kp, now);
        kp->running = 0;
    }
    p->curr = e->pid2;
    if (kn) {
        kn->policy = (uint8_t)sg_policy_of(c, e->x[2], e->pid2);
        if (!kn->on_rq || kn->cpu != (int32_t)i)
            enqueue(c, kn, i, now, e->ts);
        sg_upd_task(c, kn, now);
        kn->running = 1;
        sg_grp_run(c, kn, now);
        p->curr_policy = kn->policy;
    } else {
        go_idle(c, i);
    }
    if (kp && e->x[0] == PGT_PREV_DEAD) {
        leave_dead(c, kp, e);
        ad = true;
    }
    sg_flush(c, i, false, ad);
}

/* A new task's averages from the kernel's attach of it: the last two held
 * cfs samples of CPU i at one update_time are the enqueue's update and the
 * attach, whose difference is what the task brought. */
static bool fork_seed(struct ctx *c, uint32_t i, struct pgov_pelt_avg *se, uint32_t grp)
{
    const struct cpu *p = &c->cpu[i];
    const struct pgt_event *a = NULL, *b = NULL;
    for (uint32_t j = p->npend; j-- > 0 && !b;) {
        const struct pgt_event *f = &c->t->ev[p->pend[j]];
        /* a task in a group attaches to its group's cfs_rq (grp: 1 + its index) */
        if (grp ? f->type == PGT_PELT_GROUP && !f->x[1] && f->x[2] + 1 == grp : f->type == PGT_PELT_CFS)
            *(a ? &b : &a) = f;
    }
    if (!b || !a->v[3] || a->v[3] != b->v[3] || a->v[2] < b->v[2] || a->v[0] < b->v[0] ||
        a->v[1] == UINT64_MAX || b->v[1] == UINT64_MAX || a->v[1] < b->v[1])
        return false;
    se->util_avg = a->v[2] - b->v[2];
    se->runnable_avg = a->v[1] - b->v[1];
    se->load_avg = a->v[0] - b->v[0];
    return true;
}

void sg_on_wakeup(struct ctx *c, const struct pgt_event *e, bool fresh)
{
    uint32_t i = e->x[0];
    if (i >= c->ncpu)
        return;
    sg_cpu_start(c, i, e->ts);
    uint64_t ts;
    uint64_t now = sg_t_eff(c, i, e, &ts);
    clock_to(c, i, e->ts);
    struct task *k = sg_task_get(c, e->pid, e->ts);
    if (!k)
        return;
    c->cpu[i].wake_read = 0;
    for (uint32_t j = 0; j < c->cpu[i].npend; j++) {
        const struct pgt_event *f = &c->t->ev[c->cpu[i].pend[j]];
        if (f->type == PGT_PELT_SE && f->pid == e->pid && f->cpu == e->cpu && f->v[3])
            c->cpu[i].wake_read = f->v[3];
    }
    if (now == ts) {
        c->cpu[i].guess++;
        k->guess++;
    }
    k->policy = (uint8_t)sg_policy_of(c, e->x[1], e->pid);
    k->known = 1;
    bool ad = !k->attached || k->cpu != (int32_t)i || fresh;
    if (fresh) {
        k->attached = 0;
        k->placed = 1;
    }
    if (k->on_rq && k->cpu == (int32_t)i) {
        sg_flush(c, i, true, false);
        sg_flush(c, i, false, false);
        return;
    }
    if (fresh && k->policy == POL_CFS) {
        /* wake_up_new_task: post_init_entity_util_avg sees the cfs_rq as it
         * was last updated, before this enqueue's update. That update may
         * have had no event of its own (a tick that crossed no period
         * boundary still applies "removed"), so the kernel's attach of the
         * task, where the trace shows it, is its seed. */
        struct cpu *p = &c->cpu[i];
        /* as last updated: an earlier update held here (an idle CPU's
         * blocked-load update that applied an exited task's removal: on
         * an icount recording 18 there, where the cfs_rq without it gave
         * pid 157 276 instead of the kernel's 503) */
        sg_flush_older(c, i, now);
        sg_chk(c, pgov_pelt_init_task(&k->se, W, c->p->halflife), "pgov_pelt_init_task");
        if (!c->p->warmup && fork_seed(c, i, &k->se, c->grp ? k->grp : 0)) {
            k->seeded = 1;
            c->out->seeded_kernel++;
        } else if (!sg_grp_new(c, k, i)) {
            /* the ratio takes the entity's load.weight, which 64-bit
             * kernels keep at 10 more bits of resolution (nice 0: 1 << 20)
             * against the cfs_rq's unscaled load_avg, so the spare-capacity
             * cap is what a new task gets (observed: 374 = (1024 - 275) / 2
             * on the icount recording, where the unscaled ratio gives 283) */
            sg_chk(c, pgov_pelt_post_init_task(&k->se, &p->cfs, c->p->cap[i], (uint64_t)W << 10),
                "pgov_pelt_post_init_task");
        }
    } else {
        /* an earlier update still held (an idle CPU's blocked-load update
         * 1 ms before a timer's wake-up there): compared at its own time */
        sg_flush_older(c, i, now);
    }
    if (k->attached && k->cpu == (int32_t)i)
        sg_upd_task(c, k, now);
    sg_upd_rq(c, i, now);
    sg_flush(c, i, true, ad);
    sg_ue_from_sum(c, k, i);
    enqueue(c, k, i, now, e->ts);
    sg_flush(c, i, false, ad);
    c->cpu[i].wake_pid = k->pid;
}

/* A newly idle CPU's balance: CPU b pulls a task inside __schedule after
 * its running task was dequeued for a sleep and before the sched_switch
 * (the pull comes between the dequeue's samples, util_est_se of the
 * running task among them, and the switch; on the icount recording pid
 * 96's estimate 865 was compared before its sleep: 590). The dequeue is
 * applied here, at the pull, and the switch only switches. */
static void pull_after_sleep(struct ctx *c, const struct pgt_event *e, uint32_t b)
{
    struct cpu *p = &c->cpu[b];
    if (e->cpu != b || p->curr <= 0 || p->curr_policy != POL_CFS || p->slept_pid)
        return;
    /* the dequeue's util_est samples, written here since this CPU's last
     * transition: its util_est_cfs (every dequeue writes one; the task's
     * own util_est_se only when its util changed since its enqueue) */
    bool dequeued = false;
    for (uint32_t j = 0; j < p->npend && !dequeued; j++) {
        const struct pgt_event *f = &c->t->ev[p->pend[j]];
        dequeued = f->cpu == b && (f->type == PGT_UE_CFS || (f->type == PGT_UE_SE && f->pid == p->curr));
    }
    if (!dequeued)
        return;
    const struct pgt_event *sw = NULL; /* the switch this pull is inside */
    for (size_t j = (size_t)(e - c->t->ev) + 1; j < c->t->n && !sw; j++)
        if (c->t->ev[j].cpu == b && c->t->ev[j].type == PGT_SWITCH)
            sw = &c->t->ev[j];
    if (!sw || sw->pid != p->curr || sw->x[0] == PGT_PREV_RUNNABLE || sw->ts - e->ts > PGT_GROUP_NS)
        return;
    struct task *kp = sg_task_get(c, p->curr, e->ts);
    if (!kp || !kp->on_rq || kp->cpu != (int32_t)b)
        return;
    uint64_t ts, now = sg_t_eff(c, b, e, &ts);
    if (now == ts) {
        p->guess++;
        kp->guess++;
    }
    sleep_before_switch(c, b, e->ts, kp, now, false);
}

/* A load-balance move's attach writes its samples after the
 * sched_migrate_task event, in the mover's buffer: the first of them for
 * the new CPU b carries the kernel's clock reading there (hotplug's move
 * of init 94 to idle CPU 0 on qemu-6.1-icount at 2.448492 s: the root's
 * update_time 2448492544, the event's own time 544 ns earlier and off the
 * PELT period grid). 0: no such sample before the mover's next event. */
static uint64_t attach_reading(const struct ctx *c, const struct pgt_event *e, uint32_t b)
{
    for (size_t j = (size_t)(e - c->t->ev) + 1; j < c->t->n && c->t->ev[j].ts - e->ts < PGT_GROUP_NS; j++) {
        const struct pgt_event *f = &c->t->ev[j];
        if (f->cpu != e->cpu)
            continue;
        bool pelt = (f->type >= PGT_PELT_SE && f->type <= PGT_PELT_IRQ) || f->type == PGT_PELT_GROUP;
        if (pelt && f->x[0] == b && f->v[3])
            return f->v[3];
        if (!pelt && f->type != PGT_UE_SE && f->type != PGT_UE_CFS)
            return 0;
    }
    return 0;
}

void sg_on_migrate(struct ctx *c, const struct pgt_event *e)
{
    uint32_t a = e->x[0], b = e->x[1];
    if (a >= c->ncpu || b >= c->ncpu)
        return;
    struct task *k = sg_task_get(c, e->pid, e->ts);
    if (!k)
        return;
    k->policy = (uint8_t)sg_policy_of(c, e->x[2], e->pid);
    bool unseen = !k->placed && !k->attached;
    k->placed = 1;
    sg_cpu_start(c, a, e->ts);
    uint64_t ts;
    uint64_t now = sg_t_eff(c, a, e, &ts);
    clock_to(c, a, e->ts);
    if (now == ts) {
        c->cpu[a].guess++;
        c->cpu[b].guess++;
        k->guess++;
    }
    if (k->on_rq && k->cpu == (int32_t)a)
        pull_after_sleep(c, e, b);
    if (k->on_rq && k->cpu == (int32_t)a) {
        /* load balance: dequeue (not a sleep), detach, attach on the new CPU */
        struct cpu *p = &c->cpu[a];
        sg_upd_task(c, k, now);
        sg_upd_rq(c, a, now);
        sg_flush(c, a, true, true);
        k->on_rq = 0;
        k->running = 0;
        p->nr -= p->nr > 0 && k->policy == POL_CFS;
        if (k->policy == POL_CFS) {
            if (c->ue)
                sg_chk(c, pgov_util_est_dequeue(&p->ue, &k->ue, p->nr), "pgov_util_est_dequeue");
            sg_chk(c, pgov_pelt_detach(&p->cfs, &k->se, W), "pgov_pelt_detach");
        }
        sg_grp_dequeue(c, k, now, true);
        k->attached = 0;
        sg_flush(c, a, false, true);
        /* The new CPU's attach follows this event (its samples come after
         * it): what b holds now was before it, none of it the attach's. */
        sg_cpu_start(c, b, e->ts);
        uint64_t nb = sg_t_eff(c, b, e, &ts), rd = nb == ts ? attach_reading(c, e, b) : 0;
        if (rd && (rd > ts ? rd - ts : ts - rd) < PGT_GROUP_NS)
            nb = rd;
        clock_to(c, b, e->ts);
        sg_flush(c, b, true, false);
        enqueue(c, k, b, nb, e->ts);
        sg_flush(c, b, false, false);
        /* Moved to an idle CPU: the attach preempts idle as a wake-up
         * does, and the pick of a moved task keeps the attach's clock
         * reading (qemu-7.3-icount-groups pid 116, 0.52 ms on idle CPU 1
         * from 3.175774 s: util 149, rebuilt 138 from the pick; pids 115
         * and 116 to idle CPU 0, 115 picked at 3.195437 s: 127, rebuilt
         * 104). The same on 6.1 (qemu-6.1-icount: hotplug's move of init 94
         * to idle CPU 0 at 2.448492 s, picked 10 us later: 196 where the
         * idle exit's reading gave 195). As for a wake-up, only a pick of
         * the moved task: kworker/0:1 picked after the moves of 91 and 92
         * at 2.464674 s, or rcu_preempt 14 ms after two moves to a stalled
         * vCPU on qemu-6.1-groups, read the clock at the idle exit. */
        k->mig_idle = c->cpu[b].curr <= 0;
        c->cpu[b].mig_idle |= c->cpu[b].curr <= 0;
    } else {
        /* a waking task: its load is left behind through "removed" */
        sg_flush(c, a, true, false);
        sg_detach_removed(c, k);
        if (unseen && !k->seeded) {
            /* attached to a's cfs_rq since before the trace (its seeded
             * signal holds it): the sync sample that follows this event
             * gives what a's cfs_rq loses */
            k->sync_pending = 1;
            k->sync_cpu = (int32_t)a;
        }
        k->cpu = (int32_t)b;
        sg_flush(c, a, false, false);
    }
}

/* The running task's sleep, dated by the samples its dequeue wrote. The
 * kernel reads its clock once at the start of __schedule: the dequeue, the
 * newly idle balance's blocked-load pass and the put of the sleeping task
 * take that reading, and the pick the latest one (a remote wake-up while
 * the balance dropped the lock). The sched_switch that ends __schedule can
 * be written far later (a vCPU stopped inside it), and remote wake-ups
 * land in between: on qemu-7.3-icount-groups rcu_preempt dequeued at
 * 3.284259 s, its switch at 3.285650 s, and date 151 forked onto CPU 1 at
 * 3.284590 s ran from there (util 525 at 3.285923 s, rebuilt 500; CPU 1's
 * root decayed from the dequeue: 694, rebuilt 697 with rcu_preempt
 * running); init's dequeue at 3.338133 s, its switch to idle at 3.341989 s
 * (root 123 at 3.342006 s, rebuilt 209). So at the last sample of the
 * CPU's own buffer before the switch of its sleeping task, the dequeue and
 * the put are applied at the dequeue's clock: the newest update_time of
 * the samples written from its util_est_cfs sample on (the removal from
 * the rq's sum, the dequeue's first), else that sample's own time. The
 * switch is looked for up to 1 s on (a 20 ms bound missed usleep 112 on
 * qemu-6.1-groups: dequeued at 4.441129 s on CPU 1, its switch to idle at
 * 4.622377 s under TCG, run meanwhile: root 1027 for the kernel's 27). */
static uint64_t dequeue_clock(struct ctx *c, uint32_t b, const struct pgt_event *sw, bool *guessed)
{
    const struct cpu *p = &c->cpu[b];
    uint64_t u = 0, ue = 0, uw = p->wake_pid && p->wake_pid == sw->pid2 ? p->wake_read : 0;
    for (uint32_t j = 0; j < p->npend; j++) {
        const struct pgt_event *f = &c->t->ev[p->pend[j]];
        if (f->cpu != b || f->x[0] != b || (f->x[3] & PGT_IN_HARDIRQ))
            continue;
        if (f->type == PGT_UE_CFS) { /* the last: an enqueue's came before (a group move) */
            ue = f->ts;
            u = 0;
        } else if (f->type != PGT_UE_SE && ue && f->v[3] > u) {
            u = f->v[3];
        }
    }
    /* no sample of the dequeue: a wake-up here, whose task the switch
     * picks, preempted, and __schedule kept the wake-up's clock reading,
     * its sample's (usleep 133's exit on qemu-6.1-icount-groups at
     * 2.260869 s, after the wake-up of sh 99 at update_time 2260860928) */
    if (!u && ue && uw)
        return uw;
    *guessed = !u; /* the util_est sample's own time: a few us after the kernel's reading */
    return u ? u : ue ? pelt_of(c, b, ue) : 0;
}

void sg_sleep_at_dequeue(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx], *sw = NULL;
    uint32_t b = e->cpu;
    if (b >= c->ncpu || e->x[0] != b || (e->x[3] & PGT_IN_HARDIRQ))
        return;
    struct cpu *p = &c->cpu[b];
    if (!p->known || p->curr <= 0 || p->curr_policy != POL_CFS || p->slept_pid)
        return;
    for (size_t j = idx + 1; j < c->t->n && !sw && c->t->ev[j].ts - e->ts < PGT_SLEEP_SWITCH_NS; j++)
        if (c->t->ev[j].cpu == b)
            sw = &c->t->ev[j];
    if (!sw || sw->type != PGT_SWITCH || sw->pid != p->curr || sw->x[0] == PGT_PREV_RUNNABLE)
        return;
    struct task *kp = sg_task_get(c, p->curr, e->ts);
    bool guessed = false;
    uint64_t now = dequeue_clock(c, b, sw, &guessed);
    if (!kp || !kp->on_rq || kp->cpu != (int32_t)b || !now || now < p->last_now)
        return;
    if (guessed) {
        p->guess++;
        kp->guess++;
    }
    sleep_before_switch(c, b, e->ts, kp, now, true);
}

/* The next scheduling event of pid after event idx wakes it (it sleeps
 * now: the wake-up will place it). */
static bool wakes_next(const struct ctx *c, size_t idx, int32_t pid)
{
    for (size_t j = idx + 1; j < c->t->n; j++) {
        const struct pgt_event *f = &c->t->ev[j];
        bool sched = f->type == PGT_SWITCH || f->type == PGT_WAKEUP || f->type == PGT_WAKEUP_NEW ||
                     f->type == PGT_MIGRATE;
        if (sched && (f->pid == pid || (f->type == PGT_SWITCH && f->pid2 == pid)))
            return f->type == PGT_WAKEUP || f->type == PGT_WAKEUP_NEW;
    }
    return false;
}

/* A task's first sample after a lost-events marker, before any scheduling
 * event of its own: the lost buffer held what moved it (a migration by the
 * CPU the marker hit, a remote wake-up placed there), and the sample names
 * its CPU. Queued or running there (its next event does not wake it), it
 * leaves the CPU the rebuild had it on and is queued on the sample's, at
 * the sample's update_time (7.3 with CPU 0's events cut at 3.2228 s: CPU 1
 * kept /g1/g3 at 352 for the kernel's 0). A sleeping task is placed by its
 * wake-up, as it was. */
void sg_relearn(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0];
    struct task *k = e->pid > 0 ? pgt_pidtab_find(&c->tasks, e->pid) : NULL;
    if (i >= c->ncpu || e->pid <= 0)
        return;
    if ((!k || (!k->placed && !k->attached)) && !c->cpu[i].lost_hit && !wakes_next(c, idx, e->pid)) {
        /* never placed, on a CPU no marker hit: it arrived in a lost
         * stretch and its first sample is its pick or tick there; the
         * group runqueue's sample at that update holds it (6.1, CPU 0
         * cut: /g1/g2 on CPU 1 at 2.210847 s, 483 for the rebuild's 0
         * until sh 119's switch) */
        k = sg_task_get(c, e->pid, e->ts);
        if (k && k->policy == POL_CFS)
            enqueue(c, k, i, e->v[3] ? e->v[3] : pelt_of(c, i, e->ts), e->ts);
        return;
    }
    if (!k || !k->relearn)
        return;
    k->relearn = 0;
    if (!k->placed || k->cpu < 0 || k->cpu == (int32_t)i || k->policy != POL_CFS || k->dead ||
        (uint32_t)k->cpu >= c->ncpu || c->cpu[k->cpu].curr == k->pid || c->cpu[i].curr == k->pid ||
        wakes_next(c, idx, k->pid))
        return;
    enqueue(c, k, i, e->v[3] ? e->v[3] : pelt_of(c, i, e->ts), e->ts);
    c->out->relearnt++;
}
