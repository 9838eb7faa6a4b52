/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trace-derived workloads: "pgov-workload 1" (docs/trace.md, written by
 * pgov-trace workload): one script per recorded task. run NS KHZ -> compute NS * KHZ / 1e6 cycles
 * (KHZ 0: the platform's nominal rate), sleep NS -> sleep, wake PID / wait NS
 * PID -> post / pend on one semaphore per (waker, wakee) pair, fork PID ->
 * fork, exit -> the script's end (the exit path's wake-ups follow it in the
 * file and run before it). Tasks no recorded fork creates start at their
 * recorded start time (a leading sleep). What the scheduler and governor
 * decided (queueing, preemption, placement, frequency) is left to the
 * simulation; the recorded wait times are not replayed, the waker decides.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "keys.h"
#include "num.h"
#include "parse.h"

#define TRACE_MAX_TASKS 4096
#define TRACE_MAX_OPS 1000000u /* per task */
#define TRACE_MAX_NS 10000000000000ull /* 10000 s */
#define TRACE_MAX_PID 4194304u /* PID_MAX_LIMIT */

struct trace_task {
    uint32_t pid;
    uint64_t start_ns;
    bool forked, exited;
    int line;
    uint32_t cap; /* ops allocated */
};

static int trace_find(const struct trace_task *tt, uint32_t n, uint32_t pid)
{
    for (uint32_t i = 0; i < n; i++)
        if (tt[i].pid == pid)
            return (int)i;
    return -1;
}

static int trace_op(struct sim_script *sc, struct trace_task *tk, struct sim_op op)
{
    struct sim_op *v = sim_grow(sc->ops, sc->nops, &tk->cap, sizeof(*v), 64, TRACE_MAX_OPS);
    if (!v)
        return -1;
    sc->ops = v;
    sc->ops[sc->nops++] = op;
    return 0;
}

/* Per semaphore (waker>wakee): posts and pends, and where the first pend is. */
struct trace_pair {
    uint32_t posts, pends;
    int pend_line;
};

/* The handlers' FAIL: the reader's, returning -1 (the reason in @err). */
#define TFAIL(...)                                         \
    do {                                                   \
        sim_errf(err, lx->name, lx->line, __VA_ARGS__);    \
        return -1;                                         \
    } while (0)
#define TNUM(what, str, lo, hi, outp) NUMBER(what, str, &num_plain, lo, hi, outp)

/* The header, in order; its first line is already in @lx. */
static int trace_header(struct lexer *lx, struct sim_workload *wl, struct sim_err *err)
{
    char why[NUM_ERR_LEN];
    int r;
#define FAIL TFAIL
    /* Header, in order; the first line is already in lx. */
    if (lx->ntok != 2 || strcmp(lx->tok[1], "1") != 0)
        FAIL("'%s %s': this pgov-sim reads pgov-workload version 1", lx->tok[0],
             lx->ntok > 1 ? lx->tok[1] : "");
    static const char *const header[3] = {"source", "cpus", "span"};
    for (int h = 0; h < 3; h++) {
        uint64_t x;
        r = sim_next_line(lx, err);
        if (r < 0)
            return -1;
        if (r == 0 || lx->ntok != 2 || strcmp(lx->tok[0], header[h]) != 0)
            FAIL("expected '%s %s' (header: pgov-workload 1, source, cpus, span)", header[h],
                 h == 0 ? "PATH" : h == 1 ? "N" : "NS");
        if (h == 0) {
            snprintf(wl->trace_source, sizeof(wl->trace_source), "%s", lx->tok[1]);
        } else if (h == 1) {
            TNUM("cpus", lx->tok[1], 1, 4096, &x);
            wl->trace_cpus = (uint32_t)x;
        } else {
            TNUM("span", lx->tok[1], 0, TRACE_MAX_NS, &wl->trace_span_ns);
        }
    }
#undef FAIL
    return 0;
}

/* `task PID start NS [cpu C] [policy cfs|rt|dl] [parent PID] comm "NAME"`:
 * task @nt and its script. */
