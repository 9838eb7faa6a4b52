/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_schedutil's decisions in the guest against the host: each policy's
 * hook calls, in order, from a fresh state at each governor start, with only
 * the recorded inputs (time, flags, util, capacity, held, policy->cur/min/
 * max, rate limit, tick). The host's state is its own (open loop); a row is
 * equal when the kernel's state before the call is the host's, and the
 * return, the path, every result field, the state after it and the driver
 * request are the host's too.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gov_replay.h"
#include "replay_linux.h"

#include <pgov/dbs.h>
#include <pgov/gov.h>
#include <pgov/kver.h>

#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))
#define SCHED_CPUFREQ_IOWAIT 0x1u /* v6.1 include/linux/sched/cpufreq.h (an ABI fact) */

struct rowset {
    struct orec *r;
    size_t n, cap;
};
static struct rowset sugov_rows, dbs_rows;

void gov_replay_collect(const struct orec *r)
{
    struct rowset *s = r->kind == OREC_PGOV_DBS ? &dbs_rows : &sugov_rows;
    if (s->n == s->cap) {
        size_t c = s->cap ? s->cap * 2 : 4096;
        struct orec *n = realloc(s->r, c * sizeof(*n));
        if (!n) {
            perror("oracle_replay: pgov governor records");
            exit(2);
        }
        s->r = n;
        s->cap = c;
    }
    s->r[s->n++] = *r;
}

/* id: policy CPU | starts << 16 | call << 32: policy, then start, then call. */
static int by_id(const void *a, const void *b)
{
    const struct orec *x = a, *y = b;
    uint64_t kx = (x->id & 0xffffffffu) << 32 | x->id >> 32;
    uint64_t ky = (y->id & 0xffffffffu) << 32 | y->id >> 32;
    return (x->id & 0xffff) != (y->id & 0xffff) ? ((x->id & 0xffff) < (y->id & 0xffff) ? -1 : 1)
           : kx != ky                            ? (kx < ky ? -1 : 1)
                                                 : 0;
}

static struct pgov_sugov_state state_of(const uint64_t *g)
{
    struct pgov_sugov_state s;
    memset(&s, 0, sizeof(s));
    s.last_update_ns = g[0];
    s.last_freq_update_ns = g[1];
    s.next_freq = LO(g[2]);
    s.cached_raw_freq = HI(g[2]);
    s.iowait_boost = g[3] & 0xffff;
    s.pending = (g[3] >> 16) & 1;
    s.need_update = (g[3] >> 17) & 1;
    return s;
}

static int same_state(const struct pgov_sugov_state *a, const struct pgov_sugov_state *b)
{
    return a->last_update_ns == b->last_update_ns &&
           a->last_freq_update_ns == b->last_freq_update_ns && a->next_freq == b->next_freq &&
           a->cached_raw_freq == b->cached_raw_freq && a->iowait_boost == b->iowait_boost &&
           a->pending == b->pending && a->need_update == b->need_update;
}

