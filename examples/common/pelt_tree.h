/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The task-group hierarchy of PELT on N CPUs, run-time sized: the caller's
 * side of pgov/pelt_group.h (the topology, the counts the kernel keeps
 * beside PELT and the walks of docs/spec/pelt-groups.md section 5:
 * enqueue, dequeue, pick, put, tick, group moves, shares, the blocked pass
 * in leaf-list order). One implementation for pgov-replay's pelt_group
 * vectors and pgov-trace's rebuild through groups.
 *
 * Group 0 is the root; group g > 0 has, on each CPU, a runqueue and an
 * entity queued on its parent's runqueue there. Tasks are owned by the
 * caller (their pgov_pelt_se, group and CPU); the walks take them as a
 * struct ptree_pos. Storage is the caller's too: ptree_size() bytes,
 * 8-byte aligned, zeroed, handed to ptree_init(); nothing is allocated.
 *
 * Every walk returns 0 or the library's negative error of the first call
 * that failed (the tree is then part-way through the walk: callers stop).
 */
#ifndef PGOV_TOOLS_PELT_TREE_H
#define PGOV_TOOLS_PELT_TREE_H

#include <stddef.h>
#include <stdint.h>

#include <pgov/pelt_group.h>

#define PTREE_NICE0 1048576u /* load.weight of nice 0, scaled */

struct ptree_rq { /* a runqueue and what the kernel keeps beside its PELT */
    struct pgov_pelt_cfs cfs;
    uint32_t nr_queued;
    uint32_t listed; /* on the CPU's leaf list (the blocked pass visits it) */
};

struct ptree_level; /* one level of a walk (pelt_tree.c) */

struct ptree {
    uint32_t kver, ncpu, ngroups; /* ngroups: capacity, the root included */
    uint32_t norder;
    uint32_t *exists, *parent;
    uint32_t *order; /* existing groups, children before parents */
    struct ptree_rq *q;        /* [g * ncpu + c] */
    struct pgov_pelt_se *gse;  /* [g * ncpu + c]; unused for the root */
    struct pgov_pelt_tg *tg;   /* [g] */
    struct ptree_level *lv;    /* walk scratch, ngroups + 1 levels */
    uint32_t *grp;
};

/* A task's place: its entity, its group, its CPU. */
struct ptree_pos {
    struct pgov_pelt_se *se;
    uint32_t group, cpu;
};

/* Bytes of storage for ncpu CPUs and ngroups groups (root included); 0
 * when either is 0 or above 4096 (far above any recording's, far below a
 * size that could overflow). */
size_t ptree_size(uint32_t ncpu, uint32_t ngroups);

/* A tree with the root alone, its runqueues empty (profile kver, half-life
 * halflife) in mem (ptree_size bytes, zeroed). 0, or a negative error. */
int ptree_init(struct ptree *t, void *mem, uint32_t kver, uint32_t ncpu, uint32_t ngroups,
               uint32_t halflife);

static inline struct ptree_rq *ptree_rq(const struct ptree *t, uint32_t g, uint32_t c)
{
    return &t->q[(size_t)g * t->ncpu + c];
}

static inline struct pgov_pelt_se *ptree_gse(const struct ptree *t, uint32_t g, uint32_t c)
{
    return &t->gse[(size_t)g * t->ncpu + c];
}

/* Create group g under parent (shares nice 0, cpus = ncpu): its runqueue
 * and entity on every CPU, the entity attached to the parent's runqueue. */
int ptree_mkgrp(struct ptree *t, uint32_t g, uint32_t parent, uint64_t now);

/* enqueue_task_fair's PELT: the task and, up to the first queued one,
 * its group entities; the rest of the path updated. */
int ptree_enqueue(struct ptree *t, const struct ptree_pos *k, uint64_t now);

/* dequeue_task_fair's PELT; migrating: the task is detached (DO_DETACH). */
int ptree_dequeue(struct ptree *t, const struct ptree_pos *k, uint64_t now, int migrating);

/* Pick from idle (6.1: top-down, 6.12+: bottom-up) and put_prev. */
int ptree_run(struct ptree *t, const struct ptree_pos *k, uint64_t now);
int ptree_put_prev(struct ptree *t, const struct ptree_pos *k, uint64_t now);

/* entity_tick along the running task's path. */
int ptree_tick(struct ptree *t, const struct ptree_pos *k, uint64_t now);

/* A sleeping task's move to group g (sched_move_task): detach from its
 * group's runqueue if attached, attach to g's; k->se's position updated by
 * the caller (k->group is the old group here). */
int ptree_move(struct ptree *t, const struct ptree_pos *k, uint32_t g, uint64_t now);

/* tg->shares of group g set to w and every CPU's path reweighted. */
int ptree_set_shares(struct ptree *t, uint32_t g, uint64_t w, uint64_t now);

/* One update the caller learnt of from elsewhere (a recording's sample):
 * group g's runqueue on c brought to now (removed load, decay; its
 * tg->load_avg contribution when it decayed), or g's entity there
 * (update_load_avg with UPDATE_TG: its parent runqueue, the propagation
 * from g's runqueue). */
int ptree_update_rq(struct ptree *t, uint32_t g, uint32_t c, uint64_t now);
int ptree_update_gse(struct ptree *t, uint32_t g, uint32_t c, uint64_t now);

/* The blocked pass over CPU c's listed runqueues, children first. */
int ptree_blocked(struct ptree *t, uint32_t c, uint64_t now);

#endif
