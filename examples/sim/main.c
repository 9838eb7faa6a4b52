/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim [--iterations N] [--quick] [--seed S] [--out DIR] [--format text|tsv]
 *          [--check] [--progress] [--only LABEL] [--max-events N] [--max-wall T]
 *          [--list] [SCENARIO...]
 *
 * Runs the shipped scenarios (or the named ones: a name from the scenario
 * folder or a path to a .scn file) and prints comparison tables. Plots and
 * the full report go to DIR (default pgov-sim-out): they are written under a
 * temporary name and renamed into place only when everything succeeded.
 * Exit status: 0 ok, 1 bad usage, 2 malformed input or run failure,
 * 3 (with --check) a scenario's expected direction did not hold.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <pgov/pgov.h>

#include "cli.h"
#include "fnv.h"
#include "keys.h"
#include "num.h"
#include "report.h"
#include "sbisect.h"
#include "variants.h"

/* Where the installed scenarios are, relative to the installed binary
 * (CMake passes bindir -> datadir/pgov/scenarios), so an install tree works
 * wherever it is put. The build tree copies them beside the binary. */
#ifndef PGOV_TOOL_VERSION
#define PGOV_TOOL_VERSION "unknown"
#endif
#ifndef PGOV_SIM_SCENARIO_REL
#define PGOV_SIM_SCENARIO_REL "../share/pgov/scenarios"
#endif

struct instance {
    struct sim_scenario *sc; /* the scenario at one sweep point */
    int src;                 /* index of the scenario named on the command line */
    struct sim_workload wl;
    struct sim_workload pwl[SIM_MAX_POLICIES]; /* a policy's own, with its `$NAME=VALUE` */
    bool has_pwl[SIM_MAX_POLICIES];
    uint32_t param;
    uint64_t seed_base; /* iteration i runs with seed_base + golden * (i + 1) */
    struct sim_table tab;
};

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Temporary files, removed on failure, renamed into place on success. */
struct out_path {
    char tmp[SIM_PATH_LEN], final[SIM_PATH_LEN];
};
static struct out_path *outs;
static volatile int ntmp; /* read by the signal handler */
static int outs_cap;

/* The temporary name of output DIR/NAME, or NULL (too long, out of memory,
 * or a second output of that name: main() checks names before running, so
 * that is a bug, and it must not half-commit). */
static const char *out_file(const char *dir, const char *name)
{
    if (ntmp == outs_cap) {
        int cap = outs_cap ? outs_cap * 2 : 64;
        /* Signals are blocked while the array moves under the handler. */
        sigset_t all, old;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old);
        struct out_path *v = realloc(outs, (size_t)cap * sizeof(*v));
        if (v) {
            outs = v;
            outs_cap = cap;
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (!v)
            return NULL;
    }
    struct out_path *o = &outs[ntmp];
    int a = snprintf(o->final, SIM_PATH_LEN, "%s/%s", dir, name);
    int b = snprintf(o->tmp, SIM_PATH_LEN, "%s/.%s.tmp", dir, name);
    if (a < 0 || b < 0 || a >= SIM_PATH_LEN || b >= SIM_PATH_LEN || strlen(name) > 250)
        return NULL;
    for (int i = 0; i < ntmp; i++)
        if (strcmp(outs[i].final, o->final) == 0)
            return NULL;
    return outs[ntmp++].tmp;
}

