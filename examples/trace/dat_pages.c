/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-CPU ring-buffer pages of a trace.dat, located from the file's
 * own layout (trace-cmd.dat.v6(5), trace-cmd.dat.v7(5)) and, in a v7 file
 * compressed with zstd, decompressed chunk by chunk. The pages are then
 * read with libtraceevent's kbuffer (parse_dat_tracecmd.c).
 *
 * Anything this reader does not handle (another compression, a latency
 * trace, timestamps that libtracecmd would shift or scale, any size or
 * offset that does not fit the file) is not an error here: it answers
 * "use libtracecmd" with the reason, and libtracecmd reads the file (and
 * reports a damaged one in its own words).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef PGT_HAVE_ZSTD
#include <zstd.h>
#endif

#include "dat_pages.h"

struct rd {
    const unsigned char *p;
    size_t len, off;
    bool big;
    bool bad;
};

static uint64_t rd_num(struct rd *r, unsigned n)
{
    if (r->bad || n > r->len || r->off > r->len - n) {
        r->bad = true;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned b = r->big ? i : n - 1 - i;
        v = v << 8 | r->p[r->off + b];
    }
    r->off += n;
    return v;
}

static const char *rd_str(struct rd *r)
{
    if (r->bad || r->off >= r->len) {
        r->bad = true;
        return "";
    }
    const char *s = (const char *)r->p + r->off;
    const void *z = memchr(s, 0, r->len - r->off);
    if (!z) {
        r->bad = true;
        return "";
    }
    r->off += (size_t)((const char *)z - s) + 1;
    return s;
}

static void rd_skip(struct rd *r, uint64_t n)
{
    if (r->bad || n > r->len - r->off)
        r->bad = true;
    else
        r->off += (size_t)n;
}

static bool rd_lit(struct rd *r, const char *lit, size_t n)
{
    if (r->bad || n > r->len - r->off || memcmp(r->p + r->off, lit, n) != 0)
        return false;
    r->off += n;
    return true;
}

/* Options whose presence makes libtracecmd shift or scale timestamps. */
static const char *ts_option(uint64_t id)
{
    switch (id) {
    case 7:
        return "a timestamp offset option";
    case 12:
        return "a host/guest time-shift option";
    case 14:
        return "a TSC-to-ns conversion option";
    default:
        return NULL;
    }
}

static int cpu_add(struct pgt_dat_pages *p, uint64_t id, uint64_t off, uint64_t size)
{
    if (id != p->ncpu) /* libtracecmd numbers CPUs by position: only dense ids agree */
        return -1;
    struct pgt_dat_cpu *c = realloc(p->cpu, (p->ncpu + 1) * sizeof(*c));
    if (!c)
        return -1;
    p->cpu = c;
    c[p->ncpu++] = (struct pgt_dat_cpu){.off = off, .size = size};
    return 0;
}

/* "header_page", its size and text, then the same for "header_event"
 * (v6 header, v7 HEADER_INFO section). */
static bool header_info(struct rd *r, struct pgt_dat_pages *p)
{
    if (!rd_lit(r, "header_page", 12))
        return false;
    uint64_t n = rd_num(r, 8);
    const char *text = (const char *)r->p + r->off;
    rd_skip(r, n);
    if (r->bad || !rd_lit(r, "header_event", 13))
        return false;
    rd_skip(r, rd_num(r, 8));
    p->header_page = text;
    p->header_page_len = n;
    return !r->bad;
}

/* The event systems: a count, then per system its name, a count and per
 * event the size and text of its format (v6 header, v7 EVENT_FORMATS). */
static bool event_formats(struct rd *r, struct pgt_dat_pages *p)
{
    for (uint64_t sys = rd_num(r, 4); sys-- && !r->bad;) {
        const char *name = rd_str(r);
        for (uint64_t n = rd_num(r, 4); n-- && !r->bad;) {
            uint64_t len = rd_num(r, 8);
            const char *text = (const char *)r->p + r->off;
            rd_skip(r, len);
            if (r->bad)
                break;
            struct pgt_dat_fmt *f = realloc(p->fmt, (p->nfmt + 1) * sizeof(*f));
            if (!f)
                return false;
            p->fmt = f;
            f[p->nfmt++] = (struct pgt_dat_fmt){name, text, len};
        }
    }
    return !r->bad;
}

