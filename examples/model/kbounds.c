/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Profile boundaries (kbounds.h). The key of a module at a release is what
 * the library exposes about the rules it picks there: schedutil's rule bits
 * (pgov_sugov_core_rules()), util_est's profile (pgov_util_est_core_prof()),
 * intel_pstate's resolved profile (pgov_pstate_params_init()), ondemand's
 * default tunables (pgov_dbs_defaults()), and for every module its
 * exactness class (a release mapped to a neighbour's rules is a boundary of
 * what the replay can claim even when the rules stay).
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "model/kbounds.h"

#include <stdio.h>
#include <string.h>

#include <pgov/dbs.h>
#include <pgov/pstate.h>
#include <pgov/core/sugov.h>
#include <pgov/core/util_est.h>

#include "fnv.h"
#include "num.h"

uint32_t kb_prev(uint32_t kv)
{
    for (uint32_t k = kv; k-- > PGOV_KVER_OLDEST;)
        if (num_kver_released(k))
            return k;
    return 0;
}

uint32_t kb_next(uint32_t kv)
{
    for (uint32_t k = kv + 1; k <= num_kver_newest(); k++)
        if (num_kver_released(k))
            return k;
    return 0;
}

static uint64_t pstate_key(uint32_t policy, uint32_t kv)
{
    struct pgov_pstate_config cfg;
    struct pgov_pstate_params prm;
    memset(&cfg, 0, sizeof(cfg));
    cfg.size = sizeof(cfg);
    cfg.policy = policy;
    cfg.kver = kv;
    cfg.hz = 250;
    return pgov_pstate_params_init(&prm, &cfg) ? 0 : 1u + prm.profile;
}

