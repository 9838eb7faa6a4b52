/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tasks and CPUs of the rebuild and their PELT/util_est updates, in the
 * kernel's order (the entity, then its cfs_rq; attach, detach, "removed").
 * (signals.c has the whole design.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signals_int.h"

struct task *sg_task_get(struct ctx *c, int32_t pid, uint64_t ts)
{
    bool created;
    struct task *k = pgt_pidtab_get(&c->tasks, pid, &created);
    if (!k) {
        sg_chk(c, -1, "allocation");
        return NULL;
    }
    if (created) {
        k->cpu = -1;
        k->ent = k->ent_ue = -1;
        k->born = ts;
        sg_chk(c, pgov_pelt_init_task(&k->se, W, c->p->halflife), "pgov_pelt_init_task");
        sg_grp_task_init(c, k);
    }
    return k;
}

int32_t sg_entity(struct ctx *c, int32_t pid, uint32_t cpu, uint32_t kind, uint32_t seed)
{
    struct pgt_signals *o = c->out;
    struct pgt_entity_stat *e = realloc(o->ent, (o->nent + 1) * sizeof(*e));
    if (!e) {
        sg_chk(c, -1, "allocation");
        return -1;
    }
    o->ent = e;
    e[o->nent] = (struct pgt_entity_stat){pid, cpu, kind, seed, {0, 0, 0}, false, 0, 0};
    return (int32_t)o->nent++;
}


/* Time domains. Event timestamps are the task clock; every `now` given to
 * a PELT update, the kernel's update_time, the CPU's last_now are the PELT
 * clock (v5.1+: the task clock scaled by capacity and frequency while the
 * CPU runs, synchronised to it while idle, less the lost idle time; before
 * 5.1 the task clock itself, the contributions scaled instead). Each
 * CPU's pgov_pelt_clock converts one into the other; it is advanced only
 * where the kernel reads its clock: at a transition's own time, at the
 * tick's samples, and while idle (where it only follows the task clock). */

/* Start CPU i at time ts (both clocks read ts there). */
void sg_cpu_start(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (!p->started) {
        p->started = true;
        p->born = ts;
        sg_chk(c, pgov_pelt_clock_init(&p->clk, ts, 1), "pgov_pelt_clock_init");
        sg_chk(c, pgov_pelt_init(&p->cfs, ts, c->p->halflife), "pgov_pelt_init");
        sg_chk(c, pgov_pelt_init(&p->rt, ts, c->p->halflife), "pgov_pelt_init");
        sg_chk(c, pgov_pelt_init(&p->dl, ts, c->p->halflife), "pgov_pelt_init");
    }
    if (p->first_curr > 0 && p->began) /* (else when its buffer begins: signals.c) */
        sg_start_curr(c, i, ts);
}

/* The PELT clock of CPU i at task time ts, were the kernel to read its
 * clock there in the CPU's present state (the clock itself unchanged). A
 * time before the clock's last reading (an event can follow the kernel's
 * reading by tens of microseconds) reads back from it at the present
 * state's rate. */
uint64_t sg_pelt_of_scaled(struct ctx *c, uint32_t i, uint64_t ts)
{
    const struct cpu *p = &c->cpu[i];
    struct pgov_pelt_clock k = p->clk;
    uint64_t now = ts;
    if (ts > k.clock_task)
        sg_chk(c, pgov_pelt_clock_update(&k, ts, p->curr == 0, c->p->cap[i], p->freq_cap),
            "pgov_pelt_clock_update");
    sg_chk(c, pgov_pelt_clock_now(&k, &now), "pgov_pelt_clock_now");
    if (ts < k.clock_task) {
        uint64_t d = k.clock_task - ts;
        if (p->curr != 0)
            d = ((d * c->p->cap[i]) >> 10) * p->freq_cap >> 10;
        now -= d;
    }
    return now;
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
        sg_chk(c, pgov_pelt_segments_hl(c->p->halflife, t >> 10, 1024u - sa->period_contrib,
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
        sg_chk(c, pgov_pelt_update_avgs(sa, weight), "pgov_pelt_update_avgs");
    return r;
}

void sg_upd_task(struct ctx *c, struct task *k, uint64_t now)
{
    if (!k->attached || k->policy != POL_CFS)
        return;
    int r = c->contrib_scaled
                ? upd_scaled(c, &k->se, (uint32_t)k->cpu, now, k->on_rq, k->on_rq, k->running, W)
                : pgov_pelt_update_task(&k->se, now, k->on_rq, 0, k->running, W);
    sg_chk(c, r, "pgov_pelt_update_task");
    c->out->updates++;
    if (r == 1 && c->ue)
        sg_chk(c, pgov_util_est_util_changed(&c->cpu[k->cpu].ue, &k->ue), "util_est_util_changed");
}

void sg_upd_rq(struct ctx *c, uint32_t i, uint64_t now)
{
    struct cpu *p = &c->cpu[i];
    bool cfs_curr = p->curr > 0 && p->curr_policy == POL_CFS;
    if (p->rm_load | p->rm_util | p->rm_run) {
        sg_chk(c, pgov_pelt_remove(&p->cfs, p->rm_load, p->rm_util, p->rm_run), "pgov_pelt_remove");
        p->rm_load = p->rm_util = p->rm_run = 0;
    }
    if (now > p->last_now)
        p->last_now = now;
    bool rt = p->curr > 0 && p->curr_policy == POL_RT, dl = p->curr > 0 && p->curr_policy == POL_DL;
    if (c->contrib_scaled) {
        sg_chk(c, upd_scaled(c, &p->cfs, i, now, (uint64_t)p->nr * W, p->nr, cfs_curr, 1), "cfs update");
        sg_chk(c, upd_scaled(c, &p->rt, i, now, rt, rt, rt, 1), "rt update");
        sg_chk(c, upd_scaled(c, &p->dl, i, now, dl, dl, dl, 1), "dl update");
    } else {
        sg_chk(c, pgov_pelt_update_cfs_rq(&p->cfs, now, (uint64_t)p->nr * W, p->nr, cfs_curr),
            "pgov_pelt_update_cfs_rq");
        sg_chk(c, pgov_pelt_update_rt(&p->rt, now, rt), "pgov_pelt_update_rt");
        sg_chk(c, pgov_pelt_update_dl(&p->dl, now, dl), "pgov_pelt_update_dl");
    }
    sg_grp_root_update(c, i, now);
    c->out->updates += 3;
}

void sg_detach_removed(struct ctx *c, struct task *k)
{
    if (!k->attached)
        return;
    struct cpu *p = &c->cpu[k->cpu];
    if (sg_grp_remove(c, k)) {
        k->attached = 0; /* through its group's runqueue (signals_group.c) */
        return;
    }
    if (k->policy == POL_CFS) {
        sg_chk(c, pgov_pelt_update_blocked_se(&k->se, p->cfs.last_update_time, W),
            "pgov_pelt_update_blocked_se");
        p->rm_load += k->se.load_avg;
        p->rm_util += k->se.util_avg;
        p->rm_run += k->se.runnable_avg;
    }
    k->attached = 0;
}

void sg_attach(struct ctx *c, struct task *k, uint32_t i)
{
    struct cpu *p = &c->cpu[i];
    k->cpu = (int32_t)i;
    if (k->policy == POL_CFS)
        sg_chk(c, pgov_pelt_attach(&p->cfs, &k->se, W), "pgov_pelt_attach");
    k->attached = 1;
}

void sg_ue_sleep(struct ctx *c, struct task *k, struct cpu *p, bool sleep)
{
    if (k->policy != POL_CFS || !c->ue)
        return;
    sg_chk(c, pgov_util_est_dequeue(&p->ue, &k->ue, p->nr), "pgov_util_est_dequeue");
    int r = pgov_util_est_update(&p->ue, &k->ue, sleep, k->se.util_avg, k->se.runnable_avg,
                                 c->p->cap[k->cpu]);
    sg_chk(c, r, "pgov_util_est_update");
}

/* A task's estimate {enqueued, ewma, flag} in the layout of CPU p's
 * util_est profile: the pair with the flag in bit 0 (v4.17..v5.12) or in
 * bit 31 of enqueued (v5.13+), or from v6.9 one field (ewma) with bit 31. */
void sg_ue_store(const struct cpu *p, struct task *k, uint32_t enq, uint32_t ewma, uint32_t flag)
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
void sg_ue_from_sum(struct ctx *c, struct task *k, uint32_t i)
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
    sg_ue_store(p, k, d, d, 1);
}
