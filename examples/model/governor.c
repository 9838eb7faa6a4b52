/* SPDX-License-Identifier: BSD-2-Clause */
/* The governor glue (governor.h). */
#include <string.h>

#include "model/governor.h"

static uint32_t pstate_policy(uint32_t algo, uint32_t gov)
{
    if (gov == GOV_HWP)
        return PGOV_PSTATE_POLICY_HWP_BOOST;
    switch (algo) {
    case ALGO_PID:
        return PGOV_PSTATE_POLICY_PID;
    case ALGO_ATOM:
        return PGOV_PSTATE_POLICY_PID_ATOM;
    case ALGO_LOAD:
        return PGOV_PSTATE_POLICY_LOAD;
    default:
        return PGOV_PSTATE_POLICY_DEFAULT;
    }
}

void mdl_pstate_config(const struct sim_policy_spec *pol, const struct sim_platform *pl,
                       uint32_t cpu, uint64_t tick_ns, struct pgov_pstate_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->size = sizeof(*cfg);
    cfg->cpu = cpu;
    cfg->policy = pstate_policy(pol->algo, pol->gov);
    cfg->kver = pol->kver;
    cfg->options = pol->variant == VAR_RFC_PERCPU ? PGOV_PSTATE_OPT_RFC_IO_PERCPU
                   : pol->variant == VAR_RFC_ALL  ? PGOV_PSTATE_OPT_RFC_IO_ALL
                                                  : 0;
    cfg->tick_ns = tick_ns;
    /* Tunables from the policy line (0: the kernel default). */
    cfg->sample_interval_ns = pol->pst_sample_ns;
    cfg->boost_hold_ns = pol->pst_hold_ns;
    cfg->setpoint_pct = pol->pst_setpoint;
    cfg->deadband_pct = pol->pst_deadband;
    cfg->p_gain_pct = pol->pst_p_gain;
    cfg->i_gain_pct = pol->pst_i_gain;
    cfg->d_gain_pct = pol->pst_d_gain;
    if (pol->pst_c0_cutoff)
        cfg->options |= PGOV_PSTATE_OPT_NO_C0_CUTOFF;
    cfg->limits.size = sizeof(cfg->limits);
    cfg->limits.no_turbo = pol->pst_no_turbo;
    cfg->limits.min_ratio = pol->pst_min_ratio;
    cfg->limits.max_ratio = pol->pst_max_ratio;
    cfg->limits.min_perf_fp = pol->pst_min_perf_fp;
    cfg->limits.max_perf_fp = pol->pst_max_perf_fp;
    if (pol->gov == GOV_HWP &&
        pl) /* HWP_REQUEST: min = lowest, max = turbo; the hardware chooses */
        cfg->limits.hwp_request = (uint64_t)pl->min_ratio | ((uint64_t)pl->turbo_ratio << 8);
}

uint32_t mdl_dbs_table(const struct sim_platform *pl, struct pgov_freq_entry *table)
{
    uint32_t n = 0;
    table[n++].khz = pl->max_ratio * pl->scaling_khz + 1000;
    for (uint32_t r = pl->max_ratio; r >= pl->min_ratio && n < MDL_TABLE_MAX; r--)
        table[n++].khz = r * pl->scaling_khz;
    return n;
}

void mdl_dbs_config(const struct sim_policy_spec *pol, uint32_t cpu, struct pgov_dbs_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->size = sizeof(*cfg);
    cfg->gov = pol->gov == GOV_ONDEMAND ? PGOV_DBS_ONDEMAND : PGOV_DBS_CONSERVATIVE;
    cfg->kver = pol->kver;
    cfg->variant = pol->variant == VAR_DEADBAND ? PGOV_DBS_VARIANT_DEADBAND : PGOV_DBS_VARIANT_NONE;
    cfg->cpu = cpu;
    cfg->ncpu = 1;
    cfg->tun_set = pol->tun_set;
    cfg->tun.sampling_rate = (uint32_t)(pol->dbs_sampling_rate_ns / 1000u);
    cfg->tun.up_threshold = pol->dbs_up_threshold;
    cfg->tun.sampling_down_factor = pol->dbs_sampling_down_factor;
    cfg->tun.ignore_nice_load = pol->dbs_ignore_nice;
    cfg->tun.io_is_busy = pol->dbs_io_is_busy;
    cfg->tun.powersave_bias = pol->dbs_powersave_bias;
    cfg->tun.down_threshold = pol->dbs_down_threshold;
    cfg->tun.freq_step = pol->dbs_freq_step;
}

void mdl_dbs_platform(const struct sim_platform *pl, uint32_t hz,
                      const struct pgov_freq_entry *table, uint32_t len,
                      struct pgov_dbs_config *cfg)
{
    if (len) {
        cfg->table = table;
        cfg->table_len = len;
        cfg->plat.transition_latency_ns = 10000; /* acpi-cpufreq: 10 us from _PSS */
    } else {
        cfg->cpuinfo_min_khz = pl->min_ratio * pl->scaling_khz;
        cfg->cpuinfo_max_khz = pl->max_ratio * pl->scaling_khz;
    }
    cfg->cur_khz = pl->max_ratio * pl->scaling_khz; /* firmware leaves it at nominal */
    cfg->plat.hz = hz;
    cfg->plat.vendor = PGOV_DBS_VENDOR_INTEL;
    cfg->plat.family = 6;
    cfg->plat.model = pl->model;
}

void mdl_sugov_config(const struct sim_policy_spec *pol, const struct sim_platform *pl,
                      uint32_t cpu, uint64_t tick_ns, struct pgov_sugov_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->size = sizeof(*cfg);
    cfg->cpu = cpu;
    cfg->kver = pol->kver;
    /* intel_cpufreq (passive mode) sets a 500 us transition delay, which
     * becomes schedutil's rate limit; cpuinfo.max includes turbo. */
    cfg->rate_limit_ns = pol->sugov_rate_limit_ns ? pol->sugov_rate_limit_ns : pl ? 500000 : 0;
    cfg->tick_ns = tick_ns;
}

void mdl_hw_limits(const struct sim_platform *pl, struct pgov_hw_limits *out)
{
    memset(out, 0, sizeof(*out));
    out->min_pstate = pl->min_ratio;
    out->max_pstate = pl->max_ratio;
    out->max_pstate_physical = pl->max_ratio;
    out->turbo_pstate = pl->turbo_ratio;
    out->scaling_khz = pl->scaling_khz;
}

uint32_t mdl_table_khz(const struct sim_platform *pl, uint32_t khz)
{
    uint32_t sk = pl->scaling_khz, r = (khz + sk - 1) / sk;
    if (khz > pl->max_ratio * sk)
        r = khz % sk ? pl->turbo_ratio : r;
    r = r > pl->turbo_ratio ? pl->turbo_ratio : r < pl->min_ratio ? pl->min_ratio : r;
    return r * sk;
}

bool mdl_remote_kv(uint32_t kv)
{
    return (kv ? kv : PGOV_KVER_NEWEST) >= PGOV_KVER(4, 14);
}
