/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * util_est, ABI tier (docs/spec/sched.md section 2): every exported function
 * validates, then calls the core of pgov/core/util_est.h, where the v6.18,
 * v6.9, v5.13, v5.7 and v4.17 rules live.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/util_est.h"

#include "internal/deps.h"

#include "internal/compiler.h"
#include "internal/sized.h"

#include "pgov/core/util_est.h"

_Static_assert(sizeof(struct pgov_util_est_task) == PGOV_UTIL_EST_TASK_SIZE, "util_est task size");
_Static_assert(sizeof(struct pgov_util_est_rq) == PGOV_UTIL_EST_RQ_SIZE, "util_est rq size");

_Static_assert(PGOV_UTIL_EST_KVER == 0 || PGOV_UTIL_EST_KVER >= PGOV_KVER_4_17,
               "PGOV_UTIL_EST_KVER: 0 or a kernel version from 4.17 on");

static const uint32_t prof_kver[PGOV_UTIL_EST_PROF_LAST + 1] = {
    PGOV_KVER_6_18, PGOV_KVER_6_9, PGOV_KVER_5_7, PGOV_KVER_4_17, PGOV_KVER_5_13};

int pgov_util_est_init(struct pgov_util_est_rq *rq, const struct pgov_util_est_cfg *cfg)
{
    struct pgov_util_est_cfg c = {sizeof(c), 0, 0, 0};
    uint32_t kver;

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
    if ((c.flags & ~PGOV_UTIL_EST_KNOWN_FLAGS) != 0 || c.reserved != 0)
        return PGOV_EINVAL;
    /* A build with a compile-time profile (PGOV_UTIL_EST_KVER): 0 is that
     * profile, and only versions of that profile are accepted. */
    if (PGOV_UTIL_EST_FIXED && c.kver == 0)
        c.kver = (uint32_t)PGOV_UTIL_EST_KVER;
    kver = pgov_kver_resolve(c.kver);
    if (kver < PGOV_KVER_4_17) /* also 0: not a valid version */
        return PGOV_ENOTSUP;
    if (PGOV_UTIL_EST_FIXED && pgov_util_est_core_prof(kver) != PGOV_UTIL_EST_FIXED_PROF)
        return PGOV_ENOTSUP;
    pgov_util_est_core_init(rq, PGOV_UTIL_EST_MODE(pgov_util_est_core_prof(kver), c.flags));
    return PGOV_OK;
}

int pgov_util_est_profile(const struct pgov_util_est_rq *rq)
{
    if (!rq)
        return PGOV_EINVAL;
    if (!pgov_util_est_core_mode_ok(rq->mode))
        return PGOV_EINVAL;
    return (int)prof_kver[PGOV_UTIL_EST_MODE_PROF(rq->mode)];
}

/* Validate rq (and a second pointer); 0 or a negative code. The hot
 * profile (the newest, or the compile-time one) is one compare. */
static inline int check(const struct pgov_util_est_rq *rq, const void *p)
{
    if (pgov_unlikely(!rq || !p))
        return PGOV_EINVAL;
    if (pgov_likely(rq->mode == PGOV_UTIL_EST_MODE_HOT) || pgov_util_est_core_mode_ok(rq->mode))
        return PGOV_OK;
    return PGOV_EINVAL;
}

/*
 * The exported functions' hot dispatch: the cores' (PGOV_UTIL_EST_IMPL_DISPATCH_BY)
 * with each profile's test a compare against memory. Hiding the pointer
 * from the optimiser (ABI_RELOAD) between tests keeps them so: otherwise
 * the word is loaded into a register first, one instruction more on
 * every older profile's path. The rq is written only at init, so the
 * reloads read the same word. No branch hint: with one, the older
 * profiles' paths are laid out cold and jump back to a shared return.
 *
 * Two profiles have a kernel to match per cycle (bench/README.md, issue
 * 33): the newest, the default, and v5.13, the rules of the LTS kernels
 * 5.15 to 6.6 that the oracle checks. Each tested first costs the other
 * two instructions, so the newest comes first in enqueue and update and
 * v5.13 in dequeue: both cycles stay under Linux 6.1's 58.6 instructions.
 */
#if defined(__GNUC__)
#define ABI_RELOAD(rq) __asm__("" : "+r"(rq))
#else
#define ABI_RELOAD(rq) ((void)0)
#endif
#define ABI_TRY(STEP, prof)                                                                        \
    ABI_RELOAD(rq);                                                                                \
    if ((rq)->mode == PGOV_UTIL_EST_IMPL_M(prof))                                                  \
    STEP(PGOV_UTIL_EST_IMPL_M(prof))
