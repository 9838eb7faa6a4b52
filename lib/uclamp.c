/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uclamp: bucketed clamp aggregation (docs/spec/sched.md section 3), O(1).
 *
 * Two representation tricks, both invisible through the API (docs/uclamp.md):
 * - map[id] has bit b set exactly when bucket[id][b].tasks != 0, so the
 *   kernel's top-down rescan is "the bucket of the highest set bit".
 * - lazy != 0 means the runqueue holds exactly `lazy` tasks' worth of the
 *   state default-clamp tasks produce: bucket[MIN][0] = (lazy, 0) and
 *   bucket[MAX][top] = (lazy, 1024), every other bucket empty, rq max 1024,
 *   idle flag clear. Those two buckets are then not stored (their fields are
 *   stale); uc_expand() writes them back before any other operation.
 */
#include "internal/deps.h"

#include "pgov/uclamp.h"

#include "internal/compiler.h"

/* Profile feature bits kept in pgov_uclamp_rq.prof. */
#define UC_ACTIVE 0x01u   /* v5.9: dec ignores inactive tasks */
#define UC_SAT 0x02u      /* v5.13: bucket id saturates */
#define UC_TGCLAMP 0x04u  /* v5.13: group rule is clamp(req, tg min, tg max) */
#define UC_RTSYS 0x08u    /* v5.9: sched_util_clamp_min_rt_default */
#define UC_INITMAX 0x10u  /* v5.9: rq starts with max 1024 */
#define UC_INITIDLE 0x20u /* v5.17: rq starts idle-flagged */
#define UC_UW61 0x40u     /* v6.1: uclamp_rq_util_with idle case */
#define UC_KNOWN 0x7fu

/* pgov_uclamp_rq.gate holds UC_GATE exactly when the runqueue was set up by
 * pgov_uclamp_rq_init(), nothing is lazily counted and the idle flag is
 * clear: then enqueue/dequeue of a non-default task take the straight-line
 * paths, which check this one byte instead of each condition. */
#define UC_GATE 0xa5u

#define UC_SCALE PGOV_UCLAMP_SCALE
#define UC_ALL ((1u << PGOV_UCLAMP_CNT) - 1u)
#define UC_USER (PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX)
#define UC_TASK_FLAGS (PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX | PGOV_UCLAMP_TASK_RT)
#define UC_LIM_FLAGS (PGOV_UCLAMP_LIM_TG | PGOV_UCLAMP_LIM_SYS | PGOV_UCLAMP_LIM_RT)

/*
 * Bucket id without a division: (v * mul) >> 20 with mul = ceil(2^20 /
 * delta) equals v / delta for every v in 0..1024 and every bucket count
 * (the error term v * (mul * delta - 2^20) stays below 2^20); the vectors in
 * uclamp_bucket_id.tsv check all 16400 pairs.
 */
static const uint16_t uc_delta[PGOV_UCLAMP_BUCKETS_MAX + 1] = {
    0, 0, 0, 0, 0, 205, 171, 146, 128, 114, 102, 93, 85, 79, 73, 68, 64, 60, 57, 54, 51};
static const uint16_t uc_mul[PGOV_UCLAMP_BUCKETS_MAX + 1] = {
    0,     0,     0,     0,     0,     5116,  6133,  7183,  8192,  9199, 10281,
    11276, 12337, 13274, 14365, 15421, 16384, 17477, 18397, 19419, 20561};

static inline uint32_t uc_bid(uint32_t v, uint32_t n, uint32_t prof)
{
    uint32_t b = (v * uc_mul[n]) >> 20;
    if ((prof & UC_SAT) && b >= n)
        b = n - 1;
    return b;
}

