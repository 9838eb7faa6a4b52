/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The .scn grammar (docs/simulator.md): machine, policies, workload,
 * params, expectations. A policy line is the model's (mdl_policy_parse).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "keys.h"
#include "num.h"
#include "parse.h"

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

/* The line handlers' FAIL: the parser's, returning -1 (the reason in @err). */
#define LFAIL(...)                                         \
    do {                                                   \
        sim_errf(err, lx->name, lx->line, __VA_ARGS__);    \
        return -1;                                         \
    } while (0)

/* `policy LABEL GOVERNOR [key=value...]`. */
static int parse_policy(struct lexer *lx, struct sim_scenario *sc, struct sim_err *err)
{
    char **v = lx->tok;
    int n = lx->ntok;
#define FAIL LFAIL
    if (n < 3 || !sim_valid_name(v[1]))
        FAIL("expected 'policy LABEL GOVERNOR [key=value...]'");
    if (sc->npol == SIM_MAX_POLICIES)
        FAIL("too many policies (at most %d)", SIM_MAX_POLICIES);
    struct sim_policy_spec *ps = &sc->pol[sc->npol];
    for (uint32_t i = 0; i < sc->npol; i++)
        if (strcmp(sc->pol[i].label, v[1]) == 0)
            FAIL("policy label '%s' used twice", v[1]);
    ps->line = lx->line;
    char pwhy[NUM_ERR_LEN + 200];
    if (mdl_policy_parse(v[1], v + 2, n - 2, ps, pwhy, sizeof(pwhy)))
        FAIL("%s", pwhy);
    sc->npol++;
#undef FAIL
    return 0;
}

/* `expect METRIC A <|>|~ B [min=P%|max=P%] [seed=X%,...] ["why"]`. */
static int parse_expect(const struct lexer *lx, struct sim_scenario *sc, struct sim_err *err)
{
    char *const *v = lx->tok;
    int n = lx->ntok;
    uint64_t x;
    char why[NUM_ERR_LEN + 64];
#define FAIL LFAIL
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
    e->line = lx->line;
    sc->nexpect++;
#undef FAIL
    return 0;
}

/* A scenario or platform key: `KEY VALUE`. */
static int parse_key(const struct lexer *lx, struct sim_scenario *sc, struct sim_err *err)
{
    char *const *v = lx->tok;
    int n = lx->ntok;
    char why[NUM_ERR_LEN + 64];
#define FAIL LFAIL
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
#undef FAIL
    return 0;
}

int sim_scenario_parse(const char *path, struct sim_scenario *sc, struct sim_err *err)
{
    size_t len = 0;
    char *text = sim_slurp(path, &len, err);
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
    while ((r = sim_next_line(&lx, err)) == 1) {
        char **v = lx.tok;
        int n = lx.ntok;
        uint64_t x;
        if (strcmp(v[0], "scenario") == 0) {
            if (n != 2 || !sim_valid_name(v[1]))
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
            if (n < 3 || n - 2 > SIM_MAX_PARAMS || !sim_valid_name(v[1]) || sc->nparam)
                FAIL("expected one 'param NAME V1 [V2...]' (at most %d values)", SIM_MAX_PARAMS);
            strcpy(sc->param_name, v[1]);
            for (int i = 2; i < n; i++) {
                NUMBER("param value", v[i], &num_count, 0, 1000000, &x);
                sc->param_vals[sc->nparam++] = (uint32_t)x;
            }
        } else if (strcmp(v[0], "policy") == 0) {
            if (parse_policy(&lx, sc, err))
                goto out;
        } else if (strcmp(v[0], "expect") == 0) {
            if (parse_expect(&lx, sc, err))
                goto out;
        } else if (strcmp(v[0], "var") == 0) {
            if (n != 3 || !sim_valid_name(v[1]) || strlen(v[2]) >= SIM_NAME_LEN ||
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
        } else if (parse_key(&lx, sc, err)) { /* scenario and platform keys: KEY VALUE */
            goto out;
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
            if (!sim_scenario_var(sc, nm) || (v[0] == '$' && !sim_scenario_var(sc, v + 1))) {
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
