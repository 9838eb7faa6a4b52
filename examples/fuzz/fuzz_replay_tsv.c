/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgov-replay's TSV engine with every real adapter. The input is
 * written to a scratch file (replay_file() reads a path); it is either
 * replayed (rows > 0, checks counted) or rejected with "file:line: reason",
 * and the same input always gives the same result. Violations abort.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

static int once(const char *path, char *msg, size_t n, struct replay_result *res)
{
    FILE *o = tmpfile();
    CHECK(o != NULL);
    int rc = replay_file(path, replay_adapters, REPLAY_CHECK, o, o, res);
    rewind(o);
    size_t got = fread(msg, 1, n - 1, o);
    msg[got] = 0;
    fclose(o);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    static char a[8192], b[8192];
    struct replay_result ra, rb;
    if (!path[0])
        snprintf(path, sizeof(path), "/tmp/pgov-fuzz-replay-%d.tsv", (int)getpid());
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    CHECK(fwrite(data, 1, size, f) == size);
    fclose(f);
    int x = once(path, a, sizeof(a), &ra), y = once(path, b, sizeof(b), &rb);
    CHECK(x == y && (x == 0 || x == -1));
    CHECK(strcmp(a, b) == 0);
    if (x == 0) {
        CHECK(ra.rows > 0 && ra.rows == rb.rows && ra.checks == rb.checks &&
              ra.mismatches == rb.mismatches && ra.mismatches <= ra.checks);
    } else {
        CHECK(strncmp(a, path, strlen(path)) == 0 && a[strlen(path)] == ':');
    }
    return 0;
}