/* v6: sections in a fixed order, then options, then "flyrecord". */
static const char *layout_v6(struct rd *r, struct pgt_dat_pages *p)
{
    if (!header_info(r, p))
        return "no header_page";
    for (uint64_t n = rd_num(r, 4); n-- && !r->bad;)
        rd_skip(r, rd_num(r, 8));
    if (!event_formats(r, p))
        return r->bad ? "a header section runs past the end of the file" : "out of memory";
    rd_skip(r, rd_num(r, 4)); /* kallsyms */
    rd_skip(r, rd_num(r, 4)); /* printk formats */
    rd_skip(r, rd_num(r, 8)); /* saved command lines */
    uint64_t cpus = rd_num(r, 4);
    if (r->bad)
        return "a header section runs past the end of the file";
    if (rd_lit(r, "options  ", 10)) {
        for (uint64_t id; (id = rd_num(r, 2)) != 0 && !r->bad;) {
            if (ts_option(id))
                return ts_option(id);
            rd_skip(r, rd_num(r, 4));
        }
    }
    if (!rd_lit(r, "flyrecord", 10))
        return "not a flyrecord trace (latency?)";
    for (uint64_t i = 0; i < cpus && !r->bad; i++) {
        uint64_t off = rd_num(r, 8), size = rd_num(r, 8);
        if (!r->bad && cpu_add(p, i, off, size))
            return "out of memory";
    }
    return r->bad ? "the CPU table runs past the end of the file" : NULL;
}

/* n bytes of zstd into exactly out bytes (false: not that). One context
 * for all of a file's chunks: creating one per chunk cost as much as the
 * decompression. */
static bool unzstd(struct pgt_dat_pages *p, void *dst, size_t out, const void *src, size_t n)
{
#ifdef PGT_HAVE_ZSTD
    if (!p->zstd && !(p->zstd = ZSTD_createDCtx()))
        return false;
    return ZSTD_decompressDCtx(p->zstd, dst, out, src, n) == out;
#else
    (void)p;
    (void)dst, (void)out, (void)src, (void)n;
    return false;
#endif
}

/* The content of the v7 section at off with this id, decompressed into
 * *plain when compressed. */
static bool section(const struct rd *r, struct pgt_dat_pages *p, uint64_t off, uint64_t id, bool zstd,
                    void **plain, struct rd *out)
{
    struct rd s = {r->p, r->len, (size_t)off, r->big, off > r->len};
    uint64_t sid = rd_num(&s, 2), flags = rd_num(&s, 2);
    rd_num(&s, 4);
    uint64_t size = rd_num(&s, 8);
    if (s.bad || sid != id || size > s.len - s.off)
        return false;
    *out = (struct rd){s.p + s.off, (size_t)size, 0, r->big, false};
    if (!(flags & 1))
        return true;
    uint64_t csz = rd_num(out, 4), usz = rd_num(out, 4);
    if (!zstd || out->bad || csz > out->len - out->off || usz > (64u << 20) ||
        !(*plain = malloc(usz ? usz : 1)) || !unzstd(p, *plain, (size_t)usz, out->p + out->off, (size_t)csz))
        return false;
    *out = (struct rd){*plain, (size_t)usz, 0, r->big, false};
    return true;
}

/* v7: a chain of options sections from the header; the top instance's
 * BUFFER option names its flyrecord section and each CPU's data in it. */
