/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-replay on the PELT and util_est formats: a copy of each vector file
 * with every output column zeroed is printed back byte-identical to the
 * original (outputs come from the inputs alone), the blanked copy fails
 * --check, and malformed rows (bad numbers, unknown op/event, unknown
 * version) are rejected with a line number instead of crashing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "replay.h"
#include "vector_files.h"

/* Scratch files in the working directory by name: no mkstemp/tmpfile, so the
 * test also runs bare metal under semihosting. */
static FILE *scratch(const char *name)
{
    FILE *f = fopen(name, "w+");
    assert_non_null(f);
    return f;
}

static char *slurp(FILE *f, long *len)
{
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)*len + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)*len, f), (size_t)*len);
    b[*len] = 0;
    return b;
}

/* Write @name with the listed output columns set to 0. */
static FILE *blanked(const char *name, const char *const *outs)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", PGOV_VECTOR_DIR, name);
    FILE *in = fopen(path, "r"), *out = scratch("replay_signals_blank.tmp");
    char line[16384];
    int idx[32], nidx = 0, header = 0;
    assert_non_null(in);
    assert_non_null(out);
    while (fgets(line, sizeof(line), in)) {
        if (line[0] == '#') {
            fputs(line, out);
            continue;
        }
        line[strcspn(line, "\n")] = 0;
        char *f[64];
        int n = 0;
        for (char *p = line;; n++) {
            f[n] = p;
            p = strchr(p, '\t');
            if (!p)
                break;
            *p++ = 0;
        }
        n++;
        if (!header) {
            header = 1;
            for (int i = 0; i < n; i++)
                for (const char *const *o = outs; *o; o++)
                    if (strcmp(f[i], *o) == 0)
                        idx[nidx++] = i;
        } else {
            for (int k = 0; k < nidx; k++)
                f[idx[k]] = "0";
        }
        for (int i = 0; i < n; i++)
            fprintf(out, "%s%s", i ? "\t" : "", f[i]);
        fputc('\n', out);
    }
    fclose(in);
    rewind(out);
    return out;
}

static void check_file(const char *name, const char *const *outs)
{
    const char *tmpl = "replay_signals_in.tsv";
    FILE *b = blanked(name, outs), *t = scratch(tmpl);
    long len;
    char *data = slurp(b, &len);
    fwrite(data, 1, (size_t)len, t);
    fflush(t);
    free(data);
    fclose(b);

    /* Print mode recomputes every output: the original file comes back. */
    FILE *printed = scratch("replay_signals_out.tmp");
    struct replay_result res;
    assert_int_equal(replay_file(tmpl, replay_adapters, REPLAY_PRINT, printed, stderr, &res), 0);
    assert_true(res.rows > 0);
    char orig_path[1024];
    snprintf(orig_path, sizeof(orig_path), "%s/%s", PGOV_VECTOR_DIR, name);
    FILE *orig = fopen(orig_path, "r");
    long l1, l2;
    char *a = slurp(printed, &l1), *o = slurp(orig, &l2);
    assert_int_equal(l1, l2);
    assert_memory_equal(a, o, (size_t)l1);
    free(a);
    free(o);
    fclose(orig);
    fclose(printed);

    /* Check mode on the blanked copy reports mismatches (not a crash). */
    FILE *sink = scratch("replay_signals_sink.tmp");
    assert_int_equal(replay_file(tmpl, replay_adapters, REPLAY_CHECK, sink, sink, &res), 0);
    assert_true(res.mismatches > 0);
    fclose(sink);
    fclose(t);
    remove(tmpl);
    remove("replay_signals_blank.tmp");
    remove("replay_signals_out.tmp");
    remove("replay_signals_sink.tmp");
}

static void test_blank_outputs(void **st)
{
    (void)st;
    static const char *const decay[] = {"result", NULL};
    static const char *const trace[] = {"ret",      "last_update_time", "load_sum",
                                        "runnable_sum", "util_sum",     "period_contrib",
                                        "load_avg", "runnable_avg",     "util_avg", NULL};
    static const char *const ue[] = {"task_enqueued", "task_ewma",   "task_flag", "task_contrib",
                                     "task_util_est", "rq_util_est", "cpu_util",  NULL};
    check_file("pelt_decay.tsv", decay);
    check_file("pelt_segments.tsv", decay);
    check_file("pelt_trace.tsv", trace);
    check_file("util_est.tsv", ue);
}

