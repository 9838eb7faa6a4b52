/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file freq_table.h
 * @brief cpufreq frequency-table resolution and the pcc-cpufreq request word.
 *
 * What the cpufreq core does with a governor's frequency request on a table
 * driver (docs/spec/ondemand.md section 6): clamp the target into the policy
 * limits, then pick a table entry with relation L (lowest at or above), H
 * (highest at or below) or C (closest), on ascending, descending or unsorted
 * tables with invalid entries, plus the v6.18 "efficient" flag that skips
 * entries marked inefficient. And what the table-less pcc-cpufreq driver
 * sends to firmware (section 7).
 *
 * The table itself stays in caller memory: pgov_freq_table_init() validates
 * it once and records its sort order and limits in a small descriptor that
 * points to it. The library never copies or modifies the entries; keep them
 * alive and unchanged while any descriptor (or governor instance) uses them.
 *
 * All functions are pure and identical in every kernel version this library
 * models (v4.17 and v6.18): the only version difference, the E flag, is a
 * bit in the relation that v4.17 callers simply never set.
 */
#ifndef PGOV_FREQ_TABLE_H
#define PGOV_FREQ_TABLE_H

#include <stdint.h>
#include "export.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/** ::pgov_freq_entry.khz of an entry to skip (the kernel's invalid marker). */
#define PGOV_FREQ_ENTRY_INVALID 0xFFFFFFFEu
/** Reserved (the kernel's end-of-table marker); rejected inside a table. */
#define PGOV_FREQ_TABLE_END 0xFFFFFFFFu
/** Largest number of entries a table may have (including invalid ones). */
#define PGOV_FREQ_TABLE_MAX 1024u

/** ::pgov_freq_entry.flags: the entry is inefficient (energy model). */
#define PGOV_FREQ_INEFFICIENT 0x1u

/** One table entry (8 bytes). */
struct pgov_freq_entry {
    uint32_t khz;   /**< frequency in kHz, or ::PGOV_FREQ_ENTRY_INVALID */
    uint32_t flags; /**< PGOV_FREQ_INEFFICIENT or 0; other bits rejected */
};

/** Relations (the kernel's values). Combine one base with ::PGOV_REL_E. */
enum pgov_freq_rel {
    PGOV_REL_L = 0, /**< lowest frequency at or above the target */
    PGOV_REL_H = 1, /**< highest frequency at or below the target */
    PGOV_REL_C = 2, /**< closest frequency (ties: see ::pgov_freq_table_resolve) */
    PGOV_REL_E = 4  /**< flag (v6.18): prefer entries not flagged inefficient */
};

/** Sort order found by pgov_freq_table_init() (docs/spec/ondemand.md 6.1). */
enum pgov_freq_order {
    PGOV_FREQ_ASCENDING = 0,  /**< every valid step increases */
    PGOV_FREQ_DESCENDING = 1, /**< every valid step decreases (or one entry) */
    PGOV_FREQ_UNSORTED = 2    /**< a mix */
};

/** pgov_freq_table_init() flag: the policy has efficiencies available. */
#define PGOV_FREQ_TABLE_EFFICIENCIES 0x1u

/**
 * @brief A validated table: a descriptor pointing at caller-owned entries.
 *
 * Filled by pgov_freq_table_init(); treat as read-only afterwards. Layout:
 * the pointer first, then six `uint32_t` (24 bytes on ILP32, 32 on LP64).
 */
struct pgov_freq_table {
    const struct pgov_freq_entry *entries; /**< the caller's entries */
    uint32_t count;   /**< number of entries including invalid ones */
    uint32_t nvalid;  /**< number of valid entries (>= 1) */
    uint32_t order;   /**< a ::pgov_freq_order */
    uint32_t min_khz; /**< smallest valid frequency (cpuinfo.min) */
    uint32_t max_khz; /**< largest valid frequency (cpuinfo.max) */
    uint32_t flags;   /**< PGOV_FREQ_TABLE_EFFICIENCIES or 0 */
};

/**
 * @brief Validate a table and describe it (the kernel's policy-init checks).
 *
 * @param t       descriptor to fill; untouched on failure
 * @param entries @p count entries in table order (caller keeps them alive)
 * @param count   1 .. ::PGOV_FREQ_TABLE_MAX
 * @param flags   0 or ::PGOV_FREQ_TABLE_EFFICIENCIES (honour E requests;
 *                the kernel sets this when an entry is flagged inefficient
 *                and the driver has an energy model)
 * @return ::PGOV_OK; ::PGOV_EINVAL for NULL; ::PGOV_EINVAL when @p count is
 *         0 or too large, no entry is valid, an entry is ::PGOV_FREQ_TABLE_END
 *         or has unknown flag bits, two consecutive valid entries are equal
 *         (the kernel fails policy init), or @p flags has unknown bits.
 */
PGOV_API PGOV_MUST_CHECK int pgov_freq_table_init(struct pgov_freq_table *t, const struct pgov_freq_entry *entries,
                                  uint32_t count, uint32_t flags);

