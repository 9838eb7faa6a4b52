/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One simulated run (sim_run, sim_probe): the context set up, the workload's
 * tasks started, the event loop within its budgets (simulated time, events,
 * wall clock), and the run's metrics from the machine's counters. The
 * events' handlers are the scheduler's (sched.c) and the policy's.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "balance.h"
#include "machine.h"
#include "place.h"
#include "policy.h"
#include "sched.h"

static bool before(uint64_t t, uint64_t seq, uint64_t bt, uint64_t bseq)
{
    return t < bt || (t == bt && seq < bseq);
}

/* Re-key the CPUs re-armed since the last event (cpu_slot_sync): one
 * straight up its path, several (a retune, an SMI) with their common
 * ancestors evaluated once. */
static void slots_flush(struct sim_ctx *c)
{
    uint32_t nw = sizeof(c->slot_dirty) / sizeof(c->slot_dirty[0]);
    uint64_t seen = 0;
    bool many = false; /* more than one CPU (no popcount: libgcc's is a call) */
    for (uint32_t w = 0; w < nw; w++) {
        uint64_t x = c->slot_dirty[w];
        many |= (x & (x - 1)) != 0 || (x && seen);
        seen |= x;
    }
    for (uint32_t w = 0; w < nw; w++)
        while (c->slot_dirty[w]) {
            uint32_t i = w * 64 + (uint32_t)__builtin_ctzll(c->slot_dirty[w]);
            const struct sim_cpu *p = &c->cpu[i];
            uint64_t t = UINT64_MAX, s = UINT64_MAX;
            c->slot_dirty[w] &= c->slot_dirty[w] - 1;
            if (p->done_at != UINT64_MAX) {
                t = p->done_at;
                s = p->done_seq;
            }
            if (p->tick_at != UINT64_MAX && before(p->tick_at, p->tick_seq, t, s)) {
                t = p->tick_at;
                s = p->tick_seq;
            }
            if (!many)
                sim_slots_set(&c->slots, i, t, s);
            else
                sim_slots_put(&c->slots, i, t, s);
        }
    if (many)
        sim_slots_fix(&c->slots);
}

/* The earliest of the heap's top and the per-CPU completion / tick slots. */
static bool next_event(struct sim_ctx *c, struct sim_ev *ev)
{
    slots_flush(c);
    uint64_t bt = UINT64_MAX, bs = UINT64_MAX;
    int kind = 0; /* 0 none, 1 heap, 2 done, 3 tick */
    const struct sim_slot *m = sim_slots_min(&c->slots);
    uint32_t who = m->leaf;
    if (c->heap.n) {
        bt = c->heap.v[0].time;
        bs = c->heap.v[0].seq;
        kind = 1;
    }
    if (m->time != UINT64_MAX && before(m->time, m->seq, bt, bs)) {
        const struct sim_cpu *p = &c->cpu[who];
        bt = m->time;
        bs = m->seq;
        kind = p->done_at == bt && p->done_seq == bs ? 2 : 3;
    }
    if (kind == 1)
        return sim_heap_pop(&c->heap, ev);
    if (!kind)
        return false;
    ev->time = bt;
    ev->seq = bs;
    ev->type = kind == 2 ? EV_CPU_DONE : EV_TICK;
    ev->id = who;
    ev->gen = 0;
    return true;
}

static double ratio(double a, double b)
{
    return b > 0 ? a / b : 0;
}

/* The context of one run of @cfg: allocated, machine, balancing, signals
 * and policy initialised. NULL with the reason in @err. */
