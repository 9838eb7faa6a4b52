/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_governor.ko: libpgov's own schedutil as a real cpufreq governor,
 * "pgov_schedutil", in the oracle guest.
 *
 * The governor is the library's decision function for the 6.1 profile
 * (pgov_sugov_decide_in, PGOV_KVER_6_1, non-invariant: qemu has no
 * APERF/MPERF), called from the scheduler's update_util hook
 * (cpufreq_add_update_util_hook): under the runqueue lock, interrupts off,
 * on whatever stack the scheduler is on. Its inputs are the kernel's own:
 * the time and flags the hook passes, the runqueue's utilisation and
 * capacity read through the BTF offsets the capture module uses, the
 * CPU's idle-calls counter for the "hold" rule, policy->cur/min/max. A
 * commit goes straight to the driver's fast path (cpufreq_driver_fast_switch)
 * from the hook, as schedutil does with fast switching on.
 *
 * Every hook call is logged, with its inputs, the instance state before and
 * after and the result, into the capture module's rings
 * (pgov_oracle_push): oracle_replay then replays the inputs open loop
 * through the same public API on the host and compares every field.
 *
 * This module and lib/ are BSD-2-Clause, declared "Dual BSD/GPL" to the
 * kernel for the GPL-only cpufreq symbols.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/cpufreq.h>
#include <linux/sched/cpufreq.h>
#include <linux/sched.h>
#include <linux/percpu.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/jiffies.h>
#include <linux/rcupdate.h>

#include <pgov/pgov.h>
#include <pgov/sugov.h>
#include <pgov/freq_table.h>
#include <pgov/kver.h>
#include "oracle_rec.h"

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov's schedutil (6.1 profile) as the cpufreq governor pgov_schedutil");

/* Private scheduler layout (struct rq, struct cfs_rq), from the image's BTF
 * as for pgov_oracle.ko; the two addresses from the guest's /proc/kallsyms. */
#define OFFSET_PARAM(name) \
    static int name = -1;  \
    module_param(name, int, 0444)
OFFSET_PARAM(rq_cfs);
OFFSET_PARAM(rq_avg_rt);
OFFSET_PARAM(rq_avg_dl);
OFFSET_PARAM(rq_cpu_capacity_orig);
OFFSET_PARAM(cfs_rq_avg);
OFFSET_PARAM(sa_util_est);
static unsigned long runqueues; /* per-CPU offset of the kernel's runqueues */
module_param(runqueues, ulong, 0444);
static unsigned long idle_calls_fn; /* tick_nohz_get_idle_calls_cpu (not exported) */
module_param(idle_calls_fn, ulong, 0444);

#define PG_MAX_TABLE 32
#define UE_FLAG (1u << 31) /* UTIL_AVG_UNCHANGED of 6.1, never set in a runqueue's sum */
#define LO_HI(lo, hi) ((u64)(u32)(lo) | (u64)(u32)(hi) << 32)
#define AT(base, off, type) READ_ONCE(*(type *)((char *)(base) + (off)))

static unsigned long (*idle_calls)(int cpu);

/* One policy = one CPU (the 6.1 profile models single-CPU policies). The
 * hook of that CPU's runqueue runs under its lock, locally or from a remote
 * wakeup, so everything below the hook is serialised by it. */
struct pg_policy {
    struct update_util_data uu;
    struct cpufreq_policy *policy;
    unsigned int cpu;
    struct pgov_freq_entry entries[PG_MAX_TABLE];
    struct pgov_freq_table table;
    u64 rate_limit_ns;
    struct pgov_sugov_state st;
    unsigned long saved_idle_calls;
    u64 seq;     /* hook calls since the start: the host chains on it */
    u16 starts;  /* governor starts of this CPU's policy, this one included */
    bool limits_changed;
};

/* Starts per CPU, kept across a policy's exit (hotplug, governor switch). */
static DEFINE_PER_CPU(u16, pg_starts);

static void state_rec(u64 *g, const struct pgov_sugov_state *s, u32 hi)
{
    g[0] = s->last_update_ns;
    g[1] = s->last_freq_update_ns;
    g[2] = LO_HI(s->next_freq, s->cached_raw_freq);
    g[3] = LO_HI(s->iowait_boost | s->pending << 16 | s->need_update << 17, hi);
}

