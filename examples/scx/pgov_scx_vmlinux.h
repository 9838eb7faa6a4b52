/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * vmlinux.h (generated from the kernel's BTF at build time) before any
 * libpgov header: vmlinux.h already declares the fixed-width types
 * (uint64_t as u64 = unsigned long long) and wchar_t, which clang's
 * stdint.h and stddef.h would redeclare with other types. So their guards
 * are set here and the few limits libpgov uses are given instead.
 */
#ifndef PGOV_SCX_VMLINUX_H
#define PGOV_SCX_VMLINUX_H

#include "vmlinux.h"

#define __CLANG_STDINT_H 1
#define _WCHAR_T 1
#define INT32_MIN (-2147483647 - 1)
#define INT64_MIN (-9223372036854775807LL - 1)
#define UINT32_MAX 0xffffffffU
#define UINT64_MAX 0xffffffffffffffffULL

#endif /* PGOV_SCX_VMLINUX_H */
