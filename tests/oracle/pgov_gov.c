/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_governor.ko: libpgov's own schedutil and ondemand as real cpufreq
 * governors, "pgov_schedutil" and "pgov_ondemand" (below), in the oracle
 * guest.
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
#include <linux/sched/topology.h>
#include <linux/percpu.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/jiffies.h>
#include <linux/rcupdate.h>
#include <linux/irq_work.h>
#include <linux/workqueue.h>
#include <linux/mutex.h>
#include <linux/atomic.h>
#include <linux/tick.h>
#include <linux/kernel_stat.h>
#include <linux/version.h>

#include <pgov/pgov.h>
#include <pgov/sugov.h>
#include <pgov/dbs.h>
#include <pgov/hw.h>
#include <pgov/freq_table.h>
#include <pgov/kver.h>
#include "oracle_rec.h"

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov's schedutil and ondemand (6.1 profiles) as the cpufreq governors pgov_schedutil and pgov_ondemand");

/* Private scheduler layout (struct rq, struct cfs_rq), from the image's BTF
 * as for pgov_oracle.ko; the two addresses from the guest's /proc/kallsyms. */
#define OFFSET_PARAM(name) \
    static int name = -1;  \
    module_param(name, int, 0444)
OFFSET_PARAM(rq_cfs);
OFFSET_PARAM(rq_avg_rt);
OFFSET_PARAM(rq_avg_dl);
OFFSET_PARAM(rq_cpu_capacity_orig); /* -1 on 6.8+: the arch capacity */
OFFSET_PARAM(rq_cpu);               /* checks the address when there is no capacity_orig */
OFFSET_PARAM(cfs_rq_avg);
OFFSET_PARAM(sa_util_est);
static unsigned long runqueues; /* per-CPU offset of the kernel's runqueues */
#ifdef ORACLE_UE_U32 /* 6.9+: util_est is one u32 (btf_offsets.sh --cflags) */
#define UE_ENQUEUED 0
#else
#define UE_ENQUEUED offsetof(struct util_est, enqueued)
#endif
module_param(runqueues, ulong, 0444);
static unsigned long idle_calls_fn; /* tick_nohz_get_idle_calls_cpu (not exported) */
module_param(idle_calls_fn, ulong, 0444);

#define PG_MAX_TABLE 32
#define UE_FLAG (1u << 31) /* UTIL_AVG_UNCHANGED of 6.1, never set in a runqueue's sum */
#define LO_HI(lo, hi) ((u64)(u32)(lo) | (u64)(u32)(hi) << 32)
#define AT(base, off, type) READ_ONCE(*(type *)((char *)(base) + (off)))
/* The CPU's original capacity: the rq's copy where the kernel keeps one. */
static unsigned long cpu_cap(char *rq, int cpu)
{
    return rq_cpu_capacity_orig >= 0 ? AT(rq, rq_cpu_capacity_orig, unsigned long)
                                     : arch_scale_cpu_capacity(cpu);
}

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

/* The policy's table as the library's entries; -E2BIG past PG_MAX_TABLE. */
static int pg_table(const struct cpufreq_policy *policy, struct pgov_freq_entry *e, u32 *n)
{
    struct cpufreq_frequency_table *pos;

    *n = 0;
    cpufreq_for_each_entry(pos, policy->freq_table) {
        if (*n == PG_MAX_TABLE)
            return -E2BIG;
        e[*n].khz = pos->frequency == CPUFREQ_ENTRY_INVALID ? PGOV_FREQ_ENTRY_INVALID
                                                            : pos->frequency;
        e[*n].flags = 0;
        (*n)++;
    }
    return 0;
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
    cap = cpu_cap(rq, pp->cpu);
    cfs = AT(rq, rq_cfs + cfs_rq_avg + offsetof(struct sched_avg, util_avg), unsigned long);
    ue = AT(rq, rq_cfs + cfs_rq_avg + sa_util_est + UE_ENQUEUED, unsigned int);
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
    u32 n;
    int e;

    e = pg_table(policy, pp->entries, &n);
    if (e)
        return e;
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

/* ---- pgov_ondemand: the library's dbs instance, split as the kernel's dbs
 * is: the hook only asks pgov_dbs_hook_gate() (lock-free, no counters, no
 * HAL) and queues an irq_work; the irq_work queues a work item on that CPU;
 * the work runs pgov_dbs_work() under the policy's mutex, where the HAL
 * reads the idle counters and asks the driver (which may sleep). */
struct pg_dbs {
    struct update_util_data uu;
    struct cpufreq_policy *policy;
    unsigned int cpu;
    struct pgov_freq_entry entries[PG_MAX_TABLE];
    u32 nentries;
    struct irq_work irq_work;
    struct work_struct work;
    struct mutex lock;   /* the instance's evaluations (pgov_dbs_work) */
    atomic_t queued;     /* one work item at a time */
    u64 hook_time;       /* the time of the hook that queued it */
    struct pgov_dbs *g;
    struct orec r;       /* the record being filled (under lock) */
    u32 reads;           /* read_idle calls in this evaluation */
    u64 seq;
    u16 starts;
    void *mem;
};

static DEFINE_PER_CPU(u16, pg_dbs_starts);

static int pg_read_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct pg_dbs *pd = ctx;
    u64 wall = 0, idle, iowait;

    idle = get_cpu_idle_time_us(cpu, &wall);
    iowait = get_cpu_iowait_time_us(cpu, NULL);
    if (idle == (u64)-1 || iowait == (u64)-1)
        return PGOV_EIO; /* NOHZ idle accounting off: no counters */
    out->wall_us = wall;
    out->idle_us = idle;
    out->iowait_us = iowait;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
    /* the per-CPU stats argument is gone somewhere between 6.12 and 7.3 */
    out->nice_ns = kcpustat_field(CPUTIME_NICE, cpu);
#else
    out->nice_ns = kcpustat_field(&kcpustat_cpu(cpu), CPUTIME_NICE, cpu);
#endif
    pd->r.g[0] = out->wall_us;
    pd->r.g[1] = out->idle_us;
    pd->r.g[2] = out->iowait_us;
    pd->r.g[3] = out->nice_ns;
    pd->reads++;
    return 0;
}

