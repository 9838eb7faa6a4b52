/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * trace.dat through libtracecmd / libtraceevent: the same events as the
 * text parser, read from the binary records with the field layouts the file
 * itself describes (so LISA's, Android's and our module's layouts all work).
 * Timestamps are the records' own, in ns. A record with missed_events set
 * becomes a lost-events marker before it.
 *
 * Two readers give the same events: the ring-buffer pages located by
 * dat_pages.c, their headers parsed here with libtraceevent and their
 * records walked by the page walker below (kbuffer for files it does not
 * take), and libtracecmd's own iteration, for every file the pages reader
 * leaves to it.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <trace-cmd/trace-cmd.h>
#include <traceevent/kbuffer.h>

#include "dat_fmt.h"
#include "dat_pages.h"
#include "trace.h"

bool pgt_have_dat(void)
{
    return true;
}

#define NF 9
/* common_flags bit of hardirq context (ftrace's 'h'; trace-cmd report -l) */
#define PGT_TRACE_FLAG_HARDIRQ 0x08u
struct evdef {
    const char *name;
    uint32_t type;
    const char *f[NF]; /* field names, alternatives as "a|b" */
};

/* Field slots per event: the order their values go into pgt_event. */
static const struct evdef defs[] = {
    {"sched_switch", PGT_SWITCH,
     {"prev_pid", "next_pid", "prev_state", "prev_prio", "next_prio", "prev_comm", "next_comm"}},
    {"sched_wakeup", PGT_WAKEUP, {"pid", "target_cpu", "prio", "comm"}},
    {"sched_wakeup_new", PGT_WAKEUP_NEW, {"pid", "target_cpu", "prio", "comm"}},
    {"sched_migrate_task", PGT_MIGRATE, {"pid", "orig_cpu", "dest_cpu", "prio"}},
    {"sched_process_fork", PGT_FORK, {"parent_pid", "child_pid", "child_comm"}},
    {"sched_process_exec", PGT_EXEC, {"pid"}},
    {"sched_process_exit", PGT_EXIT, {"pid"}},
    {"cpu_idle", PGT_IDLE, {"state", "cpu_id"}},
    {"cpu_frequency", PGT_FREQ, {"state", "cpu_id"}},
    {"pstate_sample", PGT_PSTATE,
     {"core_busy", "scaled", "from", "to", "mperf", "aperf", "tsc", "freq", "io_boost"}},
    {"sched_pelt_se", PGT_PELT_SE, {"cpu", "pid", "load", "runnable|rbl_load", "util", "update_time", "comm", "path"}},
    {"sched_load_se", PGT_PELT_SE, {"cpu", "pid", "load", "runnable|rbl_load", "util", "update_time", "comm", "path"}},
    {"sched_load_avg_task", PGT_PELT_SE, {"cpu", "pid", "load_avg", "runnable", "util_avg", "update_time", "comm", "path"}},
    {"sched_pelt_cfs", PGT_PELT_CFS, {"cpu", "-", "load", "runnable|rbl_load", "util", "update_time", "-", "path"}},
    {"sched_load_cfs_rq", PGT_PELT_CFS, {"cpu", "-", "load", "runnable|rbl_load", "util", "update_time", "-", "path"}},
    {"sched_load_avg_cpu", PGT_PELT_CFS, {"cpu", "-", "load_avg", "runnable", "util_avg", "update_time", "-", "path"}},
    {"sched_pelt_rt", PGT_PELT_RT, {"cpu", "-", "load", "runnable", "util", "update_time"}},
    {"sched_pelt_dl", PGT_PELT_DL, {"cpu", "-", "load", "runnable", "util", "update_time"}},
    {"sched_pelt_irq", PGT_PELT_IRQ, {"cpu", "-", "load", "runnable", "util", "update_time"}},
    {"sched_util_est_se", PGT_UE_SE, {"cpu", "pid", "enqueued", "ewma", "util", "-", "comm", "path"}},
    {"sched_util_est_cfs", PGT_UE_CFS, {"cpu", "-", "enqueued", "ewma", "util", "-", "-", "path"}},
    {"cpuhp_enter", PGT_HOTPLUG, {"cpu", "target", "idx"}},
    {"cpuhp_multi_enter", PGT_HOTPLUG, {"cpu", "target", "idx"}},
};
#define NDEFS (sizeof(defs) / sizeof(defs[0]))

/* A field's place, copied from its tep_format_field (size 0: absent). */
struct fld {
    int32_t off, size;
    bool sign, dyn;
};

static struct fld fld_of(const struct tep_format_field *f)
{
    if (!f)
        return (struct fld){0, 0, false, false};
    return (struct fld){f->offset, f->size, (f->flags & TEP_FIELD_IS_SIGNED) != 0,
                        (f->flags & TEP_FIELD_IS_DYNAMIC) != 0};
}

struct bound {
    const struct evdef *d;
    struct fld f[NF];
    int nf; /* slots named in d (the rest read as 0) */
    int32_t end; /* the end of the last field present: a record this long reads them all */
};

struct dat_ctx {
    struct pgt_trace *t;
    struct tep_handle *tep;
    struct bound *by_id; /* indexed by event id */
    int max_id;
    struct fld type; /* common_type, read directly (size 0: ask libtraceevent) */
    struct fld flags; /* common_flags (the irq context); size 0: none */
    uint32_t rec;
    uint8_t down[PGT_MAX_CPUS];
    int fail;
};

static inline uint64_t num_at(const struct fld *f, const void *data);

static inline uint64_t num(const struct fld *f, const void *data, int size)
{
    if (!f->size || f->off + f->size > size)
        return 0;
    return num_at(f, data);
}

/* A number field of 1, 2, 4 or 8 bytes (others read as 0) that the record holds. */
static inline uint64_t num_at(const struct fld *f, const void *data)
{
    const unsigned char *p = (const unsigned char *)data + f->off;
    switch (f->size) {
    case 1:
        return f->sign ? (uint64_t)(int64_t)(int8_t)p[0] : p[0];
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return f->sign ? (uint64_t)(int64_t)(int16_t)v : v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, p, 4);
        return f->sign ? (uint64_t)(int64_t)(int32_t)v : v;
    }
    case 8: {
        uint64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    default:
        return 0;
    }
}

