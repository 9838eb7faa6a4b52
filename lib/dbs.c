/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand and conservative (docs/spec/ondemand.md sections 1-6), the
 * decisions: the common load estimator, both governors, the tunable stores,
 * the core's request path and the open loop. The HAL-bound instance is in
 * lib/dbs_gov.c.
 *
 * Every computation happens on a copy of the mutable governor state
 * (struct dbs_mut) and on per-CPU scratch fields, and is committed only once
 * the hardware callbacks have succeeded, so a failing backend leaves the
 * instance exactly as it was.
 */
/* The library implements the experimental variants (docs/abi.md). */
#define PGOV_EXPERIMENTAL 1
#include "pgov/dbs.h"
#include "pgov/kver.h"

#include "internal/compiler.h"
#include "internal/dbs_impl.h"
#include "internal/freq_table.h"
#include "internal/sized.h"

#define DBS_TUN_ALL 0xFFu

/* ---------------------------------------------------------------- defaults */

static int dbs_profile(uint32_t kver, uint32_t *out)
{
    uint32_t r;

    if (!pgov_kver_valid(kver))
        return PGOV_ENOTSUP;
    r = pgov_kver_resolve(kver);
    if (r < PGOV_KVER_4_17)
        return PGOV_ENOTSUP;
    *out = r >= PGOV_KVER_6_18 ? PGOV_KVER_6_18 : r >= PGOV_KVER_5_0 ? PGOV_KVER_5_0 : PGOV_KVER_4_17;
    return PGOV_OK;
}

/* Linux 6.1.z with z >= @z (the stable updates dbs.h lists), for a
 * conservative instance. */
static bool dbs_stable_6_1(const struct pgov_dbs_config *cfg, uint32_t z)
{
    return cfg->gov == PGOV_DBS_CONSERVATIVE && cfg->kver == PGOV_KVER_6_1 &&
           PGOV_SIZED_FIELD(struct pgov_dbs_config, cfg, kver_stable, 0u) >= z;
}

static int plat_check(const struct pgov_dbs_platform *p)
{
    if (p->hz > 100000u || (p->flags & ~PGOV_DBS_PLAT_NO_NOHZ) ||
        p->vendor > PGOV_DBS_VENDOR_X86 || p->reserved)
        return PGOV_EINVAL;
    return PGOV_OK;
}

/* Two ticks in us: the floor of sampling_rate (docs/spec/ondemand.md 2.1). */
static uint32_t min_interval_us(const struct pgov_dbs_platform *p)
{
    uint32_t hz = p->hz ? p->hz : 250u;
    uint32_t tick_ns = (1000000000u + hz / 2u) / hz;

    return (2u * tick_ns) / 1000u;
}

static void dbs_defaults(uint32_t gov, bool kver_6_18, const struct pgov_dbs_platform *p,
                         struct pgov_dbs_tunables *t)
{
    uint32_t delay;

    if (p->transition_delay_us) {
        delay = p->transition_delay_us;
    } else {
        uint32_t lat = p->transition_latency_ns / 1000u;

        if (!lat)
            delay = 1000u;
        else if (kver_6_18)
            delay = lat + lat / 2u;
        else
            delay = lat * 1000u < 10000u ? lat * 1000u : 10000u;
    }
    t->sampling_rate = min_interval_us(p);
    t->ignore_nice_load = 0;
    t->io_is_busy = 0;
    t->powersave_bias = 0;
    t->down_threshold = 0;
    t->freq_step = 0;
    if (delay > t->sampling_rate)
        t->sampling_rate = delay;
    t->sampling_down_factor = 1;
    if (gov == PGOV_DBS_ONDEMAND) {
        t->up_threshold = (p->flags & PGOV_DBS_PLAT_NO_NOHZ) ? 80u : 95u;
        if (p->vendor == PGOV_DBS_VENDOR_INTEL) {
            if (kver_6_18)
                t->io_is_busy = p->family > 6u || (p->family == 6u && p->model >= 1u);
            else
                t->io_is_busy = p->family == 6u && p->model >= 15u;
        }
    } else {
        t->up_threshold = 80;
        t->down_threshold = 20;
        t->freq_step = 5;
    }
}

int pgov_dbs_defaults(uint32_t gov, uint32_t kver, const struct pgov_dbs_platform *plat,
                      struct pgov_dbs_tunables *out)
{
    uint32_t prof;
    int err;

    if (!plat || !out)
        return PGOV_EINVAL;
    if (gov > PGOV_DBS_CONSERVATIVE || plat_check(plat))
        return PGOV_EINVAL;
    err = dbs_profile(kver, &prof);
    if (err)
        return err;
    dbs_defaults(gov, prof == PGOV_KVER_6_18, plat, out);
    return PGOV_OK;
}

/* ---------------------------------------------------------------- stores */

