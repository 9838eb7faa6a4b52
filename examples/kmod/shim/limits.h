/* SPDX-License-Identifier: BSD-2-Clause */
/* Kernel build only: INT_MAX, UINT_MAX, ... from the kernel. */
#ifndef PGOV_KMOD_LIMITS_H
#define PGOV_KMOD_LIMITS_H
#include <linux/limits.h>
#ifndef CHAR_BIT
#define CHAR_BIT 8
#endif
#endif
