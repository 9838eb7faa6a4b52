/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file err.h
 * @brief The one error type of the libpgov API.
 *
 * Every public function that can fail returns an `int`: `0` (::PGOV_OK) on
 * success, a negative ::pgov_err value on failure, and, where a function says
 * so, a positive value with a documented meaning.
 *
 * **Positive returns are of one kind per function**, so `rc > 0` never
 * needs telling apart:
 * - a *status*: ::PGOV_WARN_KERNEL, and nothing else positive
 *   (pgov_freq_table_resolve(), pgov_uclamp_rq_dec(),
 *   pgov_uclamp_rq_update_active(); their @return says ::PGOV_WARN_KERNEL);
 * - or a *value*: a flag or count, a divider, a profile, a frequency
 *   (pgov_sugov_next_freq(), `int64_t`). The flags have names of their
 *   own, in their module's header, all equal to 1: ::PGOV_PELT_RECOMPUTED
 *   (the PELT updates), ::PGOV_PELT_IDLE_LOST (pgov_pelt_clock_idle()),
 *   ::PGOV_UTIL_EST_STORED (pgov_util_est_update()), ::PGOV_DBS_DUE
 *   (pgov_dbs_hook_gate(), pgov_dbs_should_sample()) and
 *   ::PGOV_DBS_EVALUATED (pgov_dbs_work()). These functions never return
 *   ::PGOV_WARN_KERNEL, and their 1 is not it: compare with their name.
 * A function of the second kind that one day must report a kernel WARN
 * gets a new function (or an out-parameter), never a positive code
 * that collides with its values. Test errors with `rc < 0`, never with
 * `rc != PGOV_OK` on a function of the second kind.
 *
 * **Failure never changes state.** A function that returns a negative code
 * has left every object it was given exactly as it found it. The codes have
 * the numeric values of the Linux errno of the same name, so a kernel
 * embedder can return them unchanged.
 *
 * Negative values returned by a hardware callback (see hw.h) are passed
 * through to the caller unchanged; use the same codes in a backend.
 */
#ifndef PGOV_ERR_H
#define PGOV_ERR_H

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Result codes. Negative values are errors; see each function for which. */
enum pgov_err {
    /** Success. */
    PGOV_OK = 0,
    /**
     * Success, but the inputs hit a condition the Linux kernel reports with
     * a WARN (for example a uclamp bucket underflow). The library applied the
     * kernel's own fallback, so results stay bit-exact with the kernel, and
     * tells the caller. Only functions that document it return this.
     */
    PGOV_WARN_KERNEL = 1,
    /** A hardware callback failed (backends return this for I/O errors). */
    PGOV_EIO = -5,
    /** The operation cannot be done now (for example a CPU is offline). */
    PGOV_EAGAIN = -11,
    /**
     * Reserved: the library never returns it. Until 0.2 a NULL pointer gave
     * this; it now gives PGOV_EINVAL, because inside a kernel EFAULT means a
     * bad user address, not a caller's bug.
     */
    PGOV_EFAULT = -14,
    /**
     * An argument is out of range or inconsistent (inverted limits, ...), or
     * a required pointer was NULL.
     */
    PGOV_EINVAL = -22,
    /** Caller-provided storage is too small (see the `*_size()` queries). */
    PGOV_ENOSPC = -28,
    /** A divisor the kernel would trap on (division by zero) was given. */
    PGOV_EDOM = -33,
    /** A required hardware callback is missing from the vtable. */
    PGOV_ENOSYS = -38,
    /**
     * A size-prefixed struct is too small for the fields this version needs,
     * or carries non-zero bytes beyond the fields this version knows.
     */
    PGOV_E2BIG = -7,
    /** The kernel version or variant is not one this module implements. */
    PGOV_ENOTSUP = -95
};

/**
 * @brief Short, static English text for a result code.
 *
 * Needs no libc. Unknown codes give "unknown error".
 * @param err a value returned by any libpgov function
 * @return a NUL-terminated string with static storage duration; never NULL
 */
PGOV_API const char *pgov_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_ERR_H */
