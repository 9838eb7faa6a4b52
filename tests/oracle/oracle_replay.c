/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host side of the oracle: read the records pgov_oracle.ko captured inside
 * Linux (tests/oracle/oracle_rec.h), recompute every update from its prior
 * state and inputs through the public libpgov API, and compare every field.
 * Ends with exactly one line:
 *   oracle: pelt N/M util_est N/M schedutil N/M ondemand N/M conservative N/M
 *           [uclamp N/M] exact (kernel X.Y.Z)
 * (uclamp where pgov_uclamp.ko ran: uclamp_replay.c). Kernels: 6.1, 6.12, 7.3.
 * Usage: oracle_replay CAPTURE [--tsv DIR ROWS]
 * Exit 0 when every compared row of a module whose profile for the kernel the library
 * calls exact (pgov_kver_exactness) matched and every decision of the
 * library's own governor in the guest (pgov_schedutil, gov_replay.c) equals
 * its host replay, 1 otherwise, 2 on a bad file; the other modules are
 * compared and reported, not gated.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_linux.h"
#include "oracle_rec.h"
#include "gov_replay.h"
#include "uclamp_replay.h"

#include <stdbool.h>
#include <pgov/dbs.h>
#include <pgov/kver.h>
#include <pgov/freq_table.h>
#include <pgov/pstate.h>
#include <pgov/sugov.h>

#define DEQUEUE_SLEEP 0x1u /* v6.1 kernel/sched/sched.h flag value (an ABI fact) */
/* DEQUEUE_SAVE = ENQUEUE_RESTORE and TASK_ON_RQ_MIGRATING, 6.1 and 6.12 alike:
 * a delayed task's util_est_enqueue/dequeue is skipped on these (6.12). */
#define DEQUEUE_SAVE 0x2u
#define TASK_ON_RQ_MIGRATING 2u

struct tally {
    uint64_t compared, exact;
    unsigned shown;
};
static struct tally t_pelt, t_ue, t_sugov, t_dbs[2];
static uint32_t kver = PGOV_KVER_6_1; /* the guest's series (kver_of: 6.1 or 6.12) */
static uint32_t kver_stable;          /* its stable update z (stable_of) */
static uint64_t ue_not_called, ue_not_called_moved; /* 6.12: skipped enqueue/dequeue */

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

/* ---- governors (records of the dummy cpufreq driver's policies) ---- */

/* pgov_oracle.c's dummy_table, and the kernel's values the module does not record. */
static const struct pgov_freq_entry dummy_table[] = {
    {800000, 0}, {1200000, 0}, {1600000, 0}, {2000000, 0}, {2400000, 0}};
#define DUMMY_MAX_KHZ 2400000u
#define TICK_NS 4000000u /* CONFIG_HZ=250 in Debian's 6.1 */
#define SCHED_CPUFREQ_IOWAIT 0x1u /* v6.1 include/linux/sched/cpufreq.h (an ABI fact) */
#define MAX_POLICIES 64
#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))

static const char *const dbs_names[2] = {"ondemand", "conservative"};

/* One open-loop dbs instance per policy, started at the first evaluation of
 * a governor period; its state must chain record to record. */
struct dbs_sess {
    struct replay_linux_dbs d;
    int gov;               /* -1: none */
    int bad;               /* chain broken mid-period: skip until the next start */
    uint64_t wall, idle;   /* kernel cpu_dbs_info after the last evaluation */
    uint64_t chain;        /* TSV: chain id, 0: this chain is not written */
    uint32_t step;
};
static struct dbs_sess sess[MAX_POLICIES];
static uint64_t dbs_skipped[2], dbs_starts[2], sugov_skipped, dbs_seen[2], sugov_seen, sugov_dl_bw;
static uint64_t tunable_stores[2], dbs_raced[2];

/* --tsv: governor vectors (schedutil every stride-th callback; ondemand and
 * conservative whole chains of policy 0 until the row budget is spent). */
static FILE *tsv_sugov, *tsv_dbs[2];
static uint64_t uclamp_seen; /* counting pass: uclamp rows (the schedutil TSV gets "capped") */
static uint64_t sugov_count[4], sugov_stride[4] = {1, 1, 1, 1}, sugov_nth[4], tsv_rows, dbs_rows[2],
    dbs_chains;
static const char dummy_table_str[] = "800000,1200000,1600000,2000000,2400000";

