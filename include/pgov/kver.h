/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file kver.h
 * @brief Kernel-behaviour profiles shared by every module.
 *
 * A profile names the Linux release whose arithmetic a module reproduces.
 * The value is `major * 256 + minor` (see ::PGOV_KVER), so profiles compare
 * with `<` and `>=` the way kernel versions do, and any release number can
 * be written even if it has no named constant below.
 *
 * Each module implements a few versions and documents them; every other
 * valid version maps to the newest implemented version that is not newer
 * (the behaviour that was in force in that release). A version older than
 * anything a module implements is rejected with ::PGOV_ENOTSUP.
 *
 * ::PGOV_KVER_LATEST (0) means "the newest behaviour this build of the
 * library implements". Its meaning moves forward with library releases, so
 * pin a concrete version when you need results that never change. Zero is
 * chosen so that a zero-filled config gets the current kernel's behaviour.
 *
 * Variants that never shipped in a kernel release (the July 2017 intel_pstate
 * IO RFCs, the pre-3.17 ondemand "deadband" mapping, Android half-lives) are
 * named options of the module that has them, not versions.
 *
 * Kernel version is not ABI version: the library's own version is in pgov.h.
 */
#ifndef PGOV_KVER_H
#define PGOV_KVER_H

#include <stdbool.h>
#include <stdint.h>
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Encode a kernel release `major.minor` as a profile number. */
#define PGOV_KVER(major, minor) (((major) << 8) | (minor))

/** Named kernel releases. Only versions some module tells apart are named. */
enum pgov_kver {
    PGOV_KVER_LATEST = 0,                /**< newest implemented (moves) */
    PGOV_KVER_4_4 = PGOV_KVER(4, 4),     /**< PELT in fair.c, /47742 */
    PGOV_KVER_4_5 = PGOV_KVER(4, 5),     /**< intel_pstate timer PID */
    PGOV_KVER_4_6 = PGOV_KVER(4, 6),     /**< intel_pstate util hook PID */
    PGOV_KVER_4_12 = PGOV_KVER(4, 12),   /**< PELT three-segment rewrite */
    PGOV_KVER_4_13 = PGOV_KVER(4, 13),   /**< server PID, ext precision */
    PGOV_KVER_4_14 = PGOV_KVER(4, 14),   /**< PID removed, IOWAIT sample */
    PGOV_KVER_4_15 = PGOV_KVER(4, 15),   /**< PELT unweighted entity sums */
    PGOV_KVER_4_17 = PGOV_KVER(4, 17),   /**< util_est introduced */
    PGOV_KVER_5_0 = PGOV_KVER(5, 0),     /**< dbs long idle on idle time */
    PGOV_KVER_5_1 = PGOV_KVER(5, 1),     /**< PELT invariance on the clock */
    PGOV_KVER_5_3 = PGOV_KVER(5, 3),     /**< uclamp introduced */
    PGOV_KVER_5_5 = PGOV_KVER(5, 5),     /**< util_est FASTUP */
    PGOV_KVER_5_7 = PGOV_KVER(5, 7),     /**< PELT runnable_avg, uclamp v5.7 */
    PGOV_KVER_5_9 = PGOV_KVER(5, 9),     /**< uclamp static key */
    PGOV_KVER_5_12 = PGOV_KVER(5, 12),   /**< util_est split */
    PGOV_KVER_5_13 = PGOV_KVER(5, 13),   /**< uclamp bucket saturation */
    PGOV_KVER_5_14 = PGOV_KVER(5, 14),   /**< schedutil headroom on util */
    PGOV_KVER_5_16 = PGOV_KVER(5, 16),   /**< cpufreq "efficient" relations */
    PGOV_KVER_5_17 = PGOV_KVER(5, 17),   /**< uclamp rq idle flag at init */
    PGOV_KVER_6_1 = PGOV_KVER(6, 1),     /**< uclamp_rq_util_with idle case */
    PGOV_KVER_6_8 = PGOV_KVER(6, 8),     /**< effective_cpu_util form */
    PGOV_KVER_6_9 = PGOV_KVER(6, 9),     /**< util_est single field */
    PGOV_KVER_6_12 = PGOV_KVER(6, 12),   /**< delayed dequeue */
    PGOV_KVER_6_18 = PGOV_KVER(6, 18),   /**< reference "current" (sched) */
    PGOV_KVER_6_19 = PGOV_KVER(6, 19),   /**< idle-entry PELT resync back in idle */
    PGOV_KVER_7_0 = PGOV_KVER(7, 0),     /**< cfs_rq floors rewrite, cs limits reset */
    PGOV_KVER_7_2 = PGOV_KVER(7, 2),     /**< util_est in the PELT update, cs min floor */
    PGOV_KVER_7_3 = PGOV_KVER(7, 3)      /**< conservative sample-load gate, flat EEVDF */
};

