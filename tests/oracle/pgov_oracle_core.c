/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_oracle.ko: capture Linux 6.1's own PELT and util_est updates.
 *
 * A kretprobe on each PELT update function copies the signal (struct
 * sched_avg) and every input the function reads at its entry, and the signal
 * again at its return; kretprobes on enqueue_task_fair/dequeue_task_fair do the
 * same for util_est (the util_est helpers are inlined into them). Records go
 * to per-CPU rings; /proc/pgov_oracle streams them (a read blocks until data
 * arrives, and ends after "stop" is written and the rings are drained).
 *
 * The scheduler's private structs (struct rq, struct cfs_rq) are not in the
 * headers: their offsets come as module parameters, taken on the host from
 * the kernel image's BTF (tests/oracle/btf_offsets.sh). struct sched_entity is
 * public; the BTF offsets of its fields are passed too and checked here, so a
 * header/image mismatch refuses to load instead of recording garbage.
 *
 * One source for every kernel: what a kernel has or lacks comes from its BTF
 * too, as -D switches (btf_offsets.sh --cflags) and -1 offsets:
 *   ORACLE_UE_U32         util_est is one u32 (6.9+), not struct util_est
 *   ORACLE_DELAYED        delayed dequeue (6.12+): a delayed task's PELT
 *                         runnable is 0; util_est_update runs at the start
 *                         of dequeue_task_fair, before its PELT updates
 *   ORACLE_SUGOV_BW_MIN   effective_cpu_util(cpu, actual, &min, &max) (6.8+)
 *   ORACLE_UE_IN_PELT     util_est_update runs inside the dequeue's PELT
 *                         update, after the entity's (7.2+): x[3] is again
 *                         its input, the estimate the last entity update
 *                         left, as on 6.1; the result is the one at return
 * The cfs_rq's running entity for PELT is at cfs_rq_curr: 7.3's h_curr.
 *
 * This file: the rings, /proc/pgov_oracle, the PELT and util_est probes,
 * load and unload; the governors' dummy cpufreq driver and probes are in
 * pgov_oracle_gov.c (module parameter governors=1), shared names in
 * pgov_oracle.h. Kbuild links both into pgov_oracle.ko.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/slab.h>
#include <linux/delay.h>
#include <linux/utsname.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/cpufreq.h>
#include <linux/sched/topology.h>
#include "pgov_oracle.h"

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov oracle: capture PELT and util_est updates of the running kernel");

#define OFFSET_PARAM(name) \
    static int name = -1;  \
    module_param(name, int, 0444)
/* read by pgov_oracle_gov.c too (pgov_oracle.h) */
#define SHARED_OFFSET_PARAM(name) \
    int name = -1;                \
    module_param(name, int, 0444)
SHARED_OFFSET_PARAM(rq_cfs);            /* struct rq: cfs */
SHARED_OFFSET_PARAM(rq_avg_rt);         /* struct rq: avg_rt */
OFFSET_PARAM(rq_avg_dl);         /* struct rq: avg_dl */
OFFSET_PARAM(rq_cpu_capacity_orig); /* -1 on 6.8+: the arch capacity */
SHARED_OFFSET_PARAM(rq_cpu);     /* struct rq: cpu */
SHARED_OFFSET_PARAM(rq_dl_running_bw);  /* struct rq: dl.running_bw */
SHARED_OFFSET_PARAM(rq_uclamp);         /* struct rq: uclamp[] (CONFIG_UCLAMP_TASK); -1 without */
SHARED_OFFSET_PARAM(cfs_rq_load);       /* struct cfs_rq: load (struct load_weight) */
SHARED_OFFSET_PARAM(cfs_rq_h_nr_running);  /* 6.1's PELT runnable count, */
SHARED_OFFSET_PARAM(cfs_rq_h_nr_runnable); /* 6.12's (queued minus delayed): one of the two */
SHARED_OFFSET_PARAM(cfs_rq_curr);
SHARED_OFFSET_PARAM(cfs_rq_avg);
OFFSET_PARAM(se_avg); /* checked against the headers */
OFFSET_PARAM(se_on_rq);
OFFSET_PARAM(se_my_q);
OFFSET_PARAM(se_runnable_weight);
OFFSET_PARAM(sa_util_est);
static bool governors;
module_param(governors, bool, 0444);
MODULE_PARM_DESC(governors, "register the dummy cpufreq driver and capture governor decisions");

