/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The replay engine itself, with a toy adapter (sum = a + b): adapter choice
 * by header, recomputation, mismatch detection, blank outputs caught, state
 * reset per group, and malformed input rejected with a line number. Then the
 * strictness of issue 18: no rows is an error, `step` is parsed and counted
 * in every format, group keys compare as numbers, every input is read or '-',
 * and kernel versions must be real releases.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "replay.h"
#include "vector_files.h"
#include <stdlib.h>

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

static int run_with(const struct replay_adapter *const *tab, const char *text,
                    enum replay_mode mode, struct replay_result *res, char *outbuf, size_t outlen)
{
    const char *p = write_tmp(text);
    FILE *o = tmpfile();
    assert_non_null(o);
    int rc = replay_file(p, tab, mode, o, o, res);
    rewind(o);
    size_t n = fread(outbuf, 1, outlen - 1, o);
    outbuf[n] = 0;
    fclose(o);
    remove(p);
    return rc;
}

static int run(const char *text, enum replay_mode mode, struct replay_result *res, char *outbuf,
               size_t outlen)
{
    return run_with(table, text, mode, res, outbuf, outlen);
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

/* A second toy with a step column, a kernel version and an input that only
 * some rows use: sum = a + minor(ver), opt read only when a == 1. */
static int toy2_row(void *state, struct replay_row *r)
{
    struct toy_state *st = state;
    uint64_t a, o = 0;
    uint32_t k;
    if (replay_kver(r, "ver", "cur", &k) || replay_u64(r, "a", &a))
        return -1;
    if (a == 1 && replay_u64(r, "opt", &o))
        return -1;
    replay_set_u64(r, "sum", a + (k & 0xff) + o);
    replay_set_u64(r, "nth", ++st->rows_in_group);
    return 0;
}

static const char *const toy2_cols[] = {"grp", "step", "ver", "a", "opt", "sum", "nth", NULL};
static const struct replay_adapter toy2 = {"toy2", toy2_cols, toy_outs, toy_group,
                                           sizeof(struct toy_state), toy2_row};
static const struct replay_adapter *const table2[] = {&toy2, NULL};

static int run2(const char *text, struct replay_result *res, char *out, size_t outlen)
{
    return run_with(table2, text, REPLAY_CHECK, res, out, outlen);
}

#define H2 "grp\tstep\tver\ta\topt\tsum\tnth\n"

static void expect_reject(const char *text, const char *want)
{
    struct replay_result res;
    char out[4096];
    int rc = run2(text, &res, out, sizeof(out));
    if (rc != -1 || !strstr(out, want))
        fail_msg("rc %d, output '%s', want '%s'", rc, out, want);
}

static void test_no_rows(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    /* header only: once "0 rows, 0 checks" and exit 0 */
    assert_int_equal(run("grp\ta\tb\tsum\tnth\n", REPLAY_CHECK, &res, out, sizeof(out)), -1);
    assert_non_null(strstr(out, ":1: no data rows"));
    assert_int_equal(run("# c\ngrp\ta\tb\tsum\tnth\n# trailing\n", REPLAY_CHECK, &res, out,
                         sizeof(out)), -1);
    assert_non_null(strstr(out, ":3: no data rows"));
}

static void test_step(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    assert_int_equal(run2(H2 "x\t0\tv5.7\t2\t-\t9\t1\nx\t1\tv5.7\t1\t3\t11\t2\ny\t0\tcur\t0\t-\t0\t1\n",
                          &res, out, sizeof(out)), 0);
    assert_int_equal(res.mismatches, 0);
    expect_reject(H2 "x\tbanana\tv5.7\t2\t-\t9\t1\n", ":2: column 'step': 'banana' is not a decimal");
    expect_reject(H2 "x\t-1\tv5.7\t2\t-\t9\t1\n", ":2: column 'step': '-1' is not a decimal");
    expect_reject(H2 "x\t18446744073709551616\tv5.7\t2\t-\t9\t1\n", ":2: column 'step': '18446744073709551616' is too large");
    expect_reject(H2 "x\t4294967296\tv5.7\t2\t-\t9\t1\n", ":2: column 'step': '4294967296' is out of range");
    expect_reject(H2 "x\t1\tv5.7\t2\t-\t9\t1\n", ":2: column 'step': 1 where 0 belongs");
    expect_reject(H2 "x\t0\tv5.7\t2\t-\t9\t1\nx\t2\tv5.7\t2\t-\t9\t2\n", ":3: column 'step': 2 where 1 belongs");
    expect_reject(H2 "x\t0\tv5.7\t2\t-\t9\t1\nx\t0\tv5.7\t2\t-\t9\t2\n", ":3: column 'step': 0 where 1 belongs");
}

static void test_keys_are_numbers(void **st)
{
    (void)st;
    struct replay_result res;
    char out[4096];
    /* "05" and "5" are one group: nth goes on to 2 and step 1 follows 0 */
    assert_int_equal(run2(H2 "05\t0\tv5.7\t2\t-\t9\t1\n5\t1\tv5.7\t2\t-\t9\t2\n", &res, out,
                          sizeof(out)), 0);
    assert_int_equal(res.mismatches, 0);
    /* while "x" and "X" are two */
    expect_reject(H2 "x\t0\tv5.7\t2\t-\t9\t1\nX\t1\tv5.7\t2\t-\t9\t2\n", ":3: column 'step': 1 where 0 belongs");
}

static void test_unread_input(void **st)
{
    (void)st;
    /* opt is only used when a == 1: elsewhere it must be '-' */
    expect_reject(H2 "x\t0\tv5.7\t2\t7\t9\t1\n", ":2: column 'opt': '7' is not used by toy2");
}

static void test_kver_real_release(void **st)
{
    (void)st;
    expect_reject(H2 "x\t0\tv4.99\t2\t-\t101\t1\n", ":2: column 'ver': '4.99' was never released");
    expect_reject(H2 "x\t0\tv4.255\t2\t-\t9\t1\n", ":2: column 'ver': '4.255' was never released");
    expect_reject(H2 "x\t0\tv4294967300.17\t2\t-\t9\t1\n", ":2: column 'ver': '4294967300.17' is not a kernel release");
    expect_reject(H2 "x\t0\tv+4.14\t2\t-\t9\t1\n", ":2: column 'ver': '+4.14' is not a kernel release");
    expect_reject(H2 "x\t0\t5.7\t2\t-\t9\t1\n", ":2: column 'ver': expected cur or vMAJOR.MINOR, got '5.7'");
}

static void test_numbers_strict(void **st)
{
    (void)st;
    static const char *const bad[] = {"0x10", "+1", "1e3", " 1", "1 ", "", "05.0", "-0"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char text[256];
        snprintf(text, sizeof(text), H2 "x\t0\tv5.7\t%s\t-\t9\t1\n", bad[i]);
        expect_reject(text, ":2: column 'a': ");
    }
}

/* The first data row of every vector file with a step column, its step
 * replaced by a hostile value, is rejected by that format's adapter. */
static void test_step_every_format(void **st)
{
    (void)st;
    static const char *const bad[] = {"banana", "-1", "18446744073709551616", "1", "0x0", "+0"};
    int formats = 0;
    for (const char *const *v = pgov_vector_files; *v; v++) {
        static char path[512], line[16384], hdr[16384], row[16384];
        row[0] = 0;
        snprintf(path, sizeof(path), "%s/%s", PGOV_VECTOR_DIR, *v);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        hdr[0] = 0;
        while (fgets(line, sizeof(line), f)) {
            if (line[0] == '#')
                continue;
            if (!hdr[0])
                strcpy(hdr, line);
            else {
                strcpy(row, line);
                break;
            }
        }
        fclose(f);
        /* which field is step? */
        int col = -1, k = 0;
        for (char *p = hdr, *t; p; p = t ? t + 1 : NULL, k++) {
            t = strchr(p, '\t');
            size_t l = t ? (size_t)(t - p) : strcspn(p, "\n");
            if (l == 4 && strncmp(p, "step", 4) == 0)
                col = k;
        }
        if (col < 0)
            continue;
        formats++;
        for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++) {
            static char text[40000];
            char *p = row;
            for (int i = 0; i < col; i++)
                p = strchr(p, '\t') + 1;
            char *e = strchr(p, '\t');
            snprintf(text, sizeof(text), "%s%.*s%s%s", hdr, (int)(p - row), row, bad[b], e);
            const char *tmp = write_tmp(text);
            FILE *o = tmpfile();
            struct replay_result res;
            char out[4096];
            int rc = replay_file(tmp, replay_adapters, REPLAY_CHECK, o, o, &res);
            rewind(o);
            out[fread(out, 1, sizeof(out) - 1, o)] = 0;
            fclose(o);
            remove(tmp);
            if (rc != -1 || !strstr(out, ":2: column 'step': "))
                fail_msg("%s with step '%s': rc %d, '%s'", *v, bad[b], rc, out);
        }
    }
    /* ondemand, pelt_trace, 3 pstate, sugov, uclamp, util_est, and the project-made
     * pelt_group, sugov_clamp, sugov_kver, uclamp_spare and the six Linux chains
     * (linux-{6.1,6.12,7.3}-ondemand, -conservative) */
    assert_int_equal(formats, 18);
}

