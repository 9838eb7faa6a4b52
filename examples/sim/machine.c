/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated hardware: P-states, turbo bins, C-states, the APERF / MPERF /
 * TSC counters and a power model.
 *
 * Counters advance exactly like the hardware's: TSC at the nominal rate all
 * the time, MPERF at the same rate only in C0, APERF at the running frequency
 * only in C0. Cycle counts are exact integers: each counter keeps the
 * sub-cycle remainder (in millionths of a cycle, since rates are in kHz and
 * time in ns), so folding a run into many segments gives the same count as
 * one segment. TSC is computed from absolute time, never accumulated.
 */
#include <math.h>
#include <string.h>

#include "run.h"

uint32_t mach_max_khz(const struct sim_ctx *c)
{
    return c->plat->turbo_ratio * c->plat->scaling_khz;
}

/* cycles += dt_ns * khz / 1e6, remainder carried in millionths of a cycle. */
static void cyc_add(uint64_t *cyc, uint64_t *rem, uint64_t dt, uint32_t khz)
{
    uint64_t whole = (dt / 1000000u) * khz;
    uint64_t part = (dt % 1000000u) * khz + *rem;

    *cyc += whole + part / 1000000u;
    *rem = part % 1000000u;
}

uint64_t mach_tsc(const struct sim_ctx *c, uint64_t t)
{
    uint64_t khz = (uint64_t)c->plat->max_ratio * c->plat->scaling_khz;
    return (t / 1000000u) * khz + (t % 1000000u) * khz / 1000000u;
}

static double active_watts(const struct sim_ctx *c, uint32_t khz)
{
    double f = khz;
    return c->pw_a + c->pw_b * f * f * f;
}

static void series_add(struct sim_ctx *c, uint32_t cpu, uint64_t t0, uint64_t t1, uint32_t khz)
{
    struct sim_series *s = c->res->series;
    if (!s || t1 <= t0)
        return;
    t0 -= SIM_T0_NS;
    t1 -= SIM_T0_NS;
    if (s->from_ns || s->to_ns) { /* a window (--from/--to): clip to it */
        t0 = t0 > s->from_ns ? t0 : s->from_ns;
        if (s->to_ns)
            t1 = t1 < s->to_ns ? t1 : s->to_ns;
        if (t1 <= t0)
            return;
        t0 -= s->from_ns;
        t1 -= s->from_ns;
    }
    while (t1 > s->width_ns * SIM_NBUCKETS) {
        /* Halve the resolution: merge bucket pairs. */
        for (uint32_t k = 0; k < c->ncpu; k++) {
            for (uint32_t i = 0; i < SIM_NBUCKETS / 2; i++) {
                s->c0_ns[k][i] = s->c0_ns[k][2 * i] + s->c0_ns[k][2 * i + 1];
                s->cycles[k][i] = s->cycles[k][2 * i] + s->cycles[k][2 * i + 1];
            }
            for (uint32_t i = SIM_NBUCKETS / 2; i < SIM_NBUCKETS; i++) {
                s->c0_ns[k][i] = 0;
                s->cycles[k][i] = 0;
            }
        }
        s->width_ns *= 2;
        s->n = (s->n + 1) / 2;
    }
    while (t0 < t1) {
        uint64_t b = t0 / s->width_ns;
        uint64_t end = (b + 1) * s->width_ns;
        uint64_t seg = (end < t1 ? end : t1) - t0;
        s->c0_ns[cpu][b] += (double)seg;
        s->cycles[cpu][b] += (double)seg * khz / 1e6;
        if (b + 1 > s->n)
            s->n = (uint32_t)(b + 1);
        t0 += seg;
    }
}

void mach_fold(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    uint64_t dt = t - p->hw_t;
    if (t <= p->hw_t)
        return;
    if (p->c0) {
        uint64_t tsc_khz = (uint64_t)c->plat->max_ratio * c->plat->scaling_khz;
        cyc_add(&p->mperf, &p->mperf_rem, dt, (uint32_t)tsc_khz);
        cyc_add(&p->aperf, &p->aperf_rem, dt, p->eff_khz);
        p->energy_j += active_watts(c, p->eff_khz) * (double)dt * 1e-9;
        c->res->c0_ns += (double)dt;
        uint32_t bin = p->eff_khz / 100000u;
        c->res->resid_ns[bin < 64 ? bin : 63] += (double)dt;
        p->hwp_win_c0 += (double)dt;
        series_add(c, p->id, p->hw_t, t, p->eff_khz);
    } else if (p->cstate == 6) {
        p->energy_j += c->plat->w_c6 * (double)dt * 1e-9;
        c->res->c6_ns += (double)dt;
    } else {
        p->energy_j += c->plat->w_c1 * (double)dt * 1e-9;
        c->res->c1_ns += (double)dt;
    }
    p->hw_t = t;
}

