/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: a userspace CPU-frequency governor built on libpgov.
 *
 * Shared declarations of the daemon's parts: file access under the sysfs,
 * proc and dev roots (fs.c), the save/restore plan (restore.c), the hardware
 * backend the library's governor instances call (hal.c) and the policy
 * dispatcher (policy.c). pgovd.c holds the command line and the main loop.
 */
#ifndef PGOVD_H
#define PGOVD_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <pgov/pgov.h>
#include <pgov/pstate.h>

#define PGOVD_MAX_CPUS 1024
#define PGOVD_VAL_MAX 128 /* longest sysfs value we save or write */

/* ---------------------------------------------------------------- fs.c */

/* Read a whole small file into @buf (NUL-terminated). Returns its length or
 * -errno. Never creates anything. */
int pgovd_read(const char *path, char *buf, size_t len);
/* pgovd_read() through pgovd_open_nofollow(): a link anywhere on @path is
 * refused (-ELOOP). */
int pgovd_read_nofollow(const char *path, char *buf, size_t len);
/* open() an absolute canonical @path walking it one component at a time with
 * O_NOFOLLOW: -ELOOP if any component is a symbolic link, -EINVAL for an
 * empty, "." or ".." component. Async-signal-safe. Returns the fd or -errno. */
int pgovd_open_nofollow(const char *path, int flags);
/* Write @len bytes to an EXISTING file (O_WRONLY|O_TRUNC, never O_CREAT).
 * Returns 0 or -errno. */
int pgovd_write(const char *path, const char *buf, size_t len);
/* Read one decimal unsigned value (leading/trailing blanks allowed). */
int pgovd_read_u64(const char *path, uint64_t *v);
/* 8-byte little-endian register @reg of an msr device: the msr driver reads
 * register R at file offset R. Test trees use plain files instead, where
 * registers would overlap, so --fake-msr sets the stride to 8 (register R
 * at byte 8*R). */
extern unsigned pgovd_msr_stride;
int pgovd_msr_read(int fd, uint32_t reg, uint64_t *v);
int pgovd_msr_write(const char *path, uint32_t reg, uint64_t v);
/* Parse "0-3,6" into @set (PGOVD_MAX_CPUS bits). Returns 0 or -EINVAL. */
int pgovd_parse_cpulist(const char *s, unsigned char *set);

/* How much of /proc/stat is read before it is called garbage (-EFBIG), in
 * bytes of full 511-byte reads (short lines count as full ones): a real one
 * with a thousand CPUs is a few thousand lines and a long intr line. */
#define PGOVD_STAT_MAX (16l << 20)
/* One CPU's line of /proc/stat, in USER_HZ ticks. */
struct pgovd_stat {
    uint64_t user, nice, system, idle, iowait, irq, softirq, steal;
};
/* Parse the "cpuN" lines of a /proc/stat image; @present gets a bit per
 * CPU that has a line (offline CPUs have none). Returns 0 or -errno;
 * -EINVAL with @bad_line set for a malformed cpu line, with @bad_line 0 for
 * a file without the total and at least one cpuN line (garbage, empty). */
int pgovd_parse_stat(const char *path, struct pgovd_stat *per_cpu, unsigned char *present,
                     unsigned ncpu, int *bad_line);

/* ---------------------------------------------------------------- restore.c */

/* What the daemon changes, with the bytes that were there before. Built
 * before the first write; the fatal-signal handler walks it with nothing but
 * open/write/close, so it is plain static data once armed. */
enum pgovd_rkind { PGOVD_R_FILE = 0, PGOVD_R_MSR = 1 };
#define PGOVD_RF_BEST_EFFORT 0x1u /* a refusal is logged, not an error */
#define PGOVD_RF_TWICE 0x2u       /* written again after the whole pass */
struct pgovd_rentry {
    char path[PATH_MAX];
    uint32_t kind;             /* enum pgovd_rkind */
    uint32_t reg;              /* PGOVD_R_MSR: file offset of the register */
    uint32_t flags;            /* PGOVD_RF_* */
    uint32_t len;              /* bytes in data */
    char data[PGOVD_VAL_MAX];  /* original bytes (MSR: 8 bytes LE) */
};

