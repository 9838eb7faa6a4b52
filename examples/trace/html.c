/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace govern --html (govern_int.h: gv_html): the page pgov-sim
 * writes as index.html, for a recording. The recording (black, wider) and
 * every policy overlaid on one time axis: the mean frequency over the busy
 * CPUs and one chosen CPU; how many CPUs were busy (the trace fixes it, the
 * same for every column); P-state residency side by side; the table over
 * all CPUs; the text report; the provenance. Writer: examples/common/html.c.
 * Also --svg (gv_svg): the plain frequency plot.
 */
#define PGOV_EXPERIMENTAL 1 /* as govern.c: the same pgov.h declarations */
#include <math.h>
#include <string.h>

#include "fnv.h"
#include "govern_int.h"
#include "html.h"

#ifndef PGOV_TOOL_VERSION
#define PGOV_TOOL_VERSION "unknown"
#endif

#define NCOL (GV_MAX_POLICIES + 1)
#define REC_COLOUR "#000000"

/* Column k of the page: the recording first, then the policies. */
static const struct gv_col *column(const struct gv *g, const struct gv_col *rec, uint32_t k)
{
    return k == 0 ? rec : &g->col[k - 1];
}

static const char *label(const struct gv *g, const struct gv_col *rec, uint32_t k)
{
    bool any = false; /* as govern.c's SVG says it */
    for (uint32_t i = 0; i < g->ncpu && !k; i++)
        any |= rec->cpu[i].npts > 0;
    return k ? g->col[k - 1].pol->label : any ? "recorded" : "recorded (no cpu_frequency events)";
}

static const char *colour(uint32_t k)
{
    return k == 0 ? REC_COLOUR : html_colour(k - 1);
}


/* Frequency (mean over the busy time at a known frequency) or busy CPUs,
 * over CPUs [c0, c1), per bucket: every column overlaid. */
static void time_plot(FILE *f, const struct gv *g, const struct gv_col *rec, uint32_t c0,
                      uint32_t c1, bool freq, const char *title)
{
    static double x[GV_NB], y[NCOL][GV_NB];
    struct html_series s[NCOL];
    uint32_t ncol = freq ? g->ncol + 1 : 1; /* busy: the recording's, every column's */
    double w0 = (double)(g->w0 - g->t0) / 1e9, bws = (double)g->bw / 1e9;
    for (uint32_t b = 0; b < GV_NB; b++) /* the last bucket: the middle of what it covers */
        x[b] = b + 1 < GV_NB ? w0 + (b + 0.5) * bws
                             : (w0 + b * bws + (double)(g->w1 - g->t0) / 1e9) / 2;
    for (uint32_t k = 0; k < ncol; k++) {
        const struct gv_col *c = column(g, rec, k);
        for (uint32_t b = 0; b < GV_NB; b++) {
            double busy = 0, known = 0, mhz = 0;
            for (uint32_t i = c0; i < c1; i++) {
                busy += c->cpu[i].bk[b];
                known += c->cpu[i].bk[GV_NB + b];
                mhz += c->cpu[i].bk[2 * GV_NB + b];
            }
            /* the last bucket ends with the window: divided by what it covers */
            uint64_t end = b + 1 < GV_NB ? g->w0 + (b + 1) * g->bw : g->w1;
            uint64_t width = end > g->w0 + b * g->bw ? end - (g->w0 + b * g->bw) : g->bw;
            y[k][b] = !freq ? busy / (double)width : known > 0 ? mhz / known : NAN;
        }
        s[k] = (struct html_series){.name = freq ? label(g, rec, k) : "busy (recorded)", .x = x,
                                    .y = y[k], .n = GV_NB, .bold = k == 0,
                                    .colour = colour(k)};
    }
    /* the last bucket may end before its width: drawn to the window's end */
    double fmax = (double)(g->pl->turbo_ratio + 1) * g->pl->scaling_khz / 1000.0;
    struct html_plot p = {.title = title, .ylabel = freq ? "MHz" : "CPUs", .x0 = w0,
                          .x1 = (double)(g->w1 - g->t0) / 1e9,
                          .y1 = freq ? ceil(fmax / 500.0) * 500.0 : 0, .s = s, .ns = ncol};
    html_line_plot(f, &p);
}