/* Does the governor have tunable @id? */
static bool tun_known(uint32_t gov, uint32_t id)
{
    if (id > PGOV_DBS_FREQ_STEP)
        return false;
    if (gov == PGOV_DBS_ONDEMAND)
        return id != PGOV_DBS_DOWN_THRESHOLD && id != PGOV_DBS_FREQ_STEP;
    return id != PGOV_DBS_IO_IS_BUSY && id != PGOV_DBS_POWERSAVE_BIAS;
}

/*
 * Validate one store against the tunables in force (@t) and return the value
 * to store (clamped as the kernel clamps) in *val. The kernel's -EINVAL ->
 * PGOV_EINVAL; a zero sampling period (divide by zero later) -> PGOV_EDOM.
 */
static int tun_rule(const struct pgov_dbs *g, const struct pgov_dbs_tunables *t, uint32_t rate_mult,
                    uint32_t id, uint32_t *val)
{
    uint32_t v = *val;
    bool od = g->gov == PGOV_DBS_ONDEMAND;

    if (!tun_known(g->gov, id))
        return PGOV_EINVAL;
    switch (id) {
    case PGOV_DBS_SAMPLING_RATE:
        if (v < g->min_interval_us)
            return PGOV_EINVAL;
        if (od && (v * rate_mult == 0u || v * t->sampling_down_factor == 0u))
            return PGOV_EDOM;
        break;
    case PGOV_DBS_UP_THRESHOLD:
        if (od ? (v < 1u || v > 100u) : (v > 100u || v <= t->down_threshold))
            return PGOV_EINVAL;
        break;
    case PGOV_DBS_DOWN_THRESHOLD:
        /* v4.17 also tests > 100; v6.18 relies on >= up_threshold (same outcome). */
        if (v < 1u || v >= t->up_threshold || (!g->kver_6_18 && v > 100u))
            return PGOV_EINVAL;
        break;
    case PGOV_DBS_SAMPLING_DOWN_FACTOR:
        if (v < 1u || v > (od ? 100000u : 10u))
            return PGOV_EINVAL;
        if (od && t->sampling_rate * v == 0u)
            return PGOV_EDOM;
        break;
    case PGOV_DBS_IGNORE_NICE_LOAD:
        *val = v > 1u ? 1u : v;
        break;
    case PGOV_DBS_IO_IS_BUSY:
        *val = v != 0u;
        break;
    case PGOV_DBS_POWERSAVE_BIAS:
        *val = v > 1000u ? 1000u : v;
        break;
    default: /* PGOV_DBS_FREQ_STEP */
        *val = v > 100u ? 100u : v;
        break;
    }
    return PGOV_OK;
}

static uint32_t *tun_field(struct pgov_dbs_tunables *t, uint32_t id)
{
    switch (id) {
    case PGOV_DBS_SAMPLING_RATE:
        return &t->sampling_rate;
    case PGOV_DBS_UP_THRESHOLD:
        return &t->up_threshold;
    case PGOV_DBS_SAMPLING_DOWN_FACTOR:
        return &t->sampling_down_factor;
    case PGOV_DBS_IGNORE_NICE_LOAD:
        return &t->ignore_nice_load;
    case PGOV_DBS_IO_IS_BUSY:
        return &t->io_is_busy;
    case PGOV_DBS_POWERSAVE_BIAS:
        return &t->powersave_bias;
    case PGOV_DBS_DOWN_THRESHOLD:
        return &t->down_threshold;
    default:
        return &t->freq_step;
    }
}

/* The governor's idle counter (docs/spec/ondemand.md 3.2). */
PGOV_HOT uint64_t dbs_idle(const struct pgov_dbs *g, const struct dbs_mut *m,
                         const struct pgov_hw_idle *s)
{
    /* Tick accounting already folds iowait into idle_us. */
    if (g->no_nohz || (g->gov == PGOV_DBS_ONDEMAND && m->tun.io_is_busy))
        return s->idle_us;
    return s->idle_us + s->iowait_us;
}

/* What dbs_baseline() does besides taking each CPU's new baseline. */
enum dbs_base {
    DBS_BASE_START,  /* governor start: loads cleared */
    DBS_BASE_REBASE, /* a store's rebase: loads kept */
    DBS_BASE_COMMIT  /* an evaluation's commit: its idle and loads taken */
};

/*
 * The one per-CPU baseline loop (docs/spec/ondemand.md 2.3): each CPU's
 * idle, wall and nice counters from its scratch snapshot, and its loads as
 * @how says. @how is a constant in every caller, so each gets its own copy.
 */
PGOV_HOT void dbs_baseline(struct pgov_dbs *g, const struct dbs_mut *m, enum dbs_base how)
{
    uint32_t i;

    for (i = 0; i < g->ncpu; i++) {
        struct dbs_cpu *c = &g->cpu[i];
        const struct pgov_hw_idle *s = dbs_snap(g, i);

        c->prev_idle = how == DBS_BASE_COMMIT ? c->new_idle : dbs_idle(g, m, s);
        c->prev_wall = s->wall_us;
        if (m->tun.ignore_nice_load)
            c->prev_nice = s->nice_ns;
        if (how == DBS_BASE_COMMIT) {
            c->prev_load = c->new_prev_load;
            c->load = c->new_load;
        } else if (how == DBS_BASE_START) {
            c->prev_load = 0;
            c->load = 0;
        }
    }
}