static void pg_hook(struct update_util_data *data, u64 time, unsigned int flags)
{
    struct pg_policy *pp = container_of(data, struct pg_policy, uu);
    struct cpufreq_policy *policy = pp->policy;
    struct pgov_sugov_params prm;
    struct pgov_sugov_input in;
    struct pgov_sugov_result res;
    unsigned long calls, cap, cfs, rt, dl, util;
    struct orec r;
    char *rq;
    u32 ue;
    int e;

    rq = per_cpu_ptr((char __percpu *)runqueues, pp->cpu);
    cap = AT(rq, rq_cpu_capacity_orig, unsigned long);
    cfs = AT(rq, rq_cfs + cfs_rq_avg + offsetof(struct sched_avg, util_avg), unsigned long);
    ue = AT(rq, rq_cfs + cfs_rq_avg + sa_util_est + offsetof(struct util_est, enqueued), unsigned int);
    rt = AT(rq, rq_avg_rt + offsetof(struct sched_avg, util_avg), unsigned long);
    dl = AT(rq, rq_avg_dl + offsetof(struct sched_avg, util_avg), unsigned long);
    /* CFS: max(util_avg, util_est) within the capacity; then rt on top, and
     * the capacity when rt + dl would reach it (no irq time in this kernel;
     * the deadline bandwidth and "rt runnable" terms are not read). */
    util = min_t(unsigned long, max_t(unsigned long, cfs, ue & ~UE_FLAG), cap) + rt;
    if (util + dl >= cap)
        util = cap;
    calls = idle_calls ? idle_calls(pp->cpu) : 0;

    memset(&r, 0, sizeof(r));
    r.kind = OREC_PGOV_SUGOV;
    r.cpu = smp_processor_id();
    r.id = (u64)(u16)pp->cpu | (u64)pp->starts << 16 | pp->seq++ << 32;
    if (READ_ONCE(pp->limits_changed)) { /* .limits ran: evaluate, bypass the cache */
        WRITE_ONCE(pp->limits_changed, false);
        pp->st.need_update = 1;
        r.flags |= OREC_F_LIMITS;
    }

    memset(&prm, 0, sizeof(prm));
    prm.rate_limit_ns = pp->rate_limit_ns;
    prm.tick_ns = TICK_NSEC;
    prm.max_cap = cap;
    prm.max_freq_khz = policy->cpuinfo.max_freq;
    prm.min_khz = READ_ONCE(policy->min);
    prm.max_khz = READ_ONCE(policy->max);
    prm.options = PGOV_SUGOV_OPT_NONINVARIANT;
    prm.kver = PGOV_KVER_6_1;
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.flags = (flags & SCHED_CPUFREQ_IOWAIT ? PGOV_UPDATE_IOWAIT : 0) |
               (cpumask_test_cpu(r.cpu, policy->cpus) ? 0 : PGOV_UPDATE_REMOTE);
    in.util = util;
    in.uclamp_max = 1024;
    in.held = idle_calls && calls == pp->saved_idle_calls;
    in.cur_khz = READ_ONCE(policy->cur);
    in.table = &pp->table;

    r.x[0] = time;
    r.x[1] = flags;
    r.x[2] = util;
    r.g[0] = LO_HI(cfs, ue);
    r.g[1] = LO_HI(rt, dl);
    r.g[2] = LO_HI(cap, in.held);
    r.g[3] = LO_HI(in.cur_khz, div_u64(prm.rate_limit_ns, 1000));
    r.g[4] = LO_HI(prm.min_khz, prm.max_khz);
    state_rec(&r.g[5], &pp->st, (u32)prm.tick_ns);

    memset(&res, 0, sizeof(res));
    e = pgov_sugov_decide_in(&prm, &pp->st, time, &in, &res);
    if (e == 0 && res.path != PGOV_SUGOV_PATH_RATE_LIMITED)
        pp->saved_idle_calls = calls; /* "hold" compares with the last evaluation */
    if (e == 0 && res.path == PGOV_SUGOV_PATH_COMMIT) {
        r.x[3] = cpufreq_driver_fast_switch(policy, res.next_f);
        r.flags |= OREC_F_REQ;
    }
    r.ret = (u8)(s8)e;
    r.aux = res.path;
    state_rec(&r.g[9], &pp->st, prm.max_freq_khz);
    r.g[13] = LO_HI(res.next_f, res.util_eff);
    r.g[14] = res.raw_freq;
    r.g[15] = LO_HI(res.boost_req | res.pending_req << 16, res.boost_util);
    pgov_oracle_push(&r);
}

static int pg_init(struct cpufreq_policy *policy)
{
    struct pg_policy *pp;

    if (cpumask_weight(policy->related_cpus) != 1 || !policy->freq_table)
        return -EINVAL; /* single-CPU policies with a table only */
    pp = kzalloc(sizeof(*pp), GFP_KERNEL);
    if (!pp)
        return -ENOMEM;
    pp->policy = policy;
    pp->cpu = policy->cpu;
    policy->governor_data = pp;
    return 0;
}

