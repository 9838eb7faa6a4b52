/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace govern (govern.h, docs/trace.md).
 *
 * Open loop: the recording says when each CPU ran something; each policy's
 * libpgov instances see, through a hw.h vtable, counters that such a CPU
 * would have produced at the frequency it runs at (MPERF at the TSC rate
 * and APERF at that frequency while busy, idle time while idle): not its
 * request but what pgov-sim's P-state rule (topo.c) makes of the requests
 * and busy states of its package's CPUs. The utilization hook is called
 * after every scheduling event of a CPU (the kernel calls it at
 * enqueue/dequeue) and on every tick while busy; schedutil gets the CPU's
 * rebuilt cfs + rt + dl utilization (signals.c, through pgt_platform.hook)
 * before each call. The recorded frequency (cpu_frequency events) is
 * accounted the same way beside them.
 *
 * power:pstate_sample: each recorded sample carries the deltas the kernel
 * decided on, its `from` P-state and its iowait boost. They are fed to the
 * decision layer (pgov_pstate_decide) with a state rebuilt from exactly
 * those, and the resulting P-state is compared with the sample's `to`.
 *
 * Energy is pgov-sim's power model (sim_power_active_w) while busy, shared
 * by two SMT threads busy together, and w_c1 while idle.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "govern_int.h"
#include "model/counters.h"
#include "model/pstate_rule.h"

static void gfail(struct gv *g, const struct gv_col *c, const char *what, int e)
{
    if (e >= 0 || g->fail)
        return;
    g->fail = 1;
    snprintf(g->err, g->errlen, "%s: policy '%s' (%s): %s failed: %s", g->t->path,
             c ? c->pol->label : "-", c ? c->pol->text : "-", what, pgov_strerror(e));
}

static uint64_t tsc_khz(const struct gv *g)
{
    return (uint64_t)g->pl->max_ratio * g->pl->scaling_khz;
}

/* --html: busy time of [a, b) (in the window) into its time buckets. */
static void bucket_add(const struct gv *g, struct gv_cpu *p, uint64_t a, uint64_t b)
{
    while (p->busy && a < b) {
        uint64_t k = (a - g->w0) / g->bw;
        k = k < GV_NB ? k : GV_NB - 1;
        uint64_t e = k == GV_NB - 1 ? b : g->w0 + (k + 1) * g->bw;
        e = e < b ? e : b;
        double w = (double)(e - a);
        p->bk[k] += w;
        if (p->khz) {
            p->bk[GV_NB + k] += w;
            p->bk[2 * GV_NB + k] += p->khz / 1000.0 * w;
        }
        a = e;
    }
}

/* Account [p->t, ts) at the current frequency and busy state. */
static void fold(struct gv *g, struct gv_cpu *p, uint64_t ts)
{
    if (ts <= p->t)
        return;
    uint64_t dt = ts - p->t;
    if (p->busy) {
        mdl_cyc_add(&p->aperf, &p->arem, dt, p->khz);
        mdl_cyc_add(&p->mperf, &p->mrem, dt, (uint32_t)tsc_khz(g));
    } else {
        p->idle_ns += dt;
    }
    uint64_t a = p->t > g->w0 ? p->t : g->w0, b = ts < g->w1 ? ts : g->w1;
    if (b > a) {
        double w = (double)(b - a);
        if (p->bk)
            bucket_add(g, p, a, b);
        p->win_ns += w;
        if (p->busy && !p->khz) {
            p->busy_ns += w; /* recorded, before any cpu_frequency event of this CPU */
            p->unknown_ns += w;
        } else if (p->busy) {
            p->busy_ns += w;
            p->mhz_busy_ns += p->khz / 1000.0 * w;
            uint32_t bin = p->khz / 100000u;
            p->resid[bin < NBINS ? bin : NBINS - 1] += w;
            p->energy_j += sim_power_active_w(&g->pw, p->khz, p->sib && p->sib->busy) * w * 1e-9;
        } else {
            p->energy_j += g->pl->w_c1 * w * 1e-9; /* idle: C1 power */
        }
    }
    p->t = ts;
}

/* The SMT pairs of one column, by pgov-sim's rule (topo.c). */
static void siblings(const struct gv *g, struct gv_cpu *cpu)
{
    for (uint32_t i = 0; i < g->ncpu; i++) {
        uint32_t s = topo_plat_sibling(g->pl, g->ncpu, i);
        cpu[i].sib = s == UINT32_MAX ? NULL : &cpu[s];
    }
}

