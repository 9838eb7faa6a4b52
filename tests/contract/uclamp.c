/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of uclamp (see main.c). */
#include "api_contract.h"

/* ---- uclamp */
DEF(pgov_uclamp_bucket_delta, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_bucket_delta(5, NULL);
}
DEF(pgov_uclamp_bucket_delta, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_bucket_delta(4, &w->u32);
}
DEF(pgov_uclamp_bucket_delta, 3, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_bucket_delta(21, &w->u32);
}
DEF(pgov_uclamp_bucket_id, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_bucket_id(5, 0, 0, NULL);
}
DEF(pgov_uclamp_bucket_id, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_bucket_id(4, 0, 0, &w->u32);
}
DEF(pgov_uclamp_bucket_id, 3, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_bucket_id(5, 0, 1025, &w->u32);
}
DEF(pgov_uclamp_bucket_id, 4, PGOV_ENOTSUP)
{
    return snap(w), pgov_uclamp_bucket_id(5, PGOV_KVER(5, 2), 0, &w->u32);
}
DEF(pgov_uclamp_rq_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_init(NULL, 0, 5);
}
DEF(pgov_uclamp_rq_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_init(&w->urq, 0, 21);
}
DEF(pgov_uclamp_rq_init, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_uclamp_rq_init(&w->urq, PGOV_KVER(5, 2), 5);
}
DEF(pgov_uclamp_rq_init, 4, PGOV_ENOTSUP)
{
    return snap(w), pgov_uclamp_rq_init(&w->urq, PGOV_KVER(99, 0), 5);
}
DEF(pgov_uclamp_task_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_init(NULL, 0);
}
DEF(pgov_uclamp_task_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_init(&w->ut, 8);
}
DEF(pgov_uclamp_task_set, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_set(NULL, PGOV_UCLAMP_SET_MIN, 0, 0);
}
DEF(pgov_uclamp_task_set, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_set(&w->ut, 4, 0, 0);
}
DEF(pgov_uclamp_task_set, 3, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_set(&w->ut, PGOV_UCLAMP_SET_MIN, 1025, 0);
}
DEF(pgov_uclamp_task_set, 4, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_set(&w->ut, PGOV_UCLAMP_SET_MAX, 0, -2);
}
DEF(pgov_uclamp_task_set, 5, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_set(&w->ut, 3, 800, 400);
}
DEF(pgov_uclamp_task_set_rt, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_set_rt(NULL, true);
}
DEF(pgov_uclamp_task_set_rt, 2, PGOV_EINVAL)
{
    return (w->ut.req_flags = 0x80, snap(w)), pgov_uclamp_task_set_rt(&w->ut, true);
}
DEF(pgov_uclamp_tg_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_tg_init(NULL, NULL);
}
DEF(pgov_uclamp_tg_init, 2, PGOV_EINVAL)
{
    w->utgp.eff[0] = 2000;
    return snap(w), pgov_uclamp_tg_init(&w->utg, &w->utgp);
}
DEF(pgov_uclamp_tg_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_tg_update(NULL, NULL, 0, 1024);
}
DEF(pgov_uclamp_tg_update, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_tg_update(&w->utg, &w->utgp, 1025, 1024);
}
DEF(pgov_uclamp_tg_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_tg_update(&w->utg, NULL, 0, 1025);
}
DEF(pgov_uclamp_tg_update, 4, PGOV_EINVAL)
{
    return (w->utgp.eff[1] = 2000, snap(w)), pgov_uclamp_tg_update(&w->utg, &w->utgp, 0, 1024);
}
DEF(pgov_uclamp_eff_get, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_eff_get(NULL, 0, NULL, w->eff);
}
DEF(pgov_uclamp_eff_get, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_eff_get(&w->ut, 0, NULL, NULL);
}
DEF(pgov_uclamp_eff_get, 3, PGOV_EINVAL)
{
    w->ulim.flags = 0x80;
    return snap(w), pgov_uclamp_eff_get(&w->ut, 0, &w->ulim, w->eff);
}
DEF(pgov_uclamp_eff_get, 4, PGOV_EINVAL)
{
    w->ulim.flags = PGOV_UCLAMP_LIM_SYS;
    w->ulim.sys_min = 900;
    w->ulim.sys_max = 100;
    return snap(w), pgov_uclamp_eff_get(&w->ut, 0, &w->ulim, w->eff);
}
DEF(pgov_uclamp_eff_get, 5, PGOV_ENOTSUP)
{
    return snap(w), pgov_uclamp_eff_get(&w->ut, PGOV_KVER(5, 2), NULL, w->eff);
}
DEF(pgov_uclamp_eff_get, 6, PGOV_EINVAL)
{
    w->ut.req[0] = 2000;
    return snap(w), pgov_uclamp_eff_get(&w->ut, 0, NULL, w->eff);
}
DEF(pgov_uclamp_rq_inc, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_inc(NULL, &w->ut, NULL);
}
DEF(pgov_uclamp_rq_inc, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_inc(&w->urq, NULL, NULL);
}
DEF(pgov_uclamp_rq_inc, 3, PGOV_EINVAL)
{
    w->ulim.flags = PGOV_UCLAMP_LIM_TG;
    w->ulim.tg_min = 2000;
    w->ulim.tg_max = 1024;
    return snap(w), pgov_uclamp_rq_inc(&w->urq, &w->ut, &w->ulim);
}
DEF(pgov_uclamp_rq_inc, 4, PGOV_EINVAL)
{
    w->ut.req[1] = 2000;
    return snap(w), pgov_uclamp_rq_inc(&w->urq, &w->ut, NULL);
}
DEF(pgov_uclamp_rq_inc, 5, PGOV_EINVAL)
{
    w->urq.nbuckets = 30;
    return snap(w), pgov_uclamp_rq_inc(&w->urq, &w->ut, NULL);
}
/* A runqueue whose private fields init did not write (issue 30): the
 * straight-line enqueue would index bucket min(v * mul >> 20, bmax) = 60 of
 * 21. */
