/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file pstate.h
 * @brief intel_pstate policies: PID (v4.5, v4.6, v4.13, Atom), load-based
 *        (v4.13, v4.17, current) with iowait boost, HWP dynamic boost.
 *
 * Two layers, both public:
 *
 * 1. **Decision functions** (pgov_pstate_decide()): pure and open-loop.
 *    Counters, time, flags, bounds and platform in; sample, busy value, PID
 *    state, target and boost out, all in a caller-owned
 *    ::pgov_pstate_state of fixed layout. This is what the golden vectors
 *    replay. No HAL is involved.
 * 2. **A per-CPU governor instance** (`struct pgov_pstate`, opaque, caller
 *    storage): the scheduler's hook pgov_pstate_update(), the v4.5 timer
 *    pgov_pstate_timer(), pgov_pstate_set_limits(). It reads counters and
 *    writes P-states (or HWP_REQUEST) only through the bound hw.h vtable.
 *
 * **Profiles.** A policy (::pgov_pstate_policy) plus a kernel version
 * (`kver`, PGOV_KVER_*) select one behaviour (::pgov_pstate_profile):
 *
 * | policy | kver | profile |
 * |---|---|---|
 * | PID | 4.5 | PID_4_5 (deferrable timer, stale re-decision) |
 * | PID | 4.6 .. 4.12 | PID_4_6 (util hook, C0 < 1 % cut-off of ffb810563c0c) |
 * | PID | 4.13 | PID_4_13 (server PID, ext-precision busy, ratio limits) |
 * | PID_ATOM | 4.5 | ATOM_4_5 (timer, load + iowait PID) |
 * | PID_ATOM | 4.6 .. 4.8 | ATOM_4_6 (hook, load + iowait PID) |
 * | LOAD | 4.13 | LOAD_4_13 (boost 1.0, no immediate IOWAIT sample) |
 * | LOAD | 4.14 .. 5.0 | LOAD_4_17 (immediate IOWAIT sample) |
 * | LOAD | 5.1 .. 7.3, LATEST | LOAD_6_19 (1/8 doubling boost; the 5.1 boundary is unverified) |
 * | HWP_BOOST | 4.18 .. 7.3, LATEST | HWP_BOOST_6_19 |
 * | DEFAULT | 4.5 .. 4.13 | as PID; 4.14+ and LATEST: as LOAD |
 *
 * Anything else (PID at 4.14+, which has no PID; Atom PID at 4.9+, which
 * switched Atom to the load algorithm; anything before 4.5) is
 * ::PGOV_ENOTSUP. Only PID_4_5, PID_4_6, PID_4_13, ATOM_4_6, LOAD_4_17,
 * LOAD_6_19 and HWP_BOOST_6_19 are pinned by kernel vectors; ATOM_4_5 and
 * LOAD_4_13 are composed from the same verified pieces (docs/spec/pstate.md 3, 4.6, 5.3).
 *
 * **Time** is the scheduler clock in ns. Counters are raw 64-bit APERF,
 * MPERF, TSC; every delta is modular, so counter wrap is harmless.
 *
 * **Known deviation of the instance** (none in the decision layer): the
 * kernel re-reads the MISC_ENABLE turbo-disable bit before every decision;
 * the instance reads the platform (hw get_limits) at init and in
 * pgov_pstate_set_limits() only. Call pgov_pstate_set_limits() when firmware
 * changes turbo availability.
 */
#ifndef PGOV_PSTATE_H
#define PGOV_PSTATE_H

#include <stddef.h>
#include <stdint.h>
#include "export.h"
#include "err.h"
#include "gov.h"
#include "hw.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Policy family (::pgov_pstate_config.policy). */
enum pgov_pstate_policy {
    /** What the kernel runs on a Core CPU with a server ACPI profile:
     *  PID up to 4.13, load-based from 4.14. */
    PGOV_PSTATE_POLICY_DEFAULT = 0,
    /** Core PID controller on APERF/MPERF performance (4.5 .. 4.13). */
    PGOV_PSTATE_POLICY_PID = 1,
    /** Silvermont/Airmont PID on C0 load plus iowait time (4.5 .. 4.8). */
    PGOV_PSTATE_POLICY_PID_ATOM = 2,
    /** Load-based algorithm with iowait boost (4.13+). */
    PGOV_PSTATE_POLICY_LOAD = 3,
    /** HWP dynamic boost (4.18+): writes HWP_REQUEST, not PERF_CTL. */
    PGOV_PSTATE_POLICY_HWP_BOOST = 4
};

