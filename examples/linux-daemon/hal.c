/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the hardware backend behind the library's governor instances.
 *
 * Counters: APERF (0xE8), MPERF (0xE7) and TSC (0x10) read with pread() on
 * <dev-root>/cpu/N/msr when that works. Otherwise (no msr driver, no root,
 * not x86) the daemon runs in DEGRADED mode: it synthesises the three
 * counters from /proc/stat once per tick -- TSC advances at base_frequency
 * over the wall time, MPERF by the busy share of it (everything but idle and
 * iowait), APERF by MPERF scaled with the frequency last requested. A
 * counter-based policy then sees a load with /proc/stat's resolution (one
 * USER_HZ tick) and no real APERF, so it cannot see turbo or throttling.
 *
 * Limits come from cpufreq sysfs (cpuinfo_min_freq, base_frequency when the
 * driver has it, else cpuinfo_max_freq, and cpuinfo_max_freq as turbo), in
 * units of --scaling-khz (100000 kHz per ratio, as on Intel Core).
 *
 * Requests (set_pstate, set_freq_khz) only record the kHz wanted; the main
 * loop writes it to sysfs (or prints it under --dry-run) after the tick.
 * set_hwp_request writes IA32_HWP_REQUEST (0x774) through the msr device.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "pgovd.h"

#define MSR_TSC 0x10u
#define MSR_MPERF 0xE7u
#define MSR_APERF 0xE8u
#define MSR_HWP_REQUEST 0x774u

static struct pgovd_cpu *cpu_of(struct pgovd *d, uint32_t cpu)
{
    return cpu < d->ncpu ? &d->cpu[cpu] : NULL;
}

int pgovd_read_counters(struct pgovd *d, struct pgovd_cpu *c, struct pgov_hw_counters *out)
{
    (void)d;
    if (!c->msr) {
        out->aperf = c->syn_aperf;
        out->mperf = c->syn_mperf;
        out->tsc = c->syn_tsc;
        return 0;
    }
    uint64_t a, m, t;
    int r = pgovd_msr_read(c->msr_fd, MSR_APERF, &a);
    if (!r)
        r = pgovd_msr_read(c->msr_fd, MSR_MPERF, &m);
    if (!r)
        r = pgovd_msr_read(c->msr_fd, MSR_TSC, &t);
    if (r)
        return PGOV_EIO;
    out->aperf = a;
    out->mperf = m;
    out->tsc = t;
    return 0;
}

int pgovd_get_limits(struct pgovd *d, struct pgovd_cpu *c, struct pgov_hw_limits *out)
{
    uint32_t k = d->scaling_khz;
    uint32_t lo = c->min_khz / k, base = c->base_khz / k, hi = c->max_khz / k;

    if (lo == 0)
        lo = 1;
    if (hi < lo)
        hi = lo;
    if (base < lo)
        base = lo;
    if (base > hi)
        base = hi;
    out->min_pstate = lo;
    out->max_pstate = base;
    out->max_pstate_physical = base;
    out->turbo_pstate = hi;
    out->scaling_khz = k;
    out->flags = 0;
    return 0;
}

int pgovd_read_idle(struct pgovd *d, struct pgovd_cpu *c, struct pgov_hw_idle *out)
{
    const struct pgovd_stat *s = &d->stat_now[c->id];
    /* USER_HZ is 100 on every Linux ABI (sysconf(_SC_CLK_TCK)). */
    const uint64_t us = 10000;
    uint64_t all = s->user + s->nice + s->system + s->idle + s->iowait + s->irq + s->softirq +
                   s->steal;

    out->wall_us = all * us;
    out->idle_us = s->idle * us;
    out->iowait_us = s->iowait * us;
    out->nice_ns = s->nice * us * 1000;
    return 0;
}

static int hw_clock(void *ctx, uint64_t *now_ns)
{
    *now_ns = ((struct pgovd *)ctx)->now_ns;
    return 0;
}

static int hw_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    struct pgovd *d = ctx;
    struct pgovd_cpu *c = cpu_of(d, cpu);
    return c ? pgovd_read_counters(d, c, out) : PGOV_EINVAL;
}

static int hw_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    struct pgovd *d = ctx;
    struct pgovd_cpu *c = cpu_of(d, cpu);
    return c ? pgovd_get_limits(d, c, out) : PGOV_EINVAL;
}

static int hw_set_pstate(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t perf_ctl)
{
    struct pgovd *d = ctx;
    struct pgovd_cpu *c = cpu_of(d, cpu);
    (void)perf_ctl; /* cpufreq sysfs takes kHz; PERF_CTL is the kernel's business */
    if (!c)
        return PGOV_EINVAL;
    c->req_khz = pstate * d->scaling_khz;
    return 0;
}

static int hw_set_hwp(void *ctx, uint32_t cpu, uint64_t req)
{
    struct pgovd *d = ctx;
    struct pgovd_cpu *c = cpu_of(d, cpu);
    if (!c || !c->msr)
        return PGOV_EINVAL;
    if (d->dry_run) {
        printf("cpu%u hwp_request=0x%016" PRIx64 " (dry-run)\n", cpu, req);
        return 0;
    }
    if (pgovd_msr_write(c->msr_path, MSR_HWP_REQUEST, req) < 0)
        return PGOV_EIO;
    return 0;
}

static int hw_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct pgovd *d = ctx;
    struct pgovd_cpu *c = cpu_of(d, cpu);
    return c ? pgovd_read_idle(d, c, out) : PGOV_EINVAL;
}

static int hw_set_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct pgovd *d = ctx;
    struct pgovd_cpu *c = cpu_of(d, cpu);
    if (!c)
        return PGOV_EINVAL;
    c->req_khz = khz;
    return 0;
}

static void hw_trace(void *ctx, const struct pgov_hw_trace *ev)
{
    struct pgovd *d = ctx;
    if (d->verbose)
        printf("cpu%u trace kind=%u a=%" PRId64 " b=%" PRId64 "\n", ev->cpu, ev->kind, ev->a,
               ev->b);
}

const struct pgov_hw_ops pgovd_hw_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .clock_ns = hw_clock,
    .read_counters = hw_counters,
    .get_limits = hw_limits,
    .set_pstate = hw_set_pstate,
    .set_hwp_request = hw_set_hwp,
    .read_idle = hw_idle,
    .set_freq_khz = hw_set_freq,
    .trace = hw_trace,
};
