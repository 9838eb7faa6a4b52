/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine's dispatch of hardware events. The machine (machine.c) reports
 * what changed on a CPU; the scheduler is what must hear of it. Routing the
 * report through here keeps the hardware model below the scheduler: machine.c
 * includes no header of sched, policy or the loop (scripts/sim_includes.sh).
 * Each event is handled at once, in the order reported, exactly as the
 * direct calls it replaces.
 */
#include "engine.h"
#include "sched.h"

void sim_hw_report(struct sim_ctx *c, const struct sim_hw_event *ev)
{
    struct sim_cpu *p = &c->cpu[ev->cpu];

    switch (ev->kind) {
    case HW_RATE_CHANGING:
        sched_account(c, p, ev->t);
        break;
    case HW_RATE_CHANGED:
        sched_freq_changed(c, p, ev->t);
        break;
    case HW_STALL:
        sched_stall(c, p, ev->t);
        break;
    case HW_SPIN:
        /* An idle CPU spinning on the firmware: its idle period so far is
         * folded, and the spin is not idle time. */
        if (!p->nr) {
            sched_idle_fold(c, p, c->now);
            p->idle_t = ev->t;
        }
        break;
    case HW_SMI:
        sched_smi(c, p, ev->t);
        break;
    default:
        break;
    }
}
