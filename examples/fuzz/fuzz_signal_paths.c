/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PELT and schedutil entry points the other harnesses never call (a
 * coverage report of their corpora, docs/fuzzing.md): decay/segments for
 * every half-life, the group/blocked/cfs_rq/rt/dl/irq/hw-pressure signals,
 * the PELT clock, task init/attach/detach/remove, and schedutil's pure
 * decision functions. Each input byte string is a program of calls with
 * fuzzed arguments. Contract checked: a call that fails leaves its state
 * byte-identical; decay never grows a value; a frequency sugov commits
 * obeys that call's policy limits. Violations abort.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/pelt.h>
#include <pgov/sugov.h>
#include "fuzz_input.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)



/* small, large or boundary values, so both the common and the edge paths run */
static uint64_t arg(struct fuzz_in *in)
{
    uint8_t k = (uint8_t)fuzz_take(in, 1);
    switch (k & 3) {
    case 0: return fuzz_take(in, 1);
    case 1: return fuzz_take(in, 2);
    case 2: return fuzz_take(in, 4);
    default: return fuzz_take(in, 8);
    }
}

#define SAME_ON_ERROR(rc, obj, copy) CHECK((rc) >= 0 || memcmp(&(obj), &(copy), sizeof(obj)) == 0)

/* 0: decay, 1: segments, at every half-life. */
static void math_step(struct fuzz_in *in, uint32_t hl, uint32_t op)
{
    if (op == 0) {
        uint64_t v = arg(in), n = arg(in), out = 0;
        uint64_t d = pgov_pelt_decay(v, n & 0xffff);
        CHECK(d <= v);
        if (pgov_pelt_decay_hl(hl, v, n & 0xffff, &out) == 0)
            CHECK(out <= v);
        return;
    }
    uint32_t out = 0;
    (void)pgov_pelt_segments(arg(in), (uint32_t)arg(in), (uint32_t)arg(in));
    (void)pgov_pelt_segments_hl(hl, arg(in), (uint32_t)arg(in), (uint32_t)arg(in), &out);
}

/* 17: new parameters, 18: next_freq, 19: a decision. */
static void sugov_step(struct fuzz_in *in, struct pgov_sugov_params *prm,
                       struct pgov_sugov_state *st, uint64_t now, uint32_t op)
{
    int rc;
    if (op == 17) {
        prm->rate_limit_ns = arg(in);
        prm->max_cap = (uint32_t)arg(in);
        prm->min_khz = (uint32_t)arg(in);
        prm->max_khz = (uint32_t)arg(in);
        prm->options = (uint32_t)arg(in);
        rc = pgov_sugov_params_check(prm);
        CHECK(rc <= 0);
        return;
    }
    if (op == 18) {
        uint64_t raw = 0;
        if (pgov_sugov_params_check(prm) == 0)
            (void)pgov_sugov_next_freq(prm, (uint32_t)arg(in), (uint32_t)arg(in), &raw);
        return;
    }
    struct pgov_sugov_result res;
    struct pgov_sugov_state s0 = *st;
    rc = pgov_sugov_decide(prm, st, now, (uint32_t)arg(in), (uint32_t)arg(in), (uint32_t)arg(in),
                           &res);
    SAME_ON_ERROR(rc, *st, s0);
    /* A committed frequency obeys this call's limits (min > max: max).
     * A rate-limited or unchanged call may keep one committed under
     * earlier limits: the pure layer has no need_update of its own. */
    if (rc >= 0 && res.path == PGOV_SUGOV_PATH_COMMIT)
        CHECK(prm->min_khz > prm->max_khz ? res.next_f == prm->max_khz
                                          : res.next_f >= prm->min_khz &&
                                                res.next_f <= prm->max_khz);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_in in = {data, size};
    static const uint32_t hls[] = {32, 16, 8, 4, 1, 0, 64};
    uint32_t hl = hls[fuzz_take(&in, 1) % 7];
    struct pgov_pelt_avg se, cfs, rt, irq, tmp;
    struct pgov_pelt_clock clk, ctmp;
    uint64_t now = 1000000;
    memset(&se, 0, sizeof(se));
    (void)pgov_pelt_init(&se, now, hl ? hl : 32);
    cfs = rt = irq = se;
    memset(&clk, 0, sizeof(clk));
    (void)pgov_pelt_clock_init(&clk, now, 1);

