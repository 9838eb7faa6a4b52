/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A synthetic oracle capture for oracle_replay's sysfs-store rules: one
 * ondemand policy (policy 0 of the dummy driver, Linux 6.1.192) whose
 * evaluations chain record to record, with two ignore_nice_load stores
 * that rebase the counters:
 *  - a store whose rebase the capture saw: the entry state holds the rebased
 *    counters; the row after it must be compared, and exact;
 *  - a store whose rebase ran under the evaluation, after the capture had
 *    read the entry state (CI saw it once on 6.1.192): the entry state still
 *    holds the previous evaluation's counters, and the row must be counted
 *    as raced, not compared.
 * The "kernel" values come from a libpgov instance driven as the kernel was
 * (each rebase at the counters it really read). For the raced row this
 * program also runs what the replay can do from the record (a rebase at the
 * stale entry state) and fails unless that gives a different result: so a
 * replay without the race rule reports a mismatch on this file.
 *
 * usage: store_race_capture OUT.img; prints "expect: ondemand C/C raced R
 * skipped S" for tests/oracle/store_race_check.sh.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "oracle_rec.h"
#include "replay_linux.h"

#include <pgov/dbs.h>
#include <pgov/kver.h>

/* oracle_replay.c's dummy table and policy limits (pgov_oracle.c's driver). */
static const struct pgov_freq_entry table[] = {
    {800000, 0}, {1200000, 0}, {1600000, 0}, {2000000, 0}, {2400000, 0}};
#define MIN_KHZ 800000u
#define MAX_KHZ 2400000u
#define STABLE 192u

static FILE *out;
static uint64_t written;

static int put(const struct orec *r)
{
    written++;
    return fwrite(r, sizeof(*r), 1, out) == 1 ? 0 : -1;
}

static uint64_t pack(uint32_t lo, uint32_t hi)
{
    return (uint64_t)lo | (uint64_t)hi << 32;
}

/* One evaluation record: the kernel's state at entry (@pre, the instance's
 * status before @post is evaluated), then the instance evaluates @post. */
static int eval_row(struct replay_linux_dbs *k, const uint32_t tun[8],
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
    if (replay_linux_dbs_eval(k, post, o))
        return -1;
    r.g[4] = post->idle_us;
    r.g[5] = post->wall_us;
    r.g[6] = post->nice_ns;
    r.g[7] = o->prev_load;
    r.g[9] = pack(o->rate_mult, 0);
    r.x[0] = o->evaluated ? o->load : ~0u;
    r.x[2] = o->cur_khz;
    if (o->req) {
        r.flags |= OREC_F_REQ;
        r.x[3] = o->cur_khz;
    }
    r.aux = o->delay_us;
    return put(&r);
}

/* The counters @wall_us later, @busy_pct of it busy. */
static struct pgov_hw_idle advance(struct pgov_hw_idle c, uint64_t wall_us, unsigned busy_pct)
{
    c.wall_us += wall_us;
    c.idle_us += wall_us * (100u - busy_pct) / 100u;
    return c;
}

int main(int argc, char **argv)
{
    static const unsigned busy[] = {90, 30, 100, 5, 60, 85, 0, 45};
    uint32_t tun[8] = {0};
    struct replay_linux_dbs k, stale;
    struct replay_linux_dbs_cfg c;
    struct replay_linux_dbs_out o, so;
    struct pgov_hw_idle now = {1000000, 400000, 0, 0}, rebase;
    struct orec r;
    unsigned i, n, compared = 0, skipped = 0;

    if (argc != 2 || !(out = fopen(argv[1], "wb"))) {
        fprintf(stderr, "usage: store_race_capture OUT.img\n");
        return 2;
    }
    memset(&r, 0, sizeof(r));
    r.kind = OREC_HEADER;
    r.x[0] = OREC_MAGIC;
    r.x[1] = sizeof(struct orec);
    snprintf((char *)&r.pre, 64, "6.1.0-57-amd64");
    snprintf((char *)&r.post, 64, "#1 SMP PREEMPT_DYNAMIC Debian 6.1.%u-1 (synthetic)", STABLE);
    if (put(&r))
        return 1;

    tun[PGOV_DBS_SAMPLING_RATE] = 10000;
    tun[PGOV_DBS_UP_THRESHOLD] = 80;
    tun[PGOV_DBS_SAMPLING_DOWN_FACTOR] = 1;
    memset(&c, 0, sizeof(c));
    c.gov = PGOV_DBS_ONDEMAND;
    c.kver = PGOV_KVER_6_1;
    c.kver_stable = STABLE;
    c.table = table;
    c.table_len = 5;
    c.min_khz = MIN_KHZ;
    c.max_khz = MAX_KHZ;
    c.cur_khz = MIN_KHZ;
    c.hz = 250;
    memcpy(c.tun, tun, sizeof(tun));
    /* @stale takes every step @k takes, except where the kernel's rebase
     * and the record's entry state differ. */
    if (replay_linux_dbs_start(&k, &c, &now) || replay_linux_dbs_start(&stale, &c, &now))
        return 1;

    /* A chain of evaluations, every one compared. */
    for (i = 0; i < 8; i++, compared++) {
        struct pgov_hw_idle pre = now;
        now = advance(now, 10000, busy[i]);
        if (eval_row(&k, tun, &pre, &now, &o) || replay_linux_dbs_eval(&stale, &now, &so))
            return 1;
    }
    /* Store 1: ignore_nice_load 0 -> 1, rebased 4 ms into the period; the
     * capture reads the rebased counters at the evaluation's entry. */
    tun[PGOV_DBS_IGNORE_NICE_LOAD] = 1;
    rebase = advance(now, 4000, 0);
    if (replay_linux_dbs_store(&k, tun, &rebase, &n) || n != 1 ||
        replay_linux_dbs_store(&stale, tun, &rebase, &n) || n != 1)
        return 1;
    now = advance(rebase, 6000, 100);
    if (eval_row(&k, tun, &rebase, &now, &o) || replay_linux_dbs_eval(&stale, &now, &so))
        return 1;
    compared++;
    for (i = 0; i < 4; i++, compared++) {
        struct pgov_hw_idle pre = now;
        now = advance(now, 10000, busy[i + 3]);
        if (eval_row(&k, tun, &pre, &now, &o) || replay_linux_dbs_eval(&stale, &now, &so))
            return 1;
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
        return 1;
    now = advance(rebase, 2000, 100);
    if (replay_linux_dbs_eval(&stale, &now, &so))
        return 1;
    if (eval_row(&k, tun, &entry, &now, &o))
        return 1;
    if (so.load == o.load && so.cur_khz == o.cur_khz) {
        fprintf(stderr, "store_race_capture: the stale rebase gives the kernel's result"
                        " (load %u): the raced row would test nothing\n", o.load);
        return 1;
    }
    /* The chain goes on; the replay cannot know the state after the race,
     * so these are skipped until a governor start. */
    for (i = 0; i < 3; i++, skipped++) {
        struct pgov_hw_idle pre = now;
        now = advance(now, 10000, busy[i]);
        if (eval_row(&k, tun, &pre, &now, &o))
            return 1;
    }

    memset(&r, 0, sizeof(r));
    r.kind = OREC_TRAILER;
    r.x[0] = written;
    if (put(&r) || fclose(out))
        return 1;
    printf("expect: ondemand %u/%u raced 1 skipped %u (kernel load %u, stale rebase %u)\n",
           compared, compared, skipped, o.load, so.load);
    return 0;
}