static unsigned long max_records = 2000000;
module_param(max_records, ulong, 0444);
MODULE_PARM_DESC(max_records, "stop recording PELT and util_est updates after this many records (bounds the volume)");
static unsigned int ring_records = 65536;
module_param(ring_records, uint, 0444);
MODULE_PARM_DESC(ring_records, "records per CPU ring");

/* Read-only parameter "records": records captured so far (the workload
 * sizes itself by it, so that a loaded host still yields the target rows). */
static atomic64_t nrec, ncapped;
static int records_get(char *buf, const struct kernel_param *kp)
{
    return sysfs_emit(buf, "%lld\n", (long long)atomic64_read(&nrec));
}
static const struct kernel_param_ops records_ops = { .get = records_get };
module_param_cb(records, &records_ops, NULL, 0444);

struct ring {
    raw_spinlock_t lock;
    u64 head, tail; /* records written, records read */
    u64 dropped;
    struct orec *buf;
};
static struct ring __percpu *rings;
static bool stopped, trailer_sent, header_sent;
static DEFINE_MUTEX(read_lock);
static struct orec *bounce;
#define BOUNCE_RECS 4096

/* The task being enqueued/dequeued on this CPU, and its util_est as left by
 * the last PELT update of its entity inside that call. */
struct ue_track {
    const struct sched_entity *se;
    u32 enq, ewma;
    bool seen;
    /* ORACLE_DELAYED: the estimate at the first PELT update of the entity
     * inside the call (util_est_update ran before it). */
    u32 first_enq, first_ewma;
    bool first_seen;
};
static DEFINE_PER_CPU(struct ue_track, ue_track);

/* A PELT update of @se starts: note the first one inside a tracked call. */
static void ue_first(const struct sched_entity *se, const struct orec_avg *pre)
{
    struct ue_track *t = this_cpu_ptr(&ue_track);

    if (t->se == se && !t->first_seen) {
        t->first_enq = pre->ue_enqueued;
        t->first_ewma = pre->ue_ewma;
        t->first_seen = true;
    }
}

static void push(const struct orec *r)
{
    struct ring *rg;
    unsigned long fl;

    /* pgov_uclamp.ko's rows are not the workload's progress ("records"):
     * they must not shorten the signal capture; that module bounds them. */
    bool sig = r->kind != OREC_UCLAMP;

    if (READ_ONCE(stopped))
        return;
    /* The cap bounds the signal records (PELT, util_est: most of the
     * volume); governor decisions, a few per CPU and sampling period, are
     * always kept, so the governor phases after the cap still count. */
    if (sig && atomic64_inc_return(&nrec) > max_records && r->kind < OREC_DBS) {
        atomic64_dec(&nrec);
        atomic64_inc(&ncapped);
        return;
    }
    rg = this_cpu_ptr(rings);
    raw_spin_lock_irqsave(&rg->lock, fl);
    if (rg->head - rg->tail >= ring_records) {
        rg->dropped++;
        if (sig)
            atomic64_dec(&nrec);
    } else {
        rg->buf[rg->head % ring_records] = *r;
        rg->head++;
    }
    raw_spin_unlock_irqrestore(&rg->lock, fl);
}

/* pgov_governor.ko (the library as a governor) logs its decisions here. */
void pgov_oracle_push(const struct orec *r)
{
    push(r);
}
EXPORT_SYMBOL_GPL(pgov_oracle_push);

/* A task-group update's records (pgov_oracle_group.c): all or none, so
 * that the host never sees half of one. Their own cap (max_group_records):
 * they do not count as the workload's progress ("records"), so the other
 * rows keep their volume, and the governor phases their time. */
static unsigned long max_group_records = 600000;
module_param(max_group_records, ulong, 0444);
MODULE_PARM_DESC(max_group_records, "stop recording task-group updates after this many records");
static atomic64_t ngrp;

bool push_n_full(void)
{
    return atomic64_read(&ngrp) >= max_group_records || READ_ONCE(stopped);
}

