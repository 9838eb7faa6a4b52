/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clean-room baseline for ondemand_eval: the v6.18 ondemand evaluation the
 * way the kernel's code is structured (spec/ondemand.md 3.3, 4.1, 4.2, 6.0,
 * 6.2): per-CPU load from idle counters, the up/proportional decision, then
 * the core's request with a linear "closest" scan over an ascending table.
 * One CPU, io_is_busy=1, no powersave_bias.
 */
#include "baseline_dbs.h"

static unsigned int base_find_closest_asc(const struct base_od *o, unsigned int t)
{
    /* Linear scan: remember the last entry below; stop at the first above. */
    int below = -1;
    for (unsigned int i = 0; i < o->n; i++) {
        unsigned int f = o->table[i];
        if (f == t)
            return i;
        if (f < t) {
            below = (int)i;
            continue;
        }
        if (below < 0)
            return i;
        return t - o->table[below] > f - t ? i : (unsigned int)below;
    }
    return o->n - 1;
}

static unsigned int base_find_h_asc(const struct base_od *o, unsigned int t)
{
    int below = -1;
    for (unsigned int i = 0; i < o->n; i++) {
        unsigned int f = o->table[i];
        if (f == t)
            return i;
        if (f < t) {
            below = (int)i;
            continue;
        }
        return below < 0 ? i : (unsigned int)below;
    }
    return o->n - 1;
}

static void base_driver_target(struct base_od *o, unsigned int target, int closest)
{
    unsigned int t = target >= o->pmax ? o->pmax : (target <= o->pmin ? o->pmin : target);
    unsigned int i = closest ? base_find_closest_asc(o, t) : base_find_h_asc(o, t);
    t = o->table[i];
    if (t == o->cur)
        return;
    o->cur = t;
    o->changes++;
}

__attribute__((noinline)) unsigned int base_od_eval(struct base_od *o, const struct pgov_hw_idle *s)
{
    unsigned int sampling = o->sr * o->rate_mult, load;
    uint64_t idle = s->idle_us;
    unsigned int te = (unsigned int)(s->wall_us - o->prev_wall);
    unsigned int it = idle > o->prev_idle ? (unsigned int)(idle - o->prev_idle) : 0;

    o->prev_wall = s->wall_us;
    o->prev_idle = idle;
    if (!te) {
        load = o->prev_load;
    } else if (it > 2 * sampling && o->prev_load) {
        load = o->prev_load;
        o->prev_load = 0;
    } else {
        load = te > it ? 100 * (te - it) / te : 0;
        o->prev_load = load;
    }

    if (load > o->up) {
        if (o->cur < o->pmax)
            o->rate_mult = o->sdf;
        if (o->cur != o->pmax)
            base_driver_target(o, o->pmax, 0);
    } else {
        unsigned int f = o->cmin + load * (o->cmax - o->cmin) / 100;
        o->rate_mult = 1;
        base_driver_target(o, f, 1);
    }
    return o->sr * o->rate_mult;
}
