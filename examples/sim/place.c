/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Task placement: where a waking, forked or exec'ing task runs.
 *
 * Wake-up: wake_affine picks the CPU to start from, the waker's or the
 * previous one (by the policy's release, below); then select_idle_sibling
 * on one cache domain: that CPU if idle, else the previous CPU if idle,
 * else a whole idle core (select_idle_core, SMT parts), else its idle SMT
 * sibling, else the first idle CPU among the next 4 after it, else that
 * CPU (the task queues there). wake_wide (many-wakee wakers) is not
 * modelled.
 *
 * Fork: an idle CPU, on a whole idle core if there is one (the SMT level of
 * find_idlest_group), with the least (blocked) PELT utilization, then the
 * shallower C-state, then the lowest id; with no idle CPU the fewest
 * runnable tasks.
 *
 * Exec (sched_exec, the 4.17 idlest-group comparison): each CPU's spare
 * capacity is 1024 minus its utilization for placement, max(util_avg,
 * util_est sum) with the exec'ing task's util_avg discounted on its own CPU.
 * Its util_est contribution is discounted only with `exec_util_est=fixed`:
 * in 4.17 the helper that removes a task's estimate did so for a task being
 * woken, not for the running task that calls exec, so with util_est on the
 * exec'ing task's own CPU looks full. The task stays if its CPU has spare
 * capacity for half of it and not 17 % less than the best other CPU; else it
 * goes to the CPU with the most spare capacity if that fits half of it; else
 * to the CPU with the fewest runnable tasks if that is fewer than its own.
 *
 * All three choose among CPUs 0..work_cpus-1 (the workload bound to a node,
 * as with numactl); pinned tasks stay where they are pinned.
 */
#include <pgov/kver.h>

#include "place.h"
#include "topo.h"

#define IMBALANCE_PCT 117u /* sd->imbalance_pct of the cache domain */
#define SMT_IMBALANCE_PCT 110u /* and of the SMT domain */
#define SIS_SCAN 4u        /* CPUs a wake-up scans for an idle one */

/* Idle as the wake-up path's idle_cpu() sees it: nothing runnable, or only
 * interrupt work (an interrupt taken from idle). */
static bool cpu_idle(const struct sim_ctx *c, const struct sim_cpu *q)
{
    return q->nr == 0 || (q->nr == 1 && c->task[q->rq[0]].irq);
}

/* An idle CPU whose SMT sibling (if any) is idle too: a whole idle core. */
static bool core_idle(struct sim_ctx *c, const struct sim_cpu *q)
{
    const struct sim_cpu *s = topo_sibling(c, q);
    return cpu_idle(c, q) && (!s || cpu_idle(c, s));
}

uint32_t place_span(const struct sim_ctx *c)
{
    return c->nwork && c->nwork < c->ncpu ? c->nwork : c->ncpu;
}

/* The runnable load the wake-up path compares (weighted_cpuload): the PELT
 * load of the tasks queued on @q, interrupt work and background excluded. */
static uint64_t runnable_load(const struct sim_ctx *c, const struct sim_cpu *q)
{
    uint64_t l = 0;
    for (uint32_t j = 0; j < q->nr; j++) {
        const struct sim_task *k = &c->task[q->rq[j]];
        if (!k->background)
            l += k->sig.se.load_avg;
    }
    return l;
}

uint32_t place_wake_rule_kv(uint32_t r)
{
    if (r && r < PGOV_KVER(4, 14))
        return WA_LOAD;
    return r && r < PGOV_KVER(4, 16) ? WA_IDLE : WA_PREV_IDLE;
}

static uint32_t wake_rule(const struct sim_ctx *c)
{
    if (c->pol->wake_affine != WA_AUTO)
        return c->pol->wake_affine;
    return place_wake_rule_kv(c->pol->sched_kver ? c->pol->sched_kver : c->pol->kver);
}

/*
 * wake_affine: the CPU select_idle_sibling starts from, the waker's
 * (@this) or the previous one. All rules take an idle waker when the
 * previous CPU is busy; they differ when both are idle (4.16 keeps the
 * previous CPU) and in the load comparison, which with equal capacities
 * is: the waker's load plus the task's against the previous CPU's with an
 * imbalance margin of half the domain's (117 %), the task's load taken off
 * the previous CPU's from 4.14 on, and ties kept on the previous CPU from
 * 4.16 on.
 */
static uint32_t wake_affine(const struct sim_ctx *c, const struct sim_task *k, uint32_t this,
                            uint32_t prev, uint32_t rule)
{
    const struct sim_cpu *tq = &c->cpu[this], *pq = &c->cpu[prev];
    if (rule == WA_OFF)
        return prev;
    if (cpu_idle(c, tq) && rule != WA_LOAD)
        return rule == WA_PREV_IDLE && cpu_idle(c, pq) ? prev : this;
    int64_t tl = (int64_t)runnable_load(c, tq), pl = (int64_t)runnable_load(c, pq);
    int64_t w = (int64_t)k->sig.se.load_avg;
    if (rule == WA_LOAD && tl == 0)
        return this;
    int64_t a = (tl + w) * 100;
    int64_t b = (pl - (rule == WA_LOAD ? 0 : w)) * (100 + (IMBALANCE_PCT - 100) / 2);
    bool affine = rule == WA_PREV_IDLE ? a < b : a <= b;
    return affine ? this : prev;
}

uint32_t place_wake(struct sim_ctx *c, const struct sim_task *k, uint32_t waker)
{
    uint32_t n = place_span(c);
    uint32_t prev = k->cpu >= 0 ? (uint32_t)k->cpu : 0;
    if (k->pin >= 0)
        return (uint32_t)k->pin;
    uint32_t target = prev;
    if (waker != prev && waker < n)
        target = wake_affine(c, k, waker, prev, wake_rule(c));
    /* select_idle_sibling(prev, target) */
    if (cpu_idle(c, &c->cpu[target]))
        return target;
    if (prev != target && cpu_idle(c, &c->cpu[prev]))
        return prev;
    const struct sim_cpu *sib = topo_sibling(c, &c->cpu[target]);
    for (uint32_t i = 1; sib && i < n; i++) { /* select_idle_core */
        const struct sim_cpu *q = &c->cpu[(target + i) % n];
        if (core_idle(c, q))
            return q->id;
    }
    if (sib && cpu_idle(c, sib))
        return sib->id;
    /* A bounded scan (select_idle_cpu's SIS_PROP budget, at least 4 CPUs):
     * past it the task queues behind the target's current task. */
    for (uint32_t i = 1; i < n && i <= SIS_SCAN; i++) {
        uint32_t q = (target + i) % n;
        if (cpu_idle(c, &c->cpu[q]))
            return q;
    }
    return target;
}

uint32_t place_fork(struct sim_ctx *c)
{
    uint32_t n = place_span(c);
    int32_t best = -1;
    for (uint32_t i = 0; i < n; i++) {
        const struct sim_cpu *q = &c->cpu[i];
        if (!cpu_idle(c, q))
            continue;
        if (best < 0) {
            best = (int32_t)i;
            continue;
        }
        const struct sim_cpu *b = &c->cpu[best];
        bool cq = core_idle(c, q), cb = core_idle(c, b);
        uint64_t uq = q->sig.cfs.util_avg, ub = b->sig.cfs.util_avg;
        if (cq != cb) {
            if (cq) /* the idlest group is a whole idle core */
                best = (int32_t)i;
        } else if (uq < ub || (uq == ub && q->cstate < b->cstate)) {
            best = (int32_t)i;
        }
    }
    if (best >= 0)
        return (uint32_t)best;
    uint32_t bn = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        if (c->cpu[i].nr < bn) {
            bn = c->cpu[i].nr;
            best = (int32_t)i;
        }
    return (uint32_t)best;
}

uint64_t place_util(struct sim_ctx *c, const struct sim_cpu *q, const struct sim_task *k)
{
    uint64_t u = q->sig.cfs.util_avg;
    bool own = k->cpu == (int32_t)q->id && k->sig.attached;
    if (own)
        u -= u < k->sig.se.util_avg ? u : k->sig.se.util_avg;
    if (c->pol->util_est != UE_OFF) {
        uint64_t est = q->sig.ue.enqueued;
        if (own && c->pol->exec_util_est_fixed) {
            uint32_t mine = 0;
            pgov_util_est_task_contrib(&q->sig.ue, &k->sig.ue, &mine);
            est -= est < mine ? est : mine;
        }
        if (est > u)
            u = est;
    }
    return u;
}

static uint64_t spare(struct sim_ctx *c, const struct sim_cpu *q, const struct sim_task *k)
{
    uint64_t u = place_util(c, q, k);
    return u < 1024 ? 1024 - u : 0;
}

/* The idlest-group decision: stay in the local group if it has spare
 * capacity for half the task and not @pct % less than the best other;
 * else the best if that fits half the task; else the one with fewer
 * runnable tasks. Returns true to move to @best / @fewest (in *pick). */
static bool idlest_group(uint64_t own, uint64_t best, uint64_t tu, uint32_t pct, uint32_t own_nr,
                         uint32_t fewest_nr, bool *to_best)
{
    if (2 * own > tu && own * pct > 100 * best)
        return false;
    *to_best = 2 * best > tu;
    return *to_best || fewest_nr < own_nr;
}

uint32_t place_exec(struct sim_ctx *c, const struct sim_task *k)
{
    uint32_t n = place_span(c), smt = topo_smt(c);
    uint32_t self = (uint32_t)k->cpu, own = self / smt;
    uint64_t tu = k->sig.se.util_avg, best_spare = 0, own_spare = 0;
    uint32_t own_nr = 0;
    int32_t best = -1, fewest = -1;
    uint32_t fewest_nr = UINT32_MAX;
    if (k->pin >= 0)
        return (uint32_t)k->pin;
    /* The cache domain's groups are cores (SMT threads share one); a
     * group's spare capacity is the most any of its CPUs has, its load
     * the runnable tasks on them. */
    for (uint32_t g = 0; g * smt < n; g++) {
        uint64_t sp = 0;
        uint32_t nr = 0;
        for (uint32_t i = g * smt; i < (g + 1) * smt && i < n; i++) {
            uint64_t x = spare(c, &c->cpu[i], k);
            sp = x > sp ? x : sp;
            nr += c->cpu[i].nr;
        }
        if (g == own) {
            own_spare = sp;
            own_nr = nr;
            continue;
        }
        if (best < 0 || sp > best_spare) {
            best = (int32_t)g;
            best_spare = sp;
        }
        if (nr < fewest_nr) {
            fewest = (int32_t)g;
            fewest_nr = nr;
        }
    }
    bool to_best = false;
    if (best >= 0 && idlest_group(own_spare, best_spare, tu, IMBALANCE_PCT, own_nr, fewest_nr,
                                  &to_best)) {
        /* The idlest CPU of the chosen core: an idle one (the shallower
         * C-state first), else the one with the fewest runnable tasks. */
        uint32_t g = (uint32_t)(to_best ? best : fewest), pick = g * smt;
        for (uint32_t i = g * smt + 1; i < (g + 1) * smt && i < n; i++) {
            const struct sim_cpu *q = &c->cpu[i], *b = &c->cpu[pick];
            if (q->nr < b->nr || (!q->nr && !b->nr && q->cstate < b->cstate))
                pick = i;
        }
        return pick;
    }
    /* The local core; with SMT, the same decision between its threads
     * (the SMT domain, imbalance_pct 110). */
    const struct sim_cpu *sib = topo_sibling(c, &c->cpu[self]);
    if (!sib || sib->id >= n)
        return self;
    uint64_t ss = spare(c, sib, k), os = spare(c, &c->cpu[self], k);
    return idlest_group(os, ss, tu, SMT_IMBALANCE_PCT, c->cpu[self].nr, sib->nr, &to_best)
               ? sib->id
               : self;
}