static void time_plots(FILE *f, const struct gv *g, const struct gv_col *rec)
{
    char title[160];
    fputs("<h3>Over time (the recording and the policies overlaid)</h3>\n<div class='row'>\n", f);
    snprintf(title, sizeof(title), "Frequency while busy, mean over the %u CPUs' busy time",
             g->ncpu);
    time_plot(f, g, rec, 0, g->ncpu, true, title);
    snprintf(title, sizeof(title), "Busy CPUs (sched_switch; %u in all)", g->ncpu);
    time_plot(f, g, rec, 0, g->ncpu, false, title);
    fputs("</div>\n", f);
    if (g->ncpu < 2)
        return;
    html_cpu_select(f, "gv", g->ncpu);
    for (uint32_t c = 0; c < g->ncpu; c++) {
        html_cpu_div_begin(f, "gv", c, c == 0);
        fputs("<div class='row'>\n", f);
        snprintf(title, sizeof(title), "cpu%u: frequency while busy", c);
        time_plot(f, g, rec, c, c + 1, true, title);
        snprintf(title, sizeof(title), "cpu%u: busy share", c);
        time_plot(f, g, rec, c, c + 1, false, title);
        fputs("</div>\n", f);
        html_cpu_div_end(f);
    }
}

/* P-state residency over all CPUs: share of the busy time at a known
 * frequency in each 100 MHz bin, per column side by side. */
static void resid_plot(FILE *f, const struct gv *g, const struct gv_col *rec)
{
    static char cat[NBINS][16];
    static double v[NCOL * NBINS];
    const char *catp[NBINS], *names[NCOL], *colours[NCOL];
    for (uint32_t b = 0; b < NBINS; b++) {
        snprintf(cat[b], sizeof(cat[b]), "%.1f", b / 10.0);
        catp[b] = cat[b];
    }
    for (uint32_t k = 0; k <= g->ncol; k++) {
        const struct gv_col *c = column(g, rec, k);
        double known = 0;
        names[k] = label(g, rec, k);
        colours[k] = colour(k);
        for (uint32_t i = 0; i < g->ncpu; i++)
            known += c->cpu[i].busy_ns - c->cpu[i].unknown_ns;
        for (uint32_t b = 0; b < NBINS; b++) {
            double r = 0;
            for (uint32_t i = 0; i < g->ncpu; i++)
                r += c->cpu[i].resid[b];
            v[k * NBINS + b] = known > 0 ? r / known : 0;
        }
    }
    struct html_bars hb = {.title = "P-state residency (GHz; share of busy time, all CPUs)",
                           .cat = catp, .name = names, .colour = colours, .v = v,
                           .ncat = NBINS, .ns = g->ncol + 1, .min_share = 0.002};
    fputs("<h3>Residency</h3>\n<div class='row'>\n", f);
    html_bar_plot(f, &hb);
    fputs("</div>\n", f);
}