/** A resolved behaviour (see the table in the file description). */
enum pgov_pstate_profile {
    PGOV_PSTATE_PROF_PID_4_5 = 1,   /**< v4.5 timer-driven core PID */
    PGOV_PSTATE_PROF_PID_4_6 = 2,   /**< v4.6 hook core PID + C0 cut-off */
    PGOV_PSTATE_PROF_PID_4_13 = 3,  /**< v4.13 server PID */
    PGOV_PSTATE_PROF_ATOM_4_5 = 4,  /**< v4.5 timer-driven Atom PID */
    PGOV_PSTATE_PROF_ATOM_4_6 = 5,  /**< v4.6 hook Atom PID */
    PGOV_PSTATE_PROF_LOAD_4_13 = 6, /**< v4.13 load-based */
    PGOV_PSTATE_PROF_LOAD_4_17 = 7, /**< v4.14 .. v4.17 (.. v5.0) load-based */
    PGOV_PSTATE_PROF_LOAD_6_19 = 8, /**< current load-based */
    PGOV_PSTATE_PROF_HWP_BOOST_6_19 = 9 /**< current HWP dynamic boost */
};

/** The bit of one ::pgov_pstate_profile in `PGOV_PSTATE_PROFILES`. */
#define PGOV_PSTATE_PROF_BIT(prof) (1u << (prof))
/**
 * Every profile (bits 1..9): the default of `PGOV_PSTATE_PROFILES`, a
 * build-time choice for firmware: the OR of PGOV_PSTATE_PROF_BIT() of the
 * profiles lib/pstate.c and lib/pstate_gov.c contain (compile them with
 * `-DPGOV_PSTATE_PROFILES=...`). The others compile to nothing and their
 * configs fail with ::PGOV_ENOTSUP. Meaningful only where lib/ is compiled: a
 * shared library always has every profile.
 */
#define PGOV_PSTATE_PROFILES_ALL 0x3FEu

#ifdef PGOV_EXPERIMENTAL
/* Experimental (docs/abi.md, "experimental"): reconstructions of patches
 * that never reached a kernel release. Define PGOV_EXPERIMENTAL before
 * including this header to use them; no vector pins them. */
/**
 * Option (::pgov_pstate_config.options), LOAD_4_13 only: the July 2017 IO
 * RFC as the reviewer suggested it: while *this* CPU's iowait boost is
 * non-zero its sampling interval is 1 ms instead of the configured one.
 */
#define PGOV_PSTATE_OPT_RFC_IO_PERCPU 0x1u
/**
 * Option, LOAD_4_13 only: the RFC as posted: the 1 ms interval applies to
 * every CPU while any CPU has an active boost. Needs a caller-owned
 * ::pgov_pstate_shared attached with pgov_pstate_attach_shared() to every
 * instance; without one the option acts like ::PGOV_PSTATE_OPT_RFC_IO_PERCPU.
 */
#define PGOV_PSTATE_OPT_RFC_IO_ALL 0x2u
/**
 * Option, PID_4_6 and PID_4_13 only: ffb810563c0c reverted on its own, i.e.
 * a sample with under 1 % C0 residency is scaled like any other instead of
 * counting as busy = 0. No kernel shipped this; it isolates that one rule
 * (a "revert column" for simulators and bisection).
 */
#define PGOV_PSTATE_OPT_NO_C0_CUTOFF 0x4u
/** The interval the RFC variants use while boosted (1 ms). */
#define PGOV_PSTATE_RFC_IO_INTERVAL_NS 1000000u
#endif /* PGOV_EXPERIMENTAL */