/* The cores' skeleton on the caller's `rq`: no hint, nothing loaded ahead. */
#define ABI_DISPATCH(STEP, first, second)                                                          \
    PGOV_UTIL_EST_IMPL_DISPATCH_BY((rq)->mode, /* no hint */, (void)0, ABI_TRY, STEP, first, second)

/* Every mode, every error: full validation, then the core. The modes of
 * the cores' hot dispatch (each profile without option flags) are valid by
 * being one of them, so the exported functions below run them directly. */
static PGOV_COLD int enqueue_checked(struct pgov_util_est_rq *rq,
                                     const struct pgov_util_est_task *task)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    pgov_util_est_core_enqueue(rq, task);
    return PGOV_OK;
}

int pgov_util_est_enqueue(struct pgov_util_est_rq *rq, const struct pgov_util_est_task *task)
{
    if (pgov_likely(rq && task)) {
#define STEP(m)                                                                                    \
    {                                                                                              \
        pgov_util_est_impl_enqueue(rq, task, m);                                                   \
        return PGOV_OK;                                                                            \
    }
        ABI_DISPATCH(STEP, V6_18, V5_13);
#undef STEP
    }
    return enqueue_checked(rq, task);
}

static PGOV_COLD int dequeue_checked(struct pgov_util_est_rq *rq,
                                     const struct pgov_util_est_task *task, uint32_t nr_queued)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    pgov_util_est_core_dequeue(rq, task, nr_queued);
    return PGOV_OK;
}

int pgov_util_est_dequeue(struct pgov_util_est_rq *rq, const struct pgov_util_est_task *task,
                          uint32_t nr_queued)
{
    if (pgov_likely(rq && task)) {
#define STEP(m)                                                                                    \
    {                                                                                              \
        pgov_util_est_impl_dequeue(rq, task, nr_queued, m);                                        \
        return PGOV_OK;                                                                            \
    }
        ABI_DISPATCH(STEP, V5_13, V6_18);
#undef STEP
    }
    return dequeue_checked(rq, task, nr_queued);
}

static PGOV_COLD int update_checked(const struct pgov_util_est_rq *rq,
                                    struct pgov_util_est_task *task, uint32_t sleep,
                                    uint64_t util, uint64_t runnable, uint64_t cpu_cap)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (sleep > 1 || util > PGOV_UTIL_EST_UTIL_MAX)
        return PGOV_EINVAL;
    if (!sleep)
        return 0;
    return pgov_util_est_core_update(rq, task, (uint32_t)util, runnable, cpu_cap);
}

int pgov_util_est_update(const struct pgov_util_est_rq *rq, struct pgov_util_est_task *task,
                         uint32_t sleep, uint64_t util, uint64_t runnable, uint64_t cpu_cap)
{
    if (pgov_likely(rq && task && sleep == 1 && util <= PGOV_UTIL_EST_UTIL_MAX)) {
#define STEP(m) return pgov_util_est_impl_update(m, task, (uint32_t)util, runnable, cpu_cap);
        ABI_DISPATCH(STEP, V6_18, V5_13);
#undef STEP
    }
    return update_checked(rq, task, sleep, util, runnable, cpu_cap);
}

int pgov_util_est_util_changed(const struct pgov_util_est_rq *rq, struct pgov_util_est_task *task)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    pgov_util_est_core_util_changed(rq, task);
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
    *out = pgov_util_est_core_contrib(rq, task);
    return PGOV_OK;
}

int pgov_util_est_task_util_est(const struct pgov_util_est_rq *rq,
                                const struct pgov_util_est_task *task, uint64_t util,
                                uint64_t *out)
{
    int rc = check(rq, task);
    if (rc)
        return rc;
    if (!out)
        return PGOV_EINVAL;
    *out = pgov_util_est_core_task_util_est(rq, task, util);
    return PGOV_OK;
}

int pgov_util_est_cpu_util(const struct pgov_util_est_rq *rq, uint64_t cfs_util,
                           uint64_t capacity, uint64_t *out)
{
    int rc = check(rq, out);
    if (rc)
        return rc;
    *out = pgov_util_est_core_cpu_util(rq, cfs_util, capacity);
    return PGOV_OK;
}
