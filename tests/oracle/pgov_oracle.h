/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_oracle.ko's parts: pgov_oracle_core.c (rings, /proc/pgov_oracle, the
 * PELT and util_est probes, load and unload) and pgov_oracle_gov.c (the
 * dummy cpufreq driver and the governors' probes). One module: what the
 * governor part reads from the core is declared here.
 */
#ifndef PGOV_ORACLE_H
#define PGOV_ORACLE_H

#include <linux/types.h>
#include <linux/threads.h>
#include "oracle_rec.h"

#define AT(base, off, type) (*(type *)((char *)(base) + (off)))

/* BTF offsets (module parameters, -1: absent) the governor part reads too. */
extern int rq_cfs, rq_avg_rt, rq_dl_running_bw, rq_uclamp, cfs_rq_avg;
/* Each CPU's struct rq, learnt from the rt/dl PELT updates. */
extern void *rq_of_cpu[NR_CPUS];
/* The rq's util_est sum (cfs_rq avg's util_est, enqueued). */
u32 rq_ue(void *rq);

/* ---- pgov_oracle_gov.c ---- */
int oracle_gov_check_layout(void); /* -EINVAL after pr_err when an offset is missing */
int oracle_gov_register(void);     /* the hook, the probes, the driver; 0 or -errno */
void oracle_gov_unregister(void);  /* whatever oracle_gov_register got to */
void oracle_gov_missed(u64 *missed, u64 *recursed); /* add the probes' misses */

#endif
