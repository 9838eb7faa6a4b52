/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace signals: the state the rebuild shares between its parts
 * (signals.c: the run over the events; signals_entity.c: tasks, CPUs and
 * their PELT/util_est updates; signals_compare.c: kernel samples against
 * the rebuilt values; signals_flush.c: samples held until their transition;
 * signals_transition.c: switch, wakeup, migrate). Internal to pgov-trace.
 */
#ifndef PGT_SIGNALS_INT_H
#define PGT_SIGNALS_INT_H

#include <pgov/pelt.h>
#include <pgov/pelt_group.h>
#include <pgov/util_est.h>

#include "trace.h"

#define W 1024u
#define PGT_WARMUP_NS 345000000ull /* 11 half-lives: a zero start is < 0.5 off */
#define PGT_GROUP_NS 2000000ull     /* samples within this before an event belong to it */
#define PGT_PENDING 64
#define PGT_STALL_NS 1000000ull     /* an idle exit this long before its switch: a stall */
#define PGT_LATE_SWITCH_NS 20000000ull /* the longest a switch is looked for after its dequeue */
/* ... after its dequeue's samples, the next event of the CPU's own buffer:
 * __schedule switches right after the dequeue, so a gap is a stalled vCPU
 * (TCG: 180 ms on qemu-6.1-groups); the bound only caps the scan's cost */
#define PGT_SLEEP_SWITCH_NS 1000000000ull
/* POL_STOP: the stop class (migration/N), printed with prio 0 like RT 99 */
enum policy { POL_CFS = 0, POL_RT, POL_DL, POL_IDLE, POL_STOP };

struct task {
    int32_t pid; /* -1: free slot */
    struct pgov_pelt_avg se;
    struct pgov_util_est_task ue;
    int32_t cpu; /* CPU it is queued on / was last attached to, -1: none */
    uint8_t on_rq, running, attached, policy, seeded, ue_seeded, dead;
    uint8_t exiting; /* sched_process_exit seen, its autogroup move not yet applied */
    uint8_t known; /* seen in a scheduling event since the start or the last loss */
    uint8_t relearn; /* a lost-events marker since its last scheduling event (through groups) */
    uint8_t placed; /* its attachment is known (any scheduling event placed it) */
    uint8_t sync_pending; /* first seen waking away from sync_cpu: its sync sample is its removal */
    uint8_t mig_idle; /* last moved by load balance to an idle CPU, not picked there since */
    int32_t sync_cpu;
    uint64_t born; /* first seen, for the warm-up */
    int32_t ent, ent_ue;
    uint32_t guess; /* transitions of this task placed without a kernel time */
    /* through task groups (signals_group.c): its entity in the hierarchy,
     * whose avg mirrors `se` around each walk, its group and CPU there */
    struct pgov_pelt_se tse;
    uint32_t grp; /* 1 + an index in pgt_trace.group, 0: the root */
    int32_t tcpu;
    uint8_t tinit, tattached;
};

