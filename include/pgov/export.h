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

/*
 * PGOV_MUST_CHECK marks every function that returns an error code (all the
 * `int` functions and pgov_sugov_next_freq()), and no other. It warns only
 * when the caller defines PGOV_CHECK_RETURN before including the headers
 * (as Mbed TLS's MBEDTLS_CHECK_RETURN_WARNING): gcc does not accept a
 * `(void)` cast as "ignored on purpose", and callers do drop some returns on
 * purpose (a signal update's positive "recomputed", an update whose inputs
 * they validated), so warning by default would make them write
 * work-arounds. tests/contract is built with it (ctest
 * api_contract_check_return).
 */
#if defined(PGOV_CHECK_RETURN) && (defined(__GNUC__) || defined(__clang__))
/** The caller must look at the return value (an error code). */
#define PGOV_MUST_CHECK __attribute__((warn_unused_result))
#else
/** The caller must look at the return value (an error code); warns with
 *  `PGOV_CHECK_RETURN` defined. */
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
