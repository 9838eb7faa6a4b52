/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file pelt.h
 * @brief PELT (per-entity load tracking), bit-exact with Linux v5.7..v6.18.
 *
 * A PELT signal is a geometric series over 1024-unit periods (one unit is
 * 1024 ns, one period about 1.05 ms) with a half-life of 32 periods:
 * `sum = u0 + u1*y + u2*y^2 + ...`, `y^32 = 1/2`. The average is the sum
 * divided by the largest value the sum can reach at the current position in
 * the period. ::pgov_pelt_avg is the kernel's `struct sched_avg`.
 *
 * **Which kernels.** The core (pgov_pelt_update_sums(),
 * pgov_pelt_update_avgs(), pgov_pelt_decay(), pgov_pelt_segments()) matches
 * every kernel from v5.7 to v6.18 bit for bit (the core math has not changed
 * since v5.7; see docs/signals.md). It also matches v4.15..v5.6 for entity
 * signals fed with already-invariant time, except that those kernels had no
 * `runnable_sum` (they tracked runnable_load instead). The v4.4-era form
 * (divide by 47742, sub-microsecond remainder discarded) is not implemented.
 * The flavour helpers follow v6.18 call conventions (delayed dequeue, hw
 * pressure); they are thin wrappers, so older conventions are one call to
 * pgov_pelt_update() away.
 *
 * **Time.** Every `now` is in nanoseconds on the clock the kernel would use
 * for that flavour: the "PELT clock" for entities, cfs_rq, rt and dl (see
 * ::pgov_pelt_clock, which produces it from a task clock), the task clock
 * for hw pressure, the raw rq clock for irq. Time arithmetic wraps modulo
 * 2^64 exactly like the kernel's: a `now` behind `last_update_time`, or a
 * forward jump of 2^63 ns or more, only moves `last_update_time` to `now`
 * (the kernel's "clock went backwards" path) and returns 0.
 *
 * **Half-life.** Mainline uses 32 periods. Android's 16- and 8-period tables
 * (CONFIG_PELT_UTIL_HALFLIFE_16/8 of android-4.14/4.19) are selected per
 * signal with ::pgov_pelt_avg.halflife; their tables and LOAD_AVG_MAX are
 * Android's literal constants. The GKI `sched_pelt_multiplier` (1, 2, 4) is
 * not a table: it speeds up the clock, see ::pgov_pelt_clock.
 *
 * **Errors.** Every function that takes a pointer returns ::PGOV_EINVAL for
 * NULL and ::PGOV_ENOTSUP for a `halflife` other than 0, 32, 16 or 8, and
 * ::PGOV_EINVAL for a state the kernel can never be in (period_contrib above
 * 1023, non-zero `reserved`). On error nothing is written. Arithmetic that
 * wraps in the kernel (absurd weights, `runnable` above 2^38) wraps the same
 * way here, modulo 2^64, as on a 64-bit kernel; nothing is undefined.
 *
 * **32-bit kernels.** The kernel's averages and load arguments are
 * `unsigned long`; this library always uses 64 bits, which is the 64-bit
 * kernel's behaviour. A 32-bit kernel gives the same results for every weight
 * below 2^32 / 47742 (all nice levels) and differs only where its 32-bit
 * products wrap.
 */
#ifndef PGOV_PELT_H
#define PGOV_PELT_H

#include <stdint.h>
#include "export.h"
#include "err.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Half-life in periods (LOAD_AVG_PERIOD), mainline. */
#define PGOV_PELT_LOAD_AVG_PERIOD 32u
/** Upper bound of an always-1 series in units (LOAD_AVG_MAX), half-life 32. */
#define PGOV_PELT_LOAD_AVG_MAX 47742u
/** Smallest divider, LOAD_AVG_MAX - 1024 (PELT_MIN_DIVIDER), half-life 32. */
#define PGOV_PELT_MIN_DIVIDER 46718u
/** Units (of 1024 ns) per period. */
#define PGOV_PELT_PERIOD_UNITS 1024u
/** Nanoseconds per unit is 1 << this (time deltas are shifted right by 10). */
#define PGOV_PELT_UNIT_SHIFT 10u
/** Decay over more than this many periods gives 0 (32 * 63), half-life 32. */
#define PGOV_PELT_DECAY_CUTOFF 2016u
/** LOAD_AVG_MAX of Android's half-life 16 table (its literal constant). */
#define PGOV_PELT_LOAD_AVG_MAX_HL16 24130u
/** LOAD_AVG_MAX of Android's half-life 8 table (its literal; see docs/signals.md). */
#define PGOV_PELT_LOAD_AVG_MAX_HL8 12336u
/** Capacity scale (SCHED_CAPACITY_SCALE). */
#define PGOV_PELT_CAPACITY_SCALE 1024u

/**
 * Positive returns of the PELT functions (err.h: each function has one
 * meaning for its 1; none of them is ::PGOV_WARN_KERNEL). Values are ABI.
 */
enum pgov_pelt_rc {
    /** A period boundary was crossed: the averages were (or, for
     *  pgov_pelt_update_sums(), must be) recomputed. */
    PGOV_PELT_RECOMPUTED = 1,
    /** pgov_pelt_clock_idle(): the rq was 100% busy, idle time was lost. */
    PGOV_PELT_IDLE_LOST = 1
};

/** Values of ::pgov_pelt_avg.halflife and the `halflife` parameters. */
enum pgov_pelt_halflife {
    PGOV_PELT_HALFLIFE_DEFAULT = 0, /**< mainline, same as 32 */
    PGOV_PELT_HALFLIFE_8 = 8,       /**< Android CONFIG_PELT_UTIL_HALFLIFE_8 */
    PGOV_PELT_HALFLIFE_16 = 16,     /**< Android CONFIG_PELT_UTIL_HALFLIFE_16 */
    PGOV_PELT_HALFLIFE_32 = 32      /**< mainline */
};

/**
 * @brief One PELT signal: the kernel's `struct sched_avg` (without util_est,
 *        which lives in util_est.h).
 *
 * Frozen layout, 64 bytes, 8-byte aligned, identical on every target (the
 * kernel's `unsigned long` averages are widened to u64 so that 32- and 64-bit
 * builds agree). Initialise with pgov_pelt_init() or pgov_pelt_init_task();
 * afterwards only the library writes it, except that an embedder may copy it
 * as a whole.
 */
struct pgov_pelt_avg {
    uint64_t last_update_time; /**< ns up to which the sums are accounted (offset 0) */
    uint64_t load_sum;         /**< series of `load` (offset 8) */
    uint64_t runnable_sum;     /**< series of `runnable`, times 1024 (offset 16) */
    uint32_t util_sum;         /**< series of `running`, times 1024 (offset 24) */
    uint32_t period_contrib;   /**< units elapsed in the current period, 0..1023 (offset 28) */
    uint64_t load_avg;         /**< weight * load_sum / divider (offset 32) */
    uint64_t runnable_avg;     /**< runnable_sum / divider (offset 40) */
    uint64_t util_avg;         /**< util_sum / divider, capacity units (offset 48) */
    uint32_t halflife;         /**< a ::pgov_pelt_halflife (offset 56) */
    uint32_t reserved;         /**< must be 0 (offset 60) */
};

/** sizeof(struct pgov_pelt_avg): frozen, every target. */
#define PGOV_PELT_AVG_SIZE 64u
/** Alignment of struct pgov_pelt_avg (at most). */
#define PGOV_PELT_AVG_ALIGN 8u

/**
 * @brief Start a signal: all sums and averages 0, `last_update_time = now`.
 * @param sa        the signal
 * @param now       ns; the first update accounts time from here
 * @param halflife  a ::pgov_pelt_halflife (0 = mainline)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP (unknown half-life)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_init(struct pgov_pelt_avg *sa, uint64_t now, uint32_t halflife);

/**
 * @brief `val * y^n` (the kernel's decay_load), half-life 32.
 *
 * `n > 2016` gives 0; otherwise `val >> (n / 32)` is multiplied by the
 * inverse table entry `n % 32` and shifted right by 32, exactly (96-bit
 * product). Note `n = 0` is not the identity: it gives `val - ceil(val /
 * 2^32)`, as in every kernel since v4.12. Defined for every input.
 * @param val  the value to decay
 * @param n    number of periods
 * @return the decayed value
 */
PGOV_API uint64_t pgov_pelt_decay(uint64_t val, uint64_t n);

/**
 * @brief pgov_pelt_decay() for any supported half-life (cut-off `63 * halflife`).
 * @param halflife  a ::pgov_pelt_halflife
 * @param val       the value to decay
 * @param n         number of periods
 * @param out       receives the result
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_decay_hl(uint32_t halflife, uint64_t val, uint64_t n, uint64_t *out);

/**
 * @brief Contribution of an update that crosses a period boundary (the
 *        kernel's __accumulate_pelt_segments), half-life 32.
 *
 * `(u32)decay(d1, periods) + 47742 - (u32)decay(47742, periods) - 1024 + d3`
 * in u32 arithmetic. The kernel only passes `periods >= 1`, `1 <= d1 <= 1024`,
 * `d3 <= 1023`; other inputs wrap modulo 2^32 the same way (defined for all).
 * @param periods  periods crossed
 * @param d1       units of the old period not yet accounted
 * @param d3       units already elapsed in the new period
 * @return the contribution in units
 */
PGOV_API uint32_t pgov_pelt_segments(uint64_t periods, uint32_t d1, uint32_t d3);

/**
 * @brief pgov_pelt_segments() for any supported half-life (LOAD_AVG_MAX of
 *        that half-life in place of 47742).
 * @param halflife  a ::pgov_pelt_halflife
 * @param periods   periods crossed
 * @param d1        units of the old period not yet accounted
 * @param d3        units already elapsed in the new period
 * @param out       receives the result
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_segments_hl(uint32_t halflife, uint64_t periods, uint32_t d1, uint32_t d3,
                                   uint32_t *out);

/**
 * @brief The divider of the averages at the signal's current position
 *        (get_pelt_divider): `LOAD_AVG_MAX - 1024 + period_contrib`.
 * @param sa  the signal
 * @return the divider (46718..47741 for half-life 32), or ::PGOV_EINVAL,
 *         ::PGOV_ENOTSUP, ::PGOV_EINVAL (bad state)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_divider(const struct pgov_pelt_avg *sa);

/**
 * @brief Smallest divider of a half-life (PELT_MIN_DIVIDER: LOAD_AVG_MAX - 1024).
 * @param halflife  a ::pgov_pelt_halflife
 * @return 46718, 23106 or 11312; ::PGOV_ENOTSUP for an unknown half-life
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_min_divider(uint32_t halflife);

/**
 * @brief Account time up to @p now (the kernel's ___update_load_sum).
 *
 * Sums decay by every period boundary crossed and accumulate the time during
 * which `load`, `runnable`, `running` held. When `load` is 0, `runnable` and
 * `running` are treated as 0 (an entity that is not queued can be neither).
 * `running` is a truth value (any non-zero counts as 1, like the kernel's
 * `int`; the hw-pressure flavour relies on it).
 *
 * @param sa        the signal
 * @param now       ns on the flavour's clock (wrapping; see the file comment)
 * @param load      0/1 for entities, total weight for a cfs_rq, capacity for pressure
 * @param runnable  0/1 for tasks, number of runnable tasks for groups/cfs_rq
 * @param running   non-zero while running
 * @return ::PGOV_PELT_RECOMPUTED (1) when at least one period boundary was
 *         crossed and the averages
 *         must be recomputed; 0 when not (also when the crossed period count
 *         is a non-zero multiple of 2^32: the kernel truncates it to u32);
 *         ::PGOV_EINVAL, ::PGOV_ENOTSUP, ::PGOV_EINVAL on error (unchanged)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_sums(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                   uint64_t runnable, uint32_t running);

/**
 * @brief Recompute the averages from the sums (the kernel's ___update_load_avg).
 *
 * `load_avg = weight * load_sum / divider`, `runnable_avg = runnable_sum /
 * divider`, `util_avg = util_sum / divider`, with the divider of
 * pgov_pelt_divider(). `weight * load_sum` wraps modulo 2^64 as in the kernel;
 * weight 0 gives load_avg 0.
 * @param sa      the signal
 * @param weight  se_weight for entities, 1 for cfs_rq/rt/dl/pressure/irq
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_avgs(struct pgov_pelt_avg *sa, uint64_t weight);

/**
 * @brief pgov_pelt_update_sums(), then pgov_pelt_update_avgs() if it returned 1.
 *
 * This is what every kernel flavour does; the helpers below are named
 * forms of it.
 * @param sa        the signal
 * @param now       ns on the flavour's clock
 * @param load      see pgov_pelt_update_sums()
 * @param runnable  see pgov_pelt_update_sums()
 * @param running   see pgov_pelt_update_sums()
 * @param weight    see pgov_pelt_update_avgs()
 * @return ::PGOV_PELT_RECOMPUTED (1) when the averages were recomputed, 0
 *         when not, negative on error
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                              uint64_t runnable, uint32_t running, uint64_t weight);

/**
 * @brief Task entity (__update_load_avg_se for a task, v6.12+ conventions).
 *
 * load = on_rq; runnable = on_rq unless the task is in delayed-dequeue state
 * (v6.12+: it stays queued but is not runnable; pass 0 for older kernels);
 * running = the task is its cfs_rq's current entity.
 * @param sa       the task's signal
 * @param now      PELT clock of the task's cfs_rq, ns
 * @param on_rq    1 if queued, else 0
 * @param delayed  1 if in delayed-dequeue state, else 0
 * @param running  1 if current, else 0
 * @param weight   se_weight (nice 0 = 1024)
 * @return ::PGOV_PELT_RECOMPUTED (1) when the averages were recomputed
 *         (util_est must be told, see
 *         pgov_util_est_util_changed()), 0 when not; ::PGOV_EINVAL if a flag
 *         is above 1; other errors as pgov_pelt_update()
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_task(struct pgov_pelt_avg *sa, uint64_t now, uint32_t on_rq,
                                   uint32_t delayed, uint32_t running, uint64_t weight);

/**
 * @brief Group entity: like a task, but runnable counts the tasks below it.
 * @param sa             the group entity's signal
 * @param now            PELT clock of the parent cfs_rq, ns
 * @param on_rq          1 if queued, else 0
 * @param h_nr_runnable  runnable tasks in the group's hierarchy
 * @param running        1 if current, else 0
 * @param weight         the group entity's share weight (scaled down)
 * @return as pgov_pelt_update_task()
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_group_se(struct pgov_pelt_avg *sa, uint64_t now, uint32_t on_rq,
                                       uint64_t h_nr_runnable, uint32_t running, uint64_t weight);

/**
 * @brief Blocked entity (__update_load_avg_blocked_se): decay only.
 * @param sa      the entity's signal
 * @param now     the time to decay to, ns
 * @param weight  se_weight
 * @return as pgov_pelt_update()
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_blocked_se(struct pgov_pelt_avg *sa, uint64_t now, uint64_t weight);

/**
 * @brief cfs_rq signal (__update_load_avg_cfs_rq). Averages use weight 1.
 * @param sa             the cfs_rq's signal
 * @param now            PELT clock, ns
 * @param load           scaled-down total weight of the queued entities
 * @param h_nr_runnable  runnable tasks in the hierarchy
 * @param has_curr       1 if the cfs_rq has a current entity, else 0
 * @return ::PGOV_PELT_RECOMPUTED (1) when recomputed, 0 when not;
 *         ::PGOV_EINVAL if @p has_curr > 1
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_cfs_rq(struct pgov_pelt_avg *sa, uint64_t now, uint64_t load,
                                     uint64_t h_nr_runnable, uint32_t has_curr);

/**
 * @brief rt_rq signal (update_rt_rq_load_avg): running-only, weight 1.
 * @param sa       the rq's rt signal
 * @param now      PELT clock, ns
 * @param running  1 if an rt task is running, else 0
 * @return ::PGOV_PELT_RECOMPUTED (1) when recomputed, 0 when not;
 *         ::PGOV_EINVAL if @p running > 1
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_rt(struct pgov_pelt_avg *sa, uint64_t now, uint32_t running);

/**
 * @brief dl_rq signal (update_dl_rq_load_avg): running-only, weight 1.
 * @param sa       the rq's dl signal
 * @param now      PELT clock, ns
 * @param running  1 if a deadline task is running, else 0
 * @return ::PGOV_PELT_RECOMPUTED (1) when recomputed, 0 when not;
 *         ::PGOV_EINVAL if @p running > 1
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_dl(struct pgov_pelt_avg *sa, uint64_t now, uint32_t running);

/**
 * @brief hw (thermal) pressure signal (update_hw_load_avg, v6.10+;
 *        update_thermal_load_avg v5.7..v6.9, same math).
 *
 * The capacity lost is passed as load, runnable and running; the meaningful
 * output is `load_avg`.
 * @param sa        the rq's pressure signal
 * @param now       rq task clock (not the PELT clock), ns
 * @param capacity  capacity currently lost to pressure, 0..1024
 * @return ::PGOV_PELT_RECOMPUTED (1) when recomputed, 0 when not;
 *         ::PGOV_EINVAL if @p capacity > 1024
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_hw_pressure(struct pgov_pelt_avg *sa, uint64_t now,
                                          uint64_t capacity);

/**
 * @brief irq signal (update_irq_load_avg): two accounting steps, one average.
 *
 * @p running_ns (irq time since the last call) is scaled by @p freq_cap and
 * then by @p cpu_cap (`t * cap >> 10` each, because irq time is not on the
 * PELT clock). The signal is then advanced to `clock - scaled` as idle
 * (0/0/0) and to `clock` as running (1/1/1); the averages (weight 1) are
 * recomputed if either step crossed a boundary.
 * @param sa          the rq's irq signal
 * @param clock       raw rq clock, ns
 * @param running_ns  irq time in the elapsed interval, ns
 * @param freq_cap    frequency capacity, 0..1024
 * @param cpu_cap     cpu capacity, 0..1024
 * @return ::PGOV_PELT_RECOMPUTED (1) when recomputed, 0 when not;
 *         ::PGOV_EINVAL for a capacity > 1024
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_update_irq(struct pgov_pelt_avg *sa, uint64_t clock, uint64_t running_ns,
                                  uint32_t freq_cap, uint32_t cpu_cap);

/**
 * @brief A runqueue's PELT clock (docs/spec/sched.md 1.11, v5.1+): frequency and capacity
 *        invariance applied to time, lost idle time, and the GKI multiplier.
 *
 * Frozen layout, 40 bytes. Feed it the rq task clock with
 * pgov_pelt_clock_update(); read the time to pass to the PELT updates with
 * pgov_pelt_clock_now().
 */
struct pgov_pelt_clock {
    uint64_t clock_task;     /**< last task clock given, ns (offset 0) */
    uint64_t clock_task_mult;/**< task clock sped up by the multiplier (offset 8) */
    uint64_t clock_pelt;     /**< the invariant clock, ns (offset 16) */
    uint64_t lost_idle_time; /**< time lost to 100% busy periods, ns (offset 24) */
    uint32_t multiplier;     /**< GKI sched_pelt_multiplier: 0 or 1, 2, 4 (offset 32) */
    uint32_t reserved;       /**< must be 0 (offset 36) */
};

/** sizeof(struct pgov_pelt_clock): frozen, every target. */
#define PGOV_PELT_CLOCK_SIZE 40u

/**
 * @brief Start a PELT clock at task-clock time @p clock_task.
 * @param clk         the clock
 * @param clock_task  current rq task clock, ns
 * @param multiplier  GKI multiplier 1, 2 or 4 (0 = 1, mainline: no speed-up)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP (other multiplier)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_clock_init(struct pgov_pelt_clock *clk, uint64_t clock_task,
                                  uint32_t multiplier);

/**
 * @brief Advance the clock to task-clock time @p clock_task
 *        (update_rq_clock_pelt).
 *
 * The task-clock delta (wrapping u64) is shifted left by `multiplier >> 1`.
 * While the CPU runs something (@p idle 0) the delta is scaled twice,
 * `d = d * cpu_cap >> 10`, `d = d * freq_cap >> 10`, and added to
 * `clock_pelt`; while idle `clock_pelt` is resynchronised to the (sped-up)
 * task clock.
 * @param clk         the clock
 * @param clock_task  rq task clock now, ns
 * @param idle        1 if the CPU is running its idle task, else 0
 * @param cpu_cap     cpu capacity, 0..1024
 * @param freq_cap    frequency capacity, 0..1024
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (flag > 1, capacity > 1024,
 *         bad state)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_clock_update(struct pgov_pelt_clock *clk, uint64_t clock_task,
                                    uint32_t idle, uint32_t cpu_cap, uint32_t freq_cap);

/**
 * @brief The CPU goes idle (update_idle_rq_clock_pelt).
 *
 * If the rq was 100% busy, `cfs + rt + dl util_sum >= (46718 << 10) - 47742`
 * (half-life 32 constants), the time the PELT clock fell behind is added to
 * `lost_idle_time`; in every case `clock_pelt` is resynchronised.
 * @param clk       the clock
 * @param util_sum  sum of the rq's cfs, rt and dl `util_sum` (as u64, no wrap)
 * @return ::PGOV_PELT_IDLE_LOST (1) if idle time was counted as lost, 0 if not; ::PGOV_EINVAL,
 *         ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_clock_idle(struct pgov_pelt_clock *clk, uint64_t util_sum);

/**
 * @brief "PELT now": `clock_pelt - lost_idle_time` (rq_clock_pelt), wrapping.
 * @param clk  the clock
 * @param now  receives the time to pass to the PELT updates
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_clock_now(const struct pgov_pelt_clock *clk, uint64_t *now);

/**
 * @brief A new task's signal (init_entity_runnable_average, v5.x+): all 0
 *        except `load_avg = weight`.
 *
 * `last_update_time` is 0: the task is not attached yet.
 * @param sa        the task's signal
 * @param weight    se_weight
 * @param halflife  a ::pgov_pelt_halflife (use the cfs_rq's)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_init_task(struct pgov_pelt_avg *sa, uint64_t weight, uint32_t halflife);

/**
 * @brief Seed a new task's utilization from the CPU's spare capacity
 *        (post_init_entity_util_avg).
 *
 * `cap = (long)(cpu_cap - cfs util_avg) / 2`. If `cap > 0`: when the cfs_rq
 * has utilization, `util_avg = cfs util_avg * weight / (cfs load_avg + 1)`
 * capped at `cap`, else `util_avg = cap`. Then `runnable_avg = util_avg`.
 * Call pgov_pelt_attach() afterwards to join the cfs_rq.
 * @param sa       the new task's signal (from pgov_pelt_init_task())
 * @param cfs      the cfs_rq signal of the CPU it is placed on
 * @param cpu_cap  that CPU's capacity, 1..1024
 * @param weight   the task's `load.weight` as the kernel holds it: on 64-bit
 *                 kernels se_weight << 10 (nice 0: 1048576, which makes the
 *                 spare-capacity cap decide), on 32-bit se_weight (1024)
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (cpu_cap 0 or > 1024, bad
 *         state), ::PGOV_EDOM (cfs `load_avg + 1` wraps to 0)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_post_init_task(struct pgov_pelt_avg *sa, const struct pgov_pelt_avg *cfs,
                                      uint32_t cpu_cap, uint64_t weight);

/**
 * @brief Attach an entity's contribution to a cfs_rq (attach_entity_load_avg).
 *
 * The entity takes the cfs_rq's `last_update_time` and `period_contrib`; its
 * sums are rebuilt as `avg * divider` (cfs_rq divider), `load_sum` then
 * divided by @p weight (1 when `weight >= load_sum`); the cfs_rq adds the
 * entity's averages and sums (`load_sum` weighted).
 * @param cfs     the cfs_rq signal
 * @param se      the entity's signal
 * @param weight  the entity's se_weight
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (different half-lives, the
 *         same signal twice, bad state), ::PGOV_EDOM (@p weight 0: the kernel's
 *         se_weight is never 0 and the rebuild divides by it); both unchanged
 *         on error
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_attach(struct pgov_pelt_avg *cfs, struct pgov_pelt_avg *se,
                              uint64_t weight);

/**
 * @brief Detach an entity's contribution from a cfs_rq (detach_entity_load_avg).
 *
 * Saturating subtraction of the entity's averages and sums (load_sum
 * weighted), then every cfs_rq sum is floored at `avg * PELT_MIN_DIVIDER` so
 * sums and averages stay consistent. The floors are computed in the field's
 * width (util_sum: u32, load_sum and runnable_sum: 64 bits), which is the
 * rule of v5.13 .. v5.15 and (for every value an entity can hold) of 7.0+;
 * v5.16 .. v6.19 compare load_sum and runnable_sum as u32: use
 * pgov_pelt_detach_kv().
 * @param cfs     the cfs_rq signal
 * @param se      the entity's signal (not modified)
 * @param weight  the entity's se_weight
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL (different half-lives, the
 *         same signal twice, bad state)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_detach(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se,
                              uint64_t weight);

/**
 * @brief Remove load that left a cfs_rq asynchronously (the "removed" path
 *        of update_cfs_rq_load_avg).
 *
 * For each of load/util/runnable: `avg -= min(avg, r)`, `sum -= min(sum, r *
 * divider)` (divider of the cfs_rq before the update), then `sum = max(sum,
 * avg * PELT_MIN_DIVIDER)` in the sum's own type (see pgov_pelt_remove_kv()
 * for v5.16 .. v6.19, which compare as u32, and for 7.0's signed deltas).
 * @param cfs       the cfs_rq signal
 * @param load      removed load_avg
 * @param util      removed util_avg
 * @param runnable  removed runnable_avg
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_EINVAL
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_remove(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util,
                              uint64_t runnable);

/**
 * @brief pgov_pelt_detach() as kernel release @p kver does it.
 *
 * v5.16 .. v6.19 floor `load_sum` and
 * `runnable_sum` with a 32-bit max: both the sum and `avg *
 * PELT_MIN_DIVIDER` are truncated to u32 before the comparison and the u32
 * result is stored. Once a cfs_rq's sum passes 2^32 (about 88 nice-0 tasks)
 * this differs from pgov_pelt_detach(), which compares in the sum's own type
 * (64 bits). v5.13 .. v5.15 use the 64-bit floor. 7.0 .. 7.3 (and
 * ::PGOV_KVER_LATEST) have the rewrite of docs/spec/delta-7.3.md 1.1.4: the
 * 64-bit floor, and each removal is a signed delta added to the field
 * (s64, s32 for `util_sum`) that gives 0 only when a negative delta wraps;
 * for every value an entity can hold this is pgov_pelt_detach(). The 7.0
 * floor after *additions* (enqueue, attach) is not modelled:
 * pgov_pelt_attach() adds without it. See docs/signals.md.
 * @return as pgov_pelt_detach(); ::PGOV_ENOTSUP for @p kver before 5.13 or
 *         invalid (before the floors existed; not implemented).
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_detach_kv(struct pgov_pelt_avg *cfs, const struct pgov_pelt_avg *se,
                                 uint64_t weight, uint32_t kver);

/**
 * @brief pgov_pelt_remove() as kernel release @p kver does it (the floor
 *        rule of pgov_pelt_detach_kv()).
 * @return as pgov_pelt_remove(); ::PGOV_ENOTSUP for @p kver before 5.13 or
 *         invalid.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_remove_kv(struct pgov_pelt_avg *cfs, uint64_t load, uint64_t util,
                                 uint64_t runnable, uint32_t kver);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_PELT_H */
