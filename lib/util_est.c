/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * util_est: per-task EWMA of util_avg at sleep time and the per-CPU sum
 * (docs/spec/sched.md section 2), in the v6.18, v6.9, v5.13, v5.7 and v4.17 forms.
 *
 * The rq's `mode` word holds a tag, the profile and the option flags, so a
 * zeroed or corrupted rq is recognised, and the current profile without
 * options is one compare on every call.
 */
#include "pgov/util_est.h"

#include "internal/deps.h"

#include "internal/compiler.h"
#include "internal/sized.h"

/* Numbers are stored in rq->mode; v5.13 came last, so it is 4. */
enum { PROF_V6_18 = 0, PROF_V6_9 = 1, PROF_V5_7 = 2, PROF_V4_17 = 3, PROF_V5_13 = 4 };
#define PROF_LAST PROF_V5_13

#define MODE_TAG 0x55450000u
#define MODE_TAG_MASK 0xffff0000u
#define MODE_PROF(m) (((m) >> 8) & 0xffu)
#define MODE_FLAGS(m) ((m)&0xffu)
#define MODE(prof, flags) (MODE_TAG | ((uint32_t)(prof) << 8) | (uint32_t)(flags))
#define MODE_CUR MODE(PROF_V6_18, 0)
#define KNOWN_FLAGS ((uint32_t)PGOV_UTIL_EST_EVERY_DEQUEUE)
#define EWMA_MASK (~(uint32_t)PGOV_UTIL_EST_UNCHANGED)

static const uint32_t prof_kver[5] = {PGOV_KVER_6_18, PGOV_KVER_6_9, PGOV_KVER_5_7,
                                      PGOV_KVER_4_17, PGOV_KVER_5_13};

/* Decode a mode word: the profile, or -1 when the word is not ours. */
static int mode_prof(uint32_t mode)
{
    if ((mode & MODE_TAG_MASK) != MODE_TAG || MODE_PROF(mode) > PROF_LAST ||
        (MODE_FLAGS(mode) & ~KNOWN_FLAGS) != 0)
        return -1;
    return (int)MODE_PROF(mode);
}

int pgov_util_est_init(struct pgov_util_est_rq *rq, const struct pgov_util_est_cfg *cfg)
{
    struct pgov_util_est_cfg c = {sizeof(c), 0, 0, 0};
    uint32_t kver;
    int prof;

    if (!rq)
        return PGOV_EINVAL;
    if (cfg) {
        int rc = pgov_sized_check(cfg, cfg->size, PGOV_UTIL_EST_CFG_SIZE_V1, sizeof(c));
        if (rc)
            return rc;
        c.kver = cfg->kver;
        c.flags = PGOV_SIZED_FIELD(struct pgov_util_est_cfg, cfg, flags, 0u);
        c.reserved = PGOV_SIZED_FIELD(struct pgov_util_est_cfg, cfg, reserved, 0u);
    }
    if ((c.flags & ~KNOWN_FLAGS) != 0 || c.reserved != 0)
        return PGOV_EINVAL;
    kver = pgov_kver_resolve(c.kver);
    if (kver < PGOV_KVER_4_17) /* also 0: not a valid version */
        return PGOV_ENOTSUP;
    /* Mainline boundaries (docs/signals.md "util_est profiles"): the single
     * field arrived in v6.8 (11137d384996), bit 31 and the enqueued margin
     * in v5.13 (68d7a190682a, b89997aa88f0), FASTUP in v5.5. */
    if (kver >= PGOV_KVER_6_18)
        prof = PROF_V6_18;
    else if (kver >= PGOV_KVER_6_8)
        prof = PROF_V6_9;
    else if (kver >= PGOV_KVER_5_13)
        prof = PROF_V5_13;
    else if (kver >= PGOV_KVER_5_5)
        prof = PROF_V5_7;
    else
        prof = PROF_V4_17;
    rq->enqueued = 0;
    rq->mode = MODE(prof, c.flags);
    return PGOV_OK;
}

