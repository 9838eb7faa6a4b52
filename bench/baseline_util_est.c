/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Clean-room rendering of util_est as the older kernels run it, written
 * from spec/sched.md 2.4 the direct way (baseline_signals.c has v6.18):
 * v6.9 (the single field plus the capacity check), v5.13 .. v6.7 (rendered
 * as 6.1: the {enqueued, ewma} pair, flag in bit 31, FASTUP, the margin
 * rule on both fields, the capacity check), v5.5 .. v5.12 (rendered as
 * 5.7: flag in bit 0, FASTUP, one margin, capacity check) and v4.17 (no
 * FASTUP, no capacity check, the sum zeroed when the CPU empties). Each
 * kernel's own split into functions: v4.17 and v5.7 do the rq removal and
 * the update in one dequeue function, 6.1 and 6.9 in two.
 */
#include "baseline_signals.h"

#define UTIL_AVG_UNCHANGED 0x80000000u /* v5.13+ */
#define UTIL_AVG_UNCHANGED_BIT0 0x1u   /* v4.17 .. v5.12 */
#define UTIL_EST_MARGIN (1024 / 100)

static inline uint32_t max_u32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

static inline void sub_sat(struct base_ue_rq *rq, uint32_t c)
{
    uint32_t enqueued = rq->enqueued;
    enqueued -= c < enqueued ? c : enqueued;
    rq->enqueued = enqueued;
}

/* ------------------------------------------------------------ v6.9 */

__attribute__((noinline)) void base_util_est_update_6_9(struct base_ue_task *p, int task_sleep,
                                                        unsigned long util,
                                                        unsigned long runnable,
                                                        unsigned long cpu_cap)
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
    if (dequeued > cpu_cap)
        return;
    if (dequeued + UTIL_EST_MARGIN < runnable)
        goto done;
    ewma <<= 2;
    ewma -= last_ewma_diff;
    ewma >>= 2;
done:
    p->util_est = ewma | UTIL_AVG_UNCHANGED;
}

/* ------------------------------------------------------------ 6.1 (v5.13 .. v6.7) */

static inline uint32_t task_util_est_6_1(const struct base_ue_pair *p)
{
    return max_u32(p->ewma, p->enqueued & ~UTIL_AVG_UNCHANGED);
}

__attribute__((noinline)) void base_util_est_enqueue_6_1(struct base_ue_rq *rq,
                                                         const struct base_ue_pair *p)
{
    rq->enqueued += task_util_est_6_1(p);
}

__attribute__((noinline)) void base_util_est_dequeue_6_1(struct base_ue_rq *rq,
                                                         const struct base_ue_pair *p)
{
    sub_sat(rq, task_util_est_6_1(p));
}

static inline int within_margin(int value, int margin)
{
    return (unsigned int)(value + margin - 1) < (unsigned int)(2 * margin - 1);
}

__attribute__((noinline)) void base_util_est_update_6_1(struct base_ue_pair *p, int task_sleep,
                                                        unsigned long util,
                                                        unsigned long cpu_cap)
{
    struct base_ue_pair ue;
    int last_ewma_diff, last_enqueued_diff;
    if (!task_sleep)
        return;
    ue = *p;
    if (ue.enqueued & UTIL_AVG_UNCHANGED)
        return;
    last_enqueued_diff = (int)ue.enqueued;
    ue.enqueued = (uint32_t)util;
    if (ue.ewma < ue.enqueued) { /* UTIL_EST_FASTUP */
        ue.ewma = ue.enqueued;
        goto done;
    }
    last_ewma_diff = (int)(ue.enqueued - ue.ewma);
    last_enqueued_diff -= (int)ue.enqueued;
    if (within_margin(last_ewma_diff, UTIL_EST_MARGIN)) {
        if (!within_margin(last_enqueued_diff, UTIL_EST_MARGIN))
            goto done;
        return;
    }
    if (util > cpu_cap)
        return;
    ue.ewma <<= 2;
    ue.ewma += (uint32_t)last_ewma_diff;
    ue.ewma >>= 2;
done:
    ue.enqueued |= UTIL_AVG_UNCHANGED;
    *p = ue;
}

/* ------------------------------------------------------------ v5.7 and v4.17 */

static inline uint32_t task_util_est_bit0(const struct base_ue_pair *p)
{
    return max_u32(p->ewma, p->enqueued) | UTIL_AVG_UNCHANGED_BIT0;
}

__attribute__((noinline)) void base_util_est_enqueue_bit0(struct base_ue_rq *rq,
                                                          const struct base_ue_pair *p)
{
    rq->enqueued += task_util_est_bit0(p);
}

/* util_est_dequeue(cfs_rq, p, task_sleep) of v5.7: the rq removal, then
 * the update with FASTUP and the capacity check. */
__attribute__((noinline)) void base_util_est_dequeue_5_7(struct base_ue_rq *rq,
                                                         struct base_ue_pair *p, int task_sleep,
                                                         unsigned long util,
                                                         unsigned long cpu_cap)
{
    struct base_ue_pair ue;
    int last_ewma_diff;
    sub_sat(rq, task_util_est_bit0(p));
    if (!task_sleep)
        return;
    if (p->enqueued & UTIL_AVG_UNCHANGED_BIT0)
        return;
    ue = *p;
    ue.enqueued = (uint32_t)util | UTIL_AVG_UNCHANGED_BIT0;
    if (ue.ewma < ue.enqueued) { /* UTIL_EST_FASTUP */
        ue.ewma = ue.enqueued;
        goto done;
    }
    last_ewma_diff = (int)(ue.enqueued - ue.ewma);
    if (within_margin(last_ewma_diff, UTIL_EST_MARGIN))
        return;
    if (util > cpu_cap)
        return;
    ue.ewma <<= 2;
    ue.ewma += (uint32_t)last_ewma_diff;
    ue.ewma >>= 2;
done:
    *p = ue;
}

/* util_est_dequeue of v4.17: the sum zeroed when no task remains queued,
 * then the update without FASTUP or capacity check. */
__attribute__((noinline)) void base_util_est_dequeue_4_17(struct base_ue_rq *rq,
                                                          struct base_ue_pair *p,
                                                          unsigned int nr_running, int task_sleep,
                                                          unsigned long util)
{
    struct base_ue_pair ue;
    int last_ewma_diff;
    if (nr_running == 0)
        rq->enqueued = 0;
    else
        sub_sat(rq, task_util_est_bit0(p));
    if (!task_sleep)
        return;
    if (p->enqueued & UTIL_AVG_UNCHANGED_BIT0)
        return;
    ue.enqueued = (uint32_t)util | UTIL_AVG_UNCHANGED_BIT0;
    ue.ewma = p->ewma;
    last_ewma_diff = (int)(ue.enqueued - ue.ewma);
    if (within_margin(last_ewma_diff, UTIL_EST_MARGIN))
        return;
    ue.ewma <<= 2;
    ue.ewma += (uint32_t)last_ewma_diff;
    ue.ewma >>= 2;
    *p = ue;
}
