/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Rebuild every task's and CPU's PELT and util_est from the scheduling
 * events, through libpgov's public API, in the kernel's call order (the
 * fair class: update the entity, then its cfs_rq, then change the state;
 * attach / detach / "removed" on migration; post_init for new tasks), and
 * compare with the kernel's own signal events where the trace has them.
 *
 * Time. The trace clock is the scheduler clock, so with capacity 1024 and
 * no frequency invariance the PELT clock advances with it; --cpu-capacity
 * and --cpu-max-freq scale it through pgov_pelt_clock (v5.1+; before 5.1
 * they scale each contribution instead: upd_scaled). The kernel emits its
 * signal events during a transition, before that transition's own event
 * (sched_switch, sched_wakeup): samples are therefore held per CPU and
 * compared when the transition is applied, the PELT ones before the state
 * change (at the kernel's update_time), the ones the transition itself
 * produced (attach/detach, util_est) after it. The transition is applied at
 * the kernel's update_time when one was reported for it.
 *
 * Seeding. Traces start mid-flight: each entity starts from its first
 * kernel-reported value (sums rebuilt as avg * divider + divider / 2, the
 * PELT period phase of its CPU recovered from the update_time values), or,
 * with --warmup or without kernel values, from zero, compared only after
 * PGT_WARMUP_NS. Tasks all weigh 1024 (nice 0): util does not depend on it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/pelt.h>
#include <pgov/util_est.h>

#include "trace.h"

#define W 1024u
#define PGT_WARMUP_NS 345000000ull /* 11 half-lives: a zero start is < 0.5 off */
#define PGT_GROUP_NS 2000000ull     /* samples within this before an event belong to it */
#define PGT_PENDING 64
#define PGT_STALL_NS 1000000ull     /* an idle exit this long before its switch: a stall */

/* POL_STOP: the stop class (migration/N), printed with prio 0 like RT 99 */
enum policy { POL_CFS = 0, POL_RT, POL_DL, POL_IDLE, POL_STOP };

struct task {
    int32_t pid; /* -1: free slot */
    struct pgov_pelt_avg se;
    struct pgov_util_est_task ue;
    int32_t cpu; /* CPU it is queued on / was last attached to, -1: none */
    uint8_t on_rq, running, attached, policy, seeded, ue_seeded, dead;
    uint8_t exiting; /* sched_process_exit seen, its autogroup move not yet applied */
    uint8_t known; /* seen in a scheduling event since the start or the last loss */
    uint8_t placed; /* its attachment is known (any scheduling event placed it) */
    uint8_t sync_pending; /* first seen waking away from sync_cpu: its sync sample is its removal */
    int32_t sync_cpu;
    uint64_t born; /* first seen, for the warm-up */
    int32_t ent, ent_ue;
    uint32_t guess; /* transitions of this task placed without a kernel time */
};

struct cpu {
    struct pgov_pelt_avg cfs, rt, dl;
    struct pgov_pelt_clock clk;
    struct pgov_util_est_rq ue;
    bool started, cfs_seeded, rt_seeded, dl_seeded, ue_seeded;
    bool cfs_exact;   /* the cfs seed came from a sample just after a period crossing */
    uint64_t cfs_klut; /* update_time of the last cfs sample, 0: none yet */
    bool known; /* a sched_switch was seen here since the start or the last loss */
    uint32_t nr;    /* queued cfs tasks */
    int32_t curr;   /* running pid, 0: idle */
    uint32_t curr_policy;
    uint32_t freq_cap;
    uint64_t born;
    int32_t ent[PGT_NKINDS];
    int32_t phase; /* PELT period start, units mod 1024; -1: unknown */
    int32_t first_curr;  /* running when the trace began (prev of its first sched_switch), 0: none */
    uint32_t first_prio;
    uint64_t rm_load, rm_util, rm_run; /* "removed": applied at the next cfs update */
    uint64_t idle_exit; /* the last cpu_idle exit not followed by an idle entry, 0: none */
    int32_t wake_pid;   /* the task the last transition here woke, 0: another transition */
    uint32_t guess;     /* transitions here placed without a kernel time */
    uint64_t last_now;  /* the latest time an update of this rq was applied at */
    int32_t slept_pid;  /* the running task already dequeued for its sleep (newidle pull), 0: none */
    size_t pend[PGT_PENDING];
    uint32_t npend;
};

struct ctx {
    const struct pgt_trace *t;
    const struct pgt_platform *p;
    struct pgt_signals *out;
    bool keep;
    struct pgt_pidtab tasks; /* pid -> struct task */
    struct cpu *cpu;
    uint32_t ncpu;
    struct pgov_util_est_cfg uecfg;
    uint32_t max_avg;
    bool clock_identity; /* the PELT clock is the task clock (every CPU at capacity 1024
                            without frequency invariance, or a kernel before 5.1) */
    bool contrib_scaled; /* before 5.1 with invariance: scaled contributions */
    bool ue; /* the kernel has util_est (4.17+): rebuild and compare it */
    char *err;
    size_t errlen;
    int fail;
};

const char *pgt_kind_name(uint32_t kind)
{
    static const char *const n[PGT_NKINDS] = {"task", "cfs", "rt", "dl", "irq", "util_est",
                                              "util_est_cfs"};
    return kind < PGT_NKINDS ? n[kind] : "?";
}

static void chk(struct ctx *c, int r, const char *what)
{
    if (r < 0 && !c->fail) {
        c->fail = 1;
        snprintf(c->err, c->errlen, "%s: %s failed (%d)", c->t->path, what, r);
    }
}

/* ------------------------------------------------------------ entities */

static struct task *task_get(struct ctx *c, int32_t pid, uint64_t ts)
{
    bool created;
    struct task *k = pgt_pidtab_get(&c->tasks, pid, &created);
    if (!k) {
        chk(c, -1, "allocation");
        return NULL;
    }
    if (created) {
        k->cpu = -1;
        k->ent = k->ent_ue = -1;
        k->born = ts;
        chk(c, pgov_pelt_init_task(&k->se, W, c->p->halflife), "pgov_pelt_init_task");
    }
    return k;
}

static int32_t entity(struct ctx *c, int32_t pid, uint32_t cpu, uint32_t kind, uint32_t seed)
{
    struct pgt_signals *o = c->out;
    struct pgt_entity_stat *e = realloc(o->ent, (o->nent + 1) * sizeof(*e));
    if (!e) {
        chk(c, -1, "allocation");
        return -1;
    }
    o->ent = e;
    e[o->nent] = (struct pgt_entity_stat){pid, cpu, kind, seed, {0, 0, 0}, false, 0};
    return (int32_t)o->nent++;
}

static void start_curr(struct ctx *c, uint32_t i, uint64_t ts);

/* Time domains. Event timestamps are the task clock; every `now` given to
 * a PELT update, the kernel's update_time, the CPU's last_now are the PELT
 * clock (v5.1+: the task clock scaled by capacity and frequency while the
 * CPU runs, synchronised to it while idle, less the lost idle time; before
 * 5.1 the task clock itself, the contributions scaled instead). Each
 * CPU's pgov_pelt_clock converts one into the other; it is advanced only
 * where the kernel reads its clock: at a transition's own time, at the
 * tick's samples, and while idle (where it only follows the task clock). */

/* Start CPU i at time ts (both clocks read ts there). */
static void cpu_start(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (!p->started) {
        p->started = true;
        p->born = ts;
        chk(c, pgov_pelt_clock_init(&p->clk, ts, 1), "pgov_pelt_clock_init");
        chk(c, pgov_pelt_init(&p->cfs, ts, c->p->halflife), "pgov_pelt_init");
        chk(c, pgov_pelt_init(&p->rt, ts, c->p->halflife), "pgov_pelt_init");
        chk(c, pgov_pelt_init(&p->dl, ts, c->p->halflife), "pgov_pelt_init");
    }
    if (p->first_curr > 0)
        start_curr(c, i, ts);
}

/* The PELT clock of CPU i at task time ts, were the kernel to read its
 * clock there in the CPU's present state (the clock itself unchanged). A
 * time before the clock's last reading (an event can follow the kernel's
 * reading by tens of microseconds) reads back from it at the present
 * state's rate. */
static uint64_t pelt_of_scaled(struct ctx *c, uint32_t i, uint64_t ts)
{
    const struct cpu *p = &c->cpu[i];
    struct pgov_pelt_clock k = p->clk;
    uint64_t now = ts;
    if (ts > k.clock_task)
        chk(c, pgov_pelt_clock_update(&k, ts, p->curr == 0, c->p->cap[i], p->freq_cap),
            "pgov_pelt_clock_update");
    chk(c, pgov_pelt_clock_now(&k, &now), "pgov_pelt_clock_now");
    if (ts < k.clock_task) {
        uint64_t d = k.clock_task - ts;
        if (p->curr != 0)
            d = ((d * c->p->cap[i]) >> 10) * p->freq_cap >> 10;
        now -= d;
    }
    return now;
}

static inline uint64_t pelt_of(struct ctx *c, uint32_t i, uint64_t ts)
{
    if (c->clock_identity || !c->cpu[i].started)
        return ts; /* one clock: capacity 1024 without frequency invariance, or before 5.1 */
    return pelt_of_scaled(c, i, ts);
}

/* The kernel reads CPU i's clock at task time ts (never backwards). */
static inline void clock_to(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (c->clock_identity || !p->started || ts <= p->clk.clock_task)
        return;
    chk(c, pgov_pelt_clock_update(&p->clk, ts, p->curr == 0, c->p->cap[i], p->freq_cap),
        "pgov_pelt_clock_update");
}

/* ------------------------------------------------------------ updates */

/* Kernels before 5.1 scale each contribution instead of the clock: an
 * update adds `contrib * FREQ >> 10` to the load and runnable sums and
 * that times CAP to util_sum, where libpgov's adds contrib (contrib << 10).
 * The update of sa on CPU i (pgov_pelt_update's arguments and result)
 * with the unscaled contribution taken before it and the sums corrected
 * after it (then the averages, when it recomputed them). */
static int upd_scaled(struct ctx *c, struct pgov_pelt_avg *sa, uint32_t i, uint64_t now,
                      uint64_t load, uint64_t runnable, uint32_t running, uint64_t weight)
{
    uint64_t d = now - sa->last_update_time, t = (d >> 10) + sa->period_contrib;
    uint32_t contrib = (uint32_t)(d >> 10);
    if (d >= 1ull << 63)
        contrib = 0; /* a clock going back adds nothing */
    else if (contrib && t >= 1024)
        chk(c, pgov_pelt_segments_hl(c->p->halflife, t >> 10, 1024u - sa->period_contrib,
                                     (uint32_t)(t & 1023u), &contrib),
            "pgov_pelt_segments_hl");
    int r = pgov_pelt_update(sa, now, load, runnable, running, weight);
    if (r < 0 || !contrib || !load)
        return r;
    uint64_t sc = (uint64_t)contrib * c->cpu[i].freq_cap >> 10, less = contrib - sc;
    sa->load_sum -= load * less;
    if (runnable)
        sa->runnable_sum -= (runnable * less) << 10;
    if (running)
        sa->util_sum = (uint32_t)(sa->util_sum - ((uint64_t)contrib << 10) + sc * c->p->cap[i]);
    if (r == 1)
        chk(c, pgov_pelt_update_avgs(sa, weight), "pgov_pelt_update_avgs");
    return r;
}

static void upd_task(struct ctx *c, struct task *k, uint64_t now)
{
    if (!k->attached || k->policy != POL_CFS)
        return;
    int r = c->contrib_scaled
                ? upd_scaled(c, &k->se, (uint32_t)k->cpu, now, k->on_rq, k->on_rq, k->running, W)
                : pgov_pelt_update_task(&k->se, now, k->on_rq, 0, k->running, W);
    chk(c, r, "pgov_pelt_update_task");
    c->out->updates++;
    if (r == 1 && c->ue)
        chk(c, pgov_util_est_util_changed(&c->cpu[k->cpu].ue, &k->ue), "util_est_util_changed");
}

static void upd_rq(struct ctx *c, uint32_t i, uint64_t now)
{
    struct cpu *p = &c->cpu[i];
    bool cfs_curr = p->curr > 0 && p->curr_policy == POL_CFS;
    if (p->rm_load | p->rm_util | p->rm_run) {
        chk(c, pgov_pelt_remove(&p->cfs, p->rm_load, p->rm_util, p->rm_run), "pgov_pelt_remove");
        p->rm_load = p->rm_util = p->rm_run = 0;
    }
    if (now > p->last_now)
        p->last_now = now;
    bool rt = p->curr > 0 && p->curr_policy == POL_RT, dl = p->curr > 0 && p->curr_policy == POL_DL;
    if (c->contrib_scaled) {
        chk(c, upd_scaled(c, &p->cfs, i, now, (uint64_t)p->nr * W, p->nr, cfs_curr, 1), "cfs update");
        chk(c, upd_scaled(c, &p->rt, i, now, rt, rt, rt, 1), "rt update");
        chk(c, upd_scaled(c, &p->dl, i, now, dl, dl, dl, 1), "dl update");
    } else {
        chk(c, pgov_pelt_update_cfs_rq(&p->cfs, now, (uint64_t)p->nr * W, p->nr, cfs_curr),
            "pgov_pelt_update_cfs_rq");
        chk(c, pgov_pelt_update_rt(&p->rt, now, rt), "pgov_pelt_update_rt");
        chk(c, pgov_pelt_update_dl(&p->dl, now, dl), "pgov_pelt_update_dl");
    }
    c->out->updates += 3;
}

static void detach_removed(struct ctx *c, struct task *k)
{
    if (!k->attached)
        return;
    struct cpu *p = &c->cpu[k->cpu];
    if (k->policy == POL_CFS) {
        chk(c, pgov_pelt_update_blocked_se(&k->se, p->cfs.last_update_time, W),
            "pgov_pelt_update_blocked_se");
        p->rm_load += k->se.load_avg;
        p->rm_util += k->se.util_avg;
        p->rm_run += k->se.runnable_avg;
    }
    k->attached = 0;
}

static void attach(struct ctx *c, struct task *k, uint32_t i)
{
    struct cpu *p = &c->cpu[i];
    k->cpu = (int32_t)i;
    if (k->policy == POL_CFS)
        chk(c, pgov_pelt_attach(&p->cfs, &k->se, W), "pgov_pelt_attach");
    k->attached = 1;
}

static void ue_sleep(struct ctx *c, struct task *k, struct cpu *p, bool sleep)
{
    if (k->policy != POL_CFS || !c->ue)
        return;
    chk(c, pgov_util_est_dequeue(&p->ue, &k->ue, p->nr), "pgov_util_est_dequeue");
    int r = pgov_util_est_update(&p->ue, &k->ue, sleep, k->se.util_avg, k->se.runnable_avg,
                                 c->p->cap[k->cpu]);
    chk(c, r, "pgov_util_est_update");
}

/* A task's estimate {enqueued, ewma, flag} in the layout of CPU p's
 * util_est profile: the pair with the flag in bit 0 (v4.17..v5.12) or in
 * bit 31 of enqueued (v5.13+), or from v6.9 one field (ewma) with bit 31. */
static void ue_store(const struct cpu *p, struct task *k, uint32_t enq, uint32_t ewma, uint32_t flag)
{
    int prof = pgov_util_est_profile(&p->ue);
    bool pair = prof < (int)PGOV_KVER_6_9, bit0 = prof < (int)PGOV_KVER_5_13;
    k->ue.enqueued = !pair ? ewma | (flag << 31) : bit0 ? (enq & ~1u) | flag : enq | (flag << 31);
    k->ue.ewma = pair ? ewma : 0;
}

/* A task whose estimate the trace has not reported yet (util_est_se comes
 * only from a dequeue where the task's util changed since its enqueue):
 * what the kernel's CPU sum gains at its enqueue, from the util_est_cfs
 * sample that enqueue wrote (held on CPU i), is its contribution, so the
 * CPU's sum stays right until the task's own first sample seeds it (on
 * the icount recordings: per-CPU kworkers and cpuhp/1 at the hotplug,
 * 347 of CPU 1's sum unknown in the lead's run). */
static void ue_from_sum(struct ctx *c, struct task *k, uint32_t i)
{
    const struct cpu *p = &c->cpu[i];
    const struct pgt_event *f = NULL;
    if (c->p->warmup || !c->ue || k->ue_seeded || k->policy != POL_CFS)
        return;
    for (uint32_t j = p->npend; j-- > 0 && !f;)
        if (c->t->ev[p->pend[j]].type == PGT_UE_CFS)
            f = &c->t->ev[p->pend[j]];
    if (!f || f->v[0] <= p->ue.enqueued || f->v[0] - p->ue.enqueued > 1024)
        return;
    uint32_t d = (uint32_t)(f->v[0] - p->ue.enqueued);
    ue_store(p, k, d, d, 1);
}

/* ------------------------------------------------------------ comparisons */

/* epoch: the count of transitions placed without a kernel time that the
 * entity's inputs have had; a sample whose entity was exact at its previous
 * sample and whose epoch has not moved since is "clean": every input of
 * the interval came from the trace and the kernel's own times. */
static void record(struct ctx *c, int32_t *ent, int32_t pid, uint32_t cpu, uint32_t kind,
                   uint32_t seed, uint64_t ts, uint64_t kv, uint64_t rv, uint32_t epoch)
{
    if (*ent < 0)
        *ent = entity(c, pid, cpu, kind, seed);
    if (*ent < 0)
        return;
    uint64_t e = kv > rv ? kv - rv : rv - kv;
    struct pgt_entity_stat *es = &c->out->ent[*ent];
    if (es->prev_exact && es->epoch == epoch) {
        struct pgt_stat *cl = &c->out->clean;
        cl->n++;
        cl->sum_err += e;
        cl->max_err = e > cl->max_err ? e : cl->max_err;
        c->out->clean_exact += e == 0;
    }
    es->prev_exact = e == 0;
    es->epoch = epoch;
    struct pgt_stat *s[2] = {&c->out->ent[*ent].st, &c->out->total};
    for (int i = 0; i < 2; i++) {
        s[i]->n++;
        s[i]->sum_err += e;
        if (e > s[i]->max_err)
            s[i]->max_err = e;
    }
    if (c->keep) {
        struct pgt_signals *o = c->out;
        if (o->nsamples == o->samples_cap) {
            size_t n = o->samples_cap ? o->samples_cap * 2 : 4096;
            struct pgt_sample *v = realloc(o->samples, n * sizeof(*v));
            if (!v) {
                chk(c, -1, "allocation");
                return;
            }
            o->samples = v;
            o->samples_cap = n;
        }
        o->samples[o->nsamples++] = (struct pgt_sample){ts, pid, cpu, kind, kv, rv};
    }
}

/* the PELT period holding time t of CPU p's clock (phase known) */
static uint64_t period_of(const struct cpu *p, uint64_t t)
{
    return ((t >> 10) - (uint64_t)p->phase) >> 10;
}

/* lut: the sample's time on the PELT clock */
static void seed_avg(struct ctx *c, struct pgov_pelt_avg *sa, const struct pgt_event *e,
                     uint64_t lut, int32_t phase, uint64_t weight)
{
    uint32_t pc = phase >= 0 ? (uint32_t)(((lut >> 10) - (uint64_t)phase) & 1023u) : 0;
    uint64_t div = (uint64_t)c->max_avg - 1024u + pc;
    uint64_t util = e->v[2], run = e->v[1] == UINT64_MAX ? e->v[2] : e->v[1], load = e->v[0];
    sa->last_update_time = lut;
    sa->period_contrib = pc;
    sa->util_avg = util;
    sa->runnable_avg = run;
    sa->load_avg = load;
    sa->util_sum = (uint32_t)(util ? util * div + div / 2 : 0);
    sa->runnable_sum = run ? run * div + div / 2 : 0;
    sa->load_sum = load ? (load * div + div / 2) / weight : 0;
}

static bool warm(uint64_t born, uint64_t ts)
{
    return ts - born >= PGT_WARMUP_NS;
}

static void compare(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0];
    if (i >= c->ncpu)
        return;
    struct cpu *p = &c->cpu[i];
    bool seed_ok = !c->p->warmup;
    cpu_start(c, i, e->ts);
    /* update_time is on the PELT clock already */
    uint64_t at = e->v[3] ? e->v[3] : pelt_of(c, i, e->ts);
    switch (e->type) {
    case PGT_PELT_SE: {
        struct task *k = task_get(c, e->pid, e->ts);
        if (!k || k->policy != POL_CFS)
            return;
        if (!k->attached) {
            if (k->sync_pending && (int32_t)i == k->sync_cpu && !k->seeded && seed_ok) {
                seed_avg(c, &k->se, e, at, p->phase, W);
                k->seeded = 1;
                k->sync_pending = 0;
                c->out->seeded_kernel++;
                p->rm_load += k->se.load_avg;
                p->rm_util += k->se.util_avg;
                p->rm_run += k->se.runnable_avg;
                return;
            }
            /* a sync of a migrating task: only seed if never seen */
            if (!k->seeded && seed_ok && k->cpu < 0) {
                seed_avg(c, &k->se, e, at, p->phase, W);
                k->seeded = 1;
                c->out->seeded_kernel++;
                return;
            }
            /* the sync of a task leaving CPU i on wake-up: its averages at
             * the source cfs_rq's last update, where the detach left it */
            if (k->seeded && k->se.last_update_time == at && k->known && p->known)
                record(c, &k->ent, k->pid, i, PGT_K_TASK, 0, e->ts, e->v[2], k->se.util_avg,
                       k->guess);
            return;
        }
        if (!k->seeded && seed_ok) {
            seed_avg(c, &k->se, e, at, c->cpu[k->cpu].phase, W);
            k->seeded = 1;
            c->out->seeded_kernel++;
            return;
        }
        if (at < k->se.last_update_time) {
            /* held past a later update of the task (it left the CPU whose
             * samples these were): the rebuild no longer has that instant */
            c->out->skipped_late++;
            return;
        }
        if (at > k->se.last_update_time)
            upd_task(c, k, at);
        if (!k->known || !p->known) {
            c->out->skipped_unknown++;
            return;
        }
        if (k->seeded || warm(k->born, e->ts))
            record(c, &k->ent, k->pid, i, PGT_K_TASK, !k->seeded, e->ts, e->v[2], k->se.util_avg,
                   k->guess);
        return;
    }
    case PGT_PELT_CFS:
    case PGT_PELT_RT:
    case PGT_PELT_DL: {
        uint32_t kind = e->type == PGT_PELT_CFS ? PGT_K_CFS : e->type == PGT_PELT_RT ? PGT_K_RT
                                                                                     : PGT_K_DL;
        struct pgov_pelt_avg *sa = kind == PGT_K_CFS ? &p->cfs : kind == PGT_K_RT ? &p->rt : &p->dl;
        bool *seeded = kind == PGT_K_CFS ? &p->cfs_seeded : kind == PGT_K_RT ? &p->rt_seeded
                                                                             : &p->dl_seeded;
        /* A cfs sample with update_time in a later PELT period than the one
         * before is the update that crossed: the kernel has just divided its
         * sum by the divider, so avg * divider + divider / 2 is within half
         * a divider of the sum. Any other sample (an attach, a detach) may
         * follow sums that no longer match the average (running time since
         * the last crossing, a detach), which surfaces at the next crossing:
         * such a seed is replaced at the first crossing the trace shows. */
        bool crossed = false;
        if (kind == PGT_K_CFS) {
            crossed = p->phase >= 0 && p->cfs_klut && period_of(p, at) > period_of(p, p->cfs_klut);
            if (at > p->cfs_klut)
                p->cfs_klut = at;
        }
        if (!*seeded && seed_ok) {
            seed_avg(c, sa, e, at, p->phase, 1);
            *seeded = true;
            if (kind == PGT_K_CFS)
                p->cfs_exact = crossed;
            c->out->seeded_kernel++;
            return;
        }
        if (kind == PGT_K_CFS && *seeded && !p->cfs_exact && crossed && p->known) {
            if (at > sa->last_update_time)
                upd_rq(c, i, at);
            seed_avg(c, sa, e, at, p->phase, 1);
            p->cfs_exact = true;
            c->out->reseeded_crossing++;
            return;
        }
        if (at > sa->last_update_time)
            upd_rq(c, i, at);
        if (!p->known) {
            c->out->skipped_unknown++;
            return;
        }
        if (*seeded || warm(p->born, e->ts))
            record(c, &p->ent[kind], -1, i, kind, !*seeded, e->ts, e->v[2], sa->util_avg, p->guess);
        return;
    }
    case PGT_UE_SE: {
        struct task *k = task_get(c, e->pid, e->ts);
        if (!k || k->policy != POL_CFS)
            return;
        /* The event's {enqueued, ewma} carry UTIL_AVG_UNCHANGED in bit 0
         * (v4.17..v5.12) or bit 31 (v5.13+); the library keeps the pair with
         * bit 0 (v4.17/v5.7 profiles), the pair with bit 31 of enqueued
         * (v5.13) or one field with bit 31 (v6.9+). */
        int prof = pgov_util_est_profile(&p->ue);
        bool pair = prof < (int)PGOV_KVER_6_9, bit0 = prof < (int)PGOV_KVER_5_13;
        uint32_t kflag = (e->v[0] & 0x80000000u) ? 1u : bit0 ? (uint32_t)(e->v[0] & 1u) : 0u;
        uint64_t kq = e->v[0] & (bit0 ? 0x7ffffffeull : 0x7fffffffull), ke = e->v[1];
        if (!k->ue_seeded && seed_ok) {
            uint32_t before = 0, after = 0;
            struct cpu *q = k->cpu >= 0 ? &c->cpu[k->cpu] : p;
            chk(c, pgov_util_est_task_contrib(&q->ue, &k->ue, &before), "util_est_task_contrib");
            ue_store(q, k, (uint32_t)kq, (uint32_t)ke, kflag);
            k->ue_seeded = 1;
            /* the CPU sum is rebuilt from its tasks: a queued task's
             * contribution changes with its seed */
            chk(c, pgov_util_est_task_contrib(&q->ue, &k->ue, &after), "util_est_task_contrib");
            if (k->on_rq && k->policy == POL_CFS)
                q->ue.enqueued += after - before;
            return;
        }
        uint64_t re = pair ? k->ue.ewma : k->ue.enqueued & 0x7fffffffu;
        uint64_t rq = pair ? k->ue.enqueued & (bit0 ? 0x7ffffffeu : 0x7fffffffu) : kq;
        /* one sample: the larger of the enqueued and ewma differences */
        uint64_t de = ke > re ? ke - re : re - ke, dq = kq > rq ? kq - rq : rq - kq;
        if (!k->known || !p->known) {
            c->out->skipped_unknown++;
            return;
        }
        if (k->ue_seeded || warm(k->born, e->ts))
            record(c, &k->ent_ue, k->pid, i, PGT_K_UE_TASK, !k->ue_seeded, e->ts,
                   de >= dq ? ke : kq, de >= dq ? re : rq, k->guess);
        return;
    }
    case PGT_UE_CFS:
        /* not seeded: the sum is rebuilt from the tasks' estimates */
        if (!p->known) {
            c->out->skipped_unknown++;
            return;
        }
        if (warm(p->born, e->ts))
            record(c, &p->ent[PGT_K_UE_CFS], -1, i, PGT_K_UE_CFS, 1, e->ts, e->v[0],
                   p->ue.enqueued, p->guess);
        return;
    default:
        return;
    }
}

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
    if (!k || !k->exiting || !k->attached || k->cpu != (int32_t)i || k->policy != POL_CFS ||
        !p->cfs_seeded || at < p->cfs.last_update_time)
        return;
    k->exiting = 0;
    upd_task(c, k, at);
    upd_rq(c, i, at);
    chk(c, pgov_pelt_detach(&p->cfs, &k->se, W), "pgov_pelt_detach");
    chk(c, pgov_pelt_attach(&p->cfs, &k->se, W), "pgov_pelt_attach");
    c->out->exit_moves++;
}

