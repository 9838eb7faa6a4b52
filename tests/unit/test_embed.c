/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The embedding layer (pgov/embed.h) and the core tier: a configuration
 * file read through PGOV_CONFIG_FILE, the hooks the cores call
 * (PGOV_ASSERT, PGOV_READ_ONCE/WRITE_ONCE, the 32-bit last_update_time
 * copy protocol's barriers), a compile-time uclamp bucket count, the dbs
 * instance's compile-time size, and the cores giving exactly what the
 * exported functions give on the same state (schedutil: with the rule bits
 * an embedder takes once, or the constant of the newest profile).
 */
#define PGOV_CONFIG_FILE "embed_test_config.h"

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
#include <pgov/core/pelt.h>
#include <pgov/core/pelt_rq.h>
#include <pgov/core/uclamp.h>
#include <pgov/core/util_est.h>
#include <pgov/core/dbs.h>
#include <pgov/core/sugov.h>

unsigned embed_asserts, embed_reads, embed_writes, embed_wmb, embed_rmb;

static void reset_counts(void)
{
    embed_asserts = embed_reads = embed_writes = embed_wmb = embed_rmb = 0;
}

_Static_assert(PGOV_UCLAMP_NBUCKETS == 5, "the configuration file was read");
_Static_assert(PGOV_PELT_LUT_COPY == 1, "the configuration file was read");

/* The core and the exported update give the same state, step by step. */
static void test_pelt_core_equals_abi(void **state)
{
    struct pgov_pelt_avg a, c;
    uint64_t now = 1000000, s = 12345;
    (void)state;
    assert_int_equal(pgov_pelt_init(&a, now, 0), 0);
    pgov_pelt_core_init(&c, now, 0);
    for (int i = 0; i < 5000; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        /* deltas from 0 to ~70 periods, sometimes far beyond the cut-off */
        now += (s >> 40) % (i % 97 == 0 ? 4000000000ull : 70000000ull);
        uint32_t on = (uint32_t)(s >> 20) & 1u;
        int ra = pgov_pelt_update(&a, now, on, on, (uint32_t)(s >> 21) & on, 1024);
        bool rc = pgov_pelt_core_update(&c, now, on, on, (uint32_t)(s >> 21) & on, 1024);
        assert_int_equal(ra, rc ? 1 : 0);
        assert_memory_equal(&a, &c, sizeof(a));
    }
    assert_int_equal(embed_asserts, 0);
}

/* Android half-lives take the generic path of the same core. */
static void test_pelt_core_halflife(void **state)
{
    static const uint32_t hls[] = {8, 16};
    (void)state;
    for (unsigned k = 0; k < 2; k++) {
        struct pgov_pelt_avg a, c;
        uint64_t now = 0;
        assert_int_equal(pgov_pelt_init(&a, 0, hls[k]), 0);
        pgov_pelt_core_init(&c, 0, hls[k]);
        for (int i = 1; i < 3000; i++) {
            now += (uint64_t)(i * 7919 % 5000) * 1024;
            assert_int_equal(pgov_pelt_update(&a, now, 1, 1, i & 1, 1024),
                             pgov_pelt_core_update(&c, now, 1, 1, i & 1, 1024) ? 1 : 0);
            assert_memory_equal(&a, &c, sizeof(a));
        }
        assert_true(a.util_avg > 0);
    }
}

/* The PELT clock's core: known values, then the ABI and the core in step. */
static void test_pelt_clock_core(void **state)
{
    struct pgov_pelt_clock a, c;
    uint64_t t = 1000, s = 99, now_a = 0;
    (void)state;
    pgov_pelt_core_clock_init(&c, 1000, 0);
    pgov_pelt_core_clock_update(&c, 2000, 0, 512, 1024); /* half capacity: 500 ns */
    assert_int_equal(c.clock_pelt, 1500);
    assert_int_equal(pgov_pelt_core_clock_idle(&c, PGOV_PELT_BUSY_UTIL_SUM - 1), 0);
    assert_int_equal(c.lost_idle_time, 0);
    pgov_pelt_core_clock_update(&c, 3000, 0, 1024, 256); /* quarter frequency: 250 ns */
    assert_int_equal(pgov_pelt_core_clock_idle(&c, PGOV_PELT_BUSY_UTIL_SUM), PGOV_PELT_IDLE_LOST);
    assert_int_equal(c.lost_idle_time, 750);
    assert_int_equal(pgov_pelt_core_clock_now(&c), 3000 - 750);

    assert_int_equal(pgov_pelt_clock_init(&a, t, 2), 0);
    pgov_pelt_core_clock_init(&c, t, 2);
    for (int i = 0; i < 4000; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        t += (s >> 44) - (i % 211 == 0 ? 5000 : 0); /* now and then backwards */
        uint32_t idle = (uint32_t)(s >> 7) & 1u, cc = (uint32_t)(s >> 9) % 1025u,
                 fc = (uint32_t)(s >> 21) % 1025u;
        assert_int_equal(pgov_pelt_clock_update(&a, t, idle, cc, fc), 0);
        pgov_pelt_core_clock_update(&c, t, idle, cc, fc);
        if (i % 5 == 0) {
            uint64_t sum = (s >> 3) % (2 * PGOV_PELT_BUSY_UTIL_SUM);
            assert_int_equal(pgov_pelt_clock_idle(&a, sum), pgov_pelt_core_clock_idle(&c, sum));
        }
        assert_memory_equal(&a, &c, sizeof(a));
        assert_int_equal(pgov_pelt_clock_now(&a, &now_a), 0);
        assert_int_equal(now_a, pgov_pelt_core_clock_now(&c));
    }
    assert_true(c.lost_idle_time > 0);
}

/* attach/detach/remove: the exported functions (each floor profile) and the
 * cores on twin states, at half-lives 32 and 16. */
static void test_pelt_rq_core(void **state)
{
    static const uint32_t kv[3] = {PGOV_KVER(5, 13), PGOV_KVER_6_1, PGOV_KVER_7_0};
    static const int rule[3] = {PGOV_PELT_FLOOR_64, PGOV_PELT_FLOOR_U32, PGOV_PELT_FLOOR_7_0};
    uint64_t s = 7;
    (void)state;
    for (int i = 0; i < 600; i++) {
        struct pgov_pelt_avg cfs, se, ca, sa, cc, sc;
        uint32_t hl = i & 1 ? 16 : 0;
        uint64_t now = 0;
        int k = i % 3;
        assert_int_equal(pgov_pelt_init(&cfs, 0, hl), 0);
        assert_int_equal(pgov_pelt_init(&se, 0, hl), 0);
        for (int j = 0; j < 40; j++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            now += (s >> 40) % 3000000;
            assert_true(pgov_pelt_update(&cfs, now, 3072, 2, 1, 1024) >= 0);
            assert_true(pgov_pelt_update(&se, now, (s >> 7) & 1, 1, (s >> 8) & 1, 1024) >= 0);
        }
        ca = cc = cfs;
        sa = sc = se;
        assert_int_equal(pgov_pelt_attach(&ca, &sa, 1024), 0);
        if (hl)
            pgov_pelt_core_attach(&cc, &sc, 1024);
        else {
            struct pgov_pelt_hl h = pgov_pelt_core_hl(hl);
            pgov_pelt_core_attach_hl(&cc, &h, &sc, 1024);
        }
        assert_memory_equal(&ca, &cc, sizeof(ca));
        assert_memory_equal(&sa, &sc, sizeof(sa));
        assert_int_equal(pgov_pelt_detach_kv(&ca, &sa, 1024, kv[k]), 0);
        pgov_pelt_core_detach(&cc, &sc, 1024, rule[k]);
        assert_memory_equal(&ca, &cc, sizeof(ca));
        assert_int_equal(pgov_pelt_remove_kv(&ca, s >> 54, s >> 56, s >> 55, kv[k]), 0);
        pgov_pelt_core_remove(&cc, s >> 54, s >> 56, s >> 55, rule[k]);
        assert_memory_equal(&ca, &cc, sizeof(ca));
    }
    assert_int_equal(embed_asserts, 0);
}

/* pelt_rq.h's steps that core/pelt_group.h uses beyond attach/detach/remove,
 * on hand-worked values (min divider 46718 at half-life 32). */
static void test_pelt_rq_steps(void **state)
{
    struct pgov_pelt_avg c;
    uint64_t avg, sum;
    uint32_t usum;
    (void)state;
    pgov_pelt_core_init(&c, 0, 0);
    c.load_avg = 10;
    c.load_sum = 100;
    pgov_pelt_core_add_load(&c, 0, 0, PGOV_PELT_FLOOR_U32); /* before 7.0: plain add */
    assert_int_equal(c.load_sum, 100);
    pgov_pelt_core_add_load(&c, 2, 50, PGOV_PELT_FLOOR_7_0); /* 7.0: floored at 12 * 46718 */
    assert_int_equal(c.load_avg, 12);
    assert_int_equal(c.load_sum, 12u * 46718u);
    avg = 1;
    sum = (UINT64_C(1) << 32) + 5; /* u32 floor compares the truncated sum */
    pgov_pelt_core_sub_pair(&avg, &sum, 0, 0, 100, PGOV_PELT_FLOOR_U32);
    assert_int_equal(sum, 100);
    sum = (UINT64_C(1) << 32) + 5;
    pgov_pelt_core_sub_pair(&avg, &sum, 0, 0, 100, PGOV_PELT_FLOOR_64);
    assert_int_equal(sum, (UINT64_C(1) << 32) + 5);
    avg = 5;
    sum = 1000; /* avg saturates (7.0: the negative delta wraps to 0) */
    pgov_pelt_core_sub_pair(&avg, &sum, 7, 10, 100, PGOV_PELT_FLOOR_7_0);
    assert_int_equal(avg, 0);
    assert_int_equal(sum, 990);
    avg = 3;
    usum = 50; /* util: sum saturates at 0, then the floor 2 * 100 */
    pgov_pelt_core_sub_util(&avg, &usum, 1, 60, 100, PGOV_PELT_FLOOR_64);
    assert_int_equal(avg, 2);
    assert_int_equal(usum, 200);
}

/* A state the library never produces trips the embedder's assertion in the
 * core, while the ABI refuses it without touching it. */
static void test_assert_hook(void **state)
{
    struct pgov_pelt_avg sa, before;
    (void)state;
    pgov_pelt_core_init(&sa, 0, 0);
    sa.period_contrib = 5000;
    before = sa;
    assert_int_equal(pgov_pelt_update(&sa, 1 << 20, 1, 1, 1, 1024), PGOV_EINVAL);
    assert_memory_equal(&sa, &before, sizeof(sa));
    reset_counts();
    (void)pgov_pelt_core_update_sums(&sa, 1 << 20, 1, 1, 1);
    assert_true(embed_asserts >= 1);
}

/* Remote values go through the hooks; the copy protocol pairs a write
 * barrier with a read barrier and returns the published time. */
static void test_remote_hooks(void **state)
{
    struct pgov_pelt_avg sa;
    uint64_t copy = 0;
    (void)state;
    pgov_pelt_core_init(&sa, 0, 0);
    reset_counts();
    assert_true(pgov_pelt_core_update(&sa, 5ull << 20, 1, 1, 1, 1024));
    assert_true(embed_writes >= 2); /* last_update_time and util_avg */
    pgov_pelt_core_lut_publish(&sa, &copy);
    assert_int_equal(embed_wmb, 1);
    assert_int_equal(copy, sa.last_update_time);
    assert_int_equal(pgov_pelt_core_lut_read(&sa, &copy), sa.last_update_time);
    assert_int_equal(embed_rmb, 1);
    reset_counts();
    assert_int_equal(pgov_pelt_core_util(&sa), sa.util_avg);
    assert_int_equal(embed_reads, 1);

    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {300, 0};
    assert_int_equal(pgov_util_est_init(&rq, NULL), 0);
    reset_counts();
    pgov_util_est_core_enqueue(&rq, &t);
    assert_int_equal(embed_writes, 1);
    assert_int_equal(pgov_util_est_core_cpu_util(&rq, 100, 1024), 300);
    assert_int_equal(embed_reads, 1);
}

/* The compile-time bucket count: the core uses 5 whatever the rq says is
 * configured, and it counts exactly what the library counts. */
static void test_uclamp_fixed_buckets(void **state)
{
    struct pgov_uclamp_rq ra, rc;
    struct pgov_uclamp_task ta[6], tc[6];
    (void)state;
    assert_int_equal(pgov_uclamp_rq_init(&ra, 0, 5), 0);
    assert_int_equal(pgov_uclamp_rq_init(&rc, 0, 5), 0);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(pgov_uclamp_task_init(&ta[i], 0), 0);
        assert_int_equal(pgov_uclamp_task_set(&ta[i], PGOV_UCLAMP_SET_MIN | PGOV_UCLAMP_SET_MAX,
                                              i * 150, 400 + i * 120), 0);
        tc[i] = ta[i];
    }
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < 6; i++) {
            assert_int_equal(pgov_uclamp_rq_inc(&ra, &ta[i], NULL), 0);
            assert_true(pgov_uclamp_core_rq_inc(&rc, &tc[i], NULL));
            assert_memory_equal(&ra, &rc, sizeof(ra));
        }
        for (int i = 5; i >= 0; i -= 2) {
            assert_int_equal(pgov_uclamp_rq_dec(&ra, &ta[i]), 0);
            assert_false(pgov_uclamp_core_rq_dec(&rc, &tc[i]));
            assert_memory_equal(&ra, &rc, sizeof(ra));
        }
        for (int i = 5; i >= 0; i -= 2) {
            assert_int_equal(pgov_uclamp_rq_inc(&ra, &ta[i], NULL), 0);
            assert_true(pgov_uclamp_core_rq_inc(&rc, &tc[i], NULL));
        }
        for (int i = 0; i < 6; i++) {
            assert_int_equal(pgov_uclamp_rq_dec(&ra, &ta[i]), 0);
            assert_false(pgov_uclamp_core_rq_dec(&rc, &tc[i]));
        }
        assert_memory_equal(&ra, &rc, sizeof(ra));
    }
    assert_int_equal(pgov_uclamp_core_rq_value(&rc, PGOV_UCLAMP_MAX), ra.value[PGOV_UCLAMP_MAX]);
    assert_int_equal(embed_asserts, 0);
}

