/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uclamp, ABI tier (docs/spec/sched.md section 3): every exported function
 * validates, then calls the core of pgov/core/uclamp.h, where the O(1)
 * aggregation and its representation live.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "internal/deps.h"

#include "pgov/uclamp.h"

#include "internal/compiler.h"

#include "pgov/core/uclamp.h"

_Static_assert(sizeof(struct pgov_uclamp_rq) == PGOV_UCLAMP_RQ_SIZE, "uclamp rq size");
_Static_assert(_Alignof(struct pgov_uclamp_rq) <= PGOV_UCLAMP_RQ_ALIGN, "uclamp rq align");
_Static_assert(sizeof(struct pgov_uclamp_task) == PGOV_UCLAMP_TASK_SIZE, "uclamp task size");

/* kver -> feature bits, or PGOV_ENOTSUP (invalid, or older than v5.3). */
static int prof_of_kver(uint32_t kver, uint32_t *prof)
{
    uint32_t k = pgov_kver_resolve(kver);
    uint32_t p = 0;
    if (k < PGOV_KVER_5_3)
        return PGOV_ENOTSUP;
    if (k >= PGOV_KVER_5_9)
        p |= PGOV_UCLAMP_PROF_ACTIVE | PGOV_UCLAMP_PROF_RTSYS | PGOV_UCLAMP_PROF_INITMAX;
    if (k >= PGOV_KVER_5_13)
        p |= PGOV_UCLAMP_PROF_SAT | PGOV_UCLAMP_PROF_TGCLAMP;
    if (k >= PGOV_KVER_5_17)
        p |= PGOV_UCLAMP_PROF_INITIDLE;
    if (k >= PGOV_KVER_6_1)
        p |= PGOV_UCLAMP_PROF_UW61;
    *prof = p;
    return PGOV_OK;
}

static int nbuckets_of(uint32_t nbuckets, uint32_t *n)
{
    if (nbuckets == 0)
        nbuckets = PGOV_UCLAMP_NBUCKETS ? PGOV_UCLAMP_NBUCKETS : PGOV_UCLAMP_BUCKETS_DEFAULT;
    if (nbuckets < PGOV_UCLAMP_BUCKETS_MIN || nbuckets > PGOV_UCLAMP_BUCKETS_MAX ||
        (PGOV_UCLAMP_NBUCKETS && nbuckets != PGOV_UCLAMP_NBUCKETS))
        return PGOV_EINVAL;
    *n = nbuckets;
    return PGOV_OK;
}

/* A runqueue the library initialised (cheap sanity, keeps indexes in range). */
static inline bool rq_ok(const struct pgov_uclamp_rq *rq)
{
    return PGOV_UCLAMP_CORE_RQ_VALID(rq);
}


static bool lim_ok(const struct pgov_uclamp_limits *l)
{
    if (!l)
        return true;
    if (l->flags & ~PGOV_UCLAMP_LIM_FLAGS)
        return false;
    if ((l->flags & PGOV_UCLAMP_LIM_TG) && (l->tg_min > l->tg_max || l->tg_max > PGOV_UCLAMP_SCALE))
        return false;
    if ((l->flags & PGOV_UCLAMP_LIM_SYS) && (l->sys_min > l->sys_max || l->sys_max > PGOV_UCLAMP_SCALE))
        return false;
    if ((l->flags & PGOV_UCLAMP_LIM_RT) && l->rt_default > PGOV_UCLAMP_SCALE)
        return false;
    return true;
}

static inline bool req_ok(const struct pgov_uclamp_task *t)
{
    return PGOV_UCLAMP_CORE_REQ_VALID(t);
}

/* The counted part of a task is safe to use on @rq for the ids in @ids. */
static inline bool counted_ok(const struct pgov_uclamp_rq *rq, const struct pgov_uclamp_task *t,
                      uint32_t ids)
{
    if (t->active & ~PGOV_UCLAMP_IDS_ALL)
        return false;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++)
        if ((ids & (1u << c)) && (t->bucket[c] >= pgov_uclamp_impl_slots(rq) || t->value[c] > PGOV_UCLAMP_SCALE))
            return false;
    return true;
}


