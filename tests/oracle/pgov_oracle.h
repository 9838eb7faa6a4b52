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

/* struct sched_avg as the record's (pgov_oracle_core.c) */
struct sched_avg;
void copy_avg(struct orec_avg *d, const struct sched_avg *s);
/* n records into this CPU's ring, all or none, under the group cap */
void push_n(const struct orec *r, unsigned int n);
bool push_n_full(void); /* the group cap is reached: the probe can skip its copies */

/* ---- pgov_oracle_group.c: update_load_avg of the task-group hierarchy ---- */
int oracle_grp_check_layout(void); /* -EINVAL after pr_err when an offset is missing */
void oracle_grp_register(void);    /* the probe; without it, no group rows (pr_warn) */
void oracle_grp_unregister(void);
void oracle_grp_missed(u64 *missed, u64 *recursed);
void grp_saw_cfs(const void *cfs_rq, u64 now); /* __update_load_avg_cfs_rq's clock */

/* ---- pgov_oracle_gov.c ---- */
int oracle_gov_check_layout(void); /* -EINVAL after pr_err when an offset is missing */
int oracle_gov_register(void);     /* the hook, the probes, the driver; 0 or -errno */
void oracle_gov_unregister(void);  /* whatever oracle_gov_register got to */
void oracle_gov_missed(u64 *missed, u64 *recursed); /* add the probes' misses */

#endif
