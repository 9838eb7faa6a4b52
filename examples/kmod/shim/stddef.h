/* SPDX-License-Identifier: BSD-2-Clause */
/* Kernel build only: size_t, NULL and offsetof from the kernel. */
#ifndef PGOV_KMOD_STDDEF_H
#define PGOV_KMOD_STDDEF_H
#include <linux/types.h>
#include <linux/stddef.h>
#endif