/* Ctrl-C or a kill during a run: remove the temporary files, then exit. */
static void on_signal(int sig)
{
    for (int i = 0; i < ntmp; i++)
        unlink(outs[i].tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void discard_tmp(void)
{
    for (int i = 0; i < ntmp; i++)
        remove(outs[i].tmp);
    ntmp = 0;
}

/* Rename every temporary file into place. Names are unique (out_file) and
 * every temporary exists, so the renames cannot collide; one that fails
 * anyway (a directory in the way) leaves the earlier ones committed, and
 * says so. */
static int commit_tmp(void)
{
    for (int i = 0; i < ntmp; i++)
        if (rename(outs[i].tmp, outs[i].final)) {
            fprintf(stderr, "pgov-sim: %s: %s (%d of %d outputs were already in place)\n",
                    outs[i].final, strerror(errno), i, ntmp);
            for (int j = i; j < ntmp; j++)
                remove(outs[j].tmp);
            ntmp = 0;
            return -1;
        }
    ntmp = 0;
    return 0;
}

/* Names of one instance's outputs: the policy plots (per iteration with
 * --plot-all) and the residency plot. @k counts from 0 until it returns 0. */
static int instance_output(const struct instance *in, const struct opts *o, uint32_t k,
                           char *name, size_t n)
{
    const struct sim_table *t = &in->tab;
    uint32_t per = o->plot_all ? t->iters : 1;
    if (o->variants) /* hundreds of tables: the text reports only */
        return 0;
    if (k < t->sc->npol * per) {
        uint32_t p = k / per, i = k % per;
        if (o->plot_all)
            snprintf(name, n, "%s-%s-i%u.svg", t->name, t->sc->pol[p].label, i + 1);
        else
            snprintf(name, n, "%s-%s.svg", t->name, t->sc->pol[p].label);
        return 1;
    }
    if (k == t->sc->npol * per) {
        snprintf(name, n, "%s-residency.svg", t->name);
        return 1;
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Two outputs of one name would overwrite each other: refuse before running. */
static int check_output_names(const struct instance *ins, int nin, const struct opts *o)
{
    static const char *const fixed[] = {"report.txt", "results.tsv", "iterations.tsv",
                                        "index.html"};
    size_t n = 4, cap = 64;
    char **v = malloc(cap * sizeof(*v));
    int rc = 0;
    for (size_t i = 0; v && i < n; i++)
        v[i] = strdup(fixed[i]);
    for (int k = 0; v && k < nin; k++) {
        char name[1024];
        for (uint32_t j = 0; instance_output(&ins[k], o, j, name, sizeof(name)); j++) {
            if (n == cap) {
                char **w = realloc(v, (cap *= 2) * sizeof(*v));
                if (!w) {
                    rc = -1;
                    break;
                }
                v = w;
            }
            v[n++] = strdup(name);
        }
    }
    if (!v) {
        fprintf(stderr, "pgov-sim: out of memory\n");
        return -1;
    }
    qsort(v, n, sizeof(*v), cmp_str);
    for (size_t i = 1; !rc && i < n; i++)
        if (!v[i] || !v[i - 1] || strcmp(v[i], v[i - 1]) == 0) {
            fprintf(stderr, "pgov-sim: two outputs would be named %s/%s (the same scenario "
                    "twice, or two scenarios with one name): nothing run or written\n", o->out,
                    v[i] ? v[i] : "?");
            rc = -1;
        }
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
    return rc;
}

/* The shipped scenarios: $PGOV_SIM_SCENARIO_DIR, else scenarios/ beside
 * the executable (build tree), else PGOV_SIM_SCENARIO_REL from it (install). */
static const char *scenario_dir(void)
{
    static char dir[4096];
    const char *env = getenv("PGOV_SIM_SCENARIO_DIR");
    char exe[2048]; /* shorter than dir: the suffixes always fit */
    ssize_t n;
    struct stat st;

    if (env && *env)
        return env;
    if (dir[0])
        return dir;
    n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n <= 0)
        return "scenarios";
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    snprintf(dir, sizeof(dir), "%s/scenarios", exe);
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        return dir;
    snprintf(dir, sizeof(dir), "%s/%s", exe, PGOV_SIM_SCENARIO_REL);
    return dir;
}

static int resolve(const char *arg, char *path, size_t n)
{
    int len;

    if (strchr(arg, '/') || strstr(arg, ".scn"))
        len = snprintf(path, n, "%s", arg);
    else
        len = snprintf(path, n, "%s/%s.scn", scenario_dir(), arg);
    return len < 0 || (size_t)len >= n ? -1 : 0;
}

/* The table's name (scenario[-param][@sweep point]) and seed base. */
static void name_instance(struct instance *in, const struct opts *o)
{
    struct sim_scenario *sc = in->sc;
    struct sim_table *t = &in->tab;
    t->sc = sc;
    t->wl = &in->wl;
    t->iters = o->iterations ? o->iterations : sc->iterations;
    if (sc->nparam)
        snprintf(t->name, sizeof(t->name), "%s-%u", sc->name, in->param);
    else
        snprintf(t->name, sizeof(t->name), "%s", sc->name);
    /* Every sweep point draws the same random numbers (common random
     * numbers across the sweep, as across policies). */
    in->seed_base = fnv1a_str(t->name, FNV1A_BASIS) ^ o->seed;
    if (sc->settings[0]) { /* "@KEY=V,KEY2=V2": file names, so no '/' */
        size_t len = strlen(t->name);
        snprintf(t->name + len, sizeof(t->name) - len, "@%s", sc->settings);
        for (char *c = t->name + len; *c; c++)
            *c = *c == ' ' ? ',' : *c == '/' ? '_' : *c;
    }
}

static uint64_t iteration_seed(const struct instance *in, uint32_t i)
{
    return in->seed_base + 0x9e3779b97f4a7c15ull * (i + 1);
}

static const struct sim_workload *policy_workload(const struct instance *in, uint32_t p)
{
    return in->has_pwl[p] ? &in->pwl[p] : &in->wl;
}

static int run_instance(struct instance *in, const struct opts *o, double t0, bool *shown)
{
    struct sim_scenario *sc = in->sc;
    struct sim_table *t = &in->tab;
    struct sim_err err = {{0}};
    for (uint32_t p = 0; p < sc->npol; p++) {
        t->res[p] = calloc(t->iters, sizeof(struct sim_result));
        if (!t->res[p]) {
            fprintf(stderr, "pgov-sim: out of memory\n");
            return -1;
        }
        for (uint32_t i = 0; i < t->iters; i++) {
            if (o->progress && wall_s() - t0 > 1.0) {
                fprintf(stderr, "\rpgov-sim: %-16s %-14s iteration %u/%u   ", t->name,
                        sc->pol[p].label, i + 1, t->iters);
                *shown = true;
            }
            struct sim_run_cfg cfg = {.sc = sc, .wl = policy_workload(in, p), .pol = &sc->pol[p],
                                      .seed = iteration_seed(in, i),
                                      .want_series = !o->variants && (i == 0 || o->plot_all),
                                      .max_events = o->max_events,
                                      .wall_deadline = o->wall_deadline,
                                      .max_tasks = o->max_tasks,
                                      .from_ns = o->from_ns, .to_ns = o->to_ns};
            if (sim_run(&cfg, &t->res[p][i], &err)) {
                if (*shown)
                    fprintf(stderr, "\n");
                fprintf(stderr, "pgov-sim: %s\n", err.msg);
                return -1;
            }
        }
    }
    return 0;
}

static void free_instance(struct instance *in)
{
    for (uint32_t p = 0; p < SIM_MAX_POLICIES; p++) {
        if (!in->tab.res[p])
            continue;
        for (uint32_t i = 0; i < in->tab.iters; i++)
            free(in->tab.res[p][i].series);
        free(in->tab.res[p]);
    }
    sim_workload_free(&in->wl);
    for (uint32_t p = 0; p < SIM_MAX_POLICIES; p++)
        if (in->has_pwl[p])
            sim_workload_free(&in->pwl[p]);
}


static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static void provenance(FILE *f, int argc, char **argv, const struct opts *o,
                       const struct instance *ins, int nin)
{
    fprintf(f, "# pgov-sim %s (libpgov %s)\n# command: pgov-sim", PGOV_TOOL_VERSION,
            pgov_version_string());
    for (int i = 1; i < argc; i++)
        fprintf(f, strpbrk(argv[i], " \t'\"$") ? " '%s'" : " %s", argv[i]);
    fprintf(f, "\n# seed: %llu (iteration i = 1..N of a table runs with seed (fnv1a(table name) "
            "^ %llu) + 0x9e3779b97f4a7c15 * i, the same for every policy; iterations.tsv lists "
            "them)\n", (unsigned long long)o->seed, (unsigned long long)o->seed);
    for (int k = 0; k < nin; k++) {
        if (k && ins[k - 1].src == ins[k].src)
            continue;
        const struct sim_scenario *sc = ins[k].sc;
        fprintf(f, "# scenario %s: %s (fnv1a %016llx), workload %s (fnv1a %016llx)\n", sc->name,
                base_name(sc->file), (unsigned long long)fnv1a_file(sc->file),
                base_name(sc->workload_path), (unsigned long long)fnv1a_file(sc->workload_path));
    }
}

/* OUT/index.html: every table, the verdicts and the provenance on one page. */
static int write_html(const char *out, const struct sim_table *const *tabs, uint32_t n, int argc,
                      char **argv, const struct opts *o, const struct instance *ins, int nin)
{
    char *prov = NULL;
    size_t plen = 0;
    FILE *pf = open_memstream(&prov, &plen);
    if (!pf)
        return -1;
    provenance(pf, argc, argv, o, ins, nin);
    char *bis = NULL; /* --bisect's section (sbisect.c) */
    size_t blen = 0;
    FILE *bf = o->bisect ? open_memstream(&bis, &blen) : NULL;
    if (bf)
        sb_html(bf, &o->plan, tabs, n);
    bool closed = fclose(pf) == 0; /* both closed, whatever the first gives */
    if (bf && fclose(bf))
        closed = false;
    const char *hp = closed ? out_file(out, "index.html") : NULL;
    FILE *f = hp && (bis || !o->bisect) ? fopen(hp, "w") : NULL;
    int rc = f && prov ? report_html(f, tabs, n, prov, bis) : -1;
    if (f && fclose(f))
        rc = -1;
    free(bis);
    free(prov);
    return rc;
}

/* --bisect LABEL [--releases X.Y..X.Y] SCENARIO: the plan (sbisect.c) as
 * a sweep of LABEL's kver and sched_kver, the other policies left out. */
static int bisect_setup(struct opts *o, const char *const *names, int nnames)
{
    char path[SIM_PATH_LEN], why[200] = "expected X.Y..X.Y", a[16];
    uint32_t lo = 0, hi = 0;
    static struct sim_scenario sc;
    struct sim_err err = {{0}};
    if (!o->bisect || nnames != 1 || o->nsweep || o->only) {
        fprintf(stderr, "pgov-sim: --bisect LABEL takes one SCENARIO, without --sweep or --only"
                        "%s\n", o->bisect ? "" : " (--releases is --bisect's)");
        return 1;
    }
    if (o->releases) {
        const char *dots = strstr(o->releases, "..");
        size_t n = dots ? (size_t)(dots - o->releases) : sizeof(a);
        if (n >= sizeof(a) || (memcpy(a, o->releases, n), a[n] = 0, num_kver(a, &lo, why, sizeof(why))) ||
            num_kver(dots + 2, &hi, why, sizeof(why)) || (lo >= hi && snprintf(why, sizeof(why),
                                                                                "the first release must be older") > 0)) {
            fprintf(stderr, "pgov-sim: --releases '%s': %s\n", o->releases, why);
            return 1;
        }
    }
    if (resolve(names[0], path, sizeof(path)) || sim_scenario_parse(path, &sc, &err)) {
        fprintf(stderr, "pgov-sim: %s\n", err.msg[0] ? err.msg : "path too long");
        return 2;
    }
    if (sb_plan_make(&sc, o->bisect, lo, hi, &o->plan, why, sizeof(why))) {
        fprintf(stderr, "pgov-sim: %s: --bisect: %s\n", path, why);
        return 1;
    }
    struct sweep *sw = &o->sweep[o->nsweep++];
    snprintf(sw->key, sizeof(sw->key), "%s:kver", o->bisect);
    snprintf(sw->key2, sizeof(sw->key2), "%s:sched_kver", o->bisect);
    for (uint32_t i = 0; i < o->plan.nkv; i++) {
        sw->val[i] = o->plan.val[i][0];
        sw->val2[i] = o->plan.val[i][1];
    }
    sw->n = o->plan.nkv;
    o->only = o->bisect;
    return 0;
}

/* SCENARIO (a shipped name or a path) parsed into *PARSED, its governors
 * checked and, with --only, its one policy kept. 0, or the exit status. */
static int load_scenario(const char *name, const struct opts *o, struct sim_scenario *parsed,
                         char *path, size_t pathlen)
{
    struct sim_err err = {{0}};
    if (resolve(name, path, pathlen)) {
        fprintf(stderr, "pgov-sim: %s: path too long\n", name);
        return 2;
    }
    if (sim_scenario_parse(path, parsed, &err)) {
        fprintf(stderr, "pgov-sim: %s\n", err.msg);
        return 2;
    }
    for (uint32_t p = 0; p < parsed->npol; p++)
        if (!sim_policy_available(parsed->pol[p].gov)) {
            fprintf(stderr, "pgov-sim: %s: policy '%s': governor %s is not in this libpgov "
                    "build\n", path, parsed->pol[p].label, mdl_gov_name(parsed->pol[p].gov));
            return 2;
        }
    if (o->only) { /* keep one policy: expectations no longer apply */
        uint32_t k = 0;
        while (k < parsed->npol && strcmp(parsed->pol[k].label, o->only) != 0)
            k++;
        if (k == parsed->npol) {
            fprintf(stderr, "pgov-sim: %s: no policy labelled '%s'\n", path, o->only);
            return 1;
        }
        parsed->pol[0] = parsed->pol[k];
        parsed->npol = 1;
        parsed->nexpect = 0;
    }
    return 0;
}

/* Grid point PT of scenario S into *SC, and its instances (one per
 * parameter value) appended to INS, workloads parsed and probed. 0, or
 * the exit status. */
static int build_point(const struct opts *o, const struct sim_scenario *parsed, const char *path,
                       int s, uint32_t pt, struct sim_scenario *sc, struct instance *ins, int *nin)
{
    struct sim_err err = {{0}};
    sim_scenario_copy(sc, parsed);
    struct sim_draw var;
    if (o->variants) {
        char why[200];
        if (sim_variant_draw(parsed, o->variant_seed, pt, &var, why, sizeof(why))) {
            fprintf(stderr, "pgov-sim: %s: --variants: %s\n", path, why);
            return 1;
        }
        if (sim_variant_apply(sc, &var, &err)) { /* the ranges' own bug: say which */
            fprintf(stderr, "pgov-sim: %s: variant %u: %s\n", path, pt + 1, err.msg);
            return 2;
        }
    }
    /* Grid point pt: the last --sweep varies fastest; keys apply in order. */
    uint32_t idx[MAX_SWEEPS];
    for (uint32_t w = o->nsweep, rem = pt; w-- > 0; rem /= o->sweep[w].n)
        idx[w] = rem % o->sweep[w].n;
    for (uint32_t w = 0; w < o->nsweep; w++)
        if (sim_scenario_apply(sc, o->sweep[w].key, o->sweep[w].val[idx[w]], &err) ||
            (o->sweep[w].key2[0] &&
             sim_scenario_apply(sc, o->sweep[w].key2, o->sweep[w].val2[idx[w]], &err))) {
            fprintf(stderr, "pgov-sim: %s: --sweep %s\n", path, err.msg);
            return 1;
        }
    uint32_t nv = sc->nparam ? sc->nparam : 1;
    for (uint32_t v = 0; v < nv; v++) {
        struct instance *in = &ins[(*nin)++];
        in->sc = sc;
        in->src = s;
        in->param = sc->nparam ? sc->param_vals[v] : 0;
        in->tab.param_idx = v;
        name_instance(in, o);
        if (o->variants) { /* "NAME@vN" (the keys are the report's), its own seed */
            in->tab.variant = pt + 1;
            size_t len = strcspn(in->tab.name, "@");
            snprintf(in->tab.name + len, sizeof(in->tab.name) - len, "@v%u", pt + 1);
            in->seed_base ^= var.seed;
        }
        if (sim_workload_parse(sc->workload_path, sc, in->param, &in->wl, &err) ||
            sim_workload_check(&in->wl, sc, &err)) {
            fprintf(stderr, "pgov-sim: %s\n", err.msg);
            return 2;
        }
        for (uint32_t p = 0; p < sc->npol; p++) {
            if (!sc->pol[p].nvars)
                continue;
            if (sim_workload_parse_for(sc->workload_path, sc, in->param, &sc->pol[p],
                                       &in->pwl[p], &err) ||
                (in->has_pwl[p] = true, sim_workload_check(&in->pwl[p], sc, &err))) {
                fprintf(stderr, "pgov-sim: %s\n", err.msg);
                return 2;
            }
        }
        for (uint32_t p = 0; v == 0 && p < sc->npol; p++) {
            struct sim_run_cfg cfg = {.sc = sc, .wl = policy_workload(in, p), .pol = &sc->pol[p]};
            if (sim_probe(&cfg, &err)) {
                fprintf(stderr, "pgov-sim: %s%s%s\n", err.msg, sc->settings[0] ? " at " : "",
                        sc->settings);
                return 2;
            }
        }
    }
    return 0;
}

/* The report files the run writes as it goes (report.txt, results.tsv,
 * iterations.tsv). */
struct outs {
    FILE *rf, *tf, *itf;
};

/* Instance K's tables, sweep/bisect rows, seed lines and plots. Adds its
 * failed expectations to *MISM. 0, or 2 when a plot cannot be written. */
static int report_instance(const struct instance *ins, int nin, int k, const struct opts *o,
                           const struct outs *fo, int *mism)
{
    const struct instance *in = &ins[k];
    report_text(fo->rf, &in->tab);
    int bad = report_expect(fo->rf, &in->tab);
    report_tsv(fo->tf, &in->tab);
    uint64_t seeds[1000];
    for (uint32_t i = 0; i < in->tab.iters && i < 1000; i++)
        seeds[i] = iteration_seed(in, i);
    report_iterations(fo->itf, &in->tab, seeds);
    if (o->tsv && !o->bisect && !o->variants) {
        report_tsv(stdout, &in->tab);
    } else if (!o->nsweep && !o->variants) { /* a sweep prints its own table below */
        report_text(stdout, &in->tab);
        report_expect(stdout, &in->tab);
    }
    *mism += bad;
    bool last = k + 1 == nin || ins[k + 1].src != in->src;
    if (last && (o->nsweep || o->variants)) {
        const struct sim_table *tabs[MAX_POINTS * SIM_MAX_PARAMS];
        uint32_t nt = 0;
        for (int j = 0; j < nin; j++)
            if (ins[j].src == in->src)
                tabs[nt++] = &ins[j].tab;
        if (o->variants) {
            report_variants(fo->rf, fo->rf, tabs, nt, false);
            report_variants(stdout, o->tsv ? stderr : stdout, tabs, nt, o->tsv);
        } else if (o->bisect) {
            sb_report(fo->rf, fo->rf, &o->plan, tabs, nt, false);
            sb_report(stdout, o->tsv ? stderr : stdout, &o->plan, tabs, nt, o->tsv);
        } else {
            report_sweep(fo->rf, tabs, nt);
            if (!o->tsv)
                report_sweep(stdout, tabs, nt);
        }
    }
    /* Seed numbers beside the simulated ones, once per scenario. */
    if (in->sc->nseed && last) {
        for (uint32_t l = 0; l < in->sc->nseed; l++) {
            fprintf(fo->rf, "   seed: %s\n", in->sc->seed_lines[l]);
            if (!o->tsv)
                printf("   seed: %s\n", in->sc->seed_lines[l]);
        }
    }
    char name[1024];
    uint32_t per = o->plot_all ? in->tab.iters : 1;
    for (uint32_t j = 0; instance_output(in, o, j, name, sizeof(name)); j++) {
        const char *sp = out_file(o->out, name);
        int w = !sp ? -1
                : j < in->sc->npol * per
                    ? report_svg_policy(sp, &in->tab, j / per, j % per, o->from_ns, o->to_ns)
                    : report_svg_resid(sp, &in->tab);
        if (w) {
            fprintf(stderr, "pgov-sim: cannot write %s/%s\n", o->out, name);
            return 2;
        }
    }
    return 0;
}

/* The closing verdicts (with --format tsv, on stderr) and index.html. */
static int report_close(FILE *rf, struct instance *ins, int nin, int argc, char **argv,
                        const struct opts *o)
{
    const struct sim_table **tabs = malloc(sizeof(*tabs) * (size_t)(nin ? nin : 1));
    if (!tabs)
        return 2;
    for (int k = 0; k < nin; k++)
        tabs[k] = &ins[k].tab;
    report_verdicts(rf, tabs, (uint32_t)nin);
    report_verdicts(o->tsv ? stderr : stdout, tabs, (uint32_t)nin);
    int rc = 0;
    if (!o->variants && write_html(o->out, tabs, (uint32_t)nin, argc, argv, o, ins, nin)) {
        fprintf(stderr, "pgov-sim: cannot write %s/index.html\n", o->out);
        rc = 2;
    }
    free(tabs);
    return rc;
}

/* Run every instance and write the output folder (under temporary names,
 * renamed into place only when everything succeeded). The exit status. */
static int run_all(struct instance *ins, int nin, const struct opts *o, int argc, char **argv)
{
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    if (mkdir(o->out, 0777) && errno != EEXIST) {
        fprintf(stderr, "pgov-sim: %s: %s\n", o->out, strerror(errno));
        return 2;
    }
    double t0 = wall_s();
    bool shown = false;
    int mism = 0, rc = 0;
    const char *rp = out_file(o->out, "report.txt");
    const char *tp = out_file(o->out, "results.tsv");
    const char *ip = out_file(o->out, "iterations.tsv");
    struct outs fo = {rp ? fopen(rp, "w") : NULL, tp ? fopen(tp, "w") : NULL,
                      ip ? fopen(ip, "w") : NULL};
    if (!fo.rf || !fo.tf || !fo.itf) {
        fprintf(stderr, "pgov-sim: cannot write to %s\n", o->out);
        if (fo.rf)
            fclose(fo.rf);
        if (fo.tf)
            fclose(fo.tf);
        if (fo.itf)
            fclose(fo.itf);
        discard_tmp();
        return 2;
    }
    /* Provenance: what produced these numbers (no clock: reruns compare equal). */
    provenance(fo.rf, argc, argv, o, ins, nin);
    provenance(fo.tf, argc, argv, o, ins, nin);
    provenance(fo.itf, argc, argv, o, ins, nin);
    report_tsv_header(fo.tf);
    report_iterations_header(fo.itf);
    if (o->tsv && o->variants)
        report_variants_tsv_header(stdout);
    else if (o->tsv && !o->bisect)
        report_tsv_header(stdout);
    for (int k = 0; k < nin && !rc; k++)
        rc = run_instance(&ins[k], o, t0, &shown) ? 2 : report_instance(ins, nin, k, o, &fo, &mism);
    if (shown)
        fprintf(stderr, "\r%60s\r", "");
    if (!rc)
        rc = report_close(fo.rf, ins, nin, argc, argv, o);
    if (fclose(fo.rf) | fclose(fo.tf) | fclose(fo.itf))
        rc = 2;
    if (rc) {
        discard_tmp();
        return rc;
    }
    if (commit_tmp())
        return 2;
    if (!o->tsv && o->variants)
        printf("\nreport: %s/ (report.txt, results.tsv, iterations.tsv)\n", o->out);
    else if (!o->tsv)
        printf("\nplots and report: %s/ (index.html, <scenario>-<policy>%s.svg, "
               "<scenario>-residency.svg, report.txt, results.tsv, iterations.tsv)\n", o->out,
               o->plot_all ? "-i<N>" : "");
    return o->check && mism ? 3 : 0;
}

int main(int argc, char **argv)
{
    struct opts o = {.out = "pgov-sim-out", .progress = isatty(2) != 0,
                     .max_events = SIM_DEFAULT_MAX_EVENTS};
    uint64_t max_wall_ns = SIM_DEFAULT_MAX_WALL_S * 1000000000ull;
    const char *names[MAX_SCN];
    int nnames = 0, rc = sim_cli_parse(argc, argv, &o, &max_wall_ns, names, &nnames);

    if (rc >= 0)
        return rc;
    rc = 0;
    if (!nnames)
        for (size_t k = 0; k < NSHIPPED; k++)
            names[nnames++] = sim_shipped[k];
    o.wall_deadline = (double)time(NULL) + (double)(max_wall_ns / 1000000000ull);
    if ((o.bisect || o.releases) && (rc = bisect_setup(&o, names, nnames)) != 0)
        return rc;

    /* Validate every input before running anything or touching the output folder. */
    uint32_t npoints = 1;
    for (uint32_t w = 0; w < o.nsweep; w++)
        npoints *= o.sweep[w].n;
    if (o.variants) { /* one grid point per variant, 1 iteration unless told */
        npoints = o.variants;
        o.iterations = o.iterations ? o.iterations : 1;
    }
    if (npoints > MAX_POINTS) {
        fprintf(stderr, "pgov-sim: the --sweep grid has %u points (at most %d)\n", npoints,
                MAX_POINTS);
        return 1;
    }
    static struct sim_scenario parsed;
    struct sim_scenario *scs = calloc((size_t)nnames * npoints, sizeof(*scs));
    struct instance *ins = calloc((size_t)nnames * npoints * SIM_MAX_PARAMS, sizeof(*ins));
    int nin = 0;
    if (!scs || !ins) {
        fprintf(stderr, "pgov-sim: out of memory\n");
        rc = 2;
    }
    for (int s = 0; !rc && s < nnames; s++) {
        char path[SIM_PATH_LEN];
        rc = load_scenario(names[s], &o, &parsed, path, sizeof(path));
        for (uint32_t pt = 0; !rc && pt < npoints; pt++)
            rc = build_point(&o, &parsed, path, s, pt, &scs[(size_t)s * npoints + pt], ins, &nin);
    }
    if (!rc)
        rc = check_output_names(ins, nin, &o) ? 2 : run_all(ins, nin, &o, argc, argv);
    for (int k = 0; k < nin; k++)
        free_instance(&ins[k]);
    free(ins);
    free(scs);
    fflush(stdout);
    return rc;
}
