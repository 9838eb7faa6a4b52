/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HTML page writer (html.h). Plots are inline SVG drawn here, so the
 * page needs nothing but a browser: no library, no network. Every plot is
 * an <svg class='plot'> with data-points = the points or bars it drew, so
 * a test reading the rendered DOM can tell an empty plot from a drawn one.
 */
#include <math.h>
#include <string.h>

#include "html.h"

static const char *const palette[HTML_MAX_SERIES] = {"#1f77b4", "#d62728", "#2ca02c",
                                                     "#ff7f0e", "#9467bd", "#8c564b",
                                                     "#e377c2", "#17becf", "#000000"};

const char *html_colour(uint32_t i)
{
    return palette[i % HTML_MAX_SERIES];
}

static void esc_char(FILE *f, char c)
{
    const char *e = c == '&'    ? "&amp;"
                    : c == '<'  ? "&lt;"
                    : c == '>'  ? "&gt;"
                    : c == '\'' ? "&#39;"
                    : c == '"'  ? "&quot;"
                                : NULL;
    if (e)
        fputs(e, f);
    else if (c)
        fputc(c, f);
}

void html_esc(FILE *f, const char *s)
{
    for (; *s; s++)
        esc_char(f, *s);
}

void html_pre(FILE *f, const char *buf, size_t n)
{
    fputs("<pre>", f);
    for (size_t i = 0; i < n; i++)
        esc_char(f, buf[i]);
    fputs("</pre>\n", f);
}

void html_begin(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n<title>", f);
    html_esc(f, title);
    fputs("</title>\n<style>\n"
          "body{font-family:sans-serif;font-size:14px;margin:16px 24px;max-width:1360px;color:#222}\n"
          "h1{font-size:20px}h2{font-size:17px;border-top:2px solid #888;padding-top:10px;"
          "margin-top:28px}h3{font-size:15px;margin:14px 0 4px}\n"
          ".row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}\n"
          "table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #ccc;"
          "padding:2px 7px;text-align:right;font-variant-numeric:tabular-nums}\n"
          "th{background:#f2f2f2}td.l,th.l{text-align:left}td.nw{white-space:nowrap}\n"
          ".sig{font-weight:bold}.chg{color:#555}\n"
          ".reproduced{background:#d8f0d8}.direction{background:#fff3c4}"
          ".notrep{background:#f6d6d6}.opposite{background:#e9b8b8}\n"
          "pre{background:#f7f7f7;padding:6px;overflow-x:auto;font-size:12px}\n"
          "svg.plot{background:#fff;border:1px solid #ddd}\n"
          "select{font-size:14px}\n"
          "</style>\n</head>\n<body>\n",
          f);
}

void html_end(FILE *f)
{
    /* The chooser: show the chosen CPU's plot of a group, hide the others. */
    fputs("<script>\nfunction pgovCpu(g, v) {\n"
          "  document.querySelectorAll('div[data-g=\"' + g + '\"]').forEach(function (d) {\n"
          "    d.style.display = d.getAttribute('data-cpu') === v ? '' : 'none';\n  });\n"
          "  document.getElementById('sel-' + g).value = v;\n}\n"
          "</script>\n</body>\n</html>\n",
          f);
}

/* A tick step of 1, 2 or 5 times a power of ten giving at most @n steps. */
static double nice_step(double span, int n)
{
    if (!(span > 0))
        return 1;
    double raw = span / n, p = pow(10, floor(log10(raw)));
    return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
}

/* Decimals enough to tell ticks @step apart. */
static int decimals(double step)
{
    int d = 0;
    while (d < 6 && step * pow(10, d) < 0.999)
        d++;
    return d;
}

enum { PX0 = 58, PW = 580, PH = 200, PT = 26, LEG_W = 145 };

/* The legend below a plot whose bottom edge is @y: names side by side,
 * wrapping before the plot's right edge (about 7 px per character). */
static int legend(FILE *f, const char *const *name, const char *const *colour, uint32_t n, int y,
                  bool draw)
{
    int x = PX0, rows = 1;
    for (uint32_t i = 0; i < n; i++) {
        int w = 16 + 7 * (int)strlen(name[i]) + 14;
        if (x > PX0 && x + w > PX0 + PW) {
            x = PX0;
            rows++;
        }
        int yy = y + 16 * (rows - 1);
        if (draw) {
            const char *c = colour && colour[i] ? colour[i] : html_colour(i);
            fprintf(f, "<rect x='%d' y='%d' width='12' height='4' fill='%s'/>", x, yy - 5, c);
            fprintf(f, "<text x='%d' y='%d' font-size='12' fill='%s'>", x + 16, yy, c);
            html_esc(f, name[i]);
            fputs("</text>\n", f);
        }
        x += w;
    }
    return 16 * rows;
}

