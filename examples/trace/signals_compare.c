/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel samples against the rebuilt values: seeding an entity from its
 * first sample, then recording the difference of every later one.
 * (signals.c has the whole design.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signals_int.h"

/* epoch: the count of transitions placed without a kernel time that the
 * entity's inputs have had; a sample whose entity was exact at its previous
 * sample and whose epoch has not moved since is "clean": every input of
 * the interval came from the trace and the kernel's own times. */
void sg_record(struct ctx *c, int32_t *ent, int32_t pid, uint32_t cpu, uint32_t kind, uint32_t seed,
               uint64_t ts, uint64_t kv, uint64_t rv, uint32_t epoch)
{
    if (*ent < 0)
        *ent = sg_entity(c, pid, cpu, kind, seed);
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
                sg_chk(c, -1, "allocation");
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
void sg_seed_avg(struct ctx *c, struct pgov_pelt_avg *sa, const struct pgt_event *e, uint64_t lut,
                 int32_t phase, uint64_t weight)
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

/* A task's PELT sample (sched_pelt_se): a seed, the sync of a task leaving
 * the CPU, or a comparison at the task's update. */
static void cmp_task(struct ctx *c, const struct pgt_event *e, uint32_t i, uint64_t at,
                     bool seed_ok)
{
    struct cpu *p = &c->cpu[i];
    struct task *k = sg_task_get(c, e->pid, e->ts);
    if (!k || k->policy != POL_CFS)
        return;
    if (!k->attached) {
        if (k->sync_pending && (int32_t)i == k->sync_cpu && !k->seeded && seed_ok) {
            sg_seed_avg(c, &k->se, e, at, p->phase, W);
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
            sg_seed_avg(c, &k->se, e, at, p->phase, W);
            k->seeded = 1;
            c->out->seeded_kernel++;
            return;
        }
        /* the sync of a task leaving CPU i on wake-up: its averages at
         * the source cfs_rq's last update, where the detach left it */
        if (k->seeded && k->se.last_update_time == at && k->known && p->known)
            sg_record(c, &k->ent, k->pid, i, PGT_K_TASK, 0, e->ts, e->v[2], k->se.util_avg,
                   k->guess);
        return;
    }
    if (!k->seeded && seed_ok) {
        sg_seed_avg(c, &k->se, e, at, c->cpu[k->cpu].phase, W);
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
        sg_upd_task(c, k, at);
    if (!k->known || !p->known) {
        c->out->skipped_unknown++;
        return;
    }
    if (k->seeded || warm(k->born, e->ts))
        sg_record(c, &k->ent, k->pid, i, PGT_K_TASK, !k->seeded, e->ts, e->v[2], k->se.util_avg,
               k->guess);
}

/* A cfs_rq's, rt's or dl's PELT sample: a seed (again at the first period
 * crossing for cfs), else a comparison at the rq's update. */
static void cmp_rq(struct ctx *c, const struct pgt_event *e, uint32_t i, uint64_t at,
                   bool seed_ok)
{
    struct cpu *p = &c->cpu[i];
    uint32_t kind = e->type == PGT_PELT_CFS ? PGT_K_CFS : e->type == PGT_PELT_RT ? PGT_K_RT
                                                                                 : PGT_K_DL;
    struct pgov_pelt_avg *sa = kind == PGT_K_CFS ? &p->cfs : kind == PGT_K_RT ? &p->rt : &p->dl;
    if (kind == PGT_K_CFS && c->grp) {
        sa = sg_grp_root(c, i); /* the root the hierarchy's propagation builds */
        sg_grp_propagation(c, e, 0, at);
    }
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
        sg_seed_avg(c, sa, e, at, p->phase, 1);
        *seeded = true;
        if (kind == PGT_K_CFS)
            p->cfs_exact = crossed;
        c->out->seeded_kernel++;
        return;
    }
    if (kind == PGT_K_CFS && *seeded && !p->cfs_exact && crossed && p->known) {
        if (at > sa->last_update_time)
            sg_upd_rq(c, i, at);
        sg_seed_avg(c, sa, e, at, p->phase, 1);
        p->cfs_exact = true;
        c->out->reseeded_crossing++;
        return;
    }
    if (at > sa->last_update_time)
        sg_upd_rq(c, i, at);
    if (!p->known) {
        c->out->skipped_unknown++;
        return;
    }
    if (c->grp && kind == PGT_K_CFS && sg_grp_debug())
        fprintf(stderr, "gdbg root ts %llu cpu %u kern %llu reb %u ut %llu lut %llu pc %u phase %d\n",
                (unsigned long long)e->ts, i, (unsigned long long)e->v[2], (unsigned)sa->util_avg,
                (unsigned long long)e->v[3], (unsigned long long)sa->last_update_time, (unsigned)sa->period_contrib,
                (int)p->phase);
    if (*seeded || warm(p->born, e->ts))
        sg_record(c, &p->ent[kind], -1, i, kind, !*seeded, e->ts, e->v[2], sa->util_avg, p->guess);
}

/* A task's util_est sample: its seed, else the larger of its enqueued and
 * ewma differences. */
static void cmp_task_ue(struct ctx *c, const struct pgt_event *e, uint32_t i, bool seed_ok)
{
    struct cpu *p = &c->cpu[i];
    struct task *k = sg_task_get(c, e->pid, e->ts);
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
        sg_chk(c, pgov_util_est_task_contrib(&q->ue, &k->ue, &before), "util_est_task_contrib");
        sg_ue_store(q, k, (uint32_t)kq, (uint32_t)ke, kflag);
        k->ue_seeded = 1;
        /* the CPU sum is rebuilt from its tasks: a queued task's
         * contribution changes with its seed */
        sg_chk(c, pgov_util_est_task_contrib(&q->ue, &k->ue, &after), "util_est_task_contrib");
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
        sg_record(c, &k->ent_ue, k->pid, i, PGT_K_UE_TASK, !k->ue_seeded, e->ts,
               de >= dq ? ke : kq, de >= dq ? re : rq, k->guess);
}

void sg_compare(struct ctx *c, size_t idx)
{
    const struct pgt_event *e = &c->t->ev[idx];
    uint32_t i = e->x[0];
    if (i >= c->ncpu)
        return;
    struct cpu *p = &c->cpu[i];
    bool seed_ok = !c->p->warmup;
    sg_cpu_start(c, i, e->ts);
    /* update_time is on the PELT clock already */
    uint64_t at = e->v[3] ? e->v[3] : pelt_of(c, i, e->ts);
    switch (e->type) {
    case PGT_PELT_SE: {
        cmp_task(c, e, i, at, seed_ok);
        struct task *k = pgt_pidtab_find(&c->tasks, e->pid);
        if (k && k->dead && k->attached) /* the removal its switch left to this sample (leave_dead) */
            sg_detach_removed(c, k);
        return;
    }
    case PGT_PELT_CFS:
    case PGT_PELT_RT:
    case PGT_PELT_DL:
        cmp_rq(c, e, i, at, seed_ok);
        return;
    case PGT_UE_SE:
        cmp_task_ue(c, e, i, seed_ok);
        return;
    case PGT_PELT_GROUP:
        sg_grp_compare(c, e, i, at, seed_ok);
        return;
    case PGT_UE_CFS:
        /* not seeded: the sum is rebuilt from the tasks' estimates */
        if (!p->known) {
            c->out->skipped_unknown++;
            return;
        }
        if (warm(p->born, e->ts))
            sg_record(c, &p->ent[PGT_K_UE_CFS], -1, i, PGT_K_UE_CFS, 1, e->ts, e->v[0],
                   p->ue.enqueued, p->guess);
        return;
    default:
        return;
    }
}
