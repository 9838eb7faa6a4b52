/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clean-room renderings of the kernel's intel_pstate and schedutil paths,
 * written from spec/pstate.md in the most direct way (the shape the kernel
 * code has: per-CPU struct, sample, target, clamp, write), for the bench.
 * Reads and writes go through the same trivial callbacks the library uses.
 */
#include "bench_pstate.h"

/* ---- fixed point as the kernel spells it (x86-64 gcc semantics) ---- */
static inline int32_t mul_fp(int32_t x, int32_t y)
{
    return (int32_t)(((int64_t)x * (int64_t)y) >> 8);
}
static inline int32_t div_fp(int64_t x, int64_t y)
{
    return (int32_t)((int64_t)((uint64_t)x << 8) / y);
}
static inline uint64_t mul_ext_fp(uint64_t x, uint64_t y)
{
    return (x * y) >> 14;
}
static inline uint64_t div_ext_fp(uint64_t x, uint64_t y)
{
    return (x << 14) / y;
}

static int sample(struct base_cpu *cpu, uint64_t time)
{
    struct pgov_hw_counters c;
    cpu->read(cpu->ctx, cpu->cpu, &c);
    if (c.mperf == cpu->prev_mperf || c.tsc == cpu->prev_tsc)
        return 0;
    cpu->last_sample_time = cpu->time;
    cpu->time = time;
    cpu->d_aperf = c.aperf - cpu->prev_aperf;
    cpu->d_mperf = c.mperf - cpu->prev_mperf;
    cpu->d_tsc = c.tsc - cpu->prev_tsc;
    cpu->prev_aperf = c.aperf;
    cpu->prev_mperf = c.mperf;
    cpu->prev_tsc = c.tsc;
    return cpu->last_sample_time != 0;
}

static int pid_calc(struct base_cpu *cpu, int32_t busy)
{
    int32_t err = cpu->setpoint - busy, p, d, r;
    if ((err < 0 ? -err : err) <= cpu->deadband)
        return 0;
    p = mul_fp(cpu->p_gain, err);
    cpu->integral += err;
    if (cpu->integral > 7680)
        cpu->integral = 7680;
    if (cpu->integral < -7680)
        cpu->integral = -7680;
    d = mul_fp(cpu->d_gain, err - cpu->last_err);
    cpu->last_err = err;
    r = p + mul_fp(cpu->integral, cpu->i_gain) + d;
    r += 128;
    return r >> 8;
}

static inline int clamp_old(int v, int lo, int hi)
{
    v = v < lo ? lo : v;
    return v > hi ? hi : v;
}

/* Write if changed: PERF_CTL is p << 8, plus bit 32 (turbo disengage) when
 * no_turbo is set and turbo is not disabled (spec 3.4 step 5). */
static void write_pstate(struct base_cpu *cpu, int p)
{
    if ((uint32_t)p == cpu->pstate)
        return;
    cpu->pstate = (uint32_t)p;
    cpu->write(cpu->ctx, cpu->cpu, (uint32_t)p,
               ((uint64_t)p << 8) | ((uint64_t)(cpu->no_turbo && !cpu->turbo_disabled) << 32));
}

/* v4.6 apply (spec 3.4): turbo state refreshed, limits from the base
 * P-state and max/min_perf, at every decision. */
static void set_pstate_v46(struct base_cpu *cpu, int target)
{
    cpu->turbo_disabled = cpu->misc_turbo_off || cpu->max_pstate == cpu->turbo_pstate;
    int base = (int)(cpu->no_turbo || cpu->turbo_disabled ? cpu->max_pstate : cpu->turbo_pstate);
    int hi = clamp_old(mul_fp(base << 8, cpu->max_perf) >> 8, (int)cpu->min_pstate,
                       (int)cpu->turbo_pstate);
    int lo = clamp_old(mul_fp(base << 8, cpu->min_perf) >> 8, (int)cpu->min_pstate, base);
    write_pstate(cpu, clamp_old(target, lo, hi));
}

/* v4.6 intel_pstate_update_util + get_target_pstate_use_performance. */
__attribute__((noinline)) void base_pstate_update_pid(struct base_cpu *cpu, uint64_t time)
{
    if ((int64_t)(time - cpu->time) < (int64_t)cpu->sample_ns)
        return;
    if (!sample(cpu, time))
        return;
    cpu->core = (int32_t)((cpu->d_aperf << 8) * (100 << 8) / (cpu->d_mperf << 8));
    int32_t busy = mul_fp(cpu->core, div_fp((int64_t)cpu->max_phys << 8,
                                            (int64_t)cpu->pstate << 8));
    uint64_t dur = cpu->time - cpu->last_sample_time;
    if ((int64_t)dur > 3 * (int64_t)cpu->sample_ns) {
        busy = mul_fp(busy, div_fp((int64_t)cpu->sample_ns << 8, (int64_t)dur << 8));
    } else if (div_fp((int64_t)(100 * cpu->d_mperf), (int64_t)cpu->d_tsc) < 256) {
        busy = 0;
    }
    cpu->busy_scaled = busy;
    set_pstate_v46(cpu, (int)cpu->pstate - pid_calc(cpu, busy));
}

/* Current intel_pstate_update_util + get_target_pstate (load-based):
 * remote callbacks ignored (since v4.14), the base P-state from no_turbo
 * and the clamp from the perf ratios at every decision (spec 7, 8.1). */