/* A char array or a __data_loc string. */
static const char *str(const struct fld *f, const void *data, int size, size_t *len)
{
    if (!f->size || f->off + f->size > size)
        return NULL;
    const char *p = (const char *)data + f->off;
    size_t n = (size_t)f->size;
    if (f->dyn) {
        uint32_t loc;
        memcpy(&loc, p, 4);
        uint32_t off = loc & 0xffff, l = loc >> 16;
        if (off + l > (uint32_t)size)
            return NULL;
        p = (const char *)data + off;
        n = l;
    }
    *len = strnlen(p, n);
    return p;
}

static int32_t prio(uint64_t v)
{
    return (int32_t)v;
}

/* A LOST marker before the record that follows @missed lost events (-1
 * when the ring buffer does not say how many). -1 out of memory. */
static int lost_marker(struct dat_ctx *x, uint64_t ts, int cpu, long long missed)
{
    struct pgt_trace *t = x->t;
    struct pgt_event *l = pgt_push(t);
    if (!l)
        return -1;
    l->type = PGT_LOST;
    l->ts = ts;
    l->cpu = (uint32_t)cpu;
    l->v[0] = missed > 0 ? (uint64_t)missed : 0;
    l->line = x->rec;
    t->lost_markers++;
    t->lost_events += l->v[0];
    return 0;
}

/* A PELT / util_est event's fields into @e. 1: a child cfs_rq's util_est
 * (not kept) or a task group past the table (t->group; x->fail set), -1:
 * out of memory. */
