/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The API contract, checked for every exported function (lib/pgov.map):
 * invalid calls (each pointer NULL in turn, out-of-range values, inverted
 * limits, size-prefixed structs with size 0, a size below the first version
 * and a larger size with non-zero trailing bytes, corrupt objects) return
 * the exact code the header documents and leave every object byte-identical.
 *
 * All objects live in one `struct world`, built through the public API for
 * every row; the whole world is hashed before the call and after it, so an error path that writes
 * anything (an instance in caller storage included) fails its row. A row's body may corrupt an
 * input before the call; the snapshot is taken after those edits: every body calls snap() right
 * before the function under test.
 *
 * tests/check_api_contract.sh (ctest api_contract_complete) fails when a
 * function of lib/pgov.map has no row in the table below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <inttypes.h>
#include <pgov/pgov.h>
#include "fake_hw.h"
#include "fake_idle.h"

/* Expected values of the pure fixed-point rows, worked by hand:
 * percent_fp(INT32_MIN) = trunc(-2^39 / 100) = -5497558138, low 32 bits;
 * percent_ext_fp(-1) = ((2^64 - 1) << 14 mod 2^64) / 100, low 32 bits. */
#define PCT_MIN INT64_C(-1202590842)
#define PCT_EXT_M1 INT64_C(-171798856)

/* A config or limits struct followed by bytes this library does not know. */
struct dbs_big {
    struct pgov_dbs_config c;
    uint32_t extra[2];
};
struct pst_big {
    struct pgov_pstate_config c;
    uint32_t extra[2];
};
struct plim_big {
    struct pgov_pstate_limits l;
    uint32_t extra[2];
};
struct sug_big {
    struct pgov_sugov_config c;
    uint32_t extra[2];
};
struct slim_big {
    struct pgov_sugov_limits l;
    uint32_t extra[2];
};
struct ue_big {
    struct pgov_util_est_cfg c;
    uint32_t extra[2];
};

struct world {
    /* instance storage first (alignment) */
    _Alignas(16) unsigned char dmem[512];  /* bound ondemand instance */
    _Alignas(16) unsigned char domem[512]; /* open-loop, started */
    _Alignas(16) unsigned char dnmem[512]; /* open-loop, not started */
    _Alignas(16) unsigned char pmem[512];  /* pstate instance */
    _Alignas(16) unsigned char smem[256];  /* sugov instance */
    _Alignas(16) unsigned char xmem[512];  /* storage given to failing inits */
    _Alignas(16) unsigned char zmem[512];  /* zeroes: "not an instance" */
    struct pgov_dbs *dg, *dgo, *dgn, *dgx;
    struct pgov_pstate *pg, *pgx;
    struct pgov_sugov *sg, *sgx;
    uint32_t u32, u32b;
    int32_t s32;
    uint64_t u64;
    struct pgov_hw hw;
    struct pgov_hw_ops ops;
    struct pgov_hw_limits lim;
    struct pgov_freq_entry ent[3];
    struct pgov_freq_table ft;
    struct pgov_dbs_platform dplat;
    struct pgov_dbs_tunables dtun;
    struct pgov_dbs_config dcfg;
    struct dbs_big dbig;
    struct pgov_dbs_limits dlim;
    struct pgov_hw_idle snap[2];
    uint32_t cpus_dup[2];
    struct pgov_dbs_result dres;
    struct pgov_dbs_state dst;
    struct pgov_dbs_cpu_state dcpu;
    struct pgov_uclamp_rq urq;
    struct pgov_uclamp_task ut, uta;
    struct pgov_uclamp_tg utg, utgp;
    struct pgov_uclamp_limits ulim;
    uint32_t eff[PGOV_UCLAMP_CNT];
    struct pgov_pelt_avg sa, cfs;
    struct pgov_pelt_clock clk;
    struct pgov_util_est_rq erq;
    struct pgov_util_est_cfg ecfg;
    struct ue_big ebig;
    struct pgov_util_est_task et;
    struct pgov_pstate_config pcfg;
    struct pst_big pbig;
    struct pgov_pstate_params pprm;
    struct pgov_pstate_limits plim;
    struct plim_big plbig;
    struct pgov_pstate_bounds pb;
    struct pgov_pstate_state pst;
    struct pgov_pstate_input pin;
    struct pgov_pstate_result pres;
    struct pgov_pstate_shared psh;
    struct pgov_pstate_status pstat;
    struct pgov_hwp_boost_params hprm;
    struct pgov_hwp_boost_state hst;
    struct pgov_hwp_boost_result hres;
    struct pgov_sugov_params sprm;
    struct pgov_sugov_state sst;
    struct pgov_sugov_result sres;
    struct pgov_sugov_input sin;
    struct pgov_sugov_config scfg;
    struct sug_big sbig;
    struct pgov_sugov_limits slim;
    struct slim_big slbig;
    struct pgov_sugov_status sstat;
};

/* The backends are the callbacks' ctx, outside the world: a failing call
 * may legitimately have read the hardware before it failed. */
static struct fake_hw g_hw;
static struct fake_idle g_idle;
static struct world g_world;
/* Hash of the world when the row's call starts (a second copy of the world
 * would not fit the 16 KiB of the Cortex-M0 target). */
static uint64_t g_before;

