/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT: decay, segments, the update of one signal, its flavours, the PELT
 * clock and cfs_rq attach/detach/remove (docs/spec/sched.md section 1).
 *
 * Speed notes. One update decays three sums and two segment terms by the
 * same period count, so the shift and the table entry are computed once and
 * shared (the kernel calls decay_load five times). The no-boundary case, by
 * far the most common, touches no table. Products with 0/1 arguments are
 * added unconditionally: adding `0 * contrib` is what skipping would give.
 * Crossing updates fold the inputs into their increments before touching the
 * sums and compute each average right after its sum, so few values are live
 * at once (fewer saved registers); idle signals (load 0) take a copy with
 * constant inputs; from 512 periods on the segment decays are known zeros.
 */
#include "pgov/kver.h"
#include "pgov/pelt.h"

#include "internal/deps.h"

#include "internal/compiler.h"
#include "internal/math64.h"
#include "internal/pelt_tables.h"

#define MAINLINE (&pgov_pelt_hls[0])
/* Threshold of "100% busy" for lost idle time: (46718 << 10) - 47742. */
#define PELT_BUSY_UTIL_SUM ((uint64_t)PGOV_PELT_MIN_DIVIDER * 1024u - PGOV_PELT_LOAD_AVG_MAX)

static const struct pgov_pelt_hl *hl_get(uint32_t halflife)
{
    switch (halflife) {
    case PGOV_PELT_HALFLIFE_DEFAULT:
    case PGOV_PELT_HALFLIFE_32:
        return &pgov_pelt_hls[0];
    case PGOV_PELT_HALFLIFE_16:
        return &pgov_pelt_hls[1];
    case PGOV_PELT_HALFLIFE_8:
        return &pgov_pelt_hls[2];
    default:
        return NULL;
    }
}

/* Validate a signal; on success *h is its half-life's parameters. */
static int check(const struct pgov_pelt_avg *sa, const struct pgov_pelt_hl **h)
{
    if (!sa)
        return PGOV_EINVAL;
    *h = hl_get(sa->halflife);
    if (!*h)
        return PGOV_ENOTSUP;
    if (sa->period_contrib >= PGOV_PELT_PERIOD_UNITS || sa->reserved != 0)
        return PGOV_EINVAL;
    return PGOV_OK;
}

static inline uint64_t decay(const struct pgov_pelt_hl *h, uint64_t val, uint64_t n)
{
    if (n > h->cutoff)
        return 0;
    return pgov_mulshr32(val >> (n >> h->shift), h->y[n & (h->period - 1)]);
}

static inline uint32_t segments(const struct pgov_pelt_hl *h, uint64_t periods, uint32_t d1,
                                uint32_t d3)
{
    uint32_t c1 = (uint32_t)decay(h, d1, periods);
    uint32_t c2 = h->max - (uint32_t)decay(h, h->max, periods) - PGOV_PELT_PERIOD_UNITS;
    return c1 + c2 + d3;
}

uint64_t pgov_pelt_decay(uint64_t val, uint64_t n)
{
    if (pgov_unlikely(n > PGOV_PELT_DECAY_CUTOFF))
        return 0;
    return pgov_mulshr32(val >> (n >> 5), pgov_pelt_y32[n & 31]);
}

int pgov_pelt_decay_hl(uint32_t halflife, uint64_t val, uint64_t n, uint64_t *out)
{
    const struct pgov_pelt_hl *h = hl_get(halflife);
    if (!out)
        return PGOV_EINVAL;
    if (!h)
        return PGOV_ENOTSUP;
    *out = decay(h, val, n);
    return PGOV_OK;
}

uint32_t pgov_pelt_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
    return segments(MAINLINE, periods, d1, d3);
}

