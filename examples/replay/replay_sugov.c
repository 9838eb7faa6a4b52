/* SPDX-License-Identifier: BSD-2-Clause */
/* Replay adapters for sugov_iowait.tsv (schedutil iowait boost, spec 9.1) and
 * sugov_clamp.tsv (uclamp, deadline floor, capped hold). */
#include <string.h>

#include <pgov/pgov.h>

#include "replay.h"

static const char *const cols[] = {
    "scenario", "step", "time_ns", "flags", "util_cfs", "held", "max_cap", "max_freq", "pol_min",
    "pol_max", "rate_limit_ns", "tick_nsec", "path", "boost_req", "pending_req", "boost_after",
    "boost_util", "util_eff", "raw_freq", "next_f", "next_freq", "last_freq_update_time", NULL};
static const char *const outs[] = {"path", "boost_req", "pending_req", "boost_after",
                                   "boost_util", "util_eff", "raw_freq", "next_f", "next_freq",
                                   "last_freq_update_time", NULL};
static const char *const group[] = {"scenario", NULL};

/* The columns both sugov files share: the path, the four evaluated-only
 * outputs ('-' when rate limited), the boost request and the state kept. */
static void set_common(struct replay_row *r, const struct pgov_sugov_result *res,
                       const struct pgov_sugov_state *st)
{
    replay_set(r, "path", res->path == PGOV_SUGOV_PATH_COMMIT      ? "commit"
                          : res->path == PGOV_SUGOV_PATH_UNCHANGED ? "unchanged"
                                                                   : "rate_limited");
    replay_set_u64(r, "boost_req", res->boost_req);
    if (res->path != PGOV_SUGOV_PATH_RATE_LIMITED) {
        replay_set_u64(r, "boost_util", res->boost_util);
        replay_set_u64(r, "util_eff", res->util_eff);
        replay_set_u64(r, "raw_freq", res->raw_freq);
        replay_set_u64(r, "next_f", res->next_f);
    } else {
        replay_set_dash(r, "boost_util");
        replay_set_dash(r, "util_eff");
        replay_set_dash(r, "raw_freq");
        replay_set_dash(r, "next_f");
    }
    replay_set_u64(r, "next_freq", st->next_freq);
    replay_set_u64(r, "last_freq_update_time", st->last_freq_update_ns);
}

/* The policy parameters both files give per row. */
static int read_params(struct replay_row *r, struct pgov_sugov_params *prm)
{
    memset(prm, 0, sizeof(*prm));
    return replay_u32(r, "max_cap", &prm->max_cap) ||
           replay_u32(r, "max_freq", &prm->max_freq_khz) ||
           replay_u32(r, "pol_min", &prm->min_khz) || replay_u32(r, "pol_max", &prm->max_khz) ||
           replay_u64(r, "rate_limit_ns", &prm->rate_limit_ns) ||
           replay_u64(r, "tick_nsec", &prm->tick_ns);
}

static int row(void *state, struct replay_row *r)
{
    struct pgov_sugov_state *st = state;
    struct pgov_sugov_params prm;
    struct pgov_sugov_result res;
    uint64_t now;
    uint32_t flags, util, held;
    int rc;

    if (read_params(r, &prm) || replay_u64(r, "time_ns", &now) ||
        replay_u32(r, "flags", &flags) || replay_u32(r, "util_cfs", &util) ||
        replay_u32(r, "held", &held))
        return -1;
    rc = pgov_sugov_decide(&prm, st, now, flags, util, held, &res);
    if (rc)
        return replay_fail(r, "sugov_decide: %s", pgov_strerror(rc));
    set_common(r, &res, st);
    replay_set_u64(r, "pending_req", res.pending_req);
    replay_set_u64(r, "boost_after", st->iowait_boost);
    return 0;
}

const struct replay_adapter replay_adapter_sugov_iowait = {
    "sugov_iowait", cols, outs, group, sizeof(struct pgov_sugov_state), row,
};

/* sugov_clamp.tsv: the same decision with uclamp, the deadline floor and the
 * capped exception (pgov_sugov_decide_in, v6.8+ composition). */
static const char *const clamp_cols[] = {
    "scenario", "step", "time_ns", "flags", "util", "uclamp_min", "uclamp_max", "bw_min", "held",
    "capped", "max_cap", "max_freq", "pol_min", "pol_max", "rate_limit_ns", "tick_nsec", "path",
    "boost_req", "boost_util", "util_eff", "raw_freq", "next_f", "next_freq",
    "last_freq_update_time", NULL};