void push_n(const struct orec *r, unsigned int n)
{
    struct ring *rg;
    unsigned long fl;
    unsigned int i;

    if (READ_ONCE(stopped))
        return;
    if (atomic64_add_return(n, &ngrp) > max_group_records) {
        atomic64_sub(n, &ngrp);
        atomic64_inc(&ncapped);
        return;
    }
    rg = this_cpu_ptr(rings);
    raw_spin_lock_irqsave(&rg->lock, fl);
    if (rg->head - rg->tail + n > ring_records) {
        rg->dropped += n;
        atomic64_sub(n, &ngrp);
    } else {
        for (i = 0; i < n; i++)
            rg->buf[(rg->head + i) % ring_records] = r[i];
        rg->head += n;
    }
    raw_spin_unlock_irqrestore(&rg->lock, fl);
}

/* The CPU's original capacity: the rq's copy where the kernel keeps one. */
static unsigned long cpu_cap(void *rq, int cpu);

void copy_avg(struct orec_avg *d, const struct sched_avg *s)
{
    d->last_update_time = s->last_update_time;
    d->load_sum = s->load_sum;
    d->runnable_sum = s->runnable_sum;
    d->util_sum = s->util_sum;
    d->period_contrib = s->period_contrib;
    d->load_avg = s->load_avg;
    d->runnable_avg = s->runnable_avg;
    d->util_avg = s->util_avg;
#ifdef ORACLE_UE_U32
    d->ue_enqueued = s->util_est; /* ewma stays 0, as in the library's v6.9+ task */
#else
    d->ue_enqueued = s->util_est.enqueued;
    d->ue_ewma = s->util_est.ewma;
#endif
}

static unsigned long cpu_cap(void *rq, int cpu)
{
    return rq_cpu_capacity_orig >= 0 ? AT(rq, rq_cpu_capacity_orig, unsigned long)
                                     : arch_scale_cpu_capacity(cpu);
}

/* ri->data: the record under construction plus the signal it follows. */
struct pending {
    struct orec r;
    const struct sched_avg *sa;
    const struct sched_entity *se; /* PELT_SE/BLOCKED: for util_est tracking */
};

static void begin(struct pending *p, u8 kind, const struct sched_avg *sa, u64 now)
{
    memset(&p->r, 0, sizeof(p->r));
    p->r.kind = kind;
    p->r.cpu = smp_processor_id();
    p->r.id = (u64)(unsigned long)sa;
    p->r.x[0] = now;
    p->sa = sa;
    p->se = NULL;
    copy_avg(&p->r.pre, sa);
}

static int ent_se(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct pending *p = (void *)ri->data;
    u64 now = regs_get_kernel_argument(regs, 0);
    void *cfs_rq = (void *)regs_get_kernel_argument(regs, 1);
    const struct sched_entity *se = (void *)regs_get_kernel_argument(regs, 2);
    bool task = se->my_q == NULL;

    begin(p, OREC_PELT_SE, &se->avg, now);
    p->se = se;
    ue_first(se, &p->r.pre);
    p->r.x[1] = se->load.weight;
#ifdef CONFIG_FAIR_GROUP_SCHED
    p->r.x[2] = task ? !!se->on_rq : se->runnable_weight;
#else
    p->r.x[2] = !!se->on_rq;
#endif
#ifdef ORACLE_DELAYED
    if (task && se->sched_delayed)
        p->r.x[2] = 0; /* se_runnable(): queued (load) but not runnable */
#endif
    p->r.x[3] = se->on_rq;
    p->r.flags = (AT(cfs_rq, cfs_rq_curr, const struct sched_entity *) == se ? OREC_F_RUNNING : 0) |
                 (task ? OREC_F_TASK : 0);
    return 0;
}

static int ent_blocked(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct pending *p = (void *)ri->data;
    u64 now = regs_get_kernel_argument(regs, 0);
    const struct sched_entity *se = (void *)regs_get_kernel_argument(regs, 1);

    begin(p, OREC_PELT_BLOCKED, &se->avg, now);
    p->se = se;
    ue_first(se, &p->r.pre);
    p->r.x[1] = se->load.weight;
    p->r.flags = se->my_q == NULL ? OREC_F_TASK : 0;
    return 0;
}

static int ent_cfs(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct pending *p = (void *)ri->data;
    u64 now = regs_get_kernel_argument(regs, 0);
    void *cfs_rq = (void *)regs_get_kernel_argument(regs, 1);

    begin(p, OREC_PELT_CFS, &AT(cfs_rq, cfs_rq_avg, struct sched_avg), now);
    grp_saw_cfs(cfs_rq, now); /* the clock of an update_load_avg in progress */
    p->r.x[1] = AT(cfs_rq, cfs_rq_load, struct load_weight).weight;
    p->r.x[2] = AT(cfs_rq, cfs_rq_h_nr_runnable >= 0 ? cfs_rq_h_nr_runnable : cfs_rq_h_nr_running,
                   unsigned int);
    p->r.flags = AT(cfs_rq, cfs_rq_curr, void *) ? OREC_F_RUNNING : 0;
    return 0;
}