struct cpu {
    struct pgov_pelt_avg cfs, rt, dl;
    struct pgov_pelt_clock clk;
    struct pgov_util_est_rq ue;
    bool started, cfs_seeded, rt_seeded, dl_seeded, ue_seeded;
    bool cfs_exact;   /* the cfs seed came from a sample just after a period crossing */
    uint64_t cfs_klut; /* update_time of the last cfs sample, 0: none yet */
    bool known; /* a sched_switch was seen here since the start or the last loss */
    bool lost_hit; /* a lost-events marker of this CPU was seen */
    bool lost_open; /* ... and no event of this CPU since: the lost stretch goes on */
    bool began;     /* an event of this CPU's buffer was seen (a marker is not one) */
    uint32_t nr;    /* queued cfs tasks */
    int32_t curr;   /* running pid, 0: idle */
    uint32_t curr_policy;
    uint32_t freq_cap;
    uint64_t born;
    int32_t ent[PGT_NKINDS];
    int32_t phase; /* PELT period start, units mod 1024; -1: unknown */
    int32_t first_curr;  /* running when the trace began (prev of its first sched_switch), 0: none */
    uint32_t first_prio;
    uint64_t rm_load, rm_util, rm_run; /* "removed": applied at the next cfs update */
    uint64_t idle_exit; /* the last cpu_idle exit not followed by an idle entry, 0: none */
    int32_t wake_pid;   /* the task the last transition here woke, 0: another transition */
    uint64_t wake_read; /* that wake-up's clock reading, from the woken task's sample, 0: none */
    bool mig_idle;      /* a task was moved here by load balance while idle (clock skip) */
    uint32_t guess;     /* transitions here placed without a kernel time */
    uint64_t last_now;  /* the latest time an update of this rq was applied at */
    int32_t slept_pid;  /* the running task already dequeued for its sleep (newidle pull), 0: none */
    bool slept_put;     /* ... and put back at its dequeue's time (a late switch): no cfs task runs */
    size_t pend[PGT_PENDING];
    uint32_t npend;
};

struct ctx {
    const struct pgt_trace *t;
    const struct pgt_platform *p;
    struct pgt_signals *out;
    bool keep;
    struct pgt_pidtab tasks; /* pid -> struct task */
    struct cpu *cpu;
    uint32_t ncpu;
    struct pgov_util_est_cfg uecfg;
    uint32_t max_avg;
    bool clock_identity; /* the PELT clock is the task clock (every CPU at capacity 1024
                            without frequency invariance, or a kernel before 5.1) */
    bool contrib_scaled; /* before 5.1 with invariance: scaled contributions */
    bool ue; /* the kernel has util_est (4.17+): rebuild and compare it */
    struct sg_groups *grp; /* the hierarchy (signals_group.c); NULL: tasks sit on the root */
    bool lost_any; /* a lost-events marker was seen, on any CPU */
    uint64_t t0;   /* the first event's time; a marker before every event has none of its own (0) */
    char *err;
    size_t errlen;
    int fail;
};

/* signals.c */
void sg_chk(struct ctx *c, int r, const char *what);

/* signals_entity.c */
struct task *sg_task_get(struct ctx *c, int32_t pid, uint64_t ts);
int32_t sg_entity(struct ctx *c, int32_t pid, uint32_t cpu, uint32_t kind, uint32_t seed);
void sg_cpu_start(struct ctx *c, uint32_t i, uint64_t ts);
uint64_t sg_pelt_of_scaled(struct ctx *c, uint32_t i, uint64_t ts);
void sg_upd_task(struct ctx *c, struct task *k, uint64_t now);
void sg_upd_rq(struct ctx *c, uint32_t i, uint64_t now);
void sg_detach_removed(struct ctx *c, struct task *k);
void sg_attach(struct ctx *c, struct task *k, uint32_t i);
void sg_ue_sleep(struct ctx *c, struct task *k, struct cpu *p, bool sleep);
void sg_ue_store(const struct cpu *p, struct task *k, uint32_t enq, uint32_t ewma, uint32_t flag);
void sg_ue_from_sum(struct ctx *c, struct task *k, uint32_t i);

/* signals_compare.c */
void sg_compare(struct ctx *c, size_t idx);
void sg_record(struct ctx *c, int32_t *ent, int32_t pid, uint32_t cpu, uint32_t kind, uint32_t seed,
               uint64_t ts, uint64_t kv, uint64_t rv, uint32_t epoch);
void sg_seed_avg(struct ctx *c, struct pgov_pelt_avg *sa, const struct pgt_event *e, uint64_t lut,
                 int32_t phase, uint64_t weight);

/* signals_group.c: the rebuild through task groups, on when the trace
 * names groups and --kver is 6.1 or later; every sg_grp_* call is a no-op
 * otherwise */
