/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated hardware: P-states, turbo bins, C-states, the APERF / MPERF /
 * TSC counters and a power model.
 *
 * Counters advance exactly like the hardware's: TSC at the nominal rate all
 * the time, MPERF at the same rate only in C0, APERF at the running frequency
 * only in C0. Cycle counts are exact integers: each counter keeps the
 * sub-cycle remainder (model/counters.h, pgov-trace govern's counters
 * too), so folding a run into many segments gives the same count as one
 * segment. TSC is computed from absolute time, never accumulated.
 */
#include <math.h>
#include <string.h>

#include "machine.h"
#include "model/counters.h"
#include "topo.h"

uint32_t mach_max_khz(const struct sim_ctx *c)
{
    return c->plat->turbo_ratio * c->plat->scaling_khz;
}

uint64_t mach_tsc(const struct sim_ctx *c, uint64_t t)
{
    return mdl_tsc((uint64_t)c->plat->max_ratio * c->plat->scaling_khz, t);
}

/* The machine calls nothing above it: what the scheduler must learn (a
 * rate change, a stall, an SMI) goes to the engine, which dispatches. */
static void report(struct sim_ctx *c, uint32_t kind, const struct sim_cpu *p, uint64_t t)
{
    struct sim_hw_event ev = {kind, p->id, t};
    sim_hw_report(c, &ev);
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
    if (t <= p->hw_t)
        return;
    bool in_exit = p->c0 && c->plat->exit_counts == EXIT_IDLE && p->hw_t < p->exit_until;
    if (in_exit && t > p->exit_until) {
        mach_fold(c, p, p->exit_until); /* the exit, then C0 */
        mach_fold(c, p, t);
        return;
    }
    uint64_t dt = t - p->hw_t;
    if (p->c0 && !in_exit) {
        uint64_t tsc_khz = (uint64_t)c->plat->max_ratio * c->plat->scaling_khz;
        mdl_cyc_add(&p->mperf, &p->mperf_rem, dt, (uint32_t)tsc_khz);
        mdl_cyc_add(&p->aperf, &p->aperf_rem, dt, p->eff_khz);
        const struct sim_cpu *sib = topo_sibling(c, p);
        double w = sim_power_active_w(&c->pw, p->eff_khz, sib && sib->c0);
        p->energy_j += w * (double)dt * 1e-9;
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

/* @q runs at @e kHz with @sh permille of its core from @t. */
static void retune_cpu(struct sim_ctx *c, struct sim_cpu *q, uint64_t t, uint32_t e, uint32_t sh)
{
    mach_fold(c, q, t);
    if (q->c0)
        report(c, HW_RATE_CHANGING, q, t); /* progress so far ran at the old rate */
    bool moved = e != q->eff_khz;
    q->eff_khz = e;
    q->share_pm = sh;
    if (q->c0)
        report(c, HW_RATE_CHANGED, q, t);
    /* The clock's relock halts a running core (plat.pstate_stall):
     * on a shared domain every member in C0 pays for each change. */
    if (moved && q->c0 && q->nr && c->plat->pstate_stall_ns) {
        uint64_t from = q->stall_until > t ? q->stall_until : t;
        report(c, HW_STALL, q, from + c->plat->pstate_stall_ns);
    }
}

/* The highest request among domain [df, df + dn)'s CPUs in C0 (0: none). */
static uint32_t dom_scan_max(const struct sim_ctx *c, uint32_t df, uint32_t dn)
{
    uint32_t m = 0;
    for (uint32_t j = df; j < df + dn; j++)
        if (c->cpu[j].c0 && c->cpu[j].req_khz > m)
            m = c->cpu[j].req_khz;
    return m;
}

/* @p's domain after its C0 state or request moved from @was_c0 / @was_req:
 * its CPUs in C0 and their highest request (the rule's vote,
 * topo_view_range_eff), rescanned only when the highest one leaves. */
static void dom_vote(struct sim_ctx *c, const struct sim_cpu *p, bool was_c0, uint32_t was_req)
{
    uint32_t d = p->dom_first, *max = &c->dom_max[d];
    c->dom_nc0[d] += (uint32_t)p->c0 - (uint32_t)was_c0;
    if (p->c0 && p->req_khz >= *max)
        *max = p->req_khz;
    else if (was_c0 && was_req == *max)
        *max = dom_scan_max(c, d, p->dom_n);
}

/* Re-evaluate the running frequency (the P-state rule, topo.c) and SMT
 * share of every CPU in the domains that hold CPUs [first, first + n),
 * after a change at time t: @p entered or left C0 (only its core's shares
 * can move), or with @p NULL a request changed (no share moves). A domain
 * with a CPU in C0 runs at one frequency (dom_eff, 0 when its CPUs each
 * keep their own): while that stays, only @p's core is looked at. */
static void retune(struct sim_ctx *c, uint64_t t, uint32_t first, uint32_t n,
                   const struct sim_cpu *p)
{
    struct topo_view v = topo_view_of(c);
    uint32_t i = first, eff[SIM_MAX_CPUS];
    uint32_t cores = c->pkg_cores[c->cpu[first].pkg_first]; /* [first, first + n) is in one package */
    while (i < first + n) {
        uint32_t df = c->cpu[i].dom_first, dn = c->cpu[i].dom_n, lo = df, hi = df + dn;
        uint32_t e = c->dom_nc0[df] ? topo_turbo_clamp(c->plat, c->dom_max[df], cores) : 0;
        if (e && e == c->dom_eff[df]) { /* every member already runs at e */
            if (!p || p->dom_first != df)
                lo = hi;
            else if (p->sib >= 0) { /* its two threads, in index order */
                lo = p->id < (uint32_t)p->sib ? p->id : (uint32_t)p->sib;
                hi = lo + 2;
            } else {
                lo = p->id;
                hi = lo + 1;
            }
        }
        if (!e) /* no CPU in C0: each keeps its own */
            topo_view_range_eff(&v, df, dn, cores, eff);
        for (uint32_t j = lo; j < hi; j++) {
            struct sim_cpu *q = &c->cpu[j];
            uint32_t ej = e ? e : eff[j - df];
            bool own = p && (q == p || (int32_t)j == p->sib);
            uint32_t sh = own ? topo_share_pm(c, q) : q->share_pm;
            if (ej != q->eff_khz || sh != q->share_pm)
                retune_cpu(c, q, t, ej, sh);
        }
        c->dom_eff[df] = e;
        i = df + dn;
    }
}

void mach_set_c0(struct sim_ctx *c, struct sim_cpu *p, bool on, uint64_t t)
{
    if (p->c0 == on)
        return;
    mach_fold(c, p, t);
    struct sim_cpu *s = topo_sibling(c, p);
    if (s)
        mach_fold(c, s, t); /* its power share changes */
    p->c0 = on;
    dom_vote(c, p, !on, p->req_khz);
    c->n_active += on ? 1u : (uint32_t)-1;
    /* Turbo bins count a package's cores: a change in its active cores (the
     * core's, unless its other thread is in C0) retunes the whole package
     * when it moves the bin's cap. The clamp is min(max(khz, min ratio),
     * cap) with cap its value at UINT32_MAX, so an equal cap clamps every
     * request alike and only the CPU's own domain can change. */
    if (!(s && s->c0)) {
        uint32_t *cores = &c->pkg_cores[p->pkg_first];
        uint32_t cap = topo_turbo_clamp(c->plat, UINT32_MAX, *cores);
        *cores += on ? 1u : (uint32_t)-1;
        if (topo_turbo_clamp(c->plat, UINT32_MAX, *cores) != cap) {
            retune(c, t, p->pkg_first, p->pkg_n, p);
            return;
        }
    }
    retune(c, t, p->dom_first, p->dom_n, p);
}

void mach_request_khz(struct sim_ctx *c, struct sim_cpu *p, uint32_t khz, uint64_t t)
{
    if (khz == p->req_khz)
        return;
    uint32_t was = p->req_khz;
    p->freq_changes++;
    p->req_khz = khz;
    dom_vote(c, p, p->c0, was);
    retune(c, t, p->id, 1, NULL); /* the domain's resolved request may change for every member */
}

/*
 * pcc-cpufreq: every request is a firmware call through one channel shared
 * by all CPUs under one lock. The requesting CPU spins until the channel is
 * free and its call has completed (pcc_call_ns each, serialised); the
 * firmware grants whole percent of nominal. An idle CPU's request (from a
 * kept tick) spins in C0, so that time is not idle to the governor. The
 * request runs in the governor's work item, which cpufreq keeps to one per
 * policy: until it ends, the CPU's hooks start no other (pol_hook), so the
 * queue holds at most one request per CPU and a long wait stretches that
 * CPU's sampling period instead of piling up requests.
 */
uint32_t mach_pcc_request(struct sim_ctx *c, struct sim_cpu *p, uint32_t khz)
{
    uint64_t start = c->pcc_busy_until > c->now ? c->pcc_busy_until : c->now;
    uint64_t end = start + c->plat->pcc_call_ns;
    uint32_t nominal = c->plat->max_ratio * c->plat->scaling_khz;
    uint32_t pct = (uint32_t)((uint64_t)khz * 100u / nominal);
    c->pcc_busy_until = end;
    c->pcc_calls++;
    c->pcc_wait_ns += start - c->now;
    p->gov_work_until = end;
    report(c, HW_STALL, p, end);
    report(c, HW_SPIN, p, end); /* an idle CPU's wait is not idle time */
    if (c->plat->pcc_stall == PCC_STALL_SMI) {
        /* As an SMI the call holds every CPU: busy ones lose its length
         * (HW_SMI), and nothing falls due on any CPU until the window of
         * back-to-back calls ends (sim_run). A waiter spins only while every
         * CPU is in SMM, so the lock costs it no more than the SMI costs
         * everyone; its own call is what it adds. */
        if (c->now >= c->smm_until)
            c->smm_from = c->now;
        c->smm_until = end;
        for (uint32_t i = 0; i < c->ncpu; i++)
            if (i != p->id)
                report(c, HW_SMI, &c->cpu[i], c->plat->pcc_call_ns);
    }
    return (uint32_t)((uint64_t)nominal * pct / 100u);
}

void mach_init(struct sim_ctx *c)
{
    struct topo_view v = topo_view_of(c);
    c->pw = sim_power_fit(c->plat);
    c->n_active = 0;
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *p = &c->cpu[i];
        p->id = i;
        uint32_t sib = topo_plat_sibling(c->plat, c->ncpu, i);
        p->sib = sib == UINT32_MAX ? -1 : (int32_t)sib;
        p->req_khz = c->plat->max_ratio * c->plat->scaling_khz;
        topo_view_package(&v, i, &p->pkg_first, &p->pkg_n);
        topo_view_domain(&v, i, &p->dom_first, &p->dom_n);
        if (i == p->pkg_first)
            c->pkg_cores[i] = topo_view_active_cores(&v, i);
    }
    for (uint32_t i = 0; i < c->ncpu; i++)
        if (i == c->cpu[i].dom_first) { /* the next retune looks at every member */
            c->dom_nc0[i] = 0;
            for (uint32_t j = i; j < i + c->cpu[i].dom_n; j++)
                c->dom_nc0[i] += c->cpu[j].c0;
            c->dom_max[i] = dom_scan_max(c, i, c->cpu[i].dom_n);
            c->dom_eff[i] = 0;
        }
    for (uint32_t i = 0; i < c->ncpu; i++) {
        struct sim_cpu *p = &c->cpu[i];
        p->hw_t = c->now;
        p->cstate = 6;
        /* Firmware leaves every core at the nominal frequency. */
        p->req_khz = c->plat->max_ratio * c->plat->scaling_khz;
        p->share_pm = 1000;
        p->eff_khz = topo_turbo_clamp(c->plat, p->req_khz, 1);
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
