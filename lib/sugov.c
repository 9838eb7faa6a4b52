/* SPDX-License-Identifier: BSD-2-Clause */
/* schedutil iowait boost and next-frequency selection (docs/spec/pstate.md 9.1). */
#include "pgov/sugov.h"
#include "pgov/gov.h"
#include "pgov/kver.h"

#include "internal/compiler.h"
#include "internal/deps.h"
#include "internal/fp.h"
#include "pgov/freq_table_core.h"
#include "internal/sized.h"
#include "internal/sugov_impl.h"

#define CAP_SCALE 1024u
#define IOWAIT_BOOST_MIN (CAP_SCALE / 8)


/* The numeric fields: max_cap 1..1024, a reference frequency, a tick. */
static inline int params_bad_values(const struct pgov_sugov_params *prm)
{
    return prm->max_cap - 1u >= CAP_SCALE || prm->max_freq_khz == 0 || prm->tick_ns == 0;
}

int pgov_sugov_profile(uint32_t kver)
{
    uint32_t kv, r;

    if (!pgov_kver_valid(kver))
        return PGOV_ENOTSUP;
    kv = pgov_kver_resolve(kver);
    if (kv < PGOV_KVER(5, 2)) /* the boost was in kHz before 5.2 */
        return PGOV_ENOTSUP;
    if (kv >= PGOV_KVER_6_18)
        return (int)PGOV_SUGOV_RULES_CURRENT;
    /* The limits-change handling is the 6.15 form in every profile (what
     * Linux 6.1.192 does with its stable fixes; docs/schedutil.md lists
     * the mainline releases that differ). */
    r = kv >= PGOV_KVER_6_8 ? PGOV_SUGOV_R_PERF : 0u;
    if (kv < PGOV_KVER_5_14)
        r |= PGOV_SUGOV_R_FREQ_MARGIN;
    if (kv < PGOV_KVER(5, 10))
        r |= PGOV_SUGOV_R_HOLD_RESET;
    return (int)r;
}

int pgov_sugov_params_check(const struct pgov_sugov_params *prm)
{
    if (!prm)
        return PGOV_EINVAL;
    if (params_bad_values(prm) || (prm->options & ~PGOV_SUGOV_OPT_NONINVARIANT))
        return PGOV_EINVAL;
    return pgov_sugov_profile(prm->kver) < 0 ? PGOV_ENOTSUP : PGOV_OK;
}

/* The rule bits of checked params (0: current, the common case). */
static inline uint32_t rules_of(const struct pgov_sugov_params *prm)
{
    return prm->kver == 0 ? PGOV_SUGOV_RULES_CURRENT : (uint32_t)pgov_sugov_profile(prm->kver);
}

/*
 * cpufreq_driver_resolve_freq: clamp (min > max resolves to max), then with
 * a table the lowest entry at or above (relation L, "efficient" from 5.16).
 */
static inline uint32_t resolve(const struct pgov_sugov_params *prm,
                               const struct pgov_freq_table *table, uint64_t raw)
{
    uint32_t lo = prm->min_khz, hi = prm->max_khz, f;
    bool warn = false;

    if (lo > hi)
        lo = hi;
    f = (uint32_t)(raw > hi ? hi : (raw < lo ? lo : raw));
    if (table) {
        /* Relation L (lowest at or above), "efficient" from 5.16. */
        uint32_t rel = prm->kver == 0 || prm->kver >= PGOV_KVER_5_16 ? (uint32_t)PGOV_REL_E
                                                                      : (uint32_t)PGOV_REL_L;
        f = table->entries[pgov_freq_table_core_target(table, lo, hi, f, rel, &warn)].khz;
    }
    return f;
}

/* map_util_freq: the raw frequency of a perf value against reference @ref;
 * before 5.14 the 25 % margin is on the reference (perf is util then). */
static inline uint64_t raw_of(const struct pgov_sugov_params *prm, uint32_t rules, uint32_t perf,
                              uint32_t ref)
{
    uint64_t f = (rules & PGOV_SUGOV_R_FREQ_MARGIN) ? (uint64_t)ref + (ref >> 2) : ref;

    return pgov_div_u64_u32(f * perf, prm->max_cap);
}

/* The headroom on util (capped at max_cap from 6.8; none before 5.14),
 * then the frequency, table-less. */
static inline uint32_t freq_of(const struct pgov_sugov_params *prm, uint32_t rules,
                               uint32_t util, uint32_t ref, uint64_t *raw)
{
    uint32_t perf;

    util = util > prm->max_cap ? prm->max_cap : util;
    perf = (rules & PGOV_SUGOV_R_FREQ_MARGIN) ? util : util + (util >> 2);
    if (rules & PGOV_SUGOV_R_PERF)
        perf = perf > prm->max_cap ? prm->max_cap : perf;
    *raw = raw_of(prm, rules, perf, ref);
    return resolve(prm, NULL, *raw);
}

