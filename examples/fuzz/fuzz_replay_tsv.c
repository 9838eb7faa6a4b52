/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgov-replay's TSV engine with every real adapter. The input is
 * written to a memory file (replay_file() reads a path: /proc/self/fd/N),
 * the output to a memory stream: no disk I/O per input (a scratch file in
 * /tmp held the fuzzer at 3/4 of a core in I/O wait). It is either
 * replayed (rows > 0, checks counted) or rejected with "file:line: reason",
 * and the same input always gives the same result. Violations abort.
 */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "replay.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

/* One replay; its whole output in *msg (malloc'd, the caller frees). */
static int once(const char *path, char **msg, struct replay_result *res)
{
    size_t len;
    FILE *o = open_memstream(msg, &len);
    CHECK(o != NULL);
    int rc = replay_file(path, replay_adapters, REPLAY_CHECK, o, o, res);
    CHECK(fclose(o) == 0);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], *a, *b;
    struct replay_result ra, rb;
    int fd = memfd_create("fuzz.tsv", 0);
    CHECK(fd >= 0);
    CHECK(size == 0 || write(fd, data, size) == (ssize_t)size);
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    int x = once(path, &a, &ra), y = once(path, &b, &rb);
    CHECK(x == y && (x == 0 || x == -1));
    CHECK(strcmp(a, b) == 0);
    if (x == 0) {
        CHECK(ra.rows > 0 && ra.rows == rb.rows && ra.checks == rb.checks &&
              ra.mismatches == rb.mismatches && ra.mismatches <= ra.checks);
    } else {
        CHECK(strncmp(a, path, strlen(path)) == 0 && a[strlen(path)] == ':');
    }
    free(a);
    free(b);
    close(fd);
    return 0;
}
