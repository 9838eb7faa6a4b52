/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The state of one simulation run, shared by the rooms of a run (machine,
 * topo, cpuidle, sched, place, balance, policy, signals); each room's
 * functions are in its own header. Nothing here outlives sim_run().
 */
#ifndef PGOV_SIM_RUN_H
#define PGOV_SIM_RUN_H

#include "engine.h"
#include "loop.h"
#include "scenario.h"
#include "signals.h"

enum task_state { T_RUNNABLE = 1, T_SLEEP, T_IO, T_WAITCHILD, T_WAITSEM, T_DEAD };

struct sim_task {
    uint32_t gen; /* bumped whenever a pending wake event becomes stale */
    uint32_t state;
    uint32_t script;
    uint32_t pc;
    uint32_t loop_idx[8];
    uint64_t loop_left[8];
    uint32_t depth;
    int32_t cpu;       /* runqueue it is on, or last CPU it ran on */
    int32_t io_cpu;    /* CPU whose nr_iowait counts it, or -1 */
    double rem;        /* cycles left in the current compute op */
    uint32_t insens;   /* permille of those cycles that do not scale with frequency */
    bool wheel;        /* sleeping on a timer-wheel timer */
    int32_t parent;
    uint32_t parent_gen; /* the parent's gen at fork: a reused slot is not the parent */
    int32_t pin;       /* CPU the task is bound to, or -1 */
    bool daemon;
    bool background;
    bool irq;          /* interrupt work (`start ... irq`): its CPU counts as idle to wake-ups */
    uint32_t live_children;
    struct sim_rng rng;
    int32_t next_free; /* free-list link for dead slots */
    uint64_t last_ran; /* when it last stopped running (se.exec_start): cache-hot window */
    struct sig_task sig;
};

/* sched.c's rate of progress for one (frequency, SMT share, insensitive
 * permille): cycles per ns. */
struct sim_rate_memo {
    uint32_t eff_khz, share_pm, insens;
    bool valid;
    double rate;
};

struct sim_cpu {
    uint32_t id;
    /* ---- hardware */
    uint32_t req_khz; /* what the policy asked for (after driver conversion) */
    uint32_t eff_khz; /* what the core runs at (domain and turbo bins applied) */
    uint32_t share_pm; /* permille of the core's throughput this thread gets (SMT) */
    int32_t sib;      /* the other thread of its core, or -1 (topo_sibling) */
    /* Its package and P-state domain, [first, first + n): looked up once per
     * run (mach_init), as every C0 change and retune asks. */
    uint32_t pkg_first, pkg_n, dom_first, dom_n;
    bool c0;
    uint32_t cstate;  /* 1 or 6 while idle */
    uint64_t hw_t;    /* counters/energy folded up to here */
    uint64_t aperf, mperf, aperf_rem, mperf_rem;
    double energy_j;
    uint64_t freq_changes;
    uint64_t hwp_req; /* last IA32_HWP_REQUEST written */
    uint64_t hwp_cap; /* IA32_HWP_CAPABILITIES */
    double hwp_win_c0; /* C0 ns in the current HWP window */
    /* ---- idle accounting (get_cpu_idle_time) */
    uint64_t idle_t, idle_ns, iowait_ns, idle_stamp, last_idle_len;
    uint64_t idle_hist[8]; /* the last 8 idle periods as menu records them (cpuidle.c) */
    uint32_t idle_hist_i;
    uint64_t next_timer; /* earliest timer a task that slept here armed (menu's sleep length) */
    uint64_t menu_sleep; /* that length at idle entry; UINT64_MAX: none known */
    uint32_t menu_factor[6]; /* menu's correction factors by sleep length, x 1024 x 8 */
    uint32_t nr_iowait;
    /* ---- load balancing (balance.c) */
    uint64_t avg_idle;     /* rq->avg_idle: average idle period, ns */
    uint64_t nidle_stamp;  /* when new-idle balancing last found nothing; 0: not idle since */
    uint64_t next_balance; /* earliest periodic idle balance */
    uint32_t lb_failed;    /* periodic balances in a row that found an imbalance but moved nothing */
    /* ---- scheduler */
    uint32_t *rq; /* task ids, rq[0] is current */
    uint32_t nr, rq_cap;
    uint64_t run_t;      /* progress of rq[0] accounted up to here */
    uint64_t stall_until;/* rq[0] makes no progress before this (C-state exit, firmware call) */
    uint64_t exit_until; /* the last C-state exit ends here (plat.exit_counts idle) */
    uint64_t slice_start;
    uint64_t done_at, done_seq; /* completion of rq[0]'s compute op, UINT64_MAX: none */
    uint64_t tick_at, tick_seq; /* next tick, UINT64_MAX: tick stopped */
    struct sim_rate_memo rate_memo;
    bool tick_on;
    struct sig_cpu sig;
    /* ---- policy */
    void *gov;       /* libpgov instance, in gov_mem */
    void *gov_mem;
    uint32_t timer_gen;
    bool timer_pending; /* deferrable timer expired while idle */
    /* The governor's deferred work (a kworker) is waiting for or holding the
     * pcc channel until then: cpufreq's work_in_progress, so the CPU's hooks
     * queue no other evaluation meanwhile. */
    uint64_t gov_work_until;
};

