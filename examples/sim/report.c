/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Output: mmtests-style comparison tables, turbostat-style summaries, TSV
 * rows for machines, and SVG plots. Every number printed is a function of
 * the results only (fixed formats, no clocks), so equal inputs print equal
 * bytes.
 */
#include <math.h>
#include <string.h>

#include "report.h"

void stats_of(const double *x, uint32_t n, struct stats *s)
{
    double sum = 0, ss = 0;
    s->n = n;
    s->min = s->max = n ? x[0] : 0;
    for (uint32_t i = 0; i < n; i++) {
        sum += x[i];
        if (x[i] < s->min)
            s->min = x[i];
        if (x[i] > s->max)
            s->max = x[i];
    }
    s->mean = n ? sum / n : 0;
    for (uint32_t i = 0; i < n; i++)
        ss += (x[i] - s->mean) * (x[i] - s->mean);
    s->sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
}

/* Two-sided 95 % critical values of Student's t for 1..30 degrees of freedom. */
static const double t95[31] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                               2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                               2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                               2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};

bool welch_significant(const struct stats *a, const struct stats *b)
{
    if (a->n < 2 || b->n < 2)
        return false;
    double va = a->sd * a->sd / a->n, vb = b->sd * b->sd / b->n;
    double d = fabs(a->mean - b->mean);
    if (va + vb == 0)
        return d > 1e-9 * (fabs(a->mean) + fabs(b->mean));
    double t = d / sqrt(va + vb);
    double df = (va + vb) * (va + vb) /
                ((va * va) / (a->n - 1) + (vb * vb) / (b->n - 1));
    int k = (int)floor(df);
    double crit = k < 1 ? t95[1] : k > 30 ? 1.960 : t95[k];
    return t > crit;
}

static void metric_stats(const struct sim_table *t, uint32_t p, int m, struct stats *s)
{
    double x[1000];
    uint32_t n = t->iters < 1000 ? t->iters : 1000;
    for (uint32_t i = 0; i < n; i++)
        x[i] = t->res[p][i].m[m];
    stats_of(x, n, s);
}

static bool metric_shown(const struct sim_table *t, int m)
{
    if (m == M_THROUGHPUT)
        return t->sc->throughput_unit[0] != 0;
    return true;
}

void report_text(FILE *f, const struct sim_table *t)
{
    const struct sim_scenario *sc = t->sc;
    uint32_t np = sc->npol;

    fprintf(f, "\n== %s: %s\n", t->name, sc->title);
    fprintf(f, "   platform %s, %u CPUs, HZ=%u, %u iteration%s", sc->plat->name, sc->ncpu, sc->hz,
            t->iters, t->iters == 1 ? "" : "s");
    if (sc->duration_ns)
        fprintf(f, ", %.0f s per run", (double)sc->duration_ns / 1e9);
    fprintf(f, "\n");
    for (uint32_t p = 0; p < np; p++)
        fprintf(f, "   %-14s %s\n", sc->pol[p].label, sc->pol[p].text);
    fprintf(f, "   (%% = change of the mean against the first column; '*' = Welch's t-test "
               "significant at 95%%)\n\n");
    fprintf(f, "%-22s", "");
    for (uint32_t p = 0; p < np; p++)
        fprintf(f, " %22s", sc->pol[p].label);
    fprintf(f, "\n");
    static const char *const rows[4] = {"Min", "Amean", "Stddev", "Max"};
    for (int m = 0; m < M_COUNT; m++) {
        if (!metric_shown(t, m))
            continue;
        struct stats base;
        metric_stats(t, 0, m, &base);
        for (int r = 0; r < 4; r++) {
            fprintf(f, "%-7s %-14s", rows[r], sim_metric_names[m]);
            for (uint32_t p = 0; p < np; p++) {
                struct stats s;
                metric_stats(t, p, m, &s);
                double v = r == 0 ? s.min : r == 1 ? s.mean : r == 2 ? s.sd : s.max;
                double bv = r == 0 ? base.min : r == 1 ? base.mean : r == 2 ? base.sd : base.max;
                double pct = bv != 0 ? (v - bv) / fabs(bv) * 100.0 : 0.0;
                char mark = ' ';
                if (r == 1 && p > 0 && welch_significant(&base, &s))
                    mark = '*';
                int dec = fabs(v) < 100 ? 3 : 2;
                if (r == 2)
                    fprintf(f, " %12.*f %9s", dec, v, "");
                else
                    fprintf(f, " %12.*f (%6.1f%%)%c", dec, v, pct, mark);
            }
            fprintf(f, "\n");
        }
    }
    if (sc->throughput_unit[0])
        fprintf(f, "   throughput unit: %s\n", sc->throughput_unit);

    /* turbostat-style summary, means over iterations. */
    fprintf(f, "\n   turbostat-style summary (mean of %u iteration%s)\n", t->iters,
            t->iters == 1 ? "" : "s");
    fprintf(f, "   %-14s %8s %7s %8s %7s %7s %9s  P-state residency (share of C0 time)\n",
            "policy", "Avg_MHz", "Busy%", "Bzy_MHz", "CPU%c1", "CPU%c6", "Energy_J");
    for (uint32_t p = 0; p < np; p++) {
        double am = 0, bu = 0, bz = 0, c1 = 0, c6 = 0, en = 0;
        double resid[64] = {0};
        double c0 = 0;
        for (uint32_t i = 0; i < t->iters; i++) {
            const struct sim_result *r = &t->res[p][i];
            am += r->m[M_AVG_MHZ];
            bu += r->m[M_BUSY];
            bz += r->m[M_BZY_MHZ];
            en += r->m[M_ENERGY];
            double all = r->c0_ns + r->c1_ns + r->c6_ns;
            c1 += all > 0 ? r->c1_ns / all : 0;
            c6 += all > 0 ? r->c6_ns / all : 0;
            for (int b = 0; b < 64; b++)
                resid[b] += r->resid_ns[b];
            c0 += r->c0_ns;
        }
        double n = t->iters;
        fprintf(f, "   %-14s %8.0f %7.2f %8.0f %7.2f %7.2f %9.1f ", sc->pol[p].label, am / n,
                bu / n, bz / n, 100 * c1 / n, 100 * c6 / n, en / n);
        for (int b = 0; b < 64; b++)
            if (c0 > 0 && resid[b] / c0 >= 0.005)
                fprintf(f, " %.1fG:%.0f%%", b / 10.0, 100 * resid[b] / c0);
        fprintf(f, "\n");
    }
}

