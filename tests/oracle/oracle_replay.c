/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host side of the oracle: read the records pgov_oracle.ko captured inside
 * Linux (tests/oracle/oracle_rec.h), recompute every update from its prior
 * state and inputs through the public libpgov API, and compare every field.
 * Ends with exactly one line:
 *   oracle: pelt N/M util_est N/M schedutil N/M ondemand N/M conservative N/M exact (kernel 6.1.X)
 * Usage: oracle_replay CAPTURE [--tsv-pelt FILE N] [--tsv-util-est FILE N]
 * Exit 0 when every compared row matched, 1 on a mismatch, 2 on a bad file.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_linux.h"
#include "oracle_rec.h"

#define DEQUEUE_SLEEP 0x1u /* v6.1 kernel/sched/sched.h flag value (an ABI fact) */

struct tally {
    uint64_t compared, exact;
    unsigned shown;
};
static struct tally t_pelt, t_ue;
static uint32_t kver = PGOV_KVER_6_1;

/* --tsv: a sample of the rows, spread evenly over each flavour/op */
static FILE *tsv_pelt, *tsv_ue;
static uint64_t seen_pelt[REPLAY_LINUX_NFLAVOURS], seen_ue[REPLAY_LINUX_UE_NOPS];
static uint64_t stride_pelt[REPLAY_LINUX_NFLAVOURS], stride_ue[REPLAY_LINUX_UE_NOPS];

static struct pgov_pelt_avg to_lib(const struct orec_avg *a)
{
    struct pgov_pelt_avg s;
    memset(&s, 0, sizeof(s));
    s.last_update_time = a->last_update_time;
    s.load_sum = a->load_sum;
    s.runnable_sum = a->runnable_sum;
    s.util_sum = a->util_sum;
    s.period_contrib = a->period_contrib;
    s.load_avg = a->load_avg;
    s.runnable_avg = a->runnable_avg;
    s.util_avg = a->util_avg;
    return s;
}

static void print_avg(FILE *f, const char *sep, const struct pgov_pelt_avg *s)
{
    fprintf(f, "%" PRIu64 "%s%" PRIu64 "%s%" PRIu64 "%s%u%s%u%s%" PRIu64 "%s%" PRIu64 "%s%" PRIu64,
            s->last_update_time, sep, s->load_sum, sep, s->runnable_sum, sep, s->util_sum, sep,
            s->period_contrib, sep, s->load_avg, sep, s->runnable_avg, sep, s->util_avg);
}

static int same_avg(const struct pgov_pelt_avg *a, const struct pgov_pelt_avg *b)
{
    return a->last_update_time == b->last_update_time && a->load_sum == b->load_sum &&
           a->runnable_sum == b->runnable_sum && a->util_sum == b->util_sum &&
           a->period_contrib == b->period_contrib && a->load_avg == b->load_avg &&
           a->runnable_avg == b->runnable_avg && a->util_avg == b->util_avg;
}

static unsigned pelt_flavour(const struct orec *r)
{
    switch (r->kind) {
    case OREC_PELT_SE:
        return r->flags & OREC_F_TASK ? REPLAY_LINUX_TASK : REPLAY_LINUX_GROUP;
    case OREC_PELT_BLOCKED:
        return REPLAY_LINUX_BLOCKED;
    case OREC_PELT_CFS:
        return REPLAY_LINUX_CFS_RQ;
    case OREC_PELT_RT:
        return REPLAY_LINUX_RT_RQ;
    default:
        return REPLAY_LINUX_DL_RQ;
    }
}

