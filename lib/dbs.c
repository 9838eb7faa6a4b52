/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand and conservative (docs/spec/ondemand.md sections 1-6), ABI tier:
 * defaults, setup, the tunable stores, limits and the open loop, each
 * validating and then calling the evaluation core of pgov/core/dbs.h (the
 * common load estimator, both governors, the request path). The HAL-bound
 * instance is in lib/dbs_gov.c.
 *
 * Every computation happens on a copy of the mutable governor state
 * (struct pgov_dbs_core_mut) and on per-CPU scratch fields, and is committed only once
 * the hardware callbacks have succeeded, so a failing backend leaves the
 * instance exactly as it was.
 */
/* The library implements the experimental variants (docs/abi.md). */
#define PGOV_EXPERIMENTAL 1
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/dbs.h"
#include "pgov/kver.h"

#include "pgov/core/dbs.h"

#include "internal/compiler.h"
#include "internal/dbs_impl.h"
#include "internal/sized.h"

#define DBS_TUN_ALL 0xFFu

/* ---------------------------------------------------------------- defaults */

/* 6.12 .. 6.17 take the v6.18 rules: Debian's 6.12.118 has v6.18.2's
 * governor files (docs/spec/delta-7.3.md 2); 7.x changed only conservative
 * (cs_change()). */
static int dbs_profile(uint32_t kver, uint32_t *out)
{
    uint32_t r;

    if (!pgov_kver_valid(kver))
        return PGOV_ENOTSUP;
    r = pgov_kver_resolve(kver);
    if (r < PGOV_KVER_4_17)
        return PGOV_ENOTSUP;
    *out = r >= PGOV_KVER_6_12 ? PGOV_KVER_6_18 : r >= PGOV_KVER_5_0 ? PGOV_KVER_5_0 : PGOV_KVER_4_17;
    return PGOV_OK;
}

/* conservative's later changes (dbs.h): the limits reset, the min floor
 * without early exits, the sample-load gate. */
enum cs_change { CS_LIMITS_RESET, CS_MIN_FLOOR, CS_SAMPLE_GATE };

/* Does a conservative instance of this release have change @ch: from its
 * mainline release (7.0, 7.2, 7.3), or from the stable update of 6.1 or
 * 6.12 that took it in (0: not taken)? */
