/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's index.html (report.h: report_html): one page a person opens.
 * Per table the policies are overlaid on one time axis (first iteration):
 * the mean frequency over all CPUs and how many CPUs are busy, then one
 * chosen CPU; residency side by side; the means; the checks. The verdicts
 * and the provenance close it. The page writer is examples/common/html.c.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "report.h"

/* What one plot shows of a series: CPUs [c0, c1) summed per bucket. */
enum what { FREQ, BUSY };

/* The part of bucket b the run lasted (it ends at @end_ns since its start):
 * the last bucket is a partial one, and counting it whole would draw a dip. */
static double bucket_ns(const struct sim_series *s, uint32_t b, double end_ns)
{
    double start = (double)s->from_ns + (double)b * (double)s->width_ns;
    double w = end_ns - start;
    return w > 0 && w < (double)s->width_ns ? w : (double)s->width_ns;
}

static double series_value(const struct sim_series *s, uint32_t c0, uint32_t c1, uint32_t b,
                           enum what w, double end_ns)
{
    double c0ns = 0, cyc = 0;
    for (uint32_t c = c0; c < c1; c++) {
        c0ns += s->c0_ns[c][b];
        cyc += s->cycles[c][b];
    }
    if (w == BUSY) /* CPUs busy on average over the bucket */
        return c0ns / bucket_ns(s, b, end_ns);
    return c0ns > 0 ? cyc / c0ns * 1000.0 : NAN; /* frequency exists only in C0 */
}

/* One plot of every policy's first iteration over CPUs [c0, c1). */
static void policy_plot(FILE *f, const struct sim_table *t, uint32_t c0, uint32_t c1, enum what w,
                        const char *title)
{
    const struct sim_scenario *sc = t->sc;
    static double x[SIM_MAX_POLICIES][SIM_NBUCKETS], y[SIM_MAX_POLICIES][SIM_NBUCKETS];
    struct html_series s[SIM_MAX_POLICIES];
    double x1 = 0;
    for (uint32_t p = 0; p < sc->npol; p++) {
        const struct sim_series *ser = t->res[p][0].series;
        double end = t->res[p][0].m[M_ELAPSED] * 1e9; /* the run's end, or the window's */
        if (ser && ser->to_ns && (double)ser->to_ns < end)
            end = (double)ser->to_ns;
        s[p] = (struct html_series){.name = sc->pol[p].label, .x = x[p], .y = y[p]};
        for (uint32_t b = 0; ser && b < ser->n && b < SIM_NBUCKETS; b++) {
            /* a point in the middle of what its bucket covers */
            x[p][b] = ((double)ser->from_ns + (double)b * (double)ser->width_ns +
                       bucket_ns(ser, b, end) / 2) / 1e9;
            y[p][b] = series_value(ser, c0, c1, b, w, end);
            s[p].n++;
        }
        if (ser && ser->n) {
            double last = ((double)ser->from_ns + (double)(ser->n - 1) * (double)ser->width_ns +
                           bucket_ns(ser, ser->n - 1, end)) / 1e9;
            x1 = last > x1 ? last : x1;
        }
    }
    const struct sim_platform *pl = sc->plat;
    double fmax = (double)pl->turbo_ratio * pl->scaling_khz / 1000.0;
    const struct sim_series *s0 = t->res[0][0].series;
    struct html_plot hp = {.title = title, .ylabel = w == FREQ ? "MHz" : "CPUs",
                           .x0 = s0 ? (double)s0->from_ns / 1e9 : 0, .x1 = x1,
                           .y1 = w == FREQ ? ceil(fmax / 500.0) * 500.0 : 0, /* busy: to its peak */
                           .s = s, .ns = sc->npol};
    html_line_plot(f, &hp);
}

static void time_plots(FILE *f, const struct sim_table *t, uint32_t k)
{
    uint32_t n = t->sc->ncpu;
    char title[160], id[16];
    fputs("<h3>Over time (first iteration; policies overlaid)</h3>\n<div class='row'>\n", f);
    snprintf(title, sizeof(title), "Frequency while in C0, mean over the %u CPUs' C0 time", n);
    policy_plot(f, t, 0, n, FREQ, title);
    snprintf(title, sizeof(title), "Busy CPUs (C0 time per bucket; %u in all)", n);
    policy_plot(f, t, 0, n, BUSY, title);
    fputs("</div>\n", f);
    if (n < 2)
        return;
    snprintf(id, sizeof(id), "t%u", k);
    html_cpu_select(f, id, n);
    for (uint32_t c = 0; c < n; c++) {
        html_cpu_div_begin(f, id, c, c == 0);
        fputs("<div class='row'>\n", f);
        snprintf(title, sizeof(title), "cpu%u: frequency while in C0", c);
        policy_plot(f, t, c, c + 1, FREQ, title);
        snprintf(title, sizeof(title), "cpu%u: busy share", c);
        policy_plot(f, t, c, c + 1, BUSY, title);
        fputs("</div>\n", f);
        html_cpu_div_end(f);
    }
}