static int fill_signal(struct dat_ctx *x, const struct bound *b, const uint64_t *v, void *d, int sz,
                       struct pgt_event *e)
{
    size_t n;
    const char *s = str(&b->f[7], d, sz, &n);
    if (s) /* a char array field: its path ends at the first NUL */
        n = strnlen(s, n);
    bool root = !s || (n == 1 && s[0] == '/');
    /* a group entity: pid -1 (LISA, pgov_sched_tp); a child cfs_rq: its path */
    bool gse = e->type == PGT_PELT_SE && (int32_t)v[1] < 0 && !root;
    if (!root && (e->type == PGT_UE_CFS || e->type == PGT_PELT_RT || e->type == PGT_PELT_DL ||
                  e->type == PGT_PELT_IRQ))
        return 1; /* a child cfs_rq's util_est: not compared */
    if (!root && (gse || e->type == PGT_PELT_CFS || e->type == PGT_PELT_SE)) {
        int id = pgt_group_id(x->t, s, n);
        if (id < 0) {
            pgt_errf(x->t, x->rec, "record %u (%s): path longer than %d bytes or more than %d task groups",
                     x->rec, b->d->name, PGT_PATH_LEN - 1, PGT_MAX_GROUPS);
            x->fail = 1;
            return 1;
        }
        e->x[2] = (uint32_t)id + (e->type == PGT_PELT_SE && !gse); /* a task's: 1 + index */
    }
    if (gse || (!root && e->type == PGT_PELT_CFS)) {
        e->type = PGT_PELT_GROUP;
        e->x[1] = gse;
    }
    e->x[0] = (uint32_t)v[0];
    e->pid = e->type == PGT_PELT_GROUP ? -1 : (int32_t)v[1];
    if (e->type == PGT_UE_SE || e->type == PGT_UE_CFS) {
        e->v[0] = v[2];
        e->v[1] = v[3];
        e->v[2] = v[4];
    } else {
        e->v[0] = v[2];
        e->v[1] = b->f[3].size ? v[3] : UINT64_MAX;
        e->v[2] = v[4];
        e->v[3] = v[5];
    }
    if (e->type != PGT_PELT_GROUP && (s = str(&b->f[6], d, sz, &n)) &&
        pgt_set_comm(x->t, e->pid, s, n))
        return -1;
    /* the ring buffer's hardirq flag, the 'h' of ftrace's flags column */
    if (num(&x->flags, d, sz) & PGT_TRACE_FLAG_HARDIRQ)
        e->x[3] = PGT_IN_HARDIRQ;
    return 0;
}

/* One record, from either reader: 0 to go on, 1 to stop (x->fail set). */
static int decode(struct dat_ctx *x, void *d, int sz, uint64_t ts, int cpu, long long missed)
{
    struct pgt_trace *t = x->t;
    x->rec++;
    if (missed && lost_marker(x, ts, cpu, missed))
        goto oom;
    struct tep_record r = {.data = d, .size = sz};
    int id = x->type.size ? (int)num(&x->type, d, sz) : tep_data_type(x->tep, &r);
    if (id < 0 || id > x->max_id || !x->by_id[id].d) {
        t->unknown_events++;
        return 0;
    }
    const struct bound *b = &x->by_id[id];
    uint64_t v[NF] = {0};
    if (sz >= b->end) {
        /* every field inside the record: no per-field bounds check */
        for (int i = 0; i < b->nf; i++)
            v[i] = b->f[i].size ? num_at(&b->f[i], d) : 0;
    } else {
        for (int i = 0; i < b->nf; i++)
            v[i] = num(&b->f[i], d, sz);
    }
    struct pgt_event *e = pgt_push(t);
    if (!e)
        goto oom;
    e->ts = ts;
    e->cpu = (uint32_t)cpu;
    e->type = b->d->type;
    e->line = x->rec;
    size_t n;
    const char *s;
    switch (e->type) {
    case PGT_SWITCH: {
        e->pid = (int32_t)v[0];
        e->pid2 = (int32_t)v[1];
        uint64_t st = v[2] & 0xff;
        e->x[0] = st == 0 ? PGT_PREV_RUNNABLE : (st & 0x30) ? PGT_PREV_DEAD : PGT_PREV_SLEEP;
        e->x[1] = (uint32_t)prio(v[3]);
        e->x[2] = (uint32_t)prio(v[4]);
        if ((s = str(&b->f[5], d, sz, &n)) && pgt_set_comm(t, e->pid, s, n))
            goto oom;
        if ((s = str(&b->f[6], d, sz, &n)) && pgt_set_comm(t, e->pid2, s, n))
            goto oom;
        break;
    }
    case PGT_WAKEUP:
    case PGT_WAKEUP_NEW:
        e->pid = (int32_t)v[0];
        e->x[0] = (uint32_t)v[1];
        e->x[1] = (uint32_t)prio(v[2]);
        if ((s = str(&b->f[3], d, sz, &n)) && pgt_set_comm(t, e->pid, s, n))
            goto oom;
        break;
    case PGT_MIGRATE:
        e->pid = (int32_t)v[0];
        e->x[0] = (uint32_t)v[1];
        e->x[1] = (uint32_t)v[2];
        e->x[2] = (uint32_t)prio(v[3]);
        break;
    case PGT_FORK:
        e->pid = (int32_t)v[0];
        e->pid2 = (int32_t)v[1];
        if ((s = str(&b->f[2], d, sz, &n)) && pgt_set_comm(t, e->pid2, s, n))
            goto oom;
        break;
    case PGT_EXEC:
    case PGT_EXIT:
        e->pid = (int32_t)v[0];
        break;
    case PGT_IDLE:
    case PGT_FREQ:
        e->x[0] = (uint32_t)v[0];
        e->x[1] = (uint32_t)v[1];
        break;
    case PGT_PSTATE:
        for (int i = 0; i < 4; i++)
            e->x[i] = (uint32_t)v[i];
        for (int i = 0; i < 5; i++)
            e->v[i] = v[4 + i];
        break;
    case PGT_HOTPLUG: {
        uint32_t c = (uint32_t)v[0];
        uint8_t down = v[2] > v[1];
        if (c >= PGT_MAX_CPUS || (down == x->down[c] && !down)) {
            t->n--;
            return 0;
        }
        e->x[0] = c;
        e->x[1] = !down;
        e->x[2] = down == x->down[c]; /* a further step of the same teardown */
        t->hotplug += !e->x[2];
        x->down[c] = down;
        break;
    }
    default: { /* signal events */
        int kept = fill_signal(x, b, v, d, sz, e);
        if (kept < 0)
            goto oom;
        if (kept) { /* a child cfs_rq's util_est (not kept), or x->fail set */
            t->n--;
            return x->fail;
        }
        break;
    }
    }
    if (e->cpu >= PGT_MAX_CPUS || e->x[0] >= PGT_MAX_CPUS ||
        (e->type == PGT_MIGRATE && e->x[1] >= PGT_MAX_CPUS) ||
        ((e->type == PGT_IDLE || e->type == PGT_FREQ) && e->x[1] >= PGT_MAX_CPUS)) {
        if (e->type != PGT_IDLE && e->type != PGT_FREQ && e->type != PGT_PSTATE) {
            pgt_errf(t, x->rec, "record %u (%s): CPU out of range", x->rec, b->d->name);
            x->fail = 1;
            return 1;
        }
    }
    return 0;
oom:
    pgt_errf(t, x->rec, "out of memory");
    x->fail = 1;
    return 1;
}

