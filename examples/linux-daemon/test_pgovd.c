/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd against fake sysfs/proc/dev trees.
 *
 * Each test builds a tree under the build directory: cpufreq policies
 * (acpi-cpufreq style with the `userspace` governor, or intel_pstate style
 * with only performance/powersave, so the daemon must clamp the limits),
 * /proc/stat, sparse files standing in for /dev/cpu/N/msr, and a clock file.
 * The test plays the hardware: between ticks it advances the clock, the
 * per-CPU /proc/stat times and the counters (APERF follows the frequency the
 * daemon last wrote, closing the loop), then lets pgovd run exactly one tick
 * (--step). Every test ends by comparing the whole sysfs tree, byte for
 * byte, with the snapshot taken before pgovd started.
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

#define MAXCPU 4
#define MIN_KHZ 800000u
#define MAX_KHZ 3900000u
#define BASE_KHZ 2400000u

enum flavour { ACPI, PSTATE };

/* IA32_HWP_REQUEST at start: EPP 0x80, max 39, min 8. */
#define HWP_REQ0 0x80002708ull

struct fcpu {
    uint64_t tsc, mperf, aperf;
    uint64_t user, nice, sys, idle, iowait;
    int online;
};

struct tree {
    char root[512];
    unsigned ncpu;
    enum flavour fl;
    int msr;
    uint64_t t_ns;
    struct fcpu c[MAXCPU];
};

/* ------------------------------------------------------------ file helpers */

static void xmkdir(const char *fmt, ...)
{
    char p[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p, sizeof(p), fmt, ap);
    va_end(ap);
    char *s = p;
    while ((s = strchr(s + 1, '/'))) {
        *s = '\0';
        mkdir(p, 0755);
        *s = '/';
    }
    if (mkdir(p, 0755) && errno != EEXIST)
        fail_msg("mkdir %s: %s", p, strerror(errno));
}

static void put(const char *content, const char *fmt, ...)
{
    char p[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p, sizeof(p), fmt, ap);
    va_end(ap);
    FILE *f = fopen(p, "w");
    if (!f)
        fail_msg("create %s: %s", p, strerror(errno));
    fputs(content, f);
    fclose(f);
}

static char *get(const char *fmt, ...)
{
    static char buf[4][4096];
    static int k;
    char p[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p, sizeof(p), fmt, ap);
    va_end(ap);
    char *b = buf[k++ % 4];
    b[0] = '\0';
    FILE *f = fopen(p, "r");
    if (!f)
        return strcpy(b, "<missing>");
    size_t n = fread(b, 1, 4095, f);
    b[n] = '\0';
    fclose(f);
    return b;
}

static uint64_t getu(const char *fmt, const char *root, unsigned cpu)
{
    return strtoull(get(fmt, root, cpu), NULL, 10);
}

static void msr_put(const struct tree *t, unsigned cpu, uint32_t reg, uint64_t v)
{
    char p[1024];
    unsigned char b[8];
    snprintf(p, sizeof(p), "%s/dev/cpu/%u/msr", t->root, cpu);
    int fd = open(p, O_WRONLY);
    if (fd < 0)
        return; /* CPU "offline": no device */
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    assert_int_equal(pwrite(fd, b, 8, (off_t)reg * 8), 8); /* pgovd --fake-msr layout */
    close(fd);
}

