/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * scx_pgov: a global-FIFO sched_ext scheduler whose only special part is
 * CPU performance, through pgov_scx.bpf.h (libpgov's PELT and schedutil
 * rules). Idle selection is the kernel's (scx_bpf_select_cpu_dfl); tasks
 * go to the global DSQ, which the core consumes by itself. Every step the
 * policy takes is logged to a ring buffer (pgov_scx_rec.h) for the host
 * replay; logging stops for good at the first full buffer, so the log is
 * always a complete prefix.
 * Built against the running kernel's BTF (vmlinux.h, generated at build
 * time); the sched_ext declarations it needs are written here.
 */
#include "pgov_scx_vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "pgov_scx_rec.h" /* pgov/pelt.h, pgov/sugov.h: the types the hooks see */

#define SCX_OPS(name, args...) SEC("struct_ops/" #name) BPF_PROG(name, ##args)

char _license[] SEC("license") = "Dual BSD/GPL";

#define PGOV_SCX_MAX_CPUS 64
const volatile uint32_t log_on = 1; /* rodata: the loader may turn logging off */
uint64_t nr_logged, nr_lost, nr_set;  /* bss: read by the loader */
uint32_t log_full;
struct scx_exit_info_copy exit_info;

struct {
    __uint(type, BPF_MAP_TYPE_RINGBUF);
    __uint(max_entries, 64 << 20);
} pgov_log SEC(".maps");

static __always_inline struct pgov_scx_rec *log_rec(uint32_t kind, uint64_t now, uint32_t cpu);
static __always_inline void log_pelt(uint32_t kind, uint32_t id, uint64_t now, uint32_t load,
                                     uint32_t runnable, uint32_t running,
                                     const struct pgov_pelt_avg *avg);
struct pgov_scx_cpu;
static __always_inline void log_decide(const struct pgov_scx_cpu *cc, uint32_t id, uint64_t now,
                                       const struct pgov_sugov_params *prm,
                                       const struct pgov_sugov_input *in,
                                       const struct pgov_sugov_result *res, int64_t target);

#define PGOV_SCX_ON_PELT(kind, id, now, load, runnable, running, avg)                        \
    log_pelt(kind, id, now, load, runnable, running, avg)
#define PGOV_SCX_ON_DECIDE(cc, id, now, prm, in, res, target)                                 \
    log_decide(cc, id, now, prm, in, res, target)
#include "pgov_scx.bpf.h"

struct {
    __uint(type, BPF_MAP_TYPE_TASK_STORAGE);
    __uint(map_flags, BPF_F_NO_PREALLOC);
    __type(key, int);
    __type(value, struct pgov_scx_task);
} task_ctx SEC(".maps");

struct {
    __uint(type, BPF_MAP_TYPE_ARRAY);
    __uint(max_entries, PGOV_SCX_MAX_CPUS);
    __type(key, uint32_t);
    __type(value, struct pgov_scx_cpu);
} cpu_ctx SEC(".maps");

static __always_inline struct pgov_scx_rec *log_rec(uint32_t kind, uint64_t now, uint32_t cpu)
{
    struct pgov_scx_rec *r;

    if (!log_on || log_full)
        return NULL;
    r = bpf_ringbuf_reserve(&pgov_log, sizeof(*r), 0);
    if (!r) {
        log_full = 1; /* a gap would break the replay's chains: stop here */
        __sync_fetch_and_add(&nr_lost, 1);
        return NULL;
    }
    __builtin_memset(r, 0, sizeof(*r));
    r->now = now;
    r->kind = kind;
    r->cpu = cpu;
    return r;
}

static __always_inline void log_pelt(uint32_t kind, uint32_t id, uint64_t now, uint32_t load,
                                     uint32_t runnable, uint32_t running,
                                     const struct pgov_pelt_avg *avg)
{
    struct pgov_scx_rec *r = log_rec(kind, now, bpf_get_smp_processor_id());

    if (!r)
        return;
    if (kind <= PGOV_SCX_REC_TASK_PELT)
        r->pid = id;
    else
        r->cpu = id;
    r->load = load;
    r->runnable = runnable;
    r->running = running;
    r->weight = PGOV_SCX_WEIGHT;
    r->avg = *avg;
    bpf_ringbuf_submit(r, 0);
    __sync_fetch_and_add(&nr_logged, 1);
}

