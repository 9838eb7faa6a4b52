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
    /* the headers libtraceevent needs, located in the file and checked
     * (dat_fmt.c): the pages reader hands it their canonical texts */
    const char *header_page;
    uint64_t header_page_len;
    uint32_t commit_size; /* the header page's commit field: the kernel's long */
    struct pgt_dat_fmt *fmt;
    size_t nfmt;
    void *meta[2]; /* decompressed v7 header and format sections */
    char uname[160]; /* the UNAME option (the recording machine's `uname -a`), or "" */
};

/* The most a file's pages may inflate to in memory (the pages reader; a
 * larger file is left to libtracecmd, which inflates a chunk at a time), and
 * the most one compressed chunk or section may declare. */
#define PGT_DAT_MAX_PLAIN (1ull << 30)
#define PGT_DAT_MAX_CHUNK (64u << 20)

/* Read and check the whole layout of a trace.dat against its length: the
 * header, every section and option, every format text (dat_fmt.c), the CPU
 * tables, every compressed chunk (inflated within the sizes it declares),
 * every page's committed size and every record's length. No other code
 * hands the file to libtracecmd or libtraceevent before this accepted it.
 *
 * NULL: every CPU's pages located (and inflated) in p. Otherwise why not,
 * p empty, and *damaged: the file is damaged or cannot be checked (an
 * error); else a well-formed file the pages reader leaves to libtracecmd.
 * strict: the check for libtracecmd, which parses every format's print fmt
 * (checked too); chunks are inflated one at a time and p is left empty. */
const char *pgt_dat_pages_load(const char *path, struct pgt_dat_pages *p, bool strict, bool *damaged);
void pgt_dat_pages_free(struct pgt_dat_pages *p);

#endif
