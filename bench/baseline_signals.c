/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clean-room rendering of the kernel's PELT and util_est algorithms, written
 * from spec/sched.md the direct way: decay_load called once per decayed
 * value (five times per boundary-crossing update), segments as two decays,
 * every sum updated behind its own test, util_est as three functions with
 * the kernel's early-outs. Only the base_* functions are measured.
 */
#include "baseline_signals.h"

#define LOAD_AVG_PERIOD 32
#define LOAD_AVG_MAX 47742u
#define PELT_MIN_DIVIDER (LOAD_AVG_MAX - 1024u)

static const uint32_t yinv[32] = {
    0xffffffff, 0xfa83b2da, 0xf5257d14, 0xefe4b99a, 0xeac0c6e6, 0xe5b906e6, 0xe0ccdeeb,
    0xdbfbb796, 0xd744fcc9, 0xd2a81d91, 0xce248c14, 0xc9b9bd85, 0xc5672a10, 0xc12c4cc9,
    0xbd08a39e, 0xb8fbaf46, 0xb504f333, 0xb123f581, 0xad583ee9, 0xa9a15ab4, 0xa5fed6a9,
    0xa2704302, 0x9ef5325f, 0x9b8d39b9, 0x9837f050, 0x94f4efa8, 0x91c3d373, 0x8ea4398a,
    0x8b95c1e3, 0x88980e80, 0x85aac367, 0x82cd8698,
};

/* mul_u64_u32_shr(a, mul, 32) with a full-width multiply. */
static inline uint64_t mul_u64_u32_shr32(uint64_t a, uint32_t mul)
{
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)a * mul) >> 32);
}

static uint64_t decay_load(uint64_t val, uint64_t n)
{
    unsigned int local_n;
    if (n > LOAD_AVG_PERIOD * 63)
        return 0;
    local_n = (unsigned int)n;
    if (local_n >= LOAD_AVG_PERIOD) {
        val >>= local_n / LOAD_AVG_PERIOD;
        local_n %= LOAD_AVG_PERIOD;
    }
    return mul_u64_u32_shr32(val, yinv[local_n]);
}

__attribute__((noinline)) uint64_t base_decay(uint64_t val, uint64_t n)
{
    return decay_load(val, n);
}

static uint32_t accumulate_segments(uint64_t periods, uint32_t d1, uint32_t d3)
{
    uint32_t c1, c2, c3 = d3;
    c1 = (uint32_t)decay_load((uint64_t)d1, periods);
    c2 = LOAD_AVG_MAX - (uint32_t)decay_load(LOAD_AVG_MAX, periods) - 1024;
    return c1 + c2 + c3;
}

static uint32_t accumulate_sum(uint64_t delta, struct base_avg *sa, unsigned long load,
                               unsigned long runnable, int running)
{
    uint32_t contrib = (uint32_t)delta;
    uint64_t periods;

    delta += sa->period_contrib;
    periods = delta / 1024;
    if (periods) {
        sa->load_sum = decay_load(sa->load_sum, periods);
        sa->runnable_sum = decay_load(sa->runnable_sum, periods);
        sa->util_sum = (uint32_t)decay_load((uint64_t)sa->util_sum, periods);
        delta %= 1024;
        if (load)
            contrib = accumulate_segments(periods, 1024 - sa->period_contrib, (uint32_t)delta);
    }
    sa->period_contrib = (uint32_t)delta;
    if (load)
        sa->load_sum += load * contrib;
    if (runnable)
        sa->runnable_sum += (runnable * contrib) << 10;
    if (running)
        sa->util_sum += contrib << 10;
    return (uint32_t)periods;
}

static int update_load_sum(uint64_t now, struct base_avg *sa, unsigned long load,
                           unsigned long runnable, int running)
{
    uint64_t delta = now - sa->last_update_time;
    if ((int64_t)delta < 0) {
        sa->last_update_time = now;
        return 0;
    }
    delta >>= 10;
    if (!delta)
        return 0;
    sa->last_update_time += delta << 10;
    if (!load)
        runnable = running = 0;
    if (!accumulate_sum(delta, sa, load, runnable, running))
        return 0;
    return 1;
}

static void update_load_avg(struct base_avg *sa, unsigned long load)
{
    uint32_t divider = PELT_MIN_DIVIDER + sa->period_contrib;
    sa->load_avg = (load * sa->load_sum) / divider;
    sa->runnable_avg = sa->runnable_sum / divider;
    sa->util_avg = sa->util_sum / divider;
}

__attribute__((noinline)) int base_pelt_update(struct base_avg *sa, uint64_t now,
                                               unsigned long load, unsigned long runnable,
                                               int running, unsigned long weight)
{
    if (update_load_sum(now, sa, load, runnable, running)) {
        update_load_avg(sa, weight);
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------ util_est (v6.18) */
#define UTIL_AVG_UNCHANGED 0x80000000u
#define UTIL_EST_MARGIN (1024 / 100)

/* sched_feat(UTIL_EST) is a static key (a patched jump): free, so not rendered. */

__attribute__((noinline)) void base_util_est_enqueue(struct base_ue_rq *rq,
                                                     const struct base_ue_task *p)
{
    rq->enqueued += p->util_est & ~UTIL_AVG_UNCHANGED;
}

__attribute__((noinline)) void base_util_est_dequeue(struct base_ue_rq *rq,
                                                     const struct base_ue_task *p)
{
    uint32_t enqueued, c;
    enqueued = rq->enqueued;
    c = p->util_est & ~UTIL_AVG_UNCHANGED;
    enqueued -= c < enqueued ? c : enqueued;
    rq->enqueued = enqueued;
}

__attribute__((noinline)) void base_util_est_update(struct base_ue_task *p, int task_sleep,
                                                    unsigned long util,
                                                    unsigned long runnable)
{
    unsigned int ewma, dequeued, last_ewma_diff;
    if (!task_sleep)
        return;
    ewma = p->util_est;
    if (ewma & UTIL_AVG_UNCHANGED)
        return;
    dequeued = (unsigned int)util;
    if (ewma <= dequeued) {
        ewma = dequeued;
        goto done;
    }
    last_ewma_diff = ewma - dequeued;
    if (last_ewma_diff < UTIL_EST_MARGIN)
        goto done;
    if (dequeued + UTIL_EST_MARGIN < runnable)
        goto done;
    ewma <<= 2;
    ewma -= last_ewma_diff;
    ewma >>= 2;
done:
    ewma |= UTIL_AVG_UNCHANGED;
    p->util_est = ewma;
}