/* Highest set bit of a non-zero word (the kernel's top-down rescan). */
static inline uint32_t uc_min(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

static inline uint32_t uc_fls(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31u - (uint32_t)__builtin_clz(m);
#else
    uint32_t r = 0;
    for (uint32_t s = 16; s; s >>= 1)
        if (m >> s) {
            m >>= s;
            r += s;
        }
    return r;
#endif
}

/*
 * The counted part of a task (its first eight bytes) as one number. Built
 * from the fields, not by reinterpreting memory, so it needs no alignment
 * or memcpy (Cortex-M0 has neither unaligned loads nor libc); compilers fold
 * it into single loads and stores where the target allows.
 */
static inline uint64_t uc_mkimg(uint32_t v0, uint32_t v1, uint32_t b0, uint32_t b1, uint32_t act,
                                uint32_t pad)
{
    return (uint64_t)v0 | (uint64_t)v1 << 16 | (uint64_t)b0 << 32 | (uint64_t)b1 << 40 |
           (uint64_t)act << 48 | (uint64_t)pad << 56;
}

static inline uint64_t uc_img(const struct pgov_uclamp_task *t)
{
    return uc_mkimg(t->value[0], t->value[1], t->bucket[0], t->bucket[1], t->active, t->_pad0);
}

static inline void uc_set_img(struct pgov_uclamp_task *t, uint64_t w)
{
    t->value[0] = (uint16_t)w;
    t->value[1] = (uint16_t)(w >> 16);
    t->bucket[0] = (uint8_t)(w >> 32);
    t->bucket[1] = (uint8_t)(w >> 40);
    t->active = (uint8_t)(w >> 48);
    t->_pad0 = (uint8_t)(w >> 56);
}

/* kver -> feature bits, or PGOV_ENOTSUP (invalid, or older than v5.3). */
static int uc_prof(uint32_t kver, uint32_t *prof)
{
    uint32_t k = pgov_kver_resolve(kver);
    uint32_t p = 0;
    if (k < PGOV_KVER_5_3)
        return PGOV_ENOTSUP;
    if (k >= PGOV_KVER_5_9)
        p |= UC_ACTIVE | UC_RTSYS | UC_INITMAX;
    if (k >= PGOV_KVER_5_13)
        p |= UC_SAT | UC_TGCLAMP;
    if (k >= PGOV_KVER_5_17)
        p |= UC_INITIDLE;
    if (k >= PGOV_KVER_6_1)
        p |= UC_UW61;
    *prof = p;
    return PGOV_OK;
}

static int uc_nb(uint32_t nbuckets, uint32_t *n)
{
    if (nbuckets == 0)
        nbuckets = PGOV_UCLAMP_BUCKETS_DEFAULT;
    if (nbuckets < PGOV_UCLAMP_BUCKETS_MIN || nbuckets > PGOV_UCLAMP_BUCKETS_MAX)
        return PGOV_EINVAL;
    *n = nbuckets;
    return PGOV_OK;
}

/* A runqueue the library initialised (cheap sanity, keeps indexes in range). */
static inline bool uc_rq_ok(const struct pgov_uclamp_rq *rq)
{
    return rq->nbuckets >= PGOV_UCLAMP_BUCKETS_MIN && rq->nbuckets <= PGOV_UCLAMP_BUCKETS_MAX &&
           (rq->prof & ~UC_KNOWN) == 0;
}

/* Slots usable on this rq: the spare slot only without saturation. */
static inline uint32_t uc_slots(const struct pgov_uclamp_rq *rq)
{
    return rq->nbuckets + ((rq->prof & UC_SAT) ? 0u : 1u);
}

static inline uint32_t uc_top(const struct pgov_uclamp_rq *rq)
{
    return uc_bid(UC_SCALE, rq->nbuckets, rq->prof);
}

static bool uc_lim_ok(const struct pgov_uclamp_limits *l)
{
    if (!l)
        return true;
    if (l->flags & ~UC_LIM_FLAGS)
        return false;
    if ((l->flags & PGOV_UCLAMP_LIM_TG) && (l->tg_min > l->tg_max || l->tg_max > UC_SCALE))
        return false;
    if ((l->flags & PGOV_UCLAMP_LIM_SYS) && (l->sys_min > l->sys_max || l->sys_max > UC_SCALE))
        return false;
    if ((l->flags & PGOV_UCLAMP_LIM_RT) && l->rt_default > UC_SCALE)
        return false;
    return true;
}

static bool uc_req_ok(const struct pgov_uclamp_task *t)
{
    return t->req[PGOV_UCLAMP_MIN] <= UC_SCALE && t->req[PGOV_UCLAMP_MAX] <= UC_SCALE &&
           (t->req_flags & ~UC_TASK_FLAGS) == 0;
}

/* The counted part of a task is safe to use on @rq for the ids in @ids. */
static bool uc_cnt_ok(const struct pgov_uclamp_rq *rq, const struct pgov_uclamp_task *t,
                      uint32_t ids)
{
    if (t->active & ~UC_ALL)
        return false;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++)
        if ((ids & (1u << c)) && (t->bucket[c] >= uc_slots(rq) || t->value[c] > UC_SCALE))
            return false;
    return true;
}