/* The reference: max_freq, or (non-invariant) the current frequency, with
 * a second 25 % from 6.8. */
static inline uint32_t ref_of(const struct pgov_sugov_params *prm, uint32_t rules, uint32_t cur)
{
    if (!(prm->options & PGOV_SUGOV_OPT_NONINVARIANT))
        return prm->max_freq_khz;
    return (rules & PGOV_SUGOV_R_PERF) ? cur + (cur >> 2) : cur;
}

static uint32_t next_freq(const struct pgov_sugov_params *prm, uint32_t util, uint32_t cur,
                          uint64_t *raw)
{
    uint32_t rules = rules_of(prm);

    return freq_of(prm, rules, util, ref_of(prm, rules, cur), raw);
}

/* Options or a kver set: the full check, then either reference. */
static PGOV_COLD int64_t next_freq_cold(const struct pgov_sugov_params *prm, uint32_t util,
                                         uint32_t cur_khz, uint64_t *raw)
{
    uint64_t r;
    int rc = pgov_sugov_params_check(prm);

    if (rc)
        return rc;
    uint32_t f = next_freq(prm, util, cur_khz, &r);
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
    uint32_t f = freq_of(prm, PGOV_SUGOV_RULES_CURRENT, util, prm->max_freq_khz, &r);
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

/* 1-2: the boost request of one CPU, on every callback before any rate
 * limiting; then its last update is now. */
static inline void boost_request(const struct pgov_sugov_params *prm, uint32_t *boost,
                                 uint32_t *pending, uint64_t *last_update, uint64_t now_ns,
                                 uint32_t set)
{
    if (*boost && pgov_u2s64(now_ns - *last_update) > pgov_u2s64(prm->tick_ns)) {
        /* Signed: a clock that went backwards never resets. */
        *boost = set ? IOWAIT_BOOST_MIN : 0;
        *pending = set;
    } else if (set && !*pending) {
        *pending = 1;
        *boost = *boost ? (*boost << 1 > CAP_SCALE ? CAP_SCALE : *boost << 1) : IOWAIT_BOOST_MIN;
    }
    *last_update = now_ns;
}

/* 4: apply, in capacity units: halve without a new request, drop below
 * 1/8. A CPU not updated for more than a tick (only another CPU of a
 * shared policy can be) loses its boost first. */
static inline uint32_t boost_apply(const struct pgov_sugov_params *prm, uint32_t *boost,
                                   uint32_t *pending, uint64_t last_update, uint64_t now_ns)
{
    if (!*boost)
        return 0;
    if (pgov_u2s64(now_ns - last_update) > pgov_u2s64(prm->tick_ns)) {
        *boost = 0;
        *pending = 0;
        return 0;
    }
    if (!*pending) {
        *boost >>= 1;
        if (*boost < IOWAIT_BOOST_MIN) {
            *boost = 0;
            return 0;
        }
    }
    *pending = 0;
    return (*boost * prm->max_cap) >> 10;
}

/*
 * 5-6: one CPU's performance request from util, boost, headroom and (v6.8+
 * order) the clamps. The clamps bound the headroom-ed value, not util:
 * uclamp_max caps the boost too, and the floor is not scaled by 1.25. Before
 * 6.8 the headroom is uncapped and nothing follows it (the clamps were in
 * util already; the checks rejected any here).
 */
static inline uint32_t perf_of(const struct pgov_sugov_params *prm, uint32_t rules, uint32_t util,
                               uint32_t bu, uint32_t uclamp_min, uint32_t uclamp_max,
                               uint32_t bw_min)
{
    uint32_t hi = uclamp_max < prm->max_cap ? uclamp_max : prm->max_cap;
    uint32_t lo = uclamp_min > bw_min ? uclamp_min : bw_min;
    uint32_t perf;

    util = util > prm->max_cap ? prm->max_cap : util;
    util = util > bu ? util : bu;
    perf = (rules & PGOV_SUGOV_R_FREQ_MARGIN) ? util : util + (util >> 2);
    if (rules & PGOV_SUGOV_R_PERF) {
        perf = perf < hi ? perf : hi;
        perf = perf > lo ? perf : lo;
    }
    return perf;
}

/* What one evaluation reads and writes of the policy. */
struct pol {
    uint64_t last_freq_update_ns;
    uint32_t next_freq, cached_raw_freq, need_update;
};

/*
 * 7-8: frequency, cache, hold (@hold: the single-CPU rule applies), commit.
 * A pending limits change (need_update) bypasses the cache and the hold
 * rule (the library's rule, see docs/schedutil.md) and, as in Linux 6.1.192,
 * commits only a changed frequency. Fills path, raw_freq, next_f of @r.
 */
static inline void evaluate(const struct pgov_sugov_params *prm, uint32_t rules, struct pol *p,
                            uint64_t now_ns, uint32_t perf, uint32_t cur,
                            const struct pgov_freq_table *table, bool hold,
                            struct pgov_sugov_result *r)
{
    uint32_t prev_cached = p->cached_raw_freq;
    bool need = p->need_update != 0;
    uint32_t nf;
    uint64_t raw = raw_of(prm, rules, perf, ref_of(prm, rules, cur));

    r->raw_freq = raw;
    if (raw == p->cached_raw_freq && !need) {
        nf = p->next_freq;
    } else {
        p->cached_raw_freq = (uint32_t)raw;
        nf = resolve(prm, table, raw);
    }
    /* Hold: no premature reduction while the CPU stayed busy. */
    if (hold && nf < p->next_freq && !need) {
        nf = p->next_freq;
        p->cached_raw_freq = (rules & PGOV_SUGOV_R_HOLD_RESET) ? 0 : prev_cached;
    }
    p->need_update = 0;
    r->next_f = nf;
    /* Commit only a change: an unchanged result keeps the timestamp. */
    if (nf == p->next_freq) {
        r->path = PGOV_SUGOV_PATH_UNCHANGED;
    } else {
        r->path = PGOV_SUGOV_PATH_COMMIT;
        p->next_freq = nf;
        p->last_freq_update_ns = now_ns;
    }
}

/* 3: rate limit. Another CPU's callback (a remote wakeup) stops here too:
 * only the policy's own CPUs may change its frequency. */
static inline bool rate_limited(const struct pgov_sugov_params *prm, uint32_t flags,
                                uint32_t need_update, uint64_t last_freq_update_ns,
                                uint64_t now_ns)
{
    return (flags & PGOV_UPDATE_REMOTE) ||
           (!need_update &&
            pgov_u2s64(now_ns - last_freq_update_ns) < pgov_u2s64(prm->rate_limit_ns));
}

static inline void result_clear(struct pgov_sugov_result *r)
{
    r->path = 0;
    r->boost_util = 0;
    r->util_eff = 0;
    r->next_f = 0;
    r->raw_freq = 0;
}

void pgov_sugov_decide_unchecked(const struct pgov_sugov_params *prm,
                                 const struct pgov_sugov_state *st, struct pgov_sugov_state *out,
                                 uint64_t now_ns, const struct pgov_sugov_input *in,
                                 struct pgov_sugov_result *res)
{
    uint32_t rules = rules_of(prm);
    struct pgov_sugov_result r;
    struct pgov_sugov_state s;
    struct pol p;

    PGOV_COPY(&s, st);
    result_clear(&r);
    boost_request(prm, &s.iowait_boost, &s.pending, &s.last_update_ns, now_ns,
                  in->flags & PGOV_UPDATE_IOWAIT);
    r.boost_req = s.iowait_boost;
    r.pending_req = s.pending;
    /* More deadline bandwidth than at the last evaluation: no waiting for
     * the rate limit (and no hold), like a limits change; remote callbacks
     * too, which leave it pending. */
    if (in->bw_dl > s.bw_dl)
        s.need_update = 1;
    if (rate_limited(prm, in->flags, s.need_update, s.last_freq_update_ns, now_ns)) {
        r.path = PGOV_SUGOV_PATH_RATE_LIMITED;
        PGOV_COPY(out, &s);
        PGOV_COPY(res, &r);
        return;
    }
    s.bw_dl = in->bw_dl; /* read with the utilization */
    r.boost_util = boost_apply(prm, &s.iowait_boost, &s.pending, s.last_update_ns, now_ns);
    r.util_eff = perf_of(prm, rules, in->util, r.boost_util, in->uclamp_min, in->uclamp_max,
                         in->bw_min);
    p.last_freq_update_ns = s.last_freq_update_ns;
    p.next_freq = s.next_freq;
    p.cached_raw_freq = s.cached_raw_freq;
    p.need_update = s.need_update;
    evaluate(prm, rules, &p, now_ns, r.util_eff, in->cur_khz, in->table,
             in->held && !in->capped, &r);
    s.last_freq_update_ns = p.last_freq_update_ns;
    s.next_freq = p.next_freq;
    s.cached_raw_freq = p.cached_raw_freq;
    s.need_update = p.need_update;
    PGOV_COPY(out, &s);
    PGOV_COPY(res, &r);
}

int pgov_sugov_decide(const struct pgov_sugov_params *prm, struct pgov_sugov_state *st,
                      uint64_t now_ns, uint32_t flags, uint32_t util_cfs, uint32_t held,
                      struct pgov_sugov_result *res)
{
    int rc;

    if (!prm || !st || !res)
        return PGOV_EINVAL;
    rc = pgov_sugov_params_check(prm);
    if (rc)
        return rc;
    if ((flags & ~PGOV_UPDATE_ALL) || held > 1 || st->pending > 1 ||
        st->need_update > 1 || st->iowait_boost > CAP_SCALE)
        return PGOV_EINVAL;
    struct pgov_sugov_input in;
    /* With fast switching policy->cur is the last committed frequency. */
    pgov_sugov_input_plain(&in, flags, util_cfs, held, st->next_freq);
    pgov_sugov_decide_unchecked(prm, st, st, now_ns, &in, res);
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
    rc = pgov_sugov_params_check(prm);
    if (rc)
        return rc;
    const struct pgov_freq_table *table = in->size >= sizeof(*in) ? in->table : NULL;
    if ((in->flags & ~PGOV_UPDATE_ALL) || in->held > 1 || in->capped > 1 ||
        in->uclamp_min > CAP_SCALE || in->uclamp_max > CAP_SCALE ||
        st->pending > 1 || st->need_update > 1 ||
        st->iowait_boost > CAP_SCALE || (table && !pgov_freq_table_core_sane(table)))
        return PGOV_EINVAL;
    if (!(rules_of(prm) & PGOV_SUGOV_R_PERF) &&
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
    pgov_sugov_decide_unchecked(prm, st, st, now_ns, &v, res);
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
    struct pgov_sugov_result r;
    struct pgov_sugov_cpu *c;
    uint32_t rules, perf = 0;
    struct pol p;
    int rc;

    if (!prm || !pol || !cpus || !res)
        return PGOV_EINVAL;
    rc = pgov_sugov_params_check(prm);
    if (rc)
        return rc;
    if (shared_bad(pol, cpus, ncpus, cpu, flags, table))
        return PGOV_EINVAL;
    rules = rules_of(prm);
    if (!(rules & PGOV_SUGOV_R_PERF))
        for (uint32_t j = 0; j < ncpus; j++)
            if (cpus[j].uclamp_min != 0 || cpus[j].uclamp_max != CAP_SCALE || cpus[j].bw_min != 0)
                return PGOV_ENOTSUP;

    result_clear(&r);
    c = &cpus[cpu];
    boost_request(prm, &c->iowait_boost, &c->pending, &c->last_update_ns, now_ns,
                  flags & PGOV_UPDATE_IOWAIT);
    r.boost_req = c->iowait_boost;
    r.pending_req = c->pending;
    if (c->bw_dl > c->bw_dl_seen) /* ignore_dl_rate_limit, as for one CPU */
        pol->need_update = 1;
    if (rate_limited(prm, flags, pol->need_update, pol->last_freq_update_ns, now_ns)) {
        r.path = PGOV_SUGOV_PATH_RATE_LIMITED;
        PGOV_COPY(res, &r);
        return PGOV_OK;
    }
    /* sugov_next_freq_shared: the largest request over the policy. */
    for (uint32_t j = 0; j < ncpus; j++) {
        struct pgov_sugov_cpu *o = &cpus[j];
        o->bw_dl_seen = o->bw_dl; /* read with its utilization */
        uint32_t bu = boost_apply(prm, &o->iowait_boost, &o->pending, o->last_update_ns, now_ns);
        uint32_t pj = perf_of(prm, rules, o->util, bu, o->uclamp_min, o->uclamp_max, o->bw_min);
        if (j == cpu)
            r.boost_util = bu;
        perf = pj > perf ? pj : perf;
    }
    r.util_eff = perf;
    p.last_freq_update_ns = pol->last_freq_update_ns;
    p.next_freq = pol->next_freq;
    p.cached_raw_freq = pol->cached_raw_freq;
    p.need_update = pol->need_update;
    evaluate(prm, rules, &p, now_ns, perf, pol->cur_khz ? pol->cur_khz : pol->next_freq, table,
             false, &r);
    pol->last_freq_update_ns = p.last_freq_update_ns;
    pol->next_freq = p.next_freq;
    pol->cached_raw_freq = p.cached_raw_freq;
    pol->need_update = p.need_update;
    /* Fast switching: policy->cur follows each commit. */
    if (r.path == PGOV_SUGOV_PATH_COMMIT && pol->cur_khz)
        pol->cur_khz = r.next_f;
    PGOV_COPY(res, &r);
    return PGOV_OK;
}
