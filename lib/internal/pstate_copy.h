/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: field-by-field copies and zeroing of the pstate structs. A
 * struct assignment or `= {0}` may compile to memcpy()/memset() on small
 * cores, and lib/ links with libgcc only (docs/architecture.md).
 */
#ifndef PGOV_INTERNAL_PSTATE_COPY_H
#define PGOV_INTERNAL_PSTATE_COPY_H

#include "pgov/hw.h"
#include "pgov/hwp.h"
#include "pgov/pstate.h"

static inline void pst_state_copy(struct pgov_pstate_state *d, const struct pgov_pstate_state *s)
{
    d->prev_aperf = s->prev_aperf;
    d->prev_mperf = s->prev_mperf;
    d->prev_tsc = s->prev_tsc;
    d->prev_iowait_us = s->prev_iowait_us;
    d->d_aperf = s->d_aperf;
    d->d_mperf = s->d_mperf;
    d->d_tsc = s->d_tsc;
    d->time_ns = s->time_ns;
    d->last_time_ns = s->last_time_ns;
    d->last_update_ns = s->last_update_ns;
    d->core = s->core;
    d->busy_scaled = s->busy_scaled;
    d->integral = s->integral;
    d->last_err = s->last_err;
    d->iowait_boost = s->iowait_boost;
    d->pstate = s->pstate;
}

static inline void pst_state_zero(struct pgov_pstate_state *d)
{
    d->prev_aperf = 0;
    d->prev_mperf = 0;
    d->prev_tsc = 0;
    d->prev_iowait_us = 0;
    d->d_aperf = 0;
    d->d_mperf = 0;
    d->d_tsc = 0;
    d->time_ns = 0;
    d->last_time_ns = 0;
    d->last_update_ns = 0;
    d->core = 0;
    d->busy_scaled = 0;
    d->integral = 0;
    d->last_err = 0;
    d->iowait_boost = 0;
    d->pstate = 0;
}

static inline void pst_result_copy(struct pgov_pstate_result *d, const struct pgov_pstate_result *s)
{
    d->path = s->path;
    d->have = s->have;
    d->write = s->write;
    d->pstate = s->pstate;
    d->perf_ctl = s->perf_ctl;
    d->sample_ratio = s->sample_ratio;
    d->pid_out = s->pid_out;
    d->target_raw = s->target_raw;
    d->busy_frac = s->busy_frac;
    d->boost_used = s->boost_used;
    d->avg_pstate = s->avg_pstate;
    d->target_avg = s->target_avg;
    d->lo = s->lo;
    d->hi = s->hi;
    d->reserved = s->reserved;
}

static inline void pst_result_zero(struct pgov_pstate_result *d)
{
    d->path = 0;
    d->have = 0;
    d->write = 0;
    d->pstate = 0;
    d->perf_ctl = 0;
    d->sample_ratio = 0;
    d->pid_out = 0;
    d->target_raw = 0;
    d->busy_frac = 0;
    d->boost_used = 0;
    d->avg_pstate = 0;
    d->target_avg = 0;
    d->lo = 0;
    d->hi = 0;
    d->reserved = 0;
}

static inline void pst_limits_copy(struct pgov_pstate_limits *d, const struct pgov_pstate_limits *s)
{
    d->size = s->size;
    d->no_turbo = s->no_turbo;
    d->min_perf_fp = s->min_perf_fp;
    d->max_perf_fp = s->max_perf_fp;
    d->min_ratio = s->min_ratio;
    d->max_ratio = s->max_ratio;
    d->hwp_request = s->hwp_request;
    d->hwp_cap = s->hwp_cap;
}

static inline void pst_limits_zero(struct pgov_pstate_limits *d)
{
    d->size = 0;
    d->no_turbo = 0;
    d->min_perf_fp = 0;
    d->max_perf_fp = 0;
    d->min_ratio = 0;
    d->max_ratio = 0;
    d->hwp_request = 0;
    d->hwp_cap = 0;
}

static inline void pst_hwlim_copy(struct pgov_hw_limits *d, const struct pgov_hw_limits *s)
{
    d->min_pstate = s->min_pstate;
    d->max_pstate = s->max_pstate;
    d->max_pstate_physical = s->max_pstate_physical;
    d->turbo_pstate = s->turbo_pstate;
    d->scaling_khz = s->scaling_khz;
    d->flags = s->flags;
}

static inline void pst_hwlim_zero(struct pgov_hw_limits *d)
{
    d->min_pstate = 0;
    d->max_pstate = 0;
    d->max_pstate_physical = 0;
    d->turbo_pstate = 0;
    d->scaling_khz = 0;
    d->flags = 0;
}

static inline void pst_hwpp_copy(struct pgov_hwp_boost_params *d, const struct pgov_hwp_boost_params *s)
{
    d->hwp_request = s->hwp_request;
    d->hwp_cap = s->hwp_cap;
    d->hold_ns = s->hold_ns;
    d->tick_ns = s->tick_ns;
}

static inline void pst_hwpp_zero(struct pgov_hwp_boost_params *d)
{
    d->hwp_request = 0;
    d->hwp_cap = 0;
    d->hold_ns = 0;
    d->tick_ns = 0;
}

static inline void pst_hwps_copy(struct pgov_hwp_boost_state *d, const struct pgov_hwp_boost_state *s)
{
    d->last_update_ns = s->last_update_ns;
    d->last_io_update_ns = s->last_io_update_ns;
    d->boost_min = s->boost_min;
    d->sched_flags = s->sched_flags;
}

static inline void pst_hwps_zero(struct pgov_hwp_boost_state *d)
{
    d->last_update_ns = 0;
    d->last_io_update_ns = 0;
    d->boost_min = 0;
    d->sched_flags = 0;
}

static inline void pst_bounds_copy(struct pgov_pstate_bounds *d, const struct pgov_pstate_bounds *s)
{
    d->lo = s->lo;
    d->hi = s->hi;
    d->base = s->base;
    d->ctl_turbo = s->ctl_turbo;
}

static inline void pst_bounds_zero(struct pgov_pstate_bounds *d)
{
    d->lo = 0;
    d->hi = 0;
    d->base = 0;
    d->ctl_turbo = 0;
}

static inline void pst_params_copy(struct pgov_pstate_params *d, const struct pgov_pstate_params *s)
{
    d->profile = s->profile;
    d->options = s->options;
    d->sample_ns = s->sample_ns;
    d->tick_ns = s->tick_ns;
    d->hold_ns = s->hold_ns;
    d->setpoint_fp = s->setpoint_fp;
    d->deadband_fp = s->deadband_fp;
    d->p_gain = s->p_gain;
    d->i_gain = s->i_gain;
    d->d_gain = s->d_gain;
    d->amshift = s->amshift;
}

static inline void pst_params_zero(struct pgov_pstate_params *d)
{
    d->profile = 0;
    d->options = 0;
    d->sample_ns = 0;
    d->tick_ns = 0;
    d->hold_ns = 0;
    d->setpoint_fp = 0;
    d->deadband_fp = 0;
    d->p_gain = 0;
    d->i_gain = 0;
    d->d_gain = 0;
    d->amshift = 0;
}

#endif