/* Effective value of a request (docs/spec/sched.md 3.4 steps 1-3). */
static uint32_t uc_effective(const struct pgov_uclamp_task *t, uint32_t c,
                        const struct pgov_uclamp_limits *l, uint32_t prof)
{
    uint32_t v = t->req[c];
    uint32_t user = t->req_flags & (c ? PGOV_UCLAMP_TASK_USER_MAX : PGOV_UCLAMP_TASK_USER_MIN);

    if (c == PGOV_UCLAMP_MIN && (t->req_flags & PGOV_UCLAMP_TASK_RT) && !user)
        v = ((prof & UC_RTSYS) && l && (l->flags & PGOV_UCLAMP_LIM_RT)) ? l->rt_default
                                                                       : UC_SCALE;
    if (!l)
        return v;
    if (l->flags & PGOV_UCLAMP_LIM_TG) {
        if (prof & UC_TGCLAMP) {
            if (v < l->tg_min)
                v = l->tg_min;
            if (v > l->tg_max)
                v = l->tg_max;
        } else {
            uint32_t g = c ? l->tg_max : l->tg_min;
            if (v > g || !user)
                v = g;
        }
    }
    if (l->flags & PGOV_UCLAMP_LIM_SYS) {
        uint32_t s = c ? l->sys_max : l->sys_min;
        if (v > s)
            v = s;
    }
    return v;
}

/* Tasks really counted in a bucket (lazy buckets are not stored). */
static uint32_t uc_tasks(const struct pgov_uclamp_rq *rq, uint32_t c, uint32_t b)
{
    if (rq->lazy && b == (c == PGOV_UCLAMP_MIN ? 0u : uc_top(rq)))
        return rq->lazy;
    return rq->bucket[c][b].tasks;
}

/*
 * Dequeue check (uc_dec_main): one subtraction tests every field of a task
 * image. x = ~(image ^ chk_x), chk_x = ~(active = both ids), turns "active
 * == both ids" into "lane is 0" (stored complemented so that a zero-filled
 * runqueue makes x = ~image, which fails every lane of every image);
 * then, per lane (v0, v1: 16 bits; b0, b1, active: 8 bits), chk_l - x has
 * the lane's top bit set exactly when x's lane exceeds the limit in chk_l,
 * provided no lower lane borrows; a lane with its own top bit set is caught
 * by OR-ing x, and only a failing lane can borrow, so the lowest failing
 * lane always shows. Limits: 1024, 1024, bmax, bmax, 0 while the gate is
 * open, and 0xff in the active lane (fails every task) while it is closed.
 */
#define UC_CHK_TOP 0x0080808080008000ull
#define UC_CHK_CLOSED ((uint64_t)0xffu << 48)

static inline uint64_t uc_chk_l(const struct pgov_uclamp_rq *rq)
{
    uint64_t bm = rq->bmax;
    return (uint64_t)UC_SCALE | (uint64_t)UC_SCALE << 16 | bm << 32 | bm << 40;
}

static inline void uc_regate(struct pgov_uclamp_rq *rq)
{
    bool open = !rq->lazy && !(rq->flags & PGOV_UCLAMP_FLAG_IDLE);
    rq->gate = open ? UC_GATE : 0;
    rq->chk_l = uc_chk_l(rq) | (open ? 0 : UC_CHK_CLOSED);
}

static void uc_expand(struct pgov_uclamp_rq *rq)
{
    if (pgov_likely(!rq->lazy))
        return;
    uint32_t top = uc_top(rq);
    rq->bucket[PGOV_UCLAMP_MIN][0].tasks = rq->lazy;
    rq->bucket[PGOV_UCLAMP_MIN][0].value = 0;
    rq->bucket[PGOV_UCLAMP_MAX][top].tasks = rq->lazy;
    rq->bucket[PGOV_UCLAMP_MAX][top].value = UC_SCALE;
    rq->lazy = 0;
}

/* After an operation on a default-clamp task: is the state the one only
 * default tasks produce? Then count from now on instead of touching buckets. */
static void uc_try_compress(struct pgov_uclamp_rq *rq)
{
    uint32_t top = uc_top(rq);
    const struct pgov_uclamp_bucket *lo = &rq->bucket[PGOV_UCLAMP_MIN][0];
    const struct pgov_uclamp_bucket *hi = &rq->bucket[PGOV_UCLAMP_MAX][top];

    if (rq->lazy || (rq->flags & PGOV_UCLAMP_FLAG_IDLE) ||
        rq->value[PGOV_UCLAMP_MAX] != UC_SCALE || rq->map[PGOV_UCLAMP_MIN] != 1u ||
        rq->map[PGOV_UCLAMP_MAX] != (1u << top) || lo->value != 0 || hi->value != UC_SCALE ||
        lo->tasks != hi->tasks || lo->tasks == UINT32_MAX)
        return;
    rq->lazy = lo->tasks;
}

