/* SPDX-License-Identifier: BSD-2-Clause */
/* schedutil iowait boost and next-frequency selection (docs/spec/pstate.md 9.1). */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/sugov.h"
#include "pgov/gov.h"
#include "pgov/kver.h"
#include "pgov/core/sugov.h"

#include "internal/compiler.h"
#include "internal/deps.h"
#include "internal/sized.h"
#include "internal/sugov_impl.h"

#define CAP_SCALE PGOV_SUGOV_CAP_SCALE

/* The numeric fields: max_cap 1..1024, a reference frequency, a tick. */
static inline int params_bad_values(const struct pgov_sugov_params *prm)
{
    return prm->max_cap - 1u >= CAP_SCALE || prm->max_freq_khz == 0 || prm->tick_ns == 0;
}

/* The parameter check on a non-NULL @prm, inline in every exported entry
 * (a nested exported call would also hide from bench/run's count). */
static inline int params_check(const struct pgov_sugov_params *prm)
{
    if (params_bad_values(prm) || (prm->options & ~PGOV_SUGOV_OPT_NONINVARIANT))
        return PGOV_EINVAL;
    /* kver 0 is the newest profile: no profile lookup on the hot path. */
    if (pgov_likely(prm->kver == 0))
        return PGOV_OK;
    return pgov_sugov_profile(prm->kver) < 0 ? PGOV_ENOTSUP : PGOV_OK;
}

/* params_check() and the rule bits of @prm in one profile lookup: the
 * rules (>= 0) or a negative code. */
static inline int params_rules(const struct pgov_sugov_params *prm)
{
    if (params_bad_values(prm) || (prm->options & ~PGOV_SUGOV_OPT_NONINVARIANT))
        return PGOV_EINVAL;
    if (pgov_likely(prm->kver == 0))
        return (int)PGOV_SUGOV_RULES_CURRENT;
    return pgov_sugov_profile(prm->kver);
}

/*
 * The core for rule bits @rules: one copy per profile's rule set, each
 * with its rules a constant (their tests fold), chosen by one switch, so
 * every profile runs a specialised path, not only the newest.
 */
static inline PGOV_ALWAYS_INLINE void decide_rules(uint32_t rules,
                                                   const struct pgov_sugov_params *prm,
                                                   struct pgov_sugov_state *st, uint64_t now_ns,
                                                   const struct pgov_sugov_input *in,
                                                   const struct pgov_freq_table *table,
                                                   struct pgov_sugov_result *res)
{
#define DECIDE(r) pgov_sugov_core_decide(prm, r, st, now_ns, in, table, res)
    switch (rules) {
    case PGOV_SUGOV_RULES_CURRENT: /* 6.8 .. newest */
        DECIDE(PGOV_SUGOV_RULES_CURRENT);
        break;
    case PGOV_SUGOV_RULE_EFFICIENT: /* 5.16 .. 6.7 */
        DECIDE(PGOV_SUGOV_RULE_EFFICIENT);
        break;
    case 0: /* 5.14, 5.15 */
        DECIDE(0u);
        break;
    case PGOV_SUGOV_RULE_FREQ_MARGIN: /* 5.10 .. 5.13 */
        DECIDE(PGOV_SUGOV_RULE_FREQ_MARGIN);
        break;
    default: /* 5.2 .. 5.9 */
        DECIDE(rules);
        break;
    }
#undef DECIDE
}

int pgov_sugov_params_check(const struct pgov_sugov_params *prm)
{
    if (!prm)
        return PGOV_EINVAL;
    return params_check(prm);
}

/* Options or a kver set: the full check, then either reference. */
static PGOV_COLD int64_t next_freq_cold(const struct pgov_sugov_params *prm, uint32_t util,
                                         uint32_t cur_khz, uint64_t *raw)
{
    uint64_t r;
    int rc = params_check(prm);

    if (rc)
        return rc;
    uint32_t f = pgov_sugov_core_next_freq(prm, pgov_sugov_rules_of(prm), util, cur_khz, &r);
    if (raw)
        *raw = r;
    return f;
}

int64_t pgov_sugov_next_freq(const struct pgov_sugov_params *prm, uint32_t util,
                             uint32_t cur_khz, uint64_t *raw)
{
    uint64_t r;

    if (pgov_unlikely(!prm))
        return PGOV_EINVAL;
    /* The common case (invariant, newest profile) tests each word once. */
    if (pgov_unlikely((prm->options | prm->kver) != 0))
        return next_freq_cold(prm, util, cur_khz, raw);
    if (pgov_unlikely(params_bad_values(prm)))
        return PGOV_EINVAL;
    uint32_t f = pgov_sugov_core_freq(prm, PGOV_SUGOV_RULES_CURRENT, util, prm->max_freq_khz, &r);
    if (raw)
        *raw = r;
    return f;
}

void pgov_sugov_input_plain(struct pgov_sugov_input *in, uint32_t flags, uint32_t util,
                       uint32_t held, uint32_t cur_khz)
{
    in->size = sizeof(*in);
    in->flags = flags;
    in->util = util;
    in->uclamp_min = 0;
    in->uclamp_max = CAP_SCALE;
    in->bw_min = 0;
    in->held = held;
    in->capped = 0;
    in->cur_khz = cur_khz;
    in->bw_dl = 0;
    in->table = NULL;
}