/* Compare the held samples of CPU i: the PELT ones before the transition
 * (pre), or the ones it produced (util_est, and with attach/detach the last
 * cfs sample) after it. */
static void flush(struct ctx *c, uint32_t i, bool pre, bool attach_detach)
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
        bool is_post = post_kind(e) || idx == last_cfs;
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
            transient = !first;
        }
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
            compare(c, idx);
        else
            p->pend[keep++] = idx;
    }
    p->npend = pre ? keep : 0;
}

/* Compare the held PELT samples of CPU i from kernel updates before
 * `before` (PELT clock; a tick, a blocked-load update of an idle CPU), so
 * that the state is as the kernel last updated it; the rest stay held. */
static void flush_older(struct ctx *c, uint32_t i, uint64_t before)
{
    struct cpu *p = &c->cpu[i];
    uint32_t keep = 0;
    for (uint32_t j = 0; j < p->npend; j++) {
        const struct pgt_event *e = &c->t->ev[p->pend[j]];
        bool older = e->type >= PGT_PELT_SE && e->type <= PGT_PELT_IRQ && e->v[3] &&
                     e->v[3] < before;
        for (uint32_t q = 0; q < p->npend && older; q++)
            older = q == j || c->t->ev[p->pend[q]].type != PGT_PELT_CFS ||
                    c->t->ev[p->pend[q]].v[3] != e->v[3]; /* not one of a pair */
        if (older)
            compare(c, p->pend[j]);
        else
            p->pend[keep++] = p->pend[j];
    }
    p->npend = keep;
}