DEF(pgov_uclamp_rq_inc, 6, PGOV_EINVAL)
{
    w->urq.bmax = 60;
    w->urq.mul = 0xffff;
    w->ut.req[PGOV_UCLAMP_MIN] = w->ut.req[PGOV_UCLAMP_MAX] = 1024;
    w->ut.req_flags = PGOV_UCLAMP_TASK_USER_MIN | PGOV_UCLAMP_TASK_USER_MAX;
    return snap(w), pgov_uclamp_rq_inc(&w->urq, &w->ut, NULL);
}
/* The dequeue check words (chk_x, chk_l) as pgov_uclamp_rq_init() writes
 * them for an open gate, with every bucket lane's limit raised to 0x7f: a
 * task whose bucket ids pass them but lie past the runqueue's buckets. */
#define UC_CHK_X (~(UINT64_C(3) << 48))
#define UC_CHK_L_FORGED (1024u | UINT64_C(1024) << 16 | UINT64_C(0x7f7f) << 32)
DEF(pgov_uclamp_rq_dec, 5, PGOV_EINVAL)
{
    w->urq.chk_l = UC_CHK_L_FORGED;
    w->uta.bucket[PGOV_UCLAMP_MIN] = 56;
    return snap(w), pgov_uclamp_rq_dec(&w->urq, &w->uta);
}
/* The case: a runqueue pgov_uclamp_rq_init() never saw (zeroes but
 * an in-range bucket count and check words that let the task through). */