/* A CPU goes busy or idle at ts. Its sibling's power up to ts depends on
 * the old state (sim_power_active_w), so the sibling is folded first. */
static void set_busy(struct gv *g, struct gv_cpu *p, bool busy, uint64_t ts)
{
    if (p->sib)
        fold(g, p->sib, ts);
    p->busy = busy;
}

/* Room for two more values in a growable uint64_t array (pairs stay pairs). */
static bool room2(struct gv *g, uint64_t **a, size_t n, size_t *cap)
{
    if (n + 2 <= *cap)
        return true;
    size_t nc = *cap ? *cap * 2 : 256;
    uint64_t *b = realloc(*a, nc * sizeof(*b));
    if (!b) {
        gfail(g, NULL, "allocation", PGOV_ENOSPC);
        return false;
    }
    *a = b;
    *cap = nc;
    return true;
}

/* freq_changes counts requests (what a governor wrote, or a recorded
 * cpu_frequency event), as pgov-sim does: not the changes a shared domain
 * or a turbo bin makes to the running frequency. */
static void count_change(const struct gv *g, struct gv_cpu *p)
{
    if (g->now >= g->w0 && g->now < g->w1)
        p->changes++;
}

static void set_khz(struct gv *g, struct gv_cpu *p, uint32_t khz)
{
    fold(g, p, g->now);
    if (khz == p->khz)
        return;
    p->khz = khz;
    if (!room2(g, &p->pts, p->npts, &p->cappts))
        return;
    p->pts[p->npts++] = g->now;
    p->pts[p->npts++] = khz;
}

static struct topo_view view_of(const struct gv *g, const struct gv_col *c)
{
    return (struct topo_view){.plat = g->pl,
                              .ncpu = g->ncpu,
                              .c0 = &c->cpu[0].busy,
                              .req_khz = &c->cpu[0].req_khz,
                              .stride = sizeof(c->cpu[0])};
}

/* The hardware's P-state rule (topo.c, pgov-sim's): after @cpu went busy or
 * idle or changed its request, every CPU of its package (its domain, and
 * the turbo bin counts the package's active cores) runs at what the rule
 * gives from now on. With @init, the starting frequencies: no change is
 * counted or plotted. */
static void retune(struct gv *g, struct gv_col *c, uint32_t cpu, bool init)
{
    struct topo_view v = view_of(g, c);
    uint32_t first, n, df, dn;
    topo_view_package(&v, cpu, &first, &n);
    for (uint32_t i = first; i < first + n; i = df + dn) {
        topo_view_domain_eff(&v, i, &df, &dn, g->eff);
        for (uint32_t j = df; j < df + dn; j++) {
            if (init)
                c->cpu[j].khz = g->eff[j - df];
            else
                set_khz(g, &c->cpu[j], g->eff[j - df]);
        }
    }
}

static void request(struct gv *g, struct gv_col *c, uint32_t cpu, uint32_t khz)
{
    if (khz == c->cpu[cpu].req_khz)
        return;
    count_change(g, &c->cpu[cpu]);
    c->cpu[cpu].req_khz = khz;
    retune(g, c, cpu, false);
}

/* ------------------------------------------------------------ the HAL */

static int hw_clock(void *ctx, uint64_t *now)
{
    *now = ((struct gv_col *)ctx)->g->now;
    return 0;
}

static int hw_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    struct gv_col *c = ctx;
    if (cpu >= c->g->ncpu)
        return PGOV_EINVAL;
    fold(c->g, &c->cpu[cpu], c->g->now);
    out->aperf = c->cpu[cpu].aperf;
    out->mperf = c->cpu[cpu].mperf;
    out->tsc = mdl_tsc(tsc_khz(c->g), c->g->now);
    return 0;
}

static int hw_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    struct gv_col *c = ctx;
    if (cpu >= c->g->ncpu)
        return PGOV_EINVAL;
    mdl_hw_limits(c->g->pl, out);
    return 0;
}

static int hw_set_pstate(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t perf_ctl)
{
    struct gv_col *c = ctx;
    (void)perf_ctl;
    if (cpu >= c->g->ncpu)
        return PGOV_EINVAL;
    request(c->g, c, cpu, pstate * c->g->pl->scaling_khz);
    return 0;
}

static int hw_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct gv_col *c = ctx;
    if (cpu >= c->g->ncpu)
        return PGOV_EINVAL;
    struct gv_cpu *p = &c->cpu[cpu];
    fold(c->g, p, c->g->now);
    memset(out, 0, sizeof(*out));
    out->wall_us = c->g->now / 1000u;
    out->idle_us = p->idle_ns / 1000u;
    return 0;
}

