/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parsers for workload files (.wl) and scenario files (.scn). Both are line
 * based: '#' starts a comment, tokens are separated by blanks, "double
 * quotes" group a token. Every error names file, line and reason; nothing is
 * partially accepted. The grammar is in docs/simulator.md.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "keys.h"
#include "num.h"
#include "sim.h"

#define MAX_TOK 24
#define MAX_LINE 1024
#define MAX_OPS 4096
#define MAX_SCRIPTS 64

const char *const sim_metric_names[M_COUNT] = {"elapsed_s", "cpu_s",      "avg_mhz",
                                               "bzy_mhz",   "busy_pct",   "energy_j",
                                               "throughput", "freq_changes", "csw_vol",
                                               "csw_invol", "migrations", "idle_ticks",
                                               "pcc_calls", "pcc_wait_s", "pcc_smi_s", "ipis",
                                               "work_mhz"};

struct lexer {
    const char *name;
    const char *p, *end;
    int line;
    int line_index; /* statements read so far (1: the first) */
    char buf[MAX_LINE + 1];
    char *tok[MAX_TOK];
    int ntok;
};

/* Split the next line into tokens. Returns 1 with a line, 0 at the end, -1 on error. */
static int next_line(struct lexer *lx, struct sim_err *err)
{
    while (lx->p < lx->end) {
        const char *nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
        size_t len = nl ? (size_t)(nl - lx->p) : (size_t)(lx->end - lx->p);
        lx->line++;
        if (len > MAX_LINE) {
            sim_errf(err, lx->name, lx->line, "line longer than %d characters", MAX_LINE);
            return -1;
        }
        memcpy(lx->buf, lx->p, len);
        lx->buf[len] = 0;
        lx->p += len + (nl ? 1 : 0);
        lx->ntok = 0;
        char *s = lx->buf;
        for (;;) {
            while (*s == ' ' || *s == '\t' || *s == '\r')
                s++;
            if (!*s || *s == '#')
                break;
            if (lx->ntok == MAX_TOK) {
                sim_errf(err, lx->name, lx->line, "too many tokens (at most %d)", MAX_TOK);
                return -1;
            }
            if (*s == '"') {
                char *q = strchr(s + 1, '"');
                if (!q) {
                    sim_errf(err, lx->name, lx->line, "unterminated quoted string");
                    return -1;
                }
                *q = 0;
                lx->tok[lx->ntok++] = s + 1;
                s = q + 1;
                if (*s && *s != ' ' && *s != '\t' && *s != '\r') {
                    sim_errf(err, lx->name, lx->line, "text directly after a quoted string");
                    return -1;
                }
                continue;
            }
            lx->tok[lx->ntok++] = s;
            while (*s && *s != ' ' && *s != '\t' && *s != '\r')
                s++;
            if (*s)
                *s++ = 0;
        }
        for (int i = 0; i < lx->ntok; i++)
            for (const char *c = lx->tok[i]; *c; c++)
                if ((unsigned char)*c < 0x20 && *c != '\t') {
                    sim_errf(err, lx->name, lx->line, "control character in input");
                    return -1;
                }
        if (lx->ntok) {
            lx->line_index++;
            return 1;
        }
    }
    return 0;
}

/* A number token of a parser below: strict decimal in range, or FAIL naming
 * what it is for. Needs the parser's FAIL() and a `why` buffer. */
#define NUMBER(what, str, units, lo, hi, out)                       \
    do {                                                            \
        if (num_parse(str, units, lo, hi, out, why, sizeof(why)))   \
            FAIL("%s: %s", what, why);                              \
    } while (0)

/* What `$name` tokens stand for: the scenario's param and its `var`s. */
struct subst_env {
    const char *pname;
    uint32_t pval;
    const struct sim_scenario *sc; /* vars, or NULL */
    const struct sim_policy_spec *ps; /* its own values of some vars, or NULL */
};

static const char *scenario_var(const struct sim_scenario *sc, const char *name)
{
    for (uint32_t i = 0; sc && i < sc->nvars; i++)
        if (strcmp(name, sc->vars[i].name) == 0)
            return sc->vars[i].val;
    return NULL;
}

/* Resolve `$name`. The result is stored in @buf. */
static const char *subst(const char *tok, const struct subst_env *env, char *buf, size_t n)
{
    if (tok[0] != '$')
        return tok;
    if (env->pname && env->pname[0] && strcmp(tok + 1, env->pname) == 0) {
        snprintf(buf, n, "%u", env->pval);
        return buf;
    }
    for (uint32_t i = 0; env->ps && i < env->ps->nvars; i++)
        if (strcmp(tok + 1, env->ps->vars[i].name) == 0) {
            const char *v = env->ps->vars[i].val;
            return v[0] == '$' ? scenario_var(env->sc, v + 1) : v;
        }
    return scenario_var(env->sc, tok + 1);
}