    struct pgov_sugov_params prm = {1000000, 4000000, 1024, 3900000, 800000, 3900000, 0, 0};
    struct pgov_sugov_state st;
    memset(&st, 0, sizeof(st));

    for (int step = 0; step < 64 && in.n; step++) {
        uint8_t op = (uint8_t)fuzz_take(&in, 1);
        int rc;
        now += arg(&in) & 0xffffffffu;
        switch (op % 20) {
        case 0:
        case 1:
            math_step(&in, hl, op % 20);
            break;
        case 2:
            tmp = se;
            rc = pgov_pelt_update_group_se(&se, now, (uint32_t)arg(&in) & 1, arg(&in),
                                           (uint32_t)arg(&in) & 1, arg(&in));
            SAME_ON_ERROR(rc, se, tmp);
            break;
        case 3:
            tmp = se;
            rc = pgov_pelt_update_blocked_se(&se, now, arg(&in));
            SAME_ON_ERROR(rc, se, tmp);
            break;
        case 4:
            tmp = cfs;
            rc = pgov_pelt_update_cfs_rq(&cfs, now, arg(&in), arg(&in), (uint32_t)arg(&in) & 1);
            SAME_ON_ERROR(rc, cfs, tmp);
            break;
        case 5:
            tmp = rt;
            rc = pgov_pelt_update_rt(&rt, now, (uint32_t)arg(&in));
            SAME_ON_ERROR(rc, rt, tmp);
            break;
        case 6:
            tmp = rt;
            rc = pgov_pelt_update_dl(&rt, now, (uint32_t)arg(&in));
            SAME_ON_ERROR(rc, rt, tmp);
            break;
        case 7:
            tmp = irq;
            rc = pgov_pelt_update_irq(&irq, now, arg(&in), (uint32_t)arg(&in), (uint32_t)arg(&in));
            SAME_ON_ERROR(rc, irq, tmp);
            break;
        case 8:
            tmp = irq;
            rc = pgov_pelt_update_hw_pressure(&irq, now, arg(&in));
            SAME_ON_ERROR(rc, irq, tmp);
            break;
        case 9:
            ctmp = clk;
            rc = pgov_pelt_clock_update(&clk, now, (uint32_t)arg(&in) & 1, (uint32_t)arg(&in),
                                        (uint32_t)arg(&in));
            SAME_ON_ERROR(rc, clk, ctmp);
            break;
        case 10:
            ctmp = clk;
            rc = pgov_pelt_clock_idle(&clk, arg(&in));
            SAME_ON_ERROR(rc, clk, ctmp);
            break;
        case 11: {
            uint64_t pn = 0;
            (void)pgov_pelt_clock_now(&clk, &pn);
            ctmp = clk;
            rc = pgov_pelt_clock_init(&clk, now, (uint32_t)arg(&in));
            SAME_ON_ERROR(rc, clk, ctmp);
            break;
        }
        case 12:
            tmp = se;
            rc = pgov_pelt_init_task(&se, arg(&in), (uint32_t)arg(&in));
            SAME_ON_ERROR(rc, se, tmp);
            break;
        case 13:
            tmp = se;
            rc = pgov_pelt_post_init_task(&se, &cfs, (uint32_t)arg(&in), arg(&in));
            SAME_ON_ERROR(rc, se, tmp);
            break;
        case 14: {
            struct pgov_pelt_avg c0 = cfs, s0 = se;
            rc = pgov_pelt_attach(&cfs, &se, arg(&in));
            if (rc < 0)
                CHECK(!memcmp(&cfs, &c0, sizeof(cfs)) && !memcmp(&se, &s0, sizeof(se)));
            break;
        }
        case 15:
            tmp = cfs;
            rc = pgov_pelt_detach(&cfs, &se, arg(&in));
            SAME_ON_ERROR(rc, cfs, tmp);
            break;
        case 16:
            tmp = cfs;
            rc = pgov_pelt_remove(&cfs, arg(&in), arg(&in), arg(&in));
            SAME_ON_ERROR(rc, cfs, tmp);
            break;
        default: /* 17..19: schedutil's pure layer */
            sugov_step(&in, &prm, &st, now, op % 20);
            break;
        }
    }
    return 0;
}
