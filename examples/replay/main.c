/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-replay: recompute a vector or trace file through libpgov.
 *
 *   pgov-replay FILE            print FILE with every output column recomputed
 *   pgov-replay --check FILE... compare; exit 1 on the first file with a mismatch
 *   pgov-replay --list          the formats (adapters) this build knows
 */
#define _GNU_SOURCE /* getopt_long */
#include "replay.h"

#include <getopt.h>
#include <stdbool.h>

#include <pgov/pgov.h>

#ifndef PGOV_TOOL_VERSION
#define PGOV_TOOL_VERSION "unknown"
#endif

static int usage(FILE *to)
{
    fprintf(to, "usage: pgov-replay FILE\n"
                "       pgov-replay --check FILE...\n"
                "       pgov-replay --list\n"
                "Recomputes every output column of a libpgov vector/trace TSV file from its\n"
                "input columns (the format is chosen from the column header). Exit status:\n"
                "0 all rows match (or printed), 1 mismatch, 2 malformed input or usage.\n");
    return 2;
}

int main(int argc, char **argv)
{
    static const struct option lo[] = {{"check", no_argument, 0, 'c'}, {"list", no_argument, 0, 'l'},
                                       {"help", no_argument, 0, 'h'}, {"version", no_argument, 0, 'V'},
                                       {0, 0, 0, 0}};
    struct replay_result res;
    bool check = false;
    int c, status = 0;

    /* getopt_long like every pgov tool: options anywhere, FILEs the operands */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        switch (c) {
        case 'h':
            return usage(stdout), 0;
        case 'V':
            printf("pgov-replay %s (libpgov %s)\n", PGOV_TOOL_VERSION, pgov_version_string());
            return 0;
        case 'l':
            for (int a = 0; replay_adapters[a]; a++)
                printf("%s\n", replay_adapters[a]->name);
            return 0;
        case 'c':
            check = true;
            break;
        default:
            fprintf(stderr, "pgov-replay: unknown option '%s' (pgov-replay --help lists them)\n",
                    argv[optind - 1]);
            return 2;
        }
    }
    if (optind == argc || (!check && argc - optind != 1))
        return usage(stderr);
    if (!check)
        return replay_file(argv[optind], replay_adapters, REPLAY_PRINT, stdout, stderr, &res) ? 2 : 0;
    for (int i = optind; i < argc; i++) {
        if (replay_file(argv[i], replay_adapters, REPLAY_CHECK, stdout, stderr, &res) != 0)
            return 2;
        if (res.mismatches)
            status = 1;
    }
    return status;
}