/* The kernel's update time for a transition on CPU i, of event e, on the
 * PELT clock: the newest update_time among the held samples that e's CPU
 * wrote (the kernel emits a transition's samples where it runs it), if it
 * belongs to this transition; else *at, the event's own time there. */
static uint64_t t_eff(struct ctx *c, uint32_t i, const struct pgt_event *ev, uint64_t *at)
{
    struct cpu *p = &c->cpu[i];
    uint64_t u = 0, ts = pelt_of(c, i, ev->ts);
    *at = ts;
    for (uint32_t j = 0; j < p->npend; j++) {
        const struct pgt_event *e = &c->t->ev[p->pend[j]];
        if (e->v[3] > u && e->cpu == ev->cpu && e->type != PGT_UE_SE && e->type != PGT_UE_CFS)
            u = e->v[3];
    }
    return u && u <= ts && ts - u < PGT_GROUP_NS ? u : ts;
}

/* Held samples older than the grouping window were no part of this event. */
static void flush_stale(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (p->npend && ts - c->t->ev[p->pend[p->npend - 1]].ts > PGT_GROUP_NS) {
        flush(c, i, true, false);
        flush(c, i, false, false);
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
        if (f->type >= PGT_PELT_SE && f->type <= PGT_PELT_IRQ && f->v[3] && e->v[3] &&
            f->v[3] != e->v[3])
            return false;
        if (f->type >= PGT_PELT_SE && f->type <= PGT_UE_CFS)
            continue;
        return f->type == PGT_WAKEUP || f->type == PGT_WAKEUP_NEW || f->type == PGT_MIGRATE;
    }
    return false;
}

