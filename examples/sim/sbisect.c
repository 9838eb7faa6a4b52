/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim --bisect (sbisect.h). The simulation is closed-loop: a release
 * changes when tasks run, so there is no decision-by-decision pairing as
 * in pgov-trace bisect; a row compares the means of the scenario's
 * metrics over its iterations on the two sides of a boundary.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "sbisect.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "html.h"
#include "model/kbounds.h"
#include "policy.h"

static void kvs(char *buf, size_t n, uint32_t kv)
{
    snprintf(buf, n, "%u.%u", kv >> 8, kv & 0xffu);
}

static int add_kv(struct sb_plan *p, uint32_t kv, char *why, size_t n)
{
    if (p->nkv && p->kv[p->nkv - 1] == kv)
        return 0;
    if (p->nkv == SB_MAX_KV) {
        snprintf(why, n, "more than %d releases to run: narrow --releases", SB_MAX_KV);
        return -1;
    }
    kvs(p->val[p->nkv][0], sizeof(p->val[0][0]), kv);
    /* the signals at the release too, from util_est's first (4.17); before
     * it the scheduler rules follow kver (place.c) and util_est is absent
     * from what these governors read */
    if (kv >= PGOV_KVER_4_17)
        kvs(p->val[p->nkv][1], sizeof(p->val[0][1]), kv);
    else
        strcpy(p->val[p->nkv][1], "current");
    p->kv[p->nkv++] = kv;
    return 0;
}

int sb_plan_make(const struct sim_scenario *sc, const char *label, uint32_t lo, uint32_t hi,
                 struct sb_plan *p, char *why, size_t n)
{
    uint32_t k = 0;
    memset(p, 0, sizeof(*p));
    while (k < sc->npol && strcmp(sc->pol[k].label, label) != 0)
        k++;
    if (k == sc->npol)
        return snprintf(why, n, "no policy labelled '%s'", label), -1;
    p->pol = sc->pol[k];
    const char *mn = sc->nexpect ? sc->expect[0].metric : sc->metric_main;
    p->metric = M_ELAPSED;
    for (int m = 0; m < M_COUNT; m++)
        if (strcmp(sim_metric_names[m], mn) == 0)
            p->metric = m;
    if (!kb_policy_module(&p->pol))
        return snprintf(why, n, "policy '%s': %s has no kernel profiles", label,
                        mdl_gov_name(p->pol.gov)),
               -1;
    p->hi = hi ? hi : PGOV_KVER_NEWEST;
    p->lo = lo;
    for (uint32_t kv = PGOV_KVER(3, 0); !p->lo && kv && kv <= p->hi; kv = kb_next(kv))
        if (kb_policy_supported(&p->pol, kv))
            p->lo = kv;
    if (!p->lo)
        return snprintf(why, n, "policy '%s': no release its governor takes", label), -1;
    for (uint32_t kv = kb_next(p->lo); kv && kv <= p->hi; kv = kb_next(kv))
        if (kb_policy_boundary(&p->pol, kv, sim_rules_key) &&
            (add_kv(p, kb_prev(kv), why, n) || add_kv(p, kv, why, n)))
            return -1;
    if (!p->nkv)
        return snprintf(why, n, "policy '%s': no profile boundary in the releases", label), -1;
    return 0;
}

/* The index of release kv in the plan (it is there: the plan made it). */
static uint32_t at(const struct sb_plan *p, uint32_t kv)
{
    uint32_t i = 0;
    while (i + 1 < p->nkv && p->kv[i] != kv)
        i++;
    return i;
}

static double mean(const struct sim_table *t, int m)
{
    struct stats s;
    report_metric_stats(t, 0, m, &s);
    return s.mean;
}

static double pct(double a, double b)
{
    return a != 0 ? 100.0 * (b - a) / a : 0;
}

static void header(FILE *f, bool tsv, const char *mn)
{
    if (tsv)
        fprintf(f,
                "from\tto\tpolicy\t%s_from\t%s_to\t%s_pct\tavg_mhz_from\t"
                "avg_mhz_to\tenergy_j_from\tenergy_j_to\tfreq_changes_per_s_from\t"
                "freq_changes_per_s_to\texact_from\texact_to\tcause\n",
                mn, mn, mn);
    else
        fprintf(f, "%-14s %-10s %21s %15s %19s %17s %s\n", "boundary", "policy", mn, "avg MHz",
                "energy J", "changes/s", "exactness");
}

