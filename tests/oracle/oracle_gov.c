/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The oracle's governor rows: the decisions Linux's schedutil, ondemand and
 * conservative made for pgov_oracle.ko's dummy cpufreq driver, replayed
 * through the library (replay_linux_gov.c). schedutil rows are independent;
 * a dbs instance per policy chains record to record from a governor start.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_replay.h"
#include <pgov/dbs.h>
#include <pgov/kver.h>
#include <pgov/sugov.h>

/* pgov_oracle_gov.c's dummy_table, and the kernel's values the module does not record. */
const struct pgov_freq_entry dummy_table[DUMMY_TABLE_LEN] = {
    {800000, 0}, {1200000, 0}, {1600000, 0}, {2000000, 0}, {2400000, 0}};
#define DUMMY_MAX_KHZ 2400000u
#define TICK_NS 4000000u /* CONFIG_HZ=250 in Debian's 6.1 */
#define SCHED_CPUFREQ_IOWAIT 0x1u /* v6.1 include/linux/sched/cpufreq.h (an ABI fact) */
#define MAX_POLICIES 64
#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))

const char *const dbs_names[2] = {"ondemand", "conservative"};

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
struct tally t_sugov, t_dbs[2];
uint64_t dbs_skipped[2], dbs_starts[2], sugov_skipped, dbs_seen[2], sugov_seen, sugov_dl_bw;
uint64_t tunable_stores[2], dbs_raced[2];

FILE *tsv_sugov, *tsv_dbs[2];
uint64_t uclamp_seen;
uint64_t sugov_count[4], sugov_stride[4] = {1, 1, 1, 1}, tsv_rows;
static uint64_t sugov_nth[4], dbs_rows[2], dbs_chains;
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

void dbs_init(void)
{
    for (unsigned i = 0; i < MAX_POLICIES; i++)
        sess[i].gov = -1;
}

/*
 * A sysfs store between two evaluations (the guest varies the tunables):
 * replay it through pgov_dbs_store, which rebases the counters for
 * ignore_nice_load / io_is_busy as the kernel's store did; the record's
 * entry state holds the counters that rebase read. Returns 1 when the store
 * raced this evaluation (not comparable), else 0.
 */
static int dbs_replay_store(struct dbs_sess *ss, const struct orec *r, int gov,
                            const uint32_t tv[8], const struct pgov_hw_idle *pre)
{
    struct pgov_dbs_status st;
    unsigned n = 0;
    int e, store_raced = 0;

    if (!ss->d.g || ss->gov != gov || ss->bad)
        return 0;
    if (pgov_dbs_get_status(ss->d.g, &st) != 0 ||
        memcmp(&st.tun.sampling_rate, tv, 8 * sizeof(uint32_t)) == 0)
        return 0;
    uint32_t was_nice = st.tun.ignore_nice_load, was_io = st.tun.io_is_busy;
    e = replay_linux_dbs_store(&ss->d, tv, pre, &n);
    tunable_stores[gov] += n;
    if (e) {
        printf("%s: a store the kernel took was refused (%d) at cpu %u\n", dbs_names[gov], e,
               r->cpu);
        ss->bad = 1;
        return 0;
    }
    /* The kernel's store writes the value first and resets each policy's
     * state (rate_mult, the powersave_bias sub-sample) after it, under that
     * policy's lock: an evaluation can see the new value and the old state.
     * The entry state says so: a rate_mult the reset would have cleared, or
     * a sub-sample step the reset would have cancelled. */
    struct pgov_dbs_status after;
    if (n && pgov_dbs_get_status(ss->d.g, &after) == 0 &&
        (after.rate_mult != LO(r->g[8]) || LO(r->x[0]) == ~0u))
        store_raced = 1;
    dbs_tsv(ss, gov, "store", r, tv, pre, "-\t-\t-\t-\t-\t-\t-\t-");
    if (was_nice != tv[PGOV_DBS_IGNORE_NICE_LOAD] || was_io != tv[PGOV_DBS_IO_IS_BUSY]) {
        /* The store's rebase takes the counters without the policy's lock,
         * after writing the value: an entry state still holding the last
         * evaluation's counters was read before the rebase, which then ran
         * under this evaluation (seen once in CI: the stale nice baseline
         * made the replay see a long idle). */
        if (ss->wall == pre->wall_us && ss->idle == pre->idle_us)
            store_raced = 1;
        ss->wall = pre->wall_us;
        ss->idle = pre->idle_us;
    }
    return store_raced;
}