void report_tsv(FILE *f, const struct sim_table *t)
{
    for (uint32_t p = 0; p < t->sc->npol; p++)
        for (int m = 0; m < M_COUNT; m++) {
            if (!metric_shown(t, m))
                continue;
            struct stats s;
            metric_stats(t, p, m, &s);
            /* %.10g: every digit a run can distinguish, for machines */
            fprintf(f, "%s\t%s\t%s\t%u\t%.10g\t%.10g\t%.10g\t%.10g\n", t->name, t->sc->pol[p].label,
                    sim_metric_names[m], s.n, s.mean, s.sd, s.min, s.max);
        }
}

static int pol_index(const struct sim_scenario *sc, const char *label)
{
    for (uint32_t i = 0; i < sc->npol; i++)
        if (strcmp(sc->pol[i].label, label) == 0)
            return (int)i;
    return -1;
}

static int metric_index(const char *name)
{
    int m = 0;
    while (m < M_COUNT && strcmp(sim_metric_names[m], name) != 0)
        m++;
    return m;
}

/* Evaluate one expect line on a table: the two means, the change of b
 * against a in percent, and whether the expectation holds. */
static bool expect_eval(const struct sim_table *t, const struct sim_expect *e, double *am,
                        double *bm, double *pct)
{
    const struct sim_scenario *sc = t->sc;
    int m = metric_index(e->metric);
    struct stats a, b;
    metric_stats(t, (uint32_t)pol_index(sc, e->a), m, &a);
    metric_stats(t, (uint32_t)pol_index(sc, e->b), m, &b);
    *am = a.mean;
    *bm = b.mean;
    *pct = a.mean != 0 ? (b.mean - a.mean) / fabs(a.mean) * 100 : 0;
    bool ok = e->cmp == CMP_LT ? a.mean < b.mean : e->cmp == CMP_GT ? a.mean > b.mean
                                                : fabs(*pct) <= e->min_pct;
    if (ok && e->min_pct > 0 && e->cmp != CMP_EQ)
        ok = fabs(*pct) >= e->min_pct;
    return ok;
}

static const char *cmp_sym(uint32_t cmp)
{
    return cmp == CMP_LT ? "<" : cmp == CMP_GT ? ">" : "~";
}

int report_expect(FILE *f, const struct sim_table *t)
{
    int bad = 0;
    const struct sim_scenario *sc = t->sc;
    for (uint32_t i = 0; i < sc->nexpect; i++) {
        const struct sim_expect *e = &sc->expect[i];
        double a, b, pct;
        bool ok = expect_eval(t, e, &a, &b, &pct);
        fprintf(f, "   check: %s %s %s %s", e->metric, e->a, cmp_sym(e->cmp), e->b);
        if (e->min_pct > 0)
            fprintf(f, e->cmp == CMP_EQ ? " within %.1f%%" : " by >= %.1f%%", e->min_pct);
        fprintf(f, ": %.2f vs %.2f (%+.1f%%) -> %s%s%s\n", a, b, pct,
                ok ? "holds" : "DOES NOT HOLD", e->why[0] ? "; " : "", e->why);
        bad += !ok;
    }
    return bad;
}

