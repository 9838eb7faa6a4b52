/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd as a service, against fake trees (test_tree.h): one instance at a
 * time, the status command, the summary and the journal, sd_notify, SIGHUP
 * reload, the config file (per CPU, errors), a garbled /proc/stat.
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

/* Write @content to the tree's pgovd.conf; @cfg gets its path, @arg the
 * matching --config= option. */
static void config_put(const struct tree *t, const char *content, char cfg[600], char arg[700])
{
    snprintf(cfg, 600, "%s/pgovd.conf", t->root);
    put(content, "%s", cfg);
    snprintf(arg, 700, "--config=%s", cfg);
}

/* Wait (up to 5 s) until the daemon's stderr contains @what. */
static int stderr_wait(const struct daemon *d, const char *what)
{
    for (int i = 0; i < 500; i++) {
        if (strstr(d_stderr(d), what))
            return 1;
        usleep(10000);
    }
    return 0;
}

/* Run `pgovd status` for @t's run dir; returns the exit code, output in @out. */
static int run_status(const struct tree *t, char *out, size_t len)
{
    char cmd[1400];
    snprintf(cmd, sizeof(cmd), "%s status --run-dir=%s/run", PGOVD_BIN, t->root);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, len - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Two instances, even with different state files, cannot both run: the
 * second is refused by the lock in the run dir and changes nothing. With
 * no --state-file, the daemon and a plain --restore share one state path. */
static void test_single_instance(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d, d2;
    char other[700];
    tree_make(&t, "single", 2, ACPI, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MAX_KHZ);
    snprintf(other, sizeof(other), "--state-file=%s/other.state", t.root);
    const char *args2[] = { "--policy=powersave", other, NULL };
    d_start(&d2, &t, 1, args2);
    assert_true(exited(d_finish(&d2, 0), 1));
    assert_non_null(strstr(d_stderr(&d2), "run/lock: another pgovd (pid"));
    assert_int_equal(req_khz(&t, 0), MAX_KHZ); /* the second one did not touch it */
    assert_int_equal(access(other + strlen("--state-file="), F_OK), -1);
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);

    /* The default state path, killed, then a plain --restore. */
    opt_no_state_arg = 1;
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    char st[700];
    snprintf(st, sizeof(st), "%s/run/state", t.root);
    assert_int_equal(access(st, F_OK), 0);
    d_finish(&d, SIGKILL);
    const char *restore[] = { "--restore", NULL };
    assert_true(exited(run_once(&t, restore), 0));
    opt_no_state_arg = 0;
    assert_int_equal(access(st, F_OK), -1);
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* `pgovd status`: per CPU policy, profile, write mode, counters, current
 * and requested frequency, last decision; 3 when no daemon runs. */
static void test_status(void **state)
{
    (void)state;
    struct tree t;
    struct daemon d;
    char out[8192];
    tree_make(&t, "status", 2, ACPI, 0);
    assert_int_equal(run_status(&t, out, sizeof(out)), 3);
    assert_non_null(strstr(out, "not running"));
    const char *args[] = { "--cpus=0=performance", "--cpus=1=powersave@4.17", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(run_status(&t, out, sizeof(out)), 0);
    assert_non_null(strstr(out, "1 ticks of 50 ms"));
    assert_non_null(strstr(out, "cpu0 policy=performance@latest write=setspeed "
                                "counters=procstat(degraded) cur_khz=3900000 req_khz=3900000 "
                                "load=- active\n"));
    assert_non_null(strstr(out, "cpu1 policy=powersave@4.17 write=setspeed "
                                "counters=procstat(degraded) cur_khz=800000 req_khz=800000"));
    assert_true(exited(d_finish(&d, 0), 0));
    assert_int_equal(run_status(&t, out, sizeof(out)), 3);
}

/* A start and a stop summary at default verbosity; journald priority
 * prefixes when stderr is the journal stream, none otherwise. */
static void test_summary_and_journal(void **state)
{
    (void)state;
    struct tree t;
    struct daemon d;
    tree_make(&t, "journal", 1, ACPI, 1);
    const char *args[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_non_null(d_tick(&d));
    assert_true(exited(d_finish(&d, 0), 0));
    const char *e = d_stderr(&d);
    char started[160];
    snprintf(started, sizeof(started),
             "pgovd: started: pgovd " PGOV_TOOL_VERSION " (libpgov %s), 1 CPU(s), every 50 ms: "
             "cpu0=performance/setspeed\n",
             pgov_version_string());
    assert_non_null(strstr(e, started));
    assert_non_null(strstr(e, "pgovd: stopped after 2 tick(s)"));
    assert_non_null(strstr(e, "every saved setting restored"));
    assert_null(strstr(e, "<6>"));

    opt_journal = 1;
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_true(exited(d_finish(&d, 0), 0));
    e = d_stderr(&d);
    assert_true(strncmp(e, "<6>pgovd: started:", 18) == 0);
    assert_non_null(strstr(e, "\n<6>pgovd: stopped after 1 tick(s)"));
    const char *bad[] = { "--cpus=3=performance", NULL }; /* a CPU the tree lacks */
    d_start(&d, &t, 0, bad);
    assert_true(exited(d_finish(&d, 0), 2));
    opt_journal = 0;
    assert_non_null(strstr(d_stderr(&d), "<3>pgovd: error: --cpus: cpu3 does not exist"));
}

/* Type=notify: READY=1 once set up, WATCHDOG=1 while running, STOPPING=1. */
static void test_sd_notify(void **state)
{
    (void)state;
    struct tree t;
    struct daemon d;
    struct sockaddr_un sa = { .sun_family = AF_UNIX };
    tree_make(&t, "notify", 1, ACPI, 1);
    char sock[700];
    snprintf(sock, sizeof(sock), "%s/notify", t.root);
    if (strlen(sock) >= sizeof(sa.sun_path))
        skip(); /* a build directory too deep for a unix socket path */
    memcpy(sa.sun_path, sock, strlen(sock) + 1);
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    assert_true(fd >= 0);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
    opt_notify_socket = sa.sun_path;
    const char *args[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, args);
    for (int i = 0; i < 3; i++) {
        advance(&t, 50000000, busy0, 0);
        assert_non_null(d_tick(&d));
        usleep(2000); /* past half the 1 ms watchdog timeout */
    }
    assert_true(exited(d_finish(&d, 0), 0));
    opt_notify_socket = NULL;
    char msgs[8][128];
    int n = 0, wd = 0;
    ssize_t l;
    while (n < 8 && (l = recv(fd, msgs[n], sizeof(msgs[n]) - 1, 0)) > 0) {
        msgs[n][l] = '\0';
        wd += !strcmp(msgs[n], "WATCHDOG=1");
        n++;
    }
    close(fd);
    assert_true(n >= 3);
    assert_string_equal(msgs[0], "READY=1\nSTATUS=governing");
    assert_int_equal(wd, 3);
    assert_string_equal(msgs[n - 1], "STOPPING=1");
}

/* SIGHUP re-reads the config file instead of stopping; a bad file or a
 * profile the library lacks keeps the running configuration. */
static void test_sighup_reload(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    char cfg[600], arg[700];
    tree_make(&t, "reload", 2, ACPI, 1);
    snap_take(&t, &before);
    config_put(&t, "policy performance\n", cfg, arg);
    const char *args[] = { arg, NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 1), MAX_KHZ);

    put("policy powersave\ninterval 200\n", "%s", cfg);
    kill(d.pid, SIGHUP);
    assert_true(stderr_wait(&d, "reloaded"));
    assert_non_null(strstr(d_stderr(&d), "2 CPU(s) changed policy, interval 200 ms"));
    advance(&t, 100000000, busy0, 0);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MIN_KHZ);
    assert_int_equal(req_khz(&t, 1), MIN_KHZ);

    put("policy ondemand@4.5\n", "%s", cfg); /* parses, but the library lacks it */
    kill(d.pid, SIGHUP);
    assert_true(stderr_wait(&d, "keeping powersave"));
    put("interval 0\n", "%s", cfg); /* an error: nothing changes */
    kill(d.pid, SIGHUP);
    assert_true(stderr_wait(&d, "not reloaded; the running configuration stays"));
    advance(&t, 100000000, busy100, 0);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MIN_KHZ); /* still powersave */
    /* The timer-driven v4.5 intel_pstate runs at 10 ms ticks, and a reload
     * that would lengthen them is refused (the policy keeps running). */
    put("policy pstate@4.5\ninterval 10\n", "%s", cfg);
    kill(d.pid, SIGHUP);
    assert_true(stderr_wait(&d, "2 CPU(s) changed policy, interval 10 ms"));
    put("policy pstate@4.5\ninterval 50\n", "%s", cfg);
    kill(d.pid, SIGHUP);
    assert_true(stderr_wait(&d, "interval 50 refused: cpu0 runs intel_pstate v4.5"));
    assert_true(stderr_wait(&d, "0 CPU(s) changed policy, interval 10 ms"));
    assert_null(strstr(d_stderr(&d), "needs --interval 10 or less")); /* never tried at 200 */
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* Garbage, an empty file or a malformed cpu line in /proc/stat is a parse
 * error (not "every CPU went offline"): reported, restored, exit 1. */
static void test_procstat_garbage(void **state)
{
    (void)state;
    static const struct {
        const char *content, *msg;
    } cases[] = {
        { "banana\n", "proc/stat: no cpu lines" },
        { "", "proc/stat: no cpu lines" },
        { "cpu  1 2 3 4 5\ncpu0 banana\n", "proc/stat:2: malformed cpu line" },
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        struct tree t;
        struct snap before;
        struct daemon d;
        tree_make(&t, "garbage", 2, ACPI, 1);
        snap_take(&t, &before);
        const char *args[] = { "--policy=performance", NULL };
        d_start(&d, &t, 1, args);
        assert_non_null(d_tick(&d));
        put(cases[k].content, "%s/proc/stat", t.root);
        assert_null(d_tick(&d));
        assert_true(exited(d_finish(&d, 0), 1));
        const char *e = d_stderr(&d);
        assert_non_null(strstr(e, cases[k].msg));
        assert_null(strstr(e, "went offline"));
        assert_false(state_exists(&t));
        assert_tree_is(&t, &before);
        snap_free(&before);
    }
}

/* Configuration errors exit 2 and name what is wrong: a NUL byte is
 * reported as such, an over-long line as one. */
static void test_config_errors(void **state)
{
    (void)state;
    struct tree t;
    struct daemon d;
    char cfg[600], arg[700], where[700];
    tree_make(&t, "conferr", 1, ACPI, 1);
    snprintf(cfg, sizeof(cfg), "%s/pgovd.conf", t.root);
    snprintf(arg, sizeof(arg), "--config=%s", cfg);
    const char *args[] = { arg, NULL };

    FILE *f = fopen(cfg, "w");
    assert_non_null(f);
    fwrite("# ok\npolicy perf\0ormance\n", 1, 25, f);
    fclose(f);
    d_start(&d, &t, 0, args);
    assert_true(exited(d_finish(&d, 0), 2));
    snprintf(where, sizeof(where), "%s:2: NUL byte in the line", cfg);
    assert_non_null(strstr(d_stderr(&d), where));
    assert_null(strstr(d_stderr(&d), "too long"));

    char longl[2100];
    memset(longl, 'x', sizeof(longl) - 2);
    longl[sizeof(longl) - 2] = '\n';
    longl[sizeof(longl) - 1] = '\0';
    put(longl, "%s", cfg);
    d_start(&d, &t, 0, args);
    assert_true(exited(d_finish(&d, 0), 2));
    snprintf(where, sizeof(where), "%s:1: line too long (2099 bytes", cfg);
    assert_non_null(strstr(d_stderr(&d), where));
    assert_false(state_exists(&t));
}

/* Per-CPU policies from a config file; CPUs not listed are left alone. */
static void test_config_per_cpu(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    char cfg[600], arg[700];
    tree_make(&t, "config", 4, ACPI, 0);
    snap_take(&t, &before);
    config_put(&t, "# two CPUs each\ncpus 0,2 = performance\ncpus 3 powersave\ninterval 20\n",
               cfg, arg);
    const char *args[] = { arg, NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MAX_KHZ);
    assert_int_equal(req_khz(&t, 1), 0); /* untouched */
    assert_string_equal(get("%s/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", t.root),
                        "schedutil\n");
    assert_int_equal(req_khz(&t, 2), MAX_KHZ);
    assert_int_equal(req_khz(&t, 3), MIN_KHZ);
    assert_non_null(strstr(d_stderr(&d), "degraded mode"));
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_per_cpu),
        cmocka_unit_test(test_single_instance),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_summary_and_journal),
        cmocka_unit_test(test_sd_notify),
        cmocka_unit_test(test_sighup_reload),
        cmocka_unit_test(test_procstat_garbage),
        cmocka_unit_test(test_config_errors),
    };
    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("pgovd", tests, NULL, NULL);
}
