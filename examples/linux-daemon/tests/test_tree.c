/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd against fake sysfs/proc/dev trees: the tree and the daemon runner
 * (test_tree.h).
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


#include "test_tree.h"

/* ------------------------------------------------------------ file helpers */

void xmkdir(const char *fmt, ...)
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

void put(const char *content, const char *fmt, ...)
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

char *get(const char *fmt, ...)
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

uint64_t msr_get(const struct tree *t, unsigned cpu, uint32_t reg)
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

void tree_counters(struct tree *t)
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

void tree_make(struct tree *t, const char *name, unsigned ncpu, enum flavour fl, int msr)
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
uint32_t req_khz(const struct tree *t, unsigned cpu)
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
void advance(struct tree *t, uint64_t dt_ns, const unsigned *busy_pct, unsigned iowait_pct)
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

void snap_take(const struct tree *t, struct snap *s)
{
    char p[1024];
    memset(s, 0, sizeof(*s));
    snprintf(p, sizeof(p), "%s/sys", t->root);
    cur_snap = s;
    root_len = strlen(t->root);
    assert_int_equal(nftw(p, snap_cb, 16, FTW_PHYS), 0);
    qsort(s->e, s->n, sizeof(char *), cmpstr);
}

void snap_free(struct snap *s)
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

void assert_tree_is(const struct tree *t, const struct snap *before)
{
    struct snap now;
    snap_take(t, &now);
    int d = snap_diff(before, &now);
    snap_free(&now);
    assert_int_equal(d, 0);
}

/* ------------------------------------------------------------ running pgovd */


/* Per-test knobs for the next d_start: leave out --state-file (the default
 * in the run dir is used), tell pgovd its stderr is the journal, and play
 * the service manager's notify socket. */
int opt_no_state_arg, opt_journal;
const char *opt_notify_socket;

void d_start(struct daemon *d, const struct tree *t, int step, const char *const *args)
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
const char *d_tick(struct daemon *d)
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
int d_finish(struct daemon *d, int sig)
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

const char *d_stderr(const struct daemon *d)
{
    return get("%s", d->errfile);
}

/* The stderr of the last pgovd started on @t. */
const char *d_stderr_of(const struct tree *t)
{
    return get("%s/stderr.txt", t->root);
}

/* Run pgovd to completion without --step; returns the wait status. */
int run_once(const struct tree *t, const char *const *args)
{
    struct daemon d;
    d_start(&d, t, 0, args);
    return d_finish(&d, 0);
}

int exited(int st, int code)
{
    return WIFEXITED(st) && WEXITSTATUS(st) == code;
}

int state_exists(const struct tree *t)
{
    char p[600];
    snprintf(p, sizeof(p), "%s/pgovd.state", t->root);
    return access(p, F_OK) == 0;
}

const unsigned busy0[MAXCPU] = { 0, 0, 0, 0 };
const unsigned busy100[MAXCPU] = { 100, 100, 100, 100 };
/* "Idle" for closed loops: 1 % busy. A CPU with no C0 cycles at all never
 * runs intel_pstate's hook in the kernel (and its sample is rejected). */
const unsigned busy1[MAXCPU] = { 1, 1, 1, 1 };