void report_sweep(FILE *f, const struct sim_table *const *t, uint32_t n)
{
    if (!n)
        return;
    const struct sim_scenario *sc0 = t[0]->sc;
    const char *metric = sc0->nexpect ? sc0->expect[0].metric : sc0->metric_main;
    int m = metric_index(metric);
    uint32_t held = 0;
    fprintf(f, "\n== sweep %s: %s (Amean of %u iteration%s per cell; change = b against a)\n",
            sc0->name, metric, t[0]->iters, t[0]->iters == 1 ? "" : "s");
    for (uint32_t i = 0; i < sc0->nexpect; i++) {
        const struct sim_expect *e = &sc0->expect[i];
        fprintf(f, "   e%u: %s %s %s %s", i + 1, e->metric, e->a, cmp_sym(e->cmp), e->b);
        if (e->min_pct > 0)
            fprintf(f, e->cmp == CMP_EQ ? " within %.1f%%" : " by >= %.1f%%", e->min_pct);
        fprintf(f, "\n");
    }
    fprintf(f, "%-32s", "point");
    for (uint32_t p = 0; p < sc0->npol; p++)
        fprintf(f, " %14s", sc0->pol[p].label);
    for (uint32_t i = 0; i < sc0->nexpect; i++)
        fprintf(f, "   e%u change  holds", i + 1);
    fprintf(f, "\n");
    for (uint32_t r = 0; r < n; r++) {
        const struct sim_table *tb = t[r];
        const struct sim_scenario *sc = tb->sc;
        char point[SIM_SETTINGS_LEN + 32];
        snprintf(point, sizeof(point), "%s", sc->settings[0] ? sc->settings : "(as shipped)");
        if (sc->nparam) {
            /* the param's value is in the table name after the scenario's */
            const char *dash = tb->name + strlen(sc->name);
            size_t len = strlen(point);
            snprintf(point + len, sizeof(point) - len, " %s=%.*s", sc->param_name,
                     (int)strcspn(dash + 1, "@"), dash + 1);
        }
        fprintf(f, "%-32s", point);
        for (uint32_t p = 0; p < sc->npol; p++) {
            struct stats s;
            metric_stats(tb, p, m, &s);
            fprintf(f, " %14.*f", fabs(s.mean) < 100 ? 4 : 2, s.mean);
        }
        bool all = true;
        for (uint32_t i = 0; i < sc->nexpect; i++) {
            double a, b, pct;
            bool ok = expect_eval(tb, &sc->expect[i], &a, &b, &pct);
            fprintf(f, "   %+8.2f%%  %5s", pct, ok ? "yes" : "NO");
            all &= ok;
        }
        held += all;
        fprintf(f, "\n");
    }
    if (sc0->nexpect)
        fprintf(f, "   every expected direction holds at %u of %u points\n", held, n);
}

/* ------------------------------------------------------------------ SVG */

static const char *const colours[8] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                       "#9467bd", "#8c564b", "#e377c2", "#17becf"};

static void svg_panel(FILE *f, const struct sim_series *s, uint32_t ncpu, int y0, bool freq,
                      double fmax_mhz, double span_s)
{
    const int X0 = 60, W = 820, H = 200;
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#888'/>\n", X0, y0,
            W, H);
    fprintf(f, "<text x='%d' y='%d' font-size='12'>%s</text>\n", X0, y0 - 6,
            freq ? "frequency while in C0 (MHz), per CPU" : "utilization (C0 share), per CPU");
    for (int g = 0; g <= 4; g++) {
        double v = freq ? fmax_mhz * g / 4 : g * 25.0;
        int y = y0 + H - H * g / 4;
        fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='end'>%.0f%s</text>\n", X0 - 4,
                y + 3, v, freq ? "" : "%");
        fprintf(f, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#eee'/>\n", X0, y, X0 + W, y);
    }
    fprintf(f, "<text x='%d' y='%d' font-size='10'>0 s</text>\n", X0, y0 + H + 12);
    fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='end'>%.1f s</text>\n", X0 + W,
            y0 + H + 12, span_s);
    uint32_t shown = ncpu < 8 ? ncpu : 8;
    for (uint32_t c = 0; c < shown; c++) {
        fprintf(f, "<polyline fill='none' stroke='%s' stroke-width='1' points='", colours[c]);
        for (uint32_t b = 0; b < s->n; b++) {
            double v;
            if (freq) {
                if (s->c0_ns[c][b] <= 0)
                    continue;
                v = s->cycles[c][b] / s->c0_ns[c][b] * 1000.0 / fmax_mhz;
            } else {
                v = s->c0_ns[c][b] / (double)s->width_ns;
            }
            if (v > 1)
                v = 1;
            fprintf(f, "%.1f,%.1f ", X0 + (b + 0.5) * W / (double)s->n, y0 + H - v * H);
        }
        fprintf(f, "'/>\n");
    }
    for (uint32_t c = 0; c < shown; c++)
        fprintf(f, "<text x='%d' y='%d' font-size='10' fill='%s'>cpu%u</text>\n",
                X0 + W + 6, y0 + 12 + 12 * (int)c, colours[c], c);
}

