/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace: real scheduler recordings in, rebuilt kernel signals out.
 *
 *   pgov-trace info|signals|govern|bisect|workload|timeline TRACE [OPTION...]   (usage() lists them;
 *   options may come anywhere on the line: getopt_long, permuting)
 *
 * Output is built in memory and written only when everything succeeded
 * (files through a temporary name and rename), so a bad trace leaves
 * nothing half-written. With --format tsv only the table goes to stdout (or
 * -o); summaries go to stderr. Exit 0 ok, 1 usage, 2 bad input, 3 nothing
 * to compare (signals on a trace without the kernel's signal events).
 */
#define _GNU_SOURCE /* getopt_long */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pgov/kver.h>
#include <pgov/pgov.h>

#include "bisect.h"
#include "model/kbounds.h"
#include "govern.h"
#include "lsan_libtracecmd.h" /* sanitize builds: libtracecmd's own leaks (a v6 sscanf) are not ours */
#include "num.h"
#include "timeline.h"
#include "trace.h"

#ifndef PGOV_TOOL_VERSION
#define PGOV_TOOL_VERSION "unknown"
#endif

static int usage_to(FILE *f, int rc)
{
    fprintf(f,
            "usage: pgov-trace info TRACE\n"
            "       pgov-trace signals TRACE [--cpu-capacity CPU=CAP,...] "
            "[--cpu-max-freq CPU=KHZ,...]\n"
            "                  [--kver X.Y] [--halflife 32|16|8] [--warmup] "
            "[--format table|tsv]\n"
            "                  [--samples FILE] [-o FILE]\n"
            "       pgov-trace govern TRACE --policy \"LABEL GOVERNOR [key=value...]\" [--policy ...]\n"
            "                  [--platform NAME] [--pstate-domain core|package] [--hz N]\n"
            "                  [--from S] [--to S] [--svg FILE] [--html FILE]\n"
            "                  [signals options] [--format table|tsv] [--decisions FILE] [-o FILE]\n"
            "       pgov-trace bisect TRACE --policy \"LABEL GOVERNOR [key=value...]\" [--policy ...]\n"
            "                  [--releases X.Y..X.Y] (default 4.5..newest) [govern options]\n"
            "                  [--html FILE] (the table and a plot per release)\n"
            "                  (each policy at every profile boundary libpgov knows in the range)\n"
            "       pgov-trace workload TRACE [-o FILE]   (pgov-workload 1 text for pgov-sim)\n"
            "       pgov-trace timeline TRACE [--pid N] [--format table|tsv] [-o FILE]\n"
            "                  (each task's running/runnable/sleeping/dead intervals, ns)\n"
            "TRACE: ftrace buffer text, `trace-cmd report` text, or trace.dat%s\n"
            "       [--dat-reader auto|pages|libtracecmd]: how a trace.dat is read (default auto:\n"
            "       its ring-buffer pages where this reader takes the file, else libtracecmd)\n"
            "Options may come before or after TRACE. The kernel release (profile) is the\n"
            "recording's (trace.dat's uname, a text trace's '# uname:' line) unless --kver\n"
            "gives it; every output names it. -h, --help; -V, --version.\n",
            pgt_have_dat() ? "" : " (not in this build: libtracecmd-dev was missing)");
    return rc;
}

static int usage(void)
{
    return usage_to(stderr, 1);
}

/* n characters of s as a strict decimal (examples/common/num). */
static int parse_u32(const char *s, size_t n, uint32_t max, uint32_t *out)
{
    char buf[32], why[NUM_ERR_LEN];
    if (n >= sizeof(buf))
        return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return num_u32(buf, 0, max, out, why, sizeof(why));
}

/* "CPU=VAL,CPU=VAL" or "all=VAL" */
static int parse_map(const char *opt, const char *s, uint32_t lo, uint32_t hi, uint32_t *dst)
{
    const char *p = s;
    while (*p) {
        const char *eq = strchr(p, '='), *comma = strchr(p, ',');
        if (!comma)
            comma = p + strlen(p);
        uint32_t cpu = 0, v;
        if (!eq || eq > comma || parse_u32(eq + 1, (size_t)(comma - eq - 1), hi, &v) || v < lo) {
            fprintf(stderr, "pgov-trace: %s: expected CPU=N[,CPU=N...] with %u <= N <= %u, got '%s'\n",
                    opt, lo, hi, s);
            return -1;
        }
        bool all = eq - p == 3 && memcmp(p, "all", 3) == 0;
        if (!all && parse_u32(p, (size_t)(eq - p), PGT_MAX_CPUS - 1, &cpu)) {
            fprintf(stderr, "pgov-trace: %s: bad CPU number in '%s' (0..%d or 'all')\n", opt, s,
                    PGT_MAX_CPUS - 1);
            return -1;
        }
        for (uint32_t i = all ? 0 : cpu; i <= (all ? PGT_MAX_CPUS - 1 : cpu); i++)
            dst[i] = v;
        p = *comma ? comma + 1 : comma;
    }
    return 0;
}

/* Write buf to path through a temporary file and rename, or to stdout. */
static int emit(const char *path, const char *buf, size_t len)
{
    if (!path) {
        return fwrite(buf, 1, len, stdout) == len && fflush(stdout) == 0 ? 0 : -1;
    }
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp)
        return -1;
    snprintf(tmp, pl + 16, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(buf, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok || rename(tmp, path) != 0) {
        fprintf(stderr, "pgov-trace: cannot write %s: %s\n", path, strerror(errno));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

static void print_info(FILE *o, const struct pgt_trace *t)
{
    static const char *const names[PGT_NTYPES] = {
        "?", "sched_switch", "sched_wakeup", "sched_wakeup_new", "sched_migrate_task",
        "sched_process_fork", "sched_process_exec", "sched_process_exit", "cpu_idle",
        "cpu_frequency", "pstate_sample", "sched_pelt_se", "sched_pelt_cfs", "sched_pelt_rt",
        "sched_pelt_dl", "sched_pelt_irq", "sched_util_est_se", "sched_util_est_cfs",
        "lost-events marker", "cpu hotplug", "sched_pelt (groups)"};
    uint64_t cnt[PGT_NTYPES] = {0};
    for (size_t i = 0; i < t->n; i++) /* hotplug: transitions, not every teardown step */
        cnt[t->ev[i].type < PGT_NTYPES ? t->ev[i].type : 0] +=
            t->ev[i].type != PGT_HOTPLUG || !t->ev[i].x[2];
    fprintf(o, "trace: %s (%s), %u CPUs, %zu events, %s timestamps, %.6f s .. %.6f s\n", t->path,
            t->format, t->ncpu, t->n, t->ts_digits >= 9 ? "ns" : t->ts_digits == 6 ? "us" : "coarse",
            t->n ? (double)t->ev[0].ts / 1e9 : 0, t->n ? (double)t->ev[t->n - 1].ts / 1e9 : 0);
    if (t->dat_reader)
        fprintf(o, "trace.dat read through: %s%s%s%s\n", t->dat_reader,
                t->dat_reader_why ? " (" : "", t->dat_reader_why ? t->dat_reader_why : "",
                t->dat_reader_why ? ")" : "");
    for (int k = 1; k < PGT_NTYPES; k++)
        if (cnt[k])
            fprintf(o, "  %-20s %llu\n", names[k], (unsigned long long)cnt[k]);
    fprintf(o, "lost events: %u markers, %llu events%s; buffer wrapped: %s; hotplug transitions: %u; "
               "other events skipped: %llu\n",
            t->lost_markers, (unsigned long long)t->lost_events,
            t->lost_markers && !t->lost_events ? " (counts not given)" : "",
            t->wrapped ? "yes (the oldest events were overwritten)" : "no", t->hotplug,
            (unsigned long long)t->unknown_events);
    if (t->update_time_lead >= 1000000) /* a clock ahead: 7.3 under qemu, 168 ms */
        fprintf(o, "clock: the kernel's update_time ran up to %.6f s ahead of the trace clock; "
                   "every update_time brought back by that\n",
                (double)t->update_time_lead / 1e9);
    else if (t->update_time_lead) /* below a text trace's microsecond timestamps */
        fprintf(o, "clock: the kernel's update_time ran up to %llu ns ahead of the trace clock; "
                   "every update_time brought back by that\n",
                (unsigned long long)t->update_time_lead);
}

static int cmp_ent(const void *a, const void *b)
{
    const struct pgt_entity_stat *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->pid != y->pid)
        return x->pid < y->pid ? -1 : 1;
    return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

/* "PRE N POST" on a line of its own when the count N is not 0 */
static void count_line(FILE *o, uint64_t n, const char *pre, const char *post)
{
    if (n)
        fprintf(o, "%s%llu%s\n", pre, (unsigned long long)n, post);
}

/* One class's line: its samples and errors, from the entity table. */
static void class_line(FILE *sum, const char *name, const struct pgt_signals *s, uint32_t kind)
{
    struct pgt_stat st = {0};
    for (size_t i = 0; i < s->nent; i++)
        if (s->ent[i].kind == kind) {
            st.n += s->ent[i].st.n;
            st.sum_err += s->ent[i].st.sum_err;
            if (s->ent[i].st.max_err > st.max_err)
                st.max_err = s->ent[i].st.max_err;
        }
    fprintf(sum, "class: %-15s %8llu samples compared, mean |err| %.3f, max |err| %llu\n", name,
            (unsigned long long)st.n, st.n ? (double)st.sum_err / (double)st.n : 0.0,
            (unsigned long long)st.max_err);
}

/* PELT errors per class: tasks, task groups' entities and cfs_rqs, root
 * cfs_rqs (docs/trace.md "Task groups"). Without the hierarchy's rebuild
 * (no kernel named, by --kver or the recording's uname, or one before 6.1;
 * the newest profile is not assumed for them) the groups' samples are
 * counted, and the root's errors include what they carry. */
static void print_classes(FILE *sum, const struct pgt_trace *t, const struct pgt_signals *s)
{
    if (s->groups_rebuilt)
        fprintf(sum, "groups: rebuilt through %u task groups: %llu group entities and cfs_rqs seeded "
                     "from their first sample, %llu never sampled (from zero), shares taken at the "
                     "default (nice 0), the hierarchy as existing before the first event; %llu moves "
                     "between groups applied (exits' included), %llu ticks along group paths\n",
                t->ngroups, (unsigned long long)s->group_seeded, (unsigned long long)s->group_unseeded,
                (unsigned long long)s->group_moves, (unsigned long long)s->group_ticks);
    if (s->group_load_read)
        fprintf(sum, "groups: %llu group cfs_rq loads taken from their samples (6.12+ delayed dequeue keeps a "
                     "sleeping task's load queued until EEVDF, not in the trace, ends it; util and "
                     "runnable rebuilt)\n",
                (unsigned long long)s->group_load_read);
    class_line(sum, "task", s, PGT_K_TASK);
    if (s->groups_rebuilt) {
        class_line(sum, "group entity", s, PGT_K_GSE);
        class_line(sum, "group cfs_rq", s, PGT_K_GCFS);
    } else if (t->ngroups || s->group_se_samples || s->group_cfs_samples) {
        fprintf(sum, "class: %-15s %8llu samples, not rebuilt (%u task groups: rebuilt for a named "
                     "kernel, 6.1 or later, from --kver X.Y or the recording's uname)\n"
                     "class: %-15s %8llu samples, not rebuilt\n",
                "group entity", (unsigned long long)s->group_se_samples, t->ngroups,
                "group cfs_rq", (unsigned long long)s->group_cfs_samples);
    }
    class_line(sum, "root cfs_rq", s, PGT_K_CFS);
}

/* The per-entity table to o; the summary lines after it to sum (stderr
 * when o is TSV). */
static void print_signals(FILE *o, const struct pgt_trace *t, struct pgt_signals *s, bool tsv,
                          FILE *sum)
{
    if (s->nent) /* qsort(NULL, 0, ...) is undefined: a trace with no entities */
        qsort(s->ent, s->nent, sizeof(*s->ent), cmp_ent);
    if (tsv)
        fprintf(o, "signal\tpid\tcomm\tcpu\tseed\tsamples\tmean_abs_err\tmax_abs_err\n");
    else
        fprintf(o, "%-13s %7s %-16s %4s %-7s %8s %9s %8s\n", "signal", "pid", "comm", "cpu", "seed",
                "samples", "mean|err|", "max|err|");
    for (size_t i = 0; i < s->nent; i++) {
        const struct pgt_entity_stat *e = &s->ent[i];
        if (!e->st.n)
            continue;
        char pid[16] = "-";
        if (e->pid >= 0)
            snprintf(pid, sizeof(pid), "%d", e->pid);
        const char *comm = e->pid >= 0 ? pgt_comm(t, e->pid)
                           : e->group && e->group <= t->ngroups ? t->group[e->group - 1] : "-";
        char cpu[16] = "-";
        if (e->pid < 0)
            snprintf(cpu, sizeof(cpu), "%u", e->cpu);
        double mean = (double)e->st.sum_err / (double)e->st.n;
        const char *seed = e->seed ? "warm-up" : "kernel";
        if (tsv)
            fprintf(o, "%s\t%s\t%s\t%s\t%s\t%llu\t%.3f\t%llu\n", pgt_kind_name(e->kind), pid, comm,
                    cpu, seed, (unsigned long long)e->st.n, mean, (unsigned long long)e->st.max_err);
        else
            fprintf(o, "%-13s %7s %-16s %4s %-7s %8llu %9.3f %8llu\n", pgt_kind_name(e->kind), pid,
                    comm, cpu, seed, (unsigned long long)e->st.n, mean,
                    (unsigned long long)e->st.max_err);
    }
    fprintf(sum, "seeding: %llu entities from their first kernel value, %llu tasks from a warm-up "
               "(zero start, compared after 345 ms); PELT period phase from update_time on %u CPUs\n",
            (unsigned long long)s->seeded_kernel, (unsigned long long)s->seeded_warmup, s->phase_cpus);
    count_line(sum, s->exit_moves, "exit: ", " autogroup moves of exiting tasks applied (a detach and "
                                          "an attach without an event of their own)");
    count_line(sum, s->reseeded_crossing, "seeding: ", " cfs_rq seeds taken again at the first sample "
                                                     "after a period crossing (the first one followed "
                                                     "an attach or detach)");
    if (s->idle_placed)
        fprintf(sum, "clock: %llu switches from idle applied at the CPU's idle exit, %llu of them more "
                   "than 1 ms before their own timestamp (a stalled vCPU)\n",
                (unsigned long long)s->idle_placed, (unsigned long long)s->idle_stalls);
    count_line(sum, s->idle_skip_placed, "clock: ", " switches from idle to the task woken there before "
                                                   "the idle exit applied at the wake-up's clock reading "
                                                   "(a preemption of idle)");
    count_line(sum, s->wake_placed, "clock: ", " preemptions by a task just woken applied at the CPU's "
                                             "last clock reading");
    if (s->ue_absent_kver)
        fprintf(sum, "util_est: absent in kernel %u.%u (introduced in 4.17): PELT alone rebuilt and "
                   "compared; %llu util_est samples in the trace unexpected, not compared\n",
                s->ue_absent_kver >> 8, s->ue_absent_kver & 0xffu,
                (unsigned long long)s->ue_unexpected);
    count_line(sum, s->skipped_unknown, "not compared: ", " kernel samples of tasks or CPUs that no "
                                                      "scheduling event described yet (missing "
                                                      "sched_switch/sched_wakeup events, or state lost)");
    count_line(sum, s->skipped_unseen, "not compared: ", " util_est_cfs samples of dequeue/enqueue pairs "
                                                     "that no event of the trace shows (an exiting "
                                                     "task's cgroup move)");
    count_line(sum, s->skipped_late, "not compared: ", " task samples older than the task's last rebuilt "
                                                   "update (held on a CPU the task had left)");
    if (s->skipped_after_loss && s->groups_rebuilt)
        fprintf(sum, "lost events: %llu markers; the CPUs they hit were seeded again from their next kernel "
                     "values, their task groups too (%llu group entities and cfs_rqs seeded again; the "
                     "queued and running counts rebuilt at %llu of their next sched_switch)\n",
                (unsigned long long)s->skipped_after_loss, (unsigned long long)s->group_reseeded,
                (unsigned long long)s->group_recounts);
    else
        count_line(sum, s->skipped_after_loss, "lost events: ", " markers; the CPUs they hit were seeded "
                                                             "again from their next kernel values");
    count_line(sum, s->lost_at_start, "lost events: ", " markers before their CPU's first event taken as "
                                                    "a late start (the CPU seeded from its first kernel "
                                                    "values, compared after its first sched_switch)");
    if (s->relearnt || s->lost_arrived)
        fprintf(sum, "lost events: %llu tasks queued again where their first sample after a marker "
                     "showed them, %llu first seen after one attached on a CPU no marker hit (their "
                     "arrival was in the lost stretch)\n",
                (unsigned long long)s->relearnt, (unsigned long long)s->lost_arrived);
    if (pgt_groups_print(sum, t))
        fprintf(sum, "groups: out of memory, the hierarchy is not printed\n");
    print_classes(sum, t, s);
    if (s->clean.n)
        fprintf(sum, "inputs: %llu samples follow an exact one with every transition between at the "
                   "kernel's update_time: %llu exact, mean |err| %.3f, max |err| %llu\n",
                (unsigned long long)s->clean.n, (unsigned long long)s->clean_exact,
                (double)s->clean.sum_err / (double)s->clean.n, (unsigned long long)s->clean.max_err);
    fprintf(sum, "signals: %llu samples compared, mean |err| %.3f, max |err| %llu (util units of 1024)\n",
            (unsigned long long)s->total.n,
            s->total.n ? (double)s->total.sum_err / (double)s->total.n : 0.0,
            (unsigned long long)s->total.max_err);
}

/* The command line, parsed (parse_cli). */
struct cli {
    const char *cmd, *path, *out, *samples, *html, *platname;
    int domain; /* --pstate-domain; -1: the platform's */
    int32_t pid; /* timeline --pid; 0: every task */
    bool tsv, kver_given;
    const char *decisions; /* govern --decisions FILE */
    uint32_t rel_lo, rel_hi; /* bisect --releases */
    enum pgt_dat_reader reader;
};

static struct pgt_platform plat;
static struct gv_opts gv = {.hz = 250, .to_ns = UINT64_MAX};
static char polbuf[GV_MAX_POLICIES][200];

/* --policy "LABEL GOVERNOR [key=value...]": pgov-sim's policy syntax. */
static int add_policy(const char *v)
{
    char *tok[24], why[200];
    int nt = 0;
    if (gv.npol == GV_MAX_POLICIES || strlen(v) >= sizeof(polbuf[0])) {
        fprintf(stderr, "pgov-trace: --policy: at most %d policies of < 200 characters\n",
                GV_MAX_POLICIES);
        return 1;
    }
    strcpy(polbuf[gv.npol], v);
    for (char *q = strtok(polbuf[gv.npol], " \t"); q && nt < 24; q = strtok(NULL, " \t"))
        tok[nt++] = q;
    if (nt < 2 || mdl_policy_parse(tok[0], tok + 1, nt - 1, &gv.pol[gv.npol], why, sizeof(why)) ||
        (gv.pol[gv.npol].nvars && /* a trace has no workload vars */
         snprintf(why, sizeof(why), "$%s: workload vars are pgov-sim's",
                  gv.pol[gv.npol].vars[0].name) > 0)) {
        fprintf(stderr, "pgov-trace: --policy '%s': %s\n", v,
                nt < 2 ? "expected 'LABEL GOVERNOR [key=value...]'" : why);
        return 1;
    }
    for (uint32_t k = 0; k < gv.npol; k++)
        if (strcmp(gv.pol[k].label, gv.pol[gv.npol].label) == 0) {
            fprintf(stderr, "pgov-trace: --policy: label '%s' used twice\n", tok[0]);
            return 1;
        }
    gv.npol++;
    return 0;
}

/* The signal rebuild's options (also govern's: its schedutil input). */
static int signals_opt(int c, const char *v)
{
    char why[NUM_ERR_LEN];
    switch (c) {
    case 'c':
        return parse_map("--cpu-capacity", v, 1, 1024, plat.cap) ? 1 : 0;
    case 'm':
        return parse_map("--cpu-max-freq", v, 1, 100000000, plat.max_khz) ? 1 : 0;
    case 'k':
        if (strcmp(v, "current") == 0) {
            plat.kver = PGOV_KVER_LATEST;
        } else if (num_kver(v, &plat.kver, why, sizeof(why)) || !pgov_kver_valid(plat.kver)) {
            fprintf(stderr, "pgov-trace: --kver: %s\n", why);
            return 1;
        }
        return 0;
    case 'l':
        if (parse_u32(v, strlen(v), 64, &plat.halflife) ||
            (plat.halflife != 32 && plat.halflife != 16 && plat.halflife != 8)) {
            fprintf(stderr, "pgov-trace: --halflife must be 32, 16 or 8\n");
            return 1;
        }
        return 0;
    default:
        plat.warmup = true;
        return 0;
    }
}

/* --releases X.Y..X.Y: two releases, the first older. */
static int parse_releases(const char *v, struct cli *cl)
{
    char why[NUM_ERR_LEN] = "expected X.Y..X.Y", a[16];
    const char *dots = strstr(v, "..");
    size_t n = dots ? (size_t)(dots - v) : 0;
    if (!dots || n >= sizeof(a))
        goto bad;
    memcpy(a, v, n);
    a[n] = 0;
    if (num_kver(a, &cl->rel_lo, why, sizeof(why)) || num_kver(dots + 2, &cl->rel_hi, why, sizeof(why)))
        goto bad;
    if (cl->rel_lo >= cl->rel_hi) {
        snprintf(why, sizeof(why), "the first release must be older than the second");
        goto bad;
    }
    return 0;
bad:
    fprintf(stderr, "pgov-trace: --releases '%s': %s\n", v, why);
    return 1;
}

/* govern's options. */
static int govern_opt(int c, const char *v, struct cli *cl)
{
    char why[NUM_ERR_LEN];
    uint64_t ns;
    switch (c) {
    case 'p':
        return add_policy(v);
    case 'P':
        cl->platname = v;
        return 0;
    case 'd':
        if (strcmp(v, "core") != 0 && strcmp(v, "package") != 0) {
            fprintf(stderr, "pgov-trace: --pstate-domain: '%s' is not core or package\n", v);
            return usage();
        }
        cl->domain = v[0] == 'c' ? DOM_CORE : DOM_PACKAGE;
        return 0;
    case 'z':
        if (parse_u32(v, strlen(v), 10000, &gv.hz) || gv.hz < 24) {
            fprintf(stderr, "pgov-trace: --hz: 24..10000\n");
            return 1;
        }
        return 0;
    case 'F':
    case 'T':
        if (num_parse(v, &num_time_ns, 0, UINT64_MAX / 2, &ns, why, sizeof(why))) {
            fprintf(stderr, "pgov-trace: %s: %s (a time with its unit: 250ms, 1.5s)\n",
                    c == 'F' ? "--from" : "--to", why);
            return 1;
        }
        *(c == 'F' ? &gv.from_ns : &gv.to_ns) = ns;
        return 0;
    case 's':
        gv.svg = v;
        return 0;
    case 'D':
        cl->decisions = v;
        return 0;
    case 'R':
        return parse_releases(v, cl);
    default:
        cl->html = v;
        return 0;
    }
}

static int output_opt(int c, const char *v, struct cli *cl)
{
    switch (c) {
    case 'f':
        if (strcmp(v, "tsv") != 0 && strcmp(v, "table") != 0) {
            fprintf(stderr, "pgov-trace: --format table|tsv\n");
            return 1;
        }
        cl->tsv = v[0] == 't' && v[1] == 's';
        return 0;
    case 'o':
        cl->out = v;
        return 0;
    case 'S':
        cl->samples = v;
        return 0;
    case 'i': {
        uint32_t pid;
        if (parse_u32(v, strlen(v), INT32_MAX, &pid) || !pid) {
            fprintf(stderr, "pgov-trace: --pid: expected a task's pid (1..%d), got '%s'\n",
                    INT32_MAX, v);
            return 1;
        }
        cl->pid = (int32_t)pid;
        return 0;
    }
    default: /* 'r' */
        if (strcmp(v, "auto") == 0)
            cl->reader = PGT_DAT_AUTO;
        else if (strcmp(v, "pages") == 0)
            cl->reader = PGT_DAT_PAGES;
        else if (strcmp(v, "libtracecmd") == 0)
            cl->reader = PGT_DAT_TRACECMD;
        else {
            fprintf(stderr, "pgov-trace: --dat-reader: '%s' is not auto, pages or libtracecmd\n", v);
            return usage();
        }
        return 0;
    }
}

/* getopt_long, permuting: options anywhere; COMMAND and TRACE are the two
 * operands. Returns -1 to go on, else the exit status. */
static int parse_cli(int argc, char **argv, struct cli *cl)
{
    static const struct option opts[] = {
        {"cpu-capacity", required_argument, 0, 'c'}, {"cpu-max-freq", required_argument, 0, 'm'},
        {"kver", required_argument, 0, 'k'},         {"halflife", required_argument, 0, 'l'},
        {"warmup", no_argument, 0, 'w'},             {"format", required_argument, 0, 'f'},
        {"policy", required_argument, 0, 'p'},       {"platform", required_argument, 0, 'P'},
        {"pstate-domain", required_argument, 0, 'd'}, {"hz", required_argument, 0, 'z'},
        {"from", required_argument, 0, 'F'},         {"to", required_argument, 0, 'T'},
        {"svg", required_argument, 0, 's'},          {"html", required_argument, 0, 'H'},
        {"samples", required_argument, 0, 'S'},      {"dat-reader", required_argument, 0, 'r'},
        {"pid", required_argument, 0, 'i'},
        {"decisions", required_argument, 0, 'D'}, {"releases", required_argument, 0, 'R'},
        {"help", no_argument, 0, 'h'},               {"version", no_argument, 0, 'V'},
        {0, 0, 0, 0}};
    int c, r = 0;
    opterr = 0;
    while (!r && (c = getopt_long(argc, argv, ":o:hV", opts, NULL)) != -1) {
        if (c == 'h')
            return usage_to(stdout, 0);
        if (c == 'V') {
            printf("pgov-trace %s (libpgov %s)\n", PGOV_TOOL_VERSION, pgov_version_string());
            return 0;
        }
        if (c == '?' || c == ':') {
            fprintf(stderr, "pgov-trace: %s '%s'\n",
                    c == '?' ? "unknown option" : "a value is needed after", argv[optind - 1]);
            return usage();
        }
        cl->kver_given |= c == 'k';
        r = strchr("cmklw", c)       ? signals_opt(c, optarg)
            : strchr("pPdzFTsHDR", c) ? govern_opt(c, optarg, cl)
                                     : output_opt(c, optarg, cl);
    }
    if (r)
        return r;
    if (argc - optind != 2) {
        fprintf(stderr, "pgov-trace: expected COMMAND TRACE, got %d operand%s\n", argc - optind,
                argc - optind == 1 ? "" : "s");
        return usage();
    }
    cl->cmd = argv[optind];
    cl->path = argv[optind + 1];
    return -1;
}

/* govern's platform and policies. 0, or the exit status. */
static int govern_setup(const struct cli *cl)
{
    if (!gv.npol) {
        fprintf(stderr, "pgov-trace: govern needs at least one --policy\n");
        return usage();
    }
    const struct sim_platform *pl = sim_platform_find(cl->platname);
    if (!pl) {
        fprintf(stderr, "pgov-trace: --platform: unknown '%s' (", cl->platname);
        for (const struct sim_platform *q = sim_platforms; q->name; q++)
            fprintf(stderr, "%s%s", q == sim_platforms ? "" : ", ", q->name);
        fprintf(stderr, ")\n");
        return 1;
    }
    static struct sim_platform plat_used;
    plat_used = *pl;
    if (cl->domain >= 0)
        plat_used.pstate_domain = (uint32_t)cl->domain;
    gv.plat = &plat_used;
    gv.tsv = cl->tsv;
    return 0;
}

static const char *exactness_name(uint32_t module, uint32_t kver)
{
    int e = pgov_kver_exactness(module, kver);
    return e == PGOV_KVER_EXACT ? "exact" : e == PGOV_KVER_APPROXIMATE ? "approximate" : "unsupported";
}

/* The release in a uname text: the first word "X.Y..." ("6.1.0-57-amd64"
 * -> 6.1) that is a release this build knows; 0 when none. */
static uint32_t uname_kver(const char *u)
{
    char why[NUM_ERR_LEN], rel[16];
    for (const char *w = u; *w; w += strcspn(w, " "), w += strspn(w, " ")) {
        size_t n = strspn(w, "0123456789");
        size_t m = n && w[n] == '.' ? strspn(w + n + 1, "0123456789") : 0;
        uint32_t kv;
        if (!m || n + 1 + m >= sizeof(rel))
            continue;
        memcpy(rel, w, n + 1 + m);
        rel[n + 1 + m] = 0;
        if (!num_kver(rel, &kv, why, sizeof(why)) && pgov_kver_valid(kv))
            return kv;
    }
    return 0;
}

/* The kernel release the signals are rebuilt for: --kver, else the one
 * that recorded the trace (its uname), else the newest with a warning on
 * stderr. Fills line with the "profile:" line every output carries (and,
 * for govern, each policy's profile). */
static void choose_profile(char *line, size_t n, const struct cli *cl, const struct pgt_trace *t,
                           bool govern)
{
    const char *from = "--kver";
    if (!cl->kver_given) {
        plat.kver = uname_kver(t->uname);
        from = plat.kver ? "the recording's uname" : NULL;
        if (!plat.kver)
            fprintf(stderr, "pgov-trace: warning: %s does not say which kernel recorded it (no "
                            "uname): rebuilding with the newest profile%s; give --kver X.Y\n",
                    t->path, t->ngroups ? ", its task groups not at all" : "");
    }
    uint32_t kv = pgov_kver_resolve(plat.kver);
    size_t k = (size_t)snprintf(line, n, "profile: Linux %u.%u (%s%s%s%s): PELT %s, util_est %s",
                                kv >> 8, kv & 0xffu,
                                from ? "from " : "newest: no --kver and no uname in the trace",
                                from ? from : "", !cl->kver_given && t->uname[0] ? ", " : "",
                                !cl->kver_given ? t->uname : "", exactness_name(PGOV_MOD_PELT, kv),
                                exactness_name(PGOV_MOD_UTIL_EST, kv));
    for (uint32_t i = 0; govern && i < gv.npol && k < n; i++) {
        uint32_t m = kb_policy_module(&gv.pol[i]), pk = pgov_kver_resolve(gv.pol[i].kver);
        k += (size_t)snprintf(line + k, n - k, "%s %s", i ? ";" : "; policies:", gv.pol[i].label);
        if (m && k < n)
            k += (size_t)snprintf(line + k, n - k, " %u.%u %s", pk >> 8, pk & 0xffu,
                                  exactness_name(m, pk));
    }
    if (k + 1 < n)
        strcat(line, "\n");
}

/* signals: the table (TSV to o alone with --format tsv, the rest to stderr). */
static int run_signals(const struct cli *cl, const struct pgt_trace *t, FILE *o, char **sbuf,
                       size_t *slen)
{
    struct pgt_signals s;
    char err[PGT_ERR_LEN];
    if (pgt_signals_run(t, &plat, cl->samples != NULL, &s, err, sizeof(err))) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    FILE *sum = cl->tsv ? stderr : o;
    print_info(sum, t);
    print_signals(o, t, &s, cl->tsv, sum);
    int rc = 0;
    if (!s.total.n) {
        fprintf(stderr, "pgov-trace: %s: nothing to compare: no sched_pelt_* or "
                        "sched_util_est_* sample of the kernel's (record them: docs/record.md)\n",
                t->path);
        rc = 3;
    }
    if (cl->samples) {
        FILE *so = open_memstream(sbuf, slen);
        if (so) {
            fprintf(so, "ts_ns\tsignal\tpid\tcomm\tcpu\tkernel\trebuilt\n");
            for (size_t i = 0; i < s.nsamples; i++) {
                const struct pgt_sample *x = &s.samples[i];
                fprintf(so, "%llu\t%s\t%d\t%s\t%u\t%llu\t%llu\n", (unsigned long long)x->ts,
                        pgt_kind_name(x->kind), x->pid, x->pid >= 0 ? pgt_comm(t, x->pid) : "-",
                        x->cpu, (unsigned long long)x->kernel, (unsigned long long)x->rebuilt);
            }
            fclose(so);
        }
    }
    pgt_signals_free(&s);
    return rc;
}

static int run_govern(const struct pgt_trace *t, FILE *o, char **vbuf, size_t *vlen, char **hbuf,
                      size_t *hlen, const struct cli *cl, char **dbuf, size_t *dlen)
{
    char err[PGT_ERR_LEN];
    int rc = 0;
    FILE *fdec = NULL;
    gv.log_decisions = cl->decisions != NULL; /* --decisions: bisect.c writes them */
    gv.done = cl->decisions ? bs_write_decisions : NULL;
    FILE *vo = gv.svg ? open_memstream(vbuf, vlen) : NULL;
    gv.html = cl->html ? open_memstream(hbuf, hlen) : NULL; /* the page (html.c) */
    if ((gv.svg && !vo) || (cl->html && !gv.html))
        rc = 2;
    else if (cl->decisions && !(gv.done_arg = fdec = open_memstream(dbuf, dlen)))
        rc = 2;
    else if (gv_run(t, &plat, &gv, o, vo, err, sizeof(err))) {
        fprintf(stderr, "%s\n", err);
        rc = 2;
    }
    if (vo)
        fclose(vo);
    if (fdec && fclose(fdec))
        rc = 2;
    if (gv.html && fclose(gv.html))
        rc = 2;
    return rc;
}

/* timeline: the rows to o (TSV alone with --format tsv), the summary line
 * after them or to stderr. */
static int run_timeline(const struct cli *cl, const struct pgt_trace *t, FILE *o)
{
    struct pgt_timeline tl;
    char err[PGT_ERR_LEN];
    if (pgt_timeline_build(t, cl->pid, &tl, err, sizeof(err))) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    pgt_timeline_write(t, &tl, o, cl->tsv, cl->tsv ? stderr : o);
    if (cl->pid && !tl.n)
        fprintf(stderr, "pgov-trace: %s: no scheduling event of task %d\n", t->path, cl->pid);
    pgt_timeline_free(&tl);
    return 0;
}

/* bisect: the table to o; with --html the page, from what it drew and
 * printed (o flushed to *buf), to *hbuf. */
static int run_bisect(const struct cli *cl, const struct pgt_trace *t, FILE *o, char **buf,
                      size_t *len, char **hbuf, size_t *hlen)
{
    static struct bs_page pg;
    char err[PGT_ERR_LEN];
    if (bs_run(t, &plat, &gv, cl->rel_lo, cl->rel_hi, o, cl->tsv ? stderr : o,
               cl->html ? &pg : NULL, err, sizeof(err))) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (!cl->html)
        return 0;
    FILE *h = open_memstream(hbuf, hlen);
    if (!h || fflush(o))
        return h ? fclose(h), 2 : 2;
    bs_html(h, t, &gv, cl->rel_lo, cl->rel_hi, &pg, *buf, *len);
    return fclose(h) ? 2 : 0;
}

static int run(int argc, char **argv)
{
    struct cli cl = {.platname = "ivb-i7-3770", .domain = -1, .reader = PGT_DAT_AUTO};
    for (int i = 0; i < PGT_MAX_CPUS; i++)
        plat.cap[i] = 1024;
    int rc = parse_cli(argc, argv, &cl);
    if (rc >= 0)
        return rc;
    bool govern = strcmp(cl.cmd, "govern") == 0, workload = strcmp(cl.cmd, "workload") == 0;
    bool info = strcmp(cl.cmd, "info") == 0, signals = strcmp(cl.cmd, "signals") == 0;
    bool timeline = strcmp(cl.cmd, "timeline") == 0, bisect = strcmp(cl.cmd, "bisect") == 0;
    if (!info && !signals && !govern && !workload && !timeline && !bisect) {
        fprintf(stderr, "pgov-trace: unknown command '%s'\n", cl.cmd);
        return usage();
    }
    if ((govern || bisect) && (rc = govern_setup(&cl)) != 0)
        return rc;
    if (bisect && (gv.svg || cl.decisions || cl.kver_given)) {
        fprintf(stderr, "pgov-trace: bisect: --svg, --decisions and --kver are govern's "
                        "(bisect sets the release itself)\n");
        return usage();
    }
    if (!bisect && cl.rel_hi) {
        fprintf(stderr, "pgov-trace: --releases is bisect's\n");
        return usage();
    }
    if (bisect && !cl.rel_hi) {
        cl.rel_lo = PGOV_KVER_4_5;
        cl.rel_hi = PGOV_KVER_NEWEST;
    }
    static struct pgt_trace t;
    if (pgt_load_with(cl.path, &t, cl.reader)) {
        fprintf(stderr, "%s\n", t.err);
        pgt_free(&t);
        return 2;
    }
    char *buf = NULL, *sbuf = NULL, *vbuf = NULL, *hbuf = NULL, *dbuf = NULL;
    size_t len = 0, slen = 0, vlen = 0, hlen = 0, dlen = 0;
    FILE *o = open_memstream(&buf, &len);
    if (!o)
        return 2;
    rc = 0;
    static char profile[1024]; /* the profile rebuilt for, named in every output */
    if (signals || govern) {
        choose_profile(profile, sizeof(profile), &cl, &t, govern);
        if (cl.tsv)
            fputs(profile, stderr);
        else if (signals)
            fputs(profile, o);
        else
            gv.profile = profile; /* at the top of govern's report, the page's too */
    }
    if (info) {
        print_info(o, &t);
    } else if (workload) {
        char err[PGT_ERR_LEN];
        if (pgt_workload_write(&t, o, err, sizeof(err))) {
            fprintf(stderr, "%s\n", err);
            rc = 2;
        }
    } else if (timeline) {
        rc = run_timeline(&cl, &t, o);
    } else if (govern) {
        rc = run_govern(&t, o, &vbuf, &vlen, &hbuf, &hlen, &cl, &dbuf, &dlen);
    } else if (bisect) {
        rc = run_bisect(&cl, &t, o, &buf, &len, &hbuf, &hlen);
    } else {
        rc = run_signals(&cl, &t, o, &sbuf, &slen);
    }
    fclose(o);
    if (rc == 3 && !cl.samples) /* nothing compared: the summary still tells what was read */
        rc = emit(cl.out, buf, len) ? 2 : 3;
    else if (!rc) {
        if ((cl.samples && (!sbuf || emit(cl.samples, sbuf, slen))) ||
            (gv.svg && (!vbuf || emit(gv.svg, vbuf, vlen))) ||
            (cl.html && (!hbuf || emit(cl.html, hbuf, hlen))) ||
            (govern && cl.decisions && (!dbuf || emit(cl.decisions, dbuf, dlen))) || emit(cl.out, buf, len))
            rc = 2;
    }
    free(vbuf);
    free(hbuf);
    free(dbuf);
    free(buf);
    free(sbuf);
    pgt_free(&t);
    return rc;
}

int main(int argc, char **argv)
{
    /* the command line as given, for govern's provenance: getopt_long
     * permutes argv */
    char **given = malloc(sizeof(*given) * ((size_t)argc + 1));
    if (!given)
        return 2;
    memcpy(given, argv, sizeof(*given) * ((size_t)argc + 1));
    gv.argc = argc; /* the page's provenance */
    gv.argv = given;
    int rc = run(argc, argv);
    free(given);
    return rc;
}