int pgov_sugov_decide(const struct pgov_sugov_params *prm, struct pgov_sugov_state *st,
                      uint64_t now_ns, uint32_t flags, uint32_t util_cfs, uint32_t held,
                      struct pgov_sugov_result *res)
{
    int rules;

    if (!prm || !st || !res)
        return PGOV_EINVAL;
    rules = params_rules(prm);
    if (rules < 0)
        return rules;
    if ((flags & ~PGOV_UPDATE_ALL) || held > 1 || st->pending > 1 ||
        st->need_update > 1 || st->iowait_boost > CAP_SCALE)
        return PGOV_EINVAL;
    struct pgov_sugov_input in;
    /* With fast switching policy->cur is the last committed frequency. */
    pgov_sugov_input_plain(&in, flags, util_cfs, held, st->next_freq);
    decide_rules((uint32_t)rules, prm, st, now_ns, &in, NULL, res);
    return PGOV_OK;
}

int pgov_sugov_decide_in(const struct pgov_sugov_params *prm, struct pgov_sugov_state *st,
                         uint64_t now_ns, const struct pgov_sugov_input *in,
                         struct pgov_sugov_result *res)
{
    struct pgov_sugov_input v;
    int rc;

    if (!prm || !st || !in || !res)
        return PGOV_EINVAL;
    rc = pgov_sized_check(in, in->size, PGOV_SUGOV_INPUT_SIZE_V1, sizeof(*in));
    if (rc)
        return rc;
    rc = params_check(prm);
    if (rc)
        return rc;
    const struct pgov_freq_table *table = in->size >= sizeof(*in) ? in->table : NULL;
    if ((in->flags & ~PGOV_UPDATE_ALL) || in->held > 1 || in->capped > 1 ||
        in->uclamp_min > CAP_SCALE || in->uclamp_max > CAP_SCALE ||
        st->pending > 1 || st->need_update > 1 ||
        st->iowait_boost > CAP_SCALE || (table && !pgov_freq_table_core_sane(table)))
        return PGOV_EINVAL;
    if (!(pgov_sugov_rules_of(prm) & PGOV_SUGOV_RULE_PERF) &&
        (in->uclamp_min != 0 || in->uclamp_max != CAP_SCALE || in->bw_min != 0 || in->capped))
        return PGOV_ENOTSUP;
    /* Field by field (no memcpy on small cores); cur 0: the last commit. */
    pgov_sugov_input_plain(&v, in->flags, in->util, in->held,
                           in->cur_khz ? in->cur_khz : st->next_freq);
    v.uclamp_min = in->uclamp_min;
    v.uclamp_max = in->uclamp_max;
    v.bw_min = in->bw_min;
    v.capped = in->capped;
    v.bw_dl = in->bw_dl;
    v.table = table;
    pgov_sugov_core_decide(prm, pgov_sugov_rules_of(prm), st, now_ns, &v, table, res);
    return PGOV_OK;
}

/* Largest CPU count of one shared policy (a sanity bound, no storage). */
#define SHARED_MAX_CPUS 1024u

static bool shared_bad(const struct pgov_sugov_policy *pol, const struct pgov_sugov_cpu *cpus,
                       uint32_t ncpus, uint32_t cpu, uint32_t flags,
                       const struct pgov_freq_table *table)
{
    if (ncpus == 0 || ncpus > SHARED_MAX_CPUS || cpu >= ncpus || (flags & ~PGOV_UPDATE_ALL) ||
        pol->need_update > 1 || (table && !pgov_freq_table_core_sane(table)))
        return true;
    for (uint32_t j = 0; j < ncpus; j++)
        if (cpus[j].pending > 1 || cpus[j].iowait_boost > CAP_SCALE ||
            cpus[j].uclamp_min > CAP_SCALE || cpus[j].uclamp_max > CAP_SCALE)
            return true;
    return false;
}

int pgov_sugov_decide_shared(const struct pgov_sugov_params *prm, struct pgov_sugov_policy *pol,
                             struct pgov_sugov_cpu *cpus, uint32_t ncpus, uint32_t cpu,
                             uint64_t now_ns, uint32_t flags, const struct pgov_freq_table *table,
                             struct pgov_sugov_result *res)
{
    uint32_t rules;
    int rc;

    if (!prm || !pol || !cpus || !res)
        return PGOV_EINVAL;
    rc = params_check(prm);
    if (rc)
        return rc;
    if (shared_bad(pol, cpus, ncpus, cpu, flags, table))
        return PGOV_EINVAL;
    rules = pgov_sugov_rules_of(prm);
    if (!(rules & PGOV_SUGOV_RULE_PERF))
        for (uint32_t j = 0; j < ncpus; j++)
            if (cpus[j].uclamp_min != 0 || cpus[j].uclamp_max != CAP_SCALE || cpus[j].bw_min != 0)
                return PGOV_ENOTSUP;

    pgov_sugov_core_decide_shared(prm, rules, pol, cpus, ncpus, cpu, now_ns, flags, table, res);
    return PGOV_OK;
}
