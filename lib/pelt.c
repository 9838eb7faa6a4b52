/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT, ABI tier: every exported function validates, then calls the core
 * of pgov/pelt_core.h (the arithmetic and its speed notes live there), plus
 * the flavours, the PELT clock and cfs_rq attach/detach/remove
 * (docs/spec/sched.md section 1).
 */
#include "pgov/kver.h"
#include "pgov/pelt.h"

#include "internal/deps.h"

#include "internal/compiler.h"
#include "internal/math64.h"

#include "pgov/pelt_core.h"

_Static_assert(sizeof(struct pgov_pelt_avg) == PGOV_PELT_AVG_SIZE, "pelt avg size");
_Static_assert(_Alignof(struct pgov_pelt_avg) <= PGOV_PELT_AVG_ALIGN, "pelt avg align");
_Static_assert(sizeof(struct pgov_pelt_clock) == PGOV_PELT_CLOCK_SIZE, "pelt clock size");

/* The error for a signal the cores must not see; 0 for a valid one. */
static PGOV_COLD int check_bad(const struct pgov_pelt_avg *sa)
{
    if (!sa)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_hl_ok(sa->halflife))
        return PGOV_ENOTSUP;
    if (sa->period_contrib >= PGOV_PELT_PERIOD_UNITS || sa->reserved != 0)
        return PGOV_EINVAL;
    return PGOV_OK;
}

/* A mainline signal the cores may run on, one test per field. */
static inline bool valid_mainline(const struct pgov_pelt_avg *sa)
{
    return sa && (sa->halflife & ~(uint32_t)PGOV_PELT_HALFLIFE_32) == 0 &&
           sa->period_contrib < PGOV_PELT_PERIOD_UNITS && sa->reserved == 0;
}

/* Validate a signal: 0 when the cores may run on it. */
static inline int check(const struct pgov_pelt_avg *sa)
{
    if (pgov_likely(valid_mainline(sa)))
        return PGOV_OK;
    return check_bad(sa);
}


/* Validate a signal and give its half-life's parameters. */
static int check_hl(const struct pgov_pelt_avg *sa, struct pgov_pelt_hl *h)
{
    int rc = check(sa);
    if (rc)
        return rc;
    *h = pgov_pelt_core_hl(sa->halflife);
    return PGOV_OK;
}

uint64_t pgov_pelt_decay(uint64_t val, uint64_t n)
{
    return pgov_pelt_core_decay(val, n);
}

int pgov_pelt_decay_hl(uint32_t halflife, uint64_t val, uint64_t n, uint64_t *out)
{
    struct pgov_pelt_hl h;
    if (!out)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_hl_ok(halflife))
        return PGOV_ENOTSUP;
    h = pgov_pelt_core_hl(halflife);
    *out = pgov_pelt_core_decay_hl(&h, val, n);
    return PGOV_OK;
}

uint32_t pgov_pelt_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
    const struct pgov_pelt_hl h = pgov_pelt_core_hl(PGOV_PELT_HALFLIFE_32);
    return pgov_pelt_core_segments_hl(&h, periods, d1, d3);
}

int pgov_pelt_segments_hl(uint32_t halflife, uint64_t periods, uint32_t d1, uint32_t d3,
                          uint32_t *out)
{
    struct pgov_pelt_hl h;
    if (!out)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_hl_ok(halflife))
        return PGOV_ENOTSUP;
    h = pgov_pelt_core_hl(halflife);
    *out = pgov_pelt_core_segments_hl(&h, periods, d1, d3);
    return PGOV_OK;
}

int pgov_pelt_min_divider(uint32_t halflife)
{
    if (!pgov_pelt_core_hl_ok(halflife))
        return PGOV_ENOTSUP;
    return (int)(pgov_pelt_core_hl(halflife).max - PGOV_PELT_PERIOD_UNITS);
}

