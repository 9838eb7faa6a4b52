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
    double inv = 0;
    bool pos = n > 0;
    for (uint32_t i = 0; i < n; i++) {
        pos &= x[i] > 0;
        inv += x[i] > 0 ? 1.0 / x[i] : 0;
    }
    s->hmean = pos ? n / inv : NAN;
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

void report_metric_stats(const struct sim_table *t, uint32_t p, int m, struct stats *s)
{
    double x[1000];
    uint32_t n = t->iters < 1000 ? t->iters : 1000;
    for (uint32_t i = 0; i < n; i++)
        x[i] = t->res[p][i].m[m];
    stats_of(x, n, s);
}

bool report_metric_shown(const struct sim_table *t, int m)
{
    if (m == M_THROUGHPUT)
        return t->sc->throughput_unit[0] != 0;
    return true;
}

/* A counter that stayed 0 under every policy and iteration does not apply
 * to this scenario (pcc_calls without pcc-cpufreq, say): the text table
 * leaves its rows out (the TSVs keep every column, for machines). */
bool report_metric_applies(const struct sim_table *t, int m)
{
    for (uint32_t p = 0; p < t->sc->npol; p++)
        for (uint32_t i = 0; i < t->iters; i++)
            if (t->res[p][i].m[m] != 0)
                return true;
    return false;
}

/* The "(change)" cell of the text table, always 9 characters: a percent,
 * a ratio where the percent would not fit, or "from 0". */
static void cell_change(FILE *f, double v, double base)
{
    double r = base != 0 ? v / base : 0;
    if (base == 0)
        fprintf(f, v == 0 ? "(   0.0%%)" : "( from 0)");
    else if (fabs(r - 1) < 100)
        fprintf(f, "(%6.1f%%)", (v - base) / fabs(base) * 100.0);
    else if (fabs(r) < 99999.5)
        fprintf(f, "(x%6.5g)", r);
    else
        fprintf(f, "(   huge)");
}

void report_text(FILE *f, const struct sim_table *t)
{
    const struct sim_scenario *sc = t->sc;
    uint32_t np = sc->npol;

    fprintf(f, "\n== %s: %s\n", t->name, sc->title);
    fprintf(f, "   platform %s, %u CPUs, HZ=%u, %u iteration%s", sc->plat->name, sc->ncpu, sc->hz,
            t->iters, t->iters == 1 ? "" : "s");
    if (sc->settings[0])
        fprintf(f, ", set: %s", sc->settings);
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
    static const char *const rows[5] = {"Min", "Amean", "Hmean", "Stddev", "Max"};
    for (int m = 0; m < M_COUNT; m++) {
        if (!report_metric_shown(t, m) || !report_metric_applies(t, m))
            continue;
        struct stats base;
        report_metric_stats(t, 0, m, &base);
        for (int r = 0; r < 5; r++) {
            if (r == 2 && m != M_THROUGHPUT) /* mmtests: Hmean for rates */
                continue;
            fprintf(f, "%-7s %-14s", rows[r], sim_metric_names[m]);
            for (uint32_t p = 0; p < np; p++) {
                struct stats s;
                report_metric_stats(t, p, m, &s);
                double v = r == 0 ? s.min : r == 1 ? s.mean : r == 2 ? s.hmean : r == 3 ? s.sd : s.max;
                double bv = r == 0   ? base.min
                            : r == 1 ? base.mean
                            : r == 2 ? base.hmean
                            : r == 3 ? base.sd
                                     : base.max;
                char mark = ' ';
                if (r == 1 && p > 0 && welch_significant(&base, &s))
                    mark = '*';
                int dec = fabs(v) < 100 ? 3 : 2;
                if (r == 3)
                    fprintf(f, " %12.*f %9s", dec, v, "");
                else if (isnan(v))
                    fprintf(f, " %12s %9s ", "NA", "");
                else {
                    fprintf(f, " %12.*f ", dec, v);
                    cell_change(f, v, bv);
                    fputc(mark, f);
                }
            }
            fprintf(f, "\n");
        }
    }
    if (sc->throughput_unit[0])
        fprintf(f, "   throughput unit: %s\n", sc->throughput_unit);

    /* A replayed trace: how the timing moved against the recording. */
    if (t->wl && t->wl->from_trace) {
        const struct sim_workload *wl = t->wl;
        double span = (double)wl->trace_span_ns / 1e9, run = (double)wl->trace_run_ns / 1e9;
        fprintf(f, "\n   trace replay: %s, %u tasks, recorded on %u CPU%s: span %.6f s, CPU "
                "time %.6f s\n", wl->trace_source, wl->trace_tasks, wl->trace_cpus,
                wl->trace_cpus == 1 ? "" : "s", span, run);
        fprintf(f, "   %-14s %12s %9s %12s %9s\n", "policy", "elapsed_s", "vs span", "cpu_s",
                "vs CPU");
        for (uint32_t p = 0; p < np; p++) {
            struct stats e, c;
            report_metric_stats(t, p, M_ELAPSED, &e);
            report_metric_stats(t, p, M_CPU, &c);
            fprintf(f, "   %-14s %12.6f %+8.2f%% %12.6f %+8.2f%%\n", sc->pol[p].label, e.mean,
                    span > 0 ? (e.mean - span) / span * 100 : 0, c.mean,
                    run > 0 ? (c.mean - run) / run * 100 : 0);
        }
    }

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

void report_tsv_header(FILE *f)
{
    fprintf(f, "scenario\tpolicy\tmetric\titerations\tmean\tstddev\tmin\tmax\thmean\n");
}

/* %.10g: every digit a run can distinguish, for machines */
static void tsv_num(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, "\tNA");
    else
        fprintf(f, "\t%.10g", v);
}