static int on_record(struct tracecmd_input *h, struct tep_record *r, int cpu, void *arg)
{
    (void)h;
    return decode(arg, r->data, r->size, r->ts, cpu, r->missed_events);
}

/* The events this parser reads, bound to their ids and fields in this file. */
static int bind_events(struct dat_ctx *x)
{
    struct tep_event *evs[NDEFS];
    for (size_t i = 0; i < NDEFS; i++) {
        evs[i] = tep_find_event_by_name(x->tep, NULL, defs[i].name);
        if (evs[i] && evs[i]->id > x->max_id)
            x->max_id = evs[i]->id;
    }
    x->by_id = calloc((size_t)x->max_id + 2, sizeof(*x->by_id));
    if (!x->by_id)
        return -1;
    for (size_t i = 0; i < NDEFS; i++) {
        if (!evs[i])
            continue;
        struct bound *b = &x->by_id[evs[i]->id];
        b->d = &defs[i];
        if (!x->type.size)
            x->type = fld_of(tep_find_common_field(evs[i], "common_type"));
        if (!x->flags.size)
            x->flags = fld_of(tep_find_common_field(evs[i], "common_flags"));
        for (int k = 0; k < NF && defs[i].f[k]; k++) {
            b->nf = k + 1;
            char alt[64];
            snprintf(alt, sizeof(alt), "%s", defs[i].f[k]);
            for (char *tok = alt, *next; tok; tok = next) {
                next = strchr(tok, '|');
                if (next)
                    *next++ = 0;
                struct tep_format_field *f = tep_find_field(evs[i], tok);
                if (f) {
                    b->f[k] = fld_of(f);
                    if (b->f[k].size && b->f[k].off + b->f[k].size > b->end)
                        b->end = b->f[k].off + b->f[k].size;
                    break;
                }
            }
        }
    }
    return 0;
}

/* One CPU's position in its pages: the current event, NULL when done. */
struct cpu_pos {
    struct kbuffer *kb; /* NULL: the page walker below reads the pages */
    const unsigned char *page, *end; /* the loaded (or next) page, the end of the CPU's pages */
    uint32_t page_size;
    void *ev;
    unsigned long long ts;
    int size;
    long long missed; /* the page's missed-events count, on its first event only */
    const unsigned char *data; /* the walker: the page's records, their committed size, */
    uint32_t dsize, pos, long_size; /* the next record's offset, the commit field's size */
};

