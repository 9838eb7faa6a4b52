/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: a userspace CPU-frequency governor built on libpgov.
 *
 * Startup: find the CPUs and their cpufreq directories, pick the counter
 * source (msr or the /proc/stat degraded mode) and the write mode (the
 * `userspace` governor's scaling_setspeed, or clamping scaling_min_freq and
 * scaling_max_freq), record every value it will change (restore.c), save
 * that plan to the state file, and only then change anything.
 * Loop: every --interval ms, per online CPU, run the policy once and write
 * the frequency it asks for. CPUs going offline are skipped and get a fresh
 * governor instance when they come back.
 * Stop: SIGTERM/SIGINT/SIGHUP, --iterations reached, or a fatal error: put
 * every saved value back and remove the state file.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "num.h"
#include "pgovd.h"

/* The default tick: see docs/pgovd.8 (DEFAULTS) for the measured cost. */
#define PGOVD_DEFAULT_INTERVAL_MS 50
#define PGOVD_RUN_DIR "/run/pgovd"
/* How often the status file is rewritten (daemon clock). */
#define PGOVD_STATUS_PERIOD_NS 1000000000ull

static volatile sig_atomic_t stop_sig, reload_sig;
/* stderr is the journal: prefix lines with their syslog priority (sd-daemon(3)). */
static bool journal;

static void on_stop(int sig)
{
    stop_sig = sig;
}

static void on_hup(int sig)
{
    (void)sig;
    reload_sig = 1;
}