/* Each CPU's struct rq, learnt from the rt/dl PELT updates (runqueues is
 * not exported): schedutil's deadline-bandwidth input is read from it. */
void *rq_of_cpu[NR_CPUS];

static int ent_rq_signal(struct kretprobe_instance *ri, struct pt_regs *regs, u8 kind, int off)
{
    struct pending *p = (void *)ri->data;
    u64 now = regs_get_kernel_argument(regs, 0);
    void *rq = (void *)regs_get_kernel_argument(regs, 1);
    int running = (int)regs_get_kernel_argument(regs, 2);
    int cpu = AT(rq, rq_cpu, int);

    if (cpu >= 0 && cpu < NR_CPUS && !READ_ONCE(rq_of_cpu[cpu]))
        WRITE_ONCE(rq_of_cpu[cpu], rq);

    begin(p, kind, &AT(rq, off, struct sched_avg), now);
    p->r.flags = running ? OREC_F_RUNNING : 0;
    p->r.aux = (u32)running;
    return 0;
}
static int ent_rt(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent_rq_signal(ri, regs, OREC_PELT_RT, rq_avg_rt);
}
static int ent_dl(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent_rq_signal(ri, regs, OREC_PELT_DL, rq_avg_dl);
}

static int ret_pelt(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct pending *p = (void *)ri->data;

    p->r.ret = (u8)regs_return_value(regs);
    copy_avg(&p->r.post, p->sa);
    if (p->se) {
        struct ue_track *t = this_cpu_ptr(&ue_track);
        if (t->se == p->se) {
            t->enq = p->r.post.ue_enqueued;
            t->ewma = p->r.post.ue_ewma;
            t->seen = true;
        }
    }
    push(&p->r);
    return 0;
}

u32 rq_ue(void *rq)
{
#ifdef ORACLE_UE_U32
    return AT(rq, rq_cfs + cfs_rq_avg + sa_util_est, unsigned int);
#else
    return AT(rq, rq_cfs + cfs_rq_avg + sa_util_est, struct util_est).enqueued;
#endif
}

static int ent_task(struct kretprobe_instance *ri, struct pt_regs *regs, u8 kind)
{
    struct pending *p = (void *)ri->data;
    void *rq = (void *)regs_get_kernel_argument(regs, 0);
    const struct task_struct *tsk = (void *)regs_get_kernel_argument(regs, 1);
    struct ue_track *t = this_cpu_ptr(&ue_track);

    begin(p, kind, &tsk->se.avg, 0);
    p->r.aux = (u32)regs_get_kernel_argument(regs, 2);
    p->r.x[0] = rq_ue(rq);
    p->r.x[2] = cpu_cap(rq, AT(rq, rq_cpu, int));
#ifdef ORACLE_DELAYED
    /* Whether util_est_enqueue/dequeue run depends on these (replay). */
    p->r.ret = (u8)READ_ONCE(tsk->on_rq); /* TASK_ON_RQ_MIGRATING: 2 */
    if (tsk->se.sched_delayed)
        p->r.flags |= OREC_F_DELAYED;
#endif
    p->se = &tsk->se;
    /* rq kept in x[1] until the return handler overwrites it */
    p->r.x[1] = (u64)(unsigned long)rq;
    t->se = &tsk->se;
    t->enq = p->r.pre.ue_enqueued;
    t->ewma = p->r.pre.ue_ewma;
    t->seen = false;
    t->first_seen = false;
    return 0;
}
static int ent_enq(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent_task(ri, regs, OREC_UE_ENQ);
}
static int ent_deq(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    return ent_task(ri, regs, OREC_UE_DEQ);
}

