/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uclamp differential fuzzer: random inc / dec / update_active / request
 * changes on one runqueue with a random bucket count and profile, checked
 * after every step against a slow reference model below that keeps the
 * kernel's plain bucket array and rescans every bucket top-down (spec/sched.md
 * 3.4-3.5, written from the prose, not from lib/uclamp.c).
 *
 * Compared after every step: both rq values, the idle flag, the WARN and
 * inactive-dec counters, every bucket (count and kept value, empty ones
 * included), every task's counted state, and each call's return code.
 * Invalid calls (bad limits, corrupted task fields) must fail without
 * changing anything.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/uclamp.h>
#include "fuzz_input.h"

#define NTASK 8
#define NSLOT 21

struct ref_task {
    unsigned req[2], user[2], rt;
    unsigned val[2], bkt[2], active[2];
};

struct ref_rq {
    unsigned nb, kver, value[2], idle, warns, bad;
    unsigned tasks[2][NSLOT], bval[2][NSLOT];
};

struct ref_lim {
    int tg, sys, rtd;
    unsigned tg_min, tg_max, sys_min, sys_max, rt_default;
};

static int ver_at_least(unsigned kver, unsigned maj, unsigned min)
{
    return kver == 0 || kver >= (maj << 8 | min);
}

static unsigned ref_bucket(const struct ref_rq *rq, unsigned v)
{
    unsigned delta = (1024 + rq->nb / 2) / rq->nb;
    unsigned b = v / delta;
    if (ver_at_least(rq->kver, 5, 13) && b > rq->nb - 1)
        b = rq->nb - 1;
    return b;
}

/* spec 3.4: request (RT default), group, system defaults */
static unsigned ref_eff(const struct ref_task *t, int c, const struct ref_lim *l, unsigned kver)
{
    unsigned v = t->req[c];
    if (c == 0 && t->rt && !t->user[0]) {
        v = 1024;
        if (ver_at_least(kver, 5, 9) && l && l->rtd)
            v = l->rt_default;
    }
    if (l && l->tg) {
        unsigned lo = l->tg_min, hi = l->tg_max;
        if (ver_at_least(kver, 5, 13)) {
            if (v < lo)
                v = lo;
            if (v > hi)
                v = hi;
        } else {
            unsigned g = c ? hi : lo;
            if (v > g || !t->user[c])
                v = g;
        }
    }
    if (l && l->sys) {
        unsigned s = c ? l->sys_max : l->sys_min;
        if (v > s)
            v = s;
    }
    return v;
}

static void ref_inc_id(struct ref_rq *rq, struct ref_task *t, int c, unsigned v)
{
    unsigned b = ref_bucket(rq, v);
    t->val[c] = v;
    t->bkt[c] = b;
    t->active[c] = 1;
    rq->tasks[c][b]++;
    if (rq->idle)
        rq->value[c] = v;
    if (rq->tasks[c][b] == 1 || v > rq->bval[c][b])
        rq->bval[c][b] = v;
    if (v > rq->value[c])
        rq->value[c] = v;
}

static void ref_dec_id(struct ref_rq *rq, struct ref_task *t, int c)
{
    if (ver_at_least(rq->kver, 5, 9) && !t->active[c])
        return;
    unsigned b = t->bkt[c];
    if (rq->tasks[c][b] == 0)
        rq->warns++;
    else
        rq->tasks[c][b]--;
    t->active[c] = 0;
    if (rq->tasks[c][b] > 0)
        return;
    unsigned r = rq->value[c];
    if (rq->bval[c][b] > r)
        rq->warns++;
    if (rq->bval[c][b] >= r) {
        int i;
        /* The kernel scans its nbuckets slots only: the spare one (index
         * nbuckets, pre-5.13 only) is never seen. */
        for (i = (int)rq->nb - 1; i >= 0; i--)
            if (rq->tasks[c][i] > 0)
                break;
        if (i >= 0) {
            rq->value[c] = rq->bval[c][i];
        } else if (c == 1) {
            rq->idle = 1;
            rq->value[c] = t->val[c];
        } else {
            rq->value[c] = 0;
        }
    }
}

/* ---- input decoding */


static unsigned take_val(struct fuzz_in *in)
{
    unsigned k = fuzz_take(in, 1);
    switch (k & 7) {
    case 0:
        return 0;
    case 1:
        return 1024;
    case 2: /* near bucket edges and the top */
        return 1024 - (fuzz_take(in, 1) & 15);
    default:
        return ((k >> 3) | fuzz_take(in, 1) << 5) % 1025;
    }
}

