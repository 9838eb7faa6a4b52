/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libpgovtrace: scheduler traces in, rebuilt kernel signals out.
 *
 *   parse_text.c  ftrace buffer text and `trace-cmd report` text
 *   parse_dat.c   trace.dat (PGT_HAVE_DAT builds only): its ring-buffer pages
 *                 (dat_pages.c, a page walker or kbuffer), else libtracecmd's
 *                 iteration
 *   pidtab.c      the pid -> record table
 *   trace.c       the event array, task names, format detection
 *   signals.c     PELT / util_est rebuilt through libpgov, compared with the
 *                 kernel's own sched_pelt_* / sched_util_est_* events (its
 *                 parts: signals_entity.c, signals_compare.c,
 *                 signals_flush.c, signals_transition.c; signals_int.h)
 *   workload.c    per-task bursts, sleeps and wake-ups for pgov-sim
 *   timeline.c    per-task running/runnable/sleeping intervals (timeline.h)
 *
 * A library (static, position-independent) so that other code, such as the
 * Python bindings, links the same parser rather than writing another.
 * Every function returning int gives 0 or -1 with a "file:line: reason"
 * message in the trace's err.
 */
#ifndef PGOV_TRACE_H
#define PGOV_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "pidtab.h"

#define PGT_MAX_CPUS 256
#define PGT_COMM_LEN 16
#define PGT_ERR_LEN 640
#define PGT_MAX_GROUPS 64 /* task groups (cfs_rq paths other than "/") a trace may name */
#define PGT_PATH_LEN 64   /* a path's bytes with its NUL: LISA's and pgov_sched_tp's field */

enum pgt_type {
    PGT_SWITCH = 1,  /* pid: prev, pid2: next; x[0]: prev state, x[1]/x[2]: prev/next prio */
    PGT_WAKEUP,      /* pid; x[0]: target cpu; x[1]: prio */
    PGT_WAKEUP_NEW,  /* as PGT_WAKEUP */
    PGT_MIGRATE,     /* pid; x[0]: orig cpu, x[1]: dest cpu; x[2]: prio */
    PGT_FORK,        /* pid: parent, pid2: child */
    PGT_EXEC,        /* pid */
    PGT_EXIT,        /* pid */
    PGT_IDLE,        /* x[0]: state (UINT32_MAX: exit), x[1]: cpu */
    PGT_FREQ,        /* x[0]: kHz, x[1]: cpu */
    PGT_PSTATE,      /* x: core_busy, scaled, from, to; v: mperf, aperf, tsc, freq, io_boost */
    PGT_PELT_SE,     /* pid; x[0]: cpu; x[2]: its cfs_rq, 1 + an index in pgt_trace.group
                        (0: the root); v: load, runnable, util, update_time (0: none) */
    PGT_PELT_CFS,    /* x[0]: cpu; v as PGT_PELT_SE */
    PGT_PELT_RT,     /* x[0]: cpu; v as PGT_PELT_SE */
    PGT_PELT_DL,
    PGT_PELT_IRQ,
    PGT_UE_SE,       /* pid; x[0]: cpu; v: enqueued, ewma, util */
    PGT_UE_CFS,      /* x[0]: cpu; v: enqueued, ewma, util */
    PGT_LOST,        /* events lost on cpu: v[0] how many (0: unknown) */
    PGT_HOTPLUG,     /* x[0]: cpu, x[1]: 1 coming up, 0 going down; x[2]: 1 a further teardown step */
    PGT_PELT_GROUP,  /* a task group's PELT sample: x[0]: cpu; x[1]: 1 its entity (pid -1),
                        0 its cfs_rq; x[2]: its path, an index in pgt_trace.group; v as PGT_PELT_SE */
    PGT_NTYPES
};

/* x[3] of the signal events: emitted in hardirq context (the flags column) */
#define PGT_IN_HARDIRQ 1u

/* prev_state of PGT_SWITCH */
enum pgt_prev_state { PGT_PREV_RUNNABLE = 0, PGT_PREV_SLEEP = 1, PGT_PREV_DEAD = 2 };

