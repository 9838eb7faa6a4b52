/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of dbs (see main.c). */
/* internal/dbs_impl.h reaches the unstable core tier (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "api_contract.h"
/* The instance's fields, to corrupt the two every per-CPU index depends on. */
#include "internal/dbs_impl.h"

/* ---- dbs */
DEF(pgov_dbs_defaults, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_defaults(0, 0, NULL, &w->dtun);
}
DEF(pgov_dbs_defaults, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_defaults(0, 0, &w->dplat, NULL);
}
DEF(pgov_dbs_defaults, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_defaults(2, 0, &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 4, PGOV_ENOTSUP)
{
    return snap(w), pgov_dbs_defaults(0, PGOV_KVER(4, 16), &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 5, PGOV_ENOTSUP)
{
    return snap(w), pgov_dbs_defaults(0, PGOV_KVER(99, 0), &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 6, PGOV_EINVAL)
{
    w->dplat.reserved = 1;
    return snap(w), pgov_dbs_defaults(0, 0, &w->dplat, &w->dtun);
}
DEF(pgov_dbs_defaults, 7, PGOV_EINVAL)
{
    w->dplat.hz = 100001;
    return snap(w), pgov_dbs_defaults(0, 0, &w->dplat, &w->dtun);
}
DEF(pgov_dbs_size, 1, 1)
{
    return snap(w), pgov_dbs_size() >= pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS);
}
DEF(pgov_dbs_size_cpus, 1, 0)
{
    return snap(w), (int64_t)pgov_dbs_size_cpus(0);
}
DEF(pgov_dbs_size_cpus, 2, 0)
{
    return snap(w), (int64_t)pgov_dbs_size_cpus(PGOV_DBS_MAX_CPUS + 1);
}
#define DINIT(cfgp, outp)                                                                          \
    pgov_dbs_init(w->xmem, sizeof(w->xmem), cfgp, &fake_idle_ops, &g_idle, outp)
DEF(pgov_dbs_init, 1, PGOV_EINVAL)
{
    return snap(w),
           pgov_dbs_init(NULL, sizeof(w->xmem), &w->dcfg, &fake_idle_ops, &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 2, PGOV_EINVAL)
{
    return snap(w), DINIT(NULL, &w->dgx);
}
DEF(pgov_dbs_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_init(w->xmem, sizeof(w->xmem), &w->dcfg, NULL, &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 4, PGOV_EINVAL)
{
    return snap(w), DINIT(&w->dcfg, NULL);
}
DEF(pgov_dbs_init, 5, PGOV_ENOSPC)
{
    return snap(w), pgov_dbs_init(w->xmem, pgov_dbs_size_cpus(1) - 1, &w->dcfg, &fake_idle_ops,
                                  &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 6, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_init(w->xmem + 4, sizeof(w->xmem) - 8, &w->dcfg, &fake_idle_ops,
                                  &g_idle, &w->dgx);
}
DEF(pgov_dbs_init, 7, PGOV_E2BIG)
{
    w->dcfg.size = 0;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 8, PGOV_E2BIG)
{
    w->dcfg.size = 4;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 9, PGOV_E2BIG)
{
    w->dbig.c = w->dcfg;
    w->dbig.c.size = sizeof(w->dbig);
    w->dbig.extra[1] = 1;
    return snap(w), DINIT(&w->dbig.c, &w->dgx);
}
DEF(pgov_dbs_init, 10, PGOV_EINVAL)
{
    w->dcfg.cur_khz = 0;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 11, PGOV_EINVAL)
{
    w->dcfg.policy_min_khz = 800000;
    w->dcfg.policy_max_khz = 400000;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 12, PGOV_EINVAL)
{
    w->dcfg.gov = 2;
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 13, PGOV_ENOTSUP)
{
    w->dcfg.kver = PGOV_KVER(4, 16);
    return snap(w), DINIT(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init, 14, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = fake_idle_ops;
    o.set_freq_khz = NULL;
    return snap(w), pgov_dbs_init(w->xmem, sizeof(w->xmem), &w->dcfg, &o, &g_idle, &w->dgx);
}
DEF(pgov_dbs_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_update(NULL, 1, 0);
}
DEF(pgov_dbs_update, 2, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_update(w->dgo, UINT64_C(1) << 40, 0);
}
DEF(pgov_dbs_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_update((struct pgov_dbs *)(void *)w->zmem, 1, 0);
}
/* An instance whose owner index is past its CPUs (issue 30): it would read
 * cpu[5] of a one-CPU instance. */
DEF(pgov_dbs_update, 4, PGOV_EINVAL)
{
    w->dg->owner = 5;
    return snap(w), pgov_dbs_update(w->dg, UINT64_C(1) << 40, 0);
}
DEF(pgov_dbs_update_cpu, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_update_cpu(NULL, 0, 1, 0);
}
DEF(pgov_dbs_update_cpu, 2, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_update_cpu(w->dgo, 0, UINT64_C(1) << 40, 0);
}
DEF(pgov_dbs_update_cpu, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_update_cpu((struct pgov_dbs *)(void *)w->zmem, 0, 1, 0);
}
DEF(pgov_dbs_hook_gate, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_hook_gate(NULL, 0, 1);
}
DEF(pgov_dbs_hook_gate, 2, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_hook_gate(w->dgo, 0, UINT64_C(1) << 40);
}
DEF(pgov_dbs_hook_gate, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_hook_gate((struct pgov_dbs *)(void *)w->zmem, 0, 1);
}
DEF(pgov_dbs_work, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_work(NULL, 0, 1);
}
DEF(pgov_dbs_work, 2, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_work(w->dgo, 0, UINT64_C(1) << 40);
}
DEF(pgov_dbs_work, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_work((struct pgov_dbs *)(void *)w->zmem, 0, 1);
}
DEF(pgov_dbs_timer, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_timer(NULL, 1, &w->u64);
}
DEF(pgov_dbs_timer, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_timer(w->dg, UINT64_C(1) << 40, NULL);
}
DEF(pgov_dbs_timer, 3, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_timer(w->dgo, UINT64_C(1) << 40, &w->u64);
}
DEF(pgov_dbs_timer, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_timer((struct pgov_dbs *)(void *)w->zmem, 1, &w->u64);
}
DEF(pgov_dbs_set_limits, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits(NULL, &w->dlim);
}
DEF(pgov_dbs_set_limits, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits(w->dg, NULL);
}
DEF(pgov_dbs_set_limits, 3, PGOV_EINVAL)
{
    w->dlim.min_khz = 800000;
    w->dlim.max_khz = 400000;
    return snap(w), pgov_dbs_set_limits(w->dg, &w->dlim);
}
DEF(pgov_dbs_set_limits, 4, PGOV_EINVAL)
{
    w->dlim.max_khz = 900000;
    return snap(w), pgov_dbs_set_limits(w->dg, &w->dlim);
}
DEF(pgov_dbs_set_limits, 5, PGOV_EINVAL)
{
    w->dlim.min_khz = 100000;
    return snap(w), pgov_dbs_set_limits(w->dg, &w->dlim);
}
DEF(pgov_dbs_set_limits, 6, PGOV_ENOSYS)
{
    return snap(w), pgov_dbs_set_limits(w->dgo, &w->dlim);
}
DEF(pgov_dbs_set_limits, 7, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits((struct pgov_dbs *)(void *)w->zmem, &w->dlim);
}
DEF(pgov_dbs_store, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(NULL, PGOV_DBS_UP_THRESHOLD, 80, NULL, 0);
}
DEF(pgov_dbs_store, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, 8, 80, NULL, 0);
}
DEF(pgov_dbs_store, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_DOWN_THRESHOLD, 20, NULL, 0);
}
DEF(pgov_dbs_store, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_UP_THRESHOLD, 101, NULL, 0);
}
DEF(pgov_dbs_store, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_SAMPLING_RATE, 0, NULL, 0);
}
DEF(pgov_dbs_store, 6, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dgo, PGOV_DBS_IO_IS_BUSY, 1, NULL, 1);
}
DEF(pgov_dbs_store, 7, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dgo, PGOV_DBS_IO_IS_BUSY, 1, w->snap, 2);
}
DEF(pgov_dbs_store, 8, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_store(w->dg, PGOV_DBS_IO_IS_BUSY, 1, w->snap, 1);
}
DEF(pgov_dbs_store, 9, PGOV_EINVAL)
{
    return snap(w),
           pgov_dbs_store((struct pgov_dbs *)(void *)w->zmem, PGOV_DBS_UP_THRESHOLD, 80, NULL, 0);
}
DEF(pgov_dbs_get_status, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_status(NULL, &w->dst);
}
DEF(pgov_dbs_get_status, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_status(w->dg, NULL);
}
DEF(pgov_dbs_get_status, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_status((struct pgov_dbs *)(void *)w->zmem, &w->dst);
}
DEF(pgov_dbs_get_cpu, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_cpu(NULL, 0, &w->dcpu);
}
DEF(pgov_dbs_get_cpu, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_cpu(w->dg, 0, NULL);
}
DEF(pgov_dbs_get_cpu, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_cpu(w->dg, 1, &w->dcpu);
}
DEF(pgov_dbs_get_cpu, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_cpu((struct pgov_dbs *)(void *)w->zmem, 0, &w->dcpu);
}
/* An instance claiming more CPUs than any instance holds: idx 70 would
 * pass `idx < ncpu`. */