static void hold(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0];
    if (i >= c->ncpu)
        return;
    struct cpu *p = &c->cpu[i];
    flush_stale(c, i, e->ts);
    if ((e->x[3] & PGT_IN_HARDIRQ) && e->cpu == i && e->type >= PGT_PELT_SE &&
        e->type <= PGT_PELT_IRQ && (e->type != PGT_PELT_SE || e->pid == p->curr) &&
        !irq_wakeup_follows(c, idx)) {
        /* the tick's update of the running task or of the rq: no
         * transition, but the tick read the clock */
        cpu_start(c, i, e->ts);
        clock_to(c, i, e->ts);
        compare(c, idx);
        return;
    }
    if (e->type == PGT_PELT_SE) {
        /* a task detached by a wake-up migration: its sync sample follows
         * the migration event and needs no transition of its own */
        const struct task *k = pgt_pidtab_find(&c->tasks, e->pid);
        if (k && !k->attached && !k->sync_pending && k->cpu != (int32_t)i) {
            compare(c, idx);
            return;
        }
    }
    if (p->npend == PGT_PENDING) {
        flush(c, i, true, false);
        flush(c, i, false, false);
    }
    p->pend[p->npend++] = idx;
}

static uint32_t policy_of(const struct ctx *c, uint32_t prio, int32_t pid)
{
    if (pid == 0)
        return POL_IDLE;
    if (prio == 0 && strncmp(pgt_comm(c->t, pid), "migration/", 10) == 0)
        return POL_STOP;
    if (prio == UINT32_MAX)
        return POL_DL;
    return prio < 100 ? POL_RT : POL_CFS;
}

