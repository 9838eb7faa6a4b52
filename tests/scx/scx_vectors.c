/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * scx_vectors DIR: replays the PELT vectors (pelt_decay.tsv,
 * pelt_segments.tsv, pelt_trace.tsv, linux-6.1-pelt.tsv) through
 * pgov/core/scx.h alone, the header a sched_ext BPF program compiles
 * (tests/scx/scx_pelt.bpf.c). Built with -DPGOV_NO_INT128, so the host runs
 * the same 32x32-bit multiply path BPF does. Every output column must match
 * exactly; exits non-zero with file:line of the first mismatch.
 */
/* The unstable inline core tier, header only: like a BPF program, this
 * links no libpgov, so there is no library to check (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include <pgov/core/scx.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCOL 32

struct tsv {
    FILE *f;
    const char *path;
    unsigned line;
    int ncol;
    char *name[MAXCOL];
    char *val[MAXCOL];
    char hdr[1024], row[1024];
};

static int split(char *s, char **out)
{
    int n = 0;
    s[strcspn(s, "\r\n")] = 0;
    for (char *p = s; n < MAXCOL; n++) {
        out[n] = p;
        p = strchr(p, '\t');
        if (!p)
            return n + 1;
        *p++ = 0;
    }
    return -1;
}

static int tsv_open(struct tsv *t, const char *dir, const char *file)
{
    static char path[4096];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    t->path = path;
    t->line = 0;
    t->f = fopen(path, "r");
    if (!t->f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return -1;
    }
    while (fgets(t->hdr, sizeof(t->hdr), t->f)) {
        t->line++;
        if (t->hdr[0] != '#') {
            t->ncol = split(t->hdr, t->name);
            return t->ncol > 0 ? 0 : -1;
        }
    }
    return -1;
}

static int tsv_next(struct tsv *t)
{
    while (fgets(t->row, sizeof(t->row), t->f)) {
        t->line++;
        if (t->row[0] == '#' || t->row[0] == '\n')
            continue;
        if (split(t->row, t->val) != t->ncol) {
            fprintf(stderr, "%s:%u: wrong column count\n", t->path, t->line);
            exit(1);
        }
        return 1;
    }
    fclose(t->f);
    return 0;
}

static const char *col(const struct tsv *t, const char *name)
{
    for (int i = 0; i < t->ncol; i++)
        if (strcmp(t->name[i], name) == 0)
            return t->val[i];
    fprintf(stderr, "%s: no column '%s'\n", t->path, name);
    exit(1);
}

static uint64_t u64(const struct tsv *t, const char *name)
{
    const char *s = col(t, name);
    char *end;
    uint64_t v = strtoull(s, &end, 10);
    if (*s == 0 || *end != 0) {
        fprintf(stderr, "%s:%u: column '%s': not a number '%s'\n", t->path, t->line, name, s);
        exit(1);
    }
    return v;
}

static unsigned mismatches, rows;

static void expect(const struct tsv *t, const char *name, uint64_t got)
{
    uint64_t want = u64(t, name);
    if (got != want) {
        fprintf(stderr, "%s:%u: %s = %" PRIu64 ", vector says %" PRIu64 "\n", t->path, t->line,
                name, got, want);
        mismatches++;
    }
}

static void expect_state(const struct tsv *t, const struct pgov_pelt_avg *sa)
{
    expect(t, "last_update_time", sa->last_update_time);
    expect(t, "load_sum", sa->load_sum);
    expect(t, "runnable_sum", sa->runnable_sum);
    expect(t, "util_sum", sa->util_sum);
    expect(t, "period_contrib", sa->period_contrib);
    expect(t, "load_avg", sa->load_avg);
    expect(t, "runnable_avg", sa->runnable_avg);
    expect(t, "util_avg", pgov_pelt_core_util(sa));
}

static int decay(const char *dir)
{
    struct tsv t;
    if (tsv_open(&t, dir, "pelt_decay.tsv"))
        return -1;
    while (tsv_next(&t)) {
        expect(&t, "result", pgov_scx_pelt_decay(32, u64(&t, "val"), u64(&t, "n")));
        rows++;
    }
    return 0;
}

static int segments(const char *dir)
{
    struct tsv t;
    if (tsv_open(&t, dir, "pelt_segments.tsv"))
        return -1;
    while (tsv_next(&t)) {
        expect(&t, "result",
               pgov_scx_pelt_segments(32, u64(&t, "periods"), (uint32_t)u64(&t, "d1"),
                                      (uint32_t)u64(&t, "d3")));
        rows++;
    }
    return 0;
}

static int trace(const char *dir)
{
    struct tsv t;
    struct pgov_pelt_avg sa;
    int have = 0;
    if (tsv_open(&t, dir, "pelt_trace.tsv"))
        return -1;
    while (tsv_next(&t)) {
        const char *op = col(&t, "op");
        if (strcmp(op, "init") == 0) {
            pgov_scx_pelt_init(&sa, u64(&t, "now_ns"));
            have = 1;
        } else if (strcmp(op, "upd") == 0 && have) {
            bool r = pgov_scx_pelt_update(&sa, u64(&t, "now_ns"), u64(&t, "load_arg"),
                                          u64(&t, "runnable_arg"),
                                          (uint32_t)u64(&t, "running_arg"), u64(&t, "weight"));
            expect(&t, "ret", r);
        } else {
            fprintf(stderr, "%s:%u: op '%s' unexpected here\n", t.path, t.line, op);
            return -1;
        }
        expect_state(&t, &sa);
        rows++;
    }
    return 0;
}

/* scale_load_down() of a 64-bit kernel (10 extra bits, never below 2). */
static uint64_t scale_load_down(uint64_t w)
{
    return w == 0 ? 0 : (w >> 10) < 2 ? 2 : w >> 10;
}

