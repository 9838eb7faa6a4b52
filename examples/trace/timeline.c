/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace timeline (timeline.h): each task's states from the events
 * that change them, walked like workload.c walks them:
 *
 *   sched_switch       prev: R (preempted) -> runnable, S or D -> sleeping,
 *                      X or Z (or not R after its sched_process_exit) -> dead;
 *                      next -> running on the switch's CPU
 *   sched_wakeup/_new  -> runnable on the target CPU (not while running)
 *   sched_migrate_task -> the same state on the destination CPU
 *   sched_process_exit -> marks the task: its next switch-out is its death
 *
 * A task runs from a switch-in to its switch-out only, so its running
 * intervals are its switch-ins. Its first interval starts at the first
 * event that tells its state: a migration before it (at a fork or a
 * wake-up) only gives the CPU, and a task switched out at a CPU's first
 * sched_switch (running since before the trace) starts there. A missed
 * switch-out (a CPU taken offline stops in its stopper thread without
 * one) ends the task's run at that CPU's last event: sleeping from there
 * (dead if it was exiting). Every
 * interval ends where the next begins; the last one at the trace's last
 * event. An interval may be empty (two transitions at one timestamp, as
 * a us text trace often has): it is kept, it is a state the task passed.
 */
#include <stdlib.h>
#include <string.h>

#include "timeline.h"

struct tl_task {
    int32_t pid;
    uint32_t state, cpu;
    bool started, exiting;
    uint64_t begin; /* the open interval's */
    uint64_t first; /* the first interval's begin: the task's place in the output */
    size_t n, at;   /* intervals closed; where the task's go in the output */
};

struct tl {
    const struct pgt_trace *t;
    int32_t only; /* 0: every task */
    struct pgt_pidtab tasks;
    struct pgt_timeline *out;
    int32_t curr[PGT_MAX_CPUS]; /* running on each CPU */
    struct pgt_offline off;
    int fail;
};

const char *pgt_tl_state_name(uint32_t state)
{
    static const char *const names[PGT_TL_NSTATES] = {"running", "runnable", "sleeping", "dead"};
    return state < PGT_TL_NSTATES ? names[state] : "?";
}

static struct tl_task *get(struct tl *b, int32_t pid)
{
    if (pid <= 0 || b->fail || (b->only && pid != b->only))
        return NULL; /* the idle task has no timeline */
    bool created;
    struct tl_task *k = pgt_pidtab_get(&b->tasks, pid, &created);
    if (!k)
        b->fail = 1;
    return k;
}

static void push(struct tl *b, const struct tl_task *k, uint64_t end)
{
    struct pgt_timeline *o = b->out;
    if (o->n == o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 4096;
        struct pgt_interval *iv = realloc(o->iv, cap * sizeof(*iv));
        if (!iv) {
            b->fail = 1;
            return;
        }
        o->iv = iv;
        o->cap = cap;
    }
    o->iv[o->n++] = (struct pgt_interval){
        .pid = k->pid, .cpu = k->cpu, .state = k->state, .begin = k->begin, .end = end};
}

/* The task enters state on cpu at ts; a switch-in (force) always opens an
 * interval, anything else only when the state or the CPU changes. */
static void enter(struct tl *b, struct tl_task *k, uint32_t state, uint32_t cpu, uint64_t ts,
                  bool force)
{
    if (k->started && !force && k->state == state && k->cpu == cpu)
        return;
    if (k->started) {
        push(b, k, ts);
        k->n++;
    } else {
        k->started = true;
        k->first = ts;
    }
    k->state = state;
    k->cpu = cpu;
    k->begin = ts;
}

