/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of pelt (see main.c). */
#include "api_contract.h"

/* ---- pelt */
DEF(pgov_pelt_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_init(NULL, 0, 0);
}
DEF(pgov_pelt_init, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_init(&w->sa, 0, 7);
}
DEF(pgov_pelt_decay, 1, 0)
{
    return snap(w), (int64_t)pgov_pelt_decay(UINT64_MAX, PGOV_PELT_DECAY_CUTOFF + 1);
}
DEF(pgov_pelt_decay, 2, 0xffffffff)
{
    return snap(w), (int64_t)pgov_pelt_decay(UINT64_C(1) << 32, 0);
}
DEF(pgov_pelt_decay_hl, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_decay_hl(0, 1, 1, NULL);
}
DEF(pgov_pelt_decay_hl, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_decay_hl(7, 1, 1, &w->u64);
}
DEF(pgov_pelt_segments, 1, PGOV_PELT_MIN_DIVIDER)
{
    return snap(w), pgov_pelt_segments(UINT64_C(1) << 40, 0, 0);
}
DEF(pgov_pelt_segments, 2, PGOV_PELT_LOAD_AVG_MAX - 1)
{
    return snap(w), pgov_pelt_segments(UINT64_MAX, 0, 1023);
}
DEF(pgov_pelt_segments_hl, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_segments_hl(0, 1, 0, 0, NULL);
}
DEF(pgov_pelt_segments_hl, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_segments_hl(7, 1, 0, 0, &w->u32);
}
DEF(pgov_pelt_divider, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_divider(NULL);
}
DEF(pgov_pelt_divider, 2, PGOV_ENOTSUP)
{
    w->sa.halflife = 7;
    return snap(w), pgov_pelt_divider(&w->sa);
}
DEF(pgov_pelt_divider, 3, PGOV_EINVAL)
{
    w->sa.period_contrib = 1024;
    return snap(w), pgov_pelt_divider(&w->sa);
}
DEF(pgov_pelt_min_divider, 1, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_min_divider(7);
}
DEF(pgov_pelt_update_sums, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_sums(NULL, 1, 1, 1, 1);
}
DEF(pgov_pelt_update_sums, 2, PGOV_EINVAL)
{
    w->sa.period_contrib = 1024;
    return snap(w), pgov_pelt_update_sums(&w->sa, UINT64_C(1) << 30, 1, 1, 1);
}
DEF(pgov_pelt_update_sums, 3, PGOV_ENOTSUP)
{
    w->sa.halflife = 7;
    return snap(w), pgov_pelt_update_sums(&w->sa, UINT64_C(1) << 30, 1, 1, 1);
}
DEF(pgov_pelt_update_avgs, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_avgs(NULL, 1);
}
DEF(pgov_pelt_update_avgs, 2, PGOV_EINVAL)
{
    w->sa.reserved = 1;
    return snap(w), pgov_pelt_update_avgs(&w->sa, 1);
}
DEF(pgov_pelt_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update(NULL, 1, 1, 1, 1, 1);
}
DEF(pgov_pelt_update, 2, PGOV_EINVAL)
{
    w->sa.period_contrib = 5000;
    return snap(w), pgov_pelt_update(&w->sa, UINT64_C(1) << 30, 1, 1, 1, 1);
}
DEF(pgov_pelt_update_task, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_task(NULL, 1, 1, 0, 1, 1024);
}
DEF(pgov_pelt_update_task, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_task(&w->sa, UINT64_C(1) << 30, 2, 0, 1, 1024);
}
DEF(pgov_pelt_update_task, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_task(&w->sa, UINT64_C(1) << 30, 1, 2, 1, 1024);
}
DEF(pgov_pelt_update_task, 4, PGOV_ENOTSUP)
{
    return (w->sa.halflife = 7, snap(w)),
           pgov_pelt_update_task(&w->sa, UINT64_C(1) << 30, 1, 0, 1, 1024);
}
DEF(pgov_pelt_update_group_se, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_group_se(NULL, 1, 1, 1, 1, 1024);
}
DEF(pgov_pelt_update_group_se, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_group_se(&w->sa, UINT64_C(1) << 30, 2, 1, 1, 1024);
}
DEF(pgov_pelt_update_group_se, 3, PGOV_EINVAL)
{
    return (w->sa.period_contrib = 1024, snap(w)),
           pgov_pelt_update_group_se(&w->sa, UINT64_C(1) << 30, 1, 1, 1, 1024);
}
DEF(pgov_pelt_update_blocked_se, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_blocked_se(NULL, 1, 1024);
}
DEF(pgov_pelt_update_blocked_se, 2, PGOV_ENOTSUP)
{
    w->sa.halflife = 7;
    return snap(w), pgov_pelt_update_blocked_se(&w->sa, UINT64_C(1) << 30, 1024);
}
DEF(pgov_pelt_update_cfs_rq, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_cfs_rq(NULL, 1, 1, 1, 1);
}
DEF(pgov_pelt_update_cfs_rq, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_cfs_rq(&w->cfs, UINT64_C(1) << 30, 1024, 1, 2);
}
DEF(pgov_pelt_update_cfs_rq, 3, PGOV_EINVAL)
{
    return (w->cfs.reserved = 3, snap(w)),
           pgov_pelt_update_cfs_rq(&w->cfs, UINT64_C(1) << 30, 1024, 1, 1);
}
DEF(pgov_pelt_update_rt, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_rt(NULL, 1, 1);
}
DEF(pgov_pelt_update_rt, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_rt(&w->sa, UINT64_C(1) << 30, 2);
}
DEF(pgov_pelt_update_rt, 3, PGOV_ENOTSUP)
{
    return (w->sa.halflife = 7, snap(w)), pgov_pelt_update_rt(&w->sa, UINT64_C(1) << 30, 1);
}
DEF(pgov_pelt_update_dl, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_dl(NULL, 1, 1);
}
DEF(pgov_pelt_update_dl, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_dl(&w->sa, UINT64_C(1) << 30, 2);
}
DEF(pgov_pelt_update_dl, 3, PGOV_ENOTSUP)
{
    return (w->sa.halflife = 7, snap(w)), pgov_pelt_update_dl(&w->sa, UINT64_C(1) << 30, 1);
}
DEF(pgov_pelt_update_hw_pressure, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_hw_pressure(NULL, 1, 1);
}
DEF(pgov_pelt_update_hw_pressure, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_hw_pressure(&w->sa, UINT64_C(1) << 30, 1025);
}
DEF(pgov_pelt_update_hw_pressure, 3, PGOV_EINVAL)
{
    return (w->sa.period_contrib = 1024, snap(w)),
           pgov_pelt_update_hw_pressure(&w->sa, UINT64_C(1) << 30, 1);
}
DEF(pgov_pelt_update_irq, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_irq(NULL, 1, 1, 1024, 1024);
}
DEF(pgov_pelt_update_irq, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_irq(&w->sa, UINT64_C(1) << 30, 1000, 1025, 1024);
}
DEF(pgov_pelt_update_irq, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_update_irq(&w->sa, UINT64_C(1) << 30, 1000, 1024, 1025);
}
DEF(pgov_pelt_update_irq, 4, PGOV_ENOTSUP)
{
    return (w->sa.halflife = 7, snap(w)),
           pgov_pelt_update_irq(&w->sa, UINT64_C(1) << 30, 1000, 1024, 1024);
}
DEF(pgov_pelt_clock_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_init(NULL, 0, 0);
}
DEF(pgov_pelt_clock_init, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_clock_init(&w->clk, 0, 3);
}
DEF(pgov_pelt_clock_init, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_clock_init(&w->clk, 0, 8);
}
DEF(pgov_pelt_clock_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_update(NULL, 1, 0, 1024, 1024);
}
DEF(pgov_pelt_clock_update, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_update(&w->clk, 1000, 2, 1024, 1024);
}
DEF(pgov_pelt_clock_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_update(&w->clk, 1000, 0, 1025, 1024);
}
DEF(pgov_pelt_clock_update, 4, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_update(&w->clk, 1000, 0, 1024, 1025);
}
DEF(pgov_pelt_clock_update, 5, PGOV_EINVAL)
{
    w->clk.reserved = 1;
    return snap(w), pgov_pelt_clock_update(&w->clk, 1000, 0, 1024, 1024);
}
DEF(pgov_pelt_clock_idle, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_idle(NULL, 0);
}
DEF(pgov_pelt_clock_idle, 2, PGOV_EINVAL)
{
    w->clk.multiplier = 3;
    return snap(w), pgov_pelt_clock_idle(&w->clk, 0);
}
DEF(pgov_pelt_clock_now, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_now(NULL, &w->u64);
}
DEF(pgov_pelt_clock_now, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_clock_now(&w->clk, NULL);
}
DEF(pgov_pelt_clock_now, 3, PGOV_EINVAL)
{
    w->clk.reserved = 1;
    return snap(w), pgov_pelt_clock_now(&w->clk, &w->u64);
}
DEF(pgov_pelt_init_task, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_init_task(NULL, 1024, 0);
}
DEF(pgov_pelt_init_task, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_init_task(&w->sa, 1024, 9);
}
DEF(pgov_pelt_post_init_task, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_post_init_task(NULL, &w->cfs, 1024, 1024);
}
DEF(pgov_pelt_post_init_task, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_post_init_task(&w->sa, NULL, 1024, 1024);
}
DEF(pgov_pelt_post_init_task, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_post_init_task(&w->sa, &w->cfs, 0, 1024);
}
DEF(pgov_pelt_post_init_task, 4, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_post_init_task(&w->sa, &w->cfs, 1025, 1024);
}
DEF(pgov_pelt_post_init_task, 5, PGOV_EINVAL)
{
    return (w->cfs.period_contrib = 1024, snap(w)),
           pgov_pelt_post_init_task(&w->sa, &w->cfs, 1024, 1024);
}
DEF(pgov_pelt_attach, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_attach(NULL, &w->sa, 1024);
}
DEF(pgov_pelt_attach, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_attach(&w->cfs, NULL, 1024);
}
DEF(pgov_pelt_attach, 3, PGOV_EINVAL)
{
    w->sa.halflife = 16;
    return snap(w), pgov_pelt_attach(&w->cfs, &w->sa, 1024);
}
DEF(pgov_pelt_attach, 4, PGOV_EINVAL)
{
    return (w->cfs.period_contrib = 1024, snap(w)), pgov_pelt_attach(&w->cfs, &w->sa, 1024);
}
DEF(pgov_pelt_detach, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_detach(NULL, &w->sa, 1024);
}
DEF(pgov_pelt_detach, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_detach(&w->cfs, NULL, 1024);
}
DEF(pgov_pelt_detach, 3, PGOV_EINVAL)
{
    w->sa.halflife = 16;
    return snap(w), pgov_pelt_detach(&w->cfs, &w->sa, 1024);
}
DEF(pgov_pelt_detach, 4, PGOV_EINVAL)
{
    return (w->cfs.reserved = 1, snap(w)), pgov_pelt_detach(&w->cfs, &w->sa, 1024);
}
DEF(pgov_pelt_remove, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_remove(NULL, 1, 1, 1);
}
DEF(pgov_pelt_remove, 2, PGOV_EINVAL)
{
    w->cfs.reserved = 1;
    return snap(w), pgov_pelt_remove(&w->cfs, 1, 1, 1);
}
DEF(pgov_pelt_batch, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_batch(NULL, 0, 2, w->bnow, w->bload, w->brunnable, w->brunning,
                                    w->bweight, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 2, PGOV_ENOTSUP)
{
    w->sa.halflife = 7;
    return snap(w), pgov_pelt_batch(&w->sa, 0, 2, w->bnow, w->bload, w->brunnable, w->brunning,
                                    w->bweight, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 3, PGOV_EINVAL)
{
    w->sa.period_contrib = 1024;
    return snap(w), pgov_pelt_batch(&w->sa, 0, 2, w->bnow, w->bload, w->brunnable, w->brunning,
                                    w->bweight, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 4, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_batch(&w->sa, PGOV_PELT_FLAVOUR_DL + 1, 2, w->bnow, w->bload,
                                    w->brunnable, w->brunning, w->bweight, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 5, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_batch(&w->sa, PGOV_PELT_FLAVOUR_TASK, 2, w->bnow, w->bload,
                                    w->brunnable, w->brunning, NULL, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 6, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_batch(&w->sa, PGOV_PELT_FLAVOUR_ENTITY, 2, w->bnow, w->bload,
                                    w->brunnable, w->brunning, w->bweight, NULL, w->brec);
}
DEF(pgov_pelt_batch, 7, PGOV_EINVAL)
{
    /* the last step's flag is out of range: the first step must not run */
    w->bload[1] = 2;
    return snap(w), pgov_pelt_batch(&w->sa, PGOV_PELT_FLAVOUR_TASK, 2, w->bnow, w->bload,
                                    w->brunnable, w->brunning, w->bweight, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 8, PGOV_EINVAL)
{
    w->brunning[1] = 2;
    return snap(w), pgov_pelt_batch(&w->sa, PGOV_PELT_FLAVOUR_RT, 2, w->bnow, NULL, NULL,
                                    w->brunning, NULL, w->bout, w->brec);
}
DEF(pgov_pelt_batch, 9, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_batch(&w->sa, PGOV_PELT_FLAVOUR_CFS_RQ, 2, w->bnow, w->bload, NULL,
                                    w->brunning, NULL, w->bout, w->brec);
}
DEF(pgov_pelt_detach_kv, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_detach_kv(&w->cfs, NULL, 1024, 0);
}
DEF(pgov_pelt_detach_kv, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_detach_kv(&w->cfs, &w->sa, 1024, PGOV_KVER_5_12);
}
DEF(pgov_pelt_detach_kv, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_detach_kv(&w->cfs, &w->cfs, 1024, 0);
}
DEF(pgov_pelt_remove_kv, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_remove_kv(NULL, 1, 1, 1, 0);
}
DEF(pgov_pelt_remove_kv, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_remove_kv(&w->cfs, 1, 1, 1, PGOV_KVER(9, 0));
}

static const struct row pelt_rows[] = {
    R(pgov_pelt_init, 1),
    R(pgov_pelt_init, 2),
    R(pgov_pelt_decay, 1),
    R(pgov_pelt_decay, 2),
    R(pgov_pelt_decay_hl, 1),
    R(pgov_pelt_decay_hl, 2),
    R(pgov_pelt_segments, 1),
    R(pgov_pelt_segments, 2),
    R(pgov_pelt_segments_hl, 1),
    R(pgov_pelt_segments_hl, 2),
    R(pgov_pelt_divider, 1),
    R(pgov_pelt_divider, 2),
    R(pgov_pelt_divider, 3),
    R(pgov_pelt_min_divider, 1),
    R(pgov_pelt_update_sums, 1),
    R(pgov_pelt_update_sums, 2),
    R(pgov_pelt_update_sums, 3),
    R(pgov_pelt_update_avgs, 1),
    R(pgov_pelt_update_avgs, 2),
    R(pgov_pelt_update, 1),
    R(pgov_pelt_update, 2),
    R(pgov_pelt_update_task, 1),
    R(pgov_pelt_update_task, 2),
    R(pgov_pelt_update_task, 3),
    R(pgov_pelt_update_task, 4),
    R(pgov_pelt_update_group_se, 1),
    R(pgov_pelt_update_group_se, 2),
    R(pgov_pelt_update_group_se, 3),
    R(pgov_pelt_update_blocked_se, 1),
    R(pgov_pelt_update_blocked_se, 2),
    R(pgov_pelt_update_cfs_rq, 1),
    R(pgov_pelt_update_cfs_rq, 2),
    R(pgov_pelt_update_cfs_rq, 3),
    R(pgov_pelt_update_rt, 1),
    R(pgov_pelt_update_rt, 2),
    R(pgov_pelt_update_rt, 3),
    R(pgov_pelt_update_dl, 1),
    R(pgov_pelt_update_dl, 2),
    R(pgov_pelt_update_dl, 3),
    R(pgov_pelt_update_hw_pressure, 1),
    R(pgov_pelt_update_hw_pressure, 2),
    R(pgov_pelt_update_hw_pressure, 3),
    R(pgov_pelt_update_irq, 1),
    R(pgov_pelt_update_irq, 2),
    R(pgov_pelt_update_irq, 3),
    R(pgov_pelt_update_irq, 4),
    R(pgov_pelt_clock_init, 1),
    R(pgov_pelt_clock_init, 2),
    R(pgov_pelt_clock_init, 3),
    R(pgov_pelt_clock_update, 1),
    R(pgov_pelt_clock_update, 2),
    R(pgov_pelt_clock_update, 3),
    R(pgov_pelt_clock_update, 4),
    R(pgov_pelt_clock_update, 5),
    R(pgov_pelt_clock_idle, 1),
    R(pgov_pelt_clock_idle, 2),
    R(pgov_pelt_clock_now, 1),
    R(pgov_pelt_clock_now, 2),
    R(pgov_pelt_clock_now, 3),
    R(pgov_pelt_init_task, 1),
    R(pgov_pelt_init_task, 2),
    R(pgov_pelt_post_init_task, 1),
    R(pgov_pelt_post_init_task, 2),
    R(pgov_pelt_post_init_task, 3),
    R(pgov_pelt_post_init_task, 4),
    R(pgov_pelt_post_init_task, 5),
    R(pgov_pelt_attach, 1),
    R(pgov_pelt_attach, 2),
    R(pgov_pelt_attach, 3),
    R(pgov_pelt_attach, 4),
    R(pgov_pelt_detach, 1),
    R(pgov_pelt_detach, 2),
    R(pgov_pelt_detach, 3),
    R(pgov_pelt_detach, 4),
    R(pgov_pelt_remove, 1),
    R(pgov_pelt_remove, 2),
    R(pgov_pelt_batch, 1),
    R(pgov_pelt_batch, 2),
    R(pgov_pelt_batch, 3),
    R(pgov_pelt_batch, 4),
    R(pgov_pelt_batch, 5),
    R(pgov_pelt_batch, 6),
    R(pgov_pelt_batch, 7),
    R(pgov_pelt_batch, 8),
    R(pgov_pelt_batch, 9),
    R(pgov_pelt_detach_kv, 1),
    R(pgov_pelt_detach_kv, 2),
    R(pgov_pelt_detach_kv, 3),
    R(pgov_pelt_remove_kv, 1),
    R(pgov_pelt_remove_kv, 2),
};
ROW_TABLE(pelt);
