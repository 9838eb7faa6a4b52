/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The replay engine itself, with a toy adapter (sum = a + b): adapter choice
 * by header, recomputation, mismatch detection, blank outputs caught, state
 * reset per group, and malformed input rejected with a line number.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "replay.h"

struct toy_state {
    uint64_t rows_in_group;
};

static int toy_row(void *state, struct replay_row *r)
{
    struct toy_state *st = state;
    uint64_t a, b;
    if (replay_u64(r, "a", &a) || replay_u64(r, "b", &b))
        return -1;
    if (a == 999)
        return 0; /* "forgets" its output: must count as a mismatch */
    replay_set_u64(r, "sum", a + b);
    replay_set_u64(r, "nth", ++st->rows_in_group);
    return 0;
}

static const char *const toy_cols[] = {"grp", "a", "b", "sum", "nth", NULL};
static const char *const toy_outs[] = {"sum", "nth", NULL};
static const char *const toy_group[] = {"grp", NULL};
static const struct replay_adapter toy = {"toy", toy_cols, toy_outs, toy_group,
                                          sizeof(struct toy_state), toy_row};
static const struct replay_adapter *const table[] = {&toy, NULL};

static const char *write_tmp(const char *text)
{
    static char path[64];
    static int n;
    snprintf(path, sizeof(path), "replay_toy_%d.tsv", n++);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static int run(const char *text, enum replay_mode mode, struct replay_result *res, char *outbuf,
               size_t outlen)
{
    const char *p = write_tmp(text);
    FILE *o = tmpfile();
    assert_non_null(o);
    int rc = replay_file(p, table, mode, o, o, res);
    rewind(o);
    size_t n = fread(outbuf, 1, outlen - 1, o);
    outbuf[n] = 0;
    fclose(o);
    remove(p);
    return rc;
}

static void test_check_ok(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    int rc = run("# toy\ngrp\ta\tb\tsum\tnth\nx\t1\t2\t3\t1\nx\t5\t5\t10\t2\ny\t0\t0\t0\t1\n",
                 REPLAY_CHECK, &res, out, sizeof(out));
    assert_int_equal(rc, 0);
    assert_int_equal(res.rows, 3);
    assert_int_equal(res.checks, 6);
    assert_int_equal(res.mismatches, 0);
    assert_string_equal(res.adapter, "toy");
}

static void test_check_mismatch(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    int rc = run("grp\ta\tb\tsum\tnth\nx\t1\t2\t4\t1\nx\t999\t0\t999\t2\n", REPLAY_CHECK, &res,
                 out, sizeof(out));
    assert_int_equal(rc, 0);
    assert_int_equal(res.mismatches, 3); /* wrong sum, then both outputs blank */
    assert_non_null(strstr(out, ":2: column 'sum': expected '4', computed '3'"));
}

static void test_print_ignores_outputs(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    int rc = run("# c\ngrp\ta\tb\tsum\tnth\nx\t7\t8\t-\t\n", REPLAY_PRINT, &res, out,
                 sizeof(out));
    assert_int_equal(rc, 0);
    assert_string_equal(out, "# c\ngrp\ta\tb\tsum\tnth\nx\t7\t8\t15\t1\n");
}

static void test_malformed(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    assert_int_equal(run("grp\ta\tb\tsum\tnth\nx\t1\t2\t3\n", REPLAY_CHECK, &res, out,
                         sizeof(out)),
                     -1);
    assert_non_null(strstr(out, ":2: 4 fields, the header has 5"));
    assert_int_equal(run("grp\ta\tb\tsum\tnth\nx\tone\t2\t3\t1\n", REPLAY_CHECK, &res, out,
                         sizeof(out)),
                     -1);
    assert_non_null(strstr(out, ":2: column 'a'"));
    assert_int_equal(run("grp\ta\tb\tsum\tnth\nx\t-1\t2\t3\t1\n", REPLAY_CHECK, &res, out,
                         sizeof(out)),
                     -1);
    assert_int_equal(run("grp\ta\tb\tsum\tnth\nx\t99999999999999999999\t2\t3\t1\n",
                         REPLAY_CHECK, &res, out, sizeof(out)),
                     -1);
    assert_int_equal(run("what\tever\n1\t2\n", REPLAY_CHECK, &res, out, sizeof(out)), -1);
    assert_non_null(strstr(out, ":1: unknown column header"));
    assert_int_equal(run("# only comments\n", REPLAY_CHECK, &res, out, sizeof(out)), -1);
    assert_non_null(strstr(out, "no header line"));
    assert_int_equal(run("grp\ta\tb\tsum\tnth\n\n", REPLAY_CHECK, &res, out, sizeof(out)), -1);
    assert_non_null(strstr(out, ":2: empty line"));
    assert_int_equal(replay_file("/nonexistent/x.tsv", table, REPLAY_CHECK, stdout, stdout, &res),
                     -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_ok),
        cmocka_unit_test(test_check_mismatch),
        cmocka_unit_test(test_print_ignores_outputs),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
