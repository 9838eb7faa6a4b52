/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_selftest.ko: libpgov inside the Linux kernel.
 *
 * The module links the library's unchanged lib/ sources (compiled by Kbuild
 * with the kernel's flags) and, at load time, replays a subset of the golden
 * vectors through the public API, then prints one summary line:
 *
 *   pgov: selftest passed: <rows>/<rows> vector rows (pstate_fixed <n>, pelt_decay <n>,
 *         pelt_segments <n>, uclamp_bucket_id <n>, pstate_load governor <n>,
 *         dbs hook gate + deferred work <n> with <e> evaluations), libpgov <ver>
 *
 * The last parts run governor INSTANCES (init, update hook, HAL callbacks
 * through function pointers): intel_pstate's load-based governor over the
 * hook calls of three pstate_load.tsv scenarios, as the Cortex-M firmware
 * does; and ondemand/conservative split as a kernel governor must split
 * them: pgov_dbs_hook_gate() in the hook (lock-free, no driver call), the
 * evaluation deferred to a work item that takes a mutex and calls
 * pgov_dbs_work(), whose driver callback may sleep (three ondemand.tsv
 * groups, each hook's "did it evaluate" and policy->cur checked).
 *
 * and returns 0, or prints the first mismatch and "selftest FAILED" and
 * refuses to load (-EINVAL). Licence: this glue is BSD-2-Clause like the
 * library, declared to the kernel as "Dual BSD/GPL" so the module can be
 * loaded without tainting the kernel as proprietary.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include <pgov/pgov.h>
#include <pgov/fixed.h>
#include <pgov/pelt.h>
#include <pgov/core/dbs.h> /* PGOV_DBS_SIZE(): the instance layout of this build */
#include <pgov/core/pelt.h>
#include <pgov/uclamp.h>
#include <pgov/pstate.h>
#include <pgov/dbs.h>

#include "pgov_kvec.h"
#include "trace.h"

extern const u8 pgov_trace_expected[];
extern const unsigned int pgov_trace_expected_n;

#ifndef PGOV_DIV_U64
#error "pgov_kernel.h must map PGOV_DIV_U64 to the kernel's div64_u64"
#endif

/* Narrow a 64-bit pattern the way the vectors define s32 columns. */
static s32 lo32(u64 v)
{
    return (s32)(u32)v;
}

/* One pstate_fixed.tsv row through the public fixed-point API: computes
 * the result as a 64-bit pattern, false for an unknown function. */
static bool fixed_eval(const struct pgov_kvec_row *r, u64 *got)
{
    const char *f = r->key;
    u64 ua = r->v[0], ub = r->v[1];
    s64 a = (s64)ua, b = (s64)ub;

    if (!strcmp(f, "int_tofp"))
        *got = (u64)pgov_fixed_int_tofp(a);
    else if (!strcmp(f, "fp_toint32"))
        *got = (u64)(s64)pgov_fixed_toint32(lo32(ua));
    else if (!strcmp(f, "fp_toint64"))
        *got = (u64)pgov_fixed_toint64(a);
    else if (!strcmp(f, "mul_fp"))
        *got = (u64)(s64)pgov_fixed_mul(lo32(ua), lo32(ub));
    else if (!strcmp(f, "div_fp")) {
        s32 q = 0;
        if (pgov_fixed_div(a, b, &q))
            return false;
        *got = (u64)(s64)q;
    } else if (!strcmp(f, "ceiling_fp"))
        *got = (u64)(s64)pgov_fixed_ceiling(lo32(ua));
    else if (!strcmp(f, "percent_fp"))
        *got = (u64)(s64)pgov_fixed_percent(lo32(ua));
    else if (!strcmp(f, "mul_ext_fp"))
        *got = pgov_fixed_mul_ext(ua, ub);
    else if (!strcmp(f, "div_ext_fp")) {
        u64 q = 0;
        if (pgov_fixed_div_ext(ua, ub, &q))
            return false;
        *got = q;
    } else if (!strcmp(f, "percent_ext_fp"))
        *got = (u64)(s64)pgov_fixed_percent_ext(lo32(ua));
    else if (!strcmp(f, "int_ext_tofp"))
        *got = (u64)pgov_fixed_int_ext_tofp(a);
    else if (!strcmp(f, "fp_ext_toint"))
        *got = (u64)pgov_fixed_ext_toint(a);
    else
        return false;
    return true;
}

/* The PELT rows run through both tiers: the exported function and the
 * inline core, compiled here with the kernel's PGOV_ASSERT (WARN_ON_ONCE)
 * and READ_ONCE hooks (pgov_kernel.h); a difference fails the row. */
static bool decay_eval(const struct pgov_kvec_row *r, u64 *got)
{
    *got = pgov_pelt_decay(r->v[0], r->v[1]);
    return *got == pgov_pelt_core_decay(r->v[0], r->v[1]);
}

static bool segments_eval(const struct pgov_kvec_row *r, u64 *got)
{
    struct pgov_pelt_hl h = pgov_pelt_core_hl(PGOV_PELT_HALFLIFE_32);
    if (r->v[1] > U32_MAX || r->v[2] > U32_MAX)
        return false;
    *got = pgov_pelt_segments(r->v[0], (u32)r->v[1], (u32)r->v[2]);
    return *got == pgov_pelt_core_segments_hl(&h, r->v[0], (u32)r->v[1], (u32)r->v[2]);
}

/* Both profiles of a row must match: the current (saturating) index is the
 * compared result; a v5.7 mismatch poisons it. */
static bool bucket_eval(const struct pgov_kvec_row *r, u64 *got)
{
    u32 cur = 0, old = 0;

    if (r->v[0] > 20 || r->v[1] > 1024)
        return false;
    if (pgov_uclamp_bucket_id((u32)r->v[0], 0, (u32)r->v[1], &cur) ||
        pgov_uclamp_bucket_id((u32)r->v[0], PGOV_KVER(5, 7), (u32)r->v[1], &old))
        return false;
    *got = old == r->v[3] ? cur : U64_MAX;
    return true;
}

struct kvec_table {
    const char *file;
    const struct pgov_kvec_row *rows;
    const unsigned int *n;
    unsigned int nin; /* input columns; the next one is the expected result */
    bool (*eval)(const struct pgov_kvec_row *r, u64 *got);
};

static const struct kvec_table tables[] = {
    { "pstate_fixed", pgov_kvec_fixed, &pgov_kvec_fixed_n, 2, fixed_eval },
    { "pelt_decay", pgov_kvec_pelt_decay, &pgov_kvec_pelt_decay_n, 2, decay_eval },
    { "pelt_segments", pgov_kvec_pelt_segments, &pgov_kvec_pelt_segments_n, 3, segments_eval },
    { "uclamp_bucket_id", pgov_kvec_uclamp_bucket_id, &pgov_kvec_uclamp_bucket_id_n, 2,
      bucket_eval },
};

static unsigned int run_table(const struct kvec_table *t, unsigned int *failed)
{
    unsigned int i, pass = 0;

    for (i = 0; i < *t->n; i++) {
        const struct pgov_kvec_row *r = &t->rows[i];
        u64 want = r->v[t->nin], got = 0;
        bool ok = t->eval(r, &got);

        if (ok && got == want) {
            pass++;
            continue;
        }
        if ((*failed)++ < 3)
            pr_err("pgov: mismatch: %s row %u %s(%llu, %llu, %llu): want %llu, got %llu%s\n",
                   t->file, i, r->key, r->v[0], r->v[1], t->nin > 2 ? r->v[2] : 0ULL, want,
                   got, ok ? "" : " (call failed)");
    }
    return pass;
}

/* ---- a governor instance driven through the HAL, in kernel context ---- */

/* The "hardware" the HAL callbacks read: the current row of a replayed
 * pstate_load.tsv scenario (the same trace the Cortex-M firmware plays). */
struct kgov_hw {
    const struct trace_scenario *sc;
    const struct trace_row *row;
    u32 pstate; /* last P-state the instance requested */
};

static int kgov_clock(void *ctx, u64 *now)
{
    *now = ((struct kgov_hw *)ctx)->row->time_ns;
    return 0;
}

static int kgov_counters(void *ctx, u32 cpu, struct pgov_hw_counters *out)
{
    const struct trace_row *r = ((struct kgov_hw *)ctx)->row;

    if (cpu != 0)
        return PGOV_EINVAL;
    out->aperf = r->aperf;
    out->mperf = r->mperf;
    out->tsc = r->tsc;
    return 0;
}

static int kgov_limits(void *ctx, u32 cpu, struct pgov_hw_limits *out)
{
    const struct trace_scenario *sc = ((struct kgov_hw *)ctx)->sc;

    if (cpu != 0)
        return PGOV_EINVAL;
    out->min_pstate = sc->pmin;
    out->max_pstate = sc->pmax;
    out->max_pstate_physical = sc->pmax_phys;
    out->turbo_pstate = sc->pturbo;
    out->scaling_khz = 100000;
    out->flags = 0;
    return 0;
}

static int kgov_set_pstate(void *ctx, u32 cpu, u32 pstate, u64 perf_ctl)
{
    (void)perf_ctl; /* a real port would wrmsrl(MSR_IA32_PERF_CTL, perf_ctl) */
    if (cpu != 0)
        return PGOV_EINVAL;
    ((struct kgov_hw *)ctx)->pstate = pstate;
    return 0;
}

static const struct pgov_hw_ops kgov_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .clock_ns = kgov_clock,
    .read_counters = kgov_counters,
    .get_limits = kgov_limits,
    .set_pstate = kgov_set_pstate,
};