static __always_inline void log_decide(const struct pgov_scx_cpu *cc, uint32_t id, uint64_t now,
                                       const struct pgov_sugov_params *prm,
                                       const struct pgov_sugov_input *in,
                                       const struct pgov_sugov_result *res, int64_t target)
{
    struct pgov_scx_rec *r = log_rec(PGOV_SCX_REC_DECIDE, now, cc->cpu);

    if (!r)
        return;
    r->pid = id;
    r->target = target < 0 ? 0 : (uint32_t)target;
    r->running = target >= 0; /* 1: scx_bpf_cpuperf_set() called */
    r->prm = *prm;
    r->flags = in->flags;
    r->util = in->util;
    r->uclamp_min = in->uclamp_min;
    r->uclamp_max = in->uclamp_max;
    r->res = *res;
    r->st = cc->st;
    bpf_ringbuf_submit(r, 0);
    __sync_fetch_and_add(&nr_logged, 1);
}

static __always_inline struct pgov_scx_task *task_of(struct task_struct *p)
{
    struct pgov_scx_task *tc;

    tc = bpf_task_storage_get(&task_ctx, p, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
    if (tc)
        tc->id = p->pid;
    return tc;
}

static __always_inline struct pgov_scx_cpu *this_cpu(void)
{
    uint32_t cpu = bpf_get_smp_processor_id();
    struct pgov_scx_cpu *cc = bpf_map_lookup_elem(&cpu_ctx, &cpu);

    if (cc)
        cc->cpu = cpu;
    return cc;
}

/* One clamp of the running task as the kernel would aggregate it: the
 * effective value while the kernel keeps it (active: uclamp in use since a
 * first sched_setattr/sysctl/cgroup write), else the task's request
 * (0 / 1024 unless set; the system defaults 1024/1024 restrict nothing). */
static __always_inline uint32_t task_clamp(struct task_struct *t, int id)
{
    if (BPF_CORE_READ_BITFIELD(&t->uclamp[id], active))
        return BPF_CORE_READ_BITFIELD(&t->uclamp[id], value);
    return BPF_CORE_READ_BITFIELD(&t->uclamp_req[id], value);
}

/* What the kernel passes about the running task and its CPU. */
static __always_inline void read_in(struct task_struct *t, uint32_t cpu, struct pgov_scx_in *x)
{
    x->cap = scx_bpf_cpuperf_cap(cpu);
    x->uclamp_min = task_clamp(t, 0);
    x->uclamp_max = task_clamp(t, 1);
    if (x->cap - 1 >= PGOV_SCX_CPUPERF_ONE)
        x->cap = PGOV_SCX_CPUPERF_ONE;
    if (x->uclamp_min > PGOV_SCX_CPUPERF_ONE)
        x->uclamp_min = PGOV_SCX_CPUPERF_ONE;
    if (x->uclamp_max > PGOV_SCX_CPUPERF_ONE)
        x->uclamp_max = PGOV_SCX_CPUPERF_ONE;
}

static __always_inline void set_perf(uint32_t cpu, int64_t target)
{
    if (target >= 0) {
        scx_bpf_cpuperf_set(cpu, (uint32_t)target);
        __sync_fetch_and_add(&nr_set, 1);
    }
}

s32 SCX_OPS(pgov_select_cpu, struct task_struct *p, s32 prev_cpu, u64 wake_flags)
{
    bool is_idle = false;
    s32 cpu = scx_bpf_select_cpu_dfl(p, prev_cpu, wake_flags, &is_idle);

    if (is_idle) /* the kernel's idle pick: straight to that CPU */
        scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, SCX_SLICE_DFL, 0);
    return cpu;
}

void SCX_OPS(pgov_enqueue, struct task_struct *p, u64 enq_flags)
{
    scx_bpf_dsq_insert(p, SCX_DSQ_GLOBAL, SCX_SLICE_DFL, enq_flags);
}

void SCX_OPS(pgov_runnable, struct task_struct *p, u64 enq_flags)
{
    struct pgov_scx_task *tc = task_of(p);
    struct task_struct *t = p; /* BPF_CORE_READ_BITFIELD has its own p */

    if (tc) /* iowait: a wakeup of a task that slept in io_schedule() */
        pgov_scx_runnable(tc, bpf_ktime_get_ns(),
                          (enq_flags & SCX_ENQ_WAKEUP) && BPF_CORE_READ_BITFIELD(t, in_iowait));
}

