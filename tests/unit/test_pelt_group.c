/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Task-group PELT (pgov/pelt_group.h): the worked example of
 * docs/spec/pelt-groups.md section 6 step by step with its published
 * numbers, the tick sensitivity of 6.5, then each rule on hand-worked
 * values (floors per profile, removed-load propagation, the share modes,
 * the tg publish threshold and rate limit, reweight) and the error paths,
 * which must leave every object unchanged.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>
#include <pgov/core/pelt_group.h>

_Static_assert(sizeof(struct pgov_pelt_cfs) == 152, "cfs size");
_Static_assert(offsetof(struct pgov_pelt_cfs, removed_load) == 64, "removed_load");
_Static_assert(offsetof(struct pgov_pelt_cfs, prop_runnable_sum) == 88, "prop");
_Static_assert(offsetof(struct pgov_pelt_cfs, weight) == 96, "weight");
_Static_assert(offsetof(struct pgov_pelt_cfs, tg_last_update) == 128, "tg_last_update");
_Static_assert(offsetof(struct pgov_pelt_cfs, removed_nr) == 136, "removed_nr");
_Static_assert(offsetof(struct pgov_pelt_cfs, reserved) == 148, "reserved");
_Static_assert(sizeof(struct pgov_pelt_se) == 96, "se size");
_Static_assert(offsetof(struct pgov_pelt_se, weight) == 64, "se weight");
_Static_assert(offsetof(struct pgov_pelt_se, is_group) == 92, "is_group");
_Static_assert(sizeof(struct pgov_pelt_tg) == 32, "tg size");
_Static_assert(offsetof(struct pgov_pelt_tg, mode) == 28, "mode");

#define K61 PGOV_KVER_6_1
#define NICE0 1048576u
#define TG PGOV_PELT_GROUP_UPDATE_TG
#define ATT PGOV_PELT_GROUP_DO_ATTACH
#define MS 1000000ull

/* ------------------------------------------------------------ the worked example */

/* Two CPUs, group G (gse/G per CPU) under the roots, one task p. */
struct ex {
    struct pgov_pelt_cfs r[2], g[2];
    struct pgov_pelt_se gse[2], p;
    struct pgov_pelt_tg tg;
};

static const uint64_t TC = 4000000000ull, T0 = 5000000000ull;
static const uint64_t T1 = 5010000000ull, T2 = 5020000000ull;

static void expect(const struct pgov_pelt_avg *a, uint64_t ua, uint32_t us, uint64_t ra,
                   uint64_t la, uint64_t ls)
{
    assert_int_equal(a->util_avg, ua);
    assert_int_equal(a->util_sum, us);
    assert_int_equal(a->runnable_avg, ra);
    assert_int_equal(a->load_avg, la);
    assert_int_equal(a->load_sum, ls);
}

/* update_load_avg, then update_tg_load_avg of a group runqueue when due. */
static void ula(struct ex *e, struct pgov_pelt_cfs *p, struct pgov_pelt_se *se,
                struct pgov_pelt_cfs *g, uint64_t now, uint32_t flags)
{
    int r = pgov_pelt_group_update_load_avg(K61, p, se, g, now, flags);
    assert_true(r >= 0);
    if ((r & PGOV_PELT_GROUP_TG_DUE) && (p == &e->g[0] || p == &e->g[1]))
        assert_true(pgov_pelt_group_update_tg(K61, &e->tg, p, now) >= 0);
}

