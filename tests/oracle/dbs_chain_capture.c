/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A synthetic oracle capture for oracle_replay's rules on which rows of an
 * ondemand chain it compares (policies of the dummy driver, Linux 6.1.192;
 * a policy's evaluations chain record to record).
 *
 * Policy 0, the sysfs-store rules: two ignore_nice_load stores that rebase
 * the counters:
 *  - a store whose rebase the capture saw: the entry state holds the rebased
 *    counters; the row after it must be compared, and exact;
 *  - a store whose rebase ran under the evaluation, after the capture had
 *    read the entry state (CI saw it once on 6.1.192): the entry state still
 *    holds the previous evaluation's counters, and the row must be counted
 *    as raced, not compared.
 * For the raced row this program also runs what the replay can do from the
 * record (a rebase at the stale entry state) and fails unless that gives a
 * different result: so a replay without the race rule reports a mismatch.
 *
 * Policy 1, the start-state rule, with powersave_bias: the chain is compared
 * (its sub-sample steps too) until the capture misses an evaluation (ring
 * full); the replay then skips rows until the kernel's state is again one a
 * governor start leaves. An evaluation after a long idle reuses the old
 * load once, leaving prev_load 0 and rate_mult 1, and sets up a sub-sample:
 * the next row, the sub-sample step, has the entry state of a start but for
 * the pending sub-sample the record does not hold (CI saw it once on
 * 6.1.176), and must be skipped. This program runs what the replay would do
 * if it restarted there (a fresh instance evaluating the row) and fails
 * unless that gives a different result: so a replay without the rule
 * reports a mismatch. The row after the step is a genuine start state: the
 * replay must restart there and match every row after it.
 *
 * The "kernel" values come from libpgov instances driven as the kernel was
 * (each rebase at the counters it really read, each evaluation when the
 * delay the last one returned expired, a missed evaluation evaluated all the
 * same).
 *
 * usage: dbs_chain_capture OUT.img; prints "expect: ondemand C/C raced R
 * skipped S started N stores T dropped D" (after what it checked) for
 * tests/oracle/dbs_chain_check.sh.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "oracle_rec.h"
#include "synth_capture.h"
#include "replay_linux.h"

#include <pgov/dbs.h>
#include <pgov/kver.h>

/* oracle_gov.c's dummy table and policy limits (pgov_oracle_gov.c's driver). */
static const struct pgov_freq_entry table[] = {
    {800000, 0}, {1200000, 0}, {1600000, 0}, {2000000, 0}, {2400000, 0}};
#define MIN_KHZ 800000u
#define MAX_KHZ 2400000u
#define STABLE 192u

static uint64_t pack(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | (uint64_t)hi << 32;
}

/* One evaluation record of @policy: the kernel's state at entry (@pre, the
 * instance's status before @post is evaluated), then the instance
 * evaluates @post. */
static int eval_row(struct replay_linux_dbs *k, unsigned policy, const uint32_t tun[8],
                    const struct pgov_hw_idle *pre, const struct pgov_hw_idle *post,
                    struct replay_linux_dbs_out *o)
{
    struct pgov_dbs_status st;
    struct pgov_dbs_cpu_status cs;
    struct orec r;

    if (pgov_dbs_get_status(k->g, &st) || pgov_dbs_get_cpu(k->g, 0, &cs))
        return -1;
    memset(&r, 0, sizeof(r));
    r.kind = OREC_DBS;
    r.cpu = (uint8_t)policy;
    r.id = policy;
    r.g[0] = pre->idle_us;
    r.g[1] = pre->wall_us;
    r.g[2] = pre->nice_ns;
    r.g[3] = cs.prev_load;
    r.g[8] = pack(st.rate_mult, 0);
    r.g[10] = pack(tun[PGOV_DBS_SAMPLING_RATE], tun[PGOV_DBS_UP_THRESHOLD]);
    r.g[11] = pack(tun[PGOV_DBS_SAMPLING_DOWN_FACTOR], tun[PGOV_DBS_IGNORE_NICE_LOAD]);
    r.g[12] = pack(tun[PGOV_DBS_IO_IS_BUSY], tun[PGOV_DBS_POWERSAVE_BIAS]);
    r.g[13] = pack(0, MIN_KHZ);
    r.g[14] = MAX_KHZ;
    r.x[1] = st.cur_khz;
    if (replay_linux_dbs_eval(k, post, o) || pgov_dbs_get_cpu(k->g, 0, &cs))
        return -1;
    /* At return, the counters the evaluation left: a sub-sample step
     * leaves the entry's. */
    r.g[4] = cs.prev_idle_us;
    r.g[5] = cs.prev_wall_us;
    r.g[6] = cs.prev_nice_ns;
    r.g[7] = o->prev_load;
    r.g[9] = pack(o->rate_mult, 0);
    r.x[0] = o->evaluated ? o->load : ~0u;
    r.x[2] = o->cur_khz;
    if (o->req) {
        r.flags |= OREC_F_REQ;
        r.x[3] = o->cur_khz;
    }
    r.aux = o->delay_us;
    return synth_put(&r);
}

/* The counters @wall_us later, @busy_pct of it busy. */
static struct pgov_hw_idle advance(struct pgov_hw_idle c, uint64_t wall_us, unsigned busy_pct)
{
    c.wall_us += wall_us;
    c.idle_us += wall_us * (100u - busy_pct) / 100u;
    return c;
}

/* The counters an instance's CPU holds (the kernel's cpu_dbs_info): the
 * entry state of its next evaluation. */
static int baseline(const struct replay_linux_dbs *k, struct pgov_hw_idle *c)
{
    struct pgov_dbs_cpu_status cs;

    if (pgov_dbs_get_cpu(k->g, 0, &cs))
        return -1;
    c->wall_us = cs.prev_wall_us;
    c->idle_us = cs.prev_idle_us;
    c->iowait_us = 0;
    c->nice_ns = cs.prev_nice_ns;
    return 0;
}

/* An ondemand start of the dummy policy at @cur_khz with @tun. */
static int od_start(struct replay_linux_dbs *k, const uint32_t tun[8], uint32_t cur_khz,
                    const struct pgov_hw_idle *now)
{
    struct replay_linux_dbs_cfg c;

    memset(&c, 0, sizeof(c));
    c.gov = PGOV_DBS_ONDEMAND;
    c.kver = PGOV_KVER_6_1;
    c.kver_stable = STABLE;
    c.table = table;
    c.table_len = 5;
    c.min_khz = MIN_KHZ;
    c.max_khz = MAX_KHZ;
    c.cur_khz = cur_khz;
    c.hz = 250;
    memcpy(c.tun, tun, sizeof(c.tun));
    return replay_linux_dbs_start(k, &c, now);
}

/* What oracle_replay must report for the whole file. */
struct expect {
    unsigned compared, raced, skipped, started, stores, dropped;
};

/* Policy 0: the store rules (the file's header comment). */
static int store_race_chain(struct expect *x)
{
    static const unsigned busy[] = {90, 30, 100, 5, 60, 85, 0, 45};
    uint32_t tun[8] = {0};
    struct replay_linux_dbs k, stale;
    struct replay_linux_dbs_out o, so;
    struct pgov_hw_idle now = {1000000, 400000, 0, 0}, rebase;
    unsigned i, n;

    tun[PGOV_DBS_SAMPLING_RATE] = 10000;
    tun[PGOV_DBS_UP_THRESHOLD] = 80;
    tun[PGOV_DBS_SAMPLING_DOWN_FACTOR] = 1;
    /* @stale takes every step @k takes, except where the kernel's rebase
     * and the record's entry state differ. */
    if (od_start(&k, tun, MIN_KHZ, &now) || od_start(&stale, tun, MIN_KHZ, &now))
        return -1;
    x->started++;

    /* A chain of evaluations, every one compared. */
    for (i = 0; i < 8; i++, x->compared++) {
        struct pgov_hw_idle pre = now;
        now = advance(now, 10000, busy[i]);
        if (eval_row(&k, 0, tun, &pre, &now, &o) || replay_linux_dbs_eval(&stale, &now, &so))
            return -1;
    }
    /* Store 1: ignore_nice_load 0 -> 1, rebased 4 ms into the period; the
     * capture reads the rebased counters at the evaluation's entry. */
    tun[PGOV_DBS_IGNORE_NICE_LOAD] = 1;
    rebase = advance(now, 4000, 0);
    if (replay_linux_dbs_store(&k, tun, &rebase, &n) || n != 1 ||
        replay_linux_dbs_store(&stale, tun, &rebase, &n) || n != 1)
        return -1;
    x->stores++;
    now = advance(rebase, 6000, 100);
    if (eval_row(&k, 0, tun, &rebase, &now, &o) || replay_linux_dbs_eval(&stale, &now, &so))
        return -1;
    x->compared++;
    for (i = 0; i < 4; i++, x->compared++) {
        struct pgov_hw_idle pre = now;
        now = advance(now, 10000, busy[i + 3]);
        if (eval_row(&k, 0, tun, &pre, &now, &o) || replay_linux_dbs_eval(&stale, &now, &so))
            return -1;
    }
    /* Store 2: ignore_nice_load 1 -> 0, its rebase 8 ms into an idle
     * period, under the evaluation: the entry state is the last
     * evaluation's. What the replay can do (rebase at the stale entry
     * state) must differ from what the kernel did. */
    tun[PGOV_DBS_IGNORE_NICE_LOAD] = 0;
    struct pgov_hw_idle entry = now;
    rebase = advance(entry, 8000, 0);
    if (replay_linux_dbs_store(&k, tun, &rebase, &n) || n != 1 ||
        replay_linux_dbs_store(&stale, tun, &entry, &n) || n != 1)
        return -1;
    x->stores++;
    now = advance(rebase, 2000, 100);
    if (replay_linux_dbs_eval(&stale, &now, &so))
        return -1;
    if (eval_row(&k, 0, tun, &entry, &now, &o))
        return -1;
    x->raced++;
    if (so.load == o.load && so.cur_khz == o.cur_khz) {
        fprintf(stderr, "dbs_chain_capture: the stale rebase gives the kernel's result"
                        " (load %u): the raced row would test nothing\n", o.load);
        return -1;
    }
    printf("policy 0: raced row: kernel load %u, stale rebase %u\n", o.load, so.load);
    /* The chain goes on; the replay cannot know the state after the race,
     * so these are skipped until a governor start. */
    for (i = 0; i < 3; i++, x->skipped++) {
        struct pgov_hw_idle pre = now;
        now = advance(now, 10000, busy[i]);
        if (eval_row(&k, 0, tun, &pre, &now, &o))
            return -1;
    }
    return 0;
}

/* Policy 1's next evaluation, when the delay the last one returned
 * (@o->delay_us) expired or, with @gap_us, after that long; @busy_pct of
 * the time busy. The record is written unless the capture missed it
 * (@write 0). */
static int od_next(struct replay_linux_dbs *k, const uint32_t tun[8], struct pgov_hw_idle *now,
                   uint64_t gap_us, unsigned busy_pct, int write, struct replay_linux_dbs_out *o)
{
    struct pgov_hw_idle pre;

    if (baseline(k, &pre))
        return -1;
    *now = advance(*now, gap_us ? gap_us : o->delay_us, busy_pct);
    return write ? eval_row(k, 1, tun, &pre, now, o) : replay_linux_dbs_eval(k, now, o);
}

static int sub_pending(const struct replay_linux_dbs *k)
{
    struct pgov_dbs_status st;
    return pgov_dbs_get_status(k->g, &st) == 0 && st.sample_type == PGOV_DBS_SAMPLE_SUB;
}

/* Policy 1: the start-state rule (the file's header comment). */
static int subsample_chain(struct expect *x)
{
    static const unsigned busy[] = {60, 95, 35, 70, 10, 50, 85, 40};
    uint32_t tun[8] = {0};
    struct replay_linux_dbs k, restart;
    struct replay_linux_dbs_out o, ro;
    struct pgov_dbs_status st;
    struct pgov_hw_idle now = {3000000, 1000000, 0, 0}, entry;
    unsigned i, subs = 0;

    tun[PGOV_DBS_SAMPLING_RATE] = 10000;
    tun[PGOV_DBS_UP_THRESHOLD] = 80;
    tun[PGOV_DBS_SAMPLING_DOWN_FACTOR] = 1;
    tun[PGOV_DBS_POWERSAVE_BIAS] = 100;
    if (od_start(&k, tun, MIN_KHZ, &now))
        return -1;
    x->started++;
    o.delay_us = tun[PGOV_DBS_SAMPLING_RATE];
    /* Compared: evaluations and the sub-sample steps they set up. */
    for (i = 0; i < 8; i++, x->compared++) {
        if (od_next(&k, tun, &now, 0, busy[i], 1, &o))
            return -1;
        if (!o.evaluated)
            subs++;
    }
    if (sub_pending(&k)) {
        if (od_next(&k, tun, &now, 0, 50, 1, &o))
            return -1;
        x->compared++;
        subs++;
    }
    /* The capture misses an evaluation (its ring was full): the chain
     * breaks, and the rows after it are skipped until a start state. */
    if (od_next(&k, tun, &now, 0, 70, 0, &o))
        return -1;
    x->dropped++;
    if (sub_pending(&k)) {
        if (od_next(&k, tun, &now, 0, 70, 1, &o))
            return -1;
        x->skipped++;
    }
    /* 50 ms idle: the evaluation reuses the last load (70) once, which
     * sets up a sub-sample, and leaves prev_load 0, rate_mult 1. */
    if (od_next(&k, tun, &now, 50000, 0, 1, &o))
        return -1;
    x->skipped++;
    /* The sub-sample step: its entry state is a start's but for the
     * pending sub-sample. A restart there (@restart) evaluates a full
     * sample on the record's counters; it must not give the kernel's
     * result, or the row would test nothing. */
    if (!o.evaluated || o.prev_load != 0 || o.rate_mult != 1 || !sub_pending(&k) ||
        pgov_dbs_get_status(k.g, &st) || baseline(&k, &entry)) {
        fprintf(stderr, "dbs_chain_capture: the long idle left load %u prev_load %u"
                        " rate_mult %u, no start-like sub-sample step\n", o.load, o.prev_load,
                o.rate_mult);
        return -1;
    }
    if (od_start(&restart, tun, st.cur_khz, &entry) || od_next(&k, tun, &now, 0, 50, 1, &o) ||
        replay_linux_dbs_eval(&restart, &entry, &ro))
        return -1;
    x->skipped++;
    if (o.evaluated || (ro.evaluated == o.evaluated && ro.cur_khz == o.cur_khz &&
                        ro.delay_us == o.delay_us)) {
        fprintf(stderr, "dbs_chain_capture: a restart at the sub-sample step gives the kernel's"
                        " result: the row would test nothing\n");
        return -1;
    }
    printf("policy 1: %u sub-sample steps compared before the break; the start-like one: kernel"
           " freq_lo %u delay %u, a restart there: load %u, %u delay %u\n", subs, o.cur_khz,
           o.delay_us, ro.load, ro.cur_khz, ro.delay_us);
    /* The next evaluation is a genuine start state: the replay restarts
     * there and compares every row after it. */
    x->started++;
    for (i = 0, subs = 0; i < 8; i++, x->compared++) {
        if (od_next(&k, tun, &now, 0, busy[7 - i], 1, &o))
            return -1;
        if (!o.evaluated)
            subs++;
    }
    printf("policy 1: %u sub-sample steps compared after the restart\n", subs);
    return 0;
}

int main(int argc, char **argv)
{
    struct expect x;

    if (argc != 2 || synth_open(argv[1])) {
        fprintf(stderr, "usage: dbs_chain_capture OUT.img\n");
        return 2;
    }
    if (synth_header(STABLE))
        return 1;
    memset(&x, 0, sizeof(x));
    if (store_race_chain(&x) || subsample_chain(&x))
        return 1;
    if (synth_close(x.dropped))
        return 1;
    printf("expect: ondemand %u/%u raced %u skipped %u started %u stores %u dropped %u\n",
           x.compared, x.compared, x.raced, x.skipped, x.started, x.stores, x.dropped);
    return 0;
}
