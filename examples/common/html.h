/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One self-contained HTML page per run (pgov-sim's index.html, pgov-trace
 * govern --html): inline CSS and SVG, no network, a few lines of vanilla
 * JavaScript to choose which CPU's plot shows. Every number is printed in
 * a fixed format and nothing reads a clock, so equal inputs give equal
 * bytes. Hosted C (stdio, libm).
 */
#ifndef PGOV_HTML_H
#define PGOV_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HTML_MAX_SERIES 9 /* lines per plot: 8 policies and a recording */

/* The colour of series @i: policy i of a scenario keeps it on every plot. */
const char *html_colour(uint32_t i);

/* The page: doctype, title, the style sheet; html_end closes it with the
 * CPU chooser's script. */
void html_begin(FILE *f, const char *title);
void html_end(FILE *f);
/* @s with &, <, >, ' and " escaped. */
void html_esc(FILE *f, const char *s);
/* n bytes of text in a <pre> block, escaped (a captured text report). */
void html_pre(FILE *f, const char *buf, size_t n);

/* A line plot: every series over one time axis (the policies overlaid). */
struct html_series {
    const char *name;
    const double *x, *y; /* n points; a NAN y breaks the line */
    size_t n;
    bool bold;          /* drawn wider (a recording beside the policies) */
    const char *colour; /* NULL: html_colour(its index) */
};
struct html_plot {
    const char *title;  /* above the plot */
    const char *ylabel; /* unit of y, beside the axis */
    double x0, x1;      /* time axis, seconds */
    double y1;          /* y axis from 0 to y1; 0: to the largest value */
    const struct html_series *s;
    uint32_t ns;
};
void html_line_plot(FILE *f, const struct html_plot *p);

/* Grouped bars: per category (a 100 MHz bin, a C-state) one bar per series
 * (policy) side by side; v[s * ncat + c] is a share, 0..1. Categories
 * where every series is under @min_share are left out, so the bars of a
 * wide frequency range stay readable. At most 64 categories are drawn. */
struct html_bars {
    const char *title;
    const char *const *cat;  /* ncat category labels */
    const char *const *name; /* ns series names */
    const char *const *colour; /* ns colours, or NULL: html_colour(index) */
    const double *v;
    uint32_t ncat, ns;
    double min_share;
};
void html_bar_plot(FILE *f, const struct html_bars *b);

/* A value per release: each series a step line over ordinal x positions
 * 0..nx-1 (the releases run, in order; a series' x are those indexes, a
 * NAN y where it does not run), each mark a dashed vertical line at its x,
 * numbered, its label listed under the legend. Wider than the other plots:
 * the release labels need the room. */
struct html_mark {
    double x;
    const char *label;
    uint32_t series; /* whose colour */
};
struct html_steps {
    const char *title, *ylabel;
    const char *const *xlab; /* nx labels */
    uint32_t nx;
    const struct html_series *s;
    uint32_t ns;
    const struct html_mark *m;
    uint32_t nm;
};
void html_step_plot(FILE *f, const struct html_steps *p);

/* The CPU chooser of group @id (a plain identifier): a <select> of
 * cpu0..ncpu-1; html_cpu_div_begin/_end wrap one CPU's plots, shown when
 * that CPU is chosen (@shown: at first, cpu0). The aggregate over all CPUs
 * is drawn outside the group, always shown. */
void html_cpu_select(FILE *f, const char *id, uint32_t ncpu);
void html_cpu_div_begin(FILE *f, const char *id, uint32_t cpu, bool shown);
void html_cpu_div_end(FILE *f);
/* One row of a page's policy key (inside <table>): @label bold in
 * @colour (its plots' colour), then @text; both escaped. */
void html_key_row(FILE *f, const char *colour, const char *label, const char *text);

#endif