/* Section 6.1 set-up and step 0: the group at Tc, p forked on CPU0 at T0. */
static void ex_start(struct ex *e)
{
    memset(e, 0, sizeof(*e));
    e->tg.shares = NICE0;
    e->tg.cpus = 2;
    for (int c = 0; c < 2; c++) {
        assert_int_equal(pgov_pelt_group_cfs_init(&e->r[c], 0), PGOV_OK);
        assert_int_equal(pgov_pelt_group_cfs_init(&e->g[c], 0), PGOV_OK);
        assert_int_equal(pgov_pelt_group_se_init(&e->gse[c], NICE0, 1, 0), PGOV_OK);
        ula(e, &e->r[c], &e->gse[c], &e->g[c], TC, 0); /* attach_entity_cfs_rq */
        assert_int_equal(pgov_pelt_group_attach(K61, &e->r[c], &e->gse[c]), PGOV_OK);
        /* the empty entity: load_sum 1, P gains its weight and +1 pending */
        assert_int_equal(e->gse[c].avg.load_sum, 1);
        assert_int_equal(e->r[c].prop_runnable_sum, 1);
    }
    assert_int_equal(pgov_pelt_group_se_init(&e->p, NICE0, 0, 0), PGOV_OK);
    assert_int_equal(e->p.avg.load_avg, 1024);
    assert_int_equal(pgov_pelt_group_post_init(K61, &e->p, &e->g[0], 1024), PGOV_OK);
    assert_int_equal(e->p.avg.util_avg, 512);
}

/* Enqueue p on CPU @c (walk 1 at both levels: neither entity is queued). */
static void ex_enqueue(struct ex *e, int c, uint64_t now)
{
    ula(e, &e->g[c], &e->p, NULL, now, TG | ATT);
    e->g[c].weight += e->p.weight;
    e->p.on_rq = 1;
    e->g[c].nr_runnable++;
    ula(e, &e->r[c], &e->gse[c], &e->g[c], now, TG | ATT);
    e->gse[c].runnable_weight = e->g[c].nr_runnable;
    assert_true(pgov_pelt_group_update_shares(K61, &e->r[c], &e->gse[c], &e->g[c], &e->tg) >= 0);
    e->r[c].weight += e->gse[c].weight;
    e->gse[c].on_rq = 1;
    e->r[c].nr_runnable++;
}

static void ex_steps_0_1(struct ex *e)
{
    ex_start(e);
    ex_enqueue(e, 0, T0);
    /* pick from idle, 6.1: top-down */
    ula(e, &e->r[0], &e->gse[0], &e->g[0], T0, TG);
    e->r[0].has_curr = e->gse[0].running = 1;
    ula(e, &e->g[0], &e->p, NULL, T0, TG);
    e->g[0].has_curr = e->p.running = 1;
}

/* Sleep dequeue at @now (walk 1 at both levels: the group empties). */
static void ex_sleep(struct ex *e, uint64_t now)
{
    ula(e, &e->g[0], &e->p, NULL, now, TG);
    e->p.on_rq = 0;
    e->g[0].weight -= e->p.weight;
    e->g[0].nr_runnable--;
    ula(e, &e->r[0], &e->gse[0], &e->g[0], now, TG);
    e->gse[0].runnable_weight = 0;
    e->gse[0].on_rq = 0;
    e->r[0].weight -= e->gse[0].weight;
    assert_int_equal(pgov_pelt_group_update_shares(K61, &e->r[0], &e->gse[0], &e->g[0], &e->tg), 1);
    e->r[0].nr_runnable--;
    e->r[0].has_curr = e->gse[0].running = e->g[0].has_curr = e->p.running = 0;
}

static void test_example_steps_0_1(void **state)
{
    struct ex e;
    (void)state;
    ex_steps_0_1(&e);
    expect(&e.p.avg, 512, 24114176, 512, 1024, 47098);
    expect(&e.g[0].avg, 512, 24114176, 512, 1024, 48228352);
    expect(&e.gse[0].avg, 512, 24114176, 512, 1024, 47098);
    expect(&e.r[0].avg, 512, 24114176, 512, 1024, 48228352);
    assert_int_equal(e.g[0].prop_runnable_sum, 0);
    assert_int_equal(e.tg.load_avg, 1024);
    assert_int_equal(e.gse[0].weight, NICE0);
    ex_sleep(&e, T1);
    expect(&e.p.avg, 607, 28948426, 607, 1023, 47647);
    expect(&e.g[0].avg, 607, 28948426, 607, 1023, 48791445);
    expect(&e.gse[0].avg, 607, 28948426, 607, 1023, 47647);
    expect(&e.r[0].avg, 607, 28948426, 607, 1023, 48791445);
    assert_int_equal(e.tg.load_avg, 1024); /* |1023 - 1024| is not above 1024 / 64 */
}

