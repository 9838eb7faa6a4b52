/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file embed.h
 * @brief The embedding layer: compile-time configuration and the hooks an
 *        embedder maps to its environment (kernel, firmware, BPF, hosted).
 *
 * Every `include/pgov/core/<module>.h` (the `static inline` cores) and every
 * lib/ source reads this header first. It is freestanding: it includes no
 * system header unless a knob below asks for one.
 *
 * **Configuration header.** Knobs are plain macros. They come, in this
 * order, from the compiler command line (`-DPGOV_...`), from the file named
 * by `-DPGOV_CONFIG_FILE="my_config.h"` (or `<my_config.h>`), as
 * MBEDTLS_CONFIG_FILE: named explicitly, never looked up, so a stray
 * header on the include path cannot change the library's behaviour. An
 * unset knob takes the default documented here.
 * The same configuration must be seen by the lib/ sources and by every
 * translation unit that uses a core, as with any compile-time option.
 *
 * | knob | default | meaning |
 * |---|---|---|
 * | `PGOV_ASSERT(cond)` | nothing (`cond` is not evaluated); a hosted debug build may define it as `assert(cond)` in its config file | invariant checks inside the cores; the kernel module maps it to `WARN_ON_ONCE(!(cond))` |
 * | `PGOV_READ_ONCE(x)`, `PGOV_WRITE_ONCE(x, v)` | one volatile access | values another CPU reads without the owner's lock (PELT `util_avg`, util_est, the uclamp rq value); the kernel module maps them to `READ_ONCE`/`WRITE_ONCE` |
 * | `PGOV_SMP_WMB()`, `PGOV_SMP_RMB()` | `__atomic_thread_fence` release / acquire (a compiler barrier elsewhere) | the barriers of the 32-bit `last_update_time` copy protocol (core/pelt.h); kernel: `smp_wmb()`/`smp_rmb()` |
 * | `PGOV_PELT_LUT_COPY` | 1 when pointers are 32 bits wide, else 0 | use the copy protocol in pgov_pelt_core_lut_read() / _publish() |
 * | `PGOV_DIV_U64(n, d)`, `PGOV_DIV_U64_U32(n, d)`, `PGOV_DIV_S64(n, d)` | C `/` on 64-bit targets; on 32-bit ones the library's division from 32-bit operations, never libgcc's `__aeabi_uldivmod`/`__udivdi3` | 64/64, 64/32 and signed 64-bit division (core/math64.h); kernel: `div64_u64`/`div_u64`/`div64_s64` |
 * | `PGOV_UCLAMP_NBUCKETS` | 0 (run time, 5..20 per runqueue) | a fixed bucket count 5..20: pgov_uclamp_rq_init() accepts only that count (or 0) and the cores use the constant |
 * | `PGOV_UTIL_EST_KVER` | 0 (run time, the profile of each rq) | one kernel version (a ::pgov_kver value >= 4.17, e.g. `PGOV_KVER_6_1`): the util_est cores run only that version's profile, so their profile tests fold away; pgov_util_est_init() accepts only a kver of that profile (or 0) |
 * | `PGOV_NO_INT128` | unset | never use `unsigned __int128` (BPF, and compilers that lack it) |
 *
 * Nothing here is part of the shared library's ABI: the hooks shape only
 * code compiled by the embedder (the cores, or lib/ built from source).
 */
#ifndef PGOV_EMBED_H
#define PGOV_EMBED_H

#if defined(PGOV_CONFIG_FILE)
/* cppcheck-suppress preprocessorErrorDirective */
#include PGOV_CONFIG_FILE
#endif

#include <stdint.h>

/* ---------------------------------------------------------------- compiler */

/** Branch hints (no-ops on compilers without __builtin_expect). */
#if defined(__GNUC__) || defined(__clang__)
#define pgov_likely(x) __builtin_expect(!!(x), 1)
#define pgov_unlikely(x) __builtin_expect(!!(x), 0)
#else
#define pgov_likely(x) (x)
#define pgov_unlikely(x) (x)
#endif

/*
 * Function attributes, in the reserved __x__ spellings: the Linux kernel
 * defines `noinline` and friends as macros, so the plain spellings break in
 * a kernel build.
 */
#if defined(__GNUC__) || defined(__clang__)
#define PGOV_ALWAYS_INLINE __attribute__((__always_inline__))
#define PGOV_NOINLINE __attribute__((__noinline__))
#define PGOV_COLD __attribute__((__noinline__, __cold__))
#else
#define PGOV_ALWAYS_INLINE
#define PGOV_NOINLINE
#define PGOV_COLD
#endif

