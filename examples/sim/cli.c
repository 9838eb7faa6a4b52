/* SPDX-License-Identifier: BSD-2-Clause */
/* pgov-sim's command line: getopt_long, the usage text, --sweep's values. */
#define _GNU_SOURCE /* getopt_long */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <pgov/pgov.h>

#include "cli.h"
#include "keys.h"
#include "num.h"
#include "variants.h"

#ifndef PGOV_TOOL_VERSION
#define PGOV_TOOL_VERSION "unknown"
#endif

const char *const sim_shipped[NSHIPPED] = {"gitsuite", "grep", "kernbench", "netperf_udp", "execl",
                                            "uclamp_udp"};

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

static void usage(FILE *f)
{
    fprintf(f, "usage: pgov-sim [--iterations N] [--quick] [--seed S] [--out DIR] "
               "[--format text|tsv]\n                [--check] [--progress] [--only LABEL] "
               "[--max-events N] [--max-wall T]\n                [--max-tasks N] "
               "[--from T] [--to T] [--plot-all] [--sweep [LABEL:]KEY=V1,V2,...]...\n"
               "                [--bisect LABEL [--releases X.Y..X.Y]] "
               "[--variants N [--variant-seed S]]\n"
               "                [--keys] [--list] [--version] [SCENARIO...]\n"
               "--sweep runs every scenario once per value (repeated: per grid point) and "
               "prints\nthe check metric and expected directions per point; --keys lists the "
               "keys.\n"
               "--bisect runs policy LABEL of one SCENARIO at every kernel profile boundary\n"
               "libpgov knows (the release before and the boundary) and prints one row each.\n"
               "--variants runs N unshipped variants of every scenario (machine, kernel and\n"
               "workload keys drawn at once, 1 iteration each) and per seed effect the share\n"
               "of them in which its direction holds, and where it failed, the drawn key\n"
               "values the failing variants share (Fisher's exact test).\n"
               "Budgets: --max-events per run (default %lluM), --max-wall for the whole "
               "invocation\n(default %ds); a run that lets under 1 ms of simulated time pass "
               "in 1M events stops.\n"
               "Scenarios (default: all): %s", SIM_DEFAULT_MAX_EVENTS / 1000000, SIM_DEFAULT_MAX_WALL_S, sim_shipped[0]);
    for (size_t i = 1; i < NSHIPPED; i++)
        fprintf(f, " %s", sim_shipped[i]);
    fprintf(f, "\n");
}

/* One option of the command line (getopt_long's code C, value V). Returns
 * -1 to go on, else the exit status (0 after --keys, --list, --version). */
static int set_option(int c, const char *v, struct opts *o, uint64_t *max_wall_ns)
{
    char why[NUM_ERR_LEN];
    int bad = 0;
    switch (c) {
    case 'i':
        bad = num_u32(v, 1, 1000, &o->iterations, why, sizeof(why));
        break;
    case 'e':
        bad = num_parse(v, &num_count, 1, 1000000000000ull, &o->max_events, why, sizeof(why));
        break;
    case 'n': {
        uint64_t x = 0;
        bad = num_parse(v, &num_count, 1, 10000000, &x, why, sizeof(why));
        o->max_tasks = (uint32_t)x;
        break;
    }
    case 'w':
        bad = num_parse(v, &num_time_ns, 1000000000ull, 1000000000000000ull, max_wall_ns, why,
                        sizeof(why));
        break;
    case 'F':
    case 'T':
        bad = num_parse(v, &num_time_ns, 0, 100000000000000ull, c == 'F' ? &o->from_ns : &o->to_ns,
                        why, sizeof(why));
        break;
    case 's':
        bad = num_u64(v, 0, UINT64_MAX, &o->seed, why, sizeof(why));
        break;
    case 'N':
        bad = num_u32(v, 1, VAR_MAX_N, &o->variants, why, sizeof(why));
        break;
    case 'X':
        bad = num_u64(v, 0, UINT64_MAX, &o->variant_seed, why, sizeof(why));
        o->variant_seed_set = true;
        break;
    case 'S':
        if (o->nsweep == MAX_SWEEPS) {
            fprintf(stderr, "pgov-sim: at most %d --sweep options\n", MAX_SWEEPS);
            return 1;
        }
        return parse_sweep(v, &o->sweep[o->nsweep++]) ? 1 : -1;
    case 'f':
        if (strcmp(v, "tsv") == 0) {
            o->tsv = true;
        } else if (strcmp(v, "text") != 0) {
            fprintf(stderr, "pgov-sim: --format is text or tsv, not '%s'\n", v);
            return 1;
        }
        return -1;
    case 'o': o->only = v; return -1;
    case 'b': o->bisect = v; return -1;
    case 'r': o->releases = v; return -1;
    case 'O': o->out = v; return -1;
    case 'q': o->iterations = 2; return -1;
    case 'a': o->plot_all = true; return -1;
    case 'c': o->check = true; return -1;
    case 'p': o->progress = true; return -1;
    case 'k': sim_key_list(stdout); return 0;
    case 'l':
        for (size_t k = 0; k < NSHIPPED; k++)
            printf("%s\n", sim_shipped[k]);
        return 0;
    case 'V':
        printf("pgov-sim %s (libpgov %s)\n", PGOV_TOOL_VERSION, pgov_version_string());
        return 0;
    default: /* 'h' */
        usage(stdout);
        return 0;
    }
    if (bad) {
        static const char *const name[] = {"iterations", "max-events", "max-tasks", "max-wall",
                                           "from", "to", "seed", "variants", "variant-seed"};
        fprintf(stderr, "pgov-sim: --%s: %s\n", name[strchr("ienwFTsNX", c) - "ienwFTsNX"], why);
        return 1;
    }
    return -1;
}

