/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_scx.bpf.h: libpgov's CPU performance policy for a sched_ext
 * scheduler, in a few calls. A scheduler keeps one struct pgov_scx_task per
 * task (task storage) and one struct pgov_scx_cpu per CPU (an array map)
 * and calls, from its struct_ops callbacks:
 *
 *   runnable(p, enq_flags)  pgov_scx_runnable(tc, now, iowait)
 *   running(p)              pgov_scx_running(tc, cc, now, &in) -> target
 *   tick(p)                 pgov_scx_tick(tc, cc, now, &in)    -> target
 *   stopping(p, runnable)   pgov_scx_stopping(tc, cc, now)
 *   quiescent(p, deq_flags) pgov_scx_quiescent(tc, now)
 *
 * and passes a target >= 0 to scx_bpf_cpuperf_set(cpu, target) (the
 * callbacks run on the CPU they name, as the 7.3 lock rule wants).
 *
 * The policy: per-task and per-CPU PELT (pgov/core/scx.h, half-life
 * PGOV_SCX_PELT_HALFLIFE), the CPU's utilisation max(CPU signal, running
 * task's signal), then schedutil's single-CPU decision
 * (pgov_sugov_core_decide: iowait boost, rate limit, 1.25 headroom, uclamp
 * of the running task) on a policy whose "frequency" is the performance
 * level itself: max_freq = max = 1024, so the committed value is the
 * scx_bpf_cpuperf_set() argument and raw = perf * 1024 / capacity.
 * Everything is forced inline: no BPF-to-BPF call.
 *
 * Include it after vmlinux.h (through pgov_scx_vmlinux.h, whose guards let
 * libpgov's <stdint.h> use fit vmlinux.h's types).
 *
 * Optional hooks (define before including; default: nothing), for a log:
 *   PGOV_SCX_ON_PELT(kind, id, now, load, runnable, running, avg_ptr)
 *     kind 1/2 task init/update (id = tc->id), 3/4 CPU init/update (id = cc->cpu)
 *   PGOV_SCX_ON_DECIDE(cc, id, now, prm_ptr, in_ptr, res_ptr, target)
 *     id = the running task's tc->id
 */
#ifndef PGOV_SCX_BPF_H
#define PGOV_SCX_BPF_H

/* The inline core tier (docs/embedding.md): a BPF object cannot link
 * libpgov.so, so the tier's link check does not apply (core/gate.h). */
#ifndef PGOV_CORE_UNSTABLE
#define PGOV_CORE_UNSTABLE 1
#endif
#include <pgov/core/scx.h>
#include <pgov/core/sugov.h>

#ifndef __always_inline /* bpf_helpers.h's, when it came first */
#define __always_inline inline __attribute__((always_inline))
#endif

#ifndef PGOV_SCX_RATE_LIMIT_NS
#define PGOV_SCX_RATE_LIMIT_NS 2000000ull /* schedutil's rate_limit_us, 2 ms */
#endif
#ifndef PGOV_SCX_TICK_NS
#define PGOV_SCX_TICK_NS 4000000ull /* TICK_NSEC at HZ=250 (Debian) */
#endif
#ifndef PGOV_SCX_ON_PELT
#define PGOV_SCX_ON_PELT(kind, id, now, load, runnable, running, avg)                        \
    do {                                                                                     \
        (void)(kind);                                                                        \
        (void)(id);                                                                          \
    } while (0)
#endif
#ifndef PGOV_SCX_ON_DECIDE
#define PGOV_SCX_ON_DECIDE(cc, id, now, prm, in, res, target) do { } while (0)
#endif
#define PGOV_SCX_WEIGHT 1024u /* PELT load weight: every task nice 0 for the signal */

struct pgov_scx_task {
    struct pgov_pelt_avg avg;
    uint32_t started; /* avg initialised */
    uint32_t iowait;  /* woken from I/O wait: boost at the next running() */
    uint32_t id;      /* the scheduler's name for it (a pid), for the hooks */
    uint32_t pad;
};

struct pgov_scx_cpu {
    struct pgov_pelt_avg avg;    /* 1 while a task runs on the CPU */
    struct pgov_sugov_state st;  /* schedutil state of the CPU's target */
    uint32_t curr;               /* a task is running */
    uint32_t started;
    uint32_t cpu;                /* set by the scheduler: its index */
    uint32_t pad;
};

/* What the scheduler reads from the running task and the CPU. */
struct pgov_scx_in {
    uint32_t cap;        /* scx_bpf_cpuperf_cap(cpu), 1..1024 */
    uint32_t uclamp_min; /* p->uclamp[UCLAMP_MIN].value (1024 scale) */
    uint32_t uclamp_max; /* p->uclamp[UCLAMP_MAX].value */
};

