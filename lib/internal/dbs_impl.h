/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: what the ondemand/conservative decisions (lib/dbs.c) share with
 * the HAL-bound instance (lib/dbs_gov.c). dbs.c never calls into dbs_gov.c,
 * so an embedder that replays decisions (the open loop) links no instance
 * code.
 */
#ifndef PGOV_INTERNAL_DBS_IMPL_H
#define PGOV_INTERNAL_DBS_IMPL_H

#include "pgov/dbs.h"
#include "pgov/core/dbs.h"

#include "compiler.h"
#include "hal.h"
#include "deps.h"
#include "pgov/core/math64.h"

#define DBS_MAGIC 0x64627331u /* "dbs1" */

/*
 * An instance: its own bookkeeping, then the core's parts (dbs.h: struct
 * pgov_dbs_storage_head mirrors this up to `cpu`, and dbs.c asserts it).
 */
struct pgov_dbs {
    uint32_t magic;
    uint32_t kver;    /* implemented profile (4.17 / 5.0 / 6.18) */
    uint32_t owner;   /* index of the owning CPU */
    uint32_t min_interval_us;
    uint8_t open;
    uint8_t started;
    uint8_t reserved[6];
    struct pgov_dbs_core c;     /* the policy's constants, the snapshot cursor */
    struct pgov_dbs_core_mut m; /* the governor state */
    struct pgov_hw hw;
    /* The instance's counter read (dbs_gov.c), NULL in the open loop: the
     * stores call it without dbs.c linking any instance code. */
    int (*hal_read)(struct pgov_dbs *g);
    struct pgov_dbs_core_cpu cpu[];
};

/* An instance init made, whose per-CPU indexes stay inside the largest
 * instance: `owner` and every loop are bounded by `ncpu` (issue 30). */
static inline bool dbs_ok(const struct pgov_dbs *g)
{
    return g->magic == DBS_MAGIC && g->owner < g->c.ncpu && g->c.ncpu <= PGOV_DBS_MAX_CPUS;
}

/* No pointer into the caller's snapshot array survives the call. The open
 * loop cannot fail once it has its snapshots, so its scratch fields need no
 * reset: they always hold the last evaluation's values. */
static inline void snap_drop(struct pgov_dbs *g)
{
    g->c.snap_base = NULL;
    g->c.snap_stride = 0;
}

/*
 * The HAL-bound instance: between calls every scratch field is zero, so a
 * call that fails part-way (a read or a write callback) leaves the instance
 * byte-identical. Every instance entry that reads the HAL ends with this,
 * on success and on error.
 */
static inline void scratch_clear(struct pgov_dbs *g)
{
    for (uint32_t i = 0; i < g->c.ncpu; i++) {
        struct pgov_dbs_core_cpu *c = &g->cpu[i];

        c->new_prev_load = 0;
        c->new_load = 0;
        c->new_idle = 0;
        PGOV_ZERO(&c->snap);
    }
    snap_drop(g);
}

/* lib/dbs.c, for the instance. */
int pgov_dbs_setup(void *mem, size_t len, const struct pgov_dbs_config *cfg, struct pgov_dbs **gp);
void pgov_dbs_start_state(struct pgov_dbs *g, struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r);
void pgov_dbs_eval_step(struct pgov_dbs *g, struct pgov_dbs_core_mut *m, struct pgov_dbs_result *r);
void pgov_dbs_commit_step(struct pgov_dbs *g, const struct pgov_dbs_core_mut *m);
void pgov_dbs_limits_step(const struct pgov_dbs *g, struct pgov_dbs_core_mut *m,
                          struct pgov_dbs_result *r);
int pgov_dbs_limits_check(const struct pgov_dbs *g, uint32_t min, uint32_t max);

#endif
