/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tools' model (examples/model): the policy-line parser, a spec as
 * libpgov configurations (the drift of issue 32: one spec, one
 * configuration, whichever tool builds it), the table driver's rounding
 * and the counters. Expected values come from the platform table and the
 * policy line, not from running the code under test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model/counters.h"
#include "model/governor.h"
#include "model/kbounds.h"

/* Parse "GOVERNOR key=value..." (a copy: the parser writes into it). */
static int parse(const char *line, struct sim_policy_spec *ps, char *why, size_t n)
{
    static char text[400];
    char *tok[24];
    int nt = 0;
    snprintf(text, sizeof(text), "%s", line);
    for (char *s = strtok(text, " "); s && nt < 24; s = strtok(NULL, " "))
        tok[nt++] = s;
    memset(ps, 0, sizeof(*ps));
    return mdl_policy_parse("p", tok, nt, ps, why, n);
}

static void test_parse(void **state)
{
    (void)state;
    struct sim_policy_spec ps;
    char why[640];
    assert_int_equal(
        parse("intel_pstate algo=load kver=4.13 variant=rfc-all no_turbo=1 max_ratio=20", &ps, why,
              sizeof(why)),
        0);
    assert_int_equal(ps.gov, GOV_INTEL_PSTATE);
    assert_int_equal(ps.algo, ALGO_LOAD);
    assert_int_equal(ps.variant, VAR_RFC_ALL);
    assert_int_equal(ps.kver, PGOV_KVER(4, 13));
    assert_int_equal(ps.pst_no_turbo, 1);
    assert_int_equal(ps.pst_max_ratio, 20);
    assert_string_equal(ps.label, "p");
    assert_string_equal(ps.text,
                        "intel_pstate algo=load kver=4.13 variant=rfc-all no_turbo=1 max_ratio=20");
    /* the mechanisms' per-policy keys are policy keys too */
    assert_int_equal(
        parse("schedutil uclamp=off wake_affine=off rate_limit=2ms", &ps, why, sizeof(why)), 0);
    assert_true(ps.uclamp_off);
    assert_int_equal(ps.wake_affine, WA_OFF);
    assert_int_equal(ps.sugov_rate_limit_ns, 2000000);
    assert_int_equal(parse("ondemand up_threshold=50", &ps, why, sizeof(why)), 0);
    assert_int_equal(ps.dbs_up_threshold, 50);
    assert_int_equal(ps.tun_set, 1u << PGOV_DBS_UP_THRESHOLD);
    /* what it refuses, and says why */
    assert_int_equal(parse("nosuchgov", &ps, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "unknown governor 'nosuchgov'"));
    assert_int_equal(parse("schedutil bogus=1", &ps, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "unknown policy option 'bogus'"));
    assert_int_equal(parse("schedutil no_turbo=1", &ps, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "does not apply to schedutil"));
    assert_int_equal(parse("intel_pstate max_ratio=64", &ps, why, sizeof(why)), -1);
    assert_int_equal(parse("schedutil kver", &ps, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "expected key=value"));
    char *v[] = {"schedutil"};
    assert_int_equal(mdl_policy_parse("a b", v, 1, &ps, why, sizeof(why)), -1);
    assert_string_equal(mdl_gov_name(GOV_CONSERVATIVE), "conservative");
    assert_string_equal(mdl_gov_name(99), "?");
}

/* The drift of issue 32: rfc-all is the RFC as posted, and every pst_*
 * key reaches the configuration. */
