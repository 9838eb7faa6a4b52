/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The compile-time util_est profile (PGOV_UTIL_EST_KVER, embed.h): this file
 * is compiled once per profile with the knob set (tests/CMakeLists.txt), so
 * its util_est cores are folded to that profile, and links the library
 * built without the knob (the run-time profile). Every event of the
 * profile's vectors goes through both; the two states must be equal after
 * every event, and equal to the vector's outputs:
 *   tests/vectors/util_est.tsv            v4.17, v5.7, v6.9, v6.18 (event lists)
 *   tests/vectors/linux-6.1-util_est.tsv  Linux 6.1 = the v5.13 profile (one op per row)
 *   tests/vectors/linux-6.12-util_est.tsv, linux-7.3-util_est.tsv  the v6.9 and
 *                                         v6.18 profiles, from those kernels
 * Usage: util_est_kver VECTOR_DIR
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/util_est.h>
#include <pgov/core/util_est.h>

#ifndef PGOV_UTIL_EST_KVER_SET
#error "compile with -DPGOV_UTIL_EST_KVER=... -DPGOV_UTIL_EST_KVER_SET"
#endif
_Static_assert(PGOV_UTIL_EST_KVER != 0, "a compile-time profile");

#define MAXCOL 32
#define MAXTASK 64

static unsigned long failures, rows;

static void fail(const char *file, unsigned line, const char *what, unsigned long got,
                 unsigned long want)
{
    if (failures++ < 10)
        fprintf(stderr, "%s:%u: %s: got %lu, want %lu\n", file, line, what, got, want);
}

/* One vector file, read row by row: the header's names, then each row's fields. */
struct tsv {
    FILE *fp;
    char path[4096], hbuf[4096], line[4096];
    char *h[MAXCOL], *f[MAXCOL];
    unsigned nh, ln;
};

static unsigned split(char *s, char **f)
{
    unsigned n = 0;
    s[strcspn(s, "\r\n")] = 0;
    for (char *p = s; n < MAXCOL; p++) {
        f[n++] = p;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p = 0;
    }
    return n;
}

/* The next line that is not a comment, split into @f; 0 at the end. */
static int tsv_line(struct tsv *t, char *buf, char **f, unsigned *n)
{
    while (fgets(buf, sizeof(t->line), t->fp)) {
        t->ln++;
        if (buf[0] != '#') {
            *n = split(buf, f);
            return 1;
        }
    }
    return 0;
}

static void tsv_open(struct tsv *t, const char *dir, const char *name)
{
    snprintf(t->path, sizeof(t->path), "%s/%s", dir, name);
    t->ln = 0;
    t->fp = fopen(t->path, "r");
    if (!t->fp || !tsv_line(t, t->hbuf, t->h, &t->nh)) {
        perror(t->path);
        exit(2);
    }
}

/* The next row; 0 at the end of the file (which is then closed). */
static int tsv_next(struct tsv *t)
{
    unsigned n;
    if (!tsv_line(t, t->line, t->f, &n)) {
        fclose(t->fp);
        return 0;
    }
    if (n != t->nh) {
        fprintf(stderr, "%s:%u: %u fields, the header has %u\n", t->path, t->ln, n, t->nh);
        exit(2);
    }
    return 1;
}

static int col(const struct tsv *t, const char *name)
{
    for (unsigned i = 0; i < t->nh; i++)
        if (strcmp(t->h[i], name) == 0)
            return (int)i;
    fprintf(stderr, "%s: column %s missing\n", t->path, name);
    exit(2);
}

static uint32_t kver_of(const char *v)
{
    unsigned a, b;
    if (sscanf(v, "v%u.%u", &a, &b) != 2) {
        fprintf(stderr, "bad version %s\n", v);
        exit(2);
    }
    return PGOV_KVER(a, b);
}

/* Does a version name this build's profile? */
static int ours(uint32_t kver)
{
    return pgov_kver_resolve(kver) >= PGOV_KVER_4_17 &&
           pgov_util_est_core_prof(pgov_kver_resolve(kver)) == PGOV_UTIL_EST_FIXED_PROF;
}

static unsigned long num(const char *s)
{
    return strtoul(s, NULL, 10);
}

struct side {
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task task[MAXTASK];
};

static void same(const char *file, unsigned line, const struct side *a, const struct side *c)
{
    if (memcmp(a, c, sizeof(*a)) != 0)
        fail(file, line, "core state differs from the library's", 1, 0);
}