/* Table entries and schedutil targets become a ratio as pgov-sim's
 * table drivers do (mdl_table_khz). govern models the table driver on
 * every platform: pcc-cpufreq's firmware calls stall CPUs, which an open
 * loop over a recorded schedule cannot show. */
static int hw_set_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct gv_col *c = ctx;
    if (cpu >= c->g->ncpu)
        return PGOV_EINVAL;
    request(c->g, c, cpu, mdl_table_khz(c->g->pl, khz));
    return 0;
}

/* ------------------------------------------------------------ instances */

static int col_init(struct gv *g, struct gv_col *c)
{
    const struct sim_platform *pl = g->pl;
    const struct sim_policy_spec *pol = c->pol;
    memset(&c->ops, 0, sizeof(c->ops));
    c->ops.size = sizeof(c->ops);
    c->ops.clock_ns = hw_clock;
    c->ops.read_counters = hw_counters;
    c->ops.get_limits = hw_limits;
    c->ops.set_pstate = hw_set_pstate;
    c->ops.read_idle = hw_idle;
    c->ops.set_freq_khz = hw_set_freq;
    if (pol->gov == GOV_HWP) {
        snprintf(g->err, g->errlen, "%s: policy '%s': hwp needs a model of the hardware's own "
                 "choice; pgov-trace govern drives the others (use pgov-sim for hwp)",
                 g->t->path, pol->label);
        return -1;
    }
    if (pol->gov == GOV_ONDEMAND || pol->gov == GOV_CONSERVATIVE)
        c->table_len = mdl_dbs_table(pl, c->table);
    /* Firmware leaves every CPU at the nominal frequency; performance and
     * powersave ask once for turbo and the minimum. */
    uint32_t start = pol->gov == GOV_PERFORMANCE ? pl->turbo_ratio
                     : pol->gov == GOV_POWERSAVE ? pl->min_ratio
                                                 : pl->max_ratio;
    for (uint32_t i = 0; i < g->ncpu; i++) {
        c->cpu[i].req_khz = start * pl->scaling_khz;
        c->cpu[i].t = g->t0;
    }
    for (uint32_t i = 0; i < g->ncpu; i++)
        retune(g, c, i, true);
    for (uint32_t i = 0; i < g->ncpu; i++) {
        struct gv_cpu *p = &c->cpu[i];
        size_t n = 0;
        int e = 0;
        switch (pol->gov) {
        case GOV_PERFORMANCE:
        case GOV_POWERSAVE:
            continue;
        case GOV_INTEL_PSTATE: {
            struct pgov_pstate_config cfg;
            mdl_pstate_config(pol, pl, i, g->tick_ns, &cfg);
            n = pgov_pstate_size();
            if (!(p->mem = calloc(1, n)))
                return gfail(g, c, "allocation", PGOV_ENOSPC), -1;
            e = pgov_pstate_init(p->mem, n, &cfg, &c->ops, c, (struct pgov_pstate **)&p->gov);
            gfail(g, c, "pgov_pstate_init", e);
            if (!e && (cfg.options & PGOV_PSTATE_OPT_RFC_IO_ALL))
                gfail(g, c, "pgov_pstate_attach_shared", pgov_pstate_attach_shared(p->gov, &c->shared));
            break;
        }
        case GOV_SCHEDUTIL: {
            struct pgov_sugov_config cfg;
            mdl_sugov_config(pol, pl, i, g->tick_ns, &cfg);
            n = pgov_sugov_size();
            if (!(p->mem = calloc(1, n)))
                return gfail(g, c, "allocation", PGOV_ENOSPC), -1;
            e = pgov_sugov_init(p->mem, n, &cfg, &c->ops, c, (struct pgov_sugov **)&p->gov);
            gfail(g, c, "pgov_sugov_init", e);
            break;
        }
        default: { /* ondemand, conservative */
            struct pgov_dbs_config cfg;
            mdl_dbs_config(pol, i, &cfg);
            mdl_dbs_platform(pl, g->o->hz, c->table, c->table_len, &cfg);
            n = pgov_dbs_size_cpus(1);
            if (!(p->mem = calloc(1, n)))
                return gfail(g, c, "allocation", PGOV_ENOSPC), -1;
            e = pgov_dbs_init(p->mem, n, &cfg, &c->ops, c, (struct pgov_dbs **)&p->gov);
            gfail(g, c, "pgov_dbs_init", e);
            break;
        }
        }
        if (g->fail)
            return -1;
    }
    return 0;
}