int sg_grp_setup(struct ctx *c);
void sg_grp_free(struct ctx *c);
struct pgov_pelt_avg *sg_grp_root(struct ctx *c, uint32_t i); /* NULL: no hierarchy */
void sg_grp_root_update(struct ctx *c, uint32_t i, uint64_t now);
void sg_grp_task_init(struct ctx *c, struct task *k);
void sg_grp_adopt(struct ctx *c, struct task *k, uint32_t i);
void sg_grp_enqueue(struct ctx *c, struct task *k, uint32_t i, uint64_t now);
void sg_grp_dequeue(struct ctx *c, struct task *k, uint64_t now, bool migrating);
void sg_grp_run(struct ctx *c, struct task *k, uint64_t now);
void sg_grp_put(struct ctx *c, struct task *k, uint64_t now);
void sg_grp_tick(struct ctx *c, uint32_t i, uint64_t now);
bool sg_grp_remove(struct ctx *c, struct task *k);
bool sg_grp_new(struct ctx *c, struct task *k, uint32_t i);
void sg_grp_path(struct ctx *c, const struct pgt_event *e, uint64_t at);
void sg_grp_moves_at(struct ctx *c, size_t idx, uint64_t at); /* the moves found to happen at event idx */
bool sg_grp_exit_root(struct ctx *c, struct task *k, uint64_t at); /* a root task's move at exit */
void sg_grp_propagation(struct ctx *c, const struct pgt_event *e, uint32_t g, uint64_t at);
void sg_grp_step(struct ctx *c, size_t idx);
bool sg_grp_debug(void); /* PGT_GDEBUG set in the environment */
void sg_grp_compare(struct ctx *c, const struct pgt_event *e, uint32_t i, uint64_t at, bool seed_ok);
void sg_grp_lost(struct ctx *c, uint32_t i, bool counts); /* a lost-events marker on CPU i */
void sg_grp_recount(struct ctx *c, uint32_t i, struct task *kp); /* CPU i's first switch after one */
bool sg_grp_unsettled(const struct ctx *c, uint32_t i); /* a marker hit CPU i, no switch since */

/* signals_flush.c */
void sg_flush(struct ctx *c, uint32_t i, bool pre, bool attach_detach);
void sg_flush_older(struct ctx *c, uint32_t i, uint64_t before);
uint64_t sg_t_eff(struct ctx *c, uint32_t i, const struct pgt_event *ev, uint64_t *at);
void sg_flush_stale(struct ctx *c, uint32_t i, uint64_t ts);
void sg_hold(struct ctx *c, size_t idx);
uint32_t sg_policy_of(const struct ctx *c, uint32_t prio, int32_t pid);

/* signals_transition.c */
void sg_start_curr(struct ctx *c, uint32_t i, uint64_t ts);
void sg_on_switch(struct ctx *c, const struct pgt_event *e);
void sg_on_wakeup(struct ctx *c, const struct pgt_event *e, bool fresh);
void sg_on_migrate(struct ctx *c, const struct pgt_event *e);
void sg_relearn(struct ctx *c, size_t idx); /* a task sample after a lost-events marker */
void sg_sleep_at_dequeue(struct ctx *c, size_t idx);

static inline uint64_t pelt_of(struct ctx *c, uint32_t i, uint64_t ts)
{
    if (c->clock_identity || !c->cpu[i].started)
        return ts; /* one clock: capacity 1024 without frequency invariance, or before 5.1 */
    return sg_pelt_of_scaled(c, i, ts);
}

/* The kernel reads CPU i's clock at task time ts (never backwards). */
static inline void clock_to(struct ctx *c, uint32_t i, uint64_t ts)
{
    struct cpu *p = &c->cpu[i];
    if (c->clock_identity || !p->started || ts <= p->clk.clock_task)
        return;
    sg_chk(c, pgov_pelt_clock_update(&p->clk, ts, p->curr == 0, c->p->cap[i], p->freq_cap),
        "pgov_pelt_clock_update");
}

#endif