/* ---------------------------------------------------------------- dbs */

/* PGOV_DBS_SIZE() is a constant expression: static storage is sized by it. */
static PGOV_ALIGN8 unsigned char dbs_abi_mem[PGOV_DBS_SIZE(2)];
static PGOV_ALIGN8 unsigned char dbs_core_mem[PGOV_DBS_SIZE(2)];
_Static_assert(sizeof(dbs_abi_mem) == PGOV_DBS_SIZE(2), "PGOV_DBS_SIZE is a constant");
_Static_assert(PGOV_DBS_SIZE(2) - PGOV_DBS_SIZE(1) == sizeof(struct pgov_dbs_core_cpu),
               "one CPU more is one per-CPU entry more");
_Static_assert(PGOV_DBS_ALIGN == 8 && _Alignof(struct pgov_dbs_storage_head) <= PGOV_DBS_ALIGN,
               "PGOV_ALIGN8 storage is aligned enough");

static void test_dbs_size_constant(void **state)
{
    struct pgov_freq_entry t[2] = {{800000, 0}, {1600000, 0}};
    uint32_t cpus[2] = {0, 1};
    struct pgov_dbs_config c;
    struct pgov_dbs *g;
    (void)state;
    for (uint32_t n = 0; n <= PGOV_DBS_MAX_CPUS + 1u; n++)
        assert_int_equal(pgov_dbs_size_cpus(n),
                         n == 0 || n > PGOV_DBS_MAX_CPUS ? 0 : PGOV_DBS_SIZE(n));
    assert_int_equal(pgov_dbs_size(), PGOV_DBS_SIZE(PGOV_DBS_MAX_CPUS));
    /* The constant is enough, and one byte less is not. */
    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    c.ncpu = 2;
    c.cpus = cpus;
    c.table = t;
    c.table_len = 2;
    c.cur_khz = 800000;
    assert_int_equal(pgov_dbs_init_open(dbs_abi_mem, PGOV_DBS_SIZE(2) - 1, &c, &g), PGOV_ENOSPC);
    assert_int_equal(pgov_dbs_init_open(dbs_abi_mem, PGOV_DBS_SIZE(2), &c, &g), PGOV_OK);
    assert_ptr_equal(g, (void *)dbs_abi_mem);
    /* The core's view of the instance is the instance's own state. */
    assert_int_equal(pgov_dbs_core_of(g)->ncpu, 2);
    assert_int_equal(pgov_dbs_core_of(g)->cpuinfo_max, 1600000);
    assert_int_equal(pgov_dbs_core_mut_of(g)->cur, 800000);
    assert_int_equal(pgov_dbs_core_cpus(g)[1].cpu, 1);
}

