/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_oracle.ko, task-group part: a kretprobe on update_load_avg(cfs_rq,
 * se, flags) for every group entity, and every entity of a group's
 * runqueue (tests/oracle/oracle_rec.h, OREC_GRP*). The entry handler copies
 * what the update reads and writes: the runqueue's signal, removed load,
 * pending propagation and tg contribution; the entity's signal and inputs;
 * for a group entity its own runqueue's signal and pending propagation. The
 * return handler copies the same state again. The host replays each one
 * through pgov_pelt_group_update_load_avg() (+ _update_tg) and compares
 * every field (oracle_group.c).
 *
 * The PELT clock the update used (cfs_rq_clock_pelt, with the bandwidth
 * corrections) is not recomputed here: it is the `now` argument of the
 * __update_load_avg_cfs_rq call that update_cfs_rq_load_avg always makes
 * inside, taken by the core's probe through grp_saw_cfs(). The rq lock is
 * held with interrupts off, so one slot per CPU suffices.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include "pgov_oracle.h"

#define OFFSET_PARAM(name) \
    static int name = -1;  \
    module_param(name, int, 0444)
OFFSET_PARAM(cfs_rq_removed);        /* the removed {lock, nr, load_avg, util_avg, runnable_avg} */
OFFSET_PARAM(cfs_rq_propagate);
OFFSET_PARAM(cfs_rq_prop_runnable_sum);
OFFSET_PARAM(cfs_rq_tg_load_avg_contrib);
OFFSET_PARAM(cfs_rq_last_update_tg); /* 6.12+: last_update_tg_load_avg; -1 before */
OFFSET_PARAM(cfs_rq_tg_runnable_contrib); /* 7.3: tg_runnable_avg_contrib; -1 before */
OFFSET_PARAM(cfs_rq_rq);             /* the cfs_rq's struct rq */
OFFSET_PARAM(rq_clock);              /* rq->clock: 7.3's update_tg_load_avg clock */
/* the core's, read here as well */
extern int cfs_rq_load, cfs_rq_h_nr_running, cfs_rq_h_nr_runnable, cfs_rq_curr, rq_cpu;

/* The kernel's anonymous cfs_rq.removed: same members, same order. */
struct oracle_removed {
    raw_spinlock_t lock;
    int nr;
    unsigned long load_avg, util_avg, runnable_avg;
};

struct grp_slot {
    const void *cfs_rq; /* the update in progress on this CPU */
    u64 now;
    bool have_now;
    bool removed; /* a remove_entity_load_avg on that cfs_rq began meanwhile */
};
static DEFINE_PER_CPU(struct grp_slot, grp_slot);
static DEFINE_PER_CPU(u32, grp_seq);

void grp_saw_cfs(const void *cfs_rq, u64 now)
{
    struct grp_slot *s = this_cpu_ptr(&grp_slot);

    if (s->cfs_rq == cfs_rq && !s->have_now) {
        s->now = now;
        s->have_now = true;
    }
}

/* remove_entity_load_avg(se) adds to se->cfs_rq's removed load under the
 * removed lock only, from any CPU: an update of that cfs_rq in progress on
 * another CPU may have read it or not, so its row is marked when the two
 * overlap at all. An update publishes its slot before it snapshots its
 * entry state and clears it after its return state; a remove publishes
 * its cfs_rq in removing[] from its entry to its return. Each side
 * publishes, then (after a full barrier) looks at the other's: a remove
 * that begins during the update marks the slot, one already in progress
 * when the update begins is found by the update's own look. */
#define REMOVE_NEST 4 /* removes in progress on one CPU (an interrupt's nests) */
struct removing {
    const void *cfs_rq[REMOVE_NEST];
    unsigned int depth;
};
static DEFINE_PER_CPU(struct removing, removing);

static void mark_removed(const void *c)
{
    int cpu;

    /* possible, not online: a CPU being unplugged updates after it has
     * left the online mask */
    for_each_possible_cpu(cpu) {
        struct grp_slot *s = per_cpu_ptr(&grp_slot, cpu);
        if (READ_ONCE(s->cfs_rq) == c)
            WRITE_ONCE(s->removed, true);
    }
}

/* A remove of @c in progress on any CPU (the update's look). */
static bool removing_now(const void *c)
{
    int cpu;
    unsigned int i;

    for_each_possible_cpu(cpu) {
        const struct removing *m = per_cpu_ptr(&removing, cpu);
        for (i = 0; i < REMOVE_NEST; i++)
            if (READ_ONCE(m->cfs_rq[i]) == c)
                return true;
    }
    return false;
}

static int ent_remove(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    const struct sched_entity *se = (void *)regs_get_kernel_argument(regs, 0);
    const void **c = (void *)ri->data;
    struct removing *m = this_cpu_ptr(&removing);
    unsigned int d = m->depth++;

    *c = READ_ONCE(se->cfs_rq);
    if (d < REMOVE_NEST)
        WRITE_ONCE(m->cfs_rq[d], *c);
    smp_mb(); /* published before the slots are looked at */
    mark_removed(*c);
    return 0;
}

