/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests of pgov-sim: exact counters, the parsers' acceptance and
 * file:line errors, the event order, the statistics, and end-to-end runs
 * whose results follow from first principles (cycles / frequency).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/kbounds.h"
#include "num.h"
#include "report.h"
#include "machine.h"
#include "policy.h"
#include "unit_run.h"
#include "var_split.h"

/* ------------------------------------------------------------------ counters */

static void test_counters_exact(void **state)
{
    (void)state;
    static struct sim_ctx c;
    static struct sim_result res;
    memset(&c, 0, sizeof(c));
    memset(&res, 0, sizeof(res));
    c.plat = sim_platform_find("ivb-i7-3770");
    assert_non_null(c.plat);
    c.ncpu = 4;
    c.now = SIM_T0_NS;
    c.res = &res;
    mach_init(&c);
    struct sim_cpu *p = &c.cpu[0];
    uint64_t a0 = p->aperf, m0 = p->mperf;
    uint64_t tsc_khz = 3400000;
    /* Reference: total C0 "millionths of a cycle", floored once at the end. */
    uint64_t ref_a = 0, ref_m = 0, t = SIM_T0_NS;
    uint64_t seed = 12345;
    mach_set_c0(&c, p, true, t);
    for (int i = 0; i < 2000; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t dt = (seed >> 33) % 3000000 + 1; /* up to 3 ms */
        bool was_c0 = p->c0;
        uint32_t eff = p->eff_khz;
        t += dt;
        if (was_c0) {
            ref_a += dt * eff;
            ref_m += dt * tsc_khz;
        }
        switch ((seed >> 20) % 3) {
        case 0:
            mach_request_khz(&c, p, (uint32_t)(16 + (seed >> 40) % 24) * 100000u, t);
            break;
        case 1:
            mach_set_c0(&c, p, !p->c0, t);
            break;
        default:
            mach_fold(&c, p, t);
            break;
        }
    }
    mach_fold(&c, p, t);
    assert_int_equal(p->aperf - a0, ref_a / 1000000u);
    assert_int_equal(p->mperf - m0, ref_m / 1000000u);
    /* TSC is a function of absolute time at the nominal rate. */
    assert_int_equal(mach_tsc(&c, 2000000000ull), 2000000000ull / 1000000u * tsc_khz);
    assert_int_equal(mach_tsc(&c, 1500), 1500 * tsc_khz / 1000000u);
    /* MPERF never runs faster than TSC. */
    assert_true(p->mperf - m0 <= mach_tsc(&c, t) - mach_tsc(&c, SIM_T0_NS) + 1);
}

static void test_turbo_bins(void **state)
{
    (void)state;
    static struct sim_ctx c;
    static struct sim_result res;
    memset(&c, 0, sizeof(c));
    memset(&res, 0, sizeof(res));
    c.plat = sim_platform_find("ivb-i7-3770");
    c.ncpu = 4;
    c.now = SIM_T0_NS;
    c.res = &res;
    mach_init(&c);
    uint64_t t = SIM_T0_NS;
    for (int i = 0; i < 4; i++)
        mach_request_khz(&c, &c.cpu[i], 3900000, t);
    mach_set_c0(&c, &c.cpu[0], true, t);
    assert_int_equal(c.cpu[0].eff_khz, 3900000);
    mach_set_c0(&c, &c.cpu[1], true, t);
    assert_int_equal(c.cpu[0].eff_khz, 3900000);
    mach_set_c0(&c, &c.cpu[2], true, t);
    assert_int_equal(c.cpu[0].eff_khz, 3800000); /* 3 active cores: 38 */
    mach_set_c0(&c, &c.cpu[3], true, t);
    assert_int_equal(c.cpu[3].eff_khz, 3700000); /* 4 active cores: 37 */
    /* One P-state domain (the i7-3770's): the package follows the highest
     * request of its cores in C0. */
    for (int i = 0; i < 3; i++)
        mach_request_khz(&c, &c.cpu[i], 2000000, t);
    assert_int_equal(c.cpu[0].eff_khz, 3700000); /* CPU 3 still asks for turbo */
    mach_request_khz(&c, &c.cpu[3], 2000000, t);
    assert_int_equal(c.cpu[0].eff_khz, 2000000); /* below the bin: as requested */
    for (int i = 0; i < 4; i++)
        mach_request_khz(&c, &c.cpu[i], 100000, t);
    assert_int_equal(c.cpu[3].eff_khz, 1600000); /* never below min */
}

/* ------------------------------------------------------------------ parser */

static const char good_wl[] = "# comment\n"
                              "script child\n"
                              "  compute 2.5M insens 20% jitter 50%   # trailing comment\n"
                              "  io 300us jitter 80%\n"
                              "  tsleep 4ms\n"
                              "end\n"
                              "script parent\n"
                              "  loop $n\n"
                              "    fork child\n"
                              "    wait\n"
                              "    post s\n"
                              "    pend s\n"
                              "  end\n"
                              "  exec\n"
                              "  count\n"
                              "end\n"
                              "start parent count 2 daemon\n"
                              "start child cpu each background\n";