/* The tunables in force at a record's entry, by pgov_dbs_tunable id. */
static void record_tunables(const struct orec *r, int gov, uint32_t v[8])
{
    v[PGOV_DBS_SAMPLING_RATE] = LO(r->g[10]);
    v[PGOV_DBS_UP_THRESHOLD] = HI(r->g[10]);
    v[PGOV_DBS_SAMPLING_DOWN_FACTOR] = LO(r->g[11]);
    v[PGOV_DBS_IGNORE_NICE_LOAD] = HI(r->g[11]);
    v[PGOV_DBS_IO_IS_BUSY] = gov == 0 ? LO(r->g[12]) : 0;
    v[PGOV_DBS_POWERSAVE_BIAS] = gov == 0 ? HI(r->g[12]) : 0;
    v[PGOV_DBS_DOWN_THRESHOLD] = gov == 1 ? HI(r->g[12]) : 0;
    v[PGOV_DBS_FREQ_STEP] = gov == 1 ? LO(r->g[13]) : 0;
}

static struct pgov_hw_idle snap_of(const uint64_t *g)
{
    struct pgov_hw_idle s = {g[1], g[0], 0, g[2]}; /* iowait is in prev_cpu_idle as the kernel summed it */
    return s;
}

/* One linux_dbs row; @tv NULL: the tunable columns are not used ('-'). */
static void dbs_tsv(struct dbs_sess *ss, int gov, const char *op, const struct orec *r,
                    const uint32_t *tv, const struct pgov_hw_idle *c, const char *outs)
{
    FILE *f = tsv_dbs[gov];
    int start = op[1] == 't' && op[2] == 'a';

    if (!f || !ss->chain)
        return;
    if (start)
        fprintf(f, "%" PRIu64 "\t%u\t%s\tv%u.%u.%u\t%s\t%s\t%u\t%u\t%" PRIu64, ss->chain, ss->step,
                dbs_names[gov], kver >> 8, kver & 0xff, kver_stable, dummy_table_str, op, HI(r->g[13]),
                gov == 0 ? LO(r->g[14]) : DUMMY_MAX_KHZ, r->x[1]);
    else
        fprintf(f, "%" PRIu64 "\t%u\t-\t-\t-\t%s\t-\t-\t-", ss->chain, ss->step, op);
    for (int i = 0; i < 8; i++)
        if (tv)
            fprintf(f, "\t%u", tv[i]);
        else
            fputs("\t-", f);
    fprintf(f, "\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\t%s\n", c->wall_us, c->idle_us, c->nice_ns,
            outs);
    ss->step++;
    dbs_rows[gov]++;
}