/* One policy of two CPUs through the exported open loop and, in a twin
 * instance, through the core as an embedder calls it: the instances stay
 * byte-identical over random load, limits changes and stores. */
static void dbs_twin(uint32_t gov, uint32_t kver, uint32_t stable, uint32_t psb)
{
    static struct pgov_freq_entry t24[24];
    uint32_t cpus[2] = {0, 1}, evals = 0, changes = 0;
    struct pgov_dbs_config c;
    struct pgov_dbs *ga, *gc;
    struct pgov_hw_idle snap[2] = {{1000000, 0, 0, 0}, {1000000, 0, 0, 0}};
    uint64_t now = 1000000000, s = 0x6462735f636f7265ull ^ kver ^ gov;

    for (uint32_t i = 0; i < 24; i++)
        t24[i] = (struct pgov_freq_entry){1600000 + 100000 * i, 0};
    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    c.gov = gov;
    c.kver = kver;
    c.kver_stable = stable;
    c.ncpu = 2;
    c.cpus = cpus;
    c.table = t24;
    c.table_len = 24;
    c.cur_khz = 2000000;
    c.tun.sampling_rate = 10000;
    c.tun.powersave_bias = psb;
    c.tun.ignore_nice_load = 1;
    c.tun.sampling_down_factor = gov == PGOV_DBS_ONDEMAND ? 3 : 2;
    assert_int_equal(pgov_dbs_init_open(dbs_abi_mem, sizeof(dbs_abi_mem), &c, &ga), PGOV_OK);
    assert_int_equal(pgov_dbs_init_open(dbs_core_mem, sizeof(dbs_core_mem), &c, &gc), PGOV_OK);
    assert_int_equal(pgov_dbs_start(ga, snap, 2, NULL), PGOV_OK);
    assert_int_equal(pgov_dbs_start(gc, snap, 2, NULL), PGOV_OK);
    for (int k = 0; k < 3000; k++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t dt = 2000u + (uint32_t)(s >> 40) % 9000u;
        for (int i = 0; i < 2; i++) {
            uint32_t r = (uint32_t)(s >> (8 + 16 * i));
            snap[i].wall_us += dt;
            snap[i].idle_us += (r % 101u) * dt / 100u;
            snap[i].iowait_us += (r >> 7) % 3u;
            snap[i].nice_ns += ((r >> 9) % 50u) * 1000u;
        }
        if (k % 500 == 250) /* a long idle period: idle-period steps */
            for (int i = 0; i < 2; i++) {
                snap[i].wall_us += 300000;
                snap[i].idle_us += 300000;
            }
        now += (uint64_t)dt * 1000u;
        if (k % 700 == 350) { /* policy limits, through the ABI for both */
            uint32_t lo = 1600000 + 100000 * (uint32_t)(k % 3), hi = 3900000 - 300000 * (uint32_t)(k % 2);
            assert_int_equal(pgov_dbs_set_limits_open(ga, lo, hi, NULL), PGOV_OK);
            assert_int_equal(pgov_dbs_set_limits_open(gc, lo, hi, NULL), PGOV_OK);
        }
        if (k % 900 == 450) { /* a store, through the ABI for both */
            uint32_t up = 60u + (uint32_t)(k % 30);
            assert_int_equal(pgov_dbs_store(ga, PGOV_DBS_UP_THRESHOLD, up, snap, 2), PGOV_OK);
            assert_int_equal(pgov_dbs_store(gc, PGOV_DBS_UP_THRESHOLD, up, snap, 2), PGOV_OK);
        }
        /* The ABI tier. */
        int due = pgov_dbs_should_sample(ga, now);
        assert_true(due == 0 || due == 1);
        if (due)
            assert_int_equal(pgov_dbs_evaluate(ga, snap, 2, NULL), PGOV_OK);
        /* The core tier, as an embedder owning the instance calls it. */
        struct pgov_dbs_core *cc = pgov_dbs_core_of(gc);
        struct pgov_dbs_core_mut *m = pgov_dbs_core_mut_of(gc);
        struct pgov_dbs_core_cpu *cpu = pgov_dbs_core_cpus(gc);
        assert_int_equal(pgov_dbs_core_due(m, now), due);
        if (pgov_dbs_core_due(m, now)) {
            m->last_sample = now;
            cc->snap_base = snap;
            cc->snap_stride = sizeof(snap[0]);
            /* One pass, as pgov_dbs_evaluate() (the two-pass form,
             * pgov_dbs_core_eval() + _commit(), is the HAL-bound
             * instance's, which leaves the CPUs' scratch filled). */
            pgov_dbs_core_eval_commit(cc, cpu, m, &m->last);
            cc->snap_base = NULL;
            cc->snap_stride = 0;
            evals++;
            changes += (m->last.flags & PGOV_DBS_RES_CHG) != 0;
        }
        assert_memory_equal(dbs_abi_mem, dbs_core_mem, sizeof(dbs_abi_mem));
    }
    /* The run exercised the governor: evaluations and frequency changes. */
    assert_true(evals > 500);
    assert_true(changes > 20);
    assert_int_equal(embed_asserts, 0);
}

