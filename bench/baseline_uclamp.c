/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clean-room rendering of the kernel's uclamp rq aggregation (spec/sched.md
 * 3.5) the way the kernel does it: bucket count fixed at build time, bucket
 * id by division, top-down rescan of the buckets when the bucket holding the
 * rq value empties. Task enqueue and dequeue test, as the kernel does on
 * every call, that the task's class opts in and that the task is not in
 * delayed-dequeue state (v6.12+); the uclamp static key is a patched jump,
 * free, so not rendered. Written from the spec, for the bench only.
 */
#include "baseline_uclamp.h"

#define BASE_SCALE 1024u

const struct base_uclamp_class base_fair_class = {1};

static inline unsigned base_bucket_id(unsigned v, unsigned nb)
{
    unsigned delta = (BASE_SCALE + nb / 2) / nb;
    unsigned b = v / delta;
    return b < nb - 1 ? b : nb - 1;
}

/* sched_util_clamp_min/max, as the kernel keeps them (defaults) */
static unsigned base_default[2] = {BASE_SCALE, BASE_SCALE};

/* uclamp_eff_get(): group restriction (none in the root group), then the
 * system defaults; the kernel runs it on every enqueue. */
static inline unsigned base_eff(const struct base_uclamp_task *t, int c)
{
    unsigned v = t->req[c];
    if (t->tg) {
        unsigned lo = t->tg->eff[0], hi = t->tg->eff[1];
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return v > base_default[c] ? base_default[c] : v;
}

static inline void base_inc_id(struct base_uclamp_rq *rq, struct base_uclamp_task *t, int c,
                               unsigned nb)
{
    unsigned v = base_eff(t, c);
    unsigned b = base_bucket_id(v, nb);
    struct base_uclamp_bucket *bk = &rq->id[c].bucket[b];

    t->eff[c] = v;
    t->bucket[c] = b;
    t->active[c] = 1;
    bk->tasks++;
    if (rq->flags & 1u)
        rq->id[c].value = v;
    if (bk->tasks == 1 || v > bk->value)
        bk->value = v;
    if (v > rq->id[c].value)
        rq->id[c].value = v;
}

static inline void base_dec_id(struct base_uclamp_rq *rq, struct base_uclamp_task *t, int c,
                               unsigned nb)
{
    struct base_uclamp_bucket *bk;
    unsigned r;

    if (!t->active[c])
        return;
    bk = &rq->id[c].bucket[t->bucket[c]];
    if (bk->tasks)
        bk->tasks--;
    t->active[c] = 0;
    if (bk->tasks)
        return;
    r = rq->id[c].value;
    if (bk->value >= r) {
        unsigned v = c ? t->eff[c] : 0;
        int i;
        for (i = (int)nb - 1; i >= 0; i--)
            if (rq->id[c].bucket[i].tasks)
                break;
        if (i >= 0)
            v = rq->id[c].bucket[i].value;
        else if (c)
            rq->flags |= 1u;
        rq->id[c].value = v;
    }
}

/* One pair of entry points per build-time bucket count, as in the kernel. */
#define BASE_FNS(NB)                                                                               \
    __attribute__((noinline)) void base_uclamp_inc_##NB(struct base_uclamp_rq *rq,                 \
                                                        struct base_uclamp_task *t)                \
    {                                                                                              \
        if (!t->cls->uclamp_enabled || t->delayed)                                                 \
            return;                                                                                \
        base_inc_id(rq, t, 0, NB);                                                                 \
        base_inc_id(rq, t, 1, NB);                                                                 \
        rq->flags &= ~1u;                                                                          \
    }                                                                                              \
    __attribute__((noinline)) void base_uclamp_dec_##NB(struct base_uclamp_rq *rq,                 \
                                                        struct base_uclamp_task *t)                \
    {                                                                                              \
        if (!t->cls->uclamp_enabled || t->delayed)                                                 \
            return;                                                                                \
        base_dec_id(rq, t, 0, NB);                                                                 \
        base_dec_id(rq, t, 1, NB);                                                                 \
    }

BASE_FNS(5)
BASE_FNS(20)