/* ---------------------------------------------------------------- requests */

void pgov_dbs_result_clear(struct pgov_dbs_result *r, uint32_t cur)
{
    r->flags = 0;
    r->load = 0;
    r->idle_periods = PGOV_DBS_NONE;
    r->fnext = 0;
    r->req_khz = 0;
    r->rel = 0;
    r->cur_khz = cur;
    r->index = PGOV_DBS_NONE;
    r->delay_us = 0;
    r->reserved = 0;
}

static uint32_t rel_efficient(const struct pgov_dbs *g, uint32_t rel)
{
    return g->efficient ? rel | PGOV_REL_E : rel;
}

/* The core's request (docs/spec/ondemand.md 6.0): clamp, resolve, "is it a change". */
PGOV_HOT void dbs_request_hot(const struct pgov_dbs *g, struct dbs_mut *m,
                             struct pgov_dbs_result *r, uint32_t target, uint32_t rel)
{
    uint32_t t, i = PGOV_DBS_NONE;
    bool warn = false;

    r->flags |= PGOV_DBS_RES_REQ;
    r->req_khz = target;
    r->rel = rel;
    t = target < m->pmin ? m->pmin : (target > m->pmax ? m->pmax : target);
    if (!g->efficient && t == m->cur)
        return;
    if (g->has_table) {
        i = pgov_ft_target(&g->table, m->pmin, m->pmax, t, rel, &warn);
        t = g->table.entries[i].khz;
        if (pgov_unlikely(warn))
            r->flags |= PGOV_DBS_RES_WARN;
    }
    if (t == m->cur)
        return;
    m->cur = t;
    r->flags |= PGOV_DBS_RES_CHG;
    r->index = i;
    r->cur_khz = t;
}

/* Out-of-line copy for the rare callers (limits, up path, conservative). */
static void dbs_request(const struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r,
                        uint32_t target, uint32_t rel)
{
    dbs_request_hot(g, m, r, target, rel);
}

/* The limits step (docs/spec/ondemand.md 3.5). */
void pgov_dbs_limits_step(const struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    if (m->pmax < m->cur)
        dbs_request(g, m, r, m->pmax, rel_efficient(g, PGOV_REL_H));
    else if (m->pmin > m->cur)
        dbs_request(g, m, r, m->pmin, rel_efficient(g, PGOV_REL_L));
    /* Before the clamp or after it gives the same next decision: a
     * requested_freq outside the new limits is reset to cur at evaluation. */
    if (g->cs_limits_reset)
        m->requested_freq = m->cur;
    m->sample_delay = 0;
    r->delay_us = 0;
}

/* ---------------------------------------------------------------- load */

/*
 * Load of every CPU (docs/spec/ondemand.md 3.3) into the scratch fields, the policy maximum
 * as return value and the idle periods (docs/spec/ondemand.md 3.4) in *idle_periods.
 */
PGOV_HOT uint32_t dbs_load(struct pgov_dbs *g, const struct dbs_mut *m, uint32_t *idle_periods)
{
    uint32_t s = m->tun.sampling_rate * m->rate_mult;
    uint32_t s2 = 2u * s, max = 0, ip = PGOV_DBS_NONE, i;

    for (i = 0; i < g->ncpu; i++) {
        struct dbs_cpu *c = &g->cpu[i];
        const struct pgov_hw_idle *sn = dbs_snap(g, i);
        uint64_t idle = c->new_idle = dbs_idle(g, m, sn);
        uint32_t te = (uint32_t)(sn->wall_us - c->prev_wall), it, load, prev = c->prev_load;
        bool longidle;

        if (g->kver_6_18)
            it = idle > c->prev_idle ? (uint32_t)(idle - c->prev_idle) : 0u;
        else
            it = (uint32_t)(idle - c->prev_idle);
        if (m->tun.ignore_nice_load)
            it += (uint32_t)pgov_div_u64_u32(sn->nice_ns - c->prev_nice, 1000u);

        /* 5.0+: idle time decides (5.0 .. 6.9 on the wrapped delta). */
        longidle = g->idle_rules ? it > s2 : te > s2;
        if (longidle) {
            uint32_t p = (g->idle_rules ? it : te) / s;

            if (p < ip)
                ip = p;
        }
        if (te == 0) {
            load = prev;
        } else if (longidle && prev) {
            load = prev;
            prev = 0; /* reuse once */
        } else {
            if (g->kver_6_18)
                load = te > it ? (100u * (te - it)) / te : 0u;
            else if (te >= it)
                load = (100u * (te - it)) / te;
            else
                load = pgov_s32(it) < 0 ? 100u : 0u;
            prev = load;
        }
        c->new_load = load;
        c->new_prev_load = prev;
        if (load > max)
            max = load;
    }
    *idle_periods = ip;
    return max;
}