static int ret_remove(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct removing *m = this_cpu_ptr(&removing);
    unsigned int d = --m->depth;

    mark_removed(*(const void **)ri->data);
    if (d < REMOVE_NEST)
        WRITE_ONCE(m->cfs_rq[d], NULL);
    return 0;
}

struct grp_pending {
    struct orec r[OREC_GRP_PARTS];
    void *cfs_rq;
    struct sched_entity *se;
    unsigned long remove_missed; /* remove_missed() at entry */
};

static struct kretprobe remove_probe;

/* The remove probe's misses so far (hit inside another probe's handler, or
 * no kretprobe instance): a remove missed during an update leaves its race
 * unmarked, so the update is marked as not known instead. */
static unsigned long remove_missed(void)
{
    return READ_ONCE(remove_probe.kp.nmissed) + READ_ONCE(remove_probe.nmissed);
}

static void cfs_scalars(u64 *g, void *c)
{
    const struct oracle_removed *rm = &AT(c, cfs_rq_removed, struct oracle_removed);

    g[0] = rm->load_avg;
    g[1] = rm->util_avg;
    g[2] = rm->runnable_avg;
    g[3] = (u32)rm->nr | (u64)(u32)AT(c, cfs_rq_propagate, long) << 32;
    g[4] = (u64)AT(c, cfs_rq_prop_runnable_sum, long);
    g[5] = AT(c, cfs_rq_tg_load_avg_contrib, unsigned long);
    g[6] = cfs_rq_last_update_tg >= 0 ? AT(c, cfs_rq_last_update_tg, u64) : 0;
    g[7] = cfs_rq_tg_runnable_contrib >= 0 ? AT(c, cfs_rq_tg_runnable_contrib, unsigned long) : 0;
}

static u64 nr_curr(void *c)
{
    u32 nr = AT(c, cfs_rq_h_nr_runnable >= 0 ? cfs_rq_h_nr_runnable : cfs_rq_h_nr_running,
                unsigned int);
    return nr | (u64)!!AT(c, cfs_rq_curr, void *) << 32;
}

static u64 sa_of(const struct sched_avg *sa)
{
    return (u64)(unsigned long)sa;
}

static void g_state(struct orec *r, void *g, int post)
{
    r->x[post] = (u64)AT(g, cfs_rq_prop_runnable_sum, long);
    r->x[2] |= (u64)(u32)AT(g, cfs_rq_propagate, long) << (post ? 32 : 0);
}

static int ent_ula(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct grp_pending *p = (void *)ri->data;
    void *c = (void *)regs_get_kernel_argument(regs, 0);
    struct sched_entity *se = (void *)regs_get_kernel_argument(regs, 1);
    u32 flags = (u32)regs_get_kernel_argument(regs, 2);
    void *g = se->my_q, *rq = AT(c, cfs_rq_rq, void *);
    struct grp_slot *s = this_cpu_ptr(&grp_slot);
    u32 seq = this_cpu_inc_return(grp_seq);
    u8 cpu = smp_processor_id();
    bool delayed = false;
    int i, n = g ? OREC_GRP_PARTS : OREC_GRP_PARTS - 1;

    /* Tasks of the root group are the pelt rows' business. */
    if ((!g && !se->parent) || push_n_full()) {
        p->cfs_rq = NULL;
        return 0;
    }
#ifdef ORACLE_DELAYED
    delayed = !g && se->sched_delayed;
#endif
    /* the slot first, then the snapshot: a remove whose add the snapshot
     * misses overlaps the published slot */
    p->remove_missed = remove_missed();
    s->have_now = false;
    WRITE_ONCE(s->removed, false);
    smp_wmb(); /* removed cleared before the slot names the cfs_rq */
    WRITE_ONCE(s->cfs_rq, c);
    smp_mb(); /* published before removing[] is looked at */
    if (removing_now(c))
        WRITE_ONCE(s->removed, true);
    memset(p->r, 0, sizeof(p->r));
    for (i = 0; i < n; i++) {
        p->r[i].kind = OREC_GRP + i;
        p->r[i].cpu = cpu;
        p->r[i].aux = seq;
    }
    p->cfs_rq = c;
    p->se = se;
    /* head: the runqueue */
    p->r[0].id = sa_of(&AT(c, cfs_rq_avg, struct sched_avg));
    p->r[0].x[1] = flags | (u64)n << 8 | (u64)!se->parent << 16;
    p->r[0].x[2] = AT(c, cfs_rq_load, struct load_weight).weight;
    p->r[0].x[3] = nr_curr(c);
    copy_avg(&p->r[0].pre, &AT(c, cfs_rq_avg, struct sched_avg));
    /* the entity */
    p->r[1].id = sa_of(&se->avg);
    p->r[1].x[0] = se->load.weight;
    p->r[1].x[1] = g ? se->runnable_weight : 0;
    p->r[1].x[2] = (se->on_rq ? 1u : 0u) | (AT(c, cfs_rq_curr, void *) == se ? 2u : 0u) |
                   (g ? 4u : 0u) | (delayed ? 8u : 0u) |
                   (cpu_active(AT(rq, rq_cpu, int)) ? 0u : 16u);
    copy_avg(&p->r[1].pre, &se->avg);
    /* the runqueue's other state, pre in g[0..7] */
    cfs_scalars(p->r[2].g, c);
    /* update_tg_load_avg's clock, 7.3; on 6.12 a lower bound of it
     * (sched_clock_cpu, read at the rq's last update_rq_clock): a read of
     * memory, no call into the clock code from a probe handler. */
    p->r[2].x[3] = AT(rq, rq_clock, u64);
    /* the group's own runqueue */
    if (g) {
        p->r[3].id = sa_of(&AT(g, cfs_rq_avg, struct sched_avg));
        p->r[3].x[3] = AT(g, cfs_rq_load, struct load_weight).weight;
        g_state(&p->r[3], g, 0);
        copy_avg(&p->r[3].pre, &AT(g, cfs_rq_avg, struct sched_avg));
    }
    return 0;
}