static int trace_task_line(const struct lexer *lx, struct trace_task *tt, uint32_t nt,
                           struct sim_workload *wl, struct sim_err *err)
{
    char *const *v = lx->tok;
    int n = lx->ntok;
    uint64_t x, y;
    char why[NUM_ERR_LEN];
#define FAIL TFAIL
    if (n < 6 || strcmp(v[2], "start") != 0 || strcmp(v[n - 2], "comm") != 0)
        FAIL("expected 'task PID start NS [cpu C] [policy cfs|rt|dl] [parent PID] "
             "comm \"NAME\"'");
    if (nt == TRACE_MAX_TASKS)
        FAIL("more than %d tasks", TRACE_MAX_TASKS);
    TNUM("task PID", v[1], 1, TRACE_MAX_PID, &x);
    if (trace_find(tt, nt, (uint32_t)x) >= 0)
        FAIL("task %s defined twice", v[1]);
    tt[nt].pid = (uint32_t)x;
    tt[nt].line = lx->line;
    TNUM("task start", v[3], 0, TRACE_MAX_NS, &tt[nt].start_ns);
    for (int i = 4; i < n - 2; i += 2) {
        if (i + 1 >= n - 2)
            FAIL("'%s' needs a value", v[i]);
        if (strcmp(v[i], "cpu") == 0) {
            TNUM("task cpu", v[i + 1], 0, 4095, &y);
        } else if (strcmp(v[i], "parent") == 0) {
            TNUM("task parent", v[i + 1], 0, TRACE_MAX_PID, &y);
        } else if (strcmp(v[i], "policy") == 0) {
            /* rt and dl tasks run as CFS nice 0: the model has no other class */
            if (strcmp(v[i + 1], "cfs") != 0 && strcmp(v[i + 1], "rt") != 0 &&
                strcmp(v[i + 1], "dl") != 0)
                FAIL("task policy '%s' (cfs, rt or dl)", v[i + 1]);
        } else {
            FAIL("unknown task field '%s'", v[i]);
        }
    }
    snprintf(wl->scripts[nt].name, SIM_NAME_LEN, "t%u", tt[nt].pid);
    wl->scripts[nt].line = lx->line;
    wl->nscripts = nt + 1;
#undef FAIL
    return 0;
}

/* The forks pointed at their tasks (each forked once), and every wait
 * matched by its wakes between two tasks of the file. */
static int trace_links(const char *name, struct trace_task *tt, uint32_t nt, const struct fixup *fx,
                       uint32_t nfx, const struct trace_pair *pairs, struct sim_workload *wl,
                       struct sim_err *err)
{
    for (uint32_t i = 0; i < nfx; i++) {
        int ti = trace_find(tt, nt, (uint32_t)strtoul(fx[i].name, NULL, 10));
        if (ti < 0) {
            sim_errf(err, name, fx[i].line, "fork of PID %s, which has no 'task'", fx[i].name);
            return -1;
        }
        if (tt[ti].forked) {
            sim_errf(err, name, fx[i].line, "PID %s forked twice", fx[i].name);
            return -1;
        }
        tt[ti].forked = true;
        wl->scripts[fx[i].script].ops[fx[i].op].a = (uint64_t)ti;
    }
    /* Every wait needs its wake, else the replay would block forever; both
     * ends must be tasks of the file. */
    for (uint32_t si = 0; si < wl->nsems; si++) {
        unsigned a, b;
        sscanf(wl->sems[si], "%u>%u", &a, &b);
        if (trace_find(tt, nt, a) < 0 || trace_find(tt, nt, b) < 0) {
            sim_errf(err, name, pairs[si].pends ? pairs[si].pend_line : 0,
                     "'%s' between %u and %u: PID %u has no 'task'", pairs[si].pends ? "wait" : "wake",
                     a, b, trace_find(tt, nt, a) < 0 ? a : b);
            return -1;
        }
        if (pairs[si].pends > pairs[si].posts) {
            sim_errf(err, name, pairs[si].pend_line, "task %u waits for %u %u time%s, but %u wakes "
                     "it only %u time%s", b, a, pairs[si].pends, pairs[si].pends == 1 ? "" : "s", a,
                     pairs[si].posts, pairs[si].posts == 1 ? "" : "s");
            return -1;
        }
    }
    return 0;
}

