/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT and util_est of the simulated scheduler, computed by libpgov.
 *
 * The call pattern follows the kernel's fair class: every enqueue, dequeue,
 * tick and context switch first brings the task's entity signal and the
 * CPU's cfs_rq signal up to "now" on the PELT clock (with the state that held
 * since the previous update), then changes the state. A task that wakes on
 * another CPU leaves its contribution behind through the "removed" path and
 * is attached to the new cfs_rq; a new task is seeded from the CPU's spare
 * capacity. util_est follows the selected profile's call order (v4.17: after
 * the dequeue PELT update; later: before it).
 */
#include <string.h>

#include "machine.h"
#include "sched.h"
#include "topo.h"

#define NICE0 1024u

static bool ue_on(const struct sim_ctx *c)
{
    return c->pol->util_est != UE_OFF;
}

static bool ue_old_order(const struct sim_ctx *c)
{
    return c->ue_old_order;
}

/* 7.2+: the update runs inside the dequeue's PELT update, after it, and
 * samples the fresh util_avg (docs/signals.md, "util_est in one page"). */
bool sig_ue_post_update_kv(uint32_t kv)
{
    return pgov_kver_resolve(kv) >= PGOV_KVER_7_2;
}

static bool ue_post_update(const struct sim_ctx *c)
{
    return c->ue_post_update;
}

int sig_init(struct sim_ctx *c)
{
    struct pgov_util_est_cfg cfg = {sizeof(cfg), c->pol->sched_kver, 0, 0};
    if (c->pol->util_est == UE_EVERY_DEQUEUE)
        cfg.flags = PGOV_UTIL_EST_EVERY_DEQUEUE;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sig_cpu *s = &c->cpu[i].sig;
        memset(s, 0, sizeof(*s));
        if (pgov_uclamp_rq_init(&s->uc, PGOV_KVER_LATEST, PGOV_UCLAMP_BUCKETS_DEFAULT) ||
            pgov_pelt_init(&s->cfs, c->now, PGOV_PELT_HALFLIFE_32) ||
            pgov_pelt_clock_init(&s->clk, c->now, 1) || pgov_util_est_init(&s->ue, &cfg))
            return -1;
        s->freq_cap = 1024;
        s->tick_aperf = c->cpu[i].aperf;
        s->tick_mperf = c->cpu[i].mperf;
    }
    /* Fixed for the run: asked once here rather than at every dequeue. */
    c->ue_old_order = c->ncpu && pgov_util_est_profile(&c->cpu[0].sig.ue) == PGOV_KVER_4_17;
    c->ue_post_update = sig_ue_post_update_kv(c->pol->sched_kver);
    return 0;
}

/* The CPU that runs an enqueue on @p: within an LLC (a package here) the
 * waker does it (ttwu_queue); across LLCs the wake list hands it to @p. */
static struct sim_cpu *enqueuer(struct sim_ctx *c, struct sim_cpu *p)
{
    uint32_t first = 0, n = 0, w = c->waker1 - 1;
    if (!c->waker1 || c->plat->uclamp_site != UCLAMP_SITE_ENQUEUER)
        return p;
    topo_package_of(c, (uint32_t)(p - c->cpu), &first, &n);
    return w >= first && w < first + n ? &c->cpu[w] : p;
}

/* uclamp's cost of one bucket update (inc or dec) on @p: half the measured
 * instructions per pair at one per cycle at @p's frequency (a cache-cold
 * update costs more: the model leaves that out, docs/simulator.md). */
static uint64_t uclamp_ns(const struct sim_ctx *c, const struct sim_cpu *p)
{
    uint32_t pair = c->pol->uclamp_impl ? c->plat->uclamp_lib_instr : c->plat->uclamp_instr;
    if (!c->plat->uclamp_instr)
        return c->plat->uclamp_cost_ns;
    double khz = p->eff_khz ? (double)p->eff_khz : (double)c->plat->max_ratio * c->plat->scaling_khz;
    return (uint64_t)((double)pair * 0.5 * 1e6 / khz + 0.5);
}

/* The CPU time the kernel spends per enqueue or dequeue on the features
 * that are built in: util_est's task and rq updates, uclamp's bucket
 * accounting (the uclamp thread profiles it in activate_task and
 * dequeue_task). Charged to the current task of the CPU that runs it:
 * @p, or for uclamp's part of a wake-up the enqueuer (plat.uclamp_site). */
