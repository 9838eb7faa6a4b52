/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd against fake sysfs/proc/dev trees (test_tree.h): the command line,
 * taking over and giving back, every policy in closed loop, offline CPUs,
 * signals and crashes. test_pgovd_service.c: the service side (one
 * instance, status, journal, sd_notify, reload, config); test_pgovd_guard.c
 * has the hostile inputs.
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

/* ------------------------------------------------------------ tests */

static void test_help_and_bad_args(void **state)
{
    (void)state;
    struct tree t;
    tree_make(&t, "help", 1, ACPI, 1);
    struct daemon d;
    const char *help[] = { "--help", NULL };
    d_start(&d, &t, 0, help);
    assert_true(exited(d_finish(&d, 0), 0));
    assert_non_null(strstr(d.log, "--dry-run"));
    assert_non_null(strstr(d.log, "--sysfs-root"));

    const char *bad[] = { "--policy=nosuch", NULL };
    d_start(&d, &t, 0, bad);
    assert_true(exited(d_finish(&d, 0), 2));
    assert_non_null(strstr(d_stderr(&d), "nosuch"));

    const char *badver[] = { "--policy=performance@99.1", NULL };
    d_start(&d, &t, 0, badver);
    assert_true(exited(d_finish(&d, 0), 2));

    /* issue 18: sscanf("%u.%u") wrapped 4294967302.18 to 6.18; 4.99 and 4.255
     * never existed; options took hex and signs through strtoul. */
    static const struct {
        const char *arg, *want;
    } hostile[] = {
        { "--policy=ondemand@4294967302.18", "'4294967302.18' is not a kernel release" },
        { "--policy=ondemand@4.99", "'4.99' was never released" },
        { "--policy=ondemand@4.255", "'4.255' was never released" },
        { "--policy=ondemand@+4.17", "'+4.17' is not a kernel release" },
        { "--policy=ondemand@6.20", "'6.20' was never released" },
        { "--interval=0x10", "interval: '0x10' is not a decimal number" },
        { "--interval=+5", "interval: '+5' is not a decimal number" },
        { "--interval=5e1", "interval: '5e1' is not a decimal number" },
        { "--iterations=18446744073709551617", "iterations: '18446744073709551617' is too large" },
        { "--scaling-khz=-1", "scaling-khz: '-1' is not a decimal number" },
    };
    for (size_t i = 0; i < sizeof(hostile) / sizeof(hostile[0]); i++) {
        const char *h[] = { hostile[i].arg, NULL };
        d_start(&d, &t, 0, h);
        assert_true(exited(d_finish(&d, 0), 2));
        if (!strstr(d_stderr(&d), hostile[i].want))
            fail_msg("%s: stderr '%s' lacks '%s'", hostile[i].arg, d_stderr(&d), hostile[i].want);
        assert_false(state_exists(&t));
    }

    /* A profile the library does not implement fails before any change. */
    struct snap before;
    snap_take(&t, &before);
    const char *old[] = { "--policy=ondemand@4.5", NULL };
    d_start(&d, &t, 0, old);
    assert_true(exited(d_finish(&d, 0), 2)); /* a configuration error, as pgovd(8) says */
    assert_non_null(strstr(d_stderr(&d), "cpu0: policy ondemand: kernel version or variant"));
    assert_false(state_exists(&t));
    assert_tree_is(&t, &before);
    /* v4.5 intel_pstate is timer-driven: refused above a 10 ms interval
     * (the default is 50), before any change. */
    const char *timer[] = { "--policy=pstate@4.5", NULL };
    d_start(&d, &t, 0, timer);
    assert_true(exited(d_finish(&d, 0), 2));
    if (!strstr(d_stderr(&d), "cpu0: intel_pstate v4.5 is timer-driven (10 ms sampling timer): "
                              "it needs --interval 10 or less, not 50"))
        fail_msg("stderr '%s'", d_stderr(&d));
    assert_false(state_exists(&t));
    assert_tree_is(&t, &before);
    snap_free(&before);

    /* A config file error names the file and the line. */
    char cfg[600], arg[700];
    snprintf(cfg, sizeof(cfg), "%s/pgovd.conf", t.root);
    put("# comment\npolicy performance\ninterval 0\n", "%s", cfg);
    snprintf(arg, sizeof(arg), "--config=%s", cfg);
    const char *conf[] = { arg, NULL };
    d_start(&d, &t, 0, conf);
    assert_true(exited(d_finish(&d, 0), 2));
    char where[700];
    snprintf(where, sizeof(where), "%s:3: interval", cfg);
    assert_non_null(strstr(d_stderr(&d), where));
    assert_false(state_exists(&t));
}