static void pelt_row(const struct orec *r, int counting)
{
    struct pgov_pelt_avg sa = to_lib(&r->pre), want = to_lib(&r->post), pre = sa;
    unsigned fl = pelt_flavour(r);
    uint32_t running = r->flags & OREC_F_RUNNING ? 1u : 0u, on_rq = r->x[3] ? 1u : 0u;
    uint64_t runnable = r->x[2];
    int ret;

    if (counting) {
        seen_pelt[fl]++;
        return;
    }
    ret = replay_linux_pelt(fl, &sa, r->x[0], r->x[1], runnable, on_rq, running);
    t_pelt.compared++;
    if (ret == (int)r->ret && same_avg(&sa, &want))
        t_pelt.exact++;
    else if (t_pelt.shown++ < 10) {
        printf("pelt mismatch: %s cpu %u now=%" PRIu64 " weight_raw=%" PRIu64 " runnable=%" PRIu64
               " on_rq=%u running=%u: kernel ret %u, libpgov %d\n    pre    ",
               replay_linux_pelt_names[fl], r->cpu, r->x[0], r->x[1], runnable, on_rq, running,
               r->ret, ret);
        print_avg(stdout, " ", &pre);
        printf("\n    kernel ");
        print_avg(stdout, " ", &want);
        printf("\n    libpgov ");
        print_avg(stdout, " ", &sa);
        printf("\n");
    }
    if (tsv_pelt && seen_pelt[fl]++ % stride_pelt[fl] == 0) {
        fprintf(tsv_pelt, "%s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%u\t%u\t",
                replay_linux_pelt_names[fl], r->x[0], r->x[1], runnable, on_rq, running);
        print_avg(tsv_pelt, "\t", &pre);
        fprintf(tsv_pelt, "\t%u\t", r->ret);
        print_avg(tsv_pelt, "\t", &want);
        fputc('\n', tsv_pelt);
    }
}

/* One util_est operation: inputs, and the kernel's result. */
struct ue_case {
    unsigned op;
    uint32_t rq_sum, sleep;
    struct pgov_util_est_task task;
    uint64_t util, runnable, cap;
    uint32_t want_rq;
    struct pgov_util_est_task want;
};

static void ue_row(const struct orec *r, const struct ue_case *c, int counting)
{
    uint32_t rq = c->rq_sum;
    struct pgov_util_est_task t = c->task;
    int e;

    if (counting) {
        seen_ue[c->op]++;
        return;
    }
    e = replay_linux_util_est(c->op, kver, &rq, &t, c->sleep, c->util, c->runnable, c->cap);
    t_ue.compared++;
    if (e == 0 && rq == c->want_rq && t.enqueued == c->want.enqueued && t.ewma == c->want.ewma)
        t_ue.exact++;
    else if (t_ue.shown++ < 10)
        printf("util_est mismatch: %s cpu %u: rq_sum %#x task %#x/%#x sleep %u util %" PRIu64
               " runnable %" PRIu64 " cap %" PRIu64 ": kernel rq_sum %#x task %#x/%#x, libpgov"
               " rq_sum %#x task %#x/%#x (err %d)\n",
               replay_linux_ue_names[c->op], r->cpu, c->rq_sum, c->task.enqueued, c->task.ewma,
               c->sleep, c->util, c->runnable, c->cap, c->want_rq, c->want.enqueued,
               c->want.ewma, rq, t.enqueued, t.ewma, e);
    if (tsv_ue && seen_ue[c->op]++ % stride_ue[c->op] == 0)
        fprintf(tsv_ue,
                "v%u.%u\t%s\t%u\t%u\t%u\t%u\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%u\t%u\t%u\n",
                kver >> 8, kver & 0xff, replay_linux_ue_names[c->op], c->rq_sum, c->task.enqueued,
                c->task.ewma, c->sleep, c->util, c->runnable, c->cap, c->want_rq,
                c->want.enqueued, c->want.ewma);
}

/*
 * The util_est operations one record shows. An entity update that recomputed
 * the averages clears UTIL_AVG_UNCHANGED; enqueue_task_fair starts with
 * util_est_enqueue; dequeue_task_fair starts with util_est_dequeue and ends
 * with util_est_update, fed with the averages as its PELT updates left them
 * and the estimate as they left it (x[3]). util_est_enqueue/dequeue do not
 * write the task, so its expected estimate is its input.
 */