/* getopt_long in order ("-" first): options and scenarios are taken as they
 * come and argv stays as given, for the provenance lines. Returns -1 to go
 * on, else the exit status. */
int sim_cli_parse(int argc, char **argv, struct opts *o, uint64_t *max_wall_ns,
                  const char **names, int *nnames)
{
    static const struct option lo[] = {
        {"iterations", required_argument, 0, 'i'}, {"max-events", required_argument, 0, 'e'},
        {"max-wall", required_argument, 0, 'w'},   {"max-tasks", required_argument, 0, 'n'},
        {"seed", required_argument, 0, 's'},       {"only", required_argument, 0, 'o'},
        {"out", required_argument, 0, 'O'},        {"format", required_argument, 0, 'f'},
        {"sweep", required_argument, 0, 'S'},      {"from", required_argument, 0, 'F'},
        {"to", required_argument, 0, 'T'},         {"bisect", required_argument, 0, 'b'},
        {"releases", required_argument, 0, 'r'},   {"plot-all", no_argument, 0, 'a'},
        {"quick", no_argument, 0, 'q'},            {"keys", no_argument, 0, 'k'},
        {"check", no_argument, 0, 'c'},            {"progress", no_argument, 0, 'p'},
        {"list", no_argument, 0, 'l'},             {"version", no_argument, 0, 'V'},
        {"variants", required_argument, 0, 'N'},   {"variant-seed", required_argument, 0, 'X'},
        {"help", no_argument, 0, 'h'},             {0, 0, 0, 0}};
    int c, r = -1;
    opterr = 0;
    while (r < 0 && (c = getopt_long(argc, argv, "-:h", lo, NULL)) != -1) {
        if (c == 1 && optarg[0] == '-') /* "-": not a scenario */
            c = '?';
        if (c == '?' || c == ':') {
            const char *a = argv[optind - 1];
            if (c == ':')
                fprintf(stderr, "pgov-sim: option '%s' needs a value\n", a);
            else
                fprintf(stderr, "pgov-sim: unknown option '%s' (pgov-sim --help lists them)\n", a);
            return 1;
        }
        if (c != 1) {
            r = set_option(c, optarg, o, max_wall_ns);
            continue;
        }
        if (*nnames == MAX_SCN) {
            fprintf(stderr, "pgov-sim: at most %d scenarios\n", MAX_SCN);
            return 1;
        }
        names[(*nnames)++] = optarg;
    }
    for (; r < 0 && optind < argc; optind++) { /* operands after "--" */
        if (*nnames == MAX_SCN) {
            fprintf(stderr, "pgov-sim: at most %d scenarios\n", MAX_SCN);
            return 1;
        }
        names[(*nnames)++] = argv[optind];
    }
    if (r >= 0)
        return r;
    if (o->variants && (o->nsweep || o->bisect || o->releases)) {
        fprintf(stderr, "pgov-sim: --variants draws its own keys: not with --sweep or --bisect\n");
        return 1;
    }
    if (o->variant_seed_set && !o->variants) {
        fprintf(stderr, "pgov-sim: --variant-seed is --variants' (which variants are drawn)\n");
        return 1;
    }
    if (o->to_ns && o->to_ns <= o->from_ns) {
        fprintf(stderr, "pgov-sim: --to must be after --from\n");
        return 1;
    }
    return -1;
}

