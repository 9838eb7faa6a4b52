/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A policy spec: one `LABEL GOVERNOR [key=value...]` line, as a scenario's
 * `policy` line (pgov-sim), a --policy option (pgov-trace govern) or a
 * bisect column gives it. The keys are the registry's policy keys
 * (model/keys.h, policy_keys.c); governor.h turns a spec into libpgov
 * configurations.
 */
#ifndef PGOV_MODEL_POLICY_SPEC_H
#define PGOV_MODEL_POLICY_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_NAME_LEN 64
#define SIM_MAX_POLICY_VARS 2
#define SIM_SETTINGS_LEN 512

enum sim_gov {
    GOV_PERFORMANCE = 1,
    GOV_POWERSAVE,
    GOV_INTEL_PSTATE,
    GOV_HWP, /* HWP with dynamic boost */
    GOV_SCHEDUTIL,
    GOV_ONDEMAND,
    GOV_CONSERVATIVE
};

enum sim_algo { ALGO_DEFAULT = 0, ALGO_PID, ALGO_LOAD, ALGO_ATOM };
enum sim_variant { VAR_NONE = 0, VAR_RFC_PERCPU, VAR_RFC_ALL, VAR_DEADBAND };

/* The idle loop's order (cpuidle.c): stop the tick, then pick a state
 * (before 554c8aa8ecad), or pick the state first and keep the tick when
 * the governor predicts an idle period shorter than a tick (after). */
enum sim_cpuidle { IDLE_TICK_FIRST = 0, IDLE_SELECT_FIRST = 1 };
/* The idle governor's prediction (cpuidle.c): the last idle period, or
 * menu's typical interval of the last 8. */
enum sim_idle_pred { IDLE_PRED_LAST = 0, IDLE_PRED_MENU = 1 };

/* wake_affine (place.c): whether a wake-up moves to the waker's CPU. auto
 * takes the rule of the policy's release (sched_kver, else kver); off is
 * select_idle_sibling around the previous CPU alone. */
enum sim_wake_affine {
    WA_AUTO = 0,
    WA_LOAD = 1,      /* up to 4.13: an idle waker, or runnable loads compared */
    WA_IDLE = 2,      /* 4.14, 4.15: an idle waker always, else loads compared */
    WA_PREV_IDLE = 3, /* 4.16 on: an idle previous CPU wins over an idle waker */
    WA_OFF = 4
};

enum sim_util_est_mode { UE_ON = 0, UE_OFF = 1, UE_EVERY_DEQUEUE = 2 };

struct sim_policy_spec {
    char label[SIM_NAME_LEN];
    uint32_t gov;
    uint32_t kver;       /* PGOV_KVER_* of the governor; 0 = newest */
    uint32_t algo;       /* intel_pstate algorithm: enum sim_algo */
    uint32_t variant;    /* enum sim_variant */
    uint32_t util_est;   /* enum sim_util_est_mode */
    uint32_t sched_kver; /* PGOV_KVER_* for PELT/util_est; 0 = newest */
    uint32_t cpuidle;    /* enum sim_cpuidle */
    uint32_t idle_pred;  /* enum sim_idle_pred */
    bool uclamp_off;     /* CONFIG_UCLAMP_TASK=n: no buckets, no bookkeeping cost */
    uint32_t uclamp_impl; /* whose uclamp cost (plat.uclamp_instr): 0 kernel-style, 1 libpgov */
    bool exec_util_est_fixed; /* exec balancing discounts the exec'ing task's own util_est */
    uint32_t wake_affine; /* enum sim_wake_affine */
    /* Governor tunables (policy_keys.c); 0 = the governor's default. */
    uint64_t pst_sample_ns, pst_hold_ns;
    uint32_t pst_setpoint, pst_deadband, pst_p_gain, pst_i_gain, pst_d_gain;
    uint32_t pst_no_turbo, pst_min_ratio, pst_max_ratio, pst_min_perf_fp, pst_max_perf_fp;
    uint32_t pst_c0_cutoff; /* 0 = as the profile has it, 1 = off (ffb810563c0c reverted alone) */
    uint64_t dbs_sampling_rate_ns;
    uint32_t dbs_up_threshold, dbs_sampling_down_factor, dbs_io_is_busy,
        dbs_powersave_bias, dbs_down_threshold, dbs_freq_step, dbs_ignore_nice;
    uint32_t tun_set;    /* bits (1 << pgov_dbs_tunable): given, even if 0 */
    uint64_t sugov_rate_limit_ns; /* 0: 500 us (intel_cpufreq) */
    /* `$NAME=VALUE` on the policy line: this policy's workload sees VALUE for
     * the scenario var NAME (the kernel's own activity differs by kernel);
     * a VALUE of `$OTHER` is the scenario var OTHER. */
    struct { char name[SIM_NAME_LEN], val[SIM_NAME_LEN]; } vars[SIM_MAX_POLICY_VARS];
    uint32_t nvars;
    char text[SIM_SETTINGS_LEN]; /* the policy line as written (+ sweep settings), for reports */
    int line;            /* where it is written in the scenario file */
};

/* One policy: GOVERNOR [key=value...] in v[0..n-1]; the '=' of each option
 * in v is overwritten. @ps->line is kept. 0, or -1 with @why set. */
int mdl_policy_parse(const char *label, char **v, int n, struct sim_policy_spec *ps, char *why,
                     size_t whylen);
/* Set (or replace) the policy's own value of workload var @name. 0 or -1, @why. */
int mdl_policy_set_var(struct sim_policy_spec *ps, const char *name, const char *val, char *why,
                       size_t n);
/* "schedutil", ... for GOV_*; "?" for anything else. */
const char *mdl_gov_name(uint32_t gov);

#endif