static void util_est_rows(const struct orec *r, int counting)
{
    struct ue_case c;

    memset(&c, 0, sizeof(c));
    c.task.enqueued = r->pre.ue_enqueued;
    c.task.ewma = r->pre.ue_ewma;
    c.want = c.task;
    if (r->kind == OREC_PELT_SE && r->ret == 1) {
        c.op = REPLAY_LINUX_UE_CHANGED;
        c.want.enqueued = r->post.ue_enqueued;
        c.want.ewma = r->post.ue_ewma;
        ue_row(r, &c, counting);
    } else if (r->kind == OREC_UE_ENQ || r->kind == OREC_UE_DEQ) {
        c.op = r->kind == OREC_UE_ENQ ? REPLAY_LINUX_UE_ENQUEUE : REPLAY_LINUX_UE_DEQUEUE;
        c.rq_sum = (uint32_t)r->x[0];
        c.want_rq = (uint32_t)r->x[1];
        ue_row(r, &c, counting);
        if (r->kind == OREC_UE_DEQ) {
            c.op = REPLAY_LINUX_UE_UPDATE;
            c.rq_sum = c.want_rq; /* util_est_update does not touch the sum */
            c.task.enqueued = (uint32_t)r->x[3];
            c.task.ewma = (uint32_t)(r->x[3] >> 32);
            c.sleep = (r->aux & DEQUEUE_SLEEP) ? 1u : 0u;
            c.util = r->post.util_avg;
            c.runnable = r->post.runnable_avg;
            c.cap = r->x[2];
            c.want.enqueued = r->post.ue_enqueued;
            c.want.ewma = r->post.ue_ewma;
            ue_row(r, &c, counting);
        }
    }
}

/* One pass over the capture; counting = 1 only counts rows per flavour/op
 * (for the TSV strides). Returns 0, or 2 after "file:record: reason". */
static int pass(const char *path, int counting, char *release, char *version, uint64_t *trailer,
                uint64_t *nrec)
{
    FILE *f = fopen(path, "rb");
    struct orec r;
    uint64_t n = 1;

    if (!f) {
        perror(path);
        return 2;
    }
    if (fread(&r, sizeof(r), 1, f) != 1 || r.kind != OREC_HEADER || r.x[0] != OREC_MAGIC ||
        r.x[1] != sizeof(r)) {
        fprintf(stderr, "%s:1: not an oracle capture (header, record size %zu)\n", path,
                sizeof(r));
        fclose(f);
        return 2;
    }
    memcpy(release, &r.pre, 64);
    memcpy(version, &r.post, 64);
    for (;;) {
        if (fread(&r, sizeof(r), 1, f) != 1 || r.kind == OREC_NONE) {
            fprintf(stderr, "%s:%" PRIu64 ": capture has no trailer (guest did not finish)\n",
                    path, n + 1);
            fclose(f);
            return 2;
        }
        n++;
        if (r.kind == OREC_TRAILER) {
            memcpy(trailer, r.x, sizeof(r.x));
            trailer[4] = r.aux;
            break;
        }
        if (r.kind >= OREC_PELT_SE && r.kind <= OREC_PELT_DL) {
            pelt_row(&r, counting);
            util_est_rows(&r, counting);
        } else if (r.kind == OREC_UE_ENQ || r.kind == OREC_UE_DEQ) {
            util_est_rows(&r, counting);
        } else {
            fprintf(stderr, "%s:%" PRIu64 ": unknown record kind %u\n", path, n, r.kind);
            fclose(f);
            return 2;
        }
    }
    fclose(f);
    *nrec = n - 2;
    return 0;
}

static void strides(const uint64_t *seen, uint64_t *stride, unsigned n, uint64_t rows)
{
    unsigned i;
    for (i = 0; i < n; i++)
        stride[i] = seen[i] > rows / n ? seen[i] / (rows / n) : 1;
}