int pgov_pelt_segments_hl(uint32_t halflife, uint64_t periods, uint32_t d1, uint32_t d3,
                          uint32_t *out)
{
    const struct pgov_pelt_hl *h = hl_get(halflife);
    if (!out)
        return PGOV_EINVAL;
    if (!h)
        return PGOV_ENOTSUP;
    *out = segments(h, periods, d1, d3);
    return PGOV_OK;
}

int pgov_pelt_min_divider(uint32_t halflife)
{
    const struct pgov_pelt_hl *h = hl_get(halflife);
    if (!h)
        return PGOV_ENOTSUP;
    return (int)(h->max - PGOV_PELT_PERIOD_UNITS);
}

static inline uint32_t divider(const struct pgov_pelt_hl *h, const struct pgov_pelt_avg *sa)
{
    return h->max - PGOV_PELT_PERIOD_UNITS + sa->period_contrib;
}

int pgov_pelt_divider(const struct pgov_pelt_avg *sa)
{
    const struct pgov_pelt_hl *h;
    int rc = check(sa, &h);
    if (rc)
        return rc;
    return (int)divider(h, sa);
}

int pgov_pelt_init(struct pgov_pelt_avg *sa, uint64_t now, uint32_t halflife)
{
    if (!sa)
        return PGOV_EINVAL;
    if (!hl_get(halflife))
        return PGOV_ENOTSUP;
    /* Field by field: a struct assignment may become a memcpy call on
     * small targets, and lib/ links against nothing but libgcc. */
    sa->last_update_time = now;
    sa->load_sum = 0;
    sa->runnable_sum = 0;
    sa->util_sum = 0;
    sa->period_contrib = 0;
    sa->load_avg = 0;
    sa->runnable_avg = 0;
    sa->util_avg = 0;
    sa->halflife = halflife;
    sa->reserved = 0;
    return PGOV_OK;
}

/* Add one update's contribution (accumulate_sum step 5). With load 0 the
 * kernel skips the first two; adding the zero products is the same. */
static inline void add_contrib(struct pgov_pelt_avg *sa, uint32_t contrib, uint64_t load,
                               uint64_t runnable, uint32_t running)
{
    sa->load_sum += load * contrib;
    sa->runnable_sum += (runnable * contrib) << 10;
    if (running)
        sa->util_sum += contrib << 10;
}

/*
 * accumulate_sum when at least one boundary is crossed: t = delta +
 * period_contrib >= 1024. Returns 1 when the u32-truncated period count is
 * non-zero (the kernel's return value).
 */
static inline int cross(struct pgov_pelt_avg *sa, const struct pgov_pelt_hl *h, uint64_t t,
                        uint64_t load, uint64_t runnable, uint32_t running)
{
    uint64_t periods = t >> 10;
    uint32_t d1 = PGOV_PELT_PERIOD_UNITS - sa->period_contrib;
    uint32_t d3 = (uint32_t)t & (PGOV_PELT_PERIOD_UNITS - 1);
    uint32_t contrib;

    if (pgov_unlikely(periods > h->cutoff)) {
        sa->load_sum = 0;
        sa->runnable_sum = 0;
        sa->util_sum = 0;
        /* decay(d1) = decay(max) = 0: the full tail plus d3. */
        contrib = h->max - PGOV_PELT_PERIOD_UNITS + d3;
    } else {
        /* Shared shift and factor for all five decays of this update. */
        unsigned q = (unsigned)(periods >> h->shift);
        uint32_t m = h->y[periods & (h->period - 1)];
        sa->load_sum = pgov_mulshr32(sa->load_sum >> q, m);
        sa->runnable_sum = pgov_mulshr32(sa->runnable_sum >> q, m);
        /* These three are below 2^32: a 64-bit product is exact. */
        sa->util_sum = pgov_mulshr32_small((uint64_t)sa->util_sum >> q, m);
        contrib = pgov_mulshr32_small((uint64_t)d1 >> q, m) + h->max -
                  pgov_mulshr32_small((uint64_t)h->max >> q, m) - PGOV_PELT_PERIOD_UNITS + d3;
    }
    sa->period_contrib = d3;
    add_contrib(sa, contrib, load, runnable, running);
    return (uint32_t)periods != 0;
}