/* The request a call left, for bisect.c and --decisions (the calls are
 * the trace's, so two releases' logs pair up one to one). */
static void log_decision(struct gv *g, struct gv_col *c, uint32_t i)
{
    if (c->ndec == c->capdec) {
        size_t nc = c->capdec ? c->capdec * 2 : 4096;
        struct gv_dec *d = realloc(c->dec, nc * sizeof(*d));
        if (!d) {
            gfail(g, NULL, "allocation", PGOV_ENOSPC);
            return;
        }
        c->dec = d;
        c->capdec = nc;
    }
    c->dec[c->ndec++] = (struct gv_dec){g->now, i, c->cpu[i].req_khz};
}

static void call_hook(struct gv *g, struct gv_col *c, uint32_t i, uint32_t util)
{
    struct gv_cpu *p = &c->cpu[i];
    switch (c->pol->gov) {
    case GOV_INTEL_PSTATE:
        gfail(g, c, "pgov_pstate_update", pgov_pstate_update(p->gov, g->now, 0));
        break;
    case GOV_SCHEDUTIL:
        gfail(g, c, "pgov_sugov_set_util", pgov_sugov_set_util(p->gov, util));
        gfail(g, c, "pgov_sugov_update", pgov_sugov_update(p->gov, g->now, 0));
        break;
    case GOV_ONDEMAND:
    case GOV_CONSERVATIVE:
        gfail(g, c, "pgov_dbs_update", pgov_dbs_update(p->gov, g->now, 0));
        break;
    default:
        break;
    }
    if (g->o->log_decisions && g->now >= g->w0 && g->now < g->w1 && !g->fail)
        log_decision(g, c, i);
}

/* The ticks of every busy CPU up to ts, in time order (a tick's request
 * moves the CPUs that share its P-state: none may be folded past it), each
 * with its CPU's utilization as of its last scheduling event. */
static void ticks_until(struct gv *g, struct gv_col *c, uint64_t ts)
{
    while (!g->fail) {
        struct gv_cpu *next = NULL;
        for (uint32_t i = 0; i < g->ncpu; i++) {
            struct gv_cpu *p = &c->cpu[i];
            if (p->busy && p->next_tick <= ts && (!next || p->next_tick < next->next_tick))
                next = p;
        }
        if (!next)
            return;
        g->now = next->next_tick;
        fold(g, next, g->now);
        call_hook(g, c, (uint32_t)(next - c->cpu), g->util[next - c->cpu]);
        next->next_tick += g->tick_ns;
    }
}

static void hook(void *arg, const struct pgt_cpu_state *s)
{
    struct gv *g = arg;
    if (g->fail || s->cpu >= g->ncpu)
        return;
    uint32_t util = s->util_cfs > s->util_est ? s->util_cfs : s->util_est;
    util += s->util_rt + s->util_dl;
    util = util > 1024 ? 1024 : util;
    for (uint32_t k = 0; k < g->ncol; k++) {
        struct gv_col *c = &g->col[k];
        struct gv_cpu *p = &c->cpu[s->cpu];
        ticks_until(g, c, s->ts);
        g->now = s->ts;
        fold(g, p, s->ts);
        /* offline from a teardown step to the CPU's next sched_switch */
        if (s->type == PGT_HOTPLUG)
            p->offline = true;
        else if (s->type == PGT_SWITCH)
            p->offline = false;
        bool busy = s->curr != 0 && !p->offline;
        if (busy && !p->busy)
            p->next_tick = s->ts + g->tick_ns;
        if (busy != p->busy) {
            set_busy(g, p, busy, s->ts);
            retune(g, c, s->cpu, false);
        }
        call_hook(g, c, s->cpu, util);
    }
    g->util[s->cpu] = util;
}

