/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PELT fuzz harness: bytes -> a sequence of API calls on one signal, checked
 * after every call against
 *  - invariants: sums within their divider-scaled maxima, averages within
 *    scale, errors leave the state byte-for-byte unchanged;
 *  - a slow model written plainly here: the geometric series advanced unit
 *    by unit-run and period by period in double precision with the exact
 *    y = 0.5^(1/halflife) (no tables, no segments);
 *  - monotone convergence under constant, period-aligned input.
 *
 * Error bound against the model (documented in docs/signals.md): whenever
 * the library recomputes its averages, |util_avg - model| <= 3 and
 * |runnable_avg - model| <= 3 * (largest runnable argument) (capacity units), where
 * the model average is model_sum * 1024 / divider with the library's divider.
 * The difference comes from the kernel's integer arithmetic: the truncated
 * inverse table, the floor in every decay, and LOAD_AVG_MAX = 47742 standing
 * in for the series limit 1024 / (1 - y) = 47788.4 in the middle segment.
 * Android's half-life 8 ships LOAD_AVG_MAX 12336 (series limit 12337.6) and
 * half-life 16 ships 24130 (24161.8); the same bound holds.
 * After a jump of 2^32 periods or more the model is re-seeded from the
 * library's sums (the kernel's u32 period count makes that case special).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/pelt.h>
#include "fuzz_input.h"



#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "fuzz_pelt: invariant failed, line %d: %s\n", __LINE__, #c);          \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* 0.5^(1/hl) by Newton's method on x^hl = 1/2 (no libm needed). */
static double root_half(unsigned hl)
{
    double x = 0.98;
    for (int it = 0; it < 60; it++) {
        double p = 1;
        for (unsigned i = 0; i < hl - 1; i++)
            p *= x;
        x -= (p * x - 0.5) / (hl * p);
    }
    return x;
}

static double dabs(double v)
{
    return v < 0 ? -v : v;
}

struct model {
    double y;
    double util, runnable, load; /* unweighted series, units */
    uint32_t pc;                 /* units in the current period */
    int valid;
};

/* Advance the model by @units with the given 0/1 (runnable: count) inputs. */
static void model_run(struct model *m, uint64_t units, int load, uint64_t runnable, int running)
{
    if (!load)
        runnable = running = 0;
    while (units) {
        uint64_t step = 1024 - m->pc;
        if (step > units)
            step = units;
        m->util += running ? (double)step : 0;
        m->runnable += (double)runnable * (double)step;
        m->load += load ? (double)step : 0;
        m->pc += (uint32_t)step;
        units -= step;
        if (m->pc == 1024) {
            m->util *= m->y;
            m->runnable *= m->y;
            m->load *= m->y;
            m->pc = 0;
        }
        /* Beyond 100 half-lives everything old is below 2^-100: skip ahead. */
        if (units > 1024ull * 4000) {
            uint64_t skip = (units - 1024ull * 3000) / 1024 * 1024;
            units -= skip;
            m->util = m->runnable = m->load = 0;
        }
    }
}

static void model_seed(struct model *m, const struct pgov_pelt_avg *sa)
{
    m->util = sa->util_sum / 1024.0;
    m->runnable = (double)sa->runnable_sum / 1024.0;
    m->load = (double)sa->load_sum;
    m->pc = sa->period_contrib;
    m->valid = 1;
}

/* Constant input, period-aligned. With whole-period steps the position in
 * the period is fixed and each update is S' = floor(S * y) + c, a
 * non-decreasing map of S: its iterates, and so the averages, move in one
 * direction. */
static void monotone_run(struct fuzz_in *in, struct pgov_pelt_avg *sa, struct model *m,
                         uint64_t *now, int running)
{
    uint64_t prev_u = 0, n = 2 + (fuzz_take(in, 1) & 63);
    int dir = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t l = sa->last_update_time;
        *now += 1ull << 20;
        int rc = pgov_pelt_update(sa, *now, 1, 1, (uint32_t)running, 1024);
        CHECK(rc == 1);
        model_run(m, (*now - l) >> 10, 1, 1, running);
        if (i > 0 && sa->util_avg != prev_u) {
            int d2 = sa->util_avg > prev_u ? 1 : -1;
            CHECK(dir == 0 || dir == d2);
            dir = d2;
        }
        prev_u = sa->util_avg;
    }
}

