/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Replay adapters for the intel_pstate vectors (spec/pstate.md):
 * pstate_fixed, pstate_pid, pstate_load, pstate_hwp_boost. Public API only:
 * each row builds a config, resolves it with pgov_pstate_params_init(),
 * computes the bounds with pgov_pstate_bounds_init() and steps the carried
 * state with pgov_pstate_decide().
 */
#include <string.h>

#include <pgov/pgov.h>

#include "replay.h"

/* ---- pstate_fixed ---------------------------------------------------- */

static const char *const fixed_cols[] = {"func", "a", "b", "result", NULL};
static const char *const fixed_outs[] = {"result", NULL};

static int fixed_row(void *state, struct replay_row *r)
{
    const char *f = replay_str(r, "func");
    int64_t a, b;
    uint64_t ua, ub, u;
    int32_t s32;
    (void)state;

    if (!f)
        return replay_fail(r, "no func");
    if (!strcmp(f, "mul_ext_fp") || !strcmp(f, "div_ext_fp")) {
        if (replay_u64(r, "a", &ua) || replay_u64(r, "b", &ub))
            return -1;
        if (!strcmp(f, "mul_ext_fp")) {
            u = pgov_fixed_mul_ext(ua, ub);
        } else if (pgov_fixed_div_ext(ua, ub, &u)) {
            return replay_fail(r, "div_ext_fp rejected its operands");
        }
        replay_set_u64(r, "result", u);
        return 0;
    }
    if (replay_s64(r, "a", &a))
        return -1;
    if (!strcmp(f, "int_tofp")) {
        replay_set_s64(r, "result", pgov_fixed_int_tofp(a));
    } else if (!strcmp(f, "fp_toint32")) {
        replay_set_s64(r, "result", pgov_fixed_toint32((int32_t)a));
    } else if (!strcmp(f, "fp_toint64")) {
        replay_set_s64(r, "result", pgov_fixed_toint64(a));
    } else if (!strcmp(f, "ceiling_fp")) {
        replay_set_s64(r, "result", pgov_fixed_ceiling((int32_t)a));
    } else if (!strcmp(f, "percent_fp")) {
        replay_set_s64(r, "result", pgov_fixed_percent((int32_t)a));
    } else if (!strcmp(f, "percent_ext_fp")) {
        replay_set_s64(r, "result", pgov_fixed_percent_ext((int32_t)a));
    } else if (!strcmp(f, "int_ext_tofp")) {
        replay_set_s64(r, "result", pgov_fixed_int_ext_tofp(a));
    } else if (!strcmp(f, "fp_ext_toint")) {
        replay_set_s64(r, "result", pgov_fixed_ext_toint(a));
    } else if (!strcmp(f, "mul_fp")) {
        if (replay_s64(r, "b", &b))
            return -1;
        replay_set_s64(r, "result", pgov_fixed_mul((int32_t)a, (int32_t)b));
    } else if (!strcmp(f, "div_fp")) {
        if (replay_s64(r, "b", &b))
            return -1;
        if (pgov_fixed_div(a, b, &s32))
            return replay_fail(r, "div_fp rejected its operands");
        replay_set_s64(r, "result", s32);
    } else {
        return replay_fail(r, "unknown func '%s'", f);
    }
    return 0;
}

const struct replay_adapter replay_adapter_pstate_fixed = {
    "pstate_fixed", fixed_cols, fixed_outs, NULL, 0, fixed_row,
};

/* ---- shared helpers -------------------------------------------------- */

struct pst_state {
    int started;
    struct pgov_pstate_state st;
};

static int read_platform(struct replay_row *r, struct pgov_hw_limits *plat)
{
    uint32_t dis;
    memset(plat, 0, sizeof(*plat));
    if (replay_u32(r, "pmin", &plat->min_pstate) || replay_u32(r, "pmax", &plat->max_pstate) ||
        replay_u32(r, "pmax_phys", &plat->max_pstate_physical) ||
        replay_u32(r, "pturbo", &plat->turbo_pstate) || replay_u32(r, "turbo_msr_dis", &dis))
        return -1;
    plat->scaling_khz = 100000;
    plat->flags = dis ? PGOV_HW_LIM_TURBO_DISABLED : 0;
    return 0;
}

static void set_or_dash(struct replay_row *r, const char *col, int have, int64_t v)
{
    if (have)
        replay_set_s64(r, col, v);
    else
        replay_set_dash(r, col);
}

/* ---- pstate_pid ------------------------------------------------------ */

static const char *const pid_cols[] = {
    "variant", "scenario", "step", "event", "time_ns", "aperf", "mperf", "tsc", "cum_iowait_us",
    "pmin", "pmax", "pmax_phys", "pturbo", "no_turbo", "turbo_msr_dis", "min_perf_fp",
    "max_perf_fp", "min_ratio", "max_ratio", "path", "d_aperf", "d_mperf", "d_tsc", "core",
    "sample_ratio", "busy_scaled", "pid_out", "integral", "last_err", "target_raw", "lim_min",
    "lim_max", "pstate", NULL};