/* The recording: busy from sched_switch, frequency from cpu_frequency. */
static void recorded(struct gv *g, struct gv_col *c)
{
    for (uint32_t i = 0; i < g->ncpu; i++) {
        c->cpu[i].t = g->t0;
        c->cpu[i].khz = 0;
    }
    for (size_t j = 0; j < g->t->n && !g->fail; j++) {
        const struct pgt_event *e = &g->t->ev[j];
        g->now = e->ts;
        if (e->type == PGT_SWITCH && e->cpu < g->ncpu) {
            struct gv_cpu *p = &c->cpu[e->cpu];
            fold(g, p, e->ts);
            bool busy = e->pid2 != 0;
            if (busy != p->busy) {
                if (!room2(g, &p->busyiv, p->nbusy, &p->capbusy))
                    return;
                p->busyiv[p->nbusy++] = e->ts; /* start, or the end of the open interval */
            }
            set_busy(g, p, busy, e->ts);
        } else if (e->type == PGT_HOTPLUG && !e->x[1] && e->x[0] < g->ncpu) {
            struct gv_cpu *p = &c->cpu[e->x[0]]; /* teardown: as the hook, not busy */
            fold(g, p, e->ts);
            if (p->busy)
                p->busyiv[p->nbusy++] = e->ts; /* open interval: room by the even capacity */
            set_busy(g, p, false, e->ts);
        } else if (e->type == PGT_FREQ && e->x[1] < g->ncpu) {
            struct gv_cpu *p = &c->cpu[e->x[1]];
            if (e->x[0] != p->khz)
                count_change(g, p);
            set_khz(g, p, e->x[0]);
        }
    }
}

/* ------------------------------------------------------------ pstate_sample */

struct gv_pss {
    uint64_t n, exact, busy_exact, skipped;
    char first_diff[200];
};

/* fp8 iowait boost from the sample's percent (powers of two, 0..256). */
static uint32_t boost_of_pct(uint32_t pct)
{
    for (uint32_t b = 0; b <= 256; b++)
        if ((b * 100u) >> 8 == pct)
            return b;
    return 256;
}

static void pstate_samples(struct gv *g, const struct sim_policy_spec *pol, struct gv_pss *r)
{
    struct pgov_pstate_config cfg;
    struct pgov_pstate_params prm;
    struct pgov_hw_limits plat;
    struct pgov_pstate_bounds b;
    struct pgov_pstate_limits lim;
    memset(r, 0, sizeof(*r));
    mdl_pstate_config(pol, g->pl, 0, g->tick_ns, &cfg);
    hw_limits(&g->col[0], 0, &plat);
    memset(&lim, 0, sizeof(lim));
    lim.size = sizeof(lim);
    lim.max_perf_fp = 256; /* the whole range: traces do not carry the sysfs limits */
    lim.min_ratio = plat.min_pstate;
    lim.max_ratio = plat.turbo_pstate;
    if (pgov_pstate_params_init(&prm, &cfg) || pgov_pstate_bounds_init(&prm, &plat, &lim, &b)) {
        r->skipped = UINT64_MAX;
        return;
    }
    struct pgov_pstate_state *st = calloc(g->ncpu, sizeof(*st));
    if (!st) {
        gfail(g, NULL, "allocation", PGOV_ENOSPC);
        return;
    }
    for (uint32_t i = 0; i < g->ncpu; i++)
        if (pgov_pstate_state_reset(&st[i], &prm, &plat))
            r->skipped = UINT64_MAX;
    bool load = prm.profile == PGOV_PSTATE_PROF_LOAD_4_17 || prm.profile == PGOV_PSTATE_PROF_LOAD_6_19 ||
                prm.profile == PGOV_PSTATE_PROF_LOAD_4_13;
    for (size_t j = 0; j < g->t->n && r->skipped != UINT64_MAX; j++) {
        const struct pgt_event *e = &g->t->ev[j];
        if (e->type != PGT_PSTATE)
            continue;
        uint32_t i = e->cpu < g->ncpu ? e->cpu : 0;
        struct pgov_pstate_state *s = &st[i];
        /* absolute counters: the previous ones plus the sample's deltas */
        struct pgov_pstate_input in = {e->ts, s->prev_aperf + e->v[1], s->prev_mperf + e->v[0],
                                       s->prev_tsc + e->v[2], 0, PGOV_PSTATE_EV_UPDATE, 0};
        if (!e->v[0] || !e->v[2] || e->x[2] == 0 || prm.profile == PGOV_PSTATE_PROF_PID_4_5 ||
            prm.profile == PGOV_PSTATE_PROF_ATOM_4_5) {
            r->skipped++;
            continue;
        }
        s->pstate = e->x[2];                  /* from */
        s->time_ns = e->ts - prm.sample_ns;   /* the interval has passed */
        s->last_time_ns = s->time_ns;
        if (load) {
            uint32_t want = boost_of_pct((uint32_t)e->v[4]);
            s->last_update_ns = e->ts; /* within a tick: the boost is not dropped */
            if (prm.profile == PGOV_PSTATE_PROF_LOAD_6_19 && want >= 32) {
                in.flags = PGOV_UPDATE_IOWAIT; /* doubles (or restarts at 1/8) */
                s->iowait_boost = want / 2;
            } else {
                s->iowait_boost = want * 2 > 256 ? 256 : want * 2; /* halved on the way */
            }
        }
        struct pgov_pstate_result res;
        int rc = pgov_pstate_decide(&prm, &plat, &b, s, &in, &res);
        r->n++;
        if (rc) {
            if (!r->first_diff[0])
                snprintf(r->first_diff, sizeof(r->first_diff), "%s:%u: decide failed: %s",
                         g->t->path, e->line, pgov_strerror(rc));
            continue;
        }
        if (res.pstate == e->x[3])
            r->exact++;
        else if (!r->first_diff[0])
            snprintf(r->first_diff, sizeof(r->first_diff),
                     "%s:%u: cpu %u: recomputed %u, recorded to=%u (from=%u, busy %u%%)", g->t->path,
                     e->line, i, res.pstate, e->x[3], e->x[2], e->x[1]);
        if ((res.have & PGOV_PSTATE_HAVE_DECIDE) && (uint32_t)(s->busy_scaled >> 8) == e->x[1])
            r->busy_exact++;
    }
    free(st);
}

