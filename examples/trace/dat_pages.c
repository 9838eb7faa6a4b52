/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-CPU ring-buffer pages of a trace.dat, located from the file's
 * own layout (trace-cmd.dat.v6(5), trace-cmd.dat.v7(5)) and, in a v7 file
 * compressed with zstd, decompressed chunk by chunk. The pages are then
 * read by the page walker or libtraceevent's kbuffer (parse_dat_tracecmd.c).
 *
 * Every part of the file is checked here against the file's length and
 * grammar before libtracecmd or libtraceevent sees any of it: both crash on
 * damaged files (a double free in tracecmd_open on a header cut short, a
 * NULL read in tep_parse_event on a damaged format, issue 30). A damaged
 * file is an error; a well-formed one this reader does not take (another
 * compression, timestamps that libtracecmd would shift or scale, sparse CPU
 * ids, pages above PGT_DAT_MAX_PLAIN) is left to libtracecmd, after the
 * strict check.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef PGT_HAVE_ZSTD
#include <zstd.h>
#endif

#include "dat_fmt.h"
#include "dat_pages.h"

#define MAX_CPUS 256 /* PGT_MAX_CPUS: the CPUs pgov-trace takes */

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

/* The whole walk: the file, where the result goes, and what was found. */
struct walk {
    struct rd r; /* the whole file */
    struct pgt_dat_pages *p;
    bool strict; /* for libtracecmd: print fmts too; chunks checked one at a time, not kept */
    bool zstd;
    const char *skip;     /* the first reason to leave the file to libtracecmd */
    uint64_t plain;       /* bytes of pages inflated and kept */
    unsigned char *chunk; /* strict: the one inflated chunk */
    uint64_t chunk_cap;
    bool seen[6];         /* v7 sections 16..21 */
    char msg[200];        /* a reason naming its format */
};

static void skip_to(struct walk *w, const char *why)
{
    if (!w->skip)
        w->skip = why;
}

