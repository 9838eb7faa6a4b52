/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT ops (util_est: bench_util_est.c). Every input is prepared in setup from bench_rand so
 * the library and the baseline loop see identical values; each iteration
 * restores the signal from a template (loop bookkeeping, not counted by
 * bench/run) so every call takes the intended path.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "bench.h"
#include "baseline_signals.h"

#include <pgov/pelt.h>
#include <pgov/core/pelt.h>

#define N 1024 /* inputs per op, cycled */

static uint64_t in_val[N], in_n[N], in_now[N];
static struct pgov_pelt_avg lib_tpl[N];
static struct base_avg base_tpl[N];

static void setup_decay(void)
{
    uint64_t s = 1;
    for (int i = 0; i < N; i++) {
        in_val[i] = bench_rand(&s) >> (bench_rand(&s) & 31);
        in_n[i] = 1 + bench_rand(&s) % 2016;
    }
}

static void lib_decay(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        uint64_t r = pgov_pelt_decay(in_val[i & (N - 1)], in_n[i & (N - 1)]);
        DO_NOT_OPTIMIZE(r);
    }
}

static void loop_base_decay(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        uint64_t r = base_decay(in_val[i & (N - 1)], in_n[i & (N - 1)]);
        DO_NOT_OPTIMIZE(r);
    }
}

/* The _inline rows: the cores called directly, from a function of the
 * embedder's own (inl_*, counted by bench/run like base_*). */
__attribute__((noinline)) uint64_t inl_decay(uint64_t val, uint64_t n);
__attribute__((noinline)) uint64_t inl_decay(uint64_t val, uint64_t n)
{
    return pgov_pelt_core_decay(val, n);
}

static void inline_decay(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        uint64_t r = inl_decay(in_val[i & (N - 1)], in_n[i & (N - 1)]);
        DO_NOT_OPTIMIZE(r);
    }
}

/* A signal in steady use (sums near their running values) at a random
 * position in its period; `now` then lies @periods boundaries ahead (0: the
 * same period). */
static void setup_update(uint64_t periods)
{
    uint64_t s = 2 + periods;
    for (int i = 0; i < N; i++) {
        uint32_t pc = (uint32_t)(bench_rand(&s) % 1024);
        uint64_t t0 = (bench_rand(&s) >> 4) & ~1023ull;
        uint64_t units;
        if (periods == 0)
            units = 1 + bench_rand(&s) % (1023 - pc + (pc == 1023));
        else
            units = periods * 1024 - pc + bench_rand(&s) % 1024;
        if (periods == 0 && pc + units > 1023)
            units = 1023 - pc;
        if (units == 0) { /* pc == 1023: keep the op a real no-boundary update */
            pc = 0;
            units = 1;
        }
        struct pgov_pelt_avg *l = &lib_tpl[i];
        /* Filled by hand, the fields the update reads. */
        *l = (struct pgov_pelt_avg){0};
        l->last_update_time = t0;
        l->period_contrib = pc;
        l->load_sum = 30000 + bench_rand(&s) % 16000;
        l->runnable_sum = l->load_sum << 10;
        l->util_sum = (uint32_t)(l->load_sum << 10);
        base_tpl[i] = (struct base_avg){l->last_update_time, l->load_sum, l->runnable_sum,
                                        l->util_sum, pc, 0, 0, 0};
        in_now[i] = t0 + (units << 10) + bench_rand(&s) % 1024;
    }
}

static void setup_update0(void)
{
    setup_update(0);
}
static void setup_update1(void)
{
    setup_update(1);
}
static void setup_update100(void)
{
    setup_update(100);
}
static void setup_update1000(void)
{
    setup_update(1000);
}

static void lib_update(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        struct pgov_pelt_avg sa = lib_tpl[i & (N - 1)];
        CLOBBER();
        int r = pgov_pelt_update(&sa, in_now[i & (N - 1)], 1, 1, 1, 1024);
        DO_NOT_OPTIMIZE(r);
        CLOBBER();
    }
}

__attribute__((noinline)) int inl_pelt_update(struct pgov_pelt_avg *sa, uint64_t now,
                                              uint64_t load, uint64_t runnable, uint32_t running,
                                              uint64_t weight);
__attribute__((noinline)) int inl_pelt_update(struct pgov_pelt_avg *sa, uint64_t now,
                                              uint64_t load, uint64_t runnable, uint32_t running,
                                              uint64_t weight)
{
    return pgov_pelt_core_update(sa, now, load, runnable, running, weight);
}

static void inline_update(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        struct pgov_pelt_avg sa = lib_tpl[i & (N - 1)];
        CLOBBER();
        int r = inl_pelt_update(&sa, in_now[i & (N - 1)], 1, 1, 1, 1024);
        DO_NOT_OPTIMIZE(r);
        CLOBBER();
    }
}

static void loop_base_update(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        struct base_avg sa = base_tpl[i & (N - 1)];
        CLOBBER();
        int r = base_pelt_update(&sa, in_now[i & (N - 1)], 1, 1, 1, 1024);
        DO_NOT_OPTIMIZE(r);
        CLOBBER();
    }
}

const struct bench_op bench_ops_signals[] = {
    {"pelt_decay", setup_decay, lib_decay, loop_base_decay},
    {"pelt_decay_inline", setup_decay, inline_decay, loop_base_decay},
    {"pelt_update_no_period", setup_update0, lib_update, loop_base_update},
    {"pelt_update_no_period_inline", setup_update0, inline_update, loop_base_update},
    {"pelt_update_1_period", setup_update1, lib_update, loop_base_update},
    {"pelt_update_1_period_inline", setup_update1, inline_update, loop_base_update},
    /* 32..511 periods: the segment decays are still computed (from 512 on
     * they vanish, see cross_long() in lib/pelt.c). */
    {"pelt_update_100_periods", setup_update100, lib_update, loop_base_update},
    {"pelt_update_100_periods_inline", setup_update100, inline_update, loop_base_update},
    {"pelt_update_1000_periods", setup_update1000, lib_update, loop_base_update},
    {"pelt_update_1000_periods_inline", setup_update1000, inline_update, loop_base_update},
    BENCH_OPS_END,
};