static int ret_task(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct pending *p = (void *)ri->data;
    struct ue_track *t = this_cpu_ptr(&ue_track);
    void *rq = (void *)(unsigned long)p->r.x[1];

    copy_avg(&p->r.post, p->sa);
    p->r.x[1] = rq_ue(rq);
#if defined(ORACLE_DELAYED) && !defined(ORACLE_UE_IN_PELT)
    /* util_est_update ran first: its result is what the first PELT update
     * of the entity found, or the estimate at return if none ran. */
    p->r.x[3] = t->first_seen ? (u64)t->first_enq | (u64)t->first_ewma << 32
                              : (u64)p->r.post.ue_enqueued | (u64)p->r.post.ue_ewma << 32;
#else
    p->r.x[3] = (u64)t->enq | (u64)t->ewma << 32;
#endif
    if (t->seen)
        p->r.flags |= OREC_F_SEEN;
    t->se = NULL;
    push(&p->r);
    return 0;
}


/* maxactive 64 missed a few hits per million (the trailer tells an empty
 * instance pool from a hit during another probe's handler); 512 is ~2 MiB. */
#define PROBE(sym, ent, ret) \
    { .kp.symbol_name = sym, .entry_handler = ent, .handler = ret, \
      .data_size = sizeof(struct pending), .maxactive = 512 }
static struct kretprobe probes[] = {
    PROBE("__update_load_avg_se", ent_se, ret_pelt),
    PROBE("__update_load_avg_blocked_se", ent_blocked, ret_pelt),
    PROBE("__update_load_avg_cfs_rq", ent_cfs, ret_pelt),
    PROBE("update_rt_rq_load_avg", ent_rt, ret_pelt),
    PROBE("update_dl_rq_load_avg", ent_dl, ret_pelt),
    PROBE("enqueue_task_fair", ent_enq, ret_task),
    PROBE("dequeue_task_fair", ent_deq, ret_task),
};
static bool registered[ARRAY_SIZE(probes)];

static size_t drain(struct orec *out, size_t max)
{
    size_t n = 0;
    int cpu;

    for_each_possible_cpu(cpu) {
        struct ring *rg = per_cpu_ptr(rings, cpu);
        unsigned long fl;

        raw_spin_lock_irqsave(&rg->lock, fl);
        while (n < max && rg->tail < rg->head) {
            out[n++] = rg->buf[rg->tail % ring_records];
            rg->tail++;
        }
        raw_spin_unlock_irqrestore(&rg->lock, fl);
    }
    return n;
}

static void fill_trailer(struct orec *r)
{
    u64 dropped = 0, missed = 0, recursed = 0;
    int cpu;
    size_t i;

    for_each_possible_cpu(cpu)
        dropped += per_cpu_ptr(rings, cpu)->dropped;
    for (i = 0; i < ARRAY_SIZE(probes); i++)
        missed += probes[i].nmissed, recursed += probes[i].kp.nmissed;
    oracle_gov_missed(&missed, &recursed);
    oracle_grp_missed(&missed, &recursed);
    memset(r, 0, sizeof(*r));
    r->kind = OREC_TRAILER;
    r->x[0] = atomic64_read(&nrec);
    r->x[1] = dropped;
    r->x[2] = atomic64_read(&ncapped);
    r->x[3] = missed;
    r->aux = (u32)min_t(u64, recursed, U32_MAX);
}

static void copy_str(struct orec_avg *dst, const char *s)
{
    memcpy(dst, s, min(strlen(s), sizeof(*dst) - 1));
}

static ssize_t oracle_read(struct file *f, char __user *buf, size_t len, loff_t *pos)
{
    size_t max = len / sizeof(struct orec), n = 0;
    ssize_t ret;

    if (max == 0)
        return -EINVAL;
    if (max > BOUNCE_RECS)
        max = BOUNCE_RECS;
    if (mutex_lock_interruptible(&read_lock))
        return -EINTR;
    if (!header_sent) {
        memset(&bounce[0], 0, sizeof(bounce[0]));
        bounce[0].kind = OREC_HEADER;
        bounce[0].x[0] = OREC_MAGIC;
        bounce[0].x[1] = sizeof(struct orec);
        /* release ("6.1.0-57-amd64") and version ("#1 SMP ... Debian 6.1.192-3 ...") */
        copy_str(&bounce[0].pre, utsname()->release);
        copy_str(&bounce[0].post, utsname()->version);
        header_sent = true;
        n = 1;
    }
    for (;;) {
        bool was_stopped = READ_ONCE(stopped);

        n += drain(bounce + n, max - n);
        if (n > 0)
            break;
        if (was_stopped) {
            if (!trailer_sent) {
                fill_trailer(&bounce[0]);
                trailer_sent = true;
                n = 1;
            }
            break;
        }
        if (msleep_interruptible(5)) {
            mutex_unlock(&read_lock);
            return -EINTR;
        }
    }
    ret = copy_to_user(buf, bounce, n * sizeof(struct orec)) ? -EFAULT : (ssize_t)(n * sizeof(struct orec));
    mutex_unlock(&read_lock);
    return ret;
}

