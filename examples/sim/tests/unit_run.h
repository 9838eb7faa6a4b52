/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One end-to-end run for the cmocka unit tests (test_sim.c, test_mech.c):
 * a one-policy scenario on a copy of a shipped platform, a workload given
 * as text. Include after <cmocka.h> and "run.h".
 */
#ifndef PGOV_SIM_UNIT_RUN_H
#define PGOV_SIM_UNIT_RUN_H

/* A scenario of @ncpu CPUs on a copy of platform @pname at HZ 250 with the
 * one policy @spec (label "unit"), limited to 1000 simulated seconds. */
static struct sim_scenario *unit_scenario(const struct sim_policy_spec *spec, const char *pname,
                                          uint32_t ncpu)
{
    static struct sim_scenario sc;
    memset(&sc, 0, sizeof(sc));
    strcpy(sc.name, "unit");
    strcpy(sc.file, "unit.scn");
    sc.platform = *sim_platform_find(pname);
    sc.plat = &sc.platform;
    sc.ncpu = ncpu;
    sc.hz = 250;
    sc.limit_ns = 1000ull * 1000000000ull;
    sc.npol = 1;
    sc.pol[0] = *spec;
    strcpy(sc.pol[0].label, "unit");
    return &sc;
}

/* Run @wl_text once (seed 1) on scenario @sc (its one policy) and return
 * metric @metric. */
static double unit_run_on(struct sim_scenario *sc, const char *wl_text, int metric)
{
    struct sim_workload wl;
    struct sim_err err = {{0}};
    struct sim_result r;
    if (sim_workload_parse_mem("unit.wl", wl_text, strlen(wl_text), NULL, 0, &wl, &err))
        fail_msg("%s", err.msg);
    struct sim_run_cfg cfg = {.sc = sc, .wl = &wl, .pol = &sc->pol[0], .seed = 1};
    if (sim_run(&cfg, &r, &err))
        fail_msg("%s", err.msg);
    sim_workload_free(&wl);
    return r.m[metric];
}

/* The same under @spec on @ncpu CPUs of platform @pname. */
static double unit_run(const char *wl_text, const struct sim_policy_spec *spec, const char *pname,
                       uint32_t ncpu, int metric)
{
    return unit_run_on(unit_scenario(spec, pname, ncpu), wl_text, metric);
}

#endif
