/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The oracle's PELT and util_est rows: each captured update recomputed from
 * its prior state and inputs (replay_linux.c, the code pgov-replay shares)
 * and compared field by field; util_est per kernel series, since where
 * util_est_update runs inside enqueue/dequeue moved in 6.12 and 7.2.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "oracle_replay.h"
#include <pgov/kver.h>

#define DEQUEUE_SLEEP 0x1u /* v6.1 kernel/sched/sched.h flag value (an ABI fact) */
/* DEQUEUE_SAVE = ENQUEUE_RESTORE and TASK_ON_RQ_MIGRATING, 6.1 and 6.12 alike:
 * a delayed task's util_est_enqueue/dequeue is skipped on these (6.12). */
#define DEQUEUE_SAVE 0x2u
#define TASK_ON_RQ_MIGRATING 2u

struct tally t_pelt, t_ue;
uint64_t ue_not_called, ue_not_called_moved;
FILE *tsv_pelt, *tsv_ue;
uint64_t seen_pelt[REPLAY_LINUX_NFLAVOURS], seen_ue[REPLAY_LINUX_UE_NOPS];
uint64_t stride_pelt[REPLAY_LINUX_NFLAVOURS], stride_ue[REPLAY_LINUX_UE_NOPS];

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

void pelt_row(const struct orec *r, int counting)
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
 * 6.12's fair enqueue/dequeue (delta spec 2.2): the rq sum add/remove first,
 * skipped for a delayed task that migrates or is saved/restored; then, on a
 * dequeue, util_est_update at once with the task's averages at entry (before
 * the call's PELT updates; the module recorded its result in x[3]).
 */
static void util_est_rows_612(const struct orec *r, struct ue_case *c, int counting)
{
    bool skip = (r->flags & OREC_F_DELAYED) &&
                (r->ret == TASK_ON_RQ_MIGRATING || (r->aux & DEQUEUE_SAVE));

    c->rq_sum = (uint32_t)r->x[0];
    c->want_rq = (uint32_t)r->x[1];
    if (skip) {
        if (!counting && (ue_not_called++, c->want_rq != c->rq_sum))
            ue_not_called_moved++;
    } else {
        c->op = r->kind == OREC_UE_ENQ ? REPLAY_LINUX_UE_ENQUEUE : REPLAY_LINUX_UE_DEQUEUE;
        ue_row(r, c, counting);
    }
    if (r->kind != OREC_UE_DEQ)
        return;
    c->op = REPLAY_LINUX_UE_UPDATE;
    c->rq_sum = c->want_rq; /* util_est_update does not touch the sum */
    c->sleep = (r->aux & DEQUEUE_SLEEP) ? 1u : 0u;
    c->util = r->pre.util_avg;
    c->runnable = r->pre.runnable_avg;
    c->cap = r->x[2];
    c->want.enqueued = (uint32_t)r->x[3];
    c->want.ewma = (uint32_t)(r->x[3] >> 32);
    ue_row(r, c, counting);
}

/*
 * 7.3's fair enqueue/dequeue (delta spec 1.2): the rq sum is added unless
 * the task is delayed and not being re-queued (migrating or restored, as
 * 6.12), removed unless the task is already delayed; util_est_update runs
 * inside the dequeue's PELT update of the task (7.2+), for a sleep that is
 * not the completion of a delayed dequeue, on the averages that update left
 * (at return, x[3] its estimate before the update).
 */
static void util_est_rows_73(const struct orec *r, struct ue_case *c, int counting)
{
    bool delayed = r->flags & OREC_F_DELAYED;
    bool skip = r->kind == OREC_UE_DEQ
                    ? delayed
                    : delayed && (r->ret == TASK_ON_RQ_MIGRATING || (r->aux & DEQUEUE_SAVE));

    c->rq_sum = (uint32_t)r->x[0];
    c->want_rq = (uint32_t)r->x[1];
    if (skip) {
        if (!counting && (ue_not_called++, c->want_rq != c->rq_sum))
            ue_not_called_moved++;
    } else {
        c->op = r->kind == OREC_UE_ENQ ? REPLAY_LINUX_UE_ENQUEUE : REPLAY_LINUX_UE_DEQUEUE;
        ue_row(r, c, counting);
    }
    if (r->kind != OREC_UE_DEQ || delayed || !(r->aux & DEQUEUE_SLEEP) || !(r->flags & OREC_F_SEEN))
        return;
    c->op = REPLAY_LINUX_UE_UPDATE;
    c->rq_sum = c->want_rq;
    c->task.enqueued = (uint32_t)r->x[3];
    c->task.ewma = (uint32_t)(r->x[3] >> 32);
    c->sleep = 1;
    c->util = r->post.util_avg;
    c->runnable = r->post.runnable_avg;
    c->cap = r->x[2];
    c->want.enqueued = r->post.ue_enqueued;
    c->want.ewma = r->post.ue_ewma;
    ue_row(r, c, counting);
}

/*
 * The util_est operations one record shows. An entity update that recomputed
 * the averages clears UTIL_AVG_UNCHANGED; enqueue_task_fair starts with
 * util_est_enqueue; dequeue_task_fair starts with util_est_dequeue and ends
 * with util_est_update, fed with the averages as its PELT updates left them
 * and the estimate as they left it (x[3]). util_est_enqueue/dequeue do not
 * write the task, so its expected estimate is its input.
 */
void util_est_rows(const struct orec *r, int counting)
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
    } else if ((r->kind == OREC_UE_ENQ || r->kind == OREC_UE_DEQ) && kver >= PGOV_KVER_7_3) {
        util_est_rows_73(r, &c, counting);
    } else if ((r->kind == OREC_UE_ENQ || r->kind == OREC_UE_DEQ) && kver >= PGOV_KVER_6_12) {
        util_est_rows_612(r, &c, counting);
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
