/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file gov.h
 * @brief What every governor shares: the update-hook flags and the default
 *        tick.
 *
 * The scheduler calls every governor's hook (pgov_pstate_update(),
 * pgov_hwp_boost_update(), pgov_sugov_update(), ...) with the same flags, so
 * they are defined once here; pstate.h, hwp.h, sugov.h and dbs.h include
 * this header.
 *
 * **Zero in a config field means "the kernel default"**, so a zero-filled
 * config is the kernel's own setup. Where the kernel also accepts 0 as a
 * real value that differs from the default (ondemand's `io_is_busy` on
 * Intel, intel_pstate's PID gains, schedutil's `rate_limit_us`), the config
 * struct has a `tun_set` word: a field whose bit is set there is taken
 * literally, 0 included. It is the one way to say "I really mean 0" in
 * every module: ::pgov_dbs_config.tun_set (bits `1 << ::pgov_dbs_tunable`),
 * ::pgov_pstate_config.tun_set (`PGOV_PSTATE_SET_*`) and
 * ::pgov_sugov_config.tun_set (`PGOV_SUGOV_SET_*`). Unknown bits are
 * ::PGOV_EINVAL. (pstate's 0.1 sentinel ::PGOV_PSTATE_PCT_ZERO is still
 * accepted, for old callers only.)
 */
#ifndef PGOV_GOV_H
#define PGOV_GOV_H

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Update-hook flag: the scheduler's SCHED_CPUFREQ_IOWAIT (a task woke up
 * after waiting for I/O). Bit 0, as in every kernel covered.
 */
#define PGOV_UPDATE_IOWAIT 0x1u
/**
 * Update-hook flag: the callback runs on a CPU other than the instance's
 * `cpu` (a remote callback). Each hook documents what it does with one
 * (most ignore it, as the kernel does from v4.14; earlier kernels never
 * issued them).
 */
#define PGOV_UPDATE_REMOTE 0x2u
/** Every flag bit defined; other bits are rejected with ::PGOV_EINVAL. */
#define PGOV_UPDATE_ALL (PGOV_UPDATE_IOWAIT | PGOV_UPDATE_REMOTE)

/** Default tick length: TICK_NSEC at HZ=250 (4 ms), used when a config's
 *  `tick_ns` is 0. */
#define PGOV_DEFAULT_TICK_NS 4000000u

/** TICK_NSEC of a kernel built with CONFIG_HZ=@p hz: a jiffy in ns, rounded
 *  to nearest (HZ=300: 3333333). */
#define PGOV_TICK_NSEC(hz) ((1000000000u + (uint32_t)(hz) / 2u) / (uint32_t)(hz))

#ifdef __cplusplus
}
#endif

#endif /* PGOV_GOV_H */