/* ------------------------------------------------------------ transitions */

static void enqueue(struct ctx *c, struct task *k, uint32_t i, uint64_t now)
{
    struct cpu *p = &c->cpu[i];
    if (k->on_rq && k->cpu == (int32_t)i)
        return;
    if (k->on_rq) { /* queued elsewhere as far as we know: events were missed */
        c->cpu[k->cpu].nr -= c->cpu[k->cpu].nr > 0 && k->policy == POL_CFS;
        detach_removed(c, k);
        k->on_rq = 0;
    }
    if (!k->placed && !k->attached) {
        /* First seen running or waking here without a migration: it was
         * attached to this cfs_rq before the trace began, and the cfs_rq's
         * (seeded) signal already holds it. Take the cfs_rq's clock and
         * period position without adding it again. */
        k->se.last_update_time = p->cfs.last_update_time;
        k->se.period_contrib = p->cfs.period_contrib;
        k->attached = 1;
        k->cpu = (int32_t)i;
    }
    k->placed = 1;
    if (k->attached && k->cpu != (int32_t)i)
        detach_removed(c, k);
    if (k->policy == POL_CFS && c->ue)
        chk(c, pgov_util_est_enqueue(&p->ue, &k->ue), "pgov_util_est_enqueue");
    if (k->attached) {
        upd_task(c, k, now);
        upd_rq(c, i, now);
    } else {
        upd_rq(c, i, now);
        attach(c, k, i);
    }
    k->cpu = (int32_t)i;
    k->on_rq = 1;
    p->nr += k->policy == POL_CFS;
}

/* The task running on CPU i when the trace began: the CPU was not idle
 * until its first sched_switch, whose prev it is (every event before that
 * switch in the CPU's buffer was written in its context). */
static void start_curr(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    int32_t pid = p->first_curr;
    p->first_curr = 0;
    struct task *k = task_get(c, pid, ts);
    if (!k)
        return;
    k->policy = (uint8_t)policy_of(c, p->first_prio, pid);
    enqueue(c, k, i, ts);
    k->running = 1;
    p->curr = pid;
    p->curr_policy = k->policy;
}

/* The running task kp of CPU p leaves the runqueue for a sleep or its
 * exit (the dequeue of __schedule; it stays the CPU's current until the
 * switch). */
