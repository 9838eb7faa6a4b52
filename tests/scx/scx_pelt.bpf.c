/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a sched_ext scheduler would compile: per-task PELT and the CPU
 * performance request through pgov/core/scx.h, for `clang -target bpf`
 * (ctest scx_core_bpf, tests/scx/bpf_build.sh). Plain global functions
 * stand in for the struct_ops callbacks; the point is that the header
 * compiles to BPF with no call, no 128-bit and no signed division.
 */
/* The unstable inline core tier; a BPF object links nothing (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <pgov/core/scx.h>

struct task_ctx {
    struct pgov_pelt_avg avg;
};

int pgov_scx_running(struct task_ctx *tctx, uint64_t now, uint32_t running);
int pgov_scx_running(struct task_ctx *tctx, uint64_t now, uint32_t running)
{
    return pgov_scx_pelt_update(&tctx->avg, now, 1, 1, running, 1024);
}

void pgov_scx_enable(struct task_ctx *tctx, uint64_t now);
void pgov_scx_enable(struct task_ctx *tctx, uint64_t now)
{
    pgov_scx_pelt_init(&tctx->avg, now);
}

uint32_t pgov_scx_cpuperf(const struct task_ctx *tctx, uint32_t capacity);
uint32_t pgov_scx_cpuperf(const struct task_ctx *tctx, uint32_t capacity)
{
    return pgov_scx_util_to_perf(pgov_pelt_core_util(&tctx->avg), capacity);
}

uint64_t pgov_scx_decay16(uint64_t val, uint64_t n);
uint64_t pgov_scx_decay16(uint64_t val, uint64_t n)
{
    return pgov_scx_pelt_decay(16, val, n);
}