static void test_example_steps_3_4(void **state)
{
    struct ex e;
    (void)state;
    ex_steps_0_1(&e);
    ex_sleep(&e, T1);
    /* step 3: wake-up migration to CPU1 */
    assert_int_equal(pgov_pelt_group_remove(&e.g[0], &e.p), PGOV_OK);
    assert_int_equal(e.g[0].removed_nr, 1);
    assert_int_equal(e.g[0].removed_util, 607);
    assert_int_equal(e.g[0].removed_load, 1023);
    assert_int_equal(e.g[0].removed_runnable, 607);
    assert_true(pgov_pelt_update_blocked_se(&e.p.avg, T2, 1024) >= 0); /* lag decay */
    expect(&e.p.avg, 494, 23310580, 494, 832, 38367);
    e.p.avg.last_update_time = 0;
    ex_enqueue(&e, 1, T2);
    expect(&e.p.avg, 494, 23303462, 494, 832, 38328);
    expect(&e.g[1].avg, 494, 23303462, 494, 832, 39247872);
    expect(&e.gse[1].avg, 494, 23303462, 494, 415, 38328);
    expect(&e.r[1].avg, 494, 23303462, 494, 415, 19623936);
    assert_int_equal(e.gse[1].weight, 524288); /* half, from CPU0's stale 1024 */
    assert_int_equal(e.tg.load_avg, 1856);
    /* step 4: CPU0's blocked pass at T2, leaf list G0, R0; the core tier's
     * blocked step on a copy must end in the same state */
    struct ex e2 = e;
    int rc = pgov_pelt_group_core_blocked(pgov_pelt_group_core_rules(K61), &e2.g[0], &e2.gse[0],
                                          &e2.r[0], T2);
    int r = pgov_pelt_group_blocked(K61, &e.g[0], &e.gse[0], &e.r[0], T2);
    assert_int_equal(rc, r);
    assert_memory_equal(&e, &e2, sizeof(e));
    /* G0 decayed (its tg update is due); the root's would be, but it has no group */
    assert_int_equal(r, PGOV_PELT_GROUP_CHANGED | PGOV_PELT_GROUP_TG_DUE);
    assert_int_equal(pgov_pelt_group_update_tg(K61, &e.tg, &e.g[0], T2), 1);
    assert_int_equal(e.tg.load_avg, 832);
    assert_int_equal(pgov_pelt_group_blocked(K61, &e.r[0], NULL, NULL, T2), 0);
    expect(&e.g[0].avg, 0, 21008, 0, 0, 38282);
    assert_int_equal(e.g[0].avg.runnable_sum, 21008);
    expect(&e.gse[0].avg, 0, 0, 0, 0, 0);
    expect(&e.r[0].avg, 0, 0, 0, 0, 1267);
    assert_int_equal(e.r[0].prop_runnable_sum, 18854);
    assert_int_equal(e.g[0].prop_runnable_sum, 0);
    assert_int_equal(e.g[0].propagate, 0);
    /* G0 keeps a util remainder: not decayed yet; the root neither (load_sum) */
    assert_int_equal(pgov_pelt_group_cfs_decayed(K61, &e.g[0]), 0);
    assert_int_equal(pgov_pelt_group_cfs_decayed(K61, &e.r[0]), 0);
}

/* Section 6.5: two ticks inside the run change the low bits. */
static void test_example_ticks(void **state)
{
    struct ex e;
    (void)state;
    ex_steps_0_1(&e);
    for (uint64_t t = T0 + 4 * MS; t <= T0 + 8 * MS; t += 4 * MS) {
        ula(&e, &e.g[0], &e.p, NULL, t, TG);
        ula(&e, &e.r[0], &e.gse[0], &e.g[0], t, TG);
        assert_int_equal(pgov_pelt_group_update_shares(K61, &e.r[0], &e.gse[0], &e.g[0], &e.tg), 1);
    }
    ex_sleep(&e, T1);
    assert_int_equal(e.p.avg.util_sum, 28949339);
    assert_int_equal(e.g[0].avg.util_sum, 28949339);
    assert_int_equal(e.gse[0].avg.util_sum, 28949339);
    assert_int_equal(e.r[0].avg.util_sum, 28949339);
    assert_int_equal(e.r[0].avg.load_sum, 48837246);
    assert_int_equal(e.r[0].avg.load_avg, 1024);
}

