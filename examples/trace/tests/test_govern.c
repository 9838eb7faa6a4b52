/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace govern applies pgov-sim's P-state rule (topo.c): the CPUs of
 * a domain run at the highest request of its busy CPUs, an idle CPU does
 * not vote, and the package's turbo bin for its active cores (SMT threads
 * of one core count once) caps it. First the rule on plain records, then
 * govern end to end on synthetic traces (text written here, read by the
 * same loader as any trace). Expected values come from the platform
 * table, not from running the tools.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "govern.h"
#include "model/governor.h"
#include "model/pstate_rule.h"

/* ------------------------------------------------------------ the rule */

struct rec {
    uint32_t req_khz;
    bool c0;
};

static struct topo_view view(const struct sim_platform *pl, const struct rec *r, uint32_t n)
{
    return (struct topo_view){
        .plat = pl, .ncpu = n, .c0 = &r[0].c0, .req_khz = &r[0].req_khz, .stride = sizeof(r[0])};
}

static struct sim_platform platform(const char *name, uint32_t domain)
{
    const struct sim_platform *p = sim_platform_find(name);
    assert_non_null(p);
    struct sim_platform pl = *p;
    pl.pstate_domain = domain;
    return pl;
}

static uint32_t khz(const struct sim_platform *pl, uint32_t ratio)
{
    return ratio * pl->scaling_khz;
}

/* Active power of a core at @mhz: a + b f^3 through (min ratio, w_act_min)
 * and (turbo ratio, w_act_max). */
static double core_watts(const struct sim_platform *pl, double mhz)
{
    double f0 = khz(pl, pl->min_ratio) / 1000.0, f1 = khz(pl, pl->turbo_ratio) / 1000.0;
    double b = (pl->w_act_max - pl->w_act_min) / (f1 * f1 * f1 - f0 * f0 * f0);
    return pl->w_act_min + b * (mhz * mhz * mhz - f0 * f0 * f0);
}

/* Two busy CPUs, one asking for the 2-core turbo bin, one for the minimum:
 * one frequency on a package domain, each its own per core. */
static void test_rule_high_low(void **state)
{
    (void)state;
    struct sim_platform pkg = platform("ivb-i7-3770", DOM_PACKAGE);
    uint32_t hi = khz(&pkg, pkg.turbo_bins[1]), lo = khz(&pkg, pkg.min_ratio);
    struct rec r[2] = {{hi, true}, {lo, true}};
    struct topo_view v = view(&pkg, r, 2);
    uint32_t first, n, eff[2];
    topo_view_domain_eff(&v, 1, &first, &n, eff);
    assert_int_equal(first, 0);
    assert_int_equal(n, 2);
    assert_int_equal(eff[0], hi);
    assert_int_equal(eff[1], hi);
    struct sim_platform core = platform("ivb-i7-3770", DOM_CORE);
    v.plat = &core;
    topo_view_domain_eff(&v, 1, &first, &n, eff);
    assert_int_equal(first, 1);
    assert_int_equal(n, 1);
    assert_int_equal(eff[0], lo);
    topo_view_domain_eff(&v, 0, &first, &n, eff);
    assert_int_equal(eff[0], hi);
}

/* An idle CPU's request does not count; an all-idle domain keeps each
 * CPU's own request (capped by the 0-core, i.e. 1-core, bin). */
static void test_rule_idle_no_vote(void **state)
{
    (void)state;
    struct sim_platform pkg = platform("ivb-i7-3770", DOM_PACKAGE);
    uint32_t turbo = khz(&pkg, pkg.turbo_ratio), lo = khz(&pkg, pkg.min_ratio);
    struct rec r[2] = {{turbo, false}, {lo, true}};
    struct topo_view v = view(&pkg, r, 2);
    uint32_t first, n, eff[2];
    topo_view_domain_eff(&v, 0, &first, &n, eff);
    assert_int_equal(eff[0], lo);
    assert_int_equal(eff[1], lo);
    r[1].c0 = false;
    topo_view_domain_eff(&v, 0, &first, &n, eff);
    assert_int_equal(eff[0], khz(&pkg, pkg.turbo_bins[0]));
    assert_int_equal(eff[1], lo);
}