/*
 * update_sums (docs/spec/sched.md 1.8) for a state valid for @h. Returns 1 when the
 * averages must be recomputed.
 */
static inline int sums(struct pgov_pelt_avg *sa, const struct pgov_pelt_hl *h, uint64_t now,
                       uint64_t load, uint64_t runnable, uint32_t running)
{
    uint64_t delta = now - sa->last_update_time;
    uint64_t t;

    /* Backwards clock, or a forward jump the kernel cannot tell from one. */
    if (pgov_unlikely(delta >> 63)) {
        sa->last_update_time = now;
        return 0;
    }
    delta >>= PGOV_PELT_UNIT_SHIFT;
    if (!delta)
        return 0;
    sa->last_update_time += delta << PGOV_PELT_UNIT_SHIFT;
    if (!load) {
        runnable = 0;
        running = 0;
    }
    t = delta + sa->period_contrib;
    if (t >= PGOV_PELT_PERIOD_UNITS)
        return cross(sa, h, t, load, runnable, running);
    sa->period_contrib = (uint32_t)t;
    add_contrib(sa, (uint32_t)delta, load, runnable, running);
    return 0;
}

static inline void avgs(struct pgov_pelt_avg *sa, const struct pgov_pelt_hl *h, uint64_t weight)
{
    uint32_t div = divider(h, sa);
    sa->load_avg = pgov_div_u64(weight * sa->load_sum, div);
    sa->runnable_avg = pgov_div_u64(sa->runnable_sum, div);
    sa->util_avg = sa->util_sum / div;
}

/*
 * Beyond the cut-off every old value decays to 0 (rare), or a corrupted
 * period_contrib: out of line, so the long path carries neither the generic
 * decay nor a call. Nothing has been written yet.
 */
static PGOV_COLD int cross_far(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                               uint64_t runnable, uint32_t running, uint64_t weight, int do_avgs)
{
    int rc;
    if (sa->period_contrib >= PGOV_PELT_PERIOD_UNITS)
        return PGOV_EINVAL;
    sa->last_update_time += delta << PGOV_PELT_UNIT_SHIFT;
    if (!load) {
        runnable = 0;
        running = 0;
    }
    rc = cross(sa, MAINLINE, delta + sa->period_contrib, load, runnable, running);
    if (do_avgs && rc)
        avgs(sa, MAINLINE, weight);
    return rc;
}

static PGOV_COLD int cross_far_sums(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                                    uint64_t runnable, uint32_t running)
{
    return cross_far(sa, delta, load, runnable, running, 0, 0);
}

static PGOV_COLD int cross_far_avgs(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                                    uint64_t runnable, uint32_t running, uint64_t weight)
{
    return cross_far(sa, delta, load, runnable, running, weight, 1);
}

/*
 * Mainline crossing paths, out of line so the common no-boundary path needs
 * no saved registers. @delta is in units and delta + period_contrib reaches
 * a boundary; nothing has been written yet, so a corrupted period_contrib is
 * still refused. Same arithmetic as cross(), written out with locals (one
 * load and one store per field): cross_short() for 1..31 periods (no halving
 * shift, middle segment from a table), cross_long() for 32..2016.
 */