/* A walker of the ring-buffer page format the file's own header_page and
 * header_event describe (a u64 timestamp, the commit word, then records:
 * a 32-bit header of type_len:5 and time_delta:27, then data), for a
 * little-endian file read on a little-endian host; kbuffer reads every
 * other file, and any file holding a record this walker does not take (an
 * absolute timestamp, a length past the commit). About 30 instructions a
 * record where kbuffer's walk took 230. */
#define RB_PADDING 29u
#define RB_TIME_EXTEND 30u
#define RB_TIME_STAMP 31u
#define RB_COMMIT_SIZE ((1u << 27) - 1)
#define RB_MISSED_EVENTS (1ull << 31)
#define RB_MISSED_STORED (1ull << 30)

static inline uint32_t le32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t rd_long(const unsigned char *p, uint32_t long_size)
{
    uint64_t v = 0;
    memcpy(&v, p, long_size);
    return v;
}

static void walk_load(struct cpu_pos *c)
{
    uint64_t commit = rd_long(c->page + 8, c->long_size);
    c->data = c->page + 8 + c->long_size;
    c->dsize = (uint32_t)(commit & RB_COMMIT_SIZE);
    c->pos = 0;
    memcpy(&c->ts, c->page, 8);
    c->missed = !(commit & RB_MISSED_EVENTS) ? 0
                : (commit & RB_MISSED_STORED) ? (long long)rd_long(c->data + c->dsize, c->long_size)
                                              : -1;
}

/* The page's next data record: 1 (c->ev, c->size, c->ts set), 0 at the
 * end of the page, -1 for a record the walker does not take. */
static int walk_next(struct cpu_pos *c)
{
    while (c->pos + 4 <= c->dsize) {
        const unsigned char *h = c->data + c->pos;
        uint32_t hdr = le32(h), type = hdr & 31u, delta = hdr >> 5;
        uint32_t len, size;
        switch (type) {
        case RB_PADDING: /* time_delta 0: the rest of the page; else a discarded record */
            if (!delta)
                return 0;
            if (c->pos + 8 > c->dsize || (len = le32(h + 4)) > c->dsize - c->pos - 4)
                return -1;
            c->pos += 4 + len;
            continue;
        case RB_TIME_EXTEND:
            if (c->pos + 8 > c->dsize)
                return -1;
            c->ts += ((unsigned long long)le32(h + 4) << 27) + delta;
            c->pos += 8;
            continue;
        case RB_TIME_STAMP:
            return -1;
        case 0:
            if (c->pos + 8 > c->dsize || (len = le32(h + 4)) < 4)
                return -1;
            size = (len - 4 + 3) & ~3u;
            c->ev = (void *)(h + 8);
            len = 8 + size;
            break;
        default:
            size = type * 4;
            c->ev = (void *)(h + 4);
            len = 4 + size;
            break;
        }
        if (len > c->dsize - c->pos)
            return -1;
        c->pos += len;
        c->ts += delta;
        c->size = (int)size;
        return 1;
    }
    return 0;
}

/* Every record of every page the walker takes (checked before reading). */
static bool walk_all(const struct pgt_dat_pages *pg, uint32_t long_size)
{
    for (uint32_t i = 0; i < pg->ncpu; i++) {
        struct cpu_pos c = {.page_size = pg->page_size, .long_size = long_size};
        for (c.page = pg->cpu[i].data; c.page + pg->page_size <= pg->cpu[i].data + pg->cpu[i].size;
             c.page += pg->page_size) {
            walk_load(&c);
            int r;
            while ((r = walk_next(&c)) > 0)
                ;
            if (r < 0)
                return false;
        }
    }
    return true;
}

/* The current event's size; -1 when it does not end inside its page (the
 * page's committed size was checked, an event's own length was not). */
static int take(struct cpu_pos *c)
{
    c->size = kbuffer_event_size(c->kb);
    const unsigned char *ev = c->ev;
    return c->size < 0 || ev < c->page || ev + c->size > c->page + c->page_size ? -1 : 0;
}

