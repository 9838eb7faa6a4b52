/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file hw.h
 * @brief The hardware-abstraction vtable: the only way policies reach hardware.
 *
 * An embedder fills one ::pgov_hw_ops table (usually `static const`) and
 * passes it, with an opaque `ctx` pointer, to a governor instance's init.
 * The library ships no backend: a kernel maps the callbacks to rdmsrl() and
 * wrmsrl(), a daemon to `/dev/cpu/N/msr` and sysfs, firmware to a register
 * block, and the tests to a deterministic fake.
 *
 * **Growth rule.** The table starts with its own `size` (the caller writes
 * `sizeof(struct pgov_hw_ops)` as it compiled it). New callbacks are only
 * ever appended. The library treats every callback that lies beyond the
 * caller's `size` as absent, so old binaries keep working with new libraries.
 * A `size` smaller than ::PGOV_HW_OPS_SIZE_V1 is rejected with ::PGOV_E2BIG,
 * and so is a larger table with non-zero bytes beyond the callbacks this
 * version knows (a callback it cannot call must not look accepted).
 *
 * **Required and optional.** Which callbacks a policy needs depends on the
 * policy (intel_pstate needs counters and P-state writes, ondemand needs idle
 * times and frequency writes); each governor's init names its set with the
 * `PGOV_HW_NEED_*` bits and fails with ::PGOV_ENOSYS if one is missing.
 * `trace` is always optional, and fixed once bound (the table is copied,
 * or outlives the instance unchanged): with one, the intel_pstate instance
 * takes its full hook on every call (no skip filter, no quiet hook), so
 * leave it NULL where speed matters.
 *
 * **Calling context.** Callbacks run synchronously inside the governor call
 * that needs them, on the caller's thread, under whatever lock the caller
 * holds. They must not call back into the same governor instance. A callback
 * returns 0 or a negative ::pgov_err code; a governor passes the first error
 * up unchanged and leaves its own state as it was before the call. A
 * positive return is a backend bug and is reported as ::PGOV_EIO (never as
 * a success code such as ::PGOV_WARN_KERNEL).
 *
 * **Units.** Time in nanoseconds of a monotonic clock; counters are the raw,
 * free-running 64-bit APERF, MPERF and TSC values (wrap-around is handled by
 * modular subtraction); P-states are hardware ratios (multiples of
 * `scaling_khz`); frequencies in kHz.
 */
#ifndef PGOV_HW_H
#define PGOV_HW_H

#include <stddef.h>
#include <stdint.h>
#include "embed.h"
#include "export.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One atomic snapshot of a CPU's performance counters. */
struct pgov_hw_counters {
    uint64_t aperf; /**< actual cycles in C0 (IA32_APERF) */
    uint64_t mperf; /**< reference cycles in C0 (IA32_MPERF) */
    uint64_t tsc;   /**< time-stamp counter (reference cycles, always) */
};

/** ::pgov_hw_limits.flags: turbo is disabled in hardware (MISC_ENABLE). */
#define PGOV_HW_LIM_TURBO_DISABLED 0x1u
/**
 * ::pgov_hw_limits.flags: the CPU does not enumerate IDA (CPUID.06H:EAX
 * bit 1, "ida" in /proc/cpuinfo): it has no turbo, or firmware hides it.
 * The current load profile (intel_pstate kver 5.1 .. 7.3) then never sets
 * PERF_CTL bit 32 (turbo disengage) for `no_turbo`. 0, the default, means
 * IDA is present: the Intel Core and Xeon parts with turbo that Debian
 * typically runs on, and the library's behaviour before the flag existed.
 * Older profiles ignore it. See docs/pstate.md, "PERF_CTL and IDA".
 */
#define PGOV_HW_LIM_NO_IDA 0x2u
/** Every ::pgov_hw_limits.flags bit defined. */
#define PGOV_HW_LIM_ALL (PGOV_HW_LIM_TURBO_DISABLED | PGOV_HW_LIM_NO_IDA)

/**
 * @brief A CPU's P-state range, as read from its platform registers.
 *
 * All ratios are in hardware P-state units; `scaling_khz` converts them to
 * kHz (100000 on Intel Core, 83300..133300 on Silvermont/Airmont).
 * Constraint checked by every consumer: `1 <= min_pstate <= max_pstate <=
 * turbo_pstate`, `max_pstate <= max_pstate_physical <= turbo_pstate` is NOT
 * required (TDP may lower max_pstate), `scaling_khz > 0`.
 */