static void prev_sleep(struct ctx *c, struct task *kp, struct cpu *p)
{
    kp->on_rq = 0;
    p->nr -= p->nr > 0 && kp->policy == POL_CFS;
    ue_sleep(c, kp, p, true);
}

static void on_switch(struct ctx *c, const struct pgt_event *e)
{
    uint32_t i = e->cpu;
    struct cpu *p = &c->cpu[i];
    uint64_t ts; /* the event's own time, PELT clock */
    uint64_t now = t_eff(c, i, e, &ts);
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
         * clock update). On the shift-0 icount recording pid 94 waited
         * 1.26 ms on idle CPU 0 and its util (511) rose to 526, as if it
         * had run from the enqueue. */
        bool skip = p->wake_pid == e->pid2 && p->last_now && p->last_now < exit;
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
    p->idle_exit = 0;
    cpu_start(c, i, now);
    clock_to(c, i, clock_at);
    struct task *kp = e->pid ? task_get(c, e->pid, e->ts) : NULL;
    struct task *kn = e->pid2 ? task_get(c, e->pid2, e->ts) : NULL;
    if (c->fail)
        return;
    if (guessed) {
        p->guess++;
        if (kp)
            kp->guess++;
        if (kn)
            kn->guess++;
    }
    bool ad = false;
    p->known = true;
    if (kp)
        kp->known = 1;
    if (kn)
        kn->known = 1;
    bool slept = kp && p->slept_pid == kp->pid && e->x[0] != PGT_PREV_RUNNABLE;
    p->slept_pid = 0;
    if (kp && !slept) {
        kp->policy = (uint8_t)policy_of(c, e->x[1], e->pid);
        if (!kp->on_rq || kp->cpu != (int32_t)i) /* we never saw it arrive */
            enqueue(c, kp, i, now);
        kp->running = 1;
        p->curr = kp->pid;
        p->curr_policy = kp->policy;
    }
    /* the samples before it, each at its own update_time (the kernel's
     * updates in between: the tick, a remote wake-up), then the PELT
     * updates of the outgoing task at the kernel's time */
    flush(c, i, true, false);
    if (kp && !slept)
        upd_task(c, kp, now);
    upd_rq(c, i, now);
    /* a task dequeued at a pull (pull_after_sleep) has only the switch
     * left, and an exiting task's removal, which comes after it */
    if (kp && !slept && e->x[0] != PGT_PREV_RUNNABLE)
        prev_sleep(c, kp, p);
    if (kp)
        kp->running = 0;
    if (kp && e->x[0] == PGT_PREV_DEAD) {
        detach_removed(c, kp);
        kp->dead = 1;
        ad = true;
    }
    p->curr = e->pid2;
    if (kn) {
        kn->policy = (uint8_t)policy_of(c, e->x[2], e->pid2);
        if (!kn->on_rq || kn->cpu != (int32_t)i)
            enqueue(c, kn, i, now);
        upd_task(c, kn, now);
        kn->running = 1;
        p->curr_policy = kn->policy;
    } else {
        p->curr_policy = POL_IDLE;
        if (!c->clock_identity)
            chk(c, pgov_pelt_clock_idle(&p->clk, (uint64_t)p->cfs.util_sum + p->rt.util_sum +
                                                     p->dl.util_sum),
                "pgov_pelt_clock_idle");
    }
    flush(c, i, false, ad);
}

/* A new task's averages from the kernel's attach of it: the last two held
 * cfs samples of CPU i at one update_time are the enqueue's update and the
 * attach, whose difference is what the task brought. */
