/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace: real scheduler recordings in, rebuilt kernel signals out.
 *
 *   pgov-trace info TRACE
 *   pgov-trace signals TRACE [--cpu-capacity CPU=CAP,...] [--cpu-max-freq CPU=KHZ,...]
 *                            [--kver X.Y] [--halflife 32|16|8] [--warmup]
 *                            [--format table|tsv] [--samples FILE] [-o FILE]
 *
 * Output is built in memory and written only when everything succeeded
 * (files through a temporary name and rename), so a bad trace leaves
 * nothing half-written. Exit 0 ok, 1 usage, 2 bad input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pgov/kver.h>

#include "govern.h"
#include "lsan_libtracecmd.h" /* sanitize builds: libtracecmd's own leaks (a v6 sscanf) are not ours */
#include "num.h"
#include "trace.h"

static int usage(void)
{
    fprintf(stderr,
            "usage: pgov-trace info TRACE\n"
            "       pgov-trace signals TRACE [--cpu-capacity CPU=CAP,...] "
            "[--cpu-max-freq CPU=KHZ,...]\n"
            "                  [--kver X.Y] [--halflife 32|16|8] [--warmup] "
            "[--format table|tsv]\n"
            "                  [--samples FILE] [-o FILE]\n"
            "       pgov-trace govern TRACE --policy \"LABEL GOVERNOR [key=value...]\" [--policy ...]\n"
            "                  [--platform NAME] [--pstate-domain core|package] [--hz N]\n"
            "                  [--from S] [--to S] [--svg FILE] [--html FILE]\n"
            "                  [signals options] [--format table|tsv] [-o FILE]\n"
            "       pgov-trace workload TRACE [-o FILE]   (pgov-workload 1 text for pgov-sim)\n"
            "TRACE: ftrace buffer text, `trace-cmd report` text, or trace.dat%s\n"
            "       [--dat-reader auto|pages|libtracecmd]: how a trace.dat is read (default auto:\n"
            "       its ring-buffer pages where this reader takes the file, else libtracecmd)\n",
            pgt_have_dat() ? "" : " (not in this build: libtracecmd-dev was missing)");
    return 1;
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
        "lost-events marker", "cpu hotplug"};
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