static const char *const clamp_outs[] = {"path",     "boost_req", "boost_util",
                                         "util_eff", "raw_freq",  "next_f",
                                         "next_freq", "last_freq_update_time", NULL};

static int clamp_row(void *state, struct replay_row *r)
{
    struct pgov_sugov_state *st = state;
    struct pgov_sugov_params prm;
    struct pgov_sugov_input in;
    struct pgov_sugov_result res;
    uint64_t now;
    int rc;

    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    if (read_params(r, &prm) || replay_u64(r, "time_ns", &now) ||
        replay_u32(r, "flags", &in.flags) || replay_u32(r, "util", &in.util) ||
        replay_u32(r, "uclamp_min", &in.uclamp_min) ||
        replay_u32(r, "uclamp_max", &in.uclamp_max) || replay_u32(r, "bw_min", &in.bw_min) ||
        replay_u32(r, "held", &in.held) || replay_u32(r, "capped", &in.capped))
        return -1;
    rc = pgov_sugov_decide_in(&prm, st, now, &in, &res);
    if (rc)
        return replay_fail(r, "sugov_decide_in: %s", pgov_strerror(rc));
    set_common(r, &res, st);
    return 0;
}

const struct replay_adapter replay_adapter_sugov_clamp = {
    "sugov_clamp", clamp_cols, clamp_outs, group, sizeof(struct pgov_sugov_state), clamp_row,
};

/* sugov_kver.tsv: a release's rules, with the rate limit that release
 * derives from the driver's transition delay and latency (an output). */
static const char *const kver_cols[] = {
    "scenario", "step", "kver", "transition_latency_ns", "transition_delay_us", "noninvariant",
    "time_ns", "flags", "util", "held", "cur_khz", "max_cap", "max_freq", "pol_min", "pol_max",
    "tick_nsec", "rate_limit_us", "path", "boost_req", "boost_util", "util_eff", "raw_freq",
    "next_f", "next_freq", "cached_raw_freq", "last_freq_update_time", NULL};
static const char *const kver_outs[] = {"rate_limit_us", "path",      "boost_req",
                                        "boost_util",    "util_eff",  "raw_freq",
                                        "next_f",        "next_freq", "cached_raw_freq",
                                        "last_freq_update_time", NULL};

static int kver_row(void *state, struct replay_row *r)
{
    struct pgov_sugov_state *st = state;
    struct pgov_sugov_params prm;
    struct pgov_sugov_input in;
    struct pgov_sugov_result res;
    uint32_t lat, delay, noninv, us;
    uint64_t now;
    int rc;

    memset(&prm, 0, sizeof(prm));
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.uclamp_max = 1024;
    if (replay_kver(r, "kver", NULL, &prm.kver) ||
        replay_u32(r, "transition_latency_ns", &lat) ||
        replay_u32(r, "transition_delay_us", &delay) || replay_u32(r, "noninvariant", &noninv) ||
        replay_u32(r, "max_cap", &prm.max_cap) || replay_u32(r, "max_freq", &prm.max_freq_khz) ||
        replay_u32(r, "pol_min", &prm.min_khz) || replay_u32(r, "pol_max", &prm.max_khz) ||
        replay_u64(r, "tick_nsec", &prm.tick_ns) || replay_u64(r, "time_ns", &now) ||
        replay_u32(r, "flags", &in.flags) || replay_u32(r, "util", &in.util) ||
        replay_u32(r, "held", &in.held) || replay_u32(r, "cur_khz", &in.cur_khz))
        return -1;
    if (noninv > 1)
        return replay_fail(r, "noninvariant: 0 or 1");
    prm.options = noninv ? PGOV_SUGOV_OPT_NONINVARIANT : 0;
    rc = pgov_freq_table_transition_delay_us(prm.kver, delay, lat, &us);
    if (rc)
        return replay_fail(r, "freq_table_transition_delay_us: %s", pgov_strerror(rc));
    prm.rate_limit_ns = (uint64_t)us * 1000u;
    rc = pgov_sugov_decide_in(&prm, st, now, &in, &res);
    if (rc)
        return replay_fail(r, "sugov_decide_in: %s", pgov_strerror(rc));
    replay_set_u64(r, "rate_limit_us", us);
    set_common(r, &res, st);
    replay_set_u64(r, "cached_raw_freq", st->cached_raw_freq);
    return 0;
}

const struct replay_adapter replay_adapter_sugov_kver = {
    "sugov_kver", kver_cols, kver_outs, group, sizeof(struct pgov_sugov_state), kver_row,
};