/* ---------------------------------------------------------------- ondemand */

static uint32_t ft_clamp(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Sorted search used by the bias split: E skips flags without a retry. */
static uint32_t bias_search(const struct pgov_dbs *g, const struct dbs_mut *m, uint32_t f,
                            uint32_t rel)
{
    uint32_t i;

    /* The kernel only has ascending and "other" searches: pgov_ft_sorted()
     * walks an unsorted table as if it were descending, like the kernel. */
    f = ft_clamp(f, m->pmin, m->pmax);
    i = pgov_ft_sorted(&g->table, f, rel, g->efficient);
    /* Every valid entry flagged: the kernel would index -1; use the plain search. */
    if (i == PGOV_FT_NONE)
        i = pgov_ft_sorted(&g->table, f, rel, false);
    return g->table.entries[i].khz;
}

/* powersave_bias target (docs/spec/ondemand.md 4.3). */
static uint32_t od_bias(const struct pgov_dbs *g, struct dbs_mut *m, uint32_t f, uint32_t rel)
{
    uint32_t req, avg, lo, hi, d, sr = m->tun.sampling_rate;
    bool warn = false;

    if (!g->has_table) {
        m->freq_lo = 0;
        m->freq_lo_delay_us = 0;
        return f;
    }
    req = g->table.entries[pgov_ft_target(&g->table, m->pmin, m->pmax, f, rel, &warn)].khz;
    avg = req - (req * m->tun.powersave_bias) / 1000u;
    lo = bias_search(g, m, avg, PGOV_REL_H);
    hi = bias_search(g, m, avg, PGOV_REL_L);
    if (hi == lo) {
        m->freq_lo = 0;
        m->freq_lo_delay_us = 0;
        return lo;
    }
    d = (avg - lo) * sr;
    d += (hi - lo) / 2u;
    d /= hi - lo;
    m->freq_hi_delay_us = d;
    m->freq_lo = lo;
    m->freq_lo_delay_us = sr - d;
    return hi;
}

PGOV_HOT void od_update(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    uint32_t load = dbs_load(g, m, &r->idle_periods), f;

    r->flags |= PGOV_DBS_RES_EVAL | PGOV_DBS_RES_FNEXT;
    r->load = load;
    m->freq_lo = 0;
    if (load > m->tun.up_threshold) {
        if (m->cur < m->pmax)
            m->rate_mult = m->tun.sampling_down_factor;
        r->fnext = m->pmax;
        if (m->tun.powersave_bias) {
            f = od_bias(g, m, m->pmax, rel_efficient(g, PGOV_REL_H));
            dbs_request(g, m, r, f, rel_efficient(g, PGOV_REL_L));
        } else if (m->cur != m->pmax) {
            dbs_request(g, m, r, m->pmax, rel_efficient(g, PGOV_REL_H));
        }
        return;
    }
    if (g->variant == PGOV_DBS_VARIANT_DEADBAND) {
        f = (load * g->cpuinfo_max) / 100u;
        r->fnext = f;
        m->rate_mult = 1;
        if (m->tun.powersave_bias)
            f = od_bias(g, m, f, PGOV_REL_L);
        dbs_request(g, m, r, f, PGOV_REL_L);
        return;
    }
    f = g->cpuinfo_min + (load * (g->cpuinfo_max - g->cpuinfo_min)) / 100u;
    r->fnext = f;
    m->rate_mult = 1;
    if (m->tun.powersave_bias)
        f = od_bias(g, m, f, rel_efficient(g, PGOV_REL_L));
    /* The proportional step is the common path: inline the request here. */
    dbs_request_hot(g, m, r, f, rel_efficient(g, PGOV_REL_C));
}

/* ondemand evaluation (docs/spec/ondemand.md 4.1); returns the next delay in us. */
PGOV_HOT uint32_t od_eval(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    uint32_t st = m->sample_type;

    m->sample_type = PGOV_DBS_SAMPLE_NORMAL;
    if (st == PGOV_DBS_SAMPLE_SUB && m->sample_delay > 0) {
        r->flags |= PGOV_DBS_RES_SUB;
        dbs_request(g, m, r, m->freq_lo, rel_efficient(g, PGOV_REL_H));
        return m->freq_lo_delay_us;
    }
    od_update(g, m, r);
    if (m->freq_lo) {
        m->sample_type = PGOV_DBS_SAMPLE_SUB;
        return m->freq_hi_delay_us;
    }
    return m->tun.sampling_rate * m->rate_mult;
}

/* ---------------------------------------------------------------- conservative */

PGOV_HOT uint32_t cs_eval(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    uint32_t rq = m->requested_freq, load, ip, step, sr = m->tun.sampling_rate;

    load = dbs_load(g, m, &ip);
    r->flags |= PGOV_DBS_RES_EVAL;
    r->load = load;
    r->idle_periods = ip;
    if (m->tun.freq_step == 0)
        return sr;
    if (rq > m->pmax || rq < m->pmin) {
        rq = m->cur;
        if (g->idle_rules)
            m->requested_freq = rq;
    }
    step = (m->tun.freq_step * m->pmax) / 100u;
    if (step == 0)
        step = 5; /* kHz, as in the kernel */
    if (ip != PGOV_DBS_NONE) {
        uint32_t steps = ip * step;

        if (g->idle_rules)
            rq = rq > m->pmin + steps ? rq - steps : m->pmin;
        else
            rq = rq > steps ? rq - steps : m->pmin;
    }
    if (load > m->tun.up_threshold) {
        m->down_skip = 0;
        if (rq == m->pmax)
            return sr;
        rq += step;
        if (rq > m->pmax)
            rq = m->pmax;
        r->flags |= PGOV_DBS_RES_FNEXT;
        r->fnext = rq;
        dbs_request(g, m, r, rq, rel_efficient(g, PGOV_REL_H));
        m->requested_freq = rq;
        return sr;
    }
    if (++m->down_skip < m->tun.sampling_down_factor)
        return sr;
    m->down_skip = 0;
    if (load < m->tun.down_threshold) {
        /* From 6.1.178 (dbs.h) there is no early exit and the step stops
         * at policy->min; at the minimum the request changes nothing. */
        if (g->cs_min_floor)
            rq = rq > m->pmin + step ? rq - step : m->pmin;
        else if (rq == m->pmin)
            return sr;
        else
            rq = rq > step ? rq - step : m->pmin;
        r->flags |= PGOV_DBS_RES_FNEXT;
        r->fnext = rq;
        dbs_request(g, m, r, rq, rel_efficient(g, PGOV_REL_L));
        m->requested_freq = rq;
    }
    return sr;
}

/* One evaluation on the scratch snapshots, into @m and @r. */
PGOV_HOT void dbs_eval(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    uint32_t delay;

    pgov_dbs_result_clear(r, m->cur);
    if (g->gov == PGOV_DBS_ONDEMAND)
        delay = od_eval(g, m, r);
    else
        delay = cs_eval(g, m, r);
    /* LP64 kernels widen before multiplying: no wrap. */
    m->sample_delay = (int64_t)((uint64_t)delay * 1000u);
    m->evaluations++;
    r->delay_us = delay;
    r->cur_khz = m->cur;
}

/* Out-of-line copies of the two hot steps for the instance (dbs_gov.c);
 * the open loop below inlines its own. */
void pgov_dbs_eval_step(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    dbs_eval(g, m, r);
}

void pgov_dbs_commit_step(struct pgov_dbs *g, const struct dbs_mut *m)
{
    dbs_baseline(g, m, DBS_BASE_COMMIT);
}

/* ---------------------------------------------------------------- instance */

size_t pgov_dbs_size_cpus(uint32_t ncpu)
{
    if (ncpu == 0 || ncpu > PGOV_DBS_MAX_CPUS)
        return 0;
    return sizeof(struct pgov_dbs) + (size_t)ncpu * sizeof(struct dbs_cpu);
}

size_t pgov_dbs_size(void)
{
    return pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS);
}