static inline int cross_short(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                              uint64_t runnable, uint32_t running, uint64_t weight, int do_avgs)
{
    uint32_t pc = sa->period_contrib;
    uint64_t t, periods, ls, rs;
    uint32_t d3, contrib, m, us, uadd;

    if (pgov_unlikely(pc >= PGOV_PELT_PERIOD_UNITS))
        return PGOV_EINVAL;
    sa->last_update_time += delta << PGOV_PELT_UNIT_SHIFT;
    t = delta + pc;
    periods = t >> 10; /* 1..31: the caller checked */
    d3 = (uint32_t)t & (PGOV_PELT_PERIOD_UNITS - 1);
    m = pgov_pelt_y32[periods & 31];
    contrib = pgov_mulshr32_small(PGOV_PELT_PERIOD_UNITS - pc, m) + pgov_pelt_tail32[periods & 31] + d3;
    sa->period_contrib = d3;
    uadd = running ? contrib << 10 : 0;
    load *= contrib;
    runnable = (runnable * contrib) << 10;
    ls = pgov_mulshr32(sa->load_sum, m) + load;
    sa->load_sum = ls;
    if (do_avgs)
        sa->load_avg = pgov_div_u64(weight * ls, PGOV_PELT_MIN_DIVIDER + d3);
    rs = pgov_mulshr32(sa->runnable_sum, m) + runnable;
    sa->runnable_sum = rs;
    if (do_avgs)
        sa->runnable_avg = pgov_div_u64(rs, PGOV_PELT_MIN_DIVIDER + d3);
    us = pgov_mulshr32_small(sa->util_sum, m) + uadd;
    sa->util_sum = us;
    if (do_avgs)
        sa->util_avg = us / (PGOV_PELT_MIN_DIVIDER + d3);
    return 1;
}

/* Last unit of the last period a full decay still reaches. */
#define CUTOFF_UNITS ((uint64_t)(PGOV_PELT_DECAY_CUTOFF + 1) * PGOV_PELT_PERIOD_UNITS - 1)

static inline int cross_long(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                             uint64_t runnable, uint32_t running, uint64_t weight, int do_avgs)
{
    uint32_t pc = sa->period_contrib, d3, m, contrib, us, uadd;
    uint64_t t = delta + pc, ls, rs;
    unsigned q;

    if (pgov_unlikely(pc >= PGOV_PELT_PERIOD_UNITS || t > CUTOFF_UNITS)) {
        if (do_avgs)
            return cross_far_avgs(sa, delta, load, runnable, running, weight);
        return cross_far_sums(sa, delta, load, runnable, running);
    }
    sa->last_update_time += delta << PGOV_PELT_UNIT_SHIFT;
    q = (unsigned)(t >> 15); /* periods / 32 */
    m = pgov_pelt_y32[(t >> 10) & 31];
    d3 = (uint32_t)t & (PGOV_PELT_PERIOD_UNITS - 1);
    contrib = PGOV_PELT_MIN_DIVIDER + d3;
    /* From 512 periods on (q >= 16) d1 <= 1024 and LOAD_AVG_MAX < 2^16 are
     * shifted to 0, so both segment decays vanish: skip them. */
    if (q < 16)
        contrib += pgov_mulshr32_small((uint64_t)(PGOV_PELT_PERIOD_UNITS - pc) >> q, m) -
                   pgov_mulshr32_small((uint64_t)PGOV_PELT_LOAD_AVG_MAX >> q, m);
    sa->period_contrib = d3;
    /* Fold the inputs into their increments first: fewer live values. */
    uadd = running ? contrib << 10 : 0;
    load *= contrib;
    runnable = (runnable * contrib) << 10;
    ls = pgov_mulshr32(sa->load_sum >> q, m) + load;
    sa->load_sum = ls;
    if (do_avgs)
        sa->load_avg = pgov_div_u64(weight * ls, PGOV_PELT_MIN_DIVIDER + d3);
    rs = pgov_mulshr32(sa->runnable_sum >> q, m) + runnable;
    sa->runnable_sum = rs;
    if (do_avgs)
        sa->runnable_avg = pgov_div_u64(rs, PGOV_PELT_MIN_DIVIDER + d3);
    us = pgov_mulshr32_small((uint64_t)sa->util_sum >> q, m) + uadd;
    sa->util_sum = us;
    if (do_avgs)
        sa->util_avg = us / (PGOV_PELT_MIN_DIVIDER + d3);
    return 1; /* 32..2016 periods: the u32 count is never 0 */
}

