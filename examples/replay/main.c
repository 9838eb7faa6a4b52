/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-replay: recompute a vector or trace file through libpgov.
 *
 *   pgov-replay FILE            print FILE with every output column recomputed
 *   pgov-replay --check FILE... compare; exit 1 on the first file with a mismatch
 *   pgov-replay --list          the formats (adapters) this build knows
 */
#include "replay.h"

#include <pgov/pgov.h>
#include <string.h>

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
    struct replay_result res;
    int status = 0;

    if (argc < 2)
        return usage(stderr);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return usage(stdout), 0;
    if (strcmp(argv[1], "--version") == 0) {
        printf("pgov-replay %s (libpgov %s)\n", PGOV_TOOL_VERSION, pgov_version_string());
        return 0;
    }
    if (strcmp(argv[1], "--list") == 0) {
        for (int a = 0; replay_adapters[a]; a++)
            printf("%s\n", replay_adapters[a]->name);
        return 0;
    }
    if (strcmp(argv[1], "--check") == 0) {
        if (argc < 3)
            return usage(stderr);
        for (int i = 2; i < argc; i++) {
            if (replay_file(argv[i], replay_adapters, REPLAY_CHECK, stdout, stderr, &res) != 0)
                return 2;
            if (res.mismatches)
                status = 1;
        }
        return status;
    }
    if (argv[1][0] == '-' && argv[1][1] != '\0') {
        fprintf(stderr, "pgov-replay: unknown option '%s' (pgov-replay --help lists them)\n", argv[1]);
        return 2;
    }
    if (argc != 2)
        return usage(stderr);
    return replay_file(argv[1], replay_adapters, REPLAY_PRINT, stdout, stderr, &res) != 0 ? 2 : 0;
}
