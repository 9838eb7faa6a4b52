/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file dbs.h
 * @brief The ondemand and conservative cpufreq governors ("dbs").
 *
 * Bit-exact renderings of Linux's load-sampling governors
 * (docs/spec/ondemand.md): the common load estimator (`100 * busy / elapsed` per
 * CPU from cumulative idle counters, maximum over the policy's CPUs),
 * ondemand (jump to max above `up_threshold`, otherwise a frequency
 * proportional to load, with sampling_down_factor and powersave_bias
 * sub-samples) and conservative (step `freq_step`% up or down), the sysfs
 * tunable stores with the kernel's accept/reject/clamp rules, the default
 * tunables, and the cpufreq core's request path (clamp, table resolution
 * through freq_table.h, "is it a change").
 *
 * **Profiles** (`kver`): three behaviours are implemented.
 * - ::PGOV_KVER_4_17 = Linux v4.17.0; 4.18 .. 4.20 map here.
 * - ::PGOV_KVER_5_0 = the 5.0 .. 6.9 hybrid (docs/spec/ondemand.md 8): v4.17's
 *   idle and load arithmetic (wrapped idle delta, the `te >= it` branch, the
 *   defaults), but the long-idle reuse and conservative's idle periods key on
 *   the idle delta, conservative's idle-period floor is `policy->min` and its
 *   reset of an out-of-range `requested_freq` is stored. From 5.16 the
 *   requests carry the "efficient" relation flag and the table is resolved
 *   before the "is it a change" test. Checked against Linux 6.1 itself
 *   (docs/oracle.md); 6.10 and 6.11 also map here (approximate).
 * - ::PGOV_KVER_6_18 = Linux v6.18.2, identical governor, table and
 *   pcc-cpufreq code in v6.19.9, 7.3.4 and Debian's 6.12.118 except
 *   conservative (below; docs/spec/delta-7.3.md 1.5, 2). 6.12 .. 7.3 and
 *   ::PGOV_KVER_LATEST map here (6.13 .. 6.17 approximate).
 * - **conservative after v6.18** (mainline): from 7.0 it sets
 *   `requested_freq` to `policy->cur` on every limits change ("cpufreq:
 *   conservative: Reset requested_freq on limits change"); from 7.2 its
 *   steps have no early exit at the maximum or the minimum and the down
 *   step stops at `policy->min` ("cpufreq: conservative: Simplify frequency
 *   limit handling"); from 7.3 the idle-period decrement runs only when
 *   every CPU's freshly measured load of the window (also where the
 *   long-idle rule reuses the previous load) is below `down_threshold`.
 * - **Stable updates** (`kver_stable`, from Debian's changelogs of the
 *   upstream stable releases): 6.1 took the first at 6.1.168 and the second
 *   at 6.1.178 (checked against 6.1.176 and 6.1.192 in the oracle, the
 *   up-path half of the second not observed); 6.12 took all three, at
 *   6.12.80, 6.12.97 and 6.12.117 (spec-derived). Before those, and in
 *   every other series (whose backport updates are not known here), the
 *   step may store a `requested_freq` below `policy->min`, as in the spec.
 * - Releases before 4.17 are rejected with ::PGOV_ENOTSUP (not verified).
 * - Variant ::PGOV_DBS_VARIANT_DEADBAND ("v4.17+db") is v4.17 ondemand with
 *   the pre-3.17 proportional step `load * cpuinfo.max / 100`, relation L:
 *   a reconstruction of an unmerged 2016 pcc-cpufreq patch, never a kernel
 *   release. Only with ondemand and a profile that maps to v4.17.
 *
 * **Two layers.**
 * 1. Open loop (pgov_dbs_init_open()): the caller passes every counter
 *    snapshot and limit in, and reads the request and the new `policy->cur`
 *    out of a ::pgov_dbs_result. No hardware is touched. The vector replay
 *    uses this layer.
 * 2. Governor instance (pgov_dbs_init()): the same state machine bound to a
 *    ::pgov_hw_ops backend. It reads idle counters with `read_idle` for
 *    every CPU of the policy and writes frequencies with `set_freq_khz`
 *    (called for the policy's owning CPU with the resolved table frequency,
 *    or the clamped target on a table-less driver; a pcc-cpufreq backend
 *    turns it into a request word with pgov_freq_table_pcc_request()). A HAL error is
 *    returned unchanged and the instance is left exactly as before the call.
 *
 * **Memory.** Instances are opaque and live in caller storage of at least
 * pgov_dbs_size() bytes (or pgov_dbs_size_cpus() for small policies),
 * aligned to ::PGOV_DBS_ALIGN bytes. Nothing is allocated; there is no
 * global state: one instance per policy.
 *
 * **Time.** Hook time in ns (the run-queue clock); counters in us (nice time
 * in ns), exactly as the kernel keeps them; all the kernel's u32 wraps
 * (`100 * busy` after ~43 s busy, elapsed time after 71.6 min,
 * `sampling_rate * rate_mult`, `idle_periods * step`) are reproduced, not
 * fixed.
 */
#ifndef PGOV_DBS_H
#define PGOV_DBS_H

#include <stddef.h>
#include <stdint.h>
#include "export.h"
#include "err.h"
#include "gov.h"
#include "hw.h"
#include "freq_table.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque governor instance (one per policy) in caller storage. */
struct pgov_dbs;

/** Most CPUs one policy (one instance) can span. */
#define PGOV_DBS_MAX_CPUS 64u
/** Largest ::pgov_dbs_config.kver_stable accepted (stable series reach a few hundred). */
#define PGOV_DBS_KVER_STABLE_MAX 9999u
/** Required alignment of instance storage, in bytes. */
#define PGOV_DBS_ALIGN 8u
/** ::pgov_dbs_result.idle_periods and friends: "none" (the kernel's UINT_MAX). */
#define PGOV_DBS_NONE 0xFFFFFFFFu

/** Positive returns of the dbs gates and evaluations (never
 *  ::PGOV_WARN_KERNEL; err.h). Values are ABI. */
enum pgov_dbs_rc {
    /** pgov_dbs_hook_gate(), pgov_dbs_should_sample(): due, evaluate now
     *  (queue the work). */
    PGOV_DBS_DUE = 1,
    /** pgov_dbs_work(): an evaluation ran. */
    PGOV_DBS_EVALUATED = 1
};

/** Which governor. */
enum pgov_dbs_gov {
    PGOV_DBS_ONDEMAND = 0,    /**< ondemand (the classic default governor) */
    PGOV_DBS_CONSERVATIVE = 1 /**< conservative */
};

/** Non-release variants (see the file description). */
enum pgov_dbs_variant {
    PGOV_DBS_VARIANT_NONE = 0 /**< the kernel release's behaviour */
#ifdef PGOV_EXPERIMENTAL
    ,
    /** Experimental (docs/abi.md): "v4.17+db", pre-3.17 proportional step,
     *  never a kernel release; needs PGOV_EXPERIMENTAL. */
    PGOV_DBS_VARIANT_DEADBAND = 1
#endif
};

/** CPU vendor, for the ondemand `io_is_busy` default (docs/spec/ondemand.md 2.2). */
enum pgov_dbs_vendor {
    PGOV_DBS_VENDOR_NONE = 0,  /**< not x86 */
    PGOV_DBS_VENDOR_INTEL = 1, /**< x86, GenuineIntel */
    PGOV_DBS_VENDOR_AMD = 2,   /**< x86, AuthenticAMD */
    PGOV_DBS_VENDOR_X86 = 3    /**< any other x86 vendor */
};

/** ::pgov_dbs_platform.flags: NOHZ idle accounting is NOT active. */
#define PGOV_DBS_PLAT_NO_NOHZ 0x1u

/**
 * @brief What the kernel derives default tunables from (docs/spec/ondemand.md 2.1, 2.2).
 *
 * 32 bytes, all `uint32_t`. Zero-filled means HZ=250, NOHZ active, no
 * driver latency or delay, not x86.
 */
struct pgov_dbs_platform {
    uint32_t hz;                    /**< CONFIG_HZ; 0 = 250 */
    uint32_t transition_latency_ns; /**< cpuinfo.transition_latency; 0 = none */
    uint32_t transition_delay_us;   /**< policy->transition_delay_us; 0 = none */
    uint32_t flags;                 /**< PGOV_DBS_PLAT_* bits */
    uint32_t vendor;                /**< a ::pgov_dbs_vendor */
    uint32_t family;                /**< x86 family (CPUID, display family) */
    uint32_t model;                 /**< x86 model (display model) */
    uint32_t reserved;              /**< must be 0 */
};

/**
 * @brief The governor tunables (the sysfs files), 32 bytes.
 *
 * In a ::pgov_dbs_config, 0 means "the kernel default" unless the field's
 * bit is set in ::pgov_dbs_config.tun_set. Fields the governor lacks (e.g.
 * `freq_step` for ondemand) are ignored there and reported as 0.
 */
struct pgov_dbs_tunables {
    uint32_t sampling_rate;        /**< us; >= 2 ticks */
    uint32_t up_threshold;         /**< % */
    uint32_t sampling_down_factor; /**< od: sample stretch; cs: down skip */
    uint32_t ignore_nice_load;     /**< 0/1 */
    uint32_t io_is_busy;           /**< od: 0/1; cs: always 0 */
    uint32_t powersave_bias;       /**< od: per mille, 0..1000 */
    uint32_t down_threshold;       /**< cs: % */
    uint32_t freq_step;            /**< cs: % of policy max, 0..100 */
};

/** Tunable ids for pgov_dbs_store() and bits (1 << id) of `tun_set`. */
enum pgov_dbs_tunable {
    PGOV_DBS_SAMPLING_RATE = 0,        /**< both */
    PGOV_DBS_UP_THRESHOLD = 1,         /**< both */
    PGOV_DBS_SAMPLING_DOWN_FACTOR = 2, /**< both */
    PGOV_DBS_IGNORE_NICE_LOAD = 3,     /**< both */
    PGOV_DBS_IO_IS_BUSY = 4,           /**< ondemand */
    PGOV_DBS_POWERSAVE_BIAS = 5,       /**< ondemand */
    PGOV_DBS_DOWN_THRESHOLD = 6,       /**< conservative */
    PGOV_DBS_FREQ_STEP = 7             /**< conservative */
};

/**
 * @brief Everything an instance is created from. Zero-fill, set `size`,
 *        then set what differs from the defaults.
 *
 * A driver has either a table (`table`, `table_len`, `table_flags`; cpuinfo
 * limits are its smallest/largest valid entries) or none (`table` NULL, a
 * driver that takes any frequency such as pcc-cpufreq; then
 * `cpuinfo_min_khz`/`cpuinfo_max_khz` are required).
 */
struct pgov_dbs_config {
    uint32_t size;    /**< sizeof(struct pgov_dbs_config) as compiled */
    uint32_t gov;     /**< a ::pgov_dbs_gov */
    uint32_t kver;    /**< kernel profile (PGOV_KVER_*), 0 = latest */
    uint32_t variant; /**< a ::pgov_dbs_variant */
    uint32_t cpu;     /**< the CPU owning the instance; hooks of it evaluate */
    uint32_t ncpu;    /**< CPUs in the policy; 0 = 1 (just `cpu`) */
    /** The policy's CPU ids (`ncpu` distinct, must contain `cpu`), or NULL
     *  when the policy is `cpu` alone. Copied at init. */
    const uint32_t *cpus;
    /** Frequency table in caller memory (kept alive), or NULL (no table). */
    const struct pgov_freq_entry *table;
    uint32_t table_len;       /**< entries in `table`; 0 when NULL */
    uint32_t table_flags;     /**< PGOV_FREQ_TABLE_EFFICIENCIES or 0 */
    uint32_t cpuinfo_min_khz; /**< table-less drivers only (else 0) */
    uint32_t cpuinfo_max_khz; /**< table-less drivers only (else 0) */
    uint32_t policy_min_khz;  /**< policy->min; 0 = cpuinfo min */
    uint32_t policy_max_khz;  /**< policy->max; 0 = cpuinfo max */
    uint32_t cur_khz;         /**< policy->cur at start; must be non-zero */
    uint32_t tun_set;         /**< bits (1 << ::pgov_dbs_tunable): field given even if 0 */
    struct pgov_dbs_platform plat; /**< defaults come from here */
    struct pgov_dbs_tunables tun;  /**< 0 = default (see `tun_set`) */
    /** Stable update of `kver`: the z of Linux x.y.z (0 = the x.y.0 release).
     *  Selects changes a stable series took in (see **Profiles**); 0..9999.
     *  Appended in 0.4: a caller whose `size` ends before it gets 0. */
    uint32_t kver_stable;
    uint32_t reserved; /**< must be 0 (keeps the size a multiple of 8) */
};
/** Size of the first published ::pgov_dbs_config (0.1): the smallest `size` accepted.
 *  Frozen; later versions append fields after `tun`. */
#define PGOV_DBS_CONFIG_SIZE_V1 (offsetof(struct pgov_dbs_config, tun) + sizeof(((struct pgov_dbs_config *)0)->tun))

/** ::pgov_dbs_result.flags bits. */
enum pgov_dbs_result_flags {
    PGOV_DBS_RES_EVAL = 1u << 0,  /**< a normal evaluation ran (load valid) */
    PGOV_DBS_RES_SUB = 1u << 1,   /**< an ondemand sub-sample ran */
    PGOV_DBS_RES_FNEXT = 1u << 2, /**< `fnext` is valid */
    PGOV_DBS_RES_REQ = 1u << 3,   /**< a request was issued (`req_khz`, `rel`) */
    PGOV_DBS_RES_CHG = 1u << 4,   /**< the request reached the driver */
    /** The table search hit the kernel's WARN (unsorted table, no entry
     *  within the policy limits): index 0 was used, as in the kernel. */
    PGOV_DBS_RES_WARN = 1u << 5
};

/**
 * @brief What one call decided (40 bytes, all `uint32_t`).
 */
struct pgov_dbs_result {
    uint32_t flags;        /**< PGOV_DBS_RES_* bits */
    uint32_t load;         /**< policy load 0..100 (max over CPUs), with EVAL */
    uint32_t idle_periods; /**< idle periods (docs/spec/ondemand.md 3.4) or ::PGOV_DBS_NONE */
    uint32_t fnext;        /**< od: raw target; cs: requested_freq handed on */
    uint32_t req_khz;      /**< target of the request, before clamping */
    uint32_t rel;          /**< its ::pgov_freq_rel (with E in v6.18) */
    uint32_t cur_khz;      /**< policy->cur after the call */
    uint32_t index;        /**< table index sent to the driver, or NONE */
    uint32_t delay_us;     /**< sample delay in force after the call */
    uint32_t reserved;     /**< 0 */
};

/** ::pgov_dbs_status.sample_type values (ondemand). */
enum pgov_dbs_sample_type {
    PGOV_DBS_SAMPLE_NORMAL = 0, /**< next evaluation measures load */
    PGOV_DBS_SAMPLE_SUB = 1     /**< next evaluation is a powersave sub-sample */
};

/** @brief Read-only view of an instance (for tracing, simulators, daemons). */
struct pgov_dbs_status {
    struct pgov_dbs_tunables tun; /**< tunables in force */
    uint32_t gov;                 /**< ::pgov_dbs_gov */
    uint32_t kver;                /**< implemented profile in use (4.17 / 5.0 / 6.18; 6.18
                                   *   for 6.12 .. 7.3, conservative's later
                                   *   changes apart) */
    uint32_t variant;             /**< ::pgov_dbs_variant */
    uint32_t ncpu;                /**< CPUs in the policy */
    uint32_t cpuinfo_min_khz;     /**< hardware minimum */
    uint32_t cpuinfo_max_khz;     /**< hardware maximum */
    uint32_t policy_min_khz;      /**< policy->min */
    uint32_t policy_max_khz;      /**< policy->max */
    uint32_t cur_khz;             /**< policy->cur */
    uint32_t rate_mult;           /**< od sample stretch (cs: 1) */
    uint32_t requested_freq;      /**< cs requested_freq (od: 0) */
    uint32_t down_skip;           /**< cs down_skip (od: 0) */
    uint32_t freq_lo;             /**< od powersave low frequency */
    uint32_t freq_hi_delay_us;    /**< od delay after the high part */
    uint32_t freq_lo_delay_us;    /**< od delay after the low part */
    uint32_t sample_type;         /**< ::pgov_dbs_sample_type */
    uint64_t last_sample_ns;      /**< hook time of the last evaluation */
    uint64_t sample_delay_ns;     /**< delay before the next (s64 >= 0) */
    uint64_t evaluations;         /**< evaluations run (normal + sub) */
    struct pgov_dbs_result last;  /**< the last call's decision */
};

/** @brief Read-only view of one CPU's estimator state. */
struct pgov_dbs_cpu_status {
    uint64_t prev_wall_us; /**< wall stamp of the last sample */
    uint64_t prev_idle_us; /**< governor idle counter at the last sample */
    uint64_t prev_nice_ns; /**< nice counter at the last sample */
    uint32_t cpu;          /**< CPU id */
    uint32_t load;         /**< load of the last normal evaluation */
    uint32_t prev_load;    /**< "previous load" memory (0 = none) */
    uint32_t reserved;     /**< 0 */
};

/**
 * @brief Default tunables for a governor, profile and platform (docs/spec/ondemand.md 2).
 * @param gov   a ::pgov_dbs_gov
 * @param kver  profile (PGOV_KVER_*, 0 = latest)
 * @param plat  platform description
 * @param out   receives the defaults (fields the governor lacks are 0)
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL for an unknown governor,
 *         vendor or platform flag, non-zero reserved field, or an HZ outside
 *         1..100000; ::PGOV_ENOTSUP for a profile before 4.17 or invalid.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_defaults(uint32_t gov, uint32_t kver, const struct pgov_dbs_platform *plat,
                               struct pgov_dbs_tunables *out);

/** @brief Bytes of storage an instance for up to ::PGOV_DBS_MAX_CPUS CPUs needs. */
PGOV_API size_t pgov_dbs_size(void);

/** @brief Bytes of storage an instance for @p ncpu CPUs needs (0 if out
 *         of range); PGOV_DBS_SIZE() of pgov/core/dbs.h is the same as a constant. */
PGOV_API size_t pgov_dbs_size_cpus(uint32_t ncpu);

/**
 * @brief Create a governor instance bound to hardware, and start it.
 *
 * Validates @p cfg, binds @p ops (needs `read_idle` and `set_freq_khz`),
 * reads every CPU's baseline counters, starts the governor (docs/spec/ondemand.md 3.5) and
 * runs the limits step, which may call `set_freq_khz` once to move `cur_khz`
 * into the policy limits. After it the first hook evaluates.
 *
 * @param mem  storage, >= pgov_dbs_size_cpus(ncpu) bytes, ::PGOV_DBS_ALIGN aligned
 * @param len  bytes at @p mem
 * @param cfg  configuration (see ::pgov_dbs_config)
 * @param ops  hardware backend
 * @param ctx  passed to every callback
 * @param out  receives the instance (== @p mem) on success
 * @return ::PGOV_OK; ::PGOV_EINVAL for NULL; ::PGOV_ENOSPC when @p len is
 *         too small; ::PGOV_EINVAL for misaligned @p mem, an invalid table,
 *         limits outside the hardware range or inverted, `cur_khz` 0, bad
 *         CPU list, or an invalid tunable (same rules as pgov_dbs_store(),
 *         applied to the final set); ::PGOV_EDOM for a sampling_rate *
 *         sampling_down_factor that is 0 modulo 2^32; ::PGOV_E2BIG for a bad
 *         `size` or non-zero unknown trailing bytes; ::PGOV_ENOTSUP for an
 *         unsupported profile or variant; a `pgov_hw_bind()` or callback
 *         error unchanged. On failure @p mem content is unspecified and
 *         @p out untouched.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_init(void *mem, size_t len, const struct pgov_dbs_config *cfg,
                           const struct pgov_hw_ops *ops, void *ctx, struct pgov_dbs **out);

/**
 * @brief The scheduler's utilisation hook, called on the instance's own CPU.
 *
 * Evaluates iff `(s64)(now_ns - last) >= sample_delay` (docs/spec/ondemand.md 3.1): reads
 * the counters of every CPU of the policy, runs the governor, and sends a
 * frequency change to the driver if the request resolves to a new one.
 * Time going backwards never evaluates.
 *
 * @param g       an instance from pgov_dbs_init()
 * @param now_ns  hook clock
 * @param flags   PGOV_UPDATE_* (gov.h; ignored by these governors)
 * @return ::PGOV_OK (whether or not it evaluated: see pgov_dbs_get_status());
 *         ::PGOV_EINVAL; ::PGOV_EINVAL when @p g is not an instance;
 *         ::PGOV_ENOSYS on an open-loop instance; a callback error unchanged
 *         (state untouched).
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_update(struct pgov_dbs *g, uint64_t now_ns, uint32_t flags);

/**
 * @brief The hook as called from CPU @p cpu: CPUs outside the policy are
 *        ignored (returns ::PGOV_OK, nothing happens), as in the kernel.
 * @param g       instance
 * @param cpu     the calling CPU
 * @param now_ns  hook clock
 * @param flags   scheduler flags (ignored)
 * @return as pgov_dbs_update().
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_update_cpu(struct pgov_dbs *g, uint32_t cpu, uint64_t now_ns,
                                 uint32_t flags);

/**
 * @brief The scheduler-hook half of a deferred evaluation (0.3): should
 *        the hook of CPU @p cpu at @p now_ns queue the policy's
 *        evaluation?
 *
 * For a kernel, where the hook runs under the runqueue lock and the
 * driver's frequency change may sleep: pgov_dbs_update_cpu() is this gate
 * followed by pgov_dbs_work(), and a kernel calls the two apart, the gate
 * from its update_util hook and the work from a work item it queues (one
 * at a time, irq_work plus an atomic flag, as cpufreq's dbs does). The gate
 * is lock-free and writes nothing: it reads the last sample time and the
 * sample delay once each (`PGOV_READ_ONCE`, embed.h) and the policy's CPU
 * list, so hooks on every CPU may call it concurrently with each other and
 * with a pgov_dbs_work() elsewhere (a racing read gives at worst a
 * spurious 1, which the work checks again). It never reads counters,
 * evaluates, or calls the HAL.
 *
 * @param g       an instance from pgov_dbs_init()
 * @param cpu     the calling CPU
 * @param now_ns  hook clock
 * @return ::PGOV_DBS_DUE (1, queue the work), 0 (not due, or @p cpu outside
 *         the policy);
 *         ::PGOV_EINVAL (NULL or not an instance); ::PGOV_ENOSYS on an
 *         open-loop instance (its gate is pgov_dbs_should_sample()).
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_hook_gate(const struct pgov_dbs *g, uint32_t cpu,
                                                uint64_t now_ns);

/**
 * @brief The deferred half (0.3): evaluate and send the frequency, in a
 *        context that may sleep, serialised by the caller (the policy's
 *        mutex in a kernel).
 *
 * Evaluates iff still due at @p now_ns (another work item may have run
 * since the gate said 1), exactly as pgov_dbs_update_cpu() would: counters
 * of every CPU of the policy, the governor, the driver request, and the
 * last sample time stored with `PGOV_WRITE_ONCE` for the gates.
 *
 * @param g       instance
 * @param cpu     the CPU whose hook queued the work (named in traces)
 * @param now_ns  the time to evaluate at (the hook's or the work's clock)
 * @return ::PGOV_DBS_EVALUATED (1), 0 (not due: nothing changed), or the
 *         errors of pgov_dbs_update() (a callback error leaves the state untouched).
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_work(struct pgov_dbs *g, uint32_t cpu, uint64_t now_ns);

/**
 * @brief Timer entry: evaluate if due, and say when to call again.
 *
 * For embedders without a scheduler hook: behaves like pgov_dbs_update()
 * and then stores in @p next_ns the time at which the next evaluation is
 * due (`last + sample_delay`, saturated at UINT64_MAX).
 *
 * @param g        instance
 * @param now_ns   current time
 * @param next_ns  receives the next due time
 * @return as pgov_dbs_update().
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_timer(struct pgov_dbs *g, uint64_t now_ns, uint64_t *next_ns);

/** @brief New policy limits for pgov_dbs_set_limits() (8 bytes). */
struct pgov_dbs_limits {
    uint32_t min_khz; /**< policy->min, within the hardware range */
    uint32_t max_khz; /**< policy->max, >= min_khz, within the hardware range */
};

/**
 * @brief Change the policy limits and run the limits step (docs/spec/ondemand.md 3.5).
 *
 * The limits are taken as final policy limits (a table driver's verify and
 * v6.18's resolution to table entries are the caller's business, as in the
 * vectors). May call `set_freq_khz` once.
 *
 * @param g    instance
 * @param lim  new limits
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL for inverted limits or
 *         limits outside cpuinfo, or @p g not an instance; ::PGOV_ENOSYS on
 *         an open-loop instance;
 *         a callback error unchanged.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_set_limits(struct pgov_dbs *g, const struct pgov_dbs_limits *lim);

/**
 * @brief Write a tunable with the kernel's sysfs store rules (docs/spec/ondemand.md 2.3).
 *
 * Rejected values return ::PGOV_EINVAL and change nothing; clamped values
 * (ignore_nice_load > 1, powersave_bias > 1000, freq_step > 100) are stored
 * clamped; side effects (sample delay reset, rate_mult reset, counter
 * re-baseline, freq_lo reset) follow the kernel. A store of `io_is_busy` or
 * `ignore_nice_load` re-baselines the counters: from @p snap on an open-loop
 * instance, through `read_idle` on a bound one (@p snap must then be NULL).
 *
 * @param g      instance
 * @param id     a ::pgov_dbs_tunable
 * @param value  the value written
 * @param snap   open loop: one snapshot per policy CPU (only read by the
 *               re-baselining stores; may be NULL for the others)
 * @param nsnap  entries at @p snap
 * @return ::PGOV_OK; ::PGOV_EINVAL (kernel -EINVAL, or a tunable the
 *         governor does not have, @p nsnap wrong, or @p g not an
 *         instance); ::PGOV_EDOM when the
 *         new sampling_rate * sampling_down_factor would be 0 modulo 2^32
 *         (the kernel would divide by zero); ::PGOV_EINVAL; a callback
 *         error unchanged.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_store(struct pgov_dbs *g, uint32_t id, uint32_t value,
                            const struct pgov_hw_idle *snap, uint32_t nsnap);

/**
 * @brief Copy out the instance's state and last decision.
 * @param g    instance
 * @param out  receives the state
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL when @p g is not an
 *         instance.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_get_status(const struct pgov_dbs *g, struct pgov_dbs_status *out);

/**
 * @brief Copy out one CPU's estimator state.
 * @param g    instance
 * @param idx  index into the policy's CPU list (0 .. ncpu-1)
 * @param out  receives the state
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL for @p idx out of range
 *         or @p g not an instance.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_get_cpu(const struct pgov_dbs *g, uint32_t idx,
                              struct pgov_dbs_cpu_status *out);

/* ---- open-loop layer ---------------------------------------------------------------------- */

/**
 * @brief Create an instance without hardware (open loop), not yet started.
 *
 * Same validation as pgov_dbs_init() except that no backend is bound and
 * nothing is read: call pgov_dbs_start() next.
 * @param mem  storage (see pgov_dbs_init())
 * @param len  bytes at @p mem
 * @param cfg  configuration
 * @param out  receives the instance
 * @return as pgov_dbs_init() (without the callback errors).
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_init_open(void *mem, size_t len, const struct pgov_dbs_config *cfg,
                                struct pgov_dbs **out);

/**
 * @brief Start (or restart) an open-loop governor with baseline counters,
 *        then run the limits step (docs/spec/ondemand.md 3.5).
 * @param g      open-loop instance
 * @param snap   one snapshot per policy CPU, in the config's CPU order
 * @param nsnap  must equal the policy's CPU count
 * @param res    receives the limits step's request (may be NULL)
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL for a wrong @p nsnap, a
 *         bound (non-open) instance or @p g not an instance.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_start(struct pgov_dbs *g, const struct pgov_hw_idle *snap, uint32_t nsnap,
                            struct pgov_dbs_result *res);

/**
 * @brief Hook gate (docs/spec/ondemand.md 3.1): should a hook at @p now_ns evaluate?
 *
 * Returns 1 and records @p now_ns as the last sample time when
 * `(s64)(now_ns - last) >= sample_delay`, else 0 and changes nothing.
 * Call pgov_dbs_evaluate() after a 1. Open-loop, started instances only
 * (bound instances gate inside pgov_dbs_update()).
 * @param g       open-loop instance
 * @param now_ns  hook clock
 * @return ::PGOV_DBS_DUE (1, evaluate now), 0 (not yet), or a negative error
 *         that changes nothing: ::PGOV_EINVAL for a NULL @p g, ::PGOV_EINVAL for a bound
 *         or not yet started instance or @p g not an instance.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_should_sample(struct pgov_dbs *g, uint64_t now_ns);

/**
 * @brief One governor evaluation (ondemand 4.1 / conservative 5.1) on the
 *        given counter snapshots, including the core's request path.
 * @param g      open-loop instance, started
 * @param snap   one snapshot per policy CPU, in the config's CPU order
 * @param nsnap  must equal the policy's CPU count
 * @param res    receives the decision (may be NULL)
 * @return ::PGOV_OK; ::PGOV_EINVAL; ::PGOV_EINVAL for a wrong @p nsnap, a
 *         bound instance, one not started, or @p g not an instance.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_evaluate(struct pgov_dbs *g, const struct pgov_hw_idle *snap, uint32_t nsnap,
                               struct pgov_dbs_result *res);

/**
 * @brief Change the policy limits of an open-loop instance and run the
 *        limits step (docs/spec/ondemand.md 3.5).
 * @param g        open-loop instance, started
 * @param min_khz  new policy->min
 * @param max_khz  new policy->max
 * @param res      receives the request made (may be NULL)
 * @return as pgov_dbs_set_limits(), ::PGOV_EINVAL on a bound instance.
 */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_set_limits_open(struct pgov_dbs *g, uint32_t min_khz, uint32_t max_khz,
                             struct pgov_dbs_result *res);

#ifndef PGOV_NO_DEPRECATED
/** @name Deprecated 0.1 names (PGOV_0.1 aliases; same types and behaviour)
 *  @{ */
/** 0.1 name of ::pgov_dbs_status (a read-only view, like pgov_pstate_status). */
#define pgov_dbs_state pgov_dbs_status
/** 0.1 name of ::pgov_dbs_cpu_status. */
#define pgov_dbs_cpu_state pgov_dbs_cpu_status
/** @deprecated 0.1 name of pgov_dbs_get_status() */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_get_state(const struct pgov_dbs *g, struct pgov_dbs_status *out)
    PGOV_DEPRECATED("renamed pgov_dbs_get_status");
/** @deprecated 0.1 name of pgov_dbs_set_limits_open() (it clashed with struct pgov_dbs_limits) */
PGOV_API PGOV_MUST_CHECK int pgov_dbs_limits(struct pgov_dbs *g, uint32_t min_khz, uint32_t max_khz,
                             struct pgov_dbs_result *res)
    PGOV_DEPRECATED("renamed pgov_dbs_set_limits_open");
/** @} */
#endif

#ifdef __cplusplus
}
#endif

#endif /* PGOV_DBS_H */