/* update_sums: an idle signal (load 0) adds nothing, whatever the others say. */
static PGOV_NOINLINE int cross_short_sums(struct pgov_pelt_avg *sa, uint64_t delta,
                                          uint64_t load, uint64_t runnable, uint32_t running)
{
    if (!load) {
        runnable = 0;
        running = 0;
    }
    return cross_short(sa, delta, load, runnable, running, 0, 0);
}

static PGOV_NOINLINE int cross_long_sums(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                                         uint64_t runnable, uint32_t running)
{
    if (!load) {
        runnable = 0;
        running = 0;
    }
    return cross_long(sa, delta, load, runnable, running, 0, 0);
}

/* update: load 0 (an idle signal adds nothing, whatever the others say)
 * jumps to a copy with the inputs as constants, so neither copy zeroes
 * anything at run time. */
static PGOV_NOINLINE int cross_short_idle(struct pgov_pelt_avg *sa, uint64_t delta,
                                          uint64_t weight)
{
    return cross_short(sa, delta, 0, 0, 0, weight, 1);
}

static PGOV_NOINLINE int cross_short_avgs(struct pgov_pelt_avg *sa, uint64_t delta,
                                          uint64_t load, uint64_t runnable, uint32_t running,
                                          uint64_t weight)
{
    if (!load)
        return cross_short_idle(sa, delta, weight);
    return cross_short(sa, delta, load, runnable, running, weight, 1);
}

static PGOV_NOINLINE int cross_long_idle(struct pgov_pelt_avg *sa, uint64_t delta,
                                         uint64_t weight)
{
    return cross_long(sa, delta, 0, 0, 0, weight, 1);
}

static PGOV_NOINLINE int cross_long_avgs(struct pgov_pelt_avg *sa, uint64_t delta, uint64_t load,
                                         uint64_t runnable, uint32_t running, uint64_t weight)
{
    if (!load)
        return cross_long_idle(sa, delta, weight);
    return cross_long(sa, delta, load, runnable, running, weight, 1);
}

static PGOV_COLD int sums_slow(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                               uint64_t runnable, uint32_t running)
{
    const struct pgov_pelt_hl *h;
    int rc = check(sa, &h);
    if (rc)
        return rc;
    return sums(sa, h, now, load, runnable, running);
}

static PGOV_COLD int update_slow(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                 uint64_t runnable, uint32_t running, uint64_t weight)
{
    const struct pgov_pelt_hl *h;
    int rc = check(sa, &h);
    if (rc)
        return rc;
    rc = sums(sa, h, now, load, runnable, running);
    if (rc)
        avgs(sa, h, weight);
    return rc;
}

/* Backwards clock on the fast path: refuse a corrupted state, else move on. */
static PGOV_COLD int backwards(struct pgov_pelt_avg *sa, uint64_t now)
{
    if (sa->period_contrib >= PGOV_PELT_PERIOD_UNITS)
        return PGOV_EINVAL;
    sa->last_update_time = now;
    return 0;
}

/* Mainline signal with sane trailing fields (period_contrib is checked where
 * it matters: a no-boundary update implies it is below 1024). */
static inline int fast_ok(const struct pgov_pelt_avg *sa)
{
    return sa && (sa->halflife & ~(uint32_t)PGOV_PELT_HALFLIFE_32) == 0 && sa->reserved == 0;
}

/*
 * The mainline fast path shared by update_sums and update, up to the
 * boundary test. Returns 0 (done, nothing to recompute), a negative error,
 * 2 when 1..31 boundaries are crossed and 3 for more (*delta_out holds the
 * units to account).
 */
