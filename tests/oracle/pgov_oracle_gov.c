/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_oracle.ko, governor part: a dummy cpufreq driver whose policies
 * ondemand, conservative and schedutil decide for, and kretprobes on their
 * evaluations that record the governor state at entry and return (the
 * records of kind OREC_DBS and OREC_SUGOV). The private struct offsets come
 * from the image's BTF as module parameters, as in pgov_oracle_core.c.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/percpu.h>
#include <linux/cpufreq.h>
#include <linux/sched/topology.h>
#include "pgov_oracle.h"

#define OFFSET_PARAM(name) \
    static int name = -1;  \
    module_param(name, int, 0444)
/* Governor state (drivers/cpufreq/cpufreq_governor.h, kernel/sched/cpufreq_schedutil.c). */
OFFSET_PARAM(cdbs_update_util);  /* struct cpu_dbs_info */
OFFSET_PARAM(cdbs_prev_load);
OFFSET_PARAM(pdbs_dbs_data);     /* struct policy_dbs_info */
OFFSET_PARAM(pdbs_rate_mult);
OFFSET_PARAM(pdbs_idle_periods);
OFFSET_PARAM(dbs_data_tuners);   /* struct dbs_data */
OFFSET_PARAM(dbs_data_ignore_nice_load);
OFFSET_PARAM(cs_down_skip);      /* struct cs_policy_dbs_info (conservative module) */
OFFSET_PARAM(sg_cpu_iowait_boost_pending); /* struct sugov_cpu */
OFFSET_PARAM(sg_cpu_iowait_boost);
OFFSET_PARAM(sg_cpu_last_update);
OFFSET_PARAM(sg_cpu_util);
OFFSET_PARAM(sg_cpu_max);          /* -1 on 6.8+: the arch capacity */
OFFSET_PARAM(sg_cpu_saved_idle_calls);
OFFSET_PARAM(sg_cpu_sg_policy);
OFFSET_PARAM(sg_cpu_bw_dl);        /* 6.8+: bw_min, the floor at the last evaluation */
OFFSET_PARAM(sg_pol_last_freq_update_time); /* struct sugov_policy */
OFFSET_PARAM(sg_pol_freq_update_delay_ns);
OFFSET_PARAM(sg_pol_next_freq);
OFFSET_PARAM(sg_pol_limits_changed);

/* ---- governors: a dummy cpufreq driver and the decisions made for it ---- */

/* kHz; the frequencies only need to be distinct and sorted. */
static struct cpufreq_frequency_table dummy_table[] = {
    { .frequency = 800000 }, { .frequency = 1200000 }, { .frequency = 1600000 },
    { .frequency = 2000000 }, { .frequency = 2400000 }, { .frequency = CPUFREQ_TABLE_END },
};

/* Per CPU: the governor structs seen in the hooks, and what happened inside
 * the probed call (the driver request, effective_cpu_util's result). */
struct gov_track {
    void *cdbs;        /* struct cpu_dbs_info of this CPU (from its update hook) */
    u32 load;          /* dbs_update's return */
    bool req;
    u32 req_khz;
    bool util_seen;
    unsigned long util;
    unsigned long util_min, util_max; /* ORACLE_SUGOV_BW_MIN: *min, *max at return */
};
static DEFINE_PER_CPU(struct gov_track, gov_track);

/* The dummy driver's request (dummy_cpufreq.h): recorded for the probed call. */
static void dummy_request(unsigned int khz)
{
    struct gov_track *t = this_cpu_ptr(&gov_track);
    t->req = true;
    t->req_khz = khz;
}

#define DUMMY_NAME "pgov-dummy"
#define DUMMY_DELAY_US 10000 /* ondemand/conservative sample, schedutil rate limit */
#include "dummy_cpufreq.h" /* examples/kmod: run.sh links it here */
static bool driver_registered;

#define U32AT(b, o) AT(b, o, unsigned int)
#define LO_HI(lo, hi) ((u64)(u32)(lo) | (u64)(u32)(hi) << 32)

/* dbs_update_util_handler(data, ...): data is &cdbs->update_util. The
 * scheduler also calls the hook of another CPU's runqueue (a remote wakeup);
 * only this CPU's own policy may become the CPU's tracked cdbs, or the next
 * local evaluation would be dropped as "another policy". */