/** ::pgov_pstate_config.tun_set: take `p_gain_pct` literally, 0 included (gov.h). */
#define PGOV_PSTATE_SET_P_GAIN 0x1u
/** ::pgov_pstate_config.tun_set: take `i_gain_pct` literally, 0 included. */
#define PGOV_PSTATE_SET_I_GAIN 0x2u
/** ::pgov_pstate_config.tun_set: take `d_gain_pct` literally, 0 included. */
#define PGOV_PSTATE_SET_D_GAIN 0x4u
/** Every ::pgov_pstate_config.tun_set bit defined. */
#define PGOV_PSTATE_SET_ALL (PGOV_PSTATE_SET_P_GAIN | PGOV_PSTATE_SET_I_GAIN | PGOV_PSTATE_SET_D_GAIN)

/** 0.1 spelling of "this gain is really 0" (a value of the field itself);
 *  still accepted, but new code sets the field's ::pgov_pstate_config.tun_set
 *  bit instead (the one convention, gov.h). */
#define PGOV_PSTATE_PCT_ZERO 0xFFFFFFFFu

/** Kernel default sampling interval (10 ms). */
#define PGOV_PSTATE_DEFAULT_SAMPLE_NS 10000000u
/** Default HWP boost hold time (hwp_boost_hold_time_ns, 3 ms). */
#define PGOV_PSTATE_DEFAULT_HOLD_NS 3000000u

#ifdef PGOV_EXPERIMENTAL
/**
 * @brief Caller-owned state shared by the instances of one system, for
 *        ::PGOV_PSTATE_OPT_RFC_IO_ALL only. Zero-initialise it.
 *
 * Model of "all CPUs": the RFC changed one system-wide interval. Here every
 * instance records the time of its latest IOWAIT wakeup; every instance
 * uses the 1 ms interval while its own boost is active or while the latest
 * IOWAIT wakeup seen by any instance is at most one tick old.
 * Access is not atomic: serialise, or give each instance a private one.
 */
struct pgov_pstate_shared {
    uint64_t last_io_ns; /**< time of the latest IOWAIT wakeup on any CPU */
    uint32_t seen;       /**< non-zero once @c last_io_ns is valid */
    uint32_t reserved;   /**< zero */
};
#endif /* PGOV_EXPERIMENTAL */

/**
 * @brief Performance limits (sysfs-like), for init and
 *        pgov_pstate_set_limits(). Set `size = sizeof(struct
 *        pgov_pstate_limits)`. Zero means the kernel default in every field.
 *
 * Which fields a profile uses: v4.5/v4.6 (PID_4_5, PID_4_6, ATOM_*) use the
 * fp8 fractions; v4.13+ use the ratios; HWP boost uses the HWP fields.
 */
struct pgov_pstate_limits {
    uint32_t size;        /**< sizeof(struct pgov_pstate_limits) */
    uint32_t no_turbo;    /**< 0 or 1: sysfs no_turbo */
    uint32_t min_perf_fp; /**< v4.5/4.6 min_perf: fp8 fraction of the base
                           *   P-state, 0..256 (0: 0) */
    uint32_t max_perf_fp; /**< v4.5/4.6 max_perf: 1..256 (0: 256). May be
                           *   below min_perf_fp: the kernel then uses max */
    uint32_t min_ratio;   /**< v4.13+ min_perf_ratio (0: min_pstate);
                           *   at most turbo_pstate */
    uint32_t max_ratio;   /**< v4.13+ max_perf_ratio (0: turbo_pstate); below
                           *   min_ratio the kernel raises it to min_ratio */
    uint64_t hwp_request; /**< HWP: cached IA32_HWP_REQUEST (min in bits 7:0,
                           *   max in 15:8); 0: min = min_pstate, max =
                           *   turbo_pstate. Min 0, max 0 or min above max:
                           *   PGOV_EINVAL (the kernel never builds one) */
    uint64_t hwp_cap;     /**< HWP: IA32_HWP_CAPABILITIES (guaranteed in
                           *   bits 15:8); 0: guaranteed = max_pstate */
};
/** Size of the first published ::pgov_pstate_limits (0.1): the smallest `size` accepted.
 *  Frozen; later versions append fields after `hwp_cap`. */
