/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Force-included into the lib/ objects only (not the module glue), after
 * the kernel's own compiler headers. The kernel defines `noinline` as a
 * macro, which turns a portable `__attribute__((noinline))` in a library
 * source into a syntax error. lib/ uses no kernel facility spelled that way,
 * so the macro is dropped for those translation units; the reserved
 * spelling `__noinline__` is what lib/ should use (lib/pelt.c does).
 */
#ifndef PGOV_KMOD_LIB_COMPAT_H
#define PGOV_KMOD_LIB_COMPAT_H
/* Nothing to undo any more: lib/ spells attributes through
 * lib/internal/compiler.h (PGOV_NOINLINE, ...), in the reserved __x__ forms. */
#endif
