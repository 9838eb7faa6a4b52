/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Force-included (-include) in front of every lib/ source of the module.
 * Maps the library's three 64-bit division hooks (lib/internal/math64.h)
 * to the kernel's: on 32-bit kernels a plain '/' on u64 would need libgcc's
 * __udivdi3, which the kernel does not link; div64_u64(), div_u64() (32-bit
 * divisor) and div64_s64() are what kernel code uses instead. On x86-64
 * they compile to one DIV/IDIV.
 * Struct copy and zero (lib/internal/deps.h) use the kernel's memcpy() and
 * memset(), which the kernel has and optimises.
 */
#ifndef PGOV_KMOD_KERNEL_H
#define PGOV_KMOD_KERNEL_H
#include <linux/math64.h>
#include <linux/string.h>
#define PGOV_DIV_U64(n, d) div64_u64((n), (d))
#define PGOV_DIV_S64(n, d) div64_s64((n), (d))
#define PGOV_DIV_U64_U32(n, d) div_u64((n), (d))
#define PGOV_COPY(d, s) memcpy((d), (s), sizeof(*(d)) + 0 * sizeof((d) == (s)))
#define PGOV_ZERO(d) memset((d), 0, sizeof(*(d)))
#endif