struct pgovd_plan {
    struct pgovd_rentry *e;
    unsigned n, cap;
};

/* The only directories a plan may write under, canonical (realpath), so
 * that a saved path is compared as a string and then walked without
 * following a link: the configured sysfs root's devices/system/cpu and the
 * dev root's cpu (msr devices). "" when the root does not resolve. */
struct pgovd_roots {
    char cpu[PATH_MAX];
    char dev[PATH_MAX];
};
void pgovd_roots_init(struct pgovd_roots *r, const char *sysfs_root, const char *dev_root);

/* Read the current bytes of @path (no link followed) and append them
 * (0 or -errno). */
/* Room for one more entry (doubling); -ENOMEM. */
int pgovd_plan_grow(struct pgovd_plan *p);
int pgovd_plan_add_file(struct pgovd_plan *p, const char *path, uint32_t flags);
/* @path is made canonical first (the dev root may be a link). */
int pgovd_plan_add_msr(struct pgovd_plan *p, const char *path, uint32_t reg);
/* Put every saved value back in plan order, then the PGOVD_RF_TWICE ones again
 * (a max limit written before its min may be refused until the min is back).
 * Every path is opened with pgovd_open_nofollow(). Async-signal-safe when
 * @quiet (no stdio). Returns the number of entries that could not be
 * restored (best-effort ones excluded). */
int pgovd_plan_restore(const struct pgovd_plan *p, bool quiet);
void pgovd_plan_free(struct pgovd_plan *p);

/* The state file (state.c). Version 2: a header with the writer's pid, one
 * line per entry, a last line with the FNV-1a-64 sum of everything before
 * it. A loaded file is trusted for nothing: see pgovd_plan_check(). */
#define PGOVD_STATE_MAX (4l << 20)               /* bytes */
#define PGOVD_STATE_ENTRIES (5u * PGOVD_MAX_CPUS) /* 4 cpufreq files + 1 MSR per CPU */
uint64_t pgovd_state_sum(const char *buf, size_t len);
/* Write the plan to @state_file atomically (tmp + fsync + rename, mode 0600). */
int pgovd_plan_save(const struct pgovd_plan *p, const char *state_file);
/* Parse a state file image and check every entry; @why gets "line N: reason"
 * for the first thing refused, and @p is left empty. 0, -EINVAL (refused)
 * or -ENOMEM. Writes nothing anywhere. */
int pgovd_plan_parse(struct pgovd_plan *p, const char *buf, size_t len,
                     const struct pgovd_roots *roots, long *pid, char *why, size_t whylen);
/* pgovd_plan_parse() of @state_file, which must be a regular file (not a
 * link) owned by us or root, writable by no one else, at most
 * PGOVD_STATE_MAX bytes. -ENOENT when there is none. */
int pgovd_plan_load(struct pgovd_plan *p, const char *state_file, const struct pgovd_roots *roots,
                    long *pid, char *why, size_t whylen);
/* Every entry is one pgovd writes: a cpufreq file (scaling_governor,
 * scaling_setspeed, scaling_min_freq, scaling_max_freq) under roots->cpu or
 * IA32_HWP_REQUEST of an msr device under roots->dev; no link on its path;
 * a governor name or a frequency within the policy's cpuinfo range; no
 * entry twice. 0, or -EINVAL with the entry's index and reason in @why. */
int pgovd_plan_check(const struct pgovd_plan *p, const struct pgovd_roots *roots, char *why,
                     size_t whylen);

/* Fatal signals (restore.c): every signal whose default action ends the
 * process, but for SIGTERM/SIGINT (a clean stop from the main loop), SIGHUP
 * (reload), SIGPIPE (ignored) and SIGKILL/SIGSTOP (uncatchable), restores
 * @p from the handler with async-signal-safe calls, then dies of the same
 * signal. @p must stay valid while armed. */
void pgovd_fatal_arm(const struct pgovd_plan *p, const char *state_file);
/* Block (true) or unblock those signals: around the final restore, so that
 * one arriving then waits until the restore is complete. */
void pgovd_fatal_block(bool block);
/* Forget the plan: a handler that runs afterwards only dies of its signal. */
void pgovd_fatal_disarm(void);