static int find_script(const struct sim_workload *wl, const char *name)
{
    for (uint32_t i = 0; i < wl->nscripts; i++)
        if (strcmp(wl->scripts[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* Room for element @n of array @v (capacity *@cap, doubling from @first,
 * at most @max; new elements zeroed): the array, moved or not, or NULL
 * (out of memory or full; @v is then still valid). */
static void *grow(void *v, uint32_t n, uint32_t *cap, size_t size, uint32_t first, uint32_t max)
{
    if (n < *cap)
        return v;
    if (n >= max)
        return NULL;
    uint32_t c = *cap ? *cap * 2 : first;
    if (c > max)
        c = max;
    char *w = realloc(v, (size_t)c * size);
    if (!w)
        return NULL;
    memset(w + (size_t)*cap * size, 0, (size_t)(c - *cap) * size);
    *cap = c;
    return w;
}

/* The semaphore called @name, created if new; -1 past @max or out of memory. */
static int sem_index(struct sim_workload *wl, const char *name, uint32_t max)
{
    for (uint32_t i = 0; i < wl->nsems; i++)
        if (strcmp(wl->sems[i], name) == 0)
            return (int)i;
    if (strlen(name) >= SIM_NAME_LEN)
        return -1;
    char(*v)[SIM_NAME_LEN] = grow(wl->sems, wl->nsems, &wl->sems_cap, sizeof(*v), 16, max);
    if (!v)
        return -1;
    wl->sems = v;
    strcpy(wl->sems[wl->nsems], name);
    return (int)wl->nsems++;
}

/* The next free start slot (grown on demand), or NULL. */
static struct sim_start *start_slot(struct sim_workload *wl)
{
    struct sim_start *v = grow(wl->starts, wl->nstarts, &wl->starts_cap, sizeof(*v), 32,
                               UINT32_MAX);
    if (!v)
        return NULL;
    wl->starts = v;
    memset(&v[wl->nstarts], 0, sizeof(*v));
    return &v[wl->nstarts];
}

void sim_workload_free(struct sim_workload *wl)
{
    for (uint32_t i = 0; wl->scripts && i < wl->nscripts; i++)
        free(wl->scripts[i].ops);
    free(wl->scripts);
    free(wl->starts);
    free(wl->sems);
    memset(wl, 0, sizeof(*wl));
}

struct fixup {
    uint32_t script, op;
    int line;
    char name[SIM_NAME_LEN];
};

static bool valid_name(const char *s)
{
    if (!*s || strlen(s) >= SIM_NAME_LEN)
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
            return false;
    return true;
}

/* `seed=X%[,X%...]` of an expect line: signed percents, one for every
 * param value or one per value (so `param` must come first). */
static int expect_seed(const char *list, const struct sim_scenario *sc, struct sim_expect *e,
                       char *why, size_t n)
{
    char item[32];
    uint32_t k = 0;
    for (const char *p = list;; k++) {
        size_t len = strcspn(p, ",");
        if (k == SIM_MAX_PARAMS || len == 0 || len >= sizeof(item)) {
            snprintf(why, n, "expected X%% or a list X%%,Y%%,... of at most %d", SIM_MAX_PARAMS);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = 0;
        bool neg = item[0] == '-';
        uint64_t x;
        if (num_parse(item + (item[0] == '-' || item[0] == '+'), &num_permille, 0, 10000000, &x, why,
                      n))
            return -1;
        e->seed_pct[k] = (neg ? -(double)x : (double)x) / 10;
        if (!p[len])
            break;
        p += len + 1;
    }
    e->nseed_pct = k + 1;
    if (e->nseed_pct != 1 && e->nseed_pct != sc->nparam) {
        snprintf(why, n, "%u values, but the param line (which must come first) has %u",
                 e->nseed_pct, sc->nparam);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ trace-derived workloads */

/*
 * "pgov-workload 1" (docs/trace.md, written by pgov-trace workload): one
 * script per recorded task. run NS KHZ -> compute NS * KHZ / 1e6 cycles
 * (KHZ 0: the platform's nominal rate), sleep NS -> sleep, wake PID / wait NS
 * PID -> post / pend on one semaphore per (waker, wakee) pair, fork PID ->
 * fork, exit -> the script's end (the exit path's wake-ups follow it in the
 * file and run before it). Tasks no recorded fork creates start at their
 * recorded start time (a leading sleep). What the scheduler and governor
 * decided (queueing, preemption, placement, frequency) is left to the
 * simulation; the recorded wait times are not replayed, the waker decides.
 */
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
    struct sim_op *v = grow(sc->ops, sc->nops, &tk->cap, sizeof(*v), 64, TRACE_MAX_OPS);
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

static int parse_trace(struct lexer *lx, const struct subst_env *env, struct sim_workload *wl,
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
#define TNUM(what, str, lo, hi, outp) NUMBER(what, str, &num_plain, lo, hi, outp)
    /* Header, in order; the first line is already in lx. */
    if (lx->ntok != 2 || strcmp(lx->tok[1], "1") != 0)
        FAIL("'%s %s': this pgov-sim reads pgov-workload version 1", lx->tok[0],
             lx->ntok > 1 ? lx->tok[1] : "");
    static const char *const header[3] = {"source", "cpus", "span"};
    for (int h = 0; h < 3; h++) {
        uint64_t x;
        r = next_line(lx, err);
        if (r < 0)
            goto out;
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
    while ((r = next_line(lx, err)) == 1) {
        char **v = lx->tok;
        int n = lx->ntok;
        uint64_t x, y;
        if (strcmp(v[0], "task") == 0) {
            if (cur >= 0)
                FAIL("'task' inside task %u (line %d has no 'end')", tt[cur].pid, tt[cur].line);
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
            cur = (int32_t)nt++;
            snprintf(wl->scripts[cur].name, SIM_NAME_LEN, "t%u", tt[cur].pid);
            wl->scripts[cur].line = lx->line;
            wl->nscripts = nt;
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
            bool wait = v[0][1] == 'a' && v[0][2] == 'i';
            if (n != (wait ? 3 : 2))
                FAIL(wait ? "expected 'wait NS PID'" : "expected 'wake PID'");
            if (wait)
                TNUM("wait NS", v[1], 0, TRACE_MAX_NS, &x);
            TNUM(wait ? "wait PID" : "wake PID", v[n - 1], 1, TRACE_MAX_PID, &y);
            char sem[SIM_NAME_LEN];
            /* one semaphore per (waker, wakee): "waker>wakee" */
            snprintf(sem, sizeof(sem), "%u>%u", wait ? (uint32_t)y : tt[cur].pid,
                     wait ? tt[cur].pid : (uint32_t)y);
            int si = sem_index(wl, sem, UINT32_MAX);
            if (si < 0)
                FAIL("out of memory");
            struct trace_pair *pv = grow(pairs, (uint32_t)si, &pairs_cap, sizeof(*pv), 64,
                                         UINT32_MAX);
            if (!pv)
                FAIL("out of memory");
            pairs = pv;
            if (wait && !pairs[si].pends++)
                pairs[si].pend_line = lx->line;
            if (!wait)
                pairs[si].posts++;
            op.kind = wait ? OP_PEND : OP_POST;
            op.a = (uint64_t)si;
        } else if (strcmp(v[0], "fork") == 0) {
            if (n != 2)
                FAIL("expected 'fork PID'");
            TNUM("fork PID", v[1], 1, TRACE_MAX_PID, &x);
            struct fixup *fv = grow(fx, nfx, &fx_cap, sizeof(*fv), 64, UINT32_MAX);
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
    for (uint32_t i = 0; i < nfx; i++) {
        int ti = trace_find(tt, nt, (uint32_t)strtoul(fx[i].name, NULL, 10));
        if (ti < 0) {
            sim_errf(err, name, fx[i].line, "fork of PID %s, which has no 'task'", fx[i].name);
            goto out;
        }
        if (tt[ti].forked) {
            sim_errf(err, name, fx[i].line, "PID %s forked twice", fx[i].name);
            goto out;
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
            goto out;
        }
        if (pairs[si].pends > pairs[si].posts) {
            sim_errf(err, name, pairs[si].pend_line, "task %u waits for %u %u time%s, but %u wakes "
                     "it only %u time%s", b, a, pairs[si].pends, pairs[si].pends == 1 ? "" : "s", a,
                     pairs[si].posts, pairs[si].posts == 1 ? "" : "s");
            goto out;
        }
    }
    /* Tasks no recorded fork creates start at their recorded time. */
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
        struct sim_start *st = start_slot(wl);
        if (!st)
            FAIL("out of memory");
        st->script = i;
        st->count = 1;
        st->cpu = -1;
        st->line = tt[i].line;
        wl->nstarts++;
    }
    wl->trace_tasks = nt;
    rc = 0;
#undef TNUM
#undef FAIL
out:
    free(tt);
    free(fx);
    free(pairs);
    return rc;
}

static int parse_mem(const char *name, const char *text, size_t len, const struct subst_env *env,
                     struct sim_workload *wl, struct sim_err *err)
{
    struct lexer lx = {.name = name, .p = text, .end = text + len};
    struct fixup *fx = NULL;
    uint32_t nfx = 0;
    int32_t cur = -1;               /* script being defined */
    uint32_t loops[8], depth = 0;   /* open loop op indices */
    int r, rc = -1;

    memset(wl, 0, sizeof(*wl));
    snprintf(wl->file, sizeof(wl->file), "%s", name);
    wl->scripts = calloc(MAX_SCRIPTS, sizeof(*wl->scripts));
    fx = calloc(MAX_OPS, sizeof(*fx));
    if (!wl->scripts || !fx) {
        sim_errf(err, name, 0, "out of memory");
        goto out;
    }
#define FAIL(...)                                          \
    do {                                                   \
        sim_errf(err, name, lx.line, __VA_ARGS__);         \
        goto out;                                          \
    } while (0)
    char why[NUM_ERR_LEN]; /* NUMBER() */
    while ((r = next_line(&lx, err)) == 1) {
        char **t = lx.tok;
        int n = lx.ntok;
        const char *v[MAX_TOK];
        if (lx.line_index == 1 && strcmp(t[0], "pgov-workload") == 0) {
            /* a workload derived from a trace: its own reader */
            free(wl->scripts);
            wl->scripts = NULL;
            rc = parse_trace(&lx, env, wl, err);
            goto out;
        }
        char sbuf[MAX_TOK][16];
        for (int i = 0; i < n; i++) {
            v[i] = subst(t[i], env, sbuf[i], sizeof(sbuf[i]));
            if (!v[i])
                FAIL("unknown parameter '%s' (not the scenario's param or a 'var')", t[i]);
        }
        if (strcmp(v[0], "script") == 0) {
            if (cur >= 0)
                FAIL("'script' inside script '%s' (missing 'end')", wl->scripts[cur].name);
            if (n != 2 || !valid_name(v[1]))
                FAIL("expected 'script NAME' (letters, digits, _ - .)");
            if (find_script(wl, v[1]) >= 0)
                FAIL("script '%s' defined twice", v[1]);
            if (wl->nscripts == MAX_SCRIPTS)
                FAIL("too many scripts (at most %d)", MAX_SCRIPTS);
            cur = (int32_t)wl->nscripts++;
            strcpy(wl->scripts[cur].name, v[1]);
            wl->scripts[cur].line = lx.line;
            wl->scripts[cur].ops = calloc(MAX_OPS, sizeof(struct sim_op));
            if (!wl->scripts[cur].ops)
                FAIL("out of memory");
            depth = 0;
            continue;
        }
        if (strcmp(v[0], "start") == 0) {
            if (cur >= 0)
                FAIL("'start' inside script '%s' (missing 'end')", wl->scripts[cur].name);
            if (n < 2 || wl->nstarts == 32)
                FAIL(n < 2 ? "expected 'start SCRIPT [count N] [cpu K|each] [daemon|background|irq]'"
                           : "too many 'start' lines (at most 32)");
            struct sim_start *st = start_slot(wl);
            if (!st)
                FAIL("out of memory");
            int si = find_script(wl, v[1]);
            if (si < 0)
                FAIL("'start' of undefined script '%s' (define it first)", v[1]);
            st->script = (uint32_t)si;
            st->count = 1;
            st->cpu = -1;
            st->line = lx.line;
            for (int i = 2; i < n; i += 2) {
                uint64_t x;
                if (strcmp(v[i], "daemon") == 0 || strcmp(v[i], "background") == 0 ||
                    strcmp(v[i], "irq") == 0) {
                    /* irq: interrupt work, which is background too */
                    st->daemon = true;
                    st->background |= v[i][0] != 'd';
                    st->irq |= v[i][0] == 'i';
                    i--;
                    continue;
                }
                if (i + 1 >= n)
                    FAIL("'%s' needs a value", v[i]);
                if (strcmp(v[i], "cpu") == 0 && strcmp(v[i + 1], "each") == 0) {
                    st->each = true;
                } else if (strcmp(v[i], "count") == 0) {
                    NUMBER("start count", v[i + 1], &num_count, 1, 100000, &x);
                    st->count = (uint32_t)x;
                } else if (strcmp(v[i], "cpu") == 0) {
                    NUMBER("start cpu", v[i + 1], &num_plain, 0, SIM_MAX_CPUS - 1, &x);
                    st->cpu = (int32_t)x;
                } else {
                    FAIL("unknown 'start' option '%s'", v[i]);
                }
            }
            wl->nstarts++;
            continue;
        }
        if (cur < 0)
            FAIL("'%s' outside a script (expected 'script NAME' or 'start')", v[0]);
        struct sim_script *sc = &wl->scripts[cur];
        if (strcmp(v[0], "end") == 0) {
            if (n != 1)
                FAIL("'end' takes no arguments");
            if (depth) {
                if (sc->nops == MAX_OPS)
                    FAIL("script too long (at most %d operations)", MAX_OPS);
                uint32_t lo = loops[--depth];
                sc->ops[sc->nops] = (struct sim_op){OP_END, lx.line, 0, lo, 0};
                sc->ops[lo].b = sc->nops++;
            } else {
                if (!sc->nops)
                    FAIL("script '%s' is empty", sc->name);
                cur = -1;
            }
            continue;
        }
        if (sc->nops == MAX_OPS)
            FAIL("script too long (at most %d operations)", MAX_OPS);
        struct sim_op *op = &sc->ops[sc->nops];
        op->line = lx.line;
        int opt = 0; /* first token index of options */
        if (strcmp(v[0], "compute") == 0) {
            op->kind = OP_COMPUTE;
            if (n < 2)
                FAIL("expected 'compute CYCLES' (e.g. 2.5M, up to 10000G)");
            NUMBER("compute", v[1], &num_cycles, 0, 10000000000000ull, &op->a);
            opt = 2;
        } else if (strcmp(v[0], "sleep") == 0 || strcmp(v[0], "io") == 0 ||
                   strcmp(v[0], "tsleep") == 0) {
            op->kind = v[0][0] == 's' ? OP_SLEEP : v[0][0] == 'i' ? OP_IO : OP_TSLEEP;
            if (n < 2)
                FAIL("expected '%s DURATION' with a unit ns/us/ms/s (up to 10000s)", v[0]);
            NUMBER(v[0], v[1], &num_time_ns, 0, 10000000000000ull, &op->a);
            /* a zero-time block in a loop never lets simulated time pass */
            if (op->a == 0 && depth)
                FAIL("'%s 0ns' inside a loop blocks without time passing (use at least 1ns)",
                     v[0]);
            opt = 2;
        } else if (strcmp(v[0], "fork") == 0) {
            op->kind = OP_FORK;
            if (n != 2 || !valid_name(v[1]))
                FAIL("expected 'fork SCRIPT'");
            if (nfx == MAX_OPS)
                FAIL("too many forks");
            fx[nfx] = (struct fixup){(uint32_t)cur, sc->nops, lx.line, ""};
            strcpy(fx[nfx++].name, v[1]);
        } else if (strcmp(v[0], "wait") == 0 || strcmp(v[0], "exec") == 0 ||
                   strcmp(v[0], "count") == 0 || strcmp(v[0], "exit") == 0) {
            op->kind = v[0][0] == 'w' ? OP_WAIT : v[0][0] == 'c' ? OP_COUNT
                       : v[0][1] == 'x' && v[0][2] == 'e' ? OP_EXEC : OP_EXIT;
            if (n != 1)
                FAIL("'%s' takes no arguments", v[0]);
        } else if (strcmp(v[0], "post") == 0 || strcmp(v[0], "pend") == 0) {
            op->kind = v[0][1] == 'o' ? OP_POST : OP_PEND;
            bool io = op->kind == OP_PEND && n == 3 && strcmp(v[2], "io") == 0;
            bool limit = op->kind == OP_POST && n == 4 && strcmp(v[2], "limit") == 0;
            int si = (n == 2 || io || limit) && valid_name(v[1]) ? sem_index(wl, v[1], 16) : -1;
            if (si < 0)
                FAIL("expected '%s SEMAPHORE%s' (at most 16 semaphores)", v[0],
                     op->kind == OP_PEND ? " [io]" : " [limit N]");
            op->a = (uint64_t)si;
            op->b = io; /* pend SEM io: blocked in I/O (iowait, IOWAIT flag on wake-up) */
            if (limit) /* post SEM limit N: dropped while N are already posted */
                NUMBER("post limit", v[3], &num_count, 1, 1000000000, &op->b);
        } else if (strcmp(v[0], "uclamp") == 0) {
            op->kind = OP_UCLAMP;
            if (n != 3)
                FAIL("expected 'uclamp MIN MAX' with 0 <= MIN <= MAX <= 1024");
            NUMBER("uclamp MIN", v[1], &num_plain, 0, 1024, &op->a);
            NUMBER("uclamp MAX", v[2], &num_plain, 0, 1024, &op->b);
            if (op->a > op->b)
                FAIL("expected 'uclamp MIN MAX' with MIN <= MAX, got %s > %s", v[1], v[2]);
        } else if (strcmp(v[0], "loop") == 0) {
            op->kind = OP_LOOP;
            if (n != 2)
                FAIL("expected 'loop COUNT' (0..1000M)");
            NUMBER("loop", v[1], &num_count, 0, 1000000000, &op->a);
            if (depth == 8)
                FAIL("loops nested deeper than 8");
            loops[depth++] = sc->nops;
        } else {
            FAIL("unknown operation '%s'", v[0]);
        }
        if (opt) {
            for (int i = opt; i < n; i += 2) {
                uint64_t x;
                if (i + 1 >= n)
                    FAIL("'%s' needs a value", v[i]);
                if (strcmp(v[i], "jitter") == 0) {
                    NUMBER("jitter", v[i + 1], &num_permille, 0, 1000, &x);
                    op->c = x;
                } else if (strcmp(v[i], "insens") == 0 && op->kind == OP_COMPUTE) {
                    NUMBER("insens", v[i + 1], &num_permille, 0, 1000, &x);
                    op->b = x;
                } else {
                    FAIL("unknown option '%s' for '%s'", v[i], v[0]);
                }
            }
        } else if (op->kind == OP_COMPUTE) {
            /* unreachable: compute always has options parsed */
        }
        sc->nops++;
    }
    if (r < 0)
        goto out;
    if (cur >= 0) {
        sim_errf(err, name, lx.line, "script '%s' (line %d) is not closed with 'end'",
                 wl->scripts[cur].name, wl->scripts[cur].line);
        goto out;
    }
    for (uint32_t i = 0; i < nfx; i++) {
        int si = find_script(wl, fx[i].name);
        if (si < 0) {
            sim_errf(err, name, fx[i].line, "fork of undefined script '%s'", fx[i].name);
            goto out;
        }
        wl->scripts[fx[i].script].ops[fx[i].op].a = (uint64_t)si;
    }
    if (!wl->nstarts) {
        sim_errf(err, name, lx.line, "no 'start' line: nothing would run");
        goto out;
    }
    rc = 0;
#undef FAIL
out:
    free(fx);
    if (rc)
        sim_workload_free(wl);
    return rc;
}

int sim_workload_check(const struct sim_workload *wl, const struct sim_scenario *sc,
                       struct sim_err *err)
{
    bool alive = false;
    for (uint32_t i = 0; i < wl->nstarts; i++) {
        const struct sim_start *st = &wl->starts[i];
        if (st->cpu >= (int32_t)sc->ncpu) {
            sim_errf(err, wl->file, st->line, "'start ... cpu %d' but scenario %s has %u CPU%s "
                     "(0..%u)", st->cpu, sc->name, sc->ncpu, sc->ncpu == 1 ? "" : "s",
                     sc->ncpu - 1);
            return -1;
        }
        alive |= !st->daemon;
    }
    if (!alive && !sc->duration_ns) {
        sim_errf(err, wl->file, wl->starts[wl->nstarts - 1].line,
                 "every 'start' is a daemon or background task and scenario %s has no "
                 "'duration': the run would end at 0 s", sc->name);
        return -1;
    }
    return 0;
}

static char *slurp(const char *path, size_t *len, struct sim_err *err)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    if (!f) {
        sim_errf(err, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && n < (1L << 24) && fseek(f, 0, SEEK_SET) == 0) {
            buf = malloc((size_t)n + 1);
            if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
                buf[n] = 0;
                *len = (size_t)n;
            } else {
                free(buf);
                buf = NULL;
            }
        }
    }
    fclose(f);
    if (!buf)
        sim_errf(err, path, 0, "cannot read (or larger than 16 MiB)");
    return buf;
}

int sim_workload_parse_mem(const char *name, const char *text, size_t len, const char *pname,
                           uint32_t pval, struct sim_workload *wl, struct sim_err *err)
{
    struct subst_env env = {pname, pval, NULL, NULL};
    return parse_mem(name, text, len, &env, wl, err);
}

int sim_workload_parse(const char *path, const struct sim_scenario *sc, uint32_t pval,
                       struct sim_workload *wl, struct sim_err *err)
{
    return sim_workload_parse_for(path, sc, pval, NULL, wl, err);
}

int sim_workload_parse_for(const char *path, const struct sim_scenario *sc, uint32_t pval,
                           const struct sim_policy_spec *ps, struct sim_workload *wl,
                           struct sim_err *err)
{
    struct subst_env env = {sc ? sc->param_name : NULL, pval, sc, ps};
    size_t len = 0;
    char *text = slurp(path, &len, err);
    if (!text)
        return -1;
    if (memchr(text, 0, len)) {
        free(text);
        sim_errf(err, path, 0, "binary data (NUL byte) in a text file");
        return -1;
    }
    int rc = parse_mem(path, text, len, &env, wl, err);
    free(text);
    return rc;
}

/* ------------------------------------------------------------------ scenario */

static const struct {
    const char *name;
    uint32_t gov;
} govs[] = {
    {"performance", GOV_PERFORMANCE}, {"powersave", GOV_POWERSAVE},
    {"intel_pstate", GOV_INTEL_PSTATE}, {"hwp", GOV_HWP},
    {"schedutil", GOV_SCHEDUTIL},     {"ondemand", GOV_ONDEMAND},
    {"conservative", GOV_CONSERVATIVE},
};

/* See sim.h. The options are the registry's policy keys (keys.c). */
int sim_policy_parse(const char *label, char **v, int n, struct sim_policy_spec *ps, char *why,
                     size_t whylen)
{
#define PFAIL(...)                                  \
    do {                                            \
        snprintf(why, whylen, __VA_ARGS__);         \
        return -1;                                  \
    } while (0)
    char kwhy[NUM_ERR_LEN + 64];
    if (n < 1 || !valid_name(label))
        PFAIL("expected 'LABEL GOVERNOR [key=value...]'");
    int line = ps->line;
    memset(ps, 0, sizeof(*ps));
    ps->line = line;
    strcpy(ps->label, label);
    for (size_t g = 0; g < sizeof(govs) / sizeof(govs[0]); g++)
        if (strcmp(govs[g].name, v[0]) == 0)
            ps->gov = govs[g].gov;
    if (!ps->gov)
        PFAIL("unknown governor '%s' (performance, powersave, intel_pstate, hwp, "
              "schedutil, ondemand, conservative)", v[0]);
    size_t tl = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(ps->text + tl, sizeof(ps->text) - tl, "%s%s", i > 0 ? " " : "", v[i]);
        if (w < 0 || (size_t)w >= sizeof(ps->text) - tl)
            PFAIL("policy line too long");
        tl += (size_t)w;
    }
    for (int i = 1; i < n; i++) {
        char *eq = strchr(v[i], '=');
        if (!eq)
            PFAIL("expected key=value, got '%s'", v[i]);
        *eq = 0;
        if (v[i][0] == '$') {
            if (sim_policy_set_var(ps, v[i] + 1, eq + 1, kwhy, sizeof(kwhy)))
                PFAIL("%s: %s", v[i], kwhy);
            continue;
        }
        const struct sim_key *k = sim_key_find(v[i]);
        if (!k || k->scope != KEY_POLICY)
            PFAIL("unknown policy option '%s' (pgov-sim --keys lists them)", v[i]);
        if (!sim_key_applies(k, ps->gov))
            PFAIL("policy option '%s' does not apply to %s", v[i], v[0]);
        if (sim_key_set(k, ps, eq + 1, kwhy, sizeof(kwhy)))
            PFAIL("%s: %s", v[i], kwhy);
    }
    return 0;
#undef PFAIL
}

int sim_policy_set_var(struct sim_policy_spec *ps, const char *name, const char *val, char *why,
                       size_t n)
{
    uint32_t i = 0;
    while (i < ps->nvars && strcmp(ps->vars[i].name, name) != 0)
        i++;
    if (i == SIM_MAX_POLICY_VARS) {
        snprintf(why, n, "at most %u vars per policy", SIM_MAX_POLICY_VARS);
        return -1;
    }
    if (!name[0] || strlen(name) >= sizeof(ps->vars[i].name) || !val[0] ||
        strlen(val) >= sizeof(ps->vars[i].val)) {
        snprintf(why, n, "expected $NAME=VALUE with a short name and value");
        return -1;
    }
    strcpy(ps->vars[i].name, name);
    strcpy(ps->vars[i].val, val);
    if (i == ps->nvars)
        ps->nvars++;
    return 0;
}

const char *sim_gov_name(uint32_t gov)
{
    for (size_t i = 0; i < sizeof(govs) / sizeof(govs[0]); i++)
        if (govs[i].gov == gov)
            return govs[i].name;
    return "?";
}

int sim_scenario_parse(const char *path, struct sim_scenario *sc, struct sim_err *err)
{
    size_t len = 0;
    char *text = slurp(path, &len, err);
    int r, rc = -1;
    if (!text)
        return -1;
    struct lexer lx = {.name = path, .p = text, .end = text + len};
    memset(sc, 0, sizeof(*sc));
    snprintf(sc->file, sizeof(sc->file), "%s", path);
    sc->hz = 250;
    sc->iterations = 5;
    sc->limit_ns = 100000ull * 1000000000ull;
    sc->migration_cost_ns = 500000; /* the kernel's default */
    sc->balance_unit_ns = 1000000;  /* sd_init: min_interval = sd_weight ms */
    strcpy(sc->metric_main, "elapsed_s");
#define FAIL(...)                                          \
    do {                                                   \
        sim_errf(err, path, lx.line, __VA_ARGS__);         \
        goto out;                                          \
    } while (0)
    char why[NUM_ERR_LEN + 64]; /* NUMBER(), keys */
    if (memchr(text, 0, len)) {
        sim_errf(err, path, 0, "binary data (NUL byte) in a text file");
        goto out;
    }
    while ((r = next_line(&lx, err)) == 1) {
        char **v = lx.tok;
        int n = lx.ntok;
        uint64_t x;
        if (strcmp(v[0], "scenario") == 0) {
            if (n != 2 || !valid_name(v[1]))
                FAIL("expected 'scenario NAME'");
            strcpy(sc->name, v[1]);
        } else if (strcmp(v[0], "title") == 0) {
            if (n != 2 || strlen(v[1]) >= sizeof(sc->title))
                FAIL("expected 'title \"TEXT\"' (quoted, under 200 characters)");
            strcpy(sc->title, v[1]);
        } else if (strcmp(v[0], "workload") == 0) {
            if (n != 2)
                FAIL("expected 'workload FILE'");
            const char *slash = strrchr(path, '/');
            int dl = slash ? (int)(slash - path + 1) : 0;
            if (v[1][0] == '/')
                dl = 0;
            if ((size_t)dl + strlen(v[1]) >= sizeof(sc->workload_path))
                FAIL("workload path too long");
            snprintf(sc->workload_path, sizeof(sc->workload_path), "%.*s%s", dl, path, v[1]);
            FILE *wf = fopen(sc->workload_path, "rb");
            if (!wf)
                FAIL("cannot open workload '%s': %s", sc->workload_path, strerror(errno));
            fclose(wf);
        } else if (strcmp(v[0], "throughput") == 0) {
            if (n != 2 || strlen(v[1]) >= SIM_NAME_LEN)
                FAIL("expected 'throughput \"UNIT\"'");
            strcpy(sc->throughput_unit, v[1]);
        } else if (strcmp(v[0], "main") == 0) {
            int ok = 0;
            for (int m = 0; n == 2 && m < M_COUNT; m++)
                ok |= strcmp(v[1], sim_metric_names[m]) == 0;
            if (!ok)
                FAIL("expected 'main METRIC' (a metric name such as elapsed_s)");
            strcpy(sc->metric_main, v[1]);
        } else if (strcmp(v[0], "param") == 0) {
            if (n < 3 || n - 2 > SIM_MAX_PARAMS || !valid_name(v[1]) || sc->nparam)
                FAIL("expected one 'param NAME V1 [V2...]' (at most %d values)", SIM_MAX_PARAMS);
            strcpy(sc->param_name, v[1]);
            for (int i = 2; i < n; i++) {
                NUMBER("param value", v[i], &num_count, 0, 1000000, &x);
                sc->param_vals[sc->nparam++] = (uint32_t)x;
            }
        } else if (strcmp(v[0], "policy") == 0) {
            if (n < 3 || !valid_name(v[1]))
                FAIL("expected 'policy LABEL GOVERNOR [key=value...]'");
            if (sc->npol == SIM_MAX_POLICIES)
                FAIL("too many policies (at most %d)", SIM_MAX_POLICIES);
            struct sim_policy_spec *ps = &sc->pol[sc->npol];
            for (uint32_t i = 0; i < sc->npol; i++)
                if (strcmp(sc->pol[i].label, v[1]) == 0)
                    FAIL("policy label '%s' used twice", v[1]);
            ps->line = lx.line;
            char pwhy[NUM_ERR_LEN + 200];
            if (sim_policy_parse(v[1], v + 2, n - 2, ps, pwhy, sizeof(pwhy)))
                FAIL("%s", pwhy);
            sc->npol++;
        } else if (strcmp(v[0], "expect") == 0) {
            /* expect METRIC A < B [min=P%] "why" */
            if (n < 5 || sc->nexpect == SIM_MAX_EXPECT)
                FAIL("expected 'expect METRIC LABEL_A <|>|~ LABEL_B [min=N%%|max=N%%] "
                     "[seed=X%%[,X%%...]] [\"why\"]'");
            struct sim_expect *e = &sc->expect[sc->nexpect];
            int ok = 0;
            for (int m = 0; m < M_COUNT; m++)
                ok |= strcmp(v[1], sim_metric_names[m]) == 0;
            if (!ok || strlen(v[2]) >= SIM_NAME_LEN || strlen(v[4]) >= SIM_NAME_LEN)
                FAIL("unknown metric '%s' in expect", v[1]);
            strcpy(e->metric, v[1]);
            strcpy(e->a, v[2]);
            strcpy(e->b, v[4]);
            if (strcmp(v[3], "<") == 0)
                e->cmp = CMP_LT;
            else if (strcmp(v[3], ">") == 0)
                e->cmp = CMP_GT;
            else if (strcmp(v[3], "~") == 0)
                e->cmp = CMP_EQ;
            else
                FAIL("expect comparison must be <, > or ~");
            for (int i = 5; i < n; i++) {
                if (strncmp(v[i], "min=", 4) == 0 || strncmp(v[i], "max=", 4) == 0) {
                    NUMBER(v[i][1] == 'i' ? "expect min=" : "expect max=", v[i] + 4,
                           &num_permille, 0, 10000, &x);
                    if ((v[i][1] == 'a') != (e->cmp == CMP_EQ))
                        FAIL("'min=' goes with < and >, 'max=' with ~");
                    e->min_pct = (double)x / 10;
                } else if (strncmp(v[i], "seed=", 5) == 0) {
                    if (expect_seed(v[i] + 5, sc, e, why, sizeof(why)))
                        FAIL("expect seed=: %s", why);
                } else if (strlen(v[i]) < sizeof(e->why)) {
                    strcpy(e->why, v[i]);
                } else {
                    FAIL("expect reason too long");
                }
            }
            e->line = lx.line;
            sc->nexpect++;
        } else if (strcmp(v[0], "var") == 0) {
            if (n != 3 || !valid_name(v[1]) || strlen(v[2]) >= SIM_NAME_LEN ||
                sc->nvars == SIM_MAX_VARS)
                FAIL("expected 'var NAME VALUE' (at most %d, values under %d characters)",
                     SIM_MAX_VARS, SIM_NAME_LEN);
            for (uint32_t i = 0; i < sc->nvars; i++)
                if (strcmp(sc->vars[i].name, v[1]) == 0)
                    FAIL("var '%s' defined twice", v[1]);
            strcpy(sc->vars[sc->nvars].name, v[1]);
            strcpy(sc->vars[sc->nvars++].val, v[2]);
        } else if (strcmp(v[0], "seed") == 0) {
            if (n != 2 || strlen(v[1]) >= 200 || sc->nseed == SIM_MAX_SEED_LINES)
                FAIL("expected 'seed \"TEXT\"' (under 200 characters, at most %d lines)",
                     SIM_MAX_SEED_LINES);
            strcpy(sc->seed_lines[sc->nseed++], v[1]);
        } else {
            /* scenario and platform keys: KEY VALUE */
            const struct sim_key *k = sim_key_find(v[0]);
            if (!k || k->scope == KEY_POLICY)
                FAIL("unknown keyword '%s'%s", v[0],
                     k ? " (a policy option: write it on the policy line as KEY=VALUE)" : "");
            if (n != 2)
                FAIL("expected '%s VALUE' (%s)", v[0], k->help);
            if (k->scope == KEY_PLATFORM && !sc->plat)
                FAIL("'%s' before the 'platform' line (platform resets every plat.* key)", v[0]);
            if (sim_key_set(k, k->scope == KEY_PLATFORM ? (void *)&sc->platform : (void *)sc, v[1],
                            why, sizeof(why)))
                FAIL("%s: %s", v[0], why);
        }
    }
    if (r < 0)
        goto out;
    if (!sc->name[0] || !sc->plat || !sc->workload_path[0] || !sc->npol) {
        sim_errf(err, path, lx.line, "incomplete scenario: needs 'scenario', 'platform', "
                 "'workload' and at least one 'policy'");
        goto out;
    }
    if (sim_scenario_check(sc, err))
        goto out;
    rc = 0;
#undef FAIL
out:
    free(text);
    return rc;
}

void sim_scenario_copy(struct sim_scenario *dst, const struct sim_scenario *src)
{
    *dst = *src;
    if (src->plat == &src->platform)
        dst->plat = &dst->platform;
}

int sim_scenario_check(struct sim_scenario *sc, struct sim_err *err)
{
    const struct sim_platform *pl = sc->plat;
    const char *f = sc->file;
    if (!pl->min_ratio || pl->min_ratio > pl->max_ratio || pl->max_ratio > pl->turbo_ratio ||
        (uint64_t)pl->turbo_ratio * pl->scaling_khz / 100000u >= 64) {
        sim_errf(err, f, 0, "platform %s: expected 1 <= min_ratio (%u) <= max_ratio (%u) <= "
                 "turbo_ratio (%u) < 64", pl->name, pl->min_ratio, pl->max_ratio, pl->turbo_ratio);
        return -1;
    }
    if (!pl->n_bins || pl->n_bins > 8) {
        sim_errf(err, f, 0, "platform %s: 1 to 8 turbo bins", pl->name);
        return -1;
    }
    for (uint32_t i = 0; i < pl->n_bins; i++)
        if (pl->turbo_bins[i] < pl->min_ratio || pl->turbo_bins[i] > pl->turbo_ratio) {
            sim_errf(err, f, 0, "platform %s: turbo bin %u (%u) outside min_ratio..turbo_ratio "
                     "(%u..%u)", pl->name, i + 1, pl->turbo_bins[i], pl->min_ratio, pl->turbo_ratio);
            return -1;
        }
    uint32_t smt = pl->smt > 1 ? pl->smt : 1, pk = pl->packages ? pl->packages : 1;
    if (!sc->ncpu_given)
        sc->ncpu = pl->cores * smt;
    if (sc->ncpu > pk * pl->cores * smt || sc->ncpu % smt) {
        char pks[32] = "";
        if (pk > 1)
            snprintf(pks, sizeof(pks), " x %u packages", pk);
        sim_errf(err, f, 0, "cpus %u exceeds the %u cores x %u thread%s%s of %s, or is not a "
                 "multiple of %u", sc->ncpu, pl->cores, smt, smt > 1 ? "s" : "", pks, pl->name, smt);
        return -1;
    }
    if (sc->work_cpus > sc->ncpu) {
        sim_errf(err, f, 0, "work_cpus %u exceeds cpus %u", sc->work_cpus, sc->ncpu);
        return -1;
    }
    for (uint32_t p = 0; p < sc->npol; p++)
        for (uint32_t i = 0; i < sc->pol[p].nvars; i++) {
            const char *nm = sc->pol[p].vars[i].name, *v = sc->pol[p].vars[i].val;
            if (!scenario_var(sc, nm) || (v[0] == '$' && !scenario_var(sc, v + 1))) {
                sim_errf(err, f, sc->pol[p].line, "policy %s: $%s=%s: the scenario has no "
                         "such 'var'", sc->pol[p].label, nm, v);
                return -1;
            }
        }
    for (uint32_t i = 0; i < sc->nexpect; i++) {
        int fa = 0, fb = 0;
        for (uint32_t j = 0; j < sc->npol; j++) {
            fa |= strcmp(sc->pol[j].label, sc->expect[i].a) == 0;
            fb |= strcmp(sc->pol[j].label, sc->expect[i].b) == 0;
        }
        if (!fa || !fb) {
            sim_errf(err, f, sc->expect[i].line, "expect names an unknown policy label");
            return -1;
        }
    }
    return 0;
}