static int pg_set_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct pg_dbs *pd = ctx;
    int e = __cpufreq_driver_target(pd->policy, khz, CPUFREQ_RELATION_L);

    pd->r.flags |= OREC_F_REQ;
    pd->r.x[1] = khz;
    return e ? PGOV_EIO : 0;
}

static const struct pgov_hw_ops pg_dbs_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .read_idle = pg_read_idle,
    .set_freq_khz = pg_set_freq,
};

/* After a start (op 0) or an evaluation (op 1): the instance's state. */
static void pg_dbs_log(struct pg_dbs *pd, u8 op, int e)
{
    struct pgov_dbs_status st;
    struct pgov_dbs_cpu_status cs;
    struct orec *r = &pd->r;

    r->kind = OREC_PGOV_DBS;
    r->cpu = smp_processor_id();
    r->id = (u64)(u16)pd->cpu | (u64)pd->starts << 16 | pd->seq++ << 32;
    r->ret = op;
    r->aux = (u32)e;
    r->x[2] = READ_ONCE(pd->policy->cur);
    r->x[3] = pd->reads;
    if (pd->g && pgov_dbs_get_status(pd->g, &st) == 0 && pgov_dbs_get_cpu(pd->g, 0, &cs) == 0) {
        r->g[4] = LO_HI(st.last.load, st.last.delay_us);
        r->g[5] = LO_HI(st.rate_mult, cs.prev_load);
        r->g[6] = LO_HI(st.cur_khz, st.last.flags);
        r->g[7] = LO_HI(st.policy_min_khz, st.policy_max_khz);
        memcpy(&r->g[8], &st.tun, 8 * sizeof(u32)); /* by pgov_dbs_tunable id */
        r->g[12] = LINUX_VERSION_SUBLEVEL;
    }
    pgov_oracle_push(r);
}

static void pg_dbs_work(struct work_struct *w)
{
    struct pg_dbs *pd = container_of(w, struct pg_dbs, work);
    int e;

    mutex_lock(&pd->lock);
    memset(&pd->r, 0, sizeof(pd->r));
    pd->reads = 0;
    pd->r.x[0] = READ_ONCE(pd->hook_time);
    e = pgov_dbs_work(pd->g, smp_processor_id(), pd->r.x[0]);
    if (e != 0) /* 1: evaluated; an error is logged too (0: no longer due) */
        pg_dbs_log(pd, 1, e < 0 ? e : 0);
    mutex_unlock(&pd->lock);
    atomic_set(&pd->queued, 0);
}

static void pg_dbs_irq_work(struct irq_work *iw)
{
    struct pg_dbs *pd = container_of(iw, struct pg_dbs, irq_work);

    schedule_work_on(smp_processor_id(), &pd->work);
}

/* Under the runqueue lock: the gate only. */
static void pg_dbs_hook(struct update_util_data *data, u64 time, unsigned int flags)
{
    struct pg_dbs *pd = container_of(data, struct pg_dbs, uu);

    if (atomic_read(&pd->queued) ||
        pgov_dbs_hook_gate(pd->g, smp_processor_id(), time) != 1 ||
        atomic_cmpxchg(&pd->queued, 0, 1) != 0)
        return;
    WRITE_ONCE(pd->hook_time, time);
    irq_work_queue(&pd->irq_work);
}

static int pg_dbs_init(struct cpufreq_policy *policy)
{
    struct pg_dbs *pd;
    int e;

    if (cpumask_weight(policy->related_cpus) != 1 || !policy->freq_table)
        return -EINVAL;
    pd = kzalloc(sizeof(*pd), GFP_KERNEL);
    if (!pd)
        return -ENOMEM;
    pd->mem = kzalloc(pgov_dbs_size_cpus(1), GFP_KERNEL); /* kmalloc: 8-byte aligned */
    e = pd->mem ? pg_table(policy, pd->entries, &pd->nentries) : -ENOMEM;
    if (e) {
        kfree(pd->mem);
        kfree(pd);
        return e;
    }
    pd->policy = policy;
    pd->cpu = policy->cpu;
    mutex_init(&pd->lock);
    init_irq_work(&pd->irq_work, pg_dbs_irq_work);
    INIT_WORK(&pd->work, pg_dbs_work);
    policy->governor_data = pd;
    return 0;
}