void SCX_OPS(pgov_running, struct task_struct *p)
{
    struct pgov_scx_task *tc = task_of(p);
    struct pgov_scx_cpu *cc = this_cpu();
    struct pgov_scx_in x;

    if (!tc || !cc)
        return;
    read_in(p, cc->cpu, &x);
    set_perf(cc->cpu, pgov_scx_running(tc, cc, bpf_ktime_get_ns(), &x));
}

void SCX_OPS(pgov_tick, struct task_struct *p)
{
    struct pgov_scx_task *tc = task_of(p);
    struct pgov_scx_cpu *cc = this_cpu();
    struct pgov_scx_in x;

    if (!tc || !cc)
        return;
    read_in(p, cc->cpu, &x);
    set_perf(cc->cpu, pgov_scx_tick(tc, cc, bpf_ktime_get_ns(), &x));
}

void SCX_OPS(pgov_stopping, struct task_struct *p, bool runnable)
{
    struct pgov_scx_task *tc = task_of(p);
    struct pgov_scx_cpu *cc = this_cpu();

    if (tc && cc)
        pgov_scx_stopping(tc, cc, bpf_ktime_get_ns());
}

void SCX_OPS(pgov_quiescent, struct task_struct *p, u64 deq_flags)
{
    struct pgov_scx_task *tc = task_of(p);

    if (tc)
        pgov_scx_quiescent(tc, bpf_ktime_get_ns());
}

void SCX_OPS(pgov_exit, struct scx_exit_info *ei)
{
    exit_info.kind = ei->kind;
    bpf_probe_read_kernel_str(exit_info.reason, sizeof(exit_info.reason), ei->reason);
    bpf_probe_read_kernel_str(exit_info.msg, sizeof(exit_info.msg), ei->msg);
}

/* ------------------------------------------------------------------
 * The kernel's reaction: each callback of the built-in schedutil
 * (sugov_update_single_freq) with its state before and after, the
 * utilisation effective_cpu_util gave it (and the util_cfs it was given:
 * the scx target when every task is in sched_ext), the hold decision and
 * the frequency committed to the driver. Per CPU scratch, filled by the
 * nested probes while the callback runs (rq lock held, interrupts off).
 */
extern const struct rq runqueues __ksym;

struct {
    __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
    __uint(max_entries, 1);
    __type(key, uint32_t);
    __type(value, struct pgov_scx_rec);
} kscratch SEC(".maps");

static __always_inline struct pgov_scx_rec *kscr(void)
{
    uint32_t k = 0;
    return bpf_map_lookup_elem(&kscratch, &k);
}

static __always_inline void sugov_state(struct sugov_cpu *c, struct pgov_sugov_state *st)
{
    struct sugov_policy *sp = BPF_CORE_READ(c, sg_policy);

    st->last_update_ns = BPF_CORE_READ(c, last_update);
    st->iowait_boost = BPF_CORE_READ(c, iowait_boost);
    st->pending = BPF_CORE_READ(c, iowait_boost_pending);
    st->bw_dl = (uint32_t)BPF_CORE_READ(c, bw_min);
    st->last_freq_update_ns = BPF_CORE_READ(sp, last_freq_update_time);
    st->next_freq = BPF_CORE_READ(sp, next_freq);
    st->cached_raw_freq = BPF_CORE_READ(sp, cached_raw_freq);
    st->need_update = BPF_CORE_READ(sp, limits_changed) || BPF_CORE_READ(sp, need_freq_update);
}

