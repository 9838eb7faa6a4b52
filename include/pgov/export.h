/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file export.h
 * @brief Symbol visibility for the public API.
 *
 * The shared library is built with `-fvisibility=hidden`; only declarations
 * marked ::PGOV_API are exported, and each of them is listed under a version
 * node in `lib/pgov.map`. Define `PGOV_STATIC` when compiling the sources
 * straight into another program (a kernel module, firmware) to drop the
 * attribute entirely.
 */
#ifndef PGOV_EXPORT_H
#define PGOV_EXPORT_H

#if defined(PGOV_STATIC) || !(defined(__GNUC__) || defined(__clang__))
/** Marks a function as part of the exported, versioned ABI. */
#define PGOV_API
#else
/** Marks a function as part of the exported, versioned ABI. */
#define PGOV_API __attribute__((visibility("default")))
#endif

#if defined(__GNUC__) || defined(__clang__)
/** The caller must look at the return value (an error code or a result). */
#define PGOV_MUST_CHECK __attribute__((warn_unused_result))
#else
/** The caller must look at the return value (an error code or a result). */
#define PGOV_MUST_CHECK
#endif

#endif /* PGOV_EXPORT_H */
