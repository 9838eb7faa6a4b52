/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file pgov.h
 * @brief Umbrella header and library version.
 *
 * Include this to get every module, or include the module headers one by one.
 *
 * **Memory and concurrency.** libpgov never allocates, never reads a clock
 * on its own, and has no mutable global state: every object lives in memory
 * the caller owns. Functions are reentrant; calls on *different* objects may
 * run concurrently. Calls on the *same* object must be serialised by the
 * caller, exactly as the kernel serialises them under the runqueue lock (one
 * lock per runqueue, or per-CPU data touched only by its own CPU).
 *
 * **Versions.** The library version below (semantic versioning of the C API
 * and ABI) is unrelated to the kernel-behaviour profiles of kver.h.
 */
#ifndef PGOV_PGOV_H
#define PGOV_PGOV_H

#include <stdint.h>
#include "export.h"
#include "err.h"
#include "kver.h"
#include "gov.h"
#include "hw.h"
#include "freq_table.h"
#include "dbs.h"
#include "uclamp.h"
#include "pelt.h"
#include "pelt_group.h"
#include "batch.h"
#include "util_est.h"
#include "fixed.h"
#include "pstate.h"
#include "hwp.h"
#include "sugov.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Library major version (changes only with an intended ABI break). */
#define PGOV_VERSION_MAJOR 0
/** Library minor version (grows with backward-compatible additions). */
#define PGOV_VERSION_MINOR 7
/** Library patch version (fixes only). */
#define PGOV_VERSION_PATCH 0
/** The version as one comparable number: major << 16 | minor << 8 | patch. */
#define PGOV_VERSION                                                                               \
    ((PGOV_VERSION_MAJOR << 16) | (PGOV_VERSION_MINOR << 8) | PGOV_VERSION_PATCH)

/**
 * @brief The version of the library actually linked, as ::PGOV_VERSION.
 *
 * Compare with ::PGOV_VERSION to detect a header/library mismatch: the major
 * numbers must be equal and the library's minor at least the header's.
 */
PGOV_API uint32_t pgov_version(void);

/** @brief The linked library's version as "major.minor.patch". */
PGOV_API const char *pgov_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_PGOV_H */