static void on_switch(struct tl *b, const struct pgt_event *e)
{
    struct tl_task *p = get(b, e->pid);
    if (p && !(p->started && p->state == PGT_TL_DEAD)) {
        /* an exiting task preempted (R+) runs its exit path again later */
        bool dead = e->x[0] == PGT_PREV_DEAD || (p->exiting && e->x[0] != PGT_PREV_RUNNABLE);
        uint32_t s = dead                           ? PGT_TL_DEAD
                     : e->x[0] == PGT_PREV_RUNNABLE ? PGT_TL_RUNNABLE
                                                    : PGT_TL_SLEEPING;
        enter(b, p, s, e->cpu, e->ts, false);
        p->exiting = p->exiting && !dead;
    }
    struct tl_task *n = get(b, e->pid2);
    if (n)
        enter(b, n, PGT_TL_RUNNING, e->cpu, e->ts, true); /* (a reused pid leaves dead here) */
    b->curr[e->cpu] = e->pid2;
}

/* CPU c went offline with its task still running: it stopped at c's last event. */
static void cpu_gone(struct tl *b, uint32_t c)
{
    struct tl_task *k = b->curr[c] > 0 ? pgt_pidtab_find(&b->tasks, b->curr[c]) : NULL;
    b->curr[c] = 0;
    if (!k || !k->started || k->state != PGT_TL_RUNNING || k->cpu != c)
        return;
    uint64_t at = b->off.last[c] > k->begin ? b->off.last[c] : k->begin;
    enter(b, k, k->exiting ? PGT_TL_DEAD : PGT_TL_SLEEPING, c, at, false);
    k->exiting = false;
}

static void on_event(struct tl *b, const struct pgt_event *e)
{
    struct tl_task *k;
    switch (e->type) {
    case PGT_SWITCH:
        on_switch(b, e);
        break;
    case PGT_WAKEUP:
    case PGT_WAKEUP_NEW: /* (only _new brings a dead pid back: a new task) */
        k = get(b, e->pid);
        if (k && !(k->started && k->state == PGT_TL_RUNNING) &&
            !(k->started && k->state == PGT_TL_DEAD && e->type == PGT_WAKEUP))
            enter(b, k, PGT_TL_RUNNABLE, e->x[0] < PGT_MAX_CPUS ? e->x[0] : e->cpu, e->ts, false);
        break;
    case PGT_MIGRATE:
        k = get(b, e->pid);
        if (k && !k->started)
            k->cpu = e->x[1]; /* where its first interval will be */
        else if (k && k->state != PGT_TL_RUNNING && k->state != PGT_TL_DEAD)
            enter(b, k, k->state, e->x[1], e->ts, false);
        break;
    case PGT_EXIT:
        k = get(b, e->pid);
        if (k)
            k->exiting = true; /* dead at its last sched_switch */
        break;
    default:
        break;
    }
    int up = pgt_offline_feed(&b->off, e);
    if (up >= 0)
        cpu_gone(b, (uint32_t)up);
}