#define PGOV_PSTATE_LIMITS_SIZE_V1 (offsetof(struct pgov_pstate_limits, hwp_cap) + sizeof(((struct pgov_pstate_limits *)0)->hwp_cap))

/**
 * @brief Instance configuration. Set `size = sizeof(struct
 *        pgov_pstate_config)`; smaller sizes of earlier library versions are
 *        accepted, unknown non-zero trailing bytes are ::PGOV_E2BIG.
 *        Zero means the kernel default in every tunable.
 */
struct pgov_pstate_config {
    uint32_t size;               /**< sizeof(struct pgov_pstate_config) */
    uint32_t cpu;                /**< CPU this instance serves (HAL calls) */
    uint32_t policy;             /**< ::pgov_pstate_policy */
    uint32_t kver;               /**< PGOV_KVER_* (0: newest) */
    uint32_t options;            /**< PGOV_PSTATE_OPT_* */
    uint32_t aperf_mperf_shift;  /**< 0, or 10 on Xeon Phi (v4.13+ only) */
    uint64_t sample_interval_ns; /**< 0: 10 ms; 1 us .. 10 s */
    uint64_t tick_ns;            /**< TICK_NSEC; 0: TICK_NSEC(hz), or 4 ms (HZ=250)
                                  *   when hz is 0 too; at most 1 s */
    uint64_t boost_hold_ns;      /**< HWP boost hold; 0: 3 ms; at most 10 s */
    uint32_t setpoint_pct;       /**< PID setpoint 1..100; 0: 97 (Atom 60) */
    uint32_t deadband_pct;       /**< PID deadband 0..100 */
    uint32_t p_gain_pct;         /**< 0..100; 0: 20 (Atom 14) unless PGOV_PSTATE_SET_P_GAIN */
    uint32_t i_gain_pct;         /**< 0..100; 0: 0 (Atom 4) unless PGOV_PSTATE_SET_I_GAIN */
    uint32_t d_gain_pct;         /**< 0..100; 0: 0 */
    uint32_t hz;                 /**< CONFIG_HZ, 1..100000; 0: unknown (jiffy =
                                  *   tick_ns). Non-zero with a tick_ns other
                                  *   than PGOV_TICK_NSEC(hz): PGOV_EINVAL.
                                  *   Sets the v4.5 timer period (jiffies) */
    /** Initial limits. Its size may be 0 = all defaults, but then every
     *  other field must be 0 too (else ::PGOV_E2BIG). Nested at its 0.1
     *  size: inside a config it never grows (docs/abi.md, "nested
     *  structs"); limits added later are appended to the config itself. */
    struct pgov_pstate_limits limits;
    /* ---- 0.3 */
    uint32_t tun_set;            /**< PGOV_PSTATE_SET_* bits: field given even if 0 */
    uint32_t reserved3;          /**< must be 0 */
};
/** Size of the first published ::pgov_pstate_config (0.1): the smallest `size` accepted.
 *  Frozen; later versions append fields after `limits`. */
#define PGOV_PSTATE_CONFIG_SIZE_V1 (offsetof(struct pgov_pstate_config, limits) + sizeof(((struct pgov_pstate_config *)0)->limits))

/**
 * @brief Resolved, validated parameters of one profile (decision layer).
 *        Fill with pgov_pstate_params_init(); fixed layout.
 */
struct pgov_pstate_params {
    uint32_t profile;     /**< ::pgov_pstate_profile */
    uint32_t options;     /**< PGOV_PSTATE_OPT_* */
    uint64_t sample_ns;   /**< sampling interval */
    uint64_t tick_ns;     /**< TICK_NSEC */
    uint64_t hold_ns;     /**< HWP boost hold time */
    int32_t setpoint_fp;  /**< PID setpoint, fp8 percent */
    int32_t deadband_fp;  /**< PID deadband, fp8 percent */
    int32_t p_gain;       /**< fp8 */
    int32_t i_gain;       /**< fp8 */
    int32_t d_gain;       /**< fp8 */
    uint32_t amshift;     /**< aperf_mperf_shift */
};

/**
 * @brief Effective request bounds and turbo state (decision layer); computed
 *        by pgov_pstate_bounds_init() from the platform and the limits.
 */