static void test_pstate_config(void **state)
{
    (void)state;
    const struct sim_platform *pl = sim_platform_find("ivb-i7-3770");
    struct sim_policy_spec ps;
    struct pgov_pstate_config cfg;
    char why[640];
    assert_int_equal(
        parse("intel_pstate algo=load kver=4.13 variant=rfc-all", &ps, why, sizeof(why)), 0);
    mdl_pstate_config(&ps, pl, 3, 4000000, &cfg);
    assert_int_equal(cfg.options, PGOV_PSTATE_OPT_RFC_IO_ALL);
    assert_int_equal(cfg.policy, PGOV_PSTATE_POLICY_LOAD);
    assert_int_equal(cfg.cpu, 3);
    assert_int_equal(cfg.tick_ns, 4000000);
    assert_int_equal(
        parse("intel_pstate algo=load kver=4.13 variant=rfc-percpu", &ps, why, sizeof(why)), 0);
    mdl_pstate_config(&ps, pl, 0, 4000000, &cfg);
    assert_int_equal(cfg.options, PGOV_PSTATE_OPT_RFC_IO_PERCPU);
    assert_int_equal(
        parse("intel_pstate algo=pid kver=4.6 c0_cutoff=off sample=5ms setpoint=90 deadband=2 "
              "p_gain=0 i_gain=3 d_gain=1 no_turbo=1 min_perf=64 max_perf=200",
              &ps, why, sizeof(why)),
        0);
    mdl_pstate_config(&ps, pl, 0, 4000000, &cfg);
    assert_int_equal(cfg.policy, PGOV_PSTATE_POLICY_PID);
    assert_int_equal(cfg.options, PGOV_PSTATE_OPT_NO_C0_CUTOFF);
    assert_int_equal(cfg.sample_interval_ns, 5000000);
    assert_int_equal(cfg.setpoint_pct, 90);
    assert_int_equal(cfg.deadband_pct, 2);
    assert_int_equal(cfg.p_gain_pct,
                     PGOV_PSTATE_PCT_ZERO); /* 0 given: stored as "zero", not "default" */
    assert_int_equal(cfg.i_gain_pct, 3);
    assert_int_equal(cfg.d_gain_pct, 1);
    assert_int_equal(cfg.limits.no_turbo, 1);
    assert_int_equal(cfg.limits.min_perf_fp, 64);
    assert_int_equal(cfg.limits.max_perf_fp, 200);
    assert_int_equal(cfg.limits.hwp_request, 0);
    assert_int_equal(parse("hwp hold=2ms", &ps, why, sizeof(why)), 0);
    mdl_pstate_config(&ps, pl, 0, 4000000, &cfg);
    assert_int_equal(cfg.policy, PGOV_PSTATE_POLICY_HWP_BOOST);
    assert_int_equal(cfg.boost_hold_ns, 2000000);
    assert_int_equal(cfg.limits.hwp_request, pl->min_ratio | pl->turbo_ratio << 8);
    mdl_pstate_config(&ps, NULL, 0, 4000000, &cfg); /* pgovd: the MSR's request, its own */
    assert_int_equal(cfg.limits.hwp_request, 0);
}

static void test_dbs_sugov_config(void **state)
{
    (void)state;
    const struct sim_platform *pl = sim_platform_find("ivb-i7-3770");
    struct sim_policy_spec ps;
    struct pgov_freq_entry table[MDL_TABLE_MAX];
    struct pgov_dbs_config cfg;
    char why[640];
    uint32_t n = mdl_dbs_table(pl, table);
    assert_int_equal(n, 1 + pl->max_ratio - pl->min_ratio + 1); /* turbo entry, 3.4 .. 1.6 GHz */
    assert_int_equal(table[0].khz, 3401000);
    assert_int_equal(table[1].khz, 3400000);
    assert_int_equal(table[n - 1].khz, 1600000);
    assert_int_equal(parse("conservative freq_step=10 sampling_rate=20ms", &ps, why, sizeof(why)),
                     0);
    mdl_dbs_config(&ps, 2, &cfg);
    mdl_dbs_platform(pl, 250, table, n, &cfg);
    assert_int_equal(cfg.gov, PGOV_DBS_CONSERVATIVE);
    assert_int_equal(cfg.cpu, 2);
    assert_int_equal(cfg.ncpu, 1);
    assert_ptr_equal(cfg.table, table);
    assert_int_equal(cfg.table_len, n);
    assert_int_equal(cfg.cur_khz, 3400000);
    assert_int_equal(cfg.tun.freq_step, 10);
    assert_int_equal(cfg.tun.sampling_rate, 20000);
    assert_int_equal(cfg.tun_set, (1u << PGOV_DBS_FREQ_STEP) | (1u << PGOV_DBS_SAMPLING_RATE));
    assert_int_equal(cfg.plat.hz, 250);
    /* pcc-cpufreq: no table, any kHz between the ratios */
    mdl_dbs_config(&ps, 0, &cfg);
    assert_int_equal(cfg.cur_khz, 0); /* the driver's part is not the governor's */
    assert_int_equal(cfg.plat.hz, 0);
    mdl_dbs_platform(pl, 250, NULL, 0, &cfg);
    assert_null(cfg.table);
    assert_int_equal(cfg.cpuinfo_min_khz, 1600000);
    assert_int_equal(cfg.cpuinfo_max_khz, 3400000);
    struct pgov_sugov_config su;
    assert_int_equal(parse("schedutil", &ps, why, sizeof(why)), 0);
    mdl_sugov_config(&ps, pl, 1, 4000000, &su);
    assert_int_equal(su.rate_limit_ns, 500000); /* intel_cpufreq's, on a modelled platform */
    mdl_sugov_config(&ps, NULL, 1, 4000000, &su);
    assert_int_equal(su.rate_limit_ns, 0); /* the library's own, on the real machine (pgovd) */
    assert_int_equal(parse("schedutil rate_limit=10ms kver=6.1", &ps, why, sizeof(why)), 0);
    mdl_sugov_config(&ps, NULL, 1, 4000000, &su);
    assert_int_equal(su.rate_limit_ns, 10000000);
    assert_int_equal(su.kver, PGOV_KVER(6, 1));
    assert_int_equal(su.cpu, 1);
}