static int cmp_first(const void *a, const void *c)
{
    const struct tl_task *x = *(const struct tl_task *const *)a,
                         *y = *(const struct tl_task *const *)c;
    if (x->first != y->first)
        return x->first < y->first ? -1 : 1;
    return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* Close every open interval at end, then group the intervals by task
 * (tasks in order of their first interval), each task's staying in order. */
static int group(struct tl *b, uint64_t end)
{
    struct pgt_timeline *o = b->out;
    size_t nt = 0;
    for (size_t i = 0; i < b->tasks.cap; i++) {
        struct tl_task *k = pgt_pidtab_slot(&b->tasks, i);
        if (k && k->started) {
            push(b, k, end);
            k->n++;
            nt++;
        }
    }
    struct tl_task **ord = malloc((nt ? nt : 1) * sizeof(*ord));
    struct pgt_interval *iv = malloc((o->n ? o->n : 1) * sizeof(*iv));
    if (b->fail || !ord || !iv) {
        free(ord);
        free(iv);
        return -1;
    }
    nt = 0;
    for (size_t i = 0; i < b->tasks.cap; i++) {
        struct tl_task *k = pgt_pidtab_slot(&b->tasks, i);
        if (k && k->started)
            ord[nt++] = k;
    }
    qsort(ord, nt, sizeof(*ord), cmp_first);
    for (size_t i = 0, at = 0; i < nt; at += ord[i]->n, i++)
        ord[i]->at = at;
    for (size_t i = 0; i < o->n; i++) {
        struct tl_task *k = pgt_pidtab_find(&b->tasks, o->iv[i].pid);
        iv[k->at++] = o->iv[i];
    }
    free(o->iv);
    free(ord);
    o->iv = iv;
    o->cap = o->n;
    o->ntasks = nt;
    return 0;
}

int pgt_timeline_build(const struct pgt_trace *t, int32_t pid, struct pgt_timeline *tl, char *err,
                       size_t errlen)
{
    struct tl b = {.t = t, .only = pid > 0 ? pid : 0, .out = tl};
    memset(tl, 0, sizeof(*tl));
    pgt_pidtab_init(&b.tasks, sizeof(struct tl_task));
    for (size_t j = 0; j < t->n && !b.fail; j++)
        if (t->ev[j].cpu < PGT_MAX_CPUS)
            on_event(&b, &t->ev[j]);
    for (uint32_t c = 0; c < PGT_MAX_CPUS && !b.fail; c++)
        if (b.off.down[c])
            cpu_gone(&b, c);
    uint64_t end = t->n ? t->ev[t->n - 1].ts : 0;
    tl->span = t->n ? end - t->ev[0].ts : 0;
    int rc = b.fail ? -1 : group(&b, end);
    pgt_pidtab_free(&b.tasks);
    if (rc) {
        snprintf(err, errlen, "%s: out of memory", t->path);
        pgt_timeline_free(tl);
    }
    return rc;
}

void pgt_timeline_write(const struct pgt_trace *t, const struct pgt_timeline *tl, FILE *o, bool tsv,
                        FILE *sum)
{
    uint64_t ns[PGT_TL_NSTATES] = {0}, cnt[PGT_TL_NSTATES] = {0};
    if (tsv)
        fprintf(o, "pid\tcomm\tcpu\tstate\tbegin_ns\tend_ns\n");
    else
        fprintf(o, "%7s %-16s %4s %-8s %20s %20s %12s\n", "pid", "comm", "cpu", "state", "begin_ns",
                "end_ns", "length_us");
    for (size_t i = 0; i < tl->n; i++) {
        const struct pgt_interval *v = &tl->iv[i];
        char comm[PGT_COMM_LEN];
        pgt_comm_safe(t, v->pid, comm);
        ns[v->state] += v->end - v->begin;
        cnt[v->state]++;
        if (tsv)
            fprintf(o, "%d\t%s\t%u\t%s\t%llu\t%llu\n", v->pid, comm, v->cpu,
                    pgt_tl_state_name(v->state), (unsigned long long)v->begin,
                    (unsigned long long)v->end);
        else
            fprintf(o, "%7d %-16s %4u %-8s %20llu %20llu %12.3f\n", v->pid, comm, v->cpu,
                    pgt_tl_state_name(v->state), (unsigned long long)v->begin,
                    (unsigned long long)v->end, (double)(v->end - v->begin) / 1e3);
    }
    fprintf(sum, "timeline: %zu tasks, %zu intervals over %.3f ms", tl->ntasks, tl->n,
            (double)tl->span / 1e6);
    for (uint32_t s = 0; s < PGT_TL_NSTATES; s++)
        fprintf(sum, "%s %s %llu (%.3f ms)", s ? "," : ":", pgt_tl_state_name(s),
                (unsigned long long)cnt[s], (double)ns[s] / 1e6);
    fprintf(sum, "\n");
}

void pgt_timeline_free(struct pgt_timeline *tl)
{
    free(tl->iv);
    memset(tl, 0, sizeof(*tl));
}