static void test_dbs_core_equals_abi(void **state)
{
    (void)state;
    reset_counts();
    dbs_twin(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, 0, 0);
    dbs_twin(PGOV_DBS_ONDEMAND, PGOV_KVER_6_18, 0, 150); /* powersave_bias sub-samples */
    dbs_twin(PGOV_DBS_ONDEMAND, PGOV_KVER_4_17, 0, 0);
    dbs_twin(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_18, 0, 0);
    dbs_twin(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 178, 0); /* the 6.1.178 floor */
    dbs_twin(PGOV_DBS_CONSERVATIVE, PGOV_KVER_6_1, 0, 0);
    dbs_twin(PGOV_DBS_CONSERVATIVE, PGOV_KVER_4_17, 0, 0);
}

/* The rule bits an embedder passes: the constant of the newest profile for
 * kver 0 (what folds the profile tests), else those of the resolved version. */
static uint32_t sugov_rules(uint32_t kver)
{
    return kver == 0 ? PGOV_SUGOV_RULES_CURRENT : pgov_sugov_core_rules(pgov_kver_resolve(kver));
}

/* schedutil, one CPU: pgov_sugov_decide_in() on one state and the core on a
 * twin, over random utilisation, iowait, clamps, deadline bandwidth, limits
 * changes and a driver table: states and results stay identical, and
 * pgov_sugov_next_freq() equals the table-less core mapping. */