/* P-state residency (share of C0 time per 100 MHz bin) and C-state
 * residency (share of all time), all iterations, side by side. */
static void resid_plots(FILE *f, const struct sim_table *t)
{
    const struct sim_scenario *sc = t->sc;
    const struct sim_platform *pl = sc->plat;
    uint32_t lo = pl->min_ratio * pl->scaling_khz / 100000u;
    uint32_t hi = pl->turbo_ratio * pl->scaling_khz / 100000u;
    hi = hi < 63 ? hi : 63;
    lo = lo <= hi ? lo : hi;
    static char cat[64][16];
    static const char *catp[64];
    static double pv[SIM_MAX_POLICIES * 64], cv[SIM_MAX_POLICIES * 3];
    const char *names[SIM_MAX_POLICIES];
    uint32_t nb = hi - lo + 1;
    for (uint32_t b = 0; b < nb; b++) {
        snprintf(cat[b], sizeof(cat[b]), "%.1f", (lo + b) / 10.0);
        catp[b] = cat[b];
    }
    for (uint32_t p = 0; p < sc->npol; p++) {
        double c0 = 0, c1 = 0, c6 = 0;
        names[p] = sc->pol[p].label;
        for (uint32_t i = 0; i < t->iters; i++) {
            c0 += t->res[p][i].c0_ns;
            c1 += t->res[p][i].c1_ns;
            c6 += t->res[p][i].c6_ns;
        }
        for (uint32_t b = 0; b < nb; b++) {
            double r = 0;
            for (uint32_t i = 0; i < t->iters; i++)
                r += t->res[p][i].resid_ns[lo + b];
            pv[p * nb + b] = c0 > 0 ? r / c0 : 0;
        }
        double all = c0 + c1 + c6;
        cv[p * 3 + 0] = all > 0 ? c0 / all : 0;
        cv[p * 3 + 1] = all > 0 ? c1 / all : 0;
        cv[p * 3 + 2] = all > 0 ? c6 / all : 0;
    }
    static const char *const cs[3] = {"C0", "C1", "C6"};
    struct html_bars pb = {.title = "P-state residency (GHz; share of C0 time, all iterations)",
                           .cat = catp, .name = names, .v = pv, .ncat = nb, .ns = sc->npol,
                           .min_share = 0.002};
    struct html_bars cb = {.title = "C-state residency (share of all CPU time, all iterations)",
                           .cat = cs, .name = names, .v = cv, .ncat = 3, .ns = sc->npol};
    fputs("<h3>Residency</h3>\n<div class='row'>\n", f);
    html_bar_plot(f, &pb);
    html_bar_plot(f, &cb);
    fputs("</div>\n", f);
}

/* A number as the text table prints it: 3 decimals below 100, else 2. */
static void num(FILE *f, double v)
{
    if (isnan(v))
        fputs("NA", f);
    else
        fprintf(f, "%.*f", fabs(v) < 100 ? 3 : 2, v);
}

/* The mmtests-style table of means: per metric the Amean of each policy,
 * its change against the first policy, and '*' where Welch's t-test says
 * the means differ at 95 %. */
