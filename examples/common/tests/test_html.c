/* SPDX-License-Identifier: BSD-2-Clause */
/* The page writer (html.h) on small inputs: escaping, the points a plot
 * says it drew, where NAN breaks a line, the bars it leaves out, the y
 * axis it picks, and the chooser. The rendered page is ctest sim_html. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "html.h"

static char *buf;
static size_t len;

static FILE *open_buf(void)
{
    free(buf);
    buf = NULL;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    return f;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

static void test_escape(void **state)
{
    (void)state;
    FILE *f = open_buf();
    html_esc(f, "a<b>&'\"c");
    html_pre(f, "x<\0y", 4); /* a NUL in captured text is dropped, not a terminator */
    fclose(f);
    assert_string_equal(buf, "a&lt;b&gt;&amp;&#39;&quot;c<pre>x&lt;y</pre>\n");
}

static void test_line_plot(void **state)
{
    (void)state;
    const double x[5] = {0, 1, 2, 3, 4}, a[5] = {1, 2, NAN, 3, 4}, b[5] = {NAN, NAN, NAN, NAN, 5};
    struct html_series s[2] = {{.name = "a<1>", .x = x, .y = a, .n = 5},
                               {.name = "b", .x = x, .y = b, .n = 5, .bold = true,
                                .colour = "#000000"}};
    struct html_plot p = {.title = "T", .ylabel = "MHz", .x0 = 0, .x1 = 4, .y1 = 0, .s = s,
                          .ns = 2};
    FILE *f = open_buf();
    html_line_plot(f, &p);
    fclose(f);
    /* 4 + 1 points drawn; a's NAN breaks its line in two (two moves) */
    assert_non_null(strstr(buf, "<svg class='plot' data-points='5' "));
    const char *pa = strstr(buf, "<path");
    assert_non_null(pa);
    const char *pb = strstr(pa + 1, "<path");
    assert_non_null(pb);
    char first[512];
    snprintf(first, sizeof(first), "%.*s", (int)(pb - pa), pa);
    assert_int_equal(count(first, "M"), 2);
    assert_non_null(strstr(pb, "stroke='#000000' stroke-width='2.5'"));
    /* y1 = 0: the axis goes to the largest value, 5, on a tick of 1 */
    assert_non_null(strstr(buf, ">5</text>"));
    assert_null(strstr(buf, ">6</text>"));
    assert_non_null(strstr(buf, "a&lt;1&gt;")); /* the legend escapes names */
    assert_null(strstr(buf, "nan"));
}

static void test_bars(void **state)
{
    (void)state;
    static const char *const cat[3] = {"1.0", "2.0", "3.0"}, *const name[2] = {"p", "q"};
    /* category 2.0 is under min_share for both series: left out */
    const double v[6] = {0.5, 0.001, 0.25, 0.2, 0.0005, 0.3};
    struct html_bars b = {.title = "R", .cat = cat, .name = name, .v = v, .ncat = 3, .ns = 2,
                          .min_share = 0.002};
    FILE *f = open_buf();
    html_bar_plot(f, &b);
    fclose(f);
    assert_non_null(strstr(buf, "data-points='4'"));
    assert_non_null(strstr(buf, "<title>p 1.0: 50.0%</title>"));
    assert_non_null(strstr(buf, "<title>q 3.0: 30.0%</title>"));
    assert_null(strstr(buf, ">2.0<"));
    assert_null(strstr(buf, " 2.0:"));
    assert_non_null(strstr(buf, ">50</text>")); /* y to the next 10 % above 50 % */
    assert_null(strstr(buf, ">60</text>"));
}

/* The per-release step plot (bisect): each value across its release's
 * slot, a vertical at the change, a dot per value, the y axis around the
 * values (not from 0), the marker on the slot's left edge. */
static void test_step_plot(void **state)
{
    (void)state;
    const double x[3] = {0, 1, 2}, a[3] = {3000, 3000, 3100}, b[3] = {NAN, 2000, 2000};
    const char *xl[3] = {"1.0", "1.1", "1.2"};
    struct html_series s[2] = {{.name = "a", .x = x, .y = a, .n = 3},
                               {.name = "b", .x = x, .y = b, .n = 3}};
    struct html_mark m = {.x = 2, .label = "1.1 -> 1.2 a: c<x>", .series = 0};
    struct html_steps p = {.title = "T", .ylabel = "MHz", .xlab = xl, .nx = 3, .s = s, .ns = 2,
                           .m = &m, .nm = 1};
    FILE *f = open_buf();
    html_step_plot(f, &p);
    fclose(f);
    assert_non_null(strstr(buf, "data-points='5'"));
    assert_int_equal(count(buf, "<circle "), 5);
    /* slots 1000/3 px wide from x 58; a changes at the third: 2000 .. 3100
     * padded by 10 % gives ticks of 500 from 1500 to 3500 */
    assert_non_null(strstr(buf, "d='M58.0,"));
    assert_non_null(strstr(buf, "d='M391.3,"));
    assert_non_null(strstr(buf, "H724.7 V"));
    assert_non_null(strstr(buf, "'end'>1500</text>"));
    assert_non_null(strstr(buf, "'end'>3500</text>"));
    assert_null(strstr(buf, "'end'>1000</text>"));
    assert_non_null(strstr(buf, "<line class='mark' x1='724.7'"));
    assert_int_equal(count(buf, "class='mark'"), 1);
    assert_non_null(strstr(buf, "fill='#1f77b4'>1: 1.1 -&gt; 1.2 a: c&lt;x&gt;</text>"));
    for (int i = 0; i < 3; i++) { /* every release labelled: 333 px apart */
        char want[32];
        snprintf(want, sizeof(want), "'middle'>%s</text>", xl[i]);
        assert_non_null(strstr(buf, want));
    }
}

static void test_chooser(void **state)
{
    (void)state;
    FILE *f = open_buf();
    html_cpu_select(f, "t1", 3);
    html_cpu_div_begin(f, "t1", 0, true);
    html_cpu_div_end(f);
    html_cpu_div_begin(f, "t1", 2, false);
    html_cpu_div_end(f);
    html_end(f);
    fclose(f);
    assert_int_equal(count(buf, "<option value="), 3);
    assert_non_null(strstr(buf, "<select id='sel-t1' onchange=\"pgovCpu('t1', this.value)\">"));
    assert_non_null(strstr(buf, "<div data-g='t1' data-cpu='0'>"));
    assert_non_null(strstr(buf, "<div data-g='t1' data-cpu='2' style='display:none'>"));
    assert_non_null(strstr(buf, "function pgovCpu(g, v)"));
    assert_non_null(strstr(buf, "</html>\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_line_plot),
        cmocka_unit_test(test_bars),
        cmocka_unit_test(test_step_plot),
        cmocka_unit_test(test_chooser),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(buf);
    return rc;
}