static void bookkeeping(struct sim_ctx *c, struct sim_cpu *p, bool enq)
{
    uint64_t ns = 0;
    if (ue_on(c))
        ns += c->plat->ue_cost_ns;
    if (c->pol->uclamp_off) {
        sched_charge(c, p, ns);
        return;
    }
    struct sim_cpu *u = enq ? enqueuer(c, p) : p;
    if (u == p) {
        sched_charge(c, p, ns + uclamp_ns(c, p));
        return;
    }
    sched_charge(c, p, ns);
    sched_account(c, u, c->now); /* its task's progress up to now stands */
    sched_charge(c, u, uclamp_ns(c, u));
}

/* Advance the PELT clock and return "PELT now". */
static uint64_t pelt_now(struct sim_cpu *p, uint64_t t, bool idle)
{
    uint64_t now = 0;
    pgov_pelt_clock_update(&p->sig.clk, t, idle ? 1u : 0u, 1024, p->sig.freq_cap);
    pgov_pelt_clock_now(&p->sig.clk, &now);
    return now;
}

static uint32_t nr_queued(const struct sim_cpu *p)
{
    return p->nr;
}

static void cfs_update(struct sim_cpu *p, uint64_t now, uint32_t nr)
{
    pgov_pelt_update_cfs_rq(&p->sig.cfs, now, (uint64_t)nr * NICE0, nr, nr ? 1u : 0u);
}

static void se_update(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t now,
                      uint32_t on_rq, uint32_t running)
{
    if (pgov_pelt_update_task(&k->sig.se, now, on_rq, 0, running, NICE0) == 1 && ue_on(c))
        pgov_util_est_util_changed(&p->sig.ue, &k->sig.ue);
}

void sig_task_new(struct sim_ctx *c, struct sim_task *k, struct sim_cpu *p, uint64_t t)
{
    (void)c;
    (void)p;
    (void)t;
    struct pgov_uclamp_task uc = k->sig.uc; /* the clamp request survives exec */
    bool keep = k->sig.attached || k->sig.se.last_update_time; /* an existing task */
    memset(&k->sig, 0, sizeof(k->sig));
    pgov_pelt_init_task(&k->sig.se, NICE0, PGOV_PELT_HALFLIFE_32);
    if (keep)
        k->sig.uc = uc;
    else
        pgov_uclamp_task_init(&k->sig.uc, 0);
}

void sig_detach(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k)
{
    (void)c;
    if (!k->sig.attached)
        return;
    /* Sync the blocked entity to the cfs_rq's time, then hand its averages
     * to the "removed" path (the kernel's remove_entity_load_avg). */
    pgov_pelt_update_blocked_se(&k->sig.se, p->sig.cfs.last_update_time, NICE0);
    pgov_pelt_remove(&p->sig.cfs, k->sig.se.load_avg, k->sig.se.util_avg, k->sig.se.runnable_avg);
    k->sig.attached = false;
}

/* Called after the task was added to p's runqueue (p->nr includes it). */
void sig_enqueue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t)
{
    uint32_t before = nr_queued(p) - 1;
    uint64_t now = pelt_now(p, t, before == 0); /* an idle CPU resyncs its clock */

    if (k->sig.attached) {
        se_update(c, p, k, now, 0, 0);
        cfs_update(p, now, before);
    } else {
        cfs_update(p, now, before);
        if (k->sig.se.last_update_time == 0) /* new task: seed from spare capacity */
            pgov_pelt_post_init_task(&k->sig.se, &p->sig.cfs, 1024, (uint64_t)NICE0 << 10);
        pgov_pelt_attach(&p->sig.cfs, &k->sig.se, NICE0);
        k->sig.attached = true;
    }
    if (ue_on(c))
        pgov_util_est_enqueue(&p->sig.ue, &k->sig.ue);
    if (!c->pol->uclamp_off)
        pgov_uclamp_rq_inc(&p->sig.uc, &k->sig.uc, NULL);
    bookkeeping(c, p, true);
}