static int sugov_report(const struct pgov_freq_table *t)
{
    struct orec *rows = sugov_rows.r;
    size_t nrows = sugov_rows.n;
    struct pgov_sugov_state st;
    uint64_t equal = 0, starts = 0, resync = 0, path[4] = {0}, remote = 0, iowait = 0, held = 0,
             limits = 0, policies = 0;
    unsigned shown = 0;
    size_t i;

    if (nrows)
        qsort(rows, nrows, sizeof(*rows), by_id);
    memset(&st, 0, sizeof(st));
    for (i = 0; i < nrows; i++) {
        const struct orec *r = &rows[i];
        uint32_t pol = r->id & 0xffff, call = HI(r->id);
        struct pgov_sugov_state pre = state_of(&r->g[5]), post = state_of(&r->g[9]);
        struct replay_linux_sugov_call c;
        struct pgov_sugov_result res;
        int e, ok, chain, first = i == 0 || (rows[i - 1].id & 0xffffffffu) != (r->id & 0xffffffffu);

        if (i == 0 || (rows[i - 1].id & 0xffff) != pol)
            policies++;
        if (first && call == 0) {
            memset(&st, 0, sizeof(st)); /* the governor's start */
            starts++;
        } else if (first || HI(rows[i - 1].id) + 1 != call) {
            st = pre; /* a record was lost: continue from the kernel's state */
            resync++;
        }
        if (r->flags & OREC_F_LIMITS) {
            st.need_update = 1; /* .limits ran before this call */
            limits++;
        }
        memset(&c, 0, sizeof(c));
        c.kver = PGOV_KVER_6_1;
        c.flags = (LO(r->x[1]) & SCHED_CPUFREQ_IOWAIT ? PGOV_UPDATE_IOWAIT : 0u) |
                  (r->cpu != pol ? PGOV_UPDATE_REMOTE : 0u);
        c.util = LO(r->x[2]);
        c.max_cap = LO(r->g[2]);
        c.held = HI(r->g[2]);
        c.cur_khz = LO(r->g[3]);
        c.rate_limit_ns = (uint64_t)HI(r->g[3]) * 1000u;
        c.min_khz = LO(r->g[4]);
        c.max_khz = HI(r->g[4]);
        c.tick_ns = HI(r->g[8]);
        c.max_freq_khz = HI(r->g[12]);
        c.now_ns = r->x[0];
        chain = same_state(&st, &pre);
        memset(&res, 0, sizeof(res));
        e = replay_linux_sugov(&c, t, &st, &res);
        ok = chain && e == (int)(int8_t)r->ret && res.path == r->aux && same_state(&st, &post) &&
             res.next_f == LO(r->g[13]) && res.util_eff == HI(r->g[13]) &&
             res.raw_freq == r->g[14] && res.boost_req == (r->g[15] & 0xffff) &&
             res.pending_req == ((r->g[15] >> 16) & 1) && res.boost_util == HI(r->g[15]) &&
             !!(r->flags & OREC_F_REQ) == (e == 0 && res.path == PGOV_SUGOV_PATH_COMMIT) &&
             (!(r->flags & OREC_F_REQ) || r->x[3] == res.next_f);
        if (res.path < 4)
            path[res.path]++;
        remote += (c.flags & PGOV_UPDATE_REMOTE) != 0;
        iowait += (c.flags & PGOV_UPDATE_IOWAIT) != 0;
        held += c.held;
        if (ok) {
            equal++;
            continue;
        }
        if (shown++ < 10)
            printf("govmod mismatch: policy %u start %u call %u cpu %u now %" PRIu64
                   " flags %u util %u held %u cap %u cur %u min %u max %u: kernel ret %d path %u"
                   " next %u cached %u boost %u pending %u last_freq %" PRIu64 " raw %" PRIu64
                   " driver %" PRIu64 "; host ret %d path %u next %u cached %u boost %u pending %u"
                   " last_freq %" PRIu64 " raw %" PRIu64 " (state before: %s)\n",
                   pol, (unsigned)((r->id >> 16) & 0xffff), call, r->cpu, c.now_ns, c.flags,
                   c.util, c.held, c.max_cap, c.cur_khz, c.min_khz, c.max_khz, (int8_t)r->ret,
                   r->aux, post.next_freq, post.cached_raw_freq, post.iowait_boost, post.pending,
                   post.last_freq_update_ns, r->g[14], r->x[3], e, res.path, st.next_freq,
                   st.cached_raw_freq, st.iowait_boost, st.pending, st.last_freq_update_ns,
                   res.raw_freq, chain ? "equal" : "differs");
        st = post; /* go on from the kernel's state: one mismatch, one row */
    }
    printf("govmod: pgov_schedutil (libpgov in the guest's update_util hook) on %" PRIu64
           " policies, %" PRIu64 " governor starts, %" PRIu64 " limits updates; paths:"
           " rate-limited %" PRIu64 ", unchanged %" PRIu64 ", committed %" PRIu64
           " (fast_switch); remote %" PRIu64 ", iowait %" PRIu64 ", held %" PRIu64 "\n",
           policies, starts, limits, path[PGOV_SUGOV_PATH_RATE_LIMITED],
           path[PGOV_SUGOV_PATH_UNCHANGED], path[PGOV_SUGOV_PATH_COMMIT], remote, iowait, held);
    if (resync)
        printf("govmod: %" PRIu64 " chains continued from the kernel's state after a lost record"
               " (ring full or volume cap)\n", resync);
    printf("govmod: pgov_schedutil %" PRIu64 "/%zu decisions equal to replay\n", equal, nrows);
    if (nrows == 0)
        printf("govmod: no pgov_schedutil decision captured (governor not run?)\n");
    return nrows > 0 && equal == nrows ? 0 : 1;
}

/* pgov_ondemand: one open-loop instance per policy, started from the
 * counters and tunables the guest's start read, then fed each evaluation's
 * counters and each limits step; after every call the host instance must
 * hold the kernel instance's decision and state. */
