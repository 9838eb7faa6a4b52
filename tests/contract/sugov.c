/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of sugov (see main.c). */
#include "api_contract.h"

/* ---- sugov decision layer */
DEF(pgov_sugov_next_freq, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_next_freq(NULL, 100, 0, &w->u64);
}
DEF(pgov_sugov_next_freq, 2, PGOV_EINVAL)
{
    w->sprm.max_cap = 0;
    return snap(w), pgov_sugov_next_freq(&w->sprm, 100, 0, &w->u64);
}
DEF(pgov_sugov_next_freq, 3, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER(5, 1); /* before the oldest profile */
    return snap(w), pgov_sugov_next_freq(&w->sprm, 100, 0, &w->u64);
}
#define SDEC(a, b, f, h, r) pgov_sugov_decide(a, b, UINT64_C(1) << 40, f, 100, h, r)
DEF(pgov_sugov_decide, 1, PGOV_EINVAL)
{
    return snap(w), SDEC(NULL, &w->sst, 0, 0, &w->sres);
}
DEF(pgov_sugov_decide, 2, PGOV_EINVAL)
{
    return snap(w), SDEC(&w->sprm, NULL, 0, 0, &w->sres);
}
DEF(pgov_sugov_decide, 3, PGOV_EINVAL)
{
    return snap(w), SDEC(&w->sprm, &w->sst, 0, 0, NULL);
}
DEF(pgov_sugov_decide, 4, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER(5, 1); /* before the oldest profile */
    return snap(w), SDEC(&w->sprm, &w->sst, 0, 0, &w->sres);
}
DEF(pgov_sugov_decide, 5, PGOV_EINVAL)
{
    return snap(w), SDEC(&w->sprm, &w->sst, 4, 0, &w->sres);
}
DEF(pgov_sugov_decide, 6, PGOV_EINVAL)
{
    return snap(w), SDEC(&w->sprm, &w->sst, 0, 2, &w->sres);
}
DEF(pgov_sugov_decide, 7, PGOV_EINVAL)
{
    w->sprm.max_cap = 1025;
    return snap(w), SDEC(&w->sprm, &w->sst, 0, 0, &w->sres);
}
DEF(pgov_sugov_decide, 8, PGOV_EINVAL)
{
    return (w->sst.need_update = 2, snap(w)), SDEC(&w->sprm, &w->sst, 0, 0, &w->sres);
}
#define SDIN(in) pgov_sugov_decide_in(&w->sprm, &w->sst, UINT64_C(1) << 40, in, &w->sres)
DEF(pgov_sugov_decide_in, 1, PGOV_EINVAL)
{
    return snap(w), SDIN(NULL);
}
DEF(pgov_sugov_decide_in, 2, PGOV_E2BIG)
{
    return (w->sin.size = 4, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 3, PGOV_EINVAL)
{
    return (w->sin.capped = 2, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 4, PGOV_EINVAL)
{
    return (w->sin.uclamp_max = 1025, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 5, PGOV_EINVAL)
{
    return (w->sin.held = 2, snap(w)), SDIN(&w->sin);
}
/* Each rejection on its own (the checks the core's preconditions rely on). */
DEF(pgov_sugov_decide_in, 6, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_decide_in(NULL, &w->sst, 1, &w->sin, &w->sres);
}
DEF(pgov_sugov_decide_in, 7, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_decide_in(&w->sprm, NULL, 1, &w->sin, &w->sres);
}
DEF(pgov_sugov_decide_in, 8, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_decide_in(&w->sprm, &w->sst, 1, &w->sin, NULL);
}
DEF(pgov_sugov_decide_in, 9, PGOV_EINVAL)
{
    w->sprm.max_cap = 0;
    return snap(w), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 10, PGOV_EINVAL)
{
    return (w->sin.flags = 4, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 11, PGOV_EINVAL)
{
    return (w->sin.uclamp_min = 1025, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 12, PGOV_EINVAL)
{
    return (w->sst.pending = 2, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 13, PGOV_EINVAL)
{
    return (w->sst.need_update = 2, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 14, PGOV_EINVAL)
{
    return (w->sst.iowait_boost = 1025, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 15, PGOV_EINVAL)
{
    w->sin.table = &w->ft;
    w->ft.count = 0; /* not what pgov_freq_table_init() fills */
    return snap(w), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 16, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1; /* the clamps are inside util before 6.8 */
    return (w->sin.uclamp_min = 1, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 17, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1;
    return (w->sin.uclamp_max = 512, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 18, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1;
    return (w->sin.bw_min = 1, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 19, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1;
    return (w->sin.capped = 1, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_decide_in, 20, PGOV_EINVAL)
{
    w->sin.table = &w->ft;
    ft_forge_no_valid(w); /* the search would index entries[2^32 - 1] */
    return snap(w), SDIN(&w->sin);
}
#define SSH(pol, cpus, n, c, f) \
    pgov_sugov_decide_shared(&w->sprm, pol, cpus, n, c, UINT64_C(1) << 40, f, NULL, &w->sres)
DEF(pgov_sugov_decide_shared, 1, PGOV_EINVAL)
{
    return snap(w), SSH(NULL, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 2, PGOV_EINVAL)
{
    return snap(w), SSH(&w->spol, NULL, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 3, PGOV_EINVAL)
{
    return snap(w), SSH(&w->spol, w->scpu, 2, 2, 0); /* cpu not in the policy */
}
DEF(pgov_sugov_decide_shared, 4, PGOV_EINVAL)
{
    return snap(w), SSH(&w->spol, w->scpu, 0, 0, 0);
}
DEF(pgov_sugov_decide_shared, 5, PGOV_EINVAL)
{
    return (w->scpu[1].uclamp_min = 1025, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 6, PGOV_EINVAL)
{
    return snap(w), SSH(&w->spol, w->scpu, 2, 0, 8);
}
DEF(pgov_sugov_decide_shared, 7, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER(5, 1);
    return snap(w), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 8, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1; /* clamps are inside util before 6.8 */
    return (w->scpu[0].uclamp_max = 512, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 9, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_decide_shared(&w->sprm, &w->spol, w->scpu, 2, 0, 1, 0, NULL, NULL);
}
DEF(pgov_sugov_decide_shared, 10, PGOV_EINVAL)
{
    w->sprm.max_cap = 0;
    return snap(w), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 11, PGOV_EINVAL)
{
    return snap(w), SSH(&w->spol, w->scpu, 1025, 0, 0); /* never read past the bound */
}
DEF(pgov_sugov_decide_shared, 12, PGOV_EINVAL)
{
    return (w->spol.need_update = 2, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 13, PGOV_EINVAL)
{
    w->ft.count = 0;
    return snap(w), pgov_sugov_decide_shared(&w->sprm, &w->spol, w->scpu, 2, 0, 1, 0, &w->ft,
                                             &w->sres);
}
DEF(pgov_sugov_decide_shared, 19, PGOV_EINVAL)
{
    ft_forge_no_valid(w);
    return snap(w), pgov_sugov_decide_shared(&w->sprm, &w->spol, w->scpu, 2, 0, 1, 0, &w->ft,
                                             &w->sres);
}
DEF(pgov_sugov_decide_shared, 14, PGOV_EINVAL)
{
    return (w->scpu[0].pending = 2, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 15, PGOV_EINVAL)
{
    return (w->scpu[1].iowait_boost = 1025, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 16, PGOV_EINVAL)
{
    return (w->scpu[1].uclamp_max = 1025, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 17, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1;
    return (w->scpu[1].uclamp_min = 1, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_decide_shared, 18, PGOV_ENOTSUP)
{
    w->sprm.kver = PGOV_KVER_6_1;
    return (w->scpu[1].bw_min = 1, snap(w)), SSH(&w->spol, w->scpu, 2, 0, 0);
}
DEF(pgov_sugov_params_check, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_params_check(NULL);
}
DEF(pgov_sugov_params_check, 2, PGOV_EINVAL)
{
    w->sprm.max_cap = 0;
    return snap(w), pgov_sugov_params_check(&w->sprm);
}
DEF(pgov_sugov_params_check, 3, PGOV_EINVAL)
{
    w->sprm.tick_ns = 0;
    return snap(w), pgov_sugov_params_check(&w->sprm);
}
DEF(pgov_sugov_params_check, 4, PGOV_EINVAL)
{
    w->sprm.options = 2;
    return snap(w), pgov_sugov_params_check(&w->sprm);
}
DEF(pgov_sugov_params_check, 5, PGOV_EINVAL)
{
    w->sprm.max_freq_khz = 0;
    return snap(w), pgov_sugov_params_check(&w->sprm);
}
/* ---- sugov instance */
DEF(pgov_sugov_size, 1, 1)
{
    return snap(w), pgov_sugov_size() > 0 && pgov_sugov_size() <= sizeof(w->smem);
}
#define SINIT(cfgp, outp) pgov_sugov_init(w->xmem, sizeof(w->xmem), cfgp, &fake_hw_ops, &g_hw, outp)
DEF(pgov_sugov_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_init(NULL, sizeof(w->xmem), &w->scfg, &fake_hw_ops, &g_hw, &w->sgx);
}
DEF(pgov_sugov_init, 2, PGOV_EINVAL)
{
    return snap(w), SINIT(NULL, &w->sgx);
}
DEF(pgov_sugov_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_init(w->xmem, sizeof(w->xmem), &w->scfg, NULL, &g_hw, &w->sgx);
}
DEF(pgov_sugov_init, 4, PGOV_EINVAL)
{
    return snap(w), SINIT(&w->scfg, NULL);
}
DEF(pgov_sugov_init, 5, PGOV_ENOSPC)
{
    return snap(w),
           pgov_sugov_init(w->xmem, pgov_sugov_size() - 1, &w->scfg, &fake_hw_ops, &g_hw, &w->sgx);
}
DEF(pgov_sugov_init, 6, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_init(w->xmem + 4, sizeof(w->xmem) - 8, &w->scfg, &fake_hw_ops, &g_hw,
                                    &w->sgx);
}
DEF(pgov_sugov_init, 7, PGOV_E2BIG)
{
    w->scfg.size = 0;
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 8, PGOV_E2BIG)
{
    w->scfg.size = 4;
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 9, PGOV_E2BIG)
{
    w->sbig.c = w->scfg;
    w->sbig.c.size = sizeof(w->sbig);
    w->sbig.extra[1] = 1;
    return snap(w), SINIT(&w->sbig.c, &w->sgx);
}
DEF(pgov_sugov_init, 10, PGOV_ENOTSUP)
{
    w->scfg.kver = PGOV_KVER(5, 1);
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 11, PGOV_EINVAL)
{
    w->scfg.max_cap = 1025;
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 12, PGOV_EINVAL)
{
    w->scfg.rate_limit_ns = UINT64_C(10000000001);
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 13, PGOV_EINVAL)
{
    w->scfg.tick_ns = UINT64_C(1000000001); /* above 1 s */
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 14, PGOV_EINVAL)
{
    w->scfg.options = 2;
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 16, PGOV_EINVAL)
{
    w->scfg.tun_set = PGOV_SUGOV_SET_RATE_LIMIT << 1; /* no such bit */
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 17, PGOV_EINVAL)
{
    w->scfg.reserved = 1;
    return snap(w), SINIT(&w->scfg, &w->sgx);
}
DEF(pgov_sugov_init, 15, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = fake_hw_ops;
    o.set_freq_khz = NULL;
    return snap(w), pgov_sugov_init(w->xmem, sizeof(w->xmem), &w->scfg, &o, &g_hw, &w->sgx);
}
DEF(pgov_sugov_set_util, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_util(NULL, 100);
}
DEF(pgov_sugov_set_util, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_util((struct pgov_sugov *)(void *)w->zmem, 100);
}
DEF(pgov_sugov_set_clamps, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_clamps(NULL, 0, 512, 0, 0);
}
DEF(pgov_sugov_set_clamps, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_clamps((struct pgov_sugov *)(void *)w->zmem, 0, 512, 0, 0);
}
DEF(pgov_sugov_set_clamps, 3, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_clamps(w->sg, 1025, 1024, 0, 0);
}
DEF(pgov_sugov_set_clamps, 4, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_clamps(w->sg, 0, 1024, 0, 2);
}
DEF(pgov_sugov_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_update(NULL, 1, 0);
}
DEF(pgov_sugov_update, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_update(w->sg, UINT64_C(1) << 40, 4);
}
DEF(pgov_sugov_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_update((struct pgov_sugov *)(void *)w->zmem, 1, 0);
}
DEF(pgov_sugov_timer, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_timer(NULL, 1, &w->u64);
}
DEF(pgov_sugov_timer, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_timer(w->sg, 1, NULL);
}
DEF(pgov_sugov_timer, 3, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_timer((struct pgov_sugov *)(void *)w->zmem, 1, &w->u64);
}
DEF(pgov_sugov_set_limits, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_limits(NULL, &w->slim);
}
DEF(pgov_sugov_set_limits, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_limits(w->sg, NULL);
}
DEF(pgov_sugov_set_limits, 3, PGOV_E2BIG)
{
    w->slim.size = 0;
    return snap(w), pgov_sugov_set_limits(w->sg, &w->slim);
}
DEF(pgov_sugov_set_limits, 4, PGOV_E2BIG)
{
    w->slim.size = 4;
    return snap(w), pgov_sugov_set_limits(w->sg, &w->slim);
}
DEF(pgov_sugov_set_limits, 5, PGOV_E2BIG)
{
    w->slbig.l = w->slim;
    w->slbig.l.size = sizeof(w->slbig);
    w->slbig.extra[0] = 1;
    return snap(w), pgov_sugov_set_limits(w->sg, &w->slbig.l);
}
DEF(pgov_sugov_set_limits, 6, PGOV_EINVAL)
{
    w->slim.reserved = 1;
    return snap(w), pgov_sugov_set_limits(w->sg, &w->slim);
}
DEF(pgov_sugov_set_limits, 7, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_limits((struct pgov_sugov *)(void *)w->zmem, &w->slim);
}
DEF(pgov_sugov_get_status, 1, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_get_status(NULL, &w->sstat);
}
DEF(pgov_sugov_get_status, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_get_status(w->sg, NULL);
}
DEF(pgov_sugov_get_status, 3, PGOV_EINVAL)
{
    return snap(w),
           pgov_sugov_get_status((const struct pgov_sugov *)(const void *)w->zmem, &w->sstat);
}

/* ---- sugov batch */
#define SB(prm, st, n, now, util, fl, umin, held, out)                                          \
    pgov_sugov_batch(prm, st, n, now, util, fl, umin, NULL, NULL, held, out, w->spath)
static void sb_inputs(struct world *w)
{
    for (int i = 0; i < 2; i++) {
        w->snow[i] = (UINT64_C(1) << 40) + (uint64_t)i * 2000000;
        w->sutil[i] = 300u + 400u * (uint32_t)i;
        w->sflags[i] = w->sumin[i] = 0;
        w->sheld[i] = 0;
    }
}
DEF(pgov_sugov_batch, 1, PGOV_EINVAL)
{
    sb_inputs(w);
    return snap(w), SB(NULL, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 2, PGOV_EINVAL)
{
    sb_inputs(w);
    return snap(w), SB(&w->sprm, NULL, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 3, PGOV_EINVAL)
{
    sb_inputs(w);
    w->sprm.max_cap = 0;
    return snap(w), SB(&w->sprm, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 4, PGOV_EINVAL)
{
    sb_inputs(w);
    return snap(w), SB(&w->sprm, &w->sst, 2, NULL, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 5, PGOV_EINVAL)
{
    sb_inputs(w);
    return snap(w), SB(&w->sprm, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, NULL);
}
DEF(pgov_sugov_batch, 6, PGOV_EINVAL)
{
    sb_inputs(w);
    w->sflags[1] = PGOV_UPDATE_REMOTE; /* the second step's: nothing may change in the first */
    return snap(w), SB(&w->sprm, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 7, PGOV_EINVAL)
{
    sb_inputs(w);
    w->sumin[1] = 1025;
    return snap(w), SB(&w->sprm, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 8, PGOV_EINVAL)
{
    sb_inputs(w);
    w->sheld[1] = 2;
    return snap(w), SB(&w->sprm, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}
DEF(pgov_sugov_batch, 9, PGOV_EINVAL)
{
    sb_inputs(w);
    return (w->sst.pending = 2, snap(w)),
           SB(&w->sprm, &w->sst, 2, w->snow, w->sutil, w->sflags, w->sumin, w->sheld, w->sfreq);
}

static const struct row sugov_rows[] = {
    R(pgov_sugov_next_freq, 1),
    R(pgov_sugov_next_freq, 2),
    R(pgov_sugov_next_freq, 3),
    R(pgov_sugov_decide, 1),
    R(pgov_sugov_decide, 2),
    R(pgov_sugov_decide, 3),
    R(pgov_sugov_decide, 4),
    R(pgov_sugov_decide, 5),
    R(pgov_sugov_decide, 6),
    R(pgov_sugov_decide, 7),
    R(pgov_sugov_decide, 8),
    R(pgov_sugov_batch, 1),
    R(pgov_sugov_batch, 2),
    R(pgov_sugov_batch, 3),
    R(pgov_sugov_batch, 4),
    R(pgov_sugov_batch, 5),
    R(pgov_sugov_batch, 6),
    R(pgov_sugov_batch, 7),
    R(pgov_sugov_batch, 8),
    R(pgov_sugov_batch, 9),
    R(pgov_sugov_decide_in, 1),
    R(pgov_sugov_decide_in, 2),
    R(pgov_sugov_decide_in, 3),
    R(pgov_sugov_decide_in, 4),
    R(pgov_sugov_decide_in, 5),
    R(pgov_sugov_decide_in, 6),
    R(pgov_sugov_decide_in, 7),
    R(pgov_sugov_decide_in, 8),
    R(pgov_sugov_decide_in, 9),
    R(pgov_sugov_decide_in, 10),
    R(pgov_sugov_decide_in, 11),
    R(pgov_sugov_decide_in, 12),
    R(pgov_sugov_decide_in, 13),
    R(pgov_sugov_decide_in, 14),
    R(pgov_sugov_decide_in, 15),
    R(pgov_sugov_decide_in, 16),
    R(pgov_sugov_decide_in, 17),
    R(pgov_sugov_decide_in, 18),
    R(pgov_sugov_decide_in, 19),
    R(pgov_sugov_decide_in, 20),
    R(pgov_sugov_decide_shared, 1),
    R(pgov_sugov_decide_shared, 2),
    R(pgov_sugov_decide_shared, 3),
    R(pgov_sugov_decide_shared, 4),
    R(pgov_sugov_decide_shared, 5),
    R(pgov_sugov_decide_shared, 6),
    R(pgov_sugov_decide_shared, 7),
    R(pgov_sugov_decide_shared, 8),
    R(pgov_sugov_decide_shared, 9),
    R(pgov_sugov_decide_shared, 10),
    R(pgov_sugov_decide_shared, 11),
    R(pgov_sugov_decide_shared, 12),
    R(pgov_sugov_decide_shared, 13),
    R(pgov_sugov_decide_shared, 14),
    R(pgov_sugov_decide_shared, 15),
    R(pgov_sugov_decide_shared, 16),
    R(pgov_sugov_decide_shared, 17),
    R(pgov_sugov_decide_shared, 18),
    R(pgov_sugov_decide_shared, 19),
    R(pgov_sugov_params_check, 1),
    R(pgov_sugov_params_check, 2),
    R(pgov_sugov_params_check, 3),
    R(pgov_sugov_params_check, 4),
    R(pgov_sugov_params_check, 5),
    R(pgov_sugov_size, 1),
    R(pgov_sugov_init, 1),
    R(pgov_sugov_init, 2),
    R(pgov_sugov_init, 3),
    R(pgov_sugov_init, 4),
    R(pgov_sugov_init, 5),
    R(pgov_sugov_init, 6),
    R(pgov_sugov_init, 7),
    R(pgov_sugov_init, 8),
    R(pgov_sugov_init, 9),
    R(pgov_sugov_init, 10),
    R(pgov_sugov_init, 11),
    R(pgov_sugov_init, 12),
    R(pgov_sugov_init, 13),
    R(pgov_sugov_init, 14),
    R(pgov_sugov_init, 15),
    R(pgov_sugov_init, 16),
    R(pgov_sugov_init, 17),
    R(pgov_sugov_set_util, 1),
    R(pgov_sugov_set_util, 2),
    R(pgov_sugov_set_clamps, 1),
    R(pgov_sugov_set_clamps, 2),
    R(pgov_sugov_set_clamps, 3),
    R(pgov_sugov_set_clamps, 4),
    R(pgov_sugov_update, 1),
    R(pgov_sugov_update, 2),
    R(pgov_sugov_update, 3),
    R(pgov_sugov_timer, 1),
    R(pgov_sugov_timer, 2),
    R(pgov_sugov_timer, 3),
    R(pgov_sugov_set_limits, 1),
    R(pgov_sugov_set_limits, 2),
    R(pgov_sugov_set_limits, 3),
    R(pgov_sugov_set_limits, 4),
    R(pgov_sugov_set_limits, 5),
    R(pgov_sugov_set_limits, 6),
    R(pgov_sugov_set_limits, 7),
    R(pgov_sugov_get_status, 1),
    R(pgov_sugov_get_status, 2),
    R(pgov_sugov_get_status, 3),
};
ROW_TABLE(sugov);
