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
 * One file per module holds that module's rows and its table (DEF() and R(),
 * api_contract.h); this file builds the world and runs every table.
 * tests/checks/check_api_contract.sh (ctest api_contract_complete) fails when a
 * function of lib/pgov.map has no DEF() and R() row in tests/contract/.
 */
#include "api_contract.h"

struct fake_hw g_hw;
struct fake_idle g_idle;
static struct world g_world;
/* Hash of the world when the row's call starts (a second copy of the world
 * would not fit the 16 KiB of the Cortex-M0 target). */
static uint64_t g_before;

/* The pelt and pelt_group part of the world (build() stays within size). */
static void build_pelt(struct world *w)
{
    /* pelt: a task signal and a cfs_rq signal with some history */
    assert_int_equal(pgov_pelt_init(&w->sa, 0, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_init(&w->cfs, 0, 0), PGOV_OK);
    assert_true(pgov_pelt_update_task(&w->sa, 50000000, 1, 0, 1, 1024) >= 0);
    assert_true(pgov_pelt_update_cfs_rq(&w->cfs, 50000000, 1024, 1, 1) >= 0);
    assert_int_equal(pgov_pelt_clock_init(&w->clk, 0, 0), PGOV_OK);
    /* pelt_group: a group under the root with one task attached to it */
    assert_int_equal(pgov_pelt_group_cfs_init(&w->grt, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_group_cfs_init(&w->grq, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_group_se_init(&w->gse, 1048576, 1, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_group_se_init(&w->gtask, 1048576, 0, 0), PGOV_OK);
    assert_true(pgov_pelt_group_update_load_avg(0, &w->grt, &w->gse, &w->grq, 4000000, 4) >= 0);
    assert_true(pgov_pelt_group_update_load_avg(0, &w->grq, &w->gtask, NULL, 5000000, 5) >= 0);
    w->gtg.shares = 1048576;
    assert_int_equal(pgov_pelt_clock_update(&w->clk, 1000000, 0, 1024, 512), PGOV_OK);
}

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
    assert_int_equal(pgov_dbs_get_status(w->dg, &w->dst), PGOV_OK);
    assert_int_equal(pgov_dbs_get_cpu(w->dg, 0, &w->dcpu), PGOV_OK);

    /* uclamp: a task active in the runqueue (uta), one not queued (ut) */
    assert_int_equal(pgov_uclamp_rq_init(&w->urq, 0, 5), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_init(&w->ut, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_init(&w->uta, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_task_set(&w->uta, PGOV_UCLAMP_SET_MIN, 300, 0), PGOV_OK);
    assert_int_equal(pgov_uclamp_rq_inc(&w->urq, &w->uta, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_tg_init(&w->utgp, NULL), PGOV_OK);
    assert_int_equal(pgov_uclamp_tg_init(&w->utg, &w->utgp), PGOV_OK);

    build_pelt(w);
    w->uev[0] = PGOV_UTIL_EST_EV_ENQUEUE;
    w->uev[1] = PGOV_UTIL_EST_EV_DEQUEUE;
    for (int i = 0; i < 2; i++) {
        w->usleep[i] = 1;
        w->uutil[i] = w->urun[i] = 200;
        w->ucap[i] = 1024;
    }
    for (int i = 0; i < 2; i++) {
        w->bnow[i] = 60000000 + (uint64_t)i * 3000000;
        w->bload[i] = w->brunnable[i] = 1;
        w->brunning[i] = 1;
        w->bweight[i] = 1024;
    }

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
    w->hprm.tick_ns = PGOV_DEFAULT_TICK_NS;

    /* sugov */
    w->sprm.rate_limit_ns = PGOV_SUGOV_DEFAULT_RATE_LIMIT_NS;
    w->sprm.tick_ns = PGOV_DEFAULT_TICK_NS;
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

int snap(const struct world *w)
{
    g_before = world_hash(w);
    return 0;
}

static const struct row_table *const tables[] = {
    &api_rows_core,
    &api_rows_hw,
    &api_rows_freq_table,
    &api_rows_dbs,
    &api_rows_uclamp,
    &api_rows_pelt,
    &api_rows_pelt_group,
    &api_rows_util_est,
    &api_rows_fixed,
    &api_rows_pstate,
    &api_rows_hwp,
    &api_rows_sugov,
};

static void test_api_contract(void **state)
{
    (void)state;
    unsigned failed = 0, n = 0;
    for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
        for (size_t i = 0; i < tables[t]->n; i++, n++) {
            const struct row *r = &tables[t]->rows[i];
            build(&g_world);
            g_before = 0;
            int64_t got = r->call(&g_world);
            int64_t want = *r->expect;
            bool same = world_hash(&g_world) == g_before;
            if (got != want) {
                printf("FAIL row %u %s: returned %" PRId64 ", header documents %" PRId64 "\n",
                       (unsigned)i, r->fn, got, want);
                failed++;
            }
            if (!same) {
                printf("FAIL row %u %s: an object changed\n", (unsigned)i, r->fn);
                failed++;
            }
        }
    }
    printf("%u rows, %u failures\n", n, failed);
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