/* util_est.tsv: event lists per (version, scenario), state from zero. */
static void event_lists(const char *dir)
{
    static struct tsv t;
    char group[256] = "";
    struct side a, c;
    unsigned char queued[MAXTASK];
    tsv_open(&t, dir, "util_est.tsv");
    const char *path = t.path;
    int cv = col(&t, "version"), cs = col(&t, "scenario"), ce = col(&t, "event"),
        ct = col(&t, "task"), csl = col(&t, "sleep"), cu = col(&t, "util_avg"),
        cr = col(&t, "runnable_avg"), ccap = col(&t, "cpu_cap"), cru = col(&t, "rq_util_avg"),
        cte = col(&t, "task_enqueued"), ctw = col(&t, "task_ewma"), ctf = col(&t, "task_flag"),
        ctc = col(&t, "task_contrib"), ctu = col(&t, "task_util_est"),
        crq = col(&t, "rq_util_est"), ccpu = col(&t, "cpu_util");
    while (tsv_next(&t)) {
        char **f = t.f;
        unsigned ln = t.ln;
        uint32_t kver = kver_of(f[cv]);
        if (!ours(kver))
            continue;
        char g[256];
        snprintf(g, sizeof(g), "%s/%s", f[cv], f[cs]);
        if (strcmp(g, group) != 0) {
            struct pgov_util_est_cfg cfg = {sizeof(cfg), kver, 0, 0};
            strcpy(group, g);
            memset(&a, 0, sizeof(a));
            memset(&c, 0, sizeof(c));
            memset(queued, 0, sizeof(queued));
            if (pgov_util_est_init(&a.rq, &cfg) != PGOV_OK)
                exit(2);
            pgov_util_est_core_init(&c.rq, a.rq.mode);
        }
        uint32_t t = (uint32_t)num(f[ct]), util = (uint32_t)num(f[cu]);
        uint64_t run = num(f[cr]), cap = num(f[ccap]), rqu = num(f[cru]);
        if (t >= MAXTASK)
            exit(2);
        int rc = 0;
        if (strcmp(f[ce], "enq") == 0) {
            queued[t] = 1;
            rc = pgov_util_est_enqueue(&a.rq, &a.task[t]);
            pgov_util_est_core_enqueue(&c.rq, &c.task[t]);
        } else if (strcmp(f[ce], "deq") == 0) {
            uint32_t nr = 0, sleep = (uint32_t)num(f[csl]);
            queued[t] = 0;
            for (unsigned i = 0; i < MAXTASK; i++)
                nr += queued[i];
            rc = pgov_util_est_dequeue(&a.rq, &a.task[t], nr);
            if (rc == 0)
                rc = pgov_util_est_update(&a.rq, &a.task[t], sleep, util, run, cap);
            pgov_util_est_core_dequeue(&c.rq, &c.task[t], nr);
            if (sleep)
                (void)pgov_util_est_core_update(&c.rq, &c.task[t], util, run, cap);
        } else {
            rc = pgov_util_est_util_changed(&a.rq, &a.task[t]);
            pgov_util_est_core_util_changed(&c.rq, &c.task[t]);
        }
        if (rc < 0)
            fail(path, ln, "library call", (unsigned long)-rc, 0);
        rows++;
        same(path, ln, &a, &c);
        const struct pgov_util_est_task *ct_ = &c.task[t];
        int v6 = PGOV_UTIL_EST_FIXED_PROF <= PGOV_UTIL_EST_PROF_V6_9;
        if (v6) {
            uint32_t ewma = ct_->enqueued & ~PGOV_UTIL_EST_UNCHANGED;
            uint32_t flag = (ct_->enqueued & PGOV_UTIL_EST_UNCHANGED) != 0;
            if (ewma != num(f[ctw]))
                fail(path, ln, "task_ewma", ewma, num(f[ctw]));
            if (flag != num(f[ctf]))
                fail(path, ln, "task_flag", flag, num(f[ctf]));
        } else {
            if (ct_->enqueued != num(f[cte]))
                fail(path, ln, "task_enqueued", ct_->enqueued, num(f[cte]));
            if (ct_->ewma != num(f[ctw]))
                fail(path, ln, "task_ewma", ct_->ewma, num(f[ctw]));
        }
        uint32_t contrib = pgov_util_est_core_contrib(&c.rq, ct_);
        if (contrib != num(f[ctc]))
            fail(path, ln, "task_contrib", contrib, num(f[ctc]));
        if (pgov_util_est_core_task_util_est(&c.rq, ct_, util) != num(f[ctu]))
            fail(path, ln, "task_util_est", pgov_util_est_core_task_util_est(&c.rq, ct_, util),
                 num(f[ctu]));
        if (c.rq.enqueued != num(f[crq]))
            fail(path, ln, "rq_util_est", c.rq.enqueued, num(f[crq]));
        if (pgov_util_est_core_cpu_util(&c.rq, rqu, cap) != num(f[ccpu]))
            fail(path, ln, "cpu_util", pgov_util_est_core_cpu_util(&c.rq, rqu, cap), num(f[ccpu]));
    }
}