int pgov_util_est_profile(const struct pgov_util_est_rq *rq)
{
    int prof;
    if (!rq)
        return PGOV_EINVAL;
    prof = mode_prof(rq->mode);
    return prof < 0 ? PGOV_EINVAL : (int)prof_kver[prof];
}

/* _task_util_est for a decoded mode. */
static inline uint32_t contrib(uint32_t mode, const struct pgov_util_est_task *t)
{
    uint32_t v;
    if (MODE_PROF(mode) <= PROF_V6_9)
        return t->enqueued & EWMA_MASK;
    if (MODE_PROF(mode) == PROF_V5_13) { /* flag in bit 31, kept out of the sum */
        v = t->enqueued & EWMA_MASK;
        return t->ewma > v ? t->ewma : v;
    }
    v = t->ewma > t->enqueued ? t->ewma : t->enqueued;
    /* Before d519329f72 there was no flag bit to fold in. */
    if (MODE_PROF(mode) == PROF_V4_17 && (mode & PGOV_UTIL_EST_EVERY_DEQUEUE))
        return v;
    return v | PGOV_UTIL_EST_UNCHANGED_OLD;
}

/* Validate rq (and a task pointer); 0 or a negative code. */
static inline int check(const struct pgov_util_est_rq *rq, const void *task)
{
    if (!rq || !task)
        return PGOV_EINVAL;
    if (pgov_likely(rq->mode == MODE_CUR) || mode_prof(rq->mode) >= 0)
        return PGOV_OK;
    return PGOV_EINVAL;
}

/* Every profile and every error; the common v6.18 case stays inline. */
static PGOV_COLD int enqueue_slow(struct pgov_util_est_rq *rq, const struct pgov_util_est_task *task)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    rq->enqueued += contrib(rq->mode, task);
    return PGOV_OK;
}

int pgov_util_est_enqueue(struct pgov_util_est_rq *rq, const struct pgov_util_est_task *task)
{
    if (pgov_likely(rq && task && rq->mode == MODE_CUR)) {
        rq->enqueued += task->enqueued & EWMA_MASK;
        return PGOV_OK;
    }
    return enqueue_slow(rq, task);
}

static PGOV_COLD int dequeue_slow(struct pgov_util_est_rq *rq,
                                const struct pgov_util_est_task *task, uint32_t nr_queued)
{
    uint32_t c;
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (MODE_PROF(rq->mode) == PROF_V4_17 && nr_queued == 0) {
        rq->enqueued = 0;
        return PGOV_OK;
    }
    c = contrib(rq->mode, task);
    rq->enqueued -= c < rq->enqueued ? c : rq->enqueued;
    return PGOV_OK;
}

int pgov_util_est_dequeue(struct pgov_util_est_rq *rq, const struct pgov_util_est_task *task,
                          uint32_t nr_queued)
{
    if (pgov_likely(rq && task && rq->mode == MODE_CUR)) {
        uint32_t c = task->enqueued & EWMA_MASK;
        rq->enqueued -= c < rq->enqueued ? c : rq->enqueued;
        return PGOV_OK;
    }
    return dequeue_slow(rq, task, nr_queued);
}

/* v6.9+ single-field update (docs/spec/sched.md 2.3, with the v6.9 capacity check). */
static int update_v6(uint32_t mode, struct pgov_util_est_task *task, uint32_t d,
                     uint64_t runnable, uint64_t cpu_cap)
{
    uint32_t ue = task->enqueued, ewma;
    if ((ue & PGOV_UTIL_EST_UNCHANGED) && !(mode & PGOV_UTIL_EST_EVERY_DEQUEUE))
        return 0; /* no new PELT sample since the last one was consumed */
    ewma = ue & EWMA_MASK;
    if (ewma <= d) {
        ewma = d; /* reset on increase */
    } else {
        uint32_t diff = ewma - d;
        if (diff >= PGOV_UTIL_EST_MARGIN) {
            if (MODE_PROF(mode) == PROF_V6_9 && d > cpu_cap)
                return 0;
            /* A task that waited did not show its real size: keep. */
            if ((uint64_t)d + PGOV_UTIL_EST_MARGIN >= runnable)
                ewma = ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) - diff) >>
                       PGOV_UTIL_EST_WEIGHT_SHIFT;
        }
    }
    task->enqueued = ewma | PGOV_UTIL_EST_UNCHANGED;
    return 1;
}

