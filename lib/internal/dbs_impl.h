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

#include "compiler.h"
#include "hal.h"
#include "deps.h"
#include "math64.h"

#define DBS_MAGIC 0x64627331u /* "dbs1" */

struct dbs_cpu {
    uint64_t prev_idle;
    uint64_t prev_wall;
    uint64_t prev_nice;
    uint32_t cpu;
    uint32_t prev_load;
    uint32_t load;
    /* Scratch of the evaluation in progress (not state). */
    uint32_t new_prev_load;
    uint32_t new_load;
    uint32_t pad;
    uint64_t new_idle;
    struct pgov_hw_idle snap;
};

/* Everything an evaluation, a limits step or a store may change. */
struct dbs_mut {
    uint32_t pmin;
    uint32_t pmax;
    uint32_t cur;
    uint32_t rate_mult;
    uint32_t requested_freq;
    uint32_t down_skip;
    uint32_t freq_lo;
    uint32_t freq_hi_delay_us;
    uint32_t freq_lo_delay_us;
    uint32_t sample_type;
    uint64_t last_sample;
    int64_t sample_delay;
    uint64_t evaluations;
    struct pgov_dbs_tunables tun;
    struct pgov_dbs_result last;
};

struct pgov_dbs {
    uint32_t magic;
    uint32_t gov;
    uint32_t kver;
    uint32_t variant;
    uint32_t ncpu;
    uint32_t owner;   /* index of the owning CPU */
    uint32_t min_interval_us;
    uint32_t cpuinfo_min;
    uint32_t cpuinfo_max;
    uint32_t no_nohz;
    uint8_t kver_6_18;
    uint8_t idle_rules; /* long idle and idle periods on the idle delta (5.0+) */
    uint8_t efficient;  /* E relations, resolve before "is it a change" (5.16+) */
    uint8_t cs_min_floor; /* cs down step: no early exit, floor at min (6.1.178+) */
    uint8_t cs_limits_reset; /* cs: requested_freq = cur on a limits change (6.1.168+) */
    uint8_t open;
    uint8_t started;
    uint8_t has_table;
    /* Where this call's counter snapshots are (caller array or cpu[].snap). */
    uint32_t snap_stride;
    const struct pgov_hw_idle *snap_base;
    struct pgov_hw hw;
    /* The instance's counter read (dbs_gov.c), NULL in the open loop: the
     * stores call it without dbs.c linking any instance code. */
    int (*hal_read)(struct pgov_dbs *g);
    struct pgov_freq_table table;
    struct dbs_mut m;
    struct dbs_cpu cpu[];
};

/* CPU @i's snapshot of the call in progress. */
static inline const struct pgov_hw_idle *dbs_snap(const struct pgov_dbs *g, uint32_t i)
{
    return (const struct pgov_hw_idle *)(const void *)((const unsigned char *)g->snap_base +
                                                        (size_t)i * g->snap_stride);
}

static inline bool dbs_ok(const struct pgov_dbs *g)
{
    return g->magic == DBS_MAGIC;
}

/* The hook gate (docs/spec/ondemand.md 3.1): a u64 difference compared as s64. */
static inline bool dbs_due(const struct dbs_mut *m, uint64_t now)
{
    return pgov_u2s64(now - m->last_sample) >= m->sample_delay;
}

/* No pointer into the caller's snapshot array survives the call. The open
 * loop cannot fail once it has its snapshots, so its scratch fields need no
 * reset: they always hold the last evaluation's values. */
static inline void snap_drop(struct pgov_dbs *g)
{
    g->snap_base = NULL;
    g->snap_stride = 0;
}

/*
 * The HAL-bound instance: between calls every scratch field is zero, so a
 * call that fails part-way (a read or a write callback) leaves the instance
 * byte-identical. Every instance entry that reads the HAL ends with this,
 * on success and on error.
 */
static inline void scratch_clear(struct pgov_dbs *g)
{
    for (uint32_t i = 0; i < g->ncpu; i++) {
        struct dbs_cpu *c = &g->cpu[i];

        c->new_prev_load = 0;
        c->new_load = 0;
        c->new_idle = 0;
        PGOV_ZERO(&c->snap);
    }
    snap_drop(g);
}

/* lib/dbs.c, for the instance. */
int pgov_dbs_setup(void *mem, size_t len, const struct pgov_dbs_config *cfg, struct pgov_dbs **gp);
void pgov_dbs_start_state(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r);
void pgov_dbs_eval_step(struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r);
void pgov_dbs_commit_step(struct pgov_dbs *g, const struct dbs_mut *m);
void pgov_dbs_result_clear(struct pgov_dbs_result *r, uint32_t cur);
void pgov_dbs_limits_step(const struct pgov_dbs *g, struct dbs_mut *m, struct pgov_dbs_result *r);
int pgov_dbs_limits_check(const struct pgov_dbs *g, uint32_t min, uint32_t max);

#endif