static inline PGOV_ALWAYS_INLINE void uc_inc_id(struct pgov_uclamp_rq *rq, uint32_t c, uint32_t v, uint32_t b)
{
    struct pgov_uclamp_bucket *bk = &rq->bucket[c][b];
    uint32_t r = rq->value[c];

    if (rq->flags & PGOV_UCLAMP_FLAG_IDLE)
        r = v; /* idle reset: the retained value is stale */
    if (++bk->tasks == 1) {
        bk->value = (uint16_t)v; /* a fresh bucket forgets its old local max */
        rq->map[c] |= 1u << b;
    } else if (v > bk->value) {
        bk->value = (uint16_t)v;
    }
    if (v > r)
        r = v;
    rq->value[c] = (uint16_t)r;
}

/* Bucket @k of clamp id @c, holding @n tasks (0 or 1), loses one: the
 * kernel's underflow fallback, then its rescan. Returns the WARNs hit. */
static inline PGOV_ALWAYS_INLINE uint32_t uc_drop_last(struct pgov_uclamp_rq *rq, uint32_t c, uint32_t b,
                             struct pgov_uclamp_bucket *k, uint32_t n, uint32_t departing)
{
    uint32_t warns = n == 0; /* WARN: bucket underflow, count stays 0 */
    uint32_t m = rq->map[c] & ~(1u << b);
    uint32_t r = rq->value[c];

    k->tasks = 0;
    rq->map[c] = m;
    if (k->value < r)
        return warns;
    warns += k->value > r; /* WARN: bucket value above the rq value */
    /* The kernel rescans buckets nbuckets-1 .. 0: the spare slot (pre-5.13
     * index nbuckets) stays counted but is never found. */
    m &= (1u << rq->nbuckets) - 1u;
    if (m)
        rq->value[c] = rq->bucket[c][uc_fls(m)].value;
    else if (c == PGOV_UCLAMP_MAX) {
        rq->flags |= PGOV_UCLAMP_FLAG_IDLE; /* idle max retention */
        rq->gate = 0;
        rq->chk_l |= UC_CHK_CLOSED;
        rq->value[c] = (uint16_t)departing;
    } else
        rq->value[c] = 0;
    return warns;
}

/* Release the task's bucket for id @c (kernel uclamp_rq_dec_id()). Returns
 * the number of kernel WARN conditions hit. */
static inline PGOV_ALWAYS_INLINE uint32_t uc_dec_id(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t, uint32_t c)
{
    uint32_t b = t->bucket[c];
    struct pgov_uclamp_bucket *k = &rq->bucket[c][b];
    uint32_t n = k->tasks;

    if ((rq->prof & UC_ACTIVE) && !(t->active & (1u << c)))
        return 0; /* v5.9+: never counted (or already released) */
    t->active = (uint8_t)(t->active & ~(1u << c));
    if (n > 1) {
        k->tasks = n - 1;
        return 0;
    }
    return uc_drop_last(rq, c, b, k, n, t->value[c]);
}

/* The task image after counting it with values @e in buckets @b. */
static inline PGOV_ALWAYS_INLINE uint64_t uc_counted(const uint32_t e[PGOV_UCLAMP_CNT], const uint32_t b[PGOV_UCLAMP_CNT])
{
    return uc_mkimg(e[0], e[1], b[0], b[1], UC_ALL, 0);
}

int pgov_uclamp_bucket_delta(uint32_t nbuckets, uint32_t *delta)
{
    uint32_t n;
    if (!delta)
        return PGOV_EINVAL;
    if (uc_nb(nbuckets, &n))
        return PGOV_EINVAL;
    *delta = uc_delta[n];
    return PGOV_OK;
}

int pgov_uclamp_bucket_id(uint32_t nbuckets, uint32_t kver, uint32_t value, uint32_t *id)
{
    uint32_t n, prof;
    int rc;
    if (!id)
        return PGOV_EINVAL;
    rc = uc_prof(kver, &prof);
    if (rc)
        return rc;
    if (uc_nb(nbuckets, &n) || value > UC_SCALE)
        return PGOV_EINVAL;
    *id = uc_bid(value, n, prof);
    return PGOV_OK;
}

int pgov_uclamp_rq_init(struct pgov_uclamp_rq *rq, uint32_t kver, uint32_t nbuckets)
{
    uint32_t n, prof;
    int rc;
    if (!rq)
        return PGOV_EINVAL;
    rc = uc_prof(kver, &prof);
    if (rc)
        return rc;
    if (uc_nb(nbuckets, &n))
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
    rq->top = (uint8_t)uc_bid(UC_SCALE, n, prof);
    rq->mul = uc_mul[n];
    rq->bmax = (uint8_t)((prof & UC_SAT) ? n - 1 : n);
    rq->value[PGOV_UCLAMP_MAX] = (prof & UC_INITMAX) ? (uint16_t)UC_SCALE : 0;
    rq->flags = (prof & UC_INITIDLE) ? PGOV_UCLAMP_FLAG_IDLE : 0;

    rq->def_img = uc_mkimg(0, UC_SCALE, 0, rq->top, UC_ALL, 0);
    rq->chk_x = ~uc_mkimg(0, 0, 0, 0, UC_ALL, 0);
    uc_regate(rq);
    return PGOV_OK;
}

