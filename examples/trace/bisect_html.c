/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace bisect --html (bisect.h: bs_html): govern's page for a
 * bisect. The provenance, the policies, one plot (each policy's mean
 * requested frequency per release run, a step line, every row of the
 * table a numbered marker on its boundary), the table, the text printed.
 * Writer: examples/common/html.c.
 */
#include <math.h>
#include <string.h>

#include "bisect.h"
#include "govern_int.h"
#include "html.h"
#include "model/kbounds.h"

static void kvs(char *buf, size_t n, uint32_t kv)
{
    snprintf(buf, n, "%u.%u", kv >> 8, kv & 0xffu);
}

/* The row's cause, its first clause: a marker's label must fit a line. */
static void short_cause(const struct gv_opts *o, const struct bs_prow *r, char *buf, size_t n)
{
    char c[1024];
    kb_policy_causes(&o->pol[r->pol], r->to, NULL, c, sizeof(c));
    size_t len = strcspn(c, ";");
    if (len > 100)
        snprintf(buf, n, "%.97s...", c);
    else
        snprintf(buf, n, "%.*s", (int)len, c);
}

static uint32_t slot(const struct bs_page *pg, uint32_t kv)
{
    uint32_t i = 0;
    while (i + 1 < pg->npt && pg->pt[i].kv < kv)
        i++;
    return i;
}

static void plot(FILE *f, const struct gv_opts *o, const struct bs_page *pg)
{
    static char xl[BS_MAX_PT][16], ml[BS_MAX_ROWS][256];
    static double x[BS_MAX_PT], y[GV_MAX_POLICIES][BS_MAX_PT];
    static struct html_mark m[BS_MAX_ROWS];
    const char *xlp[BS_MAX_PT];
    struct html_series s[GV_MAX_POLICIES];
    for (uint32_t i = 0; i < pg->npt; i++) {
        kvs(xl[i], sizeof(xl[i]), pg->pt[i].kv);
        xlp[i] = xl[i];
        x[i] = i;
        for (uint32_t k = 0; k < o->npol; k++)
            y[k][i] = pg->pt[i].has[k] ? pg->pt[i].mhz[k] : NAN;
    }
    for (uint32_t k = 0; k < o->npol; k++)
        s[k] = (struct html_series){.name = o->pol[k].label, .x = x, .y = y[k], .n = pg->npt};
    for (uint32_t j = 0; j < pg->nrow; j++) {
        const struct bs_prow *r = &pg->row[j];
        char a[16], b[16], c[128];
        kvs(a, sizeof(a), r->from);
        kvs(b, sizeof(b), r->to);
        short_cause(o, r, c, sizeof(c));
        snprintf(ml[j], sizeof(ml[j]), "%s -> %s %s: %s", a, b, o->pol[r->pol].label, c);
        m[j] = (struct html_mark){.x = slot(pg, r->to), .label = ml[j], .series = r->pol};
    }
    struct html_steps p = {.title = "Mean requested frequency per release (each policy's "
                                    "decisions; numbered: the table's rows)",
                           .ylabel = "MHz",
                           .xlab = xlp,
                           .nx = pg->npt,
                           .s = s,
                           .ns = o->npol,
                           .m = m,
                           .nm = pg->nrow};
    fputs("<h3>Per release</h3>\n", f);
    html_step_plot(f, &p);
}

static void table(FILE *f, const struct gv_opts *o, const struct bs_page *pg)
{
    fputs("<h3>Boundaries where a policy's decisions or figures change</h3>\n<table>\n"
          "<tr><th>#</th><th class='l'>boundary</th><th class='l'>policy</th><th>decisions</th>"
          "<th>changed</th><th>share</th><th>mean MHz</th><th>p95 MHz</th><th>energy J</th>"
          "<th class='l'>cause</th></tr>\n",
          f);
    for (uint32_t j = 0; j < pg->nrow; j++) {
        const struct bs_prow *r = &pg->row[j];
        char a[16], b[16], c[1024];
        kvs(a, sizeof(a), r->from);
        kvs(b, sizeof(b), r->to);
        kb_policy_causes(&o->pol[r->pol], r->to, NULL, c, sizeof(c));
        fprintf(f, "<tr class='brow' data-to='%s' data-policy='", b);
        html_esc(f, o->pol[r->pol].label);
        fprintf(f, "'><td>%u</td><td class='l nw'>%s -&gt; %s</td><td class='l' style='color:%s'>",
                j + 1, a, b, html_colour(r->pol));
        html_esc(f, o->pol[r->pol].label);
        fprintf(f,
                "</td><td>%zu</td><td>%zu</td><td>%.2f%%</td><td class='nw'>%.0f &gt; %.0f</td>"
                "<td class='nw'>%.0f &gt; %.0f</td><td class='nw'>%.3f &gt; %.3f</td>"
                "<td class='l'>",
                r->n, r->changed, r->n ? 100.0 * (double)r->changed / (double)r->n : 0, r->mhz_from,
                r->mhz_to, r->p95_from, r->p95_to, r->energy_from, r->energy_to);
        html_esc(f, c);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

void bs_html(FILE *f, const struct pgt_trace *t, const struct gv_opts *o, uint32_t lo, uint32_t hi,
             const struct bs_page *pg, const char *txt, size_t n)
{
    const char *base = strrchr(t->path, '/');
    char title[300], a[16], b[16];
    snprintf(title, sizeof(title), "pgov-trace bisect: %s", base ? base + 1 : t->path);
    kvs(a, sizeof(a), lo);
    kvs(b, sizeof(b), hi);
    html_begin(f, title);
    fputs("<h1>", f);
    html_esc(f, title);
    fputs("</h1>\n", f);
    gv_html_provenance(f, o, t->path);
    fprintf(f, ", %zu events\n# releases %s .. %s: %u run, %u rows with a change; HZ=%u</pre>\n",
            t->n, a, b, pg->npt, pg->nrow, o->hz);
    fputs("<table>\n", f);
    for (uint32_t k = 0; k < o->npol; k++)
        html_key_row(f, html_colour(k), o->pol[k].label, o->pol[k].text);
    fputs("</table>\n", f);
    plot(f, o, pg);
    table(f, o, pg);
    fputs("<details><summary>The text report (as printed: the boundaries without a change "
          "too)</summary>\n",
          f);
    html_pre(f, txt, n);
    fputs("</details>\n", f);
    html_end(f);
}
