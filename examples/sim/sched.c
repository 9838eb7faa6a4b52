/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The scheduler model: per-CPU FIFO runqueues with round-robin time slices
 * checked at the tick, wake-up / fork / exec placement, new-idle pulling,
 * a tick at HZ while a CPU is busy (NOHZ idle), idle and iowait accounting,
 * and the scheduler-to-governor hooks (enqueue, dequeue, tick; IOWAIT flag on
 * wake-ups from I/O). Tasks run phase scripts from the workload file.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "balance.h"
#include "cpuidle.h"
#include "machine.h"
#include "place.h"
#include "policy.h"
#include "sched.h"
#include "topo.h"

#define SCHED_LATENCY_NS 6000000ull /* CFS period for up to 8 runnable tasks */
#define SCHED_MIN_GRAN_NS 750000ull
#define REM_EPS 1e-3                /* cycles: below this a compute op is done */

static struct sim_task *T(struct sim_ctx *c, uint32_t id)
{
    return &c->task[id];
}

/* Cycles per ns at the CPU's running frequency for a compute op of which
 * `insens` permille is frequency-insensitive (takes its nominal-rate time). */
static double rate(const struct sim_ctx *c, struct sim_cpu *p, uint32_t insens)
{
    /* Remembered for the last (frequency, share, insensitive part): every
     * completion and account asks, and these rarely change between them. */
    struct sim_rate_memo *m = &p->rate_memo;
    if (m->eff_khz == p->eff_khz && m->share_pm == p->share_pm && m->insens == insens && m->valid)
        return m->rate;
    double f = (double)p->eff_khz / 1e6;
    double f0 = (double)c->plat->max_ratio * c->plat->scaling_khz / 1e6;
    double s = insens / 1000.0;
    *m = (struct sim_rate_memo){p->eff_khz, p->share_pm, insens, true,
                                (double)p->share_pm / 1000.0 / ((1.0 - s) / f + s / f0)};
    return m->rate;
}

void sched_account(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    if (p->nr) {
        uint64_t start = p->run_t > p->stall_until ? p->run_t : p->stall_until;
        struct sim_task *k = T(c, p->rq[0]);
        if (t > start && k->rem > 0)
            k->rem -= rate(c, p, k->insens) * (double)(t - start);
        if (t > start && !k->background) {
            c->work_ns += t - start; /* user+system time of the workload */
            c->work_khz_ns += (double)p->eff_khz * (double)(t - start);
        }
    }
    if (t > p->run_t)
        p->run_t = t;
}

/*
 * The two per-CPU events that are re-armed all the time (the running task's
 * completion and the tick) live in per-CPU slots rather than in the heap, so
 * re-arming is O(1) and leaves no stale entries; they take a sequence number
 * from the same counter as heap events, so ordering stays total.
 */
static void arm_done(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    p->done_at = UINT64_MAX;
    if (!p->nr) {
        cpu_slot_sync(c, p);
        return;
    }
    struct sim_task *k = T(c, p->rq[0]);
    uint64_t start = t > p->stall_until ? t : p->stall_until;
    uint64_t at = start;
    if (k->rem > REM_EPS)
        at += (uint64_t)ceil(k->rem / rate(c, p, k->insens));
    p->done_at = at;
    p->done_seq = c->heap.seq++;
    cpu_slot_sync(c, p);
}

void sched_freq_changed(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    arm_done(c, p, t);
}

void sched_stall(struct sim_ctx *c, struct sim_cpu *p, uint64_t until)
{
    sched_account(c, p, c->now);
    if (until > p->stall_until)
        p->stall_until = until;
    if (p->c0)
        arm_done(c, p, c->now);
}

void sched_charge(struct sim_ctx *c, struct sim_cpu *p, uint64_t ns)
{
    if (!ns || !p->nr)
        return; /* the kernel's own work on a CPU about to idle delays no one */
    uint64_t from = p->stall_until > c->now ? p->stall_until : c->now;
    sched_stall(c, p, from + ns);
    c->kernel_ns += ns;
}

/* An SMI taken on @p (another CPU's pcc call): every logical CPU enters SMM
 * for the call's length. A busy CPU's task makes no progress meanwhile, and
 * the kernel, which does not see SMM, accounts that time to the task; an
 * idle CPU's is idle time. */
void sched_smi(struct sim_ctx *c, struct sim_cpu *p, uint64_t ns)
{
    if (!p->nr)
        return;
    uint64_t from = p->stall_until > c->now ? p->stall_until : c->now;
    sched_stall(c, p, from + ns);
    if (!T(c, p->rq[0])->background)
        c->work_ns += ns;
    c->smi_ns += ns;
}