/* Instance storage with the instance's own size and alignment (a governor
 * for every CPU would use DEFINE_PER_CPU(struct pgov_pstate_storage, ...)). */
static struct pgov_pstate_storage kgov_mem;

/* Every hook call of every scenario; returns the calls whose P-state
 * matched the vector file, *total gets the calls made. */
static unsigned int run_governor(unsigned int *total, unsigned int *failed)
{
    unsigned int s, i, k = 0, pass = 0;

    for (s = 0; s < trace_nscenarios; s++) {
        const struct trace_scenario *sc = &trace_scenarios[s];
        struct kgov_hw hw = { .sc = sc, .row = sc->rows };
        struct pgov_pstate_config cfg;
        struct pgov_pstate *g;
        int r;

        memset(&cfg, 0, sizeof(cfg));
        cfg.size = sizeof(cfg);
        cfg.policy = PGOV_PSTATE_POLICY_LOAD;
        cfg.kver = sc->kver == 0x0411 ? PGOV_KVER(4, 17) : PGOV_KVER(6, 19);
        cfg.tick_ns = sc->tick_ns;
        cfg.limits.size = sizeof(cfg.limits);
        cfg.limits.min_ratio = sc->min_ratio;
        cfg.limits.max_ratio = sc->max_ratio;
        r = pgov_pstate_init(&kgov_mem, sizeof(kgov_mem), &cfg, &kgov_ops, &hw, &g);
        for (i = 0; i < sc->nrows; i++, k++) {
            hw.row = &sc->rows[i];
            if (!r)
                r = pgov_pstate_update(g, hw.row->time_ns,
                                       hw.row->flags ? PGOV_UPDATE_IOWAIT : 0);
            if (!r && k < pgov_trace_expected_n && hw.pstate == pgov_trace_expected[k]) {
                pass++;
                continue;
            }
            if ((*failed)++ < 3)
                pr_err("pgov: mismatch: pstate_load %s %s step %u: want %u, got %u (%d)\n",
                       sc->variant, sc->name, i,
                       k < pgov_trace_expected_n ? pgov_trace_expected[k] : 0, hw.pstate, r);
        }
    }
    *total = k;
    return pass;
}

