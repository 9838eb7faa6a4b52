/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace bisect (bisect.h). The boundaries are the library's
 * (kbounds.c: where a module's chosen rules or exactness change), the
 * replay is govern's (gv_run with a decision log, the signals rebuilt at
 * the same release). A boundary kv is compared with the release just
 * before it, each side one plain govern run, so a row can be checked with
 * two `govern --kver` runs and their --decisions files.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "bisect.h"

#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "govern_int.h"
#include "model/kbounds.h"
#include "num.h"

/* What one policy did at one release (the run's columns, summed). */
struct bs_res {
    bool ok;
    uint32_t *khz; /* each decision's request */
    size_t n;
    double mean_mhz, p95_mhz, lo_pct, hi_pct, energy_j, changes_ps;
};

/* The runs at one release: one result per policy. */
struct bs_run {
    uint32_t kv;
    struct bs_res r[GV_MAX_POLICIES];
    const uint32_t *map; /* policy index of each column of the run */
};

void bs_write_decisions(void *file, const struct gv *g)
{
    FILE *f = file;
    fprintf(f, "policy\tseq\tts_ns\tcpu\tkhz\n");
    for (uint32_t k = 0; k < g->ncol; k++)
        for (size_t i = 0; i < g->col[k].ndec; i++) {
            const struct gv_dec *d = &g->col[k].dec[i];
            fprintf(f, "%s\t%zu\t%llu\t%u\t%u\n", g->col[k].pol->label, i,
                    (unsigned long long)(d->ts - g->t0), d->cpu, d->khz);
        }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* gv_opts.done: one column's figures into its policy's result. */
static void collect(void *arg, const struct gv *g)
{
    struct bs_run *run = arg;
    uint32_t lo_bin = g->pl->min_ratio * g->pl->scaling_khz / 100000u;
    uint32_t hi_bin = g->pl->turbo_ratio * g->pl->scaling_khz / 100000u;
    double win_s = (double)(g->w1 - g->w0) / 1e9;
    for (uint32_t k = 0; k < g->ncol; k++) {
        const struct gv_col *c = &g->col[k];
        struct bs_res *r = &run->r[run->map[k]];
        double busy = 0, lo = 0, hi = 0, sum = 0, ch = 0;
        r->khz = malloc((c->ndec ? c->ndec : 1) * sizeof(*r->khz));
        if (!r->khz)
            return; /* r->ok stays false: reported as a failed run */
        for (uint32_t i = 0; i < g->ncpu; i++) {
            const struct gv_cpu *p = &c->cpu[i];
            busy += p->busy_ns - p->unknown_ns;
            lo += lo_bin < NBINS ? p->resid[lo_bin] : 0;
            hi += p->resid[hi_bin < NBINS ? hi_bin : NBINS - 1];
            r->energy_j += p->energy_j;
            ch += p->changes;
        }
        for (size_t i = 0; i < c->ndec; i++)
            sum += (r->khz[i] = c->dec[i].khz) / 1000.0;
        r->n = c->ndec;
        r->mean_mhz = r->n ? sum / (double)r->n : 0;
        r->lo_pct = busy > 0 ? 100.0 * lo / busy : 0;
        r->hi_pct = busy > 0 ? 100.0 * hi / busy : 0;
        r->changes_ps = win_s > 0 ? ch / win_s : 0;
        uint32_t *s = malloc((r->n ? r->n : 1) * sizeof(*s));
        if (!s)
            return;
        memcpy(s, r->khz, r->n * sizeof(*s));
        qsort(s, r->n, sizeof(*s), cmp_u32);
        r->p95_mhz = r->n ? s[(r->n * 95 + 99) / 100 - 1] / 1000.0 : 0;
        free(s);
        r->ok = true;
    }
}

static void run_free(struct bs_run *run)
{
    for (uint32_t k = 0; k < GV_MAX_POLICIES; k++)
        free(run->r[k].khz);
    memset(run, 0, sizeof(*run));
}

/* One govern run at kv of the policies that take it, into run. */
static int replay(const struct pgt_trace *t, const struct pgt_platform *sigplat,
                  const struct gv_opts *opts, uint32_t kv, struct bs_run *run, char *err,
                  size_t errlen)
{
    static struct gv_opts o;
    static uint32_t map[GV_MAX_POLICIES];
    struct pgt_platform sp = *sigplat;
    o = *opts;
    o.npol = 0;
    for (uint32_t k = 0; k < opts->npol; k++)
        if (kb_policy_supported(&opts->pol[k], kv)) {
            o.pol[o.npol] = opts->pol[k];
            o.pol[o.npol].kver = kv;
            map[o.npol++] = k;
        }
    run_free(run);
    run->kv = kv;
    run->map = map;
    if (!o.npol)
        return 0;
    sp.kver = kv;
    o.log_decisions = o.quiet = true;
    o.done = collect;
    o.done_arg = run;
    o.svg = NULL;
    o.html = NULL;
    o.profile = NULL;
    if (gv_run(t, &sp, &o, stderr, NULL, err, errlen)) /* quiet: writes nothing */
        return -1;
    for (uint32_t k = 0; k < o.npol; k++)
        if (!run->r[map[k]].ok)
            return snprintf(err, errlen, "%s: out of memory", t->path), -1;
    return 0;
}

struct bs_row {
    uint32_t from, to, pol;
    size_t n, changed;
    const struct bs_res *a, *b;
};

static void kvs(char *buf, size_t n, uint32_t kv)
{
    snprintf(buf, n, "%u.%u", kv >> 8, kv & 0xffu);
}

static void write_row(FILE *o, const struct gv_opts *opts, const struct bs_row *w, bool tsv)
{
    const struct sim_policy_spec *p = &opts->pol[w->pol];
    uint32_t m = kb_policy_module(p);
    char f[16], t[16], cause[1024];
    kvs(f, sizeof(f), w->from);
    kvs(t, sizeof(t), w->to);
    kb_policy_causes(p, w->to, NULL, cause, sizeof(cause));
    double share = w->n ? 100.0 * (double)w->changed / (double)w->n : 0;
    const struct bs_res *a = w->a, *b = w->b;
    if (tsv) {
        fprintf(o,
                "%s\t%s\t%s\t%zu\t%zu\t%.3f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t"
                "%.4f\t%.4f\t%.2f\t%.2f\t%s\t%s\t%s\n",
                f, t, p->label, w->n, w->changed, share, a->mean_mhz, b->mean_mhz, a->p95_mhz,
                b->p95_mhz, a->lo_pct, b->lo_pct, a->hi_pct, b->hi_pct, a->energy_j, b->energy_j,
                a->changes_ps, b->changes_ps, kb_exactness(m, w->from), kb_exactness(m, w->to),
                cause);
        return;
    }
    fprintf(o,
            "%5s -> %-5s %-8s %7zu %6.2f%% %6.0f>%-6.0f %6.0f>%-6.0f %5.1f>%-5.1f %5.1f>%-5.1f "
            "%7.3f>%-7.3f %6.1f>%-6.1f %s>%s\n        %s\n",
            f, t, p->label, w->changed, share, a->mean_mhz, b->mean_mhz, a->p95_mhz, b->p95_mhz,
            a->lo_pct, b->lo_pct, a->hi_pct, b->hi_pct, a->energy_j, b->energy_j, a->changes_ps,
            b->changes_ps, kb_exactness(m, w->from), kb_exactness(m, w->to), cause);
}

/* Anything the user would feel: a decision, or a figure (to the printed
 * precision). */
static bool felt(const struct bs_row *w)
{
    const struct bs_res *a = w->a, *b = w->b;
    return w->changed || w->n != a->n || a->n != b->n || a->energy_j != b->energy_j ||
           a->lo_pct != b->lo_pct || a->hi_pct != b->hi_pct || a->changes_ps != b->changes_ps;
}

/* Compare policy k between the runs at from and to. */
static struct bs_row compare(const struct bs_run *ra, const struct bs_run *rb, uint32_t k)
{
    struct bs_row w = {ra->kv, rb->kv, k, 0, 0, &ra->r[k], &rb->r[k]};
    size_t n = w.a->n < w.b->n ? w.a->n : w.b->n;
    for (size_t i = 0; i < n; i++)
        w.changed += w.a->khz[i] != w.b->khz[i];
    w.n = w.a->n > w.b->n ? w.a->n : w.b->n;
    w.changed += w.n - n; /* unpaired calls: cannot happen, the calls are the trace's */
    return w;
}

/* The page's point of a run just made (releases come in order). */
static void page_point(struct bs_page *pg, const struct bs_run *r, uint32_t npol)
{
    if (!pg || pg->npt == BS_MAX_PT || (pg->npt && pg->pt[pg->npt - 1].kv >= r->kv))
        return;
    struct bs_pt *p = &pg->pt[pg->npt++];
    p->kv = r->kv;
    for (uint32_t k = 0; k < npol; k++) {
        p->has[k] = r->r[k].ok;
        p->mhz[k] = r->r[k].mean_mhz;
    }
}

static void page_row(struct bs_page *pg, const struct bs_row *w)
{
    if (!pg || pg->nrow == BS_MAX_ROWS)
        return;
    pg->row[pg->nrow++] = (struct bs_prow){w->from,        w->to,         w->pol,
                                           w->n,           w->changed,    w->a->mean_mhz,
                                           w->b->mean_mhz, w->a->p95_mhz, w->b->p95_mhz,
                                           w->a->energy_j, w->b->energy_j};
}

/* The run at kv, from the two-slot cache (boundaries come in order, and
 * the release before one is often the previous boundary). */
static struct bs_run *get_run(struct bs_run cache[2], uint32_t kv, int *fail,
                              const struct pgt_trace *t, const struct pgt_platform *sp,
                              const struct gv_opts *opts, char *err, size_t errlen, uint32_t *nruns,
                              struct bs_page *pg)
{
    for (int i = 0; i < 2; i++)
        if (cache[i].kv == kv)
            return &cache[i];
    struct bs_run *r = cache[0].kv < cache[1].kv ? &cache[0] : &cache[1];
    (*nruns)++;
    if (replay(t, sp, opts, kv, r, err, errlen))
        *fail = 1;
    else
        page_point(pg, r, opts->npol);
    return r;
}

static void header(FILE *o, bool tsv)
{
    if (tsv) {
        fprintf(o, "from\tto\tpolicy\tdecisions\tchanged\tchanged_pct\tmean_mhz_from\tmean_mhz_to\t"
                   "p95_mhz_from\tp95_mhz_to\tlowest_pct_from\tlowest_pct_to\thighest_pct_from\t"
                   "highest_pct_to\tenergy_j_from\tenergy_j_to\tchanges_per_s_from\t"
                   "changes_per_s_to\texact_from\texact_to\tcause\n");
        return;
    }
    fprintf(o, "%-14s %-8s %7s %7s %13s %13s %11s %11s %15s %13s %s\n", "boundary", "policy",
            "changed", "share", "mean MHz", "p95 MHz", "lowest %", "highest %", "energy J",
            "changes/s", "exactness");
}

int bs_run(const struct pgt_trace *t, const struct pgt_platform *sigplat,
           const struct gv_opts *opts, uint32_t lo, uint32_t hi, FILE *o, FILE *sum,
           struct bs_page *pg, char *err, size_t errlen)
{
    static struct bs_run cache[2];
    struct bs_row best = {0};
    uint32_t nrows = 0, nquiet = 0, nruns = 0, nb = 0;
    int fail = 0;
    if (pg)
        pg->npt = pg->nrow = 0;
    char *qbuf = NULL; /* the boundaries without a change, after the table */
    size_t qlen = 0;
    FILE *q = open_memstream(&qbuf, &qlen);
    if (!q)
        return snprintf(err, errlen, "%s: out of memory", t->path), -1;
    header(o, opts->tsv);
    for (uint32_t kv = kb_next(lo); kv && kv <= hi && !fail; kv = kb_next(kv)) {
        bool any = false;
        for (uint32_t k = 0; k < opts->npol; k++)
            any |= kb_policy_boundary(&opts->pol[k], kv, NULL);
        if (!any)
            continue;
        nb++;
        struct bs_run *ra =
            get_run(cache, kb_prev(kv), &fail, t, sigplat, opts, err, errlen, &nruns, pg);
        struct bs_run *rb =
            fail ? NULL : get_run(cache, kv, &fail, t, sigplat, opts, err, errlen, &nruns, pg);
        for (uint32_t k = 0; k < opts->npol && !fail; k++) {
            if (!kb_policy_boundary(&opts->pol[k], kv, NULL))
                continue;
            struct bs_row w = compare(ra, rb, k);
            if (!felt(&w)) {
                char f[16], c[512];
                kvs(f, sizeof(f), kv);
                kb_policy_causes(&opts->pol[k], kv, NULL, c, sizeof(c));
                fprintf(q, "bisect: no change at %s for '%s': %s\n", f, opts->pol[k].label, c);
                nquiet++;
                continue;
            }
            write_row(o, opts, &w, opts->tsv);
            page_row(pg, &w);
            nrows++;
            if (w.changed > best.changed)
                best = w;
        }
    }
    if (fclose(q) || !qbuf)
        fail = snprintf(err, errlen, "%s: out of memory", t->path) > 0;
    if (!fail) {
        fwrite(qbuf, 1, qlen, sum);
        char a[16], b[16], f[16], c[1024] = "";
        kvs(a, sizeof(a), lo);
        kvs(b, sizeof(b), hi);
        fprintf(sum,
                "bisect: %s, %s .. %s: %u boundaries, %u rows with a change, %u without, "
                "%u replays\n",
                t->path, a, b, nb, nrows, nquiet, nruns);
        if (best.changed) {
            kvs(f, sizeof(f), best.from);
            kvs(b, sizeof(b), best.to);
            kb_policy_causes(&opts->pol[best.pol], best.to, NULL, c, sizeof(c));
            fprintf(sum, "bisect: largest change: %s -> %s for '%s', %zu of %zu decisions: %s\n", f,
                    b, opts->pol[best.pol].label, best.changed, best.n, c);
        }
    }
    free(qbuf);
    run_free(&cache[0]);
    run_free(&cache[1]);
    return fail ? -1 : 0;
}