int pgov_pelt_divider(const struct pgov_pelt_avg *sa)
{
    struct pgov_pelt_hl h;
    int rc = check_hl(sa, &h);
    if (rc)
        return rc;
    return (int)pgov_pelt_core_divider_hl(&h, sa);
}

int pgov_pelt_init(struct pgov_pelt_avg *sa, uint64_t now, uint32_t halflife)
{
    if (!sa)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_hl_ok(halflife))
        return PGOV_ENOTSUP;
    pgov_pelt_core_init(sa, now, halflife);
    return PGOV_OK;
}

/* Android half-lives and every error: full validation, then the core. */
static PGOV_COLD int update_sums_checked(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                         uint64_t runnable, uint32_t running)
{
    int rc = check_bad(sa);
    if (rc)
        return rc;
    return pgov_pelt_core_update_sums(sa, now, load, runnable, running);
}

int pgov_pelt_update_sums(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                          uint64_t runnable, uint32_t running)
{
    if (pgov_likely(valid_mainline(sa)))
        return pgov_pelt_core_update_sums(sa, now, load, runnable, running);
    return update_sums_checked(sa, now, load, runnable, running);
}

int pgov_pelt_update_avgs(struct pgov_pelt_avg *sa, uint64_t weight)
{
    int rc = check(sa);
    if (rc)
        return rc;
    pgov_pelt_core_update_avgs(sa, weight);
    return PGOV_OK;
}

static PGOV_COLD int update_checked(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                    uint64_t runnable, uint32_t running, uint64_t weight)
{
    int rc = check_bad(sa);
    if (rc)
        return rc;
    return pgov_pelt_core_update(sa, now, load, runnable, running, weight);
}

int pgov_pelt_update(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load, uint64_t runnable,
                     uint32_t running, uint64_t weight)
{
    if (pgov_likely(valid_mainline(sa)))
        return pgov_pelt_core_update(sa, now, load, runnable, running, weight);
    return update_checked(sa, now, load, runnable, running, weight);
}

/* ------------------------------------------------------------ flavours */

int pgov_pelt_update_task(struct pgov_pelt_avg *sa, uint64_t now, uint32_t on_rq,
                          uint32_t delayed, uint32_t running, uint64_t weight)
{
    if ((on_rq | delayed | running) > 1)
        return PGOV_EINVAL;
    return pgov_pelt_update(sa, now, on_rq, on_rq & (delayed ^ 1u), running, weight);
}

int pgov_pelt_update_group_se(struct pgov_pelt_avg *sa, uint64_t now, uint32_t on_rq,
                              uint64_t h_nr_runnable, uint32_t running, uint64_t weight)
{
    if ((on_rq | running) > 1)
        return PGOV_EINVAL;
    return pgov_pelt_update(sa, now, on_rq, h_nr_runnable, running, weight);
}

int pgov_pelt_update_blocked_se(struct pgov_pelt_avg *sa, uint64_t now, uint64_t weight)
{
    return pgov_pelt_update(sa, now, 0, 0, 0, weight);
}

int pgov_pelt_update_cfs_rq(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                            uint64_t h_nr_runnable, uint32_t has_curr)
{
    if (has_curr > 1)
        return PGOV_EINVAL;
    return pgov_pelt_update(sa, now, load, h_nr_runnable, has_curr, 1);
}

int pgov_pelt_update_rt(struct pgov_pelt_avg *sa, uint64_t now, uint32_t running)
{
    if (running > 1)
        return PGOV_EINVAL;
    return pgov_pelt_update(sa, now, running, running, running, 1);
}

int pgov_pelt_update_dl(struct pgov_pelt_avg *sa, uint64_t now, uint32_t running)
{
    return pgov_pelt_update_rt(sa, now, running);
}