/* Invalid calls: state must not change (@before is @sa before the step). */
static void invalid_calls(struct fuzz_in *in, struct pgov_pelt_avg *sa,
                          const struct pgov_pelt_avg *before, uint64_t now)
{
    struct pgov_pelt_avg bad = *sa;
    bad.halflife = 3;
    CHECK(pgov_pelt_update(&bad, now + 5000000, 1, 1, 1, 1) == PGOV_ENOTSUP);
    bad = *sa;
    bad.period_contrib = 1024 + (uint32_t)fuzz_take(in, 1);
    struct pgov_pelt_avg bad0 = bad;
    CHECK(pgov_pelt_update(&bad, now + fuzz_take(in, 3) * 1024, 1, 1, 1, 1) == PGOV_EINVAL ||
          memcmp(&bad, &bad0, sizeof(bad)) == 0);
    CHECK(memcmp(&bad, &bad0, sizeof(bad)) == 0);
    CHECK(pgov_pelt_update_task(sa, now + 5000000, 2, 0, 0, 1) == PGOV_EINVAL);
    CHECK(pgov_pelt_update_hw_pressure(sa, now + 5000000, 2000) == PGOV_EINVAL);
    CHECK(memcmp(sa, before, sizeof(*sa)) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_in in = {data, size};
    static const uint32_t hls[4] = {0, 32, 16, 8};
    uint32_t hl = hls[fuzz_take(&in, 1) & 3];
    uint32_t hlp = hl ? hl : 32;
    struct pgov_pelt_avg sa, before;
    struct model m = {root_half(hlp), 0, 0, 0, 0, 1};
    uint64_t now = fuzz_take(&in, 8);
    int min_div = pgov_pelt_min_divider(hl);
    uint64_t max_runnable = 0;

    CHECK(min_div > 0);
    CHECK(pgov_pelt_init(&sa, now, hl) == PGOV_OK);
    m.pc = 0;

    for (int ops = 0; in.n && ops < 400; ops++) {
        uint8_t op = (uint8_t)fuzz_take(&in, 1);
        uint64_t delta, runnable = fuzz_take(&in, 1) & 3;
        int load = (op >> 4) & 1, running = (op >> 5) & 1, rc;
        uint64_t weight = fuzz_take(&in, 3);
        before = sa;
        switch (op & 7) {
        case 0: /* short step */
            delta = fuzz_take(&in, 2) * 64;
            break;
        case 1: /* about a period */
            delta = fuzz_take(&in, 3);
            break;
        case 2: /* up to ~4000 periods */
            delta = fuzz_take(&in, 4) & ((1ull << 32) - 1);
            break;
        case 3: /* backwards, or a forward jump of 2^63 or more */
            delta = (fuzz_take(&in, 1) & 1) ? (1ull << 63) + fuzz_take(&in, 2) : -(fuzz_take(&in, 3) + 1);
            break;
        case 4: /* huge forward: 2^32 periods and multiples, and more */
            delta = (fuzz_take(&in, 1) + 1) << 52;
            break;
        case 5: /* constant input, period-aligned: monotone convergence */
            monotone_run(&in, &sa, &m, &now, running);
            if (max_runnable < 1)
                max_runnable = 1;
            continue;
        case 6: /* invalid calls: state must not change */
            invalid_calls(&in, &sa, &before, now);
            continue;
        default: /* split calls */
            delta = fuzz_take(&in, 3) * 16;
            break;
        }

        uint64_t old_lut = sa.last_update_time;
        now += delta;
        if ((op & 7) == 7) {
            rc = pgov_pelt_update_sums(&sa, now, (uint64_t)load, runnable, (uint32_t)running);
            if (rc == 1)
                CHECK(pgov_pelt_update_avgs(&sa, weight) == PGOV_OK);
        } else {
            rc = pgov_pelt_update(&sa, now, (uint64_t)load, runnable, (uint32_t)running, weight);
        }
        CHECK(rc == 0 || rc == 1);
        if (load && runnable > max_runnable)
            max_runnable = runnable;

        uint64_t d = now - old_lut;
        if (d >> 63) {
            /* backwards: only last_update_time moved */
            CHECK(sa.last_update_time == now);
            before.last_update_time = now;
            CHECK(memcmp(&sa, &before, sizeof(sa)) == 0);
            continue;
        }
        CHECK(sa.last_update_time == old_lut + (d & ~1023ull));
        if ((d >> 10) + before.period_contrib >= (1ull << 42)) {
            model_seed(&m, &sa); /* 2^32 periods or more: u32 count */
            continue;
        }
        model_run(&m, d >> 10, load, runnable, running);
        CHECK(m.pc == sa.period_contrib);

        /* Sums within their divider-scaled maxima. At position pc of the
         * period a 0/1 series is about `divider` (46718 + pc); each crossing
         * can add less than one unit of rounding (the floors of decay(47742)
         * and decay(d1) in the segments), and those decay by y per period,
         * so the excess stays below 1 / (1 - y) < 48 units (observed: 1.5). */
        uint64_t cap = (uint64_t)pgov_pelt_divider(&sa) + 48;
        uint64_t mr = max_runnable ? max_runnable : 1;
        CHECK(sa.util_sum <= cap * 1024);
        CHECK(sa.load_sum <= cap);
        CHECK(sa.runnable_sum <= cap * 1024 * mr);
        if (rc == 1) {
            uint32_t div = (uint32_t)pgov_pelt_divider(&sa);
            CHECK(sa.util_avg <= 1024);
            CHECK(sa.load_avg <= weight); /* weight < 2^24: no wrap here */
            CHECK(sa.runnable_avg <= 1024 * mr);
            if (m.valid) {
                double mu = m.util * 1024.0 / div;
                double mrun = m.runnable * 1024.0 / div;
                CHECK(dabs((double)sa.util_avg - mu) <= 3.0);
                CHECK(dabs((double)sa.runnable_avg - mrun) <= 3.0 * mr);
            }
        }
        if (rc == 0 && (d >> 10) + before.period_contrib < 1024)
            CHECK(sa.util_avg == before.util_avg && sa.load_avg == before.load_avg);
    }
    return 0;
}
