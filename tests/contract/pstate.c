/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of pstate (see main.c). */
#include "api_contract.h"

/* ---- pstate decision layer */
DEF(pgov_pstate_params_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_params_init(NULL, &w->pcfg);
}
DEF(pgov_pstate_params_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_params_init(&w->pprm, NULL);
}
DEF(pgov_pstate_params_init, 3, PGOV_E2BIG)
{
    w->pcfg.size = 0;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 4, PGOV_E2BIG)
{
    w->pcfg.size = 4;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 5, PGOV_E2BIG)
{
    w->pbig.c = w->pcfg;
    w->pbig.c.size = sizeof(w->pbig);
    w->pbig.extra[1] = 1;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pbig.c);
}
DEF(pgov_pstate_params_init, 6, PGOV_EINVAL)
{
    w->pcfg.policy = 5;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 7, PGOV_ENOTSUP)
{
    w->pcfg.kver = PGOV_KVER(4, 4);
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 8, PGOV_ENOTSUP)
{
    w->pcfg.policy = PGOV_PSTATE_POLICY_PID;
    w->pcfg.kver = PGOV_KVER_4_14;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 9, PGOV_EINVAL)
{
    w->pcfg.hz = 100001;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 10, PGOV_EINVAL)
{
    w->pcfg.policy = PGOV_PSTATE_POLICY_PID;
    w->pcfg.kver = PGOV_KVER_4_6;
    w->pcfg.setpoint_pct = 101;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 11, PGOV_EINVAL)
{
    w->pcfg.options = PGOV_PSTATE_OPT_RFC_IO_PERCPU;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 12, PGOV_EINVAL)
{
    w->pcfg.tun_set = PGOV_PSTATE_SET_ALL + 1; /* no such bit */
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_params_init, 13, PGOV_EINVAL)
{
    w->pcfg.reserved3 = 1;
    return snap(w), pgov_pstate_params_init(&w->pprm, &w->pcfg);
}
DEF(pgov_pstate_bounds_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_bounds_init(NULL, &w->lim, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_bounds_init(&w->pprm, NULL, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, NULL, &w->pb);
}
DEF(pgov_pstate_bounds_init, 4, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plim, NULL);
}
DEF(pgov_pstate_bounds_init, 5, PGOV_E2BIG)
{
    w->plim.size = 0;
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 6, PGOV_E2BIG)
{
    w->plbig.l = w->plim;
    w->plbig.l.size = sizeof(w->plbig);
    w->plbig.extra[0] = 1;
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plbig.l, &w->pb);
}
DEF(pgov_pstate_bounds_init, 7, PGOV_EINVAL)
{
    w->lim.min_pstate = 0;
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 8, PGOV_EINVAL)
{
    w->plim.no_turbo = 2;
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 9, PGOV_EINVAL)
{
    w->plim.max_perf_fp = 257;
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plim, &w->pb);
}
DEF(pgov_pstate_state_reset, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_state_reset(NULL, &w->pprm, &w->lim);
}
DEF(pgov_pstate_state_reset, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_state_reset(&w->pst, NULL, &w->lim);
}
DEF(pgov_pstate_state_reset, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_state_reset(&w->pst, &w->pprm, NULL);
}
DEF(pgov_pstate_state_reset, 4, PGOV_EINVAL)
{
    w->lim.scaling_khz = 0;
    return snap(w), pgov_pstate_state_reset(&w->pst, &w->pprm, &w->lim);
}
#define PDEC(a, b, c, d, e, f) pgov_pstate_decide(a, b, c, d, e, f)
DEF(pgov_pstate_decide, 1, PGOV_EINVAL)
{
    return snap(w), PDEC(NULL, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 2, PGOV_EINVAL)
{
    return snap(w), PDEC(&w->pprm, NULL, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 3, PGOV_EINVAL)
{
    return snap(w), PDEC(&w->pprm, &w->lim, NULL, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 4, PGOV_EINVAL)
{
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, NULL, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 5, PGOV_EINVAL)
{
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, NULL, &w->pres);
}
DEF(pgov_pstate_decide, 6, PGOV_EINVAL)
{
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, NULL);
}
DEF(pgov_pstate_decide, 7, PGOV_EINVAL)
{
    w->pin.event = PGOV_PSTATE_EV_TIMER;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 8, PGOV_EINVAL)
{
    w->pin.event = 9;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 9, PGOV_EINVAL)
{
    w->pin.flags = 4;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 10, PGOV_EINVAL)
{
    w->pb.lo = 0;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 11, PGOV_EINVAL)
{
    w->pst.pstate = 0;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 12, PGOV_EINVAL)
{
    w->pprm.profile = PGOV_PSTATE_PROF_HWP_BOOST_6_19;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 13, PGOV_EINVAL)
{
    w->pprm.profile = 77;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 14, PGOV_EINVAL)
{
    w->lim.min_pstate = 0;
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
/* ---- pstate instance */
DEF(pgov_pstate_size, 1, 1)
{
    return snap(w), pgov_pstate_size() > 0 && pgov_pstate_size() <= sizeof(w->pmem);
}
#define PINIT(cfgp, outp)                                                                          \
    pgov_pstate_init(w->xmem, sizeof(w->xmem), cfgp, &fake_hw_ops, &g_hw, outp)
DEF(pgov_pstate_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_init(NULL, sizeof(w->xmem), &w->pcfg, &fake_hw_ops, &g_hw, &w->pgx);
}
DEF(pgov_pstate_init, 2, PGOV_EINVAL)
{
    return snap(w), PINIT(NULL, &w->pgx);
}
DEF(pgov_pstate_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_init(w->xmem, sizeof(w->xmem), &w->pcfg, NULL, &g_hw, &w->pgx);
}
DEF(pgov_pstate_init, 4, PGOV_EINVAL)
{
    return snap(w), PINIT(&w->pcfg, NULL);
}
DEF(pgov_pstate_init, 5, PGOV_ENOSPC)
{
    return snap(w), pgov_pstate_init(w->xmem, pgov_pstate_size() - 1, &w->pcfg, &fake_hw_ops, &g_hw,
                                     &w->pgx);
}
DEF(pgov_pstate_init, 6, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_init(w->xmem + 4, sizeof(w->xmem) - 8, &w->pcfg, &fake_hw_ops,
                                     &g_hw, &w->pgx);
}
DEF(pgov_pstate_init, 7, PGOV_E2BIG)
{
    w->pcfg.size = 0;
    return snap(w), PINIT(&w->pcfg, &w->pgx);
}
DEF(pgov_pstate_init, 8, PGOV_E2BIG)
{
    w->pbig.c = w->pcfg;
    w->pbig.c.size = sizeof(w->pbig);
    w->pbig.extra[0] = 1;
    return snap(w), PINIT(&w->pbig.c, &w->pgx);
}
DEF(pgov_pstate_init, 9, PGOV_E2BIG)
{
    w->pcfg.limits.size = 4;
    return snap(w), PINIT(&w->pcfg, &w->pgx);
}
DEF(pgov_pstate_init, 10, PGOV_EINVAL)
{
    w->pcfg.limits.size = sizeof(w->pcfg.limits);
    w->pcfg.limits.min_ratio = 40;
    return snap(w), PINIT(&w->pcfg, &w->pgx);
}
DEF(pgov_pstate_init, 11, PGOV_ENOTSUP)
{
    w->pcfg.kver = PGOV_KVER(4, 4);
    return snap(w), PINIT(&w->pcfg, &w->pgx);
}
DEF(pgov_pstate_init, 12, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = fake_hw_ops;
    o.set_pstate = NULL;
    return snap(w), pgov_pstate_init(w->xmem, sizeof(w->xmem), &w->pcfg, &o, &g_hw, &w->pgx);
}
DEF(pgov_pstate_init, 13, PGOV_EINVAL)
{
    w->pcfg.sample_interval_ns = UINT64_C(20000000000);
    return snap(w), PINIT(&w->pcfg, &w->pgx);
}
DEF(pgov_pstate_init, 14, PGOV_E2BIG)
{
    w->pcfg.limits.min_ratio = 20;
    return snap(w), PINIT(&w->pcfg, &w->pgx);
}
DEF(pgov_pstate_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_update(NULL, 1, 0);
}
DEF(pgov_pstate_update, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_update(w->pg, UINT64_C(1) << 40, 4);
}
DEF(pgov_pstate_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_update((struct pgov_pstate *)(void *)w->zmem, 1, 0);
}
DEF(pgov_pstate_timer, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_timer(NULL, 1, &w->u64);
}
DEF(pgov_pstate_timer, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_timer(w->pg, 1, NULL);
}
DEF(pgov_pstate_timer, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_timer((struct pgov_pstate *)(void *)w->zmem, 1, &w->u64);
}
DEF(pgov_pstate_set_limits, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_set_limits(NULL, &w->plim);
}
DEF(pgov_pstate_set_limits, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_set_limits(w->pg, NULL);
}
DEF(pgov_pstate_set_limits, 3, PGOV_E2BIG)
{
    w->plim.size = 0;
    return snap(w), pgov_pstate_set_limits(w->pg, &w->plim);
}
DEF(pgov_pstate_set_limits, 4, PGOV_E2BIG)
{
    w->plim.size = 4;
    return snap(w), pgov_pstate_set_limits(w->pg, &w->plim);
}
DEF(pgov_pstate_set_limits, 5, PGOV_E2BIG)
{
    w->plbig.l = w->plim;
    w->plbig.l.size = sizeof(w->plbig);
    w->plbig.extra[1] = 1;
    return snap(w), pgov_pstate_set_limits(w->pg, &w->plbig.l);
}
DEF(pgov_pstate_set_limits, 6, PGOV_EINVAL)
{
    w->plim.no_turbo = 2;
    return snap(w), pgov_pstate_set_limits(w->pg, &w->plim);
}
DEF(pgov_pstate_set_limits, 7, PGOV_EINVAL)
{
    w->plim.min_ratio = 40;
    return snap(w), pgov_pstate_set_limits(w->pg, &w->plim);
}
DEF(pgov_pstate_set_limits, 8, PGOV_EINVAL)
{
    w->plim.max_perf_fp = 257;
    return snap(w), pgov_pstate_set_limits(w->pg, &w->plim);
}
DEF(pgov_pstate_set_limits, 9, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_set_limits((struct pgov_pstate *)(void *)w->zmem, &w->plim);
}
DEF(pgov_pstate_attach_shared, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_attach_shared(NULL, &w->psh);
}
DEF(pgov_pstate_attach_shared, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_attach_shared((struct pgov_pstate *)(void *)w->zmem, &w->psh);
}
DEF(pgov_pstate_get_status, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_get_status(NULL, &w->pstat);
}
DEF(pgov_pstate_get_status, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_get_status(w->pg, NULL);
}
DEF(pgov_pstate_get_status, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_get_status((struct pgov_pstate *)(void *)w->zmem, &w->pstat);
}

static const struct row pstate_rows[] = {
    R(pgov_pstate_params_init, 1),
    R(pgov_pstate_params_init, 2),
    R(pgov_pstate_params_init, 3),
    R(pgov_pstate_params_init, 4),
    R(pgov_pstate_params_init, 5),
    R(pgov_pstate_params_init, 6),
    R(pgov_pstate_params_init, 7),
    R(pgov_pstate_params_init, 8),
    R(pgov_pstate_params_init, 9),
    R(pgov_pstate_params_init, 10),
    R(pgov_pstate_params_init, 11),
    R(pgov_pstate_params_init, 12),
    R(pgov_pstate_params_init, 13),
    R(pgov_pstate_bounds_init, 1),
    R(pgov_pstate_bounds_init, 2),
    R(pgov_pstate_bounds_init, 3),
    R(pgov_pstate_bounds_init, 4),
    R(pgov_pstate_bounds_init, 5),
    R(pgov_pstate_bounds_init, 6),
    R(pgov_pstate_bounds_init, 7),
    R(pgov_pstate_bounds_init, 8),
    R(pgov_pstate_bounds_init, 9),
    R(pgov_pstate_state_reset, 1),
    R(pgov_pstate_state_reset, 2),
    R(pgov_pstate_state_reset, 3),
    R(pgov_pstate_state_reset, 4),
    R(pgov_pstate_decide, 1),
    R(pgov_pstate_decide, 2),
    R(pgov_pstate_decide, 3),
    R(pgov_pstate_decide, 4),
    R(pgov_pstate_decide, 5),
    R(pgov_pstate_decide, 6),
    R(pgov_pstate_decide, 7),
    R(pgov_pstate_decide, 8),
    R(pgov_pstate_decide, 9),
    R(pgov_pstate_decide, 10),
    R(pgov_pstate_decide, 11),
    R(pgov_pstate_decide, 12),
    R(pgov_pstate_decide, 13),
    R(pgov_pstate_decide, 14),
    R(pgov_pstate_size, 1),
    R(pgov_pstate_init, 1),
    R(pgov_pstate_init, 2),
    R(pgov_pstate_init, 3),
    R(pgov_pstate_init, 4),
    R(pgov_pstate_init, 5),
    R(pgov_pstate_init, 6),
    R(pgov_pstate_init, 7),
    R(pgov_pstate_init, 8),
    R(pgov_pstate_init, 9),
    R(pgov_pstate_init, 10),
    R(pgov_pstate_init, 11),
    R(pgov_pstate_init, 12),
    R(pgov_pstate_init, 13),
    R(pgov_pstate_init, 14),
    R(pgov_pstate_update, 1),
    R(pgov_pstate_update, 2),
    R(pgov_pstate_update, 3),
    R(pgov_pstate_timer, 1),
    R(pgov_pstate_timer, 2),
    R(pgov_pstate_timer, 3),
    R(pgov_pstate_set_limits, 1),
    R(pgov_pstate_set_limits, 2),
    R(pgov_pstate_set_limits, 3),
    R(pgov_pstate_set_limits, 4),
    R(pgov_pstate_set_limits, 5),
    R(pgov_pstate_set_limits, 6),
    R(pgov_pstate_set_limits, 7),
    R(pgov_pstate_set_limits, 8),
    R(pgov_pstate_set_limits, 9),
    R(pgov_pstate_attach_shared, 1),
    R(pgov_pstate_attach_shared, 2),
    R(pgov_pstate_get_status, 1),
    R(pgov_pstate_get_status, 2),
    R(pgov_pstate_get_status, 3),
};
ROW_TABLE(pstate);