static bool fork_seed(struct ctx *c, uint32_t i, struct pgov_pelt_avg *se)
{
    const struct cpu *p = &c->cpu[i];
    const struct pgt_event *a = NULL, *b = NULL;
    for (uint32_t j = p->npend; j-- > 0 && !b;) {
        const struct pgt_event *f = &c->t->ev[p->pend[j]];
        if (f->type == PGT_PELT_CFS)
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

static void on_wakeup(struct ctx *c, const struct pgt_event *e, bool fresh)
{
    uint32_t i = e->x[0];
    if (i >= c->ncpu)
        return;
    cpu_start(c, i, e->ts);
    uint64_t ts;
    uint64_t now = t_eff(c, i, e, &ts);
    clock_to(c, i, e->ts);
    struct task *k = task_get(c, e->pid, e->ts);
    if (!k)
        return;
    if (now == ts) {
        c->cpu[i].guess++;
        k->guess++;
    }
    k->policy = (uint8_t)policy_of(c, e->x[1], e->pid);
    k->known = 1;
    bool ad = !k->attached || k->cpu != (int32_t)i || fresh;
    if (fresh) {
        k->attached = 0;
        k->placed = 1;
    }
    if (k->on_rq && k->cpu == (int32_t)i) {
        flush(c, i, true, false);
        flush(c, i, false, false);
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
        flush_older(c, i, now);
        chk(c, pgov_pelt_init_task(&k->se, W, c->p->halflife), "pgov_pelt_init_task");
        if (!c->p->warmup && fork_seed(c, i, &k->se)) {
            k->seeded = 1;
            c->out->seeded_kernel++;
        } else {
            /* the ratio takes the entity's load.weight, which 64-bit
             * kernels keep at 10 more bits of resolution (nice 0: 1 << 20)
             * against the cfs_rq's unscaled load_avg, so the spare-capacity
             * cap is what a new task gets (observed: 374 = (1024 - 275) / 2
             * on the icount recording, where the unscaled ratio gives 283) */
            chk(c, pgov_pelt_post_init_task(&k->se, &p->cfs, c->p->cap[i], (uint64_t)W << 10),
                "pgov_pelt_post_init_task");
        }
    } else {
        /* an earlier update still held (an idle CPU's blocked-load update
         * 1 ms before a timer's wake-up there): compared at its own time */
        flush_older(c, i, now);
    }
    if (k->attached && k->cpu == (int32_t)i)
        upd_task(c, k, now);
    upd_rq(c, i, now);
    flush(c, i, true, ad);
    ue_from_sum(c, k, i);
    enqueue(c, k, i, now);
    flush(c, i, false, ad);
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
    struct task *kp = task_get(c, p->curr, e->ts);
    if (!kp || !kp->on_rq || kp->cpu != (int32_t)b)
        return;
    uint64_t ts, now = t_eff(c, b, e, &ts);
    if (now == ts) {
        p->guess++;
        kp->guess++;
    }
    clock_to(c, b, e->ts);
    flush(c, b, true, false);
    upd_task(c, kp, now);
    upd_rq(c, b, now);
    prev_sleep(c, kp, p); /* an exiting task's load leaves after the switch */
    flush(c, b, false, false);
    p->slept_pid = kp->pid;
}

static void on_migrate(struct ctx *c, const struct pgt_event *e)
{
    uint32_t a = e->x[0], b = e->x[1];
    if (a >= c->ncpu || b >= c->ncpu)
        return;
    struct task *k = task_get(c, e->pid, e->ts);
    if (!k)
        return;
    k->policy = (uint8_t)policy_of(c, e->x[2], e->pid);
    bool unseen = !k->placed && !k->attached;
    k->placed = 1;
    cpu_start(c, a, e->ts);
    uint64_t ts;
    uint64_t now = t_eff(c, a, e, &ts);
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
        upd_task(c, k, now);
        upd_rq(c, a, now);
        flush(c, a, true, true);
        k->on_rq = 0;
        k->running = 0;
        p->nr -= p->nr > 0 && k->policy == POL_CFS;
        if (k->policy == POL_CFS) {
            if (c->ue)
                chk(c, pgov_util_est_dequeue(&p->ue, &k->ue, p->nr), "pgov_util_est_dequeue");
            chk(c, pgov_pelt_detach(&p->cfs, &k->se, W), "pgov_pelt_detach");
        }
        k->attached = 0;
        flush(c, a, false, true);
        /* The new CPU's attach follows this event (its samples come after
         * it): what b holds now was before it, none of it the attach's. */
        cpu_start(c, b, e->ts);
        uint64_t nb = t_eff(c, b, e, &ts);
        clock_to(c, b, e->ts);
        flush(c, b, true, false);
        enqueue(c, k, b, nb);
        flush(c, b, false, false);
    } else {
        /* a waking task: its load is left behind through "removed" */
        flush(c, a, true, false);
        detach_removed(c, k);
        if (unseen && !k->seeded) {
            /* attached to a's cfs_rq since before the trace (its seeded
             * signal holds it): the sync sample that follows this event
             * gives what a's cfs_rq loses */
            k->sync_pending = 1;
            k->sync_cpu = (int32_t)a;
        }
        k->cpu = (int32_t)b;
        flush(c, a, false, false);
    }
}

static void hook(struct ctx *c, uint32_t i, const struct pgt_event *e)
{
    if (!c->p->hook || c->fail)
        return;
    const struct cpu *p = &c->cpu[i];
    struct pgt_cpu_state s = {e->ts, i, p->cfs.util_avg, p->rt.util_avg, p->dl.util_avg,
                              p->ue.enqueued, p->curr, 0, e->type};
    c->p->hook(c->p->hook_arg, &s);
}

static void lost(struct ctx *c, uint32_t i)
{
    /* Unknown state: everything on this CPU is seeded again from its next
     * kernel value; comparisons until then are skipped. */
    struct cpu *p = &c->cpu[i];
    p->npend = 0;
    p->idle_exit = 0; /* the clock rules need the events the loss took */
    p->wake_pid = 0;
    p->slept_pid = 0;
    p->cfs_seeded = p->rt_seeded = p->dl_seeded = p->ue_seeded = false;
    p->cfs_exact = false;
    p->cfs_klut = 0;
    p->known = false;
    for (size_t j = 0; j < c->tasks.cap; j++) {
        struct task *k = pgt_pidtab_slot(&c->tasks, j);
        if (k && k->cpu == (int32_t)i)
            k->seeded = k->ue_seeded = k->known = 0;
    }
    c->out->skipped_after_loss++;
}

/* The PELT period phase of each CPU from its cfs samples' update_time. A
 * cfs_rq reports when an update crosses a period boundary (and on attach /
 * detach), so between two successive update_times of a CPU's samples there
 * is usually a boundary: the phase is the one that leaves fewest of these
 * intervals without a boundary; among equals, the one closest below the
 * samples (least units-into-period summed over samples). */
static void phases(struct ctx *c)
{
    /* per CPU: hist[1024] (samples per unit of the period), then hit[1025]
     * (intervals holding a boundary at that phase, as differences) */
    size_t per = 2049u;
    int64_t *hist = calloc((size_t)c->ncpu * per, sizeof(*hist));
    uint64_t *last = calloc(c->ncpu ? c->ncpu : 1, sizeof(*last));
    int64_t *nint = calloc(c->ncpu ? c->ncpu : 1, sizeof(*nint));
    if (!hist || !last || !nint) {
        free(hist), free(last), free(nint);
        chk(c, -1, "allocation");
        return;
    }
    /* A task's samples bound the same phase: an entity takes its cfs_rq's
     * period position when it attaches, and pelt_se is written only by an
     * update that crosses a boundary, so between a task's successive
     * samples on one CPU lies a boundary of that CPU's cfs_rq. */
    struct se_last {
        int32_t pid;
        uint32_t cpu;
        uint64_t u;
    };
    struct pgt_pidtab seen;
    pgt_pidtab_init(&seen, sizeof(struct se_last));
    for (size_t j = 0; j < c->t->n; j++) {
        const struct pgt_event *e = &c->t->ev[j];
        if ((e->type != PGT_PELT_CFS && e->type != PGT_PELT_SE) || !e->v[3] || e->x[0] >= c->ncpu)
            continue;
        uint32_t i = e->x[0];
        int64_t *h = hist + (size_t)i * per, *hit = h + 1024;
        uint64_t u = e->v[3] >> 10, prev = last[i];
        if (e->type == PGT_PELT_SE) {
            bool created;
            struct se_last *l = pgt_pidtab_get(&seen, e->pid, &created);
            if (!l) {
                chk(c, -1, "allocation");
                break;
            }
            prev = !created && l->cpu == i ? l->u : 0;
            l->cpu = i;
            l->u = u;
        } else {
            h[u & 1023u]++;
            if (u > last[i])
                last[i] = u;
        }
        if (prev && u > prev) {
            /* a boundary at units (prev, u] holds phases lo .. lo + len - 1
             * (mod 1024), every phase when the interval is a period or more */
            nint[i]++;
            uint64_t len = u - prev < 1024 ? u - prev : 1024;
            uint32_t lo = (uint32_t)((prev + 1) & 1023u), hi = lo + (uint32_t)len;
            hit[lo]++;
            if (hi <= 1024) {
                hit[hi]--;
            } else {
                hit[1024]--;
                hit[0]++;
                hit[hi - 1024]--;
            }
        }
    }
    pgt_pidtab_free(&seen);
    for (uint32_t i = 0; i < c->ncpu; i++) {
        const int64_t *h = hist + (size_t)i * per, *hit = h + 1024;
        uint64_t best = UINT64_MAX, n = 0;
        int64_t best_miss = INT64_MAX, hits = 0;
        for (uint32_t r = 0; r < 1024; r++)
            n += (uint64_t)h[r];
        c->cpu[i].phase = -1;
        if (!n)
            continue;
        /* S(ph) = sum h[r] * ((r - ph) mod 1024); S(ph + 1) = S(ph) - n + 1024 h[ph] */
        uint64_t sum = 0;
        for (uint32_t r = 0; r < 1024; r++)
            sum += (uint64_t)h[r] * r;
        for (uint32_t ph = 0; ph < 1024; ph++) {
            hits += hit[ph];
            int64_t miss = nint[i] - hits;
            if (miss < best_miss || (miss == best_miss && sum < best)) {
                best_miss = miss;
                best = sum;
                c->cpu[i].phase = (int32_t)ph;
            }
            sum = sum - n + 1024u * (uint64_t)h[ph];
        }
        c->out->phase_cpus++;
    }
    free(hist), free(last), free(nint);
}

/* Each CPU's running task at the trace's start, from its first
 * sched_switch (none after a loss before it: the state is unknown then). */
static void first_currs(struct ctx *c)
{
    uint32_t left = c->ncpu;
    uint8_t *seen = calloc(c->ncpu ? c->ncpu : 1, 1);
    if (!seen) {
        chk(c, -1, "allocation");
        return;
    }
    for (size_t j = 0; j < c->t->n && left; j++) {
        const struct pgt_event *e = &c->t->ev[j];
        if (e->cpu >= c->ncpu || seen[e->cpu] || (e->type != PGT_SWITCH && e->type != PGT_LOST))
            continue;
        seen[e->cpu] = 1;
        left--;
        if (e->type == PGT_SWITCH && e->pid > 0) {
            c->cpu[e->cpu].first_curr = e->pid;
            c->cpu[e->cpu].first_prio = e->x[1];
        }
    }
    free(seen);
}

int pgt_signals_run(const struct pgt_trace *t, const struct pgt_platform *p, bool keep_samples,
                    struct pgt_signals *out, char *err, size_t errlen)
{
    struct ctx c = {.t = t, .p = p, .out = out, .keep = keep_samples, .err = err, .errlen = errlen};
    memset(out, 0, sizeof(*out));
    pgt_pidtab_init(&c.tasks, sizeof(struct task));
    c.ncpu = t->ncpu;
    c.cpu = calloc(c.ncpu ? c.ncpu : 1, sizeof(*c.cpu));
    int md = pgov_pelt_min_divider(p->halflife);
    if (!c.cpu || md < 0) {
        snprintf(err, errlen, "%s: %s", t->path, c.cpu ? "unsupported half-life" : "out of memory");
        free(c.cpu);
        return -1;
    }
    if (p->kver && p->kver < PGOV_KVER_4_14) {
        /* 4.13 and older: another PELT (v4.12's 47742 divider, v4.4's
         * dropped sub-unit remainder) that libpgov does not implement */
        snprintf(err, errlen, "%s: kernel version not supported (--kver): PELT is rebuilt for 4.14 on",
                 t->path);
        free(c.cpu);
        return -1;
    }
    c.max_avg = (uint32_t)md + 1024u;
    c.clock_identity = true;
    for (uint32_t i = 0; i < c.ncpu; i++)
        c.clock_identity &= p->cap[i] == 1024 && !p->max_khz[i];
    if (!c.clock_identity && p->kver && p->kver < PGOV_KVER_5_1) {
        /* those kernels scale each contribution, not the clock */
        c.contrib_scaled = true;
        c.clock_identity = true;
    }
    c.uecfg = (struct pgov_util_est_cfg){sizeof(c.uecfg), p->kver, 0, 0};
    /* util_est came in 4.17; 4.14 .. 4.16 have PELT alone (their PELT
     * arithmetic: docs/trace.md "Kernels 4.14 .. 4.16") */
    c.ue = !p->kver || p->kver >= PGOV_KVER_4_17;
    if (!c.ue)
        out->ue_absent_kver = p->kver;
    for (uint32_t i = 0; i < c.ncpu; i++) {
        c.cpu[i].freq_cap = 1024;
        for (int k = 0; k < PGT_NKINDS; k++)
            c.cpu[i].ent[k] = -1;
        if (c.ue && pgov_util_est_init(&c.cpu[i].ue, &c.uecfg)) {
            snprintf(err, errlen, "%s: kernel version not supported by util_est (--kver)", t->path);
            free(c.cpu);
            return -1;
        }
    }
    phases(&c);
    first_currs(&c);
    for (size_t j = 0; j < t->n && !c.fail; j++) {
        const struct pgt_event *e = &t->ev[j];
        if (e->cpu < c.ncpu && e->type != PGT_PELT_SE && e->type != PGT_PELT_CFS &&
            e->type != PGT_PELT_RT && e->type != PGT_PELT_DL && e->type != PGT_UE_SE &&
            e->type != PGT_UE_CFS)
            flush_stale(&c, e->cpu, e->ts);
        switch (e->type) {
        case PGT_SWITCH:
            if (e->cpu < c.ncpu) {
                on_switch(&c, e);
                hook(&c, e->cpu, e);
            }
            break;
        case PGT_WAKEUP:
        case PGT_WAKEUP_NEW:
            if (e->x[0] < c.ncpu)
                flush_stale(&c, e->x[0], e->ts);
            on_wakeup(&c, e, e->type == PGT_WAKEUP_NEW);
            if (e->x[0] < c.ncpu)
                hook(&c, e->x[0], e);
            break;
        case PGT_MIGRATE:
            on_migrate(&c, e);
            if (e->x[0] < c.ncpu && e->x[1] < c.ncpu) {
                hook(&c, e->x[0], e);
                hook(&c, e->x[1], e);
            }
            break;
        case PGT_IDLE:
            if (e->x[1] < c.ncpu)
                c.cpu[e->x[1]].idle_exit = e->x[0] == UINT32_MAX ? e->ts : 0;
            break;
        case PGT_FREQ:
            if (e->x[1] < c.ncpu && p->max_khz[e->x[1]]) {
                /* the kernel scales each clock delta by the frequency
                 * scale when it reads the clock: no reading here */
                uint32_t i = e->x[1];
                uint64_t f = (uint64_t)e->x[0] * 1024u / p->max_khz[i];
                c.cpu[i].freq_cap = f > 1024 ? 1024u : (uint32_t)f;
            }
            break;
        case PGT_PELT_SE:
        case PGT_PELT_CFS:
        case PGT_PELT_RT:
        case PGT_PELT_DL:
            hold(&c, j);
            break;
        case PGT_UE_SE:
        case PGT_UE_CFS:
            if (c.ue)
                hold(&c, j);
            else
                out->ue_unexpected++; /* a kernel without util_est emits none: not compared */
            break;
        case PGT_EXIT: {
            struct task *k = pgt_pidtab_find(&c.tasks, e->pid);
            if (k)
                k->exiting = 1;
            break;
        }
        case PGT_LOST:
            if (e->cpu < c.ncpu)
                lost(&c, e->cpu);
            break;
        case PGT_HOTPLUG:
            /* a teardown step: the CPU may stop running anything without a
             * sched_switch to idle; the hook takes it as offline until the
             * next sched_switch there */
            if (e->x[0] < c.ncpu && !e->x[1])
                hook(&c, e->x[0], e);
            break;
        default:
            break;
        }
    }
    for (uint32_t i = 0; i < c.ncpu && !c.fail; i++) {
        flush(&c, i, true, false);
        flush(&c, i, false, false);
    }
    for (size_t j = 0; j < c.tasks.cap; j++) {
        const struct task *k = pgt_pidtab_slot(&c.tasks, j);
        if (k && !k->seeded)
            out->seeded_warmup++;
    }
    pgt_pidtab_free(&c.tasks);
    free(c.cpu);
    if (c.fail) {
        pgt_signals_free(out);
        return -1;
    }
    return 0;
}

void pgt_signals_free(struct pgt_signals *s)
{
    free(s->ent);
    free(s->samples);
    memset(s, 0, sizeof(*s));
}
