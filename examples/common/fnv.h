/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FNV-1a, 64-bit: the tools' provenance hashes (which scenario, workload
 * or trace bytes produced a report) and pgov-sim's per-table seeds. Not for
 * anything adversarial.
 */
#ifndef PGOV_TOOLS_FNV_H
#define PGOV_TOOLS_FNV_H

#include <stdint.h>
#include <stdio.h>

#define FNV1A_BASIS 0xcbf29ce484222325ull

static inline uint64_t fnv1a_str(const char *s, uint64_t h)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* A file's bytes; 0 when it cannot be read. */
static inline uint64_t fnv1a_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint64_t h = FNV1A_BASIS;
    int ch;
    if (!f)
        return 0;
    while ((ch = getc(f)) != EOF)
        h = (h ^ (unsigned char)ch) * 0x100000001b3ull;
    fclose(f);
    return h;
}

#endif
