/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HAL-bound ondemand/conservative instance: reads idle times and writes
 * frequencies through the hw.h vtable around the decisions of lib/dbs.c.
 * Every computation happens on a copy of the mutable governor state
 * (struct pgov_dbs_core_mut) and is committed only once the callbacks have
 * succeeded; scratch_clear() makes a failing call byte-identical.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/dbs.h"

#include "internal/dbs_impl.h"
#include "internal/hal.h"

/* Read every CPU's counters into scratch through the HAL. */
static int hal_read(struct pgov_dbs *g)
{
    uint32_t i;

    for (i = 0; i < g->c.ncpu; i++) {
        int err = pgov_hal_rc(pgov_hal_read_idle(&g->hw, g->cpu[i].cpu, &g->cpu[i].snap));

        if (err)
            return err;
    }
    g->c.snap_base = &g->cpu[0].snap;
    g->c.snap_stride = (uint32_t)sizeof(struct pgov_dbs_core_cpu);
    return PGOV_OK;
}

/* Send a change decided in @r to the driver; returns a callback error. */
static int hal_apply(struct pgov_dbs *g, uint64_t now, const struct pgov_dbs_result *r)
{
    int err;

    if (!(r->flags & PGOV_DBS_RES_CHG))
        return PGOV_OK;
    err = pgov_hal_rc(pgov_hal_set_freq_khz(&g->hw, g->cpu[g->owner].cpu, r->cur_khz));
    if (err)
        return err;
    pgov_hal_trace(&g->hw, now, g->cpu[g->owner].cpu, PGOV_HW_TRACE_FREQ, r->cur_khz, r->rel);
    return PGOV_OK;
}

int pgov_dbs_init(void *mem, size_t len, const struct pgov_dbs_config *cfg,
                  const struct pgov_hw_ops *ops, void *ctx, struct pgov_dbs **out)
{
    struct pgov_dbs *g;
    struct pgov_dbs_result r;
    int err;

    if (!out || !ops)
        return PGOV_EINVAL;
    err = pgov_dbs_setup(mem, len, cfg, &g);
    if (err)
        return err;
    err = pgov_hw_bind(&g->hw, ops, ctx, PGOV_HW_NEED_IDLE | PGOV_HW_NEED_FREQ);
    if (err)
        return err;
    g->hal_read = hal_read;
    err = hal_read(g);
    if (!err) {
        pgov_dbs_start_state(g, &g->m, &r);
        err = hal_apply(g, 0, &r);
    }
    scratch_clear(g);
    if (err)
        return err;
    g->started = 1;
    g->magic = DBS_MAGIC;
    *out = g;
    return PGOV_OK;
}

/*
 * The hook gate: due, and @cpu one of the policy's. Reads only what a
 * pgov_dbs_work() on another CPU may be writing, each value once
 * (PGOV_READ_ONCE): a torn or stale read gives a spurious 1, which the work
 * re-checks, or a 0, which the next hook retries, as in the kernel.
 */
static int dbs_gate(const struct pgov_dbs *g, uint32_t cpu, uint64_t now)
{
    uint64_t last = PGOV_READ_ONCE(g->m.last_sample);
    int64_t delay = PGOV_READ_ONCE(g->m.sample_delay);

    if (pgov_likely(pgov_u2s64(now - last) < delay))
        return 0;
    if (cpu != g->cpu[g->owner].cpu) {
        uint32_t i;

        for (i = 0; i < g->c.ncpu && g->cpu[i].cpu != cpu; i++)
            ;
        if (i == g->c.ncpu)
            return 0; /* not a CPU of this policy: ignored */
    }
    return 1;
}

/* One evaluation at @now (due), serialised by the caller; @cpu names the
 * hook's CPU in the trace. A HAL error leaves the instance unchanged. */