static uint32_t turbo_limit_khz(const struct sim_ctx *c, uint32_t active)
{
    const struct sim_platform *pl = c->plat;
    uint32_t i = active ? active - 1 : 0;
    if (i >= pl->n_bins)
        i = pl->n_bins - 1;
    return pl->turbo_bins[i] * pl->scaling_khz;
}

static uint32_t eff_for(const struct sim_ctx *c, const struct sim_cpu *p, uint32_t active)
{
    uint32_t lim = turbo_limit_khz(c, active);
    uint32_t lo = c->plat->min_ratio * c->plat->scaling_khz;
    uint32_t k = p->req_khz < lim ? p->req_khz : lim;
    return k < lo ? lo : k;
}

/* Re-evaluate every core's running frequency after a change at time t. */
static void retune(struct sim_ctx *c, uint64_t t)
{
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *q = &c->cpu[i];
        uint32_t e = eff_for(c, q, c->n_active);
        if (e == q->eff_khz)
            continue;
        mach_fold(c, q, t);
        if (q->c0)
            sched_account(c, q, t); /* progress so far ran at the old frequency */
        q->eff_khz = e;
        if (q->c0)
            sched_freq_changed(c, q, t);
    }
}

void mach_set_c0(struct sim_ctx *c, struct sim_cpu *p, bool on, uint64_t t)
{
    if (p->c0 == on)
        return;
    mach_fold(c, p, t);
    p->c0 = on;
    c->n_active += on ? 1u : (uint32_t)-1;
    retune(c, t);
}

void mach_request_khz(struct sim_ctx *c, struct sim_cpu *p, uint32_t khz, uint64_t t)
{
    if (khz == p->req_khz)
        return;
    p->freq_changes++;
    p->req_khz = khz;
    /* The active-core count is unchanged: only this core can change speed. */
    uint32_t e = eff_for(c, p, c->n_active);
    if (e == p->eff_khz)
        return;
    mach_fold(c, p, t);
    if (p->c0)
        sched_account(c, p, t);
    p->eff_khz = e;
    if (p->c0)
        sched_freq_changed(c, p, t);
}

void mach_init(struct sim_ctx *c)
{
    /* Active power P = a + b f^3 through (f_min, w_act_min) and (f_turbo, w_act_max). */
    const struct sim_platform *pl = c->plat;
    double f0 = (double)pl->min_ratio * pl->scaling_khz, f1 = (double)pl->turbo_ratio * pl->scaling_khz;
    c->pw_b = (pl->w_act_max - pl->w_act_min) / (f1 * f1 * f1 - f0 * f0 * f0);
    c->pw_a = pl->w_act_min - c->pw_b * f0 * f0 * f0;
    c->n_active = 0;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *p = &c->cpu[i];
        p->id = i;
        p->hw_t = c->now;
        p->cstate = 6;
        /* Firmware leaves every core at the nominal frequency. */
        p->req_khz = c->plat->max_ratio * c->plat->scaling_khz;
        p->eff_khz = eff_for(c, p, 1);
        /* Counters start at a boot-time offset, as on a machine that has run. */
        p->aperf = 0x10000ull * (i + 1);
        p->mperf = 0x10000ull * (i + 1);
        uint32_t g = c->plat->max_ratio, m = c->plat->min_ratio;
        p->hwp_cap = (uint64_t)c->plat->turbo_ratio | ((uint64_t)g << 8) | ((uint64_t)g << 16) |
                     ((uint64_t)m << 24);
    }
}

void mach_finish(struct sim_ctx *c, uint64_t t)
{
    for (uint32_t i = 0; i < c->ncpu; i++)
        mach_fold(c, &c->cpu[i], t);
}
