/* SPDX-License-Identifier: BSD-2-Clause */
/* The synthetic captures' file (synth_capture.h). */
#include <stdio.h>
#include <string.h>

#include "synth_capture.h"

static FILE *out;
static uint64_t written;

int synth_open(const char *path)
{
    out = fopen(path, "wb");
    written = 0;
    return out ? 0 : -1;
}

int synth_put(const struct orec *r)
{
    written++;
    return fwrite(r, sizeof(*r), 1, out) == 1 ? 0 : -1;
}

int synth_header(unsigned stable)
{
    struct orec h;

    memset(&h, 0, sizeof(h));
    h.kind = OREC_HEADER;
    h.x[0] = OREC_MAGIC;
    h.x[1] = sizeof(struct orec);
    snprintf((char *)&h.pre, 64, "6.1.0-57-amd64");
    snprintf((char *)&h.post, 64, "#1 SMP PREEMPT_DYNAMIC Debian 6.1.%u-1 (synthetic)", stable);
    return synth_put(&h);
}

int synth_close(uint64_t dropped)
{
    struct orec t;
    int e;

    memset(&t, 0, sizeof(t));
    t.kind = OREC_TRAILER;
    t.x[0] = written;
    t.x[1] = dropped;
    e = synth_put(&t);
    return fclose(out) || e ? -1 : 0;
}
