/* SPDX-License-Identifier: BSD-2-Clause */
/**
 * @file pelt_group.h
 * @brief PELT through the task-group hierarchy: attach, detach, removed
 *        load, propagation into group entities, group shares and the
 *        blocked-load pass (docs/spec/pelt-groups.md; profiles 6.1, 6.12, 7.3).
 *
 * Tasks live in task groups (cgroup `cpu` controller, autogroups). On each
 * CPU a group has a runqueue (::pgov_pelt_cfs) and a group entity
 * (::pgov_pelt_se with `is_group` 1) queued on the parent group's runqueue
 * (the CPU's root runqueue under the root group). A change at a leaf reaches
 * the root `util_avg` (what schedutil reads) only through the rules here,
 * one level per group-entity update.
 *
 * **Division of labour.** The library owns the PELT fields (`avg`,
 * `removed_*`, `prop_runnable_sum`, `propagate`, the tg contributions) and
 * applies the kernel's rules to them. The caller owns the structure: which
 * entity sits on which runqueue, the walks (enqueue, dequeue, tick, pick,
 * blocked pass in leaf-list order) and the counts the kernel keeps beside
 * PELT: `pgov_pelt_cfs.weight` (load.weight, the sum of the scaled weights
 * of the queued entities), `nr_runnable`, `has_curr`, and per entity
 * `on_rq`, `running`, `delayed`, `runnable_weight` (the group count cached
 * by se_update_runnable). The walks of the kernel are sequences of these
 * calls; docs/signals.md "Task groups" gives them, and
 * examples/replay/replay_pelt_group.c drives them from events.
 *
 * **Profiles** (`kver`, kver.h): 6.1 (6.1 .. 6.11), 6.12 (6.12 .. 6.19:
 * update_cfs_group skips empty groups and reweights only on change, 1 ms
 * rate limit on tg->load_avg), 7.0 (the 6.12 rules with the 7.0 floors:
 * every cfs_rq adjustment through upd_sa, 64-bit floors, additions floored
 * too), 7.3 (and ::PGOV_KVER_LATEST: runnable contributions of the group
 * and the `cgroup_mode` share functions, default `concur`). Releases before
 * 6.1 give ::PGOV_ENOTSUP.
 *
 * **Errors.** NULL gives ::PGOV_EINVAL; an invalid signal (pelt.h) or a
 * flag above 1, a non-zero `reserved`, objects with different half-lives or
 * the same object passed twice give ::PGOV_EINVAL (::PGOV_ENOTSUP for an
 * unknown half-life or profile). On error nothing is written.
 *
 * Not modelled: CFS bandwidth throttling and its throttled clocks, CPU
 * hotplug (docs/spec/pelt-groups.md 5.9).
 */
#ifndef PGOV_PELT_GROUP_H
#define PGOV_PELT_GROUP_H

#include <stdint.h>
#include "export.h"
#include "err.h"
#include "kver.h"
#include "pelt.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A CPU's root runqueue or a group's runqueue on one CPU (the PELT
 *        part of the kernel's `struct cfs_rq`).
 *
 * Frozen layout, 152 bytes, 8-byte aligned. Initialise with
 * pgov_pelt_group_cfs_init().
 */