int pgov_uclamp_task_init(struct pgov_uclamp_task *t, uint32_t flags)
{
    if (!t)
        return PGOV_EINVAL;
    if (flags & ~(uint32_t)PGOV_UCLAMP_TASK_RT)
        return PGOV_EINVAL;
    uc_set_img(t, 0);
    t->req[PGOV_UCLAMP_MIN] = 0;
    t->req[PGOV_UCLAMP_MAX] = UC_SCALE;
    t->req_flags = (uint8_t)flags;
    t->_pad1[0] = t->_pad1[1] = t->_pad1[2] = 0;
    return PGOV_OK;
}

int pgov_uclamp_task_set(struct pgov_uclamp_task *t, uint32_t which, int32_t min, int32_t max)
{
    int32_t v[PGOV_UCLAMP_CNT];
    if (!t)
        return PGOV_EINVAL;
    if ((which & ~UC_ALL) || !uc_req_ok(t))
        return PGOV_EINVAL;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        int32_t nv = c ? max : min;
        if (!(which & (1u << c)))
            v[c] = t->req[c];
        else if (nv < -1 || nv > (int32_t)UC_SCALE)
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
            t->req[c] = (uint16_t)(c ? UC_SCALE : 0);
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
    if (!uc_req_ok(t))
        return PGOV_EINVAL;
    if (rt)
        t->req_flags = (uint8_t)(t->req_flags | PGOV_UCLAMP_TASK_RT);
    else
        t->req_flags = (uint8_t)(t->req_flags & ~PGOV_UCLAMP_TASK_RT);
    return PGOV_OK;
}

static bool uc_tg_ok(const struct pgov_uclamp_tg *tg)
{
    return tg->req[0] <= UC_SCALE && tg->req[1] <= UC_SCALE && tg->eff[0] <= tg->eff[1] &&
           tg->eff[1] <= UC_SCALE;
}

static void uc_tg_eff(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent)
{
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        uint16_t p = parent ? parent->eff[c] : (uint16_t)UC_SCALE;
        tg->eff[c] = tg->req[c] < p ? tg->req[c] : p;
    }
    if (tg->eff[PGOV_UCLAMP_MIN] > tg->eff[PGOV_UCLAMP_MAX])
        tg->eff[PGOV_UCLAMP_MIN] = tg->eff[PGOV_UCLAMP_MAX];
}

int pgov_uclamp_tg_init(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent)
{
    return pgov_uclamp_tg_update(tg, parent, 0, UC_SCALE);
}

int pgov_uclamp_tg_update(struct pgov_uclamp_tg *tg, const struct pgov_uclamp_tg *parent,
                          uint32_t min, uint32_t max)
{
    if (!tg)
        return PGOV_EINVAL;
    if (min > UC_SCALE || max > UC_SCALE || (parent && !uc_tg_ok(parent)))
        return PGOV_EINVAL;
    tg->req[PGOV_UCLAMP_MIN] = (uint16_t)min;
    tg->req[PGOV_UCLAMP_MAX] = (uint16_t)max;
    uc_tg_eff(tg, parent);
    return PGOV_OK;
}

static void uc_eff_value(const struct pgov_uclamp_task *t, const struct pgov_uclamp_limits *l,
                         uint32_t prof, uint32_t eff[PGOV_UCLAMP_CNT])
{
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++)
        eff[c] = (t->active & (1u << c)) ? t->value[c] : uc_effective(t, c, l, prof);
}

/* Validation shared by eff_get and util_with: task, its counted values, lim. */
static bool uc_task_ok(const struct pgov_uclamp_task *t)
{
    return uc_req_ok(t) && (t->active & ~UC_ALL) == 0 && t->value[0] <= UC_SCALE &&
           t->value[1] <= UC_SCALE;
}

int pgov_uclamp_eff_get(const struct pgov_uclamp_task *t, uint32_t kver,
                        const struct pgov_uclamp_limits *lim, uint32_t eff[PGOV_UCLAMP_CNT])
{
    uint32_t prof;
    int rc;
    if (!t || !eff)
        return PGOV_EINVAL;
    rc = uc_prof(kver, &prof);
    if (rc)
        return rc;
    if (!uc_lim_ok(lim) || !uc_task_ok(t))
        return PGOV_EINVAL;
    uc_eff_value(t, lim, prof, eff);
    return PGOV_OK;
}