/* The first event of the next page that has one. */
static int next_page(struct cpu_pos *c)
{
    c->ev = NULL;
    for (; c->page + c->page_size <= c->end; c->page += c->page_size) {
        if (!c->kb) {
            walk_load(c);
            if (walk_next(c) > 0)
                return 0;
            c->ev = NULL;
            continue;
        }
        if (kbuffer_load_subbuffer(c->kb, (void *)c->page) < 0)
            return -1;
        if ((c->ev = kbuffer_read_event(c->kb, &c->ts))) {
            c->missed = kbuffer_missed_events(c->kb);
            return take(c);
        }
    }
    return 0;
}

static int next_event(struct cpu_pos *c)
{
    if (!c->kb) {
        c->missed = 0;
        if (walk_next(c) > 0)
            return 0;
        c->page += c->page_size;
        return next_page(c);
    }
    if ((c->ev = kbuffer_next_event(c->kb, &c->ts))) {
        c->missed = 0;
        return take(c);
    }
    c->page += c->page_size;
    return next_page(c);
}

/* Every CPU's pages through kbuffer, merged in time order as libtracecmd
 * merges them (the earliest first, the lower CPU on a tie). */
static int read_pages(struct dat_ctx *x, const struct pgt_dat_pages *pg)
{
    enum kbuffer_long_size ls = tep_get_header_page_size(x->tep) == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4;
    enum kbuffer_endian en = tep_is_file_bigendian(x->tep) ? KBUFFER_ENDIAN_BIG : KBUFFER_ENDIAN_LITTLE;
    struct cpu_pos *c = calloc(pg->ncpu ? pg->ncpu : 1, sizeof(*c));
    int r = c ? 0 : -1;
    const uint16_t one = 1;
    uint32_t long_size = ls == KBUFFER_LSIZE_8 ? 8 : 4;
    bool walk = en == KBUFFER_ENDIAN_LITTLE && *(const uint8_t *)&one &&
                !tep_is_old_format(x->tep) && walk_all(pg, long_size);
    x->t->dat_reader = walk ? "ring-buffer pages (page walker)" : "ring-buffer pages (kbuffer)";
    for (uint32_t i = 0; i < pg->ncpu && !r; i++) {
        c[i].long_size = long_size;
        if (!walk && !(c[i].kb = kbuffer_alloc(ls, en))) {
            r = -1;
            break;
        }
        if (!walk && tep_is_old_format(x->tep))
            kbuffer_set_old_format(c[i].kb);
        c[i].page = pg->cpu[i].data;
        c[i].end = pg->cpu[i].data + pg->cpu[i].size;
        c[i].page_size = pg->page_size;
        r = next_page(&c[i]);
    }
    while (!r) {
        uint32_t best = UINT32_MAX;
        for (uint32_t i = 0; i < pg->ncpu; i++)
            if (c[i].ev && (best == UINT32_MAX || c[i].ts < c[best].ts))
                best = i;
        if (best == UINT32_MAX || decode(x, c[best].ev, c[best].size, c[best].ts, (int)best, c[best].missed))
            break;
        r = next_event(&c[best]);
    }
    for (uint32_t i = 0; c && i < pg->ncpu; i++)
        if (c[i].kb)
            kbuffer_free(c[i].kb);
    free(c);
    return r;
}

/* The event formats this parser reads, parsed by libtraceevent from the
 * texts the pages reader located and checked: no libtracecmd open, which
 * parses every format of the file and its kallsyms (about 3,200
 * instructions per event of a 197k-event file, 99 % of a small one).
 * libtraceevent is given their canonical texts (dat_fmt.c): the same
 * fields, an empty print fmt, never the file's own bytes. NULL: out of
 * memory. */