static void svg_open(FILE *f, int w, int h, uint64_t points, const char *title)
{
    fprintf(f, "<svg class='plot' data-points='%llu' xmlns='http://www.w3.org/2000/svg' "
               "width='%d' height='%d' font-family='sans-serif'>\n",
            (unsigned long long)points, w, h);
    fputs("<text x='4' y='16' font-size='13' font-weight='bold'>", f);
    html_esc(f, title);
    fputs("</text>\n", f);
}

/* The y grid and labels, y0..y1, across a plot @pw wide. */
static void y_axis(FILE *f, double y0, double y1, const char *unit, int pw)
{
    double st = nice_step(y1 - y0, 5);
    int dec = decimals(st);
    for (double v = y0; v <= y1 + (y1 - y0) * 1e-9; v += st) {
        double y = PT + PH - (v - y0) / (y1 - y0) * PH;
        fprintf(f, "<line x1='%d' y1='%.1f' x2='%d' y2='%.1f' stroke='#e6e6e6'/>", PX0, y,
                PX0 + pw, y);
        fprintf(f, "<text x='%d' y='%.1f' font-size='11' text-anchor='end'>%.*f</text>\n", PX0 - 4,
                y + 4, dec, v);
    }
    fprintf(f, "<text x='%d' y='16' font-size='11' fill='#555' text-anchor='end'>", PX0 + pw);
    html_esc(f, unit);
    fputs("</text>\n", f);
}

static uint64_t count_points(const struct html_plot *p)
{
    uint64_t n = 0;
    for (uint32_t k = 0; k < p->ns; k++)
        for (size_t i = 0; i < p->s[k].n; i++)
            n += !isnan(p->s[k].y[i]);
    return n;
}

/* The top of the y axis for y1 = 0: the largest value, rounded up to a tick. */
static double auto_top(const struct html_plot *p)
{
    double top = 0;
    for (uint32_t k = 0; k < p->ns; k++)
        for (size_t i = 0; i < p->s[k].n; i++)
            top = p->s[k].y[i] > top ? p->s[k].y[i] : top; /* false for NAN */
    if (!(top > 0))
        return 1;
    double st = nice_step(top, 5);
    return ceil(top / st - 1e-9) * st;
}

void html_line_plot(FILE *f, const struct html_plot *p)
{
    uint32_t ns = p->ns < HTML_MAX_SERIES ? p->ns : HTML_MAX_SERIES;
    double span = p->x1 > p->x0 ? p->x1 - p->x0 : 1, y1 = p->y1 > 0 ? p->y1 : auto_top(p);
    const char *names[HTML_MAX_SERIES], *colours[HTML_MAX_SERIES];
    for (uint32_t k = 0; k < ns; k++) {
        names[k] = p->s[k].name;
        colours[k] = p->s[k].colour ? p->s[k].colour : html_colour(k);
    }
    int h = PT + PH + 22 + legend(f, names, colours, ns, 0, false);
    svg_open(f, PX0 + PW + 16, h, count_points(p), p->title);
    y_axis(f, 0, y1, p->ylabel, PW);
    double st = nice_step(span, 6);
    int dec = decimals(st);
    for (double v = ceil(p->x0 / st) * st; v <= p->x1 + st * 1e-9; v += st) {
        double x = PX0 + (v - p->x0) / span * PW;
        fprintf(f, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#e6e6e6'/>", x, PT, x,
                PT + PH);
        fprintf(f, "<text x='%.1f' y='%d' font-size='11' text-anchor='middle'>%.*f s</text>\n", x,
                PT + PH + 14, dec, v);
    }
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#888'/>\n", PX0, PT,
            PW, PH);
    for (uint32_t k = 0; k < ns; k++) {
        const struct html_series *s = &p->s[k];
        fprintf(f, "<path fill='none' stroke='%s' stroke-width='%s' stroke-opacity='0.85' d='",
                colours[k], s->bold ? "2.5" : "1.3");
        int pen = 0; /* 0: up, 1: just moved, 2: drawing */
        for (size_t i = 0; i < s->n; i++) {
            double y = s->y[i];
            if (isnan(y) || s->x[i] < p->x0 || s->x[i] > p->x1) {
                pen = 0;
                continue;
            }
            y = y < 0 ? 0 : y > y1 ? y1 : y;
            /* A run's first point gets a 1 px stroke, so a lone point stays
             * visible; the pairs after an L repeat it. Whole pixels across
             * (points are 2 px or more apart), tenths up. */
            fprintf(f, pen == 0 ? "M%.0f,%.1f h1 " : pen == 1 ? "L%.0f,%.1f " : "%.0f,%.1f ",
                    PX0 + (s->x[i] - p->x0) / span * PW, PT + PH - y / y1 * PH);
            pen = pen < 2 ? pen + 1 : 2;
        }
        fputs("'><title>", f);
        html_esc(f, s->name);
        fputs("</title></path>\n", f);
    }
    legend(f, names, colours, ns, PT + PH + 34, true);
    fputs("</svg>\n", f);
}