/* Tasks no recorded fork creates start at their recorded time. */
static int trace_starts(const struct lexer *lx, struct trace_task *tt, uint32_t nt,
                        struct sim_workload *wl, struct sim_err *err)
{
#define FAIL TFAIL
    for (uint32_t i = 0; i < nt; i++) {
        if (tt[i].forked)
            continue;
        struct sim_script *sc = &wl->scripts[i];
        if (tt[i].start_ns) {
            struct sim_op first = {OP_SLEEP, tt[i].line, tt[i].start_ns, 0, 0};
            if (trace_op(sc, &tt[i], first)) /* grow, then move to the front */
                FAIL("out of memory");
            memmove(sc->ops + 1, sc->ops, (sc->nops - 1) * sizeof(sc->ops[0]));
            sc->ops[0] = first;
        }
        struct sim_start *st = sim_start_slot(wl);
        if (!st)
            FAIL("out of memory");
        st->script = i;
        st->count = 1;
        st->cpu = -1;
        st->line = tt[i].line;
        wl->nstarts++;
    }
#undef FAIL
    return 0;
}

/* `wait NS PID` / `wake PID`: a pend / post on the (waker, wakee) pair's
 * semaphore, counted in @pairs. */
static int trace_wait_wake(const struct lexer *lx, uint32_t pid, struct trace_pair **pairs,
                           uint32_t *pairs_cap, struct sim_workload *wl, struct sim_op *op,
                           struct sim_err *err)
{
    char *const *v = lx->tok;
    int n = lx->ntok;
    uint64_t x, y;
    char why[NUM_ERR_LEN];
#define FAIL TFAIL
    bool wait = v[0][1] == 'a' && v[0][2] == 'i';
    if (n != (wait ? 3 : 2))
        FAIL(wait ? "expected 'wait NS PID'" : "expected 'wake PID'");
    if (wait)
        TNUM("wait NS", v[1], 0, TRACE_MAX_NS, &x);
    TNUM(wait ? "wait PID" : "wake PID", v[n - 1], 1, TRACE_MAX_PID, &y);
    char sem[SIM_NAME_LEN];
    /* one semaphore per (waker, wakee): "waker>wakee" */
    snprintf(sem, sizeof(sem), "%u>%u", wait ? (uint32_t)y : pid,
             wait ? pid : (uint32_t)y);
    int si = sim_sem_index(wl, sem, UINT32_MAX);
    if (si < 0)
        FAIL("out of memory");
    struct trace_pair *pv = sim_grow(*pairs, (uint32_t)si, pairs_cap, sizeof(*pv), 64,
                                 UINT32_MAX);
    if (!pv)
        FAIL("out of memory");
    *pairs = pv;
    if (wait && !pv[si].pends++)
        pv[si].pend_line = lx->line;
    if (!wait)
        pv[si].posts++;
    op->kind = wait ? OP_PEND : OP_POST;
    op->a = (uint64_t)si;
#undef FAIL
    return 0;
}

int sim_parse_trace(struct lexer *lx, const struct subst_env *env, struct sim_workload *wl,
                       struct sim_err *err)
{
    const char *name = lx->name;
    struct trace_task *tt = calloc(TRACE_MAX_TASKS, sizeof(*tt));
    struct fixup *fx = NULL;
    struct trace_pair *pairs = NULL;
    uint32_t nt = 0, nfx = 0, fx_cap = 0, pairs_cap = 0;
    int32_t cur = -1;
    int r, rc = -1;
    char why[NUM_ERR_LEN];
    const struct sim_platform *pl = env->sc ? env->sc->plat : NULL;
    uint64_t nominal_khz = pl ? (uint64_t)pl->max_ratio * pl->scaling_khz : 1000000u;