void sched_idle_fold(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    (void)c;
    if (!p->nr && t > p->idle_t) {
        if (p->nr_iowait)
            p->iowait_ns += t - p->idle_t;
        else
            p->idle_ns += t - p->idle_t;
    }
    if (t > p->idle_t)
        p->idle_t = t;
}

static void tick_arm(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    /* Ticks are aligned to a global grid (no per-CPU skew). */
    p->tick_at = (t / c->tick_ns + 1) * c->tick_ns;
    p->tick_seq = c->heap.seq++;
    cpu_slot_sync(c, p);
}

/* ------------------------------------------------------------------ runqueues */

static void rq_push(struct sim_ctx *c, struct sim_cpu *p, uint32_t id)
{
    if (p->nr == p->rq_cap) {
        uint32_t cap = p->rq_cap ? p->rq_cap * 2 : 8;
        uint32_t *v = realloc(p->rq, cap * sizeof(*v));
        if (!v) {
            c->fail = 1;
            return;
        }
        p->rq = v;
        p->rq_cap = cap;
    }
    p->rq[p->nr++] = id;
}

static void go_idle(struct sim_ctx *c, struct sim_cpu *p, uint64_t t);

/* @hook: SIM_HOOK_REMOTE when another CPU takes the task off (a pull). */
static void dequeue(struct sim_ctx *c, uint32_t id, uint64_t t, bool sleep, uint32_t hook)
{
    struct sim_task *k = T(c, id);
    struct sim_cpu *p = &c->cpu[k->cpu];
    uint32_t i;

    sched_account(c, p, t);
    for (i = 0; i < p->nr && p->rq[i] != id; i++)
        ;
    if (i == p->nr)
        return;
    memmove(&p->rq[i], &p->rq[i + 1], (p->nr - i - 1) * sizeof(p->rq[0]));
    p->nr--;
    if (i == 0)
        k->last_ran = t;
    sig_dequeue(c, p, k, t, sleep, i == 0);
    if (i == 0 && p->nr)
        sig_switch(c, p, NULL, T(c, p->rq[0]), t);
    if (!k->irq)
        pol_hook(c, p, t, hook);
    if (!p->nr) {
        go_idle(c, p, t);
    } else if (i == 0) {
        p->slice_start = t;
        p->run_t = t;
        arm_done(c, p, t);
    }
}

static void go_idle(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    if (balance_newidle(c, p, t))
        return; /* pulled a waiting task */
    p->done_at = UINT64_MAX;
    cpu_slot_sync(c, p);
    sig_idle(c, p, t);
    mach_set_c0(c, p, false, t);
    p->idle_t = t;
    if (idle_enter(c, p, t)) {
        tick_arm(c, p, t); /* cpuidle keeps the tick */
    } else {
        p->tick_at = UINT64_MAX;
        p->tick_on = false;
        cpu_slot_sync(c, p);
    }
}

void sched_enqueue(struct sim_ctx *c, uint32_t id, uint32_t cpu, uint64_t t, uint32_t flags)
{
    struct sim_cpu *p = &c->cpu[cpu];
    struct sim_task *k = T(c, id);

    bool cold = false;
    if (k->cpu >= 0 && k->cpu != (int32_t)cpu) {
        sig_detach(c, &c->cpu[k->cpu], k); /* wake-up migration */
        if (!k->background)
            c->migrations++;
        /* SMT siblings share their caches; another core starts cold. */
        cold = (uint32_t)k->cpu / topo_smt(c) != cpu / topo_smt(c);
    }
    k->cpu = (int32_t)cpu;
    k->state = T_RUNNABLE;
    if (!p->nr) {
        p->nidle_stamp = 0; /* a wake-up measured it already (balance_woken) */
        sched_idle_fold(c, p, t);
        idle_observe(p, t - p->idle_stamp, false);
        uint64_t exit = p->cstate == 6 ? c->plat->c6_exit_ns : c->plat->c1_exit_ns;
        if (!p->c0)
            p->exit_until = t + exit; /* before C0: the fold reads it */
        mach_set_c0(c, p, true, t);
        if (t + exit > p->stall_until)
            p->stall_until = t + exit;
        p->slice_start = t;
        p->run_t = t;
        rq_push(c, p, id);
        sig_enqueue(c, p, T(c, id), t);
        p->tick_on = true;
        tick_arm(c, p, t);
        if (!k->irq)
            pol_hook(c, p, t, flags);
        if (p->timer_pending && c->sc->deferrable_on_wake) {
            p->timer_pending = false;
            pol_timer(c, p, t);
        }
        arm_done(c, p, t);
    } else {
        sched_account(c, p, t);
        rq_push(c, p, id);
        sig_enqueue(c, p, T(c, id), t);
        if (!k->irq)
            pol_hook(c, p, t, flags);
    }
    if (cold)
        sched_charge(c, p, c->plat->migrate_cost_ns);
}

