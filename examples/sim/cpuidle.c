/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The idle loop: which C-state an idle CPU enters and whether its tick
 * stops (NOHZ), in the two orders the kernel has used.
 *
 * The governor predicts the idle period and takes C6 when the prediction
 * covers C6's target residency, else C1. By default (`idle_pred=last`) the
 * prediction is the CPU's last idle period, menu's history reduced to its
 * latest sample. With `idle_pred=menu` it is menu's typical interval
 * (Documentation/admin-guide/pm/cpuidle.rst): the average of the last 8
 * idle periods when their spread is small (a standard deviation of at
 * most 20 us, or at most a sixth of the average while 6 or more periods
 * are counted), else again without the largest (all that equal it) while
 * more than 6 were counted; with no typical interval, the time to the next timer
 * event times menu's correction factor for that length (the average ratio
 * of measured period to sleep length, by decade of the length), when it is
 * smaller. The next timer event is the earliest timer a task that slept on
 * the CPU armed (its `sleep`/`tsleep`; one per CPU is remembered, so after
 * it fires the CPU's next one is unknown, taken as far, until a task arms
 * another). A period ended by a kept tick counts as a long one (45 ms, 9/10
 * of menu's 50 ms horizon) when the next timer was beyond the tick; and
 * under select-first the tick is kept only while the prediction itself is
 * under a tick, so a kept tick is stopped again once tick wake-ups
 * dominate the history.
 *
 * tick-first (before 554c8aa8ecad): the tick is stopped on every idle
 * entry, then the state is chosen; the next timer is far away, so only the
 * history bounds the prediction.
 *
 * select-first (554c8aa8ecad, 4.17): the state is chosen while the tick is
 * still armed, so the next timer is at most a tick away and bounds the
 * prediction; the tick is kept when the prediction is shorter than a tick.
 * With `idle_pred=last` a kept tick ends the idle period within a tick,
 * which makes the next prediction short as well: once a CPU keeps its tick
 * it keeps it until a task runs there. Each idle tick updates the CPU's blocked averages, which
 * calls the cpufreq hook (ondemand's sample), and runs expired deferrable
 * timers.
 */
#include "cpuidle.h"
#include "machine.h"
#include "policy.h"
#include "sched.h"

#define IDLE_TICK_WORK_NS 5000u

static uint32_t pick_state(const struct sim_ctx *c, uint64_t predicted)
{
    return predicted >= c->plat->c6_residency_ns ? 6u : 1u;
}

#define MENU_TICK_WAKEUP_NS 45000000ull /* 9/10 of menu's 50 ms horizon */

/* menu's buckets of the sleep length: < 10 us, 100 us, 1 ms, 10 ms, 100 ms. */
static uint32_t menu_bucket(uint64_t sleep)
{
    uint32_t b = 0;
    for (uint64_t lim = 10000; b < 5 && sleep >= lim; lim *= 10)
        b++;
    return b;
}

void idle_observe(struct sim_cpu *p, uint64_t len, bool tick)
{
    uint64_t measured = tick ? MENU_TICK_WAKEUP_NS : len;
    p->last_idle_len = len;
    p->idle_hist[p->idle_hist_i] = measured;
    p->idle_hist_i = (p->idle_hist_i + 1) % 8;
    /* The correction factor: a running average (1/8 new) of the measured
     * period over the sleep length, 1 when the period reached it. */
    uint32_t *f = &p->menu_factor[menu_bucket(p->menu_sleep)];
    *f -= *f / 8;
    if (p->menu_sleep != UINT64_MAX && measured < p->menu_sleep)
        *f += (uint32_t)(1024 * measured / p->menu_sleep);
    else
        *f += 1024;
}

/* menu's typical interval of the last 8 idle periods, or UINT64_MAX. */
static uint64_t menu_typical(const struct sim_cpu *p)
{
    uint64_t thresh = UINT64_MAX;
    for (;;) {
        uint64_t sum = 0, max = 0, n = 0;
        for (uint32_t i = 0; i < 8; i++) {
            uint64_t v = p->idle_hist[i];
            if (v <= thresh) {
                sum += v;
                n++;
                max = v > max ? v : max;
            }
        }
        if (!n)
            return UINT64_MAX;
        uint64_t avg = sum / n;
        double var = 0; /* ns^2: 8 periods of up to seconds overflow 64 bits */
        for (uint32_t i = 0; i < 8; i++) {
            if (p->idle_hist[i] <= thresh) {
                double d = (double)p->idle_hist[i] - (double)avg;
                var += d * d;
            }
        }
        var /= (double)n;
        if (var <= 400e6 || ((double)avg * (double)avg > 36.0 * var && n * 4 >= 8 * 3))
            return avg;
        if (n * 4 <= 8 * 3)
            return UINT64_MAX; /* a quarter dropped: no pattern */
        thresh = max - 1;
    }
}

bool idle_enter(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    bool menu = c->pol->idle_pred == IDLE_PRED_MENU;
    uint64_t predicted = p->last_idle_len;
    if (menu) {
        uint64_t sleep = p->next_timer > t ? p->next_timer - t : UINT64_MAX;
        p->menu_sleep = sleep;
        predicted = UINT64_MAX;
        if (sleep != UINT64_MAX)
            predicted = (uint64_t)((double)sleep * p->menu_factor[menu_bucket(sleep)] / 8192.0);
        uint64_t typical = menu_typical(p);
        if (typical < predicted)
            predicted = typical;
    }
    bool keep = false;
    if (c->pol->cpuidle == IDLE_SELECT_FIRST) {
        uint64_t next_tick = (t / c->tick_ns + 1) * c->tick_ns - t;
        if (menu)
            keep = predicted < c->tick_ns; /* the tick stops when menu says so */
        if (predicted > next_tick)
            predicted = next_tick;
        if (!menu)
            keep = predicted < c->tick_ns;
    }
    p->cstate = pick_state(c, predicted);
    p->idle_stamp = t;
    return keep;
}

void idle_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    c->idle_ticks++;
    /* menu counts a tick wake-up as long when the next timer was beyond it */
    idle_observe(p, t - p->idle_stamp, p->menu_sleep > c->tick_ns);
    /* The tick's own work (interrupt, blocked averages, the governor's
     * sample) is not idle time: ~5 us per tick, as the C1 exit plus a
     * timer interrupt on these parts. */
    sched_idle_fold(c, p, t);
    if (p->idle_t < t + IDLE_TICK_WORK_NS)
        p->idle_t = t + IDLE_TICK_WORK_NS;
    sig_idle(c, p, t); /* blocked averages decay */
    pol_hook(c, p, t, 0);
    if (p->timer_pending) {
        p->timer_pending = false;
        pol_timer(c, p, t);
    }
    if (p->nr)
        return; /* the hook's work woke nothing here, but be safe */
    mach_fold(c, p, t);
    if (idle_enter(c, p, t)) {
        p->tick_at = (t / c->tick_ns + 1) * c->tick_ns;
        p->tick_seq = c->heap.seq++;
    } else {
        p->tick_on = false;
        p->tick_at = UINT64_MAX;
    }
    cpu_slot_sync(c, p);
}
