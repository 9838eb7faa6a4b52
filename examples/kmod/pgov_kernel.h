/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Force-included (-include) in front of every lib/ source of the module:
 * the kernel's values for the embedding hooks of pgov/embed.h.
 * - 64-bit division: on 32-bit kernels a plain '/' on u64 would need
 *   libgcc's __udivdi3, which the kernel does not link; div64_u64(),
 *   div_u64() (32-bit divisor) and div64_s64() are what kernel code uses
 *   instead (one DIV/IDIV on x86-64).
 * - Struct copy and zero (lib/internal/deps.h) use the kernel's memcpy()
 *   and memset(), which the kernel has and optimises.
 * - PGOV_ASSERT: a broken invariant inside a core warns once with a
 *   backtrace instead of going unnoticed (the library never BUG()s).
 * - Remotely read values and the 32-bit last_update_time copy protocol use
 *   the kernel's READ_ONCE/WRITE_ONCE and SMP barriers.
 * - Governor instances keep a pointer to the module's const HAL table.
 */
#ifndef PGOV_KMOD_KERNEL_H
#define PGOV_KMOD_KERNEL_H
#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/math64.h>
#include <linux/string.h>
#include <asm/barrier.h>
#define PGOV_DIV_U64(n, d) div64_u64((n), (d))
#define PGOV_DIV_S64(n, d) div64_s64((n), (d))
#define PGOV_DIV_U64_U32(n, d) div_u64((n), (d))
#define PGOV_COPY(d, s) memcpy((d), (s), sizeof(*(d)) + 0 * sizeof((d) == (s)))
#define PGOV_ZERO(d) memset((d), 0, sizeof(*(d)))
#define PGOV_ASSERT(cond) ((void)WARN_ON_ONCE(!(cond)))
#define PGOV_READ_ONCE(x) READ_ONCE(x)
#define PGOV_WRITE_ONCE(x, v) WRITE_ONCE(x, v)
#define PGOV_SMP_WMB() smp_wmb()
#define PGOV_SMP_RMB() smp_rmb()
#ifdef CONFIG_64BIT
#define PGOV_PELT_LUT_COPY 0
#else
#define PGOV_PELT_LUT_COPY 1
#endif
/* Instances point at the module's static const HAL table, no copy. */
#define PGOV_HW_OPS_BY_REF 1
#endif