void html_bar_plot(FILE *f, const struct html_bars *b)
{
    uint32_t ns = b->ns < HTML_MAX_SERIES ? b->ns : HTML_MAX_SERIES, shown = 0;
    bool show[64] = {false};
    double top = 0;
    for (uint32_t c = 0; c < b->ncat && c < 64; c++) {
        for (uint32_t s = 0; s < ns; s++) {
            double v = b->v[s * b->ncat + c];
            show[c] |= v >= b->min_share && v > 0;
            top = v > top ? v : top;
        }
        shown += show[c];
    }
    double y1 = top > 0 ? ceil(top * 10 - 1e-9) * 10 : 100; /* percent, up to the next 10 % */
    int h = PT + PH + 22 + legend(f, b->name, b->colour, ns, 0, false);
    svg_open(f, PX0 + PW + 16, h, (uint64_t)shown * ns, b->title);
    y_axis(f, 0, y1, "% of the time", PW);
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#888'/>\n", PX0, PT,
            PW, PH);
    double gw = shown ? (double)PW / shown : PW, bw = gw / (ns + 1);
    int every = (int)ceil(32.0 / gw); /* category labels at least 32 px apart */
    uint32_t k = 0;
    for (uint32_t c = 0; c < b->ncat && c < 64; c++) {
        if (!show[c])
            continue;
        double gx = PX0 + k * gw;
        for (uint32_t s = 0; s < ns; s++) {
            double v = 100 * b->v[s * b->ncat + c];
            fprintf(f, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s'><title>",
                    gx + bw * (s + 0.5), PT + PH - v / y1 * PH, bw, v / y1 * PH,
                    b->colour && b->colour[s] ? b->colour[s] : html_colour(s));
            html_esc(f, b->name[s]);
            fputs(" ", f);
            html_esc(f, b->cat[c]);
            fprintf(f, ": %.1f%%</title></rect>\n", v);
        }
        if (k % (uint32_t)every == 0) {
            fprintf(f, "<text x='%.1f' y='%d' font-size='11' text-anchor='middle'>", gx + gw / 2,
                    PT + PH + 14);
            html_esc(f, b->cat[c]);
            fputs("</text>\n", f);
        }
        k++;
    }
    legend(f, b->name, b->colour, ns, PT + PH + 34, true);
    fputs("</svg>\n", f);
}

enum { SW = 1000 }; /* the step plot's width */

/* The y range of a step plot: its values' range widened to whole ticks, so
 * a change of a few percent is not a pixel at the top of a 0-based axis. */
static void step_range(const struct html_steps *p, double *y0, double *y1, uint64_t *npts)
{
    double lo = INFINITY, hi = -INFINITY;
    *npts = 0;
    for (uint32_t k = 0; k < p->ns; k++)
        for (size_t i = 0; i < p->s[k].n; i++)
            if (!isnan(p->s[k].y[i])) {
                lo = fmin(lo, p->s[k].y[i]);
                hi = fmax(hi, p->s[k].y[i]);
                (*npts)++;
            }
    if (!*npts)
        lo = 0, hi = 1;
    double pad = (hi - lo) * 0.1 + (hi > lo ? 0 : fabs(hi) * 0.02 + 1);
    double st = nice_step(hi - lo + 2 * pad, 5);
    *y0 = floor((lo - pad) / st) * st;
    *y1 = ceil((hi + pad) / st) * st;
    if (*y0 < 0 && lo >= 0)
        *y0 = 0;
}

/* One series as a step line: its value across each release's slot, a
 * vertical where it changes (on the slots' edge, where a boundary is), a
 * dot at each value. */