DEF(pgov_uclamp_rq_dec, 6, PGOV_EINVAL)
{
    memset(&w->urq, 0, sizeof(w->urq));
    w->urq.nbuckets = 5;
    w->urq.chk_x = UC_CHK_X;
    w->urq.chk_l = UC_CHK_L_FORGED;
    w->uta.bucket[PGOV_UCLAMP_MAX] = 56;
    return snap(w), pgov_uclamp_rq_dec(&w->urq, &w->uta);
}
DEF(pgov_uclamp_rq_dec, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_dec(NULL, &w->uta);
}
DEF(pgov_uclamp_rq_dec, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_dec(&w->urq, NULL);
}
DEF(pgov_uclamp_rq_dec, 3, PGOV_EINVAL)
{
    w->uta.bucket[0] = 25;
    return snap(w), pgov_uclamp_rq_dec(&w->urq, &w->uta);
}
DEF(pgov_uclamp_rq_dec, 4, PGOV_EINVAL)
{
    return (w->uta.value[1] = 2000, snap(w)), pgov_uclamp_rq_dec(&w->urq, &w->uta);
}
DEF(pgov_uclamp_rq_update_active, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_update_active(NULL, &w->uta, NULL);
}
DEF(pgov_uclamp_rq_update_active, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_update_active(&w->urq, NULL, NULL);
}
DEF(pgov_uclamp_rq_update_active, 3, PGOV_EINVAL)
{
    w->ulim.flags = 0x80;
    return snap(w), pgov_uclamp_rq_update_active(&w->urq, &w->uta, &w->ulim);
}
DEF(pgov_uclamp_rq_update_active, 4, PGOV_EINVAL)
{
    return (w->uta.req[0] = 2000, snap(w)), pgov_uclamp_rq_update_active(&w->urq, &w->uta, NULL);
}
DEF(pgov_uclamp_rq_bucket, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_bucket(NULL, 0, 0, &w->u32, &w->u32b);
}
DEF(pgov_uclamp_rq_bucket, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_bucket(&w->urq, 2, 0, &w->u32, &w->u32b);
}
DEF(pgov_uclamp_rq_bucket, 3, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_bucket(&w->urq, 0, 6, &w->u32, &w->u32b);
}
DEF(pgov_uclamp_rq_bucket, 4, PGOV_EINVAL)
{
    return (w->urq.nbuckets = 30, snap(w)), pgov_uclamp_rq_bucket(&w->urq, 0, 0, &w->u32, &w->u32b);
}
DEF(pgov_uclamp_rq_util_with, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_util_with(NULL, 0, 100, NULL, NULL, &w->u32);
}
DEF(pgov_uclamp_rq_util_with, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_rq_util_with(&w->urq, 0, 100, NULL, NULL, NULL);
}
DEF(pgov_uclamp_rq_util_with, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_uclamp_rq_util_with(&w->urq, PGOV_KVER(5, 2), 100, NULL, NULL, &w->u32);
}
DEF(pgov_uclamp_rq_util_with, 4, PGOV_EINVAL)
{
    w->ulim.flags = 0x80;
    return snap(w), pgov_uclamp_rq_util_with(&w->urq, 0, 100, &w->ut, &w->ulim, &w->u32);
}
DEF(pgov_uclamp_rq_util_with, 5, PGOV_EINVAL)
{
    return (w->urq.nbuckets = 30, snap(w)),
           pgov_uclamp_rq_util_with(&w->urq, 0, 100, NULL, NULL, &w->u32);
}
DEF(pgov_uclamp_effective_perf, 1, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_effective_perf(NULL, 100, 0, 1024, &w->u32, NULL, NULL);
}
DEF(pgov_uclamp_effective_perf, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_effective_perf(&w->urq, 100, 0, 1024, NULL, NULL, NULL);
}

/* ---- uclamp batch */
#define UB(kv, nb, tasks, nt, idx, ev, lim)                                                      \
    pgov_uclamp_batch(kv, nb, tasks, nt, 2, idx, ev, lim, w->ubutil, w->ubmin, w->ubmax,         \
                      w->ubuout, NULL)