/* ------------------------------------------------------------------ tasks */

int32_t sched_task_new(struct sim_ctx *c, uint32_t script, int32_t parent, uint64_t seed)
{
    int32_t id;
    if (c->nalive >= c->max_tasks) { /* a fork bomb: stop before memory runs out */
        c->fail = 4;
        return -1;
    }
    if (c->free_head >= 0) {
        id = c->free_head;
        c->free_head = c->task[id].next_free;
    } else {
        if (c->ntask == c->task_cap) {
            uint32_t cap = c->task_cap ? c->task_cap * 2 : 64;
            struct sim_task *v = realloc(c->task, cap * sizeof(*v));
            if (!v) {
                c->fail = 1;
                return -1;
            }
            c->task = v;
            c->task_cap = cap;
        }
        id = (int32_t)c->ntask++;
        c->task[id].gen = 0;
    }
    struct sim_task *k = &c->task[id];
    uint32_t gen = k->gen + 1;
    memset(k, 0, sizeof(*k));
    k->gen = gen;
    k->script = script;
    k->parent = parent;
    k->parent_gen = parent >= 0 ? c->task[parent].gen : 0;
    c->nalive++;
    k->pin = -1;
    k->cpu = -1;
    k->io_cpu = -1;
    k->next_free = -1;
    sim_rng_seed(&k->rng, seed);
    c->live++; /* the caller makes daemons not count */
    return id;
}

static uint64_t jitter(struct sim_task *k, uint64_t v, uint64_t pm)
{
    if (!pm)
        return v;
    double f = 1.0 + (2.0 * sim_rng_unit(&k->rng) - 1.0) * (double)pm / 1000.0;
    double r = (double)v * f;
    return r <= 0 ? 0 : r < 0x1p53 ? sim_round(r) : (uint64_t)llround(r);
}

/*
 * An exec that moved its task frees the old image's mm on the new CPU while
 * the CPU it left, if that went idle, still has the mm loaded (lazy TLB:
 * the idle task borrows the last mm; 4.17 x86 clears a CPU from an mm's
 * mask only when it switches to another mm). Freeing it flushes that CPU's
 * TLB with a function-call IPI, and the sender waits for the flush: the
 * idle CPU's C-state exit. The interrupt also ends that CPU's idle period,
 * so cpuidle's next choice sees a short one.
 */
static void exec_shootdown(struct sim_ctx *c, struct sim_cpu *old, struct sim_cpu *now, uint64_t t)
{
    if (old->nr)
        return; /* it runs another task (another mm) or pulled one */
    uint64_t exit = old->cstate == 6 ? c->plat->c6_exit_ns : c->plat->c1_exit_ns;
    c->ipis++;
    sched_charge(c, now, exit);
    sched_idle_fold(c, old, t);
    if (old->idle_t < t + exit)
        old->idle_t = t + exit;
    idle_observe(old, t - old->idle_stamp, false);
    if (idle_enter(c, old, t)) {
        tick_arm(c, old, t);
        old->tick_on = true;
    } else {
        old->tick_at = UINT64_MAX;
        old->tick_on = false;
        cpu_slot_sync(c, old);
    }
}

/* Another CPU's enqueue: the hook is a remote one. */
static uint32_t remote(uint32_t cpu, int32_t from)
{
    return (int32_t)cpu != from ? SIM_HOOK_REMOTE : 0;
}

/*
 * CFS wake-up preemption (`sched.wakeup_gran`, sysctl
 * sched_wakeup_granularity_ns; 0: the model before, woken tasks queue). A
 * woken task runs at once when its vruntime lags the running task's by more
 * than the granularity. A sleeper comes back at most half a scheduling
 * period behind (GENTLE_FAIR_SLEEPERS), and one that slept for d lags the
 * CPU's running task by at most d, so the lag is min(d, latency / 2). Both
 * tunables scale with 1 + log2(min(CPUs, 8)), as the kernel's defaults do
 * (sched_wakeup_granularity_ns reads 4 ms on 8 CPUs): a housekeeping thread
 * that slept for ms preempts, a task back from a 60 us block does not.
 */