static const char *const pid_outs[] = {
    "path", "d_aperf", "d_mperf", "d_tsc", "core", "sample_ratio", "busy_scaled", "pid_out",
    "integral", "last_err", "target_raw", "lim_min", "lim_max", "pstate", NULL};
static const char *const pid_group[] = {"variant", "scenario", NULL};

static const char *pid_path_name(uint32_t p)
{
    switch (p) {
    case PGOV_PSTATE_PATH_INIT_SAMPLED: return "init_sampled";
    case PGOV_PSTATE_PATH_INIT_REJECTED: return "init_rejected";
    case PGOV_PSTATE_PATH_TIMER_ADJUST: return "timer_adjust";
    case PGOV_PSTATE_PATH_TIMER_STALE: return "timer_stale_adjust";
    case PGOV_PSTATE_PATH_SKIP: return "skip_interval";
    case PGOV_PSTATE_PATH_REJECTED: return "sample_rejected";
    case PGOV_PSTATE_PATH_FIRST: return "first_sample";
    case PGOV_PSTATE_PATH_ADJUST: return "adjust";
    case PGOV_PSTATE_PATH_IO_SKIP: return "io_skip_busy100";
    case PGOV_PSTATE_PATH_IO_ADJUST: return "io_adjust";
    default: return "?";
    }
}

/* Effective bounds of this row; the group's state starts on its first row. */
static int bounds_and_start(struct replay_row *r, struct pst_state *ps,
                            const struct pgov_pstate_params *prm,
                            const struct pgov_hw_limits *plat,
                            const struct pgov_pstate_limits *lim, struct pgov_pstate_bounds *b)
{
    int rc = pgov_pstate_bounds_init(prm, plat, lim, b);
    if (rc)
        return replay_fail(r, "bounds_init: %s", pgov_strerror(rc));
    if (!ps->started) {
        rc = pgov_pstate_state_reset(&ps->st, prm, plat);
        if (rc)
            return replay_fail(r, "state_reset: %s", pgov_strerror(rc));
        ps->started = 1;
    }
    return 0;
}

static int pid_row(void *state, struct replay_row *r)
{
    struct pst_state *ps = state;
    struct pgov_pstate_config cfg;
    struct pgov_pstate_params prm;
    struct pgov_pstate_limits lim;
    struct pgov_pstate_bounds b;
    struct pgov_pstate_input in;
    struct pgov_pstate_result res;
    struct pgov_hw_limits plat;
    const char *v = replay_str(r, "variant"), *ev = replay_str(r, "event");
    int rc;

    memset(&cfg, 0, sizeof(cfg));
    memset(&lim, 0, sizeof(lim));
    memset(&in, 0, sizeof(in));
    cfg.size = sizeof(cfg);
    lim.size = sizeof(lim);
    if (!v || !ev)
        return replay_fail(r, "no variant/event");
    if (!strcmp(v, "v4.5")) {
        cfg.policy = PGOV_PSTATE_POLICY_PID;
        cfg.kver = PGOV_KVER_4_5;
    } else if (!strcmp(v, "v4.6")) {
        cfg.policy = PGOV_PSTATE_POLICY_PID;
        cfg.kver = PGOV_KVER_4_6;
    } else if (!strcmp(v, "v4.13")) {
        cfg.policy = PGOV_PSTATE_POLICY_PID;
        cfg.kver = PGOV_KVER_4_13;
    } else if (!strcmp(v, "v4.6-atom")) {
        cfg.policy = PGOV_PSTATE_POLICY_PID_ATOM;
        cfg.kver = PGOV_KVER_4_6;
    } else {
        return replay_fail(r, "unknown variant '%s'", v);
    }
    rc = pgov_pstate_params_init(&prm, &cfg);
    if (rc)
        return replay_fail(r, "params_init: %s", pgov_strerror(rc));
    if (read_platform(r, &plat) || replay_u32(r, "no_turbo", &lim.no_turbo))
        return -1;
    if (cfg.policy == PGOV_PSTATE_POLICY_PID_ATOM)
        plat.scaling_khz = 83300; /* platform slm */
    if (replay_is_dash(r, "min_perf_fp")) {
        if (replay_u32(r, "min_ratio", &lim.min_ratio) ||
            replay_u32(r, "max_ratio", &lim.max_ratio))
            return -1;
    } else if (replay_u32(r, "min_perf_fp", &lim.min_perf_fp) ||
               replay_u32(r, "max_perf_fp", &lim.max_perf_fp)) {
        return -1;
    }
    if (bounds_and_start(r, ps, &prm, &plat, &lim, &b))
        return -1;
    if (replay_u64(r, "time_ns", &in.now_ns) || replay_u64(r, "aperf", &in.aperf) ||
        replay_u64(r, "mperf", &in.mperf) || replay_u64(r, "tsc", &in.tsc) ||
        replay_u64(r, "cum_iowait_us", &in.iowait_us))
        return -1;
    in.event = !strcmp(ev, "init")    ? PGOV_PSTATE_EV_INIT
               : !strcmp(ev, "timer") ? PGOV_PSTATE_EV_TIMER
                                      : PGOV_PSTATE_EV_UPDATE;
    rc = pgov_pstate_decide(&prm, &plat, &b, &ps->st, &in, &res);
    if (rc)
        return replay_fail(r, "decide: %s", pgov_strerror(rc));

    int dec = (res.have & PGOV_PSTATE_HAVE_DECIDE) != 0;
    replay_set(r, "path", pid_path_name(res.path));
    replay_set_u64(r, "d_aperf", ps->st.d_aperf);
    replay_set_u64(r, "d_mperf", ps->st.d_mperf);
    replay_set_u64(r, "d_tsc", ps->st.d_tsc);
    replay_set_s64(r, "core", ps->st.core);
    set_or_dash(r, "sample_ratio", res.have & PGOV_PSTATE_HAVE_RATIO, res.sample_ratio);
    set_or_dash(r, "busy_scaled", dec, ps->st.busy_scaled);
    set_or_dash(r, "pid_out", res.have & PGOV_PSTATE_HAVE_PID, res.pid_out);
    replay_set_s64(r, "integral", ps->st.integral);
    replay_set_s64(r, "last_err", ps->st.last_err);
    set_or_dash(r, "target_raw", dec, res.target_raw);
    set_or_dash(r, "lim_min", dec, res.lo);
    set_or_dash(r, "lim_max", dec, res.hi);
    replay_set_u64(r, "pstate", ps->st.pstate);
    if (res.pstate != ps->st.pstate)
        return replay_fail(r, "result pstate differs from state");
    return 0;
}

