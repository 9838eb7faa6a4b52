/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What pgovd refuses and survives (issue 30), against fake trees
 * (test_tree.h): every signal that would end it leaves the machine restored;
 * a crafted state file writes nothing; endless or huge inputs are refused
 * at once in bounded memory; a bad frequency table is named with its
 * reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <pgov/pgov.h>

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>


#include "test_tree.h"

/* ------------------------------------------------------------ issue 30 */

/* Every signal that would end pgovd, not only the crash signals: a forked
 * pgovd that took over (userspace governor, lowest setspeed) and is killed
 * by it leaves the tree as it found it and dies of that signal. */
static void test_fatal_signals(void **state)
{
    (void)state;
    const int sigs[] = { SIGQUIT, SIGUSR1,   SIGUSR2, SIGALRM, SIGXCPU,    SIGXFSZ,
                         SIGSYS,  SIGTRAP,   SIGVTALRM, SIGPROF, SIGIO,    SIGPWR,
                         SIGSTKFLT, SIGBUS, SIGABRT, SIGRTMIN, SIGRTMIN + 5, SIGRTMAX };
    struct tree t;
    struct snap before;
    tree_make(&t, "signals", 2, ACPI, 1);
    snap_take(&t, &before);
    for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++) {
        struct daemon d;
        const char *args[] = { "--policy=powersave", NULL };
        d_start(&d, &t, 1, args);
        assert_non_null(d_tick(&d));
        assert_int_equal(req_khz(&t, 1), MIN_KHZ); /* it did take over */
        assert_true(state_exists(&t));
        int st = d_finish(&d, sigs[k]);
        if (!WIFSIGNALED(st) || WTERMSIG(st) != sigs[k])
            fail_msg("signal %d (%s): wait status 0x%x", sigs[k], strsignal(sigs[k]), st);
        assert_non_null(strstr(d_stderr(&d), "fatal signal: restored the original"));
        assert_false(state_exists(&t));
        assert_tree_is(&t, &before);
    }
    snap_free(&before);
}

/* FNV-1a 64, as pgovd's state file sum (written here independently). */
static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

/* A state file: the header, @body (entry lines with "@" for the tree's
 * canonical root) and a sum line (@sum_delta added to the right sum). */
static void state_put(const struct tree *t, const char *body, uint64_t sum_delta)
{
    char real[PATH_MAX], img[8192], p[700];
    size_t n = 0;
    assert_non_null(realpath(t->root, real));
    n += (size_t)snprintf(img, sizeof(img), "pgovd-state 2 999999999\n");
    for (const char *s = body; *s; s++) {
        if (*s == '@')
            n += (size_t)snprintf(img + n, sizeof(img) - n, "%s", real);
        else
            img[n++] = *s;
    }
    img[n] = '\0';
    snprintf(img + n, sizeof(img) - n, "sum %016" PRIx64 "\n", fnv1a(img, n) + sum_delta);
    snprintf(p, sizeof(p), "%s/pgovd.state", t->root);
    unlink(p);
    put(img, "%s", p);
    chmod(p, 0600);
}

/* Hex of a value, for hand-made state lines. */
static const char *hexs(const char *v)
{
    static char b[4][300];
    static int k;
    char *o = b[k++ % 4];
    for (size_t i = 0; v[i]; i++)
        sprintf(o + 2 * i, "%02x", (unsigned char)v[i]);
    return o;
}

/* The tree the state file tests run on: policy7 a link to a directory
 * outside, policy6/scaling_max_freq a link to the victim file. */
static void badstate_tree(struct tree *t, char victim[700])
{
    char p[700];
    tree_make(t, "badstate", 2, ACPI, 1);
    snprintf(victim, 700, "%s/victim", t->root);
    put("precious\n", "%s", victim);
    xmkdir("%s/elsewhere", t->root);
    put("precious\n", "%s/elsewhere/scaling_governor", t->root);
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy7", t->root);
    assert_int_equal(symlink("../../../../../elsewhere", p), 0);
    xmkdir("%s/sys/devices/system/cpu/cpufreq/policy6", t->root);
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy6/scaling_max_freq", t->root);
    assert_int_equal(symlink(victim, p), 0);
}

/* --restore and a start that find the state file refused: exit 2 with
 * @why, nothing written anywhere, the file kept for the operator. */