static void test_hal(void **state)
{
    (void)state;
    const struct sim_platform *pl = sim_platform_find("ivb-i7-3770");
    assert_int_equal(mdl_table_khz(pl, 3401000), 3900000); /* the turbo entry */
    assert_int_equal(mdl_table_khz(pl, 3400000), 3400000);
    assert_int_equal(mdl_table_khz(pl, 2050000), 2100000); /* rounds up */
    assert_int_equal(mdl_table_khz(pl, 100000), 1600000);  /* the minimum */
    assert_int_equal(mdl_table_khz(pl, 9000000), 3900000); /* a whole ratio past turbo: turbo */
    struct pgov_hw_limits l;
    mdl_hw_limits(pl, &l);
    assert_int_equal(l.min_pstate, 16);
    assert_int_equal(l.max_pstate, 34);
    assert_int_equal(l.turbo_pstate, 39);
    assert_int_equal(l.scaling_khz, 100000);
    assert_int_equal(l.flags, 0);
    assert_false(mdl_remote_kv(PGOV_KVER(4, 13)));
    assert_true(mdl_remote_kv(PGOV_KVER_4_14));
    assert_true(mdl_remote_kv(0)); /* 0: the newest */
}

/* Counters: one fold or many give the same count; no overflow over hours. */
static void test_counters(void **state)
{
    (void)state;
    uint64_t a = 0, ar = 0, b = 0, br = 0;
    mdl_cyc_add(&a, &ar, 3000000007ull, 3900000);
    for (int i = 0; i < 7; i++)
        mdl_cyc_add(&b, &br, 428571429ull, 3900000); /* 7 * 428571429 = 3000000003 */
    mdl_cyc_add(&b, &br, 4, 3900000);
    assert_int_equal(a, 11700000027ull); /* 3000000007 ns * 3.9 GHz = 11700000027.3 cycles */
    assert_int_equal(ar, 300000);
    assert_int_equal(b, a);
    assert_int_equal(br, ar);
    uint64_t c = 0, cr = 0;
    mdl_cyc_add(&c, &cr, 36000ull * 1000000000ull, 3900000); /* ten hours */
    assert_int_equal(c, 36000ull * 3900000000ull);
    assert_int_equal(mdl_tsc(3400000, 1000000001ull), 3400000003ull);
}

/* pgov-trace's boundaries: without the simulator's key, its module is none. */
static void test_kbounds(void **state)
{
    (void)state;
    struct sim_policy_spec ps;
    char why[640], c[400];
    assert_int_equal(parse("schedutil", &ps, why, sizeof(why)), 0);
    assert_true(kb_policy_boundary(&ps, PGOV_KVER_6_8, NULL));
    kb_policy_causes(&ps, PGOV_KVER_6_8, NULL, c, sizeof(c));
    assert_non_null(strstr(c, "[schedutil] "));
    assert_null(strstr(c, "pgov-sim"));
    assert_false(kb_is_boundary_fn(NULL, PGOV_KVER(4, 16)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_pstate_config),
        cmocka_unit_test(test_dbs_sugov_config),
        cmocka_unit_test(test_hal),
        cmocka_unit_test(test_counters),
        cmocka_unit_test(test_kbounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