struct pgov_hw_limits {
    uint32_t min_pstate;          /**< lowest ratio (max efficiency) */
    uint32_t max_pstate;          /**< max non-turbo ratio in force (TDP/TAR) */
    uint32_t max_pstate_physical; /**< max non-turbo ratio (PLATFORM_INFO) */
    uint32_t turbo_pstate;        /**< max turbo ratio */
    uint32_t scaling_khz;         /**< kHz per ratio unit */
    uint32_t flags;               /**< PGOV_HW_LIM_* bits */
};

/**
 * @brief Cumulative idle accounting of one CPU (the kernel's
 *        get_cpu_idle_time()), for load-estimating governors.
 */
struct pgov_hw_idle {
    uint64_t wall_us;   /**< wall time since an arbitrary origin, us */
    uint64_t idle_us;   /**< time idle (not counting iowait), us */
    uint64_t iowait_us; /**< time idle with I/O outstanding, us */
    uint64_t nice_ns;   /**< time spent running niced tasks, ns */
};

/**
 * ::pgov_hw_trace.kind values. Every governor instance emits the same kinds
 * for the same things, after the call's hardware writes succeeded (a call
 * that fails emits nothing past its failure). Units are the governor's own:
 * P-states for intel_pstate, kHz for ondemand/conservative and schedutil.
 *
 * | kind | pstate | dbs | sugov |
 * |---|---|---|---|
 * | SAMPLE | busy_scaled (fp8 %) | load (%) | effective util (0..1024) |
 * | TARGET | target P-state, the same after the clamp | requested kHz, kHz in force | raw kHz, chosen kHz |
 * | BOOST | HWP boost minimum, old -> new | (no boost) | iowait boost, old -> new |
 * | LIMITS | lo, hi P-states (set_limits) | min, max kHz (set_limits) | min, max kHz (set_limits) |
 * | FREQ | (writes P-states: see TARGET) | kHz written, relation | kHz written, PGOV_REL_L |
 */
enum pgov_hw_trace_kind {
    PGOV_HW_TRACE_SAMPLE = 1,  /**< a sample was evaluated: a=load measure */
    PGOV_HW_TRACE_TARGET = 2,  /**< a target was chosen: a=target, b=clamped */
    PGOV_HW_TRACE_BOOST = 3,   /**< a boost changed: a=old, b=new */
    PGOV_HW_TRACE_LIMITS = 4,  /**< effective limits: a=lo, b=hi */
    PGOV_HW_TRACE_FREQ = 5     /**< a frequency request written: a=kHz, b=relation */
};
/** One decision, reported to the optional `trace` callback. */
struct pgov_hw_trace {
    uint64_t time_ns; /**< the time the governor was called with */
    uint32_t cpu;     /**< CPU the decision is for */
    uint32_t kind;    /**< a ::pgov_hw_trace_kind */
    int64_t a;        /**< first value, meaning per kind */
    int64_t b;        /**< second value, meaning per kind */
};

/**
 * @brief The hardware vtable. Fill with designated initialisers and set
 *        `size = sizeof(struct pgov_hw_ops)`.
 */
struct pgov_hw_ops {
    /** sizeof(struct pgov_hw_ops) as the embedder compiled it. */
    uint32_t size;
    /** Reserved; must be 0. */
    uint32_t flags;

    /** Monotonic time in ns (needed by timer-driven policies). */
    int (*clock_ns)(void *ctx, uint64_t *now_ns);
    /** Read APERF, MPERF and TSC of @p cpu in one go. */
    int (*read_counters)(void *ctx, uint32_t cpu, struct pgov_hw_counters *out);
    /** Read the P-state range of @p cpu. */
    int (*get_limits)(void *ctx, uint32_t cpu, struct pgov_hw_limits *out);
    /**
     * Request P-state @p pstate on @p cpu. @p perf_ctl is the value the
     * kernel would write to IA32_PERF_CTL (ratio << 8, bit 32 for turbo
     * disengage, Atom VID in bits 7:0); backends without MSRs use @p pstate.
     */
    int (*set_pstate)(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t perf_ctl);
    /** Write IA32_HWP_REQUEST of @p cpu (HWP dynamic boost). */
    int (*set_hwp_request)(void *ctx, uint32_t cpu, uint64_t hwp_request);
    /** Read cumulative idle/iowait times of @p cpu (ondemand/conservative). */
    int (*read_idle)(void *ctx, uint32_t cpu, struct pgov_hw_idle *out);
    /** Request a frequency in kHz for @p cpu (frequency-table governors). */
    int (*set_freq_khz)(void *ctx, uint32_t cpu, uint32_t khz);
    /** Optional: observe each decision. Must not fail, must not block. */
    void (*trace)(void *ctx, const struct pgov_hw_trace *ev);
};