/* ------------------------------------------------------------ single rules */

static struct pgov_pelt_cfs cfs_at(uint64_t lut, uint32_t pc)
{
    struct pgov_pelt_cfs c;
    assert_int_equal(pgov_pelt_group_cfs_init(&c, 0), PGOV_OK);
    c.avg.last_update_time = lut;
    c.avg.period_contrib = pc;
    return c;
}

/* 6.x floors compare load/runnable sums as u32; 7.0+ in 64 bits. */
static void test_detach_floors(void **state)
{
    struct pgov_pelt_se se;
    (void)state;
    assert_int_equal(pgov_pelt_group_se_init(&se, NICE0, 0, 0), PGOV_OK);
    se.avg.load_avg = 10;
    se.avg.load_sum = 1000;
    for (int k = 0; k < 2; k++) {
        struct pgov_pelt_cfs c = cfs_at(1 << 20, 0);
        c.avg.load_avg = 100000;
        c.avg.load_sum = (1ull << 32) + 5000000000ull; /* 9294967296 */
        assert_int_equal(pgov_pelt_group_detach(k ? PGOV_KVER_7_3 : K61, &c, &se), PGOV_OK);
        assert_int_equal(c.avg.load_avg, 99990);
        /* sum 9294967296 - 1024000 = 9293943296: 6.1 compares as u32, its
         * low 32 bits 704008704 against (u32)(99990 * 46718) = 376365524,
         * and keeps 704008704: the high bits are lost */
        assert_int_equal(c.avg.load_sum, k ? 9293943296ull : 704008704ull);
        assert_int_equal(c.prop_runnable_sum, -1000);
        assert_int_equal(c.propagate, 1);
    }
}

/* 7.0+ floors additions too; 6.x adds plainly. */
static void test_attach_floor(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        struct pgov_pelt_cfs c = cfs_at(1 << 20, 100);
        struct pgov_pelt_se se;
        assert_int_equal(pgov_pelt_group_se_init(&se, NICE0, 0, 0), PGOV_OK);
        c.avg.load_avg = 50; /* with a sum far below 50 * 46718 */
        c.avg.load_sum = 10;
        assert_int_equal(pgov_pelt_group_attach(k ? PGOV_KVER_7_0 : PGOV_KVER_6_12, &c, &se),
                         PGOV_OK);
        /* se: load_avg 1024, div 46818: load_sum = 1024 * 46818 / 1024 */
        assert_int_equal(se.avg.load_sum, 46818);
        assert_int_equal(se.avg.last_update_time, 1 << 20);
        assert_int_equal(se.avg.period_contrib, 100);
        assert_int_equal(c.avg.load_avg, 1074);
        assert_int_equal(c.avg.load_sum, k ? 1074ull * 46718 : 10 + 1024ull * 46818);
        assert_int_equal(c.prop_runnable_sum, 46818);
    }
}

/* Removed load: subtract on the previous divider, propagate -ceil(rr*d/1024). */
static void test_removed_application(void **state)
{
    struct pgov_pelt_cfs c = cfs_at(5009999872ull, 930); /* div 47648 */
    (void)state;
    c.avg.util_avg = c.avg.runnable_avg = 607;
    c.avg.util_sum = 28948426;
    c.avg.runnable_sum = 28948426;
    c.avg.load_avg = 1023;
    c.avg.load_sum = 48791445;
    c.removed_util = c.removed_runnable = 607;
    c.removed_load = 1023;
    c.removed_nr = 1;
    /* no time passes: only the removal */
    assert_int_equal(pgov_pelt_group_update_cfs(K61, &c, 5009999872ull), 1);
    assert_int_equal(c.avg.util_avg, 0);
    assert_int_equal(c.avg.util_sum, 26090);
    assert_int_equal(c.avg.load_sum, 47541);
    assert_int_equal(c.prop_runnable_sum, -28245);
    assert_int_equal(c.removed_nr, 0);
    assert_int_equal(c.removed_util, 0);
    /* nothing pending, no time: not decayed */
    assert_int_equal(pgov_pelt_group_update_cfs(K61, &c, 5009999872ull), 0);
}