static struct sim_ctx *run_new(const struct sim_run_cfg *cfg, struct sim_result *res,
                               struct sim_err *err)
{
    struct sim_ctx *c = calloc(1, sizeof(*c));
    if (!c) {
        sim_errf(err, NULL, 0, "out of memory");
        return NULL;
    }
    memset(res, 0, sizeof(*res));
    c->sc = cfg->sc;
    c->wl = cfg->wl;
    c->pol = cfg->pol;
    c->plat = cfg->sc->plat;
    c->ncpu = cfg->sc->ncpu;
    c->nwork = cfg->sc->work_cpus ? cfg->sc->work_cpus : c->ncpu;
    c->now = SIM_T0_NS;
    c->tick_ns = (1000000000ull + cfg->sc->hz / 2) / cfg->sc->hz;
    c->free_head = -1;
    c->max_tasks = cfg->max_tasks ? cfg->max_tasks : SIM_DEFAULT_MAX_TASKS;
    c->sem = calloc(cfg->wl->nsems ? cfg->wl->nsems : 1, sizeof(*c->sem));
    if (!c->sem) {
        free(c);
        sim_errf(err, NULL, 0, "out of memory");
        return NULL;
    }
    c->res = res;
    c->err = err;
    res->ncpu = c->ncpu;
    if (cfg->want_series) {
        res->series = calloc(1, sizeof(*res->series));
        if (!res->series) {
            free(c->sem);
            free(c);
            sim_errf(err, NULL, 0, "out of memory");
            return NULL;
        }
        /* 1 us buckets, doubled as the run grows: every run gets 129-256
         * buckets (a 40 ms run 256 of 156 ns would be too fine, so at least 1 us) */
        res->series->width_ns = 1000;
        res->series->from_ns = cfg->from_ns;
        if (cfg->to_ns) { /* the window in SIM_NBUCKETS buckets of at least 1 us */
            uint64_t span = cfg->to_ns - cfg->from_ns;
            res->series->to_ns = cfg->to_ns;
            res->series->width_ns = (span + SIM_NBUCKETS - 1) / SIM_NBUCKETS;
            if (res->series->width_ns < 1000)
                res->series->width_ns = 1000;
        }
    }
    mach_init(c);
    balance_init(c);
    for (uint32_t i = 0; i < c->ncpu; i++) {
        c->cpu[i].done_at = UINT64_MAX;
        c->cpu[i].tick_at = UINT64_MAX;
    }
    sim_slots_init(&c->slots, c->ncpu);
    return c;
}

/* The workload's `start` lines: each task created, placed and enqueued. */
static void start_tasks(struct sim_ctx *c, uint64_t seed)
{
    struct sim_rng top;
    sim_rng_seed(&top, seed);
    for (uint32_t s = 0; s < c->wl->nstarts; s++) {
        const struct sim_start *st = &c->wl->starts[s];
        uint32_t count = st->each ? c->ncpu : st->count;
        for (uint32_t n = 0; n < count; n++) {
            int32_t id = sched_task_new(c, st->script, -1, sim_rng_next(&top));
            if (id < 0)
                break;
            if (st->daemon) {
                c->task[id].daemon = true;
                c->task[id].background = st->background;
                c->task[id].irq = st->irq;
                c->live--;
            }
            if (st->each)
                c->task[id].pin = (int32_t)n;
            else if (st->cpu >= 0) /* < ncpu: sim_workload_check */
                c->task[id].pin = st->cpu < (int32_t)c->ncpu ? st->cpu : 0;
            uint32_t cpu = c->task[id].pin >= 0 ? (uint32_t)c->task[id].pin : place_fork(c);
            sig_task_new(c, &c->task[id], &c->cpu[cpu], c->now);
            sched_enqueue(c, (uint32_t)id, cpu, c->now, 0);
        }
    }
}

/* One event handed to its handler. */
static void dispatch(struct sim_ctx *c, const struct sim_ev *ev)
{
    switch (ev->type) {
    case EV_CPU_DONE:
        c->cpu[ev->id].done_at = UINT64_MAX;
        cpu_slot_sync(c, &c->cpu[ev->id]);
        sched_on_done(c, &c->cpu[ev->id], ev->time);
        break;
    case EV_TICK:
        c->cpu[ev->id].tick_at = UINT64_MAX;
        cpu_slot_sync(c, &c->cpu[ev->id]);
        sched_on_tick(c, &c->cpu[ev->id], ev->time);
        break;
    case EV_WAKE:
        if (ev->gen == c->task[ev->id].gen)
            sched_on_wake(c, ev->id, ev->time);
        break;
    case EV_GOV_TIMER:
        if (ev->gen == c->cpu[ev->id].timer_gen) {
            struct sim_cpu *p = &c->cpu[ev->id];
            if (p->c0)
                pol_timer(c, p, ev->time);
            else
                p->timer_pending = true; /* deferrable: runs at the next busy tick */
        }
        break;
    case EV_HW:
        pol_timer(c, &c->cpu[ev->id], ev->time);
        break;
    case EV_END:
        c->stop = true;
        break;
    }
}