static int dbs_work(struct pgov_dbs *g, uint32_t cpu, uint64_t now_ns)
{
    struct pgov_dbs_core_mut m;
    struct pgov_dbs_result r;
    int err;

    err = hal_read(g);
    if (err) {
        scratch_clear(g);
        return err;
    }
    PGOV_COPY(&m, &g->m);
    m.last_sample = now_ns;
    pgov_dbs_eval_step(g, &m, &r);
    err = hal_apply(g, now_ns, &r);
    if (err) {
        scratch_clear(g);
        return err;
    }
    if (r.flags & PGOV_DBS_RES_EVAL) {
        pgov_hal_trace(&g->hw, now_ns, cpu, PGOV_HW_TRACE_SAMPLE, r.load, 0);
        pgov_hal_trace(&g->hw, now_ns, cpu, PGOV_HW_TRACE_TARGET, r.req_khz, r.cur_khz);
        pgov_dbs_commit_step(g, &m);
    }
    scratch_clear(g);
    PGOV_COPY(&m.last, &r);
    PGOV_COPY(&g->m, &m);
    /* The value remote gates read, stored once as a whole. */
    PGOV_WRITE_ONCE(g->m.last_sample, m.last_sample);
    return PGOV_OK;
}

/* The checks every instance entry of the hook path makes. */
static int hook_check(const struct pgov_dbs *g)
{
    if (!g)
        return PGOV_EINVAL;
    if (pgov_unlikely(!dbs_ok(g) || g->open))
        return g->open ? PGOV_ENOSYS : PGOV_EINVAL;
    return PGOV_OK;
}

int pgov_dbs_update_cpu(struct pgov_dbs *g, uint32_t cpu, uint64_t now_ns, uint32_t flags)
{
    int err = hook_check(g);

    (void)flags;
    if (pgov_unlikely(err))
        return err;
    if (pgov_likely(!dbs_gate(g, cpu, now_ns)))
        return PGOV_OK;
    return dbs_work(g, cpu, now_ns);
}

int pgov_dbs_hook_gate(const struct pgov_dbs *g, uint32_t cpu, uint64_t now_ns)
{
    int err = hook_check(g);

    if (pgov_unlikely(err))
        return err;
    return dbs_gate(g, cpu, now_ns);
}

int pgov_dbs_work(struct pgov_dbs *g, uint32_t cpu, uint64_t now_ns)
{
    int err = hook_check(g);

    if (pgov_unlikely(err))
        return err;
    /* Under the caller's lock the gate's values are stable: check again
     * (another work item may have evaluated since this one was queued). */
    if (!pgov_dbs_core_due(&g->m, now_ns))
        return 0;
    err = dbs_work(g, cpu, now_ns);
    return err ? err : 1;
}

int pgov_dbs_update(struct pgov_dbs *g, uint64_t now_ns, uint32_t flags)
{
    if (!g)
        return PGOV_EINVAL;
    if (!dbs_ok(g))
        return PGOV_EINVAL;
    return pgov_dbs_update_cpu(g, g->cpu[g->owner].cpu, now_ns, flags);
}

int pgov_dbs_timer(struct pgov_dbs *g, uint64_t now_ns, uint64_t *next_ns)
{
    uint64_t d, next;
    int err;

    if (!g || !next_ns)
        return PGOV_EINVAL;
    err = pgov_dbs_update(g, now_ns, 0);
    if (err)
        return err;
    d = (uint64_t)g->m.sample_delay;
    next = g->m.last_sample + d;
    *next_ns = next < d ? UINT64_MAX : next;
    return PGOV_OK;
}

int pgov_dbs_set_limits(struct pgov_dbs *g, const struct pgov_dbs_limits *lim)
{
    struct pgov_dbs_core_mut m;
    struct pgov_dbs_result r;
    int err;

    if (!g || !lim)
        return PGOV_EINVAL;
    if (!dbs_ok(g))
        return PGOV_EINVAL;
    if (g->open)
        return PGOV_ENOSYS;
    if (pgov_dbs_limits_check(g, lim->min_khz, lim->max_khz))
        return PGOV_EINVAL;
    PGOV_COPY(&m, &g->m);
    m.pmin = lim->min_khz;
    m.pmax = lim->max_khz;
    pgov_dbs_core_result_clear(&r, m.cur);
    pgov_dbs_limits_step(g, &m, &r);
    err = hal_apply(g, m.last_sample, &r);
    if (err)
        return err;
    pgov_hal_trace(&g->hw, m.last_sample, g->cpu[g->owner].cpu, PGOV_HW_TRACE_LIMITS, m.pmin,
                   m.pmax);
    PGOV_COPY(&m.last, &r);
    PGOV_COPY(&g->m, &m);
    return PGOV_OK;
}