const struct replay_adapter replay_adapter_pstate_pid = {
    "pstate_pid", pid_cols, pid_outs, pid_group, sizeof(struct pst_state), pid_row,
};

/* ---- pstate_load ----------------------------------------------------- */

static const char *const load_cols[] = {
    "variant", "scenario", "step", "time_ns", "flags", "aperf", "mperf", "tsc", "pmin", "pmax",
    "pmax_phys", "pturbo", "no_turbo", "turbo_msr_dis", "min_ratio", "max_ratio", "amshift",
    "tick_nsec", "path", "boost_before", "boost_after", "boost_used", "d_aperf", "d_mperf",
    "d_tsc", "core_avg_perf", "busy_frac", "busy_scaled", "target_raw", "avg_pstate",
    "target_avg", "lim_lo", "lim_hi", "pstate", NULL};
static const char *const load_outs[] = {
    "path", "boost_before", "boost_after", "boost_used", "d_aperf", "d_mperf", "d_tsc",
    "core_avg_perf", "busy_frac", "busy_scaled", "target_raw", "avg_pstate", "target_avg",
    "lim_lo", "lim_hi", "pstate", NULL};
static const char *const load_group[] = {"variant", "scenario", NULL};

static int load_row(void *state, struct replay_row *r)
{
    struct pst_state *ps = state;
    struct pgov_pstate_config cfg;
    struct pgov_pstate_params prm;
    struct pgov_pstate_limits lim;
    struct pgov_pstate_bounds b;
    struct pgov_pstate_input in;
    struct pgov_pstate_result res;
    struct pgov_hw_limits plat;
    const char *v = replay_str(r, "variant");
    uint32_t boost_before;
    int rc;

    memset(&cfg, 0, sizeof(cfg));
    memset(&lim, 0, sizeof(lim));
    memset(&in, 0, sizeof(in));
    cfg.size = sizeof(cfg);
    lim.size = sizeof(lim);
    cfg.policy = PGOV_PSTATE_POLICY_LOAD;
    if (!v)
        return replay_fail(r, "no variant");
    if (!strcmp(v, "v4.17"))
        cfg.kver = PGOV_KVER_4_17;
    else if (!strcmp(v, "v6.19"))
        cfg.kver = PGOV_KVER_6_19;
    else
        return replay_fail(r, "unknown variant '%s'", v);
    if (replay_u32(r, "amshift", &cfg.aperf_mperf_shift) || replay_u64(r, "tick_nsec", &cfg.tick_ns))
        return -1;
    rc = pgov_pstate_params_init(&prm, &cfg);
    if (rc)
        return replay_fail(r, "params_init: %s", pgov_strerror(rc));
    if (read_platform(r, &plat) || replay_u32(r, "no_turbo", &lim.no_turbo) ||
        replay_u32(r, "min_ratio", &lim.min_ratio) || replay_u32(r, "max_ratio", &lim.max_ratio))
        return -1;
    if (bounds_and_start(r, ps, &prm, &plat, &lim, &b))
        return -1;
    if (replay_u64(r, "time_ns", &in.now_ns) || replay_u32(r, "flags", &in.flags) ||
        replay_u64(r, "aperf", &in.aperf) || replay_u64(r, "mperf", &in.mperf) ||
        replay_u64(r, "tsc", &in.tsc))
        return -1;
    in.event = PGOV_PSTATE_EV_UPDATE;
    boost_before = ps->st.iowait_boost;
    rc = pgov_pstate_decide(&prm, &plat, &b, &ps->st, &in, &res);
    if (rc)
        return replay_fail(r, "decide: %s", pgov_strerror(rc));

    int ld = (res.have & PGOV_PSTATE_HAVE_LOAD) != 0;
    replay_set(r, "path", pid_path_name(res.path));
    replay_set_u64(r, "boost_before", boost_before);
    replay_set_u64(r, "boost_after", ps->st.iowait_boost);
    set_or_dash(r, "boost_used", ld, res.boost_used);
    replay_set_u64(r, "d_aperf", ps->st.d_aperf);
    replay_set_u64(r, "d_mperf", ps->st.d_mperf);
    replay_set_u64(r, "d_tsc", ps->st.d_tsc);
    replay_set_s64(r, "core_avg_perf", ps->st.core);
    set_or_dash(r, "busy_frac", ld, res.busy_frac);
    replay_set_s64(r, "busy_scaled", ps->st.busy_scaled);
    set_or_dash(r, "target_raw", ld, res.target_raw);
    set_or_dash(r, "avg_pstate", ld, res.avg_pstate);
    set_or_dash(r, "target_avg", ld, res.target_avg);
    set_or_dash(r, "lim_lo", ld, res.lo);
    set_or_dash(r, "lim_hi", ld, res.hi);
    replay_set_u64(r, "pstate", ps->st.pstate);
    return 0;
}