int pgov_uclamp_bucket_delta(uint32_t nbuckets, uint32_t *delta)
{
    uint32_t n;
    if (!delta)
        return PGOV_EINVAL;
    if (nbuckets_of(nbuckets, &n))
        return PGOV_EINVAL;
    *delta = pgov_uclamp_delta_tab[n];
    return PGOV_OK;
}

int pgov_uclamp_bucket_id(uint32_t nbuckets, uint32_t kver, uint32_t value, uint32_t *id)
{
    uint32_t n, prof;
    int rc;
    if (!id)
        return PGOV_EINVAL;
    rc = prof_of_kver(kver, &prof);
    if (rc)
        return rc;
    if (nbuckets_of(nbuckets, &n) || value > PGOV_UCLAMP_SCALE)
        return PGOV_EINVAL;
    *id = pgov_uclamp_impl_bucket_id(value, n, prof);
    return PGOV_OK;
}

int pgov_uclamp_rq_init(struct pgov_uclamp_rq *rq, uint32_t kver, uint32_t nbuckets)
{
    uint32_t n, prof;
    int rc;
    if (!rq)
        return PGOV_EINVAL;
    rc = prof_of_kver(kver, &prof);
    if (rc)
        return rc;
    if (nbuckets_of(nbuckets, &n))
        return PGOV_EINVAL;

    rq->lazy = 0;
    rq->warns = 0;
    rq->bad_decs = 0;
    rq->value[PGOV_UCLAMP_MIN] = 0;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        rq->map[c] = 0;
        for (uint32_t b = 0; b < PGOV_UCLAMP_SLOTS; b++) {
            rq->bucket[c][b].tasks = 0;
            rq->bucket[c][b].value = 0;
            rq->bucket[c][b]._pad = 0;
        }
    }
    rq->nbuckets = (uint8_t)n;
    rq->prof = (uint8_t)prof;
    rq->top = (uint8_t)pgov_uclamp_impl_bucket_id(PGOV_UCLAMP_SCALE, n, prof);
    rq->mul = pgov_uclamp_mul_tab[n];
    rq->bmax = (uint8_t)((prof & PGOV_UCLAMP_PROF_SAT) ? n - 1 : n);
    rq->value[PGOV_UCLAMP_MAX] = (prof & PGOV_UCLAMP_PROF_INITMAX) ? (uint16_t)PGOV_UCLAMP_SCALE : 0;
    rq->flags = (prof & PGOV_UCLAMP_PROF_INITIDLE) ? PGOV_UCLAMP_FLAG_IDLE : 0;

    rq->def_img = pgov_uclamp_impl_make_image(0, PGOV_UCLAMP_SCALE, 0, rq->top, PGOV_UCLAMP_IDS_ALL, 0);
    rq->chk_x = ~pgov_uclamp_impl_make_image(0, 0, 0, 0, PGOV_UCLAMP_IDS_ALL, 0);
    pgov_uclamp_impl_regate(rq);
    return PGOV_OK;
}

int pgov_uclamp_task_init(struct pgov_uclamp_task *t, uint32_t flags)
{
    if (!t)
        return PGOV_EINVAL;
    if (flags & ~(uint32_t)PGOV_UCLAMP_TASK_RT)
        return PGOV_EINVAL;
    pgov_uclamp_impl_set_task_image(t, 0);
    t->req[PGOV_UCLAMP_MIN] = 0;
    t->req[PGOV_UCLAMP_MAX] = PGOV_UCLAMP_SCALE;
    t->req_flags = (uint8_t)flags;
    t->_pad1[0] = t->_pad1[1] = t->_pad1[2] = 0;
    return PGOV_OK;
}