/* ---- ondemand/conservative: the hook gate and the deferred work ---- */

/* The policy's one CPU: its counters are the current vector row's; the
 * driver callback records the frequency (a real one may sleep: it runs
 * in the work item, never in the hook). */
struct kdbs {
    struct pgov_dbs *g;
    const struct pgov_kvec_dbs *row;
    struct work_struct work;
    struct mutex lock; /* serialises pgov_dbs_work(), as a policy's rwsem would */
    u64 now;           /* hook time the work was queued for */
    int work_rc;       /* pgov_dbs_work()'s result: 1 evaluated, 0 not due */
    u32 khz;           /* last frequency sent to the "driver" */
    unsigned int driver_calls;
};

static int kdbs_read_idle(void *ctx, u32 cpu, struct pgov_hw_idle *out)
{
    const struct pgov_kvec_dbs *r = ((struct kdbs *)ctx)->row;

    if (cpu != 0)
        return PGOV_EINVAL;
    out->wall_us = r->wall_us;
    out->idle_us = r->idle_us;
    out->iowait_us = r->iow_us;
    out->nice_ns = 0;
    return 0;
}

static int kdbs_set_freq(void *ctx, u32 cpu, u32 khz)
{
    struct kdbs *d = ctx;

    might_sleep(); /* the work item's context: a driver may block here */
    if (cpu != 0)
        return PGOV_EINVAL;
    d->khz = khz;
    d->driver_calls++;
    return 0;
}

