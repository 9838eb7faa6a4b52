/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's build-time configuration of lib/ (pgov/embed.h finds it on
 * the include path: run.sh compiles lib/ and firmware.c with
 * -Iexamples/cortex-m). The intel_pstate profiles come from run.sh
 * (PGOV_PSTATE_PROFILES).
 * - The HAL is called directly: the governor's counter read and P-state
 *   write are plain calls to the functions below, not through the table.
 * - Instances point at the firmware's static const table instead of
 *   copying it (7 pointers less RAM per instance).
 */
#ifndef FIRMWARE_PGOV_CONFIG_H
#define FIRMWARE_PGOV_CONFIG_H
#include <stdint.h>

struct pgov_hw_counters;
struct pgov_hw_limits;
int fw_hal_clock(void *ctx, uint64_t *now);
int fw_hal_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out);
int fw_hal_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out);
int fw_hal_set_pstate(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t perf_ctl);

#define PGOV_HAL_CLOCK_NS fw_hal_clock
#define PGOV_HAL_READ_COUNTERS fw_hal_counters
#define PGOV_HAL_GET_LIMITS fw_hal_limits
#define PGOV_HAL_SET_PSTATE fw_hal_set_pstate
#define PGOV_HW_OPS_BY_REF 1
#endif
