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
    uint32_t kv;

    if (!pgov_kver_valid(kver))
        return PGOV_ENOTSUP;
    kv = pgov_kver_resolve(kver);
    if (kv >= PGOV_KVER_6_18)
        return PGOV_SUGOV_RULES_CURRENT;
    if (kv >= PGOV_KVER_5_14 && kv < PGOV_KVER_6_8)
        return PGOV_SUGOV_RULES_5_14;
    return PGOV_ENOTSUP;
}

int pgov_sugov_params_check(const struct pgov_sugov_params *prm)
{
    if (!prm)
        return PGOV_EINVAL;
    if (params_bad_values(prm) || (prm->options & ~PGOV_SUGOV_OPT_NONINVARIANT))
        return PGOV_EINVAL;
    return pgov_sugov_profile(prm->kver) < 0 ? PGOV_ENOTSUP : PGOV_OK;
}

/* The 5.14 .. 6.7 rules (params already checked). */
static inline bool rules_5_14(const struct pgov_sugov_params *prm)
{
    return prm->kver != 0 && prm->kver < PGOV_KVER_6_18;
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

/* map_util_freq of a perf value against reference @ref + the table-less resolve. */
static inline uint32_t freq_of_perf(const struct pgov_sugov_params *prm, uint32_t perf,
                                    uint32_t ref, uint64_t *raw)
{
    *raw = pgov_div_u64_u32((uint64_t)ref * perf, prm->max_cap);
    return resolve(prm, NULL, *raw);
}

/* map_util_perf (25 % headroom, capped at max_cap from 6.8), then the frequency. */
static inline uint32_t freq_of(const struct pgov_sugov_params *prm, uint32_t util, uint32_t ref,
                               uint64_t *raw)
{
    uint32_t perf;

    util = util > prm->max_cap ? prm->max_cap : util;
    perf = util + (util >> 2);
    if (!rules_5_14(prm))
        perf = perf > prm->max_cap ? prm->max_cap : perf;
    return freq_of_perf(prm, perf, ref, raw);
}

/* The reference: max_freq, or (non-invariant) the current frequency, with
 * a second 25 % from 6.8. */
static inline uint32_t ref_of(const struct pgov_sugov_params *prm, uint32_t cur)
{
    if (!(prm->options & PGOV_SUGOV_OPT_NONINVARIANT))
        return prm->max_freq_khz;
    return rules_5_14(prm) ? cur : cur + (cur >> 2);
}

static uint32_t next_freq(const struct pgov_sugov_params *prm, uint32_t util, uint32_t cur,
                          uint64_t *raw)
{
    return freq_of(prm, util, ref_of(prm, cur), raw);
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
    uint32_t f = freq_of(prm, util, prm->max_freq_khz, &r);
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

void pgov_sugov_decide_unchecked(const struct pgov_sugov_params *prm,
                                 const struct pgov_sugov_state *st, struct pgov_sugov_state *out,
                                 uint64_t now_ns, const struct pgov_sugov_input *in,
                                 struct pgov_sugov_result *res)
{
    uint32_t flags = in->flags;
    struct pgov_sugov_result r;
    struct pgov_sugov_state s;

    PGOV_COPY(&s, st);
    r.path = 0;
    r.boost_util = 0;
    r.util_eff = 0;
    r.next_f = 0;
    r.raw_freq = 0;

    /* 1-2: the boost request, before any rate limiting. */
    uint32_t set = flags & PGOV_UPDATE_IOWAIT;
    if (s.iowait_boost && pgov_u2s64(now_ns - s.last_update_ns) > pgov_u2s64(prm->tick_ns)) {
        /* Signed: a clock that went backwards never resets. */
        s.iowait_boost = set ? IOWAIT_BOOST_MIN : 0;
        s.pending = set;
    } else if (set && !s.pending) {
        s.pending = 1;
        s.iowait_boost = s.iowait_boost
                             ? (s.iowait_boost << 1 > CAP_SCALE ? CAP_SCALE : s.iowait_boost << 1)
                             : IOWAIT_BOOST_MIN;
    }
    s.last_update_ns = now_ns;
    r.boost_req = s.iowait_boost;
    r.pending_req = s.pending;
    /* More deadline bandwidth than at the last evaluation: no waiting for
     * the rate limit (and no hold), like a limits change; remote callbacks
     * too, which leave it pending. */
    if (in->bw_dl > s.bw_dl)
        s.need_update = 1;

    /* 3: rate limit. Another CPU's callback (a remote wakeup) stops here
     * too: only the policy's own CPUs may change its frequency. */
    if ((flags & PGOV_UPDATE_REMOTE) ||
        (!s.need_update &&
         pgov_u2s64(now_ns - s.last_freq_update_ns) < pgov_u2s64(prm->rate_limit_ns))) {
        r.path = PGOV_SUGOV_PATH_RATE_LIMITED;
        PGOV_COPY(out, &s);
        PGOV_COPY(res, &r);
        return;
    }

    s.bw_dl = in->bw_dl; /* read with the utilization */

    /* 4: apply: halve without a new request, drop below 1/8. */
    uint32_t bu = 0;
    if (s.iowait_boost) {
        if (!s.pending) {
            s.iowait_boost >>= 1;
            if (s.iowait_boost < IOWAIT_BOOST_MIN)
                s.iowait_boost = 0;
        }
        if (s.iowait_boost) {
            s.pending = 0;
            bu = (s.iowait_boost * prm->max_cap) >> 10;
        }
    }
    r.boost_util = bu;

    /*
     * 5-7: util, boost, headroom, clamps (v6.8+ order), frequency, cache,
     * hold. The clamps bound the headroom-ed value, not util: uclamp_max
     * caps the boost too, and the floor is not scaled by 1.25. Before 6.8
     * the headroom is uncapped and nothing follows it (the clamps were in
     * util already; the checks rejected any here).
     */
    bool old = rules_5_14(prm);
    uint32_t util = in->util > prm->max_cap ? prm->max_cap : in->util;
    uint32_t hi = in->uclamp_max < prm->max_cap ? in->uclamp_max : prm->max_cap;
    uint32_t lo = in->uclamp_min > in->bw_min ? in->uclamp_min : in->bw_min;
    util = util > bu ? util : bu;
    uint32_t perf = util + (util >> 2);
    if (!old) {
        perf = perf < hi ? perf : hi;
        perf = perf > lo ? perf : lo;
    }
    r.util_eff = perf;
    uint32_t prev_cached = s.cached_raw_freq;
    uint32_t need = s.need_update;
    uint32_t nf;
    uint64_t raw = pgov_div_u64((uint64_t)ref_of(prm, in->cur_khz) * perf, prm->max_cap);
    r.raw_freq = raw;
    if (raw == s.cached_raw_freq && !s.need_update) {
        nf = s.next_freq;
    } else {
        s.cached_raw_freq = (uint32_t)raw;
        nf = resolve(prm, in->table, raw);
    }
    /*
     * Hold: no premature reduction while the CPU stayed busy. Not after a
     * limits change, so that new limits take effect (outside the vectors,
     * which never change limits; the spec does not cover the combination).
     */
    if (in->held && !in->capped && nf < s.next_freq && !need) {
        nf = s.next_freq;
        s.cached_raw_freq = prev_cached;
    }
    s.need_update = 0;
    r.next_f = nf;

    /* 8: commit only a change; an unchanged result keeps the timestamp
     * (also with a limits change pending: Linux 6.1 agrees). */
    if (nf == s.next_freq) {
        r.path = PGOV_SUGOV_PATH_UNCHANGED;
    } else {
        r.path = PGOV_SUGOV_PATH_COMMIT;
        s.next_freq = nf;
        s.last_freq_update_ns = now_ns;
    }
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
    if (rules_5_14(prm) &&
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