static const char *layout_v7(struct rd *r, struct pgt_dat_pages *p, bool zstd)
{
    uint64_t at = rd_num(r, 8), hops = 0, buffer = 0, sec_at[2] = {0, 0};
    while (at && !r->bad) {
        if (++hops > 64 || at > r->len)
            return "the options sections do not chain";
        struct rd s = {r->p, r->len, (size_t)at, r->big, false};
        uint64_t id = rd_num(&s, 2), flags = rd_num(&s, 2);
        rd_num(&s, 4);
        uint64_t size = rd_num(&s, 8);
        if (s.bad || id != 0 || size > s.len - s.off)
            return "an options section is not where the header says";
        struct rd o = {s.p + s.off, (size_t)size, 0, r->big, false};
        void *plain = NULL;
        if (flags & 1) {
            if (!zstd)
                return "a compressed options section";
            uint64_t csz = rd_num(&o, 4), usz = rd_num(&o, 4);
            if (o.bad || csz > o.len - o.off || usz > (64u << 20) || !(plain = malloc(usz ? usz : 1)))
                return "an options section does not decompress";
            if (!unzstd(p, plain, (size_t)usz, o.p + o.off, (size_t)csz)) {
                free(plain);
                return "an options section does not decompress";
            }
            o = (struct rd){plain, (size_t)usz, 0, r->big, false};
        }
        at = 0;
        const char *why = NULL;
        while (!o.bad && o.off < o.len && !why) {
            uint64_t oid = rd_num(&o, 2), osz = rd_num(&o, 4);
            if (o.bad || osz > o.len - o.off)
                break;
            struct rd v = {o.p + o.off, (size_t)osz, 0, r->big, false};
            o.off += (size_t)osz;
            if (oid == 0) {
                at = rd_num(&v, 8);
                break;
            }
            if (ts_option(oid))
                why = ts_option(oid);
            else if (oid == 3) {
                uint64_t sec = rd_num(&v, 8);
                const char *name = rd_str(&v);
                rd_str(&v); /* clock */
                uint64_t page = rd_num(&v, 4), cpus = rd_num(&v, 4);
                if (v.bad || name[0])
                    continue; /* another instance's buffer: libtracecmd reads the top one too */
                if (buffer)
                    why = "two top-instance buffers";
                else if (page != p->page_size)
                    why = "a buffer page size other than the file's";
                buffer = sec;
                for (uint64_t i = 0; i < cpus && !why; i++) {
                    uint64_t cid = rd_num(&v, 4), off = rd_num(&v, 8), csz = rd_num(&v, 8);
                    if (v.bad || cpu_add(p, cid, off, csz))
                        why = "a CPU table this reader does not take (sparse CPU ids)";
                }
            } else if (oid == 16 || oid == 18)
                sec_at[oid == 18] = rd_num(&v, 8);
            else if (oid == 22)
                why = "a latency (text) buffer";
        }
        free(plain);
        if (why)
            return why;
    }
    if (!buffer)
        return "no top-instance flyrecord buffer";
    struct rd s = {r->p, r->len, 0, r->big, false};
    if (buffer > r->len)
        return "the buffer section is outside the file";
    s.off = (size_t)buffer;
    uint64_t id = rd_num(&s, 2), flags = rd_num(&s, 2);
    if (s.bad || id != 3)
        return "the buffer section is not where its option says";
    p->compressed = flags & 1;
    if (p->compressed && !zstd)
        return "compressed trace data";
    /* the header and format sections, for libtraceevent (not found: libtracecmd opens the headers) */
    for (int k = 0; k < 2; k++) {
        struct rd m;
        if (!sec_at[k] || !section(r, p, sec_at[k], k ? 18 : 16, zstd, &p->meta[k], &m) ||
            !(k ? event_formats(&m, p) : header_info(&m, p))) {
            p->header_page = NULL;
            break;
        }
    }
    return NULL;
}

/* A compressed CPU's data: a chunk count, then per chunk its compressed
 * size, its plain size (whole pages) and the bytes. */
static const char *inflate_cpu(const struct rd *r, struct pgt_dat_pages *p, struct pgt_dat_cpu *c)
{
    struct rd s = {r->p, r->len, (size_t)c->off, r->big, c->off > r->len};
    uint64_t n = rd_num(&s, 4), total = 0;
    size_t first = s.off;
    for (uint64_t i = 0; i < n && !s.bad; i++) {
        uint64_t csz = rd_num(&s, 4);
        total += rd_num(&s, 4);
        rd_skip(&s, csz);
    }
    /* (the size libtracecmd writes leaves out the 4-byte chunk count) */
    if (s.bad || s.off - (size_t)c->off > c->size + 4 || total > (4ull << 30))
        return "a CPU's compressed chunks run past its data";
    c->plain = malloc(total ? (size_t)total : 1);
    if (!c->plain)
        return "out of memory";
    s.off = first;
    size_t at = 0;
    for (uint64_t i = 0; i < n; i++) {
        size_t csz = (size_t)rd_num(&s, 4), usz = (size_t)rd_num(&s, 4);
        if (!unzstd(p, c->plain + at, usz, s.p + s.off, csz))
            return "a CPU's chunk does not decompress";
        s.off += csz;
        at += usz;
    }
    c->data = c->plain;
    c->size = total;
    return NULL;
}