/* calc_group_shares and the 7.3 modes on hand-worked numbers. */
static void test_shares_modes(void **state)
{
    struct pgov_pelt_cfs g = cfs_at(0, 0);
    struct pgov_pelt_tg tg = {NICE0, 2048, 4096, 4, 0};
    static const uint64_t want[6] = {2097152, 524288, 2097152, 2097152, 2097152, NICE0};
    uint64_t w;
    (void)state;
    g.weight = NICE0;         /* load = max(1024, 0) */
    g.tg_load_contrib = 1024; /* T = 2048 - 1024 + 1024 */
    for (uint32_t m = 0; m <= PGOV_PELT_GROUP_MODE_UP; m++) {
        tg.mode = m;
        assert_int_equal(pgov_pelt_group_shares(PGOV_KVER_7_3, &tg, &g, &w), PGOV_OK);
        assert_int_equal(w, want[m]);
        /* before 7.3 the mode is not read: smp */
        assert_int_equal(pgov_pelt_group_shares(PGOV_KVER_6_12, &tg, &g, &w), PGOV_OK);
        assert_int_equal(w, 524288);
    }
    /* concur is smp below two busy tasks, and capped by the CPUs */
    tg.mode = 0;
    tg.runnable_avg = 2047;
    assert_int_equal(pgov_pelt_group_shares(PGOV_KVER_7_3, &tg, &g, &w), PGOV_OK);
    assert_int_equal(w, 524288);
    tg.runnable_avg = 100 << 10;
    tg.cpus = 0; /* read as 1 */
    assert_int_equal(pgov_pelt_group_shares(PGOV_KVER_7_3, &tg, &g, &w), PGOV_OK);
    assert_int_equal(w, 524288);
    /* T = 0: no division, clamped at the shares; empty group: the minimum 2 */
    tg.load_avg = 0;
    assert_int_equal(pgov_pelt_group_shares(K61, &tg, &g, &w), PGOV_OK);
    assert_int_equal(w, NICE0);
    g.weight = 0;
    tg.load_avg = 2048;
    assert_int_equal(pgov_pelt_group_shares(K61, &tg, &g, &w), PGOV_OK);
    assert_int_equal(w, 2);
}

/* update_cfs_group: 6.1 always reweights, 6.12 only on change and not when empty. */
static void test_update_shares_profiles(void **state)
{
    struct pgov_pelt_tg tg = {NICE0, 0, 0, 2, 0};
    (void)state;
    for (int k = 0; k < 2; k++) {
        uint32_t kv = k ? PGOV_KVER_6_12 : K61;
        struct pgov_pelt_cfs p = cfs_at(1 << 20, 0), g = cfs_at(1 << 20, 0);
        struct pgov_pelt_se gse, task;
        assert_int_equal(pgov_pelt_group_se_init(&gse, NICE0, 1, 0), PGOV_OK);
        assert_int_equal(pgov_pelt_group_se_init(&task, NICE0, 0, 0), PGOV_OK);
        /* a task has no share */
        assert_int_equal(pgov_pelt_group_update_shares(kv, &p, &task, NULL, &tg), 0);
        /* empty group: 6.1 computes 2 and reweights, 6.12 keeps the weight */
        assert_int_equal(pgov_pelt_group_update_shares(kv, &p, &gse, &g, &tg), k ? 0 : 1);
        assert_int_equal(gse.weight, k ? NICE0 : 2);
        g.weight = NICE0;
        g.avg.load_avg = 1024;
        /* T = 0 - 0 + 1024: the full shares; 6.12: unchanged for the 6.12 entity */
        assert_int_equal(pgov_pelt_group_update_shares(kv, &p, &gse, &g, &tg), k ? 0 : 1);
        assert_int_equal(gse.weight, NICE0);
    }
}