/* nhm-i7-870: two threads per core, bins 27 (1 core) and 26 (2 cores).
 * Two busy threads of one core are one active core; a thread of another
 * core makes two, and every CPU of the package drops to the 2-core bin,
 * on a package domain and per core alike. */
static void test_rule_turbo_bins(void **state)
{
    (void)state;
    for (uint32_t d = DOM_CORE; d <= DOM_PACKAGE; d++) {
        struct sim_platform pl = platform("nhm-i7-870", d);
        assert_int_equal(pl.smt, 2);
        assert_true(pl.turbo_bins[1] < pl.turbo_bins[0]);
        uint32_t want = khz(&pl, pl.turbo_ratio);
        struct rec r[4] = {{want, true}, {want, true}, {want, false}, {want, false}};
        struct topo_view v = view(&pl, r, 4);
        uint32_t first, n, eff[4];
        assert_int_equal(topo_view_active_cores(&v, 0), 1);
        topo_view_domain_eff(&v, 0, &first, &n, eff);
        assert_int_equal(eff[0], khz(&pl, pl.turbo_bins[0]));
        r[2].c0 = true;
        assert_int_equal(topo_view_active_cores(&v, 3), 2);
        for (uint32_t cpu = 0; cpu < 4; cpu++) {
            topo_view_domain_eff(&v, cpu, &first, &n, eff);
            assert_int_equal(eff[cpu - first], khz(&pl, pl.turbo_bins[1]));
        }
    }
}

/* ------------------------------------------------------------ govern */

struct sw {
    uint32_t cpu;
    uint32_t us; /* after 1 s */
    uint32_t prev, next; /* pids, 0: idle */
};

/* A text trace of the given sched_switch events (in time order). */
static void write_trace(const char *path, uint32_t ncpu, const struct sw *ev, size_t n)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "# tracer: nop\n#\n# entries-in-buffer/entries-written: %zu/%zu   #P:%u\n#\n", n, n, ncpu);
    for (size_t i = 0; i < n; i++) {
        char prev[16], next[16];
        snprintf(prev, sizeof(prev), ev[i].prev ? "t%u" : "swapper/%u", ev[i].prev ? ev[i].prev : ev[i].cpu);
        snprintf(next, sizeof(next), ev[i].next ? "t%u" : "swapper/%u", ev[i].next ? ev[i].next : ev[i].cpu);
        fprintf(f,
                "%16s-%-7u [%03u] d..2. %5u.%06u: sched_switch: prev_comm=%s prev_pid=%u prev_prio=120 "
                "prev_state=S ==> next_comm=%s next_pid=%u next_prio=120\n",
                prev, ev[i].prev, ev[i].cpu, 1 + ev[i].us / 1000000u, ev[i].us % 1000000u, prev, ev[i].prev,
                next, ev[i].next);
    }
    assert_int_equal(fclose(f), 0);
}

/* Runs `govern` with one policy over [from_us, to_us) and returns the TSV. */
static char *govern(const char *path, const char *platname, int domain, const char *policy,
                    uint64_t from_us, uint64_t to_us)
{
    static struct pgt_trace t;
    static struct pgt_platform sig;
    static struct gv_opts o;
    static struct sim_platform pl;
    memset(&t, 0, sizeof(t));
    assert_int_equal(pgt_load(path, &t), 0);
    memset(&sig, 0, sizeof(sig));
    for (int i = 0; i < PGT_MAX_CPUS; i++)
        sig.cap[i] = 1024;
    memset(&o, 0, sizeof(o));
    pl = *sim_platform_find(platname);
    if (domain >= 0)
        pl.pstate_domain = (uint32_t)domain;
    o.plat = &pl;
    o.hz = 250;
    o.from_ns = from_us * 1000u;
    o.to_ns = to_us * 1000u;
    o.tsv = true;
    char text[200], why[640];
    snprintf(text, sizeof(text), "%s", policy);
    char *tok[24];
    int nt = 0;
    for (char *s = strtok(text, " "); s && nt < 24; s = strtok(NULL, " "))
        tok[nt++] = s;
    assert_true(nt >= 2);
    if (mdl_policy_parse(tok[0], tok + 1, nt - 1, &o.pol[0], why, sizeof(why)))
        fail_msg("policy '%s': %s", policy, why);
    o.npol = 1;
    char *buf = NULL, err[PGT_ERR_LEN];
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    int rc = gv_run(&t, &sig, &o, out, NULL, err, sizeof(err));
    fclose(out);
    if (rc)
        fail_msg("gv_run: %s", err);
    pgt_free(&t);
    return buf;
}

