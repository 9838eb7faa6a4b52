/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The governor glue: a policy spec (policy_spec.h) on a platform
 * (platform.h) as libpgov configurations and instances, and the parts of
 * a HAL (hw.h) that depend on the platform alone. pgov-sim (policy.c) and
 * pgov-trace govern build their governors here, so one spec gives the
 * same configuration in both; each keeps its own counters and requests
 * (the machine, or the trace's folded counters) behind the vtable. pgovd
 * builds the governor part here too and adds the real machine's (sysfs,
 * MSRs) where the tools add a modelled platform's: @pl NULL below.
 */
#ifndef PGOV_MODEL_GOVERNOR_H
#define PGOV_MODEL_GOVERNOR_H

#ifndef PGOV_EXPERIMENTAL
#define PGOV_EXPERIMENTAL 1 /* the policy syntax names the experimental variants too */
#endif
#include <pgov/pgov.h>

#include "model/platform.h"
#include "model/policy_spec.h"

#define MDL_TABLE_MAX 64

/* intel_pstate / HWP for @cpu: the spec's algorithm, release, variant
 * (rfc-all is PGOV_PSTATE_OPT_RFC_IO_ALL: attach one shared block to every
 * instance) and tunables; on a modelled @pl, HWP's request spans [min
 * ratio, turbo]. The caller adds limits.hwp_cap (its hardware's). */
void mdl_pstate_config(const struct sim_policy_spec *pol, const struct sim_platform *pl,
                       uint32_t cpu, uint64_t tick_ns, struct pgov_pstate_config *cfg);

/* acpi-cpufreq's table for ondemand / conservative: _PSS order (highest
 * first), turbo as max + 1 MHz. Its length (at most MDL_TABLE_MAX). */
uint32_t mdl_dbs_table(const struct sim_platform *pl, struct pgov_freq_entry *table);

/* ondemand / conservative for @cpu (one CPU per policy): the spec's
 * governor, release, variant and tunables. The driver's part is the
 * caller's: mdl_dbs_platform() on a modelled platform. */
void mdl_dbs_config(const struct sim_policy_spec *pol, uint32_t cpu, struct pgov_dbs_config *cfg);
/* The modelled driver's part at @hz, starting at the nominal frequency:
 * acpi-cpufreq over @table when @len, else (pcc-cpufreq) any kHz in [min,
 * max] ratio; an Intel family 6 CPU of the platform's model. */
void mdl_dbs_platform(const struct sim_platform *pl, uint32_t hz,
                      const struct pgov_freq_entry *table, uint32_t len,
                      struct pgov_dbs_config *cfg);

/* schedutil for @cpu: the spec's release and rate limit; without one, on a
 * modelled @pl intel_cpufreq's 500 us transition delay, on the real
 * machine (NULL) the library's default. */
void mdl_sugov_config(const struct sim_policy_spec *pol, const struct sim_platform *pl,
                      uint32_t cpu, uint64_t tick_ns, struct pgov_sugov_config *cfg);

/* The HAL's limits: the platform's ratios. */
void mdl_hw_limits(const struct sim_platform *pl, struct pgov_hw_limits *out);

/* A table driver's frequency request as the P-state it becomes: the turbo
 * entry (max + 1 MHz) means turbo, anything else rounds up to the next
 * ratio (intel_cpufreq's DIV_ROUND_UP), within [min, turbo]. In kHz. */
uint32_t mdl_table_khz(const struct sim_platform *pl, uint32_t khz);

/* Does a governor of release @kv get remote (cross-CPU) callbacks? From 4.14. */
bool mdl_remote_kv(uint32_t kv);

#endif
