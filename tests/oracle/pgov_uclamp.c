/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_uclamp.ko: capture every uclamp_rq_inc/uclamp_rq_dec of the running
 * kernel (CONFIG_UCLAMP_TASK) through pgov_oracle.ko's stream.
 *
 * Both are inlined into enqueue_task() and dequeue_task(), which do nothing
 * else to the clamp state: a kretprobe on each copies the runqueue's whole
 * clamp state (value, flags, every bucket of both ids), the task's counted
 * clamps and its request, and every input of the effective value (the task
 * group's effective clamps, the system defaults, the RT default, whether the
 * class aggregates clamps, whether uclamp is in use at all) at entry, and the
 * rq's and task's state again at return, with the inputs read again to flag
 * a limit that moved meanwhile (oracle_rec.h, OREC_UCLAMP).
 *
 * struct rq, struct task_group and struct sched_class are private: their
 * members' offsets and the static variables' addresses come as parameters
 * (btf_offsets.sh --uclamp, /proc/kallsyms), as for pgov_oracle.ko.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/sched/prio.h>
#include "oracle_rec.h"

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov oracle: capture uclamp runqueue increments and decrements");

#define OFF(name) static int name = -1; module_param(name, int, 0444)
OFF(rq_uclamp);         /* struct rq: uclamp[UCLAMP_CNT] (struct uclamp_rq, 48 bytes) */
OFF(rq_uclamp_flags);   /* struct rq: uclamp_flags */
OFF(tg_uclamp);         /* struct task_group: uclamp[] (effective) */
OFF(tg_autogroup);      /* struct task_group: autogroup */
OFF(tg_parent);         /* struct task_group: parent (NULL: the root group) */
OFF(sc_uclamp_enabled); /* struct sched_class: uclamp_enabled */
#define ADDR(name) static unsigned long name; module_param(name, ulong, 0444)
ADDR(uclamp_default_addr); /* struct uclamp_se uclamp_default[2] (sched_util_clamp_min/max) */
ADDR(rt_default_addr);     /* unsigned int sysctl_sched_uclamp_util_min_rt_default */
ADDR(uclamp_used_addr);    /* static key sched_uclamp_used (its enabled count first) */
static unsigned long max_uclamp = 600000;
module_param(max_uclamp, ulong, 0444);
MODULE_PARM_DESC(max_uclamp, "stop recording after this many uclamp records");

static atomic64_t nuc;

#define AT(base, off, type) (*(type *)((char *)(base) + (off)))
#define UC_BUCKETS 5 /* CONFIG_UCLAMP_BUCKETS_COUNT (checked against BTF by the host) */
#define UC_RQ_SIZE 48

static u32 se_raw(const struct uclamp_se *se)
{
    return *(const u32 *)se;
}

/* One uclamp_rq: value(11) | tasks << 11 per bucket, two buckets per u64. */
static void rq_snap(void *rq, u64 *g, u64 *vals)
{
    int id, b;

    *vals = (u64)AT(rq, rq_uclamp_flags, unsigned int) << 32;
    for (id = 0; id < 2; id++) {
        char *urq = (char *)rq + rq_uclamp + id * UC_RQ_SIZE;
        u64 *gi = g + id * 3;

        *vals |= (u64)(*(unsigned int *)urq & 0xffff) << (16 * id);
        gi[0] = gi[1] = gi[2] = 0;
        for (b = 0; b < UC_BUCKETS; b++) {
            u64 raw = *(u64 *)(urq + 8 + 8 * b);
            u32 packed = (u32)(raw & 0x7ff) | (u32)min_t(u64, raw >> 11, 0x1fffff) << 11;
            gi[b / 2] |= (u64)packed << (32 * (b % 2));
        }
    }
}

static u64 task_raw(const struct task_struct *p)
{
    return se_raw(&p->uclamp[UCLAMP_MIN]) | (u64)se_raw(&p->uclamp[UCLAMP_MAX]) << 32;
}

static bool delayed(const struct task_struct *p)
{
#ifdef ORACLE_DELAYED
    return p->se.sched_delayed;
#else
    return false;
#endif
}

struct upending {
    struct orec r;
    void *rq;
    const struct task_struct *p;
};

/* The inputs of the task's effective clamps: its request (x[0]), its
 * group's effective clamps (x[1]), the system and RT defaults and whether
 * uclamp is in use (x[2]); layout in oracle_rec.h. */