int pgov_uclamp_task_set(struct pgov_uclamp_task *t, uint32_t which, int32_t min, int32_t max)
{
    int32_t v[PGOV_UCLAMP_CNT];
    if (!t)
        return PGOV_EINVAL;
    if ((which & ~PGOV_UCLAMP_IDS_ALL) || !req_ok(t))
        return PGOV_EINVAL;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        int32_t nv = c ? max : min;
        if (!(which & (1u << c)))
            v[c] = t->req[c];
        else if (nv < -1 || nv > (int32_t)PGOV_UCLAMP_SCALE)
            return PGOV_EINVAL;
        else
            v[c] = nv;
    }
    if (v[0] != -1 && v[1] != -1 && v[0] > v[1])
        return PGOV_EINVAL;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        uint8_t user = (uint8_t)(c ? PGOV_UCLAMP_TASK_USER_MAX : PGOV_UCLAMP_TASK_USER_MIN);
        if (!(which & (1u << c)))
            continue;
        if (v[c] == -1) {
            t->req[c] = (uint16_t)(c ? PGOV_UCLAMP_SCALE : 0);
            t->req_flags = (uint8_t)(t->req_flags & ~user);
        } else {
            t->req[c] = (uint16_t)v[c];
            t->req_flags = (uint8_t)(t->req_flags | user);
        }
    }
    return PGOV_OK;
}

int pgov_uclamp_task_set_rt(struct pgov_uclamp_task *t, bool rt)
{
    if (!t)
        return PGOV_EINVAL;
    if (!req_ok(t))
        return PGOV_EINVAL;
    if (rt)
        t->req_flags = (uint8_t)(t->req_flags | PGOV_UCLAMP_TASK_RT);
    else
        t->req_flags = (uint8_t)(t->req_flags & ~PGOV_UCLAMP_TASK_RT);
    return PGOV_OK;
}

static bool tg_ok(const struct pgov_uclamp_tg *tg)
{
    return tg->req[0] <= PGOV_UCLAMP_SCALE && tg->req[1] <= PGOV_UCLAMP_SCALE && tg->eff[0] <= tg->eff[1] &&
           tg->eff[1] <= PGOV_UCLAMP_SCALE;
}


int pgov_uclamp_tg_init(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent)
{
    return pgov_uclamp_tg_update(tg, parent, 0, PGOV_UCLAMP_SCALE);
}

int pgov_uclamp_tg_update(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent,
                          uint32_t min, uint32_t max)
{
    if (!tg)
        return PGOV_EINVAL;
    if (min > PGOV_UCLAMP_SCALE || max > PGOV_UCLAMP_SCALE || (parent && !tg_ok(parent)))
        return PGOV_EINVAL;
    tg->req[PGOV_UCLAMP_MIN] = (uint16_t)min;
    tg->req[PGOV_UCLAMP_MAX] = (uint16_t)max;
    pgov_uclamp_core_tg_eff(tg, parent);
    return PGOV_OK;
}


/* Validation shared by eff_get and util_with: task, its counted values, lim. */
static bool task_ok(const struct pgov_uclamp_task *t)
{
    return req_ok(t) && (t->active & ~PGOV_UCLAMP_IDS_ALL) == 0 && t->value[0] <= PGOV_UCLAMP_SCALE &&
           t->value[1] <= PGOV_UCLAMP_SCALE;
}

int pgov_uclamp_eff_get(const struct pgov_uclamp_task *t, uint32_t kver,
                        const struct pgov_uclamp_limits *lim, uint32_t eff[PGOV_UCLAMP_CNT])
{
    uint32_t prof;
    int rc;
    if (!t || !eff)
        return PGOV_EINVAL;
    rc = prof_of_kver(kver, &prof);
    if (rc)
        return rc;
    if (!lim_ok(lim) || !task_ok(t))
        return PGOV_EINVAL;
    pgov_uclamp_core_eff_get(t, lim, prof, eff);
    return PGOV_OK;
}


/* Every bucket index the paths below use is at most nbuckets (the spare
 * slot), which header_ok() keeps inside the array and below 32 (map bits). */
_Static_assert(PGOV_UCLAMP_BUCKETS_MAX < PGOV_UCLAMP_SLOTS && PGOV_UCLAMP_SLOTS <= 32u,
               "uclamp bucket indexes fit the array and the bitmaps");

/* The header fields every index depends on, in one range test. */
static inline bool header_ok(const struct pgov_uclamp_rq *rq)
{
    return (uint32_t)rq->nbuckets - PGOV_UCLAMP_BUCKETS_MIN <=
           PGOV_UCLAMP_BUCKETS_MAX - PGOV_UCLAMP_BUCKETS_MIN;
}