static void dbs_row(const struct orec *r)
{
    int gov = r->ret;
    struct dbs_sess *ss = &sess[r->id % MAX_POLICIES];
    struct pgov_hw_idle pre = snap_of(&r->g[0]), post = snap_of(&r->g[4]);
    struct replay_linux_dbs_out o;
    struct tally *t = &t_dbs[gov & 1];
    uint32_t tv[8];
    int e, ok, store_raced = 0;

    dbs_seen[gov & 1]++;
    if (gov > 1 || r->id >= MAX_POLICIES) {
        dbs_skipped[gov & 1]++;
        return;
    }
    record_tunables(r, gov, tv);
    /* A sysfs store between two evaluations (the guest varies the
     * tunables): replay it through pgov_dbs_store, which rebases the
     * counters for ignore_nice_load / io_is_busy as the kernel's store did;
     * the record's entry state holds the counters that rebase read. */
    if (ss->d.g && ss->gov == gov && !ss->bad) {
        struct pgov_dbs_status st;
        unsigned n = 0;
        if (pgov_dbs_get_status(ss->d.g, &st) == 0 &&
            memcmp(&st.tun.sampling_rate, tv, sizeof(tv)) != 0) {
            uint32_t was_nice = st.tun.ignore_nice_load, was_io = st.tun.io_is_busy;
            e = replay_linux_dbs_store(&ss->d, tv, &pre, &n);
            tunable_stores[gov] += n;
            if (e) {
                printf("%s: a store the kernel took was refused (%d) at cpu %u\n", dbs_names[gov],
                       e, r->cpu);
                ss->bad = 1;
            } else {
                /* The kernel's store writes the value first and resets each
                 * policy's state (rate_mult, the powersave_bias sub-sample)
                 * after it, under that policy's lock: an evaluation can see
                 * the new value and the old state. The entry state says so:
                 * a rate_mult the reset would have cleared, or a sub-sample
                 * step the reset would have cancelled. */
                struct pgov_dbs_status after;
                if (n && pgov_dbs_get_status(ss->d.g, &after) == 0 &&
                    (after.rate_mult != LO(r->g[8]) || LO(r->x[0]) == ~0u))
                    store_raced = 1;
                dbs_tsv(ss, gov, "store", r, tv, &pre, "-\t-\t-\t-\t-\t-\t-\t-");
                if (was_nice != tv[PGOV_DBS_IGNORE_NICE_LOAD] || was_io != tv[PGOV_DBS_IO_IS_BUSY]) {
                    /* The store's rebase takes the counters without the
                     * policy's lock, after writing the value: an entry state
                     * still holding the last evaluation's counters was read
                     * before the rebase, which then ran under this
                     * evaluation (seen once in CI: the stale nice baseline
                     * made the replay see a long idle). */
                    if (ss->wall == pre.wall_us && ss->idle == pre.idle_us)
                        store_raced = 1;
                    ss->wall = pre.wall_us;
                    ss->idle = pre.idle_us;
                }
            }
        }
    }
    /* A governor start leaves rate_mult 1, prev_load 0, and (cs) down_skip 0,
     * requested_freq = cur: a fresh instance holds exactly that state. It
     * also leaves no powersave_bias sub-sample pending, which the record
     * does not hold but shows: an evaluation that took the sub-sample step
     * (dbs_update did not run) was not a start state's, even with prev_load
     * 0 and rate_mult 1 after an idle evaluation (seen once in CI on
     * 6.1.176: the replay restarted there and evaluated a full sample). */
    int fresh = LO(r->g[8]) == 1 && r->g[3] == 0 && LO(r->x[0]) != ~0u &&
                (gov == 0 || (HI(r->g[14]) == 0 && LO(r->g[14]) == r->x[1]));
    /* policy->cur moved since the instance's last decision: an evaluation
     * was missed (a store's rebase hides the counters' gap) or something
     * else set the frequency; the chain is broken like a counter gap. */
    struct pgov_dbs_status now;
    bool cur_moved = ss->gov == gov && ss->d.g && pgov_dbs_get_status(ss->d.g, &now) == 0 &&
                     now.cur_khz != (uint32_t)r->x[1];
    /* (Re)start at a new period, a broken chain (a missed record), or after a
     * mismatch once the kernel's state is again one a start leaves. */
    if (ss->gov != gov || ss->wall != pre.wall_us || ss->idle != pre.idle_us || cur_moved ||
        (ss->bad && fresh)) {
        ss->gov = gov;
        ss->bad = !fresh;
        ss->chain = 0;
        if (fresh) {
            struct replay_linux_dbs_cfg c;
            memset(&c, 0, sizeof(c));
            c.gov = (uint32_t)gov;
            c.kver = kver;
            c.kver_stable = kver_stable;
            c.table = dummy_table;
            c.table_len = 5;
            c.min_khz = HI(r->g[13]);
            c.max_khz = gov == 0 ? LO(r->g[14]) : DUMMY_MAX_KHZ;
            c.cur_khz = (uint32_t)r->x[1];
            c.hz = 250;
            memcpy(c.tun, tv, sizeof(tv));
            dbs_starts[gov]++;
            e = replay_linux_dbs_start(&ss->d, &c, &pre);
            if (e) {
                printf("%s: start failed (%d) at cpu %u cur %" PRIu64 "\n", dbs_names[gov], e,
                       r->cpu, r->x[1]);
                ss->bad = 1;
            } else if (r->id == 0 && dbs_rows[gov] < tsv_rows) {
                ss->chain = ++dbs_chains;
                ss->step = 0;
                dbs_tsv(ss, gov, "start", r, tv, &pre, "-\t-\t-\t-\t-\t-\t-\t-");
            }
        }
    }
    ss->wall = post.wall_us;
    ss->idle = post.idle_us;
    if ((r->flags & OREC_F_TUNED) || store_raced) {
        /* Which tunables this evaluation used is unknown: not compared, and
         * the state after it is the kernel's only from the next start. */
        dbs_raced[gov]++;
        ss->bad = 1;
        return;
    }
    if (ss->bad) {
        dbs_skipped[gov]++;
        return;
    }
    e = replay_linux_dbs_eval(&ss->d, &post, &o);
    t->compared++;
    /* ~0: dbs_update did not run (a powersave_bias sub-sample). */
    int evaluated = LO(r->x[0]) != ~0u, req = (r->flags & OREC_F_REQ) != 0;
    ok = e == 0 && o.evaluated == (uint32_t)evaluated && (!evaluated || o.load == LO(r->x[0])) &&
         o.delay_us == r->aux && o.cur_khz == (uint32_t)r->x[2] && o.req == (uint32_t)req &&
         (!req || o.cur_khz == (uint32_t)r->x[3]) && o.prev_load == LO(r->g[7]) &&
         o.rate_mult == LO(r->g[9]) &&
         (gov == 0 || (o.requested_freq == LO(r->g[15]) && o.down_skip == HI(r->g[15])));
    if (tsv_dbs[gov] && ss->chain) {
        /* The kernel's values, not the library's. */
        char outs[160], load[16];
        if (evaluated)
            snprintf(load, sizeof(load), "%u", LO(r->x[0]));
        else
            strcpy(load, "-");
        if (gov == 0)
            snprintf(outs, sizeof(outs), "%s\t%u\t%d\t%u\t%u\t%u\t-\t-", load, r->aux, req,
                     (uint32_t)r->x[2], LO(r->g[7]), LO(r->g[9]));
        else
            snprintf(outs, sizeof(outs), "%s\t%u\t%d\t%u\t%u\t%u\t%u\t%u", load, r->aux, req,
                     (uint32_t)r->x[2], LO(r->g[7]), LO(r->g[9]), LO(r->g[15]), HI(r->g[15]));
        dbs_tsv(ss, gov, "eval", r, NULL, &post, outs);
    }
    if (ok) {
        t->exact++;
        return;
    }
    ss->bad = 1; /* diverged state: skip until the kernel's is again a start state */
    ss->chain = 0;
    if (t->shown++ < 10)
        printf("%s mismatch: cpu %u tunables rate %u up %u sdf %u nice %u io %u bias/down %u step %u;"
               " pre idle %" PRIu64 " wall %" PRIu64 " prev_load %" PRIu64 " rate_mult %u"
               " cs req %u skip %u cur %" PRIu64 "; now idle %" PRIu64 " wall %" PRIu64
               ": kernel load %u delay %u req %s%" PRIu64 " cur %" PRIu64 " prev_load %" PRIu64
               " rate_mult %u cs req %u skip %u; libpgov (err %d) load %u delay %u req %s%u cur %u"
               " prev_load %u rate_mult %u cs req %u skip %u\n",
               dbs_names[gov], r->cpu, LO(r->g[10]), HI(r->g[10]), LO(r->g[11]), HI(r->g[11]),
               LO(r->g[12]), HI(r->g[12]), LO(r->g[13]), r->g[0], r->g[1], r->g[3], LO(r->g[8]),
               LO(r->g[14]), HI(r->g[14]), r->x[1], r->g[4], r->g[5], LO(r->x[0]), r->aux,
               req ? "" : "none/", r->x[3], r->x[2], r->g[7], LO(r->g[9]),
               LO(r->g[15]), HI(r->g[15]), e, o.load, o.delay_us, o.req ? "" : "none/", o.cur_khz,
               o.cur_khz, o.prev_load, o.rate_mult, o.requested_freq, o.down_skip);
}

