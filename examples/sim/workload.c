/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parsers for workload files (.wl) and scenario files (.scn). Both are line
 * based: '#' starts a comment, tokens are separated by blanks, "double
 * quotes" group a token. Every error names file, line and reason; nothing is
 * partially accepted. The grammar is in docs/simulator.md.
 * This file: the .wl grammar; workload_trace.c reads "pgov-workload 1"
 * files, scenario.c the .scn grammar, parse.c what they share.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "keys.h"
#include "num.h"
#include "parse.h"

const char *const sim_metric_names[M_COUNT] = {"elapsed_s", "cpu_s",      "avg_mhz",
                                               "bzy_mhz",   "busy_pct",   "energy_j",
                                               "throughput", "freq_changes", "csw_vol",
                                               "csw_invol", "migrations", "idle_ticks",
                                               "pcc_calls", "pcc_wait_s", "pcc_smi_s", "ipis",
                                               "work_mhz"};

static int find_script(const struct sim_workload *wl, const char *name)
{
    for (uint32_t i = 0; i < wl->nscripts; i++)
        if (strcmp(wl->scripts[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* The semaphore called @name, created if new; -1 past @max or out of memory. */
int sim_sem_index(struct sim_workload *wl, const char *name, uint32_t max)
{
    for (uint32_t i = 0; i < wl->nsems; i++)
        if (strcmp(wl->sems[i], name) == 0)
            return (int)i;
    if (strlen(name) >= SIM_NAME_LEN)
        return -1;
    char(*v)[SIM_NAME_LEN] = sim_grow(wl->sems, wl->nsems, &wl->sems_cap, sizeof(*v), 16, max);
    if (!v)
        return -1;
    wl->sems = v;
    strcpy(wl->sems[wl->nsems], name);
    return (int)wl->nsems++;
}

/* The next free start slot (grown on demand), or NULL. */
struct sim_start *sim_start_slot(struct sim_workload *wl)
{
    struct sim_start *v = sim_grow(wl->starts, wl->nstarts, &wl->starts_cap, sizeof(*v), 32,
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

/* The handlers' FAIL: the parser's, returning -1 (the reason in @err). */
#define LFAIL(...)                                         \
    do {                                                   \
        sim_errf(err, lx->name, lx->line, __VA_ARGS__);    \
        return -1;                                         \
    } while (0)

/* `start SCRIPT [count N] [cpu K|each] [daemon|background|irq]`. */
static int parse_start(const struct lexer *lx, const char *const *v, int n, struct sim_workload *wl,
                       struct sim_err *err)
{
    char why[NUM_ERR_LEN]; /* NUMBER() */
#define FAIL LFAIL
        if (n < 2 || wl->nstarts == 32)
            FAIL(n < 2 ? "expected 'start SCRIPT [count N] [cpu K|each] [daemon|background|irq]'"
                       : "too many 'start' lines (at most 32)");
        struct sim_start *st = sim_start_slot(wl);
        if (!st)
            FAIL("out of memory");
        int si = find_script(wl, v[1]);
        if (si < 0)
            FAIL("'start' of undefined script '%s' (define it first)", v[1]);
        st->script = (uint32_t)si;
        st->count = 1;
        st->cpu = -1;
        st->line = lx->line;
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
#undef FAIL
    return 0;
}

/* An operation's options from token @opt on: `jitter P%`, and `insens P%`
 * for compute. */
static int parse_op_options(const struct lexer *lx, const char *const *v, int n, int opt,
                            struct sim_op *op, struct sim_err *err)
{
    char why[NUM_ERR_LEN]; /* NUMBER() */
#define FAIL LFAIL
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
#undef FAIL
    return 0;
}

/* One operation of script @cur (its ops[nops]): its kind and arguments;
 * a fork's target waits in @fx, a loop's start in @loops. The index of its
 * first option token (0: none), or -1. */
static int parse_op(const struct lexer *lx, const char *const *v, int n, struct sim_workload *wl,
                    int32_t cur, struct fixup *fx, uint32_t *nfx, uint32_t *loops, uint32_t *depth,
                    struct sim_err *err)
{
    struct sim_script *sc = &wl->scripts[cur];
    struct sim_op *op = &sc->ops[sc->nops];
    char why[NUM_ERR_LEN]; /* NUMBER() */
    int opt = 0;
#define FAIL LFAIL
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
        if (op->a == 0 && *depth)
            FAIL("'%s 0ns' inside a loop blocks without time passing (use at least 1ns)",
                 v[0]);
        opt = 2;
    } else if (strcmp(v[0], "fork") == 0) {
        op->kind = OP_FORK;
        if (n != 2 || !sim_valid_name(v[1]))
            FAIL("expected 'fork SCRIPT'");
        if (*nfx == MAX_OPS)
            FAIL("too many forks");
        fx[*nfx] = (struct fixup){(uint32_t)cur, sc->nops, lx->line, ""};
        strcpy(fx[(*nfx)++].name, v[1]);
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
        int si = (n == 2 || io || limit) && sim_valid_name(v[1]) ? sim_sem_index(wl, v[1], 16) : -1;
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
        if (*depth == 8)
            FAIL("loops nested deeper than 8");
        loops[(*depth)++] = sc->nops;
    } else {
        FAIL("unknown operation '%s'", v[0]);
    }
#undef FAIL
    return opt;
}

/* Each `fork NAME` pointed at its script, now that all are defined. */
static int resolve_forks(const char *name, struct sim_workload *wl, const struct fixup *fx,
                         uint32_t nfx, struct sim_err *err)
{
    for (uint32_t i = 0; i < nfx; i++) {
        int si = find_script(wl, fx[i].name);
        if (si < 0) {
            sim_errf(err, name, fx[i].line, "fork of undefined script '%s'", fx[i].name);
            return -1;
        }
        wl->scripts[fx[i].script].ops[fx[i].op].a = (uint64_t)si;
    }
    return 0;
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
    while ((r = sim_next_line(&lx, err)) == 1) {
        char **t = lx.tok;
        int n = lx.ntok;
        const char *v[MAX_TOK];
        if (lx.line_index == 1 && strcmp(t[0], "pgov-workload") == 0) {
            /* a workload derived from a trace: its own reader */
            free(wl->scripts);
            wl->scripts = NULL;
            rc = sim_parse_trace(&lx, env, wl, err);
            goto out;
        }
        char sbuf[MAX_TOK][16];
        for (int i = 0; i < n; i++) {
            v[i] = sim_subst(t[i], env, sbuf[i], sizeof(sbuf[i]));
            if (!v[i])
                FAIL("unknown parameter '%s' (not the scenario's param or a 'var')", t[i]);
        }
        if (strcmp(v[0], "script") == 0) {
            if (cur >= 0)
                FAIL("'script' inside script '%s' (missing 'end')", wl->scripts[cur].name);
            if (n != 2 || !sim_valid_name(v[1]))
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
            if (parse_start(&lx, v, n, wl, err))
                goto out;
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
        int opt = parse_op(&lx, v, n, wl, cur, fx, &nfx, loops, &depth, err);
        if (opt < 0)
            goto out;
        if (opt && parse_op_options(&lx, v, n, opt, op, err))
            goto out;
        sc->nops++;
    }
    if (r < 0)
        goto out;
    if (cur >= 0) {
        sim_errf(err, name, lx.line, "script '%s' (line %d) is not closed with 'end'",
                 wl->scripts[cur].name, wl->scripts[cur].line);
        goto out;
    }
    if (resolve_forks(name, wl, fx, nfx, err))
        goto out;
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
    char *text = sim_slurp(path, &len, err);
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