/* Replay a small file given as text; return replay_file's result and the
 * error text. */
static int replay_text(const char *text, char *err, size_t errlen, struct replay_result *res)
{
    const char *tmpl = "replay_signals_bad.tsv";
    FILE *f = scratch(tmpl);
    fputs(text, f);
    fclose(f);
    FILE *e = scratch("replay_signals_err.tmp"), *o = scratch("replay_signals_o.tmp");
    int rc = replay_file(tmpl, replay_adapters, REPLAY_CHECK, o, e, res);
    rewind(e);
    size_t n = fread(err, 1, errlen - 1, e);
    err[n] = 0;
    fclose(e);
    fclose(o);
    remove(tmpl);
    remove("replay_signals_err.tmp");
    remove("replay_signals_o.tmp");
    return rc;
}

static void test_malformed(void **st)
{
    (void)st;
    char err[512];
    struct replay_result res;
    static const char *const bad[][2] = {
        {"val\tn\tresult\n1\tx\t0\n", ":2: column 'n'"},
        {"periods\td1\td3\tresult\tdomain\n1\t99999999999\t0\t0\tin\n", ":2: column 'd1'"},
        {"scenario\tstep\top\tnow_ns\tload_arg\trunnable_arg\trunning_arg\tweight\tret\t"
         "last_update_time\tload_sum\trunnable_sum\tutil_sum\tperiod_contrib\tload_avg\t"
         "runnable_avg\tutil_avg\nS\t0\tjump\t5\t1\t1\t1\t1\t0\t0\t0\t0\t0\t0\t0\t0\t0\n",
         ":2: column 'op'"},
        {"version\tscenario\tstep\tevent\ttask\tsleep\tutil_avg\trunnable_avg\tcpu_cap\t"
         "rq_util_avg\ttask_enqueued\ttask_ewma\ttask_flag\ttask_contrib\ttask_util_est\t"
         "rq_util_est\tcpu_util\nv4.4\tU\t0\tenq\t0\t-\t1\t1\t1024\t0\t0\t0\t0\t0\t0\t0\t0\n",
         ":2: version v4.4"},
        {"version\tscenario\tstep\tevent\ttask\tsleep\tutil_avg\trunnable_avg\tcpu_cap\t"
         "rq_util_avg\ttask_enqueued\ttask_ewma\ttask_flag\ttask_contrib\ttask_util_est\t"
         "rq_util_est\tcpu_util\nv6.18\tU\t0\tdeq\t0\t1\t1\t1\t1024\t0\t0\t0\t0\t0\t0\t0\t0\n",
         ":2: task 0 dequeued while not queued"},
        {"version\tscenario\tstep\tevent\ttask\tsleep\tutil_avg\trunnable_avg\tcpu_cap\t"
         "rq_util_avg\ttask_enqueued\ttask_ewma\ttask_flag\ttask_contrib\ttask_util_est\t"
         "rq_util_est\tcpu_util\nv6.18\tU\t0\tenq\t99\t-\t1\t1\t1024\t0\t0\t0\t0\t0\t0\t0\t0\n",
         ":2: column 'task'"},
        {"version\tscenario\tstep\tevent\ttask\tsleep\tutil_avg\trunnable_avg\tcpu_cap\t"
         "rq_util_avg\ttask_enqueued\ttask_ewma\ttask_flag\ttask_contrib\ttask_util_est\t"
         "rq_util_est\tcpu_util\nv6.18\tU\t0\tenq\t0\t-\t1\t1\t1024\t0\t0\t0\t0\t0\t0\t0\t0\n"
         "v6.18\tU\t1\tdeq\t0\t1\t3000000000\t1\t1024\t0\t0\t0\t0\t0\t0\t0\t0\n",
         ":3: event deq"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(replay_text(bad[i][0], err, sizeof(err), &res), -1);
        assert_non_null(strstr(err, bad[i][1]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blank_outputs),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