DEF(pgov_dbs_get_cpu, 5, PGOV_EINVAL)
{
    w->dg->c.ncpu = PGOV_DBS_MAX_CPUS + 36;
    return snap(w), pgov_dbs_get_cpu(w->dg, 70, &w->dcpu);
}
DEF(pgov_dbs_evaluate, 7, PGOV_EINVAL)
{
    w->dgo->owner = 1;
    return snap(w), pgov_dbs_evaluate(w->dgo, w->snap, 1, &w->dres);
}
#define DOPEN(cfgp, outp) pgov_dbs_init_open(w->xmem, sizeof(w->xmem), cfgp, outp)
DEF(pgov_dbs_init_open, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_init_open(NULL, sizeof(w->xmem), &w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 2, PGOV_EINVAL)
{
    return snap(w), DOPEN(NULL, &w->dgx);
}
DEF(pgov_dbs_init_open, 3, PGOV_EINVAL)
{
    return snap(w), DOPEN(&w->dcfg, NULL);
}
DEF(pgov_dbs_init_open, 4, PGOV_ENOSPC)
{
    return snap(w), pgov_dbs_init_open(w->xmem, 8, &w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 5, PGOV_E2BIG)
{
    w->dcfg.size = 0;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 6, PGOV_E2BIG)
{
    w->dbig.c = w->dcfg;
    w->dbig.c.size = sizeof(w->dbig);
    w->dbig.extra[0] = 1;
    return snap(w), DOPEN(&w->dbig.c, &w->dgx);
}
DEF(pgov_dbs_init_open, 7, PGOV_ENOTSUP)
{
    w->dcfg.variant = 1;
    w->dcfg.gov = PGOV_DBS_CONSERVATIVE;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 8, PGOV_ENOTSUP)
{
    w->dcfg.variant = 7;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_init_open, 9, PGOV_EINVAL)
{
    w->dcfg.ncpu = 2;
    w->dcfg.cpus = w->cpus_dup;
    return snap(w), DOPEN(&w->dcfg, &w->dgx);
}
DEF(pgov_dbs_start, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start(NULL, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_start, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start(w->dgn, NULL, 1, &w->dres);
}
DEF(pgov_dbs_start, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start(w->dgn, w->snap, 2, &w->dres);
}
DEF(pgov_dbs_start, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start(w->dg, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_start, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_start((struct pgov_dbs *)(void *)w->zmem, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_should_sample, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_should_sample(NULL, UINT64_C(1) << 40);
}
DEF(pgov_dbs_should_sample, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_should_sample(w->dg, UINT64_C(1) << 40);
}
DEF(pgov_dbs_should_sample, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_should_sample(w->dgn, UINT64_C(1) << 40);
}
DEF(pgov_dbs_should_sample, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_should_sample((struct pgov_dbs *)(void *)w->zmem, UINT64_C(1) << 40);
}
DEF(pgov_dbs_evaluate, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(NULL, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dgo, NULL, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dgo, w->snap, 0, &w->dres);
}
DEF(pgov_dbs_evaluate, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dg, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate(w->dgn, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_evaluate, 6, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_evaluate((struct pgov_dbs *)(void *)w->zmem, w->snap, 1, &w->dres);
}
DEF(pgov_dbs_set_limits_open, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits_open(NULL, 200000, 800000, &w->dres);
}
DEF(pgov_dbs_set_limits_open, 2, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits_open(w->dgo, 800000, 400000, &w->dres);
}
DEF(pgov_dbs_set_limits_open, 3, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits_open(w->dgo, 200000, 900000, &w->dres);
}
DEF(pgov_dbs_set_limits_open, 4, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits_open(w->dg, 200000, 800000, &w->dres);
}
DEF(pgov_dbs_set_limits_open, 5, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_set_limits_open((struct pgov_dbs *)(void *)w->zmem, 200000, 800000, &w->dres);
}

/* ---- the deprecated 0.1 names: PGOV_0.1 aliases of the same functions */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
DEF(pgov_dbs_get_state, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_get_state((struct pgov_dbs *)(void *)w->zmem, &w->dst);
}
DEF(pgov_dbs_limits, 1, PGOV_EINVAL)
{
    return snap(w), pgov_dbs_limits(w->dgo, 800000, 400000, &w->dres);
}
#pragma GCC diagnostic pop

static const struct row dbs_rows[] = {
    R(pgov_dbs_defaults, 1),
    R(pgov_dbs_defaults, 2),
    R(pgov_dbs_defaults, 3),
    R(pgov_dbs_defaults, 4),
    R(pgov_dbs_defaults, 5),
    R(pgov_dbs_defaults, 6),
    R(pgov_dbs_defaults, 7),
    R(pgov_dbs_size, 1),
    R(pgov_dbs_size_cpus, 1),
    R(pgov_dbs_size_cpus, 2),
    R(pgov_dbs_init, 1),
    R(pgov_dbs_init, 2),
    R(pgov_dbs_init, 3),
    R(pgov_dbs_init, 4),
    R(pgov_dbs_init, 5),
    R(pgov_dbs_init, 6),
    R(pgov_dbs_init, 7),
    R(pgov_dbs_init, 8),
    R(pgov_dbs_init, 9),
    R(pgov_dbs_init, 10),
    R(pgov_dbs_init, 11),
    R(pgov_dbs_init, 12),
    R(pgov_dbs_init, 13),
    R(pgov_dbs_init, 14),
    R(pgov_dbs_update, 1),
    R(pgov_dbs_update, 2),
    R(pgov_dbs_update, 3),
    R(pgov_dbs_update, 4),
    R(pgov_dbs_update_cpu, 1),
    R(pgov_dbs_update_cpu, 2),
    R(pgov_dbs_update_cpu, 3),
    R(pgov_dbs_hook_gate, 1),
    R(pgov_dbs_hook_gate, 2),
    R(pgov_dbs_hook_gate, 3),
    R(pgov_dbs_work, 1),
    R(pgov_dbs_work, 2),
    R(pgov_dbs_work, 3),
    R(pgov_dbs_timer, 1),
    R(pgov_dbs_timer, 2),
    R(pgov_dbs_timer, 3),
    R(pgov_dbs_timer, 4),
    R(pgov_dbs_set_limits, 1),
    R(pgov_dbs_set_limits, 2),
    R(pgov_dbs_set_limits, 3),
    R(pgov_dbs_set_limits, 4),
    R(pgov_dbs_set_limits, 5),
    R(pgov_dbs_set_limits, 6),
    R(pgov_dbs_set_limits, 7),
    R(pgov_dbs_store, 1),
    R(pgov_dbs_store, 2),
    R(pgov_dbs_store, 3),
    R(pgov_dbs_store, 4),
    R(pgov_dbs_store, 5),
    R(pgov_dbs_store, 6),
    R(pgov_dbs_store, 7),
    R(pgov_dbs_store, 8),
    R(pgov_dbs_store, 9),
    R(pgov_dbs_get_status, 1),
    R(pgov_dbs_get_status, 2),
    R(pgov_dbs_get_status, 3),
    R(pgov_dbs_get_cpu, 1),
    R(pgov_dbs_get_cpu, 2),
    R(pgov_dbs_get_cpu, 3),
    R(pgov_dbs_get_cpu, 4),
    R(pgov_dbs_get_cpu, 5),
    R(pgov_dbs_init_open, 1),
    R(pgov_dbs_init_open, 2),
    R(pgov_dbs_init_open, 3),
    R(pgov_dbs_init_open, 4),
    R(pgov_dbs_init_open, 5),
    R(pgov_dbs_init_open, 6),
    R(pgov_dbs_init_open, 7),
    R(pgov_dbs_init_open, 8),
    R(pgov_dbs_init_open, 9),
    R(pgov_dbs_start, 1),
    R(pgov_dbs_start, 2),
    R(pgov_dbs_start, 3),
    R(pgov_dbs_start, 4),
    R(pgov_dbs_start, 5),
    R(pgov_dbs_should_sample, 1),
    R(pgov_dbs_should_sample, 2),
    R(pgov_dbs_should_sample, 3),
    R(pgov_dbs_should_sample, 4),
    R(pgov_dbs_evaluate, 1),
    R(pgov_dbs_evaluate, 2),
    R(pgov_dbs_evaluate, 3),
    R(pgov_dbs_evaluate, 4),
    R(pgov_dbs_evaluate, 5),
    R(pgov_dbs_evaluate, 6),
    R(pgov_dbs_evaluate, 7),
    R(pgov_dbs_set_limits_open, 1),
    R(pgov_dbs_set_limits_open, 2),
    R(pgov_dbs_set_limits_open, 3),
    R(pgov_dbs_set_limits_open, 4),
    R(pgov_dbs_set_limits_open, 5),
    R(pgov_dbs_get_state, 1),
    R(pgov_dbs_limits, 1),
};
ROW_TABLE(dbs);