/* A fresh library instance from the kernel's state at a governor start. */
static void dbs_start(struct dbs_sess *ss, const struct orec *r, int gov, const uint32_t tv[8],
                      const struct pgov_hw_idle *pre)
{
    struct replay_linux_dbs_cfg c;
    int e;

    memset(&c, 0, sizeof(c));
    c.gov = (uint32_t)gov;
    c.kver = kver;
    c.kver_stable = kver_stable;
    c.table = dummy_table;
    c.table_len = DUMMY_TABLE_LEN;
    c.min_khz = HI(r->g[13]);
    c.max_khz = gov == 0 ? LO(r->g[14]) : DUMMY_MAX_KHZ;
    c.cur_khz = (uint32_t)r->x[1];
    c.hz = 250;
    memcpy(c.tun, tv, sizeof(c.tun));
    dbs_starts[gov]++;
    e = replay_linux_dbs_start(&ss->d, &c, pre);
    if (e) {
        printf("%s: start failed (%d) at cpu %u cur %" PRIu64 "\n", dbs_names[gov], e, r->cpu,
               r->x[1]);
        ss->bad = 1;
    } else if (r->id == 0 && dbs_rows[gov] < tsv_rows) {
        ss->chain = ++dbs_chains;
        ss->step = 0;
        dbs_tsv(ss, gov, "start", r, tv, pre, "-\t-\t-\t-\t-\t-\t-\t-");
    }
}

/* (Re)start the policy's instance at a new period, a broken chain (a missed
 * record), or after a mismatch once the kernel's state is again one a start
 * leaves. */
static void dbs_restart(struct dbs_sess *ss, const struct orec *r, int gov, const uint32_t tv[8],
                        const struct pgov_hw_idle *pre)
{
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

    if (ss->gov != gov || ss->wall != pre->wall_us || ss->idle != pre->idle_us || cur_moved ||
        (ss->bad && fresh)) {
        ss->gov = gov;
        ss->bad = !fresh;
        ss->chain = 0;
        if (fresh)
            dbs_start(ss, r, gov, tv, pre);
    }
}

/* An evaluation's TSV row: the kernel's values, not the library's. */
static void dbs_eval_tsv(struct dbs_sess *ss, int gov, const struct orec *r, int evaluated,
                         int req, const struct pgov_hw_idle *post)
{
    char outs[160], load[16];

    if (!tsv_dbs[gov] || !ss->chain)
        return;
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
    dbs_tsv(ss, gov, "eval", r, NULL, post, outs);
}

static void dbs_mismatch(const struct orec *r, int gov, int e, int req,
                         const struct replay_linux_dbs_out *o)
{
    printf("%s mismatch: cpu %u tunables rate %u up %u sdf %u nice %u io %u bias/down %u step %u;"
           " pre idle %" PRIu64 " wall %" PRIu64 " prev_load %" PRIu64 " rate_mult %u"
           " cs req %u skip %u cur %" PRIu64 "; now idle %" PRIu64 " wall %" PRIu64
           ": kernel load %u delay %u req %s%" PRIu64 " cur %" PRIu64 " prev_load %" PRIu64
           " rate_mult %u cs req %u skip %u; libpgov (err %d) load %u delay %u req %s%u cur %u"
           " prev_load %u rate_mult %u cs req %u skip %u\n",
           dbs_names[gov], r->cpu, LO(r->g[10]), HI(r->g[10]), LO(r->g[11]), HI(r->g[11]),
           LO(r->g[12]), HI(r->g[12]), LO(r->g[13]), r->g[0], r->g[1], r->g[3], LO(r->g[8]),
           LO(r->g[14]), HI(r->g[14]), r->x[1], r->g[4], r->g[5], LO(r->x[0]), r->aux,
           req ? "" : "none/", r->x[3], r->x[2], r->g[7], LO(r->g[9]), LO(r->g[15]),
           HI(r->g[15]), e, o->load, o->delay_us, o->req ? "" : "none/", o->cur_khz, o->cur_khz,
           o->prev_load, o->rate_mult, o->requested_freq, o->down_skip);
}

/* One ondemand/conservative evaluation, chained on its policy's instance. */
void dbs_row(const struct orec *r)
{
    int gov = r->ret;
    struct dbs_sess *ss = &sess[r->id % MAX_POLICIES];
    struct pgov_hw_idle pre = snap_of(&r->g[0]), post = snap_of(&r->g[4]);
    struct replay_linux_dbs_out o;
    struct tally *t = &t_dbs[gov & 1];
    uint32_t tv[8];
    int e, ok, store_raced;

    dbs_seen[gov & 1]++;
    if (gov > 1 || r->id >= MAX_POLICIES) {
        dbs_skipped[gov & 1]++;
        return;
    }
    record_tunables(r, gov, tv);
    store_raced = dbs_replay_store(ss, r, gov, tv, &pre);
    dbs_restart(ss, r, gov, tv, &pre);
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
    dbs_eval_tsv(ss, gov, r, evaluated, req, &post);
    if (ok) {
        t->exact++;
        return;
    }
    ss->bad = 1; /* diverged state: skip until the kernel's is again a start state */
    ss->chain = 0;
    if (t->shown++ < 10)
        dbs_mismatch(r, gov, e, req, &o);
}

/* One schedutil callback, from the state the kernel had at its entry. */
void sugov_row(const struct orec *r, int counting)
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
    if (!table.entries && pgov_freq_table_init(&table, dummy_table, DUMMY_TABLE_LEN, 0) != PGOV_OK)
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