static void clamp_inputs(const struct task_struct *p, u64 *x)
{
    void *tg = p->sched_task_group;
    const struct uclamp_se *def = (void *)uclamp_default_addr;
    bool in_tg = tg && AT(tg, tg_parent, void *) && !AT(tg, tg_autogroup, void *);

    x[0] = se_raw(&p->uclamp_req[UCLAMP_MIN]) | (u64)se_raw(&p->uclamp_req[UCLAMP_MAX]) << 32;
    x[1] = 0;
    if (in_tg) {
        const struct uclamp_se *e = (void *)((char *)tg + tg_uclamp);
        x[1] = e[UCLAMP_MIN].value | (u64)e[UCLAMP_MAX].value << 16 | 1ull << 32;
    }
    x[2] = def[UCLAMP_MIN].value | (u64)def[UCLAMP_MAX].value << 16 |
           (u64)(*(unsigned int *)rt_default_addr & 0xffff) << 32 |
           (u64)(atomic_read((atomic_t *)uclamp_used_addr) > 0) << 48;
}

static int ent(struct kretprobe_instance *ri, struct pt_regs *regs, u8 op)
{
    struct upending *u = (void *)ri->data;
    void *rq = (void *)regs_get_kernel_argument(regs, 0);
    const struct task_struct *p = (void *)regs_get_kernel_argument(regs, 1);
    bool enabled = AT(p->sched_class, sc_uclamp_enabled, int) != 0;

    memset(&u->r, 0, sizeof(u->r));
    u->rq = rq;
    u->p = p;
    u->r.kind = OREC_UCLAMP;
    u->r.cpu = smp_processor_id();
    u->r.ret = op;
    u->r.aux = (u32)regs_get_kernel_argument(regs, 2);
    u->r.id = (u64)(unsigned long)p;
    clamp_inputs(p, u->r.x);
    u->r.x[3] = enabled | (u64)rt_prio(p->prio) << 8 | (u64)delayed(p) << 16 | (u64)(u32)p->prio << 32;
    rq_snap(rq, &u->r.g[0], &u->r.g[12]);
    u->r.g[14] = task_raw(p);
    return 0;
}
static int ent_enq(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent(ri, regs, 0);
}
static int ent_deq(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent(ri, regs, 1);
}

static int ret_uc(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct upending *u = (void *)ri->data;
    u64 x[3];

    rq_snap(u->rq, &u->r.g[6], &u->r.g[13]);
    u->r.g[15] = task_raw(u->p);
    u->r.flags = delayed(u->p) ? OREC_F_DELAYED : 0; /* at return */
    /* A group or system limit written on another CPU (cpu.uclamp.*, the
     * sysctls: no runqueue lock) may land between the entry's read and the
     * kernel's own; read at return too, so the host knows which rows that
     * can be. The in-use bit has its own rule (uclamp_replay.c). */
    clamp_inputs(u->p, x);
    if (x[0] != u->r.x[0] || x[1] != u->r.x[1] || ((x[2] ^ u->r.x[2]) & ~(1ull << 48)))
        u->r.flags |= OREC_F_MOVED;
    if (atomic64_inc_return(&nuc) <= max_uclamp)
        pgov_oracle_push(&u->r);
    return 0;
}

#define UPROBE(sym, e) \
    { .kp.symbol_name = sym, .entry_handler = e, .handler = ret_uc, \
      .data_size = sizeof(struct upending), .maxactive = 512 }
static struct kretprobe uprobes[] = {UPROBE("enqueue_task", ent_enq), UPROBE("dequeue_task", ent_deq)};
static bool uregistered[ARRAY_SIZE(uprobes)];

static void ucleanup(void)
{
    size_t i;

    for (i = 0; i < ARRAY_SIZE(uprobes); i++)
        if (uregistered[i])
            unregister_kretprobe(&uprobes[i]);
}

static int __init uc_init(void)
{
    size_t i;
    int err;

    if (rq_uclamp < 0 || rq_uclamp_flags < 0 || tg_uclamp < 0 || tg_autogroup < 0 || tg_parent < 0 ||
        sc_uclamp_enabled < 0 || !uclamp_default_addr || !rt_default_addr || !uclamp_used_addr) {
        pr_err("pgov_uclamp: offsets or addresses missing\n");
        return -EINVAL;
    }
    for (i = 0; i < ARRAY_SIZE(uprobes); i++) {
        err = register_kretprobe(&uprobes[i]);
        if (err) {
            pr_err("pgov_uclamp: kretprobe %s: %d\n", uprobes[i].kp.symbol_name, err);
            ucleanup();
            return err;
        }
        uregistered[i] = true;
    }
    pr_info("pgov_uclamp: %zu probes\n", ARRAY_SIZE(uprobes));
    return 0;
}

static void __exit uc_exit(void)
{
    ucleanup();
}

module_init(uc_init);
module_exit(uc_exit);