/* One PELT step of a signal; started at the first one, as a new entity. */
static __always_inline void pgov_scx_pelt_step(struct pgov_pelt_avg *sa, uint32_t *started,
                                               uint32_t kind, uint32_t id, uint64_t now,
                                               uint32_t load, uint32_t running)
{
    if (!*started) {
        pgov_scx_pelt_init(sa, now);
        *started = 1;
        PGOV_SCX_ON_PELT(kind, id, now, 0, 0, 0, sa);
        return;
    }
    pgov_scx_pelt_update(sa, now, load, load, running, PGOV_SCX_WEIGHT);
    PGOV_SCX_ON_PELT(kind + 1, id, now, load, load, running, sa);
}

static __always_inline void pgov_scx_task_step(struct pgov_scx_task *tc, uint64_t now,
                                               uint32_t load, uint32_t running)
{
    pgov_scx_pelt_step(&tc->avg, &tc->started, 1, tc->id, now, load, running);
}

static __always_inline void pgov_scx_cpu_step(struct pgov_scx_cpu *cc, uint64_t now)
{
    pgov_scx_pelt_step(&cc->avg, &cc->started, 3, cc->cpu, now, cc->curr, cc->curr);
}

/* The schedutil evaluation of the CPU's target; >= 0: set it, -1: keep. */
static __always_inline int64_t pgov_scx_decide(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc,
                                               uint64_t now, const struct pgov_scx_in *x)
{
    struct pgov_sugov_params prm = {
        .rate_limit_ns = PGOV_SCX_RATE_LIMIT_NS, .tick_ns = PGOV_SCX_TICK_NS,
        .max_cap = x->cap, .max_freq_khz = PGOV_SCX_CPUPERF_ONE, .min_khz = 0,
        .max_khz = PGOV_SCX_CPUPERF_ONE,
    };
    uint64_t u = cc->avg.util_avg > tc->avg.util_avg ? cc->avg.util_avg : tc->avg.util_avg;
    struct pgov_sugov_input in = {
        .size = sizeof(in), .flags = tc->iowait ? PGOV_UPDATE_IOWAIT : 0,
        .util = u > PGOV_SCX_CPUPERF_ONE ? PGOV_SCX_CPUPERF_ONE : (uint32_t)u,
        .uclamp_min = x->uclamp_min, .uclamp_max = x->uclamp_max,
    };
    struct pgov_sugov_result res;
    int64_t target = -1;

    tc->iowait = 0;
    pgov_sugov_core_decide(&prm, PGOV_SUGOV_RULES_CURRENT, &cc->st, now, &in, NULL, &res);
    if (res.path == PGOV_SUGOV_PATH_COMMIT)
        target = res.next_f; /* <= max_khz = 1024: scx_bpf_cpuperf_set never aborts */
    PGOV_SCX_ON_DECIDE(cc, tc->id, now, &prm, &in, &res, target);
    return target;
}

/* runnable(): the task slept until now; @iowait: woken from I/O wait. */
static __always_inline void pgov_scx_runnable(struct pgov_scx_task *tc, uint64_t now, bool iowait)
{
    pgov_scx_task_step(tc, now, 0, 0);
    tc->iowait = iowait;
}

/* running(): the task waited, the CPU ran another task or idled. */
static __always_inline int64_t pgov_scx_running(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc,
                                                uint64_t now, const struct pgov_scx_in *x)
{
    pgov_scx_task_step(tc, now, 1, 0);
    pgov_scx_cpu_step(cc, now);
    cc->curr = 1;
    return pgov_scx_decide(tc, cc, now, x);
}

/* tick(): the task ran the whole interval. */
static __always_inline int64_t pgov_scx_tick(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc,
                                             uint64_t now, const struct pgov_scx_in *x)
{
    pgov_scx_task_step(tc, now, 1, 1);
    pgov_scx_cpu_step(cc, now);
    return pgov_scx_decide(tc, cc, now, x);
}

/* stopping(): the task ran until now; the CPU's signal stops counting. */
static __always_inline void pgov_scx_stopping(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc,
                                              uint64_t now)
{
    pgov_scx_task_step(tc, now, 1, 1);
    pgov_scx_cpu_step(cc, now);
    cc->curr = 0;
}

/* quiescent(): runnable and not running until now, then asleep. */
static __always_inline void pgov_scx_quiescent(struct pgov_scx_task *tc, uint64_t now)
{
    pgov_scx_task_step(tc, now, 1, 0);
}

#endif /* PGOV_SCX_BPF_H */
