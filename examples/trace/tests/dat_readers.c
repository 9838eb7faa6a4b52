/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The two trace.dat readers give the same trace: every event field by
 * field, every task name, and the trace's counters. For each FILE the pages
 * reader must take it (no fallback), and then both readers must agree.
 *
 * usage: test_dat_readers FILE...
 *        test_dat_readers --mark-lost IN OUT   (copy IN, a v6 or uncompressed
 *        v7 file, with the missed-events flag set on CPU 0's third page)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat_pages.h"
#include "lsan_libtracecmd.h"
#include "trace.h"

static int fail(const char *path, const char *what, size_t i)
{
    fprintf(stderr, "dat readers: %s: %s (event %zu)\n", path, what, i);
    return 1;
}

static int same(const char *path)
{
    static struct pgt_trace a, b;
    if (pgt_load_with(path, &a, PGT_DAT_PAGES)) {
        fprintf(stderr, "dat readers: pages: %s\n", a.err);
        return 1;
    }
    if (pgt_load_with(path, &b, PGT_DAT_TRACECMD)) {
        fprintf(stderr, "dat readers: libtracecmd: %s\n", b.err);
        return 1;
    }
    int r = 0;
    if (a.n != b.n || a.ncpu != b.ncpu || a.lost_events != b.lost_events ||
        a.lost_markers != b.lost_markers || a.hotplug != b.hotplug ||
        a.unknown_events != b.unknown_events)
        r = fail(path, "different counts", 0);
    for (size_t i = 0; i < a.n && !r; i++) {
        const struct pgt_event *x = &a.ev[i], *y = &b.ev[i];
        if (x->ts != y->ts || x->type != y->type || x->cpu != y->cpu || x->pid != y->pid ||
            x->pid2 != y->pid2 || x->line != y->line || memcmp(x->x, y->x, sizeof(x->x)) ||
            memcmp(x->v, y->v, sizeof(x->v)))
            r = fail(path, "events differ", i);
        else if (strcmp(pgt_comm(&a, x->pid), pgt_comm(&b, x->pid)) ||
                 strcmp(pgt_comm(&a, x->pid2), pgt_comm(&b, x->pid2)))
            r = fail(path, "task names differ", i);
    }
    if (!r)
        printf("dat readers: %s: %zu events, %u lost-events markers, identical (%s; %s)\n", path,
               a.n, a.lost_markers, a.dat_reader, b.dat_reader);
    pgt_free(&a);
    pgt_free(&b);
    return r;
}

static int mark_lost(const char *in, const char *out)
{
    struct pgt_dat_pages p;
    bool damaged;
    const char *why = pgt_dat_pages_load(in, &p, false, &damaged);
    if (why || p.compressed || p.big_endian || !p.ncpu || p.cpu[0].size < 3ull * p.page_size) {
        fprintf(stderr, "dat readers: %s: not an uncompressed little-endian file with 3 pages on CPU 0 (%s)\n",
                in, why ? why : "compressed, big-endian or short");
        if (!why)
            pgt_dat_pages_free(&p);
        return 1;
    }
    unsigned char *d = malloc(p.map_len);
    if (!d)
        return 1;
    memcpy(d, p.map, p.map_len);
    /* the commit word after the page's 8-byte timestamp, little-endian;
     * its bit 31 says events were lost before this page */
    d[p.cpu[0].off + 2ull * p.page_size + 8 + 3] |= 0x80;
    FILE *f = fopen(out, "wb");
    int r = !f || fwrite(d, 1, p.map_len, f) != p.map_len;
    if (f && fclose(f))
        r = 1;
    free(d);
    pgt_dat_pages_free(&p);
    return r;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--mark-lost") == 0)
        return mark_lost(argv[2], argv[3]);
    if (argc < 2) {
        fprintf(stderr, "usage: test_dat_readers FILE... | --mark-lost IN OUT\n");
        return 2;
    }
    int r = 0;
    for (int i = 1; i < argc; i++)
        r |= same(argv[i]);
    return r;
}