/**
 * @brief Resolve a frequency request to a table index (docs/spec/ondemand.md 6.0, 6.2-6.4).
 *
 * The target is first clamped into [@p min_khz, @p max_khz] (the request's
 * clamp). Sorted tables then search all valid entries (entries outside the
 * limits are not excluded, so off-table limits can resolve outside them);
 * C ties go to the lower frequency on ascending tables and to the higher on
 * descending ones. Unsorted tables consider only entries inside the limits.
 * With ::PGOV_REL_E and a table initialised with
 * ::PGOV_FREQ_TABLE_EFFICIENCIES, sorted searches skip inefficient entries
 * and search again without skipping if the result is outside the limits;
 * otherwise E has no effect.
 *
 * @param t        a table from pgov_freq_table_init()
 * @param min_khz  policy minimum
 * @param max_khz  policy maximum (>= @p min_khz)
 * @param target   requested frequency, any value
 * @param rel      ::PGOV_REL_L, ::PGOV_REL_H or ::PGOV_REL_C, optionally | ::PGOV_REL_E
 * @param index    receives the chosen index into the entries
 * @return ::PGOV_OK; ::PGOV_WARN_KERNEL when an unsorted table has no
 *         entry inside the limits (the kernel warns and uses index 0, and
 *         so does this function); ::PGOV_EINVAL for NULL; ::PGOV_EINVAL for
 *         @p min_khz > @p max_khz, an unknown relation, or a descriptor
 *         that pgov_freq_table_init() would not have produced.
 */
PGOV_API PGOV_MUST_CHECK int pgov_freq_table_resolve(const struct pgov_freq_table *t, uint32_t min_khz,
                                     uint32_t max_khz, uint32_t target, uint32_t rel,
                                     uint32_t *index);

/**
 * @brief The pcc-cpufreq request word for a target (docs/spec/ondemand.md 7, all versions).
 *
 * `pct = (u32)(target_khz * 100) / (u32)(nominal_mhz * 1000)` (both
 * products wrap modulo 2^32, as in the kernel), `word = 1 | pct << 8`.
 *
 * @param nominal_mhz  the firmware's nominal frequency in MHz
 * @param target_khz   the (already clamped) target
 * @param word         receives the 32-bit request word
 * @return ::PGOV_OK; ::PGOV_EINVAL for NULL; ::PGOV_EDOM when
 *         `(u32)(nominal_mhz * 1000)` is 0 (the kernel would divide by 0).
 */
PGOV_API PGOV_MUST_CHECK int pgov_freq_table_pcc_request(uint32_t nominal_mhz, uint32_t target_khz, uint32_t *word);

/**
 * @brief The frequency pcc-cpufreq reports for a firmware output word.
 *
 * `((nominal_mhz * (out & 0xff)) / 100) * 1000` in u32 arithmetic (wraps as
 * the kernel does for absurd nominal values).
 *
 * @param nominal_mhz  the firmware's nominal frequency in MHz
 * @param out_word     the firmware's output word (percent in bits 0..7)
 * @param khz          receives the frequency
 * @return ::PGOV_OK or ::PGOV_EINVAL for NULL.
 */
PGOV_API PGOV_MUST_CHECK int pgov_freq_table_pcc_readback(uint32_t nominal_mhz, uint32_t out_word, uint32_t *khz);

/**
 * @brief The cpufreq core's default transition delay of a policy
 *        (cpufreq_policy_transition_delay_us): the default of schedutil's
 *        `rate_limit_us` and the floor of ondemand/conservative's sampling
 *        rate (0.4).
 *
 * A driver's own `transition_delay_us` (non-zero) wins. Otherwise, with
 * `lat = transition_latency_ns / 1000` (truncating):
 * - 4.14 .. 6.8: `lat ? min(lat * 1000, 10000) : 1000`;
 * - 6.9 .. 6.11: `lat > 2000 ? lat : (lat ? min(lat * 1000, 2000) : 1000)`;
 * - 6.12 and later: `lat ? lat + lat / 2 : 1000`.
 * docs/exactness.md gives each boundary and its source.
 *
 * @param kver                   kernel profile (0: newest)
 * @param transition_delay_us    policy->transition_delay_us (0: none)
 * @param transition_latency_ns  policy->cpuinfo.transition_latency
 * @param out_us                 receives the delay in microseconds
 * @return ::PGOV_OK; ::PGOV_EINVAL for NULL; ::PGOV_ENOTSUP for a @p kver
 *         before 4.14 or not valid (@p out_us untouched on error).
 */
PGOV_API PGOV_MUST_CHECK int pgov_freq_table_transition_delay_us(uint32_t kver, uint32_t transition_delay_us,
                                                                 uint32_t transition_latency_ns,
                                                                 uint32_t *out_us);

#ifndef PGOV_NO_DEPRECATED
/** @deprecated 0.1 name (PGOV_0.1 alias) of pgov_freq_table_pcc_request() */
PGOV_API PGOV_MUST_CHECK int pgov_pcc_request(uint32_t nominal_mhz, uint32_t target_khz, uint32_t *word)
    PGOV_DEPRECATED("renamed pgov_freq_table_pcc_request");
/** @deprecated 0.1 name (PGOV_0.1 alias) of pgov_freq_table_pcc_readback() */
PGOV_API PGOV_MUST_CHECK int pgov_pcc_readback(uint32_t nominal_mhz, uint32_t out_word, uint32_t *khz)
    PGOV_DEPRECATED("renamed pgov_freq_table_pcc_readback");
#endif

#ifdef __cplusplus
}
#endif

#endif /* PGOV_FREQ_TABLE_H */
