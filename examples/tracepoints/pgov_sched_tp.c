// SPDX-License-Identifier: BSD-2-Clause
/*
 * pgov_sched_tp: turn the kernel's bare PELT / util_est tracepoints into
 * LISA-format trace events, so recorded traces carry the kernel's own
 * signals for pgov-trace to compare against. Only task entities and root
 * cfs_rqs are reported (group entities and child cfs_rqs are skipped).
 *
 * struct cfs_rq and struct rq are private to kernel/sched; their offsets
 * come from the target kernel's BTF (pahole), generated into
 * pgov_sched_tp_offsets.h at build time by pgov-tp-offsets.sh (Kbuild).
 * Packaged for DKMS as pgov-tracepoints-dkms; docs/record.md.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <trace/events/sched.h>

#include "pgov_sched_tp_offsets.h"

#define CREATE_TRACE_POINTS
#include "pgov_sched_tp_events.h"

static const struct sched_avg *cfs_avg(const struct cfs_rq *cfs)
{
	return (const void *)((const char *)cfs + PGOV_CFS_RQ_AVG);
}

/* The rq owning a cfs_rq, or NULL unless it is that rq's root cfs_rq. */
static const char *root_rq(const struct cfs_rq *cfs)
{
	const char *rq = *(const char *const *)((const char *)cfs + PGOV_CFS_RQ_RQ);

	return rq + PGOV_RQ_CFS == (const char *)cfs ? rq : NULL;
}

static int rq_cpu(const char *rq)
{
	return *(const int *)(rq + PGOV_RQ_CPU);
}

static void probe_pelt_se(void *data, struct sched_entity *se)
{
	struct task_struct *p;

	if (se->my_q) /* group entity */
		return;
	p = container_of(se, struct task_struct, se);
	trace_sched_pelt_se(task_cpu(p), p->comm, p->pid, &se->avg);
}

static void probe_util_est_se(void *data, struct sched_entity *se)
{
	struct task_struct *p;

	if (se->my_q)
		return;
	p = container_of(se, struct task_struct, se);
	trace_sched_util_est_se(task_cpu(p), p->comm, p->pid, &se->avg);
}

static void probe_pelt_cfs(void *data, struct cfs_rq *cfs)
{
	const char *rq = root_rq(cfs);

	if (rq)
		trace_sched_pelt_cfs(rq_cpu(rq), cfs_avg(cfs));
}

static void probe_util_est_cfs(void *data, struct cfs_rq *cfs)
{
	const char *rq = root_rq(cfs);

	if (rq)
		trace_sched_util_est_cfs(rq_cpu(rq), cfs_avg(cfs));
}

static void probe_pelt_rt(void *data, struct rq *rq)
{
	const char *r = (const char *)rq;

	trace_sched_pelt_rt(rq_cpu(r), (const void *)(r + PGOV_RQ_AVG_RT));
}

static void probe_pelt_dl(void *data, struct rq *rq)
{
	const char *r = (const char *)rq;

	trace_sched_pelt_dl(rq_cpu(r), (const void *)(r + PGOV_RQ_AVG_DL));
}

/* Unregistering a probe that was never registered only returns -ENOENT. */
static void unregister_all(void)
{
	unregister_trace_sched_util_est_cfs_tp(probe_util_est_cfs, NULL);
	unregister_trace_sched_util_est_se_tp(probe_util_est_se, NULL);
	unregister_trace_pelt_dl_tp(probe_pelt_dl, NULL);
	unregister_trace_pelt_rt_tp(probe_pelt_rt, NULL);
	unregister_trace_pelt_cfs_tp(probe_pelt_cfs, NULL);
	unregister_trace_pelt_se_tp(probe_pelt_se, NULL);
	tracepoint_synchronize_unregister();
}

static int __init pgov_sched_tp_init(void)
{
	int e = register_trace_pelt_se_tp(probe_pelt_se, NULL);

	e = e ?: register_trace_pelt_cfs_tp(probe_pelt_cfs, NULL);
	e = e ?: register_trace_pelt_rt_tp(probe_pelt_rt, NULL);
	e = e ?: register_trace_pelt_dl_tp(probe_pelt_dl, NULL);
	e = e ?: register_trace_sched_util_est_se_tp(probe_util_est_se, NULL);
	e = e ?: register_trace_sched_util_est_cfs_tp(probe_util_est_cfs, NULL);
	if (e) {
		pr_err("pgov_sched_tp: registering a probe failed: %d\n", e);
		unregister_all();
	}
	return e;
}

static void __exit pgov_sched_tp_exit(void)
{
	unregister_all();
}

module_init(pgov_sched_tp_init);
module_exit(pgov_sched_tp_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("LISA-format PELT and util_est trace events for pgov-trace");