static void test_parser_ok(void **state)
{
    (void)state;
    struct sim_workload wl;
    struct sim_err err = {{0}};
    assert_int_equal(sim_workload_parse_mem("good.wl", good_wl, sizeof(good_wl) - 1, "n", 7, &wl,
                                            &err), 0);
    assert_int_equal(wl.nscripts, 2);
    const struct sim_script *ch = &wl.scripts[0], *pa = &wl.scripts[1];
    assert_string_equal(ch->name, "child");
    assert_int_equal(ch->nops, 3);
    assert_int_equal(ch->ops[0].kind, OP_COMPUTE);
    assert_int_equal(ch->ops[0].a, 2500000);
    assert_int_equal(ch->ops[0].b, 200);
    assert_int_equal(ch->ops[0].c, 500);
    assert_int_equal(ch->ops[0].line, 3);
    assert_int_equal(ch->ops[1].kind, OP_IO);
    assert_int_equal(ch->ops[1].a, 300000);
    assert_int_equal(ch->ops[2].kind, OP_TSLEEP);
    assert_int_equal(ch->ops[2].a, 4000000);
    assert_int_equal(pa->nops, 8);
    assert_int_equal(pa->ops[0].kind, OP_LOOP);
    assert_int_equal(pa->ops[0].a, 7); /* $n */
    assert_int_equal(pa->ops[0].b, 5); /* index of its end */
    assert_int_equal(pa->ops[1].kind, OP_FORK);
    assert_int_equal(pa->ops[1].a, 0); /* child */
    assert_int_equal(pa->ops[5].kind, OP_END);
    assert_int_equal(pa->ops[5].b, 0);
    assert_int_equal(pa->ops[6].kind, OP_EXEC);
    assert_int_equal(pa->ops[7].kind, OP_COUNT);
    assert_int_equal(wl.nsems, 1);
    assert_int_equal(wl.nstarts, 2);
    assert_int_equal(wl.starts[0].count, 2);
    assert_true(wl.starts[0].daemon);
    assert_false(wl.starts[0].background);
    assert_true(wl.starts[1].each);
    assert_true(wl.starts[1].background);
    sim_workload_free(&wl);
}

static void test_parser_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *want;
    } cases[] = {
        {"script a\n  compute\nend\nstart a\n", "x.wl:2: expected 'compute CYCLES'"},
        {"script a\n  compute 1X\nend\nstart a\n", "x.wl:2: compute: '1X' is not a decimal number"},
        {"script a\n  sleep 10\nend\nstart a\n", "x.wl:2: sleep: '10' is not a decimal number with unit ns|us|ms|s"},
        {"script a\n  sleep 20000s\nend\nstart a\n", "x.wl:2: sleep: '20000s' is out of range"},
        {"script a\n  compute 1M foo 3\nend\nstart a\n", "x.wl:2: unknown option 'foo'"},
        {"script a\n  compute 1M jitter\nend\nstart a\n", "x.wl:2: 'jitter' needs a value"},
        {"\n\nscript a\n  loop 3\n  compute 1\nend\nstart a\n", "x.wl:7: 'start' inside script 'a'"},
        {"\n\nscript a\n  compute 1\n", "x.wl:4: script 'a' (line 3) is not closed"},
        {"script a\nscript b\n", "x.wl:2: 'script' inside script 'a'"},
        {"compute 1M\n", "x.wl:1: 'compute' outside a script"},
        {"script a\n  fork b\nend\nstart a\n", "x.wl:2: fork of undefined script 'b'"},
        {"script a\n  compute 1\nend\nstart b\n", "x.wl:4: 'start' of undefined script 'b'"},
        {"script a\n  compute 1\nend\nstart a count 0\n", "x.wl:4: start count: '0' is out of range"},
        /* issue 18: hex, exponents, signs and C99 hex floats were read by strtod */
        {"script a\n  compute 0x96\nend\nstart a\n", "x.wl:2: compute: '0x96' is not a decimal"},
        {"script a\n  compute 0x1p4k\nend\nstart a\n", "x.wl:2: compute: '0x1p4k' is not a decimal"},
        {"script a\n  compute 1.5e2k\nend\nstart a\n", "x.wl:2: compute: '1.5e2k' is not a decimal"},
        {"script a\n  compute 2e0\nend\nstart a\n", "x.wl:2: compute: '2e0' is not a decimal"},
        {"script a\n  compute +4\nend\nstart a\n", "x.wl:2: compute: '+4' is not a decimal"},
        {"script a\n  sleep 1.5ns\nend\nstart a\n", "x.wl:2: sleep: '1.5ns' is finer than one ns"},
        {"script a\n  loop 18446744073709551617\n  compute 1\n  end\nend\nstart a\n",
         "x.wl:2: loop: '18446744073709551617' is too large"},
        {"script a\n  compute 1\nend\nstart a cpu -1\n", "x.wl:4: start cpu: '-1' is not a decimal"},
        {"script a\n  compute 1\nend\nscript a\n", "x.wl:4: script 'a' defined twice"},
        {"script a\n  loop $m\n  end\nend\nstart a\n", "x.wl:2: unknown parameter '$m'"},
        {"script a\n  compute 1\nend\n", "no 'start' line"},
        {"script a\n  frobnicate\nend\nstart a\n", "x.wl:2: unknown operation 'frobnicate'"},
        {"script a\x01\n", "x.wl:1: control character"},
        {"script a\n  post s limit\nend\nstart a\n", "x.wl:2: expected 'post SEMAPHORE [limit N]'"},
        {"script a\n  post s limit 0\nend\nstart a\n", "x.wl:2: post limit: '0' is out of range"},
        {"script a\n  pend s limit 3\nend\nstart a\n", "x.wl:2: expected 'pend SEMAPHORE [io]'"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct sim_workload wl;
        struct sim_err err = {{0}};
        int rc = sim_workload_parse_mem("x.wl", cases[i].text, strlen(cases[i].text), "n", 1, &wl,
                                        &err);
        if (rc != -1 || !strstr(err.msg, cases[i].want))
            fail_msg("case %zu: rc %d, message '%s', want '%s'", i, rc, err.msg, cases[i].want);
    }
}