/* v4.17 / v5.7 {enqueued, ewma} update (docs/spec/sched.md 2.4). */
static int update_old(uint32_t mode, struct pgov_util_est_task *task, uint32_t util,
                      uint64_t cpu_cap)
{
    int every = (mode & PGOV_UTIL_EST_EVERY_DEQUEUE) != 0;
    uint32_t s, diff, ewma = task->ewma;
    if (!every && (task->enqueued & PGOV_UTIL_EST_UNCHANGED_OLD))
        return 0;
    s = util;
    if (!(every && MODE_PROF(mode) == PROF_V4_17))
        s |= PGOV_UTIL_EST_UNCHANGED_OLD;
    if (MODE_PROF(mode) == PROF_V5_7 && ewma < s) {
        task->ewma = s; /* UTIL_EST_FASTUP */
        task->enqueued = s;
        return 1;
    }
    diff = s - ewma; /* u32: a decrease wraps, and the EWMA step below wraps back */
    if (diff + (PGOV_UTIL_EST_MARGIN - 1) < 2 * PGOV_UTIL_EST_MARGIN - 1)
        return 0; /* within +-1%: nothing stored, the flag stays clear */
    if (MODE_PROF(mode) == PROF_V5_7 && util > cpu_cap)
        return 0;
    task->ewma = ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) + diff) >> PGOV_UTIL_EST_WEIGHT_SHIFT;
    task->enqueued = s;
    return 1;
}

/*
 * v5.13 .. v6.7 {enqueued, ewma} update: the v5.7 rules with the flag in
 * bit 31 (set only when storing, never part of the arithmetic) and the
 * b89997aa88f0 margin rule: a sample within 1% of the EWMA is still stored
 * in `enqueued` when `enqueued` itself moved by 1% or more.
 */
static int update_v513(uint32_t mode, struct pgov_util_est_task *task, uint32_t util,
                       uint64_t cpu_cap)
{
    uint32_t last = task->enqueued, ewma = task->ewma, diff;
    if ((last & PGOV_UTIL_EST_UNCHANGED) && !(mode & PGOV_UTIL_EST_EVERY_DEQUEUE))
        return 0;
    last &= EWMA_MASK; /* only set here with PGOV_UTIL_EST_EVERY_DEQUEUE */
    if (ewma < util) { /* UTIL_EST_FASTUP */
        task->ewma = util;
        task->enqueued = util | PGOV_UTIL_EST_UNCHANGED;
        return 1;
    }
    diff = util - ewma; /* u32, negative wraps as in update_old() */
    if (diff + (PGOV_UTIL_EST_MARGIN - 1) < 2 * PGOV_UTIL_EST_MARGIN - 1) {
        if ((last - util) + (PGOV_UTIL_EST_MARGIN - 1) < 2 * PGOV_UTIL_EST_MARGIN - 1)
            return 0; /* both within 1%: nothing stored, the flag stays clear */
        task->enqueued = util | PGOV_UTIL_EST_UNCHANGED;
        return 1;
    }
    if (util > cpu_cap)
        return 0;
    task->ewma = ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) + diff) >> PGOV_UTIL_EST_WEIGHT_SHIFT;
    task->enqueued = util | PGOV_UTIL_EST_UNCHANGED;
    return 1;
}