static uint64_t dbs_key(uint32_t kv)
{
    struct pgov_dbs_platform plat = {.hz = 250,
                                     .transition_latency_ns = 10000,
                                     .vendor = PGOV_DBS_VENDOR_INTEL,
                                     .family = 6,
                                     .model = 58};
    struct pgov_dbs_tunables t;
    if (pgov_dbs_defaults(PGOV_DBS_ONDEMAND, kv, &plat, &t))
        return 0;
    uint64_t h = FNV1A_BASIS;
    const unsigned char *b = (const unsigned char *)&t;
    for (size_t i = 0; i < sizeof(t); i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h | 1u;
}

/* The rules part of the key (0: rejected). */
static uint64_t rules_key(uint32_t module, uint32_t kv)
{
    switch (module) {
    case PGOV_MOD_SUGOV:
        return kv >= PGOV_KVER(5, 2) ? 1u + pgov_sugov_core_rules(kv) : 0;
    case PGOV_MOD_UTIL_EST:
        return kv >= PGOV_KVER_4_17 ? 1u + (uint64_t)pgov_util_est_core_prof(kv) : 0;
    case PGOV_MOD_PSTATE_PID:
        return pstate_key(PGOV_PSTATE_POLICY_PID, kv);
    case PGOV_MOD_PSTATE_ATOM:
        return pstate_key(PGOV_PSTATE_POLICY_PID_ATOM, kv);
    case PGOV_MOD_PSTATE_LOAD:
        return pstate_key(PGOV_PSTATE_POLICY_LOAD, kv);
    case PGOV_MOD_HWP_BOOST:
        return pstate_key(PGOV_PSTATE_POLICY_HWP_BOOST, kv);
    case PGOV_MOD_DBS:
        return dbs_key(kv);
    default: /* PELT, floors, uclamp: no kver-selected rules the tools expose */
        return 1;
    }
}

uint64_t kb_key(uint32_t module, uint32_t kv)
{
    if (module == KB_MOD_SIM)
        return 0; /* the simulator's own: kb_is_boundary_fn() with its key */
    int e = pgov_kver_exactness(module, kv);
    uint64_t r = rules_key(module, kv);
    if (e <= PGOV_KVER_UNSUPPORTED || !r)
        return 0;
    return (r << 2) ^ (uint64_t)e;
}

int kb_is_boundary(uint32_t module, uint32_t kv)
{
    uint32_t p = kb_prev(kv);
    return p && kb_key(module, p) != kb_key(module, kv);
}

int kb_is_boundary_fn(kb_sim_key key, uint32_t kv)
{
    uint32_t p = kb_prev(kv);
    return key && p && key(p) != key(kv);
}

const char *kb_exactness(uint32_t module, uint32_t kv)
{
    if (module == KB_MOD_SIM)
        return "model";
    int e = pgov_kver_exactness(module, kv);
    return e == PGOV_KVER_EXACT         ? "exact"
           : e == PGOV_KVER_APPROXIMATE ? "approximate"
                                        : "unsupported";
}

const char *kb_module_name(uint32_t module)
{
    static const char *const n[] = {"?",         "PELT",       "PELT floors", "util_est",
                                    "uclamp",    "pstate PID", "pstate Atom", "pstate load",
                                    "HWP boost", "schedutil",  "ondemand"};
    return module == KB_MOD_SIM ? "pgov-sim" : module < sizeof(n) / sizeof(n[0]) ? n[module] : "?";
}

/* The causes of every boundary kb_is_boundary() finds (tests/ check that
 * none is missing), from docs/exactness.md and the modules' Profiles
 * sections (signals.md, pstate.md, ondemand.md, schedutil.md, uclamp.md).
 * "exactness:" rows change what the library can claim, not the rules. */
static const struct {
    uint16_t module, kv;
    const char *why;
} causes[] = {
    {PGOV_MOD_PELT, PGOV_KVER_4_15,
     "PELT: unweighted entity sums (4.15); 4.14 is rebuilt by the tools only"},
    {PGOV_MOD_PELT_FLOORS, PGOV_KVER_5_13,
     "cfs_rq floors modelled from 5.13 (approximate to 5.15)"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER_4_17, "util_est introduced (4.17)"},
    {PGOV_MOD_UCLAMP, PGOV_KVER_5_3, "uclamp introduced (5.3)"},
    {PGOV_MOD_PSTATE_PID, PGOV_KVER_4_5, "intel_pstate PID modelled from 4.5 (deferrable timer)"},
    {PGOV_MOD_PSTATE_PID, PGOV_KVER_4_14, "intel_pstate PID removed (4.14: the load algorithm)"},
    {PGOV_MOD_PSTATE_ATOM, PGOV_KVER_4_5, "intel_pstate Atom PID modelled from 4.5 (composed)"},
    {PGOV_MOD_PSTATE_ATOM, PGOV_KVER(4, 9), "intel_pstate: Atom moved to the load algorithm (4.9)"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_4_13, "intel_pstate load algorithm (4.13, composed)"},
    {PGOV_MOD_HWP_BOOST, PGOV_KVER(4, 18), "intel_pstate HWP dynamic boost (4.18)"},
    {PGOV_MOD_SUGOV, PGOV_KVER(5, 2),
     "9eca544b1491 cpufreq: schedutil: Simplify iowait boosting (modelled from 5.2)"},
    {PGOV_MOD_DBS, PGOV_KVER_4_17, "ondemand/conservative modelled from 4.17 (v4.17.0 read)"},
    {PGOV_MOD_PELT, PGOV_KVER_5_7,
     "runnable_avg in PELT (5.7); exactness: 4.15 .. 5.6 approximate"},
    {PGOV_MOD_PELT_FLOORS, PGOV_KVER_5_16,
     "cfs_rq floors: u32 comparison of _sum with _avg (5.16)"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER_5_5,
     "util_est: fast ramp-up EWMA on utilization increases (FASTUP)"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER_5_13,
     "b89997aa88f0 sched/pelt: Fix task util_est update filtering; 68d7a190682a sched/fair: Fix "
     "util_est UTIL_AVG_UNCHANGED handling"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER_6_8,
     "50181c0cff31 sched/pelt: Avoid underestimation of task utilization; 11137d384996 Simplify "
     "util_est"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER(6, 10), "exactness: 6.10 .. 6.11 run the v6.9 rules, not read"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER_6_12, "exactness: 6.12.118 read (delta spec), v6.9 rules"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER(6, 13), "exactness: 6.13 .. 6.17 run the v6.9 rules, not read"},
    {PGOV_MOD_UTIL_EST, PGOV_KVER_6_18,
     "util_est: single field with the runnable check (v6.18.2 read)"},
    {PGOV_MOD_UCLAMP, PGOV_KVER_5_7, "uclamp v5.7 rules"},
    {PGOV_MOD_UCLAMP, PGOV_KVER_5_13, "exactness: uclamp bucket saturation 5.13 .. 5.16 composed"},
    {PGOV_MOD_UCLAMP, PGOV_KVER_5_17, "uclamp rq idle flag at init (5.17)"},
    {PGOV_MOD_PSTATE_PID, PGOV_KVER_4_6,
     "ffb810563c0c cpufreq: intel_pstate: util hook, C0 < 1 % counts as idle"},
    {PGOV_MOD_PSTATE_PID, PGOV_KVER(4, 7), "exactness: 4.7 .. 4.12 run the v4.6 PID, not read"},
    {PGOV_MOD_PSTATE_PID, PGOV_KVER_4_13,
     "intel_pstate server PID: ext-precision busy, ratio limits"},
    {PGOV_MOD_PSTATE_ATOM, PGOV_KVER_4_6, "intel_pstate Atom PID on the util hook (4.6)"},
    {PGOV_MOD_PSTATE_ATOM, PGOV_KVER(4, 7),
     "exactness: 4.7 .. 4.8 run the v4.6 Atom PID, not read"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_4_14,
     "intel_pstate: immediate sample on an IOWAIT wake-up (the 4.14 IO fix)"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_4_15, "exactness: 4.15 .. 4.16 run the v4.17 rules, not read"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_4_17, "exactness: v4.17.0 read"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER(4, 18), "exactness: 4.18 .. 6.11 not read"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_5_1,
     "intel_pstate: 1/8 doubling iowait boost (5.1 start unverified)"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_6_12, "exactness: 6.12.118 read (delta spec)"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER(6, 13), "exactness: 6.13 .. 6.17 not read"},
    {PGOV_MOD_PSTATE_LOAD, PGOV_KVER_6_18, "exactness: v6.18.2 read"},
    {PGOV_MOD_HWP_BOOST, PGOV_KVER_6_12, "exactness: 6.12.118 read (delta spec)"},
    {PGOV_MOD_HWP_BOOST, PGOV_KVER(6, 13), "exactness: 6.13 .. 6.17 not read"},
    {PGOV_MOD_HWP_BOOST, PGOV_KVER_6_18, "exactness: v6.18.2 read"},
    {PGOV_MOD_SUGOV, PGOV_KVER(5, 10),
     "0070ea296239 cpufreq: schedutil: restore cached freq when next_f is not changed"},
    {PGOV_MOD_SUGOV, PGOV_KVER_5_14,
     "schedutil: 25 % headroom on util, not the frequency (map_util_perf)"},
    {PGOV_MOD_SUGOV, PGOV_KVER_5_16, "cpufreq: \"efficient\" frequency relations (5.16)"},
    {PGOV_MOD_SUGOV, PGOV_KVER_6_1, "exactness: checked against Linux 6.1 itself"},
    {PGOV_MOD_SUGOV, PGOV_KVER(6, 2), "exactness: 6.2 .. 6.7 run the 6.1 rules, not read"},
    {PGOV_MOD_SUGOV, PGOV_KVER_6_8,
     "9c0b4bb7f630 sched/cpufreq: Rework schedutil governor performance estimation"},
    {PGOV_MOD_SUGOV, PGOV_KVER_6_12, "exactness: 6.12.118 read (delta spec)"},
    {PGOV_MOD_SUGOV, PGOV_KVER(6, 13), "exactness: 6.13 .. 6.17 not read"},
    {PGOV_MOD_SUGOV, PGOV_KVER_6_18, "exactness: v6.18.2 read"},
    {PGOV_MOD_DBS, PGOV_KVER(4, 18),
     "exactness: 4.18 .. 6.0 (long-idle change's release not identified)"},
    {PGOV_MOD_DBS, PGOV_KVER_6_1, "exactness: checked against Linux 6.1.176 and 6.1.192"},
    {PGOV_MOD_DBS, PGOV_KVER(6, 2), "exactness: 6.2 .. 6.11 run the 5.0 hybrid, not read"},
    {PGOV_MOD_DBS, PGOV_KVER_6_12,
     "dbs: the v6.18 rules and defaults (sampling rate from the transition delay)"},
    {PGOV_MOD_DBS, PGOV_KVER(6, 13), "exactness: 6.13 .. 6.17 not read"},
    {PGOV_MOD_DBS, PGOV_KVER_6_18, "exactness: v6.18.2 read"},
    /* pgov-sim's scheduler model (docs/simulator.md: wake_affine, remote
     * callbacks, util_est in one page) */
    {KB_MOD_SIM, PGOV_KVER_4_14,
     "wake_affine takes the task's load off the previous CPU and an idle waker wins; remote "
     "CPUs' cpufreq callbacks reach the governor (4.14)"},
    {KB_MOD_SIM, PGOV_KVER(4, 16),
     "wake_affine keeps an idle previous CPU, ties stay there (4.16)"},
    {KB_MOD_SIM, PGOV_KVER_7_2, "util_est updated inside the dequeue's PELT update (7.2)"},
};

const char *kb_cause(uint32_t module, uint32_t kv)
{
    for (size_t i = 0; i < sizeof(causes) / sizeof(causes[0]); i++)
        if (causes[i].module == module && causes[i].kv == kv)
            return causes[i].why;
    return NULL;
}

uint32_t kb_policy_module(const struct sim_policy_spec *p)
{
    switch (p->gov) {
    case GOV_SCHEDUTIL:
        return PGOV_MOD_SUGOV;
    case GOV_ONDEMAND:
    case GOV_CONSERVATIVE:
        return PGOV_MOD_DBS;
    case GOV_INTEL_PSTATE:
        return p->algo == ALGO_PID    ? PGOV_MOD_PSTATE_PID
               : p->algo == ALGO_ATOM ? PGOV_MOD_PSTATE_ATOM
                                      : PGOV_MOD_PSTATE_LOAD;
    case GOV_HWP:
        return PGOV_MOD_HWP_BOOST;
    default:
        return 0;
    }
}

bool kb_policy_supported(const struct sim_policy_spec *p, uint32_t kv)
{
    uint32_t m = kb_policy_module(p);
    return m && kv && pgov_kver_exactness(m, kv) > PGOV_KVER_UNSUPPORTED;
}

void kb_policy_causes(const struct sim_policy_spec *p, uint32_t kv, kb_sim_key sim, char *buf,
                      size_t n)
{
    const uint32_t mods[4] = {kb_policy_module(p), PGOV_MOD_PELT, PGOV_MOD_UTIL_EST, KB_MOD_SIM};
    size_t k = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < (sim ? 4u : 3u) && k < n; i++)
        if (mods[i] && (mods[i] == KB_MOD_SIM ? kb_is_boundary_fn(sim, kv) : kb_is_boundary(mods[i], kv))) {
            const char *c = kb_cause(mods[i], kv);
            k += (size_t)snprintf(buf + k, n - k, "%s[%s] %s", k ? "; " : "",
                                  kb_module_name(mods[i]), c ? c : "(not named)");
        }
}

bool kb_policy_boundary(const struct sim_policy_spec *p, uint32_t kv, kb_sim_key sim)
{
    char c[8];
    if (!kb_policy_supported(p, kv) || !kb_policy_supported(p, kb_prev(kv)))
        return false;
    kb_policy_causes(p, kv, sim, c, sizeof(c));
    return c[0] != 0;
}
