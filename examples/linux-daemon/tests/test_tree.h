/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fake machine pgovd's tests run against (test_tree.c): cpufreq
 * policies, /proc/stat, msr files and a clock under the build directory,
 * snapshots of the sysfs tree, and pgovd run as a child, one tick at a time
 * (--step) or to completion. test_pgovd.c holds the daemon's behaviour,
 * test_pgovd_guard.c what it refuses and survives (issue 30).
 */
#ifndef PGOVD_TEST_TREE_H
#define PGOVD_TEST_TREE_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

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

/* Sorted "path kind mode [content]" lines of a tree's sys/. */
struct snap {
    char **e;
    size_t n, cap;
};

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
extern int opt_no_state_arg, opt_journal;
extern const char *opt_notify_socket;
/* Per-CPU busy percentages: idle, flat out, and 1 % ("idle" for closed
 * loops: a CPU with no C0 cycles never runs intel_pstate's hook). */
extern const unsigned busy0[MAXCPU], busy100[MAXCPU], busy1[MAXCPU];

void xmkdir(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void put(const char *content, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *get(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
uint64_t msr_get(const struct tree *t, unsigned cpu, uint32_t reg);
void tree_counters(struct tree *t);
void tree_make(struct tree *t, const char *name, unsigned ncpu, enum flavour fl, int msr);
uint32_t req_khz(const struct tree *t, unsigned cpu);
void advance(struct tree *t, uint64_t dt_ns, const unsigned *busy_pct, unsigned iowait_pct);
void snap_take(const struct tree *t, struct snap *s);
void snap_free(struct snap *s);
void assert_tree_is(const struct tree *t, const struct snap *before);
void d_start(struct daemon *d, const struct tree *t, int step, const char *const *args);
const char *d_tick(struct daemon *d);
int d_finish(struct daemon *d, int sig);
const char *d_stderr(const struct daemon *d);
const char *d_stderr_of(const struct tree *t);
int run_once(const struct tree *t, const char *const *args);
int exited(int st, int code);
int state_exists(const struct tree *t);

#endif