static int pre_dbs_hook(struct kprobe *kp, struct pt_regs *regs)
{
    char *cdbs = (char *)regs_get_kernel_argument(regs, 0) - cdbs_update_util;
    void *pdbs = AT(cdbs, cdbs_update_util + 8, void *);
    struct cpufreq_policy *policy = pdbs ? AT(pdbs, 0, struct cpufreq_policy *) : NULL;

    if (policy && cpumask_test_cpu(smp_processor_id(), policy->cpus))
        this_cpu_ptr(&gov_track)->cdbs = cdbs;
    return 0;
}
static int ret_dbs_load(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    this_cpu_ptr(&gov_track)->load = (u32)regs_return_value(regs);
    return 0;
}

struct gpending {
    struct orec r;
    void *a, *b; /* DBS: cdbs, policy_dbs; SUGOV: sg_cpu, sg_policy */
    struct cpufreq_policy *policy;
};

static void dbs_snap(struct gpending *p, int at)
{
    void *cdbs = p->a, *pdbs = p->b;
    u64 *g = p->r.g;

    g[at + 0] = AT(cdbs, 0, u64);  /* prev_cpu_idle, prev_update_time, prev_cpu_nice: */
    g[at + 1] = AT(cdbs, 8, u64);  /* the first three members (checked at load) */
    g[at + 2] = AT(cdbs, 16, u64);
    g[at + 3] = U32AT(cdbs, cdbs_prev_load);
    g[8 + at / 4] = LO_HI(U32AT(pdbs, pdbs_rate_mult), U32AT(pdbs, pdbs_idle_periods));
    if (p->r.ret == 1)
        g[14 + at / 4] = LO_HI(U32AT(pdbs, cs_down_skip + 4), U32AT(pdbs, cs_down_skip));
}

/* The tunables in force (g[10..13] of the record). */
static void dbs_tunables(void *pdbs, struct cpufreq_policy *policy, u8 gov, u64 *g)
{
    void *dd = AT(pdbs, pdbs_dbs_data, void *), *tun = AT(dd, dbs_data_tuners, void *);

    g[0] = LO_HI(U32AT(dd, dbs_data_ignore_nice_load + 4), U32AT(dd, dbs_data_ignore_nice_load + 12));
    g[1] = LO_HI(U32AT(dd, dbs_data_ignore_nice_load + 8), U32AT(dd, dbs_data_ignore_nice_load));
    g[2] = LO_HI(U32AT(dd, dbs_data_ignore_nice_load + 16), U32AT(tun, 0));
    g[3] = LO_HI(gov == 1 ? U32AT(tun, 4) : 0, policy->min);
}

static int ent_dbs(struct kretprobe_instance *ri, struct pt_regs *regs, u8 gov)
{
    struct gpending *p = (void *)ri->data;
    struct cpufreq_policy *policy = (void *)regs_get_kernel_argument(regs, 0);
    struct gov_track *t = this_cpu_ptr(&gov_track);
    void *pdbs = policy->governor_data;

    memset(&p->r, 0, sizeof(p->r));
    p->policy = NULL;
    if (!t->cdbs || AT(t->cdbs, cdbs_update_util + 8, void *) != pdbs)
        return 1; /* this CPU's hook not seen yet, or another policy: skip */
    p->a = t->cdbs;
    p->b = pdbs;
    p->policy = policy;
    p->r.kind = OREC_DBS;
    p->r.cpu = smp_processor_id();
    p->r.ret = gov;
    p->r.id = policy->cpu;
    p->r.x[1] = policy->cur;
    dbs_tunables(pdbs, policy, gov, &p->r.g[10]);
    if (gov == 0)
        p->r.g[14] = policy->max;
    dbs_snap(p, 0);
    t->req = false;
    t->load = ~0u;
    return 0;
}
static int ent_od(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent_dbs(ri, regs, 0);
}
static int ent_cs(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent_dbs(ri, regs, 1);
}
static int ret_dbs(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct gpending *p = (void *)ri->data;
    struct gov_track *t = this_cpu_ptr(&gov_track);

    u64 tun[4];

    p->r.aux = (u32)regs_return_value(regs);
    p->r.x[0] = t->load;
    /* A sysfs store does not wait for a running evaluation. */
    dbs_tunables(p->b, p->policy, p->r.ret, tun);
    if (memcmp(tun, &p->r.g[10], sizeof(tun)))
        p->r.flags |= OREC_F_TUNED;
    p->r.x[2] = p->policy->cur;
    if (t->req) {
        p->r.flags |= OREC_F_REQ;
        p->r.x[3] = t->req_khz;
    }
    dbs_snap(p, 4);
    pgov_oracle_push(&p->r);
    return 0;
}