static int ret_ula(struct kretprobe_instance *ri, struct pt_regs *regs)
{
    struct grp_pending *p = (void *)ri->data;
    struct grp_slot *s = this_cpu_ptr(&grp_slot);
    void *c = p->cfs_rq, *g;
    unsigned int n;

    if (!c)
        return 0;
    g = p->se->my_q;
    n = (unsigned int)(p->r[0].x[1] >> 8 & 0xff);
    if (s->cfs_rq == c && s->have_now) {
        p->r[0].x[0] = s->now;
        p->r[0].x[1] |= 1ull << 17; /* the clock is known */
    }
    copy_avg(&p->r[0].post, &AT(c, cfs_rq_avg, struct sched_avg));
    copy_avg(&p->r[1].post, &p->se->avg);
    cfs_scalars(p->r[2].g + 8, c);
    if (g) {
        g_state(&p->r[3], g, 1);
        copy_avg(&p->r[3].post, &AT(g, cfs_rq_avg, struct sched_avg));
    }
    /* cleared after the return state: a remove that marks too late for
     * the read below added after that state was taken */
    WRITE_ONCE(s->cfs_rq, NULL);
    smp_mb(); /* cleared before removed is read */
    if (READ_ONCE(s->removed))
        p->r[0].x[1] |= 1ull << 18;
    if (remove_missed() != p->remove_missed)
        p->r[0].x[1] |= 1ull << 19;
    push_n(p->r, n);
    return 0;
}

static struct kretprobe grp_probe = {
    .kp.symbol_name = "update_load_avg",
    .entry_handler = ent_ula,
    .handler = ret_ula,
    .data_size = sizeof(struct grp_pending),
    .maxactive = 512,
};
static struct kretprobe remove_probe = {
    .kp.symbol_name = "remove_entity_load_avg",
    .entry_handler = ent_remove,
    .handler = ret_remove,
    .data_size = sizeof(void *),
    .maxactive = 64,
};
static bool grp_registered, remove_registered;

int oracle_grp_check_layout(void)
{
    if (cfs_rq_removed < 0 || cfs_rq_propagate < 0 || cfs_rq_prop_runnable_sum < 0 ||
        cfs_rq_tg_load_avg_contrib < 0 || cfs_rq_rq < 0 || rq_clock < 0) {
        pr_err("pgov_oracle: a task-group offset is missing\n");
        return -EINVAL;
    }
    return 0;
}

/* update_load_avg may be inlined everywhere in some build: then the group
 * rows are absent (the replay's floor says so), the rest still runs. */
void oracle_grp_register(void)
{
    int err = register_kretprobe(&grp_probe);

    if (err)
        pr_warn("pgov_oracle: kretprobe update_load_avg: %d (no group rows)\n", err);
    grp_registered = !err;
    err = register_kretprobe(&remove_probe);
    if (err)
        pr_err("pgov_oracle: kprobe remove_entity_load_avg: %d (removed-load races unmarked)\n", err);
    remove_registered = !err;
}

void oracle_grp_unregister(void)
{
    if (remove_registered)
        unregister_kretprobe(&remove_probe);
    if (grp_registered)
        unregister_kretprobe(&grp_probe);
    grp_registered = remove_registered = false;
}

void oracle_grp_missed(u64 *missed, u64 *recursed)
{
    *missed += grp_probe.nmissed;
    *missed += remove_probe.nmissed;
    *recursed += grp_probe.kp.nmissed + remove_probe.kp.nmissed;
}