static FILE *open_tsv(const char *path, const char *what)
{
    FILE *f = fopen(path, "w");
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (!f) {
        perror(path);
        exit(2);
    }
    fprintf(f, "# %s -- updates captured from Linux %s itself (Debian's linux-image under qemu).\n"
               "# Made by PGOV_ORACLE_TSV=DIR tests/oracle/run.sh (see tests/oracle/README.md); one row per\n"
               "# update, with the state before it: rows are independent.\n",
            base, what);
    return f;
}

int main(int argc, char **argv)
{
    char release[65] = "", version[65] = "", kernel[32] = "6.1.?";
    uint64_t trailer[5] = { 0 }, n = 0, rows = 0;
    const char *p, *cap, *dir = NULL;
    char path[4096];
    int e;

    if (argc == 5 && strcmp(argv[2], "--tsv") == 0) {
        dir = argv[3];
        rows = strtoull(argv[4], NULL, 10);
    } else if (argc != 2) {
        fprintf(stderr, "usage: oracle_replay CAPTURE [--tsv DIR ROWS]\n");
        return 2;
    }
    cap = argv[1];
    if (dir) {
        if ((e = pass(cap, 1, release, version, trailer, &n)))
            return e;
        strides(seen_pelt, stride_pelt, REPLAY_LINUX_NFLAVOURS, rows);
        strides(seen_ue, stride_ue, REPLAY_LINUX_UE_NOPS, rows);
        memset(seen_pelt, 0, sizeof(seen_pelt));
        memset(seen_ue, 0, sizeof(seen_ue));
        snprintf(path, sizeof(path), "%s/linux-6.1-pelt.tsv", dir);
        tsv_pelt = open_tsv(path, "6.1 (PELT)");
        fprintf(tsv_pelt, "flavour\tnow_ns\tweight_raw\trunnable\ton_rq\trunning\tpre_last_update_time"
                          "\tpre_load_sum\tpre_runnable_sum\tpre_util_sum\tpre_period_contrib"
                          "\tpre_load_avg\tpre_runnable_avg\tpre_util_avg\tret\tlast_update_time"
                          "\tload_sum\trunnable_sum\tutil_sum\tperiod_contrib\tload_avg"
                          "\trunnable_avg\tutil_avg\n");
        snprintf(path, sizeof(path), "%s/linux-6.1-util_est.tsv", dir);
        tsv_ue = open_tsv(path, "6.1 (util_est)");
        fprintf(tsv_ue, "kver\top\trq_sum\ttask_enqueued\ttask_ewma\tsleep\tutil\trunnable\tcap"
                        "\trq_sum_after\ttask_enqueued_after\ttask_ewma_after\n");
    }
    if ((e = pass(cap, 0, release, version, trailer, &n)))
        return e;
    if (tsv_pelt && (fclose(tsv_pelt) | fclose(tsv_ue))) {
        perror("oracle_replay: writing the TSV sample");
        return 2;
    }
    /* "#1 SMP PREEMPT_DYNAMIC Debian 6.1.192-3 (...)" gives upstream 6.1.192 */
    if ((p = strstr(version, "Debian ")) == NULL || sscanf(p + 7, "%31[0-9.]", kernel) != 1)
        strcpy(kernel, "6.1.?");
    printf("capture: Linux %s (%s), %" PRIu64 " records\n", release, kernel, n);
    printf("not captured: %" PRIu64 " records (ring full), %" PRIu64 " (volume cap), %" PRIu64
           " (kretprobe instance pool empty), %" PRIu64 " (hit inside another probe's handler)\n",
           trailer[1], trailer[2], trailer[3], trailer[4]);
    printf("not compared: schedutil, ondemand, conservative: no capture (dummy cpufreq driver not built yet)\n");
    printf("oracle: pelt %" PRIu64 "/%" PRIu64 " util_est %" PRIu64 "/%" PRIu64
           " schedutil 0/0 ondemand 0/0 conservative 0/0 exact (kernel %s)\n",
           t_pelt.exact, t_pelt.compared, t_ue.exact, t_ue.compared, kernel);
    return t_pelt.exact == t_pelt.compared && t_ue.exact == t_ue.compared ? 0 : 1;
}