/* Final tunables from defaults and the config's overrides. */
static int cfg_tunables(struct pgov_dbs *g, const struct pgov_dbs_config *cfg)
{
    struct pgov_dbs_tunables t, in;
    uint32_t id, v;
    int err;

    if (cfg->tun_set & ~DBS_TUN_ALL)
        return PGOV_EINVAL;
    dbs_defaults(g->gov, g->kver_6_18, &cfg->plat, &t);
    PGOV_COPY(&in, &cfg->tun);
    /* Apply the given values first, then check each against the final set,
     * so that the order of up/down_threshold does not matter. */
    for (id = 0; id <= PGOV_DBS_FREQ_STEP; id++) {
        v = *tun_field(&in, id);
        if (!v && !(cfg->tun_set & (1u << id)))
            continue;
        if (!tun_known(g->gov, id))
            return PGOV_EINVAL;
        *tun_field(&t, id) = v;
    }
    for (id = 0; id <= PGOV_DBS_FREQ_STEP; id++) {
        if (!tun_known(g->gov, id))
            continue;
        v = *tun_field(&t, id);
        err = tun_rule(g, &t, 1, id, &v);
        if (err)
            return err;
        *tun_field(&t, id) = v;
    }
    PGOV_COPY(&g->m.tun, &t);
    return PGOV_OK;
}