/* Budgets, checked every SIM_WINDOW_EVENTS events: a run must let simulated
 * time pass at a useful rate and stay within the invocation's wall clock.
 * *@window_t and *@window_work: where the window began. -1 when over. */
static int window_check(struct sim_ctx *c, const struct sim_run_cfg *cfg, uint64_t now,
                        uint64_t *window_t, uint64_t *window_work)
{
    /* A busy workload (netperf's 10^5 messages/s) may pass 1M events in a
     * few seconds; a runaway loop also does next to no work in them. */
    if (now - *window_t < SIM_WINDOW_MIN_NS && c->work_ns - *window_work < SIM_WINDOW_MIN_WORK_NS) {
        sim_errf(c->err, c->wl->file, c->last_line,
                 "runaway: %u events within %.6f s of simulated time (under %.0f s) and %.6f s "
                 "of task CPU time: the loop here takes (almost) no time per operation (policy %s)",
                 SIM_WINDOW_EVENTS, (double)(now - *window_t) / 1e9,
                 (double)SIM_WINDOW_MIN_NS / 1e9, (double)(c->work_ns - *window_work) / 1e9,
                 cfg->pol->label);
        return -1;
    }
    *window_t = now;
    *window_work = c->work_ns;
    if (cfg->wall_deadline && (double)time(NULL) > cfg->wall_deadline) {
        sim_errf(c->err, c->wl->file, c->last_line, "wall-clock budget exhausted at %.3f simulated s "
                 "(policy %s; see --max-wall)", (double)(now - SIM_T0_NS) / 1e9,
                 cfg->pol->label);
        return -1;
    }
    return 0;
}

/* The event loop, to the end of the workload (or its duration). 0, or -1
 * with the reason in c->err. */
static int run_events(struct sim_ctx *c, const struct sim_run_cfg *cfg)
{
    struct sim_err *err = c->err;
    uint64_t limit = c->now + cfg->sc->limit_ns;
    uint64_t max_events = cfg->max_events ? cfg->max_events : SIM_DEFAULT_MAX_EVENTS;
    uint64_t events = 0, window_t = c->now, window_work = c->work_ns;
    struct sim_ev ev;
    for (uint32_t i = 0; i < c->ncpu; i++)
        if (!c->cpu[i].nr) {
            c->cpu[i].done_at = UINT64_MAX;
            c->cpu[i].tick_at = UINT64_MAX;
            cpu_slot_sync(c, &c->cpu[i]);
        }
    while (!c->stop && !c->fail && (c->live || cfg->sc->duration_ns) && next_event(c, &ev)) {
        if (ev.time > limit) {
            sim_errf(err, cfg->sc->file, 0, "run exceeded its time limit of %.0f s (policy %s)",
                     (double)cfg->sc->limit_ns / 1e9, cfg->pol->label);
            return -1;
        }
        if (++events % SIM_WINDOW_EVENTS == 0 && window_check(c, cfg, ev.time, &window_t, &window_work))
            return -1;
        if (events > max_events) {
            sim_errf(err, c->wl->file, c->last_line, "run exceeded its budget of %" PRIu64 " events at "
                     "%.3f simulated s (policy %s; see --max-events)", max_events,
                     (double)(ev.time - SIM_T0_NS) / 1e9, cfg->pol->label);
            return -1;
        }
        if (ev.time > c->smm_from && ev.time < c->smm_until)
            ev.time = c->smm_until; /* every CPU is in SMM: nothing runs before it ends */
        c->now = ev.time;
        dispatch(c, &ev);
    }
    if (c->fail == 4) {
        sim_errf(err, c->wl->file, c->last_line, "more than %u tasks alive at %.3f simulated s "
                 "(policy %s; see --max-tasks)", c->max_tasks, (double)(c->now - SIM_T0_NS) / 1e9,
                 cfg->pol->label);
        return -1;
    } else if (c->fail) {
        sim_errf(err, c->wl->file, c->fail == 2 ? c->last_line : 0,
                 c->fail == 2 ? "a task script loops without using time or blocking"
                              : "simulation failed (out of memory or policy error)");
        return -1;
    }
    if (c->err->msg[0] == 0 && c->live && !cfg->sc->duration_ns) {
        sim_errf(err, c->wl->file, 0, "deadlock: %u tasks blocked forever", c->live);
        return -1;
    }
    return 0;
}