static PGOV_COLD int update_slow(const struct pgov_util_est_rq *rq,
                               struct pgov_util_est_task *task, uint32_t sleep, uint64_t util,
                               uint64_t runnable, uint64_t cpu_cap)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (sleep > 1 || util > PGOV_UTIL_EST_UTIL_MAX)
        return PGOV_EINVAL;
    if (!sleep)
        return 0;
    if (MODE_PROF(rq->mode) <= PROF_V6_9)
        return update_v6(rq->mode, task, (uint32_t)util, runnable, cpu_cap);
    if (MODE_PROF(rq->mode) == PROF_V5_13)
        return update_v513(rq->mode, task, (uint32_t)util, cpu_cap);
    return update_old(rq->mode, task, (uint32_t)util, cpu_cap);
}

int pgov_util_est_update(const struct pgov_util_est_rq *rq, struct pgov_util_est_task *task,
                         uint32_t sleep, uint64_t util, uint64_t runnable, uint64_t cpu_cap)
{
    uint32_t ewma, d, diff;

    if (pgov_unlikely(!rq || !task || rq->mode != MODE_CUR || sleep != 1))
        return update_slow(rq, task, sleep, util, runnable, cpu_cap);
    /* v6.18, docs/spec/sched.md 2.3, written out for the common case. The util range
     * check sits only where util is not already below the EWMA (which is
     * below 2^31 once the flag is clear), so the EWMA step pays nothing. */
    ewma = task->enqueued;
    if (pgov_unlikely(ewma & PGOV_UTIL_EST_UNCHANGED))
        return util <= PGOV_UTIL_EST_UTIL_MAX ? 0 : PGOV_EINVAL;
    if (util >= ewma) {
        if (pgov_unlikely(util > PGOV_UTIL_EST_UTIL_MAX))
            return PGOV_EINVAL;
        task->enqueued = (uint32_t)util | PGOV_UTIL_EST_UNCHANGED; /* reset on increase */
        return 1;
    }
    d = (uint32_t)util;
    diff = ewma - d;
    /* A task that waited did not show its real size: keep. */
    if (diff >= PGOV_UTIL_EST_MARGIN && (uint64_t)d + PGOV_UTIL_EST_MARGIN >= runnable)
        ewma = ((ewma << PGOV_UTIL_EST_WEIGHT_SHIFT) - diff) >> PGOV_UTIL_EST_WEIGHT_SHIFT;
    task->enqueued = ewma | PGOV_UTIL_EST_UNCHANGED;
    return 1;
}

int pgov_util_est_util_changed(const struct pgov_util_est_rq *rq, struct pgov_util_est_task *task)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (MODE_PROF(rq->mode) <= PROF_V6_9 || MODE_PROF(rq->mode) == PROF_V5_13)
        task->enqueued &= EWMA_MASK;
    else if (!(MODE_PROF(rq->mode) == PROF_V4_17 && (rq->mode & PGOV_UTIL_EST_EVERY_DEQUEUE)))
        task->enqueued &= ~(uint32_t)PGOV_UTIL_EST_UNCHANGED_OLD;
    return PGOV_OK;
}

int pgov_util_est_task_contrib(const struct pgov_util_est_rq *rq,
                               const struct pgov_util_est_task *task, uint32_t *out)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (!out)
        return PGOV_EINVAL;
    *out = contrib(rq->mode, task);
    return PGOV_OK;
}

int pgov_util_est_task_util_est(const struct pgov_util_est_rq *rq,
                                const struct pgov_util_est_task *task, uint64_t util,
                                uint64_t *out)
{
    uint32_t c;
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (!out)
        return PGOV_EINVAL;
    c = contrib(rq->mode, task);
    *out = util > c ? util : c;
    return PGOV_OK;
}

int pgov_util_est_cpu_util(const struct pgov_util_est_rq *rq, uint64_t cfs_util,
                           uint64_t capacity, uint64_t *out)
{
    uint64_t u;
    int rc = check(rq, out);
    if (rc)
        return rc;
    u = cfs_util > rq->enqueued ? cfs_util : rq->enqueued;
    *out = u < capacity ? u : capacity;
    return PGOV_OK;
}