static void wake_preempt(struct sim_ctx *c, struct sim_cpu *p, uint32_t id, uint64_t t)
{
    struct sim_task *k = T(c, id);
    if (!c->sc->wakeup_gran_ns || p->nr < 2 || k->irq || p->rq[p->nr - 1] != id)
        return;
    uint64_t f = 1;
    for (uint32_t n = c->ncpu < 8 ? c->ncpu : 8; n > 1; n >>= 1)
        f++;
    uint64_t lag = t - k->last_ran, half = SCHED_LATENCY_NS * f / 2;
    if (lag > half)
        lag = half;
    if (lag <= c->sc->wakeup_gran_ns * f)
        return;
    uint32_t cur = p->rq[0];
    if (!T(c, cur)->background)
        c->csw_invol++;
    memmove(&p->rq[1], &p->rq[0], (p->nr - 1) * sizeof(p->rq[0]));
    p->rq[0] = id;
    T(c, cur)->last_ran = t;
    sig_switch(c, p, T(c, cur), k, t);
    p->slice_start = t;
    p->run_t = t;
    arm_done(c, p, t);
}

/* Wake @id from CPU @waker (where the waking code runs: the waker task's
 * CPU, or the CPU whose interrupt expired the sleeper's timer). @timer: from
 * a timer's expiry, not a task's step, so the woken task may preempt even on
 * the waker's own CPU (a task stepping there is preempted at its next op in
 * the kernel; the model does not preempt it mid-step). */
static void wake_task(struct sim_ctx *c, uint32_t id, uint64_t t, uint32_t flags, uint32_t waker,
                      bool timer)
{
    struct sim_task *k = T(c, id);
    uint32_t cpu = place_wake(c, k, waker);
    if (!c->cpu[cpu].nr)
        balance_woken(c, &c->cpu[cpu], t);
    c->waker1 = waker + 1; /* who runs the enqueue (signals.c's uclamp cost) */
    sched_enqueue(c, id, cpu, t, flags | remote(cpu, (int32_t)waker));
    c->waker1 = 0;
    if (timer || cpu != waker)
        wake_preempt(c, &c->cpu[cpu], id, t);
}

/* A pull runs on the CPU it pulls to: the source's hook is remote. */
void sched_move(struct sim_ctx *c, uint32_t id, uint32_t cpu, uint64_t t)
{
    dequeue(c, id, t, false, SIM_HOOK_REMOTE);
    sched_enqueue(c, id, cpu, t, 0);
}

static void task_exit(struct sim_ctx *c, uint32_t id, uint64_t t)
{
    struct sim_task *k = T(c, id);
    int32_t parent = k->parent;

    dequeue(c, id, t, true, 0);
    k = T(c, id);
    sig_detach(c, &c->cpu[k->cpu], k);
    uint32_t parent_gen = k->parent_gen;
    k->state = T_DEAD;
    k->gen++; /* every life of a slot has its own gen: children see the parent is gone */
    k->next_free = c->free_head;
    c->free_head = (int32_t)id;
    c->nalive--;
    if (!k->daemon)
        c->live--;
    /* An orphan's parent slot is dead or reused (another gen): no one waits. */
    if (parent >= 0 && T(c, (uint32_t)parent)->gen == parent_gen &&
        T(c, (uint32_t)parent)->state != T_DEAD) {
        struct sim_task *pk = T(c, (uint32_t)parent);
        if (pk->live_children)
            pk->live_children--;
        if (!pk->live_children && pk->state == T_WAITCHILD)
            wake_task(c, (uint32_t)parent, t, 0, (uint32_t)k->cpu, false);
    }
}

static void block(struct sim_ctx *c, uint32_t id, uint64_t t, uint32_t state)
{
    if (!T(c, id)->background)
        c->csw_vol++;
    dequeue(c, id, t, true, 0);
    T(c, id)->state = state;
}

/*
 * Run the task's script from its program counter until it needs CPU time
 * (a compute op), blocks, migrates or exits. Called when the task is rq[0]
 * of its CPU and its previous compute op has finished.
 */

/* A task blocked in I/O counts in the iowait time of the CPU it slept on
 * (nr_iowait, as NOHZ idle accounting keeps it) until its wake-up, which
 * carries the IOWAIT flag to the governor hook. */
