/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ondemand_eval: one ondemand evaluation (v6.18, one CPU, IvyBridge-like
 * 24-entry table 1.6-3.9 GHz) on a fresh counter snapshot: load, decision,
 * table resolution, change detection. Library: pgov_dbs_evaluate() on an
 * open-loop instance. Baseline: base_od_eval() (baseline_dbs.c). Both see
 * the same sequence of 10 ms samples with random busy shares (0..100 %);
 * the setup checks that they take the same decisions on it.
 * ondemand_eval_inline: the same evaluations through the core of
 * pgov/core/dbs.h on the same instance, as an embedder that owns it calls
 * it, from inl_od_eval() (bench/run counts inl_* for _inline rows), with
 * the ABI row's arguments.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "bench.h"
#include "baseline_dbs.h"

#include <stdio.h>
#include <stdlib.h>

#include <pgov/dbs.h>
#include <pgov/core/dbs.h>
#include <pgov/kver.h>

#define NSAMP 4096u

static uint32_t idle_delta[NSAMP];
static struct pgov_freq_entry t24[24];
static _Alignas(16) unsigned char mem[4096], mem2[4096];
static struct pgov_dbs *g;

static void od_base_init(struct base_od *o, const struct pgov_hw_idle *s)
{
    *o = (struct base_od){0};
    o->prev_wall = s->wall_us;
    o->rate_mult = 1;
    o->sr = 10000;
    o->up = 95;
    o->sdf = 1;
    o->io_busy = 1;
    o->cur = o->pmin = o->cmin = 1600000;
    o->pmax = o->cmax = 3900000;
    o->table = t24;
    o->n = 24;
}

static void od_setup_kver(uint32_t kver)
{
    uint64_t seed = 0x6f6e64656d616e64ull;
    for (uint32_t i = 0; i < 24; i++) {
        t24[i] = (struct pgov_freq_entry){1600000 + 100000 * i, 0};
    }
    for (uint32_t i = 0; i < NSAMP; i++)
        idle_delta[i] = (uint32_t)(bench_rand(&seed) % 10001);

    struct pgov_dbs_config c = {0};
    c.size = sizeof(c);
    c.gov = PGOV_DBS_ONDEMAND;
    c.kver = kver;
    c.table = t24;
    c.table_len = 24;
    c.cur_khz = 1600000;
    c.tun.sampling_rate = 10000;
    c.tun.io_is_busy = 1;
    struct pgov_hw_idle s = {1000000, 0, 0, 0};
    struct pgov_dbs *g2;
    if (pgov_dbs_size_cpus(1) > sizeof(mem) ||
        pgov_dbs_init_open(mem, sizeof(mem), &c, &g) != PGOV_OK ||
        pgov_dbs_start(g, &s, 1, NULL) != PGOV_OK ||
        pgov_dbs_init_open(mem2, sizeof(mem2), &c, &g2) != PGOV_OK ||
        pgov_dbs_start(g2, &s, 1, NULL) != PGOV_OK) {
        fprintf(stderr, "bench_dbs: setup failed\n");
        exit(1);
    }
    /* The baseline takes the library's decisions on the whole stream (on
     * a second instance: the rows' own start from the same state). */
    struct base_od o;
    struct pgov_dbs_result r;
    uint32_t changes = 0;
    od_base_init(&o, &s);
    for (uint32_t i = 0; i < NSAMP; i++) {
        s.wall_us += 10000;
        s.idle_us += idle_delta[i];
        unsigned int d = base_od_eval(&o, &s);
        if (pgov_dbs_evaluate(g2, &s, 1, &r) != PGOV_OK || r.cur_khz != o.cur ||
            r.delay_us != d) {
            fprintf(stderr, "bench_dbs: baseline and library differ at sample %u\n", i);
            exit(1);
        }
        changes += (r.flags & PGOV_DBS_RES_CHG) != 0;
    }
    if (changes < NSAMP / 2) {
        fprintf(stderr, "bench_dbs: too few frequency changes (%u)\n", changes);
        exit(1);
    }
}

static void od_lib(uint64_t iters)
{
    struct pgov_hw_idle s = {1000000, 0, 0, 0};
    struct pgov_dbs_result r;
    for (uint64_t i = 0; i < iters; i++) {
        s.wall_us += 10000;
        s.idle_us += idle_delta[i & (NSAMP - 1)];
        int rc = pgov_dbs_evaluate(g, &s, 1, &r);
        DO_NOT_OPTIMIZE(rc);
        DO_NOT_OPTIMIZE(r.cur_khz);
    }
}

/* The ABI row's call, made by an embedder: the snapshot cursor, the
 * evaluation (committed in the same pass) into the caller's result. No checks: the instance
 * was set up and started through the ABI. */
__attribute__((noinline)) int inl_od_eval(struct pgov_dbs *gi, const struct pgov_hw_idle *snap,
                                          uint32_t nsnap, struct pgov_dbs_result *res);
__attribute__((noinline)) int inl_od_eval(struct pgov_dbs *gi, const struct pgov_hw_idle *snap,
                                          uint32_t nsnap, struct pgov_dbs_result *res)
{
    struct pgov_dbs_core *c = pgov_dbs_core_of(gi);
    struct pgov_dbs_core_cpu *cpu = pgov_dbs_core_cpus(gi);
    struct pgov_dbs_core_mut *m = pgov_dbs_core_mut_of(gi);

    c->snap_base = snap;
    c->snap_stride = (uint32_t)sizeof(*snap);
    (void)nsnap; /* the embedder's policy has c->ncpu CPUs by construction */
    pgov_dbs_core_eval_commit(c, cpu, m, res);
    return 0;
}

static void od_inline(uint64_t iters)
{
    struct pgov_hw_idle s = {1000000, 0, 0, 0};
    struct pgov_dbs_result r;
    for (uint64_t i = 0; i < iters; i++) {
        s.wall_us += 10000;
        s.idle_us += idle_delta[i & (NSAMP - 1)];
        int rc = inl_od_eval(g, &s, 1, &r);
        DO_NOT_OPTIMIZE(rc);
        DO_NOT_OPTIMIZE(r.cur_khz);
    }
}

static void od_setup(void)
{
    od_setup_kver(PGOV_KVER_6_18);
}

/* The 6.1 profile (the LTS kernel the library is checked against). */
static void od_setup_6_1(void)
{
    od_setup_kver(PGOV_KVER_6_1);
}

/* The newest profile named explicitly (issue 33: a row per profile). */
static void od_setup_7_3(void)
{
    od_setup_kver(PGOV_KVER_7_3);
}

static void od_base(uint64_t iters)
{
    struct base_od o;
    struct pgov_hw_idle s = {1000000, 0, 0, 0};
    od_base_init(&o, &s);
    for (uint64_t i = 0; i < iters; i++) {
        s.wall_us += 10000;
        s.idle_us += idle_delta[i & (NSAMP - 1)];
        unsigned int d = base_od_eval(&o, &s);
        DO_NOT_OPTIMIZE(d);
        DO_NOT_OPTIMIZE(o.cur);
    }
}

const struct bench_op bench_ops_dbs[] = {
    {"ondemand_eval", od_setup, od_lib, od_base},
    {"ondemand_eval_inline", od_setup, od_inline, od_base},
    {"ondemand_eval_6_1", od_setup_6_1, od_lib, od_base},
    {"ondemand_eval_6_1_inline", od_setup_6_1, od_inline, od_base},
    {"ondemand_eval_7_3", od_setup_7_3, od_lib, od_base},
    {"ondemand_eval_7_3_inline", od_setup_7_3, od_inline, od_base},
    BENCH_OPS_END,
};