    wl->from_trace = true;
    wl->scripts = calloc(TRACE_MAX_TASKS, sizeof(*wl->scripts));
    if (!tt || !wl->scripts) {
        sim_errf(err, name, 0, "out of memory");
        goto out;
    }
#define FAIL(...)                                          \
    do {                                                   \
        sim_errf(err, name, lx->line, __VA_ARGS__);        \
        goto out;                                          \
    } while (0)
    if (trace_header(lx, wl, err))
        goto out;
    while ((r = sim_next_line(lx, err)) == 1) {
        char **v = lx->tok;
        int n = lx->ntok;
        uint64_t x, y;
        if (strcmp(v[0], "task") == 0) {
            if (cur >= 0)
                FAIL("'task' inside task %u (line %d has no 'end')", tt[cur].pid, tt[cur].line);
            if (trace_task_line(lx, tt, nt, wl, err))
                goto out;
            cur = (int32_t)nt++;
            continue;
        }
        if (cur < 0)
            FAIL("'%s' outside a task (expected 'task PID start NS ...')", v[0]);
        if (tt[cur].exited && strcmp(v[0], "wake") != 0 && strcmp(v[0], "end") != 0)
            FAIL("'%s' after 'exit' (only the exit path's 'wake' lines may follow)", v[0]);
        struct sim_script *sc = &wl->scripts[cur];
        struct sim_op op = {0, lx->line, 0, 0, 0};
        if (strcmp(v[0], "end") == 0) {
            if (n != 1)
                FAIL("'end' takes no arguments");
            cur = -1;
            continue;
        } else if (strcmp(v[0], "run") == 0) {
            if (n != 3)
                FAIL("expected 'run NS KHZ'");
            TNUM("run NS", v[1], 0, TRACE_MAX_NS, &x);
            TNUM("run KHZ", v[2], 0, 100000000, &y);
            if (!y)
                y = nominal_khz; /* no cpu_frequency event: nominal rate */
            op.kind = OP_COMPUTE;
            op.a = (x / 1000000u) * y + (x % 1000000u) * y / 1000000u;
            wl->trace_run_ns += x;
        } else if (strcmp(v[0], "sleep") == 0) {
            if (n != 2)
                FAIL("expected 'sleep NS'");
            TNUM("sleep NS", v[1], 0, TRACE_MAX_NS, &x);
            op.kind = OP_SLEEP;
            op.a = x;
        } else if (strcmp(v[0], "wait") == 0 || strcmp(v[0], "wake") == 0) {
            if (trace_wait_wake(lx, tt[cur].pid, &pairs, &pairs_cap, wl, &op, err))
                goto out;
        } else if (strcmp(v[0], "fork") == 0) {
            if (n != 2)
                FAIL("expected 'fork PID'");
            TNUM("fork PID", v[1], 1, TRACE_MAX_PID, &x);
            struct fixup *fv = sim_grow(fx, nfx, &fx_cap, sizeof(*fv), 64, UINT32_MAX);
            if (!fv)
                FAIL("out of memory");
            fx = fv;
            fx[nfx] = (struct fixup){(uint32_t)cur, sc->nops, lx->line, ""};
            snprintf(fx[nfx++].name, SIM_NAME_LEN, "%u", (unsigned)x);
            op.kind = OP_FORK;
        } else if (strcmp(v[0], "exit") == 0) {
            /* The script's end is the exit; the writer puts the wake-ups of
             * the exit path (the parent's wait4) after it. */
            if (n != 1 || tt[cur].exited)
                FAIL(n != 1 ? "'exit' takes no arguments" : "task %u exits twice", tt[cur].pid);
            tt[cur].exited = true;
            continue;
        } else {
            FAIL("unknown statement '%s' (run, sleep, wait, wake, fork, exit, end)", v[0]);
        }
        if (trace_op(sc, &tt[cur], op))
            FAIL("task %u: out of memory or more than %u statements", tt[cur].pid, TRACE_MAX_OPS);
    }
    if (r < 0)
        goto out;
    if (cur >= 0)
        FAIL("task %u (line %d) is not closed with 'end'", tt[cur].pid, tt[cur].line);
    if (!nt)
        FAIL("no 'task': nothing would run");
    if (trace_links(name, tt, nt, fx, nfx, pairs, wl, err))
        goto out;
    if (trace_starts(lx, tt, nt, wl, err))
        goto out;
    wl->trace_tasks = nt;
    rc = 0;
#undef FAIL
out:
    free(tt);
    free(fx);
    free(pairs);
    return rc;
}
