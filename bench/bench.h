/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Benchmark conventions.
 *
 * An op is a pair of loops over the same inputs: `lib` calls the exported
 * libpgov API, `base` calls a plain clean-room rendering of the kernel's
 * algorithm kept in bench/baseline_<module>.c. Both are compiled in their own
 * translation units and called through the library boundary, so nothing is
 * inlined into the loop. bench/run counts instructions with callgrind: the
 * inclusive cost of the loop's calls into the exported functions (lib;
 * inl_* for _inline rows) or base_* (baseline), divided by the iterations
 * (bench/README.md "Method"); ns/op comes from the same binary (best of 7
 * timed repetitions of each loop).
 */
#ifndef PGOV_BENCH_H
#define PGOV_BENCH_H

#include <stdint.h>

/* Keep the compiler from folding inputs or dropping results. */
#define DO_NOT_OPTIMIZE(x) __asm__ volatile("" : "+r"(x) : : "memory")
#define CLOBBER() __asm__ volatile("" : : : "memory")

struct bench_op {
    const char *name;
    /* Prepare inputs (may allocate; not measured). May be NULL. */
    void (*setup)(void);
    /* Run @iters iterations of the op through the library / the baseline. */
    void (*lib)(uint64_t iters);
    void (*base)(uint64_t iters);
};

/* Each bench_<module>.c defines a NULL-name-terminated array; bench_ops.c
 * lists the arrays. */
#define BENCH_OPS_END {0, 0, 0, 0}

/* splitmix64: reproducible inputs for every run. */
static inline uint64_t bench_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
