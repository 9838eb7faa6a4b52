/* SPDX-License-Identifier: BSD-2-Clause */
/* The op tables of every module, in the order bench/run prints them. */
#include "bench.h"

#include <stddef.h>

static const struct bench_op no_ops[] = {BENCH_OPS_END};
extern const struct bench_op bench_ops_signals[];
extern const struct bench_op bench_ops_pstate[];
extern const struct bench_op bench_ops_dbs[];
extern const struct bench_op bench_ops_uclamp[];

const struct bench_op *const bench_tables[] = {
    no_ops,
    bench_ops_signals,
    bench_ops_pstate,
    bench_ops_dbs,
    bench_ops_uclamp,
    NULL,
};