void sb_report(FILE *f, FILE *sum, const struct sb_plan *p, const struct sim_table *const *t,
               uint32_t nt, bool tsv)
{
    uint32_t m = kb_policy_module(&p->pol), nb = 0, best = 0;
    double best_pct = 0;
    header(f, tsv, sim_metric_names[p->metric]);
    for (uint32_t kv = kb_next(p->lo); kv && kv <= p->hi; kv = kb_next(kv)) {
        if (!kb_policy_boundary(&p->pol, kv, sim_rules_key))
            continue;
        uint32_t ia = at(p, kb_prev(kv)), ib = at(p, kv);
        if (ib >= nt)
            return;
        double e[2], mhz[2], en[2], ch[2];
        for (int s = 0; s < 2; s++) {
            const struct sim_table *x = t[s ? ib : ia];
            e[s] = mean(x, p->metric);
            mhz[s] = mean(x, M_AVG_MHZ);
            en[s] = mean(x, M_ENERGY);
            double el = mean(x, M_ELAPSED);
            ch[s] = el > 0 ? mean(x, M_FREQ_CHANGES) / el : 0;
        }
        char a[16], b[16], cause[1024];
        kvs(a, sizeof(a), kb_prev(kv));
        kvs(b, sizeof(b), kv);
        kb_policy_causes(&p->pol, kv, sim_rules_key, cause, sizeof(cause));
        if (tsv)
            fprintf(
                f, "%s\t%s\t%s\t%.6f\t%.6f\t%.2f\t%.1f\t%.1f\t%.4f\t%.4f\t%.2f\t%.2f\t%s\t%s\t%s\n",
                a, b, p->pol.label, e[0], e[1], pct(e[0], e[1]), mhz[0], mhz[1], en[0], en[1],
                ch[0], ch[1], kb_exactness(m, kb_prev(kv)), kb_exactness(m, kv), cause);
        else
            fprintf(f,
                    "%5s -> %-5s %-10s %9.3f>%-9.3f %+6.1f%% %6.0f>%-6.0f %9.2f>%-9.2f "
                    "%7.1f>%-7.1f %s>%s\n        %s\n",
                    a, b, p->pol.label, e[0], e[1], pct(e[0], e[1]), mhz[0], mhz[1], en[0], en[1],
                    ch[0], ch[1], kb_exactness(m, kb_prev(kv)), kb_exactness(m, kv), cause);
        nb++;
        if (fabs(pct(e[0], e[1])) > fabs(best_pct)) {
            best_pct = pct(e[0], e[1]);
            best = kv;
        }
    }
    char a[16], b[16], cause[1024] = "";
    kvs(a, sizeof(a), p->lo);
    kvs(b, sizeof(b), p->hi);
    fprintf(sum, "bisect: policy '%s', %s .. %s: %u boundaries, %u releases run\n", p->pol.label, a,
            b, nb, p->nkv);
    if (best) {
        kvs(a, sizeof(a), kb_prev(best));
        kvs(b, sizeof(b), best);
        kb_policy_causes(&p->pol, best, sim_rules_key, cause, sizeof(cause));
        fprintf(sum, "bisect: largest change: %s -> %s, %s %+.1f%%: %s\n", a, b,
                sim_metric_names[p->metric], best_pct, cause);
    }
}

void sb_html(FILE *f, const struct sb_plan *p, const struct sim_table *const *t, uint32_t nt)
{
    static char xl[SB_MAX_KV][16], ml[SB_MAX_KV][200];
    static double x[SB_MAX_KV], y[SB_MAX_KV];
    static struct html_mark mk[SB_MAX_KV];
    const char *xlp[SB_MAX_KV];
    uint32_t n = nt < p->nkv ? nt : p->nkv, nm = 0;
    for (uint32_t i = 0; i < n; i++) {
        kvs(xl[i], sizeof(xl[i]), p->kv[i]);
        xlp[i] = xl[i];
        x[i] = i;
        y[i] = mean(t[i], p->metric);
    }
    for (uint32_t kv = kb_next(p->lo); kv && kv <= p->hi && nm < SB_MAX_KV; kv = kb_next(kv)) {
        if (!kb_policy_boundary(&p->pol, kv, sim_rules_key) || at(p, kv) >= n)
            continue;
        char c[1024];
        kb_policy_causes(&p->pol, kv, sim_rules_key, c, sizeof(c));
        int len = (int)strcspn(c, ";"); /* the first clause: a label is one line */
        snprintf(ml[nm], sizeof(ml[nm]), "%s -> %s %s: %.*s%s", xl[at(p, kb_prev(kv))],
                 xl[at(p, kv)], p->pol.label, len > 100 ? 97 : len, c, len > 100 ? "..." : "");
        mk[nm] = (struct html_mark){.x = at(p, kv), .label = ml[nm], .series = 0};
        nm++;
    }
    char title[200];
    snprintf(title, sizeof(title), "%s per release (mean over the iterations; numbered: the "
                                   "rows below)", sim_metric_names[p->metric]);
    struct html_series s = {.name = p->pol.label, .x = x, .y = y, .n = n};
    struct html_steps sp = {.title = title, .ylabel = sim_metric_names[p->metric], .xlab = xlp,
                            .nx = n, .s = &s, .ns = 1, .m = mk, .nm = nm};
    fputs("<h2>Bisect</h2>\n", f);
    html_step_plot(f, &sp);
    char *buf = NULL;
    size_t len = 0;
    FILE *tf = open_memstream(&buf, &len);
    if (tf) { /* the table as printed */
        sb_report(tf, tf, p, t, nt, false);
        if (!fclose(tf) && buf)
            html_pre(f, buf, len);
    }
    free(buf);
}