/* One schedutil callback, from the state the kernel had at its entry. */
static void sugov_row(const struct orec *r, int counting)
{
    static struct pgov_freq_table table;
    struct replay_linux_sugov_call c;
    struct pgov_sugov_state st;
    struct pgov_sugov_result res;
    uint32_t path;
    int e, ok;

    /* A commit stamps last_freq_update_time. The driver request itself comes
     * later from the sugov kthread: qemu's TSC is not constant, so the x86
     * TSC code's transition notifier keeps fast switching off. */
    path = !(r->flags & OREC_F_UTIL) ? PGOV_SUGOV_PATH_RATE_LIMITED
           : r->g[11] != r->g[8]     ? PGOV_SUGOV_PATH_COMMIT
                                     : PGOV_SUGOV_PATH_UNCHANGED;
    if (counting) {
        sugov_count[path]++;
        return;
    }
    sugov_seen++;
    if (r->g[7] == 0 || (LO(r->x[1]) & ~SCHED_CPUFREQ_IOWAIT) || r->aux == OREC_BW_UNKNOWN) {
        sugov_skipped++; /* no capacity recorded yet (first callback), unknown flags, or the
                          * CPU's rq (its deadline bandwidth) not seen yet */
        return;
    }
    if (!table.entries && pgov_freq_table_init(&table, dummy_table, 5, 0) != PGOV_OK)
        abort();
    memset(&c, 0, sizeof(c));
    c.kver = kver;
    c.rate_limit_ns = (uint64_t)HI(r->g[10]) * 1000;
    c.tick_ns = TICK_NS;
    c.max_cap = (uint32_t)r->g[7];
    c.max_freq_khz = DUMMY_MAX_KHZ;
    c.min_khz = LO(r->g[15]);
    c.max_khz = HI(r->g[15]);
    c.cur_khz = LO(r->g[14]);
    c.now_ns = r->x[0];
    c.flags = LO(r->x[1]) & SCHED_CPUFREQ_IOWAIT ? PGOV_UPDATE_IOWAIT : 0;
    if (r->cpu != r->id)
        c.flags |= PGOV_UPDATE_REMOTE; /* another CPU's runqueue: the boost step only */
    c.util = r->flags & OREC_F_UTIL ? (uint32_t)r->x[2] : 0;
    if (kver >= PGOV_KVER_6_12 && (r->flags & OREC_F_UTIL)) {
        c.bw_min = HI(r->x[2]); /* effective_cpu_util's *min and *max */
        c.uclamp_max = HI(r->g[6]);
        c.minmax = 1; /* a ceiling of 0 is a task clamped to 0 */
    }
    c.capped = kver >= PGOV_KVER_6_12 && (r->flags & OREC_F_CAPPED);
    c.cpu_bw_dl = r->aux;
    c.held = r->flags & OREC_F_UTIL && r->g[5] == r->g[2]; /* idle calls unchanged: busy */
    memset(&st, 0, sizeof(st));
    st.last_update_ns = r->g[1];
    st.last_freq_update_ns = r->g[8];
    st.iowait_boost = LO(r->g[0]);
    st.pending = HI(r->g[0]);
    st.next_freq = LO(r->g[9]);
    st.cached_raw_freq = HI(r->g[9]);
    st.need_update = (r->g[10] & 0xffff) != 0; /* limits_changed or need_freq_update */
    st.bw_dl = HI(r->x[1]);
    if (c.cpu_bw_dl > st.bw_dl)
        sugov_dl_bw++;
    if (tsv_sugov && sugov_nth[path]++ % sugov_stride[path] == 0) {
        fprintf(tsv_sugov,
                "v%u.%u\t%s\t%u\t%u\t%u\t%u\t%u\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
                "\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%" PRIu64 "\t%" PRIu64 "\t%u\t%u\t%u\t%u",
                kver >> 8, kver & 0xff, dummy_table_str, c.max_freq_khz, c.min_khz, c.max_khz,
                c.cur_khz, c.max_cap, c.rate_limit_ns, c.tick_ns, c.now_ns,
                !!(c.flags & PGOV_UPDATE_IOWAIT), !!(c.flags & PGOV_UPDATE_REMOTE), c.util, c.held,
                c.cpu_bw_dl, st.iowait_boost, st.pending, st.last_update_ns,
                st.last_freq_update_ns, st.next_freq, st.cached_raw_freq, st.need_update, st.bw_dl);
        if (kver >= PGOV_KVER_6_12) /* effective_cpu_util's floor and ceiling */
            fprintf(tsv_sugov, "\t%u\t%u", c.bw_min, c.uclamp_max);
        if (uclamp_seen) /* uclamp in use: uclamp_rq_is_capped */
            fprintf(tsv_sugov, "\t%u", c.capped);
        fprintf(tsv_sugov, "\t%u\t%u\t%u\t%" PRIu64 "\t%" PRIu64 "\t%u\t%u\t%u\n", path,
                LO(r->g[3]), HI(r->g[3]), r->g[4], r->g[11], LO(r->g[12]), HI(r->g[12]),
                HI(r->x[3]));
    }
    e = replay_linux_sugov(&c, &table, &st, &res);
    t_sugov.compared++;
    ok = e == 0 && res.path == path && st.iowait_boost == LO(r->g[3]) &&
         st.pending == HI(r->g[3]) && st.last_update_ns == r->g[4] &&
         st.last_freq_update_ns == r->g[11] && st.next_freq == LO(r->g[12]) &&
         st.cached_raw_freq == HI(r->g[12]) && st.bw_dl == HI(r->x[3]) &&
         (path != PGOV_SUGOV_PATH_COMMIT || res.next_f == LO(r->g[12]));
    if (ok) {
        t_sugov.exact++;
        return;
    }
    if (t_sugov.shown++ < 10)
        printf("schedutil mismatch: cpu %u now %" PRIu64 " flags %u util %u held %u max %u"
               " rate %" PRIu64 " cur %u min %u max %u; pre boost %u pending %u last %" PRIu64
               " last_freq %" PRIu64 " next %u cached %u need %u: kernel path %u boost %u pending %u"
               " last_freq %" PRIu64 " next %u cached %u last %" PRIu64 " bw_dl %u (driver %u, sg util %" PRIu64
               "); libpgov (err %d) path %u boost %u pending %u last_freq %" PRIu64
               " next %u cached %u last %" PRIu64 " bw_dl %u raw %" PRIu64 "\n",
               r->cpu, r->x[0], c.flags, c.util, c.held, c.max_cap, c.rate_limit_ns, c.cur_khz,
               c.min_khz, c.max_khz, LO(r->g[0]), HI(r->g[0]), r->g[1], r->g[8], LO(r->g[9]),
               HI(r->g[9]), (unsigned)(r->g[10] & 0xffff), path, LO(r->g[3]), HI(r->g[3]),
               r->g[11], LO(r->g[12]), HI(r->g[12]), r->g[4], HI(r->x[3]), LO(r->x[3]), r->g[6], e,
               res.path, st.iowait_boost, st.pending, st.last_freq_update_ns, st.next_freq,
               st.cached_raw_freq, st.last_update_ns, st.bw_dl, res.raw_freq);
}