/* Build every object through the public API, all valid. */
static void build(struct world *w)
{
    memset(w, 0, sizeof(*w));
    fake_hw_init(&g_hw, 0, NULL);
    fake_idle_init(&g_idle, 1, 200000, 800000);
    w->u32 = w->u32b = 0x5a5a5a5au;
    w->s32 = 0x5a5a5a5a;
    w->u64 = UINT64_C(0x5a5a5a5a5a5a5a5a);
    w->ops = fake_hw_ops;
    assert_int_equal(pgov_hw_bind(&w->hw, &w->ops, NULL, PGOV_HW_NEED_FREQ), PGOV_OK);
    w->lim = g_hw.lim;
    assert_int_equal(pgov_hw_limits_check(&w->lim), PGOV_OK);
    w->ent[0] = (struct pgov_freq_entry){200000, 0};
    w->ent[1] = (struct pgov_freq_entry){400000, 0};
    w->ent[2] = (struct pgov_freq_entry){800000, 0};
    assert_int_equal(pgov_freq_table_init(&w->ft, w->ent, 3, 0), PGOV_OK);

    /* dbs: a one-CPU ondemand policy on the 3-entry table */
    assert_int_equal(pgov_dbs_defaults(PGOV_DBS_ONDEMAND, 0, &w->dplat, &w->dtun), PGOV_OK);
    w->dcfg.size = sizeof(w->dcfg);
    w->dcfg.table = w->ent;
    w->dcfg.table_len = 3;
    w->dcfg.cur_khz = 200000;
    w->cpus_dup[0] = w->cpus_dup[1] = 0;
    assert_true(pgov_dbs_size_cpus(1) <= sizeof(w->dmem));
    assert_int_equal(
        pgov_dbs_init(w->dmem, sizeof(w->dmem), &w->dcfg, &fake_idle_ops, &g_idle, &w->dg),
        PGOV_OK);
    assert_int_equal(pgov_dbs_init_open(w->domem, sizeof(w->domem), &w->dcfg, &w->dgo), PGOV_OK);
    assert_int_equal(pgov_dbs_init_open(w->dnmem, sizeof(w->dnmem), &w->dcfg, &w->dgn), PGOV_OK);
    w->snap[0] = g_idle.cpu[0].c;
    w->snap[1] = g_idle.cpu[0].c;
    assert_int_equal(pgov_dbs_start(w->dgo, w->snap, 1, &w->dres), PGOV_OK);
    w->dlim.min_khz = 200000;
    w->dlim.max_khz = 800000;
    assert_int_equal(pgov_dbs_get_state(w->dg, &w->dst), PGOV_OK);
    assert_int_equal(pgov_dbs_get_cpu(w->dg, 0, &w->dcpu), PGOV_OK);

    /* uclamp: a task active in the runqueue (uta), one not queued (ut) */
    assert_int_equal(pgov_uclamp_rq_init(&w->urq, 0, 5), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_init(&w->ut, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_init(&w->uta, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_set(&w->uta, PGOV_UCLAMP_SET_MIN, 300, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&w->urq, &w->uta, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_tg_init(&w->utgp, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_tg_init(&w->utg, &w->utgp), PGOV_OK);

    /* pelt: a task signal and a cfs_rq signal with some history */
    assert_int_equal(pgov_pelt_init(&w->sa, 0, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_init(&w->cfs, 0, 0), PGOV_OK);
    assert_true(pgov_pelt_update_task(&w->sa, 50000000, 1, 0, 1, 1024) >= 0);
    assert_true(pgov_pelt_update_cfs_rq(&w->cfs, 50000000, 1024, 1, 1) >= 0);
    assert_int_equal(pgov_pelt_clock_init(&w->clk, 0, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_clock_update(&w->clk, 1000000, 0, 1024, 512), PGOV_OK);

    /* util_est */
    w->ecfg.size = sizeof(w->ecfg);
    assert_int_equal(pgov_util_est_init(&w->erq, &w->ecfg), PGOV_OK);
    assert_true(pgov_util_est_update(&w->erq, &w->et, 1, 300, 300, 1024) >= 0);
    assert_int_equal(pgov_util_est_enqueue(&w->erq, &w->et), PGOV_OK);

    /* pstate: current load-based profile, decision layer and instance */
    w->pcfg.size = sizeof(w->pcfg);
    w->pcfg.policy = PGOV_PSTATE_POLICY_LOAD;
    w->plim.size = sizeof(w->plim);
    assert_int_equal(pgov_pstate_params_init(&w->pprm, &w->pcfg), PGOV_OK);
    assert_int_equal(pgov_pstate_bounds_init(&w->pprm, &w->lim, &w->plim, &w->pb), PGOV_OK);
    assert_int_equal(pgov_pstate_state_reset(&w->pst, &w->pprm, &w->lim), PGOV_OK);
    w->pin.event = PGOV_PSTATE_EV_UPDATE;
    w->pin.now_ns = 20000000;
    w->pin.aperf = w->pin.mperf = w->pin.tsc = 1000000;
    assert_true(pgov_pstate_size() <= sizeof(w->pmem));
    assert_int_equal(
        pgov_pstate_init(w->pmem, sizeof(w->pmem), &w->pcfg, &fake_hw_ops, &g_hw, &w->pg), PGOV_OK);
    assert_int_equal(pgov_pstate_get_status(w->pg, &w->pstat), PGOV_OK);

    /* hwp boost */
    w->hprm.hwp_request = (39u << 8) | 16u;
    w->hprm.hwp_cap = 34u << 8;
    w->hprm.hold_ns = PGOV_PSTATE_DEFAULT_HOLD_NS;
    w->hprm.tick_ns = PGOV_PSTATE_DEFAULT_TICK_NS;

    /* sugov */
    w->sprm.rate_limit_ns = PGOV_SUGOV_DEFAULT_RATE_LIMIT_NS;
    w->sprm.tick_ns = PGOV_PSTATE_DEFAULT_TICK_NS;
    w->sprm.max_cap = 1024;
    w->sprm.max_freq_khz = 3900000;
    w->sprm.min_khz = 1600000;
    w->sprm.max_khz = 3900000;
    assert_int_equal(pgov_sugov_params_check(&w->sprm), PGOV_OK);
    w->scfg.size = sizeof(w->scfg);
    w->sin.size = sizeof(w->sin);
    w->sin.util = 100;
    w->sin.uclamp_max = 1024;
    w->slim.size = sizeof(w->slim);
    assert_true(pgov_sugov_size() <= sizeof(w->smem));
    assert_int_equal(
        pgov_sugov_init(w->smem, sizeof(w->smem), &w->scfg, &fake_hw_ops, &g_hw, &w->sg), PGOV_OK);
    assert_int_equal(pgov_sugov_set_util(w->sg, 300), PGOV_OK);
    assert_int_equal(pgov_sugov_get_status(w->sg, &w->sstat), PGOV_OK);
}

#define UNUSED __attribute__((unused))
#define DEF(fn, n, exp)                                                                            \
    static const int64_t fn##__##n##_exp = (exp);                                                  \
    static int64_t fn##__##n(struct world *w UNUSED)

/* FNV-1a over the world's bytes, except `xmem`: the storage given to
 * failing *_init() calls, whose content the headers document as unspecified
 * after a failure (their `out` is checked: it is in the world). */
static uint64_t world_hash(const struct world *w)
{
    const unsigned char *b = (const unsigned char *)w;
    size_t x0 = offsetof(struct world, xmem), x1 = x0 + sizeof(w->xmem);
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < sizeof(*w); i++) {
        if (i >= x0 && i < x1)
            continue;
        h = (h ^ b[i]) * UINT64_C(0x100000001b3);
    }
    return h;
}

/* Take the snapshot a row's call is compared against (after the row's own
 * edits of its inputs). */
static int snap(const struct world *w)
{
    g_before = world_hash(w);
    return 0;
}

/* ---- core */
DEF(pgov_version, 1, 1)
{
    return snap(w), pgov_version() == PGOV_VERSION;
}
DEF(pgov_version_string, 1, 1)
{
    return snap(w), pgov_version_string() != NULL;
}
DEF(pgov_strerror, 1, 0)
{
    return snap(w), strcmp(pgov_strerror(12345), "unknown error");
}
DEF(pgov_kver_valid, 1, 0)
{
    return snap(w), pgov_kver_valid(PGOV_KVER(2, 6));
}
DEF(pgov_kver_valid, 2, 0)
{
    return snap(w), pgov_kver_valid(PGOV_KVER(99, 0));
}
DEF(pgov_kver_resolve, 1, 0)
{
    return snap(w), pgov_kver_resolve(PGOV_KVER(99, 0));
}
/* ---- hw */
DEF(pgov_hw_bind, 1, PGOV_EFAULT)
{
    return snap(w), pgov_hw_bind(NULL, &w->ops, NULL, 0);
}
DEF(pgov_hw_bind, 2, PGOV_EFAULT)
{
    return snap(w), pgov_hw_bind(&w->hw, NULL, NULL, 0);
}
DEF(pgov_hw_bind, 3, PGOV_E2BIG)
{
    struct pgov_hw_ops o = w->ops;
    o.size = 0;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, 0);
}
DEF(pgov_hw_bind, 4, PGOV_E2BIG)
{
    struct pgov_hw_ops o = w->ops;
    o.size = (uint32_t)PGOV_HW_OPS_SIZE_V1 - 1;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, 0);
}
DEF(pgov_hw_bind, 5, PGOV_EINVAL)
{
    struct pgov_hw_ops o = w->ops;
    o.flags = 1;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, 0);
}
DEF(pgov_hw_bind, 6, PGOV_EINVAL)
{
    return snap(w), pgov_hw_bind(&w->hw, &w->ops, NULL, 1u << 7);
}
DEF(pgov_hw_bind, 7, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = w->ops;
    o.read_idle = NULL;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, PGOV_HW_NEED_IDLE);
}
DEF(pgov_hw_bind, 8, PGOV_E2BIG)
{
    struct {
        struct pgov_hw_ops o;
        uintptr_t more[2];
    } b = {w->ops, {0, 1}};
    b.o.size = (uint32_t)sizeof(b);
    return snap(w), pgov_hw_bind(&w->hw, &b.o, NULL, 0);
}
DEF(pgov_hw_limits_check, 1, PGOV_EFAULT)
{
    return snap(w), pgov_hw_limits_check(NULL);
}
DEF(pgov_hw_limits_check, 2, PGOV_EINVAL)
{
    w->lim.min_pstate = 0;
    return snap(w), pgov_hw_limits_check(&w->lim);
}
DEF(pgov_hw_limits_check, 3, PGOV_EINVAL)
{
    w->lim.min_pstate = 40;
    return snap(w), pgov_hw_limits_check(&w->lim);
}
DEF(pgov_hw_limits_check, 4, PGOV_EINVAL)
{
    w->lim.flags = 2;
    return snap(w), pgov_hw_limits_check(&w->lim);
}
DEF(pgov_hw_limits_check, 5, PGOV_EINVAL)
{
    w->lim.scaling_khz = 0;
    return snap(w), pgov_hw_limits_check(&w->lim);
}
/* ---- freq_table */
DEF(pgov_freq_table_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_freq_table_init(NULL, w->ent, 3, 0);
}
DEF(pgov_freq_table_init, 2, PGOV_EFAULT)
{
    return snap(w), pgov_freq_table_init(&w->ft, NULL, 3, 0);
}
DEF(pgov_freq_table_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 0, 0);
}
DEF(pgov_freq_table_init, 4, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, PGOV_FREQ_TABLE_MAX + 1, 0);
}
DEF(pgov_freq_table_init, 5, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 2);
}
DEF(pgov_freq_table_init, 6, PGOV_EINVAL)
{
    w->ent[1].khz = PGOV_FREQ_TABLE_END;
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 0);
}
DEF(pgov_freq_table_init, 7, PGOV_EINVAL)
{
    w->ent[1].flags = 2;
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 0);
}
DEF(pgov_freq_table_init, 8, PGOV_EINVAL)
{
    w->ent[1].khz = w->ent[0].khz;
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 0);
}
DEF(pgov_freq_table_resolve, 1, PGOV_EFAULT)
{
    return snap(w), pgov_freq_table_resolve(NULL, 0, 1, 1, 0, &w->u32);
}
DEF(pgov_freq_table_resolve, 2, PGOV_EFAULT)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 0, NULL);
}
DEF(pgov_freq_table_resolve, 3, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 2, 1, 1, 0, &w->u32);
}
DEF(pgov_freq_table_resolve, 4, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 3, &w->u32);
}
DEF(pgov_freq_table_resolve, 5, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 8, &w->u32);
}
DEF(pgov_freq_table_resolve, 6, PGOV_EINVAL)
{
    w->ft.nvalid = 0;
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 0, &w->u32);
}
DEF(pgov_freq_table_resolve, 7, PGOV_EINVAL)
{
    w->ft.order = 3;
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 0, &w->u32);
}
DEF(pgov_pcc_request, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pcc_request(2000, 1000, NULL);
}
DEF(pgov_pcc_request, 2, PGOV_EDOM)
{
    return snap(w), pgov_pcc_request(0, 1000, &w->u32);
}
DEF(pgov_pcc_request, 3, PGOV_EDOM)
{
    return snap(w), pgov_pcc_request(1u << 29, 1000, &w->u32);
}
DEF(pgov_pcc_readback, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pcc_readback(2000, 50, NULL);
}
/* ---- dbs */
DEF(pgov_dbs_defaults, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_defaults(0, 0, NULL, &w->dtun);
}
DEF(pgov_dbs_defaults, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_defaults(0, 0, &w->dplat, NULL);
}
DEF(pgov_dbs_defaults, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_defaults(2, 0, &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 4, PGOV_ENOTSUP)
{
    return snap(w), pgov_dbs_defaults(0, PGOV_KVER(4, 16), &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 5, PGOV_ENOTSUP)
{
    return snap(w), pgov_dbs_defaults(0, PGOV_KVER(99, 0), &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 6, PGOV_EINVAL)
{
    w->dplat.reserved = 1;
    return snap(w), pgov_dbs_defaults(0, 0, &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 7, PGOV_EINVAL)
{
    w->dplat.hz = 100001;
    return snap(w), pgov_dbs_defaults(0, 0, &w->dplat, &w->dtun);
}
DEF(pgov_dbs_size, 1, 1)
{
    return snap(w), pgov_dbs_size() >= pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS);
}
DEF(pgov_dbs_size_cpus, 1, 0)
{
    return snap(w), (int64_t)pgov_dbs_size_cpus(0);
}
DEF(pgov_dbs_size_cpus, 2, 0)
{
    return snap(w), (int64_t)pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS + 1);
}
#define DINIT(cfgp, outp)                                                                          \
    pgov_dbs_init(w->xmem, sizeof(w->xmem), cfgp, &fake_idle_ops, &g_idle, outp)
DEF(pgov_dbs_init, 1, PGOV_EFAULT)
{
    return snap(w),
           pgov_dbs_init(NULL, sizeof(w->xmem), &w->dcfg, &fake_idle_ops, &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 2, PGOV_EFAULT)
{
    return snap(w), DINIT(NULL, &w->dgx);
}
DEF(pgov_dbs_init, 3, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_init(w->xmem, sizeof(w->xmem), &w->dcfg, NULL, &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 4, PGOV_EFAULT)
{
    return snap(w), DINIT(&w->dcfg, NULL);
}
DEF(pgov_dbs_init, 5, PGOV_ENOSPC)
{
    return snap(w), pgov_dbs_init(w->xmem, pgov_dbs_size_cpus(1) - 1, &w->dcfg, &fake_idle_ops,
                                  &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 6, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_init(w->xmem + 4, sizeof(w->xmem) - 8, &w->dcfg, &fake_idle_ops,
                                  &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 7, PGOV_E2BIG)
{
    w->dcfg.size = 0;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 8, PGOV_E2BIG)
{
    w->dcfg.size = 4;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 9, PGOV_E2BIG)
{
    w->dbig.c = w->dcfg;
    w->dbig.c.size = sizeof(w->dbig);
    w->dbig.extra[1] = 1;
    return snap(w), DINIT(&w->dbig.c, &w->dgx);
}
DEF(pgov_dbs_init, 10, PGOV_EINVAL)
{
    w->dcfg.cur_khz = 0;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 11, PGOV_EINVAL)
{
    w->dcfg.policy_min_khz = 800000;
    w->dcfg.policy_max_khz = 400000;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 12, PGOV_EINVAL)
{
    w->dcfg.gov = 2;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 13, PGOV_ENOTSUP)
{
    w->dcfg.kver = PGOV_KVER(4, 16);
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 14, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = fake_idle_ops;
    o.set_freq_khz = NULL;
    return snap(w), pgov_dbs_init(w->xmem, sizeof(w->xmem), &w->dcfg, &o, &g_idle, &w->dgx);
}
DEF(pgov_dbs_update, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_update(NULL, 1, 0);
}
DEF(pgov_dbs_update, 2, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_update(w->dgo, UINT64_C(1) << 40, 0);
}
DEF(pgov_dbs_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_update((struct pgov_dbs *)(void *)w->zmem, 1, 0);
}
DEF(pgov_dbs_update_cpu, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_update_cpu(NULL, 0, 1, 0);
}
DEF(pgov_dbs_update_cpu, 2, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_update_cpu(w->dgo, 0, UINT64_C(1) << 40, 0);
}
DEF(pgov_dbs_update_cpu, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_update_cpu((struct pgov_dbs *)(void *)w->zmem, 0, 1, 0);
}
DEF(pgov_dbs_timer, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_timer(NULL, 1, &w->u64);
}
DEF(pgov_dbs_timer, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_timer(w->dg, UINT64_C(1) << 40, NULL);
}
DEF(pgov_dbs_timer, 3, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_timer(w->dgo, UINT64_C(1) << 40, &w->u64);
}
DEF(pgov_dbs_timer, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_timer((struct pgov_dbs *)(void *)w->zmem, 1, &w->u64);
}
DEF(pgov_dbs_set_limits, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_set_limits(NULL, &w->dlim);
}
DEF(pgov_dbs_set_limits, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_set_limits(w->dg, NULL);
}
DEF(pgov_dbs_set_limits, 3, PGOV_EINVAL)
{
    w->dlim.min_khz = 800000;
    w->dlim.max_khz = 400000;
    return snap(w), pgov_dbs_set_limits(w->dg, &w->dlim);
}
DEF(pgov_dbs_set_limits, 4, PGOV_EINVAL)
{
    w->dlim.max_khz = 900000;
    return snap(w), pgov_dbs_set_limits(w->dg, &w->dlim);
}
DEF(pgov_dbs_set_limits, 5, PGOV_EINVAL)
{
    w->dlim.min_khz = 100000;
    return snap(w), pgov_dbs_set_limits(w->dg, &w->dlim);
}
DEF(pgov_dbs_set_limits, 6, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_set_limits(w->dgo, &w->dlim);
}
DEF(pgov_dbs_set_limits, 7, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits((struct pgov_dbs *)(void *)w->zmem, &w->dlim);
}
DEF(pgov_dbs_store, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_store(NULL, PGOV_DBS_UP_THRESHOLD, 80, NULL, 0);
}
DEF(pgov_dbs_store, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, 8, 80, NULL, 0);
}
DEF(pgov_dbs_store, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_DOWN_THRESHOLD, 20, NULL, 0);
}
DEF(pgov_dbs_store, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_UP_THRESHOLD, 101, NULL, 0);
}
DEF(pgov_dbs_store, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_SAMPLING_RATE, 0, NULL, 0);
}
DEF(pgov_dbs_store, 6, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_store(w->dgo, PGOV_DBS_IO_IS_BUSY, 1, NULL, 1);
}
DEF(pgov_dbs_store, 7, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dgo, PGOV_DBS_IO_IS_BUSY, 1, w->snap, 2);
}
DEF(pgov_dbs_store, 8, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_IO_IS_BUSY, 1, w->snap, 1);
}
DEF(pgov_dbs_store, 9, PGOV_EINVAL)
{
    return snap(w),
           pgov_dbs_store((struct pgov_dbs *)(void *)w->zmem, PGOV_DBS_UP_THRESHOLD, 80, NULL, 0);
}
DEF(pgov_dbs_get_state, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_get_state(NULL, &w->dst);
}
DEF(pgov_dbs_get_state, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_get_state(w->dg, NULL);
}
DEF(pgov_dbs_get_state, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_state((struct pgov_dbs *)(void *)w->zmem, &w->dst);
}
DEF(pgov_dbs_get_cpu, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_get_cpu(NULL, 0, &w->dcpu);
}
DEF(pgov_dbs_get_cpu, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_get_cpu(w->dg, 0, NULL);
}
DEF(pgov_dbs_get_cpu, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_cpu(w->dg, 1, &w->dcpu);
}
DEF(pgov_dbs_get_cpu, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_cpu((struct pgov_dbs *)(void *)w->zmem, 0, &w->dcpu);
}
#define DOPEN(cfgp, outp) pgov_dbs_init_open(w->xmem, sizeof(w->xmem), cfgp, outp)
DEF(pgov_dbs_init_open, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_init_open(NULL, sizeof(w->xmem), &w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 2, PGOV_EFAULT)
{
    return snap(w), DOPEN(NULL, &w->dgx);
}
DEF(pgov_dbs_init_open, 3, PGOV_EFAULT)
{
    return snap(w), DOPEN(&w->dcfg, NULL);
}
DEF(pgov_dbs_init_open, 4, PGOV_ENOSPC)
{
    return snap(w), pgov_dbs_init_open(w->xmem, 8, &w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 5, PGOV_E2BIG)
{
    w->dcfg.size = 0;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 6, PGOV_E2BIG)
{
    w->dbig.c = w->dcfg;
    w->dbig.c.size = sizeof(w->dbig);
    w->dbig.extra[0] = 1;
    return snap(w), DOPEN(&w->dbig.c, &w->dgx);
}
DEF(pgov_dbs_init_open, 7, PGOV_ENOTSUP)
{
    w->dcfg.variant = 1;
    w->dcfg.gov = PGOV_DBS_CONSERVATIVE;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 8, PGOV_ENOTSUP)
{
    w->dcfg.variant = 7;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 9, PGOV_EINVAL)
{
    w->dcfg.ncpu = 2;
    w->dcfg.cpus = w->cpus_dup;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_start, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_start(NULL, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_start, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_start(w->dgn, NULL, 1, &w->dres);
}
DEF(pgov_dbs_start, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start(w->dgn, w->snap, 2, &w->dres);
}
DEF(pgov_dbs_start, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start(w->dg, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_start, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start((struct pgov_dbs *)(void *)w->zmem, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_should_sample, 1, 0)
{
    return snap(w), pgov_dbs_should_sample(NULL, UINT64_C(1) << 40);
}
DEF(pgov_dbs_should_sample, 2, 0)
{
    return snap(w), pgov_dbs_should_sample(w->dg, UINT64_C(1) << 40);
}
DEF(pgov_dbs_should_sample, 3, 0)
{
    return snap(w), pgov_dbs_should_sample(w->dgn, UINT64_C(1) << 40);
}
DEF(pgov_dbs_should_sample, 4, 0)
{
    return snap(w), pgov_dbs_should_sample((struct pgov_dbs *)(void *)w->zmem, UINT64_C(1) << 40);
}
DEF(pgov_dbs_evaluate, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_evaluate(NULL, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 2, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_evaluate(w->dgo, NULL, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dgo, w->snap, 0, &w->dres);
}
DEF(pgov_dbs_evaluate, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dg, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dgn, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 6, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate((struct pgov_dbs *)(void *)w->zmem, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_limits, 1, PGOV_EFAULT)
{
    return snap(w), pgov_dbs_limits(NULL, 200000, 800000, &w->dres);
}
DEF(pgov_dbs_limits, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_limits(w->dgo, 800000, 400000, &w->dres);
}
DEF(pgov_dbs_limits, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_limits(w->dgo, 200000, 900000, &w->dres);
}
DEF(pgov_dbs_limits, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_limits(w->dg, 200000, 800000, &w->dres);
}
DEF(pgov_dbs_limits, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_limits((struct pgov_dbs *)(void *)w->zmem, 200000, 800000, &w->dres);
}
/* ---- uclamp */
DEF(pgov_uclamp_bucket_delta, 1, PGOV_EFAULT)
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
DEF(pgov_uclamp_bucket_id, 1, PGOV_EFAULT)
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
DEF(pgov_uclamp_rq_init, 1, PGOV_EFAULT)
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
DEF(pgov_uclamp_task_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_task_init(NULL, 0);
}
DEF(pgov_uclamp_task_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_uclamp_task_init(&w->ut, 8);
}
DEF(pgov_uclamp_task_set, 1, PGOV_EFAULT)
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
DEF(pgov_uclamp_task_set_rt, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_task_set_rt(NULL, true);
}
DEF(pgov_uclamp_task_set_rt, 2, PGOV_EINVAL)
{
    return (w->ut.req_flags = 0x80, snap(w)), pgov_uclamp_task_set_rt(&w->ut, true);
}
DEF(pgov_uclamp_tg_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_tg_init(NULL, NULL);
}
DEF(pgov_uclamp_tg_init, 2, PGOV_EINVAL)
{
    w->utgp.eff[0] = 2000;
    return snap(w), pgov_uclamp_tg_init(&w->utg, &w->utgp);
}
DEF(pgov_uclamp_tg_update, 1, PGOV_EFAULT)
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
DEF(pgov_uclamp_eff_get, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_eff_get(NULL, 0, NULL, w->eff);
}
DEF(pgov_uclamp_eff_get, 2, PGOV_EFAULT)
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
DEF(pgov_uclamp_rq_inc, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_rq_inc(NULL, &w->ut, NULL);
}
DEF(pgov_uclamp_rq_inc, 2, PGOV_EFAULT)
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
DEF(pgov_uclamp_rq_dec, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_rq_dec(NULL, &w->uta);
}
DEF(pgov_uclamp_rq_dec, 2, PGOV_EFAULT)
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
DEF(pgov_uclamp_rq_update_active, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_rq_update_active(NULL, &w->uta, NULL);
}
DEF(pgov_uclamp_rq_update_active, 2, PGOV_EFAULT)
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
DEF(pgov_uclamp_rq_bucket, 1, PGOV_EFAULT)
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
DEF(pgov_uclamp_rq_util_with, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_rq_util_with(NULL, 0, 100, NULL, NULL, &w->u32);
}
DEF(pgov_uclamp_rq_util_with, 2, PGOV_EFAULT)
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
DEF(pgov_uclamp_effective_perf, 1, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_effective_perf(NULL, 100, 0, 1024, &w->u32, NULL, NULL);
}
DEF(pgov_uclamp_effective_perf, 2, PGOV_EFAULT)
{
    return snap(w), pgov_uclamp_effective_perf(&w->urq, 100, 0, 1024, NULL, NULL, NULL);
}
/* ---- pelt */
DEF(pgov_pelt_init, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_decay_hl, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_segments_hl, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_segments_hl(0, 1, 0, 0, NULL);
}
DEF(pgov_pelt_segments_hl, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_segments_hl(7, 1, 0, 0, &w->u32);
}
DEF(pgov_pelt_divider, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_sums, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_avgs, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_update_avgs(NULL, 1);
}
DEF(pgov_pelt_update_avgs, 2, PGOV_EINVAL)
{
    w->sa.reserved = 1;
    return snap(w), pgov_pelt_update_avgs(&w->sa, 1);
}
DEF(pgov_pelt_update, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_update(NULL, 1, 1, 1, 1, 1);
}
DEF(pgov_pelt_update, 2, PGOV_EINVAL)
{
    w->sa.period_contrib = 5000;
    return snap(w), pgov_pelt_update(&w->sa, UINT64_C(1) << 30, 1, 1, 1, 1);
}
DEF(pgov_pelt_update_task, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_group_se, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_blocked_se, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_update_blocked_se(NULL, 1, 1024);
}
DEF(pgov_pelt_update_blocked_se, 2, PGOV_ENOTSUP)
{
    w->sa.halflife = 7;
    return snap(w), pgov_pelt_update_blocked_se(&w->sa, UINT64_C(1) << 30, 1024);
}
DEF(pgov_pelt_update_cfs_rq, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_rt, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_dl, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_hw_pressure, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_update_irq, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_clock_init, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_clock_update, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_clock_idle, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_clock_idle(NULL, 0);
}
DEF(pgov_pelt_clock_idle, 2, PGOV_EINVAL)
{
    w->clk.multiplier = 3;
    return snap(w), pgov_pelt_clock_idle(&w->clk, 0);
}
DEF(pgov_pelt_clock_now, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_clock_now(NULL, &w->u64);
}
DEF(pgov_pelt_clock_now, 2, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_clock_now(&w->clk, NULL);
}
DEF(pgov_pelt_clock_now, 3, PGOV_EINVAL)
{
    w->clk.reserved = 1;
    return snap(w), pgov_pelt_clock_now(&w->clk, &w->u64);
}
DEF(pgov_pelt_init_task, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_init_task(NULL, 1024, 0);
}
DEF(pgov_pelt_init_task, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_init_task(&w->sa, 1024, 9);
}
DEF(pgov_pelt_post_init_task, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_post_init_task(NULL, &w->cfs, 1024, 1024);
}
DEF(pgov_pelt_post_init_task, 2, PGOV_EFAULT)
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
DEF(pgov_pelt_attach, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_attach(NULL, &w->sa, 1024);
}
DEF(pgov_pelt_attach, 2, PGOV_EFAULT)
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
DEF(pgov_pelt_detach, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_detach(NULL, &w->sa, 1024);
}
DEF(pgov_pelt_detach, 2, PGOV_EFAULT)
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
DEF(pgov_pelt_remove, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_remove(NULL, 1, 1, 1);
}
DEF(pgov_pelt_remove, 2, PGOV_EINVAL)
{
    w->cfs.reserved = 1;
    return snap(w), pgov_pelt_remove(&w->cfs, 1, 1, 1);
}
DEF(pgov_pelt_detach_kv, 1, PGOV_EFAULT)
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
DEF(pgov_pelt_remove_kv, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pelt_remove_kv(NULL, 1, 1, 1, 0);
}
DEF(pgov_pelt_remove_kv, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_pelt_remove_kv(&w->cfs, 1, 1, 1, PGOV_KVER(9, 0));
}
/* ---- util_est */
DEF(pgov_util_est_init, 1, PGOV_EFAULT)
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
DEF(pgov_util_est_profile, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_profile(NULL);
}
DEF(pgov_util_est_profile, 2, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_profile(&w->erq);
}
DEF(pgov_util_est_enqueue, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_enqueue(NULL, &w->et);
}
DEF(pgov_util_est_enqueue, 2, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_enqueue(&w->erq, NULL);
}
DEF(pgov_util_est_enqueue, 3, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_enqueue(&w->erq, &w->et);
}
DEF(pgov_util_est_dequeue, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_dequeue(NULL, &w->et, 0);
}
DEF(pgov_util_est_dequeue, 2, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_dequeue(&w->erq, NULL, 0);
}
DEF(pgov_util_est_dequeue, 3, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_dequeue(&w->erq, &w->et, 0);
}
DEF(pgov_util_est_update, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_update(NULL, &w->et, 1, 100, 100, 1024);
}
DEF(pgov_util_est_update, 2, PGOV_EFAULT)
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
DEF(pgov_util_est_util_changed, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_util_changed(NULL, &w->et);
}
DEF(pgov_util_est_util_changed, 2, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_util_changed(&w->erq, NULL);
}
DEF(pgov_util_est_util_changed, 3, PGOV_EINVAL)
{
    return (w->erq.mode = 0xdead, snap(w)), pgov_util_est_util_changed(&w->erq, &w->et);
}
DEF(pgov_util_est_task_contrib, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_task_contrib(&w->erq, &w->et, NULL);
}
DEF(pgov_util_est_task_contrib, 2, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_task_contrib(NULL, &w->et, &w->u32);
}
DEF(pgov_util_est_task_contrib, 3, PGOV_EINVAL)
{
    return (w->erq.mode = 0xdead, snap(w)), pgov_util_est_task_contrib(&w->erq, &w->et, &w->u32);
}
DEF(pgov_util_est_task_util_est, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_task_util_est(&w->erq, &w->et, 1, NULL);
}
DEF(pgov_util_est_task_util_est, 2, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_task_util_est(&w->erq, &w->et, 1, &w->u64);
}
DEF(pgov_util_est_cpu_util, 1, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_cpu_util(NULL, 1, 1024, &w->u64);
}
DEF(pgov_util_est_cpu_util, 2, PGOV_EFAULT)
{
    return snap(w), pgov_util_est_cpu_util(&w->erq, 1, 1024, NULL);
}
DEF(pgov_util_est_cpu_util, 3, PGOV_EINVAL)
{
    w->erq.mode = 0xdead;
    return snap(w), pgov_util_est_cpu_util(&w->erq, 1, 1024, &w->u64);
}
/* ---- fixed: pure; extreme inputs against the documented formulas */
DEF(pgov_fp_int_tofp, 1, 0)
{
    return snap(w), pgov_fp_int_tofp(INT64_MIN);
}
DEF(pgov_fp_toint32, 1, -8388608)
{
    return snap(w), pgov_fp_toint32(INT32_MIN);
}
DEF(pgov_fp_toint64, 1, -1)
{
    return snap(w), pgov_fp_toint64(-1);
}
DEF(pgov_fp_mul, 1, 0)
{
    return snap(w), pgov_fp_mul(INT32_MIN, INT32_MIN);
}
DEF(pgov_fp_mul, 2, -1)
{
    return snap(w), pgov_fp_mul(-1, 1);
}
DEF(pgov_fp_div, 1, PGOV_EFAULT)
{
    return snap(w), pgov_fp_div(1, 1, NULL);
}
DEF(pgov_fp_div, 2, PGOV_EDOM)
{
    return snap(w), pgov_fp_div(1, 0, &w->s32);
}
DEF(pgov_fp_div, 3, 0)
{
    int32_t o = 7;
    snap(w);
    int r = pgov_fp_div(INT64_MIN, -1, &o);
    return snap(w), r == 0 && o == 0 ? 0 : 1;
}
DEF(pgov_fp_ceiling, 1, 8388608)
{
    return snap(w), pgov_fp_ceiling(INT32_MAX);
}
DEF(pgov_fp_percent, 1, PCT_MIN)
{
    return snap(w), pgov_fp_percent(INT32_MIN);
}
DEF(pgov_fp_mul_ext, 1, 0)
{
    return snap(w), (int64_t)pgov_fp_mul_ext(UINT64_MAX, UINT64_MAX);
}
DEF(pgov_fp_div_ext, 1, PGOV_EFAULT)
{
    return snap(w), pgov_fp_div_ext(1, 1, NULL);
}
DEF(pgov_fp_div_ext, 2, PGOV_EDOM)
{
    return snap(w), pgov_fp_div_ext(1, 0, &w->u64);
}
DEF(pgov_fp_percent_ext, 1, PCT_EXT_M1)
{
    return snap(w), pgov_fp_percent_ext(-1);
}
DEF(pgov_fp_int_ext_tofp, 1, 0)
{
    return snap(w), pgov_fp_int_ext_tofp(INT64_MIN);
}
DEF(pgov_fp_ext_toint, 1, -(INT64_C(1) << 49))
{
    return snap(w), pgov_fp_ext_toint(INT64_MIN);
}
/* ---- pstate decision layer */
DEF(pgov_pstate_params_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_params_init(NULL, &w->pcfg);
}
DEF(pgov_pstate_params_init, 2, PGOV_EFAULT)
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
    w->pcfg.reserved = 1;
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
DEF(pgov_pstate_bounds_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_bounds_init(NULL, &w->lim, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 2, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_bounds_init(&w->pprm, NULL, &w->plim, &w->pb);
}
DEF(pgov_pstate_bounds_init, 3, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_bounds_init(&w->pprm, &w->lim, NULL, &w->pb);
}
DEF(pgov_pstate_bounds_init, 4, PGOV_EFAULT)
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
DEF(pgov_pstate_state_reset, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_state_reset(NULL, &w->pprm, &w->lim);
}
DEF(pgov_pstate_state_reset, 2, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_state_reset(&w->pst, NULL, &w->lim);
}
DEF(pgov_pstate_state_reset, 3, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_state_reset(&w->pst, &w->pprm, NULL);
}
DEF(pgov_pstate_state_reset, 4, PGOV_EINVAL)
{
    w->lim.scaling_khz = 0;
    return snap(w), pgov_pstate_state_reset(&w->pst, &w->pprm, &w->lim);
}
#define PDEC(a, b, c, d, e, f) pgov_pstate_decide(a, b, c, d, e, f)
DEF(pgov_pstate_decide, 1, PGOV_EFAULT)
{
    return snap(w), PDEC(NULL, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 2, PGOV_EFAULT)
{
    return snap(w), PDEC(&w->pprm, NULL, &w->pb, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 3, PGOV_EFAULT)
{
    return snap(w), PDEC(&w->pprm, &w->lim, NULL, &w->pst, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 4, PGOV_EFAULT)
{
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, NULL, &w->pin, &w->pres);
}
DEF(pgov_pstate_decide, 5, PGOV_EFAULT)
{
    return snap(w), PDEC(&w->pprm, &w->lim, &w->pb, &w->pst, NULL, &w->pres);
}
DEF(pgov_pstate_decide, 6, PGOV_EFAULT)
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
DEF(pgov_pstate_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_init(NULL, sizeof(w->xmem), &w->pcfg, &fake_hw_ops, &g_hw, &w->pgx);
}
DEF(pgov_pstate_init, 2, PGOV_EFAULT)
{
    return snap(w), PINIT(NULL, &w->pgx);
}
DEF(pgov_pstate_init, 3, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_init(w->xmem, sizeof(w->xmem), &w->pcfg, NULL, &g_hw, &w->pgx);
}
DEF(pgov_pstate_init, 4, PGOV_EFAULT)
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
DEF(pgov_pstate_update, 1, PGOV_EFAULT)
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
DEF(pgov_pstate_timer, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_timer(NULL, 1, &w->u64);
}
DEF(pgov_pstate_timer, 2, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_timer(w->pg, 1, NULL);
}
DEF(pgov_pstate_timer, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_timer((struct pgov_pstate *)(void *)w->zmem, 1, &w->u64);
}
DEF(pgov_pstate_set_limits, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_set_limits(NULL, &w->plim);
}
DEF(pgov_pstate_set_limits, 2, PGOV_EFAULT)
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
DEF(pgov_pstate_attach_shared, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_attach_shared(NULL, &w->psh);
}
DEF(pgov_pstate_attach_shared, 2, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_attach_shared((struct pgov_pstate *)(void *)w->zmem, &w->psh);
}
DEF(pgov_pstate_get_status, 1, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_get_status(NULL, &w->pstat);
}
DEF(pgov_pstate_get_status, 2, PGOV_EFAULT)
{
    return snap(w), pgov_pstate_get_status(w->pg, NULL);
}
DEF(pgov_pstate_get_status, 3, PGOV_EINVAL)
{
    return snap(w), pgov_pstate_get_status((struct pgov_pstate *)(void *)w->zmem, &w->pstat);
}
/* ---- hwp */
DEF(pgov_hwp_boost_update, 1, PGOV_EFAULT)
{
    return snap(w), pgov_hwp_boost_update(NULL, &w->hst, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 2, PGOV_EFAULT)
{
    return snap(w), pgov_hwp_boost_update(&w->hprm, NULL, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 3, PGOV_EFAULT)
{
    return snap(w), pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, NULL);
}
DEF(pgov_hwp_boost_update, 4, PGOV_EINVAL)
{
    return snap(w), pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 4, &w->hres);
}
DEF(pgov_hwp_boost_update, 5, PGOV_EINVAL)
{
    return (w->hprm.hwp_request = 0, snap(w)),
           pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 7, PGOV_EINVAL)
{
    return (w->hprm.hwp_cap = 0, snap(w)), pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 6, PGOV_EINVAL)
{
    return (w->hprm.hwp_request = (16u << 8) | 39u, snap(w)),
           pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres);
}
/* ---- sugov decision layer */
DEF(pgov_sugov_next_freq, 1, 0)
{
    return snap(w), pgov_sugov_next_freq(NULL, 100, 0, &w->u64);
}
DEF(pgov_sugov_next_freq, 2, 0)
{
    w->sprm.max_cap = 0;
    return snap(w), pgov_sugov_next_freq(&w->sprm, 100, 0, &w->u64);
}
DEF(pgov_sugov_next_freq, 3, 0)
{
    w->sprm.reserved = 1;
    return snap(w), pgov_sugov_next_freq(&w->sprm, 100, 0, &w->u64);
}
#define SDEC(a, b, f, h, r) pgov_sugov_decide(a, b, UINT64_C(1) << 40, f, 100, h, r)
DEF(pgov_sugov_decide, 1, PGOV_EFAULT)
{
    return snap(w), SDEC(NULL, &w->sst, 0, 0, &w->sres);
}
DEF(pgov_sugov_decide, 2, PGOV_EFAULT)
{
    return snap(w), SDEC(&w->sprm, NULL, 0, 0, &w->sres);
}
DEF(pgov_sugov_decide, 3, PGOV_EFAULT)
{
    return snap(w), SDEC(&w->sprm, &w->sst, 0, 0, NULL);
}
DEF(pgov_sugov_decide, 4, PGOV_EINVAL)
{
    return snap(w), SDEC(&w->sprm, &w->sst, PGOV_UPDATE_REMOTE, 0, &w->sres);
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
    return (w->sst.reserved = 1, snap(w)), SDEC(&w->sprm, &w->sst, 0, 0, &w->sres);
}
#define SDIN(in) pgov_sugov_decide_in(&w->sprm, &w->sst, UINT64_C(1) << 40, in, &w->sres)
DEF(pgov_sugov_decide_in, 1, PGOV_EFAULT)
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
    return (w->sin.reserved = 1, snap(w)), SDIN(&w->sin);
}
DEF(pgov_sugov_params_check, 1, PGOV_EFAULT)
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
DEF(pgov_sugov_init, 1, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_init(NULL, sizeof(w->xmem), &w->scfg, &fake_hw_ops, &g_hw, &w->sgx);
}
DEF(pgov_sugov_init, 2, PGOV_EFAULT)
{
    return snap(w), SINIT(NULL, &w->sgx);
}
DEF(pgov_sugov_init, 3, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_init(w->xmem, sizeof(w->xmem), &w->scfg, NULL, &g_hw, &w->sgx);
}
DEF(pgov_sugov_init, 4, PGOV_EFAULT)
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
    w->scfg.kver = PGOV_KVER(6, 17);
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
DEF(pgov_sugov_init, 15, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = fake_hw_ops;
    o.set_freq_khz = NULL;
    return snap(w), pgov_sugov_init(w->xmem, sizeof(w->xmem), &w->scfg, &o, &g_hw, &w->sgx);
}
DEF(pgov_sugov_set_util, 1, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_set_util(NULL, 100);
}
DEF(pgov_sugov_set_util, 2, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_set_util((struct pgov_sugov *)(void *)w->zmem, 100);
}
DEF(pgov_sugov_set_clamps, 1, PGOV_EFAULT)
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
DEF(pgov_sugov_update, 1, PGOV_EFAULT)
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
DEF(pgov_sugov_timer, 1, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_timer(NULL, 1, &w->u64);
}
DEF(pgov_sugov_timer, 2, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_timer(w->sg, 1, NULL);
}
DEF(pgov_sugov_timer, 3, PGOV_EINVAL)
{
    return snap(w), pgov_sugov_timer((struct pgov_sugov *)(void *)w->zmem, 1, &w->u64);
}
DEF(pgov_sugov_set_limits, 1, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_set_limits(NULL, &w->slim);
}
DEF(pgov_sugov_set_limits, 2, PGOV_EFAULT)
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
DEF(pgov_sugov_get_status, 1, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_get_status(NULL, &w->sstat);
}
DEF(pgov_sugov_get_status, 2, PGOV_EFAULT)
{
    return snap(w), pgov_sugov_get_status(w->sg, NULL);
}
DEF(pgov_sugov_get_status, 3, PGOV_EINVAL)
{
    return snap(w),
           pgov_sugov_get_status((const struct pgov_sugov *)(const void *)w->zmem, &w->sstat);
}

struct row {
    const char *fn;
    int64_t (*call)(struct world *w);
    const int64_t *expect;
};
#define R(fn, n)                                                                                   \
    {                                                                                              \
#fn, fn##__##n, &fn##__##n##_exp                                                           \
    }
static const struct row rows[] = {
    R(pgov_version, 1),
    R(pgov_version_string, 1),
    R(pgov_strerror, 1),
    R(pgov_kver_valid, 1),
    R(pgov_kver_valid, 2),
    R(pgov_kver_resolve, 1),
    R(pgov_hw_bind, 1),
    R(pgov_hw_bind, 2),
    R(pgov_hw_bind, 3),
    R(pgov_hw_bind, 4),
    R(pgov_hw_bind, 5),
    R(pgov_hw_bind, 6),
    R(pgov_hw_bind, 7),
    R(pgov_hw_bind, 8),
    R(pgov_hw_limits_check, 1),
    R(pgov_hw_limits_check, 2),
    R(pgov_hw_limits_check, 3),
    R(pgov_hw_limits_check, 4),
    R(pgov_hw_limits_check, 5),
    R(pgov_freq_table_init, 1),
    R(pgov_freq_table_init, 2),
    R(pgov_freq_table_init, 3),
    R(pgov_freq_table_init, 4),
    R(pgov_freq_table_init, 5),
    R(pgov_freq_table_init, 6),
    R(pgov_freq_table_init, 7),
    R(pgov_freq_table_init, 8),
    R(pgov_freq_table_resolve, 1),
    R(pgov_freq_table_resolve, 2),
    R(pgov_freq_table_resolve, 3),
    R(pgov_freq_table_resolve, 4),
    R(pgov_freq_table_resolve, 5),
    R(pgov_freq_table_resolve, 6),
    R(pgov_freq_table_resolve, 7),
    R(pgov_pcc_request, 1),
    R(pgov_pcc_request, 2),
    R(pgov_pcc_request, 3),
    R(pgov_pcc_readback, 1),
    R(pgov_dbs_defaults, 1),
    R(pgov_dbs_defaults, 2),
    R(pgov_dbs_defaults, 3),
    R(pgov_dbs_defaults, 4),
    R(pgov_dbs_defaults, 5),
    R(pgov_dbs_defaults, 6),
    R(pgov_dbs_defaults, 7),
    R(pgov_dbs_size, 1),
    R(pgov_dbs_size_cpus, 1),
    R(pgov_dbs_size_cpus, 2),
    R(pgov_dbs_init, 1),
    R(pgov_dbs_init, 2),
    R(pgov_dbs_init, 3),
    R(pgov_dbs_init, 4),
    R(pgov_dbs_init, 5),
    R(pgov_dbs_init, 6),
    R(pgov_dbs_init, 7),
    R(pgov_dbs_init, 8),
    R(pgov_dbs_init, 9),
    R(pgov_dbs_init, 10),
    R(pgov_dbs_init, 11),
    R(pgov_dbs_init, 12),
    R(pgov_dbs_init, 13),
    R(pgov_dbs_init, 14),
    R(pgov_dbs_update, 1),
    R(pgov_dbs_update, 2),
    R(pgov_dbs_update, 3),
    R(pgov_dbs_update_cpu, 1),
    R(pgov_dbs_update_cpu, 2),
    R(pgov_dbs_update_cpu, 3),
    R(pgov_dbs_timer, 1),
    R(pgov_dbs_timer, 2),
    R(pgov_dbs_timer, 3),
    R(pgov_dbs_timer, 4),
    R(pgov_dbs_set_limits, 1),
    R(pgov_dbs_set_limits, 2),
    R(pgov_dbs_set_limits, 3),
    R(pgov_dbs_set_limits, 4),
    R(pgov_dbs_set_limits, 5),
    R(pgov_dbs_set_limits, 6),
    R(pgov_dbs_set_limits, 7),
    R(pgov_dbs_store, 1),
    R(pgov_dbs_store, 2),
    R(pgov_dbs_store, 3),
    R(pgov_dbs_store, 4),
    R(pgov_dbs_store, 5),
    R(pgov_dbs_store, 6),
    R(pgov_dbs_store, 7),
    R(pgov_dbs_store, 8),
    R(pgov_dbs_store, 9),
    R(pgov_dbs_get_state, 1),
    R(pgov_dbs_get_state, 2),
    R(pgov_dbs_get_state, 3),
    R(pgov_dbs_get_cpu, 1),
    R(pgov_dbs_get_cpu, 2),
    R(pgov_dbs_get_cpu, 3),
    R(pgov_dbs_get_cpu, 4),
    R(pgov_dbs_init_open, 1),
    R(pgov_dbs_init_open, 2),
    R(pgov_dbs_init_open, 3),
    R(pgov_dbs_init_open, 4),
    R(pgov_dbs_init_open, 5),
    R(pgov_dbs_init_open, 6),
    R(pgov_dbs_init_open, 7),
    R(pgov_dbs_init_open, 8),
    R(pgov_dbs_init_open, 9),
    R(pgov_dbs_start, 1),
    R(pgov_dbs_start, 2),
    R(pgov_dbs_start, 3),
    R(pgov_dbs_start, 4),
    R(pgov_dbs_start, 5),
    R(pgov_dbs_should_sample, 1),
    R(pgov_dbs_should_sample, 2),
    R(pgov_dbs_should_sample, 3),
    R(pgov_dbs_should_sample, 4),
    R(pgov_dbs_evaluate, 1),
    R(pgov_dbs_evaluate, 2),
    R(pgov_dbs_evaluate, 3),
    R(pgov_dbs_evaluate, 4),
    R(pgov_dbs_evaluate, 5),
    R(pgov_dbs_evaluate, 6),
    R(pgov_dbs_limits, 1),
    R(pgov_dbs_limits, 2),
    R(pgov_dbs_limits, 3),
    R(pgov_dbs_limits, 4),
    R(pgov_dbs_limits, 5),
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
    R(pgov_uclamp_rq_dec, 1),
    R(pgov_uclamp_rq_dec, 2),
    R(pgov_uclamp_rq_dec, 3),
    R(pgov_uclamp_rq_dec, 4),
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
    R(pgov_pelt_detach_kv, 1),
    R(pgov_pelt_detach_kv, 2),
    R(pgov_pelt_detach_kv, 3),
    R(pgov_pelt_remove_kv, 1),
    R(pgov_pelt_remove_kv, 2),
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
    R(pgov_fp_int_tofp, 1),
    R(pgov_fp_toint32, 1),
    R(pgov_fp_toint64, 1),
    R(pgov_fp_mul, 1),
    R(pgov_fp_mul, 2),
    R(pgov_fp_div, 1),
    R(pgov_fp_div, 2),
    R(pgov_fp_div, 3),
    R(pgov_fp_ceiling, 1),
    R(pgov_fp_percent, 1),
    R(pgov_fp_mul_ext, 1),
    R(pgov_fp_div_ext, 1),
    R(pgov_fp_div_ext, 2),
    R(pgov_fp_percent_ext, 1),
    R(pgov_fp_int_ext_tofp, 1),
    R(pgov_fp_ext_toint, 1),
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
    R(pgov_hwp_boost_update, 1),
    R(pgov_hwp_boost_update, 2),
    R(pgov_hwp_boost_update, 3),
    R(pgov_hwp_boost_update, 4),
    R(pgov_hwp_boost_update, 5),
    R(pgov_hwp_boost_update, 6),
    R(pgov_hwp_boost_update, 7),
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
    R(pgov_sugov_decide_in, 1),
    R(pgov_sugov_decide_in, 2),
    R(pgov_sugov_decide_in, 3),
    R(pgov_sugov_decide_in, 4),
    R(pgov_sugov_decide_in, 5),
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

static void test_api_contract(void **state)
{
    (void)state;
    unsigned failed = 0;
    size_t n = sizeof(rows) / sizeof(rows[0]);
    for (size_t i = 0; i < n; i++) {
        build(&g_world);
        g_before = 0;
        int64_t got = rows[i].call(&g_world);
        int64_t want = *rows[i].expect;
        bool same = world_hash(&g_world) == g_before;
        if (got != want) {
            printf("FAIL row %u %s: returned %" PRId64 ", header documents %" PRId64 "\n",
                   (unsigned)i, rows[i].fn, got, want);
            failed++;
        }
        if (!same) {
            printf("FAIL row %u %s: an object changed\n", (unsigned)i, rows[i].fn);
            failed++;
        }
    }
    printf("%u rows, %u failures\n", (unsigned)n, failed);
    assert_int_equal(failed, 0);
}

/* The valid objects really are valid: a good call on each succeeds (so the
 * rows above fail for the reason they name, not for a broken fixture). */
static void test_fixture_valid(void **state)
{
    (void)state;
    struct world *w = &g_world;
    build(w);
    assert_int_equal(pgov_freq_table_resolve(&w->ft, 200000, 800000, 300000, PGOV_REL_L, &w->u32),
                     PGOV_OK);
    assert_int_equal(w->u32, 1);
    assert_int_equal(pgov_dbs_update(w->dg, UINT64_C(1) << 40, 0), PGOV_OK);
    assert_int_equal(pgov_dbs_evaluate(w->dgo, w->snap, 1, &w->dres), PGOV_OK);
    assert_int_equal(pgov_pstate_decide(&w->pprm, &w->lim, &w->pb, &w->pst, &w->pin, &w->pres),
                     PGOV_OK);
    assert_int_equal(pgov_pstate_set_limits(w->pg, &w->plim), PGOV_OK);
    assert_int_equal(pgov_sugov_set_limits(w->sg, &w->slim), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_dec(&w->urq, &w->uta), PGOV_OK);
    assert_int_equal(pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres), PGOV_OK);
    struct sug_big sb = {w->scfg, {0, 0}};
    sb.c.size = sizeof(sb); /* larger size, zero trailing bytes: accepted */
    assert_int_equal(pgov_sugov_init(w->xmem, sizeof(w->xmem), &sb.c, &fake_hw_ops, &g_hw, &w->sgx),
                     PGOV_OK);
    struct {
        struct pgov_hw_ops o;
        uintptr_t more[2];
    } hb = {w->ops, {0, 0}};
    hb.o.size = (uint32_t)sizeof(hb); /* a newer, larger table without new callbacks */
    assert_int_equal(pgov_hw_bind(&w->hw, &hb.o, NULL, PGOV_HW_NEED_FREQ), PGOV_OK);
    struct pst_big pb = {w->pcfg, {0, 0}};
    pb.c.size = sizeof(pb);
    assert_int_equal(pgov_pstate_params_init(&w->pprm, &pb.c), PGOV_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixture_valid),
        cmocka_unit_test(test_api_contract),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