static inline int head(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load, uint64_t runnable,
                       uint32_t running, uint64_t *delta_out)
{
    uint64_t raw = now - sa->last_update_time;
    uint64_t delta, t;
    if (pgov_unlikely(raw >> 63))
        return backwards(sa, now);
    delta = raw >> PGOV_PELT_UNIT_SHIFT;
    t = delta + sa->period_contrib;
    if (t >= PGOV_PELT_PERIOD_UNITS) {
        *delta_out = delta;
        return t >= PGOV_PELT_LOAD_AVG_PERIOD * PGOV_PELT_PERIOD_UNITS ? 3 : 2;
    }
    /* t < 1024 here: period_contrib is valid, and delta may be 0 (no-op).
     * last_update_time advances by whole units: now minus the remainder. */
    sa->last_update_time = now - (raw & ((1u << PGOV_PELT_UNIT_SHIFT) - 1));
    sa->period_contrib = (uint32_t)t;
    if (load)
        add_contrib(sa, (uint32_t)delta, load, runnable, running);
    return 0;
}

int pgov_pelt_update_sums(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                          uint64_t runnable, uint32_t running)
{
    uint64_t delta = 0;
    int rc;
    if (pgov_unlikely(!fast_ok(sa)))
        return sums_slow(sa, now, load, runnable, running);
    rc = head(sa, now, load, runnable, running, &delta);
    if (rc == 2)
        return cross_short_sums(sa, delta, load, runnable, running);
    if (rc == 3)
        return cross_long_sums(sa, delta, load, runnable, running);
    return rc;
}

int pgov_pelt_update_avgs(struct pgov_pelt_avg *sa, uint64_t weight)
{
    const struct pgov_pelt_hl *h;
    int rc = check(sa, &h);
    if (rc)
        return rc;
    avgs(sa, h, weight);
    return PGOV_OK;
}