/* The guest's upstream stable update: "... Debian 6.1.192-3 (...)" gives
 * 192 (the dbs profile has 6.1.z and 6.12.z rules); 0 when the version says none. */
static uint32_t stable_of(const char *version)
{
    char needle[24];
    const char *p;
    unsigned z;

    snprintf(needle, sizeof(needle), "Debian %u.%u.", kver >> 8, kver & 0xff);
    p = strstr(version, needle);
    return p && sscanf(p + strlen(needle), "%u", &z) == 1 && z <= PGOV_DBS_KVER_STABLE_MAX ? z : 0u;
}

/* The profile of the guest's series, from its release ("6.12.118+deb12-amd64"):
 * 6.1, 6.12 and 7.3 are captured (run.sh --kernel); 0 for anything else. */
static uint32_t kver_of(const char *release)
{
    unsigned a, b;

    if (sscanf(release, "%u.%u", &a, &b) != 2)
        return 0;
    return a == 6 && b == 1    ? PGOV_KVER_6_1
           : a == 6 && b == 12 ? PGOV_KVER_6_12
           : a == 7 && b == 3  ? PGOV_KVER_7_3
                               : 0;
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
    memcpy(version, &r.post, 64); /* the caller's 65th byte stays 0 */
    if (!(kver = kver_of(release))) {
        fprintf(stderr, "%s:1: kernel %.64s: no library profile to replay it with (6.1, 6.12, 7.3)\n",
                path, release);
        fclose(f);
        return 2;
    }
    kver_stable = stable_of(version);
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
        } else if (r.kind == OREC_DBS) {
            if (!counting)
                dbs_row(&r);
        } else if (r.kind == OREC_SUGOV) {
            sugov_row(&r, counting);
        } else if (r.kind == OREC_PGOV_SUGOV || r.kind == OREC_PGOV_DBS) {
            if (!counting)
                gov_replay_collect(&r);
        } else if (r.kind == OREC_UCLAMP) {
            if (!counting)
                uclamp_row(&r, kver);
            else
                uclamp_seen++;
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

static FILE *open_tsv(const char *path, const char *series, const char *what)
{
    FILE *f = fopen(path, "w");
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (!f) {
        perror(path);
        exit(2);
    }
    fprintf(f, "# %s -- updates captured from Linux %s itself (%s; Debian's linux-image under qemu).\n"
               "# Made by PGOV_ORACLE_TSV=DIR tests/oracle/run.sh (see tests/oracle/README.md); one row per\n"
               "# update, with the state before it: rows are independent.\n",
            base, series, what);
    return f;
}

int main(int argc, char **argv)
{
    unsigned i;
    char release[65] = "", version[65] = "", kernel[32] = "6.1.?";
    uint64_t trailer[5] = { 0 }, n = 0, rows = 0;
    const char *cap, *dir = NULL;
    char path[4096], series[16];
    int e;

    if (argc == 5 && strcmp(argv[2], "--tsv") == 0) {
        dir = argv[3];
        rows = strtoull(argv[4], NULL, 10);
    } else if (argc != 2) {
        fprintf(stderr, "usage: oracle_replay CAPTURE [--tsv DIR ROWS]\n");
        return 2;
    }
    cap = argv[1];
    for (i = 0; i < MAX_POLICIES; i++)
        sess[i].gov = -1;
    if (dir) {
        if ((e = pass(cap, 1, release, version, trailer, &n)))
            return e;
        snprintf(series, sizeof(series), "%u.%u", kver >> 8, kver & 0xff);
        strides(seen_pelt, stride_pelt, REPLAY_LINUX_NFLAVOURS, rows);
        strides(seen_ue, stride_ue, REPLAY_LINUX_UE_NOPS, rows);
        memset(seen_pelt, 0, sizeof(seen_pelt));
        memset(seen_ue, 0, sizeof(seen_ue));
        snprintf(path, sizeof(path), "%s/linux-%s-pelt.tsv", dir, series);
        tsv_pelt = open_tsv(path, series, "PELT");
        fprintf(tsv_pelt, "flavour\tnow_ns\tweight_raw\trunnable\ton_rq\trunning\tpre_last_update_time"
                          "\tpre_load_sum\tpre_runnable_sum\tpre_util_sum\tpre_period_contrib"
                          "\tpre_load_avg\tpre_runnable_avg\tpre_util_avg\tret\tlast_update_time"
                          "\tload_sum\trunnable_sum\tutil_sum\tperiod_contrib\tload_avg"
                          "\trunnable_avg\tutil_avg\n");
        snprintf(path, sizeof(path), "%s/linux-%s-util_est.tsv", dir, series);
        tsv_ue = open_tsv(path, series, "util_est");
        fprintf(tsv_ue, "kver\top\trq_sum\ttask_enqueued\ttask_ewma\tsleep\tutil\trunnable\tcap"
                        "\trq_sum_after\ttask_enqueued_after\ttask_ewma_after\n");
        /* Governors: a few thousand rows each (half the signal sample). */
        tsv_rows = rows / 2;
        /* schedutil: a third of the rows per path (commits are rare). */
        strides(sugov_count + 1, sugov_stride + 1, 3, tsv_rows);
        snprintf(path, sizeof(path), "%s/linux-%s-schedutil.tsv", dir, series);
        tsv_sugov = open_tsv(path, series, "schedutil");
        /* 6.12+: effective_cpu_util's floor and ceiling are inputs too */
        fprintf(tsv_sugov, "kver\ttable\tmax_freq_khz\tmin_khz\tmax_khz\tcur_khz\tmax_cap"
                           "\trate_limit_ns\ttick_ns\tnow_ns\tiowait\tremote\tutil\theld"
                           "\tcpu_bw_dl\tpre_boost\tpre_pending\tpre_last_update"
                           "\tpre_last_freq_update\tpre_next_freq\tpre_cached_raw_freq"
                           "\tneed_update\tpre_bw_dl%s\tpath\tboost\tpending\tlast_update"
                           "\tlast_freq_update\tnext_freq\tcached_raw_freq\tbw_dl\n",
                kver < PGOV_KVER_6_12 ? "" : uclamp_seen ? "\tbw_min\tuclamp_max\tcapped" : "\tbw_min\tuclamp_max");
        for (i = 0; i < 2; i++) {
            snprintf(path, sizeof(path), "%s/linux-%s-%s.tsv", dir, series, dbs_names[i]);
            tsv_dbs[i] = fopen(path, "w");
            if (!tsv_dbs[i]) {
                perror(path);
                return 2;
            }
            fprintf(tsv_dbs[i],
                    "# linux-%s-%s.tsv -- %s evaluations captured from Linux %s itself (Debian's"
                    " linux-image under qemu).\n"
                    "# Made by PGOV_ORACLE_TSV=DIR tests/oracle/run.sh (see tests/oracle/README.md):"
                    " chains of policy 0,\n"
                    "# each a governor start, then the evaluations and the sysfs stores between them"
                    " (state carries along a chain).\n",
                    series, dbs_names[i], dbs_names[i], series);
            fprintf(tsv_dbs[i], "chain\tstep\tgov\tkver\ttable\top\tmin_khz\tmax_khz\tcur_khz"
                                "\tsampling_rate\tup_threshold\tsampling_down_factor"
                                "\tignore_nice_load\tio_is_busy\tpowersave_bias\tdown_threshold"
                                "\tfreq_step\twall_us\tidle_us\tnice_ns\tload\tdelay_us\treq"
                                "\tcur_after\tprev_load\trate_mult\trequested_freq\tdown_skip\n");
        }
    }
    if ((e = pass(cap, 0, release, version, trailer, &n)))
        return e;
    if (tsv_pelt && (fclose(tsv_pelt) | fclose(tsv_ue) | fclose(tsv_sugov) | fclose(tsv_dbs[0]) |
                     fclose(tsv_dbs[1]))) {
        perror("oracle_replay: writing the TSV sample");
        return 2;
    }
    /* The stable update pass() read from the version string (stable_of). */
    if (kver_stable)
        snprintf(kernel, sizeof(kernel), "%u.%u.%u", kver >> 8, kver & 0xff, kver_stable);
    else
        snprintf(kernel, sizeof(kernel), "%u.%u.?", kver >> 8, kver & 0xff);
    printf("capture: Linux %s (%s), %" PRIu64 " records\n", release, kernel, n);
    printf("not captured: %" PRIu64 " records (ring full), %" PRIu64 " (volume cap: PELT and util_est only), %" PRIu64
           " (kretprobe instance pool empty), %" PRIu64 " (hit inside another probe's handler)\n",
           trailer[1], trailer[2], trailer[3], trailer[4]);
    printf("captured: schedutil %" PRIu64 " callbacks, ondemand %" PRIu64 " and conservative %" PRIu64
           " evaluations\n", sugov_seen, dbs_seen[0], dbs_seen[1]);
    printf("schedutil: %" PRIu64 " callbacks with the deadline bandwidth risen since the last"
           " evaluation (a limits change for the rate limit and the hold: pgov_sugov_input.bw_dl)\n",
           sugov_dl_bw);
    if (kver >= PGOV_KVER_6_12)
        printf("util_est: %" PRIu64 " enqueues/dequeues of a delayed task that migrates or is"
               " saved/restored (no rq sum change expected, not compared; %" PRIu64 " changed it)\n",
               ue_not_called, ue_not_called_moved);
    printf("dbs instances (re)started: ondemand %" PRIu64 ", conservative %" PRIu64
           "; tunable stores replayed: ondemand %" PRIu64 ", conservative %" PRIu64 "\n",
           dbs_starts[0], dbs_starts[1], tunable_stores[0], tunable_stores[1]);
    printf("not compared: schedutil %" PRIu64 " (first callback of a policy: no capacity yet, or"
           " unknown flags, or the CPU's rq not yet seen); ondemand %" PRIu64 ", conservative %"
           PRIu64 " (a period whose start was not captured, a missed evaluation (the counters"
           " or policy->cur moved since the last one), or after a mismatch, until the kernel's"
           " state is again one a start leaves)\n",
           sugov_skipped, dbs_skipped[0], dbs_skipped[1]);
    printf("not compared: ondemand %" PRIu64 ", conservative %" PRIu64 " (a sysfs store raced"
           " the evaluation: it changed the tunables meanwhile, or its per-policy reset or its"
           " counter rebase had not reached the policy yet)\n", dbs_raced[0], dbs_raced[1]);
    /* The gate is the library's own claim: a module whose 6.1 profile
     * pgov_kver_exactness() calls exact must match every compared row; the
     * others are measured and reported, never gated (docs/oracle.md says
     * what differs and where the fix belongs). */
    /* `floor`: a tenth of what the workload gives on an idle 2-core host
     * (docs/oracle.md); fewer compared rows mean a broken capture (a
     * missing BTF offset, a governor that never ran), which must not pass
     * as "all exact". */
    struct tally t_uc = {uclamp_tally.compared, uclamp_tally.exact, 0};
    const struct {
        const char *name;
        uint32_t module;
        const struct tally *t;
        uint64_t floor;
    } gate[] = {
        {"pelt", PGOV_MOD_PELT, &t_pelt, 100000},
        {"util_est", PGOV_MOD_UTIL_EST, &t_ue, 10000},
        {"schedutil", PGOV_MOD_SUGOV, &t_sugov, 1000},
        {"ondemand", PGOV_MOD_DBS, &t_dbs[0], 200},
        {"conservative", PGOV_MOD_DBS, &t_dbs[1], 200},
        {"uclamp", PGOV_MOD_UCLAMP, &t_uc, 20000},
    };
    /* uclamp only where pgov_uclamp.ko ran (a kernel with CONFIG_UCLAMP_TASK) */
    size_t ngate = sizeof(gate) / sizeof(gate[0]) - (t_uc.compared ? 0 : 1);
    static const char *const claim[] = {"unsupported", "approximate", "exact"};
    int rc = 0;
    for (size_t i = 0; i < ngate; i++) {
        int ex = pgov_kver_exactness(gate[i].module, kver);
        bool gated = ex == PGOV_KVER_EXACT;
        bool ok = gate[i].t->exact == gate[i].t->compared;
        bool enough = gate[i].t->compared >= gate[i].floor;
        printf("gate: %s: library claims %s for %u.%u: %s\n", gate[i].name,
               ex >= 0 && ex <= PGOV_KVER_EXACT ? claim[ex] : "?", kver >> 8, kver & 0xff,
               !gated  ? "reported, not gated"
               : !ok   ? "gated, MISMATCH"
               : enough ? "gated, all exact"
                        : "gated, TOO FEW ROWS compared (broken capture?)");
        if (!enough)
            printf("gate: %s: %" PRIu64 " rows compared, at least %" PRIu64 " expected\n",
                   gate[i].name, gate[i].t->compared, gate[i].floor);
        if (gated && (!ok || !enough))
            rc = 1;
    }
    /* libpgov as the guest's governor: its log against the host (gated). */
    struct pgov_freq_table ft;
    if (pgov_freq_table_init(&ft, dummy_table, 5, 0) != PGOV_OK || gov_replay_report(&ft))
        rc = 1;
    if (t_uc.compared)
        printf("uclamp: %" PRIu64 " enqueues and %" PRIu64 " dequeues compared, %" PRIu64
               " of them changed the clamp state, %" PRIu64 " before uclamp was in use, %" PRIu64
               " enqueues of a delayed task, %" PRIu64 " while uclamp was being switched on, %" PRIu64
               " of an RT task whose stored MIN request was not the RT default in force;"
               " not compared: %" PRIu64 " (a runqueue state the snapshot cannot rebuild)\n",
               uclamp_tally.ops[0], uclamp_tally.ops[1], uclamp_tally.changed, uclamp_tally.unused,
               uclamp_tally.delayed_enq, uclamp_tally.transition, uclamp_tally.rt_stale,
               uclamp_tally.skipped);
    char ucl[64] = "";
    if (t_uc.compared)
        snprintf(ucl, sizeof(ucl), " uclamp %" PRIu64 "/%" PRIu64, t_uc.exact, t_uc.compared);
    printf("oracle: pelt %" PRIu64 "/%" PRIu64 " util_est %" PRIu64 "/%" PRIu64
           " schedutil %" PRIu64 "/%" PRIu64 " ondemand %" PRIu64 "/%" PRIu64
           " conservative %" PRIu64 "/%" PRIu64 "%s exact (kernel %s)\n",
           t_pelt.exact, t_pelt.compared, t_ue.exact, t_ue.compared, t_sugov.exact,
           t_sugov.compared, t_dbs[0].exact, t_dbs[0].compared, t_dbs[1].exact,
           t_dbs[1].compared, ucl, kernel);
    return rc;
}