__attribute__((noinline)) void base_pstate_update_load(struct base_cpu *cpu, uint64_t time,
                                                       uint32_t flags)
{
    if (flags & BASE_PSTATE_REMOTE)
        return;
    uint64_t delta = time - cpu->last_update;
    if (flags & BASE_PSTATE_IOWAIT) {
        if (delta > cpu->tick_ns)
            cpu->iowait_boost = 32;
        else if (cpu->iowait_boost >= 32)
            cpu->iowait_boost = cpu->iowait_boost << 1 > 256 ? 256 : cpu->iowait_boost << 1;
        else
            cpu->iowait_boost = 32;
    } else if (cpu->iowait_boost) {
        cpu->iowait_boost = delta > cpu->tick_ns ? 0 : cpu->iowait_boost >> 1;
    }
    cpu->last_update = time;
    if ((int64_t)(time - cpu->time) < (int64_t)cpu->sample_ns)
        return;
    if (!sample(cpu, time))
        return;
    cpu->core = (int32_t)div_ext_fp(cpu->d_aperf, cpu->d_mperf);
    int32_t busy_frac = div_fp((int64_t)cpu->d_mperf, (int64_t)cpu->d_tsc);
    if ((uint32_t)busy_frac < cpu->iowait_boost)
        busy_frac = (int32_t)cpu->iowait_boost;
    cpu->busy_scaled = busy_frac * 100;
    uint32_t base = cpu->no_turbo ? cpu->max_pstate : cpu->turbo_pstate;
    int32_t target = (int32_t)(base + (base >> 2));
    target = mul_fp(target, busy_frac);
    if (target < (int32_t)cpu->min_pstate)
        target = (int32_t)cpu->min_pstate;
    int32_t avg = (int32_t)mul_ext_fp(cpu->max_phys, (uint64_t)(int64_t)cpu->core);
    if (avg > target)
        target += (avg - target) >> 1;
    int lo = (int)(cpu->min_pstate > cpu->min_ratio ? cpu->min_pstate : cpu->min_ratio);
    int hi = (int)cpu->max_ratio > lo ? (int)cpu->max_ratio : lo;
    write_pstate(cpu, clamp_old(target, lo, hi));
}

/* schedutil map_util_perf + get_next_freq (invariant, no table). */
__attribute__((noinline)) uint32_t base_sugov_next_freq(const struct pgov_sugov_params *p,
                                                        uint32_t util)
{
    unsigned long max = p->max_cap, f;
    unsigned long u = util > max ? max : util;
    u = u + (u >> 2);
    u = u < max ? u : max;
    f = (unsigned long)p->max_freq_khz * u / max;
    uint32_t lo = p->min_khz > p->max_khz ? p->max_khz : p->min_khz;
    if (f > p->max_khz)
        f = p->max_khz;
    if (f < lo)
        f = lo;
    return (uint32_t)f;
}

/*
 * schedutil's single-CPU callback written straight from the spec
 * (docs/spec/pstate.md 9.1, docs/schedutil.md), with the work v6.18 does
 * on every call: boost request; a deadline bandwidth above the last
 * evaluation's counts as a limits change; a remote callback stops (this
 * CPU cannot update the policy); a pending limits change passes the rate
 * limit; boost apply; the deadline floor and uclamp around the headroom
 * (v6.8+ composition); map; cache and hold unless limits changed, no hold
 * when uclamp caps the rq; commit. Invariant, no table.
 */
__attribute__((noinline)) uint32_t base_sugov_update(struct base_sugov *s,
                                                     const struct base_sugov_rq *rq, uint64_t now,
                                                     uint32_t flags, uint32_t util, uint32_t held)
{
    const struct pgov_sugov_params *p = s->p;
    unsigned long max = p->max_cap, bu = 0, f, u, lo, hi;
    uint32_t prev_cached = s->cached_raw, nf, iowait = flags & PGOV_UPDATE_IOWAIT;
    uint32_t need;

    if (s->boost && (int64_t)(now - s->last_update) > (int64_t)p->tick_ns) {
        s->boost = iowait ? 128 : 0;
        s->pending = iowait ? 1 : 0;
    } else if (iowait && !s->pending) {
        s->pending = 1;
        s->boost = s->boost ? (s->boost << 1 > 1024 ? 1024 : s->boost << 1) : 128;
    }
    s->last_update = now;
    if (rq->bw_dl > s->bw_min)
        s->limits_changed = 1;
    if (flags & PGOV_UPDATE_REMOTE)
        return s->next_freq;
    need = s->limits_changed;
    if (!need && (int64_t)(now - s->last_freq_update) < (int64_t)p->rate_limit_ns)
        return s->next_freq;
    s->bw_min = rq->bw_dl;
    if (s->boost) {
        if (!s->pending) {
            s->boost >>= 1;
            if (s->boost < 128)
                s->boost = 0;
        }
        s->pending = 0;
        bu = (s->boost * max) >> 10;
    }
    lo = rq->uclamp_min > rq->bw_min ? rq->uclamp_min : rq->bw_min;
    hi = rq->uclamp_max < max ? rq->uclamp_max : max;
    u = util > bu ? util : bu;
    u = u + (u >> 2);
    u = u < hi ? u : hi;
    u = u > lo ? u : lo;
    f = (unsigned long)p->max_freq_khz * u / max;
    if (f == s->cached_raw && !need) {
        nf = s->next_freq;
    } else {
        uint32_t fl = p->min_khz > p->max_khz ? p->max_khz : p->min_khz;
        s->cached_raw = (uint32_t)f;
        nf = (uint32_t)(f > p->max_khz ? p->max_khz : (f < fl ? fl : f));
    }
    if (held && !rq->capped && nf < s->next_freq && !need) {
        nf = s->next_freq;
        s->cached_raw = prev_cached;
    }
    s->limits_changed = 0;
    if (nf != s->next_freq) {
        s->next_freq = nf;
        s->last_freq_update = now;
    }
    return s->next_freq;
}