/** The newest release any module of this build implements. */
#define PGOV_KVER_NEWEST PGOV_KVER_7_3
/** The oldest release number accepted at all (modules may reject more). */
#define PGOV_KVER_OLDEST PGOV_KVER(3, 0)

/**
 * @brief Is @p kver a version number this library accepts?
 *
 * True for ::PGOV_KVER_LATEST and for every `PGOV_KVER(major, minor)` from
 * 3.0 up to ::PGOV_KVER_NEWEST. Future releases are rejected: the library
 * cannot know their behaviour. A module may still reject an accepted number
 * that predates the feature it implements.
 */
PGOV_API bool pgov_kver_valid(uint32_t kver);

/**
 * @brief Resolve ::PGOV_KVER_LATEST to a concrete version.
 * @return @p kver itself, ::PGOV_KVER_NEWEST for 0, or 0 when @p kver is
 *         not valid (see pgov_kver_valid()).
 */
PGOV_API uint32_t pgov_kver_resolve(uint32_t kver);

/** Modules (and sub-paths with their own profiles) for pgov_kver_exactness(). */
enum pgov_module {
    PGOV_MOD_PELT = 1,         /**< PELT core: update_sums/avgs, decay, segments */
    PGOV_MOD_PELT_FLOORS = 2,  /**< cfs_rq floors: pgov_pelt_detach_kv/remove_kv */
    PGOV_MOD_UTIL_EST = 3,     /**< util_est (pgov_util_est_cfg.kver) */
    PGOV_MOD_UCLAMP = 4,       /**< uclamp rq aggregation, bucket ids, eff values */
    PGOV_MOD_PSTATE_PID = 5,   /**< intel_pstate PID (Core) */
    PGOV_MOD_PSTATE_ATOM = 6,  /**< intel_pstate PID (Atom) */
    PGOV_MOD_PSTATE_LOAD = 7,  /**< intel_pstate load algorithm */
    PGOV_MOD_HWP_BOOST = 8,    /**< intel_pstate HWP dynamic boost */
    PGOV_MOD_SUGOV = 9,        /**< schedutil */
    PGOV_MOD_DBS = 10,         /**< ondemand / conservative */
    PGOV_MOD_PELT_GROUP = 11   /**< task-group PELT (pelt_group.h), since 0.7 */
};

/** What pgov_kver_exactness() reports. */
enum pgov_exactness {
    PGOV_KVER_UNSUPPORTED = 0, /**< the module rejects the release (PGOV_ENOTSUP) */
    PGOV_KVER_APPROXIMATE = 1, /**< accepted, mapped to a neighbouring release's rules */
    PGOV_KVER_EXACT = 2        /**< verified against that release's rules: a kernel run, or a
                                *   spec's tree reading pinned by vectors/tests (docs/exactness.md
                                *   says which; 6.12 and 7.x: the spec only, so far) */
};

/**
 * @brief How exactly a module reproduces a kernel release.
 *
 * "Exact" means the rules were read from that release (or a release with no
 * known change in between) and are pinned by vectors or tests; "approximate"
 * means the release is accepted but mapped to the nearest implemented rules
 * (docs/\<module\>.md lists what may differ). The tables are in
 * docs/exactness.md.
 * @param module  a ::pgov_module
 * @param kver    a kernel profile (0 = ::PGOV_KVER_LATEST)
 * @return a ::pgov_exactness; ::PGOV_KVER_UNSUPPORTED for an invalid
 *         @p kver; ::PGOV_EINVAL (negative) for an unknown @p module.
 */
PGOV_API PGOV_MUST_CHECK int pgov_kver_exactness(uint32_t module, uint32_t kver);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_KVER_H */
