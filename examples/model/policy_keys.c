/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The policy keys (keys.h) and the policy-line parser (policy_spec.h): the
 * one definition of what `LABEL GOVERNOR key=value...` means, for
 * pgov-sim's scenarios and sweeps and pgov-trace govern and bisect.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <pgov/dbs.h>
#include <pgov/kver.h>
#include <pgov/pstate.h>

#include "model/keys.h"

/* ------------------------------------------------------------------ the tables */

static const char *const util_est_names[] = {"on", "off", "every-dequeue", NULL};
static const char *const variant_names[] = {"none", "rfc-percpu", "rfc-all", "deadband", NULL};
static const char *const algo_names[] = {"default", "pid", "load", "atom", NULL};
static const char *const on_off_names[] = {"on", "off", NULL};
static const char *const cpuidle_names[] = {"tick-first", "select-first", NULL};
static const char *const idle_pred_names[] = {"last", "menu", NULL};
static const char *const exec_ue_names[] = {"4.17", "fixed", NULL};
static const char *const uclamp_names[] = {"on", "off", NULL};
static const char *const uclamp_impl_names[] = {"kernel", "libpgov", NULL};
static const char *const wake_affine_names[] = {"auto", "load", "idle", "prev-idle", "off", NULL};

#define POL struct sim_policy_spec
#define G_PSTATE (SIM_GOVS(GOV_INTEL_PSTATE) | SIM_GOVS(GOV_HWP))
#define G_IP SIM_GOVS(GOV_INTEL_PSTATE)
#define G_DBS (SIM_GOVS(GOV_ONDEMAND) | SIM_GOVS(GOV_CONSERVATIVE))
#define G_OD SIM_GOVS(GOV_ONDEMAND)
#define G_CS SIM_GOVS(GOV_CONSERVATIVE)
#define G_SU SIM_GOVS(GOV_SCHEDUTIL)
#define G_LIB (G_PSTATE | G_DBS | G_SU)
#define S 1000000000ull
#define TUN(x) (1u << (x))