struct pgov_pelt_cfs {
    struct pgov_pelt_avg avg;     /**< the runqueue's signal (offset 0) */
    uint64_t removed_load;        /**< removed.load_avg, pending (offset 64) */
    uint64_t removed_util;        /**< removed.util_avg, pending (offset 72) */
    uint64_t removed_runnable;    /**< removed.runnable_avg, pending (offset 80) */
    int64_t prop_runnable_sum;    /**< pending propagation (offset 88) */
    uint64_t weight;              /**< caller: load.weight, scaled (nice 0 = 1048576 per entity) (offset 96) */
    uint64_t nr_runnable;         /**< caller: runnable tasks below (6.1 h_nr_running, 6.12 h_nr_queued - h_nr_delayed, 7.3 h_nr_runnable) (offset 104) */
    uint64_t tg_load_contrib;     /**< tg_load_avg_contrib (offset 112) */
    uint64_t tg_runnable_contrib; /**< 7.3 tg_runnable_avg_contrib (offset 120) */
    uint64_t tg_last_update;      /**< 6.12+ last_update_tg_load_avg, ns (offset 128) */
    uint32_t removed_nr;          /**< removed.nr (offset 136) */
    uint32_t propagate;           /**< propagation pending, 0/1 (offset 140) */
    uint32_t has_curr;            /**< caller: an entity is current (7.3 h_curr), 0/1 (offset 144) */
    uint32_t reserved;            /**< must be 0 (offset 148) */
};

/** sizeof(struct pgov_pelt_cfs): frozen, every target. */
#define PGOV_PELT_CFS_SIZE 152u

/**
 * @brief A scheduling entity, task or group (the PELT part of `struct
 *        sched_entity`).
 *
 * Frozen layout, 96 bytes. Initialise with pgov_pelt_group_se_init().
 * `avg.last_update_time` 0 means "not attached" (a new or migrated task).
 */
struct pgov_pelt_se {
    struct pgov_pelt_avg avg;  /**< the entity's signal (offset 0) */
    uint64_t weight;           /**< load.weight, scaled: nice 0 = 1048576; a group's share (offset 64) */
    uint64_t runnable_weight;  /**< caller, groups: the count cached at the last enqueue/dequeue walk (offset 72) */
    uint32_t on_rq;            /**< caller: queued, 0/1 (offset 80) */
    uint32_t running;          /**< caller: current of its runqueue (7.3 h_curr), 0/1 (offset 84) */
    uint32_t delayed;          /**< caller: 6.12+ delayed dequeue, 0/1 (offset 88) */
    uint32_t is_group;         /**< 1 for a group entity, 0 for a task (offset 92) */
};

/** sizeof(struct pgov_pelt_se): frozen, every target. */
#define PGOV_PELT_SE_SIZE 96u

/** 7.3 `cgroup_mode` share functions (docs/spec/pelt-groups.md 4.4). */
enum pgov_pelt_group_mode {
    PGOV_PELT_GROUP_MODE_DEFAULT = 0, /**< the profile's: smp before 7.3, concur in 7.3 */
    PGOV_PELT_GROUP_MODE_SMP = 1,     /**< the 6.1 .. 6.19 formula */
    PGOV_PELT_GROUP_MODE_CONCUR = 2,  /**< 7.3: shares times min(tasks, cpus) */
    PGOV_PELT_GROUP_MODE_TASKS = 3,   /**< 7.3: shares times tasks */
    PGOV_PELT_GROUP_MODE_MAX = 4,     /**< 7.3: shares times cpus, limit 88761 * 1024 */
    PGOV_PELT_GROUP_MODE_UP = 5       /**< 7.3: the shares themselves */
};

/**
 * @brief A task group's global part (`struct task_group`, PELT only).
 *
 * Frozen layout, 32 bytes. The caller sets `shares`, `cpus` and `mode`;
 * pgov_pelt_group_update_tg() maintains `load_avg` and `runnable_avg`.
 */
struct pgov_pelt_tg {
    uint64_t shares;       /**< tg->shares, scaled (cpu.weight 100 = 1048576), at least 2 (offset 0) */
    int64_t load_avg;      /**< tg->load_avg: sum of the published contributions (offset 8) */
    int64_t runnable_avg;  /**< 7.3 tg->runnable_avg (offset 16) */
    uint32_t cpus;         /**< 7.3 online CPUs (or the cpuset's), for concur/max; 0 = 1 (offset 24) */
    uint32_t mode;         /**< a ::pgov_pelt_group_mode; only 7.3 reads it (offset 28) */
};

/** sizeof(struct pgov_pelt_tg): frozen, every target. */
#define PGOV_PELT_TG_SIZE 32u