static const struct pgov_hw_ops kdbs_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .read_idle = kdbs_read_idle,
    .set_freq_khz = kdbs_set_freq,
};

static void kdbs_work_fn(struct work_struct *w)
{
    struct kdbs *d = container_of(w, struct kdbs, work);

    mutex_lock(&d->lock);
    d->work_rc = pgov_dbs_work(d->g, 0, d->now);
    mutex_unlock(&d->lock);
}

static const struct pgov_freq_entry *kdbs_table(void)
{
    static struct pgov_freq_entry t24[24];
    unsigned int i;

    for (i = 0; i < ARRAY_SIZE(t24); i++) /* ondemand.tsv's T24 */
        t24[i].khz = 1600000 + 100000 * i;
    return t24;
}

/* One policy of one CPU, sized at compile time (a governor for every
 * policy would use DEFINE_PER_CPU or embed it in its policy struct). */
static PGOV_ALIGN8 u8 kdbs_mem[PGOV_DBS_SIZE(1)];

static int kdbs_start(struct kdbs *d, const struct pgov_kvec_dbs *r)
{
    struct pgov_dbs_config cfg;

    memset(&cfg, 0, sizeof(cfg));
    cfg.size = sizeof(cfg);
    cfg.gov = r->cs ? PGOV_DBS_CONSERVATIVE : PGOV_DBS_ONDEMAND;
    cfg.kver = PGOV_KVER(6, 18);
    cfg.table = kdbs_table();
    cfg.table_len = 24;
    cfg.policy_min_khz = r->pmin;
    cfg.policy_max_khz = r->pmax;
    cfg.cur_khz = r->cur0;
    cfg.tun.sampling_rate = r->sr;
    cfg.tun.up_threshold = r->up;
    cfg.tun.sampling_down_factor = r->sdf;
    if (r->cs) {
        cfg.tun.down_threshold = r->down;
        cfg.tun.freq_step = r->fstep;
        cfg.tun_set = 0xCF; /* as ondemand.tsv's start rows give them */
    } else {
        cfg.tun.io_is_busy = r->iob;
        cfg.tun_set = 0x3F;
    }
    if (pgov_dbs_size_cpus(1) != sizeof(kdbs_mem)) /* the constant is the run-time size */
        return PGOV_ENOSPC;
    d->row = r;
    d->work_rc = 0;
    d->driver_calls = 0;
    return pgov_dbs_init(kdbs_mem, sizeof(kdbs_mem), &cfg, &kdbs_ops, d, &d->g);
}