/* The all-CPU rows of the text table, per column. */
static void summary(FILE *f, const struct gv *g, const struct gv_col *rec)
{
    static const char *const names[] = {"busy_mhz", "busy_pct", "energy_j", "freq_changes"};
    fputs("<h3>All CPUs</h3>\n<table>\n<tr><th class='l'>metric</th>", f);
    for (uint32_t k = 0; k <= g->ncol; k++) {
        fprintf(f, "<th style='color:%s'>", colour(k));
        html_esc(f, label(g, rec, k));
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (int m = 0; m < 4; m++) {
        fprintf(f, "<tr><td class='l'>%s</td>", names[m]);
        for (uint32_t k = 0; k <= g->ncol; k++) {
            double busy = 0, win = 0, mhz = 0, en = 0, ch = 0, unk = 0;
            for (uint32_t i = 0; i < g->ncpu; i++) {
                const struct gv_cpu *p = &column(g, rec, k)->cpu[i];
                busy += p->busy_ns, win += p->win_ns, mhz += p->mhz_busy_ns;
                en += p->energy_j, ch += p->changes, unk += p->unknown_ns;
            }
            double v = m == 0   ? (busy > unk ? mhz / (busy - unk) : 0)
                       : m == 1 ? (win > 0 ? 100.0 * busy / win : 0)
                       : m == 2 ? en
                                : ch;
            if ((m == 0 || m == 2) && unk > 0)
                fputs("<td>-</td>", f); /* busy before the first cpu_frequency event */
            else
                fprintf(f, m == 3 ? "<td>%.0f</td>" : "<td>%.3f</td>", v);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

void gv_html_provenance(FILE *f, const struct gv_opts *o, const char *path)
{
    fprintf(f, "<h3>Provenance</h3>\n<pre># pgov-trace %s (libpgov %s)\n# command: pgov-trace",
            PGOV_TOOL_VERSION, pgov_version_string());
    for (int i = 1; i < o->argc; i++) {
        fputs(strpbrk(o->argv[i], " \t'\"$") ? " '" : " ", f);
        html_esc(f, o->argv[i]);
        if (strpbrk(o->argv[i], " \t'\"$"))
            fputc('\'', f);
    }
    fputs("\n# trace: ", f);
    html_esc(f, path);
    fprintf(f, " (fnv1a %016llx)", (unsigned long long)fnv1a_file(path));
}

static void provenance(FILE *f, const struct gv *g)
{
    const struct gv_opts *o = g->o;
    gv_html_provenance(f, o, g->t->path);
    fprintf(f, ", %u CPUs, %zu events\n# platform %s, P-state domain %s, "
               "HZ=%u, window %.6f .. %.6f s</pre>\n",
            g->ncpu, g->t->n, g->pl->name,
            g->pl->pstate_domain == DOM_PACKAGE ? "package" : "core", o->hz,
            (double)(g->w0 - g->t0) / 1e9, (double)(g->w1 - g->t0) / 1e9);
}

/* The report's pstate_sample lines (the recorded decisions recomputed):
 * a result, not a detail, so shown outside the folded text. */
static void pstate_lines(FILE *f, const char *txt, size_t n)
{
    bool any = false;
    for (const char *l = txt, *end = txt + n; l < end;) {
        const char *e = memchr(l, '\n', (size_t)(end - l));
        size_t len = e ? (size_t)(e - l) : (size_t)(end - l);
        if (len >= 14 && memcmp(l, "pstate_sample:", 14) == 0) {
            char line[1024];
            snprintf(line, sizeof(line), "%.*s\n", (int)(len < 1000 ? len : 1000), l);
            fputs(any ? "" : "<h3>Recorded P-state decisions, recomputed</h3>\n<pre>", f);
            html_esc(f, line);
            any = true;
        }
        l += len + 1;
    }
    if (any)
        fputs("</pre>\n", f);
}

void gv_html(const struct gv *g, const struct gv_col *rec, FILE *f, const char *txt, size_t n)
{
    const char *base = strrchr(g->t->path, '/');
    base = base ? base + 1 : g->t->path;
    char title[300];
    snprintf(title, sizeof(title), "pgov-trace govern: %s", base);
    html_begin(f, title);
    fputs("<h1>", f);
    html_esc(f, title);
    fputs("</h1>\n", f);
    provenance(f, g);
    fputs("<table>\n", f);
    for (uint32_t k = 0; k <= g->ncol; k++)
        html_key_row(f, colour(k), label(g, rec, k),
                     k ? g->col[k - 1].pol->text : "the trace's cpu_frequency events");
    fputs("</table>\n", f);
    time_plots(f, g, rec);
    resid_plot(f, g, rec);
    summary(f, g, rec);
    pstate_lines(f, txt, n);
    fputs("<details><summary>The text report (as printed: every CPU)</summary>\n", f);
    html_pre(f, txt, n);
    fputs("</details>\n", f);
    html_end(f);
}

/* --svg: the columns' frequency over the window, one polyline each. */
void gv_svg(const struct gv *g, FILE *f, const struct gv_col *rec)
{
    static const char *const color[] = {"#000000", "#d62728", "#1f77b4", "#2ca02c", "#9467bd",
                                        "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
    const double W = 900, H = 160, L = 70, T = 30;
    double fmax = (g->pl->turbo_ratio + 1) * g->pl->scaling_khz / 1000.0;
    double span = (double)(g->w1 - g->w0);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W + L + 20, T + g->ncpu * (H + 40) + 30);
    fprintf(f, "<text x=\"%.0f\" y=\"18\">%s: frequency per CPU, %.6f .. %.6f s (platform %s, domain %s)</text>\n",
            L, g->t->path, (double)(g->w0 - g->t0) / 1e9, (double)(g->w1 - g->t0) / 1e9, g->pl->name,
            gv_domain_name(g->pl));
    for (uint32_t i = 0; i < g->ncpu; i++) {
        double y0 = T + i * (H + 40);
        fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"#888\"/>\n",
                L, y0, W, H);
        fprintf(f, "<text x=\"4\" y=\"%.0f\">cpu%u</text>\n", y0 + 14, i);
        /* busy time (sched_switch) as a grey band under the lines */
        const struct gv_cpu *rb = &rec->cpu[i];
        for (size_t j = 0; j + 1 < rb->nbusy; j += 2) {
            uint64_t a = rb->busyiv[j] > g->w0 ? rb->busyiv[j] : g->w0;
            uint64_t b = rb->busyiv[j + 1] < g->w1 ? rb->busyiv[j + 1] : g->w1;
            if (b > a)
                fprintf(f, "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" height=\"%.0f\" fill=\"#e4e4e4\"/>\n",
                        L + (double)(a - g->w0) / span * W, y0 + H - 8,
                        (double)(b - a) / span * W, 8.0);
        }
        for (int tk = 0; tk <= 4; tk++) {
            double mhz = fmax * tk / 4;
            fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\" font-size=\"10\">%.0f</text>\n",
                    L - 4, y0 + H - H * tk / 4 + 4, mhz);
            double tx = (double)(g->w1 - g->w0) * tk / 4 / 1e9 + (double)(g->w0 - g->t0) / 1e9;
            fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" font-size=\"10\">%.3f s</text>\n",
                    L + W * tk / 4, y0 + H + 14, tx);
        }
        for (uint32_t k = 0; k <= g->ncol; k++) {
            const struct gv_col *c = k == 0 ? rec : &g->col[k - 1];
            const struct gv_cpu *p = &c->cpu[i];
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" points=\"", color[k % 9],
                    k == 0 ? "2.5" : "1.2");
            double last = -1; /* y of the value in force, -1: none yet */
            for (size_t j = 0; j + 1 < p->npts; j += 2) {
                uint64_t ts = p->pts[j];
                double mhz = p->pts[j + 1] / 1000.0;
                double y = H - (mhz > fmax ? fmax : mhz) / fmax * H;
                if (ts >= g->w1)
                    break;
                if (ts <= g->w0) { /* in force when the window opens */
                    last = y;
                    continue;
                }
                double x = (double)(ts - g->w0) / span * W;
                if (last < 0)
                    last = y;
                else if (j == 0 || p->pts[j - 2] <= g->w0)
                    fprintf(f, "%.1f,%.1f ", L, y0 + last);
                fprintf(f, "%.1f,%.1f %.1f,%.1f ", L + x, y0 + last, L + x, y0 + y);
                last = y;
            }
            if (last >= 0)
                fprintf(f, "%.1f,%.1f", L + W, y0 + last);
            fprintf(f, "\"/>\n");
        }
    }
    double ly = T + g->ncpu * (H + 40);
    bool rec_any = false;
    for (uint32_t i = 0; i < g->ncpu; i++)
        rec_any |= rec->cpu[i].npts > 0;
    double lx = L;
    for (uint32_t k = 0; k <= g->ncol; k++) {
        const char *name = k == 0 ? (rec_any ? "recorded" : "recorded (no cpu_frequency events)")
                                  : g->col[k - 1].pol->label;
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">%s</text>\n", lx, ly + 10, color[k % 9], name);
        lx += 7.5 * (double)strlen(name) + 30;
    }
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" fill=\"#888\">grey band: busy (sched_switch); "
               "MHz</text>\n", L, ly + 26);
    fprintf(f, "</svg>\n");
}