static int dbs_report(const struct pgov_freq_table *t)
{
    struct orec *rows = dbs_rows.r;
    size_t n = dbs_rows.n, i;
    struct replay_linux_dbs d;
    uint64_t equal = 0, ops[3] = {0}, skipped = 0, reqs = 0, compared = 0;
    unsigned shown = 0;
    int live = 0;

    if (n)
        qsort(rows, n, sizeof(*rows), by_id);
    memset(&d, 0, sizeof(d));
    for (i = 0; i < n; i++) {
        const struct orec *r = &rows[i];
        uint32_t call = HI(r->id), op = r->ret;
        struct pgov_hw_idle snap = {r->g[0], r->g[1], r->g[2], r->g[3]};
        struct pgov_dbs_status st;
        struct pgov_dbs_cpu_status cs;
        int e = 0, req = 0, ok;

        if (op > 2) {
            printf("govmod: pgov_ondemand record with op %u\n", op);
            return 1;
        }
        ops[op]++;
        if (op == 0) {
            struct replay_linux_dbs_cfg c;
            memset(&c, 0, sizeof(c));
            c.gov = PGOV_DBS_ONDEMAND;
            c.kver = PGOV_KVER_6_1;
            c.table = t->entries;
            c.table_len = t->count;
            c.min_khz = LO(r->g[7]);
            c.max_khz = HI(r->g[7]);
            c.cur_khz = LO(r->g[6]);
            c.hz = 250; /* CONFIG_HZ of Debian's 6.1 */
            c.kver_stable = (uint32_t)r->g[12];
            memcpy(c.tun, &r->g[8], sizeof(c.tun));
            e = replay_linux_dbs_start(&d, &c, &snap);
            live = 1;
        } else if (!live || i == 0 || (rows[i - 1].id & 0xffffffffu) != (r->id & 0xffffffffu) ||
                   HI(rows[i - 1].id) + 1 != call) {
            live = 0; /* a lost record: wait for the next start */
            skipped++;
            continue;
        } else if (op == 1) {
            struct replay_linux_dbs_out o;
            e = replay_linux_dbs_eval(&d, &snap, &o);
            req = e == 0 && o.req;
        } else {
            struct pgov_dbs_result res;
            memset(&res, 0, sizeof(res));
            e = pgov_dbs_set_limits_open(d.g, LO(r->g[7]), HI(r->g[7]), &res);
            req = e == 0 && (res.flags & PGOV_DBS_RES_CHG) != 0;
        }
        compared++;
        reqs += req;
        ok = e == (int32_t)r->aux && d.g && pgov_dbs_get_status(d.g, &st) == 0 &&
             pgov_dbs_get_cpu(d.g, 0, &cs) == 0 && st.last.load == LO(r->g[4]) &&
             st.last.delay_us == HI(r->g[4]) && st.rate_mult == LO(r->g[5]) &&
             cs.prev_load == HI(r->g[5]) && st.cur_khz == LO(r->g[6]) &&
             st.last.flags == HI(r->g[6]) && req == !!(r->flags & OREC_F_REQ) &&
             (!req || r->x[1] == st.cur_khz) && (op == 2 || r->x[3] == 1);
        if (ok) {
            equal++;
            continue;
        }
        live = 0;
        if (shown++ < 10)
            printf("govmod mismatch: pgov_ondemand policy %u start %u call %u op %u wall %" PRIu64
                   " idle %" PRIu64 " iowait %" PRIu64 " nice %" PRIu64 ": kernel err %d load %u"
                   " delay %u rate_mult %u prev_load %u cur %u flags %#x req %u (%" PRIu64
                   " kHz, %" PRIu64 " reads); host err %d load %u delay %u rate_mult %u"
                   " prev_load %u cur %u flags %#x req %d\n",
                   (unsigned)(r->id & 0xffff), (unsigned)((r->id >> 16) & 0xffff), call, op,
                   snap.wall_us, snap.idle_us, snap.iowait_us, snap.nice_ns, (int32_t)r->aux,
                   LO(r->g[4]), HI(r->g[4]), LO(r->g[5]), HI(r->g[5]), LO(r->g[6]), HI(r->g[6]),
                   !!(r->flags & OREC_F_REQ), r->x[1], r->x[3], e, st.last.load,
                   st.last.delay_us, st.rate_mult, cs.prev_load, st.cur_khz, st.last.flags, req);
    }
    printf("govmod: pgov_ondemand (libpgov's dbs instance: hook gate under the rq lock, work in a"
           " workqueue) starts %" PRIu64 ", evaluations %" PRIu64 ", limits steps %" PRIu64
           ", driver requests %" PRIu64 "\n", ops[0], ops[1], ops[2], reqs);
    if (skipped)
        printf("govmod: pgov_ondemand: %" PRIu64 " calls not compared (after a lost record, until"
               " the next start)\n", skipped);
    printf("govmod: pgov_ondemand %" PRIu64 "/%" PRIu64 " decisions equal to replay\n", equal,
           compared);
    return ops[1] > 0 && equal == compared ? 0 : 1;
}

int gov_replay_report(const struct pgov_freq_table *t)
{
    int a = dbs_report(t);
    int b = sugov_report(t);
    return a | b;
}
