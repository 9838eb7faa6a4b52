/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * examples/scx/pgov_scx.bpf.h, the policy a sched_ext scheduler includes,
 * compiled for BPF without a kernel's vmlinux.h (ctest scx_policy_bpf,
 * tests/scx/bpf_build.sh): every step inline, no call, no libcall. Plain
 * global functions stand in for the struct_ops callbacks; examples/scx/run.sh
 * loads the real scheduler in a 7.3 guest.
 */
#include <stdbool.h>
#include <stdint.h>

#include "pgov_scx.bpf.h"

int64_t pgov_policy_running(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc, uint64_t now,
                            const struct pgov_scx_in *x);
int64_t pgov_policy_running(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc, uint64_t now,
                            const struct pgov_scx_in *x)
{
    return pgov_scx_running(tc, cc, now, x);
}

int64_t pgov_policy_tick(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc, uint64_t now,
                         const struct pgov_scx_in *x);
int64_t pgov_policy_tick(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc, uint64_t now,
                         const struct pgov_scx_in *x)
{
    return pgov_scx_tick(tc, cc, now, x);
}

void pgov_policy_sleep(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc, uint64_t now, bool io);
void pgov_policy_sleep(struct pgov_scx_task *tc, struct pgov_scx_cpu *cc, uint64_t now, bool io)
{
    pgov_scx_stopping(tc, cc, now);
    pgov_scx_quiescent(tc, now);
    pgov_scx_runnable(tc, now, io);
}