SEC("fentry/sugov_update_single_freq")
int BPF_PROG(pgov_k_sugov_in, struct update_util_data *hook, u64 time, unsigned int flags)
{
    struct sugov_cpu *c = (struct sugov_cpu *)hook; /* update_util is the first member */
    struct pgov_scx_rec *r = kscr();
    struct cpufreq_policy *pol;
    struct rq *rq;
    uint32_t cpu;

    if (!r)
        return 0;
    __builtin_memset(r, 0, sizeof(*r));
    cpu = BPF_CORE_READ(c, cpu);
    pol = BPF_CORE_READ(c, sg_policy, policy);
    r->kind = PGOV_SCX_REC_KSUGOV;
    r->now = time;
    r->cpu = cpu;
    r->flags = flags;
    if (cpu != bpf_get_smp_processor_id())
        r->kflags |= PGOV_SCX_K_REMOTE;
    r->prm.rate_limit_ns = BPF_CORE_READ(c, sg_policy, freq_update_delay_ns);
    r->prm.tick_ns = PGOV_SCX_TICK_NS;
    r->prm.max_cap = PGOV_SCX_CPUPERF_ONE; /* qemu's CPUs: arch capacity 1024 */
    r->prm.max_freq_khz = BPF_CORE_READ(pol, cpuinfo.max_freq);
    r->prm.min_khz = BPF_CORE_READ(pol, min);
    r->prm.max_khz = BPF_CORE_READ(pol, max);
    r->kcur_khz = BPF_CORE_READ(pol, cur);
    sugov_state(c, &r->st);
    rq = bpf_per_cpu_ptr(&runqueues, cpu);
    if (rq) {
        r->kcpu_bw_dl = (uint32_t)((BPF_CORE_READ(rq, dl.running_bw) * 1024) >> 20);
        r->kscx_target = BPF_CORE_READ(rq, scx.cpuperf_target);
    }
    r->running = 1; /* in a callback: the probes below fill r */
    return 0;
}

SEC("fexit/effective_cpu_util")
int BPF_PROG(pgov_k_eff_util, int cpu, unsigned long util_cfs, unsigned long *min,
             unsigned long *max, unsigned long ret)
{
    struct pgov_scx_rec *r = kscr();
    unsigned long v = 0;

    if (!r || !r->running)
        return 0;
    r->kflags |= PGOV_SCX_K_EVALUATED;
    r->kutil_cfs = (uint32_t)util_cfs;
    r->util = (uint32_t)ret;
    if (min && !bpf_probe_read_kernel(&v, sizeof(v), min))
        r->uclamp_min = (uint32_t)v;
    if (max && !bpf_probe_read_kernel(&v, sizeof(v), max))
        r->uclamp_max = (uint32_t)v;
    return 0;
}

SEC("fexit/sugov_hold_freq")
int BPF_PROG(pgov_k_hold, struct sugov_cpu *c, bool ret)
{
    struct pgov_scx_rec *r = kscr();

    if (r && r->running && ret)
        r->kflags |= PGOV_SCX_K_HELD;
    return 0;
}

/* What the driver was asked, by fast switch (in the callback) or the slow
 * path (schedutil's kthread, which the guest runs take): counted. */
uint64_t nr_fast_switch, nr_driver_target;

SEC("fentry/cpufreq_driver_fast_switch")
int BPF_PROG(pgov_k_fast, struct cpufreq_policy *policy, unsigned int target_freq)
{
    __sync_fetch_and_add(&nr_fast_switch, 1);
    return 0;
}

SEC("fentry/__cpufreq_driver_target")
int BPF_PROG(pgov_k_target, struct cpufreq_policy *policy, unsigned int target_freq,
             unsigned int relation)
{
    __sync_fetch_and_add(&nr_driver_target, 1);
    return 0;
}

SEC("fexit/sugov_update_single_freq")
int BPF_PROG(pgov_k_sugov_out, struct update_util_data *hook, u64 time, unsigned int flags)
{
    struct pgov_scx_rec *r = kscr(), *o;

    if (!r || !r->running)
        return 0;
    r->running = 0;
    sugov_state((struct sugov_cpu *)hook, &r->kafter);
    /* Committed: a new next_freq (or a forced update) stamps the time; the
     * driver gets it now (fast switch) or from schedutil's kthread. */
    if (r->kafter.last_freq_update_ns != r->st.last_freq_update_ns ||
        r->kafter.next_freq != r->st.next_freq) {
        r->kflags |= PGOV_SCX_K_COMMIT;
        r->target = r->kafter.next_freq;
    }
    o = log_rec(PGOV_SCX_REC_KSUGOV, r->now, r->cpu);
    if (!o)
        return 0;
    __builtin_memcpy(o, r, sizeof(*o));
    bpf_ringbuf_submit(o, 0);
    __sync_fetch_and_add(&nr_logged, 1);
    return 0;
}

SEC(".struct_ops.link")
struct sched_ext_ops pgov_ops = {
    .select_cpu = (void *)pgov_select_cpu,
    .enqueue = (void *)pgov_enqueue,
    .runnable = (void *)pgov_runnable,
    .running = (void *)pgov_running,
    .tick = (void *)pgov_tick,
    .stopping = (void *)pgov_stopping,
    .quiescent = (void *)pgov_quiescent,
    .exit = (void *)pgov_exit,
    .name = "pgov",
};