static void iowait_begin(struct sim_ctx *c, struct sim_task *k, uint64_t t)
{
    struct sim_cpu *p = &c->cpu[k->cpu];
    sched_idle_fold(c, p, t);
    p->nr_iowait++;
    k->io_cpu = k->cpu;
}

static uint32_t iowait_end(struct sim_ctx *c, struct sim_task *k, uint64_t t)
{
    if (k->io_cpu < 0)
        return 0;
    struct sim_cpu *q = &c->cpu[k->io_cpu];
    sched_idle_fold(c, q, t);
    q->nr_iowait--;
    k->io_cpu = -1;
    return SIM_HOOK_IOWAIT;
}

/* `post SEM [N]`: wake the first waiter, or count (up to N: a full queue
 * drops the post, UDP's socket buffer). */
static void sem_post(struct sim_ctx *c, const struct sim_task *k, const struct sim_op *op,
                     uint64_t t)
{
    struct sim_sem *sm = &c->sem[op->a];
    if (op->b && sm->count >= op->b)
        return;
    sm->count++;
    if (sm->n) {
        uint32_t w = sm->q[0];
        memmove(sm->q, sm->q + 1, (--sm->n) * sizeof(uint32_t));
        sm->count--;
        wake_task(c, w, t, iowait_end(c, T(c, w), t), (uint32_t)k->cpu, false);
    }
}

/* `pend SEM [io]`: take a count, or block in the queue (true: the task
 * stopped, or the run failed). */
static bool sem_pend(struct sim_ctx *c, uint32_t id, const struct sim_op *op, uint64_t t)
{
    struct sim_sem *sm = &c->sem[op->a];
    if (sm->count) {
        sm->count--;
        return false;
    }
    if (sm->n == sm->cap) {
        uint32_t cap = sm->cap ? sm->cap * 2 : 8;
        uint32_t *v = realloc(sm->q, cap * sizeof(*v));
        if (!v) {
            c->fail = 1;
            return true;
        }
        sm->q = v;
        sm->cap = cap;
    }
    sm->q[sm->n++] = id;
    block(c, id, t, T_WAITSEM);
    if (op->b) /* pend SEM io: in io_schedule until another CPU completes the I/O */
        iowait_begin(c, T(c, id), t);
    return true;
}

static void task_step(struct sim_ctx *c, uint32_t id, uint64_t t)
{
    for (int guard = 0; guard < 100000; guard++) {
        struct sim_task *k = T(c, id);
        const struct sim_script *s = &c->wl->scripts[k->script];
        if (k->pc >= s->nops) {
            task_exit(c, id, t);
            return;
        }
        const struct sim_op *op = &s->ops[k->pc++];
        c->last_line = op->line; /* named when the run has to be stopped */
        switch (op->kind) {
        case OP_COMPUTE:
            k->rem = (double)jitter(k, op->a, op->c);
            k->insens = (uint32_t)op->b;
            if (k->rem > REM_EPS) {
                arm_done(c, &c->cpu[k->cpu], t);
                return;
            }
            break;
        case OP_SLEEP:
        case OP_TSLEEP:
        case OP_IO: {
            uint64_t d = jitter(k, op->a, op->c);
            bool io = op->kind == OP_IO;
            k->wheel = op->kind == OP_TSLEEP;
            if (k->wheel) /* timer-wheel timers expire on a jiffy boundary */
                d = ((t + d + c->tick_ns - 1) / c->tick_ns) * c->tick_ns - t;
            struct sim_cpu *q = &c->cpu[k->cpu];
            if (!io && (q->next_timer <= t || t + d < q->next_timer))
                q->next_timer = t + d; /* the CPU's next timer event (cpuidle's menu) */
            block(c, id, t, io ? T_IO : T_SLEEP);
            k = T(c, id);
            if (io)
                iowait_begin(c, k, t);
            if (sim_heap_push(&c->heap, t + d, EV_WAKE, id, k->gen))
                c->fail = 1;
            return;
        }
        case OP_FORK: {
            uint64_t seed = sim_rng_next(&k->rng);
            int32_t ch = sched_task_new(c, (uint32_t)op->a, (int32_t)id, seed);
            if (ch < 0)
                return;
            k = T(c, id);
            k->live_children++;
            uint32_t cpu = place_fork(c);
            sig_task_new(c, T(c, (uint32_t)ch), &c->cpu[cpu], t);
            sched_enqueue(c, (uint32_t)ch, cpu, t, remote(cpu, k->cpu)); /* wake_up_new_task */
            break;
        }
        case OP_WAIT:
            if (k->live_children) {
                block(c, id, t, T_WAITCHILD);
                return;
            }
            break;
        case OP_EXEC: {
            /* sched_exec: the task keeps its signals (the same task struct)
             * and may move to another CPU before the new image runs. */
            int32_t from = k->cpu;
            uint32_t cpu = place_exec(c, k);
            if ((int32_t)cpu != from) {
                /* The move is the stopper thread's (stop_one_cpu): it
                 * preempts the exec'ing task, an involuntary switch. */
                if (!k->background)
                    c->csw_invol++;
                dequeue(c, id, t, false, 0);
                sched_enqueue(c, id, cpu, t, SIM_HOOK_REMOTE); /* by the stopper on the old CPU */
                exec_shootdown(c, &c->cpu[from], &c->cpu[cpu], t);
                return; /* continues when it runs there (rem is 0) */
            }
            break;
        }
        case OP_POST:
            sem_post(c, k, op, t);
            break;
        case OP_PEND:
            if (sem_pend(c, id, op, t))
                return;
            break;
        case OP_COUNT:
            c->ops++;
            break;
        case OP_UCLAMP:
            sig_uclamp_set(c, k, (uint32_t)op->a, (uint32_t)op->b);
            break;
        case OP_LOOP:
            if (op->a == 0) {
                k->pc = (uint32_t)op->b + 1;
            } else {
                k->loop_idx[k->depth] = k->pc - 1;
                k->loop_left[k->depth] = op->a;
                k->depth++;
            }
            break;
        case OP_END:
            if (--k->loop_left[k->depth - 1])
                k->pc = (uint32_t)op->b + 1;
            else
                k->depth--;
            break;
        case OP_EXIT:
        default:
            task_exit(c, id, t);
            return;
        }
    }
    /* A script that loops without consuming time: stop the run. */
    c->fail = 2;
}

