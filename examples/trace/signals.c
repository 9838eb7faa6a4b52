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

#include "signals_int.h"

const char *pgt_kind_name(uint32_t kind)
{
    static const char *const n[PGT_NKINDS] = {"task", "cfs", "rt", "dl", "irq", "util_est",
                                              "util_est_cfs", "group_se", "group_cfs"};
    return kind < PGT_NKINDS ? n[kind] : "?";
}

void sg_chk(struct ctx *c, int r, const char *what)
{
    if (r < 0 && !c->fail) {
        c->fail = 1;
        snprintf(c->err, c->errlen, "%s: %s failed (%d)", c->t->path, what, r);
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
    /* its task groups' runqueues and entities too; their counts only when
     * a switch had set them (before one the walks have not run) */
    sg_grp_lost(c, i, p->known);
    p->lost_hit = true;
    c->lost_any = true;
    p->npend = 0;
    p->idle_exit = 0; /* the clock rules need the events the loss took */
    p->wake_pid = 0;
    p->wake_read = 0;
    p->mig_idle = false;
    p->slept_pid = 0;
    p->slept_put = false;
    p->cfs_seeded = p->rt_seeded = p->dl_seeded = p->ue_seeded = false;
    p->cfs_exact = false;
    p->cfs_klut = 0;
    p->known = false;
    for (size_t j = 0; j < c->tasks.cap; j++) {
        struct task *k = pgt_pidtab_slot(&c->tasks, j);
        if (k && k->cpu == (int32_t)i)
            k->seeded = k->ue_seeded = k->known = 0;
    }
    p->lost_open = c->grp != NULL;
}

/* The first event of a CPU after its lost-events marker ends the lost
 * stretch: what that CPU's lost events did to any task (a migration, a
 * remote wake-up) is done by then, so every task's place is re-learnt
 * from its next sample unless a scheduling event of its own comes first
 * (a task's sample inside the stretch may predate its move: the hog 118
 * on qemu-7.3-icount-groups, preempted on CPU 1 at 3.223750 s, pulled to
 * CPU 0 in the cut). */
static void stretch_end(struct ctx *c, uint32_t i)
{
    c->cpu[i].lost_open = false;
    for (size_t j = 0; j < c->tasks.cap; j++) {
        struct task *k = pgt_pidtab_slot(&c->tasks, j);
        if (k)
            k->relearn = 1;
    }
}

/* CPU i's own buffer begins at ts. Its first running task (first_curr)
 * ran from there: a CPU started earlier by another's event (a remote
 * wake-up placing a task there) has it now; until now it was unknown. A
 * late start (qemu-6.1-icount-groups with CPU 0's first 5 events cut):
 * date 104, forked onto CPU 0 by CPU 1 at 2.163377 s, was taken as
 * running there before the wake-up that placed it, so adopted without its
 * post_init (76 where the kernel had 523 in /autogroup-1). */
static void began(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    p->began = true;
    if (p->started && p->first_curr > 0)
        sg_start_curr(c, i, ts);
}

/* A task's scheduling event places it: its CPU is no longer to be
 * re-learnt from its samples. */
static void placed(struct ctx *c, int32_t pid)
{
    struct task *k = pid > 0 ? pgt_pidtab_find(&c->tasks, pid) : NULL;
    if (k)
        k->relearn = 0;
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
        sg_chk(c, -1, "allocation");
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
                sg_chk(c, -1, "allocation");
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
 * sched_switch (none after a loss before it: the state is unknown then;
 * a marker before the CPU's first event is a late start, see step()). */
static void first_currs(struct ctx *c)
{
    uint32_t left = c->ncpu;
    uint8_t *seen = calloc(c->ncpu ? c->ncpu : 1, 2); /* [cpu]: done, [ncpu + cpu]: began */
    if (!seen) {
        sg_chk(c, -1, "allocation");
        return;
    }
    for (size_t j = 0; j < c->t->n && left; j++) {
        const struct pgt_event *e = &c->t->ev[j];
        if (e->cpu >= c->ncpu || seen[e->cpu])
            continue;
        bool began = seen[c->ncpu + e->cpu];
        seen[c->ncpu + e->cpu] |= e->type != PGT_LOST;
        if (e->type != PGT_SWITCH && (e->type != PGT_LOST || !began))
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

/* The rebuild's starting state for trace T on platform P: each CPU's
 * clock, util_est and entity slots. 0, or -1 with the reason in c->err. */
static int setup(struct ctx *c)
{
    const struct pgt_trace *t = c->t;
    const struct pgt_platform *p = c->p;
    c->ncpu = t->ncpu;
    c->cpu = calloc(c->ncpu ? c->ncpu : 1, sizeof(*c->cpu));
    int md = pgov_pelt_min_divider(p->halflife);
    if (!c->cpu || md < 0) {
        snprintf(c->err, c->errlen, "%s: %s", t->path, c->cpu ? "unsupported half-life" : "out of memory");
        return -1;
    }
    if (p->kver && p->kver < PGOV_KVER_4_14) {
        /* 4.13 and older: another PELT (v4.12's 47742 divider, v4.4's
         * dropped sub-unit remainder) that libpgov does not implement */
        snprintf(c->err, c->errlen, "%s: kernel version not supported (--kver): PELT is rebuilt for 4.14 on",
                 t->path);
        return -1;
    }
    c->max_avg = (uint32_t)md + 1024u;
    for (size_t j = 0; j < t->n && !c->t0; j++)
        c->t0 = t->ev[j].type == PGT_LOST ? 0 : t->ev[j].ts;
    c->clock_identity = true;
    for (uint32_t i = 0; i < c->ncpu; i++)
        c->clock_identity &= p->cap[i] == 1024 && !p->max_khz[i];
    if (!c->clock_identity && p->kver && p->kver < PGOV_KVER_5_1) {
        /* those kernels scale each contribution, not the clock */
        c->contrib_scaled = true;
        c->clock_identity = true;
    }
    c->uecfg = (struct pgov_util_est_cfg){sizeof(c->uecfg), p->kver, 0, 0};
    /* util_est came in 4.17; 4.14 .. 4.16 have PELT alone (their PELT
     * arithmetic: docs/trace.md "Kernels 4.14 .. 4.16") */
    c->ue = !p->kver || p->kver >= PGOV_KVER_4_17;
    if (!c->ue)
        c->out->ue_absent_kver = p->kver;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        c->cpu[i].freq_cap = 1024;
        for (int k = 0; k < PGT_NKINDS; k++)
            c->cpu[i].ent[k] = -1;
        if (c->ue && pgov_util_est_init(&c->cpu[i].ue, &c->uecfg)) {
            snprintf(c->err, c->errlen, "%s: kernel version not supported by util_est (--kver)", t->path);
            return -1;
        }
    }
    return 0;
}

/* Event J of the trace applied to the rebuild (a transition) or held (a
 * kernel sample, compared when its transition is applied). */
static void step(struct ctx *c, size_t j)
{
    const struct pgt_event *e = &c->t->ev[j];
    const struct pgt_platform *p = c->p;
    if (e->cpu < c->ncpu && e->type != PGT_PELT_SE && e->type != PGT_PELT_CFS &&
        e->type != PGT_PELT_RT && e->type != PGT_PELT_DL && e->type != PGT_UE_SE &&
        e->type != PGT_UE_CFS && e->type != PGT_PELT_GROUP)
        sg_flush_stale(c, e->cpu, e->ts);
    if (e->cpu < c->ncpu && c->cpu[e->cpu].lost_open && e->type != PGT_LOST)
        stretch_end(c, e->cpu);
    if (e->cpu < c->ncpu && e->type != PGT_LOST && !c->cpu[e->cpu].began)
        began(c, e->cpu, e->ts);
    if (c->lost_any && (e->type == PGT_SWITCH || e->type == PGT_WAKEUP || e->type == PGT_WAKEUP_NEW ||
                        e->type == PGT_MIGRATE)) {
        placed(c, e->pid);
        if (e->type == PGT_SWITCH)
            placed(c, e->pid2);
    }
    switch (e->type) {
    case PGT_SWITCH:
        if (e->cpu < c->ncpu) {
            sg_on_switch(c, e);
            hook(c, e->cpu, e);
        }
        break;
    case PGT_WAKEUP:
    case PGT_WAKEUP_NEW:
        if (e->x[0] < c->ncpu)
            sg_flush_stale(c, e->x[0], e->ts);
        sg_on_wakeup(c, e, e->type == PGT_WAKEUP_NEW);
        if (e->x[0] < c->ncpu)
            hook(c, e->x[0], e);
        break;
    case PGT_MIGRATE:
        sg_on_migrate(c, e);
        if (e->x[0] < c->ncpu && e->x[1] < c->ncpu) {
            hook(c, e->x[0], e);
            hook(c, e->x[1], e);
        }
        break;
    case PGT_IDLE:
        if (e->x[1] < c->ncpu)
            c->cpu[e->x[1]].idle_exit = e->x[0] == UINT32_MAX ? e->ts : 0;
        break;
    case PGT_FREQ:
        if (e->x[1] < c->ncpu && p->max_khz[e->x[1]]) {
            /* the kernel scales each clock delta by the frequency
             * scale when it reads the clock: no reading here */
            uint32_t i = e->x[1];
            uint64_t f = (uint64_t)e->x[0] * 1024u / p->max_khz[i];
            c->cpu[i].freq_cap = f > 1024 ? 1024u : (uint32_t)f;
        }
        break;
    case PGT_PELT_SE:
    case PGT_PELT_CFS:
    case PGT_PELT_RT:
    case PGT_PELT_DL:
        sg_hold(c, j);
        break;
    case PGT_UE_SE:
    case PGT_UE_CFS:
        if (c->ue)
            sg_hold(c, j);
        else
            c->out->ue_unexpected++; /* a kernel without util_est emits none: not compared */
        break;
    case PGT_PELT_GROUP:
        /* counted per class; compared when the hierarchy is rebuilt */
        if (e->x[1])
            c->out->group_se_samples++;
        else
            c->out->group_cfs_samples++;
        if (c->grp)
            sg_hold(c, j);
        break;
    case PGT_EXIT: {
        struct task *k = pgt_pidtab_find(&c->tasks, e->pid);
        if (k)
            k->exiting = 1;
        break;
    }
    case PGT_LOST:
        /* CPU N's state is unknown from here. Its lost events also held
         * what it did to the others (remote wake-ups, migrations, their
         * runqueues' samples), which they keep: marking every CPU lost
         * was measured worse (docs/trace.md "Not done yet"). */
        if (e->cpu >= c->ncpu)
            break;
        if (!c->cpu[e->cpu].began) {
            /* before the CPU's first event: what it lost is what a late
             * start (an overwritten buffer's `##### CPU N buffer
             * started`) never shows either, and is taken as one: the
             * CPU is seeded from its first kernel values and compared
             * after its first sched_switch, whose prev ran before it */
            c->out->lost_at_start++;
            break;
        }
        lost(c, e->cpu);
        c->out->skipped_after_loss++;
        break;
    case PGT_HOTPLUG:
        /* a teardown step: the CPU may stop running anything without a
         * sched_switch to idle; the hook takes it as offline until the
         * next sched_switch there */
        if (e->x[0] < c->ncpu && !e->x[1])
            hook(c, e->x[0], e);
        break;
    default:
        break;
    }
}

int pgt_signals_run(const struct pgt_trace *t, const struct pgt_platform *p, bool keep_samples,
                    struct pgt_signals *out, char *err, size_t errlen)
{
    struct ctx c = {.t = t, .p = p, .out = out, .keep = keep_samples, .err = err, .errlen = errlen};
    memset(out, 0, sizeof(*out));
    pgt_pidtab_init(&c.tasks, sizeof(struct task));
    if (setup(&c) || sg_grp_setup(&c)) {
        sg_grp_free(&c);
        free(c.cpu);
        return -1;
    }
    phases(&c);
    first_currs(&c);
    for (size_t j = 0; j < t->n && !c.fail; j++)
        step(&c, j);
    for (uint32_t i = 0; i < c.ncpu && !c.fail; i++) {
        sg_flush(&c, i, true, false);
        sg_flush(&c, i, false, false);
    }
    for (size_t j = 0; j < c.tasks.cap; j++) {
        const struct task *k = pgt_pidtab_slot(&c.tasks, j);
        if (k && !k->seeded)
            out->seeded_warmup++;
    }
    sg_grp_free(&c);
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