static PGOV_NOINLINE int uc_inc_slow(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                       const struct pgov_uclamp_limits *lim)
{
    uint32_t e[PGOV_UCLAMP_CNT], b[PGOV_UCLAMP_CNT];
    uint32_t n = rq->nbuckets;

    if (pgov_unlikely(n - PGOV_UCLAMP_BUCKETS_MIN > PGOV_UCLAMP_BUCKETS_MAX - PGOV_UCLAMP_BUCKETS_MIN ||
                      !uc_req_ok(t) || (lim && !uc_lim_ok(lim))))
        return PGOV_EINVAL;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        e[c] = uc_effective(t, c, lim, rq->prof);
        b[c] = uc_bid(e[c], n, rq->prof);
    }
    bool def = e[PGOV_UCLAMP_MIN] == 0 && e[PGOV_UCLAMP_MAX] == UC_SCALE;
    if (def && rq->lazy - 1u < UINT32_MAX - 1u) {
        rq->lazy++; /* gate already closed */
        uc_set_img(t, rq->def_img);
        return PGOV_OK;
    }
    if (pgov_unlikely(rq->lazy)) {
        if (uc_tasks(rq, 0, b[0]) == UINT32_MAX || uc_tasks(rq, 1, b[1]) == UINT32_MAX)
            return PGOV_ENOSPC;
        uc_expand(rq);
    } else if (rq->bucket[0][b[0]].tasks == UINT32_MAX ||
               rq->bucket[1][b[1]].tasks == UINT32_MAX) {
        return PGOV_ENOSPC;
    }
    uc_inc_id(rq, PGOV_UCLAMP_MIN, e[PGOV_UCLAMP_MIN], b[PGOV_UCLAMP_MIN]);
    uc_inc_id(rq, PGOV_UCLAMP_MAX, e[PGOV_UCLAMP_MAX], b[PGOV_UCLAMP_MAX]);
    rq->flags &= (uint8_t)~PGOV_UCLAMP_FLAG_IDLE;
    uc_set_img(t, uc_counted(e, b));
    if (def)
        uc_try_compress(rq);
    uc_regate(rq);
    return PGOV_OK;
}

/* The request of a task as one number (folds into one load where possible). */
static inline PGOV_ALWAYS_INLINE uint32_t uc_req32(const struct pgov_uclamp_task *t)
{
    return (uint32_t)t->req[PGOV_UCLAMP_MIN] | (uint32_t)t->req[PGOV_UCLAMP_MAX] << 16;
}

/* The request half of a task (request, flags, padding) as one number. */
static inline PGOV_ALWAYS_INLINE uint64_t uc_req64(const struct pgov_uclamp_task *t)
{
    return (uint64_t)uc_req32(t) | (uint64_t)t->req_flags << 32 |
           (uint64_t)t->_pad1[0] << 40 | (uint64_t)t->_pad1[1] << 48 |
           (uint64_t)t->_pad1[2] << 56;
}

/*
 * Enqueue without restrictions of anything but a counted default task.
 * One test covers the request flags and both values: adding 0x7bff to a
 * 16-bit lane sets its top bit exactly when the value is above 1024 (a lane
 * whose top bit is already set is caught by the OR, and only such a lane can
 * carry into the next one), and any flag besides the two user bits is set
 * in the flags byte.
 */
#define UC_REQ_ADD 0x7bff7bffu
#define UC_REQ_BAD (0x80008000u | (uint64_t)(0xffu & ~UC_USER) << 32)

