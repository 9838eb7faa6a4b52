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

#include <pgov/gov.h>
#include <pgov/kver.h>

#define LO(v) ((uint32_t)(v))
#define HI(v) ((uint32_t)((v) >> 32))
#define SCHED_CPUFREQ_IOWAIT 0x1u /* v6.1 include/linux/sched/cpufreq.h (an ABI fact) */

static struct orec *rows;
static size_t nrows, caprows;

void gov_replay_collect(const struct orec *r)
{
    if (nrows == caprows) {
        size_t c = caprows ? caprows * 2 : 4096;
        struct orec *n = realloc(rows, c * sizeof(*n));
        if (!n) {
            perror("oracle_replay: pgov_schedutil records");
            exit(2);
        }
        rows = n;
        caprows = c;
    }
    rows[nrows++] = *r;
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

int gov_replay_report(const struct pgov_freq_table *t)
{
    struct pgov_sugov_state st;
    uint64_t equal = 0, starts = 0, resync = 0, path[4] = {0}, remote = 0, iowait = 0, held = 0,
             limits = 0, policies = 0;
    unsigned shown = 0;
    size_t i;

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