/* performance under acpi-cpufreq: userspace governor + setspeed, restored at EOF. */
static void test_setspeed_performance(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    tree_make(&t, "setspeed", 2, ACPI, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_true(state_exists(&t));
    assert_string_equal(get("%s/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", t.root),
                        "userspace\n");
    assert_int_equal(req_khz(&t, 0), MAX_KHZ);
    assert_int_equal(req_khz(&t, 1), MAX_KHZ);
    advance(&t, 100000000, busy0, 0);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 1), MAX_KHZ);
    assert_true(exited(d_finish(&d, 0), 0));
    assert_false(state_exists(&t));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* powersave under intel_pstate: only limits can be clamped. */
static void test_limits_powersave(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    tree_make(&t, "limits", 2, PSTATE, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=powersave", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MIN_KHZ);
    assert_int_equal(req_khz(&t, 1), MIN_KHZ);
    assert_string_equal(get("%s/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", t.root),
                        "powersave\n");
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* --dry-run prints each decision, writes nothing, saves no state. */
static void test_dry_run(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    tree_make(&t, "dryrun", 2, ACPI, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=performance", "--dry-run", NULL };
    d_start(&d, &t, 1, args);
    const char *out = d_tick(&d);
    assert_non_null(out);
    assert_non_null(strstr(out, "cpu0 t=1000000000 policy=performance khz=3900000 (dry-run)"));
    assert_non_null(strstr(out, "cpu1 t=1000000000 policy=performance khz=3900000 (dry-run)"));
    assert_false(state_exists(&t));
    assert_tree_is(&t, &before);
    advance(&t, 100000000, busy0, 0);
    out = d_tick(&d);
    assert_non_null(strstr(out, "cpu1 t=1100000000 policy=performance"));
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* SIGTERM mid-run, in --step mode and in the real timed loop. */
static void test_sigterm(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    tree_make(&t, "sigterm", 3, ACPI, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 2), MAX_KHZ);
    /* stdin stays open: the daemon is blocked waiting for the next tick */
    int st;
    kill(d.pid, SIGTERM);
    assert_int_equal(waitpid(d.pid, &st, 0), d.pid);
    fclose(d.in);
    fclose(d.out);
    assert_true(exited(st, 0));
    assert_non_null(strstr(d_stderr(&d), "restoring"));
    assert_tree_is(&t, &before);
    assert_false(state_exists(&t));

    /* Timed loop: let it run for real, then SIGINT. */
    const char *timed[] = { "--policy=powersave", "--interval=5", "--verbose", NULL };
    d_start(&d, &t, 0, timed);
    for (int i = 0; i < 400 && req_khz(&t, 2) != MIN_KHZ; i++)
        usleep(5000);
    assert_int_equal(req_khz(&t, 2), MIN_KHZ);
    st = d_finish(&d, SIGINT);
    assert_true(exited(st, 0));
    assert_non_null(strstr(d.log, "policy=powersave khz=800000"));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* A crash restores from the signal handler; SIGKILL leaves the state file
 * for `pgovd --restore`, and a new start also cleans up first. */
static void test_crash_and_kill(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    int st;
    tree_make(&t, "crash", 2, PSTATE, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=powersave", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 1), MIN_KHZ);
    st = d_finish(&d, SIGSEGV);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV);
    assert_non_null(strstr(d_stderr(&d), "restored the original"));
    assert_tree_is(&t, &before);
    assert_false(state_exists(&t));

    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    st = d_finish(&d, SIGKILL);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    assert_true(state_exists(&t));
    assert_int_equal(req_khz(&t, 0), MIN_KHZ); /* nothing could run */
    const char *restore[] = { "--restore", NULL };
    assert_true(exited(run_once(&t, restore), 0));
    assert_false(state_exists(&t));
    assert_tree_is(&t, &before);
    /* --restore with nothing saved is fine */
    assert_true(exited(run_once(&t, restore), 0));

    /* a second pgovd must not pull the settings from under a live one */
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    struct daemon d2;
    d_start(&d2, &t, 1, args); /* (stderr.txt now holds the second one's output) */
    assert_true(exited(d_finish(&d2, 0), 1));
    assert_non_null(strstr(d_stderr(&d2), "another pgovd"));
    assert_int_equal(req_khz(&t, 0), MIN_KHZ);
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);

    /* killed again; this time the next start restores before it saves */
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    d_finish(&d, SIGKILL);
    const char *perf[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, perf);
    assert_non_null(d_tick(&d));
    assert_int_equal(req_khz(&t, 0), MAX_KHZ);
    assert_non_null(strstr(d_stderr(&d), "restored the settings saved in"));
    assert_true(exited(d_finish(&d, 0), 0));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

/* Make @path refuse writes, even for root. Returns how (for the message). */
static const char *make_unwritable(const char *path)
{
    if (geteuid() != 0) {
        chmod(path, 0444);
        return "chmod";
    }
    int fd = open(path, O_RDONLY), fl = 0;
    if (fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &fl) == 0) {
        fl |= FS_IMMUTABLE_FL;
        if (ioctl(fd, FS_IOC_SETFLAGS, &fl) == 0) {
            close(fd);
            return "immutable";
        }
    }
    if (fd >= 0)
        close(fd);
    /* No immutable flag here (tmpfs, no CAP_LINUX_IMMUTABLE): a read-only
     * sysctl refuses writes from root as well. */
    unlink(path);
    assert_int_equal(symlink("/proc/sys/kernel/osrelease", path), 0);
    return "symlink";
}

static void make_writable(const char *path, const char *how, const char *content)
{
    if (!strcmp(how, "symlink")) {
        unlink(path);
        put(content, "%s", path);
    }
    if (!strcmp(how, "immutable")) {
        int fd = open(path, O_RDONLY), fl = 0;
        ioctl(fd, FS_IOC_GETFLAGS, &fl);
        fl &= ~FS_IMMUTABLE_FL;
        ioctl(fd, FS_IOC_SETFLAGS, &fl);
        close(fd);
    } else if (!strcmp(how, "chmod")) {
        chmod(path, 0644);
    }
}

/* A sysfs file that refuses writes: the error names it, everything already
 * changed goes back, exit status 1. */
static void test_write_refused(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    char p[700];
    tree_make(&t, "refused", 3, ACPI, 1);
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy2/scaling_setspeed", t.root);
    const char *how = make_unwritable(p);
    snap_take(&t, &before);
    const char *args[] = { "--policy=performance", NULL };
    d_start(&d, &t, 1, args);
    assert_null(d_tick(&d));
    int st = d_finish(&d, 0);
    assert_true(exited(st, 1));
    char want[800];
    /* A linked attribute is refused before anything changes: a restore
     * never follows a link. */
    static const char linked[] = "cannot read the value to save: a symbolic link on the path";
    snprintf(want, sizeof(want), "%s: %s", p,
             strcmp(how, "symlink") ? "cannot write 3900000 kHz: " : linked);
    if (!strstr(d_stderr(&d), want))
        print_message("stderr was: %s\n", d_stderr(&d));
    assert_non_null(strstr(d_stderr(&d), want));
    assert_tree_is(&t, &before);
    assert_false(state_exists(&t));
    make_writable(p, how, "<unsupported>\n");

    /* Refused at take-over (the governor file): nothing stays changed either. */
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy1/scaling_governor", t.root);
    how = make_unwritable(p);
    snap_free(&before);
    snap_take(&t, &before);
    d_start(&d, &t, 1, args);
    st = d_finish(&d, 0);
    assert_true(exited(st, 1));
    snprintf(want, sizeof(want), "%s: %s", p,
             strcmp(how, "symlink") ? "cannot write 'userspace'" : linked);
    assert_non_null(strstr(d_stderr(&d), want));
    assert_tree_is(&t, &before);
    make_writable(p, how, "schedutil\n");

    /* A value that is not a frequency: named, nothing changed, no state file. */
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy1/cpuinfo_max_freq", t.root);
    put("fast\n", "%s", p);
    snap_free(&before);
    snap_take(&t, &before);
    d_start(&d, &t, 1, args);
    assert_true(exited(d_finish(&d, 0), 1));
    snprintf(want, sizeof(want), "%s: not a frequency in kHz", p);
    assert_non_null(strstr(d_stderr(&d), want));
    assert_tree_is(&t, &before);
    assert_false(state_exists(&t));
    snap_free(&before);
}

/* CPU 1 goes offline mid-run the way Linux does it: online=0, its cpuN/cpufreq
 * link and msr device vanish, /proc/stat drops its line. */
static void cpu_offline(struct tree *t, unsigned cpu, int off)
{
    char p[700], q[700];
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpu%u/cpufreq", t->root, cpu);
    snprintf(q, sizeof(q), "%s/dev/cpu/%u/msr", t->root, cpu);
    if (off) {
        put("0\n", "%s/sys/devices/system/cpu/cpu%u/online", t->root, cpu);
        unlink(p);
        unlink(q);
    } else {
        char target[64];
        snprintf(target, sizeof(target), "../cpufreq/policy%u", cpu);
        assert_int_equal(symlink(target, p), 0);
        put("", "%s", q);
        put("1\n", "%s/sys/devices/system/cpu/cpu%u/online", t->root, cpu);
    }
    t->c[cpu].online = !off;
    tree_counters(t);
}

static void test_cpu_offline(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    tree_make(&t, "offline", 3, ACPI, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=performance", "--verbose", NULL };
    d_start(&d, &t, 1, args);
    const char *out = d_tick(&d);
    assert_non_null(strstr(out, "cpu1 t="));
    cpu_offline(&t, 1, 1);
    advance(&t, 100000000, busy0, 0);
    out = d_tick(&d);
    assert_non_null(out);
    assert_null(strstr(out, "cpu1 t="));
    assert_non_null(strstr(out, "cpu2 t="));
    assert_non_null(strstr(d_stderr(&d), "cpu1 went offline"));
    advance(&t, 100000000, busy0, 0);
    assert_non_null(d_tick(&d));
    cpu_offline(&t, 1, 0);
    advance(&t, 100000000, busy0, 0);
    out = d_tick(&d);
    assert_non_null(strstr(out, "cpu1 t="));
    assert_non_null(strstr(d_stderr(&d), "cpu1 is back online"));
    /* offline again, and stopped while it is: the policy dir is still
     * reachable through its real path, so it is restored too */
    cpu_offline(&t, 1, 1);
    assert_non_null(d_tick(&d));
    d_finish(&d, SIGTERM);
    cpu_offline(&t, 1, 0);
    assert_tree_is(&t, &before);
    assert_false(state_exists(&t));
    snap_free(&before);
}

/* Tick with @busy until every CPU requests @want (or @max ticks pass);
 * returns the ticks it took, or -1. */
static int drive(struct daemon *d, struct tree *t, uint64_t dt, const unsigned *busy,
                 unsigned iowait_pct, uint32_t want, int max)
{
    for (int k = 1; k <= max; k++) {
        advance(t, dt, busy, iowait_pct);
        if (!d_tick(d))
            return -1;
        unsigned ok = 0;
        for (unsigned i = 0; i < t->ncpu; i++)
            ok += req_khz(t, i) == want;
        if (ok == t->ncpu)
            return k;
    }
    for (unsigned i = 0; i < t->ncpu; i++)
        print_message("  cpu%u requests %u kHz, want %u\n", i, req_khz(t, i), want);
    return -1;
}

/* Every library policy, closed loop: flat-out load takes it to the top
 * frequency, an idle machine to the bottom one, whatever the algorithm's
 * path there; then the tree is as it was. */
static void policy_follows_load(const char *pol, enum flavour fl, int msr, uint64_t dt)
{
    struct tree t;
    struct snap before;
    struct daemon d;
    char arg[128];
    print_message("  policy %s (%s, %s)\n", pol, fl == ACPI ? "setspeed" : "limits",
                  msr ? "msr" : "degraded /proc/stat");
    tree_make(&t, "policies", 2, fl, msr);
    snap_take(&t, &before);
    snprintf(arg, sizeof(arg), "--policy=%s", pol);
    /* The daemon's tick is the governors' tick (cfg.tick_ns): run it at the
     * length the fake clock advances, as an operator pairs --interval with
     * the real one. */
    char interval[48];
    snprintf(interval, sizeof(interval), "--interval=%" PRIu64, dt / 1000000u);
    const char *args[] = { arg, interval, NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    int up = drive(&d, &t, dt, busy100, 0, MAX_KHZ, 200);
    int down = drive(&d, &t, dt, busy1, 0, MIN_KHZ, 200);
    int st = d_finish(&d, 0);
    if (up < 0 || down < 0 || !exited(st, 0))
        print_message("stderr: %s\n", d_stderr(&d));
    assert_true(up > 0);
    assert_true(down > 0);
    assert_true(exited(st, 0));
    assert_tree_is(&t, &before);
    snap_free(&before);
}

static void test_policies_closed_loop(void **state)
{
    (void)state;
    static const char *const pols[] = {
        "ondemand",       "ondemand@4.17", "ondemand-deadband@4.17", "conservative",
        "conservative@4.17", "pstate",    "pstate@4.13",    "pstate@4.5",
        "pstate-pid@4.6", "pstate-load@4.17", "pstate-load", "schedutil",
        "pstate-load-rfc-io", "pstate-load-rfc-io-all", "pstate-load@4.13", "pstate-atom@4.6",
        "pstate-atom@4.5",
    };
    /* 10 ms ticks (--interval=10), one USER_HZ tick of /proc/stat. Slower ticks change the algorithms' answers exactly as in
     * the kernel: the PID profiles scale busy down when a sample comes more
     * than 3 sampling intervals late (an idle CPU), and conservative drops
     * its requested frequency by one step per idle period it missed. */
    for (size_t i = 0; i < sizeof(pols) / sizeof(pols[0]); i++)
        policy_follows_load(pols[i], ACPI, 1, 10000000);
    /* clamped limits (intel_pstate-style driver) and the degraded counters */
    policy_follows_load("pstate-load", PSTATE, 0, 10000000);
    policy_follows_load("ondemand", PSTATE, 0, 10000000);
    policy_follows_load("schedutil", ACPI, 0, 10000000);
}

/* HWP dynamic boost: IOWAIT (iowait time growing) raises the HWP_REQUEST
 * minimum through the msr device; cpufreq is not touched; the original
 * request is written back at the end. */
static void test_hwp_boost(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    struct daemon d;
    static const unsigned busy30[MAXCPU] = { 30, 30, 30, 30 };
    tree_make(&t, "hwp", 2, PSTATE, 1);
    snap_take(&t, &before);
    const char *args[] = { "--policy=hwp-boost", "--interval=10", NULL };
    d_start(&d, &t, 1, args);
    assert_non_null(d_tick(&d));
    uint64_t max_min = 0;
    for (int k = 0; k < 20; k++) {
        advance(&t, 10000000, busy30, 100); /* every idle tick is iowait */
        assert_non_null(d_tick(&d));
        uint64_t req = msr_get(&t, 0, 0x774);
        assert_int_equal(req & ~0xffull, HWP_REQ0 & ~0xffull); /* only min moves */
        if ((req & 0xff) > max_min)
            max_min = req & 0xff;
        assert_tree_is(&t, &before);
    }
    assert_true(max_min > (HWP_REQ0 & 0xff)); /* boosted above min 8 */
    assert_true(max_min <= 39);
    assert_true(exited(d_finish(&d, 0), 0));
    assert_int_equal(msr_get(&t, 0, 0x774), HWP_REQ0);
    assert_int_equal(msr_get(&t, 1, 0x774), HWP_REQ0);
    assert_tree_is(&t, &before);
    snap_free(&before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_and_bad_args),
        cmocka_unit_test(test_setspeed_performance),
        cmocka_unit_test(test_limits_powersave),
        cmocka_unit_test(test_dry_run),
        cmocka_unit_test(test_sigterm),
        cmocka_unit_test(test_crash_and_kill),
        cmocka_unit_test(test_write_refused),
        cmocka_unit_test(test_cpu_offline),
        cmocka_unit_test(test_policies_closed_loop),
        cmocka_unit_test(test_hwp_boost),
    };
    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("pgovd", tests, NULL, NULL);
}