static void step_path(FILE *f, const struct html_series *s, const char *colour, double dx,
                      double y0, double y1)
{
    fprintf(f, "<path fill='none' stroke='%s' stroke-width='%s' d='", colour,
            s->bold ? "2.5" : "2");
    bool pen = false;
    for (size_t i = 0; i < s->n; i++) {
        double y = PT + PH - (s->y[i] - y0) / (y1 - y0) * PH;
        if (isnan(s->y[i])) {
            pen = false;
            continue;
        }
        if (pen)
            fprintf(f, "V%.1f ", y);
        else
            fprintf(f, "M%.1f,%.1f ", PX0 + s->x[i] * dx, y);
        fprintf(f, "H%.1f ", PX0 + (s->x[i] + 1) * dx);
        pen = true;
    }
    fputs("'><title>", f);
    html_esc(f, s->name);
    fputs("</title></path>\n", f);
    for (size_t i = 0; i < s->n; i++)
        if (!isnan(s->y[i]))
            fprintf(f, "<circle cx='%.1f' cy='%.1f' r='2.5' fill='%s'/>", PX0 + (s->x[i] + 0.5) * dx,
                    PT + PH - (s->y[i] - y0) / (y1 - y0) * PH, colour);
    fputc('\n', f);
}

void html_step_plot(FILE *f, const struct html_steps *p)
{
    uint32_t ns = p->ns < HTML_MAX_SERIES ? p->ns : HTML_MAX_SERIES;
    const char *names[HTML_MAX_SERIES], *colours[HTML_MAX_SERIES];
    for (uint32_t k = 0; k < ns; k++) {
        names[k] = p->s[k].name;
        colours[k] = p->s[k].colour ? p->s[k].colour : html_colour(k);
    }
    double y0, y1, dx = (double)SW / (p->nx ? p->nx : 1);
    uint64_t npts;
    step_range(p, &y0, &y1, &npts);
    int leg = legend(f, names, colours, ns, 0, false);
    int h = PT + PH + 40 + leg + 16 * (int)p->nm;
    svg_open(f, PX0 + SW + 16, h, npts, p->title);
    y_axis(f, y0, y1, p->ylabel, SW);
    int every = (int)ceil(28.0 / dx); /* release labels ("6.12": ~25 px) 28 px apart */
    for (uint32_t i = 0; i < p->nx; i++)
        if (i % (uint32_t)every == 0) {
            fprintf(f, "<text x='%.1f' y='%d' font-size='11' text-anchor='middle'>",
                    PX0 + (i + 0.5) * dx, PT + PH + 14);
            html_esc(f, p->xlab[i]);
            fputs("</text>\n", f);
        }
    fprintf(f, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#888'/>\n", PX0, PT,
            SW, PH);
    for (uint32_t j = 0; j < p->nm; j++) { /* on the boundary: between a release and the one before */
        const struct html_mark *m = &p->m[j];
        double x = PX0 + m->x * dx;
        const char *c = html_colour(m->series);
        fprintf(f, "<line class='mark' x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='%s' "
                   "stroke-dasharray='4,3'/>",
                x, PT, x, PT + PH, c);
        fprintf(f, "<text x='%.1f' y='%d' font-size='11' font-weight='bold' fill='%s' "
                   "text-anchor='middle'>%u</text>\n",
                x + 7, PT + 12 + 12 * (int)(j % 3), c, j + 1);
        fprintf(f, "<text class='marklabel' x='%d' y='%d' font-size='12' fill='%s'>%u: ", PX0,
                PT + PH + 40 + leg + 16 * (int)j, c, j + 1);
        html_esc(f, m->label);
        fputs("</text>\n", f);
    }
    for (uint32_t k = 0; k < ns; k++)
        step_path(f, &p->s[k], colours[k], dx, y0, y1);
    legend(f, names, colours, ns, PT + PH + 34, true);
    fputs("</svg>\n", f);
}

void html_cpu_select(FILE *f, const char *id, uint32_t ncpu)
{
    fprintf(f, "<label>CPU <select id='sel-%s' onchange=\"pgovCpu('%s', this.value)\">", id, id);
    for (uint32_t c = 0; c < ncpu; c++)
        fprintf(f, "<option value='%u'>cpu%u</option>", c, c);
    fputs("</select></label>\n", f);
}

void html_cpu_div_begin(FILE *f, const char *id, uint32_t cpu, bool shown)
{
    fprintf(f, "<div data-g='%s' data-cpu='%u'%s>\n", id, cpu, shown ? "" : " style='display:none'");
}

void html_cpu_div_end(FILE *f)
{
    fputs("</div>\n", f);
}

void html_key_row(FILE *f, const char *colour, const char *label, const char *text)
{
    fprintf(f, "<tr><td class='l' style='color:%s;font-weight:bold'>", colour);
    html_esc(f, label);
    fputs("</td><td class='l'>", f);
    html_esc(f, text);
    fputs("</td></tr>\n", f);
}
