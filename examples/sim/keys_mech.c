/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Keys of the modelled mechanisms (topo.c, place.c, cpuidle.c, the kernel's
 * bookkeeping cost in signals.c, load balancing in balance.c): platform topology and costs, and the
 * scenario keys of placement and balancing. The per-policy toggles of the
 * idle loop, exec balancing, wake_affine and uclamp are policy keys
 * (examples/model/policy_keys.c: sim_keys_mech_policy).
 */
#include "keys.h"

static const char *const domain_names[] = {"core", "package", NULL};
static const char *const pcc_stall_names[] = {"caller", "smi", NULL};
static const char *const exit_names[] = {"idle", "c0", NULL};
static const char *const site_names[] = {"woken", "enqueuer", NULL};

#define PL struct sim_platform
#define SC struct sim_scenario
#define MS 1000000ull

const struct sim_key sim_keys_mech[] = {
    SIM_KEY_NUM("work_cpus", KEY_SCENARIO, SC, work_cpus, &num_plain, 0, SIM_MAX_CPUS,
                "the workload runs on CPUs 0..N-1 (bound to a node); background on every CPU; 0: all"),
    SIM_KEY_NUM("sched.migration_cost", KEY_SCENARIO, SC, migration_cost_ns, &num_time_ns, 0,
                100 * MS, "sysctl sched_migration_cost: cache-hot window, new-idle balance gate; 0: neither"),
    SIM_KEY_NUM("sched.balance_unit", KEY_SCENARIO, SC, balance_unit_ns, &num_time_ns, 0, 100 * MS,
                "idle CPUs' periodic balance interval per CPU of the domain (1ms); 0: none"),
    SIM_KEY_NUM("sched.wakeup_gran", KEY_SCENARIO, SC, wakeup_gran_ns, &num_time_ns, 0, 100 * MS,
                "sysctl sched_wakeup_granularity_ns before scaling (kernel 1ms); 0: no wake-up preemption"),
    SIM_KEY_NUM("plat.packages", KEY_PLATFORM, PL, packages, &num_plain, 1, 8,
                "sockets (cpus up to packages x cores x smt; turbo bins and package P-states per package)"),
    SIM_KEY_NUM("plat.smt", KEY_PLATFORM, PL, smt, &num_plain, 1, 2,
                "hardware threads per core (cpus counts threads)"),
    SIM_KEY_ENUM("plat.pstate_domain", KEY_PLATFORM, PL, pstate_domain, domain_names, 0,
                 "CPUs sharing a P-state: per core, or the package (clients; servers before Haswell-EP)"),
    SIM_KEY_NUM("plat.pstate_stall", KEY_PLATFORM, PL, pstate_stall_ns, &num_time_ns, 0, 1 * MS,
                "a CPU in C0 halts this long whenever its running frequency changes (undocumented: 0)"),
    SIM_KEY_ENUM("plat.exit_counts", KEY_PLATFORM, PL, exit_counts, exit_names, 0,
                 "a C-state exit in the residency counters: the state left (MPERF waits) or C0"),
    SIM_KEY_NUM("plat.smt_share", KEY_PLATFORM, PL, smt_share_pm, &num_plain, 500, 1000,
                "per mille of a core's throughput each of two busy threads gets"),
    SIM_KEY_NUM("plat.migrate_cost", KEY_PLATFORM, PL, migrate_cost_ns, &num_time_ns, 0, 10 * MS,
                "cache refill after a task moves to another core"),
    SIM_KEY_NUM("plat.ue_cost", KEY_PLATFORM, PL, ue_cost_ns, &num_time_ns, 0, 10 * MS,
                "kernel time per util_est update (enqueue, dequeue)"),
    SIM_KEY_NUM("plat.uclamp_cost", KEY_PLATFORM, PL, uclamp_cost_ns, &num_time_ns, 0, 10 * MS,
                "kernel time per uclamp bucket update (enqueue, dequeue)"),
    SIM_KEY_NUM("plat.uclamp_instr", KEY_PLATFORM, PL, uclamp_instr, &num_plain, 0, 1000000,
                "uclamp instructions per dec+inc pair, kernel's algorithm (bench/run); 0: plat.uclamp_cost"),
    SIM_KEY_NUM("plat.uclamp_lib_instr", KEY_PLATFORM, PL, uclamp_lib_instr, &num_plain, 0, 1000000,
                "the same for libpgov (policy key uclamp_impl=libpgov)"),
    SIM_KEY_ENUM("plat.uclamp_site", KEY_PLATFORM, PL, uclamp_site, site_names, 0,
                 "a wake-up's uclamp cost: on the woken CPU, or the one running the enqueue"),
    SIM_KEY_ENUM("plat.pcc_stall", KEY_PLATFORM, PL, pcc_stall, pcc_stall_names, 0,
                 "a pcc call stops its caller, or as an SMI every busy CPU for its length"),
    SIM_KEY_END,
};
