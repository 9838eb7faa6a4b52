/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The per-CPU schedutil instance: drives the decision step of lib/sugov.c
 * through the hw.h vtable (read_idle for the "hold" rule, set_freq_khz for
 * the request). A HAL error leaves the instance as it was before the call.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/kver.h"
#include "pgov/freq_table.h"
#include "pgov/sugov.h"

#include "internal/compiler.h"
#include "internal/deps.h"
#include "internal/freq_table.h"
#include "internal/hal.h"
#include "pgov/core/math64.h"
#include "internal/sized.h"
#include "internal/sugov_impl.h"

#define SUGOV_MAGIC 0x73756776u /* "sugv" */
#define CAP_SCALE 1024u
#define RATE_LIMIT_MAX 10000000000ull
#define TICK_MAX 1000000000ull

struct pgov_sugov {
    PGOV_ALIGN8 struct pgov_sugov_state st;
    struct pgov_sugov_params prm;
    uint64_t last_idle_us; /* idle + iowait at the last evaluation */
    uint32_t have_idle;    /* last_idle_us is valid */
    uint32_t util;         /* utilisation for the next evaluations */
    uint32_t uclamp_min;   /* pgov_sugov_set_clamps() */
    uint32_t uclamp_max;
    uint32_t bw_min;
    uint32_t capped;
    uint32_t cpu;
    uint32_t magic;
    uint32_t cpu_min_khz; /* cpuinfo range from get_limits */
    uint32_t cpu_max_khz;
    uint32_t last_path;
    uint32_t cur_khz; /* policy->cur: seeded at init, then each commit */
    struct pgov_hw hw;
};

_Static_assert(sizeof(struct pgov_sugov) == sizeof(struct pgov_sugov_storage) &&
                   _Alignof(struct pgov_sugov_storage) >= PGOV_SUGOV_ALIGN,
               "struct pgov_sugov_storage (sugov.h) mirrors struct pgov_sugov");

size_t pgov_sugov_size(void)
{
    return sizeof(struct pgov_sugov);
}

/* Policy limits from @lim (zeros: cpuinfo) into @prm. */
static int apply_limits(const struct pgov_sugov_limits *lim, uint32_t cpu_min, uint32_t cpu_max,
                        struct pgov_sugov_params *prm)
{
    uint32_t mn = cpu_min, mx = cpu_max;

    if (lim && lim->size != 0) {
        int rc = pgov_sized_check(lim, lim->size, PGOV_SUGOV_LIMITS_SIZE_V1, sizeof(*lim));
        if (rc)
            return rc;
        if (lim->reserved != 0)
            return PGOV_EINVAL;
        mn = lim->min_khz ? lim->min_khz : cpu_min;
        mx = lim->max_khz ? lim->max_khz : cpu_max;
    }
    prm->min_khz = mn;
    prm->max_khz = mx;
    return PGOV_OK;
}