static void pg_dbs_exit(struct cpufreq_policy *policy)
{
    struct pg_dbs *pd = policy->governor_data;

    kfree(pd->mem);
    kfree(pd);
    policy->governor_data = NULL;
}

static int pg_dbs_start(struct cpufreq_policy *policy)
{
    struct pg_dbs *pd = policy->governor_data;
    struct pgov_dbs_config cfg;
    int e;

    memset(&cfg, 0, sizeof(cfg));
    cfg.size = sizeof(cfg);
    cfg.gov = PGOV_DBS_ONDEMAND;
    cfg.kver = PGOV_KVER_6_1;
    cfg.kver_stable = LINUX_VERSION_SUBLEVEL; /* the headers' 6.1.z: the image's */
    cfg.cpu = pd->cpu;
    cfg.table = pd->entries;
    cfg.table_len = pd->nentries;
    cfg.policy_min_khz = policy->min;
    cfg.policy_max_khz = policy->max;
    cfg.cur_khz = policy->cur;
    cfg.plat.hz = HZ;
    /* ondemand's rate as the kernel sets it: the driver's transition delay */
    cfg.tun_set = 1u << PGOV_DBS_SAMPLING_RATE;
    cfg.tun.sampling_rate = cpufreq_policy_transition_delay_us(policy);
    mutex_lock(&pd->lock);
    memset(&pd->r, 0, sizeof(pd->r));
    pd->reads = 0;
    pd->seq = 0;
    pd->starts = ++per_cpu(pg_dbs_starts, pd->cpu);
    pd->g = NULL;
    e = pgov_dbs_init(pd->mem, pgov_dbs_size_cpus(1), &cfg, &pg_dbs_ops, pd, &pd->g);
    if (e)
        pd->g = NULL;
    pg_dbs_log(pd, 0, e);
    mutex_unlock(&pd->lock);
    if (e) {
        pr_err("pgov_governor: pgov_ondemand on policy %u: init %d\n", pd->cpu, e);
        return -EINVAL;
    }
    atomic_set(&pd->queued, 0);
    cpufreq_add_update_util_hook(pd->cpu, &pd->uu, pg_dbs_hook);
    return 0;
}

static void pg_dbs_stop(struct cpufreq_policy *policy)
{
    struct pg_dbs *pd = policy->governor_data;

    cpufreq_remove_update_util_hook(pd->cpu);
    synchronize_rcu();
    irq_work_sync(&pd->irq_work);
    cancel_work_sync(&pd->work);
}

static void pg_dbs_limits(struct cpufreq_policy *policy)
{
    struct pg_dbs *pd = policy->governor_data;
    struct pgov_dbs_limits lim = { policy->min, policy->max };
    int e;

    mutex_lock(&pd->lock);
    if (pd->g) {
        memset(&pd->r, 0, sizeof(pd->r));
        pd->reads = 0;
        e = pgov_dbs_set_limits(pd->g, &lim);
        pg_dbs_log(pd, 2, e);
    }
    mutex_unlock(&pd->lock);
}

static struct cpufreq_governor pgov_ondemand_gov = {
    .name = "pgov_ondemand",
    .owner = THIS_MODULE,
    .flags = CPUFREQ_GOV_DYNAMIC_SWITCHING,
    .init = pg_dbs_init,
    .exit = pg_dbs_exit,
    .start = pg_dbs_start,
    .stop = pg_dbs_stop,
    .limits = pg_dbs_limits,
};

static int __init pg_mod_init(void)
{
    char sym[KSYM_SYMBOL_LEN];
    int cpu, err;

    if (rq_cfs < 0 || rq_avg_rt < 0 || rq_avg_dl < 0 ||
        (rq_cpu_capacity_orig < 0 && rq_cpu < 0) || cfs_rq_avg < 0 || !runqueues) {
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
        char *rq = per_cpu_ptr((char __percpu *)runqueues, cpu);
        unsigned long cap = cpu_cap(rq, cpu);
        if (rq_cpu_capacity_orig < 0 && AT(rq, rq_cpu, int) != cpu)
            cap = 0; /* the rq's own cpu number must be this CPU's */
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
    pr_info("pgov_governor: pgov_schedutil, pgov_ondemand (libpgov %s, kver 6.1 profiles), hold"
            " rule %s\n", pgov_version_string(), idle_calls ? "from the idle-calls counter" : "off");
    err = cpufreq_register_governor(&pgov_schedutil_gov);
    if (err)
        return err;
    err = cpufreq_register_governor(&pgov_ondemand_gov);
    if (err)
        cpufreq_unregister_governor(&pgov_schedutil_gov);
    return err;
}

static void __exit pg_mod_exit(void)
{
    cpufreq_unregister_governor(&pgov_ondemand_gov);
    cpufreq_unregister_governor(&pgov_schedutil_gov);
}

module_init(pg_mod_init);
module_exit(pg_mod_exit);