static bool cs_change(const struct pgov_dbs_config *cfg, enum cs_change ch)
{
    static const uint32_t mainline[] = {PGOV_KVER_7_0, PGOV_KVER_7_2, PGOV_KVER_7_3};
    static const uint16_t stable_6_1[] = {168, 178, 0}, stable_6_12[] = {80, 97, 117};
    uint32_t kv = pgov_kver_resolve(cfg->kver);
    uint32_t z = PGOV_SIZED_FIELD(struct pgov_dbs_config, cfg, kver_stable, 0u);

    if (cfg->gov != PGOV_DBS_CONSERVATIVE)
        return false;
    if (kv >= mainline[ch])
        return true;
    if (kv == PGOV_KVER_6_1)
        return stable_6_1[ch] != 0 && z >= stable_6_1[ch];
    return kv == PGOV_KVER_6_12 && z >= stable_6_12[ch];
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
    bool od = g->c.gov == PGOV_DBS_ONDEMAND;

    if (!tun_known(g->c.gov, id))
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
        if (v < 1u || v >= t->up_threshold || (!g->c.kver_6_18 && v > 100u))
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

/* ---------------------------------------------------------------- steps */

/* Out-of-line copies of the core's steps for the instance (dbs_gov.c);
 * the open loop below inlines its own. */
void pgov_dbs_eval_step(struct pgov_dbs *g, struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r)
{
    pgov_dbs_core_eval(&g->c, g->cpu, m, r);
}

void pgov_dbs_commit_step(struct pgov_dbs *g, const struct pgov_dbs_core_mut *m)
{
    pgov_dbs_core_commit(&g->c, g->cpu, m);
}

void pgov_dbs_limits_step(const struct pgov_dbs *g, struct pgov_dbs_core_mut *m,
                          struct pgov_dbs_result *r)
{
    pgov_dbs_core_limits(&g->c, m, r);
}

/* ---------------------------------------------------------------- instance */

/* PGOV_DBS_SIZE() (dbs.h) computes the size from the mirror of the
 * instance's fixed part; pgov/core/dbs.h finds the core's parts through it. */
_Static_assert(sizeof(struct pgov_dbs) == sizeof(struct pgov_dbs_storage_head) &&
                   offsetof(struct pgov_dbs, c) == offsetof(struct pgov_dbs_storage_head, core) &&
                   offsetof(struct pgov_dbs, m) == offsetof(struct pgov_dbs_storage_head, mut) &&
                   offsetof(struct pgov_dbs, cpu) == sizeof(struct pgov_dbs_storage_head) &&
                   _Alignof(struct pgov_dbs_storage_head) <= PGOV_DBS_ALIGN,
               "struct pgov_dbs_storage_head (dbs.h) mirrors struct pgov_dbs");

size_t pgov_dbs_size_cpus(uint32_t ncpu)
{
    if (ncpu == 0 || ncpu > PGOV_DBS_MAX_CPUS)
        return 0;
    return PGOV_DBS_SIZE(ncpu);
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
    dbs_defaults(g->c.gov, g->c.kver_6_18, &cfg->plat, &t);
    PGOV_COPY(&in, &cfg->tun);
    /* Apply the given values first, then check each against the final set,
     * so that the order of up/down_threshold does not matter. */
    for (id = 0; id <= PGOV_DBS_FREQ_STEP; id++) {
        v = *tun_field(&in, id);
        if (!v && !(cfg->tun_set & (1u << id)))
            continue;
        if (!tun_known(g->c.gov, id))
            return PGOV_EINVAL;
        *tun_field(&t, id) = v;
    }
    for (id = 0; id <= PGOV_DBS_FREQ_STEP; id++) {
        if (!tun_known(g->c.gov, id))
            continue;
        v = *tun_field(&t, id);
        err = tun_rule(g, &t, 1, id, &v);
        if (err)
            return err;
        *tun_field(&t, id) = v;
    }
    PGOV_COPY(&g->m.tun, &t);
    pgov_dbs_core_tun_derived(&g->c, &g->m);
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
    err = pgov_storage_check(mem, len, pgov_dbs_size_cpus(ncpu), PGOV_DBS_ALIGN);
    if (err)
        return err;
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
    for (uint32_t i = 0; i < PGOV_ARRAY_SIZE(g->reserved); i++)
        g->reserved[i] = 0;
    g->c.table_asc = 0;
    g->c.has_table = 0;
    g->c.table_index.base = 0;
    g->c.table_index.shift = 0;
    for (uint32_t i = 0; i < PGOV_ARRAY_SIZE(g->c.table_index.first); i++)
        g->c.table_index.first[i] = 0;
    g->c.snap_stride = 0;
    g->c.snap_base = NULL;
    g->hw.ctx = NULL;
    g->hal_read = NULL;
    g->c.gov = cfg->gov;
    g->kver = prof;
    g->c.kver_6_18 = prof == PGOV_KVER_6_18;
    g->c.idle_rules = prof != PGOV_KVER_4_17;
    g->c.cs_min_floor = cs_change(cfg, CS_SAMPLE_GATE) ? 2u : cs_change(cfg, CS_MIN_FLOOR) ? 1u : 0u;
    g->c.cs_limits_reset = cs_change(cfg, CS_LIMITS_RESET);
    g->c.efficient = g->c.kver_6_18 || pgov_kver_resolve(cfg->kver) >= PGOV_KVER_5_16;
    g->c.variant = cfg->variant;
    g->c.ncpu = ncpu;
    g->c.no_nohz = (cfg->plat.flags & PGOV_DBS_PLAT_NO_NOHZ) != 0;
    g->min_interval_us = min_interval_us(&cfg->plat);
    if (cfg->table) {
        err = pgov_freq_table_init(&g->c.table, cfg->table, cfg->table_len, cfg->table_flags);
        if (err)
            return err;
        if (cfg->cpuinfo_min_khz || cfg->cpuinfo_max_khz)
            return PGOV_EINVAL;
        g->c.has_table = 1;
        /* Larger tables take the general search (still a bisection). */
        g->c.table_asc = pgov_freq_table_core_plain_asc(&g->c.table) &&
                                 g->c.table.count <= PGOV_FREQ_TABLE_INDEX_MAX
                             ? 1u
                             : 0u;
        if (g->c.table_asc)
            pgov_freq_table_core_index_init(&g->c.table_index, &g->c.table);
        g->c.cpuinfo_min = g->c.table.min_khz;
        g->c.cpuinfo_max = g->c.table.max_khz;
    } else {
        if (!cfg->cpuinfo_min_khz || cfg->cpuinfo_min_khz > cfg->cpuinfo_max_khz ||
            cfg->table_flags)
            return PGOV_EINVAL;
        g->c.table.entries = NULL;
        g->c.table.count = 0;
        g->c.table.nvalid = 0;
        g->c.table.order = 0;
        g->c.table.min_khz = 0;
        g->c.table.max_khz = 0;
        g->c.table.flags = 0;
        g->c.cpuinfo_min = cfg->cpuinfo_min_khz;
        g->c.cpuinfo_max = cfg->cpuinfo_max_khz;
    }
    g->m.pmin = cfg->policy_min_khz ? cfg->policy_min_khz : g->c.cpuinfo_min;
    g->m.pmax = cfg->policy_max_khz ? cfg->policy_max_khz : g->c.cpuinfo_max;
    if (g->m.pmin < g->c.cpuinfo_min || g->m.pmin > g->m.pmax || g->m.pmax > g->c.cpuinfo_max)
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
    pgov_dbs_core_result_clear(&g->m.last, g->m.cur);
    *gp = g;
    return PGOV_OK;
}

/* Governor start on the scratch snapshots, then the limits step. */
void pgov_dbs_start_state(struct pgov_dbs *g, struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r)
{
    m->rate_mult = 1;
    pgov_dbs_core_baseline(&g->c, g->cpu, m, PGOV_DBS_CORE_BASE_START);
    m->sample_type = PGOV_DBS_SAMPLE_NORMAL;
    m->freq_lo = 0;
    m->down_skip = 0;
    m->requested_freq = g->c.gov == PGOV_DBS_CONSERVATIVE ? m->cur : 0u;
    m->last_sample = 0;
    pgov_dbs_core_result_clear(r, m->cur);
    pgov_dbs_core_limits(&g->c, m, r);
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
    if (nsnap != g->c.ncpu)
        return PGOV_EINVAL;
    /* Read in place: the open loop never needs them after the call. */
    g->c.snap_base = snap;
    g->c.snap_stride = (uint32_t)sizeof(*snap);
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
    if (!pgov_dbs_core_due(&g->m, now_ns))
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
    pgov_dbs_core_eval_commit(&g->c, g->cpu, &g->m, &g->m.last);
    snap_drop(g);
    if (res)
        PGOV_COPY(res, &g->m.last);
    return PGOV_OK;
}

int pgov_dbs_limits_check(const struct pgov_dbs *g, uint32_t min, uint32_t max)
{
    if (min > max || min < g->c.cpuinfo_min || max > g->c.cpuinfo_max)
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
    pgov_dbs_core_result_clear(&r, g->m.cur);
    pgov_dbs_core_limits(&g->c, &g->m, &r);
    PGOV_COPY(&g->m.last, &r);
    if (res)
        PGOV_COPY(res, &r);
    return PGOV_OK;
}

int pgov_dbs_store(struct pgov_dbs *g, uint32_t id, uint32_t value, const struct pgov_hw_idle *snap,
                   uint32_t nsnap)
{
    struct pgov_dbs_core_mut m;
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
        if (g->c.gov == PGOV_DBS_ONDEMAND)
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
    pgov_dbs_core_tun_derived(&g->c, &m);
    if (rebase && g->started) {
        if (g->open)
            err = snap_take(g, snap, nsnap);
        else
            err = snap ? PGOV_EINVAL : g->hal_read(g);
        if (!err)
            pgov_dbs_core_baseline(&g->c, g->cpu, &m, PGOV_DBS_CORE_BASE_REBASE);
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
    out->gov = g->c.gov;
    out->kver = g->kver;
    out->variant = g->c.variant;
    out->ncpu = g->c.ncpu;
    out->cpuinfo_min_khz = g->c.cpuinfo_min;
    out->cpuinfo_max_khz = g->c.cpuinfo_max;
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
    const struct pgov_dbs_core_cpu *c;

    if (!g || !out)
        return PGOV_EINVAL;
    if (!dbs_ok(g) || idx >= g->c.ncpu)
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