int pgov_pelt_update_hw_pressure(struct pgov_pelt_avg *sa, uint64_t now, uint64_t capacity)
{
    if (capacity > PGOV_PELT_CAPACITY_SCALE)
        return PGOV_EINVAL;
    return pgov_pelt_update(sa, now, capacity, capacity, (uint32_t)capacity, 1);
}

int pgov_pelt_update_irq(struct pgov_pelt_avg *sa, uint64_t clock, uint64_t running_ns,
                         uint32_t freq_cap, uint32_t cpu_cap)
{
    struct pgov_pelt_hl h;
    int rc = check_hl(sa, &h);
    uint64_t scaled;
    if (rc)
        return rc;
    if (freq_cap > PGOV_PELT_CAPACITY_SCALE || cpu_cap > PGOV_PELT_CAPACITY_SCALE)
        return PGOV_EINVAL;
    /* irq time is raw time: make it invariant the way the PELT clock is. */
    scaled = (running_ns * freq_cap) >> 10;
    scaled = (scaled * cpu_cap) >> 10;
    rc = pgov_pelt_core_update_sums_hl(sa, &h, clock - scaled, 0, 0, 0);
    rc += pgov_pelt_core_update_sums_hl(sa, &h, clock, 1, 1, 1);
    if (rc) {
        pgov_pelt_core_update_avgs_hl(sa, &h, 1);
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ PELT clock */

static int clock_check(const struct pgov_pelt_clock *clk)
{
    if (!clk)
        return PGOV_EINVAL;
    if (clk->reserved != 0 || !pgov_pelt_core_clock_mult_ok(clk->multiplier))
        return PGOV_EINVAL;
    return PGOV_OK;
}

int pgov_pelt_clock_init(struct pgov_pelt_clock *clk, uint64_t clock_task, uint32_t multiplier)
{
    if (!clk)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_clock_mult_ok(multiplier))
        return PGOV_ENOTSUP;
    pgov_pelt_core_clock_init(clk, clock_task, multiplier);
    return PGOV_OK;
}

int pgov_pelt_clock_update(struct pgov_pelt_clock *clk, uint64_t clock_task, uint32_t idle,
                           uint32_t cpu_cap, uint32_t freq_cap)
{
    int rc = clock_check(clk);
    if (rc)
        return rc;
    if (idle > 1 || cpu_cap > PGOV_PELT_CAPACITY_SCALE || freq_cap > PGOV_PELT_CAPACITY_SCALE)
        return PGOV_EINVAL;
    pgov_pelt_core_clock_update(clk, clock_task, idle != 0, cpu_cap, freq_cap);
    return PGOV_OK;
}

int pgov_pelt_clock_idle(struct pgov_pelt_clock *clk, uint64_t util_sum)
{
    int rc = clock_check(clk);
    if (rc)
        return rc;
    return pgov_pelt_core_clock_idle(clk, util_sum) ? 1 : 0;
}

int pgov_pelt_clock_now(const struct pgov_pelt_clock *clk, uint64_t *now)
{
    int rc = clock_check(clk);
    if (rc)
        return rc;
    if (!now)
        return PGOV_EINVAL;
    *now = pgov_pelt_core_clock_now(clk);
    return PGOV_OK;
}

/* ------------------------------------------------------------ cfs_rq membership */

int pgov_pelt_init_task(struct pgov_pelt_avg *sa, uint64_t weight, uint32_t halflife)
{
    int rc = pgov_pelt_init(sa, 0, halflife);
    if (rc)
        return rc;
    sa->load_avg = weight;
    return PGOV_OK;
}

int pgov_pelt_post_init_task(struct pgov_pelt_avg *sa, const struct pgov_pelt_avg *cfs,
                             uint32_t cpu_cap, uint64_t weight)
{
    int rc = check(sa);
    if (rc)
        return rc;
    rc = check(cfs);
    if (rc)
        return rc;
    if (cpu_cap == 0 || cpu_cap > PGOV_PELT_CAPACITY_SCALE)
        return PGOV_EINVAL;
    /* cap = (long)(cpu_cap - util_avg) / 2: positive only with spare capacity. */
    if (cfs->util_avg < cpu_cap && (cpu_cap - cfs->util_avg) / 2 > 0) {
        uint64_t cap = (cpu_cap - cfs->util_avg) / 2, util;
        if (cfs->util_avg != 0) {
            if (cfs->load_avg == UINT64_MAX)
                return PGOV_EDOM;
            util = pgov_div_u64(cfs->util_avg * weight, cfs->load_avg + 1);
            if (util > cap)
                util = cap;
        } else {
            util = cap;
        }
        sa->util_avg = util;
    }
    sa->runnable_avg = sa->util_avg;
    return PGOV_OK;
}

/* Two valid signals with the same half-life. */
static int check_pair(const struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se,
                      struct pgov_pelt_hl *h)
{
    int rc = check_hl(cfs, h);
    if (rc)
        return rc;
    rc = check(se);
    if (rc)
        return rc;
    return pgov_pelt_core_hl(se->halflife).period == h->period ? PGOV_OK : PGOV_EINVAL;
}

int pgov_pelt_attach(struct pgov_pelt_avg *cfs, struct pgov_pelt_avg *se, uint64_t weight)
{
    struct pgov_pelt_hl h;
    int rc = check_pair(cfs, se, &h);
    if (rc)
        return rc;
    if (cfs == se)
        return PGOV_EINVAL;
    if (weight == 0)
        return PGOV_EDOM; /* load_sum / weight; the kernel's se_weight is >= 2 */
    /* The unversioned attach adds without the 7.0 floor (pelt.h). */
    pgov_pelt_core_attach(cfs, se, weight, PGOV_PELT_FLOOR_64);
    return PGOV_OK;
}

/* Which floor a profile uses: a ::pgov_pelt_floor_rule, or -1 = not implemented. */
static int floor_rule(uint32_t kver)
{
    uint32_t kv = pgov_kver_resolve(kver);
    if (kv == 0 || kv < PGOV_KVER(5, 13))
        return -1;
    return kv >= PGOV_KVER_7_0    ? PGOV_PELT_FLOOR_7_0
           : kv >= PGOV_KVER(5, 16) ? PGOV_PELT_FLOOR_U32
                                    : PGOV_PELT_FLOOR_64;
}

static int detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se, uint64_t weight,
                  int rule)
{
    struct pgov_pelt_hl h;
    int rc = check_pair(cfs, se, &h);
    if (rc)
        return rc;
    if (cfs == se)
        return PGOV_EINVAL;
    pgov_pelt_core_detach(cfs, se, weight, rule);
    return PGOV_OK;
}

static int remove_load(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util, uint64_t runnable,
                       int rule)
{
    int rc = check(cfs);
    if (rc)
        return rc;
    pgov_pelt_core_remove(cfs, load, util, runnable, rule);
    return PGOV_OK;
}

int pgov_pelt_detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se, uint64_t weight)
{
    return detach(cfs, se, weight, PGOV_PELT_FLOOR_64);
}

int pgov_pelt_remove(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util, uint64_t runnable)
{
    return remove_load(cfs, load, util, runnable, PGOV_PELT_FLOOR_64);
}

int pgov_pelt_detach_kv(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se,
                        uint64_t weight, uint32_t kver)
{
    int rule = floor_rule(kver);
    if (!cfs || !se)
        return PGOV_EINVAL;
    if (rule < 0)
        return PGOV_ENOTSUP;
    return detach(cfs, se, weight, rule);
}

int pgov_pelt_remove_kv(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util,
                        uint64_t runnable, uint32_t kver)
{
    int rule = floor_rule(kver);
    if (!cfs)
        return PGOV_EINVAL;
    if (rule < 0)
        return PGOV_ENOTSUP;
    return remove_load(cfs, load, util, runnable, rule);
}