static struct tep_handle *own_tep(const struct pgt_dat_pages *pg)
{
    struct tep_handle *tep = tep_alloc();
    if (!tep)
        return NULL;
    const uint16_t one = 1;
    tep_set_file_bigendian(tep, pg->big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
    tep_set_local_bigendian(tep, *(const uint8_t *)&one ? TEP_LITTLE_ENDIAN : TEP_BIG_ENDIAN);
    tep_set_long_size(tep, (int)pg->long_size);
    tep_set_page_size(tep, (int)pg->page_size);
    struct pgt_fmt f;
    char *text;
    size_t len;
    if (pgt_fmt_check(pg->header_page, (size_t)pg->header_page_len, PGT_FMT_HEADER_PAGE, &f, &text, &len) ||
        tep_parse_header_page(tep, text, (unsigned long)len, (int)pg->long_size)) {
        free(text);
        tep_free(tep);
        return NULL;
    }
    free(text);
    for (size_t i = 0; i < pg->nfmt; i++) {
        const struct pgt_dat_fmt *g = &pg->fmt[i];
        if (pgt_fmt_check(g->text, (size_t)g->len, PGT_FMT_EVENT, &f, NULL, NULL))
            continue; /* (checked by the loader) */
        for (size_t k = 0; k < NDEFS; k++)
            if (f.name_len == strlen(defs[k].name) && memcmp(f.name, defs[k].name, f.name_len) == 0) {
                if (!pgt_fmt_check(g->text, (size_t)g->len, PGT_FMT_EVENT, &f, &text, &len))
                    tep_parse_event(tep, text, (unsigned long)len, g->sys);
                free(text);
                break;
            }
    }
    return tep;
}

/* libtracecmd's handle owns its tep; our own tep is freed alone. */
static void close_headers(struct tracecmd_input *h, struct tep_handle *tep)
{
    if (h)
        tracecmd_close(h);
    else if (tep)
        tep_free(tep);
}

static uint64_t ns_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (uint64_t)((t1.tv_sec - t0->tv_sec) * 1000000000ll + (t1.tv_nsec - t0->tv_nsec));
}

/* The pages reader's load; then, for libtracecmd (chosen, or a file the
 * pages reader leaves to it), the strict check of every part libtracecmd
 * parses. NULL with *h: libtracecmd reads; NULL without: the pages in pg
 * with their tep; else the error. */
static const char *open_dat(struct pgt_trace *t, const char *path, enum pgt_dat_reader reader,
                            struct pgt_dat_pages *pg, struct tep_handle **tep,
                            struct tracecmd_input **h, const char **why)
{
    bool damaged = false;
    const char *e;
    *why = "chosen";
    if (reader != PGT_DAT_TRACECMD) {
        *why = pgt_dat_pages_load(path, pg, false, &damaged);
        memcpy(t->uname, pg->uname, sizeof(t->uname)); /* kept by pgt_dat_pages_free */
        if (*why && damaged)
            return *why;
        if (!*why && !(*tep = own_tep(pg))) {
            pgt_dat_pages_free(pg);
            return "out of memory";
        }
        if (!*why)
            return NULL;
        if (reader == PGT_DAT_PAGES)
            return NULL;
    }
    struct pgt_dat_pages none;
    e = pgt_dat_pages_load(path, &none, true, &damaged);
    memcpy(t->uname, none.uname, sizeof(t->uname));
    if (e && damaged)
        return e;
    if (!(*h = tracecmd_open(path, 0)))
        return "libtracecmd cannot read it";
    *tep = tracecmd_get_tep(*h);
    return NULL;
}

int pgt_parse_dat(struct pgt_trace *t, const char *path, enum pgt_dat_reader reader)
{
    t->path = path;
    t->format = "trace.dat";
    t->ts_digits = 9;
    tracecmd_set_loglevel(TEP_LOG_NONE);
    struct pgt_dat_pages pg;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    struct tracecmd_input *h = NULL;
    struct tep_handle *tep = NULL;
    const char *why, *err = open_dat(t, path, reader, &pg, &tep, &h, &why);
    uint64_t load_ns = ns_since(&t0);
    if (err) {
        pgt_errf(t, 0, "damaged trace.dat: %s", err);
        return -1;
    }
    if (!tep) {
        pgt_errf(t, 0, "this trace.dat is not read from its pages (%s); it needs libtracecmd", why);
        return -1;
    }
    t->dat_reader = why ? "libtracecmd" : "ring-buffer pages (kbuffer)";
    t->dat_reader_why = why;
    struct dat_ctx x = {.t = t, .tep = tep, .max_id = -1};
    if (bind_events(&x)) {
        if (!why)
            pgt_dat_pages_free(&pg);
        close_headers(h, tep);
        pgt_errf(t, 0, "out of memory");
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int r = why ? tracecmd_iterate_events(h, NULL, 0, on_record, &x) : read_pages(&x, &pg);
    t->records_ns = ns_since(&t0) + (why ? 0 : load_ns);
    if (!why)
        pgt_dat_pages_free(&pg);
    free(x.by_id);
    close_headers(h, tep);
    if (x.fail)
        return -1;
    if (r < 0) {
        pgt_errf(t, 0, "%s failed while reading the records", t->dat_reader);
        return -1;
    }
    return pgt_finish(t);
}