/* The run's metrics from the machine's counters (APERF/MPERF since @a0/@m0). */
static void run_metrics(struct sim_ctx *c, struct sim_result *res, const uint64_t *a0,
                        const uint64_t *m0)
{
    mach_finish(c, c->now);
    double el = (double)(c->now - SIM_T0_NS) / 1e9, sa = 0, sm = 0, e = 0, fc = 0;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        sa += (double)(c->cpu[i].aperf - a0[i]);
        sm += (double)(c->cpu[i].mperf - m0[i]);
        e += c->cpu[i].energy_j;
        fc += (double)c->cpu[i].freq_changes;
    }
    double tsc = (double)(mach_tsc(c, c->now) - mach_tsc(c, SIM_T0_NS));
    double tsc_mhz = (double)c->plat->max_ratio * c->plat->scaling_khz / 1000.0;
    res->m[M_ELAPSED] = el;
    res->m[M_CPU] = (double)c->work_ns / 1e9;
    res->m[M_AVG_MHZ] = ratio(sa, el * 1e6 * c->ncpu);
    res->m[M_BZY_MHZ] = ratio(sa, sm) * tsc_mhz;
    res->m[M_BUSY] = 100.0 * ratio(sm, tsc * c->ncpu);
    res->m[M_ENERGY] = e;
    res->m[M_THROUGHPUT] = ratio((double)c->ops, el);
    res->m[M_FREQ_CHANGES] = fc;
    res->m[M_CSW_VOL] = (double)c->csw_vol;
    res->m[M_CSW_INVOL] = (double)c->csw_invol;
    res->m[M_MIGRATIONS] = (double)c->migrations;
    res->m[M_IDLE_TICKS] = (double)c->idle_ticks;
    res->m[M_PCC_CALLS] = (double)c->pcc_calls;
    res->m[M_PCC_WAIT] = (double)c->pcc_wait_ns / 1e9;
    res->m[M_PCC_SMI] = (double)c->smi_ns / 1e9;
    res->m[M_IPIS] = (double)c->ipis;
    res->m[M_WORK_MHZ] = ratio(c->work_khz_ns, (double)c->work_ns * 1000.0);
    res->has_throughput = c->ops > 0;
}

/* A run of @cfg (@probe: set up only, to check the policy takes it). */
static int run(const struct sim_run_cfg *cfg, struct sim_result *res, struct sim_err *err,
               bool probe)
{
    uint64_t a0[SIM_MAX_CPUS], m0[SIM_MAX_CPUS];
    int rc = 0;
    struct sim_ctx *c = run_new(cfg, res, err);
    if (!c)
        return -1;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        a0[i] = c->cpu[i].aperf;
        m0[i] = c->cpu[i].mperf;
        c->cpu[i].idle_stamp = c->now;
        c->cpu[i].idle_t = c->now;
        c->cpu[i].last_idle_len = c->now;
        for (uint32_t j = 0; j < 8; j++)
            c->cpu[i].idle_hist[j] = c->now;
        c->cpu[i].menu_sleep = UINT64_MAX;
    }
    if (sig_init(c)) {
        sim_errf(err, cfg->sc->file, 0, "policy '%s': util_est profile rejected by libpgov",
                 cfg->pol->label);
        rc = -1;
    } else if (pol_init(c)) {
        rc = -1;
    } else if (!probe) {
        start_tasks(c, cfg->seed);
        if (cfg->sc->duration_ns)
            sim_heap_push(&c->heap, c->now + cfg->sc->duration_ns, EV_END, 0, 0);
        rc = run_events(c, cfg);
        if (!rc)
            run_metrics(c, res, a0, m0);
    }
    pol_free(c);
    for (uint32_t i = 0; i < SIM_MAX_CPUS; i++)
        free(c->cpu[i].rq);
    for (uint32_t i = 0; c->sem && i < c->wl->nsems; i++)
        free(c->sem[i].q);
    free(c->sem);
    free(c->task);
    sim_heap_free(&c->heap);
    free(c);
    if (rc) {
        free(res->series);
        res->series = NULL;
    }
    return rc;
}

int sim_run(const struct sim_run_cfg *cfg, struct sim_result *res, struct sim_err *err)
{
    return run(cfg, res, err, false);
}

int sim_probe(const struct sim_run_cfg *cfg, struct sim_err *err)
{
    struct sim_result res;
    return run(cfg, &res, err, true);
}