const struct sim_key sim_keys_policy[] = {
    /* policy: every governor */
    SIM_KEY_KVER("kver", kver, G_LIB, "governor release (MAJOR.MINOR or current)"),
    SIM_KEY_KVER("sched_kver", sched_kver, 0, "PELT/util_est release"),
    SIM_KEY_ENUM("util_est", KEY_POLICY, struct sim_policy_spec, util_est, util_est_names, 0,
                 "util_est: on, off, or updated on every dequeue"),
    SIM_KEY_ENUM("variant", KEY_POLICY, struct sim_policy_spec, variant, variant_names,
                 G_IP | G_OD, "intel_pstate rfc-percpu|rfc-all (4.13 load), ondemand deadband"),
    /* intel_pstate (hwp: sample, hold) */
    SIM_KEY_ENUM("algo", KEY_POLICY, struct sim_policy_spec, algo, algo_names, G_IP,
                 "intel_pstate algorithm"),
    SIM_KEY_POL("sample", G_PSTATE, pst_sample_ns, &num_time_ns, 1000, 10 * S, 0, 0,
                "sampling interval (default 10ms)"),
    SIM_KEY_POL("hold", SIM_GOVS(GOV_HWP), pst_hold_ns, &num_time_ns, 1, 10 * S, 0, 0,
                "HWP boost hold time (default 3ms)"),
    SIM_KEY_POL("setpoint", G_IP, pst_setpoint, &num_plain, 1, 100, 0, 0,
                "PID setpoint % (default 97, Atom 60)"),
    SIM_KEY_POL("deadband", G_IP, pst_deadband, &num_plain, 0, 100, 0, 0, "PID deadband %"),
    SIM_KEY_POL("p_gain", G_IP, pst_p_gain, &num_plain, 0, 100, PGOV_PSTATE_PCT_ZERO, 0,
                "PID p_gain % (default 20, Atom 14)"),
    SIM_KEY_POL("i_gain", G_IP, pst_i_gain, &num_plain, 0, 100, PGOV_PSTATE_PCT_ZERO, 0,
                "PID i_gain % (default 0, Atom 4)"),
    SIM_KEY_POL("d_gain", G_IP, pst_d_gain, &num_plain, 0, 100, PGOV_PSTATE_PCT_ZERO, 0,
                "PID d_gain %"),
    SIM_KEY_POL("no_turbo", G_PSTATE, pst_no_turbo, &num_plain, 0, 1, 0, 0, "sysfs no_turbo"),
    SIM_KEY_POL("min_ratio", G_IP, pst_min_ratio, &num_plain, 0, 63, 0, 0,
                "v4.13+ min_perf_ratio (0: lowest)"),
    SIM_KEY_POL("max_ratio", G_IP, pst_max_ratio, &num_plain, 0, 63, 0, 0,
                "v4.13+ max_perf_ratio (0: turbo); caps the P-state"),
    SIM_KEY_POL("min_perf", G_IP, pst_min_perf_fp, &num_plain, 0, 256, 0, 0,
                "v4.5/4.6 min_perf, 1/256 of the base P-state"),
    SIM_KEY_POL("max_perf", G_IP, pst_max_perf_fp, &num_plain, 0, 256, 0, 0,
                "v4.5/4.6 max_perf, 1/256 of the base P-state (0: 256)"),
    SIM_KEY_ENUM("c0_cutoff", KEY_POLICY, struct sim_policy_spec, pst_c0_cutoff, on_off_names,
                 G_IP, "PID 4.6-4.13: under 1% C0 counts as idle (ffb810563c0c); off: reverted alone"),
    /* ondemand / conservative (sysfs names) */
    SIM_KEY_POL("sampling_rate", G_DBS, dbs_sampling_rate_ns, &num_time_ns, 1000, 10 * S, 0,
                TUN(PGOV_DBS_SAMPLING_RATE), "sampling_rate (at least 2 ticks)"),
    SIM_KEY_POL("up_threshold", G_DBS, dbs_up_threshold, &num_plain, 1, 100, 0,
                TUN(PGOV_DBS_UP_THRESHOLD), "up_threshold %"),
    SIM_KEY_POL("sampling_down_factor", G_DBS, dbs_sampling_down_factor, &num_plain, 1, 100000, 0,
                TUN(PGOV_DBS_SAMPLING_DOWN_FACTOR), "sampling_down_factor"),
    SIM_KEY_POL("ignore_nice_load", G_DBS, dbs_ignore_nice, &num_plain, 0, 1, 0,
                TUN(PGOV_DBS_IGNORE_NICE_LOAD), "ignore_nice_load"),
    SIM_KEY_POL("io_is_busy", G_OD, dbs_io_is_busy, &num_plain, 0, 1, 0, TUN(PGOV_DBS_IO_IS_BUSY),
                "io_is_busy (default by CPU model)"),
    SIM_KEY_POL("powersave_bias", G_OD, dbs_powersave_bias, &num_plain, 0, 1000, 0,
                TUN(PGOV_DBS_POWERSAVE_BIAS), "powersave_bias, per mille"),
    SIM_KEY_POL("down_threshold", G_CS, dbs_down_threshold, &num_plain, 1, 100, 0,
                TUN(PGOV_DBS_DOWN_THRESHOLD), "conservative down_threshold %"),
    SIM_KEY_POL("freq_step", G_CS, dbs_freq_step, &num_plain, 0, 100, 0, TUN(PGOV_DBS_FREQ_STEP),
                "conservative freq_step % of max"),
    /* schedutil */
    SIM_KEY_POL("rate_limit", G_SU, sugov_rate_limit_ns, &num_time_ns, 1000, 10 * S, 0, 0,
                "rate_limit_us (default 500us: intel_cpufreq)"),
    SIM_KEY_END,
};


/* The modelled mechanisms' per-policy toggles (pgov-sim's scheduler
 * model; govern accepts and ignores them, its trace fixes the schedule). */
const struct sim_key sim_keys_mech_policy[] = {
    SIM_KEY_ENUM("cpuidle", KEY_POLICY, POL, cpuidle, cpuidle_names, 0,
                 "idle loop: stop the tick first (< 554c8aa8ecad) or select the state first"),
    SIM_KEY_ENUM("idle_pred", KEY_POLICY, POL, idle_pred, idle_pred_names, 0,
                 "idle governor's prediction: the last idle period, or menu's typical of the last 8"),
    SIM_KEY_ENUM("exec_util_est", KEY_POLICY, POL, exec_util_est_fixed, exec_ue_names, 0,
                 "exec balancing: the exec'ing task's own util_est counted (4.17) or discounted"),
    SIM_KEY_ENUM("wake_affine", KEY_POLICY, POL, wake_affine, wake_affine_names, 0,
                 "wake-up to the waker's CPU: the release's rule, <=4.13, 4.14-4.15, >=4.16, never"),
    SIM_KEY_ENUM("uclamp", KEY_POLICY, POL, uclamp_off, uclamp_names, 0,
                 "CONFIG_UCLAMP_TASK: buckets and their cost (on) or neither (off)"),
    SIM_KEY_ENUM("uclamp_impl", KEY_POLICY, POL, uclamp_impl, uclamp_impl_names, 0,
                 "uclamp's cost per update (plat.uclamp_instr): the kernel's algorithm or libpgov's"),
    SIM_KEY_END,
};

