/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd --demo: the daemon on a machine it generates, for trying it where
 * there is no cpufreq (a VM, a container, a non-x86 laptop).
 *
 * A private directory (mkdtemp under $TMPDIR or /tmp) gets a fake sysfs
 * cpufreq tree -- DEMO_NCPU CPUs, one acpi-cpufreq-like policy each, with
 * the `userspace` governor and a frequency table -- a /proc/stat, an empty
 * dev root (no msr device: the /proc/stat degraded mode) and a clock file.
 * The roots, run directory and clock are pointed there and the daemon runs
 * its ordinary path: lock, state file, take-over, ticks writing
 * scaling_setspeed, restore. Before each tick the demo plays the machine:
 * the clock advances by one interval (simulated time, so the decisions do
 * not depend on how loaded the host is) and each CPU's /proc/stat times by
 * its load shape. After each tick it prints the load the daemon read and
 * the frequency it wrote; at the end a summary, the restored governors, and
 * the directory is removed (also on an error exit: atexit).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pgovd.h"

#define DEMO_NCPU 4u
#define DEMO_TICKS 40ul /* the default --iterations: 2 s at the default 50 ms */
#define DEMO_MIN_KHZ 800000u
#define DEMO_MAX_KHZ 3900000u
#define DEMO_GOV0 "schedutil" /* the governor the tree starts with and gets back */
#define DEMO_SQUARE_HALF 5ul /* ticks per half period of the square wave */

/* One load shape per CPU, in the order of the CPUs. */
static const char *const shape_name[DEMO_NCPU] = { "ramp", "square", "30%", "idle" };
static const char *const shape_help[DEMO_NCPU] = {
    "ramp 0 -> 100 % over the run", "square wave 100 % / 5 %, 5 ticks each",
    "constant 30 %", "idle (0 %)",
};

static struct {
    char root[PATH_MAX]; /* "" when there is nothing (left) to remove */
    char clock[PATH_MAX + 8];
    uint64_t t_ns;
    unsigned long ticks;
    /* the fake CPUs' /proc/stat times, in USER_HZ (10 ms) ticks */
    uint64_t user[DEMO_NCPU], idle[DEMO_NCPU];
    unsigned frac[DEMO_NCPU]; /* busy time carried over, in 1/100 USER_HZ tick */
    unsigned load[DEMO_NCPU]; /* busy % /proc/stat shows over the last tick; 101: no tick */
    /* summary */
    uint64_t khz_sum[DEMO_NCPU];
    unsigned khz_n[DEMO_NCPU], changes[DEMO_NCPU];
    uint32_t khz_last[DEMO_NCPU], khz_min[DEMO_NCPU], khz_max[DEMO_NCPU];
} demo;

/* The busy percentage of CPU @i at tick @n of @total. */
static unsigned shape_pct(unsigned i, unsigned long n, unsigned long total)
{
    switch (i) {
    case 0: return total > 1 ? (unsigned)(n * 100 / (total - 1)) : 100;
    case 1: return (n / DEMO_SQUARE_HALF) % 2 ? 5 : 100;
    case 2: return 30;
    default: return 0;
    }
}

static int rm_cb(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(p) ? -1 : 0;
}