/* The straight-line enqueue indexes up to bmax, a private field: bounded by
 * nbuckets here, whoever wrote it (a runqueue init did not make). */
static inline bool inc_header_ok(const struct pgov_uclamp_rq *rq)
{
    return header_ok(rq) && rq->bmax <= rq->nbuckets;
}

/* The straight-line dequeue indexes the task's two bucket ids: bounded by
 * nbuckets here, not only by the private check words (dec_fast_ok()). */
static inline bool dec_index_ok(const struct pgov_uclamp_rq *rq, const struct pgov_uclamp_task *t)
{
    return t->bucket[PGOV_UCLAMP_MIN] <= rq->nbuckets && t->bucket[PGOV_UCLAMP_MAX] <= rq->nbuckets;
}

/* Full validation of an enqueue (restrictions, RT tasks, a runqueue the
 * fast test cannot vouch for). */
static PGOV_NOINLINE int inc_checked(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                                     const struct pgov_uclamp_limits *lim)
{
    if (!rq || !t || !rq_ok(rq) || !req_ok(t) || (lim && !lim_ok(lim)))
        return PGOV_EINVAL;
    return pgov_uclamp_core_rq_inc(rq, t, lim) ? PGOV_OK : PGOV_ENOSPC;
}

int pgov_uclamp_rq_inc(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                       const struct pgov_uclamp_limits *lim)
{
    /* The common case validated in one test each: no restrictions, a
     * runqueue in a state only the library writes (open gate, or default
     * tasks counted lazily), a request in range with user flags only. */
    if (pgov_likely(rq && t && !lim && inc_header_ok(rq) &&
                    (rq->gate == PGOV_UCLAMP_GATE_OPEN || rq->lazy) &&
                    pgov_uclamp_impl_request_plain(t)))
        return pgov_uclamp_core_rq_inc(rq, t, NULL) ? PGOV_OK : PGOV_ENOSPC;
    return inc_checked(rq, t, lim);
}

/* Full validation of a dequeue. */
static PGOV_NOINLINE int dec_checked(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    if (!rq || !t || !rq_ok(rq) || !counted_ok(rq, t, PGOV_UCLAMP_IDS_ALL))
        return PGOV_EINVAL;
    return pgov_uclamp_core_rq_dec(rq, t) ? PGOV_WARN_KERNEL : PGOV_OK;
}

int pgov_uclamp_rq_dec(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    /* The common cases validated in one test each, once the task's bucket
     * ids are known to be inside the runqueue: a task whose counted fields
     * equal the runqueue's default image, or pass the open gate's per-field
     * limits (pgov_uclamp_impl_dec_fast_ok()). */
    if (pgov_likely(rq && t && header_ok(rq) && dec_index_ok(rq, t) &&
                    ((rq->lazy > 1u && pgov_uclamp_impl_task_image(t) == rq->def_img) ||
                     pgov_uclamp_impl_dec_fast_ok(rq, t))))
        return pgov_uclamp_core_rq_dec(rq, t) ? PGOV_WARN_KERNEL : PGOV_OK;
    return dec_checked(rq, t);
}

int pgov_uclamp_rq_update_active(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                                 const struct pgov_uclamp_limits *lim)
{
    uint32_t e[PGOV_UCLAMP_CNT], b[PGOV_UCLAMP_CNT], warns = 0, act;

    if (!rq || !t)
        return PGOV_EINVAL;
    act = t->active;
    if (!rq_ok(rq) || !lim_ok(lim) || !req_ok(t) || !counted_ok(rq, t, act))
        return PGOV_EINVAL;
    if (!act)
        return PGOV_OK;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        e[c] = pgov_uclamp_impl_effective(t, c, lim, rq->prof);
        b[c] = pgov_uclamp_impl_bucket_id(e[c], rq->nbuckets, rq->prof);
        if ((act & (1u << c)) && pgov_uclamp_impl_bucket_tasks(rq, c, b[c]) == UINT32_MAX)
            return PGOV_ENOSPC;
    }
    pgov_uclamp_impl_expand_lazy(rq);
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        if (!(act & (1u << c)))
            continue;
        warns += pgov_uclamp_impl_dec_id(rq, t, c);
        pgov_uclamp_impl_inc_id(rq, c, e[c], b[c]);
        t->value[c] = (uint16_t)e[c];
        t->bucket[c] = (uint8_t)b[c];
        t->active = (uint8_t)(t->active | (1u << c));
    }
    /* the task may have been the only one: the idle flag was set transiently */
    if (act & (1u << PGOV_UCLAMP_MAX))
        rq->flags &= (uint8_t)~PGOV_UCLAMP_FLAG_IDLE;
    rq->warns += warns;
    if (pgov_uclamp_impl_task_image(t) == rq->def_img)
        pgov_uclamp_impl_try_lazy(rq);
    pgov_uclamp_impl_regate(rq);
    return warns ? PGOV_WARN_KERNEL : PGOV_OK;
}