static void sugov_twin(uint32_t kver, uint32_t options, bool with_table)
{
    static struct pgov_freq_entry e[12];
    struct pgov_freq_table t;
    struct pgov_sugov_params prm = {1000000, 4000000, 1024, 3900000, 800000, 3900000, options, kver};
    struct pgov_sugov_state a, c;
    struct pgov_sugov_result ra, rc;
    uint32_t rules = sugov_rules(kver), paths[4] = {0, 0, 0, 0}, cur = 2000000;
    bool perf = (rules & PGOV_SUGOV_RULE_PERF) != 0;
    uint64_t now = 5000000000ull, s = 0x7375676f76ull ^ kver ^ options;

    for (uint32_t i = 0; i < 12; i++)
        e[i] = (struct pgov_freq_entry){800000 + 280000 * i, i % 4u == 1u ? PGOV_FREQ_INEFFICIENT : 0u};
    assert_int_equal(pgov_freq_table_init(&t, e, 12, PGOV_FREQ_TABLE_EFFICIENCIES), PGOV_OK);
    assert_int_equal(pgov_sugov_params_check(&prm), PGOV_OK);
    memset(&a, 0, sizeof(a));
    memset(&c, 0, sizeof(c));
    for (int k = 0; k < 4000; k++) {
        struct pgov_sugov_input in;
        uint64_t raw_a = 0, raw_c = 0;

        s = s * 6364136223846793005ull + 1442695040888963407ull;
        memset(&in, 0, sizeof(in));
        in.size = sizeof(in);
        in.flags = (uint32_t)(s >> 60) & PGOV_UPDATE_ALL;
        in.util = (uint32_t)(s >> 20) % 1200u;
        in.uclamp_max = 1024;
        in.held = (uint32_t)(s >> 13) & 1u;
        in.cur_khz = (options & PGOV_SUGOV_OPT_NONINVARIANT) ? cur : 0;
        in.table = with_table ? &t : NULL;
        if (perf) {
            in.uclamp_min = (s >> 5) & 1u ? (uint32_t)(s >> 40) % 700u : 0;
            in.uclamp_max = (s >> 6) & 1u ? 300u + (uint32_t)(s >> 44) % 725u : 1024u;
            in.bw_min = (uint32_t)(s >> 50) % 200u;
            in.capped = (uint32_t)(s >> 7) & 1u;
            in.bw_dl = (uint32_t)(s >> 52) % 64u;
        }
        now += 100000u + (uint32_t)(s >> 30) % 3000000u;
        if (k % 600 == 300) /* a limits change, as pgov_sugov_set_limits() records it */
            a.need_update = c.need_update = 1;
        assert_int_equal(pgov_sugov_decide_in(&prm, &a, now, &in, &ra), PGOV_OK);
        /* The embedder fills what the ABI defaults: cur 0 is the last commit. */
        if (!in.cur_khz)
            in.cur_khz = c.next_freq;
        pgov_sugov_core_decide(&prm, rules, &c, now, &in, in.table, &rc);
        assert_memory_equal(&a, &c, sizeof(a));
        assert_memory_equal(&ra, &rc, sizeof(ra));
        paths[ra.path & 3u]++;
        if (ra.path == PGOV_SUGOV_PATH_COMMIT)
            cur = ra.next_f;
        int64_t f = pgov_sugov_next_freq(&prm, in.util, cur, &raw_a);
        assert_true(f >= 0);
        assert_int_equal(f, pgov_sugov_core_next_freq(&prm, rules, in.util, cur, &raw_c));
        assert_int_equal(raw_a, raw_c);
    }
    /* Every path was taken, many times. */
    assert_true(paths[PGOV_SUGOV_PATH_RATE_LIMITED] > 100);
    assert_true(paths[PGOV_SUGOV_PATH_UNCHANGED] > 100);
    assert_true(paths[PGOV_SUGOV_PATH_COMMIT] > 100);
    assert_int_equal(embed_asserts, 0);
}