struct pgov_pstate_bounds {
    uint32_t lo;        /**< lower clamp bound */
    uint32_t hi;        /**< upper clamp bound (wins when lo > hi: v4.5/4.6) */
    uint32_t base;      /**< max_pstate if turbo is off, else turbo_pstate */
    uint32_t ctl_turbo; /**< 1: set PERF_CTL bit 32 (turbo disengage); LOAD_6_19:
                         *   never with ::PGOV_HW_LIM_NO_IDA */
};

/**
 * @brief Per-CPU state of the PID and load-based policies. Fixed layout
 *        (104 bytes); zero-initialise, then pgov_pstate_state_reset().
 */
struct pgov_pstate_state {
    uint64_t prev_aperf;     /**< previous absolute APERF */
    uint64_t prev_mperf;     /**< previous absolute MPERF */
    uint64_t prev_tsc;       /**< previous absolute TSC */
    uint64_t prev_iowait_us; /**< previous cumulative iowait (Atom) */
    uint64_t d_aperf;        /**< stored sample delta APERF */
    uint64_t d_mperf;        /**< stored sample delta MPERF */
    uint64_t d_tsc;          /**< stored sample delta TSC */
    uint64_t time_ns;        /**< sample.time */
    uint64_t last_time_ns;   /**< last_sample_time */
    uint64_t last_update_ns; /**< load: iowait boost's last_update */
    int32_t core;            /**< core_pct_busy (fp8 %) or core_avg_perf (ext) */
    int32_t busy_scaled;     /**< fp8 percent of the last decision */
    int32_t integral;        /**< PID integral, fp8 */
    int32_t last_err;        /**< PID last error, fp8 */
    uint32_t iowait_boost;   /**< load: fp8 boost, 0..256 */
    uint32_t pstate;         /**< current_pstate (last requested) */
};

/** Kinds of call to pgov_pstate_decide() (::pgov_pstate_input.event). */
enum pgov_pstate_event {
    PGOV_PSTATE_EV_INIT = 1,  /**< v4.5 init-time sample (no decision) */
    PGOV_PSTATE_EV_TIMER = 2, /**< v4.5 deferrable-timer expiry */
    PGOV_PSTATE_EV_UPDATE = 3 /**< scheduler utilization-update hook */
};

/** Inputs of one pgov_pstate_decide() call. */
struct pgov_pstate_input {
    uint64_t now_ns;    /**< hook/timer time */
    uint64_t aperf;     /**< absolute APERF at this call */
    uint64_t mperf;     /**< absolute MPERF */
    uint64_t tsc;       /**< absolute TSC */
    uint64_t iowait_us; /**< cumulative iowait time, us (Atom only) */
    uint32_t event;     /**< ::pgov_pstate_event */
    uint32_t flags;     /**< PGOV_UPDATE_* */
};

/** What a pgov_pstate_decide() call did (::pgov_pstate_result.path). */
enum pgov_pstate_path {
    PGOV_PSTATE_PATH_INIT_SAMPLED = 1,  /**< v4.5 init sample accepted */
    PGOV_PSTATE_PATH_INIT_REJECTED = 2, /**< v4.5 init sample rejected */
    PGOV_PSTATE_PATH_TIMER_ADJUST = 3,  /**< v4.5 timer: sample + decision */
    PGOV_PSTATE_PATH_TIMER_STALE = 4,   /**< v4.5 timer: rejected sample, stale decision */
    PGOV_PSTATE_PATH_SKIP = 5,          /**< inside the sampling interval */
    PGOV_PSTATE_PATH_REJECTED = 6,      /**< MPERF or TSC unchanged */
    PGOV_PSTATE_PATH_FIRST = 7,         /**< first accepted sample: primes only */
    PGOV_PSTATE_PATH_ADJUST = 8,        /**< sample + decision */
    PGOV_PSTATE_PATH_IO_SKIP = 9,       /**< v4.17 IOWAIT with busy already 100 */
    PGOV_PSTATE_PATH_IO_ADJUST = 10,    /**< v4.17 immediate IOWAIT sample + decision */
    PGOV_PSTATE_PATH_REMOTE = 11        /**< remote callback, ignored */
};