int report_svg_policy(const char *path, const struct sim_table *t, uint32_t pol)
{
    const struct sim_series *s = t->res[pol][0].series;
    if (!s)
        return 0;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const struct sim_platform *pl = t->sc->plat;
    double fmax = (double)pl->turbo_ratio * pl->scaling_khz / 1000.0;
    double span = (double)s->n * (double)s->width_ns / 1e9;
    fprintf(f, "<?xml version='1.0' encoding='UTF-8'?>\n"
               "<svg xmlns='http://www.w3.org/2000/svg' width='940' height='560' "
               "font-family='sans-serif'>\n<rect width='100%%' height='100%%' fill='white'/>\n");
    fprintf(f, "<text x='60' y='20' font-size='14'>%s: policy %s (%s), iteration 1, bucket %.0f ms"
               "</text>\n", t->name, t->sc->pol[pol].label, t->sc->pol[pol].text,
            (double)s->width_ns / 1e6);
    svg_panel(f, s, t->sc->ncpu, 50, true, fmax, span);
    svg_panel(f, s, t->sc->ncpu, 310, false, fmax, span);
    fprintf(f, "</svg>\n");
    return fclose(f) ? -1 : 0;
}

int report_svg_resid(const char *path, const struct sim_table *t)
{
    const struct sim_scenario *sc = t->sc;
    const struct sim_platform *pl = sc->plat;
    uint32_t lo = pl->min_ratio * pl->scaling_khz / 100000u;
    uint32_t hi = pl->turbo_ratio * pl->scaling_khz / 100000u;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const int X0 = 60, W = 820, H = 300, Y0 = 50;
    fprintf(f, "<?xml version='1.0' encoding='UTF-8'?>\n"
               "<svg xmlns='http://www.w3.org/2000/svg' width='940' height='420' "
               "font-family='sans-serif'>\n<rect width='100%%' height='100%%' fill='white'/>\n");
    fprintf(f, "<text x='60' y='20' font-size='14'>%s: P-state residency (share of C0 time, "
               "all iterations)</text>\n", t->name);
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#888'/>\n", X0, Y0,
            W, H);
    uint32_t nb = hi - lo + 1, np = sc->npol;
    double bw = (double)W / nb;
    for (uint32_t p = 0; p < np; p++) {
        double c0 = 0, r[64] = {0};
        for (uint32_t i = 0; i < t->iters; i++) {
            c0 += t->res[p][i].c0_ns;
            for (int b = 0; b < 64; b++)
                r[b] += t->res[p][i].resid_ns[b];
        }
        for (uint32_t b = lo; b <= hi; b++) {
            double v = c0 > 0 ? r[b] / c0 : 0;
            double x = X0 + (b - lo) * bw + p * bw / (np + 1);
            fprintf(f, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s'/>\n", x,
                    Y0 + H - v * H, bw / (np + 1), v * H, colours[p % 8]);
        }
        fprintf(f, "<text x='%d' y='%d' font-size='11' fill='%s'>%s</text>\n", X0 + 10 + 130 * (int)p,
                Y0 + H + 40, colours[p % 8], sc->pol[p].label);
    }
    for (uint32_t b = lo; b <= hi; b += 2)
        fprintf(f, "<text x='%.1f' y='%d' font-size='9' text-anchor='middle'>%.1f</text>\n",
                X0 + (b - lo + 0.5) * bw, Y0 + H + 14, b / 10.0);
    fprintf(f, "<text x='%d' y='%d' font-size='10'>GHz</text>\n", X0 + W + 4, Y0 + H + 14);
    for (int g = 0; g <= 4; g++)
        fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='end'>%d%%</text>\n", X0 - 4,
                Y0 + H - H * g / 4 + 3, g * 25);
    fprintf(f, "</svg>\n");
    return fclose(f) ? -1 : 0;
}