static void assert_refused(const struct tree *t, const struct snap *before, const char *victim,
                           const char *why, const char *what)
{
    struct daemon d;
    const char *restore[] = { "--restore", NULL };
    d_start(&d, t, 0, restore);
    int st = d_finish(&d, 0);
    if (!exited(st, 2) || !strstr(d_stderr(&d), why) || !strstr(d_stderr(&d), "nothing was restored"))
        fail_msg("%s: status 0x%x, stderr '%s', want '%s'", what, st, d_stderr(&d), why);
    assert_true(state_exists(t));
    assert_string_equal(get("%s", victim), "precious\n");
    assert_string_equal(get("%s/elsewhere/scaling_governor", t->root), "precious\n");
    assert_tree_is(t, before);
}

/* --restore refuses a state file naming anything pgovd does not write,
 * through a link, with a value sysfs would not hold, or whose checksum
 * does not match. */
static void test_state_entries_refused(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    char line[2048], victim[700], what[32];
    badstate_tree(&t, victim);
    snap_take(&t, &before);
    static const struct {
        const char *fmt, *val, *why;
        uint64_t delta;
    } cases[] = {
        { "F 0 0 %s @/victim\n", "userspace\n", "outside the cpufreq root", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/../../../../../victim\n",
          "userspace\n", "not a canonical path", 0 },
        /* found by fuzz_pgovd_state: a missing component before the ".." */
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/x/../../../../../../elsewhere/"
          "scaling_governor\n", "userspace\n", "not a canonical path", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/../policy1/scaling_governor\n",
          "userspace\n", "not a canonical path", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy7/scaling_governor\n",
          "userspace\n", "a symbolic link on the path", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy6/scaling_max_freq\n",
          "3900000\n", "a symbolic link on the path", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/scaling_governor\n",
          "user space;reboot\n", "saved value is not a governor name", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/scaling_min_freq\n",
          "99999999\n", "saved frequency 99999999 kHz outside the policy's 800000..3900000 kHz", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/scaling_setspeed\n",
          "0x10\n", "saved value is not a frequency in kHz", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq\n",
          "3900000\n", "not a cpufreq file pgovd writes", 0 },
        { "F 0 0 %s @/sys/devices/system/cpu/cpufreq/policy0/scaling_governor\n",
          "performance\n", "checksum mismatch", 1 },
        { "M 0 774 %s @/victim\n", "\1\2\3\4\5\6\7\10", "not an msr device", 0 },
        { "M 0 8 %s @/dev/cpu/0/msr\n", "\1\2\3\4\5\6\7\10", "only IA32_HWP_REQUEST", 0 },
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        snprintf(line, sizeof(line), cases[k].fmt, hexs(cases[k].val));
        state_put(&t, line, cases[k].delta);
        snprintf(what, sizeof(what), "case %zu", k);
        assert_refused(&t, &before, victim, cases[k].why, what);
    }
    snap_free(&before);
}

/* The file itself: a link, writable by others, no sum, the old format; a
 * start refuses a leftover the same way; a well-formed file is restored. */