/** ::pgov_pstate_result.have bits: which optional outputs were computed. */
enum pgov_pstate_have {
    PGOV_PSTATE_HAVE_CORE = 1u << 0,   /**< core (and the deltas are new) */
    PGOV_PSTATE_HAVE_RATIO = 1u << 1,  /**< sample_ratio (v4.5: 3x rule fired) */
    PGOV_PSTATE_HAVE_DECIDE = 1u << 2, /**< busy_scaled, target_raw, lo, hi */
    PGOV_PSTATE_HAVE_PID = 1u << 3,    /**< pid_out */
    PGOV_PSTATE_HAVE_LOAD = 1u << 4    /**< boost_used, busy_frac, avg_pstate, target_avg */
};

/** Outputs of one pgov_pstate_decide() call (state changes are in the state). */
struct pgov_pstate_result {
    uint32_t path;         /**< ::pgov_pstate_path */
    uint32_t have;         /**< ::pgov_pstate_have bits */
    uint32_t write;        /**< 1 if the P-state changed and must be written */
    uint32_t pstate;       /**< P-state after the call */
    uint64_t perf_ctl;     /**< PERF_CTL value to write when @c write */
    int32_t sample_ratio;  /**< idle-duration ratio (fp8) */
    int32_t pid_out;       /**< PID output (P-states down) */
    int32_t target_raw;    /**< PID: current - pid_out; load: after headroom and floor */
    int32_t busy_frac;     /**< load: busy fraction after the boost floor (fp8) */
    int32_t boost_used;    /**< load: boost compared with busy_frac */
    int32_t avg_pstate;    /**< load: average P-state observed in C0 */
    int32_t target_avg;    /**< load: target after moving half way to avg */
    uint32_t lo;           /**< lower bound used by the clamp */
    uint32_t hi;           /**< upper bound used by the clamp */
    uint32_t reserved;     /**< zero */
};

/**
 * @brief Resolve and validate a configuration into decision parameters.
 * @param prm  filled on success, untouched on failure
 * @param cfg  configuration (only the policy, kver, options and tunable
 *             fields are used; `limits` and `cpu` are ignored here)
 * @return ::PGOV_OK; ::PGOV_EINVAL (NULL); ::PGOV_E2BIG (size unknown or
 *         non-zero unknown trailing bytes); ::PGOV_EINVAL (unknown policy,
 *         options on a profile that has none, both RFC options, unknown
 *         `tun_set` bits or a non-zero `reserved3`, a tunable
 *         out of range, hz above 100000 or not matching tick_ns);
 *         ::PGOV_ENOTSUP (kver invalid or
 *         without this policy).
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_params_init(struct pgov_pstate_params *prm,
                                                     const struct pgov_pstate_config *cfg);

/**
 * @brief Compute the clamp bounds of a profile from platform and limits.
 *
 * v4.5/4.6: `turbo_disabled = (plat->flags & TURBO_DISABLED) || max ==
 * turbo`; `base = no_turbo || turbo_disabled ? max : turbo`;
 * `hi = clamp(base*max_perf/256, min, turbo)`, `lo = clamp(base*min_perf/256,
 * min, base)`. v4.13+: `lo = max(min, min_ratio)`, `hi = max(lo, max_ratio)`
 * (every field is used literally here, 0 included, as the kernel would; the
 * instance maps zeros to the defaults first). HWP profiles: as v4.13+ (the
 * instance replaces lo/hi with the request's min/max).
 *
 * @param prm   parameters (profile)
 * @param plat  platform P-states (validated with pgov_hw_limits_check())
 * @param lim   limits; size must be a known size; fp8 fields at most 256
 * @param out   filled on success
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_E2BIG, ::PGOV_EINVAL.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_bounds_init(const struct pgov_pstate_params *prm,
                                                     const struct pgov_hw_limits *plat,
                                                     const struct pgov_pstate_limits *lim,
                                                     struct pgov_pstate_bounds *out);

/**
 * @brief Reset a state as the kernel does when the policy starts:
 *        everything zero, `pstate = plat->min_pstate`, PID reset
 *        (`integral = 0`, `last_err = setpoint - 100%`).
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (bad platform).
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_state_reset(struct pgov_pstate_state *st,
                                                     const struct pgov_pstate_params *prm,
                                                     const struct pgov_hw_limits *plat);

/**
 * @brief One open-loop step: the version's periodic entry point.
 *
 * Applies the hook (`EV_UPDATE`) or timer (`EV_TIMER`, `EV_INIT`: v4.5
 * profiles only) semantics of the profile to @p st: interval check, boost
 * bookkeeping, sample (rejected when MPERF or TSC is unchanged), busy
 * computation, PID or load target, clamp to @p b. When the P-state changes,
 * `res->write` is 1 and `res->perf_ctl` is the PERF_CTL value (`p << 8`,
 * bit 32 when `b->ctl_turbo`); the Atom VID byte is not modelled.
 *
 * Garbage-in rows of the kernel (tiny MPERF deltas, backwards time) give the
 * kernel's wrapped values. Not for HWP_BOOST profiles (see hwp.h).
 *
 * @return ::PGOV_OK; ::PGOV_EINVAL (NULL); ::PGOV_EINVAL (event not valid
 *         for the profile, unknown flags, HWP profile, `st->pstate` or
 *         bounds 0, options or an APERF/MPERF shift on a profile that
 *         pgov_pstate_params_init() refuses them for); ::PGOV_EDOM where the kernel would divide by zero
 *         (the x86 divide trap); nothing changes on error.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_decide(const struct pgov_pstate_params *prm,
                                                const struct pgov_hw_limits *plat,
                                                const struct pgov_pstate_bounds *b,
                                                struct pgov_pstate_state *st,
                                                const struct pgov_pstate_input *in,
                                                struct pgov_pstate_result *res);

/** Opaque per-CPU governor instance, in caller storage. */
struct pgov_pstate;