struct sim_ctx {
    const struct sim_scenario *sc;
    const struct sim_workload *wl;
    const struct sim_policy_spec *pol;
    const struct sim_platform *plat;
    uint32_t ncpu;
    uint32_t nwork; /* CPUs 0..nwork-1 take the workload's unpinned tasks (work_cpus) */
    uint64_t now;
    uint64_t tick_ns;
    uint32_t n_active;
    /* By a package's first CPU: its cores with a thread in C0 (the turbo
     * bins' count), kept by mach_set_c0 rather than counted per retune. */
    uint32_t pkg_cores[SIM_MAX_CPUS];
    /* By a domain's first CPU (machine.c's dom_vote, retune): its CPUs in
     * C0, their highest request, and the one frequency all its CPUs run at
     * (0: each its own). */
    uint32_t dom_nc0[SIM_MAX_CPUS], dom_max[SIM_MAX_CPUS], dom_eff[SIM_MAX_CPUS];
    struct sim_power pw; /* the platform's active power model */
    struct sim_cpu cpu[SIM_MAX_CPUS];
    struct sim_task *task;
    uint32_t ntask, task_cap, live;
    uint32_t nalive, max_tasks; /* tasks not yet exited (daemons too), and the cap */
    int32_t free_head;
    struct sim_sem {
        uint64_t count;
        uint32_t *q; /* tasks blocked in pend, FIFO */
        uint32_t n, cap;
    } *sem; /* one per workload semaphore */
    struct sim_heap heap;
    struct sim_slots slots; /* each CPU's earlier of done_at and tick_at (cpu_slot_sync) */
    uint64_t slot_dirty[(SIM_MAX_CPUS + 63) / 64]; /* CPUs whose key in slots is stale */
    struct sim_result *res;
    uint64_t ops;
    uint64_t work_ns;
    double work_khz_ns; /* work_ns weighted by the running frequency (work_mhz) */
    uint64_t pcc_busy_until;         /* the shared pcc channel is held until then */
    uint64_t pcc_calls, pcc_wait_ns; /* firmware calls, time spent waiting for the lock */
    uint64_t kernel_ns; /* bookkeeping time charged (sched_charge) */
    uint32_t waker1;    /* during a wake-up's enqueue: 1 + the waking CPU; else 0 */
    uint64_t smi_ns;    /* busy CPUs' time lost to other CPUs' pcc SMIs */
    /* SMM (pcc calls as SMIs, back to back) holds every CPU from smm_from to
     * smm_until: what falls due strictly inside happens when it ends; what
     * fell due at smm_from itself ran before the first doorbell (a tick on
     * every CPU at once) and queues on the lock. */
    uint64_t smm_from, smm_until;
    uint64_t ipis;      /* TLB-flush IPIs after exec moves (exec_shootdown) */
    uint64_t csw_vol, csw_invol, migrations, idle_ticks; /* robot-style counters (workload tasks) */
    bool stop;
    int fail;
    int last_line; /* workload line of the op a task ran last */
    struct sim_err *err;
    struct sim_policy_state *ps;
    /* util_est's place in a dequeue, fixed per run (sig_init): 4.17's order,
     * and 7.2's update inside the PELT update. */
    bool ue_old_order, ue_post_update;
};

/* After a write to @p's done_at or tick_at: its key in c->slots is stale
 * until the event loop next looks (slots_flush); a CPU re-armed many
 * times within one event is re-keyed once. */
static inline void cpu_slot_sync(struct sim_ctx *c, const struct sim_cpu *p)
{
    uint32_t i = p->id; /* p - c->cpu is a division by sizeof(struct sim_cpu) */
    c->slot_dirty[i / 64] |= 1ull << (i % 64);
}

#endif
