/* SPDX-License-Identifier: BSD-2-Clause */
/* The op tables of every module, in the order bench/run prints them. */
#include "bench.h"

#include <stddef.h>

extern const struct bench_op bench_ops_uclamp[];
extern const struct bench_op bench_ops_dbs[];
extern const struct bench_op bench_ops_signals[];
extern const struct bench_op bench_ops_util_est[];
extern const struct bench_op bench_ops_util_est_kver[];
extern const struct bench_op bench_ops_pstate[];

const struct bench_op *const bench_tables[] = {
    bench_ops_signals,
    bench_ops_util_est,
    bench_ops_util_est_kver,
    bench_ops_uclamp,
    bench_ops_dbs,
    bench_ops_pstate,
    NULL,
};