static void mean_table(FILE *f, const struct sim_table *t)
{
    const struct sim_scenario *sc = t->sc;
    fprintf(f, "<h3>Means of %u iteration%s (change against %s; * = Welch's t-test significant "
               "at 95%%)</h3>\n<table>\n<tr><th class='l'>metric</th>",
            t->iters, t->iters == 1 ? "" : "s", sc->pol[0].label);
    for (uint32_t p = 0; p < sc->npol; p++) {
        fprintf(f, "<th style='color:%s'>", html_colour(p));
        html_esc(f, sc->pol[p].label);
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (int m = 0; m < M_COUNT; m++) {
        if (!report_metric_shown(t, m) || !report_metric_applies(t, m))
            continue;
        struct stats base, s;
        report_metric_stats(t, 0, m, &base);
        fprintf(f, "<tr><td class='l'>%s</td>", sim_metric_names[m]);
        for (uint32_t p = 0; p < sc->npol; p++) {
            report_metric_stats(t, p, m, &s);
            bool sig = p > 0 && welch_significant(&base, &s);
            fprintf(f, "<td%s title='sd %.4g, min %.6g, max %.6g'>", sig ? " class='sig'" : "",
                    s.sd, s.min, s.max);
            num(f, s.mean);
            if (p > 0) {
                fputs(" <span class='chg'>(", f);
                report_change(f, base.mean, s.mean, "%+.1f%%");
                fprintf(f, ")%s</span>", sig ? "*" : "");
            }
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* What a text writer prints, in a <pre> (the checks, the full text table). */
static void captured(FILE *f, const struct sim_table *t, int which)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m)
        return;
    if (which == 0) {
        report_expect(m, t);
        for (uint32_t l = 0; l < t->sc->nseed; l++)
            fprintf(m, "   seed: %s\n", t->sc->seed_lines[l]);
    } else {
        report_text(m, t);
    }
    fclose(m);
    if (n)
        html_pre(f, buf, n);
    free(buf);
}

static void section(FILE *f, const struct sim_table *t, uint32_t k)
{
    const struct sim_scenario *sc = t->sc;
    fprintf(f, "<h2 id='s%u'>", k);
    html_esc(f, t->name);
    fputs(": ", f);
    html_esc(f, sc->title);
    fprintf(f, "</h2>\n<p>platform %s, %u CPUs, HZ=%u, %u iteration%s", sc->plat->name, sc->ncpu,
            sc->hz, t->iters, t->iters == 1 ? "" : "s");
    if (sc->settings[0]) {
        fputs(", set: ", f);
        html_esc(f, sc->settings);
    }
    fputs("</p>\n<table>\n", f);
    for (uint32_t p = 0; p < sc->npol; p++)
        html_key_row(f, html_colour(p), sc->pol[p].label, sc->pol[p].text);
    fputs("</table>\n", f);
    if (t->res[0] && t->res[0][0].series)
        time_plots(f, t, k);
    resid_plots(f, t);
    mean_table(f, t);
    if (sc->nexpect || sc->nseed) {
        fputs("<h3>Checks</h3>\n", f);
        captured(f, t, 0);
    }
    fputs("<details><summary>The text report of this table (as report.txt)</summary>\n", f);
    captured(f, t, 1);
    fputs("</details>\n", f);
}

static const char *verdict_css(const char *cls)
{
    return strcmp(cls, "reproduced") == 0       ? "reproduced"
           : strcmp(cls, "direction only") == 0 ? "direction"
           : strcmp(cls, "opposite") == 0       ? "opposite"
                                                : "notrep";
}

static void verdict_table(FILE *f, const struct sim_table *const *t, uint32_t n)
{
    uint32_t rows = 0;
    for (uint32_t k = 0; k < n; k++) {
        struct report_verdict v;
        for (uint32_t i = 0; i < t[k]->sc->nexpect; i++) {
            if (!report_verdict_of(t[k], i, &v))
                continue;
            if (!rows++)
                fputs("<h2>Verdicts: each seed thread's effect (b against a) against the "
                      "model's</h2>\n<p>reproduced: same direction, within 2x; direction only: "
                      "same direction, outside 2x; not reproduced: under 1/4 of the seed's, "
                      "under 1% or within the iterations' noise (Welch, 95%); opposite: the "
                      "other direction</p>\n<table>\n<tr><th class='l'>"
                      "table</th><th class='l'>metric</th><th class='l'>a -&gt; b</th>"
                      "<th>seed</th><th>model</th><th class='l'>verdict</th></tr>\n",
                      f);
            fprintf(f, "<tr><td class='l'><a href='#s%u'>", k);
            html_esc(f, t[k]->name);
            fprintf(f, "</a></td><td class='l'>%s</td><td class='l'>", v.e->metric);
            html_esc(f, v.e->a);
            fputs(" -&gt; ", f);
            html_esc(f, v.e->b);
            fprintf(f, "</td><td>%+.4g%%</td><td>", v.seed_pct);
            report_change(f, v.a_mean, v.b_mean, "%+.1f%%");
            fprintf(f, "</td><td class='l %s'>%s</td></tr>\n", verdict_css(v.cls), v.cls);
        }
    }
    if (rows)
        fputs("</table>\n", f);
}

int report_html(FILE *f, const struct sim_table *const *t, uint32_t n, const char *prov,
                const char *extra)
{
    html_begin(f, "pgov-sim report");
    fputs("<h1>pgov-sim report</h1>\n<h3>Provenance</h3>\n", f);
    html_pre(f, prov, strlen(prov));
    verdict_table(f, t, n);
    if (extra)
        fputs(extra, f);
    fputs("<h2>Tables</h2>\n<ul>\n", f);
    for (uint32_t k = 0; k < n; k++) {
        fprintf(f, "<li><a href='#s%u'>", k);
        html_esc(f, t[k]->name);
        fputs("</a>: ", f);
        html_esc(f, t[k]->sc->title);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
    for (uint32_t k = 0; k < n; k++)
        section(f, t[k], k);
    html_end(f);
    return ferror(f) ? -1 : 0;
}