static void test_state_file_refused(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    char line[2048], victim[700], p[700], q[700];
    const char *pol = "@/sys/devices/system/cpu/cpufreq/policy";
    badstate_tree(&t, victim);
    snap_take(&t, &before);
    snprintf(p, sizeof(p), "%s/pgovd.state", t.root);
    snprintf(q, sizeof(q), "%s/real.state", t.root);
    snprintf(line, sizeof(line), "F 0 0 %s %s0/scaling_governor\n", hexs("performance\n"), pol);
    state_put(&t, line, 0);
    assert_int_equal(rename(p, q), 0);
    assert_int_equal(symlink(q, p), 0);
    assert_refused(&t, &before, victim, "a symbolic link, not a state file", "link");
    state_put(&t, line, 0);
    chmod(p, 0666);
    assert_refused(&t, &before, victim, "not written by pgovd", "mode 0666");
    unlink(p);
    put("pgovd-state 2 999999999\n", "%s", p);
    chmod(p, 0600); /* whatever the umask: this case is about the sum */
    assert_refused(&t, &before, victim, "no checksum line", "no sum");
    unlink(p);
    put("pgovd-state 1 999999999\nF 0 0 706572666f726d616e63650a /x\n", "%s", p);
    chmod(p, 0600);
    assert_refused(&t, &before, victim, "format 1 of libpgov 0.6.3", "format 1");

    /* A start finds a refused file left over: exit 2, nothing changed. */
    state_put(&t, "F 0 0 757365727370616365 @/victim\n", 0);
    const char *args[] = { "--policy=powersave", NULL };
    struct daemon d;
    d_start(&d, &t, 1, args);
    assert_true(exited(d_finish(&d, 0), 2));
    assert_non_null(strstr(d_stderr(&d), "refused: "));
    assert_tree_is(&t, &before);
    assert_string_equal(get("%s", victim), "precious\n");

    /* The control: a well-formed file is restored (so the refusals above are
     * the checks, not a --restore that writes nothing at all). */
    snprintf(line, sizeof(line),
             "F 1 0 %s %s0/scaling_setspeed\nF 0 0 %s %s0/scaling_governor\n"
             "F 2 0 %s %s1/scaling_max_freq\nF 0 0 %s %s1/scaling_min_freq\n",
             hexs("<unsupported>\n"), pol, hexs("performance\n"), pol, hexs("3500000\n"), pol,
             hexs("1600000\n"), pol);
    state_put(&t, line, 0);
    const char *restore[] = { "--restore", NULL };
    assert_true(exited(run_once(&t, restore), 0));
    assert_false(state_exists(&t));
    assert_string_equal(get("%s/sys/devices/system/cpu/cpufreq/policy0/scaling_governor", t.root),
                        "performance\n");
    assert_string_equal(get("%s/sys/devices/system/cpu/cpufreq/policy1/scaling_max_freq", t.root),
                        "3500000\n");
    assert_string_equal(get("%s/sys/devices/system/cpu/cpufreq/policy1/scaling_min_freq", t.root),
                        "1600000\n");
    snap_free(&before);
}

/* Run pgovd (no --step) feeding @feed bytes of @byte on its stdin;
 * returns the wait status, @rss_kb its peak resident set, @secs its run
 * time. */
static int run_fed(const struct tree *t, const char *const *args, size_t feed, char byte,
                   long *rss_kb, double *secs)
{
    struct daemon d;
    struct rusage ru;
    struct timespec a, b;
    char chunk[65536];
    int st;
    clock_gettime(CLOCK_MONOTONIC, &a);
    d_start(&d, t, 0, args);
    memset(chunk, byte, sizeof(chunk));
    int fd = fileno(d.in);
    for (size_t done = 0; done < feed;) {
        ssize_t w = write(fd, chunk, feed - done < sizeof(chunk) ? feed - done : sizeof(chunk));
        if (w <= 0)
            break; /* EPIPE: it stopped reading */
        done += (size_t)w;
    }
    fclose(d.in);
    fclose(d.out);
    assert_int_equal(wait4(d.pid, &st, 0, &ru), d.pid);
    clock_gettime(CLOCK_MONOTONIC, &b);
    *rss_kb = ru.ru_maxrss;
    *secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    return st;
}

/* -C /dev/zero and endless config lines: refused at once, in bounded
 * memory (it grew by gigabytes before). */
