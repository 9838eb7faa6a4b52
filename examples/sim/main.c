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

#include "keys.h"
#include "num.h"
#include "report.h"

/* Where the installed scenarios are, relative to the installed binary
 * (CMake passes bindir -> datadir/pgov/scenarios), so an install tree works
 * wherever it is put. The build tree copies them beside the binary. */
#ifndef PGOV_SIM_SCENARIO_REL
#define PGOV_SIM_SCENARIO_REL "../share/pgov/scenarios"
#endif

static const char *const shipped[] = {"gitsuite", "grep", "kernbench", "netperf_udp", "execl"};
#define NSHIPPED (sizeof(shipped) / sizeof(shipped[0]))
#define MAX_SCN 32
#define MAX_SWEEPS 4        /* --sweep options: a grid of up to 4 keys */
#define MAX_SWEEP_VALS 32   /* values per --sweep */
#define MAX_POINTS 256      /* grid points per scenario */

struct instance {
    struct sim_scenario *sc; /* the scenario at one sweep point */
    int src;                 /* index of the scenario named on the command line */
    struct sim_workload wl;
    uint32_t param;
    struct sim_table tab;
};

/* --sweep KEY=V1,V2,...: one scenario copy per value (per grid point). */
struct sweep {
    char key[SIM_NAME_LEN * 2];
    char buf[1024];
    const char *val[MAX_SWEEP_VALS];
    uint32_t n;
};

static int parse_sweep(const char *arg, struct sweep *sw)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(sw->key) ||
        strlen(eq + 1) >= sizeof(sw->buf) || !eq[1]) {
        fprintf(stderr, "pgov-sim: --sweep '%s': expected KEY=V1,V2,... (pgov-sim --keys)\n", arg);
        return -1;
    }
    memcpy(sw->key, arg, (size_t)(eq - arg));
    sw->key[eq - arg] = 0;
    strcpy(sw->buf, eq + 1);
    sw->n = 0;
    for (char *v = sw->buf, *e;; v = e + 1) {
        e = strchr(v, ',');
        if (e)
            *e = 0;
        if (!*v || sw->n == MAX_SWEEP_VALS) {
            fprintf(stderr, "pgov-sim: --sweep %s: %s\n", sw->key,
                    *v ? "too many values (at most 32)" : "empty value");
            return -1;
        }
        sw->val[sw->n++] = v;
        if (!e)
            return 0;
    }
}

struct opts {
    uint32_t iterations; /* 0: the scenario's own */
    uint64_t seed;
    uint64_t max_events;  /* per run */
    double wall_deadline; /* time(NULL) at which every run stops */
    const char *out;
    const char *only; /* run just this policy label */
    bool tsv, check, progress;
    struct sweep sweep[MAX_SWEEPS];
    uint32_t nsweep;
};

static void usage(FILE *f)
{
    fprintf(f, "usage: pgov-sim [--iterations N] [--quick] [--seed S] [--out DIR] "
               "[--format text|tsv]\n                [--check] [--progress] [--only LABEL] "
               "[--max-events N] [--max-wall T]\n                [--sweep [LABEL:]KEY=V1,V2,...]... "
               "[--keys] [--list] [SCENARIO...]\n"
               "--sweep runs every scenario once per value (repeated: per grid point) and "
               "prints\nthe check metric and expected directions per point; --keys lists the "
               "keys.\n"
               "Budgets: --max-events per run (default %lluM), --max-wall for the whole "
               "invocation\n(default %ds); a run that lets under 1 ms of simulated time pass "
               "in 1M events stops.\n"
               "Scenarios (default: all): %s", SIM_DEFAULT_MAX_EVENTS / 1000000, SIM_DEFAULT_MAX_WALL_S, shipped[0]);
    for (size_t i = 1; i < NSHIPPED; i++)
        fprintf(f, " %s", shipped[i]);
    fprintf(f, "\n");
}

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t fnv1a(const char *s, uint64_t h)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* Temporary files, removed on failure, renamed into place on success. */
static char tmp_paths[256][SIM_PATH_LEN], final_paths[256][SIM_PATH_LEN];
static int ntmp;

static const char *out_file(const char *dir, const char *name)
{
    if (ntmp == 256)
        return NULL;
    int a = snprintf(final_paths[ntmp], SIM_PATH_LEN, "%s/%s", dir, name);
    int b = snprintf(tmp_paths[ntmp], SIM_PATH_LEN, "%s/.%s.tmp", dir, name);
    if (a < 0 || b < 0 || a >= SIM_PATH_LEN || b >= SIM_PATH_LEN || strlen(name) > 250)
        return NULL;
    return tmp_paths[ntmp++];
}