/* ------------------------------------------------------------------ events */

void sched_on_done(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    sched_account(c, p, t);
    if (!p->nr)
        return;
    uint32_t id = p->rq[0];
    if (T(c, id)->rem > REM_EPS) {
        arm_done(c, p, t);
        return;
    }
    T(c, id)->rem = 0;
    task_step(c, id, t);
}

void sched_on_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    if (!p->nr) {
        idle_tick(c, p, t);
        balance_tick(c, p, t);
        return;
    }
    sched_account(c, p, t);
    sig_tick(c, p, t);
    pol_hook(c, p, t, 0);
    if (p->timer_pending) {
        p->timer_pending = false;
        pol_timer(c, p, t);
    }
    /* The balancing softirq runs at the tick's interrupt exit, before the
     * switch the tick may ask for: it sees the current task still running. */
    balance_tick(c, p, t);
    if (p->nr > 1) {
        uint64_t slice = SCHED_LATENCY_NS / p->nr;
        if (slice < SCHED_MIN_GRAN_NS)
            slice = SCHED_MIN_GRAN_NS;
        if (t - p->slice_start >= slice) {
            uint32_t cur = p->rq[0];
            if (!T(c, cur)->background)
                c->csw_invol++;
            memmove(&p->rq[0], &p->rq[1], (p->nr - 1) * sizeof(p->rq[0]));
            p->rq[p->nr - 1] = cur;
            T(c, cur)->last_ran = t;
            sig_switch(c, p, T(c, cur), T(c, p->rq[0]), t);
            p->slice_start = t;
            p->run_t = t;
            arm_done(c, p, t);
        }
    }
    tick_arm(c, p, t);
}

void sched_on_wake(struct sim_ctx *c, uint32_t id, uint64_t t)
{
    struct sim_task *k = T(c, id);
    uint32_t flags = 0;
    if (k->state == T_IO) {
        flags = iowait_end(c, k, t);
    } else if (k->state != T_SLEEP) {
        return;
    }
    bool wheel = k->wheel;
    k->wheel = false;
    /* The sleeper's timer was armed, and expires, on the CPU it slept on. */
    wake_task(c, id, t, flags, (uint32_t)k->cpu, true);
    /* A timer-wheel wake-up comes from the tick handler, whose timer
     * softirq also runs any expired deferrable timer of that CPU. */
    struct sim_cpu *p = &c->cpu[c->task[id].cpu];
    if (wheel && p->timer_pending) {
        p->timer_pending = false;
        pol_timer(c, p, t);
    }
}