/* Remove the demo directory; 0, or -1 if something is left. */
static int remove_tree(void)
{
    if (!demo.root[0])
        return 0;
    int r = nftw(demo.root, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
    if (r && errno != ENOENT) {
        pgovd_err("%s: cannot remove the demo directory: %s", demo.root, strerror(errno));
        return -1;
    }
    demo.root[0] = '\0';
    return 0;
}

static void remove_at_exit(void)
{
    remove_tree();
}

/* Create @rel under the demo root with @content (printf-style path). */
static int put(const char *content, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int put(const char *content, const char *fmt, ...)
{
    char rel[256], p[PATH_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rel, sizeof(rel), fmt, ap);
    va_end(ap);
    snprintf(p, sizeof(p), "%s/%s", demo.root, rel);
    FILE *f = fopen(p, "we");
    if (!f || fputs(content, f) < 0 || fclose(f)) {
        pgovd_err("%s: cannot write: %s", p, strerror(errno));
        return -1;
    }
    return 0;
}

static int mk(const char *rel)
{
    char p[PATH_MAX + 256];
    snprintf(p, sizeof(p), "%s/%s", demo.root, rel);
    if (mkdir(p, 0755) && errno != EEXIST) {
        pgovd_err("%s: cannot create: %s", p, strerror(errno));
        return -1;
    }
    return 0;
}

/* One CPU: cpuN/cpufreq -> ../cpufreq/policyN, as the kernel lays it out. */
static int make_cpu(unsigned i)
{
    static const char *const dirs[] = { "sys", "sys/devices", "sys/devices/system",
                                        "sys/devices/system/cpu",
                                        "sys/devices/system/cpu/cpufreq" };
    char rel[128], v[32], p[PATH_MAX + 256], tbl[256] = "";
    size_t n = 0;
    int r = 0;

    for (size_t k = 0; k < sizeof(dirs) / sizeof(dirs[0]) && !r; k++)
        r = mk(dirs[k]);
    snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpufreq/policy%u", i);
    r = r ? r : mk(rel);
    snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%u", i);
    r = r ? r : mk(rel);
    if (r)
        return -1;
    snprintf(p, sizeof(p), "%s/%s/cpufreq", demo.root, rel);
    snprintf(v, sizeof(v), "../cpufreq/policy%u", i);
    if (symlink(v, p)) {
        pgovd_err("%s: cannot create: %s", p, strerror(errno));
        return -1;
    }
    if (i && put("1\n", "%s/online", rel)) /* cpu0 has no online file on most machines */
        return -1;
    /* acpi-cpufreq lists its P-states from the highest: 3.9 GHz, then every 300 MHz down */
    for (uint32_t khz = DEMO_MAX_KHZ; khz >= DEMO_MIN_KHZ;
         khz -= khz == DEMO_MAX_KHZ ? 100000 : 300000)
        n += (size_t)snprintf(tbl + n, sizeof(tbl) - n, "%s%u", n ? " " : "", khz);
    snprintf(tbl + n, sizeof(tbl) - n, "\n");
    const struct { const char *leaf, *val; } files[] = {
        { "cpuinfo_min_freq", "800000\n" },    { "scaling_min_freq", "800000\n" },
        { "cpuinfo_max_freq", "3900000\n" },   { "scaling_max_freq", "3900000\n" },
        { "scaling_cur_freq", "1600000\n" },   { "scaling_driver", "acpi-cpufreq\n" },
        { "scaling_governor", DEMO_GOV0 "\n" }, { "scaling_setspeed", "<unsupported>\n" },
        { "cpuinfo_transition_latency", "10000\n" },
        { "scaling_available_governors",
          "conservative ondemand userspace powersave performance schedutil\n" },
        { "scaling_available_frequencies", tbl },
    };
    snprintf(v, sizeof(v), "%u\n", i);
    if (put(v, "sys/devices/system/cpu/cpufreq/policy%u/affected_cpus", i) ||
        put(v, "sys/devices/system/cpu/cpufreq/policy%u/related_cpus", i))
        return -1;
    for (size_t k = 0; k < sizeof(files) / sizeof(files[0]); k++)
        if (put(files[k].val, "sys/devices/system/cpu/cpufreq/policy%u/%s", i, files[k].leaf))
            return -1;
    return 0;
}

/* The clock file and /proc/stat as of now. */
static int write_machine(void)
{
    char buf[2048], t[32];
    size_t n;
    uint64_t u = 0, id = 0;

    for (unsigned i = 0; i < DEMO_NCPU; i++)
        u += demo.user[i], id += demo.idle[i];
    n = (size_t)snprintf(buf, sizeof(buf), "cpu  %" PRIu64 " 0 0 %" PRIu64 " 0 0 0 0 0 0\n", u, id);
    for (unsigned i = 0; i < DEMO_NCPU; i++)
        n += (size_t)snprintf(buf + n, sizeof(buf) - n,
                              "cpu%u %" PRIu64 " 0 0 %" PRIu64 " 0 0 0 0 0 0\n", i, demo.user[i],
                              demo.idle[i]);
    snprintf(buf + n, sizeof(buf) - n, "intr 0\nctxt 0\nbtime 0\nprocesses 1\n");
    snprintf(t, sizeof(t), "%" PRIu64 "\n", demo.t_ns);
    return put(buf, "proc/stat") || put(t, "clock") ? -1 : 0;
}

int pgovd_demo_setup(struct pgovd *d)
{
    static char sys[PATH_MAX + 8], proc[PATH_MAX + 8], dev[PATH_MAX + 8], run[PATH_MAX + 8];
    const char *tmp = getenv("TMPDIR");

    if (!tmp || !*tmp)
        tmp = "/tmp";
    if ((size_t)snprintf(demo.root, sizeof(demo.root), "%s/pgovd-demo.XXXXXX", tmp) >=
        sizeof(demo.root) - 128) {
        pgovd_err("--demo: TMPDIR '%s' is too long", tmp);
        demo.root[0] = '\0';
        return -1;
    }
    if (!mkdtemp(demo.root)) {
        pgovd_err("--demo: cannot create %s: %s", demo.root, strerror(errno));
        demo.root[0] = '\0';
        return -1;
    }
    atexit(remove_at_exit); /* a start that fails leaves nothing behind either */
    demo.t_ns = 1000000000ull;
    for (unsigned i = 0; i < DEMO_NCPU; i++) {
        demo.user[i] = 1000 + i; /* some history, as after boot */
        demo.idle[i] = 50000;
        if (make_cpu(i))
            return -1;
    }
    if (mk("proc") || mk("dev") || mk("run") || write_machine())
        return -1;
    snprintf(sys, sizeof(sys), "%s/sys", demo.root);
    snprintf(proc, sizeof(proc), "%s/proc", demo.root);
    snprintf(dev, sizeof(dev), "%s/dev", demo.root);
    snprintf(run, sizeof(run), "%s/run", demo.root);
    snprintf(demo.clock, sizeof(demo.clock), "%s/clock", demo.root);
    d->sysfs_root = sys;
    d->proc_root = proc;
    d->dev_root = dev;
    d->run_dir = run;
    d->clock_file = demo.clock;
    if (!d->iterations)
        d->iterations = DEMO_TICKS;
    return 0;
}

static void print_header(const struct pgovd *d)
{
    printf("pgovd --demo: %u fake acpi-cpufreq CPUs (%u..%u MHz), %lu ticks of %u ms\n"
           "  (no msr device: degraded mode, load from /proc/stat; simulated clock)\n",
           DEMO_NCPU, DEMO_MIN_KHZ / 1000, DEMO_MAX_KHZ / 1000, d->iterations, d->interval_ms);
    printf("fake machine: %s\n", demo.root);
    for (unsigned i = 0; i < DEMO_NCPU && i < d->ncpu; i++) {
        const struct pgovd_cpu *c = &d->cpu[i];
        char ver[16] = "";
        if (c->managed && c->spec.kver)
            snprintf(ver, sizeof(ver), "@%u.%u", c->spec.kver >> 8, c->spec.kver & 0xff);
        printf("  cpu%u: load %-36s policy %s%s\n", i, shape_help[i],
               c->managed ? c->spec.pol->name : "(not managed)", ver);
    }
    printf("load: busy share of each tick in the fake /proc/stat (in 10 ms USER_HZ steps)\n"
           "MHz: scaling_setspeed as pgovd wrote it (- before its first write)\n");
    printf("tick   t/ms");
    for (unsigned i = 0; i < DEMO_NCPU; i++) {
        char h[32];
        snprintf(h, sizeof(h), "cpu%u %s", i, shape_name[i]);
        printf("  %11s", h);
    }
    printf("\n           ");
    for (unsigned i = 0; i < DEMO_NCPU; i++)
        printf("  load    MHz");
    printf("\n");
}

int pgovd_demo_before_tick(struct pgovd *d, unsigned long n)
{
    uint64_t t0 = demo.t_ns;
    if (n)
        demo.t_ns += (uint64_t)d->interval_ms * 1000000u;
    /* whole USER_HZ ticks elapsed, as the kernel counts them */
    uint64_t dj = demo.t_ns / 10000000u - t0 / 10000000u;
    for (unsigned i = 0; i < DEMO_NCPU; i++) {
        uint64_t busy = demo.frac[i] + dj * shape_pct(i, n, d->iterations);
        uint64_t b = busy / 100; /* <= dj: the carried part is below one tick */
        demo.frac[i] = (unsigned)(busy % 100);
        demo.user[i] += b;
        demo.idle[i] += dj - b;
        demo.load[i] = dj ? (unsigned)(b * 100 / dj) : 101;
    }
    return write_machine();
}

void pgovd_demo_after_tick(struct pgovd *d, unsigned long n)
{
    if (!n)
        print_header(d);
    demo.ticks = n + 1;
    printf("%4lu %6" PRIu64, n + 1, (uint64_t)((demo.t_ns - 1000000000u) / 1000000u));
    for (unsigned i = 0; i < DEMO_NCPU; i++) {
        char p[PATH_MAX], l[8] = "-", m[24] = "-";
        uint64_t khz = 0;
        if (demo.load[i] <= 100)
            snprintf(l, sizeof(l), "%u%%", demo.load[i]);
        if (i < d->ncpu && d->cpu[i].managed) {
            pgovd_pol_path(&d->cpu[i], p, "scaling_setspeed");
            if (pgovd_read_u64(p, &khz) || khz > UINT32_MAX)
                khz = 0; /* nothing written yet ("<unsupported>") */
        }
        if (khz)
            snprintf(m, sizeof(m), "%" PRIu64, khz / 1000);
        printf("  %4s %6s", l, m);
        if (!khz)
            continue;
        demo.khz_sum[i] += khz;
        if (!demo.khz_n[i]++ || khz < demo.khz_min[i])
            demo.khz_min[i] = (uint32_t)khz;
        if (khz > demo.khz_max[i])
            demo.khz_max[i] = (uint32_t)khz;
        if (khz != demo.khz_last[i])
            demo.changes[i]++;
        demo.khz_last[i] = (uint32_t)khz;
    }
    printf("\n");
}

/* After the daemon's own restore: the summary, proof that the tree is as it
 * was, and the directory removed. Returns the exit status. */
int pgovd_demo_finish(struct pgovd *d, int rc)
{
    printf("summary over %lu tick(s):\n", demo.ticks);
    for (unsigned i = 0; i < DEMO_NCPU; i++) {
        if (!demo.khz_n[i]) {
            printf("  cpu%u %-6s  no frequency written\n", i, shape_name[i]);
            continue;
        }
        printf("  cpu%u %-6s  mean %4" PRIu64 " MHz  min %4u  max %4u  %u write(s)\n", i,
               shape_name[i], demo.khz_sum[i] / demo.khz_n[i] / 1000, demo.khz_min[i] / 1000,
               demo.khz_max[i] / 1000, demo.changes[i]);
    }
    for (unsigned i = 0; i < DEMO_NCPU && i < d->ncpu; i++) {
        char p[PATH_MAX], g[PGOVD_VAL_MAX];
        if (!d->cpu[i].managed)
            continue;
        pgovd_pol_path(&d->cpu[i], p, "scaling_governor");
        if (pgovd_read(p, g, sizeof(g)) < 0)
            strcpy(g, "?\n");
        g[strcspn(g, "\n")] = '\0';
        bool ok = !strcmp(g, DEMO_GOV0);
        printf("cpu%u scaling_governor: %s (%s)\n", i, g,
               ok ? "restored" : "NOT restored, expected " DEMO_GOV0);
        if (!ok)
            rc = 1;
    }
    fflush(stdout);
    char root[sizeof(demo.root)];
    strcpy(root, demo.root);
    if (remove_tree())
        return 1;
    printf("removed %s\n", root);
    return rc;
}
