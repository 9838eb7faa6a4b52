/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of util_est (see main.c). */
#include "api_contract.h"

/* ---- util_est */
DEF(pgov_util_est_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_init(NULL, &w->ecfg);
}
DEF(pgov_util_est_init, 2, PGOV_E2BIG)
{
    w->ecfg.size = 0;
    return snap(w), pgov_util_est_init(&w->erq, &w->ecfg);
}
DEF(pgov_util_est_init, 3, PGOV_E2BIG)
{
    w->ecfg.size = 4;
    return snap(w), pgov_util_est_init(&w->erq, &w->ecfg);
}
DEF(pgov_util_est_init, 4, PGOV_E2BIG)
{
    w->ebig.c = w->ecfg;
    w->ebig.c.size = sizeof(w->ebig);
    w->ebig.extra[1] = 1;
    return snap(w), pgov_util_est_init(&w->erq, &w->ebig.c);
}
DEF(pgov_util_est_init, 5, PGOV_EINVAL)
{
    w->ecfg.flags = 2;
    return snap(w), pgov_util_est_init(&w->erq, &w->ecfg);
}
DEF(pgov_util_est_init, 6, PGOV_EINVAL)
{
    w->ecfg.reserved = 1;
    return snap(w), pgov_util_est_init(&w->erq, &w->ecfg);
}
DEF(pgov_util_est_init, 7, PGOV_ENOTSUP)
{
    w->ecfg.kver = PGOV_KVER(4, 16);
    return snap(w), pgov_util_est_init(&w->erq, &w->ecfg);
}
DEF(pgov_util_est_profile, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_profile(NULL);
}
DEF(pgov_util_est_profile, 2, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_profile(&w->erq);
}
DEF(pgov_util_est_enqueue, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_enqueue(NULL, &w->et);
}
DEF(pgov_util_est_enqueue, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_enqueue(&w->erq, NULL);
}
DEF(pgov_util_est_enqueue, 3, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_enqueue(&w->erq, &w->et);
}
DEF(pgov_util_est_dequeue, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_dequeue(NULL, &w->et, 0);
}
DEF(pgov_util_est_dequeue, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_dequeue(&w->erq, NULL, 0);
}
DEF(pgov_util_est_dequeue, 3, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_dequeue(&w->erq, &w->et, 0);
}
DEF(pgov_util_est_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_update(NULL, &w->et, 1, 100, 100, 1024);
}
DEF(pgov_util_est_update, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_update(&w->erq, NULL, 1, 100, 100, 1024);
}
DEF(pgov_util_est_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_update(&w->erq, &w->et, 2, 100, 100, 1024);
}
DEF(pgov_util_est_update, 4, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_update(&w->erq, &w->et, 1, (uint64_t)PGOV_UTIL_EST_UTIL_MAX + 1,
                                         100, 1024);
}
DEF(pgov_util_est_update, 5, PGOV_EINVAL)
{
    return (w->erq.mode = 0xdead, snap(w)),
           pgov_util_est_update(&w->erq, &w->et, 1, 100, 100, 1024);
}
DEF(pgov_util_est_util_changed, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_util_changed(NULL, &w->et);
}
DEF(pgov_util_est_util_changed, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_util_changed(&w->erq, NULL);
}
DEF(pgov_util_est_util_changed, 3, PGOV_EINVAL)
{
    return (w->erq.mode = 0xdead, snap(w)), pgov_util_est_util_changed(&w->erq, &w->et);
}
DEF(pgov_util_est_task_contrib, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_task_contrib(&w->erq, &w->et, NULL);
}
DEF(pgov_util_est_task_contrib, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_task_contrib(NULL, &w->et, &w->u32);
}
DEF(pgov_util_est_task_contrib, 3, PGOV_EINVAL)
{
    return (w->erq.mode = 0xdead, snap(w)), pgov_util_est_task_contrib(&w->erq, &w->et, &w->u32);
}
DEF(pgov_util_est_task_util_est, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_task_util_est(&w->erq, &w->et, 1, NULL);
}
DEF(pgov_util_est_task_util_est, 2, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_task_util_est(&w->erq, &w->et, 1, &w->u64);
}
DEF(pgov_util_est_cpu_util, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_cpu_util(NULL, 1, 1024, &w->u64);
}
DEF(pgov_util_est_cpu_util, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_cpu_util(&w->erq, 1, 1024, NULL);
}
DEF(pgov_util_est_cpu_util, 3, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_cpu_util(&w->erq, 1, 1024, &w->u64);
}
DEF(pgov_util_est_batch, 1, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_batch(NULL, &w->et, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 2, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_batch(&w->erq, NULL, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 3, PGOV_EINVAL)
{
    w->erq.mode = 0x7777;
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 4, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, NULL, NULL, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 5, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, NULL, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 6, PGOV_EINVAL)
{
    w->uev[1] = 3;
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 7, PGOV_EINVAL)
{
    /* the last step's util is out of range: the first must not run */
    w->uutil[1] = UINT64_C(1) << 31;
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 8, PGOV_EINVAL)
{
    w->usleep[1] = 2;
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 9, PGOV_EINVAL)
{
    w->uidx[1] = 1; /* only one task */
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 1, 2, w->uidx, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}
DEF(pgov_util_est_batch, 10, PGOV_EINVAL)
{
    return snap(w), pgov_util_est_batch(&w->erq, &w->et, 0, 2, NULL, w->uev, w->usleep, w->uutil,
                                        w->urun, w->ucap, NULL, w->utout, w->urqout, w->ucout);
}

static const struct row util_est_rows[] = {
    R(pgov_util_est_init, 1),
    R(pgov_util_est_init, 2),
    R(pgov_util_est_init, 3),
    R(pgov_util_est_init, 4),
    R(pgov_util_est_init, 5),
    R(pgov_util_est_init, 6),
    R(pgov_util_est_init, 7),
    R(pgov_util_est_profile, 1),
    R(pgov_util_est_profile, 2),
    R(pgov_util_est_enqueue, 1),
    R(pgov_util_est_enqueue, 2),
    R(pgov_util_est_enqueue, 3),
    R(pgov_util_est_dequeue, 1),
    R(pgov_util_est_dequeue, 2),
    R(pgov_util_est_dequeue, 3),
    R(pgov_util_est_update, 1),
    R(pgov_util_est_update, 2),
    R(pgov_util_est_update, 3),
    R(pgov_util_est_update, 4),
    R(pgov_util_est_update, 5),
    R(pgov_util_est_util_changed, 1),
    R(pgov_util_est_util_changed, 2),
    R(pgov_util_est_util_changed, 3),
    R(pgov_util_est_task_contrib, 1),
    R(pgov_util_est_task_contrib, 2),
    R(pgov_util_est_task_contrib, 3),
    R(pgov_util_est_task_util_est, 1),
    R(pgov_util_est_task_util_est, 2),
    R(pgov_util_est_cpu_util, 1),
    R(pgov_util_est_cpu_util, 2),
    R(pgov_util_est_cpu_util, 3),
    R(pgov_util_est_batch, 1),
    R(pgov_util_est_batch, 2),
    R(pgov_util_est_batch, 3),
    R(pgov_util_est_batch, 4),
    R(pgov_util_est_batch, 5),
    R(pgov_util_est_batch, 6),
    R(pgov_util_est_batch, 7),
    R(pgov_util_est_batch, 8),
    R(pgov_util_est_batch, 9),
    R(pgov_util_est_batch, 10),
};
ROW_TABLE(util_est);
