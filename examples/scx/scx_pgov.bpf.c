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
