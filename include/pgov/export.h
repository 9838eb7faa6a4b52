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

#if defined(__GNUC__) || defined(__clang__)
/** A name kept for binaries and sources of an older release; @p msg says
 *  what replaces it (docs/abi.md, "0.3.0"). Define `PGOV_NO_DEPRECATED`
 *  to hide those declarations altogether. */
#define PGOV_DEPRECATED(msg) __attribute__((__deprecated__(msg)))
#else
/** A name kept for an older release (see the GNU C variant). */
#define PGOV_DEPRECATED(msg)
#endif

#endif /* PGOV_EXPORT_H */
