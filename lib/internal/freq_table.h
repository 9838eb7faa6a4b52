/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: the cpufreq core's default transition delay, shared by the
 * export (freq_table.c) and the schedutil instance. Not installed; the
 * table searches are in pgov/core/freq_table.h. */
#ifndef PGOV_INTERNAL_FREQ_TABLE_H
#define PGOV_INTERNAL_FREQ_TABLE_H

#include "deps.h"

/* cpufreq_policy_transition_delay_us for a @kv already resolved and at
 * least 4.14 (pgov_freq_table_transition_delay_us() checks it). */
uint32_t pgov_ft_transition_delay_us(uint32_t kv, uint32_t transition_delay_us,
                                     uint32_t transition_latency_ns);

#endif
