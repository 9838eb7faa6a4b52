/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Load balancing between the workload's CPUs (place_span): the new-idle
 * pull when a CPU is about to idle, and the periodic balancing of idle
 * CPUs, with the rules the kernel documents (sysctl sched_migration_cost,
 * Documentation/scheduler/sched-domains; 4.17 behaviour):
 *
 * - A task that stopped running less than the migration cost ago
 *   (`sched.migration_cost`, 500 us) is cache-hot: balancing does not move
 *   it, unless the domain's balancing has failed more than cache_nice_tries
 *   (1 for the cache domain) times in a row.
 * - rq->avg_idle is the running average (1/8 weight) of the CPU's idle
 *   periods, measured from the new-idle balance to the wake-up that ends
 *   them, capped at twice the migration cost (that is also its start
 *   value). New-idle balancing is skipped while it is below the migration
 *   cost: a CPU whose idle periods are short does not search, so a task
 *   queued elsewhere waits for a wake-up or periodic balancing to move it.
 * - An idle CPU balances periodically every sd_weight ms of its domain
 *   (`sched.balance_unit` per CPU, whole jiffies, at least one). With NOHZ
 *   its tick is stopped, so a busy CPU with two or more runnable tasks
 *   kicks the idle load balancer at its tick, which balances every idle
 *   CPU whose interval is due; an idle CPU whose tick cpuidle kept
 *   balances at that tick itself. Only the cache domain (the span) is
 *   modelled: its pull takes from the busiest runqueue.
 *
 * Busy CPUs' own periodic balancing (the interval times busy_factor, 32)
 * moves load between CPUs that all run something, which these workloads'
 * imbalances (a queued task while another CPU idles) never need.
 * With `sched.migration_cost 0` and `sched.balance_unit 0` a CPU about to
 * idle always pulls (the model before these rules, but for rq_load()'s
 * background rule).
 */
#include "balance.h"
#include "place.h"
#include "sched.h"

#define CACHE_NICE_TRIES 1u /* sd_init for the cache (MC) domain */

void balance_init(struct sim_ctx *c)
{
    for (uint32_t i = 0; i < c->ncpu; i++) {
        c->cpu[i].avg_idle = 2 * c->sc->migration_cost_ns;
        c->cpu[i].nidle_stamp = 0;
        c->cpu[i].next_balance = 0;
        c->cpu[i].lb_failed = 0;
    }
}

/*
 * The runnable tasks on @q that balancing sees. A queued `background` task
 * does not count: it stands for the kernel's housekeeping (timers, RCU,
 * kworkers), which wake-up preemption runs at once, while the model, with
 * no wake-up preemption, queues it behind the current task for up to a
 * tick; counted, it would make a balancer drag that task to another CPU.
 * A running one counts: a task queued behind it really waits.
 */
static uint32_t rq_load(const struct sim_ctx *c, const struct sim_cpu *q)
{
    uint32_t n = q->nr > 0;
    for (uint32_t j = 1; j < q->nr; j++)
        n += !c->task[q->rq[j]].background;
    return n;
}

static bool task_hot(const struct sim_ctx *c, const struct sim_task *k, uint64_t t)
{
    return c->sc->migration_cost_ns && t - k->last_ran < c->sc->migration_cost_ns;
}

/*
 * The busiest runqueue of the span (most runnable workload tasks, at least two) and
 * the task to take from it: the last queued one that is not pinned and,
 * unless @hot_ok, not cache-hot. Returns the task id or -1; *imbalance says
 * whether any runqueue had a waiting task at all.
 */
static int32_t pick(struct sim_ctx *c, const struct sim_cpu *dst, bool hot_ok, uint64_t t,
                    bool *imbalance)
{
    int32_t id = -1;
    uint32_t most = 1, n_span = place_span(c);
    *imbalance = false;
    for (uint32_t i = 0; i < n_span; i++) {
        const struct sim_cpu *q = &c->cpu[i];
        uint32_t n = q == dst || q->nr < 2 ? 0 : rq_load(c, q);
        if (n <= most)
            continue;
        *imbalance = true;
        for (uint32_t j = q->nr - 1; j >= 1; j--) {
            const struct sim_task *k = &c->task[q->rq[j]];
            if (k->pin < 0 && (hot_ok || !task_hot(c, k, t))) {
                most = n;
                id = (int32_t)q->rq[j];
                break;
            }
        }
    }
    return id;
}

bool balance_newidle(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    if (p->id >= place_span(c))
        return false;
    p->nidle_stamp = t ? t : 1;
    if (p->avg_idle < c->sc->migration_cost_ns)
        return false;
    bool imbalance;
    int32_t id = pick(c, p, p->lb_failed > CACHE_NICE_TRIES, t, &imbalance);
    if (id < 0)
        return false;
    p->nidle_stamp = 0;
    sched_move(c, (uint32_t)id, p->id, t);
    return true;
}

void balance_woken(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    if (!p->nidle_stamp)
        return;
    uint64_t max = 2 * c->sc->migration_cost_ns, d = t - p->nidle_stamp;
    /* update_avg: an eighth of the difference */
    if (d >= p->avg_idle)
        p->avg_idle += (d - p->avg_idle) / 8;
    else
        p->avg_idle -= (p->avg_idle - d) / 8;
    if (p->avg_idle > max)
        p->avg_idle = max;
    p->nidle_stamp = 0;
}

static uint64_t interval(const struct sim_ctx *c)
{
    /* msecs_to_jiffies rounds up; at least one jiffy */
    uint64_t ns = c->sc->balance_unit_ns * place_span(c);
    uint64_t j = (ns + c->tick_ns - 1) / c->tick_ns;
    return (j ? j : 1) * c->tick_ns;
}

static void balance_idle_cpu(struct sim_ctx *c, struct sim_cpu *q, uint64_t t)
{
    if (q->nr || t < q->next_balance)
        return;
    q->next_balance = t + interval(c);
    bool imbalance;
    int32_t id = pick(c, q, q->lb_failed > CACHE_NICE_TRIES, t, &imbalance);
    if (id < 0) {
        if (imbalance)
            q->lb_failed++;
        return;
    }
    q->lb_failed = 0;
    sched_move(c, (uint32_t)id, q->id, t);
}

void balance_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    if (!c->sc->balance_unit_ns || p->id >= place_span(c))
        return;
    if (!p->nr) { /* the tick kept on an idle CPU: its own balance */
        balance_idle_cpu(c, p, t);
        return;
    }
    if (p->nr < 2 || rq_load(c, p) < 2)
        return;
    for (uint32_t i = 0, n = place_span(c); i < n; i++) /* the nohz idle balancer */
        if (!c->cpu[i].nr && c->cpu[i].tick_at == UINT64_MAX)
            balance_idle_cpu(c, &c->cpu[i], t);
}