/* reweight_entity: the entity's load_avg on its own divider, queued weight moved. */
static void test_reweight(void **state)
{
    struct pgov_pelt_cfs p = cfs_at(1 << 20, 0);
    struct pgov_pelt_se se;
    (void)state;
    assert_int_equal(pgov_pelt_group_se_init(&se, NICE0, 0, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_group_attach(K61, &p, &se), PGOV_OK); /* load_sum 46718 */
    se.on_rq = 1;
    p.weight = NICE0;
    assert_int_equal(pgov_pelt_group_reweight(K61, &p, &se, 2 * NICE0), PGOV_OK);
    assert_int_equal(se.weight, 2 * NICE0);
    assert_int_equal(se.avg.load_avg, 2048);
    assert_int_equal(p.weight, 2 * NICE0);
    assert_int_equal(p.avg.load_avg, 2048);
    assert_int_equal(p.avg.load_sum, 2048ull * 46718);
}

/* update_tg_load_avg: 1/64 threshold, 6.12+ rate limit, 7.3 runnable. */
static void test_update_tg(void **state)
{
    struct pgov_pelt_cfs c = cfs_at(0, 0);
    struct pgov_pelt_tg tg = {NICE0, 0, 0, 1, 0};
    (void)state;
    c.avg.load_avg = 640;
    assert_int_equal(pgov_pelt_group_update_tg(K61, &tg, &c, 0), 1);
    assert_int_equal(tg.load_avg, 640);
    c.avg.load_avg = 650; /* +10 is not above 640 / 64 */
    assert_int_equal(pgov_pelt_group_update_tg(K61, &tg, &c, 0), 0);
    c.avg.load_avg = 651;
    assert_int_equal(pgov_pelt_group_update_tg(K61, &tg, &c, 0), 1);
    assert_int_equal(tg.load_avg, 651);
    /* 6.12: at most once per ms */
    c.avg.load_avg = 2000;
    assert_int_equal(pgov_pelt_group_update_tg(PGOV_KVER_6_12, &tg, &c, 5 * MS), 1);
    assert_int_equal(c.tg_last_update, 5 * MS);
    c.avg.load_avg = 4000;
    assert_int_equal(pgov_pelt_group_update_tg(PGOV_KVER_6_12, &tg, &c, 6 * MS - 1), 0);
    assert_int_equal(pgov_pelt_group_update_tg(PGOV_KVER_6_12, &tg, &c, 6 * MS), 1);
    assert_int_equal(tg.load_avg, 4000);
    assert_int_equal(tg.runnable_avg, 0);
    /* 7.3: a runnable move alone publishes both */
    c.avg.runnable_avg = 3000;
    assert_int_equal(pgov_pelt_group_update_tg(PGOV_KVER_7_3, &tg, &c, 8 * MS), 1);
    assert_int_equal(tg.runnable_avg, 3000);
    assert_int_equal(c.tg_runnable_contrib, 3000);
    /* a fall publishes a negative delta */
    c.avg.load_avg = 0;
    assert_int_equal(pgov_pelt_group_update_tg(PGOV_KVER_7_3, &tg, &c, 10 * MS), 1);
    assert_int_equal(tg.load_avg, 0);
}

/* DO_DETACH (load-balance migration) and SKIP_AGE. */
static void test_update_load_avg_flags(void **state)
{
    struct pgov_pelt_cfs c = cfs_at(1 << 20, 0);
    struct pgov_pelt_se se;
    (void)state;
    assert_int_equal(pgov_pelt_group_se_init(&se, NICE0, 0, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_group_update_load_avg(K61, &c, &se, NULL, 1 << 20, ATT),
                     PGOV_PELT_GROUP_CHANGED | PGOV_PELT_GROUP_TG_DUE);
    assert_int_equal(c.avg.load_avg, 1024);
    /* the same instant again: nothing decayed, nothing due */
    assert_int_equal(pgov_pelt_group_update_load_avg(K61, &c, &se, NULL, 1 << 20, TG), 0);
    /* SKIP_AGE: the entity stays where it was, the runqueue moves */
    assert_true(pgov_pelt_group_update_load_avg(K61, &c, &se, NULL, 80 * MS,
                                                PGOV_PELT_GROUP_SKIP_AGE) >= 0);
    assert_int_equal(se.avg.last_update_time, 1 << 20);
    assert_true(c.avg.last_update_time > (1 << 20));
    assert_int_equal(
        pgov_pelt_group_update_load_avg(K61, &c, &se, NULL, 80 * MS, PGOV_PELT_GROUP_DO_DETACH),
        PGOV_PELT_GROUP_CHANGED | PGOV_PELT_GROUP_TG_DUE);
    assert_int_equal(c.avg.load_avg, 0);
    assert_int_equal(c.avg.util_avg, 0);
    assert_int_equal(c.prop_runnable_sum, 46718 - (int64_t)se.avg.load_sum);
}

/* Propagation with nothing pending, and the empty-group branch of 3.4. */
static void test_propagate_cases(void **state)
{
    struct pgov_pelt_cfs p = cfs_at(1 << 20, 0), g = cfs_at(1 << 20, 0);
    struct pgov_pelt_se gse;
    (void)state;
    assert_int_equal(pgov_pelt_group_se_init(&gse, NICE0, 1, 0), PGOV_OK);
    assert_int_equal(pgov_pelt_group_propagate(K61, &p, &gse, &g), 0);
    gse.avg.load_sum = 30000;
    gse.avg.load_avg = 657;
    g.propagate = 1;
    g.prop_runnable_sum = -100; /* negative and the group empty: r = 0 */
    assert_int_equal(pgov_pelt_group_propagate(K61, &p, &gse, &g), 1);
    assert_int_equal(gse.avg.load_sum, 0);
    assert_int_equal(gse.avg.load_avg, 0);
    assert_int_equal(p.prop_runnable_sum, -100);
    assert_int_equal(p.propagate, 1);
    assert_int_equal(g.propagate, 0);
    assert_int_equal(g.prop_runnable_sum, 0);
    /* positive: clipped at a full window (div 46718) */
    g.propagate = 1;
    g.prop_runnable_sum = 100000;
    assert_int_equal(pgov_pelt_group_propagate(K61, &p, &gse, &g), 1);
    assert_int_equal(gse.avg.load_sum, 46718);
    assert_int_equal(gse.avg.load_avg, 1024);
}

/* ------------------------------------------------------------ errors */

static void test_errors_leave_state(void **state)
{
    struct pgov_pelt_cfs p = cfs_at(1 << 20, 0), g = cfs_at(1 << 20, 0), p0, g0;
    struct pgov_pelt_se se, se0;
    struct pgov_pelt_tg tg = {NICE0, 0, 0, 1, 9}, tg0;
    uint64_t w = 77;
    (void)state;
    assert_int_equal(pgov_pelt_group_se_init(&se, NICE0, 1, 0), PGOV_OK);
    g.propagate = 1;
    g.prop_runnable_sum = 5;
    p0 = p, g0 = g, se0 = se, tg0 = tg;
    assert_int_equal(pgov_pelt_group_propagate(PGOV_KVER(6, 0), &p, &se, &g), PGOV_ENOTSUP);
    g.avg.halflife = 16;
    g0.avg.halflife = 16;
    assert_int_equal(pgov_pelt_group_propagate(K61, &p, &se, &g), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_group_update_load_avg(K61, &p, &se, &g, 1, 0), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_group_blocked(K61, &g, &se, &p, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_group_update_shares(K61, &p, &se, &g, &tg), PGOV_EINVAL);
    g.avg.halflife = 0;
    g0.avg.halflife = 0;
    se.weight = 0;
    se0.weight = 0;
    assert_int_equal(pgov_pelt_group_attach(K61, &p, &se), PGOV_EINVAL);
    se.weight = se0.weight = NICE0;
    se.avg.halflife = se0.avg.halflife = 7;
    assert_int_equal(pgov_pelt_group_attach(K61, &p, &se), PGOV_ENOTSUP);
    se.avg.halflife = se0.avg.halflife = 0;
    assert_int_equal(pgov_pelt_group_shares(K61, &tg, &g, &w), PGOV_EINVAL); /* mode 9 */
    assert_int_equal(pgov_pelt_group_update_tg(K61, &tg, &g, 0), PGOV_EINVAL);
    tg.mode = tg0.mode = 0;
    tg.shares = tg0.shares = 1; /* would make a weight-0 entity */
    assert_int_equal(pgov_pelt_group_update_shares(K61, &p, &se, &g, &tg), PGOV_EINVAL);
    tg.shares = tg0.shares = NICE0;
    assert_int_equal(pgov_pelt_group_blocked(K61, &g, NULL, &p, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_group_blocked(K61, NULL, NULL, NULL, 1), PGOV_EINVAL);
    assert_int_equal(pgov_pelt_group_post_init(K61, &se, &p, 1024), PGOV_EINVAL); /* a group */
    assert_int_equal(pgov_pelt_group_cfs_decayed(PGOV_KVER(6, 0), &p), PGOV_ENOTSUP);
    assert_int_equal(pgov_pelt_group_se_init(NULL, 1, 0, 0), PGOV_EINVAL);
    assert_memory_equal(&p, &p0, sizeof(p));
    assert_memory_equal(&g, &g0, sizeof(g));
    assert_memory_equal(&se, &se0, sizeof(se));
    assert_memory_equal(&tg, &tg0, sizeof(tg));
    assert_int_equal(w, 77);
}

/* The rule bits per resolved release. */
static void test_rules(void **state)
{
    (void)state;
    assert_int_equal(pgov_pelt_group_core_rules(PGOV_KVER_6_1), PGOV_PELT_GROUP_RULE_SCALED_INIT);
    assert_int_equal(pgov_pelt_group_core_rules(PGOV_KVER_6_12),
                     PGOV_PELT_GROUP_RULE_CHANGED | PGOV_PELT_GROUP_RULE_TG_RATE);
    assert_int_equal(pgov_pelt_group_core_rules(PGOV_KVER_7_3),
                     PGOV_PELT_GROUP_RULE_CHANGED | PGOV_PELT_GROUP_RULE_TG_RATE |
                         PGOV_PELT_GROUP_RULE_FLOORS7 | PGOV_PELT_GROUP_RULE_73);
    assert_int_equal(pgov_pelt_group_core_sld(0), 0);
    assert_int_equal(pgov_pelt_group_core_sld(1), 2);
    assert_int_equal(pgov_pelt_group_core_sld(NICE0), 1024);
    /* 7.0 narrows util deltas to s32: +2^31 becomes negative and clamps */
    assert_int_equal(pgov_pelt_group_impl_add32(5, (int64_t)1 << 31, PGOV_PELT_GROUP_RULE_FLOORS7),
                     0);
    assert_int_equal(pgov_pelt_group_impl_add32(5, (int64_t)1 << 31, 0), 5u + 0x80000000u);
    assert_int_equal(pgov_pelt_group_impl_asr(-1, 10), -1);
    assert_int_equal(pgov_pelt_group_impl_asr(-1025, 10), -2);
    assert_int_equal(pgov_pelt_group_impl_asr(INT64_MIN, 10), INT64_MIN / 1024);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example_steps_0_1),
        cmocka_unit_test(test_example_steps_3_4),
        cmocka_unit_test(test_example_ticks),
        cmocka_unit_test(test_detach_floors),
        cmocka_unit_test(test_attach_floor),
        cmocka_unit_test(test_removed_application),
        cmocka_unit_test(test_shares_modes),
        cmocka_unit_test(test_update_shares_profiles),
        cmocka_unit_test(test_reweight),
        cmocka_unit_test(test_update_tg),
        cmocka_unit_test(test_update_load_avg_flags),
        cmocka_unit_test(test_propagate_cases),
        cmocka_unit_test(test_errors_leave_state),
        cmocka_unit_test(test_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