/* A string option: its text ends with a NUL inside the option. */
static bool has_nul(const struct rd *v)
{
    return v->len && memchr(v->p, 0, v->len) != NULL;
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

/* TIME_SHIFT: peer id, flags, CPUs, and per CPU a count and three arrays
 * of that many u64; GUEST: name, id, CPUs, and per CPU its id and pid. */
static bool shift_or_guest(uint64_t id, struct rd v)
{
    if (id == 13) {
        rd_str(&v);
        rd_num(&v, 8);
        uint64_t n = rd_num(&v, 4);
        rd_skip(&v, n * 8);
        return !v.bad && n <= 4096;
    }
    rd_num(&v, 8);
    rd_num(&v, 4);
    uint64_t cpus = rd_num(&v, 4);
    for (uint64_t i = 0; i < cpus && !v.bad; i++) {
        uint64_t n = rd_num(&v, 4);
        rd_skip(&v, n > v.len ? v.len + 1 : n * 24);
    }
    return !v.bad && cpus <= 4096;
}

/* One option other than DONE and BUFFER (shared by v6 and v7): NULL when
 * its data fits its kind, else the damage. */
static const char *option(struct walk *w, uint64_t id, struct rd v)
{
    if (ts_option(id))
        skip_to(w, ts_option(id));
    if (id == 5 && has_nul(&v)) /* UNAME: which kernel recorded the file */
        snprintf(w->p->uname, sizeof(w->p->uname), "%s", (const char *)v.p);
    switch (id) {
    case 1: case 2: case 4: case 5: case 6: case 7: case 9: case 10:
        return has_nul(&v) ? NULL : "a text option without its NUL";
    case 8:
        return v.len >= 4 ? NULL : "a CPU count option shorter than 4 bytes";
    case 11:
        return v.len >= 8 ? NULL : "a trace id option shorter than 8 bytes";
    case 12: case 13:
        return shift_or_guest(id, v) ? NULL : "a time-shift or guest option larger than its data";
    case 14:
        return v.len >= 16 ? NULL : "a TSC-to-ns option shorter than 16 bytes";
    case 22:
        return "a latency trace (text, no per-CPU events)";
    default:
        return NULL; /* libtracecmd skips options it does not know */
    }
}

static int cpu_add(struct pgt_dat_pages *p, uint64_t id, uint64_t off, uint64_t size)
{
    struct pgt_dat_cpu *c = realloc(p->cpu, (p->ncpu + 1) * sizeof(*c));
    if (!c)
        return -1;
    p->cpu = c;
    c[p->ncpu++] = (struct pgt_dat_cpu){.off = off, .size = size};
    (void)id;
    return 0;
}

/* One CPU of a table: its data inside the file, dense ids (libtracecmd
 * numbers CPUs by position: only dense ids agree; sparse ones are left to
 * it). keep: the top instance's table, the one read. */
static const char *cpu_entry(struct walk *w, bool keep, uint64_t i, uint64_t id, uint64_t off, uint64_t size)
{
    if (off > w->r.len || size > w->r.len - off)
        return "a CPU's data runs past the end of the file";
    if (id != i)
        skip_to(w, "a CPU table with sparse CPU ids");
    if (keep && cpu_add(w->p, id, off, size))
        return "out of memory";
    return NULL;
}

/* "header_page", its size and text, then the same for "header_event"
 * (v6 header, v7 HEADER_INFO section). */
static const char *header_info(struct walk *w, struct rd *r)
{
    if (!rd_lit(r, "header_page", 12))
        return "no header_page";
    uint64_t n = rd_num(r, 8);
    const char *text = (const char *)r->p + r->off;
    rd_skip(r, n);
    if (r->bad || !rd_lit(r, "header_event", 13))
        return "the header page runs past its section";
    rd_skip(r, rd_num(r, 8));
    if (r->bad)
        return "the header event runs past its section";
    struct pgt_fmt f;
    const char *why = pgt_fmt_check(text, (size_t)n, PGT_FMT_HEADER_PAGE, &f, NULL, NULL);
    if (why)
        return why;
    if (!f.overwrite)
        return "a header page of the pre-2.6.31 ring buffer (not read)";
    w->p->header_page = text;
    w->p->header_page_len = n;
    w->p->commit_size = f.commit_size;
    return NULL;
}

/* A count of format texts, each a size and the text (ftrace: the v6
 * header's or the v7 FTRACE_EVENTS section's), or a count of systems, each
 * a name, a count and formats (EVENT_FORMATS). Every text is checked. */
static const char *formats(struct walk *w, struct rd *r, bool ftrace)
{
    enum pgt_fmt_kind kind = w->strict ? PGT_FMT_EVENT_PRINT : PGT_FMT_EVENT;
    uint64_t sys = ftrace ? 1 : rd_num(r, 4);
    while (sys-- && !r->bad) {
        const char *name = ftrace ? "ftrace" : rd_str(r);
        for (uint64_t n = rd_num(r, 4); n-- && !r->bad;) {
            uint64_t len = rd_num(r, 8);
            const char *text = (const char *)r->p + r->off;
            rd_skip(r, len);
            if (r->bad)
                break;
            struct pgt_fmt f;
            const char *why = pgt_fmt_check(text, (size_t)len, kind, &f, NULL, NULL);
            if (why) {
                snprintf(w->msg, sizeof(w->msg), "the format of %s:%.*s: %s", name,
                         (int)(f.name_len < 64 ? f.name_len : 64), f.name ? f.name : "", why);
                return w->msg;
            }
            if (ftrace)
                continue;
            struct pgt_dat_fmt *g = realloc(w->p->fmt, (w->p->nfmt + 1) * sizeof(*g));
            if (!g)
                return "out of memory";
            w->p->fmt = g;
            g[w->p->nfmt++] = (struct pgt_dat_fmt){name, text, len};
        }
    }
    return r->bad ? "the event formats run past their section" : NULL;
}

/* v6: sections in a fixed order, then options, then "flyrecord". */
static const char *layout_v6(struct walk *w)
{
    struct rd *r = &w->r;
    const char *why;
    if ((why = header_info(w, r)) || (why = formats(w, r, true)) || (why = formats(w, r, false)))
        return why;
    rd_skip(r, rd_num(r, 4)); /* kallsyms */
    rd_skip(r, rd_num(r, 4)); /* printk formats */
    rd_skip(r, rd_num(r, 8)); /* saved command lines */
    uint64_t cpus = rd_num(r, 4);
    if (r->bad)
        return "a header section runs past the end of the file";
    if (cpus > MAX_CPUS)
        return "more CPUs than pgov-trace takes (256)";
    if (rd_lit(r, "options  ", 10)) {
        for (uint64_t id; (id = rd_num(r, 2)) != 0 && !r->bad;) {
            uint64_t n = rd_num(r, 4);
            size_t at = r->off;
            rd_skip(r, n);
            if (r->bad)
                break;
            struct rd v = {r->p + at, (size_t)n, 0, r->big, false};
            if (id != 3 && (why = option(w, id, v)))
                return why;
            if (id == 3 && (rd_num(&v, 8), rd_str(&v), v.bad))
                return "a buffer option larger than its data";
        }
        if (r->bad)
            return "the options run past the end of the file";
    }
    if (rd_lit(r, "latency  ", 10))
        return "a latency trace (text, no per-CPU events)";
    if (!rd_lit(r, "flyrecord", 10))
        return "neither flyrecord nor latency data after the options";
    for (uint64_t i = 0; i < cpus; i++) {
        uint64_t off = rd_num(r, 8), size = rd_num(r, 8);
        if (r->bad)
            return "the CPU table runs past the end of the file";
        if ((why = cpu_entry(w, true, i, i, off, size)))
            return why;
    }
    return NULL;
}

/* n bytes of zstd into exactly out bytes (false: not that). One context
 * for all of a file's chunks: creating one per chunk cost as much as the
 * decompression. zstd writes at most out bytes: a chunk that would inflate
 * beyond the size it declares is refused, not followed. */
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
 * *plain (malloc'd) when compressed. NULL, or the damage. */
static const char *section(struct walk *w, uint64_t off, uint64_t id, void **plain, struct rd *out)
{
    const struct rd *r = &w->r;
    struct rd s = {r->p, r->len, (size_t)off, r->big, off > r->len};
    uint64_t sid = rd_num(&s, 2), flags = rd_num(&s, 2);
    rd_num(&s, 4);
    uint64_t size = rd_num(&s, 8);
    *plain = NULL;
    if (s.bad || size > s.len - s.off)
        return "a section runs past the end of the file";
    if (sid != id)
        return "a section is not where its option says";
    *out = (struct rd){s.p + s.off, (size_t)size, 0, r->big, false};
    if (!(flags & 1))
        return NULL;
    uint64_t csz = rd_num(out, 4), usz = rd_num(out, 4);
    if (!w->zstd || out->bad || csz > out->len - out->off || usz > PGT_DAT_MAX_CHUNK)
        return "a compressed section larger than its data or the 64 MiB limit";
    if (!(*plain = malloc(usz ? usz : 1)))
        return "out of memory";
    if (!unzstd(w->p, *plain, (size_t)usz, out->p + out->off, (size_t)csz))
        return "a compressed section does not inflate to the size it declares";
    *out = (struct rd){*plain, (size_t)usz, 0, r->big, false};
    return NULL;
}

/* A v7 section an option points to (16..21), checked; HEADER_INFO and
 * EVENT_FORMATS are kept for the pages reader (their text is in meta). */
static const char *meta_section(struct walk *w, uint64_t id, uint64_t off)
{
    void *plain;
    struct rd m;
    const char *why = section(w, off, id, &plain, &m);
    int k = id == 16 ? 0 : id == 18 ? 1 : -1;
    if (!why && w->seen[id - 16])
        why = "a header, format or text section given twice";
    w->seen[id - 16] = true;
    if (!why && id == 16)
        why = header_info(w, &m);
    else if (!why && (id == 17 || id == 18))
        why = formats(w, &m, id == 17);
    else if (!why) { /* kallsyms, printk formats: a 4-byte size; command lines: 8 */
        rd_skip(&m, rd_num(&m, id == 21 ? 8 : 4));
        why = m.bad ? "a section's text runs past the section" : NULL;
    }
    if (!why && k >= 0 && plain) {
        w->p->meta[k] = plain;
        return NULL;
    }
    free(plain);
    return why;
}

/* A v7 BUFFER option: its flyrecord section and CPU table, all inside the
 * file; the top instance's (name "") is the one read. */
static const char *buffer_option(struct walk *w, struct rd v, bool *top)
{
    uint64_t sec = rd_num(&v, 8);
    const char *name = rd_str(&v);
    rd_str(&v); /* clock */
    uint64_t page = rd_num(&v, 4), cpus = rd_num(&v, 4);
    if (v.bad || cpus > MAX_CPUS)
        return "a buffer option larger than its data";
    bool keep = !name[0];
    if (keep && *top)
        return "two top-instance buffers";
    *top |= keep;
    struct rd s = {w->r.p, w->r.len, (size_t)sec, w->r.big, sec > w->r.len};
    uint64_t id = rd_num(&s, 2), flags = rd_num(&s, 2);
    if (s.bad || id != 3)
        return "a buffer section is not where its option says";
    if (keep && page != w->p->page_size)
        skip_to(w, "a buffer page size other than the file's");
    if (keep)
        w->p->compressed = flags & 1;
    for (uint64_t i = 0; i < cpus; i++) {
        uint64_t cid = rd_num(&v, 4), off = rd_num(&v, 8), csz = rd_num(&v, 8);
        const char *why = v.bad ? "a buffer option larger than its data"
                                : cpu_entry(w, keep, i, cid, off, csz);
        if (why)
            return why;
    }
    return NULL;
}

/* The options of one v7 options section; *next: the next section's offset. */
static const char *options_v7(struct walk *w, struct rd o, uint64_t *next, bool *top)
{
    *next = 0;
    while (o.off < o.len) {
        uint64_t oid = rd_num(&o, 2), osz = rd_num(&o, 4);
        if (o.bad || osz > o.len - o.off)
            return "an option runs past its section";
        struct rd v = {o.p + o.off, (size_t)osz, 0, w->r.big, false};
        o.off += (size_t)osz;
        const char *why = NULL;
        if (oid == 0) {
            *next = rd_num(&v, 8);
            return v.bad ? "a truncated end-of-options option" : NULL;
        }
        if (oid == 3)
            why = buffer_option(w, v, top);
        else if (oid >= 16 && oid <= 21) {
            uint64_t off = rd_num(&v, 8);
            why = v.bad ? "a section option shorter than 8 bytes" : meta_section(w, oid, off);
        } else
            why = option(w, oid, v);
        if (why)
            return why;
    }
    return "an options section without its end option";
}

/* v7: a chain of options sections from the header. */
static const char *layout_v7(struct walk *w)
{
    struct rd *r = &w->r;
    uint64_t at = rd_num(r, 8), hops = 0;
    bool top = false;
    if (r->bad)
        return "a file header cut short";
    while (at) {
        if (++hops > 64)
            return "the options sections do not end (a loop?)";
        void *plain;
        struct rd o;
        const char *why = section(w, at, 0, &plain, &o);
        if (!why)
            why = options_v7(w, o, &at, &top);
        free(plain);
        if (why)
            return why;
    }
    if (!top)
        return "no top-instance flyrecord buffer";
    if (!w->seen[0] || !w->seen[2])
        return "no header page or event formats section";
    if (w->p->compressed && !w->zstd)
        return "compressed trace data this build cannot check";
    return NULL;
}

/* Every page of data (size bytes, whole pages): its committed size fits it
 * (kbuffer trusts it) and so does every record (header, length) in it. */
static const char *check_pages(const struct pgt_dat_pages *p, const unsigned char *data, uint64_t size)
{
    uint32_t ls = p->commit_size;
    for (uint64_t at = 0; at < size; at += p->page_size) {
        struct rd r = {data + at, p->page_size, 8, p->big_endian, false};
        uint64_t commit = rd_num(&r, ls);
        uint64_t dsize = commit & ((1u << 27) - 1);
        if (8 + ls + dsize + ((commit & (1u << 30)) ? ls : 0) > p->page_size)
            return "a page whose committed size is larger than the page";
        struct rd d = {data + at + 8 + ls, (size_t)dsize, 0, p->big_endian, false};
        while (d.off + 4 <= d.len) {
            uint32_t hdr = (uint32_t)rd_num(&d, 4);
            uint32_t type = p->big_endian ? hdr >> 27 : hdr & 31u;
            uint32_t delta = p->big_endian ? hdr & ((1u << 27) - 1) : hdr >> 5;
            uint64_t len;
            if (type == 29 && !delta)
                break; /* padding to the end of the page */
            if (type == 29) { /* a discarded record: its length word counts itself */
                len = rd_num(&d, 4);
                if (len < 4)
                    return "a padding record shorter than its length word";
                len -= 4;
            } else if (type >= 30)
                len = 4; /* a time extend or stamp: the upper bits */
            else if (type == 0) {
                len = rd_num(&d, 4);
                if (len < 4)
                    return "a record shorter than its length word";
                len = (len - 4 + 3) & ~3ull;
            } else
                len = type * 4u;
            if (d.bad || len > d.len - d.off)
                return "a record runs past its page's committed data";
            d.off += (size_t)len;
        }
    }
    return NULL;
}

/* A compressed CPU's data: a chunk count, then per chunk its compressed
 * size, its plain size (whole pages, at most PGT_DAT_MAX_CHUNK) and the
 * bytes. Kept inflated, or (strict, or above PGT_DAT_MAX_PLAIN) inflated
 * and checked one chunk at a time. */
static const char *inflate_cpu(struct walk *w, struct pgt_dat_cpu *c)
{
    struct pgt_dat_pages *p = w->p;
    struct rd s = {w->r.p, w->r.len, (size_t)c->off, w->r.big, false};
    uint64_t n = rd_num(&s, 4), total = 0, most = 1;
    size_t first = s.off;
    for (uint64_t i = 0; i < n && !s.bad; i++) {
        uint64_t csz = rd_num(&s, 4), usz = rd_num(&s, 4);
        if (usz > PGT_DAT_MAX_CHUNK || usz % p->page_size)
            return "a compressed chunk declares more than 64 MiB or not whole pages";
        total += usz;
        most = usz > most ? usz : most;
        rd_skip(&s, csz);
    }
    /* (the size libtracecmd writes leaves out the 4-byte chunk count) */
    if (s.bad || s.off - (size_t)c->off > c->size + 4)
        return "a CPU's compressed chunks run past its data";
    bool keep = !w->strict && !w->skip && w->plain + total <= PGT_DAT_MAX_PLAIN;
    if (!w->strict && !keep) {
        skip_to(w, "its pages inflate to more than the pages reader keeps (1 GiB)");
        return NULL; /* libtracecmd's strict check inflates them a chunk at a time */
    }
    unsigned char *dst = keep ? malloc(total ? (size_t)total : 1) : NULL;
    if (keep && !(c->plain = dst))
        return "out of memory";
    if (!keep && most > w->chunk_cap) {
        free(w->chunk);
        if (!(w->chunk = malloc((size_t)most)))
            return "out of memory";
        w->chunk_cap = most;
    }
    s.off = first;
    for (uint64_t i = 0, at = 0; i < n; i++) {
        size_t csz = (size_t)rd_num(&s, 4), usz = (size_t)rd_num(&s, 4);
        unsigned char *to = keep ? dst + at : w->chunk;
        if (!unzstd(p, to, usz, s.p + s.off, csz))
            return "a CPU's chunk does not inflate to the size it declares";
        const char *why = check_pages(p, to, usz);
        if (why)
            return why;
        s.off += csz;
        at += usz;
    }
    if (keep) {
        c->data = c->plain;
        c->size = total;
        w->plain += total;
    }
    return NULL;
}

/* Every CPU's data: inflated or in the map, whole pages, every page checked. */
static const char *cpu_data(struct walk *w)
{
    struct pgt_dat_pages *p = w->p;
    for (uint32_t i = 0; i < p->ncpu; i++) {
        struct pgt_dat_cpu *c = &p->cpu[i];
        const char *why;
        if (p->compressed) {
            if ((why = inflate_cpu(w, c)))
                return why;
            continue;
        }
        if (c->size % p->page_size)
            return "a CPU's data is not whole pages";
        c->data = w->r.p + c->off;
        if ((why = check_pages(p, c->data, c->size)))
            return why;
    }
    return NULL;
}

/* The file header, then the layout of its version. */
static const char *layout(struct walk *w)
{
    struct pgt_dat_pages *p = w->p;
    struct rd *r = &w->r;
    if (r->len < 10 || memcmp(r->p, "\x17\x08\x44tracing", 10) != 0)
        return "not a trace.dat (no magic)";
    r->off = 10;
    const char *ver = rd_str(r);
    uint64_t big = rd_num(r, 1);
    p->long_size = (uint32_t)rd_num(r, 1);
    r->big = big != 0;
    p->big_endian = r->big;
    p->page_size = (uint32_t)rd_num(r, 4);
    if (r->bad)
        return "a file header cut short";
    if (big > 1 || (p->long_size != 4 && p->long_size != 8) || p->page_size < 64 ||
        p->page_size > (1u << 20) || (p->page_size & (p->page_size - 1)))
        return "a file header with a bad endianness, long size or page size";
    if (strcmp(ver, "6") == 0)
        return layout_v6(w);
    if (strcmp(ver, "7") != 0)
        return "a file version other than 6 and 7";
    const char *comp = rd_str(r);
    rd_str(r);
    if (r->bad)
        return "a file header cut short";
#ifdef PGT_HAVE_ZSTD
    w->zstd = strcmp(comp, "zstd") == 0;
#endif
    if (!w->zstd && strcmp(comp, "none") != 0)
        return "a compression this build cannot check (zstd and none are read)";
    return layout_v7(w);
}

const char *pgt_dat_pages_load(const char *path, struct pgt_dat_pages *p, bool strict, bool *damaged)
{
    memset(p, 0, sizeof(*p));
    *damaged = true;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < 10) {
        if (fd >= 0)
            close(fd);
        return fd < 0 ? "cannot open" : "not a regular file of a trace.dat's size";
    }
    /* writable copy-on-write: kbuffer takes the pages as non-const */
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    close(fd);
    if (m == MAP_FAILED)
        return "cannot map the file";
    p->map = m;
    p->map_len = (size_t)st.st_size;
    struct walk w = {.r = {m, p->map_len, 0, false, false}, .p = p, .strict = strict};
    const char *why = layout(&w);
    if (!why)
        why = cpu_data(&w);
    free(w.chunk);
    *damaged = why != NULL;
    if (!why)
        why = w.skip;
    if (why || strict)
        pgt_dat_pages_free(p);
    return why;
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