static void test_shipped_scenarios_parse(void **state)
{
    (void)state;
    static const char *const names[] = {"gitsuite", "grep", "kernbench", "netperf_udp", "execl",
                                        "uclamp_udp"};
    for (size_t i = 0; i < 6; i++) {
        char path[512];
        static struct sim_scenario sc;
        struct sim_workload wl;
        struct sim_err err = {{0}};
        snprintf(path, sizeof(path), "%s/%s.scn", SIM_SCENARIO_DIR, names[i]);
        if (sim_scenario_parse(path, &sc, &err))
            fail_msg("%s", err.msg);
        assert_string_equal(sc.name, names[i]);
        /* HZ is a kernel setting, not a physical quantity: every shipped
         * scenario states it (the table header prints it). */
        char text[8192] = "\n";
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        size_t got = fread(text + 1, 1, sizeof(text) - 2, f);
        fclose(f);
        text[got + 1] = 0;
        if (!strstr(text, "\nhz "))
            fail_msg("%s states no hz", names[i]);
        assert_true(sc.nseed > 0);   /* the seed numbers travel with the scenario */
        assert_true(sc.nexpect > 0); /* and so does the direction CI checks */
        if (sim_workload_parse(sc.workload_path, &sc, sc.nparam ? sc.param_vals[0] : 0, &wl, &err))
            fail_msg("%s", err.msg);
        sim_workload_free(&wl);
    }
}

/* ------------------------------------------------------------------ engine */

/* The slot tree's earliest leaf against a scan of every leaf, over random
 * re-keys (equal times, empty slots, early exits up the tree) at 1, 5 and
 * 128 leaves, one at a time and in batches. */
static void test_slots_min(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {1, 5, 128};
    struct sim_rng r;
    sim_rng_seed(&r, 7);
    for (uint32_t z = 0; z < 3; z++) {
        uint32_t n = sizes[z];
        uint64_t seq = 0;
        static struct sim_slots s;
        sim_slots_init(&s, n);
        assert_int_equal(sim_slots_min(&s)->time, UINT64_MAX);
        for (uint32_t step = 0; step < 20000; step++) {
            uint32_t i = (uint32_t)(sim_rng_next(&r) % n);
            bool empty = sim_rng_next(&r) % 4 == 0;
            sim_slots_set(&s, i, empty ? UINT64_MAX : sim_rng_next(&r) % 50,
                          empty ? UINT64_MAX : seq++);
            const struct sim_slot *leaf = &s.node[s.n], *best = leaf;
            for (uint32_t j = 1; j < n; j++)
                if (leaf[j].time < best->time || (leaf[j].time == best->time && leaf[j].seq < best->seq))
                    best = &leaf[j];
            const struct sim_slot *m = sim_slots_min(&s);
            assert_true(m->leaf < n);
            assert_int_equal(m->time, best->time);
            assert_int_equal(m->seq, best->seq);
            assert_int_equal(leaf[m->leaf].time, m->time); /* the leaf it names holds that key */
            assert_int_equal(leaf[m->leaf].seq, m->seq);
        }
        /* Batches of 1-64 re-keys (sim_slots_put), the tree fixed once
         * each: every inner node then holds the earlier of its children. */
        for (uint32_t step = 0; step < 2000; step++) {
            for (uint32_t b = (uint32_t)(sim_rng_next(&r) % 64); b-- > 0;) {
                uint32_t i = (uint32_t)(sim_rng_next(&r) % n);
                bool empty = sim_rng_next(&r) % 4 == 0;
                sim_slots_put(&s, i, empty ? UINT64_MAX : sim_rng_next(&r) % 50,
                              empty ? UINT64_MAX : seq++);
            }
            sim_slots_fix(&s);
            for (uint32_t k = s.n - 1; k >= 1; k--) {
                const struct sim_slot *a = &s.node[2 * k], *b = &s.node[2 * k + 1];
                const struct sim_slot *w =
                    b->time < a->time || (b->time == a->time && b->seq < a->seq) ? b : a;
                assert_int_equal(s.node[k].time, w->time);
                assert_int_equal(s.node[k].seq, w->seq);
                assert_int_equal(s.node[k].leaf, w->leaf);
            }
        }
    }
}