const struct replay_adapter replay_adapter_pstate_load = {
    "pstate_load", load_cols, load_outs, load_group, sizeof(struct pst_state), load_row,
};

/* ---- pstate_hwp_boost ------------------------------------------------ */

static const char *const hwp_cols[] = {
    "scenario", "step", "time_ns", "flags", "req_min", "req_max", "guaranteed", "hold_ns",
    "tick_nsec", "path", "boost_min", "msr_write", "last_update", "last_io_update", NULL};
static const char *const hwp_outs[] = {"path", "boost_min", "msr_write", "last_update",
                                       "last_io_update", NULL};
static const char *const hwp_group[] = {"scenario", NULL};

/* The vectors' cached request carries EPP 0x80 to show the byte replacement. */
#define HWP_EPP_0x80 (0x80ull << 24)

static int hwp_row(void *state, struct replay_row *r)
{
    struct pgov_hwp_boost_state *st = state;
    struct pgov_hwp_boost_params prm;
    struct pgov_hwp_boost_result res;
    uint64_t now, mn, mx, g;
    uint32_t flags;
    int rc;

    if (replay_u64(r, "time_ns", &now) || replay_u32(r, "flags", &flags) ||
        replay_u64(r, "req_min", &mn) || replay_u64(r, "req_max", &mx) ||
        replay_u64(r, "guaranteed", &g) || replay_u64(r, "hold_ns", &prm.hold_ns) ||
        replay_u64(r, "tick_nsec", &prm.tick_ns))
        return -1;
    prm.hwp_request = HWP_EPP_0x80 | (mx << 8) | mn;
    prm.hwp_cap = g << 8;
    rc = pgov_hwp_boost_update(&prm, st, now, flags, &res);
    if (rc)
        return replay_fail(r, "hwp_boost_update: %s", pgov_strerror(rc));
    replay_set(r, "path", res.path == PGOV_HWP_PATH_IO_UP      ? "io_boost_up"
                          : res.path == PGOV_HWP_PATH_IO_FIRST ? "io_first"
                                                               : "boost_down_check");
    replay_set_u64(r, "boost_min", st->boost_min);
    if (res.write)
        replay_set_u64(r, "msr_write", res.hwp_request);
    else
        replay_set_dash(r, "msr_write");
    replay_set_u64(r, "last_update", st->last_update_ns);
    replay_set_u64(r, "last_io_update", st->last_io_update_ns);
    return 0;
}

const struct replay_adapter replay_adapter_pstate_hwp_boost = {
    "pstate_hwp_boost", hwp_cols, hwp_outs, hwp_group, sizeof(struct pgov_hwp_boost_state),
    hwp_row,
};
