/* SPDX-License-Identifier: BSD-2-Clause */
/* The event array, task names, format detection, and the file reader. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace.h"

void pgt_errf(struct pgt_trace *t, uint32_t line, const char *fmt, ...)
{
    char msg[PGT_ERR_LEN - 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (line)
        snprintf(t->err, sizeof(t->err), "%s:%u: %s", t->path, line, msg);
    else
        snprintf(t->err, sizeof(t->err), "%s: %s", t->path, msg);
}

struct pgt_event *pgt_push_grow(struct pgt_trace *t)
{
    size_t cap = t->cap ? t->cap * 2 : 4096;
    struct pgt_event *ev = realloc(t->ev, cap * sizeof(*ev));
    if (!ev)
        return NULL;
    t->ev = ev;
    t->cap = cap;
    return pgt_push(t);
}

int pgt_group_id(struct pgt_trace *t, const char *p, size_t n)
{
    if (!n || n >= PGT_PATH_LEN)
        return -1;
    for (uint32_t i = 0; i < t->ngroups; i++)
        if (strncmp(t->group[i], p, n) == 0 && !t->group[i][n])
            return (int)i;
    if (t->ngroups == PGT_MAX_GROUPS)
        return -1;
    memcpy(t->group[t->ngroups], p, n);
    t->group[t->ngroups][n] = 0;
    return (int)t->ngroups++;
}

int pgt_set_comm(struct pgt_trace *t, int32_t pid, const char *s, size_t len)
{
    if (!t->comm.size)
        pgt_pidtab_init(&t->comm, sizeof(struct pgt_comm));
    bool created;
    struct pgt_comm *c = pgt_pidtab_get(&t->comm, pid, &created);
    if (!c)
        return -1;
    if (len >= PGT_COMM_LEN)
        len = PGT_COMM_LEN - 1;
    memcpy(c->comm, s, len);
    c->comm[len] = 0;
    return 0;
}

const char *pgt_comm(const struct pgt_trace *t, int32_t pid)
{
    const struct pgt_comm *c = pgt_pidtab_find(&t->comm, pid);
    return c ? c->comm : "?";
}

void pgt_comm_safe(const struct pgt_trace *t, int32_t pid, char out[PGT_COMM_LEN])
{
    snprintf(out, PGT_COMM_LEN, "%s", pgt_comm(t, pid));
    for (char *c = out; *c; c++)
        if (*c == '"' || (unsigned char)*c < ' ' || (unsigned char)*c > '~')
            *c = '_';
}

static int cmp_ts(const void *a, const void *b)
{
    const struct pgt_event *x = a, *y = b;
    if (x->ts != y->ts)
        return x->ts < y->ts ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Events come merged in time order; sort (stably, by input order) if not. */
int pgt_offline_feed(struct pgt_offline *o, const struct pgt_event *e)
{
    int up = -1;
    if (e->type == PGT_HOTPLUG && e->x[0] < PGT_MAX_CPUS) {
        uint32_t c = e->x[0];
        if (!e->x[1])
            o->down[c] = true;
        else if (o->down[c]) {
            o->down[c] = false;
            up = (int)c;
        }
    }
    if (e->cpu < PGT_MAX_CPUS)
        o->last[e->cpu] = e->ts;
    return up;
}

static bool has_update_time(const struct pgt_event *e)
{
    switch (e->type) {
    case PGT_PELT_SE: case PGT_PELT_CFS: case PGT_PELT_RT: case PGT_PELT_DL: case PGT_PELT_IRQ:
    case PGT_PELT_GROUP:
        return e->v[3] != 0;
    default:
        return false;
    }
}

/* update_time is the kernel's PELT clock, read before its sample is
 * written: on one clock no sample is dated before its own update_time
 * (at least 1.4 us after it on the 6.1 icount recordings). Debian's 7.3
 * under qemu reads it 168.35-168.38 ms ahead of the trace clock
 * (qemu-7.3-icount-groups), which put every seed's clock in the rebuild's
 * future. Such a trace's update_times are brought back by the largest lead,
 * so the tightest sample reads its clock at its own timestamp. */
static void rebase_update_time(struct pgt_trace *t)
{
    uint64_t lead = 0;
    for (size_t i = 0; i < t->n; i++)
        if (has_update_time(&t->ev[i]) && t->ev[i].v[3] > t->ev[i].ts && t->ev[i].v[3] - t->ev[i].ts > lead)
            lead = t->ev[i].v[3] - t->ev[i].ts;
    if (!lead)
        return;
    for (size_t i = 0; i < t->n; i++)
        if (has_update_time(&t->ev[i]))
            t->ev[i].v[3] = t->ev[i].v[3] > lead ? t->ev[i].v[3] - lead : 1;
    t->update_time_lead = lead;
}

int pgt_finish(struct pgt_trace *t)
{
    for (size_t i = 1; i < t->n; i++)
        if (t->ev[i].ts < t->ev[i - 1].ts) {
            qsort(t->ev, t->n, sizeof(*t->ev), cmp_ts);
            break;
        }
    for (size_t i = 0; i < t->n; i++)
        if (t->ev[i].cpu >= t->ncpu)
            t->ncpu = t->ev[i].cpu + 1;
    if (!t->n) {
        pgt_errf(t, 0, "no scheduler events in the trace");
        return -1;
    }
    rebase_update_time(t);
    return 0;
}

void pgt_free(struct pgt_trace *t)
{
    free(t->ev);
    pgt_pidtab_free(&t->comm);
    memset(t, 0, sizeof(*t));
}

int pgt_load(const char *path, struct pgt_trace *t)
{
    return pgt_load_with(path, t, PGT_DAT_AUTO);
}

int pgt_load_with(const char *path, struct pgt_trace *t, enum pgt_dat_reader reader)
{
    memset(t, 0, sizeof(*t));
    t->path = path;
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f) {
        pgt_errf(t, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    /* a directory opens (and reads as EISDIR); a FIFO or device has no
     * size to check a trace.dat against: regular files only */
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        fclose(f);
        pgt_errf(t, 0, "not a regular file (a directory, FIFO or device?)");
        return -1;
    }
    char magic[10] = {0};
    size_t m = fread(magic, 1, sizeof(magic), f);
    if (m == sizeof(magic) && memcmp(magic, "\x17\x08\x44tracing", 10) == 0) {
        fclose(f);
        return pgt_parse_dat(t, path, reader);
    }
    rewind(f);
    int r = pgt_parse_text_file(t, path, f);
    fclose(f);
    return r;
}