static void sugov_snap(struct gpending *p, int at)
{
    void *c = p->a, *sp = p->b;
    u64 *g = p->r.g;
    int gi = at ? 11 : 8;

    g[at + 0] = LO_HI(U32AT(c, sg_cpu_iowait_boost), AT(c, sg_cpu_iowait_boost_pending, bool));
    g[at + 1] = AT(c, sg_cpu_last_update, u64);
    g[at + 2] = AT(c, sg_cpu_saved_idle_calls, unsigned long);
    g[gi] = AT(sp, sg_pol_last_freq_update_time, u64);
    g[gi + 1] = LO_HI(U32AT(sp, sg_pol_next_freq), U32AT(sp, sg_pol_next_freq + 4));
    g[gi + 2] = LO_HI(AT(sp, sg_pol_limits_changed, bool) |
                      (u32)AT(sp, sg_pol_limits_changed + 1, bool) << 8,
                      (u64)AT(sp, sg_pol_freq_update_delay_ns, s64) / 1000);
}

/* cpu_bw_dl(): the rq's running deadline bandwidth (BW_SHIFT 20 fixed
 * point) in capacity units, as schedutil reads it. */
static u32 sugov_cpu_bw_dl(unsigned int cpu)
{
    void *rq = cpu < NR_CPUS ? READ_ONCE(rq_of_cpu[cpu]) : NULL;

    if (!rq)
        return OREC_BW_UNKNOWN;
    return (u32)((AT(rq, rq_dl_running_bw, u64) * SCHED_CAPACITY_SCALE) >> 20);
}

/* uclamp_rq_is_capped() (docs/spec/sched.md 3.6: rq max below 1024 and the
 * cfs + rt utilisation at or above it): schedutil then lowers the frequency
 * of a busy CPU too. Read at the callback's entry, under the rq lock. */
static bool sugov_capped(unsigned int cpu)
{
    void *rq = cpu < NR_CPUS ? READ_ONCE(rq_of_cpu[cpu]) : NULL;
    unsigned long cfs, rt, max;

    if (!rq || rq_uclamp < 0)
        return false;
    max = AT(rq, rq_uclamp + 48, unsigned int); /* uclamp[UCLAMP_MAX].value (48: struct uclamp_rq) */
    if (max >= SCHED_CAPACITY_SCALE)
        return false;
    cfs = AT(rq, rq_cfs + cfs_rq_avg + offsetof(struct sched_avg, util_avg), unsigned long);
    cfs = min(max(cfs, (unsigned long)rq_ue(rq)), arch_scale_cpu_capacity(cpu));
    rt = AT(rq, rq_avg_rt + offsetof(struct sched_avg, util_avg), unsigned long);
    return cfs + rt >= max;
}

static int ent_sugov(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct gpending *p = (void *)ri->data;
    void *c = (void *)regs_get_kernel_argument(regs, 0); /* &sg_cpu->update_util, first member */
    struct gov_track *t = this_cpu_ptr(&gov_track);

    memset(&p->r, 0, sizeof(p->r));
    p->a = c;
    p->b = AT(c, sg_cpu_sg_policy, void *);
    p->policy = AT(p->b, 0, struct cpufreq_policy *);
    p->r.kind = OREC_SUGOV;
    p->r.cpu = smp_processor_id();
    p->r.id = p->policy->cpu;
    p->r.x[0] = regs_get_kernel_argument(regs, 1);
    p->r.x[1] = (u32)regs_get_kernel_argument(regs, 2) |
                (u64)AT(c, sg_cpu_bw_dl, unsigned long) << 32;
    p->r.aux = sugov_cpu_bw_dl(p->policy->cpu);
    if (sugov_capped(p->policy->cpu))
        p->r.flags |= OREC_F_CAPPED;
    p->r.g[14] = p->policy->cur;
    p->r.g[15] = LO_HI(p->policy->min, p->policy->max);
    sugov_snap(p, 0);
    t->req = false;
    t->util_seen = false;
    return 0;
}
static int ret_sugov(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct gpending *p = (void *)ri->data;
    struct gov_track *t = this_cpu_ptr(&gov_track);

    sugov_snap(p, 3);
    p->r.g[6] = AT(p->a, sg_cpu_util, unsigned long);
    p->r.g[7] = sg_cpu_max >= 0 ? AT(p->a, sg_cpu_max, unsigned long)
                                : arch_scale_cpu_capacity(p->policy->cpu);
    p->r.g[14] |= (u64)p->policy->cur << 32;
    if (t->util_seen) {
        p->r.flags |= OREC_F_UTIL;
        p->r.x[2] = t->util;
#ifdef ORACLE_SUGOV_BW_MIN
        /* the floor and the ceiling effective_cpu_util gave sugov_get_util */
        p->r.x[2] |= (u64)t->util_min << 32;
        p->r.g[6] = LO_HI(p->r.g[6], t->util_max);
#endif
    }
    if (t->req) {
        p->r.flags |= OREC_F_REQ;
        p->r.x[3] = t->req_khz;
    }
    p->r.x[3] |= (u64)AT(p->a, sg_cpu_bw_dl, unsigned long) << 32;
    pgov_oracle_push(&p->r);
    return 0;
}
#ifdef ORACLE_SUGOV_BW_MIN
static int ent_eff_util(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    unsigned long **mm = (void *)ri->data;

    mm[0] = (unsigned long *)regs_get_kernel_argument(regs, 2);
    mm[1] = (unsigned long *)regs_get_kernel_argument(regs, 3);
    return 0;
}
#else
#define ent_eff_util NULL
#endif
static int ret_eff_util(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct gov_track *t = this_cpu_ptr(&gov_track);
    t->util = regs_return_value(regs);
#ifdef ORACLE_SUGOV_BW_MIN
    {
        unsigned long **mm = (void *)ri->data;
        t->util_min = mm[0] ? *mm[0] : 0;
        t->util_max = mm[1] ? *mm[1] : 0;
    }
#endif
    t->util_seen = true;
    return 0;
}