int pgov_sugov_init(void *mem, size_t len, const struct pgov_sugov_config *cfg,
                    const struct pgov_hw_ops *ops, void *ctx, struct pgov_sugov **out)
{
    struct pgov_sugov *g = mem;
    struct pgov_hw_limits plat;
    uint32_t kv, set;
    int rc;

    if (!mem || !cfg || !ops || !out)
        return PGOV_EINVAL;
    rc = pgov_storage_check(mem, len, sizeof(*g), PGOV_SUGOV_ALIGN);
    if (rc)
        return rc;
    rc = pgov_sized_check(cfg, cfg->size, PGOV_SUGOV_CONFIG_SIZE_V1, sizeof(*cfg));
    if (rc)
        return rc;
    if (pgov_sugov_profile(cfg->kver) < 0)
        return PGOV_ENOTSUP;
    kv = pgov_kver_resolve(cfg->kver);
    set = PGOV_SIZED_FIELD(struct pgov_sugov_config, cfg, tun_set, 0u);
    if ((set & ~PGOV_SUGOV_SET_RATE_LIMIT) ||
        PGOV_SIZED_FIELD(struct pgov_sugov_config, cfg, reserved, 0u) ||
        (cfg->options & ~PGOV_SUGOV_OPT_NONINVARIANT) ||
        cfg->max_cap > CAP_SCALE || cfg->rate_limit_ns > RATE_LIMIT_MAX ||
        cfg->tick_ns > TICK_MAX)
        return PGOV_EINVAL;

    g->magic = 0;
    rc = pgov_hw_bind(&g->hw, ops, ctx,
                      PGOV_HW_NEED_LIMITS | PGOV_HW_NEED_FREQ | PGOV_HW_NEED_IDLE);
    if (rc)
        return rc;
    rc = pgov_hal_read_limits(&g->hw, cfg->cpu, &plat);
    if (rc)
        return rc;

    g->cpu = cfg->cpu;
    g->cpu_min_khz = plat.min_pstate * plat.scaling_khz;
    g->cpu_max_khz = plat.turbo_pstate * plat.scaling_khz;
    if (cfg->rate_limit_ns || (set & PGOV_SUGOV_SET_RATE_LIMIT)) {
        g->prm.rate_limit_ns = cfg->rate_limit_ns;
    } else {
        /* rate_limit_us starts at the policy's transition delay (1 ms
         * without a driver delay or latency, every release; kv >= 5.2). */
        uint32_t us = pgov_ft_transition_delay_us(
            kv, PGOV_SIZED_FIELD(struct pgov_sugov_config, cfg, transition_delay_us, 0u),
            PGOV_SIZED_FIELD(struct pgov_sugov_config, cfg, transition_latency_ns, 0u));
        g->prm.rate_limit_ns = (uint64_t)us * 1000u;
    }
    g->prm.tick_ns = cfg->tick_ns ? cfg->tick_ns : PGOV_DEFAULT_TICK_NS;
    g->prm.max_cap = cfg->max_cap ? cfg->max_cap : CAP_SCALE;
    g->prm.max_freq_khz = g->cpu_max_khz;
    g->prm.options = cfg->options;
    g->prm.kver = kv >= PGOV_KVER_6_18 ? 0 : kv; /* 0: the current rules, fast path */
    (void)apply_limits(NULL, g->cpu_min_khz, g->cpu_max_khz, &g->prm);
    /* sugov_start: everything zero. */
    g->st.last_update_ns = 0;
    g->st.last_freq_update_ns = 0;
    g->st.iowait_boost = 0;
    g->st.pending = 0;
    g->st.next_freq = 0;
    g->st.cached_raw_freq = 0;
    g->st.need_update = 0;
    g->st.bw_dl = 0;
    g->last_idle_us = 0;
    g->have_idle = 0;
    g->util = 0;
    g->uclamp_min = 0;
    g->uclamp_max = CAP_SCALE;
    g->bw_min = 0;
    g->capped = 0;
    g->last_path = 0;
    g->cur_khz = cfg->cur_khz ? cfg->cur_khz : g->cpu_max_khz;
    g->magic = SUGOV_MAGIC;
    *out = g;
    return PGOV_OK;
}

int pgov_sugov_set_util(struct pgov_sugov *g, uint32_t util_cfs)
{
    if (!g)
        return PGOV_EINVAL;
    /* Like every other entry: never write into storage that is no instance. */
    if (g->magic != SUGOV_MAGIC)
        return PGOV_EINVAL;
    g->util = util_cfs;
    return PGOV_OK;
}

int pgov_sugov_set_clamps(struct pgov_sugov *g, uint32_t uclamp_min, uint32_t uclamp_max,
                          uint32_t bw_min, uint32_t capped)
{
    if (!g)
        return PGOV_EINVAL;
    if (g->magic != SUGOV_MAGIC || uclamp_min > CAP_SCALE || uclamp_max > CAP_SCALE ||
        capped > 1)
        return PGOV_EINVAL;
    /* Before 6.8 the clamps were inside util (see sugov.h "Profiles"). */
    if (!((uint32_t)pgov_sugov_profile(g->prm.kver) & PGOV_SUGOV_RULE_PERF) &&
        (uclamp_min != 0 || uclamp_max != CAP_SCALE || bw_min != 0 || capped))
        return PGOV_ENOTSUP;
    g->uclamp_min = uclamp_min;
    g->uclamp_max = uclamp_max;
    g->bw_min = bw_min;
    g->capped = capped;
    return PGOV_OK;
}

/* The trace events of one evaluation (hw.h), before @s is committed. */
static void trace_decision(const struct pgov_sugov *g, uint64_t now,
                           const struct pgov_sugov_state *s, const struct pgov_sugov_result *res)
{
    if (s->iowait_boost != g->st.iowait_boost)
        pgov_hal_trace(&g->hw, now, g->cpu, PGOV_HW_TRACE_BOOST, g->st.iowait_boost,
                       s->iowait_boost);
    if (res->path == PGOV_SUGOV_PATH_RATE_LIMITED)
        return;
    pgov_hal_trace(&g->hw, now, g->cpu, PGOV_HW_TRACE_SAMPLE, res->util_eff, 0);
    pgov_hal_trace(&g->hw, now, g->cpu, PGOV_HW_TRACE_TARGET, pgov_u2s64(res->raw_freq),
                   res->next_f);
    if (res->path == PGOV_SUGOV_PATH_COMMIT)
        pgov_hal_trace(&g->hw, now, g->cpu, PGOV_HW_TRACE_FREQ, res->next_f, PGOV_REL_L);
}