/* Called after the task was removed from p's runqueue (p->nr excludes it). */
void sig_dequeue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t, bool sleep,
                 bool was_curr)
{
    uint32_t before = nr_queued(p) + 1;
    uint64_t now = pelt_now(p, t, false);

    if (!c->pol->uclamp_off)
        pgov_uclamp_rq_dec(&p->sig.uc, &k->sig.uc);
    bookkeeping(c, p, false);
    bool late = ue_on(c) && (ue_old_order(c) || ue_post_update(c));

    if (ue_on(c) && !ue_old_order(c))
        pgov_util_est_dequeue(&p->sig.ue, &k->sig.ue, before - 1);
    if (ue_on(c) && !late)
        pgov_util_est_update(&p->sig.ue, &k->sig.ue, sleep ? 1u : 0u, k->sig.se.util_avg,
                             k->sig.se.runnable_avg, 1024);
    se_update(c, p, k, now, 1, was_curr ? 1u : 0u);
    cfs_update(p, now, before);
    if (ue_on(c) && ue_old_order(c))
        pgov_util_est_dequeue(&p->sig.ue, &k->sig.ue, before - 1);
    if (late)
        pgov_util_est_update(&p->sig.ue, &k->sig.ue, sleep ? 1u : 0u, k->sig.se.util_avg,
                             k->sig.se.runnable_avg, 1024);
}

void sig_switch(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *prev, struct sim_task *next,
                uint64_t t)
{
    uint64_t now = pelt_now(p, t, false);
    if (prev)
        se_update(c, p, prev, now, 1, 1);
    if (next)
        se_update(c, p, next, now, 1, 0);
    cfs_update(p, now, nr_queued(p));
}

void sig_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    /* Frequency invariance as on x86: APERF/MPERF over the last tick,
     * relative to the all-core turbo ratio, capped at 1024. */
    mach_fold(c, p, t);
    uint64_t da = p->aperf - p->sig.tick_aperf, dm = p->mperf - p->sig.tick_mperf;
    p->sig.tick_aperf = p->aperf;
    p->sig.tick_mperf = p->mperf;
    if (dm) {
        const struct sim_platform *pl = c->plat;
        uint32_t allcore = pl->turbo_bins[pl->n_bins - 1];
        double fc = (double)da / (double)dm * pl->max_ratio / allcore * 1024.0;
        p->sig.freq_cap = fc >= 1024 ? 1024 : (uint32_t)fc;
    }
    uint64_t now = pelt_now(p, t, false);
    if (p->nr)
        se_update(c, p, &c->task[p->rq[0]], now, 1, 1);
    cfs_update(p, now, nr_queued(p));
}

void sig_idle(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    (void)c;
    uint64_t now = pelt_now(p, t, false);
    cfs_update(p, now, 0);
    pgov_pelt_clock_idle(&p->sig.clk, p->sig.cfs.util_sum);
    /* Restart the frequency-invariance window when the CPU wakes. */
    p->sig.tick_aperf = p->aperf;
    p->sig.tick_mperf = p->mperf;
}

void sig_uclamp_set(struct sim_ctx *c, struct sim_task *k, uint32_t min, uint32_t max)
{
    if (c->pol->uclamp_off)
        return; /* CONFIG_UCLAMP_TASK=n: the request has no effect */
    pgov_uclamp_task_set(&k->sig.uc, PGOV_UCLAMP_SET_MIN | PGOV_UCLAMP_SET_MAX, (int32_t)min,
                         (int32_t)max);
    if (k->state == T_RUNNABLE && k->cpu >= 0)
        pgov_uclamp_rq_update_active(&c->cpu[k->cpu].sig.uc, &k->sig.uc, NULL);
}

uint32_t sig_cpu_util(struct sim_ctx *c, struct sim_cpu *p)
{
    uint64_t u = p->sig.cfs.util_avg;
    uint32_t out;
    if (ue_on(c))
        pgov_util_est_cpu_util(&p->sig.ue, p->sig.cfs.util_avg, 1024, &u);
    if (u > 1024)
        u = 1024;
    /* schedutil clamps the CPU's utilization with the rq's clamp values
     * before its 1.25 headroom (uclamp_rq_util_with, no waking task). */
    if (c->pol->uclamp_off ||
        pgov_uclamp_rq_util_with(&p->sig.uc, PGOV_KVER_6_1, (uint32_t)u, NULL, NULL, &out))
        out = (uint32_t)u;
    return out;
}