static int cfg_cpus(struct pgov_dbs *g, const struct pgov_dbs_config *cfg, uint32_t ncpu)
{
    uint32_t i, j;

    g->owner = PGOV_DBS_NONE;
    for (i = 0; i < ncpu; i++) {
        uint32_t id = cfg->cpus ? cfg->cpus[i] : cfg->cpu;

        for (j = 0; j < i; j++)
            if (g->cpu[j].cpu == id)
                return PGOV_EINVAL;
        g->cpu[i].prev_idle = 0;
        g->cpu[i].prev_wall = 0;
        g->cpu[i].prev_nice = 0;
        g->cpu[i].prev_load = 0;
        g->cpu[i].load = 0;
        g->cpu[i].cpu = id;
        if (id == cfg->cpu)
            g->owner = i;
    }
    return g->owner == PGOV_DBS_NONE ? PGOV_EINVAL : PGOV_OK;
}

int pgov_dbs_setup(void *mem, size_t len, const struct pgov_dbs_config *cfg, struct pgov_dbs **gp)
{
    struct pgov_dbs *g = mem;
    uint32_t ncpu, prof;
    int err;

    if (!mem || !cfg)
        return PGOV_EINVAL;
    err = pgov_sized_check(cfg, cfg->size, PGOV_DBS_CONFIG_SIZE_V1, sizeof(*cfg));
    if (err)
        return err;
    ncpu = cfg->ncpu ? cfg->ncpu : 1u;
    if (ncpu > PGOV_DBS_MAX_CPUS)
        return PGOV_EINVAL;
    if ((ncpu > 1u && !cfg->cpus) || (!cfg->table && cfg->table_len))
        return PGOV_EINVAL;
    if (len < pgov_dbs_size_cpus(ncpu))
        return PGOV_ENOSPC;
    if ((uintptr_t)mem % PGOV_DBS_ALIGN)
        return PGOV_EINVAL;
    if (cfg->gov > PGOV_DBS_CONSERVATIVE)
        return PGOV_EINVAL;
    err = dbs_profile(cfg->kver, &prof);
    if (err)
        return err;
    if (PGOV_SIZED_FIELD(struct pgov_dbs_config, cfg, kver_stable, 0u) > PGOV_DBS_KVER_STABLE_MAX ||
        PGOV_SIZED_FIELD(struct pgov_dbs_config, cfg, reserved, 0u))
        return PGOV_EINVAL;
    if (cfg->variant > PGOV_DBS_VARIANT_DEADBAND ||
        (cfg->variant == PGOV_DBS_VARIANT_DEADBAND &&
         (cfg->gov != PGOV_DBS_ONDEMAND || prof != PGOV_KVER_4_17)))
        return PGOV_ENOTSUP;
    if (plat_check(&cfg->plat) || cfg->cur_khz == 0)
        return PGOV_EINVAL;

    /* Every field set explicitly (no "= {0}", which may become memset: deps.h). */
    g->magic = 0;
    g->open = 0;
    g->started = 0;
    g->has_table = 0;
    g->snap_stride = 0;
    g->snap_base = NULL;
    g->hw.ctx = NULL;
    g->hal_read = NULL;
    g->gov = cfg->gov;
    g->kver = prof;
    g->kver_6_18 = prof == PGOV_KVER_6_18;
    g->idle_rules = prof != PGOV_KVER_4_17;
    g->cs_min_floor = dbs_stable_6_1(cfg, 178);
    g->cs_limits_reset = dbs_stable_6_1(cfg, 168);
    g->efficient = g->kver_6_18 || pgov_kver_resolve(cfg->kver) >= PGOV_KVER_5_16;
    g->variant = cfg->variant;
    g->ncpu = ncpu;
    g->no_nohz = (cfg->plat.flags & PGOV_DBS_PLAT_NO_NOHZ) != 0;
    g->min_interval_us = min_interval_us(&cfg->plat);
    if (cfg->table) {
        err = pgov_freq_table_init(&g->table, cfg->table, cfg->table_len, cfg->table_flags);
        if (err)
            return err;
        if (cfg->cpuinfo_min_khz || cfg->cpuinfo_max_khz)
            return PGOV_EINVAL;
        g->has_table = 1;
        g->cpuinfo_min = g->table.min_khz;
        g->cpuinfo_max = g->table.max_khz;
    } else {
        if (!cfg->cpuinfo_min_khz || cfg->cpuinfo_min_khz > cfg->cpuinfo_max_khz ||
            cfg->table_flags)
            return PGOV_EINVAL;
        g->table.entries = NULL;
        g->table.count = 0;
        g->table.nvalid = 0;
        g->table.order = 0;
        g->table.min_khz = 0;
        g->table.max_khz = 0;
        g->table.flags = 0;
        g->cpuinfo_min = cfg->cpuinfo_min_khz;
        g->cpuinfo_max = cfg->cpuinfo_max_khz;
    }
    g->m.pmin = cfg->policy_min_khz ? cfg->policy_min_khz : g->cpuinfo_min;
    g->m.pmax = cfg->policy_max_khz ? cfg->policy_max_khz : g->cpuinfo_max;
    if (g->m.pmin < g->cpuinfo_min || g->m.pmin > g->m.pmax || g->m.pmax > g->cpuinfo_max)
        return PGOV_EINVAL;
    g->m.cur = cfg->cur_khz;
    g->m.rate_mult = 1;
    g->m.requested_freq = 0;
    g->m.down_skip = 0;
    g->m.freq_lo = 0;
    g->m.freq_hi_delay_us = 0;
    g->m.freq_lo_delay_us = 0;
    g->m.sample_type = PGOV_DBS_SAMPLE_NORMAL;
    g->m.last_sample = 0;
    g->m.sample_delay = 0;
    g->m.evaluations = 0;
    err = cfg_tunables(g, cfg);
    if (err)
        return err;
    err = cfg_cpus(g, cfg, ncpu);
    if (err)
        return err;
    pgov_dbs_result_clear(&g->m.last, g->m.cur);
    *gp = g;
    return PGOV_OK;
}