struct pgt_event {
    uint64_t ts;  /* ns */
    uint32_t type;
    uint32_t cpu; /* the CPU whose buffer holds the event */
    int32_t pid, pid2;
    uint32_t x[4];
    uint64_t v[5];
    uint32_t line; /* input line (text) or record index (trace.dat), for messages */
};

struct pgt_comm {
    int32_t pid;
    char comm[PGT_COMM_LEN];
};

struct pgt_trace {
    const char *path;
    struct pgt_event *ev;
    size_t n, cap;
    uint32_t ncpu;          /* from the header (#P:, cpus=) or the largest CPU seen + 1 */
    uint32_t ts_digits;     /* fractional digits of the timestamps: 6 (us) or 9 (ns) */
    const char *format;     /* "ftrace", "trace-cmd report", "trace.dat" */
    uint64_t lost_events;   /* sum of the counts in lost-events markers */
    uint32_t lost_markers;
    bool wrapped;           /* the ring buffer overwrote events (entries-written > in buffer) */
    uint32_t hotplug;       /* CPU hotplug transitions seen */
    uint64_t unknown_events;/* events of other types, skipped */
    uint64_t records_ns;    /* trace.dat: time spent reading the records, open excluded (bench/trace) */
    const char *dat_reader; /* trace.dat: "ring-buffer pages (page walker)", "... (kbuffer)" or "libtracecmd" */
    const char *dat_reader_why; /* why libtracecmd read it; NULL: the pages reader */
    struct pgt_pidtab comm; /* pid -> struct pgt_comm, the last name seen */
    char uname[160];        /* the recording kernel's `uname -a` (trace.dat's UNAME option, a
                             * text trace's "# uname: ..." line), or "" */
    char group[PGT_MAX_GROUPS][PGT_PATH_LEN]; /* task groups' paths, as the trace names them */
    uint32_t ngroups;
    uint64_t update_time_lead; /* ns every update_time was brought back by (pgt_finish) */
    char err[PGT_ERR_LEN];
};

/* How to read a trace.dat: its pages when this reader takes the file, else
 * libtracecmd (AUTO); or one of the two only (PAGES fails on a file it
 * leaves to libtracecmd). Both give the same events. */
enum pgt_dat_reader { PGT_DAT_AUTO = 0, PGT_DAT_PAGES, PGT_DAT_TRACECMD };

/* Read a trace file of any supported format (detected from its content). */
int pgt_load(const char *path, struct pgt_trace *t);
int pgt_load_with(const char *path, struct pgt_trace *t, enum pgt_dat_reader reader);
/* Parse text (ftrace or trace-cmd report) from memory; name is used in messages. */
int pgt_parse_text(struct pgt_trace *t, const char *name, const char *text, size_t len);
/* The same from a file, a block at a time (memory holds the events only). */
int pgt_parse_text_file(struct pgt_trace *t, const char *name, FILE *f);
/* trace.dat; -1 with a message when built without libtracecmd. */
int pgt_parse_dat(struct pgt_trace *t, const char *path, enum pgt_dat_reader reader);
bool pgt_have_dat(void);
void pgt_free(struct pgt_trace *t);

/* Internal to the parsers. */
struct pgt_event *pgt_push_grow(struct pgt_trace *t);
/* The index of task group path p[0..n) in t->group, added when new; -1 when
 * the table is full or the path too long (bounded memory on bad input). */
int pgt_group_id(struct pgt_trace *t, const char *p, size_t n);
/* A zeroed event at the end of the array (inline: once per event read). */
static inline struct pgt_event *pgt_push(struct pgt_trace *t)
{
    if (t->n == t->cap)
        return pgt_push_grow(t);
    struct pgt_event *e = &t->ev[t->n++];
    *e = (struct pgt_event){0};
    return e;
}
int pgt_set_comm(struct pgt_trace *t, int32_t pid, const char *s, size_t len);
const char *pgt_comm(const struct pgt_trace *t, int32_t pid);
/* pid's name fit for a line or TSV field: '"', control characters (a tab,
 * a newline) and non-ASCII bytes (a name cut inside a UTF-8 character
 * would not decode) become '_'. */