/* Ctrl-C or a kill during a run: remove the temporary files, then exit. */
static void on_signal(int sig)
{
    for (int i = 0; i < ntmp; i++)
        unlink(tmp_paths[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void discard_tmp(void)
{
    for (int i = 0; i < ntmp; i++)
        remove(tmp_paths[i]);
    ntmp = 0;
}

static int commit_tmp(void)
{
    for (int i = 0; i < ntmp; i++)
        if (rename(tmp_paths[i], final_paths[i])) {
            fprintf(stderr, "pgov-sim: %s: %s\n", final_paths[i], strerror(errno));
            discard_tmp();
            return -1;
        }
    ntmp = 0;
    return 0;
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

static int run_instance(struct instance *in, const struct opts *o, double t0, bool *shown)
{
    struct sim_scenario *sc = in->sc;
    struct sim_table *t = &in->tab;
    struct sim_err err = {{0}};
    t->sc = sc;
    t->iters = o->iterations ? o->iterations : sc->iterations;
    if (sc->nparam)
        snprintf(t->name, sizeof(t->name), "%s-%u", sc->name, in->param);
    else
        snprintf(t->name, sizeof(t->name), "%s", sc->name);
    /* Every sweep point draws the same random numbers (common random
     * numbers across the sweep, as across policies). */
    uint64_t base = fnv1a(t->name, 0xcbf29ce484222325ull) ^ o->seed;
    if (sc->settings[0]) { /* "@KEY=V,KEY2=V2": file names, so no '/' */
        size_t len = strlen(t->name);
        snprintf(t->name + len, sizeof(t->name) - len, "@%s", sc->settings);
        for (char *c = t->name + len; *c; c++)
            *c = *c == ' ' ? ',' : *c == '/' ? '_' : *c;
    }
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
            struct sim_run_cfg cfg = {sc, &in->wl, &sc->pol[p],
                                      base + 0x9e3779b97f4a7c15ull * (i + 1), i == 0,
                                      o->max_events, o->wall_deadline};
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
}

int main(int argc, char **argv)
{
    struct opts o = {.out = "pgov-sim-out", .progress = isatty(2) != 0,
                     .max_events = SIM_DEFAULT_MAX_EVENTS};
    uint64_t max_wall_ns = SIM_DEFAULT_MAX_WALL_S * 1000000000ull;
    const char *names[MAX_SCN];
    int nnames = 0, rc = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--iterations") == 0 && i + 1 < argc) {
            char why[NUM_ERR_LEN];
            if (num_u32(argv[++i], 1, 1000, &o.iterations, why, sizeof(why))) {
                fprintf(stderr, "pgov-sim: --iterations: %s\n", why);
                return 1;
            }
        } else if (strcmp(a, "--max-events") == 0 && i + 1 < argc) {
            char why[NUM_ERR_LEN];
            if (num_parse(argv[++i], &num_count, 1, 1000000000000ull, &o.max_events, why,
                          sizeof(why))) {
                fprintf(stderr, "pgov-sim: --max-events: %s\n", why);
                return 1;
            }
        } else if (strcmp(a, "--max-wall") == 0 && i + 1 < argc) {
            char why[NUM_ERR_LEN];
            if (num_parse(argv[++i], &num_time_ns, 1000000000ull, 1000000000000000ull,
                          &max_wall_ns, why, sizeof(why))) {
                fprintf(stderr, "pgov-sim: --max-wall: %s\n", why);
                return 1;
            }
        } else if (strcmp(a, "--quick") == 0) {
            o.iterations = 2;
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc) {
            char why[NUM_ERR_LEN];
            if (num_u64(argv[++i], 0, UINT64_MAX, &o.seed, why, sizeof(why))) {
                fprintf(stderr, "pgov-sim: --seed: %s\n", why);
                return 1;
            }
        } else if (strcmp(a, "--sweep") == 0 && i + 1 < argc) {
            if (o.nsweep == MAX_SWEEPS) {
                fprintf(stderr, "pgov-sim: at most %d --sweep options\n", MAX_SWEEPS);
                return 1;
            }
            if (parse_sweep(argv[++i], &o.sweep[o.nsweep++]))
                return 1;
        } else if (strcmp(a, "--keys") == 0) {
            sim_key_list(stdout);
            return 0;
        } else if (strcmp(a, "--only") == 0 && i + 1 < argc) {
            o.only = argv[++i];
        } else if (strcmp(a, "--out") == 0 && i + 1 < argc) {
            o.out = argv[++i];
        } else if (strcmp(a, "--format") == 0 && i + 1 < argc) {
            const char *f = argv[++i];
            if (strcmp(f, "tsv") == 0)
                o.tsv = true;
            else if (strcmp(f, "text") != 0) {
                fprintf(stderr, "pgov-sim: --format is text or tsv\n");
                return 1;
            }
        } else if (strcmp(a, "--check") == 0) {
            o.check = true;
        } else if (strcmp(a, "--progress") == 0) {
            o.progress = true;
        } else if (strcmp(a, "--list") == 0) {
            for (size_t k = 0; k < NSHIPPED; k++)
                printf("%s\n", shipped[k]);
            return 0;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "pgov-sim: %s option '%s'\n",
                    i + 1 == argc && strncmp(a, "--", 2) == 0 ? "unknown option or missing value for"
                                                              : "unknown option", a);
            usage(stderr);
            return 1;
        } else {
            if (nnames == MAX_SCN) {
                fprintf(stderr, "pgov-sim: at most %d scenarios\n", MAX_SCN);
                return 1;
            }
            names[nnames++] = a;
        }
    }
    if (!nnames)
        for (size_t k = 0; k < NSHIPPED; k++)
            names[nnames++] = shipped[k];
    o.wall_deadline = (double)time(NULL) + (double)(max_wall_ns / 1000000000ull);

    /* Validate every input before running anything or touching the output folder. */
    uint32_t npoints = 1;
    for (uint32_t w = 0; w < o.nsweep; w++)
        npoints *= o.sweep[w].n;
    if (npoints > MAX_POINTS) {
        fprintf(stderr, "pgov-sim: the --sweep grid has %u points (at most %d)\n", npoints,
                MAX_POINTS);
        return 1;
    }
    static struct sim_scenario parsed;
    struct sim_scenario *scs = calloc((size_t)nnames * npoints, sizeof(*scs));
    struct instance *ins = calloc((size_t)nnames * npoints * SIM_MAX_PARAMS, sizeof(*ins));
    int nin = 0;
    struct sim_err err = {{0}};
    if (!scs || !ins) {
        fprintf(stderr, "pgov-sim: out of memory\n");
        rc = 2;
        goto done;
    }
    for (int s = 0; s < nnames; s++) {
        char path[SIM_PATH_LEN];
        if (resolve(names[s], path, sizeof(path))) {
            fprintf(stderr, "pgov-sim: %s: path too long\n", names[s]);
            rc = 2;
            goto done;
        }
        if (sim_scenario_parse(path, &parsed, &err)) {
            fprintf(stderr, "pgov-sim: %s\n", err.msg);
            rc = 2;
            goto done;
        }
        for (uint32_t p = 0; p < parsed.npol; p++)
            if (!sim_policy_available(parsed.pol[p].gov)) {
                fprintf(stderr, "pgov-sim: %s: policy '%s': governor %s is not in this libpgov "
                        "build\n", path, parsed.pol[p].label, sim_gov_name(parsed.pol[p].gov));
                rc = 2;
                goto done;
            }
        if (o.only) { /* keep one policy: expectations no longer apply */
            uint32_t k = 0;
            while (k < parsed.npol && strcmp(parsed.pol[k].label, o.only) != 0)
                k++;
            if (k == parsed.npol) {
                fprintf(stderr, "pgov-sim: %s: no policy labelled '%s'\n", path, o.only);
                rc = 1;
                goto done;
            }
            parsed.pol[0] = parsed.pol[k];
            parsed.npol = 1;
            parsed.nexpect = 0;
        }
        for (uint32_t pt = 0; pt < npoints; pt++) {
            struct sim_scenario *sc = &scs[(size_t)s * npoints + pt];
            sim_scenario_copy(sc, &parsed);
            /* Grid point pt: the last --sweep varies fastest; keys apply in order. */
            uint32_t idx[MAX_SWEEPS];
            for (uint32_t w = o.nsweep, rem = pt; w-- > 0; rem /= o.sweep[w].n)
                idx[w] = rem % o.sweep[w].n;
            for (uint32_t w = 0; w < o.nsweep; w++)
                if (sim_scenario_apply(sc, o.sweep[w].key, o.sweep[w].val[idx[w]], &err)) {
                    fprintf(stderr, "pgov-sim: %s: --sweep %s\n", path, err.msg);
                    rc = 1;
                    goto done;
                }
            uint32_t nv = sc->nparam ? sc->nparam : 1;
            for (uint32_t v = 0; v < nv; v++) {
                struct instance *in = &ins[nin++];
                in->sc = sc;
                in->src = s;
                in->param = sc->nparam ? sc->param_vals[v] : 0;
                if (sim_workload_parse(sc->workload_path, sc, in->param, &in->wl, &err)) {
                    fprintf(stderr, "pgov-sim: %s\n", err.msg);
                    rc = 2;
                    goto done;
                }
                for (uint32_t p = 0; v == 0 && p < sc->npol; p++) {
                    struct sim_run_cfg cfg = {sc, &in->wl, &sc->pol[p], 0, false, 0, 0};
                    if (sim_probe(&cfg, &err)) {
                        fprintf(stderr, "pgov-sim: %s%s%s\n", err.msg, sc->settings[0] ? " at "
                                : "", sc->settings);
                        rc = 2;
                        goto done;
                    }
                }
            }
        }
    }

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    if (mkdir(o.out, 0777) && errno != EEXIST) {
        fprintf(stderr, "pgov-sim: %s: %s\n", o.out, strerror(errno));
        rc = 2;
        goto done;
    }
    double t0 = wall_s();
    bool shown = false;
    int mism = 0;
    const char *rp = out_file(o.out, "report.txt");
    const char *tp = out_file(o.out, "results.tsv");
    FILE *rf = rp ? fopen(rp, "w") : NULL;
    FILE *tf = tp ? fopen(tp, "w") : NULL;
    if (!rf || !tf) {
        fprintf(stderr, "pgov-sim: cannot write to %s\n", o.out);
        if (rf)
            fclose(rf);
        if (tf)
            fclose(tf);
        discard_tmp();
        rc = 2;
        goto done;
    }
    fprintf(tf, "scenario\tpolicy\tmetric\titerations\tmean\tstddev\tmin\tmax\n");
    if (o.tsv)
        printf("scenario\tpolicy\tmetric\titerations\tmean\tstddev\tmin\tmax\n");
    for (int k = 0; k < nin && !rc; k++) {
        struct instance *in = &ins[k];
        if (run_instance(in, &o, t0, &shown)) {
            rc = 2;
            break;
        }
        report_text(rf, &in->tab);
        int bad = report_expect(rf, &in->tab);
        report_tsv(tf, &in->tab);
        if (o.tsv) {
            report_tsv(stdout, &in->tab);
        } else if (!o.nsweep) { /* a sweep prints its own table below */
            report_text(stdout, &in->tab);
            report_expect(stdout, &in->tab);
        }
        mism += bad;
        bool last = k + 1 == nin || ins[k + 1].src != in->src;
        if (last && o.nsweep) {
            const struct sim_table *tabs[MAX_POINTS * SIM_MAX_PARAMS];
            uint32_t nt = 0;
            for (int j = 0; j < nin; j++)
                if (ins[j].src == in->src)
                    tabs[nt++] = &ins[j].tab;
            report_sweep(rf, tabs, nt);
            if (!o.tsv)
                report_sweep(stdout, tabs, nt);
        }
        /* Seed numbers beside the simulated ones, once per scenario. */
        if (in->sc->nseed && last) {
            for (uint32_t l = 0; l < in->sc->nseed; l++) {
                fprintf(rf, "   seed: %s\n", in->sc->seed_lines[l]);
                if (!o.tsv)
                    printf("   seed: %s\n", in->sc->seed_lines[l]);
            }
        }
        for (uint32_t p = 0; p < in->sc->npol; p++) {
            char name[1024];
            snprintf(name, sizeof(name), "%s-%s.svg", in->tab.name, in->sc->pol[p].label);
            const char *sp = out_file(o.out, name);
            if (!sp || report_svg_policy(sp, &in->tab, p)) {
                fprintf(stderr, "pgov-sim: cannot write %s/%s\n", o.out, name);
                rc = 2;
            }
        }
        char name[1024];
        snprintf(name, sizeof(name), "%s-residency.svg", in->tab.name);
        const char *sp = out_file(o.out, name);
        if (!sp || report_svg_resid(sp, &in->tab)) {
            fprintf(stderr, "pgov-sim: cannot write %s/%s\n", o.out, name);
            rc = 2;
        }
    }
    if (shown)
        fprintf(stderr, "\r%60s\r", "");
    if (fclose(rf) | fclose(tf))
        rc = 2;
    if (rc) {
        discard_tmp();
        goto done;
    }
    if (commit_tmp()) {
        rc = 2;
        goto done;
    }
    if (!o.tsv)
        printf("\nplots and report: %s/ (<scenario>-<policy>.svg, <scenario>-residency.svg, "
               "report.txt, results.tsv)\n", o.out);
    if (o.check && mism)
        rc = 3;
done:
    for (int k = 0; k < nin; k++)
        free_instance(&ins[k]);
    free(ins);
    free(scs);
    fflush(stdout);
    return rc;
}