/* sim_round is llround below 2^53: halves (up, as llround), the largest
 * double under a half, odd and even integers plus a half, near 2^53, and
 * 100,000 random values over 0 .. 2^40. */
static void test_round(void **state)
{
    (void)state;
    static const double v[] = {0.0, 0.5, 0.49999999999999994, 1.5, 2.5, 3.4999999999999996,
                               4503599627370495.5, 4503599627370496.0, 9007199254740991.0,
                               1e-300, 123456789.5, 123456789.49999999};
    for (uint32_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
        assert_int_equal(sim_round(v[i]), (uint64_t)llround(v[i]));
    assert_int_equal(sim_round(0.5), 1);
    assert_int_equal(sim_round(0.49999999999999994), 0);
    struct sim_rng r;
    sim_rng_seed(&r, 3);
    for (uint32_t i = 0; i < 100000; i++) {
        double x = sim_rng_unit(&r) * (double)(1ull << (sim_rng_next(&r) % 41));
        assert_int_equal(sim_round(x), (uint64_t)llround(x));
    }
}

static void test_heap_order(void **state)
{
    (void)state;
    struct sim_heap h = {0};
    struct sim_rng r;
    sim_rng_seed(&r, 1);
    for (uint32_t i = 0; i < 5000; i++)
        assert_int_equal(sim_heap_push(&h, sim_rng_next(&r) % 100, EV_WAKE, i, 0), 0);
    struct sim_ev prev = {0}, ev;
    uint32_t n = 0;
    while (sim_heap_pop(&h, &ev)) {
        if (n)
            assert_true(ev.time > prev.time || (ev.time == prev.time && ev.seq > prev.seq));
        assert_int_equal(ev.seq, ev.id); /* seq is the insertion order */
        prev = ev;
        n++;
    }
    assert_int_equal(n, 5000);
    sim_heap_free(&h);

    struct sim_rng a, b;
    sim_rng_seed(&a, 99);
    sim_rng_seed(&b, 99);
    for (int i = 0; i < 100; i++) {
        double u = sim_rng_unit(&a);
        assert_true(u >= 0 && u < 1);
        assert_true(u == sim_rng_unit(&b));
    }
}

static void test_stats(void **state)
{
    (void)state;
    const double x[5] = {1, 2, 3, 4, 5}, y[5] = {6, 7, 8, 9, 10}, z[5] = {1.5, 2, 3, 4, 4.5};
    struct stats a, b, d;
    stats_of(x, 5, &a);
    stats_of(y, 5, &b);
    stats_of(z, 5, &d);
    assert_float_equal(a.mean, 3.0, 1e-12);
    assert_float_equal(a.sd, sqrt(2.5), 1e-12);
    assert_float_equal(a.min, 1.0, 0);
    assert_float_equal(a.max, 5.0, 0);
    /* t = 5 / sqrt(0.5 + 0.5) = 5 with 8 degrees of freedom: > 2.306. */
    assert_true(welch_significant(&a, &b));
    assert_false(welch_significant(&a, &d));
    assert_false(welch_significant(&a, &a));
}

/* ------------------------------------------------------------------ runs */

/* A run of @wl_text under one of the fixed-frequency governors, schedutil
 * or intel_pstate (defaults) on the i7-3770. */
static double run_one(const char *wl_text, const char *gov, uint32_t ncpu, int metric)
{
    struct sim_policy_spec spec;
    memset(&spec, 0, sizeof(spec));
    spec.gov = strcmp(gov, "performance") == 0 ? GOV_PERFORMANCE
               : strcmp(gov, "powersave") == 0 ? GOV_POWERSAVE
               : strcmp(gov, "schedutil") == 0 ? GOV_SCHEDUTIL
                                                : GOV_INTEL_PSTATE;
    return unit_run(wl_text, &spec, "ivb-i7-3770", ncpu, metric);
}

static void test_run_first_principles(void **state)
{
    (void)state;
    const double c6_exit = 80e-6; /* the first wake-up leaves C6 */
    /* 3.9G cycles at 3.9 GHz (one core active: turbo bin 39). */
    double el = run_one("script a\n compute 3.9G\nend\nstart a\n", "performance", 1, M_ELAPSED);
    assert_float_equal(el, 1.0 + c6_exit, 2e-9);
    /* At the 1.6 GHz floor. */
    el = run_one("script a\n compute 3.9G\nend\nstart a\n", "powersave", 1, M_ELAPSED);
    assert_float_equal(el, 3.9 / 1.6 + c6_exit, 2e-9);
    /* Half the cycles take their time at the nominal 3.4 GHz regardless. */
    el = run_one("script a\n compute 3.9G insens 50%\nend\nstart a\n", "powersave", 1, M_ELAPSED);
    assert_float_equal(el, 1.95 / 1.6 + 1.95 / 3.4 + c6_exit, 2e-9);
    /* Two tasks share one CPU fairly: both finish after the sum. */
    el = run_one("script a\n compute 1.6G\nend\nstart a count 2\n", "powersave", 1, M_ELAPSED);
    assert_float_equal(el, 2.0 + c6_exit, 2e-9);
    /* ... or run side by side on two CPUs. */
    el = run_one("script a\n compute 1.6G\nend\nstart a count 2\n", "powersave", 2, M_ELAPSED);
    assert_float_equal(el, 1.0 + c6_exit, 2e-9);
    /* Sleeping costs no CPU time; 100 x 10 ms of sleep take one second. */
    el = run_one("script a\n loop 100\n sleep 10ms\n end\nend\nstart a\n", "performance", 1,
                 M_ELAPSED);
    assert_true(el >= 1.0 && el < 1.0 + 101 * c6_exit);
    double cpu = run_one("script a\n loop 100\n sleep 10ms\n end\nend\nstart a\n", "performance",
                         1, M_CPU);
    assert_float_equal(cpu, 0.0, 1e-12);
    /* Busy%: one hog on 4 CPUs is a quarter of the time after its C6 exit
     * (the exit counts as the state it leaves, not as C0). */
    double busy = run_one("script a\n compute 3.9G\nend\nstart a\n", "performance", 4, M_BUSY);
    assert_float_equal(busy, 25.0 / (1.0 + c6_exit), 1e-6);
    /* APERF/MPERF of the hog: Bzy_MHz is the turbo bin. */
    double bzy = run_one("script a\n compute 3.9G\nend\nstart a\n", "performance", 4, M_BZY_MHZ);
    assert_float_equal(bzy, 3900.0, 0.01);
    /* work_mhz: the hog's own run time at the 1-core turbo bin; four hogs on
     * four CPUs run at the 4-active-core bin (37); a sleeper has no run time. */
    double wmhz = run_one("script a\n compute 3.9G\nend\nstart a\n", "performance", 4, M_WORK_MHZ);
    assert_float_equal(wmhz, 3900.0, 0.01);
    wmhz = run_one("script a\n compute 3.9G\nend\nstart a\nstart a\nstart a\nstart a\n", "performance", 4,
                   M_WORK_MHZ);
    assert_float_equal(wmhz, 3700.0, 0.01);
    wmhz = run_one("script a\n sleep 10ms\nend\nstart a\n", "performance", 1, M_WORK_MHZ);
    assert_float_equal(wmhz, 0.0, 1e-12);
}

/* The plot series keeps every nanosecond of C0 when it halves its
 * resolution, and spans the run. */
static void test_series(void **state)
{
    (void)state;
    struct sim_workload wl;
    struct sim_err err = {{0}};
    struct sim_result res;
    struct sim_policy_spec spec = {.gov = GOV_PERFORMANCE};
    struct sim_scenario *sc = unit_scenario(&spec, "ivb-i7-3770", 2);
    const char *text = "script a\n loop 400\n compute 20M\n sleep 13ms\n end\nend\nstart a\n";
    assert_int_equal(sim_workload_parse_mem("unit.wl", text, strlen(text), NULL, 0, &wl, &err), 0);
    struct sim_run_cfg cfg = {.sc = sc, .wl = &wl, .pol = &sc->pol[0], .seed = 1, .want_series = true};
    assert_int_equal(sim_run(&cfg, &res, &err), 0);
    const struct sim_series *se = res.series;
    assert_non_null(se);
    double c0 = 0, cyc = 0;
    for (uint32_t k = 0; k < 2; k++)
        for (uint32_t b = 0; b < SIM_NBUCKETS; b++) {
            if (b >= se->n) {
                assert_true(se->c0_ns[k][b] == 0);
                continue;
            }
            c0 += se->c0_ns[k][b];
            cyc += se->cycles[k][b];
        }
    assert_float_equal(c0, res.c0_ns, 1.0);
    assert_float_equal(cyc / c0, 3.9, 1e-9); /* cycles per ns: 3.9 GHz throughout */
    double span = (double)se->n * (double)se->width_ns / 1e9;
    assert_true(span >= res.m[M_ELAPSED] && span < 2 * res.m[M_ELAPSED] + 0.02);
    assert_true(se->n > SIM_NBUCKETS / 2); /* halving keeps at least half the buckets */
    free(res.series);

    /* A window (--from 1s --to 2s): 256 buckets across it, nothing outside. One
     * task computes 5.13 ms at 3.9 GHz per 13 ms sleep (+ wake-up): C0 share
     * 5.13 / 18.2 of the second, on one CPU at a time. */
    cfg.from_ns = 1000000000ull;
    cfg.to_ns = 2000000000ull;
    assert_int_equal(sim_run(&cfg, &res, &err), 0);
    se = res.series;
    assert_int_equal(se->width_ns, (1000000000ull + SIM_NBUCKETS - 1) / SIM_NBUCKETS);
    assert_true(se->n <= SIM_NBUCKETS);
    c0 = 0;
    for (uint32_t k = 0; k < 2; k++)
        for (uint32_t b = 0; b < se->n; b++)
            c0 += se->c0_ns[k][b];
    assert_true(c0 > 0.27e9 && c0 < 0.29e9);
    free(res.series);
    sim_workload_free(&wl);
}

/* uclamp reaches schedutil: a light periodic task runs slowly on its own
 * PELT signal, at full speed with a minimum clamp of 1024. */
static void test_uclamp_schedutil(void **state)
{
    (void)state;
    const char *light = "script a\n loop 200\n compute 400k\n sleep 5ms\n end\nend\nstart a\n";
    const char *boosted = "script a\n uclamp 1024 1024\n loop 200\n compute 400k\n sleep 5ms\n"
                          " end\nend\nstart a\n";
    double f_light = run_one(light, "schedutil", 1, M_BZY_MHZ);
    double f_boost = run_one(boosted, "schedutil", 1, M_BZY_MHZ);
    assert_true(f_light < 2500);
    assert_true(f_boost > 3800);
}

/* The closing verdict's classes (docs/simulator.md, Verdicts), at their
 * boundaries: within 2x either way, a quarter, 1 %, the sign. */
static void test_verdict_class(void **state)
{
    (void)state;
    assert_string_equal(report_verdict_class(102, 64.5), "reproduced");
    assert_string_equal(report_verdict_class(102, 204), "reproduced");
    assert_string_equal(report_verdict_class(102, 51), "reproduced");
    assert_string_equal(report_verdict_class(102, 50.9), "direction only");
    assert_string_equal(report_verdict_class(102, 204.1), "direction only");
    assert_string_equal(report_verdict_class(-20, -5.8), "direction only");
    assert_string_equal(report_verdict_class(124, 30.9), "not reproduced");
    assert_string_equal(report_verdict_class(124, 31), "direction only");
    assert_string_equal(report_verdict_class(-10, 0.1), "not reproduced");
    assert_string_equal(report_verdict_class(2, 0.99), "not reproduced");
    assert_string_equal(report_verdict_class(2, -1.5), "opposite");
    assert_string_equal(report_verdict_class(-9.9, 5), "opposite");
    assert_string_equal(report_verdict_class(628, 64929.8), "direction only");
}

/* A verdict over 2+ iterations whose change is inside the iterations'
 * spread (Welch) is `not reproduced`, however large; the same means with a
 * tight spread keep their class; one iteration keeps the size rule alone. */
static void test_verdict_noise(void **state)
{
    (void)state;
    static struct sim_scenario sc;
    static struct sim_result ra[3], rb[3];
    memset(&sc, 0, sizeof(sc));
    strcpy(sc.pol[0].label, "a");
    strcpy(sc.pol[1].label, "b");
    sc.npol = 2;
    sc.nexpect = 1;
    strcpy(sc.expect[0].metric, "throughput");
    strcpy(sc.expect[0].a, "a");
    strcpy(sc.expect[0].b, "b");
    sc.expect[0].cmp = CMP_LT;
    sc.expect[0].seed_pct[0] = 7.9;
    sc.expect[0].nseed_pct = 1;
    struct sim_table t = {.sc = &sc, .iters = 3, .res = {ra, rb}};
    const double wide_a[3] = {300, 340, 320}, wide_b[3] = {310, 370, 350};
    for (int i = 0; i < 3; i++) {
        ra[i].m[M_THROUGHPUT] = wide_a[i];
        rb[i].m[M_THROUGHPUT] = wide_b[i];
    }
    struct report_verdict v;
    assert_true(report_verdict_of(&t, 0, &v));
    assert_true(v.noise); /* +7.3 %, seed +7.9 %: reproduced by size alone */
    assert_string_equal(v.cls, "not reproduced");
    const double tight_a[3] = {319, 320, 321}, tight_b[3] = {342, 343, 344};
    for (int i = 0; i < 3; i++) {
        ra[i].m[M_THROUGHPUT] = tight_a[i];
        rb[i].m[M_THROUGHPUT] = tight_b[i];
    }
    assert_true(report_verdict_of(&t, 0, &v));
    assert_false(v.noise);
    assert_string_equal(v.cls, "reproduced");
    t.iters = 1;
    ra[0].m[M_THROUGHPUT] = 300;
    rb[0].m[M_THROUGHPUT] = 310;
    assert_true(report_verdict_of(&t, 0, &v));
    assert_false(v.noise);
    assert_string_equal(v.cls, "direction only"); /* +3.3 % against +7.9 % */
}

/* ------------------------------------------------------------------ policy lines */

/* The .scn parser hands a policy line to the model's mdl_policy_parse (the
 * parser pgov-trace and pgovd use): every policy of every shipped scenario
 * is the spec the model makes of the same line. */
static void test_policy_parse_same(void **state)
{
    (void)state;
    static const char *const names[] = {"gitsuite", "grep", "kernbench", "netperf_udp", "execl",
                                        "uclamp_udp"};
    uint32_t npol = 0;
    for (size_t i = 0; i < 6; i++) {
        char path[512];
        static struct sim_scenario sc;
        struct sim_err err = {{0}};
        snprintf(path, sizeof(path), "%s/%s.scn", SIM_SCENARIO_DIR, names[i]);
        if (sim_scenario_parse(path, &sc, &err))
            fail_msg("%s", err.msg);
        for (uint32_t p = 0; p < sc.npol; p++, npol++) {
            char line[sizeof(sc.pol[p].text)], why[640] = "", *tok[40];
            int nt = 0;
            static struct sim_policy_spec ps;
            snprintf(line, sizeof(line), "%s", sc.pol[p].text);
            for (char *t = strtok(line, " "); t && nt < 40; t = strtok(NULL, " "))
                tok[nt++] = t;
            memset(&ps, 0, sizeof(ps));
            ps.line = sc.pol[p].line;
            if (mdl_policy_parse(sc.pol[p].label, tok, nt, &ps, why, sizeof(why)))
                fail_msg("%s %s: %s", names[i], sc.pol[p].label, why);
            assert_memory_equal(&ps, &sc.pol[p], sizeof(ps));
        }
    }
    assert_true(npol >= 10);
}

/* ------------------------------------------------------------------ kbounds */

/* Every boundary the library has (each module, every release 3.1 .. the
 * newest) has its cause in kbounds.c's table, and the ones the seed
 * scenarios and docs/exactness.md rest on are where they should be. */
static void test_kbounds_named(void **state)
{
    (void)state;
    uint32_t n = 0;
    static const uint32_t mods[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, KB_MOD_SIM};
    for (uint32_t mi = 0, m; mi < sizeof(mods) / sizeof(mods[0]) && (m = mods[mi]); mi++)
        for (uint32_t kv = PGOV_KVER(3, 1); kv <= num_kver_newest(); kv++) {
            if (!num_kver_released(kv) ||
                !(m == KB_MOD_SIM ? kb_is_boundary_fn(sim_rules_key, kv) : kb_is_boundary(m, kv)))
                continue;
            n++;
            if (!kb_cause(m, kv))
                fail_msg("%s %u.%u: a boundary without a cause", kb_module_name(m), kv >> 8, kv & 255);
        }
    assert_int_equal(n, 58);
    assert_true(kb_is_boundary_fn(sim_rules_key, PGOV_KVER(4, 16)));
    assert_true(kb_is_boundary(PGOV_MOD_PSTATE_PID, PGOV_KVER_4_6));
    assert_non_null(strstr(kb_cause(PGOV_MOD_PSTATE_PID, PGOV_KVER_4_6), "ffb810563c0c"));
    assert_true(kb_is_boundary(PGOV_MOD_PSTATE_LOAD, PGOV_KVER_4_14));
    assert_true(kb_is_boundary(PGOV_MOD_SUGOV, PGOV_KVER_6_8));
    assert_true(kb_is_boundary(PGOV_MOD_UTIL_EST, PGOV_KVER_5_13));
    /* same rules and class on both sides: no boundary */
    assert_false(kb_is_boundary(PGOV_MOD_PSTATE_PID, PGOV_KVER(4, 8)));
    assert_false(kb_is_boundary(PGOV_MOD_SUGOV, PGOV_KVER(6, 19)));
    assert_int_equal(kb_key(PGOV_MOD_SUGOV, PGOV_KVER(5, 1)), 0); /* rejected */
    assert_int_equal(kb_prev(PGOV_KVER(5, 0)), PGOV_KVER(4, 20));
    assert_int_equal(kb_next(PGOV_KVER(6, 19)), PGOV_KVER_7_0);
    assert_int_equal(kb_next(num_kver_newest()), 0);
    assert_null(kb_cause(PGOV_MOD_SUGOV, PGOV_KVER(6, 19)));
}

/* ---------------------------------------------------------------- var_split */

/* Fisher's upper tail against the sum of exact binomials (uint64 at these
 * sizes), and two figures a 60-variant run printed. */
static void test_var_split_fisher(void **state)
{
    (void)state;
    static uint64_t c[21][21];
    for (uint32_t n = 0; n <= 20; n++)
        for (uint32_t k = 0; k <= n; k++)
            c[n][k] = k == 0 || k == n ? 1 : c[n - 1][k - 1] + c[n - 1][k];
    for (uint32_t pop = 1; pop <= 20; pop++)
        for (uint32_t succ = 0; succ <= pop; succ++)
            for (uint32_t dr = 0; dr <= pop; dr++)
                for (uint32_t k = 0; k <= dr; k++) {
                    uint64_t num = 0;
                    for (uint32_t x = k; x <= dr && x <= succ; x++)
                        if (dr - x <= pop - succ)
                            num += c[succ][x] * c[pop - succ][dr - x];
                    double want = (double)num / (double)c[pop][dr];
                    double got = var_split_fisher_upper(pop, succ, dr, k);
                    if (fabs(got - (want < 1 ? want : 1)) > 1e-9 * (want > 1e-300 ? want : 1))
                        fail_msg("fisher(%u, %u, %u, %u) = %.12g, want %.12g", pop, succ, dr, k, got, want);
                }
    assert_true(fabs(var_split_fisher_upper(60, 18, 13, 10) / 1.0267942387755943e-04 - 1) < 1e-9);
    assert_true(fabs(var_split_fisher_upper(60, 18, 25, 18) / 5.196590658320274e-10 - 1) < 1e-9);
    assert_true(var_split_fisher_upper(5, 6, 2, 1) == 1.0); /* inconsistent: no evidence */
}

/* 96 variants, every combination of hz (4 values), work_cpus (6) and the
 * pcc call (4), turbo bins beside them; @rule says where the effect held. */
static void split_of(bool (*rule)(uint32_t hz, uint32_t wc, uint32_t call_us, uint32_t i),
                     struct var_split *sp)
{
    static char set[96][128];
    static const char *keys[96];
    static bool held[96];
    static const uint32_t hz[] = {100, 250, 300, 1000}, wc[] = {10, 12, 15, 20, 24, 30};
    static const char *const call[] = {"100us", "200us", "400us", "1ms"}, *const bins[] = {"39/39/38/37", "41/41/40/39", "37/37/36/35", "40/40/39/38", "36/36/35/34"};
    static const uint32_t call_us[] = {100, 200, 400, 1000};
    for (uint32_t i = 0; i < 96; i++) {
        snprintf(set[i], sizeof(set[i]), "hz=%u work_cpus=%u plat.turbo_bins=%s plat.pcc_call=%s",
                 hz[i % 4], wc[i / 4 % 6], bins[i % 5], call[i / 24 % 4]);
        keys[i] = set[i];
        held[i] = rule(hz[i % 4], wc[i / 4 % 6], call_us[i / 24 % 4], i);
    }
    var_split_find(keys, held, 96, sp);
}

static bool rule_hz(uint32_t hz, uint32_t wc, uint32_t c, uint32_t i)
{
    (void)wc, (void)c, (void)i;
    return hz != 1000;
}
static bool rule_node(uint32_t hz, uint32_t wc, uint32_t c, uint32_t i)
{
    (void)hz, (void)c, (void)i;
    return wc >= 20;
}
static bool rule_call(uint32_t hz, uint32_t wc, uint32_t c, uint32_t i)
{
    (void)hz, (void)wc, (void)i;
    return c >= 400; /* 1ms above 400us: units compared, not strings */
}
static bool rule_two(uint32_t hz, uint32_t wc, uint32_t c, uint32_t i)
{
    (void)c, (void)i;
    return hz != 100 && wc != 10;
}
static bool rule_none(uint32_t hz, uint32_t wc, uint32_t c, uint32_t i)
{
    (void)hz, (void)wc, (void)c;
    return (i * 2654435761u >> 7) % 10 < 7; /* no key's pattern */
}

/* The split names the planted key (a value, a threshold, across units, two
 * at once) and nothing where the failures follow no key. */
static void test_var_split_find(void **state)
{
    (void)state;
    struct var_split sp;
    split_of(rule_hz, &sp);
    assert_int_equal(sp.nsteps, 1);
    /* hz<=300, met first, sets the same variants apart: the value reads
     * plainer */
    assert_string_equal(sp.step[0].cond, "hz!=1000");
    assert_int_equal(sp.step[0].out_n, 24);
    assert_int_equal(sp.step[0].out_held, 0);
    assert_int_equal(sp.kept_n, 72);
    assert_int_equal(sp.kept_held, 72);
    assert_true(sp.step[0].p * sp.candidates < VAR_SPLIT_ALPHA);

    split_of(rule_node, &sp);
    assert_int_equal(sp.nsteps, 1);
    assert_string_equal(sp.step[0].cond, "work_cpus>=20");
    assert_int_equal(sp.kept_n, 48); /* not >=24: 64 apart with 16 held */
    assert_int_equal(sp.kept_held, 48);

    split_of(rule_call, &sp);
    assert_int_equal(sp.nsteps, 1);
    assert_string_equal(sp.step[0].cond, "plat.pcc_call>=400us");
    assert_int_equal(sp.kept_n, 48);
    assert_int_equal(sp.kept_held, 48);

    /* hz=100 first: all 24 apart failed, against work_cpus=10's 16 (36
     * failures in all) */
    split_of(rule_two, &sp);
    assert_int_equal(sp.nsteps, 2);
    assert_string_equal(sp.step[0].cond, "hz!=100");
    assert_string_equal(sp.step[1].cond, "work_cpus!=10");
    assert_int_equal(sp.kept_held, sp.kept_n);

    split_of(rule_none, &sp);
    assert_int_equal(sp.nsteps, 0);
    assert_int_equal(sp.kept_n, 96);
    assert_true(sp.kept_held > 48 && sp.kept_held < 96);
    assert_true(sp.candidates > 10);

    /* every variant held: nothing to look for */
    static const char *one[] = {"hz=100", "hz=250"};
    static const bool both[] = {true, true};
    var_split_find(one, both, 2, &sp);
    assert_int_equal(sp.nsteps, 0);
    assert_int_equal(sp.kept_held, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verdict_class),
        cmocka_unit_test(test_verdict_noise),
        cmocka_unit_test(test_counters_exact),
        cmocka_unit_test(test_turbo_bins),
        cmocka_unit_test(test_parser_ok),
        cmocka_unit_test(test_parser_errors),
        cmocka_unit_test(test_shipped_scenarios_parse),
        cmocka_unit_test(test_round),
        cmocka_unit_test(test_heap_order),
        cmocka_unit_test(test_slots_min),
        cmocka_unit_test(test_stats),
        cmocka_unit_test(test_run_first_principles),
        cmocka_unit_test(test_uclamp_schedutil),
        cmocka_unit_test(test_series),
        cmocka_unit_test(test_kbounds_named), cmocka_unit_test(test_policy_parse_same),
        cmocka_unit_test(test_var_split_fisher), cmocka_unit_test(test_var_split_find),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