void report_tsv(FILE *f, const struct sim_table *t)
{
    for (uint32_t p = 0; p < t->sc->npol; p++)
        for (int m = 0; m < M_COUNT; m++) {
            if (!report_metric_shown(t, m))
                continue;
            struct stats s;
            report_metric_stats(t, p, m, &s);
            fprintf(f, "%s\t%s\t%s\t%u", t->name, t->sc->pol[p].label, sim_metric_names[m], s.n);
            tsv_num(f, s.mean);
            tsv_num(f, s.sd);
            tsv_num(f, s.min);
            tsv_num(f, s.max);
            tsv_num(f, s.hmean);
            fprintf(f, "\n");
        }
}

void report_iterations_header(FILE *f)
{
    fprintf(f, "scenario\tpolicy\titeration\tseed");
    for (int m = 0; m < M_COUNT; m++)
        fprintf(f, "\t%s", sim_metric_names[m]);
    fprintf(f, "\n");
}

void report_iterations(FILE *f, const struct sim_table *t, const uint64_t *seeds)
{
    for (uint32_t p = 0; p < t->sc->npol; p++)
        for (uint32_t i = 0; i < t->iters; i++) {
            fprintf(f, "%s\t%s\t%u\t%llu", t->name, t->sc->pol[p].label, i + 1,
                    (unsigned long long)seeds[i]);
            for (int m = 0; m < M_COUNT; m++) {
                if (report_metric_shown(t, m))
                    tsv_num(f, t->res[p][i].m[m]);
                else
                    fprintf(f, "\tNA");
            }
            fprintf(f, "\n");
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
bool report_expect_eval(const struct sim_table *t, const struct sim_expect *e, double *am,
                        double *bm, double *pct)
{
    const struct sim_scenario *sc = t->sc;
    int m = metric_index(e->metric);
    struct stats a, b;
    report_metric_stats(t, (uint32_t)pol_index(sc, e->a), m, &a);
    report_metric_stats(t, (uint32_t)pol_index(sc, e->b), m, &b);
    *am = a.mean;
    *bm = b.mean;
    *pct = a.mean != 0 ? (b.mean - a.mean) / fabs(a.mean) * 100 : 0;
    bool ok = e->cmp == CMP_LT ? a.mean < b.mean : e->cmp == CMP_GT ? a.mean > b.mean
                                                : fabs(*pct) <= e->min_pct;
    if (ok && e->min_pct > 0 && e->cmp != CMP_EQ)
        ok = fabs(*pct) >= e->min_pct;
    return ok;
}

/* b against a as a signed percent in FMT, or "from 0" where a is zero and
 * b is not (no percentage exists). */
void report_change(FILE *f, double a, double b, const char *fmt)
{
    if (a == 0 && b != 0)
        fprintf(f, "from 0");
    else
        fprintf(f, fmt, a != 0 ? (b - a) / fabs(a) * 100 : 0.0);
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
        bool ok = report_expect_eval(t, e, &a, &b, &pct);
        fprintf(f, "   check: %s %s %s %s", e->metric, e->a, cmp_sym(e->cmp), e->b);
        if (e->min_pct > 0)
            fprintf(f, e->cmp == CMP_EQ ? " within %.1f%%" : " by >= %.1f%%", e->min_pct);
        /* 6 significant digits: "0.464 vs 0.435" must not read "0.46 vs 0.44".
         * A `~` check expects no effect: it confirms an absence, it does
         * not reproduce anything, and says so. */
        const char *said = e->cmp == CMP_EQ ? (ok ? "no change, as this check expects"
                                                  : "CHANGED, where this check expects none")
                                            : (ok ? "holds" : "DOES NOT HOLD");
        fprintf(f, ": %.6g vs %.6g (", a, b);
        report_change(f, a, b, "%+.2f%%");
        fprintf(f, ") -> %s%s%s\n", said, e->why[0] ? "; " : "", e->why);
        bad += !ok;
    }
    return bad;
}

const char *report_verdict_class(double seed_pct, double model_pct)
{
    double x = fabs(seed_pct), y = fabs(model_pct);
    if (y < 1 || y < x / 4)
        return "not reproduced";
    if ((seed_pct < 0) != (model_pct < 0))
        return "opposite";
    return y >= x / 2 && y <= 2 * x ? "reproduced" : "direction only";
}

bool report_verdict_of(const struct sim_table *t, uint32_t i, struct report_verdict *v)
{
    const struct sim_scenario *sc = t->sc;
    /* verdicts weigh the shipped scenarios only */
    if (sc->settings[0] || i >= sc->nexpect || !sc->expect[i].nseed_pct)
        return false;
    const struct sim_expect *e = &sc->expect[i];
    double pct;
    report_expect_eval(t, e, &v->a_mean, &v->b_mean, &pct);
    v->e = e;
    v->seed_pct = e->seed_pct[e->nseed_pct == 1 ? 0 : t->param_idx];
    v->cls = v->a_mean == 0 ? "not comparable"
             : report_verdict_class(v->seed_pct, (v->b_mean - v->a_mean) / fabs(v->a_mean) * 100);
    /* A change the iterations cannot tell from their own spread is not an
     * effect, whatever its size (uclamp_udp: trajectories that diverge
     * from a 0.1 % cost scatter by 2-11 % per iteration). One iteration has
     * no spread to judge by, so it keeps the size rule alone. */
    int m = metric_index(e->metric);
    struct stats a, b;
    report_metric_stats(t, (uint32_t)pol_index(sc, e->a), m, &a);
    report_metric_stats(t, (uint32_t)pol_index(sc, e->b), m, &b);
    v->noise = t->iters >= 2 && v->a_mean != 0 && !welch_significant(&a, &b);
    if (v->noise)
        v->cls = "not reproduced";
    return true;
}

uint32_t report_verdicts(FILE *f, const struct sim_table *const *t, uint32_t n)
{
    uint32_t lines = 0;
    for (uint32_t k = 0; k < n; k++) {
        struct report_verdict v;
        for (uint32_t i = 0; i < t[k]->sc->nexpect; i++) {
            if (!report_verdict_of(t[k], i, &v))
                continue;
            if (!lines++)
                fprintf(f, "\n== verdicts: each seed thread's effect (b against a) against the "
                           "model's\n   reproduced: same direction, within 2x; direction only: "
                           "same direction, outside 2x;\n   not reproduced: under 1/4 of the "
                           "seed's, under 1%% or within the iterations' noise (Welch, 95%%);\n"
                           "   opposite: the other direction\n");
            fprintf(f, "verdict: %s %s %s->%s: seed %+.4g%%, model ", t[k]->name, v.e->metric,
                    v.e->a, v.e->b, v.seed_pct);
            report_change(f, v.a_mean, v.b_mean, "%+.1f%%");
            fprintf(f, "%s: %s\n", v.noise ? " (within the iterations' noise)" : "", v.cls);
        }
    }
    return lines;
}

/* A sweep row's label: its settings and, for a param scenario whose param
 * is not one of them, the param's value (from the table name). */
static void sweep_point(const struct sim_table *tb, char *point, size_t n)
{
    const struct sim_scenario *sc = tb->sc;
    snprintf(point, n, "%s", sc->settings[0] ? sc->settings : "(as shipped)");
    if (sc->nparam) {
        char key[SIM_NAME_LEN + 2];
        snprintf(key, sizeof(key), "%s=", sc->param_name);
        bool set = strncmp(sc->settings, key, strlen(key)) == 0;
        for (const char *c = strchr(sc->settings, ' '); c && !set; c = strchr(c + 1, ' '))
            set = strncmp(c + 1, key, strlen(key)) == 0;
        if (!set) {
            const char *dash = tb->name + strlen(sc->name);
            size_t len = strlen(point);
            snprintf(point + len, n - len, " %s=%.*s", sc->param_name,
                     (int)strcspn(dash + 1, "@"), dash + 1);
        }
    }
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
    char label[SIM_SETTINGS_LEN + 32];
    int width = 5; /* the widest label, so the columns line up */
    for (uint32_t r = 0; r < n; r++) {
        sweep_point(t[r], label, sizeof(label));
        int w = (int)strlen(label);
        width = w > width ? w : width;
    }
    fprintf(f, "%-*s", width, "point");
    for (uint32_t p = 0; p < sc0->npol; p++)
        fprintf(f, " %14s", sc0->pol[p].label);
    for (uint32_t i = 0; i < sc0->nexpect; i++)
        fprintf(f, "   e%u change  holds", i + 1);
    fprintf(f, "\n");
    for (uint32_t r = 0; r < n; r++) {
        const struct sim_table *tb = t[r];
        const struct sim_scenario *sc = tb->sc;
        sweep_point(tb, label, sizeof(label));
        fprintf(f, "%-*s", width, label);
        for (uint32_t p = 0; p < sc->npol; p++) {
            struct stats s;
            report_metric_stats(tb, p, m, &s);
            fprintf(f, " %14.*f", fabs(s.mean) < 100 ? 4 : 2, s.mean);
        }
        bool all = true;
        for (uint32_t i = 0; i < sc->nexpect; i++) {
            double a, b, pct;
            bool ok = report_expect_eval(tb, &sc->expect[i], &a, &b, &pct);
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

#define SVG_MAX_CPUS 16 /* lines per panel; more would be unreadable */
static const char *const colours[SVG_MAX_CPUS] = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    "#7f7f7f", "#bcbd22", "#393b79", "#ad494a", "#637939", "#8c6d31", "#7b4173", "#3182bd"};

static void svg_panel(FILE *f, const struct sim_series *s, uint32_t ncpu, int y0, bool freq,
                      double fmax_mhz, double from_s, double span_s)
{
    const int X0 = 60, W = 820, H = 200;
    uint32_t shown = ncpu < SVG_MAX_CPUS ? ncpu : SVG_MAX_CPUS;
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#888'/>\n", X0, y0,
            W, H);
    fprintf(f, "<text x='%d' y='%d' font-size='12'>%s, per CPU", X0, y0 - 6,
            freq ? "frequency while in C0 (MHz)" : "utilization (C0 share)");
    if (shown < ncpu)
        fprintf(f, " (cpu0-%u of %u shown)", shown - 1, ncpu);
    fprintf(f, "</text>\n");
    /* y axis: 500 MHz grid up to the turbo ratio rounded up; 25 % steps */
    double top = freq ? ceil(fmax_mhz / 500.0) * 500.0 : 100.0;
    int ng = freq ? (int)(top / 500.0) : 4;
    for (int g = 0; g <= ng; g++) {
        double v = top * g / ng;
        int y = y0 + H - H * g / ng;
        fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='end'>%.0f%s</text>\n", X0 - 4,
                y + 3, v, freq ? "" : "%");
        fprintf(f, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#eee'/>\n", X0, y, X0 + W, y);
    }
    /* time axis: 5 ticks, with enough decimals for a short window */
    double step = span_s / 4; /* decimals enough for the step: 7.5 s, not "8 s" */
    int dec = step >= 10 ? 0 : step >= 1 ? 1 : step >= 0.1 ? 2 : step >= 0.01 ? 3 : 4;
    for (int g = 0; g <= 4; g++)
        fprintf(f, "<text x='%d' y='%d' font-size='10' text-anchor='%s'>%.*f s</text>\n",
                X0 + W * g / 4, y0 + H + 12, g == 0 ? "start" : g == 4 ? "end" : "middle", dec,
                from_s + span_s * g / 4);
    for (uint32_t c = 0; c < shown; c++) {
        /* Frequency exists only in C0: a bucket without C0 breaks the line. */
        fprintf(f, "<path fill='none' stroke='%s' stroke-width='1' d='", colours[c]);
        bool pen = false;
        for (uint32_t b = 0; b < s->n; b++) {
            double v;
            if (freq) {
                if (s->c0_ns[c][b] <= 0) {
                    pen = false;
                    continue;
                }
                v = s->cycles[c][b] / s->c0_ns[c][b] * 1000.0 / top;
            } else {
                v = s->c0_ns[c][b] / (double)s->width_ns;
            }
            if (v > 1)
                v = 1;
            /* a run's first point gets a 1 px stroke: a lone bucket stays visible */
            fprintf(f, pen ? "L%.1f,%.1f " : "M%.1f,%.1f h1 ", X0 + (b + 0.5) * W / (double)s->n,
                    y0 + H - v * H);
            pen = true;
        }
        fprintf(f, "'/>\n");
    }
    /* legend right of the panel: 12 px per CPU fits 16 in its 200 px */
    for (uint32_t c = 0; c < shown; c++)
        fprintf(f, "<text x='%d' y='%d' font-size='10' fill='%s'>cpu%u</text>\n",
                X0 + W + 6, y0 + 10 + 12 * (int)c, colours[c], c);
}

int report_svg_policy(const char *path, const struct sim_table *t, uint32_t pol, uint32_t iter,
                      uint64_t from_ns, uint64_t to_ns)
{
    const struct sim_series *s = t->res[pol][iter].series;
    if (!s)
        return -1;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const struct sim_platform *pl = t->sc->plat;
    double fmax = (double)pl->turbo_ratio * pl->scaling_khz / 1000.0;
    double span = to_ns ? (double)(to_ns - from_ns) / 1e9 : (double)s->n * (double)s->width_ns / 1e9;
    double bucket_ms = (double)s->width_ns / 1e6;
    fprintf(f, "<?xml version='1.0' encoding='UTF-8'?>\n"
               "<svg xmlns='http://www.w3.org/2000/svg' width='940' height='580' "
               "font-family='sans-serif'>\n<rect width='100%%' height='100%%' fill='white'/>\n");
    fprintf(f, "<text x='60' y='18' font-size='14'>%s: policy %s, iteration %u of %u</text>\n",
            t->name, t->sc->pol[pol].label, iter + 1, t->iters);
    fprintf(f, "<text x='60' y='34' font-size='11'>%s; bucket %.*f ms", t->sc->pol[pol].text,
            bucket_ms < 1 ? 3 : 0, bucket_ms);
    if (from_ns || to_ns)
        fprintf(f, "; window %.3f-%.3f s", (double)from_ns / 1e9, from_ns / 1e9 + span);
    fprintf(f, "</text>\n");
    svg_panel(f, s, t->sc->ncpu, 60, true, fmax, (double)from_ns / 1e9, span);
    svg_panel(f, s, t->sc->ncpu, 330, false, fmax, (double)from_ns / 1e9, span);
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
               "<svg xmlns='http://www.w3.org/2000/svg' width='940' height='430' "
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
        /* legend: 4 per row, 205 px apart, so 8 policies fit the 940 px canvas */
        fprintf(f, "<rect x='%d' y='%d' width='10' height='10' fill='%s'/>", X0 + 205 * (int)(p % 4),
                Y0 + H + 31 + 16 * (int)(p / 4), colours[p % 8]);
        fprintf(f, "<text x='%d' y='%d' font-size='11' fill='%s'>%s</text>\n",
                X0 + 14 + 205 * (int)(p % 4), Y0 + H + 40 + 16 * (int)(p / 4), colours[p % 8],
                sc->pol[p].label);
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
