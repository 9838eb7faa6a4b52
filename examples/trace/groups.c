// SPDX-License-Identifier: BSD-2-Clause
/*
 * pgov-trace: the task-group hierarchy a recording shows, learnt from the
 * paths of its PELT samples (pgov_sched_tp and LISA name a cfs_rq "/",
 * "/autogroup-N" or by its cgroup path, a task sample by its cfs_rq's).
 * A group's parent is the longest other path that prefixes it ("/" for an
 * autogroup or a top-level cgroup). Moves between groups have no event of
 * their own (a cgroup.procs write, setsid): they show as a task whose
 * samples change path. This is what a rebuild through groups has to start
 * from; printed by `signals` (docs/trace.md "Task groups").
 */
#include <stdio.h>
#include <string.h>

#include "pidtab.h"
#include "trace.h"

struct grp_task {
    int32_t pid;
    uint32_t group; /* 1 + index in t->group of its last sample, 0: root */
};

struct grp_count {
    uint64_t ent, cfs, task;
    uint32_t cpus; /* bit i: seen on CPU i (first 32) */
};

int32_t pgt_group_parent(const struct pgt_trace *t, uint32_t g)
{
    const char *p = t->group[g];
    int32_t best = -1;
    size_t bl = 1;
    for (uint32_t i = 0; i < t->ngroups; i++) {
        size_t l = strlen(t->group[i]);
        if (i != g && l > bl && strncmp(p, t->group[i], l) == 0 && p[l] == '/')
            best = (int32_t)i, bl = l;
    }
    return best;
}

static const char *parent_of(const struct pgt_trace *t, uint32_t g)
{
    int32_t p = pgt_group_parent(t, g);
    return p < 0 ? "/" : t->group[p];
}

static const char *group_name(const struct pgt_trace *t, uint32_t g1)
{
    return g1 && g1 <= t->ngroups ? t->group[g1 - 1] : "/";
}

/* Counts per group and the moves (printed up to 4); -1: out of memory. */
static int scan(FILE *o, const struct pgt_trace *t, struct grp_count *cnt, uint64_t *moves)
{
    struct pgt_pidtab tasks;
    pgt_pidtab_init(&tasks, sizeof(struct grp_task));
    for (size_t i = 0; i < t->n; i++) {
        const struct pgt_event *e = &t->ev[i];
        if (e->type == PGT_PELT_GROUP && e->x[2] < t->ngroups) {
            struct grp_count *c = &cnt[e->x[2]];
            *(e->x[1] ? &c->ent : &c->cfs) += 1;
            c->cpus |= e->x[0] < 32 ? 1u << e->x[0] : 0;
        } else if (e->type == PGT_PELT_SE && e->pid > 0 && e->x[2] <= t->ngroups) {
            if (e->x[2])
                cnt[e->x[2] - 1].task++;
            bool created;
            struct grp_task *k = pgt_pidtab_get(&tasks, e->pid, &created);
            if (!k) {
                pgt_pidtab_free(&tasks);
                return -1;
            }
            if (!created && k->group != e->x[2] && ++*moves <= 4)
                fprintf(o, "groups: move at %.6f s: task %d %s -> %s (no event of its own)\n",
                        (double)e->ts / 1e9, e->pid, group_name(t, k->group), group_name(t, e->x[2]));
            k->group = e->x[2];
        }
    }
    pgt_pidtab_free(&tasks);
    return 0;
}

int pgt_groups_print(FILE *o, const struct pgt_trace *t)
{
    if (!t->ngroups)
        return 0;
    struct grp_count cnt[PGT_MAX_GROUPS] = {{0}};
    uint64_t moves = 0;
    if (scan(o, t, cnt, &moves))
        return -1;
    for (uint32_t g = 0; g < t->ngroups; g++) {
        uint32_t ncpu = 0;
        for (uint32_t b = cnt[g].cpus; b; b &= b - 1)
            ncpu++;
        fprintf(o, "groups: %s (parent %s) on %u CPUs: %llu entity, %llu cfs_rq, %llu task samples\n",
                t->group[g], parent_of(t, g), ncpu, (unsigned long long)cnt[g].ent,
                (unsigned long long)cnt[g].cfs, (unsigned long long)cnt[g].task);
    }
    fprintf(o, "groups: %u task groups, %llu moves between them seen in task samples\n", t->ngroups,
            (unsigned long long)moves);
    return 0;
}