static const struct sim_key *const policy_tables[] = {sim_keys_policy, sim_keys_mech_policy};

/* ------------------------------------------------------------------ the parser */

static const struct {
    const char *name;
    uint32_t gov;
} govs[] = {
    {"performance", GOV_PERFORMANCE}, {"powersave", GOV_POWERSAVE},
    {"intel_pstate", GOV_INTEL_PSTATE}, {"hwp", GOV_HWP},
    {"schedutil", GOV_SCHEDUTIL},     {"ondemand", GOV_ONDEMAND},
    {"conservative", GOV_CONSERVATIVE},
};

/* A label: letters, digits, '.', '-', '_' (it names report columns and files). */
static bool valid_label(const char *s)
{
    if (!*s || strlen(s) >= SIM_NAME_LEN)
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
            return false;
    return true;
}

/* See policy_spec.h. The options are the policy keys (the tables above). */
int mdl_policy_parse(const char *label, char **v, int n, struct sim_policy_spec *ps, char *why,
                     size_t whylen)
{
#define PFAIL(...)                                  \
    do {                                            \
        snprintf(why, whylen, __VA_ARGS__);         \
        return -1;                                  \
    } while (0)
    char kwhy[NUM_ERR_LEN + 64];
    if (n < 1 || !valid_label(label))
        PFAIL("expected 'LABEL GOVERNOR [key=value...]'");
    int line = ps->line;
    memset(ps, 0, sizeof(*ps));
    ps->line = line;
    strcpy(ps->label, label);
    for (size_t g = 0; g < sizeof(govs) / sizeof(govs[0]); g++)
        if (strcmp(govs[g].name, v[0]) == 0)
            ps->gov = govs[g].gov;
    if (!ps->gov)
        PFAIL("unknown governor '%s' (performance, powersave, intel_pstate, hwp, "
              "schedutil, ondemand, conservative)", v[0]);
    size_t tl = 0;
    for (int i = 0; i < n; i++) {
        int w = snprintf(ps->text + tl, sizeof(ps->text) - tl, "%s%s", i > 0 ? " " : "", v[i]);
        if (w < 0 || (size_t)w >= sizeof(ps->text) - tl)
            PFAIL("policy line too long");
        tl += (size_t)w;
    }
    for (int i = 1; i < n; i++) {
        char *eq = strchr(v[i], '=');
        if (!eq)
            PFAIL("expected key=value, got '%s'", v[i]);
        *eq = 0;
        if (v[i][0] == '$') {
            if (mdl_policy_set_var(ps, v[i] + 1, eq + 1, kwhy, sizeof(kwhy)))
                PFAIL("%s: %s", v[i], kwhy);
            continue;
        }
        const struct sim_key *k = mdl_key_find(policy_tables, 2, v[i]);
        if (!k || k->scope != KEY_POLICY)
            PFAIL("unknown policy option '%s' (pgov-sim --keys lists them)", v[i]);
        if (!sim_key_applies(k, ps->gov))
            PFAIL("policy option '%s' does not apply to %s", v[i], v[0]);
        if (sim_key_set(k, ps, eq + 1, kwhy, sizeof(kwhy)))
            PFAIL("%s: %s", v[i], kwhy);
    }
    return 0;
#undef PFAIL
}

int mdl_policy_set_var(struct sim_policy_spec *ps, const char *name, const char *val, char *why,
                       size_t n)
{
    uint32_t i = 0;
    while (i < ps->nvars && strcmp(ps->vars[i].name, name) != 0)
        i++;
    if (i == SIM_MAX_POLICY_VARS) {
        snprintf(why, n, "at most %u vars per policy", SIM_MAX_POLICY_VARS);
        return -1;
    }
    if (!name[0] || strlen(name) >= sizeof(ps->vars[i].name) || !val[0] ||
        strlen(val) >= sizeof(ps->vars[i].val)) {
        snprintf(why, n, "expected $NAME=VALUE with a short name and value");
        return -1;
    }
    strcpy(ps->vars[i].name, name);
    strcpy(ps->vars[i].val, val);
    if (i == ps->nvars)
        ps->nvars++;
    return 0;
}

const char *mdl_gov_name(uint32_t gov)
{
    for (size_t i = 0; i < sizeof(govs) / sizeof(govs[0]); i++)
        if (govs[i].gov == gov)
            return govs[i].name;
    return "?";
}