/**
 * PGOV_CORE: how a core function is declared. Forced inline when optimising
 * (a caller passing constants gets its own specialised copy, and BPF sees no
 * call at all); an ordinary static inline function in unoptimised builds
 * (debug, coverage), so each stays one line-counted function.
 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define PGOV_CORE static inline PGOV_ALWAYS_INLINE
#else
#define PGOV_CORE static inline
#endif

/**
 * PGOV_RESTRICT: C99 `restrict` (`__restrict` for C++ consumers), on a core
 * parameter whose object the core reaches through that pointer alone.
 */
#ifdef __cplusplus
#define PGOV_RESTRICT __restrict
#else
#define PGOV_RESTRICT restrict
#endif

/**
 * PGOV_CORE_OUTLINE / PGOV_CORE_COLD: a rare step of a core kept out of its
 * caller (one copy per translation unit that uses it, none otherwise);
 * _COLD also marks it unlikely.
 */
#if defined(__GNUC__) || defined(__clang__)
#define PGOV_CORE_OUTLINE static __attribute__((__noinline__, __unused__))
#define PGOV_CORE_COLD static __attribute__((__noinline__, __cold__, __unused__))
#else
#define PGOV_CORE_OUTLINE static
#define PGOV_CORE_COLD static
#endif

/* ---------------------------------------------------------------- assert */

#ifndef PGOV_ASSERT
/** Invariant check; by default compiled out, @p cond type-checked only. */
#define PGOV_ASSERT(cond) ((void)sizeof(!(cond)))
#endif

/* ---------------------------------------------------------------- remote access */

#if !defined(PGOV_READ_ONCE) && (defined(__GNUC__) || defined(__clang__))
/** A load another CPU may race with: exactly one access, never torn by the
 *  compiler (on 32-bit targets a u64 is still two loads; see core/pelt.h). */
#define PGOV_READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#elif !defined(PGOV_READ_ONCE)
#define PGOV_READ_ONCE(x) (x)
#endif
#if !defined(PGOV_WRITE_ONCE) && (defined(__GNUC__) || defined(__clang__))
/** A store another CPU may read without the owner's lock. */
#define PGOV_WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#elif !defined(PGOV_WRITE_ONCE)
#define PGOV_WRITE_ONCE(x, v) ((x) = (v))
#endif

#ifndef PGOV_SMP_WMB
#if defined(__GNUC__) || defined(__clang__)
#define PGOV_SMP_WMB() __atomic_thread_fence(__ATOMIC_RELEASE)
#else
#define PGOV_SMP_WMB() ((void)0)
#endif
#endif
#ifndef PGOV_SMP_RMB
#if defined(__GNUC__) || defined(__clang__)
#define PGOV_SMP_RMB() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#else
#define PGOV_SMP_RMB() ((void)0)
#endif
#endif

#ifndef PGOV_PELT_LUT_COPY
#if UINTPTR_MAX > 0xffffffffu
#define PGOV_PELT_LUT_COPY 0
#else
#define PGOV_PELT_LUT_COPY 1
#endif
#endif

/* ---------------------------------------------------------------- division */
/* PGOV_DIV_U64, PGOV_DIV_U64_U32, PGOV_DIV_S64: no default here; unset, the
 * division of core/math64.h is the target's own or the library's. */

/* ---------------------------------------------------------------- module knobs */

#ifndef PGOV_UCLAMP_NBUCKETS
#define PGOV_UCLAMP_NBUCKETS 0
#endif
#if PGOV_UCLAMP_NBUCKETS != 0 && (PGOV_UCLAMP_NBUCKETS < 5 || PGOV_UCLAMP_NBUCKETS > 20)
#error "PGOV_UCLAMP_NBUCKETS must be 0 (run time) or 5..20"
#endif

/* A C constant expression, not a preprocessor one (the ::pgov_kver names
 * are enumerators): core/util_est.h tests it with `if`. */
#ifndef PGOV_UTIL_EST_KVER
#define PGOV_UTIL_EST_KVER 0
#endif

#if defined(__SIZEOF_INT128__) && !defined(PGOV_NO_INT128) && !defined(__bpf__)
#define PGOV_HAVE_INT128 1
#else
#define PGOV_HAVE_INT128 0
#endif

#endif /* PGOV_EMBED_H */
