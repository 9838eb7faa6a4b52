/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace workload: each task's bursts, sleeps and wake-ups, in the
 * `pgov-workload 1` line format of docs/trace.md (pgov-sim reads it).
 *
 * A burst is the CPU time a task got between two of its sleeps, summed over
 * its slices (preemption and queueing are the scheduler's, left out), split
 * where the task woke or forked another. A sleep ends at the wake-up event:
 * the time runnable before it ran again is left out too. The waker of a
 * sched_wakeup is the task running on the CPU that emitted it (0, idle:
 * a timer or an interrupt). Only wake-ups of a task that was blocked count,
 * so every `wake` has its `wait`.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

struct wl_task {
    int32_t pid; /* -1: free slot */
    int32_t parent;
    uint64_t start;
    uint32_t cpu, first_cpu, policy; /* cpu: current; policy: 0 cfs, 1 rt, 2 dl */
    bool running, blocked, woken, dead, exiting;
    uint64_t since;          /* running since */
    uint64_t run_ns;         /* the burst so far */
    uint64_t known_ns;       /* of which at a known frequency */
    uint64_t khz_ns;         /* sum of kHz * ns over the known part */
    uint64_t blocked_at, woken_at;
    int32_t waker;
    char *buf; /* the script's lines */
    size_t len, cap;
};

struct wl {
    const struct pgt_trace *t;
    struct pgt_pidtab tasks; /* pid -> struct wl_task */
    int32_t curr[PGT_MAX_CPUS];
    uint32_t khz[PGT_MAX_CPUS];
    uint64_t last_switch[PGT_MAX_CPUS];
    struct pgt_offline off;
    int fail;
};

static void out(struct wl *w, struct wl_task *k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void out(struct wl *w, struct wl_task *k, const char *fmt, ...)
{
    char line[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof(line))
        n = 0;
    if (k->len + (size_t)n + 1 > k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 256;
        while (cap < k->len + (size_t)n + 1)
            cap *= 2;
        char *b = realloc(k->buf, cap);
        if (!b) {
            w->fail = 1;
            return;
        }
        k->buf = b;
        k->cap = cap;
    }
    memcpy(k->buf + k->len, line, (size_t)n);
    k->len += (size_t)n;
    k->buf[k->len] = 0;
}

static struct wl_task *get(struct wl *w, int32_t pid, uint64_t ts, uint32_t cpu)
{
    if (pid <= 0 || w->fail)
        return NULL;
    bool created;
    struct wl_task *k = pgt_pidtab_get(&w->tasks, pid, &created);
    if (!k) {
        w->fail = 1;
        return NULL;
    }
    if (created) {
        k->parent = -1;
        k->start = ts - w->t->ev[0].ts;
        k->cpu = k->first_cpu = cpu;
    }
    return k;
}

static uint32_t policy_of(uint32_t prio)
{
    return prio == UINT32_MAX ? 2 : prio < 100 ? 1 : 0;
}

/* Account the running task's time up to ts at its CPU's frequency. */
static void fold(struct wl *w, struct wl_task *k, uint64_t ts)
{
    if (!k->running || ts <= k->since)
        return;
    uint64_t d = ts - k->since;
    k->run_ns += d;
    uint32_t khz = w->khz[k->cpu];
    if (khz) {
        k->known_ns += d;
        k->khz_ns += d * khz;
    }
    k->since = ts;
}

static void flush_run(struct wl *w, struct wl_task *k, uint64_t ts)
{
    fold(w, k, ts);
    if (!k->run_ns)
        return;
    out(w, k, "run %llu %llu\n", (unsigned long long)k->run_ns,
        (unsigned long long)(k->known_ns ? k->khz_ns / k->known_ns : 0));
    k->run_ns = k->known_ns = k->khz_ns = 0;
}

static void wake_end(struct wl *w, struct wl_task *k)
{
    uint64_t ns = k->woken_at - k->blocked_at;
    if (k->waker > 0)
        out(w, k, "wait %llu %d\n", (unsigned long long)ns, k->waker);
    else
        out(w, k, "sleep %llu\n", (unsigned long long)ns);
    k->blocked = k->woken = false;
}

static void on_switch(struct wl *w, const struct pgt_event *e)
{
    uint32_t i = e->cpu;
    struct wl_task *p = get(w, e->pid, e->ts, i), *n = get(w, e->pid2, e->ts, i);
    if (p && !p->dead) {
        if (!p->running) { /* first seen running: since the CPU's last switch
                            * (before the CPU's first one: unknown, not counted) */
            p->running = true;
            p->since = w->last_switch[i] ? w->last_switch[i] : e->ts;
            p->cpu = i;
        }
        p->policy = policy_of(e->x[1]);
        fold(w, p, e->ts);
        p->running = false;
        /* an exiting task preempted (R+) runs its exit path again later */
        if (e->x[0] == PGT_PREV_DEAD || (p->exiting && e->x[0] != PGT_PREV_RUNNABLE)) {
            flush_run(w, p, e->ts); /* the exit path ran until this switch */
            out(w, p, "exit\n");
            p->dead = true;
        } else if (e->x[0] != PGT_PREV_RUNNABLE) {
            flush_run(w, p, e->ts);
            p->blocked = true;
            p->woken = false;
            p->blocked_at = e->ts;
        }
    }
    if (n && !n->dead) {
        if (n->woken)
            wake_end(w, n);
        n->blocked = false;
        n->policy = policy_of(e->x[2]);
        n->running = true;
        n->since = e->ts;
        n->cpu = i;
    }
    w->curr[i] = e->pid2;
    w->last_switch[i] = e->ts;
}

/* CPU c went offline with k still running there: k stopped at c's last
 * event, blocked (a stopper sleeps; it is woken when c comes back). */
static void cpu_gone(struct wl *w, uint32_t c)
{
    int32_t pid = w->curr[c];
    struct wl_task *k = pid > 0 ? pgt_pidtab_find(&w->tasks, pid) : NULL;
    w->curr[c] = 0;
    if (!k || !k->running || k->cpu != c || k->dead)
        return;
    uint64_t at = w->off.last[c] > k->since ? w->off.last[c] : k->since;
    flush_run(w, k, at);
    k->running = false;
    if (k->exiting) {
        out(w, k, "exit\n");
        k->dead = true;
        return;
    }
    k->blocked = true;
    k->woken = false;
    k->blocked_at = at;
}

static void on_wakeup(struct wl *w, const struct pgt_event *e)
{
    struct wl_task *k = get(w, e->pid, e->ts, e->x[0] < PGT_MAX_CPUS ? e->x[0] : 0);
    if (!k || !k->blocked || k->woken || k->running)
        return;
    k->policy = policy_of(e->x[1]);
    int32_t waker = e->cpu < PGT_MAX_CPUS ? w->curr[e->cpu] : 0;
    struct wl_task *wk = waker > 0 && waker != k->pid ? get(w, waker, e->ts, e->cpu) : NULL;
    k->woken = true;
    k->woken_at = e->ts;
    k->waker = wk ? wk->pid : 0;
    if (wk) {
        flush_run(w, wk, e->ts);
        out(w, wk, "wake %d\n", k->pid);
    }
}

static int cmp_start(const void *a, const void *b)
{
    const struct wl_task *x = *(const struct wl_task *const *)a, *y = *(const struct wl_task *const *)b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->pid < y->pid ? -1 : x->pid > y->pid;
}

int pgt_workload_write(const struct pgt_trace *t, FILE *o, char *err, size_t errlen)
{
    static struct wl w;
    memset(&w, 0, sizeof(w));
    pgt_pidtab_init(&w.tasks, sizeof(struct wl_task));
    w.t = t;
    for (size_t j = 0; j < t->n && !w.fail; j++) {
        const struct pgt_event *e = &t->ev[j];
        switch (e->type) {
        case PGT_SWITCH:
            if (e->cpu < PGT_MAX_CPUS)
                on_switch(&w, e);
            break;
        case PGT_WAKEUP:
            on_wakeup(&w, e);
            break;
        case PGT_FORK: {
            struct wl_task *p = get(&w, e->pid, e->ts, e->cpu), *c = get(&w, e->pid2, e->ts, e->cpu);
            if (p && c) {
                flush_run(&w, p, e->ts);
                out(&w, p, "fork %d\n", c->pid);
                c->parent = p->pid;
            }
            break;
        }
        case PGT_EXIT: {
            struct wl_task *k = get(&w, e->pid, e->ts, e->cpu);
            if (k && !k->dead)
                k->exiting = true; /* written at its last sched_switch */
            break;
        }
        case PGT_FREQ:
            if (e->x[1] < PGT_MAX_CPUS) {
                int32_t c = w.curr[e->x[1]];
                struct wl_task *k = c > 0 ? get(&w, c, e->ts, e->x[1]) : NULL;
                if (k) /* (a CPU going down: not past its last event) */
                    fold(&w, k, w.off.down[e->x[1]] && w.off.last[e->x[1]] < e->ts ? w.off.last[e->x[1]] : e->ts);
                w.khz[e->x[1]] = e->x[0];
            }
            break;
        default:
            break;
        }
        int up = pgt_offline_feed(&w.off, e);
        if (up >= 0)
            cpu_gone(&w, (uint32_t)up);
    }
    for (uint32_t c = 0; c < PGT_MAX_CPUS && !w.fail; c++)
        if (w.off.down[c])
            cpu_gone(&w, c);
    struct wl_task **ord = w.fail ? NULL : malloc((w.tasks.used ? w.tasks.used : 1) * sizeof(*ord));
    size_t n = 0;
    if (ord) {
        uint64_t end = t->ev[t->n - 1].ts;
        for (size_t i = 0; i < w.tasks.cap; i++) {
            struct wl_task *k = pgt_pidtab_slot(&w.tasks, i);
            if (!k)
                continue;
            if (!k->dead) {
                flush_run(&w, k, end); /* still running at the end */
                if (k->woken)
                    wake_end(&w, k); /* woken, had not run yet: its waker's `wake` needs it */
                if (k->exiting)
                    out(&w, k, "exit\n");
            }
            ord[n++] = k;
        }
        qsort(ord, n, sizeof(*ord), cmp_start);
        fprintf(o, "pgov-workload 1\nsource %s\ncpus %u\nspan %llu\n", t->path, t->ncpu,
                (unsigned long long)(end - t->ev[0].ts));
        static const char *const pol[] = {"cfs", "rt", "dl"};
        for (size_t i = 0; i < n; i++) {
            const struct wl_task *k = ord[i];
            char comm[PGT_COMM_LEN];
            pgt_comm_safe(t, k->pid, comm);
            fprintf(o, "task %d start %llu cpu %u policy %s", k->pid, (unsigned long long)k->start,
                    k->first_cpu, pol[k->policy]);
            if (k->parent > 0)
                fprintf(o, " parent %d", k->parent);
            fprintf(o, " comm \"%s\"\n%send\n", comm, k->buf ? k->buf : "");
        }
    }
    int rc = ord && !w.fail ? 0 : -1;
    if (rc)
        snprintf(err, errlen, "%s: out of memory", t->path);
    free(ord);
    for (size_t i = 0; i < w.tasks.cap; i++) {
        struct wl_task *k = pgt_pidtab_slot(&w.tasks, i);
        if (k)
            free(k->buf);
    }
    pgt_pidtab_free(&w.tasks);
    return rc;
}