int pgov_pelt_update(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load, uint64_t runnable,
                     uint32_t running, uint64_t weight)
{
    uint64_t delta = 0;
    int rc;
    if (pgov_unlikely(!fast_ok(sa)))
        return update_slow(sa, now, load, runnable, running, weight);
    rc = head(sa, now, load, runnable, running, &delta);
    if (rc == 2)
        return cross_short_avgs(sa, delta, load, runnable, running, weight);
    if (rc == 3)
        return cross_long_avgs(sa, delta, load, runnable, running, weight);
    return rc;
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
    const struct pgov_pelt_hl *h;
    int rc = check(sa, &h);
    uint64_t scaled;
    if (rc)
        return rc;
    if (freq_cap > PGOV_PELT_CAPACITY_SCALE || cpu_cap > PGOV_PELT_CAPACITY_SCALE)
        return PGOV_EINVAL;
    /* irq time is raw time: make it invariant the way the PELT clock is. */
    scaled = (running_ns * freq_cap) >> 10;
    scaled = (scaled * cpu_cap) >> 10;
    rc = sums(sa, h, clock - scaled, 0, 0, 0);
    rc += sums(sa, h, clock, 1, 1, 1);
    if (rc) {
        avgs(sa, h, 1);
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ PELT clock */

static int clock_check(const struct pgov_pelt_clock *clk)
{
    if (!clk)
        return PGOV_EINVAL;
    if (clk->reserved != 0 || (clk->multiplier != 0 && clk->multiplier != 1 &&
                               clk->multiplier != 2 && clk->multiplier != 4))
        return PGOV_EINVAL;
    return PGOV_OK;
}

int pgov_pelt_clock_init(struct pgov_pelt_clock *clk, uint64_t clock_task, uint32_t multiplier)
{
    if (!clk)
        return PGOV_EINVAL;
    if (multiplier != 0 && multiplier != 1 && multiplier != 2 && multiplier != 4)
        return PGOV_ENOTSUP;
    clk->clock_task = clock_task;
    clk->clock_task_mult = clock_task;
    clk->clock_pelt = clock_task;
    clk->lost_idle_time = 0;
    clk->multiplier = multiplier;
    clk->reserved = 0;
    return PGOV_OK;
}

int pgov_pelt_clock_update(struct pgov_pelt_clock *clk, uint64_t clock_task, uint32_t idle,
                           uint32_t cpu_cap, uint32_t freq_cap)
{
    int rc = clock_check(clk);
    uint64_t delta = 0;
    if (rc)
        return rc;
    if (idle > 1 || cpu_cap > PGOV_PELT_CAPACITY_SCALE || freq_cap > PGOV_PELT_CAPACITY_SCALE)
        return PGOV_EINVAL;
    delta = clock_task - clk->clock_task;
    /* The rq clock never goes back: the kernel ignores such a reading. */
    if (delta >> 63)
        return PGOV_OK;
    clk->clock_task = clock_task;
    delta <<= clk->multiplier >> 1;
    clk->clock_task_mult += delta;
    if (idle) {
        clk->clock_pelt = clk->clock_task_mult;
    } else {
        delta = (delta * cpu_cap) >> 10;
        delta = (delta * freq_cap) >> 10;
        clk->clock_pelt += delta;
    }
    return PGOV_OK;
}

int pgov_pelt_clock_idle(struct pgov_pelt_clock *clk, uint64_t util_sum)
{
    int rc = clock_check(clk);
    int lost = 0;
    if (rc)
        return rc;
    if (util_sum >= PELT_BUSY_UTIL_SUM) {
        clk->lost_idle_time += clk->clock_task_mult - clk->clock_pelt;
        lost = 1;
    }
    clk->clock_pelt = clk->clock_task_mult;
    return lost;
}

int pgov_pelt_clock_now(const struct pgov_pelt_clock *clk, uint64_t *now)
{
    int rc = clock_check(clk);
    if (rc)
        return rc;
    if (!now)
        return PGOV_EINVAL;
    *now = clk->clock_pelt - clk->lost_idle_time;
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
    const struct pgov_pelt_hl *h;
    int rc = check(sa, &h);
    if (rc)
        return rc;
    rc = check(cfs, &h);
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
                      const struct pgov_pelt_hl **h)
{
    const struct pgov_pelt_hl *hs;
    int rc = check(cfs, h);
    if (rc)
        return rc;
    rc = check(se, &hs);
    if (rc)
        return rc;
    return hs == *h ? PGOV_OK : PGOV_EINVAL;
}

static inline uint64_t sub_pos(uint64_t var, uint64_t val)
{
    return var >= val ? var - val : 0;
}

static inline uint32_t sub_pos32(uint32_t var, uint32_t val)
{
    return var >= val ? var - val : 0;
}

static inline uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static inline uint32_t max32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

int pgov_pelt_attach(struct pgov_pelt_avg *cfs, struct pgov_pelt_avg *se, uint64_t weight)
{
    const struct pgov_pelt_hl *h;
    uint32_t div;
    uint64_t load_sum;
    int rc = check_pair(cfs, se, &h);
    if (rc)
        return rc;
    if (cfs == se)
        return PGOV_EINVAL;
    if (weight == 0)
        return PGOV_EDOM; /* load_sum / weight; the kernel's se_weight is >= 2 */
    div = divider(h, cfs);
    load_sum = se->load_avg * div;
    if (weight < load_sum)
        load_sum = pgov_div_u64(load_sum, weight); /* weight > 0 here */
    else
        load_sum = 1;

    /* The entity joins at the cfs_rq's position in the period. */
    se->last_update_time = cfs->last_update_time;
    se->period_contrib = cfs->period_contrib;
    se->util_sum = (uint32_t)(se->util_avg * div);
    se->runnable_sum = se->runnable_avg * div;
    se->load_sum = load_sum;

    cfs->load_avg += se->load_avg;
    cfs->load_sum += weight * se->load_sum;
    cfs->util_avg += se->util_avg;
    cfs->util_sum += se->util_sum;
    cfs->runnable_avg += se->runnable_avg;
    cfs->runnable_sum += se->runnable_sum;
    return PGOV_OK;
}

/*
 * The cfs_rq floor `sum = max(sum, avg * PELT_MIN_DIVIDER)` of the load and
 * runnable sums. v5.16 .. v6.19 compare as u32 (both sides truncated, the
 * u32 result stored in the 64-bit sum); otherwise in the sum's own type.
 */
static inline uint64_t floor_sum(uint64_t sum, uint64_t avg, uint64_t min_div, int trunc32)
{
    uint64_t f = avg * min_div;
    return trunc32 ? max32((uint32_t)sum, (uint32_t)f) : max64(sum, f);
}

/* Which floor a profile uses: 1 = u32, 0 = 64-bit, -1 = not implemented. */
static int floor_rule(uint32_t kver)
{
    uint32_t kv = pgov_kver_resolve(kver);
    if (kv == 0 || kv < PGOV_KVER(5, 13))
        return -1;
    return kv >= PGOV_KVER(5, 16) ? 1 : 0;
}

static int detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se, uint64_t weight,
                  int trunc32)
{
    const struct pgov_pelt_hl *h;
    uint64_t min_div;
    int rc = check_pair(cfs, se, &h);
    if (rc)
        return rc;
    if (cfs == se)
        return PGOV_EINVAL;
    min_div = h->max - PGOV_PELT_PERIOD_UNITS;
    cfs->load_avg = sub_pos(cfs->load_avg, se->load_avg);
    cfs->load_sum = sub_pos(cfs->load_sum, weight * se->load_sum);
    cfs->load_sum = floor_sum(cfs->load_sum, cfs->load_avg, min_div, trunc32);
    cfs->util_avg = sub_pos(cfs->util_avg, se->util_avg);
    cfs->util_sum = sub_pos32(cfs->util_sum, se->util_sum);
    cfs->util_sum = max32(cfs->util_sum, (uint32_t)(cfs->util_avg * min_div));
    cfs->runnable_avg = sub_pos(cfs->runnable_avg, se->runnable_avg);
    cfs->runnable_sum = sub_pos(cfs->runnable_sum, se->runnable_sum);
    cfs->runnable_sum = floor_sum(cfs->runnable_sum, cfs->runnable_avg, min_div, trunc32);
    return PGOV_OK;
}

static int remove_load(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util, uint64_t runnable,
                       int trunc32)
{
    const struct pgov_pelt_hl *h;
    uint64_t div, min_div;
    int rc = check(cfs, &h);
    if (rc)
        return rc;
    div = divider(h, cfs);
    min_div = h->max - PGOV_PELT_PERIOD_UNITS;
    cfs->load_avg = sub_pos(cfs->load_avg, load);
    cfs->load_sum = sub_pos(cfs->load_sum, load * div);
    cfs->load_sum = floor_sum(cfs->load_sum, cfs->load_avg, min_div, trunc32);
    cfs->util_avg = sub_pos(cfs->util_avg, util);
    cfs->util_sum = sub_pos32(cfs->util_sum, (uint32_t)(util * div));
    cfs->util_sum = max32(cfs->util_sum, (uint32_t)(cfs->util_avg * min_div));
    cfs->runnable_avg = sub_pos(cfs->runnable_avg, runnable);
    cfs->runnable_sum = sub_pos(cfs->runnable_sum, runnable * div);
    cfs->runnable_sum = floor_sum(cfs->runnable_sum, cfs->runnable_avg, min_div, trunc32);
    return PGOV_OK;
}

int pgov_pelt_detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se, uint64_t weight)
{
    return detach(cfs, se, weight, 0);
}

int pgov_pelt_remove(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util, uint64_t runnable)
{
    return remove_load(cfs, load, util, runnable, 0);
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