/* Every row of every group; returns the rows that matched, *total the rows. */
static unsigned int run_dbs(unsigned int *total, unsigned int *evals, unsigned int *failed)
{
    struct kdbs *d = kzalloc(sizeof(*d), GFP_KERNEL);
    unsigned int i, pass = 0;
    int rc = -1;

    *total = pgov_kvec_dbs_n;
    *evals = 0;
    if (!d)
        return 0;
    mutex_init(&d->lock);
    INIT_WORK(&d->work, kdbs_work_fn);
    for (i = 0; i < pgov_kvec_dbs_n; i++) {
        const struct pgov_kvec_dbs *r = &pgov_kvec_dbs[i];
        struct pgov_dbs_status st;
        int due = 0;

        if (r->start) {
            rc = kdbs_start(d, r);
        } else if (!rc) {
            d->row = r;
            /* The scheduler hook: the gate only; no lock, no driver. */
            due = pgov_dbs_hook_gate(d->g, 0, r->t_ns);
            d->work_rc = 0;
            if (due == 1) {
                d->now = r->t_ns;
                queue_work(system_wq, &d->work);
                flush_work(&d->work);
                *evals += d->work_rc == 1;
            } else if (due < 0) {
                rc = due;
            }
        }
        if (!rc && !pgov_dbs_get_status(d->g, &st) && st.cur_khz == r->cur &&
            (r->start || (u32)(d->work_rc == 1) == r->fire) &&
            (!d->driver_calls || d->khz == st.cur_khz)) {
            pass++;
            continue;
        }
        if ((*failed)++ < 3)
            pr_err("pgov: mismatch: ondemand.tsv %s row %u: want fire %u cur %u, got gate %d "
                   "work %d cur %u (%d)\n", r->group, i, r->fire, r->cur, due, d->work_rc,
                   rc ? 0 : st.cur_khz, rc);
    }
    kfree(d);
    return pass;
}

static int __init pgov_selftest_init(void)
{
    unsigned int i, pass = 0, total = 0, failed = 0, gov_total = 0, gov_pass;
    unsigned int dbs_total, dbs_evals, dbs_pass;

    for (i = 0; i < ARRAY_SIZE(tables); i++) {
        pass += run_table(&tables[i], &failed);
        total += *tables[i].n;
    }
    gov_pass = run_governor(&gov_total, &failed);
    pass += gov_pass;
    total += gov_total;
    dbs_pass = run_dbs(&dbs_total, &dbs_evals, &failed);
    pass += dbs_pass;
    total += dbs_total;
    if (pass != total || gov_total != pgov_trace_expected_n || !dbs_evals) {
        pr_err("pgov: selftest FAILED: %u/%u vector rows, libpgov %s\n", pass, total,
               pgov_version_string());
        return -EINVAL;
    }
    pr_info("pgov: selftest passed: %u/%u vector rows (pstate_fixed %u, pelt_decay %u, "
            "pelt_segments %u, uclamp_bucket_id %u, pstate_load governor %u, "
            "dbs hook gate + deferred work %u with %u evaluations), libpgov %s\n",
            pass, total, pgov_kvec_fixed_n, pgov_kvec_pelt_decay_n, pgov_kvec_pelt_segments_n,
            pgov_kvec_uclamp_bucket_id_n, gov_total, dbs_total, dbs_evals,
            pgov_version_string());
    return 0;
}

static void __exit pgov_selftest_exit(void)
{
}

module_init(pgov_selftest_init);
module_exit(pgov_selftest_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov self-test: the library's golden vectors replayed in the kernel");