/** Smallest valid ::pgov_hw_ops.size: everything up to `trace`. */
#define PGOV_HW_OPS_SIZE_V1 (offsetof(struct pgov_hw_ops, trace) + sizeof(void (*)(void)))

/** Need bits, one per callback: what a governor's init requires of the
 *  table (each init documents its mask; ::PGOV_ENOSYS when one is NULL). */
enum pgov_hw_need {
    PGOV_HW_NEED_CLOCK = 1u << 0,    /**< clock_ns */
    PGOV_HW_NEED_COUNTERS = 1u << 1, /**< read_counters */
    PGOV_HW_NEED_LIMITS = 1u << 2,   /**< get_limits */
    PGOV_HW_NEED_PSTATE = 1u << 3,   /**< set_pstate */
    PGOV_HW_NEED_HWP = 1u << 4,      /**< set_hwp_request */
    PGOV_HW_NEED_IDLE = 1u << 5,     /**< read_idle */
    PGOV_HW_NEED_FREQ = 1u << 6      /**< set_freq_khz */
};

/*
 * PGOV_HW_OPS_BY_REF: a build-time choice (embed.h) for code that compiles lib/ itself (a kernel,
 * firmware): instances keep a pointer to the caller's table instead of a
 * copy, so the table must outlive every instance bound to it (a `static
 * const` one does) and each instance is 7 pointers smaller. The shared
 * library copies.
 *
 * PGOV_HAL_<CALLBACK>: a build-time HAL (embed.h), likewise for code that compiles lib/: defining
 * `PGOV_HAL_CLOCK_NS`, `PGOV_HAL_READ_COUNTERS`, `PGOV_HAL_GET_LIMITS`,
 * `PGOV_HAL_SET_PSTATE`, `PGOV_HAL_SET_HWP_REQUEST`, `PGOV_HAL_READ_IDLE`
 * or `PGOV_HAL_SET_FREQ_KHZ` to the name of a function with the callback's
 * signature (declared in the configuration header) makes every governor
 * call it directly instead of through the table; the table's slot is then
 * not needed and not used. `trace` always goes through the table.
 */

/**
 * @brief The bytes of an instance's HAL binding, for the instances'
 *        compile-time storage types (::pgov_pstate_storage, ...): the
 *        table (a copy, or a pointer with `PGOV_HW_OPS_BY_REF`) and the
 *        context. The binding itself is private (lib/internal/hal.h).
 */
struct pgov_hw_storage {
#ifdef PGOV_HW_OPS_BY_REF
    const void *opaque_ops; /**< not to be touched */
#else
    struct pgov_hw_ops opaque_ops; /**< not to be touched */
#endif
    void *opaque_ctx; /**< not to be touched */
};

/** Alignment specifier of the instances' storage types (C11 and C++11). */
#ifdef __cplusplus
#define PGOV_ALIGN8 alignas(8)
#else
#define PGOV_ALIGN8 _Alignas(8)
#endif


/**
 * @brief Check a ::pgov_hw_limits for internal consistency.
 * @return ::PGOV_OK, ::PGOV_EINVAL for NULL, ::PGOV_EINVAL when
 *         `min_pstate` is 0, `min_pstate > max_pstate`,
 *         `max_pstate > turbo_pstate`, `max_pstate_physical` is 0 or above
 *         `turbo_pstate`, `scaling_khz` is 0, or `flags` has unknown bits.
 */
PGOV_API PGOV_MUST_CHECK int pgov_hw_limits_check(const struct pgov_hw_limits *lim);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_HW_H */
