/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The idle loop: which C-state an idle CPU enters and whether its tick
 * stops (NOHZ), in the two orders the kernel has used.
 *
 * The governor predicts the idle period from the CPU's last one (menu's
 * history, reduced to its latest sample) and takes C6 when the prediction
 * covers C6's target residency, else C1.
 *
 * tick-first (before 554c8aa8ecad): the tick is stopped on every idle
 * entry, then the state is chosen; the next timer is far away, so only the
 * history bounds the prediction.
 *
 * select-first (554c8aa8ecad, 4.17): the state is chosen while the tick is
 * still armed, so the next timer is at most a tick away and bounds the
 * prediction; the tick is kept when the prediction is shorter than a tick.
 * A kept tick ends the idle period within a tick, which makes the next
 * prediction short as well: once a CPU keeps its tick it keeps it until a
 * task runs there. Each idle tick updates the CPU's blocked averages, which
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

bool idle_enter(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    uint64_t predicted = p->last_idle_len;
    bool keep = false;
    if (c->pol->cpuidle == IDLE_SELECT_FIRST) {
        uint64_t next_tick = (t / c->tick_ns + 1) * c->tick_ns - t;
        if (predicted > next_tick)
            predicted = next_tick;
        keep = predicted < c->tick_ns;
    }
    p->cstate = pick_state(c, predicted);
    p->idle_stamp = t;
    return keep;
}

void idle_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    c->idle_ticks++;
    p->last_idle_len = t - p->idle_stamp;
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
