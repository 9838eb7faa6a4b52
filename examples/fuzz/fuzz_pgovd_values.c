/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgovd's readers of kernel-supplied values (examples/linux-daemon/fs.c):
 * CPU lists ("0-3,6"), one-number sysfs files and /proc/stat. The first byte
 * picks the reader; the rest is the text (a scratch file for the file
 * readers). Accepted lists only name CPUs below PGOVD_MAX_CPUS; a parsed
 * /proc/stat only marks CPUs it was asked about; the same input gives the
 * same answer. The config file and the state file have their own harnesses
 * (fuzz_pgovd_config.c, fuzz_pgovd_state.c).
 */
#define _GNU_SOURCE /* as pgovd.c: PATH_MAX and friends */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgovd.h"
#include "fuzz_scratch.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

static const char *scratch(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        fuzz_scratch_path(path, sizeof(path), "pgovd");
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    CHECK(fwrite(data, 1, size, f) == size);
    fclose(f);
    return path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    uint8_t which = data[0] % 3;
    data++;
    size--;
    if (which == 0) {
        char s[300];
        unsigned char a[PGOVD_MAX_CPUS / 8], b[PGOVD_MAX_CPUS / 8];
        if (size >= sizeof(s))
            return 0;
        memcpy(s, data, size);
        s[size] = 0;
        int ra = pgovd_parse_cpulist(s, a), rb = pgovd_parse_cpulist(s, b);
        CHECK(ra == rb && (ra == 0 || ra == -22));
        if (ra == 0) {
            CHECK(memcmp(a, b, sizeof(a)) == 0);
            int any = 0;
            for (size_t i = 0; i < sizeof(a); i++)
                any |= a[i];
            CHECK(any); /* a list names at least one CPU */
        }
    } else if (which == 1) {
        uint64_t v = 77, w = 78;
        const char *p = scratch(data, size);
        int ra = pgovd_read_u64(p, &v), rb = pgovd_read_u64(p, &w);
        CHECK(ra == rb);
        if (ra == 0) {
            CHECK(v == w);
            CHECK(memchr(data, '-', size) == NULL && memchr(data, 'x', size) == NULL);
        } else {
            CHECK(v == 77);
        }
    } else {
        static struct pgovd_stat st[8];
        unsigned char present[1];
        const char *p = scratch(data, size);
        int bad_line = -1;
        int r = pgovd_parse_stat(p, st, present, 5, &bad_line);
        CHECK(r <= 0);
        CHECK(r == 0 ? bad_line == 0 : bad_line >= 0); /* a line number, or 0: no cpu lines */
        if (r == 0)
            CHECK((present[0] & 0xe0) == 0); /* only cpu0..cpu4 were asked for */
    }
    return 0;
}