/* ------------------------------------------------------------ output */

static const char *col_name(const struct gv *g, uint32_t k)
{
    return k == REC ? "recorded" : g->col[k].pol->label;
}

static void report(struct gv *g, FILE *o, const struct gv_col *rec)
{
    const bool tsv = g->o->tsv;
    uint32_t cols[GV_MAX_POLICIES + 1], nc = 0;
    cols[nc++] = REC;
    for (uint32_t k = 0; k < g->ncol; k++)
        cols[nc++] = k;
    const struct gv_col *cc[GV_MAX_POLICIES + 1];
    for (uint32_t k = 0; k < nc; k++)
        cc[k] = cols[k] == REC ? rec : &g->col[cols[k]];
    if (tsv) {
        fprintf(o, "cpu\tcolumn\tmetric\tvalue\n");
    } else {
        fprintf(o, "govern: %s, %u CPUs, platform %s, domain %s, window %.6f .. %.6f s\n", g->t->path,
                g->ncpu, g->pl->name, gv_domain_name(g->pl), (double)(g->w0 - g->t0) / 1e9,
                (double)(g->w1 - g->t0) / 1e9);
        for (uint32_t k = 1; k < nc; k++)
            fprintf(o, "  %-12s %s\n", col_name(g, cols[k]), g->col[cols[k]].pol->text);
        fprintf(o, "%-24s", "");
        for (uint32_t k = 0; k < nc; k++)
            fprintf(o, " %12s", col_name(g, cols[k]));
        fprintf(o, "\n");
    }
    for (uint32_t i = 0; i <= g->ncpu; i++) { /* i == ncpu: all CPUs */
        char cpu[16];
        snprintf(cpu, sizeof(cpu), i < g->ncpu ? "cpu%u" : "all", i);
        static const char *const names[] = {"busy_mhz", "busy_pct", "energy_j", "freq_changes"};
        for (int m = 0; m < 4; m++) {
            if (!tsv)
                fprintf(o, "%-6s %-17s", cpu, names[m]);
            for (uint32_t k = 0; k < nc; k++) {
                double busy = 0, win = 0, mhz = 0, en = 0, ch = 0, unk = 0;
                for (uint32_t x = i < g->ncpu ? i : 0; x < (i < g->ncpu ? i + 1 : g->ncpu); x++) {
                    const struct gv_cpu *p = &cc[k]->cpu[x];
                    busy += p->busy_ns, win += p->win_ns, mhz += p->mhz_busy_ns;
                    en += p->energy_j, ch += p->changes, unk += p->unknown_ns;
                }
                double v = m == 0 ? (busy > unk ? mhz / (busy - unk) : 0)
                           : m == 1 ? (win > 0 ? 100.0 * busy / win : 0)
                           : m == 2 ? en : ch;
                bool na = (m == 0 || m == 2) && unk > 0;
                if (tsv)
                    fprintf(o, na ? "%s\t%s\t%s\t-\n" : "%s\t%s\t%s\t%.6g\n", cpu,
                            col_name(g, cols[k]), names[m], v);
                else if (na)
                    fprintf(o, " %12s", "-");
                else
                    fprintf(o, m == 3 ? " %12.0f" : " %12.3f", v);
            }
            if (!tsv)
                fprintf(o, "\n");
        }
        for (uint32_t bin = 0; bin < NBINS && i < g->ncpu; bin++) {
            bool any = false;
            for (uint32_t k = 0; k < nc; k++)
                any |= cc[k]->cpu[i].resid[bin] > 0;
            if (!any)
                continue;
            char name[32];
            snprintf(name, sizeof(name), "res_%u_mhz", bin * 100);
            if (!tsv)
                fprintf(o, "%-6s %-17s", cpu, name);
            for (uint32_t k = 0; k < nc; k++) {
                const struct gv_cpu *p = &cc[k]->cpu[i];
                double known = p->busy_ns - p->unknown_ns;
                double v = known > 0 ? 100.0 * p->resid[bin] / known : 0;
                if (tsv)
                    fprintf(o, "%s\t%s\t%s\t%.6g\n", cpu, col_name(g, cols[k]), name, v);
                else
                    fprintf(o, " %11.2f%%", v);
            }
            if (!tsv)
                fprintf(o, "\n");
        }
    }
    if (!tsv)
        fprintf(o, "busy_mhz: mean frequency while busy; res_N_mhz: share of busy time at N..N+99 MHz; "
                   "'-': busy time before the CPU's first cpu_frequency event (frequency unknown)\n");
}