/* A shared policy of three CPUs: pgov_sugov_decide_shared() and the core. */
static void sugov_shared_twin(uint32_t kver)
{
    struct pgov_sugov_params prm = {2000000, 4000000, 800, 3000000, 600000, 3000000, 0, kver};
    struct pgov_sugov_policy pa, pc;
    struct pgov_sugov_cpu ca[3], cc[3];
    struct pgov_sugov_result ra, rc;
    uint32_t rules = sugov_rules(kver), commits = 0;
    bool perf = (rules & PGOV_SUGOV_RULE_PERF) != 0;
    uint64_t now = 1000000000ull, s = 0x736861726564ull ^ kver;

    memset(&pa, 0, sizeof(pa));
    memset(ca, 0, sizeof(ca));
    pa.cur_khz = 1200000;
    for (int k = 0; k < 4000; k++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t cpu = (uint32_t)(s >> 62) % 3u, flags = (uint32_t)(s >> 58) & PGOV_UPDATE_ALL;
        for (uint32_t j = 0; j < 3; j++) {
            uint32_t r = (uint32_t)(s >> (4 + 9 * j));
            ca[j].util = r % 900u;
            ca[j].uclamp_max = 1024;
            if (perf) {
                ca[j].uclamp_min = (r >> 3) % 200u;
                ca[j].bw_min = (r >> 5) % 100u;
                ca[j].bw_dl = (r >> 6) % 16u;
            }
        }
        now += 50000u + (uint32_t)(s >> 33) % 5000000u;
        memcpy(&pc, &pa, sizeof(pa));
        memcpy(cc, ca, sizeof(ca));
        assert_int_equal(pgov_sugov_decide_shared(&prm, &pa, ca, 3, cpu, now, flags, NULL, &ra),
                         PGOV_OK);
        pgov_sugov_core_decide_shared(&prm, rules, &pc, cc, 3, cpu, now, flags, NULL, &rc);
        assert_memory_equal(&pa, &pc, sizeof(pa));
        assert_memory_equal(ca, cc, sizeof(ca));
        assert_memory_equal(&ra, &rc, sizeof(ra));
        commits += ra.path == PGOV_SUGOV_PATH_COMMIT;
    }
    assert_true(commits > 100);
    assert_int_equal(embed_asserts, 0);
}