/* The TSV's %.6g: six significant digits. */
#define MHZ_EPS 0.01

/* The value of metric @m of @cpu ("cpu0", "all") in policy column @col. */
static double value(const char *tsv, const char *cpu, const char *col, const char *m)
{
    char want[96];
    int n = snprintf(want, sizeof(want), "%s\t%s\t%s\t", cpu, col, m);
    for (const char *l = tsv; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        if (strncmp(l, want, (size_t)n) == 0)
            return strtod(l + n, NULL);
    fail_msg("no %s in the output", want);
    return -1;
}

/* CPU 0 busy from 1 s (a task running all along); CPU 1 idle until
 * 1.4 s, then busy for 2 ms. intel_pstate's load algorithm asks for turbo
 * on CPU 0 (busy through every sample) and for the minimum on CPU 1 (its
 * first sample covers 400 ms idle). While both are busy, on the package
 * domain CPU 1 runs at CPU 0's request within the 2-core bin; per core at
 * its own. Energy follows: the power model's w_act_max at turbo, w_act_min
 * at the minimum. */
static void test_govern_high_low(void **state)
{
    (void)state;
    static const struct sw ev[] = {
        {0, 0, 0, 100}, {1, 0, 0, 0}, {1, 400000, 0, 200}, {1, 402000, 200, 0}, {0, 410000, 100, 0}};
    const char *path = "test_govern_high_low.txt";
    write_trace(path, 2, ev, sizeof(ev) / sizeof(ev[0]));
    const struct sim_platform *pl = sim_platform_find("ivb-i7-3770");
    double turbo2 = khz(pl, pl->turbo_bins[1]) / 1000.0, lo = khz(pl, pl->min_ratio) / 1000.0;
    assert_int_equal(pl->turbo_bins[1], pl->turbo_ratio); /* two cores keep full turbo here */
    char *core = govern(path, "ivb-i7-3770", DOM_CORE, "p intel_pstate algo=load", 400000, 402000);
    assert_float_equal(value(core, "cpu0", "p", "busy_mhz"), turbo2, MHZ_EPS);
    assert_float_equal(value(core, "cpu1", "p", "busy_mhz"), lo, MHZ_EPS);
    assert_float_equal(value(core, "cpu1", "p", "res_1600_mhz"), 100, 1e-9);
    assert_float_equal(value(core, "cpu1", "p", "energy_j"), pl->w_act_min * 0.002, 1e-9);
    free(core);
    char *pkg = govern(path, "ivb-i7-3770", -1, "p intel_pstate algo=load", 400000, 402000);
    assert_float_equal(value(pkg, "cpu0", "p", "busy_mhz"), turbo2, MHZ_EPS);
    assert_float_equal(value(pkg, "cpu1", "p", "busy_mhz"), turbo2, MHZ_EPS);
    assert_float_equal(value(pkg, "cpu1", "p", "res_3900_mhz"), 100, 1e-9);
    assert_float_equal(value(pkg, "cpu1", "p", "energy_j"), pl->w_act_max * 0.002, 1e-9);
    free(pkg);
    remove(path);
}

/* The same, but CPU 0 goes idle at 1.4 s, just before CPU 1 wakes: its
 * turbo request stays (no sample while idle) and does not count, so CPU 1
 * runs at its own minimum on the package domain too. When CPU 0 runs again
 * (at 1.4015 s) its request counts again. */
static void test_govern_idle_no_vote(void **state)
{
    (void)state;
    static const struct sw ev[] = {{0, 0, 0, 100},          {1, 0, 0, 0},          {0, 400000, 100, 0},
                                   {1, 400100, 0, 200},     {0, 401500, 0, 100},   {1, 402100, 200, 0},
                                   {0, 410000, 100, 0}};
    const char *path = "test_govern_idle.txt";
    write_trace(path, 2, ev, sizeof(ev) / sizeof(ev[0]));
    const struct sim_platform *pl = sim_platform_find("ivb-i7-3770");
    double lo = khz(pl, pl->min_ratio) / 1000.0, turbo2 = khz(pl, pl->turbo_bins[1]) / 1000.0;
    char *a = govern(path, "ivb-i7-3770", -1, "p intel_pstate algo=load", 400100, 401500);
    assert_float_equal(value(a, "cpu0", "p", "busy_pct"), 0, 1e-9);
    assert_float_equal(value(a, "cpu1", "p", "busy_mhz"), lo, MHZ_EPS);
    free(a);
    char *b = govern(path, "ivb-i7-3770", -1, "p intel_pstate algo=load", 401500, 402100);
    assert_float_equal(value(b, "cpu1", "p", "busy_mhz"), turbo2, MHZ_EPS);
    free(b);
    /* Over both: CPU 1 ran at the minimum, then at CPU 0's turbo, without
     * asking for anything new (its one sample, at 1.4001 s, asks for the
     * minimum it already had): freq_changes counts requests, not what the
     * domain did to the running frequency. */
    char *c = govern(path, "ivb-i7-3770", -1, "p intel_pstate algo=load", 400000, 402100);
    assert_true(value(c, "cpu1", "p", "res_1600_mhz") > 0);
    assert_true(value(c, "cpu1", "p", "res_3900_mhz") > 0);
    assert_float_equal(value(c, "cpu1", "p", "freq_changes"), 0, 1e-9);
    free(c);
    remove(path);
}

/* nhm-i7-870 under performance (every CPU asks for turbo): CPUs 0 and 1
 * are one core's threads, busy from 1 s to 1.01 s; CPU 2 (another core)
 * joins at 1.005 s. One active core, then two: 2700 MHz, then the 2-core
 * bin's 2600, on every busy CPU, whatever the domain. */
static void test_govern_turbo_bins(void **state)
{
    (void)state;
    static const struct sw ev[] = {{0, 0, 0, 100},      {1, 0, 0, 101},      {2, 0, 0, 0},
                                   {3, 0, 0, 0},        {2, 5000, 0, 102},   {0, 10000, 100, 0},
                                   {1, 10000, 101, 0},  {2, 10000, 102, 0},  {3, 20000, 0, 0}};
    const char *path = "test_govern_bins.txt";
    write_trace(path, 4, ev, sizeof(ev) / sizeof(ev[0]));
    const struct sim_platform *pl = sim_platform_find("nhm-i7-870");
    double b1 = khz(pl, pl->turbo_bins[0]) / 1000.0, b2 = khz(pl, pl->turbo_bins[1]) / 1000.0;
    for (int d = DOM_CORE; d <= DOM_PACKAGE; d++) {
        char *o = govern(path, "nhm-i7-870", d, "p performance", 0, 10000);
        assert_float_equal(value(o, "cpu0", "p", "busy_mhz"), (b1 + b2) / 2, MHZ_EPS);
        assert_float_equal(value(o, "cpu1", "p", "busy_mhz"), (b1 + b2) / 2, MHZ_EPS);
        assert_float_equal(value(o, "cpu2", "p", "busy_mhz"), b2, MHZ_EPS);
        /* the bin's drop is the hardware's, not a request: performance asked once, at the start */
        assert_float_equal(value(o, "cpu0", "p", "freq_changes"), 0, 1e-9);
        /* CPUs 0 and 1 share a core and are busy together: each is charged
         * half the core's power, 5 ms at each bin (the cubic through the
         * platform's two power points, written out here) */
        double half = 0.5 * 0.005 * (core_watts(pl, b1) + core_watts(pl, b2));
        assert_float_equal(value(o, "cpu0", "p", "energy_j"), half, half * 1e-5);
        free(o);
    }
    remove(path);
}

/* Drift (issue 32): govern builds its governors from the policy line as
 * pgov-sim does. intel_pstate's sysfs limits (no_turbo, max_ratio) cap
 * what CPU 0, busy all along, asks for; govern ignored every pst_* key. */
static void test_govern_pst_tunables(void **state)
{
    (void)state;
    static const struct sw ev[] = {{0, 0, 0, 100}, {1, 0, 0, 0}, {0, 410000, 100, 0}};
    const char *path = "test_govern_pst.txt";
    write_trace(path, 2, ev, sizeof(ev) / sizeof(ev[0]));
    const struct sim_platform *pl = sim_platform_find("ivb-i7-3770");
    char *a = govern(path, "ivb-i7-3770", DOM_CORE, "p intel_pstate algo=load", 200000, 400000);
    assert_float_equal(value(a, "cpu0", "p", "busy_mhz"), khz(pl, pl->turbo_ratio) / 1000.0, MHZ_EPS);
    free(a);
    char *b = govern(path, "ivb-i7-3770", DOM_CORE, "p intel_pstate algo=load no_turbo=1", 200000, 400000);
    assert_float_equal(value(b, "cpu0", "p", "busy_mhz"), khz(pl, pl->max_ratio) / 1000.0, MHZ_EPS);
    free(b);
    char *c = govern(path, "ivb-i7-3770", DOM_CORE, "p intel_pstate algo=load max_ratio=20", 200000, 400000);
    assert_float_equal(value(c, "cpu0", "p", "busy_mhz"), khz(pl, 20) / 1000.0, MHZ_EPS);
    free(c);
    remove(path);
}

/* Drift (issue 32): variant=rfc-all is the RFC as posted (one shared
 * block, PGOV_PSTATE_OPT_RFC_IO_ALL) in govern as in pgov-sim; govern
 * built the per-CPU variant. Its output cannot show it (the trace has no
 * iowait wake-ups, so no boost ever starts), so the instances' own
 * configuration is compared: the block is attached to every CPU's. */
static void test_govern_rfc_all(void **state)
{
    (void)state;
    static const struct sw ev[] = {{0, 0, 0, 100}, {1, 0, 0, 0}, {0, 410000, 100, 0}};
    const char *path = "test_govern_rfc.txt";
    write_trace(path, 2, ev, sizeof(ev) / sizeof(ev[0]));
    struct pgov_pstate_config cfg;
    struct sim_policy_spec ps;
    char text[] = "intel_pstate algo=load kver=4.13 variant=rfc-all", *tok[4], why[200];
    int nt = 0;
    for (char *s = strtok(text, " "); s && nt < 4; s = strtok(NULL, " "))
        tok[nt++] = s;
    memset(&ps, 0, sizeof(ps));
    assert_int_equal(mdl_policy_parse("p", tok, nt, &ps, why, sizeof(why)), 0);
    mdl_pstate_config(&ps, sim_platform_find("ivb-i7-3770"), 1, 4000000, &cfg);
    assert_int_equal(cfg.options, PGOV_PSTATE_OPT_RFC_IO_ALL);
    assert_int_equal(cfg.cpu, 1);
    assert_int_equal(cfg.kver, PGOV_KVER(4, 13));
    /* and govern runs it (a package of two CPUs on one shared block) */
    char *o = govern(path, "ivb-i7-3770", -1, "p intel_pstate algo=load kver=4.13 variant=rfc-all", 200000, 400000);
    char *q = govern(path, "ivb-i7-3770", -1, "p intel_pstate algo=load kver=4.13 variant=rfc-percpu", 200000, 400000);
    assert_string_equal(o, q); /* no iowait: the two variants agree */
    free(o);
    free(q);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule_high_low),     cmocka_unit_test(test_rule_idle_no_vote),
        cmocka_unit_test(test_rule_turbo_bins),   cmocka_unit_test(test_govern_high_low),
        cmocka_unit_test(test_govern_idle_no_vote), cmocka_unit_test(test_govern_turbo_bins),
        cmocka_unit_test(test_govern_pst_tunables), cmocka_unit_test(test_govern_rfc_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