/* ---------------------------------------------------------------- policies */

enum pgovd_write_mode { PGOVD_WM_AUTO, PGOVD_WM_SETSPEED, PGOVD_WM_LIMITS };
enum pgovd_counters { PGOVD_CNT_AUTO, PGOVD_CNT_MSR, PGOVD_CNT_PROCSTAT };

struct pgovd_policy;

/* A policy as chosen by the user: a dispatcher entry plus its profile. */
struct pgovd_spec {
    const struct pgovd_policy *pol;
    uint32_t kver; /* PGOV_KVER_* (0 = newest) */
};

/* Everything the daemon knows about one CPU. */
struct pgovd_cpu {
    unsigned id;
    bool managed;   /* selected on the command line / config */
    bool online;    /* as of the last tick */
    bool active;    /* governor instance initialised for the current online period */
    bool inst_started_once;
    bool msr;       /* APERF/MPERF/TSC come from the msr device */
    int msr_fd;
    char dir[PATH_MAX];     /* resolved cpufreq directory (the policy) */
    char msr_path[PATH_MAX];
    enum pgovd_write_mode wm; /* resolved: SETSPEED or LIMITS */
    uint32_t min_khz, max_khz, base_khz; /* cpuinfo_min/max, base_frequency */
    uint32_t start_khz; /* scaling_cur_freq when the daemon started (0: unknown) */
    uint32_t req_khz;  /* the policy's latest request (0: none yet) */
    uint32_t cur_khz;  /* last value written (0: nothing written yet) */
    struct pgovd_spec spec;
    /* degraded-mode counters synthesised from /proc/stat */
    struct pgovd_stat st_prev;
    bool st_valid;
    uint64_t st_time_ns;
    uint64_t syn_aperf, syn_mperf, syn_tsc;
    /* the library's governor instance, in caller storage */
    void *mem;
    size_t mem_len;
    void *inst;
    uint64_t next_ns;  /* timer-driven policies: when to call the timer */
    int64_t last_load; /* for decision lines: policy-specific, -1 if none */
    uint32_t flags_now;  /* PGOV_UPDATE_IOWAIT when iowait time grew over the last tick */
    uint64_t iowait_prev;
    bool iowait_valid;
};

struct pgovd {
    /* options */
    const char *sysfs_root, *proc_root, *dev_root, *state_file, *clock_file;
    const char *run_dir, *status_file; /* lock, state and status live in run_dir */
    unsigned interval_ms;
    unsigned long iterations;
    bool dry_run, verbose, step;
    bool demo; /* --demo: on a generated fake machine (demo.c) */
    enum pgovd_write_mode wm;
    enum pgovd_counters counters;
    uint32_t scaling_khz;
    /* state */
    unsigned ncpu; /* highest CPU id + 1 that has a cpufreq directory */
    struct pgovd_cpu *cpu;
    struct pgovd_stat *stat_now;
    unsigned char *stat_present;
    uint64_t now_ns;
    struct pgovd_plan plan;
    struct pgovd_roots roots; /* where the plan may write */
    struct pgov_pstate_shared pstate_shared; /* the "all CPUs" IO RFC's shared state */
};

/* Policy dispatcher (policy.c). */
struct pgovd_policy {
    const char *name;
    const char *help;
    /* The governor as a policy line of the tools' model
     * (examples/model/policy_spec.h), which builds its configuration. */
    const char *model;
    /* Extra hardware the policy needs (PGOV_HW_NEED_* of the library). */
    uint32_t need;
    /* Set up c->inst in c->mem (0 or a negative pgov_err / -errno). */
    int (*start)(struct pgovd *d, struct pgovd_cpu *c);
    /* One tick at d->now_ns; sets c->req_khz through the HAL. */
    int (*tick)(struct pgovd *d, struct pgovd_cpu *c);
};

const struct pgovd_policy *pgovd_policy_find(const char *name);
/* The longest --interval a timer-driven profile (intel_pstate v4.5, whose
 * 10 ms sampling timer counts ticks) is run with. */