static void test_sugov_core_equals_abi(void **state)
{
    (void)state;
    reset_counts();
    sugov_twin(0, 0, false);
    sugov_twin(0, 0, true);
    sugov_twin(0, PGOV_SUGOV_OPT_NONINVARIANT, true);
    sugov_twin(PGOV_KVER_6_8, PGOV_SUGOV_OPT_NONINVARIANT, false);
    sugov_twin(PGOV_KVER_6_1, 0, true);
    sugov_twin(PGOV_KVER_6_1, PGOV_SUGOV_OPT_NONINVARIANT, false);
    sugov_twin(PGOV_KVER(5, 4), 0, true); /* the margin on the reference, the hold reset */
    sugov_shared_twin(0);
    sugov_shared_twin(PGOV_KVER_6_1);
    /* The constant is the newest profile's bits. */
    assert_int_equal(pgov_sugov_core_rules(PGOV_KVER_NEWEST), PGOV_SUGOV_RULES_CURRENT);
    assert_int_equal(pgov_sugov_core_rules(PGOV_KVER_6_1), PGOV_SUGOV_RULE_EFFICIENT);
    assert_int_equal(pgov_sugov_core_rules(PGOV_KVER(5, 4)),
                     PGOV_SUGOV_RULE_FREQ_MARGIN | PGOV_SUGOV_RULE_HOLD_RESET);
}