void pgt_comm_safe(const struct pgt_trace *t, int32_t pid, char out[PGT_COMM_LEN]);
void pgt_errf(struct pgt_trace *t, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int pgt_finish(struct pgt_trace *t);

/* CPUs taken offline. A CPU going down stops in its stopper thread with no
 * sched_switch out of it, so the task a walk still has running there
 * stopped at that CPU's last event. Feed every event in order: the return
 * is the CPU whose offline period the event ends (its bring-up after a
 * teardown), else -1; the walk then stops that CPU's task at last[cpu].
 * At the trace's end, a CPU still down[] is cut the same way. */
struct pgt_offline {
    uint64_t last[PGT_MAX_CPUS]; /* each CPU's last event */
    bool down[PGT_MAX_CPUS];     /* a teardown seen, no bring-up since */
};
int pgt_offline_feed(struct pgt_offline *o, const struct pgt_event *e);

/* ------------------------------------------------------------ signals */

/* A CPU's rebuilt state right after a scheduling event changed it (the
 * frequency governors' utilization hook, pgov-trace govern). */
struct pgt_cpu_state {
    uint64_t ts;       /* the event's time */
    uint32_t cpu;
    uint32_t util_cfs; /* cfs util_avg */
    uint32_t util_rt, util_dl;
    uint32_t util_est; /* the cfs_rq's util_est enqueued sum */
    int32_t curr;      /* running pid, 0: idle */
    uint32_t iowait;   /* 1: a wake-up after an I/O sleep (not in traces: 0) */
    uint32_t type;     /* the event's enum pgt_type */
};
typedef void (*pgt_cpu_hook)(void *arg, const struct pgt_cpu_state *s);

struct pgt_platform {
    uint32_t cap[PGT_MAX_CPUS];     /* capacity per CPU, 1..1024 (default 1024) */
    uint32_t max_khz[PGT_MAX_CPUS]; /* 0: no frequency invariance */
    uint32_t kver;                  /* PGOV_KVER_*; 0: newest */
    uint32_t halflife;              /* 0/32, 16, 8 */
    bool warmup;                    /* seed from a warm-up, ignore kernel values for seeding */
    pgt_cpu_hook hook;              /* optional: called after every transition of a CPU */
    void *hook_arg;
};

/* PGT_K_GSE / PGT_K_GCFS: a task group's entity and cfs_rq on a CPU (rebuilt
 * through the hierarchy, signals_group.c); PGT_K_CFS is the root cfs_rq */
enum pgt_kind { PGT_K_TASK = 0, PGT_K_CFS, PGT_K_RT, PGT_K_DL, PGT_K_IRQ, PGT_K_UE_TASK,
                PGT_K_UE_CFS, PGT_K_GSE, PGT_K_GCFS, PGT_NKINDS };

struct pgt_stat {
    uint64_t n;
    uint64_t sum_err;
    uint64_t max_err;
};

/* One comparison: the kernel's value beside the rebuilt one. */
struct pgt_sample {
    uint64_t ts;
    int32_t pid; /* -1 for CPU signals */
    uint32_t cpu;
    uint32_t kind; /* enum pgt_kind */
    uint64_t kernel, rebuilt;
};

struct pgt_entity_stat {
    int32_t pid; /* -1: a CPU */
    uint32_t cpu;
    uint32_t kind;
    uint32_t seed; /* 0: kernel value, 1: warm-up from zero */
    struct pgt_stat st;
    bool prev_exact; /* (the rebuild's) its previous comparison had no error */
    uint32_t epoch;  /* (the rebuild's) its inputs' count of untimed transitions then */
    uint32_t group;  /* PGT_K_GSE, PGT_K_GCFS: 1 + its index in pgt_trace.group */
};

struct pgt_signals {
    struct pgt_stat total;
    struct pgt_stat clean;      /* samples whose entity was exact at its previous sample and
                                   whose every transition since had the kernel's update_time */
    uint64_t clean_exact;       /* of those, the ones with no error */
    struct pgt_entity_stat *ent;
    size_t nent;
    struct pgt_sample *samples; /* only when keep_samples */
    size_t nsamples, samples_cap;
    uint64_t updates;           /* PELT updates done */
    uint64_t seeded_kernel, seeded_warmup;
    uint64_t exit_moves;        /* exiting tasks' autogroup moves applied (detach + attach) */
    uint64_t reseeded_crossing; /* cfs seeds replaced at their CPU's first period crossing */
    uint64_t skipped_after_loss;/* lost-events markers: the CPU's entities were seeded again */
    uint64_t skipped_unknown;   /* kernel samples of entities no scheduling event described */
    uint64_t skipped_unseen;    /* util_est_cfs samples of transitions without an event of their own */
    uint64_t skipped_late;      /* task samples compared after a later update of the task */
    uint32_t phase_cpus;        /* CPUs whose PELT period phase was recovered from update_time */
    uint64_t idle_placed;       /* switches from idle applied at the CPU's idle exit */
    uint64_t idle_stalls;       /* of those, the ones more than 1 ms after the idle exit */
    uint64_t idle_skip_placed;  /* switches from idle to the task woken before the idle exit, at the wake-up's clock */
    uint64_t wake_placed;       /* preemptions by a task just woken, applied at the wake-up's time */
    uint32_t ue_absent_kver;    /* the --kver has no util_est (before 4.17): that kver, else 0 */
    uint64_t ue_unexpected;     /* then: util_est samples in the trace, not compared */
    uint64_t group_se_samples;  /* task groups' entity samples */
    uint64_t group_cfs_samples; /* task groups' cfs_rq samples */
    bool groups_rebuilt;        /* the hierarchy was rebuilt (groups, --kver 6.1 on) */
    uint64_t group_seeded;      /* group entities and cfs_rqs seeded from their first sample */
    uint64_t group_unseeded;    /* group entities and cfs_rqs never sampled: from zero */
    uint64_t group_moves;       /* tasks moved between groups (a path change in its samples) */
    uint64_t group_ticks;       /* ticks applied along the running task's group path */
    uint64_t group_transient;   /* group samples followed by another of the object at one update_time */
    uint64_t group_load_read;   /* 6.12+: group cfs_rq loads taken from their samples (delayed dequeue) */
    uint64_t group_lost_cpus;   /* lost-events markers that hit a CPU of the hierarchy */
    uint64_t group_reseeded;    /* group entities and cfs_rqs seeded again after a marker */
    uint64_t group_recounts;    /* CPUs whose group counts were rebuilt at their next switch */
    uint64_t relearnt;          /* tasks re-placed by their first sample after a marker */
    uint64_t lost_arrived;      /* tasks first seen after a marker, attached where none hit */
    uint64_t lost_at_start;     /* markers before their CPU's first event: taken as a late start */
};

/* Rebuild the signals of trace t on platform p and compare them with the
 * kernel's. keep_samples stores every comparison (for plots and bindings). */
int pgt_signals_run(const struct pgt_trace *t, const struct pgt_platform *p, bool keep_samples,
                    struct pgt_signals *out, char *err, size_t errlen);
void pgt_signals_free(struct pgt_signals *s);

/* The trace as a `pgov-workload 1` text (docs/trace.md), for pgov-sim. */
int pgt_workload_write(const struct pgt_trace *t, FILE *o, char *err, size_t errlen);
const char *pgt_kind_name(uint32_t kind);
/* The task groups trace t names: parents, samples per class, the moves its
 * task samples show (groups.c); nothing without groups. -1: out of memory. */
int pgt_groups_print(FILE *o, const struct pgt_trace *t);
/* Group g's parent: the longest other path prefixing it, an index in
 * t->group; -1 for the root "/" (groups.c). */
int32_t pgt_group_parent(const struct pgt_trace *t, uint32_t g);

#endif
