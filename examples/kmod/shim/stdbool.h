/* SPDX-License-Identifier: BSD-2-Clause */
/* Kernel build only: bool/true/false come from the kernel's types. */
#ifndef PGOV_KMOD_STDBOOL_H
#define PGOV_KMOD_STDBOOL_H
#include <linux/types.h>
#include <linux/stddef.h>
#endif