/* A state the ABI refuses trips the core's assertion. */
static void test_sugov_core_assert(void **state)
{
    struct pgov_sugov_params prm = {1000000, 4000000, 1024, 3900000, 800000, 3900000, 0, 0};
    struct pgov_sugov_state st;
    struct pgov_sugov_result r;
    struct pgov_sugov_input in;
    (void)state;
    memset(&st, 0, sizeof(st));
    st.pending = 2;
    assert_int_equal(pgov_sugov_decide(&prm, &st, 1000, 0, 100, 0, &r), PGOV_EINVAL);
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.uclamp_max = 1024;
    reset_counts();
    pgov_sugov_core_decide(&prm, PGOV_SUGOV_RULES_CURRENT, &st, 1000, &in, NULL, &r);
    assert_int_equal(embed_asserts, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pelt_core_equals_abi),
        cmocka_unit_test(test_pelt_core_halflife),
        cmocka_unit_test(test_pelt_clock_core),
        cmocka_unit_test(test_pelt_rq_core),
        cmocka_unit_test(test_pelt_rq_steps),
        cmocka_unit_test(test_assert_hook),
        cmocka_unit_test(test_remote_hooks),
        cmocka_unit_test(test_uclamp_fixed_buckets),
        cmocka_unit_test(test_dbs_size_constant),
        cmocka_unit_test(test_dbs_core_equals_abi),
        cmocka_unit_test(test_sugov_core_equals_abi),
        cmocka_unit_test(test_sugov_core_assert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