/** Alignment the storage given to pgov_pstate_init() must have (8 bytes). */
#define PGOV_PSTATE_ALIGN 8u

/**
 * @brief Storage for one instance with its size and alignment known at
 *        compile time: `static struct pgov_pstate_storage s;` (or a
 *        kernel's DEFINE_PER_CPU, or a member of the embedder's struct),
 *        then pgov_pstate_init(&s, sizeof(s), ...). The fields only give it
 *        the instance's size (that of the build's `struct pgov_hw_storage`, so of
 *        `PGOV_HW_OPS_BY_REF`); the layout behind them is private and
 *        changes between releases.
 */
struct pgov_pstate_storage {
    PGOV_ALIGN8 uint64_t opaque[43]; /**< not to be touched */
    void *opaque_ptr;                /**< not to be touched */
    struct pgov_hw_storage opaque_hw; /**< not to be touched */
};
/** Bytes of one instance as a constant: pgov_pstate_size() of this build. */
#define PGOV_PSTATE_SIZE sizeof(struct pgov_pstate_storage)

/** @brief Bytes of caller storage one instance needs (::PGOV_PSTATE_SIZE). */
PGOV_API size_t pgov_pstate_size(void);

/**
 * @brief Create an instance in caller storage.
 *
 * Binds @p ops with need COUNTERS | LIMITS | PSTATE (HWP boost: LIMITS |
 * HWP; v4.5 profiles also CLOCK), reads the platform of `cfg->cpu` through
 * `get_limits`, validates everything, then (non-HWP) requests `min_pstate`
 * through `set_pstate` as the kernel does at CPU init; v4.5 profiles then
 * take their init sample (`clock_ns`, `read_counters`).
 *
 * @param mem  storage of at least pgov_pstate_size() bytes, aligned to
 *             ::PGOV_PSTATE_ALIGN
 * @param len  bytes at @p mem
 * @param cfg  configuration
 * @param ops  hardware vtable (copied)
 * @param ctx  passed to every callback
 * @param out  receives the instance (== @p mem) on success
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_ENOSPC (@p len too small);
 *         ::PGOV_EINVAL (misaligned @p mem, bad config or platform);
 *         errors of pgov_pstate_params_init(), pgov_hw_bind() and
 *         pgov_pstate_set_limits(); a HAL error unchanged. On error
 *         @p out is untouched and nothing usable is left in @p mem.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_init(void *mem, size_t len,
                                              const struct pgov_pstate_config *cfg,
                                              const struct pgov_hw_ops *ops, void *ctx,
                                              struct pgov_pstate **out);

/**
 * @brief The scheduler's utilization-update hook.
 *
 * Hook-driven profiles sample when the sampling interval has passed (or at
 * once on IOWAIT, LOAD_4_17) and write a new P-state if it changed. Timer
 * profiles (v4.5) and remote callbacks do nothing.
 *
 * @param g       instance
 * @param now_ns  scheduler clock
 * @param flags   PGOV_UPDATE_*
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (unknown flags, @p g not
 *         an instance); a HAL error unchanged; ::PGOV_EDOM where the kernel
 *         would divide by zero (an MPERF delta that is a multiple of 2^56). On error the
 *         state is as before the call.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_update(struct pgov_pstate *g, uint64_t now_ns, uint32_t flags);

/**
 * @brief Timer expiry for the timer-driven v4.5 profiles.
 *
 * Samples, always decides (on the stale sample if rejected) and writes the
 * P-state if it changed. @p next_ns receives the next expiry (`now_ns +`
 * sampling interval). Hook-driven profiles do nothing and report
 * `UINT64_MAX` (no timer needed).
 *
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (@p g not an instance);
 *         a HAL error unchanged; ::PGOV_EDOM
 *         where the kernel would divide by zero (Atom: a stale decision
 *         before any sample was accepted). On error nothing changes.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_timer(struct pgov_pstate *g, uint64_t now_ns, uint64_t *next_ns);

/**
 * @brief Replace the limits and re-read the platform (turbo state).
 *
 * The new bounds apply from the next decision (the kernel applies them at
 * the next sample too). HWP boost: the cached request/capabilities are
 * replaced; an active boost is dropped.
 *
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_E2BIG; ::PGOV_EINVAL (fp8 above
 *         256, ratio above turbo_pstate, no_turbo not 0/1, HWP fields
 *         inconsistent, @p g not an instance); a HAL error unchanged.
 *         Nothing changes on error.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_set_limits(struct pgov_pstate *g, const struct pgov_pstate_limits *lim);

#ifdef PGOV_EXPERIMENTAL
/**
 * @brief Attach a caller-owned shared block (::PGOV_PSTATE_OPT_RFC_IO_ALL).
 * @param g       instance
 * @param shared  block that must outlive the instance; NULL detaches
 * @return ::PGOV_OK; ::PGOV_EINVAL (@p g NULL); ::PGOV_EINVAL (@p g not an
 *         instance).
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_attach_shared(struct pgov_pstate *g, struct pgov_pstate_shared *shared);
#endif /* PGOV_EXPERIMENTAL */