static void test_config_bounded(void **state)
{
    (void)state;
    struct tree t;
    long rss;
    double secs;
    tree_make(&t, "confbound", 1, ACPI, 1);
    /* The bound: what pgovd --version costs (sanitizer builds start near
     * 80 MB) plus 8 MB; the unbounded reader grew by gigabytes. */
    const char *version[] = { "--version", NULL };
    assert_true(exited(run_fed(&t, version, 0, 0, &rss, &secs), 0));
    const long bound = rss + 8192;
    print_message("  --version: max RSS %ld kB\n", rss);
    const char *zero[] = { "--config=/dev/zero", NULL };
    int st = run_fed(&t, zero, 0, 0, &rss, &secs);
    print_message("  -C /dev/zero: %.3f s, max RSS %ld kB\n", secs, rss);
    assert_true(exited(st, 2));
    assert_non_null(strstr(d_stderr_of(&t), "/dev/zero:1: NUL byte in the line"));
    assert_true(secs < 2.0);
    assert_true(rss < bound);

    /* A stream with no newline and no NUL: stopped at the 1 MiB cap. */
    const char *in[] = { "--config=/dev/stdin", NULL };
    st = run_fed(&t, in, 8u << 20, 'x', &rss, &secs);
    print_message("  8 MiB line on a pipe: %.3f s, max RSS %ld kB\n", secs, rss);
    assert_true(exited(st, 2));
    assert_non_null(strstr(d_stderr_of(&t), "/dev/stdin: too large (more than 1048576 bytes"));
    assert_true(rss < bound);

    /* A regular file over the cap is refused by its size, unread. */
    char cfg[600], arg[700];
    snprintf(cfg, sizeof(cfg), "%s/huge.conf", t.root);
    FILE *f = fopen(cfg, "w");
    assert_non_null(f);
    assert_int_equal(ftruncate(fileno(f), 300l << 20), 0); /* sparse: 300 MB, one "line" */
    fclose(f);
    snprintf(arg, sizeof(arg), "--config=%s", cfg);
    const char *huge[] = { arg, NULL };
    st = run_fed(&t, huge, 0, 0, &rss, &secs);
    print_message("  300 MB config: %.3f s, max RSS %ld kB\n", secs, rss);
    assert_true(exited(st, 2));
    assert_non_null(strstr(d_stderr_of(&t), "huge.conf: too large (314572800 bytes, at most 1048576)"));
    assert_true(rss < bound);
    unlink(cfg);
    assert_false(state_exists(&t));
}

/* /proc/stat turning into /dev/zero mid-run: refused after a bounded read
 * (PGOVD_STAT_MAX), everything restored, exit 1. */
static void test_procstat_endless(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    char p[700];
    tree_make(&t, "statzero", 2, ACPI, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=powersave", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MIN_KHZ);
    snprintf(p, sizeof(p), "%s/proc/stat", t.root);
    unlink(p);
    assert_int_equal(symlink("/dev/zero", p), 0);
    assert_null(d_tick(&d));
    assert_true(exited(d_finish(&d, 0), 1));
    snprintf(p, sizeof(p), "%s/proc/stat: %s", t.root, strerror(EFBIG));
    if (!strstr(d_stderr(&d), p))
        fail_msg("stderr '%s' lacks '%s'", d_stderr(&d), p);
    assert_false(state_exists(&t));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* A bad scaling_available_frequencies is named with the reason, not as
 * "policy ondemand: invalid argument"; nothing changes. */
static void test_freq_table_errors(void **state)
{
    (void)state;
    static const struct {
        const char *table, *why;
    } cases[] = {
        { "3900000 3500000 3500000 800000\n",
          "entry 3: duplicate frequency 3500000 kHz (also entry 2)" },
        { "3900000 2400000 1600000 3900000\n",
          "entry 4: duplicate frequency 3900000 kHz (also entry 1)" },
        { "4200000 3500000 800000\n",
          "entry 1: 4200000 kHz is outside cpuinfo_min_freq..cpuinfo_max_freq (800000..3900000 kHz)" },
        { "3900000 700000\n",
          "entry 2: 700000 kHz is outside cpuinfo_min_freq..cpuinfo_max_freq" },
        { "3900000 fast 800000\n", "entry 2: 'fast' is not a frequency in kHz" },
        { "\n", "no frequencies" },
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        struct tree t;
        struct snap before;
        char p[700], want[1000];
        tree_make(&t, "freqtable", 2, ACPI, 1);
        snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy1/scaling_available_frequencies",
                 t.root);
        put(cases[k].table, "%s", p);
        snap_take(&t, &before);
        const char *args[] = { "--policy=ondemand", NULL };
        assert_true(exited(run_once(&t, args), 2));
        snprintf(want, sizeof(want), "%s: %s", p, cases[k].why);
        if (!strstr(d_stderr_of(&t), want))
            fail_msg("stderr '%s' lacks '%s'", d_stderr_of(&t), want);
        assert_null(strstr(d_stderr_of(&t), "invalid argument"));
        assert_false(state_exists(&t));
        assert_tree_is(&t, &before);
        snap_free(&before);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fatal_signals),
        cmocka_unit_test(test_state_entries_refused),
        cmocka_unit_test(test_state_file_refused),
        cmocka_unit_test(test_config_bounded),
        cmocka_unit_test(test_freq_table_errors),
        cmocka_unit_test(test_procstat_endless),
    };
    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("pgovd_guard", tests, NULL, NULL);
}