static int gnomem(struct gv *g)
{
    gfail(g, NULL, "allocation", PGOV_ENOSPC);
    return -1;
}

/* The window, the columns' per-CPU state and (--html) their plot buckets. */
static int gv_setup(struct gv *g, struct gv_col *rec, const struct pgt_trace *t,
                    const struct gv_opts *opts, char *err, size_t errlen)
{
    memset(g, 0, sizeof(*g));
    g->t = t;
    g->o = opts;
    g->pl = opts->plat;
    g->ncpu = t->ncpu;
    g->err = err;
    g->errlen = errlen;
    g->t0 = t->ev[0].ts;
    g->w0 = g->t0 + opts->from_ns;
    g->w1 = opts->to_ns == UINT64_MAX ? t->ev[t->n - 1].ts : g->t0 + opts->to_ns;
    if (g->w1 > t->ev[t->n - 1].ts)
        g->w1 = t->ev[t->n - 1].ts;
    *rec = (struct gv_col){.g = g};
    if (g->w1 <= g->w0) {
        snprintf(err, errlen, "%s: --from/--to: empty window (the trace spans %.6f s)", t->path,
                 (double)(t->ev[t->n - 1].ts - g->t0) / 1e9);
        return -1;
    }
    g->tick_ns = PGOV_TICK_NSEC(opts->hz);
    g->pw = sim_power_fit(g->pl);
    rec->cpu = calloc(g->ncpu, sizeof(*rec->cpu));
    g->ncol = opts->npol;
    for (uint32_t k = 0; k < g->ncol; k++) {
        g->col[k].g = g;
        g->col[k].pol = &opts->pol[k];
        g->col[k].cpu = calloc(g->ncpu, sizeof(struct gv_cpu));
        if (!g->col[k].cpu)
            return gnomem(g);
    }
    if (!rec->cpu)
        return gnomem(g);
    g->bw = (g->w1 - g->w0 + GV_NB - 1) / GV_NB;
    for (uint32_t k = 0; k <= g->ncol && opts->html; k++)
        for (uint32_t i = 0; i < g->ncpu; i++) {
            struct gv_cpu *p = k < g->ncol ? &g->col[k].cpu[i] : &rec->cpu[i];
            if (!(p->bk = calloc(3 * GV_NB, sizeof(double))))
                return gnomem(g);
        }
    for (uint32_t k = 0; k <= g->ncol; k++)
        siblings(g, k < g->ncol ? g->col[k].cpu : rec->cpu);
    for (uint32_t k = 0; k < g->ncol; k++)
        if (col_init(g, &g->col[k]))
            return -1;
    return 0;
}

/* Every policy over the recorded schedule (the signal rebuild's hook), to
 * the trace's end; then the recorded frequencies as the reference column. */