static void pg_exit(struct cpufreq_policy *policy)
{
    kfree(policy->governor_data);
    policy->governor_data = NULL;
}

static int pg_start(struct cpufreq_policy *policy)
{
    struct pg_policy *pp = policy->governor_data;
    struct cpufreq_frequency_table *pos;
    u32 n = 0;
    int e;

    cpufreq_for_each_entry(pos, policy->freq_table) {
        if (n == PG_MAX_TABLE)
            return -E2BIG;
        pp->entries[n].khz = pos->frequency == CPUFREQ_ENTRY_INVALID ? PGOV_FREQ_ENTRY_INVALID
                                                                     : pos->frequency;
        pp->entries[n].flags = 0;
        n++;
    }
    e = pgov_freq_table_init(&pp->table, pp->entries, n, 0);
    if (e) {
        pr_err("pgov_governor: policy %u: table refused (%d)\n", policy->cpu, e);
        return -EINVAL;
    }
    /* schedutil's default: the driver's transition delay */
    pp->rate_limit_ns = (u64)cpufreq_policy_transition_delay_us(policy) * NSEC_PER_USEC;
    memset(&pp->st, 0, sizeof(pp->st)); /* zero: the state sugov_start leaves */
    pp->seq = 0;
    pp->starts = ++per_cpu(pg_starts, pp->cpu);
    pp->limits_changed = false;
    pp->saved_idle_calls = idle_calls ? idle_calls(pp->cpu) : 0;
    cpufreq_add_update_util_hook(pp->cpu, &pp->uu, pg_hook);
    return 0;
}

static void pg_stop(struct cpufreq_policy *policy)
{
    struct pg_policy *pp = policy->governor_data;

    cpufreq_remove_update_util_hook(pp->cpu);
    synchronize_rcu(); /* no hook still running on pp */
}

static void pg_limits(struct cpufreq_policy *policy)
{
    struct pg_policy *pp = policy->governor_data;

    WRITE_ONCE(pp->limits_changed, true);
}

static struct cpufreq_governor pgov_schedutil_gov = {
    .name = "pgov_schedutil",
    .owner = THIS_MODULE,
    .flags = CPUFREQ_GOV_DYNAMIC_SWITCHING,
    .init = pg_init,
    .exit = pg_exit,
    .start = pg_start,
    .stop = pg_stop,
    .limits = pg_limits,
};

static int __init pg_mod_init(void)
{
    char sym[KSYM_SYMBOL_LEN];
    int cpu;

    if (rq_cfs < 0 || rq_avg_rt < 0 || rq_avg_dl < 0 || rq_cpu_capacity_orig < 0 ||
        cfs_rq_avg < 0 || !runqueues) {
        pr_err("pgov_governor: runqueue layout or address missing\n");
        return -EINVAL;
    }
    if (sa_util_est != (int)offsetof(struct sched_avg, util_est)) {
        pr_err("pgov_governor: BTF and headers disagree on sched_avg.util_est\n");
        return -EINVAL;
    }
    /* A wrong address must refuse to load, not read garbage: every CPU's
     * capacity is a capacity, and the function is the one named. */
    for_each_possible_cpu(cpu) {
        unsigned long cap = AT(per_cpu_ptr((char __percpu *)runqueues, cpu), rq_cpu_capacity_orig,
                               unsigned long);
        if (cap == 0 || cap > SCHED_CAPACITY_SCALE) {
            pr_err("pgov_governor: cpu %d: capacity %lu: not a runqueue\n", cpu, cap);
            return -EINVAL;
        }
    }
    if (idle_calls_fn) {
        sprint_symbol(sym, idle_calls_fn);
        if (strncmp(sym, "tick_nohz_get_idle_calls_cpu+0x0/", 33)) {
            pr_err("pgov_governor: idle_calls_fn is %s\n", sym);
            return -EINVAL;
        }
        idle_calls = (void *)idle_calls_fn;
    }
    pr_info("pgov_governor: pgov_schedutil (libpgov %s, kver 6.1 profile), hold rule %s\n",
            pgov_version_string(), idle_calls ? "from the idle-calls counter" : "off");
    return cpufreq_register_governor(&pgov_schedutil_gov);
}

static void __exit pg_mod_exit(void)
{
    cpufreq_unregister_governor(&pgov_schedutil_gov);
}

module_init(pg_mod_init);
module_exit(pg_mod_exit);