static void ub_inputs(struct world *w)
{
    assert_int_equal(pgov_uclamp_task_init(&w->ubt[0], 0), PGOV_OK);
    w->ubidx[0] = w->ubidx[1] = 0;
    w->ubev[0] = PGOV_UCLAMP_EV_ENQUEUE;
    w->ubev[1] = PGOV_UCLAMP_EV_DEQUEUE;
    w->ubutil[0] = w->ubutil[1] = 300;
}
DEF(pgov_uclamp_batch, 1, PGOV_EINVAL)
{
    ub_inputs(w);
    return snap(w), UB(0, 0, NULL, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 2, PGOV_EINVAL)
{
    ub_inputs(w);
    return snap(w), UB(0, 4, w->ubt, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 3, PGOV_ENOTSUP)
{
    ub_inputs(w);
    return snap(w), UB(PGOV_KVER(5, 2), 0, w->ubt, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 4, PGOV_EINVAL)
{
    ub_inputs(w);
    w->ubidx[1] = 1; /* the second step's: the first must not have run */
    return snap(w), UB(0, 0, w->ubt, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 5, PGOV_EINVAL)
{
    ub_inputs(w);
    w->ubev[1] = 2;
    return snap(w), UB(0, 0, w->ubt, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 6, PGOV_EINVAL)
{
    ub_inputs(w);
    w->ubt[0].active = 1;
    return snap(w), UB(0, 0, w->ubt, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 7, PGOV_EINVAL)
{
    ub_inputs(w);
    w->ubt[0].req[PGOV_UCLAMP_MAX] = 2000;
    return snap(w), UB(0, 0, w->ubt, 1, w->ubidx, w->ubev, NULL);
}
DEF(pgov_uclamp_batch, 8, PGOV_EINVAL)
{
    ub_inputs(w);
    return snap(w), UB(0, 0, w->ubt, 1, NULL, w->ubev, NULL);
}

static const struct row uclamp_rows[] = {
    R(pgov_uclamp_batch, 1),
    R(pgov_uclamp_batch, 2),
    R(pgov_uclamp_batch, 3),
    R(pgov_uclamp_batch, 4),
    R(pgov_uclamp_batch, 5),
    R(pgov_uclamp_batch, 6),
    R(pgov_uclamp_batch, 7),
    R(pgov_uclamp_batch, 8),
    R(pgov_uclamp_bucket_delta, 1),
    R(pgov_uclamp_bucket_delta, 2),
    R(pgov_uclamp_bucket_delta, 3),
    R(pgov_uclamp_bucket_id, 1),
    R(pgov_uclamp_bucket_id, 2),
    R(pgov_uclamp_bucket_id, 3),
    R(pgov_uclamp_bucket_id, 4),
    R(pgov_uclamp_rq_init, 1),
    R(pgov_uclamp_rq_init, 2),
    R(pgov_uclamp_rq_init, 3),
    R(pgov_uclamp_rq_init, 4),
    R(pgov_uclamp_task_init, 1),
    R(pgov_uclamp_task_init, 2),
    R(pgov_uclamp_task_set, 1),
    R(pgov_uclamp_task_set, 2),
    R(pgov_uclamp_task_set, 3),
    R(pgov_uclamp_task_set, 4),
    R(pgov_uclamp_task_set, 5),
    R(pgov_uclamp_task_set_rt, 1),
    R(pgov_uclamp_task_set_rt, 2),
    R(pgov_uclamp_tg_init, 1),
    R(pgov_uclamp_tg_init, 2),
    R(pgov_uclamp_tg_update, 1),
    R(pgov_uclamp_tg_update, 2),
    R(pgov_uclamp_tg_update, 3),
    R(pgov_uclamp_tg_update, 4),
    R(pgov_uclamp_eff_get, 1),
    R(pgov_uclamp_eff_get, 2),
    R(pgov_uclamp_eff_get, 3),
    R(pgov_uclamp_eff_get, 4),
    R(pgov_uclamp_eff_get, 5),
    R(pgov_uclamp_eff_get, 6),
    R(pgov_uclamp_rq_inc, 1),
    R(pgov_uclamp_rq_inc, 2),
    R(pgov_uclamp_rq_inc, 3),
    R(pgov_uclamp_rq_inc, 4),
    R(pgov_uclamp_rq_inc, 5),
    R(pgov_uclamp_rq_inc, 6),
    R(pgov_uclamp_rq_dec, 1),
    R(pgov_uclamp_rq_dec, 2),
    R(pgov_uclamp_rq_dec, 3),
    R(pgov_uclamp_rq_dec, 4),
    R(pgov_uclamp_rq_dec, 5),
    R(pgov_uclamp_rq_dec, 6),
    R(pgov_uclamp_rq_update_active, 1),
    R(pgov_uclamp_rq_update_active, 2),
    R(pgov_uclamp_rq_update_active, 3),
    R(pgov_uclamp_rq_update_active, 4),
    R(pgov_uclamp_rq_bucket, 1),
    R(pgov_uclamp_rq_bucket, 2),
    R(pgov_uclamp_rq_bucket, 3),
    R(pgov_uclamp_rq_bucket, 4),
    R(pgov_uclamp_rq_util_with, 1),
    R(pgov_uclamp_rq_util_with, 2),
    R(pgov_uclamp_rq_util_with, 3),
    R(pgov_uclamp_rq_util_with, 4),
    R(pgov_uclamp_rq_util_with, 5),
    R(pgov_uclamp_effective_perf, 1),
    R(pgov_uclamp_effective_perf, 2),
};
ROW_TABLE(uclamp);