static PGOV_NOINLINE int uc_inc_main(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    uint64_t rw = uc_req64(t);

    /* RT boost, unknown flag or bad value, or expand first / idle reset /
     * runqueue not initialised: slow path. (A user-defined (0, 1024)
     * request arriving here is counted in full, which is exact.) */
    if (pgov_unlikely(((rw | (rw + UC_REQ_ADD)) & UC_REQ_BAD) || rq->gate != UC_GATE))
        return uc_inc_slow(rq, t, NULL);
    uint32_t e0 = t->req[PGOV_UCLAMP_MIN], e1 = t->req[PGOV_UCLAMP_MAX];
    uint32_t mul = rq->mul, bm = rq->bmax; /* set by init, trusted under the gate */
    uint32_t b0 = uc_min((e0 * mul) >> 20, bm), b1 = uc_min((e1 * mul) >> 20, bm);
    struct pgov_uclamp_bucket *k0 = &rq->bucket[PGOV_UCLAMP_MIN][b0];
    struct pgov_uclamp_bucket *k1 = &rq->bucket[PGOV_UCLAMP_MAX][b1];
    uint32_t n0 = k0->tasks, n1 = k1->tasks;
    if (pgov_unlikely(n0 == UINT32_MAX || n1 == UINT32_MAX))
        return PGOV_ENOSPC;

    t->value[PGOV_UCLAMP_MIN] = (uint16_t)e0; /* effective = request here */
    t->value[PGOV_UCLAMP_MAX] = (uint16_t)e1;
    t->bucket[PGOV_UCLAMP_MIN] = (uint8_t)b0;
    t->bucket[PGOV_UCLAMP_MAX] = (uint8_t)b1;
    t->active = UC_ALL;

    k0->tasks = n0 + 1;
    if (pgov_unlikely(n0 == 0)) {
        k0->value = (uint16_t)e0;
        rq->map[PGOV_UCLAMP_MIN] |= 1u << b0;
    } else if (e0 > k0->value) {
        k0->value = (uint16_t)e0;
    }
    if (e0 > rq->value[PGOV_UCLAMP_MIN])
        rq->value[PGOV_UCLAMP_MIN] = (uint16_t)e0;

    k1->tasks = n1 + 1;
    if (pgov_unlikely(n1 == 0)) {
        k1->value = (uint16_t)e1;
        rq->map[PGOV_UCLAMP_MAX] |= 1u << b1;
    } else if (e1 > k1->value) {
        k1->value = (uint16_t)e1;
    }
    if (e1 > rq->value[PGOV_UCLAMP_MAX])
        rq->value[PGOV_UCLAMP_MAX] = (uint16_t)e1;
    return PGOV_OK;
}

int pgov_uclamp_rq_inc(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                       const struct pgov_uclamp_limits *lim)
{
    if (pgov_unlikely(!rq || !t))
        return PGOV_EINVAL;
    if (pgov_unlikely(lim != NULL))
        return uc_inc_slow(rq, t, lim);
    if (pgov_likely(uc_req64(t) == (uint64_t)UC_SCALE << 16)) {
        /* default-clamp task on a runqueue holding only such tasks: count it */
        uint32_t lazy = rq->lazy + 1u; /* 1: not counting; 0: already 2^32-1 */
        if (pgov_likely(lazy > 1u)) {
            rq->lazy = lazy;
            uc_set_img(t, rq->def_img);
            return PGOV_OK;
        }
        return uc_inc_slow(rq, t, NULL); /* may start counting */
    }
    return uc_inc_main(rq, t);
}

static PGOV_NOINLINE int uc_dec_slow(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    uint32_t warns, act = t->active;
    uint32_t slots = rq->nbuckets + ((rq->prof & UC_SAT) ? 0u : 1u);
    bool def;

    if (pgov_unlikely(rq->nbuckets < PGOV_UCLAMP_BUCKETS_MIN ||
                      rq->nbuckets > PGOV_UCLAMP_BUCKETS_MAX || act > UC_ALL ||
                      t->bucket[0] >= slots || t->bucket[1] >= slots ||
                      t->value[0] > UC_SCALE || t->value[1] > UC_SCALE))
        return PGOV_EINVAL;
    def = uc_img(t) == rq->def_img;
    uc_expand(rq);
    warns = uc_dec_id(rq, t, PGOV_UCLAMP_MIN);
    warns += uc_dec_id(rq, t, PGOV_UCLAMP_MAX);
    if (pgov_likely(!warns && act == UC_ALL)) {
        if (def)
            uc_try_compress(rq);
        uc_regate(rq);
        return PGOV_OK;
    }
    rq->warns += warns;
    if (act != UC_ALL)
        rq->bad_decs++;
    uc_regate(rq);
    return PGOV_WARN_KERNEL;
}

/* Dequeue of anything but one of several counted default tasks. */
static PGOV_NOINLINE int uc_dec_main(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    uint64_t x = ~(uc_img(t) ^ rq->chk_x);
    /* inactive task, lazy or idle runqueue, any field out of range: slow path */
    if (pgov_unlikely(((rq->chk_l - x) | x) & UC_CHK_TOP))
        return uc_dec_slow(rq, t);

    uint32_t b0 = t->bucket[PGOV_UCLAMP_MIN], b1 = t->bucket[PGOV_UCLAMP_MAX];
    struct pgov_uclamp_bucket *k0 = &rq->bucket[PGOV_UCLAMP_MIN][b0];
    struct pgov_uclamp_bucket *k1 = &rq->bucket[PGOV_UCLAMP_MAX][b1];
    uint32_t n0 = k0->tasks, n1 = k1->tasks, warns = 0;

    t->active = 0;
    if (pgov_likely(n0 > 1))
        k0->tasks = n0 - 1; /* not lowered even if it held the max: overboost */
    else
        warns = uc_drop_last(rq, PGOV_UCLAMP_MIN, b0, k0, n0, 0);
    if (pgov_likely(n1 > 1))
        k1->tasks = n1 - 1;
    else
        warns += uc_drop_last(rq, PGOV_UCLAMP_MAX, b1, k1, n1, t->value[PGOV_UCLAMP_MAX]);
    if (pgov_unlikely(warns)) {
        rq->warns += warns;
        return PGOV_WARN_KERNEL;
    }
    return PGOV_OK;
}