static struct kprobe dbs_hook_probe = { .symbol_name = "dbs_update_util_handler", .pre_handler = pre_dbs_hook };
#define GPROBE(sym, ent, ret) \
    { .kp.symbol_name = sym, .entry_handler = ent, .handler = ret, \
      .data_size = sizeof(struct gpending), .maxactive = 64 }
static struct kretprobe gov_probes[] = {
    GPROBE("dbs_update", NULL, ret_dbs_load),
    GPROBE("od_dbs_update", ent_od, ret_dbs),
    GPROBE("cs_dbs_update", ent_cs, ret_dbs),
    GPROBE("sugov_update_single_freq", ent_sugov, ret_sugov),
    GPROBE("effective_cpu_util", ent_eff_util, ret_eff_util),
};
static bool gov_registered[ARRAY_SIZE(gov_probes)], hook_registered;

int oracle_gov_check_layout(void)
{
#define NEED(x) if ((x) < 0) { pr_err("pgov_oracle: parameter " #x " missing\n"); return -EINVAL; }
    NEED(cdbs_update_util) NEED(cdbs_prev_load) NEED(pdbs_dbs_data) NEED(pdbs_rate_mult)
    NEED(pdbs_idle_periods) NEED(dbs_data_tuners) NEED(dbs_data_ignore_nice_load)
    NEED(cs_down_skip) NEED(sg_cpu_iowait_boost_pending) NEED(sg_cpu_iowait_boost)
    NEED(sg_cpu_last_update) NEED(sg_cpu_util) NEED(sg_cpu_saved_idle_calls)
    NEED(sg_cpu_sg_policy) NEED(sg_cpu_bw_dl) NEED(sg_pol_last_freq_update_time) NEED(sg_pol_freq_update_delay_ns)
    NEED(sg_pol_next_freq) NEED(sg_pol_limits_changed)
    return 0;
#undef NEED
}

int oracle_gov_register(void)
{
    size_t i;
    int err;

    /* The governor modules are loaded before us: their symbols must exist. */
    err = register_kprobe(&dbs_hook_probe);
    if (err) {
        pr_err("pgov_oracle: kprobe %s: %d\n", dbs_hook_probe.symbol_name, err);
        return err;
    }
    hook_registered = true;
    for (i = 0; i < ARRAY_SIZE(gov_probes); i++) {
        err = register_kretprobe(&gov_probes[i]);
        if (err) {
            pr_err("pgov_oracle: kretprobe %s: %d\n", gov_probes[i].kp.symbol_name, err);
            return err;
        }
        gov_registered[i] = true;
    }
    err = cpufreq_register_driver(&dummy_driver);
    if (err) {
        pr_err("pgov_oracle: cpufreq driver: %d\n", err);
        return err;
    }
    driver_registered = true;
    return 0;
}

void oracle_gov_unregister(void)
{
    size_t i;

    for (i = 0; i < ARRAY_SIZE(gov_probes); i++)
        if (gov_registered[i])
            unregister_kretprobe(&gov_probes[i]);
    if (hook_registered)
        unregister_kprobe(&dbs_hook_probe);
    if (driver_registered)
        cpufreq_unregister_driver(&dummy_driver);
}

void oracle_gov_missed(u64 *missed, u64 *recursed)
{
    size_t i;

    for (i = 0; i < ARRAY_SIZE(gov_probes); i++)
        *missed += gov_probes[i].nmissed, *recursed += gov_probes[i].kp.nmissed;
}