/** Read-only view of an instance's last decision (pgov_pstate_get_status()). */
struct pgov_pstate_status {
    uint32_t profile;      /**< ::pgov_pstate_profile in force */
    uint32_t cpu;          /**< the CPU served */
    uint32_t pstate;       /**< current P-state (HWP boost: boost min or request min) */
    uint32_t freq_khz;     /**< pstate * scaling_khz */
    int32_t busy_scaled;   /**< busy of the last decision, fp8 percent */
    uint32_t boost;        /**< iowait boost (fp8) or HWP boost_min */
    uint32_t lo;           /**< effective lower bound */
    uint32_t hi;           /**< effective upper bound */
    uint32_t last_path;    /**< ::pgov_pstate_path of the last call that got past
                            *   the interval check (skips are not recorded, to
                            *   keep that path short, unless a flag, a boost,
                            *   an option or a trace callback sends the call
                            *   down the full hook); 0: none */
    uint32_t reserved;     /**< zero */
    uint64_t last_sample_ns; /**< sample.time */
    uint64_t samples;      /**< decisions taken so far */
};

/**
 * @brief Copy the instance's last decision.
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL (@p g not an instance).
 */
PGOV_API PGOV_MUST_CHECK int pgov_pstate_get_status(const struct pgov_pstate *g, struct pgov_pstate_status *out);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_PSTATE_H */