/* Governor start on the scratch snapshots, then the limits step. */
void pgov_dbs_start_state(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r)
{
    m->rate_mult = 1;
    dbs_baseline(g, m, DBS_BASE_START);
    m->sample_type = PGOV_DBS_SAMPLE_NORMAL;
    m->freq_lo = 0;
    m->down_skip = 0;
    m->requested_freq = g->gov == PGOV_DBS_CONSERVATIVE ? m->cur : 0u;
    m->last_sample = 0;
    pgov_dbs_result_clear(r, m->cur);
    pgov_dbs_limits_step(g, m, r);
    PGOV_COPY(&m->last, r);
}

int pgov_dbs_init_open(void *mem, size_t len, const struct pgov_dbs_config *cfg,
                       struct pgov_dbs **out)
{
    struct pgov_dbs *g;
    int err;

    if (!out)
        return PGOV_EINVAL;
    err = pgov_dbs_setup(mem, len, cfg, &g);
    if (err)
        return err;
    g->open = 1;
    g->magic = DBS_MAGIC;
    *out = g;
    return PGOV_OK;
}

static int snap_take(struct pgov_dbs *g, const struct pgov_hw_idle *snap, uint32_t nsnap)
{
    if (!snap)
        return PGOV_EINVAL;
    if (nsnap != g->ncpu)
        return PGOV_EINVAL;
    /* Read in place: the open loop never needs them after the call. */
    g->snap_base = snap;
    g->snap_stride = (uint32_t)sizeof(*snap);
    return PGOV_OK;
}

int pgov_dbs_start(struct pgov_dbs *g, const struct pgov_hw_idle *snap, uint32_t nsnap,
                   struct pgov_dbs_result *res)
{
    int err;

    if (!g)
        return PGOV_EINVAL;
    if (!dbs_ok(g) || !g->open)
        return PGOV_EINVAL;
    err = snap_take(g, snap, nsnap);
    if (err)
        return err;
    pgov_dbs_start_state(g, &g->m, &g->m.last);
    snap_drop(g);
    g->started = 1;
    if (res)
        PGOV_COPY(res, &g->m.last);
    return PGOV_OK;
}

int pgov_dbs_should_sample(struct pgov_dbs *g, uint64_t now_ns)
{
    if (!g)
        return PGOV_EINVAL;
    /* Bound instances gate inside pgov_dbs_update(): recording a time here
     * without their evaluation would skew their cadence. A misuse is an
     * error, never a plain "not due" the caller could not tell apart. */
    if (!dbs_ok(g) || !g->open || !g->started)
        return PGOV_EINVAL;
    if (!dbs_due(&g->m, now_ns))
        return 0;
    g->m.last_sample = now_ns;
    return 1;
}

int pgov_dbs_evaluate(struct pgov_dbs *g, const struct pgov_hw_idle *snap, uint32_t nsnap,
                      struct pgov_dbs_result *res)
{
    int err;

    if (!g)
        return PGOV_EINVAL;
    if (pgov_unlikely(!dbs_ok(g) || !g->open || !g->started))
        return PGOV_EINVAL;
    err = snap_take(g, snap, nsnap);
    if (pgov_unlikely(err))
        return err;
    /* Open loop cannot fail past this point: work in place. */
    dbs_eval(g, &g->m, &g->m.last);
    if (g->m.last.flags & PGOV_DBS_RES_EVAL)
        dbs_baseline(g, &g->m, DBS_BASE_COMMIT);
    snap_drop(g);
    if (res)
        PGOV_COPY(res, &g->m.last);
    return PGOV_OK;
}

int pgov_dbs_limits_check(const struct pgov_dbs *g, uint32_t min, uint32_t max)
{
    if (min > max || min < g->cpuinfo_min || max > g->cpuinfo_max)
        return PGOV_EINVAL;
    return PGOV_OK;
}

int pgov_dbs_set_limits_open(struct pgov_dbs *g, uint32_t min_khz, uint32_t max_khz,
                    struct pgov_dbs_result *res)
{
    struct pgov_dbs_result r;