int pgov_sugov_update(struct pgov_sugov *g, uint64_t now_ns, uint32_t flags)
{
    struct pgov_sugov_input in;
    struct pgov_sugov_state s;
    struct pgov_sugov_result res;
    struct pgov_hw_idle idle;
    uint64_t idle_us = 0;
    uint32_t held = 0;
    int due, rc;

    if (!g)
        return PGOV_EINVAL;
    if ((flags & ~PGOV_UPDATE_ALL) || g->magic != SUGOV_MAGIC)
        return PGOV_EINVAL;
    /* Read idle time only when the rate limit lets an evaluation through;
     * another CPU's callback only updates the boost. */
    due = !(flags & PGOV_UPDATE_REMOTE) &&
          (g->st.need_update ||
           pgov_u2s64(now_ns - g->st.last_freq_update_ns) >= pgov_u2s64(g->prm.rate_limit_ns));
    if (due) {
        rc = pgov_hal_rc(pgov_hal_read_idle(&g->hw, g->cpu, &idle));
        if (rc)
            return rc;
        idle_us = idle.idle_us + idle.iowait_us;
        held = g->have_idle && idle_us == g->last_idle_us;
    }
    pgov_sugov_input_plain(&in, flags, g->util, held, g->cur_khz);
    in.uclamp_min = g->uclamp_min;
    in.uclamp_max = g->uclamp_max;
    in.bw_min = g->bw_min;
    in.capped = g->capped;
    /* On a copy: a failed driver call leaves the instance as it was. */
    PGOV_COPY(&s, &g->st);
    pgov_sugov_core_decide(&g->prm, pgov_sugov_rules_of(&g->prm), &s, now_ns, &in, NULL, &res);
    if (res.path == PGOV_SUGOV_PATH_COMMIT) {
        rc = pgov_hal_rc(pgov_hal_set_freq_khz(&g->hw, g->cpu, res.next_f));
        if (rc)
            return rc;
        g->cur_khz = res.next_f;
    }
    if (pgov_unlikely(pgov_hal_has_trace(&g->hw)))
        trace_decision(g, now_ns, &s, &res);
    PGOV_COPY(&g->st, &s);
    /* A capped rq skips the hold test, which is what refreshes the saved
     * idle counter in the kernel (sugov_hold_freq). */
    if (res.path != PGOV_SUGOV_PATH_RATE_LIMITED && !g->capped) {
        g->last_idle_us = idle_us;
        g->have_idle = 1;
    }
    g->last_path = res.path;
    return PGOV_OK;
}

/* Non-const @g: the signature is the common governor shape. */
/* cppcheck-suppress constParameter */
int pgov_sugov_timer(struct pgov_sugov *g, uint64_t now_ns, uint64_t *next_ns)
{
    (void)now_ns;
    if (!g || !next_ns)
        return PGOV_EINVAL;
    if (g->magic != SUGOV_MAGIC)
        return PGOV_EINVAL;
    *next_ns = UINT64_MAX;
    return PGOV_OK;
}

int pgov_sugov_set_limits(struct pgov_sugov *g, const struct pgov_sugov_limits *lim)
{
    struct pgov_sugov_params p;
    struct pgov_hw_limits plat;
    int rc;

    if (!g || !lim)
        return PGOV_EINVAL;
    if (g->magic != SUGOV_MAGIC)
        return PGOV_EINVAL;
    if (lim->size == 0)
        return PGOV_E2BIG;
    rc = pgov_hal_read_limits(&g->hw, g->cpu, &plat);
    if (rc)
        return rc;
    p.min_khz = 0;
    p.max_khz = 0;
    rc = apply_limits(lim, plat.min_pstate * plat.scaling_khz,
                      plat.turbo_pstate * plat.scaling_khz, &p);
    if (rc)
        return rc;
    g->cpu_min_khz = plat.min_pstate * plat.scaling_khz;
    g->cpu_max_khz = plat.turbo_pstate * plat.scaling_khz;
    g->prm.max_freq_khz = g->cpu_max_khz;
    g->prm.min_khz = p.min_khz;
    g->prm.max_khz = p.max_khz;
    g->st.need_update = 1; /* the kernel's need_freq_update */
    pgov_hal_trace(&g->hw, g->st.last_update_ns, g->cpu, PGOV_HW_TRACE_LIMITS, p.min_khz, p.max_khz);
    return PGOV_OK;
}

int pgov_sugov_get_status(const struct pgov_sugov *g, struct pgov_sugov_status *out)
{
    if (!g || !out)
        return PGOV_EINVAL;
    if (g->magic != SUGOV_MAGIC)
        return PGOV_EINVAL;
    out->cpu = g->cpu;
    out->freq_khz = g->st.next_freq;
    out->util_cfs = g->util;
    out->boost = g->st.iowait_boost;
    out->last_path = g->last_path;
    out->min_khz = g->prm.min_khz;
    out->max_khz = g->prm.max_khz;
    out->reserved = 0;
    return PGOV_OK;
}