int pgov_uclamp_rq_dec(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t)
{
    if (pgov_unlikely(!rq || !t))
        return PGOV_EINVAL;
    uint32_t lazy = rq->lazy;
    /* one of several counted default-clamp tasks leaves: only uncount it */
    if (pgov_likely(lazy > 1u && uc_img(t) == rq->def_img)) {
        rq->lazy = lazy - 1;
        t->active = 0;
        return PGOV_OK;
    }
    return uc_dec_main(rq, t);
}

int pgov_uclamp_rq_update_active(struct pgov_uclamp_rq *rq, struct pgov_uclamp_task *t,
                                 const struct pgov_uclamp_limits *lim)
{
    uint32_t e[PGOV_UCLAMP_CNT], b[PGOV_UCLAMP_CNT], warns = 0, act;

    if (!rq || !t)
        return PGOV_EINVAL;
    act = t->active;
    if (!uc_rq_ok(rq) || !uc_lim_ok(lim) || !uc_req_ok(t) || !uc_cnt_ok(rq, t, act))
        return PGOV_EINVAL;
    if (!act)
        return PGOV_OK;
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        e[c] = uc_effective(t, c, lim, rq->prof);
        b[c] = uc_bid(e[c], rq->nbuckets, rq->prof);
        if ((act & (1u << c)) && uc_tasks(rq, c, b[c]) == UINT32_MAX)
            return PGOV_ENOSPC;
    }
    uc_expand(rq);
    for (uint32_t c = 0; c < PGOV_UCLAMP_CNT; c++) {
        if (!(act & (1u << c)))
            continue;
        warns += uc_dec_id(rq, t, c);
        uc_inc_id(rq, c, e[c], b[c]);
        t->value[c] = (uint16_t)e[c];
        t->bucket[c] = (uint8_t)b[c];
        t->active = (uint8_t)(t->active | (1u << c));
    }
    /* the task may have been the only one: the idle flag was set transiently */
    if (act & (1u << PGOV_UCLAMP_MAX))
        rq->flags &= (uint8_t)~PGOV_UCLAMP_FLAG_IDLE;
    rq->warns += warns;
    if (uc_img(t) == rq->def_img)
        uc_try_compress(rq);
    uc_regate(rq);
    return warns ? PGOV_WARN_KERNEL : PGOV_OK;
}

int pgov_uclamp_rq_bucket(const struct pgov_uclamp_rq *rq, uint32_t id, uint32_t idx,
                          uint32_t *tasks, uint32_t *value)
{
    if (!rq)
        return PGOV_EINVAL;
    if (!uc_rq_ok(rq) || id >= PGOV_UCLAMP_CNT || idx > rq->nbuckets)
        return PGOV_EINVAL;
    uint32_t v = rq->bucket[id][idx].value;
    if (rq->lazy && idx == (id == PGOV_UCLAMP_MIN ? 0u : uc_top(rq)))
        v = id == PGOV_UCLAMP_MIN ? 0u : UC_SCALE;
    if (tasks)
        *tasks = uc_tasks(rq, id, idx);
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
    rc = uc_prof(kver, &prof);
    if (rc)
        return rc;
    if (!uc_rq_ok(rq) || !uc_lim_ok(lim) || (p && !uc_task_ok(p)))
        return PGOV_EINVAL;
    if (p)
        uc_eff_value(p, lim, prof, e);

    if (prof & UC_UW61) {
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
    if (!rq || !perf)
        return PGOV_EINVAL;
    uint32_t lo = floor > rq->value[PGOV_UCLAMP_MIN] ? floor : rq->value[PGOV_UCLAMP_MIN];
    uint32_t hi = capacity < rq->value[PGOV_UCLAMP_MAX] ? capacity : rq->value[PGOV_UCLAMP_MAX];
    /* dvfs headroom, in 64 bits so that no u32 input wraps */
    uint64_t a = (uint64_t)actual + (actual >> 2);
    uint32_t p = a < hi ? (uint32_t)a : hi;
    *perf = p > lo ? p : lo;
    if (min)
        *min = lo;
    if (max)
        *max = hi;
    return PGOV_OK;
}