static void print_signals(FILE *o, const struct pgt_trace *t, struct pgt_signals *s, bool tsv)
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
        const char *comm = e->pid >= 0 ? pgt_comm(t, e->pid) : "-";
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
    fprintf(o, "seeding: %llu entities from their first kernel value, %llu tasks from a warm-up "
               "(zero start, compared after 345 ms); PELT period phase from update_time on %u CPUs\n",
            (unsigned long long)s->seeded_kernel, (unsigned long long)s->seeded_warmup, s->phase_cpus);
    count_line(o, s->exit_moves, "exit: ", " autogroup moves of exiting tasks applied (a detach and "
                                          "an attach without an event of their own)");
    count_line(o, s->reseeded_crossing, "seeding: ", " cfs_rq seeds taken again at the first sample "
                                                     "after a period crossing (the first one followed "
                                                     "an attach or detach)");
    if (s->idle_placed)
        fprintf(o, "clock: %llu switches from idle applied at the CPU's idle exit, %llu of them more "
                   "than 1 ms before their own timestamp (a stalled vCPU)\n",
                (unsigned long long)s->idle_placed, (unsigned long long)s->idle_stalls);
    count_line(o, s->idle_skip_placed, "clock: ", " switches from idle to the task woken there before "
                                                   "the idle exit applied at the wake-up's clock reading "
                                                   "(a preemption of idle)");
    count_line(o, s->wake_placed, "clock: ", " preemptions by a task just woken applied at the CPU's "
                                             "last clock reading");
    if (s->ue_absent_kver)
        fprintf(o, "util_est: absent in kernel %u.%u (introduced in 4.17): PELT alone rebuilt and "
                   "compared; %llu util_est samples in the trace unexpected, not compared\n",
                s->ue_absent_kver >> 8, s->ue_absent_kver & 0xffu,
                (unsigned long long)s->ue_unexpected);
    count_line(o, s->skipped_unknown, "not compared: ", " kernel samples of tasks or CPUs that no "
                                                      "scheduling event described yet (missing "
                                                      "sched_switch/sched_wakeup events, or state lost)");
    count_line(o, s->skipped_unseen, "not compared: ", " util_est_cfs samples of dequeue/enqueue pairs "
                                                     "that no event of the trace shows (an exiting "
                                                     "task's cgroup move)");
    count_line(o, s->skipped_late, "not compared: ", " task samples older than the task's last rebuilt "
                                                   "update (held on a CPU the task had left)");
    count_line(o, s->skipped_after_loss, "lost events: ", " markers; the CPUs they hit were seeded "
                                                         "again from their next kernel values");
    if (s->clean.n)
        fprintf(o, "inputs: %llu samples follow an exact one with every transition between at the "
                   "kernel's update_time: %llu exact, mean |err| %.3f, max |err| %llu\n",
                (unsigned long long)s->clean.n, (unsigned long long)s->clean_exact,
                (double)s->clean.sum_err / (double)s->clean.n, (unsigned long long)s->clean.max_err);
    fprintf(o, "signals: %llu samples compared, mean |err| %.3f, max |err| %llu (util units of 1024)\n",
            (unsigned long long)s->total.n,
            s->total.n ? (double)s->total.sum_err / (double)s->total.n : 0.0,
            (unsigned long long)s->total.max_err);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage();
    const char *cmd = argv[1], *path = argv[2], *out = NULL, *samples = NULL, *html = NULL;
    static struct pgt_platform plat;
    static struct gv_opts gv = {.hz = 250, .to_ns = UINT64_MAX};
    static char polbuf[GV_MAX_POLICIES][200];
    const char *platname = "ivb-i7-3770";
    int domain = -1; /* --pstate-domain; -1: the platform's */
    bool tsv = false;
    enum pgt_dat_reader reader = PGT_DAT_AUTO;
    for (int i = 0; i < PGT_MAX_CPUS; i++)
        plat.cap[i] = 1024;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--warmup") == 0) {
            plat.warmup = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "pgov-trace: %s needs a value\n", a);
            return usage();
        }
        i++;
        if (strcmp(a, "--cpu-capacity") == 0) {
            if (parse_map(a, v, 1, 1024, plat.cap))
                return 1;
        } else if (strcmp(a, "--cpu-max-freq") == 0) {
            if (parse_map(a, v, 1, 100000000, plat.max_khz))
                return 1;
        } else if (strcmp(a, "--kver") == 0) {
            char why[NUM_ERR_LEN];
            if (strcmp(v, "current") == 0) {
                plat.kver = PGOV_KVER_LATEST;
            } else if (num_kver(v, &plat.kver, why, sizeof(why)) || !pgov_kver_valid(plat.kver)) {
                fprintf(stderr, "pgov-trace: --kver: %s\n", why);
                return 1;
            }
        } else if (strcmp(a, "--halflife") == 0) {
            if (parse_u32(v, strlen(v), 64, &plat.halflife) ||
                (plat.halflife != 32 && plat.halflife != 16 && plat.halflife != 8)) {
                fprintf(stderr, "pgov-trace: --halflife must be 32, 16 or 8\n");
                return 1;
            }
        } else if (strcmp(a, "--format") == 0) {
            if (strcmp(v, "tsv") != 0 && strcmp(v, "table") != 0) {
                fprintf(stderr, "pgov-trace: --format table|tsv\n");
                return 1;
            }
            tsv = v[0] == 't' && v[1] == 's';
        } else if (strcmp(a, "--policy") == 0) {
            /* pgov-sim's policy syntax: LABEL GOVERNOR [key=value...] */
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
            if (nt < 2 || sim_policy_parse(tok[0], tok + 1, nt - 1, &gv.pol[gv.npol], why, sizeof(why)) ||
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
        } else if (strcmp(a, "--platform") == 0) {
            platname = v;
        } else if (strcmp(a, "--pstate-domain") == 0) {
            if (strcmp(v, "core") == 0)
                domain = DOM_CORE;
            else if (strcmp(v, "package") == 0)
                domain = DOM_PACKAGE;
            else {
                fprintf(stderr, "pgov-trace: --pstate-domain: '%s' is not core or package\n", v);
                return usage();
            }
        } else if (strcmp(a, "--hz") == 0) {
            if (parse_u32(v, strlen(v), 10000, &gv.hz) || gv.hz < 24) {
                fprintf(stderr, "pgov-trace: --hz: 24..10000\n");
                return 1;
            }
        } else if (strcmp(a, "--from") == 0 || strcmp(a, "--to") == 0) {
            char why[NUM_ERR_LEN];
            uint64_t ns;
            if (num_parse(v, &num_time_ns, 0, UINT64_MAX / 2, &ns, why, sizeof(why))) {
                fprintf(stderr, "pgov-trace: %s: %s (a time with its unit: 250ms, 1.5s)\n", a, why);
                return 1;
            }
            *(a[2] == 'f' ? &gv.from_ns : &gv.to_ns) = ns;
        } else if (strcmp(a, "--svg") == 0) {
            gv.svg = v;
        } else if (strcmp(a, "--html") == 0) {
            html = v;
        } else if (strcmp(a, "-o") == 0) {
            out = v;
        } else if (strcmp(a, "--samples") == 0) {
            samples = v;
        } else if (strcmp(a, "--dat-reader") == 0) {
            if (strcmp(v, "auto") == 0)
                reader = PGT_DAT_AUTO;
            else if (strcmp(v, "pages") == 0)
                reader = PGT_DAT_PAGES;
            else if (strcmp(v, "libtracecmd") == 0)
                reader = PGT_DAT_TRACECMD;
            else {
                fprintf(stderr, "pgov-trace: --dat-reader: '%s' is not auto, pages or libtracecmd\n", v);
                return usage();
            }
        } else {
            fprintf(stderr, "pgov-trace: unknown option '%s'\n", a);
            return usage();
        }
    }
    bool govern = strcmp(cmd, "govern") == 0;
    bool workload = strcmp(cmd, "workload") == 0;
    if (strcmp(cmd, "info") != 0 && strcmp(cmd, "signals") != 0 && !govern && !workload)
        return usage();
    if (govern) {
        if (!gv.npol) {
            fprintf(stderr, "pgov-trace: govern needs at least one --policy\n");
            return usage();
        }
        const struct sim_platform *pl = sim_platform_find(platname);
        if (!pl) {
            fprintf(stderr, "pgov-trace: --platform: unknown '%s' (", platname);
            for (const struct sim_platform *q = sim_platforms; q->name; q++)
                fprintf(stderr, "%s%s", q == sim_platforms ? "" : ", ", q->name);
            fprintf(stderr, ")\n");
            return 1;
        }
        static struct sim_platform plat_used;
        plat_used = *pl;
        if (domain >= 0)
            plat_used.pstate_domain = (uint32_t)domain;
        gv.plat = &plat_used;
        gv.tsv = tsv;
    }
    static struct pgt_trace t;
    if (pgt_load_with(path, &t, reader)) {
        fprintf(stderr, "%s\n", t.err);
        pgt_free(&t);
        return 2;
    }
    char *buf = NULL, *sbuf = NULL;
    size_t len = 0, slen = 0;
    FILE *o = open_memstream(&buf, &len);
    int rc = 0;
    if (!o)
        return 2;
    char *vbuf = NULL, *hbuf = NULL;
    size_t vlen = 0, hlen = 0;
    if (strcmp(cmd, "info") == 0) {
        print_info(o, &t);
    } else if (workload) {
        char err[PGT_ERR_LEN];
        if (pgt_workload_write(&t, o, err, sizeof(err))) {
            fprintf(stderr, "%s\n", err);
            rc = 2;
        }
    } else if (govern) {
        char err[PGT_ERR_LEN];
        FILE *vo = gv.svg ? open_memstream(&vbuf, &vlen) : NULL;
        gv.html = html ? open_memstream(&hbuf, &hlen) : NULL; /* the page (html.c) */
        gv.argc = argc;
        gv.argv = argv;
        if ((gv.svg && !vo) || (html && !gv.html))
            rc = 2;
        else if (gv_run(&t, &plat, &gv, o, vo, err, sizeof(err))) {
            fprintf(stderr, "%s\n", err);
            rc = 2;
        }
        if (vo)
            fclose(vo);
        if (gv.html && fclose(gv.html))
            rc = 2;
    } else {
        struct pgt_signals s;
        char err[PGT_ERR_LEN];
        if (pgt_signals_run(&t, &plat, samples != NULL, &s, err, sizeof(err))) {
            fprintf(stderr, "%s\n", err);
            rc = 2;
        } else {
            print_info(o, &t);
            print_signals(o, &t, &s, tsv);
            if (samples) {
                FILE *so = open_memstream(&sbuf, &slen);
                if (so) {
                    fprintf(so, "ts_ns\tsignal\tpid\tcomm\tcpu\tkernel\trebuilt\n");
                    for (size_t i = 0; i < s.nsamples; i++) {
                        const struct pgt_sample *x = &s.samples[i];
                        fprintf(so, "%llu\t%s\t%d\t%s\t%u\t%llu\t%llu\n",
                                (unsigned long long)x->ts, pgt_kind_name(x->kind), x->pid,
                                x->pid >= 0 ? pgt_comm(&t, x->pid) : "-", x->cpu,
                                (unsigned long long)x->kernel, (unsigned long long)x->rebuilt);
                    }
                    fclose(so);
                }
            }
            pgt_signals_free(&s);
        }
    }
    fclose(o);
    if (!rc && samples && (!sbuf || emit(samples, sbuf, slen)))
        rc = 2;
    if (!rc && gv.svg && (!vbuf || emit(gv.svg, vbuf, vlen)))
        rc = 2;
    if (!rc && govern && html && (!hbuf || emit(html, hbuf, hlen)))
        rc = 2;
    if (!rc && emit(out, buf, len))
        rc = 2;
    free(vbuf);
    free(hbuf);
    free(buf);
    free(sbuf);
    pgt_free(&t);
    return rc;
}
