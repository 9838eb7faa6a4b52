// SPDX-License-Identifier: BSD-2-Clause
/*
 * pgov_sched_tp: turn the kernel's bare PELT / util_est tracepoints into
 * LISA-format trace events, so recorded traces carry the kernel's own
 * signals for pgov-trace to compare against. PELT samples cover tasks,
 * group entities (pid -1, comm "(null)", LISA's convention) and every
 * cfs_rq, named by path: "/" (root), "/autogroup-N" or the cgroup path.
 * util_est samples cover tasks and root cfs_rqs only.
 *
 * struct cfs_rq and struct rq are private to kernel/sched; their offsets
 * come from the target kernel's BTF (pahole), generated into
 * pgov_sched_tp_offsets.h at build time by pgov-tp-offsets.sh (Kbuild).
 * Packaged for DKMS as pgov-tracepoints-dkms; docs/record.md.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/cgroup.h>
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

static int cfs_cpu(const struct cfs_rq *cfs)
{
	return rq_cpu(*(const char *const *)((const char *)cfs + PGOV_CFS_RQ_RQ));
}

/* The task group's name as LISA's sched_tp prints it: an autogroup by its
 * id (its css is not a cgroup's), any other group by its cgroup path. */
static void cfs_path(const struct cfs_rq *cfs, char *buf, size_t len)
{
	strscpy(buf, "/", len);
#if defined(PGOV_HAVE_CFS_RQ_TG) && defined(PGOV_HAVE_TG_CSS)
	{
		const char *tg = *(const char *const *)((const char *)cfs + PGOV_CFS_RQ_TG);
		const struct cgroup_subsys_state *css;

		if (!tg)
			return;
#if defined(PGOV_HAVE_TG_AUTOGROUP) && defined(PGOV_HAVE_AUTOGROUP_ID)
		{
			const char *ag = *(const char *const *)(tg + PGOV_TG_AUTOGROUP);

			if (ag) {
				snprintf(buf, len, "/autogroup-%lu",
					 *(const unsigned long *)(ag + PGOV_AUTOGROUP_ID));
				return;
			}
		}
#endif
		css = (const void *)(tg + PGOV_TG_CSS);
		if (css->cgroup)
			cgroup_path(css->cgroup, buf, len);
	}
#endif
}

static void probe_pelt_se(void *data, struct sched_entity *se)
{
	struct task_struct *p;
	char path[PGOV_TP_PATH];

	if (se->my_q) { /* group entity: named by the cfs_rq it owns */
		cfs_path(se->my_q, path, sizeof(path));
		trace_sched_pelt_se(cfs_cpu(se->my_q), path, "(null)", -1, &se->avg);
		return;
	}
	p = container_of(se, struct task_struct, se);
	cfs_path(se->cfs_rq, path, sizeof(path));
	trace_sched_pelt_se(task_cpu(p), path, p->comm, p->pid, &se->avg);
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
	char path[PGOV_TP_PATH];

	cfs_path(cfs, path, sizeof(path));
	trace_sched_pelt_cfs(cfs_cpu(cfs), path, cfs_avg(cfs));
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