static const uint32_t kvers[] = {PGOV_KVER(5, 3), PGOV_KVER_5_7, PGOV_KVER_5_9,
                                 PGOV_KVER_5_12, PGOV_KVER_5_13, PGOV_KVER_5_17,
                                 PGOV_KVER_6_18, PGOV_KVER_LATEST};

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            abort();                                                                               \
    } while (0)

static void compare(const struct pgov_uclamp_rq *rq, const struct ref_rq *ref,
                    const struct pgov_uclamp_task *t, const struct ref_task *rt)
{
    CHECK(rq->value[0] == ref->value[0] && rq->value[1] == ref->value[1]);
    CHECK(((rq->flags & PGOV_UCLAMP_FLAG_IDLE) != 0) == (ref->idle != 0));
    CHECK(rq->warns == ref->warns && rq->bad_decs == ref->bad);
    for (unsigned c = 0; c < 2; c++)
        for (unsigned b = 0; b <= ref->nb; b++) {
            uint32_t n, v;
            CHECK(pgov_uclamp_rq_bucket(rq, c, b, &n, &v) == PGOV_OK);
            CHECK(n == ref->tasks[c][b] && v == ref->bval[c][b]);
        }
    for (int i = 0; i < NTASK; i++)
        for (int c = 0; c < 2; c++) {
            CHECK(((t[i].active >> c) & 1) == rt[i].active[c]);
            CHECK(t[i].value[c] == rt[i].val[c] && t[i].bucket[c] == rt[i].bkt[c]);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Task-group, system and RT-default limits (the library's and the
 * reference's) from the input. */
static void take_limits(struct fuzz_in *in, struct ref_lim *rl, struct pgov_uclamp_limits *lim)
{
    unsigned f = fuzz_take(in, 1);
    unsigned a = take_val(in), b = take_val(in), c2 = take_val(in), d = take_val(in);
    rl->tg = f & 1;
    rl->sys = (f >> 1) & 1;
    rl->rtd = (f >> 2) & 1;
    rl->tg_min = a < b ? a : b;
    rl->tg_max = a < b ? b : a;
    rl->sys_min = c2 < d ? c2 : d;
    rl->sys_max = c2 < d ? d : c2;
    rl->rt_default = take_val(in);
    lim->flags = (uint16_t)(f & 7);
    lim->tg_min = (uint16_t)rl->tg_min;
    lim->tg_max = (uint16_t)rl->tg_max;
    lim->sys_min = (uint16_t)rl->sys_min;
    lim->sys_max = (uint16_t)rl->sys_max;
    lim->rt_default = (uint16_t)rl->rt_default;
}

/* A new request (sched_setattr) for one or both clamps, -1 resets:
 * min > max refused, else the reference task follows. */
static void new_request(struct fuzz_in *in, struct pgov_uclamp_task *t, struct ref_task *rt)
{
    unsigned which = 1 + fuzz_take(in, 1) % 3;
    int32_t v[2];
    for (int c = 0; c < 2; c++)
        v[c] = (fuzz_take(in, 1) & 3) == 0 ? -1 : (int32_t)take_val(in);
    int32_t lo = (which & 1) ? v[0] : (int32_t)rt->req[0];
    int32_t hi = (which & 2) ? v[1] : (int32_t)rt->req[1];
    int ok = !(lo != -1 && hi != -1 && lo > hi);
    int rc = pgov_uclamp_task_set(t, which, v[0], v[1]);
    CHECK(rc == (ok ? PGOV_OK : PGOV_EINVAL));
    for (int c = 0; ok && c < 2; c++) {
        if (!(which & (1u << c)))
            continue;
        rt->req[c] = v[c] == -1 ? (c ? 1024u : 0u) : (unsigned)v[c];
        rt->user[c] = v[c] != -1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_in in = {data, size};
    struct pgov_uclamp_rq rq, snap;
    struct pgov_uclamp_task t[NTASK], tsnap;
    struct ref_rq ref;
    struct ref_task rt[NTASK];
    unsigned nb = 5 + fuzz_take(&in, 1) % 16;
    uint32_t kver = kvers[fuzz_take(&in, 1) % (sizeof(kvers) / sizeof(kvers[0]))];

    memset(&ref, 0, sizeof(ref));
    memset(rt, 0, sizeof(rt));
    ref.nb = nb;
    ref.kver = kver;
    ref.value[1] = ver_at_least(kver, 5, 9) ? 1024 : 0;
    ref.idle = ver_at_least(kver, 5, 17);
    CHECK(pgov_uclamp_rq_init(&rq, kver, nb) == PGOV_OK);
    for (int i = 0; i < NTASK; i++) {
        CHECK(pgov_uclamp_task_init(&t[i], 0) == PGOV_OK);
        rt[i].req[1] = 1024;
    }

    while (in.n) {
        unsigned op = fuzz_take(&in, 1), i = fuzz_take(&in, 1) % NTASK;
        struct ref_lim rl = {0, 0, 0, 0, 1024, 0, 1024, 1024};
        struct pgov_uclamp_limits lim = {0, 0, 1024, 0, 1024, 1024};
        int use_lim = (op & 0x80) != 0;
        if (use_lim)
            take_limits(&in, &rl, &lim);
        const struct pgov_uclamp_limits *lp = use_lim ? &lim : NULL;
        const struct ref_lim *rlp = use_lim ? &rl : NULL;
        int rc;

        switch (op & 7) {
        case 0:
        case 1:
        case 2: /* enqueue */
            rc = pgov_uclamp_rq_inc(&rq, &t[i], lp);
            CHECK(rc == PGOV_OK);
            {
                unsigned e0 = ref_eff(&rt[i], 0, rlp, kver), e1 = ref_eff(&rt[i], 1, rlp, kver);
                ref_inc_id(&ref, &rt[i], 0, e0);
                ref_inc_id(&ref, &rt[i], 1, e1);
                ref.idle = 0;
            }
            break;
        case 3:
        case 4: /* dequeue */
        {
            unsigned w0 = ref.warns, inactive = !rt[i].active[0] || !rt[i].active[1];
            rc = pgov_uclamp_rq_dec(&rq, &t[i]);
            ref_dec_id(&ref, &rt[i], 0);
            ref_dec_id(&ref, &rt[i], 1);
            ref.bad += inactive;
            CHECK(rc == ((ref.warns != w0 || inactive) ? PGOV_WARN_KERNEL : PGOV_OK));
            break;
        }
        case 5: /* re-apply clamps of a queued task */
        {
            unsigned w0 = ref.warns, max_done = 0;
            rc = pgov_uclamp_rq_update_active(&rq, &t[i], lp);
            for (int c = 0; c < 2; c++) {
                if (!rt[i].active[c])
                    continue;
                unsigned e = ref_eff(&rt[i], c, rlp, kver);
                ref_dec_id(&ref, &rt[i], c);
                ref_inc_id(&ref, &rt[i], c, e);
                max_done |= (unsigned)c; /* c == 1: MAX */
            }
            if (max_done)
                ref.idle = 0;
            CHECK(rc == (ref.warns != w0 ? PGOV_WARN_KERNEL : PGOV_OK));
            break;
        }
        case 6: /* new request (sched_setattr), -1 resets */
            new_request(&in, &t[i], &rt[i]);
            break;
        default: /* class change, or an invalid call that must change nothing */
            if (op & 0x40) {
                rt[i].rt = !rt[i].rt;
                CHECK(pgov_uclamp_task_set_rt(&t[i], rt[i].rt != 0) == PGOV_OK);
                break;
            }
            snap = rq;
            tsnap = t[i];
            lim.flags = 0x10;
            CHECK(pgov_uclamp_rq_inc(&rq, &t[i], &lim) == PGOV_EINVAL);
            CHECK(pgov_uclamp_rq_update_active(&rq, &t[i], &lim) == PGOV_EINVAL);
            t[i].req[fuzz_take(&in, 1) & 1] = (uint16_t)(1025 + fuzz_take(&in, 1));
            CHECK(pgov_uclamp_rq_inc(&rq, &t[i], NULL) == PGOV_EINVAL);
            t[i] = tsnap;
            t[i].bucket[fuzz_take(&in, 1) & 1] = (uint8_t)(PGOV_UCLAMP_SLOTS + fuzz_take(&in, 1) % 200);
            if (t[i].active == 3 || !ver_at_least(kver, 5, 9))
                CHECK(pgov_uclamp_rq_dec(&rq, &t[i]) == PGOV_EINVAL);
            t[i] = tsnap;
            CHECK(memcmp(&snap, &rq, sizeof(rq)) == 0);
            break;
        }
        compare(&rq, &ref, t, rt);
        /* the clamp helpers agree with the rq values they are built on */
        uint32_t u = take_val(&in), out, perf;
        CHECK(pgov_uclamp_rq_util_with(&rq, PGOV_KVER_5_7, u, NULL, NULL, &out) == PGOV_OK);
        CHECK(out == (ref.value[0] >= ref.value[1]
                          ? ref.value[0]
                          : (u < ref.value[0] ? ref.value[0] : u > ref.value[1] ? ref.value[1] : u)));
        CHECK(pgov_uclamp_effective_perf(&rq, u, 0, 1024, &perf, NULL, NULL) == PGOV_OK);
        {
            unsigned hi = ref.value[1] < 1024 ? ref.value[1] : 1024, a = u + u / 4;
            unsigned p = a < hi ? a : hi;
            CHECK(perf == (p > ref.value[0] ? p : ref.value[0]));
        }
    }
    return 0;
}