static int linux61(const char *dir)
{
    struct tsv t;
    if (tsv_open(&t, dir, "linux-6.1-pelt.tsv"))
        return -1;
    while (tsv_next(&t)) {
        const char *fl = col(&t, "flavour");
        uint64_t now = u64(&t, "now_ns"), w = scale_load_down(u64(&t, "weight_raw"));
        uint64_t runnable = u64(&t, "runnable"), on_rq = u64(&t, "on_rq") ? 1 : 0;
        uint32_t running = (uint32_t)u64(&t, "running");
        struct pgov_pelt_avg sa;
        bool r;
        pgov_scx_pelt_init(&sa, u64(&t, "pre_last_update_time"));
        sa.load_sum = u64(&t, "pre_load_sum");
        sa.runnable_sum = u64(&t, "pre_runnable_sum");
        sa.util_sum = (uint32_t)u64(&t, "pre_util_sum");
        sa.period_contrib = (uint32_t)u64(&t, "pre_period_contrib");
        sa.load_avg = u64(&t, "pre_load_avg");
        sa.runnable_avg = u64(&t, "pre_runnable_avg");
        sa.util_avg = u64(&t, "pre_util_avg");
        /* The kernel's flavours as the replay adapter maps them. */
        if (strcmp(fl, "task") == 0)
            r = pgov_scx_pelt_update(&sa, now, on_rq, on_rq, running, w);
        else if (strcmp(fl, "group") == 0)
            r = pgov_scx_pelt_update(&sa, now, on_rq, runnable, running, w);
        else if (strcmp(fl, "blocked") == 0)
            r = pgov_scx_pelt_update(&sa, now, 0, 0, 0, w);
        else if (strcmp(fl, "cfs_rq") == 0)
            r = pgov_scx_pelt_update(&sa, now, w, runnable, running, 1);
        else if (strcmp(fl, "rt_rq") == 0 || strcmp(fl, "dl_rq") == 0)
            r = pgov_scx_pelt_update(&sa, now, running, running, running, 1);
        else {
            fprintf(stderr, "%s:%u: unknown flavour '%s'\n", t.path, t.line, fl);
            return -1;
        }
        expect(&t, "ret", r);
        expect_state(&t, &sa);
        rows++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: scx_vectors VECTOR_DIR\n");
        return 2;
    }
    if (decay(argv[1]) || segments(argv[1]) || trace(argv[1]) || linux61(argv[1]))
        return 1;
    /* util to perf: 25% headroom, capped at SCX_CPUPERF_ONE, own capacity. */
    if (pgov_scx_util_to_perf(0, 1024) != 0 || pgov_scx_util_to_perf(512, 1024) != 640 ||
        pgov_scx_util_to_perf(820, 1024) != 1024 || pgov_scx_util_to_perf(819, 1024) != 1023 ||
        pgov_scx_util_to_perf(256, 512) != 640 || pgov_scx_util_to_perf(100, 0) != 125 ||
        pgov_scx_util_to_perf(UINT64_MAX, 1024) != 1024) {
        fprintf(stderr, "scx_vectors: pgov_scx_util_to_perf() disagrees with its definition\n");
        return 1;
    }
    if (mismatches) {
        fprintf(stderr, "scx_vectors: %u mismatches in %u rows\n", mismatches, rows);
        return 1;
    }
    printf("scx_vectors: %u PELT vector rows exact through pgov/core/scx.h (no __int128)\n", rows);
    return 0;
}