static uint64_t msr_get(const struct tree *t, unsigned cpu, uint32_t reg)
{
    char p[1024];
    unsigned char b[8] = { 0 };
    uint64_t v = 0;
    snprintf(p, sizeof(p), "%s/dev/cpu/%u/msr", t->root, cpu);
    int fd = open(p, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(pread(fd, b, 8, (off_t)reg * 8), 8);
    close(fd);
    for (int i = 7; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

static int rm_cb(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    int fd = open(p, O_RDONLY | O_NONBLOCK);
    if (fd >= 0) { /* undo an immutable flag a failed test may have left */
        int fl = 0;
        if (ioctl(fd, FS_IOC_GETFLAGS, &fl) == 0 && (fl & FS_IMMUTABLE_FL)) {
            fl &= ~FS_IMMUTABLE_FL;
            ioctl(fd, FS_IOC_SETFLAGS, &fl);
        }
        close(fd);
    }
    return remove(p);
}

/* ------------------------------------------------------------ the fake tree */

static void tree_stat(struct tree *t)
{
    char buf[4096];
    size_t n = 0;
    uint64_t s[5] = { 0 };
    for (unsigned i = 0; i < t->ncpu; i++) {
        s[0] += t->c[i].user, s[1] += t->c[i].nice, s[2] += t->c[i].sys;
        s[3] += t->c[i].idle, s[4] += t->c[i].iowait;
    }
    n += (size_t)snprintf(buf + n, sizeof(buf) - n,
                          "cpu  %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
                          " 0 0 0 0 0\n",
                          s[0], s[1], s[2], s[3], s[4]);
    for (unsigned i = 0; i < t->ncpu; i++) {
        const struct fcpu *c = &t->c[i];
        if (!c->online)
            continue; /* the kernel lists online CPUs only */
        n += (size_t)snprintf(buf + n, sizeof(buf) - n,
                              "cpu%u %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
                              " 0 0 0 0 0\n",
                              i, c->user, c->nice, c->sys, c->idle, c->iowait);
    }
    snprintf(buf + n, sizeof(buf) - n, "intr 0\nctxt 0\nbtime 0\nprocesses 1\n");
    put(buf, "%s/proc/stat", t->root);
}

static void tree_counters(struct tree *t)
{
    char b[32];
    snprintf(b, sizeof(b), "%" PRIu64 "\n", t->t_ns);
    put(b, "%s/clock", t->root);
    tree_stat(t);
    for (unsigned i = 0; i < t->ncpu && t->msr; i++) {
        msr_put(t, i, 0x10, t->c[i].tsc);
        msr_put(t, i, 0xE7, t->c[i].mperf);
        msr_put(t, i, 0xE8, t->c[i].aperf);
    }
}

static void tree_make(struct tree *t, const char *name, unsigned ncpu, enum flavour fl, int msr)
{
    memset(t, 0, sizeof(*t));
    snprintf(t->root, sizeof(t->root), "%s/%s", PGOVD_TMP, name);
    nftw(t->root, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
    t->ncpu = ncpu;
    t->fl = fl;
    t->msr = msr;
    t->t_ns = 1000000000ull;
    xmkdir("%s/proc", t->root);
    for (unsigned i = 0; i < ncpu; i++) {
        const char *r = t->root;
        char v[64];
        xmkdir("%s/sys/devices/system/cpu/cpufreq/policy%u", r, i);
        xmkdir("%s/sys/devices/system/cpu/cpu%u", r, i);
        char target[64], link[1024];
        snprintf(target, sizeof(target), "../cpufreq/policy%u", i);
        snprintf(link, sizeof(link), "%s/sys/devices/system/cpu/cpu%u/cpufreq", r, i);
        assert_int_equal(symlink(target, link), 0);
        if (i) /* cpu0 has no online file on most machines */
            put("1\n", "%s/sys/devices/system/cpu/cpu%u/online", r, i);
#define P(leaf, val) put(val, "%s/sys/devices/system/cpu/cpufreq/policy%u/" leaf, r, i)
        snprintf(v, sizeof(v), "%u\n", MIN_KHZ);
        P("cpuinfo_min_freq", v);
        P("scaling_min_freq", v);
        snprintf(v, sizeof(v), "%u\n", MAX_KHZ);
        P("cpuinfo_max_freq", v);
        P("scaling_max_freq", v);
        snprintf(v, sizeof(v), "%u\n", i);
        P("affected_cpus", v);
        P("scaling_cur_freq", "1600000\n");
        if (fl == ACPI) {
            P("scaling_driver", "acpi-cpufreq\n");
            P("scaling_available_governors",
              "conservative ondemand userspace powersave performance schedutil\n");
            P("scaling_governor", "schedutil\n");
            P("scaling_setspeed", "<unsupported>\n");
            P("scaling_available_frequencies",
              "3900000 3500000 3000000 2400000 1600000 800000\n");
        } else {
            snprintf(v, sizeof(v), "%u\n", BASE_KHZ);
            P("base_frequency", v);
            P("scaling_driver", "intel_pstate\n");
            P("scaling_available_governors", "performance powersave\n");
            P("scaling_governor", "powersave\n");
        }
#undef P
        if (msr) {
            xmkdir("%s/dev/cpu/%u", r, i);
            put("", "%s/dev/cpu/%u/msr", r, i);
            msr_put(t, i, 0x774, HWP_REQ0); /* an HWP_REQUEST to keep */
            msr_put(t, i, 0x771, 39u | 24u << 8 | 8u << 16 | 1u << 24); /* HWP_CAPABILITIES */
            msr_put(t, i, 0xCE, (uint64_t)(BASE_KHZ / 100000) << 8); /* PLATFORM_INFO */
        }
        t->c[i].online = 1;
        t->c[i].tsc = 5000000000ull * (i + 1);
        t->c[i].mperf = 1000000000ull * (i + 1);
        t->c[i].aperf = 900000000ull * (i + 1);
        t->c[i].user = 1000 + i;
        t->c[i].idle = 50000;
    }
    tree_counters(t);
}

/* The frequency pgovd last asked for on @cpu (0 before it wrote anything). */
static uint32_t req_khz(const struct tree *t, unsigned cpu)
{
    const char *base = "%s/sys/devices/system/cpu/cpufreq/policy%u/";
    char fmt[256];
    if (t->fl == ACPI && !strncmp(get("%s/sys/devices/system/cpu/cpufreq/policy%u/scaling_"
                                      "governor",
                                      t->root, cpu),
                                  "userspace", 9)) {
        snprintf(fmt, sizeof(fmt), "%sscaling_setspeed", base);
        return (uint32_t)getu(fmt, t->root, cpu);
    }
    if (t->fl == PSTATE) {
        snprintf(fmt, sizeof(fmt), "%sscaling_max_freq", base);
        uint64_t hi = getu(fmt, t->root, cpu);
        snprintf(fmt, sizeof(fmt), "%sscaling_min_freq", base);
        uint64_t lo = getu(fmt, t->root, cpu);
        return lo == hi ? (uint32_t)hi : 0;
    }
    return 0;
}

/* Advance the hardware by @dt_ns with @busy_pct[i] percent busy per CPU
 * (iowait_pct of the idle part spent in iowait). APERF runs at the frequency
 * the daemon set, TSC at base. */
static void advance(struct tree *t, uint64_t dt_ns, const unsigned *busy_pct, unsigned iowait_pct)
{
    uint64_t ticks = dt_ns / 10000000; /* USER_HZ = 100 */
    t->t_ns += dt_ns;
    for (unsigned i = 0; i < t->ncpu; i++) {
        struct fcpu *c = &t->c[i];
        if (!c->online)
            continue;
        uint64_t b = ticks * busy_pct[i] / 100;
        uint64_t io = (ticks - b) * iowait_pct / 100;
        c->user += b;
        c->idle += ticks - b - io;
        c->iowait += io;
        uint64_t dtsc = dt_ns / 1000 * BASE_KHZ / 1000;
        uint64_t dm = dtsc * busy_pct[i] / 100;
        uint32_t f = req_khz(t, i);
        if (!f)
            f = 1600000;
        c->tsc += dtsc;
        c->mperf += dm;
        c->aperf += dm / BASE_KHZ * f;
    }
    tree_counters(t);
}

/* ------------------------------------------------------------ snapshots */

struct snap {
    char **e;
    size_t n, cap;
};
static struct snap *cur_snap;
static size_t root_len;

static int snap_cb(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)ftw;
    char line[8192], extra[4096] = "";
    if (flag == FTW_SL) {
        ssize_t n = readlink(p, extra, sizeof(extra) - 1);
        extra[n < 0 ? 0 : n] = '\0';
    } else if (flag == FTW_F) {
        FILE *f = fopen(p, "r");
        size_t n = f ? fread(extra, 1, sizeof(extra) - 1, f) : 0;
        extra[n] = '\0';
        if (f)
            fclose(f);
    }
    snprintf(line, sizeof(line), "%s %c %o [%s]", p + root_len,
             flag == FTW_SL ? 'l' : flag == FTW_D ? 'd' : 'f', (unsigned)(sb->st_mode & 07777),
             extra);
    if (cur_snap->n == cur_snap->cap) {
        cur_snap->cap = cur_snap->cap ? 2 * cur_snap->cap : 64;
        cur_snap->e = realloc(cur_snap->e, cur_snap->cap * sizeof(char *));
    }
    cur_snap->e[cur_snap->n++] = strdup(line);
    return 0;
}

static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void snap_take(const struct tree *t, struct snap *s)
{
    char p[1024];
    memset(s, 0, sizeof(*s));
    snprintf(p, sizeof(p), "%s/sys", t->root);
    cur_snap = s;
    root_len = strlen(t->root);
    assert_int_equal(nftw(p, snap_cb, 16, FTW_PHYS), 0);
    qsort(s->e, s->n, sizeof(char *), cmpstr);
}

static void snap_free(struct snap *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->e[i]);
    free(s->e);
}

/* Number of differing entries (printed). */
static int snap_diff(const struct snap *a, const struct snap *b)
{
    size_t i = 0, j = 0;
    int diffs = 0;
    while (i < a->n || j < b->n) {
        int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->e[i], b->e[j]);
        if (c == 0) {
            i++, j++;
            continue;
        }
        diffs++;
        if (c < 0)
            print_message("  before: %s\n", a->e[i++]);
        else
            print_message("  after:  %s\n", b->e[j++]);
    }
    return diffs;
}

static void assert_tree_is(const struct tree *t, const struct snap *before)
{
    struct snap now;
    snap_take(t, &now);
    int d = snap_diff(before, &now);
    snap_free(&now);
    assert_int_equal(d, 0);
}

/* ------------------------------------------------------------ running pgovd */

struct daemon {
    pid_t pid;
    FILE *in, *out;
    char errfile[600];
    unsigned ticks;
    char log[65536]; /* stdout collected so far */
    size_t loglen;
};

/* Per-test knobs for the next d_start: leave out --state-file (the default
 * in the run dir is used), tell pgovd its stderr is the journal, and play
 * the service manager's notify socket. */
static int opt_no_state_arg, opt_journal;
static const char *opt_notify_socket;

static void d_start(struct daemon *d, const struct tree *t, int step, const char *const *args)
{
    int pin[2], pout[2];
    const char *argv[64];
    char sysr[600], procr[600], devr[600], state[600], clk[600], run[600];
    int n = 0;

    snprintf(sysr, sizeof(sysr), "--sysfs-root=%s/sys", t->root);
    snprintf(procr, sizeof(procr), "--proc-root=%s/proc", t->root);
    snprintf(devr, sizeof(devr), "--dev-root=%s/dev", t->root);
    snprintf(state, sizeof(state), "--state-file=%s/pgovd.state", t->root);
    snprintf(clk, sizeof(clk), "--clock-file=%s/clock", t->root);
    snprintf(run, sizeof(run), "--run-dir=%s/run", t->root);
    snprintf(d->errfile, sizeof(d->errfile), "%s/stderr.txt", t->root);
    argv[n++] = PGOVD_BIN;
    argv[n++] = sysr;
    argv[n++] = procr;
    argv[n++] = devr;
    if (!opt_no_state_arg)
        argv[n++] = state;
    argv[n++] = run;
    argv[n++] = "--fake-msr";
    if (step) {
        argv[n++] = "--step";
        argv[n++] = clk;
    }
    while (*args)
        argv[n++] = *args++;
    argv[n] = NULL;
    assert_int_equal(pipe(pin), 0);
    assert_int_equal(pipe(pout), 0);
    d->pid = fork();
    assert_true(d->pid >= 0);
    if (d->pid == 0) {
        int e = open(d->errfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        struct stat est;
        if (opt_journal && fstat(e, &est) == 0) {
            char js[64];
            snprintf(js, sizeof(js), "%llu:%llu", (unsigned long long)est.st_dev,
                     (unsigned long long)est.st_ino);
            setenv("JOURNAL_STREAM", js, 1);
        }
        if (opt_notify_socket) {
            setenv("NOTIFY_SOCKET", opt_notify_socket, 1);
            setenv("WATCHDOG_USEC", "1000", 1); /* 1 ms: a ping every tick */
        }
        struct rlimit nocore = { 0, 0 }; /* the fatal-signal tests dump no core */
        setrlimit(RLIMIT_CORE, &nocore);
        dup2(pin[0], 0);
        dup2(pout[1], 1);
        dup2(e, 2);
        close(pin[1]);
        close(pout[0]);
        execv(PGOVD_BIN, (char *const *)argv);
        _exit(127);
    }
    close(pin[0]);
    close(pout[1]);
    d->in = fdopen(pin[1], "w");
    d->out = fdopen(pout[0], "r");
    d->ticks = 0;
    d->loglen = 0;
    d->log[0] = '\0';
}

/* Let the daemon run one tick; returns its stdout for that tick, or NULL
 * when it exited instead. */
static const char *d_tick(struct daemon *d)
{
    char line[1024], want[32];
    size_t start = d->loglen;
    fputs("\n", d->in);
    fflush(d->in);
    snprintf(want, sizeof(want), "tick %u\n", ++d->ticks);
    while (fgets(line, sizeof(line), d->out)) {
        if (!strcmp(line, want))
            return d->log + start;
        size_t l = strlen(line);
        if (d->loglen + l < sizeof(d->log)) {
            memcpy(d->log + d->loglen, line, l + 1);
            d->loglen += l;
        }
    }
    return NULL;
}

/* Close stdin (EOF ends a --step run) unless @sig, then wait. Returns the
 * wait status. */
static int d_finish(struct daemon *d, int sig)
{
    int st;
    char line[1024];
    if (sig)
        kill(d->pid, sig);
    fclose(d->in);
    while (fgets(line, sizeof(line), d->out)) {
        size_t l = strlen(line);
        if (d->loglen + l < sizeof(d->log)) {
            memcpy(d->log + d->loglen, line, l + 1);
            d->loglen += l;
        }
    }
    fclose(d->out);
    assert_int_equal(waitpid(d->pid, &st, 0), d->pid);
    return st;
}

static const char *d_stderr(const struct daemon *d)
{
    return get("%s", d->errfile);
}

/* The stderr of the last pgovd started on @t. */
static const char *d_stderr_of(const struct tree *t)
{
    return get("%s/stderr.txt", t->root);
}

/* Run pgovd to completion without --step; returns the wait status. */
static int run_once(const struct tree *t, const char *const *args)
{
    struct daemon d;
    d_start(&d, t, 0, args);
    return d_finish(&d, 0);
}

static int exited(int st, int code)
{
    return WIFEXITED(st) && WEXITSTATUS(st) == code;
}

static int state_exists(const struct tree *t)
{
    char p[600];
    snprintf(p, sizeof(p), "%s/pgovd.state", t->root);
    return access(p, F_OK) == 0;
}

static const unsigned busy0[MAXCPU] = { 0, 0, 0, 0 };
static const unsigned busy100[MAXCPU] = { 100, 100, 100, 100 };
/* "Idle" for closed loops: 1 % busy. A CPU with no C0 cycles at all never
 * runs intel_pstate's hook in the kernel (and its sample is rejected). */
static const unsigned busy1[MAXCPU] = { 1, 1, 1, 1 };

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
             "pgovd: started: pgovd 0.1 (libpgov %s), 1 CPU(s), every 50 ms: "
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

/* --restore (and a start) refuse a state file naming anything pgovd does
 * not write, through a link, with a value sysfs would not hold, or whose
 * checksum does not match: exit 2, the reason, nothing written. */
static void test_state_refused(void **state)
{
    (void)state;
    struct tree t;
    struct snap before;
    char line[2048], victim[700], p[700], q[700];
    tree_make(&t, "badstate", 2, ACPI, 1);
    const char *pol = "@/sys/devices/system/cpu/cpufreq/policy";
    snprintf(victim, sizeof(victim), "%s/victim", t.root);
    put("precious\n", "%s", victim);
    /* policy7: a link to a directory outside; policy6/scaling_max_freq: a
     * link to the victim. */
    xmkdir("%s/elsewhere", t.root);
    put("precious\n", "%s/elsewhere/scaling_governor", t.root);
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy7", t.root);
    assert_int_equal(symlink("../../../../../elsewhere", p), 0);
    xmkdir("%s/sys/devices/system/cpu/cpufreq/policy6", t.root);
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy6/scaling_max_freq", t.root);
    assert_int_equal(symlink(victim, p), 0);
    snap_take(&t, &before);
    const char *restore[] = { "--restore", NULL };
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
        struct daemon d;
        d_start(&d, &t, 0, restore);
        int st = d_finish(&d, 0);
        if (!exited(st, 2) || !strstr(d_stderr(&d), cases[k].why) ||
            !strstr(d_stderr(&d), "nothing was restored"))
            fail_msg("case %zu: status 0x%x, stderr '%s', want '%s'", k, st, d_stderr(&d),
                     cases[k].why);
        assert_true(state_exists(&t)); /* kept for the operator */
        assert_string_equal(get("%s", victim), "precious\n");
        assert_string_equal(get("%s/elsewhere/scaling_governor", t.root), "precious\n");
        assert_tree_is(&t, &before);
    }
    /* The file itself: a link, writable by others, no sum, the old format. */
    snprintf(p, sizeof(p), "%s/pgovd.state", t.root);
    snprintf(q, sizeof(q), "%s/real.state", t.root);
    snprintf(line, sizeof(line), "F 0 0 %s %s0/scaling_governor\n", hexs("performance\n"), pol);
    state_put(&t, line, 0);
    assert_int_equal(rename(p, q), 0);
    assert_int_equal(symlink(q, p), 0);
    static const char *const why_file[] = { "a symbolic link, not a state file",
                                            "not written by pgovd", "no checksum line",
                                            "format 1 of libpgov 0.6.3" };
    for (int k = 0; k < 4; k++) {
        if (k == 1) {
            state_put(&t, line, 0);
            chmod(p, 0666);
        } else if (k == 2) {
            unlink(p);
            put("pgovd-state 2 999999999\n", "%s", p);
            chmod(p, 0600);
        } else if (k == 3) {
            unlink(p);
            put("pgovd-state 1 999999999\nF 0 0 706572666f726d616e63650a /x\n", "%s", p);
            chmod(p, 0600);
        }
        struct daemon d;
        d_start(&d, &t, 0, restore);
        int st = d_finish(&d, 0);
        if (!exited(st, 2) || !strstr(d_stderr(&d), why_file[k]))
            fail_msg("file case %d: status 0x%x, stderr '%s'", k, st, d_stderr(&d));
        assert_tree_is(&t, &before);
    }
    /* A start finds the same refused file left over: exit 2, nothing changed. */
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
        cmocka_unit_test(test_help_and_bad_args),
        cmocka_unit_test(test_setspeed_performance),
        cmocka_unit_test(test_limits_powersave),
        cmocka_unit_test(test_dry_run),
        cmocka_unit_test(test_sigterm),
        cmocka_unit_test(test_crash_and_kill),
        cmocka_unit_test(test_write_refused),
        cmocka_unit_test(test_cpu_offline),
        cmocka_unit_test(test_config_per_cpu),
        cmocka_unit_test(test_policies_closed_loop),
        cmocka_unit_test(test_hwp_boost),
        cmocka_unit_test(test_single_instance),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_summary_and_journal),
        cmocka_unit_test(test_sd_notify),
        cmocka_unit_test(test_sighup_reload),
        cmocka_unit_test(test_procstat_garbage),
        cmocka_unit_test(test_config_errors),
        cmocka_unit_test(test_fatal_signals),
        cmocka_unit_test(test_state_refused),
        cmocka_unit_test(test_config_bounded),
        cmocka_unit_test(test_freq_table_errors),
    };
    signal(SIGPIPE, SIG_IGN);
    return cmocka_run_group_tests_name("pgovd", tests, NULL, NULL);
}
