/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel build only: the C99 names lib/ uses, from the kernel's own types.
 * The kernel compiles with -nostdinc, so lib/'s four standard headers come
 * from this directory; each maps onto <linux/...> and adds nothing else.
 */
#ifndef PGOV_KMOD_STDINT_H
#define PGOV_KMOD_STDINT_H
#include <linux/types.h>
#include <linux/limits.h>

/* linux/types.h already has uintN_t/intN_t; add the limits lib/ uses. */
#ifndef INT32_MAX
#define INT32_MAX S32_MAX
#endif
#ifndef INT32_MIN
#define INT32_MIN S32_MIN
#endif
#ifndef UINT32_MAX
#define UINT32_MAX U32_MAX
#endif
#ifndef INT64_MAX
#define INT64_MAX S64_MAX
#endif
#ifndef INT64_MIN
#define INT64_MIN S64_MIN
#endif
#ifndef UINT64_MAX
#define UINT64_MAX U64_MAX
#endif
#ifndef UINT16_MAX
#define UINT16_MAX U16_MAX
#endif
#ifndef UINT8_MAX
#define UINT8_MAX U8_MAX
#endif
#ifndef INT16_MAX
#define INT16_MAX S16_MAX
#endif
#ifndef INT16_MIN
#define INT16_MIN S16_MIN
#endif
#ifndef SIZE_MAX
#define SIZE_MAX (~(size_t)0)
#endif
#endif