/** update_load_avg() flags (pgov_pelt_group_update_load_avg()). */
enum pgov_pelt_group_flags {
    PGOV_PELT_GROUP_UPDATE_TG = 1, /**< UPDATE_TG: report that tg->load_avg is due */
    PGOV_PELT_GROUP_SKIP_AGE = 2,  /**< SKIP_AGE_LOAD: do not age the entity */
    PGOV_PELT_GROUP_DO_ATTACH = 4, /**< DO_ATTACH: attach an unattached entity */
    PGOV_PELT_GROUP_DO_DETACH = 8  /**< DO_DETACH: detach (a migrating task) */
};

/** Result bits of pgov_pelt_group_update_load_avg() and _blocked(). */
enum pgov_pelt_group_result {
    /** update_load_avg: the runqueue decayed, or the entity was attached or
     *  detached (the cpufreq hook runs if it is the root). blocked: the
     *  listed runqueue decayed (update_tg_load_avg of it is due). */
    PGOV_PELT_GROUP_CHANGED = 1,
    /** update_tg_load_avg() of the parent runqueue is due. */
    PGOV_PELT_GROUP_TG_DUE = 2
};

/**
 * @brief An empty runqueue: every field 0 (never updated:
 *        `last_update_time` 0).
 * @param cfs       the runqueue
 * @param halflife  a ::pgov_pelt_halflife
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_cfs_init(struct pgov_pelt_cfs *cfs, uint32_t halflife);

/**
 * @brief A new entity: a task has `load_avg = se_weight` (init_entity_runnable_average),
 *        a group entity all 0; `weight` = @p weight; not queued, not attached.
 * @param se        the entity
 * @param weight    load.weight, scaled (nice 0 = 1048576, a group: 1048576), not 0
 * @param is_group  1 for a group entity, 0 for a task
 * @param halflife  a ::pgov_pelt_halflife
 * @return ::PGOV_OK, ::PGOV_EINVAL (NULL, @p weight 0, @p is_group > 1), ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_se_init(struct pgov_pelt_se *se, uint64_t weight, uint32_t is_group,
                                     uint32_t halflife);

/**
 * @brief Seed a new task's utilization on the runqueue it is placed on,
 *        its *group* runqueue (post_init_entity_util_avg, docs/spec/pelt-groups.md 5.4).
 *
 * pgov_pelt_post_init_task() with the profile's weight factor: 6.1 the
 * scaled `load.weight`, 6.12+ se_weight.
 * @param kver     profile
 * @param se       the task (from pgov_pelt_group_se_init(), not a group)
 * @param cfs      its group's runqueue on the chosen CPU
 * @param cpu_cap  the CPU's capacity, 1..1024
 * @return ::PGOV_OK, ::PGOV_EINVAL, ::PGOV_ENOTSUP, ::PGOV_EDOM as
 *         pgov_pelt_post_init_task()
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_post_init(uint32_t kver, struct pgov_pelt_se *se,
                                       const struct pgov_pelt_cfs *cfs, uint32_t cpu_cap);

/**
 * @brief attach_entity_load_avg (docs/spec/pelt-groups.md 2.1): the entity joins @p cfs at its
 *        position in the period, its sums rebuilt from its averages; its
 *        load_sum is queued for propagation.
 *
 * The runqueue must have been updated to now just before (the callers of
 * the kernel do it). 6.1/6.12 add plainly; 7.0+ add the load pair through
 * upd_sa (floored).
 * @return ::PGOV_OK; ::PGOV_EINVAL, ::PGOV_ENOTSUP; unchanged on error
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_attach(uint32_t kver, struct pgov_pelt_cfs *cfs, struct pgov_pelt_se *se);

/**
 * @brief detach_entity_load_avg (docs/spec/pelt-groups.md 2.2): remove the entity's averages
 *        and sums (6.x: saturating, u32-compared floors; 7.0+: upd_sa) and
 *        queue `-load_sum` for propagation. The entity is not modified.
 * @return ::PGOV_OK; ::PGOV_EINVAL, ::PGOV_ENOTSUP; unchanged on error
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_detach(uint32_t kver, struct pgov_pelt_cfs *cfs,
                                    const struct pgov_pelt_se *se);

/**
 * @brief remove_entity_load_avg (docs/spec/pelt-groups.md 2.3): the entity leaves @p cfs
 *        without its lock (wake-up migration, exit, group destruction).
 *
 * The entity is aged as blocked to `cfs->avg.last_update_time` (not to
 * now), then its averages are added to the runqueue's removed load, which
 * pgov_pelt_group_update_cfs() applies at the runqueue's next update.
 * @param cfs  the runqueue the entity was attached to
 * @param se   the entity
 * @return ::PGOV_OK; ::PGOV_EINVAL, ::PGOV_ENOTSUP; unchanged on error
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_remove(struct pgov_pelt_cfs *cfs, struct pgov_pelt_se *se);

/**
 * @brief update_cfs_rq_load_avg (docs/spec/pelt-groups.md 2.3 "Application"): apply pending
 *        removed load (with its propagation), then the runqueue's own
 *        update to @p now with `sld(weight)`, `nr_runnable`, `has_curr`.
 * @param kver  profile
 * @param cfs   the runqueue
 * @param now   its PELT clock, ns
 * @return 1 when "decayed" (removed load applied or the averages
 *         recomputed), 0 when not; negative on error (unchanged)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_update_cfs(uint32_t kver, struct pgov_pelt_cfs *cfs, uint64_t now);

/**
 * @brief propagate_entity_load_avg (docs/spec/pelt-groups.md 3.1-3.4): if @p g has a pending
 *        propagation, forward it to @p p and rewrite the group entity's
 *        util, runnable and load from @p g, applying the differences to @p p.
 * @param kver  profile
 * @param p     the runqueue the group entity is queued on
 * @param gse   the group entity (is_group 1)
 * @param g     the group's runqueue (the entity's my_q)
 * @return 1 when a propagation was applied, 0 when none was pending;
 *         ::PGOV_EINVAL for a task entity; negative on error (unchanged)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_propagate(uint32_t kver, struct pgov_pelt_cfs *p, struct pgov_pelt_se *gse,
                                       struct pgov_pelt_cfs *g);

/**
 * @brief update_load_avg (docs/spec/pelt-groups.md 3.5): age the entity (unless unattached or
 *        ::PGOV_PELT_GROUP_SKIP_AGE), update @p p (removed load first),
 *        propagate from @p g (group entities), then attach or detach.
 * @param kver   profile
 * @param p      the runqueue the entity is (or will be) queued on
 * @param se     the entity
 * @param g      the group's runqueue for a group entity, NULL for a task
 * @param now    PELT clock of @p p, ns
 * @param flags  ::pgov_pelt_group_flags
 * @return ::pgov_pelt_group_result bits (0..3); negative on error
 *         (unchanged). ::PGOV_PELT_GROUP_TG_DUE is set after an attach or a
 *         detach, or when decayed with ::PGOV_PELT_GROUP_UPDATE_TG.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_update_load_avg(uint32_t kver, struct pgov_pelt_cfs *p,
                                             struct pgov_pelt_se *se, struct pgov_pelt_cfs *g,
                                             uint64_t now, uint32_t flags);

/**
 * @brief calc_group_shares (docs/spec/pelt-groups.md 4.1, 7.3's modes 4.4): the weight the
 *        group entity of @p g should have, scaled.
 * @param kver    profile
 * @param tg      the group (shares, published load/runnable, cpus, mode)
 * @param g       the group's runqueue on this CPU
 * @param shares  receives the weight (at least 2)
 * @return ::PGOV_OK; ::PGOV_EINVAL (NULL, bad state, unknown mode, shares
 *         below 2), ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_shares(uint32_t kver, const struct pgov_pelt_tg *tg,
                                    const struct pgov_pelt_cfs *g, uint64_t *shares);

/**
 * @brief reweight_entity, PELT part (docs/spec/pelt-groups.md 4.2): take the entity's load out
 *        of @p p, set the new weight, recompute its load_avg on its own
 *        divider, add it back (and move `p->weight` if queued).
 *
 * Also what a nice change does to a task.
 * @param kver    profile
 * @param p       the runqueue the entity is attached to
 * @param se      the entity
 * @param weight  the new load.weight, scaled, not 0
 * @return ::PGOV_OK; ::PGOV_EINVAL (also @p weight 0), ::PGOV_ENOTSUP
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_reweight(uint32_t kver, struct pgov_pelt_cfs *p, struct pgov_pelt_se *se,
                                      uint64_t weight);

/**
 * @brief update_cfs_group (docs/spec/pelt-groups.md 4.2): recompute the group entity's share
 *        and reweight it as the profile does (6.1: always; 6.12+: not for
 *        an empty group, only on change).
 * @return 1 when reweighted, 0 when not; negative on error (unchanged).
 *         A task entity gives 0 (nothing to do), as in the kernel.
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_update_shares(uint32_t kver, struct pgov_pelt_cfs *p,
                                           struct pgov_pelt_se *gse, const struct pgov_pelt_cfs *g,
                                           const struct pgov_pelt_tg *tg);

/**
 * @brief update_tg_load_avg (docs/spec/pelt-groups.md 4.3): publish @p c's load (7.3: and
 *        runnable) contribution to the group when it moved by more than 1/64.
 *
 * The caller skips the root runqueue (no group) and, 6.12+, an inactive CPU.
 * @param kver   profile
 * @param tg     the group @p c belongs to
 * @param c      one of its runqueues
 * @param clock  6.12: sched_clock_cpu, 7.3: rq_clock, ns (the 1 ms rate
 *               limit; 6.1 ignores it)
 * @return 1 when published, 0 when not; negative on error (unchanged)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_update_tg(uint32_t kver, struct pgov_pelt_tg *tg,
                                       struct pgov_pelt_cfs *c, uint64_t clock);

/**
 * @brief One runqueue of the blocked-load pass (docs/spec/pelt-groups.md 5.7 steps a-b), to be
 *        called for every runqueue of the CPU's leaf list in list order
 *        (children before parents, root last).
 *
 * Updates @p c (removed load, decay); then, unless @p gse is NULL (the
 * root) or the group entity is fully idle with nothing pending, runs
 * update_load_avg(@p p, @p gse, UPDATE_TG), which ages the entity and
 * @p p and applies the propagation.
 * @param kver  profile
 * @param c     the listed runqueue
 * @param gse   its group entity on this CPU, NULL for the root
 * @param p     the runqueue @p gse is queued on, NULL for the root
 * @param now   PELT clock, ns
 * @return bits: ::PGOV_PELT_GROUP_CHANGED (@p c decayed: its
 *         update_tg_load_avg is due), ::PGOV_PELT_GROUP_TG_DUE (that of @p p
 *         is due); negative on error (unchanged)
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_blocked(uint32_t kver, struct pgov_pelt_cfs *c, struct pgov_pelt_se *gse,
                                     struct pgov_pelt_cfs *p, uint64_t now);

/**
 * @brief Whether the blocked pass drops @p c from the leaf list (docs/spec/pelt-groups.md 5.7
 *        step c, without the list-order "no child before it" test): no
 *        weight, all three sums 0 and (6.12+) no published contribution.
 * @return 1 or 0; negative on error
 */
PGOV_API PGOV_MUST_CHECK int pgov_pelt_group_cfs_decayed(uint32_t kver, const struct pgov_pelt_cfs *c);

#ifdef __cplusplus
}
#endif

#endif /* PGOV_PELT_GROUP_H */