/* linux-*-util_est.tsv: independent rows, the state before each. */
static void linux_rows(const char *dir, const char *name)
{
    static struct tsv t;
    tsv_open(&t, dir, name);
    const char *path = t.path;
    int ck = col(&t, "kver"), co = col(&t, "op"), crs = col(&t, "rq_sum"),
        cen = col(&t, "task_enqueued"), cew = col(&t, "task_ewma"), csl = col(&t, "sleep"),
        cu = col(&t, "util"), cr = col(&t, "runnable"), cc = col(&t, "cap"),
        crsa = col(&t, "rq_sum_after"), cena = col(&t, "task_enqueued_after"),
        cewa = col(&t, "task_ewma_after");
    while (tsv_next(&t)) {
        char **f = t.f;
        unsigned ln = t.ln;
        uint32_t kver = kver_of(f[ck]);
        if (!ours(kver))
            continue;
        struct pgov_util_est_cfg cfg = {sizeof(cfg), kver, 0, 0};
        struct side a, c;
        memset(&a, 0, sizeof(a));
        if (pgov_util_est_init(&a.rq, &cfg) != PGOV_OK)
            exit(2);
        a.rq.enqueued = (uint32_t)num(f[crs]);
        a.task[0].enqueued = (uint32_t)num(f[cen]);
        a.task[0].ewma = (uint32_t)num(f[cew]);
        memcpy(&c, &a, sizeof(c));
        uint32_t util = (uint32_t)num(f[cu]), sleep = (uint32_t)num(f[csl]);
        uint64_t run = num(f[cr]), cap = num(f[cc]);
        int rc;
        if (strcmp(f[co], "changed") == 0) {
            rc = pgov_util_est_util_changed(&a.rq, &a.task[0]);
            pgov_util_est_core_util_changed(&c.rq, &c.task[0]);
        } else if (strcmp(f[co], "enqueue") == 0) {
            rc = pgov_util_est_enqueue(&a.rq, &a.task[0]);
            pgov_util_est_core_enqueue(&c.rq, &c.task[0]);
        } else if (strcmp(f[co], "dequeue") == 0) {
            rc = pgov_util_est_dequeue(&a.rq, &a.task[0], 1);
            pgov_util_est_core_dequeue(&c.rq, &c.task[0], 1);
        } else {
            rc = pgov_util_est_update(&a.rq, &a.task[0], sleep, util, run, cap);
            if (sleep)
                (void)pgov_util_est_core_update(&c.rq, &c.task[0], util, run, cap);
        }
        if (rc < 0)
            fail(path, ln, "library call", (unsigned long)-rc, 0);
        rows++;
        same(path, ln, &a, &c);
        if (c.rq.enqueued != num(f[crsa]))
            fail(path, ln, "rq_sum_after", c.rq.enqueued, num(f[crsa]));
        if (c.task[0].enqueued != num(f[cena]))
            fail(path, ln, "task_enqueued_after", c.task[0].enqueued, num(f[cena]));
        if (c.task[0].ewma != num(f[cewa]))
            fail(path, ln, "task_ewma_after", c.task[0].ewma, num(f[cewa]));
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    event_lists(argv[1]);
    linux_rows(argv[1], "linux-6.1-util_est.tsv");
    linux_rows(argv[1], "linux-6.12-util_est.tsv");
    linux_rows(argv[1], "linux-7.3-util_est.tsv");
    printf("util_est compiled for kver 0x%x (profile %u): %lu rows, %lu differences\n",
           (unsigned)PGOV_UTIL_EST_KVER, (unsigned)PGOV_UTIL_EST_FIXED_PROF, rows, failures);
    return rows > 0 && failures == 0 ? 0 : 1;
}