#define PGOVD_TIMER_MAX_INTERVAL_MS 10u
/* c runs a timer-driven profile (its instance is started). */
bool pgovd_policy_timer_driven(const struct pgovd_cpu *c);
void pgovd_policy_list(void);
/* "name[@major.minor]" -> spec; major.minor must be a real Linux release
 * (examples/common/num.h). Returns 0, or -EINVAL/-ENOENT/-ERANGE with a reason
 * in @why. */
int pgovd_spec_parse(const char *s, struct pgovd_spec *spec, char *why, size_t whylen);

/* HAL (hal.c): the pgov_hw_ops table the library instances are bound to;
 * ctx is the struct pgovd. */
extern const struct pgov_hw_ops pgovd_hw_ops;
int pgovd_read_counters(struct pgovd *d, struct pgovd_cpu *c, struct pgov_hw_counters *out);
int pgovd_get_limits(struct pgovd *d, struct pgovd_cpu *c, struct pgov_hw_limits *out);
int pgovd_read_idle(struct pgovd *d, struct pgovd_cpu *c, struct pgov_hw_idle *out);

/* Startup (setup.c): the CPUs, their cpufreq policies and what will be
 * saved. Each returns 0 or -1 after printing the error. */
void pgovd_cpu_path(const struct pgovd *d, char *buf, unsigned cpu, const char *leaf);
void pgovd_pol_path(const struct pgovd_cpu *c, char *buf, const char *leaf);
bool pgovd_cpu_online(const struct pgovd *d, unsigned cpu);
int pgovd_find_cpus(struct pgovd *d);
int pgovd_setup_cpu(struct pgovd *d, struct pgovd_cpu *c);
int pgovd_plan_cpu(struct pgovd *d, struct pgovd_cpu *c);
/* HWP boost programs IA32_HWP_REQUEST itself and leaves cpufreq alone. */
bool pgovd_uses_cpufreq(const struct pgovd_cpu *c);
/* Put back the plan and remove the state file (0), or keep it (-1). */
int pgovd_restore_all(struct pgovd *d);
/* A state file left behind (SIGKILL, power loss): checked, then put back.
 * 0 (done, or none and !@must_exist), 1 (could not restore, or it belongs
 * to a live pgovd), 2 (refused: named with the reason, nothing written). */
int pgovd_restore_leftover(struct pgovd *d, bool must_exist);
/* A policy's start() result that already printed its reason. */
#define PGOVD_EREPORTED (-1000)

/* Operator and service-manager interface (service.c). */
/* The project's version (examples/CMakeLists.txt passes PGOV_TOOL_VERSION). */
#ifdef PGOV_TOOL_VERSION
#define PGOVD_VERSION PGOV_TOOL_VERSION
#else
#define PGOVD_VERSION "unknown"
#endif
/* flock run_dir/lock (created with run_dir); -EBUSY with @holder = its pid. */
int pgovd_lock(const char *run_dir, int *fd_out, long *holder);
bool pgovd_lock_held(const char *run_dir);
void pgovd_notify(const char *msg);          /* sd_notify(3) over $NOTIFY_SOCKET */
uint64_t pgovd_watchdog_usec(void);          /* $WATCHDOG_USEC for this pid, or 0 */
bool pgovd_stderr_is_journal(void);          /* $JOURNAL_STREAM names our stderr */
int pgovd_status_write(const struct pgovd *d, unsigned long ticks);

/* --demo (demo.c): a fake cpufreq machine in a private temporary directory,
 * a synthetic load and a table of the decisions. setup() (before the paths
 * are derived) builds it and points the roots, run directory and clock
 * there; before_tick() advances its clock and /proc/stat; after_tick()
 * prints the tick's row; finish() (after the restore) prints the summary,
 * checks the governors are back and removes the directory, returning the
 * exit status. 0 or -1 after printing the error. */
int pgovd_demo_setup(struct pgovd *d);
int pgovd_demo_before_tick(struct pgovd *d, unsigned long n);
void pgovd_demo_after_tick(struct pgovd *d, unsigned long n);
int pgovd_demo_finish(struct pgovd *d, int rc);

/* Diagnostics. */
void pgovd_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pgovd_log(struct pgovd *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