void pgovd_err(const char *fmt, ...)
{
    va_list ap;
    fputs(journal ? "<3>pgovd: error: " : "pgovd: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void pgovd_log(struct pgovd *d, const char *fmt, ...)
{
    va_list ap;
    (void)d;
    fputs(journal ? "<6>pgovd: " : "pgovd: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: pgovd [OPTION]...\n"
            "       pgovd status [--run-dir DIR]\n"
            "A userspace CPU-frequency governor running libpgov policies.\n\n"
            "  -p, --policy NAME[@VER]   policy for every CPU (default ondemand if built,\n"
            "                            else performance); VER is a kernel profile\n"
            "                            like 4.17 or 'latest'\n"
            "  -c, --cpus LIST=NAME[@VER] policy for some CPUs (repeatable), LIST like 0-3,6;\n"
            "                            with -c only the listed CPUs are managed\n"
            "  -C, --config FILE         read options from FILE (see pgovd(8))\n"
            "  -i, --interval MS         tick length in milliseconds (default 50)\n"
            "  -n, --iterations N        stop after N ticks (default: run until signalled)\n"
            "      --dry-run             print each decision; write nothing at all\n"
            "      --demo                try pgovd without cpufreq: run it on a generated\n"
            "                            fake machine (4 CPUs) under a synthetic load and\n"
            "                            show its decisions (with -p, -c, -i, -n, -v only;\n"
            "                            default 40 ticks)\n"
            "      --sysfs-root DIR      sysfs mount point (default /sys)\n"
            "      --proc-root DIR       procfs mount point (default /proc)\n"
            "      --dev-root DIR        devtmpfs (for cpu/N/msr, default /dev)\n"
            "      --run-dir DIR         lock, state and status files (default /run/pgovd)\n"
            "      --state-file FILE     saved original settings (default RUN-DIR/state)\n"
            "      --write-mode MODE     auto | setspeed | limits (default auto)\n"
            "      --counters SRC        auto | msr | procstat (default auto)\n"
            "      --scaling-khz N       kHz per P-state ratio (default 100000)\n"
            "      --restore             put back the settings in the state file and exit\n"
            "      --step                testing: run one tick per line read on stdin\n"
            "      --clock-file FILE     testing: read the time (ns) from FILE each tick\n"
            "      --fake-msr            testing: cpu/N/msr are plain files, register R\n"
            "                            at byte 8*R\n"
            "  -l, --list-policies       list the policies and exit\n"
            "  -v, --verbose             print every decision and trace event\n"
            "  -h, --help                this text\n"
            "  -V, --version             version of pgovd and of libpgov\n");
}

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int read_clock(struct pgovd *d)
{
    if (!d->clock_file) {
        d->now_ns = mono_ns();
        return 0;
    }
    uint64_t v;
    int r = pgovd_read_u64(d->clock_file, &v);
    if (r) {
        pgovd_err("%s: cannot read the clock: %s", d->clock_file, strerror(-r));
        return -1;
    }
    d->now_ns = v;
    return 0;
}

/* ------------------------------------------------------------------ writes */

/* Errors that mean "this CPU (or its policy) just went away". */
static bool gone(int r)
{
    return r == -ENODEV || r == -ENOENT || r == -ENXIO || r == -EBUSY;
}

static int write_val(const char *path, uint32_t khz_or_0, const char *str)
{
    char b[32];
    if (!str) {
        snprintf(b, sizeof(b), "%u\n", khz_or_0);
        str = b;
    }
    return pgovd_write(path, str, strlen(str));
}

static void report_write(const char *path, const char *what, int r)
{
    pgovd_err("%s: cannot write %s: %s", path, what, strerror(-r));
}

/* Take over the CPU's policy: the userspace governor. Limits mode changes
 * nothing until the first decision. */
static int take_over(struct pgovd *d, struct pgovd_cpu *c)
{
    char p[PATH_MAX];
    if (d->dry_run || c->wm != PGOVD_WM_SETSPEED || !pgovd_uses_cpufreq(c))
        return 0;
    pgovd_pol_path(c, p, "scaling_governor");
    int r = write_val(p, 0, "userspace\n");
    if (r)
        report_write(p, "'userspace'", r);
    return r;
}

static int apply(struct pgovd_cpu *c, uint32_t khz)
{
    char p[PATH_MAX], what[32];
    int r;

    snprintf(what, sizeof(what), "%u kHz", khz);
    if (c->wm == PGOVD_WM_SETSPEED) {
        pgovd_pol_path(c, p, "scaling_setspeed");
        r = write_val(p, khz, NULL);
    } else {
        /* Raise the ceiling before the floor, lower the floor before the ceiling. */
        const char *order[2] = { "scaling_max_freq", "scaling_min_freq" };
        if (c->cur_khz && khz < c->cur_khz) {
            order[0] = "scaling_min_freq";
            order[1] = "scaling_max_freq";
        }
        r = 0;
        for (int i = 0; i < 2 && !r; i++) {
            pgovd_pol_path(c, p, order[i]);
            r = write_val(p, khz, NULL);
        }
    }
    if (r && !gone(r))
        report_write(p, what, r);
    return r;
}

/* ------------------------------------------------------------------ loop */

/* Why a policy's start() failed, for "cpuN: policy P: WHY". */
static const char *start_why(int r)
{
    if (r == PGOVD_EREPORTED)
        return "cannot start (see the error above)";
    return r < 0 && r > -200 ? pgov_strerror(r) : "cannot start";
}

static void synth_counters(struct pgovd *d, struct pgovd_cpu *c)
{
    const struct pgovd_stat *s = &d->stat_now[c->id];
    uint64_t all = s->user + s->nice + s->system + s->idle + s->iowait + s->irq + s->softirq +
                   s->steal;
    uint64_t idle = s->idle + s->iowait;

    if (c->st_valid && d->now_ns > c->st_time_ns) {
        const struct pgovd_stat *o = &c->st_prev;
        uint64_t all0 = o->user + o->nice + o->system + o->idle + o->iowait + o->irq +
                        o->softirq + o->steal;
        uint64_t dall = all - all0, didle = idle - (o->idle + o->iowait);
        uint64_t dt = d->now_ns - c->st_time_ns;
        uint64_t dtsc = dt / 1000 * c->base_khz / 1000; /* cycles at base frequency */
        uint64_t dm = dall && didle <= dall ? dtsc / dall * (dall - didle) +
                                                  dtsc % dall * (dall - didle) / dall
                                            : 0;
        /* /proc/stat counts whole USER_HZ ticks, so a lightly loaded CPU often
         * shows no busy tick at all; a CPU is never wholly outside C0 for a
         * tick (its timer interrupt runs), and intel_pstate rejects a sample
         * whose MPERF did not move, so C0 time is floored at 0.1 %. */
        if (dm < dtsc / 1000)
            dm = dtsc / 1000;
        uint32_t f = c->cur_khz ? c->cur_khz : c->base_khz;
        c->syn_tsc += dtsc;
        c->syn_mperf += dm;
        c->syn_aperf += dm / c->base_khz * f + dm % c->base_khz * f / c->base_khz;
    }
    c->st_prev = *s;
    c->st_time_ns = d->now_ns;
    c->st_valid = true;
}

static void print_decision(struct pgovd *d, struct pgovd_cpu *c)
{
    char ver[16] = "";
    if (c->spec.kver)
        snprintf(ver, sizeof(ver), "@%u.%u", c->spec.kver >> 8, c->spec.kver & 0xff);
    printf("cpu%u t=%" PRIu64 " policy=%s%s", c->id, d->now_ns, c->spec.pol->name, ver);
    if (c->last_load >= 0)
        printf(" load=%" PRId64, c->last_load);
    printf(" khz=%u%s\n", c->req_khz, d->dry_run ? " (dry-run)" : "");
}

/* One tick. Returns 0, or -1 after printing a fatal error. */
static int tick(struct pgovd *d)
{
    char sp[PATH_MAX];
    /* /proc/stat every tick: idle times, the IOWAIT flag, degraded counters,
     * and which CPUs the kernel still lists (offline ones have no line). */
    const bool need_stat = true;

    if (read_clock(d))
        return -1;
    {
        snprintf(sp, sizeof(sp), "%s/stat", d->proc_root);
        int bad_line = 0;
        int r = pgovd_parse_stat(sp, d->stat_now, d->stat_present, d->ncpu, &bad_line);
        if (r == -EINVAL && bad_line) {
            pgovd_err("%s:%d: malformed cpu line", sp, bad_line);
            return -1;
        }
        if (r) {
            /* Garbage or an empty file lists no CPU at all: that is not
             * every CPU going offline. */
            pgovd_err("%s: %s", sp, r == -EINVAL ? "no cpu lines (not a /proc/stat?)" : strerror(-r));
            return -1;
        }
    }
    for (unsigned i = 0; i < d->ncpu; i++) {
        struct pgovd_cpu *c = &d->cpu[i];
        if (!c->managed)
            continue;
        bool on = pgovd_cpu_online(d, i) &&
                  (!need_stat || (d->stat_present[i / 8] >> (i % 8) & 1));
        if (!on) {
            if (c->online)
                pgovd_log(d, "cpu%u went offline; skipping it", i);
            c->online = c->active = false;
            continue;
        }
        if (!c->online && c->inst_started_once)
            pgovd_log(d, "cpu%u is back online; restarting its governor", i);
        c->online = true;
        if (!c->active) {
            c->st_valid = false;
            c->iowait_valid = false;
            c->cur_khz = 0; /* force a write: the kernel may have reset it */
            int r = c->spec.pol->start(d, c);
            if (r) {
                pgovd_err("cpu%u: policy %s: cannot start: %s", i, c->spec.pol->name,
                          start_why(r));
                return -1;
            }
            c->active = true;
            c->inst_started_once = true;
        }
        if (!c->msr)
            synth_counters(d, c);
        /* The scheduler flags an IOWAIT wakeup; the nearest thing a daemon
         * sees is iowait time having grown since the previous tick. */
        uint64_t iow = d->stat_now[i].iowait;
        c->flags_now = c->iowait_valid && iow > c->iowait_prev ? PGOV_UPDATE_IOWAIT : 0;
        c->iowait_prev = iow;
        c->iowait_valid = true;
        int r = c->spec.pol->tick(d, c);
        if (r == PGOV_EIO && c->msr) {
            /* The msr device of an offlined CPU vanishes before sysfs says so. */
            pgovd_log(d, "cpu%u: counters unreadable (%s); treating it as offline", i,
                      c->msr_path);
            c->online = c->active = false;
            continue;
        }
        if (r < 0) {
            pgovd_err("cpu%u: policy %s failed: %s", i, c->spec.pol->name, pgov_strerror(r));
            return -1;
        }
        if (d->dry_run || d->verbose)
            print_decision(d, c);
    }
    /* CPUs sharing one cpufreq policy get the highest of their requests. */
    for (unsigned i = 0; i < d->ncpu; i++) {
        struct pgovd_cpu *c = &d->cpu[i];
        if (!c->managed || !c->active || !c->req_khz || !pgovd_uses_cpufreq(c))
            continue;
        uint32_t khz = c->req_khz;
        bool first = true;
        for (unsigned j = 0; j < d->ncpu; j++) {
            struct pgovd_cpu *o = &d->cpu[j];
            if (j == i || !o->managed || !o->active || strcmp(o->dir, c->dir))
                continue;
            if (j < i)
                first = false;
            if (o->req_khz > khz)
                khz = o->req_khz;
        }
        if (!first || d->dry_run)
            continue;
        if (khz < c->min_khz)
            khz = c->min_khz;
        if (khz > c->max_khz)
            khz = c->max_khz;
        if (khz == c->cur_khz)
            continue;
        int r = apply(c, khz);
        if (r && gone(r)) {
            pgovd_log(d, "cpu%u: policy went away while writing; treating it as offline", i);
            c->online = c->active = false;
            continue;
        }
        if (r)
            return -1;
        c->cur_khz = khz;
        for (unsigned j = i + 1; j < d->ncpu; j++)
            if (d->cpu[j].managed && !strcmp(d->cpu[j].dir, c->dir))
                d->cpu[j].cur_khz = khz;
    }
    return 0;
}

static void sleep_ms(unsigned ms)
{
    struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL); /* EINTR on a stop signal: that is the point */
}

/* SIGHUP: re-read the config file. Policies and the interval change in
 * place (each changed CPU's governor starts afresh); paths, write mode,
 * counters and the set of managed CPUs need a restart and are kept. A file
 * with an error changes nothing: the daemon runs on as it was. */
static void reload(struct pgovd *d, const char *config)
{
    struct pgovd_opts n;
    struct pgovd tmp = *d;
    unsigned changed = 0;

    if (!config) {
        pgovd_log(d, "SIGHUP: started without --config; nothing to reload");
        return;
    }
    pgovd_notify("RELOADING=1");
    memset(&n, 0, sizeof(n));
    n.reloading = true;
    int r = pgovd_config_read(&tmp, &n, config);
    if (r) {
        pgovd_err("%s: not reloaded; the running configuration stays", config);
        pgovd_notify("READY=1");
        return;
    }
    if (!n.have_def)
        n.def = pgovd_default_spec();
    if (tmp.wm != d->wm || tmp.counters != d->counters || tmp.scaling_khz != d->scaling_khz)
        pgovd_log(d, "%s: write-mode, counters or scaling-khz changed: needs a restart", config);
    /* The interval is the governors' tick (tick_ns at init): a new one
     * restarts every governor, so the policies below start with it, and it
     * is refused while a CPU that keeps its timer-driven v4.5 intel_pstate
     * would then run on ticks longer than that 10 ms timer. */
    unsigned old_interval = d->interval_ms;
    for (unsigned i = 0; i < d->ncpu && tmp.interval_ms > PGOVD_TIMER_MAX_INTERVAL_MS; i++) {
        struct pgovd_spec sp;
        struct pgovd_cpu *c = &d->cpu[i];
        if (c->managed && pgovd_policy_timer_driven(c) && pgovd_spec_for(&n, i, &sp) &&
            sp.pol == c->spec.pol && sp.kver == c->spec.kver) {
            pgovd_err("%s: interval %u refused: cpu%u runs intel_pstate v4.5 (10 ms "
                      "sampling timer), which needs 10 or less; keeping %u",
                      config, tmp.interval_ms, i, d->interval_ms);
            tmp.interval_ms = d->interval_ms;
        }
    }
    d->interval_ms = tmp.interval_ms;
    for (unsigned i = 0; i < d->ncpu; i++) {
        struct pgovd_cpu *c = &d->cpu[i];
        struct pgovd_spec sp, old = c->spec;
        if (!c->managed)
            continue;
        if (!pgovd_spec_for(&n, i, &sp)) {
            pgovd_log(d, "%s: cpu%u no longer listed: needs a restart; keeping it", config, i);
            continue;
        }
        if (sp.pol == old.pol && sp.kver == old.kver)
            continue;
        /* Try it now, so a profile the library lacks leaves this CPU as it was. */
        c->spec = sp;
        r = sp.pol->start(d, c);
        if (r) {
            pgovd_err("%s: cpu%u: policy %s: %s; keeping %s", config, i, sp.pol->name,
                      start_why(r), old.pol->name);
            c->spec = old;
            if (old.pol->start(d, c) == 0)
                continue;
            c->spec = old; /* the next tick reports it */
        }
        c->active = false; /* the next tick starts it from scratch */
        changed++;
    }
    if (old_interval != d->interval_ms)
        for (unsigned i = 0; i < d->ncpu; i++)
            d->cpu[i].active = false; /* the next tick starts it with the new tick */
    pgovd_log(d, "reloaded %s: %u CPU(s) changed policy, interval %u ms", config, changed,
              d->interval_ms);
    pgovd_notify("READY=1");
}

/* `pgovd status`: the running daemon's status file, if the lock is held. */
static int show_status(const struct pgovd *d)
{
    char buf[65536];
    if (!pgovd_lock_held(d->run_dir)) {
        printf("pgovd: not running (no lock held on %s/lock)\n", d->run_dir);
        return 3; /* LSB: program is not running */
    }
    int r = pgovd_read(d->status_file, buf, sizeof(buf));
    if (r < 0) {
        printf("pgovd: running; no status yet (%s: %s)\n", d->status_file, strerror(-r));
        return 0;
    }
    fputs(buf, stdout);
    return 0;
}

static struct pgovd *cleanup_d;

/* Release what the daemon allocated (instances, per-CPU tables, the plan),
 * so leak checkers see a clean exit on every path. */
static void cleanup(void)
{
    struct pgovd *d = cleanup_d;
    if (!d)
        return;
    for (unsigned i = 0; d->cpu && i < d->ncpu; i++) {
        free(d->cpu[i].mem);
        if (d->cpu[i].msr_fd >= 0)
            close(d->cpu[i].msr_fd);
    }
    free(d->cpu);
    free(d->stat_now);
    free(d->stat_present);
    pgovd_plan_free(&d->plan);
    d->cpu = NULL;
}

/* Command line. Returns -1 to go on, else the exit status (--help, a
 * usage error, ...). */
static int parse_args(int argc, char **argv, struct pgovd *d, struct pgovd_opts *o,
                      bool *status_cmd)
{
    static const struct option lo[] = {
        { "policy", required_argument, 0, 'p' },
        { "cpus", required_argument, 0, 'c' },
        { "config", required_argument, 0, 'C' },
        { "interval", required_argument, 0, 'i' },
        { "iterations", required_argument, 0, 'n' },
        { "dry-run", no_argument, 0, 1 },
        { "sysfs-root", required_argument, 0, 2 },
        { "proc-root", required_argument, 0, 3 },
        { "dev-root", required_argument, 0, 4 },
        { "state-file", required_argument, 0, 5 },
        { "run-dir", required_argument, 0, 13 },
        { "write-mode", required_argument, 0, 6 },
        { "counters", required_argument, 0, 7 },
        { "scaling-khz", required_argument, 0, 8 },
        { "restore", no_argument, 0, 9 },
        { "step", no_argument, 0, 10 },
        { "clock-file", required_argument, 0, 11 },
        { "fake-msr", no_argument, 0, 12 },
        { "demo", no_argument, 0, 14 },
        { "list-policies", no_argument, 0, 'l' },
        { "verbose", no_argument, 0, 'v' },
        { "help", no_argument, 0, 'h' },
        { "version", no_argument, 0, 'V' },
        { 0, 0, 0, 0 },
    };
    static const char *const key_of[] = {
        [2] = "sysfs-root", [3] = "proc-root",  [4] = "dev-root",   [5] = "state-file",
        [6] = "write-mode", [7] = "counters",   [8] = "scaling-khz", [13] = "run-dir",
    };
    const char *not_demo = NULL; /* an option that points pgovd at a real machine */
    int opt;

    opterr = 0; /* one line naming the option, as every tool says it, not the usage */
    while ((opt = getopt_long(argc, argv, ":p:c:C:i:n:lvhV", lo, NULL)) != -1) {
        int r = 0;
        for (size_t k = 0; !strchr("pcinv", opt) && opt != 14 && lo[k].name; k++)
            if (lo[k].val == opt)
                not_demo = lo[k].name;
        switch (opt) {
        case 'p': r = pgovd_opt_apply(d, o, "policy", optarg, "--policy"); break;
        case 'c': r = pgovd_opt_apply(d, o, "cpus", optarg, "--cpus"); break;
        case 'C': r = pgovd_config_read(d, o, optarg); break;
        case 'i': r = pgovd_opt_apply(d, o, "interval", optarg, "--interval"); break;
        case 'n': r = pgovd_opt_apply(d, o, "iterations", optarg, "--iterations"); break;
        case 1: d->dry_run = true; break;
        case 2: case 3: case 4: case 5: case 6: case 7: case 8: case 13: {
            char where[32];
            snprintf(where, sizeof(where), "--%s", key_of[opt]);
            r = pgovd_opt_apply(d, o, key_of[opt], optarg, where);
            break;
        }
        case 9: o->restore_only = true; break;
        case 10: d->step = true; break;
        case 11: d->clock_file = optarg; break;
        case 12: pgovd_msr_stride = 8; break;
        case 14: d->demo = true; break;
        case 'l':
            printf("policies (NAME[@MAJOR.MINOR] selects a kernel profile):\n");
            pgovd_policy_list();
            return 0;
        case 'v': d->verbose = true; break;
        case 'h': usage(stdout); return 0;
        case 'V':
            printf("pgovd %s (libpgov %s)\n", PGOVD_VERSION, pgov_version_string());
            return 0;
        case ':':
            pgovd_err("option '%s' needs a value", argv[optind - 1]);
            return 2;
        default:
            pgovd_err("unknown option '%s' (pgovd --help lists them)", argv[optind - 1]);
            return 2;
        }
        if (r)
            return 2;
    }
    if (optind < argc && !strcmp(argv[optind], "status"))
        *status_cmd = true, optind++;
    if (optind < argc) {
        pgovd_err("unexpected argument '%s' (see --help)", argv[optind]);
        return 2;
    }
    if (d->demo && (not_demo || *status_cmd)) {
        pgovd_err("--demo runs on its own fake machine: it does not combine with %s%s (only "
                  "with --policy, --cpus, --interval, --iterations, --verbose)",
                  not_demo ? "--" : "", not_demo ? not_demo : "'status'");
        return 2;
    }
    return -1;
}

/* One run directory for the binary and the unit: lock, state, status. */
static int set_paths(struct pgovd *d)
{
    static char state_buf[PATH_MAX], status_buf[PATH_MAX];

    if (!d->run_dir)
        d->run_dir = PGOVD_RUN_DIR;
    if (snprintf(status_buf, sizeof(status_buf), "%s/status", d->run_dir) >= (int)sizeof(status_buf) ||
        snprintf(state_buf, sizeof(state_buf), "%s/state", d->run_dir) >= (int)sizeof(state_buf)) {
        pgovd_err("--run-dir: path too long");
        return -1;
    }
    d->status_file = status_buf;
    if (!d->state_file)
        d->state_file = state_buf;
    pgovd_roots_init(&d->roots, d->sysfs_root, d->dev_root);
    return 0;
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop; /* no SA_RESETHAND: sleeps and reads return EINTR */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_hup;
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* One pgovd per machine (per run directory), --restore included: two
 * daemons saving and restoring the same files undo each other. */
static int take_lock(const struct pgovd *d, int *lock_fd)
{
    long holder;
    int r = pgovd_lock(d->run_dir, lock_fd, &holder);
    if (r == -EBUSY)
        pgovd_err("%s/lock: another pgovd (pid %ld) is running; stop it first", d->run_dir,
                  holder);
    else if (r)
        pgovd_err("%s/lock: cannot take the single-instance lock: %s", d->run_dir,
                  strerror(-r));
    return r ? -1 : 0;
}

/* Which CPUs are ours, and with which policy. 0, or the exit status. */
static int select_cpus(struct pgovd *d, struct pgovd_opts *o)
{
    if (!o->have_def)
        o->def = pgovd_default_spec();
    if (pgovd_find_cpus(d))
        return 1;
    for (unsigned i = 0; i < d->ncpu; i++) {
        struct pgovd_cpu *c = &d->cpu[i];
        char p[PATH_MAX];
        bool listed = o->nrules && pgovd_spec_for(o, i, &c->spec);
        if (!o->nrules)
            pgovd_spec_for(o, i, &c->spec);
        pgovd_cpu_path(d, p, i, "cpufreq");
        if (o->nrules && !listed)
            continue;
        if (access(p, F_OK) != 0 && !listed)
            continue; /* no cpufreq here (or offline at start): not ours */
        if (!pgovd_cpu_online(d, i)) {
            pgovd_log(d, "cpu%u is offline at start; not managing it", i);
            continue;
        }
        c->managed = true;
    }
    for (unsigned k = 0; k < o->nrules; k++)
        for (unsigned i = d->ncpu; i < PGOVD_MAX_CPUS; i++)
            if (o->rules[k].set[i / 8] >> (i % 8) & 1) {
                pgovd_err("--cpus: cpu%u does not exist under %s/devices/system/cpu", i,
                          d->sysfs_root);
                return 2; /* a configuration error: nothing changed */
            }
    return 0;
}

/* Set up every managed CPU and try its policy once, so that a profile the
 * library does not implement (ondemand@4.5, ...) fails before anything is
 * changed; the first tick starts it again from scratch. 0, or the exit
 * status. */
static int start_cpus(struct pgovd *d, unsigned *nman)
{
    *nman = 0;
    for (unsigned i = 0; i < d->ncpu; i++) {
        struct pgovd_cpu *c = &d->cpu[i];
        if (!c->managed)
            continue;
        if (pgovd_setup_cpu(d, c) || (!d->dry_run && pgovd_plan_cpu(d, c)))
            return 1;
        int r = c->spec.pol->start(d, c);
        if (r) {
            pgovd_err("cpu%u: policy %s: %s", i, c->spec.pol->name, start_why(r));
            return 2; /* a configuration error: nothing changed */
        }
        (*nman)++;
        if (!c->msr)
            pgovd_log(d, "cpu%u: no readable %s; degraded mode (load from %s/stat)", i,
                      c->msr_path[0] ? c->msr_path : "msr device", d->proc_root);
        c->online = true;
    }
    if (!*nman) {
        pgovd_err("%s/devices/system/cpu: no online CPU with cpufreq to manage", d->sysfs_root);
        return 1;
    }
    return 0;
}

/* Save the plan (checked as --restore would check it), arm the fatal
 * signals, then change the first thing. 0; 1 once something may have
 * changed; -1 when nothing was. */
static int save_and_take_over(struct pgovd *d)
{
    char why[PATH_MAX + 160];
    if (d->dry_run)
        return 0;
    int r = pgovd_plan_check(&d->plan, &d->roots, why, sizeof(why));
    if (r) {
        pgovd_err("cannot save the original settings: %s (nothing was changed)", why);
        return -1;
    }
    r = pgovd_plan_save(&d->plan, d->state_file);
    if (r) {
        pgovd_err("%s: cannot save the original settings: %s (nothing was changed)",
                  d->state_file, strerror(-r));
        return -1;
    }
    pgovd_fatal_arm(&d->plan, d->state_file);
    for (unsigned i = 0; i < d->ncpu; i++)
        if (d->cpu[i].managed && take_over(d, &d->cpu[i]))
            return 1;
    return 0;
}

/* The start summary, at default verbosity: what an operator checks first. */
static void log_started(struct pgovd *d, unsigned nman)
{
    char sum[1024];
    size_t len = 0;
    for (unsigned i = 0; i < d->ncpu && len < sizeof(sum) - 64; i++) {
        const struct pgovd_cpu *c = &d->cpu[i];
        if (!c->managed)
            continue;
        char ver[16] = "";
        if (c->spec.kver)
            snprintf(ver, sizeof(ver), "@%u.%u", c->spec.kver >> 8, c->spec.kver & 0xff);
        len += (size_t)snprintf(sum + len, sizeof(sum) - len, " cpu%u=%s%s/%s%s", i,
                                c->spec.pol->name, ver,
                                c->wm == PGOVD_WM_SETSPEED ? "setspeed" : "limits",
                                c->msr ? "" : "/degraded");
    }
    pgovd_log(d, "started: pgovd %s (libpgov %s), %u CPU(s), every %u ms%s:%s", PGOVD_VERSION,
              pgov_version_string(), nman, d->interval_ms, d->dry_run ? ", dry run" : "", sum);
    pgovd_notify("READY=1\nSTATUS=governing");
}

/* The main loop: until a stop signal, --iterations, EOF under --step or an
 * error. @rc is 0 or 1; @n gets the ticks run, @t_first the first one's time. */
static int run_loop(struct pgovd *d, const struct pgovd_opts *o, int rc, unsigned long *n_out,
                    uint64_t *t_first)
{
    const uint64_t wd_ns = pgovd_watchdog_usec() * 1000u / 2; /* ping at half the timeout */
    uint64_t wd_last = 0, status_last = 0;
    bool status_due = true;
    unsigned long n;

    *t_first = 0;
    for (n = 0; !rc && !stop_sig && (!d->iterations || n < d->iterations); n++) {
        if (reload_sig) {
            reload_sig = 0;
            reload(d, o->config);
            status_due = true;
        }
        if (d->step) {
            char line[64];
            fflush(stdout);
            if (!fgets(line, sizeof(line), stdin)) {
                if (reload_sig && !feof(stdin)) { /* SIGHUP interrupted the read */
                    clearerr(stdin);
                    n--;
                    continue;
                }
                break; /* EOF or a stop signal */
            }
        }
        if ((d->demo && pgovd_demo_before_tick(d, n)) || tick(d))
            rc = 1;
        else if (d->demo)
            pgovd_demo_after_tick(d, n);
        if (!n)
            *t_first = d->now_ns;
        if (!rc && wd_ns && (!wd_last || mono_ns() - wd_last >= wd_ns)) {
            pgovd_notify("WATCHDOG=1");
            wd_last = mono_ns();
        }
        if (!rc && !d->dry_run && (status_due || d->now_ns - status_last >= PGOVD_STATUS_PERIOD_NS)) {
            int r = pgovd_status_write(d, n + 1);
            if (r && status_due)
                pgovd_log(d, "%s: cannot write the status: %s", d->status_file, strerror(-r));
            status_last = d->now_ns;
            status_due = false;
        }
        if (d->step && !rc) {
            printf("tick %lu\n", n + 1);
            fflush(stdout);
        } else if (!rc && !stop_sig && (!d->iterations || n + 1 < d->iterations)) {
            fflush(stdout);
            sleep_ms(d->interval_ms);
        }
    }
    *n_out = n;
    return rc;
}

/* Restore, say so, and return the exit status. */
static int finish(struct pgovd *d, int rc, unsigned long n, uint64_t t_first)
{
    fflush(stdout);
    pgovd_notify("STOPPING=1");
    if (stop_sig)
        pgovd_log(d, "%s: restoring the original settings", strsignal(stop_sig));
    unsigned nsaved = d->plan.n;
    if (pgovd_restore_all(d))
        rc = 1;
    if (!d->dry_run)
        unlink(d->status_file);
    pgovd_log(d, "stopped%s after %lu tick(s) over %.1f s: %s", rc ? " on an error" : "", n,
              (double)(d->now_ns - t_first) / 1e9,
              d->dry_run ? "dry run, nothing was changed"
              : rc      ? "see the errors above"
                        : nsaved ? "every saved setting restored" : "nothing to restore");
    pgovd_plan_free(&d->plan);
    return rc;
}

int main(int argc, char **argv)
{
    /* static: the atexit() cleanup runs after main's frame is gone */
    static struct pgovd d = {
        .sysfs_root = "/sys",
        .proc_root = "/proc",
        .dev_root = "/dev",
        .interval_ms = PGOVD_DEFAULT_INTERVAL_MS,
        .scaling_khz = 100000,
    };
    static struct pgovd_opts o;
    bool status_cmd = false;
    int lock_fd = -1, rc;
    unsigned nman;
    unsigned long n = 0;
    uint64_t t_first = 0;

    journal = pgovd_stderr_is_journal();
    cleanup_d = &d;
    atexit(cleanup);
    rc = parse_args(argc, argv, &d, &o, &status_cmd);
    if (rc >= 0)
        return rc;
    if (d.demo) {
        install_signals(); /* a Ctrl-C from here on ends in finish(): the tree is removed */
        if (pgovd_demo_setup(&d))
            return 1;
    }
    if (set_paths(&d))
        return 2;
    if (status_cmd)
        return show_status(&d);
    install_signals();
    /* A dry run writes nothing, so it takes no lock. */
    if (!d.dry_run && take_lock(&d, &lock_fd))
        return 1;
    if (o.restore_only)
        return pgovd_restore_leftover(&d, true);
    rc = select_cpus(&d, &o);
    if (rc)
        return rc;
    /* Everything below may change the machine; first undo a previous crash. */
    if (!d.dry_run && (rc = pgovd_restore_leftover(&d, false)) != 0)
        return rc;
    rc = start_cpus(&d, &nman);
    if (rc)
        return rc;
    rc = save_and_take_over(&d);
    if (rc < 0)
        return 1;
    if (!rc)
        log_started(&d, nman);
    rc = run_loop(&d, &o, rc, &n, &t_first);
    rc = finish(&d, rc, n, t_first);
    if (lock_fd >= 0)
        close(lock_fd);
    return d.demo ? pgovd_demo_finish(&d, rc) : rc;
}