static ssize_t oracle_write(struct file *f, const char __user *buf, size_t len, loff_t *pos)
{
    char cmd[8] = { 0 };

    if (copy_from_user(cmd, buf, min(len, sizeof(cmd) - 1)))
        return -EFAULT;
    if (strncmp(cmd, "stop", 4))
        return -EINVAL;
    WRITE_ONCE(stopped, true);
    return len;
}

static const struct proc_ops oracle_fops = {
    .proc_read = oracle_read,
    .proc_write = oracle_write,
    .proc_lseek = noop_llseek,
};

static void cleanup(void)
{
    size_t i;
    int cpu;

    for (i = 0; i < ARRAY_SIZE(probes); i++)
        if (registered[i])
            unregister_kretprobe(&probes[i]);
    oracle_grp_unregister();
    oracle_gov_unregister();
    remove_proc_entry("pgov_oracle", NULL);
    if (rings) {
        for_each_possible_cpu(cpu)
            vfree(per_cpu_ptr(rings, cpu)->buf);
        free_percpu(rings);
    }
    vfree(bounce);
}

static int check_layout(void)
{
#define NEED(x) if ((x) < 0) { pr_err("pgov_oracle: parameter " #x " missing\n"); return -EINVAL; }
#define SAME(param, field) \
    if ((param) != (int)offsetof(struct sched_entity, field)) { \
        pr_err("pgov_oracle: BTF says " #field " at %d, headers say %zu\n", param, \
               offsetof(struct sched_entity, field)); return -EINVAL; }
    NEED(rq_cfs) NEED(rq_avg_rt) NEED(rq_avg_dl) NEED(rq_cpu)
    NEED(rq_dl_running_bw)
    NEED(cfs_rq_load) NEED(cfs_rq_curr) NEED(cfs_rq_avg)
    NEED(cfs_rq_h_nr_running >= 0 ? cfs_rq_h_nr_running : cfs_rq_h_nr_runnable)
    if (oracle_grp_check_layout())
        return -EINVAL;
    if (governors && oracle_gov_check_layout())
        return -EINVAL;
    SAME(se_avg, avg) SAME(se_on_rq, on_rq) SAME(se_my_q, my_q)
    SAME(se_runnable_weight, runnable_weight)
    if (sa_util_est != (int)offsetof(struct sched_avg, util_est)) {
        pr_err("pgov_oracle: BTF and headers disagree on sched_avg.util_est\n");
        return -EINVAL;
    }
    return 0;
#undef NEED
#undef SAME
}

static int __init oracle_init(void)
{
    int cpu, err;
    size_t i;

    err = check_layout();
    if (err)
        return err;
    rings = alloc_percpu(struct ring);
    bounce = vmalloc(BOUNCE_RECS * sizeof(struct orec));
    if (!rings || !bounce)
        goto nomem;
    for_each_possible_cpu(cpu) {
        struct ring *rg = per_cpu_ptr(rings, cpu);
        raw_spin_lock_init(&rg->lock);
        rg->buf = vmalloc(array_size(ring_records, sizeof(struct orec)));
        if (!rg->buf)
            goto nomem;
    }
    if (!proc_create("pgov_oracle", 0600, NULL, &oracle_fops))
        goto nomem;
    for (i = 0; i < ARRAY_SIZE(probes); i++) {
        err = register_kretprobe(&probes[i]);
        if (err) {
            pr_err("pgov_oracle: kretprobe %s: %d\n", probes[i].kp.symbol_name, err);
            cleanup();
            return err;
        }
        registered[i] = true;
    }
    oracle_grp_register();
    if (governors) {
        err = oracle_gov_register();
        if (err) {
            cleanup();
            return err;
        }
    }
    pr_info("pgov_oracle: %zu probes on %s, %u records per CPU ring\n", ARRAY_SIZE(probes),
            utsname()->release, ring_records);
    return 0;
nomem:
    cleanup();
    return -ENOMEM;
}

static void __exit oracle_exit(void)
{
    cleanup();
}

module_init(oracle_init);
module_exit(oracle_exit);
