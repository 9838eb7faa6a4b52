/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of pelt_group (see main.c): every error leaves the world as it was. */
#include "api_contract.h"

#define K61 PGOV_KVER_6_1
#define KOLD PGOV_KVER(5, 15)

DEF(pgov_pelt_group_cfs_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_cfs_init(NULL, 0);
}
DEF(pgov_pelt_group_cfs_init, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_cfs_init(&w->grq, 7);
}
DEF(pgov_pelt_group_se_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_se_init(&w->gtask, 0, 0, 0);
}
DEF(pgov_pelt_group_se_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_se_init(&w->gtask, 1024, 2, 0);
}
DEF(pgov_pelt_group_se_init, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_se_init(&w->gtask, 1024, 0, 7);
}
DEF(pgov_pelt_group_post_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_post_init(0, &w->gse, &w->grt, 1024);
}
DEF(pgov_pelt_group_post_init, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_post_init(KOLD, &w->gtask, &w->grq, 1024);
}
DEF(pgov_pelt_group_post_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_post_init(0, &w->gtask, &w->grq, 0);
}
DEF(pgov_pelt_group_attach, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_attach(0, NULL, &w->gtask);
}
DEF(pgov_pelt_group_attach, 2, PGOV_EINVAL)
{
    w->gtask.on_rq = 2;
    return snap(w), pgov_pelt_group_attach(0, &w->grq, &w->gtask);
}
DEF(pgov_pelt_group_attach, 3, PGOV_EINVAL)
{
    w->gtask.avg.halflife = 16;
    return snap(w), pgov_pelt_group_attach(0, &w->grq, &w->gtask);
}
DEF(pgov_pelt_group_detach, 1, PGOV_EINVAL)
{
    w->grq.reserved = 1;
    return snap(w), pgov_pelt_group_detach(0, &w->grq, &w->gtask);
}
DEF(pgov_pelt_group_detach, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_detach(PGOV_KVER(99, 0), &w->grq, &w->gtask);
}
DEF(pgov_pelt_group_remove, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_remove(&w->grq, NULL);
}
DEF(pgov_pelt_group_remove, 2, PGOV_EINVAL)
{
    w->grq.avg.period_contrib = 1024;
    return snap(w), pgov_pelt_group_remove(&w->grq, &w->gtask);
}
DEF(pgov_pelt_group_update_cfs, 1, PGOV_EINVAL)
{
    w->grq.has_curr = 2;
    return snap(w), pgov_pelt_group_update_cfs(0, &w->grq, 9000000);
}
DEF(pgov_pelt_group_update_cfs, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_update_cfs(KOLD, &w->grq, 9000000);
}
DEF(pgov_pelt_group_propagate, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_propagate(0, &w->grt, &w->gtask, &w->grq);
}
DEF(pgov_pelt_group_propagate, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_propagate(0, &w->grt, &w->gse, &w->grt);
}
DEF(pgov_pelt_group_propagate, 3, PGOV_EINVAL)
{
    w->grq.propagate = 2;
    return snap(w), pgov_pelt_group_propagate(0, &w->grt, &w->gse, &w->grq);
}
DEF(pgov_pelt_group_update_load_avg, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_update_load_avg(0, &w->grt, &w->gse, NULL, 9000000, 0);
}
DEF(pgov_pelt_group_update_load_avg, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_update_load_avg(0, &w->grq, &w->gtask, NULL, 9000000, 16);
}
DEF(pgov_pelt_group_update_load_avg, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_update_load_avg(KOLD, &w->grq, &w->gtask, NULL, 9000000, 1);
}
DEF(pgov_pelt_group_shares, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_shares(0, &w->gtg, &w->grq, NULL);
}
DEF(pgov_pelt_group_shares, 2, PGOV_EINVAL)
{
    w->gtg.mode = 6;
    return snap(w), pgov_pelt_group_shares(0, &w->gtg, &w->grq, &w->u64);
}
DEF(pgov_pelt_group_reweight, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_reweight(0, &w->grq, &w->gtask, 0);
}
DEF(pgov_pelt_group_reweight, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_reweight(KOLD, &w->grq, &w->gtask, 2048);
}
DEF(pgov_pelt_group_update_shares, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_update_shares(0, &w->grt, &w->gse, &w->grq, NULL);
}
DEF(pgov_pelt_group_update_shares, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_update_shares(0, &w->grt, &w->gse, NULL, &w->gtg);
}
DEF(pgov_pelt_group_update_shares, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_update_shares(K61, &w->grt, &w->gse, &w->grt, &w->gtg);
}
DEF(pgov_pelt_group_update_tg, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_update_tg(0, NULL, &w->grq, 9000000);
}
DEF(pgov_pelt_group_update_tg, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_update_tg(KOLD, &w->gtg, &w->grq, 9000000);
}
DEF(pgov_pelt_group_blocked, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_blocked(0, &w->grq, &w->gse, NULL, 9000000);
}
DEF(pgov_pelt_group_blocked, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_blocked(0, &w->grq, &w->gtask, &w->grt, 9000000);
}
DEF(pgov_pelt_group_blocked, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_group_blocked(KOLD, &w->grt, NULL, NULL, 9000000);
}
DEF(pgov_pelt_group_cfs_decayed, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pelt_group_cfs_decayed(0, NULL);
}
DEF(pgov_pelt_group_cfs_decayed, 2, 0)
{
    return snap(w), pgov_pelt_group_cfs_decayed(0, &w->grq);
}

static const struct row pelt_group_rows[] = {
    R(pgov_pelt_group_cfs_init, 1),        R(pgov_pelt_group_cfs_init, 2),
    R(pgov_pelt_group_se_init, 1),         R(pgov_pelt_group_se_init, 2),
    R(pgov_pelt_group_se_init, 3),         R(pgov_pelt_group_post_init, 1),
    R(pgov_pelt_group_post_init, 2),       R(pgov_pelt_group_post_init, 3),
    R(pgov_pelt_group_attach, 1),          R(pgov_pelt_group_attach, 2),
    R(pgov_pelt_group_attach, 3),          R(pgov_pelt_group_detach, 1),
    R(pgov_pelt_group_detach, 2),          R(pgov_pelt_group_remove, 1),
    R(pgov_pelt_group_remove, 2),          R(pgov_pelt_group_update_cfs, 1),
    R(pgov_pelt_group_update_cfs, 2),      R(pgov_pelt_group_propagate, 1),
    R(pgov_pelt_group_propagate, 2),       R(pgov_pelt_group_propagate, 3),
    R(pgov_pelt_group_update_load_avg, 1), R(pgov_pelt_group_update_load_avg, 2),
    R(pgov_pelt_group_update_load_avg, 3), R(pgov_pelt_group_shares, 1),
    R(pgov_pelt_group_shares, 2),          R(pgov_pelt_group_reweight, 1),
    R(pgov_pelt_group_reweight, 2),        R(pgov_pelt_group_update_shares, 1),
    R(pgov_pelt_group_update_shares, 2),   R(pgov_pelt_group_update_shares, 3),
    R(pgov_pelt_group_update_tg, 1),       R(pgov_pelt_group_update_tg, 2),
    R(pgov_pelt_group_blocked, 1),         R(pgov_pelt_group_blocked, 2),
    R(pgov_pelt_group_blocked, 3),         R(pgov_pelt_group_cfs_decayed, 1),
    R(pgov_pelt_group_cfs_decayed, 2),
};
ROW_TABLE(pelt_group);
