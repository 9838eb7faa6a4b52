/* SPDX-License-Identifier: BSD-2-Clause */
/* The per-CPU ring-buffer pages of a trace.dat (dat_pages.c). */
#ifndef PGOV_TRACE_DAT_PAGES_H
#define PGOV_TRACE_DAT_PAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pgt_dat_cpu {
    uint64_t off, size;        /* in the file (size: compressed size while compressed) */
    const unsigned char *data; /* size bytes of whole pages, in the map or in plain */
    unsigned char *plain;      /* the decompressed pages, or NULL */
};

/* One event format text of the file (system, "name: ...\nID: ...\nformat: ..."). */
struct pgt_dat_fmt {
    const char *sys;
    const char *text;
    uint64_t len;
};

struct pgt_dat_pages {
    uint32_t page_size, long_size;
    bool big_endian, compressed;
    uint32_t ncpu;             /* CPUs with data, numbered by position as libtracecmd does */
    struct pgt_dat_cpu *cpu;
    void *map;
    size_t map_len;
    void *zstd; /* the decompression context (ZSTD_DCtx), once needed */
    /* the headers libtraceevent needs, located in the file (NULL: not found;
     * then libtracecmd opens the headers) */
    const char *header_page;
    uint64_t header_page_len;
    struct pgt_dat_fmt *fmt;
    size_t nfmt;
    void *meta[2]; /* decompressed v7 header and format sections */
};

/* Locate (and decompress) every CPU's pages. NULL when loaded; otherwise
 * why not (p is then empty), and *damaged: the layout was read but the
 * data does not fit it (an error), else a file to leave to libtracecmd. */
const char *pgt_dat_pages_load(const char *path, struct pgt_dat_pages *p, bool *damaged);
/* Every page's committed size fits the page (kbuffer trusts it); long_size
 * is the kernel's (the header page's commit field). NULL when all do;
 * otherwise the file is damaged. */
const char *pgt_dat_pages_check(const struct pgt_dat_pages *p, uint32_t long_size);
void pgt_dat_pages_free(struct pgt_dat_pages *p);

#endif