int pgov_uclamp_rq_bucket(const struct pgov_uclamp_rq *rq, uint32_t id, uint32_t idx,
                          uint32_t *tasks, uint32_t *value)
{
    if (!rq)
        return PGOV_EINVAL;
    if (!rq_ok(rq) || id >= PGOV_UCLAMP_CNT || idx > rq->nbuckets)
        return PGOV_EINVAL;
    uint32_t v = rq->bucket[id][idx].value;
    if (rq->lazy && idx == (id == PGOV_UCLAMP_MIN ? 0u : pgov_uclamp_impl_top_bucket(rq)))
        v = id == PGOV_UCLAMP_MIN ? 0u : PGOV_UCLAMP_SCALE;
    if (tasks)
        *tasks = pgov_uclamp_impl_bucket_tasks(rq, id, idx);
    if (value)
        *value = v;
    return PGOV_OK;
}

int pgov_uclamp_rq_util_with(const struct pgov_uclamp_rq *rq, uint32_t kver, uint32_t util,
                             const struct pgov_uclamp_task *p,
                             const struct pgov_uclamp_limits *lim, uint32_t *out)
{
    uint32_t prof, lo, hi, e[PGOV_UCLAMP_CNT];
    int rc;
    if (!rq || !out)
        return PGOV_EINVAL;
    rc = prof_of_kver(kver, &prof);
    if (rc)
        return rc;
    if (!rq_ok(rq) || !lim_ok(lim) || (p && !task_ok(p)))
        return PGOV_EINVAL;
    if (p)
        pgov_uclamp_core_eff_get(p, lim, prof, e);

    if (prof & PGOV_UCLAMP_PROF_UW61) {
        lo = hi = 0;
        if (p) {
            lo = e[PGOV_UCLAMP_MIN];
            hi = e[PGOV_UCLAMP_MAX];
            /* the retained max belongs to a task that is gone */
            if (rq->flags & PGOV_UCLAMP_FLAG_IDLE)
                goto out;
        }
        if (rq->value[PGOV_UCLAMP_MIN] > lo)
            lo = rq->value[PGOV_UCLAMP_MIN];
        if (rq->value[PGOV_UCLAMP_MAX] > hi)
            hi = rq->value[PGOV_UCLAMP_MAX];
    } else {
        lo = rq->value[PGOV_UCLAMP_MIN];
        hi = rq->value[PGOV_UCLAMP_MAX];
        if (p && e[PGOV_UCLAMP_MIN] > lo)
            lo = e[PGOV_UCLAMP_MIN];
        if (p && e[PGOV_UCLAMP_MAX] > hi)
            hi = e[PGOV_UCLAMP_MAX];
    }
out:
    if (lo >= hi)
        *out = lo;
    else
        *out = util < lo ? lo : util > hi ? hi : util;
    return PGOV_OK;
}

int pgov_uclamp_effective_perf(const struct pgov_uclamp_rq *rq, uint32_t actual, uint32_t floor,
                               uint32_t capacity, uint32_t *perf, uint32_t *min, uint32_t *max)
{
    uint32_t lo, hi;
    if (!rq || !perf)
        return PGOV_EINVAL;
    *perf = pgov_uclamp_core_effective_perf(rq, actual, floor, capacity, &lo, &hi);
    if (min)
        *min = lo;
    if (max)
        *max = hi;
    return PGOV_OK;
}
