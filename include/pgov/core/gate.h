/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file core/gate.h
 * @brief The gate of the core tier: every `pgov/core/<module>.h` reads it first.
 *
 * The cores are `static inline` code and structs with no stable layout: a
 * program that compiles them must run them against library code built from
 * the same release. Two checks make that a choice, never an accident
 * (docs/embedding.md, "Opting in to the core tier"):
 *
 * 1. **Opt-in.** Including a core without `PGOV_CORE_UNSTABLE` defined is a
 *    compile error (as zstd's `ZSTD_STATIC_LINKING_ONLY`).
 * 2. **No shared library.** Each translation unit that includes a core holds
 *    a reference to the hidden symbol `pgov_core_tier_<major>_<minor>`,
 *    defined by lib/core.c: libpgov.a and lib/ built from source provide it,
 *    libpgov.so does not export it (lib/pgov.map), so linking a core user
 *    against the shared library fails with "undefined reference to
 *    `pgov_core_tier_0_7'", and so does mixing releases.
 *
 * `PGOV_CORE_NO_LINK_CHECK` drops the reference, for code that links no
 * libpgov at all (lib/ itself, a firmware using only cores); BPF programs
 * (`__bpf__`) never carry it. Nothing here is part of the ABI.
 */
#ifndef PGOV_CORE_GATE_H
#define PGOV_CORE_GATE_H

#if !defined(PGOV_CORE_UNSTABLE)
#error "pgov/core/*.h is the unstable inline tier: define PGOV_CORE_UNSTABLE and link libpgov statically (docs/embedding.md)"
#endif

/* The release of this core tier; lib/core.c asserts it equals PGOV_VERSION's
 * (pgov.h is not included here: BPF programs compile the cores). */
#define PGOV_CORE_TIER_MAJOR 0
#define PGOV_CORE_TIER_MINOR 7
#define PGOV_CORE_TIER_CAT2(a, b) pgov_core_tier_##a##_##b
#define PGOV_CORE_TIER_CAT(a, b) PGOV_CORE_TIER_CAT2(a, b)
/** The anchor of this release's core tier (lib/core.c; hidden in libpgov.so). */
#define PGOV_CORE_TIER PGOV_CORE_TIER_CAT(PGOV_CORE_TIER_MAJOR, PGOV_CORE_TIER_MINOR)

extern const unsigned char PGOV_CORE_TIER;

#if !defined(PGOV_CORE_NO_LINK_CHECK) && !defined(__bpf__) &&                                     \
    (defined(__GNUC__) || defined(__clang__))
/* `used`: kept at -O2 although nothing reads it; the relocation is the check. */
__attribute__((__used__)) static const unsigned char *const pgov_core_tier_ref = &PGOV_CORE_TIER;
#endif

#endif /* PGOV_CORE_GATE_H */