    if (!g)
        return PGOV_EINVAL;
    if (!dbs_ok(g) || !g->open || !g->started || pgov_dbs_limits_check(g, min_khz, max_khz))
        return PGOV_EINVAL;
    g->m.pmin = min_khz;
    g->m.pmax = max_khz;
    pgov_dbs_result_clear(&r, g->m.cur);
    pgov_dbs_limits_step(g, &g->m, &r);
    PGOV_COPY(&g->m.last, &r);
    if (res)
        PGOV_COPY(res, &r);
    return PGOV_OK;
}

int pgov_dbs_store(struct pgov_dbs *g, uint32_t id, uint32_t value, const struct pgov_hw_idle *snap,
                   uint32_t nsnap)
{
    struct dbs_mut m;
    uint32_t v = value;
    bool rebase = false;
    int err;

    if (!g)
        return PGOV_EINVAL;
    if (!dbs_ok(g))
        return PGOV_EINVAL;
    err = tun_rule(g, &g->m.tun, g->m.rate_mult, id, &v);
    if (err)
        return err;
    PGOV_COPY(&m, &g->m);
    switch (id) {
    case PGOV_DBS_SAMPLING_RATE:
        m.sample_delay = 0;
        break;
    case PGOV_DBS_SAMPLING_DOWN_FACTOR:
        if (g->gov == PGOV_DBS_ONDEMAND)
            m.rate_mult = 1;
        break;
    case PGOV_DBS_IGNORE_NICE_LOAD:
        if (v == m.tun.ignore_nice_load)
            return PGOV_OK;
        rebase = true;
        break;
    case PGOV_DBS_IO_IS_BUSY:
        rebase = true;
        break;
    case PGOV_DBS_POWERSAVE_BIAS:
        m.freq_lo = 0;
        break;
    default:
        break;
    }
    *tun_field(&m.tun, id) = v;
    if (rebase && g->started) {
        if (g->open)
            err = snap_take(g, snap, nsnap);
        else
            err = snap ? PGOV_EINVAL : g->hal_read(g);
        if (!err)
            dbs_baseline(g, &m, DBS_BASE_REBASE);
        if (g->open)
            snap_drop(g);
        else
            scratch_clear(g);
        if (err)
            return err;
    }
    PGOV_COPY(&g->m, &m);
    return PGOV_OK;
}

int pgov_dbs_get_status(const struct pgov_dbs *g, struct pgov_dbs_status *out)
{
    if (!g || !out)
        return PGOV_EINVAL;
    if (!dbs_ok(g))
        return PGOV_EINVAL;
    PGOV_COPY(&out->tun, &g->m.tun);
    out->gov = g->gov;
    out->kver = g->kver;
    out->variant = g->variant;
    out->ncpu = g->ncpu;
    out->cpuinfo_min_khz = g->cpuinfo_min;
    out->cpuinfo_max_khz = g->cpuinfo_max;
    out->policy_min_khz = g->m.pmin;
    out->policy_max_khz = g->m.pmax;
    out->cur_khz = g->m.cur;
    out->rate_mult = g->m.rate_mult;
    out->requested_freq = g->m.requested_freq;
    out->down_skip = g->m.down_skip;
    out->freq_lo = g->m.freq_lo;
    out->freq_hi_delay_us = g->m.freq_hi_delay_us;
    out->freq_lo_delay_us = g->m.freq_lo_delay_us;
    out->sample_type = g->m.sample_type;
    out->last_sample_ns = g->m.last_sample;
    out->sample_delay_ns = (uint64_t)g->m.sample_delay;
    out->evaluations = g->m.evaluations;
    PGOV_COPY(&out->last, &g->m.last);
    return PGOV_OK;
}

int pgov_dbs_get_cpu(const struct pgov_dbs *g, uint32_t idx, struct pgov_dbs_cpu_status *out)
{
    const struct dbs_cpu *c;

    if (!g || !out)
        return PGOV_EINVAL;
    if (!dbs_ok(g) || idx >= g->ncpu)
        return PGOV_EINVAL;
    c = &g->cpu[idx];
    out->reserved = 0;
    out->prev_wall_us = c->prev_wall;
    out->prev_idle_us = c->prev_idle;
    out->prev_nice_ns = c->prev_nice;
    out->cpu = c->cpu;
    out->load = c->load;
    out->prev_load = c->prev_load;
    return PGOV_OK;
}

/* The 0.1 names (PGOV_0.1), the same functions. */
int pgov_dbs_get_state(const struct pgov_dbs *g, struct pgov_dbs_status *out)
    PGOV_ALIAS(pgov_dbs_get_status);
int pgov_dbs_limits(struct pgov_dbs *g, uint32_t min_khz, uint32_t max_khz,
                    struct pgov_dbs_result *res) PGOV_ALIAS(pgov_dbs_set_limits_open);
