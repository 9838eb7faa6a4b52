/* SPDX-License-Identifier: BSD-2-Clause */
/* The fuzz input reader every structured harness shares: the input is read
 * as big-endian fields, and bytes past its end read as 0, so every input
 * (the empty one included) is a complete, valid program for the harness
 * and the corpus keeps its meaning when a harness reads a field more. */
#ifndef PGOV_FUZZ_INPUT_H
#define PGOV_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

struct fuzz_in {
    const uint8_t *p;
    size_t n;
};

/* The next @bytes (at most 8) bytes as a big-endian number. */
static inline uint64_t fuzz_take(struct fuzz_in *in, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v <<= 8;
        if (in->n) {
            v |= *in->p++;
            in->n--;
        }
    }
    return v;
}

#endif