const char *pgt_dat_pages_load(const char *path, struct pgt_dat_pages *p, bool *damaged)
{
    memset(p, 0, sizeof(*p));
    *damaged = false;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || st.st_size < 32) {
        if (fd >= 0)
            close(fd);
        return "cannot map the file";
    }
    /* writable copy-on-write: kbuffer takes the pages as non-const */
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    close(fd);
    if (m == MAP_FAILED)
        return "cannot map the file";
    p->map = m;
    p->map_len = (size_t)st.st_size;
    struct rd r = {m, p->map_len, 10, false, false};
    const char *ver = rd_str(&r);
    uint64_t big = rd_num(&r, 1);
    p->long_size = (uint32_t)rd_num(&r, 1);
    r.big = big != 0;
    p->big_endian = r.big;
    p->page_size = (uint32_t)rd_num(&r, 4);
    if (r.bad || p->page_size < 64 || p->page_size > (1u << 20) ||
        (p->page_size & (p->page_size - 1)))
        return "an unreadable file header";
    const char *why;
    if (strcmp(ver, "6") == 0)
        why = layout_v6(&r, p);
    else if (strcmp(ver, "7") == 0) {
        const char *comp = rd_str(&r);
        rd_str(&r);
#ifdef PGT_HAVE_ZSTD
        bool zstd = strcmp(comp, "zstd") == 0;
#else
        bool zstd = false; /* built without libzstd: compressed sections go to libtracecmd */
#endif
        why = !zstd && strcmp(comp, "none") != 0 ? "a compression this reader was not built for"
                                                 : layout_v7(&r, p, zstd);
    } else
        why = "a file version other than 6 and 7";
    /* The layout was read: a CPU's data that does not fit it is damage,
     * reported here (libtracecmd 1.3 crashes on a v6 file cut inside its
     * data), not left to libtracecmd. */
    for (uint32_t i = 0; i < p->ncpu && !why; i++) {
        struct pgt_dat_cpu *c = &p->cpu[i];
        if (p->compressed)
            *damaged = (why = inflate_cpu(&r, p, c)) != NULL;
        else if (c->off > p->map_len || c->size > p->map_len - c->off)
            *damaged = (why = "a CPU's data runs past the end of the file") != NULL;
        else
            c->data = (const unsigned char *)m + c->off;
        if (!why && c->size % p->page_size)
            why = "a CPU's data is not whole pages";
    }
    if (why)
        pgt_dat_pages_free(p);
    return why;
}

const char *pgt_dat_pages_check(const struct pgt_dat_pages *p, uint32_t long_size)
{
    if (long_size != 4 && long_size != 8)
        return "a page header with an unknown commit size";
    for (uint32_t i = 0; i < p->ncpu; i++)
        for (uint64_t at = 0; at < p->cpu[i].size; at += p->page_size) {
            struct rd r = {p->cpu[i].data + at, p->page_size, 8, p->big_endian, false};
            uint64_t commit = rd_num(&r, long_size);
            uint64_t need = 8 + long_size + (commit & ((1u << 27) - 1)) +
                            ((commit & (1u << 30)) ? long_size : 0); /* a stored missed count */
            if (need > p->page_size)
                return "a page whose committed size is larger than the page";
        }
    return NULL;
}

void pgt_dat_pages_free(struct pgt_dat_pages *p)
{
    for (uint32_t i = 0; i < p->ncpu; i++)
        free(p->cpu[i].plain);
    free(p->cpu);
    free(p->fmt);
    free(p->meta[0]);
    free(p->meta[1]);
#ifdef PGT_HAVE_ZSTD
    ZSTD_freeDCtx(p->zstd);
#endif
    if (p->map)
        munmap(p->map, p->map_len);
    memset(p, 0, sizeof(*p));
}