/* Linux 7.3.4's schedutil with a task clamped to uclamp max 0 (oracle,
 * issue 26): effective_cpu_util's ceiling 0 is a real ceiling, so the
 * kernel committed 800 MHz from the 51 floor where a replay that took 0 for
 * "no ceiling" held 2.4 GHz; the same row with ceiling 1024 must differ. */
static void test_sugov_ceiling_zero(void **st)
{
    (void)st;
    struct replay_result res;
    char out[8192];
    static const char hdr[] =
        "kver\ttable\tmax_freq_khz\tmin_khz\tmax_khz\tcur_khz\tmax_cap\trate_limit_ns\ttick_ns\tnow_ns\tiowait\tremote\tutil\theld\tcpu_bw_dl\tpre_boost\tpre_pending\tpre_last_update\tpre_last_freq_update\tpre_next_freq\tpre_cached_raw_freq\tneed_update\tpre_bw_dl\tbw_min\tuclamp_max\tcapped\tpath\tboost\tpending\tlast_update\tlast_freq_update\tnext_freq\tcached_raw_freq\tbw_dl\n";
    static const char kernel[] = "v7.3\t800000,1200000,1600000,2000000,2400000\t2400000\t800000\t2400000\t2400000\t1024\t10000000\t4000000\t246319121833\t0\t0\t1024\t1\t51\t0\t0\t246306935471\t246306935471\t2400000\t3000000\t0\t51\t51\t0\t1\t3\t0\t0\t246319121833\t246319121833\t800000\t149414\t51\n";
    static const char unclamped[] = "v7.3\t800000,1200000,1600000,2000000,2400000\t2400000\t800000\t2400000\t2400000\t1024\t10000000\t4000000\t246319121833\t0\t0\t1024\t1\t51\t0\t0\t246306935471\t246306935471\t2400000\t3000000\t0\t51\t51\t1024\t1\t3\t0\t0\t246319121833\t246319121833\t800000\t149414\t51\n";
    char text[4096];

    snprintf(text, sizeof(text), "%s%s", hdr, kernel);
    assert_int_equal(run_with(replay_adapters, text, REPLAY_CHECK, &res, out, sizeof(out)), 0);
    assert_string_equal(res.adapter, "linux_sugov_capped");
    assert_int_equal(res.mismatches, 0);
    snprintf(text, sizeof(text), "%s%s", hdr, unclamped);
    assert_int_equal(run_with(replay_adapters, text, REPLAY_CHECK, &res, out, sizeof(out)), 0);
    assert_true(res.mismatches > 0);
    assert_non_null(strstr(out, "column 'path': expected '3', computed '2'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_ok),
        cmocka_unit_test(test_check_mismatch),
        cmocka_unit_test(test_print_ignores_outputs),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_no_rows),
        cmocka_unit_test(test_step),
        cmocka_unit_test(test_keys_are_numbers),
        cmocka_unit_test(test_unread_input),
        cmocka_unit_test(test_kver_real_release),
        cmocka_unit_test(test_numbers_strict),
        cmocka_unit_test(test_step_every_format),
        cmocka_unit_test(test_sugov_ceiling_zero),
    };
    return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
