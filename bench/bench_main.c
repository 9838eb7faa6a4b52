/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-bench: the microbenchmark driver.
 *
 *   pgov-bench --list                 op names
 *   pgov-bench --loop OP lib|base N   run N iterations once (for callgrind)
 *   pgov-bench --ns OP [N]            ns/op of lib and baseline, best of 7
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern const struct bench_op *const bench_tables[];

static const struct bench_op *find(const char *name)
{
    for (int t = 0; bench_tables[t]; t++)
        for (const struct bench_op *op = bench_tables[t]; op->name; op++)
            if (strcmp(op->name, name) == 0)
                return op;
    return NULL;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double best_ns(void (*fn)(uint64_t), uint64_t iters)
{
    double best = 1e300;
    fn(iters / 10 + 1); /* warm caches and branch predictors */
    for (int rep = 0; rep < 7; rep++) {
        double t0 = now_ns();
        fn(iters);
        double t = (now_ns() - t0) / (double)iters;
        if (t < best)
            best = t;
    }
    return best;
}

/* The measured part of a --loop run: bench/run collects only inside this
 * call (callgrind --toggle-collect), so the op's setup is left out. The asm
 * keeps the call a call (no tail jump). */
__attribute__((noinline)) void bench_measure(void (*fn)(uint64_t), uint64_t iters);
__attribute__((noinline)) void bench_measure(void (*fn)(uint64_t), uint64_t iters)
{
    fn(iters);
    __asm__ volatile("");
}

static int usage(void)
{
    fprintf(stderr, "usage: pgov-bench --list | --loop OP lib|base N | --ns OP [N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (int t = 0; bench_tables[t]; t++)
            for (const struct bench_op *op = bench_tables[t]; op->name; op++)
                printf("%s\n", op->name);
        return 0;
    }
    if (argc < 3)
        return usage();
    const struct bench_op *op = find(argv[2]);
    if (!op) {
        fprintf(stderr, "pgov-bench: unknown op '%s' (see --list)\n", argv[2]);
        return 2;
    }
    if (op->setup)
        op->setup();
    if (strcmp(argv[1], "--loop") == 0 && argc == 5) {
        uint64_t n = strtoull(argv[4], NULL, 10);
        if (strcmp(argv[3], "lib") == 0)
            bench_measure(op->lib, n);
        else if (strcmp(argv[3], "base") == 0)
            bench_measure(op->base, n);
        else
            return usage();
        return 0;
    }
    if (strcmp(argv[1], "--ns") == 0 && (argc == 3 || argc == 4)) {
        uint64_t n = argc == 4 ? strtoull(argv[3], NULL, 10) : 2000000;
        double lib = best_ns(op->lib, n);
        double base = best_ns(op->base, n);
        printf("%.2f\t%.2f\n", lib, base);
        return 0;
    }
    return usage();
}