static int gv_simulate(struct gv *g, struct gv_col *rec, const struct pgt_platform *sigplat)
{
    const struct pgt_trace *t = g->t;
    struct pgt_platform sp = *sigplat;
    sp.hook = hook;
    sp.hook_arg = g;
    struct pgt_signals s;
    if (pgt_signals_run(t, &sp, false, &s, g->err, g->errlen))
        return -1;
    pgt_signals_free(&s);
    if (g->fail)
        return -1;
    uint64_t end = t->ev[t->n - 1].ts;
    for (uint32_t k = 0; k < g->ncol; k++) {
        ticks_until(g, &g->col[k], end);
        for (uint32_t i = 0; i < g->ncpu; i++) {
            g->now = end;
            fold(g, &g->col[k].cpu[i], end);
        }
    }
    recorded(g, rec);
    for (uint32_t i = 0; i < g->ncpu; i++) {
        fold(g, &rec->cpu[i], end);
        if (rec->cpu[i].nbusy % 2 && rec->cpu[i].busyiv)
            rec->cpu[i].busyiv[rec->cpu[i].nbusy++] = end; /* capacity is even: room for it */
    }
    return g->fail ? -1 : 0;
}

/* Each intel_pstate policy's recomputation of the recorded pstate_sample events. */
static void gv_pstate_lines(struct gv *g, FILE *to)
{
    const struct gv_opts *opts = g->o;
    uint64_t npss = 0;
    for (size_t j = 0; j < g->t->n; j++)
        npss += g->t->ev[j].type == PGT_PSTATE;
    for (uint32_t k = 0; k < g->ncol && npss && !opts->quiet; k++) {
        if (opts->pol[k].gov != GOV_INTEL_PSTATE)
            continue;
        struct gv_pss r;
        pstate_samples(g, &opts->pol[k], &r);
        if (r.skipped == UINT64_MAX) {
            fprintf(to, "pstate_sample: policy '%s': profile not valid for the platform\n",
                    opts->pol[k].label);
            continue;
        }
        fprintf(to, "pstate_sample: policy '%s': %llu of %llu recorded samples recomputed exactly "
                   "(to), busy exact %llu, %llu not recomputable (PID v4.5 timer or empty deltas)\n",
                opts->pol[k].label, (unsigned long long)r.exact, (unsigned long long)r.n,
                (unsigned long long)r.busy_exact, (unsigned long long)r.skipped);
        if (r.first_diff[0])
            fprintf(to, "pstate_sample: first difference: %s\n", r.first_diff);
    }
    if (!npss && !opts->tsv && !opts->quiet)
        fprintf(to, "pstate_sample: none in the trace (intel_pstate in active mode emits them)\n");
}

/* The report on o (and, with --html, the same text into the page), the SVG. */
static void gv_write(struct gv *g, struct gv_col *rec, FILE *o, FILE *svgf)
{
    const struct gv_opts *opts = g->o;
    char *tb = NULL;
    size_t tl = 0;
    FILE *to = opts->html ? open_memstream(&tb, &tl) : o;
    if (!to) {
        gfail(g, NULL, "allocation", PGOV_ENOSPC);
        return;
    }
    if (opts->profile && !opts->quiet)
        fputs(opts->profile, to);
    if (!opts->quiet)
        report(g, to, rec);
    gv_pstate_lines(g, to);
    if (svgf)
        gv_svg(g, svgf, rec);
    if (opts->html) {
        if (fclose(to) || !tb)
            gfail(g, NULL, "allocation", PGOV_ENOSPC);
        else
            fwrite(tb, 1, tl, o);
        if (!g->fail)
            gv_html(g, rec, opts->html, tb, tl);
        free(tb);
    }
}

static void gv_free(struct gv *g, struct gv_col *rec)
{
    for (uint32_t k = 0; k < g->ncol; k++) {
        for (uint32_t i = 0; g->col[k].cpu && i < g->ncpu; i++) {
            free(g->col[k].cpu[i].mem);
            free(g->col[k].cpu[i].pts);
            free(g->col[k].cpu[i].bk);
        }
        free(g->col[k].cpu);
        free(g->col[k].dec);
    }
    for (uint32_t i = 0; rec->cpu && i < g->ncpu; i++) {
        free(rec->cpu[i].pts);
        free(rec->cpu[i].busyiv);
        free(rec->cpu[i].bk);
    }
    free(rec->cpu);
}

int gv_run(const struct pgt_trace *t, const struct pgt_platform *sigplat, const struct gv_opts *opts,
           FILE *o, FILE *svgf, char *err, size_t errlen)
{
    static struct gv g;
    struct gv_col rec;
    int rc = -1;
    if (!gv_setup(&g, &rec, t, opts, err, errlen) && !gv_simulate(&g, &rec, sigplat)) {
        gv_write(&g, &rec, o, svgf);
        if (opts->done && !g.fail)
            opts->done(opts->done_arg, &g);
        rc = g.fail ? -1 : 0;
    }
    gv_free(&g, &rec);
    return rc;
}
