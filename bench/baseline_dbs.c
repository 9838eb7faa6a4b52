/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clean-room baseline for ondemand_eval: the v6.18 ondemand evaluation the
 * way the kernel's code is structured (spec/ondemand.md 3.3-3.5, 4.1, 4.2,
 * 6.0, 6.2): the sub-sample test, per-CPU load from idle counters with
 * the io_is_busy and ignore_nice_load tunables read at run time, the idle
 * periods, the up/proportional decision with the powersave_bias tests,
 * then the core's request: clamp, a linear "closest" walk over an
 * ascending table that skips invalid (and, with efficiencies, inefficient)
 * entries, "is it a change";
 * finally the next sample delay stored in ns. One CPU, io_is_busy=1, no
 * powersave_bias (the branches that would use it are never taken).
 */
#include "baseline_dbs.h"

/* The walk's entry filter: the kernel's "valid (and efficient) entry". */
static int base_skip(const struct pgov_freq_entry *e, int eff)
{
    return e->khz == PGOV_FREQ_ENTRY_INVALID || (eff && (e->flags & PGOV_FREQ_INEFFICIENT));
}

static inline __attribute__((always_inline)) int base_find_closest_asc(const struct base_od *o,
                                                                       unsigned int t, int eff)
{
    /* Linear walk: remember the last entry below; stop at the first above. */
    int below = -1;
    for (unsigned int i = 0; i < o->n; i++) {
        if (base_skip(&o->table[i], eff))
            continue;
        unsigned int f = o->table[i].khz;
        if (f == t)
            return (int)i;
        if (f < t) {
            below = (int)i;
            continue;
        }
        if (below < 0)
            return (int)i;
        return t - o->table[below].khz > f - t ? (int)i : below;
    }
    return below;
}

static inline __attribute__((always_inline)) int base_find_h_asc(const struct base_od *o,
                                                                 unsigned int t, int eff)
{
    int below = -1;
    for (unsigned int i = 0; i < o->n; i++) {
        if (base_skip(&o->table[i], eff))
            continue;
        unsigned int f = o->table[i].khz;
        if (f == t)
            return (int)i;
        if (f < t) {
            below = (int)i;
            continue;
        }
        return below < 0 ? (int)i : below;
    }
    return below;
}

static void base_driver_target(struct base_od *o, unsigned int target, int closest)
{
    unsigned int t = target >= o->pmax ? o->pmax : (target <= o->pmin ? o->pmin : target);
    int i;
    /* The E relation skips inefficient entries only where the policy has
     * efficiencies (spec 6.4); decided once, not per entry. This table
     * has none, so the retry without skipping never runs. */
    if (o->efficiencies)
        i = closest ? base_find_closest_asc(o, t, 1) : base_find_h_asc(o, t, 1);
    else
        i = closest ? base_find_closest_asc(o, t, 0) : base_find_h_asc(o, t, 0);
    t = o->table[i].khz;
    if (t == o->cur)
        return;
    o->cur = t;
    o->changes++;
}

__attribute__((noinline)) unsigned int base_od_eval(struct base_od *o, const struct pgov_hw_idle *s)
{
    unsigned int sampling, load, ip = 0xFFFFFFFFu, delay, st = o->sample_type;

    o->sample_type = 0;
    if (st == 1 && o->sample_delay_ns > 0) {
        base_driver_target(o, o->freq_lo, 0);
        delay = o->freq_lo_delay_us;
        goto out;
    }
    sampling = o->sr * o->rate_mult;
    uint64_t idle = s->idle_us;
    if (!o->io_busy)
        idle += s->iowait_us;
    unsigned int te = (unsigned int)(s->wall_us - o->prev_wall);
    unsigned int it = idle > o->prev_idle ? (unsigned int)(idle - o->prev_idle) : 0;

    o->prev_wall = s->wall_us;
    o->prev_idle = idle;
    if (o->ignore_nice) {
        it += (unsigned int)((s->nice_ns - o->prev_nice) / 1000u);
        o->prev_nice = s->nice_ns;
    }
    if (!te) {
        load = o->prev_load;
    } else if (it > 2 * sampling && o->prev_load) {
        load = o->prev_load;
        o->prev_load = 0;
    } else {
        load = te > it ? 100 * (te - it) / te : 0;
        o->prev_load = load;
    }
    if (it > 2 * sampling) {
        unsigned int periods = it / sampling;
        if (periods < ip)
            ip = periods;
    }
    o->idle_periods = ip;

    o->freq_lo = 0;
    if (load > o->up) {
        if (o->cur < o->pmax)
            o->rate_mult = o->sdf;
        if (o->powersave_bias)
            __builtin_trap(); /* not in this baseline */
        else if (o->cur != o->pmax)
            base_driver_target(o, o->pmax, 0);
    } else {
        unsigned int f = o->cmin + load * (o->cmax - o->cmin) / 100;
        o->rate_mult = 1;
        if (o->powersave_bias)
            __builtin_trap(); /* not in this baseline */
        base_driver_target(o, f, 1);
    }
    if (o->freq_lo) {
        o->sample_type = 1;
        delay = o->freq_hi_delay_us;
    } else {
        delay = o->sr * o->rate_mult;
    }
out:
    o->sample_delay_ns = (uint64_t)delay * 1000u;
    return delay;
}
