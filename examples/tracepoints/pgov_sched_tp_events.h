/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trace events in LISA's sched_tp format (field names and print formats of
 * lisa/_assets/kmodules/sched_tp), fed from the kernel's bare PELT and
 * util_est tracepoints. Only what pgov-trace compares is emitted.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM pgov_sched_tp

#if !defined(PGOV_SCHED_TP_EVENTS_H) || defined(TRACE_HEADER_MULTI_READ)
#define PGOV_SCHED_TP_EVENTS_H

#include <linux/tracepoint.h>
#include <linux/version.h>

/* v6.9 folded struct util_est {enqueued, ewma} into one unsigned int: a
 * task's ewma with UTIL_AVG_UNCHANGED in bit 31, a cfs_rq's enqueued sum.
 * Emitted as pgov-trace reads the v6.9+ layout: enqueued the whole field
 * (its bit 31 the flag), ewma without the flag (0 for a cfs_rq). */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
#define PGOV_UE_ENQ(avg) ((avg)->util_est)
#define PGOV_UE_EWMA(avg) ((avg)->util_est & 0x7fffffffu)
#define PGOV_UE_CFS_EWMA(avg) 0u
#else
#define PGOV_UE_ENQ(avg) ((avg)->util_est.enqueued)
#define PGOV_UE_EWMA(avg) ((avg)->util_est.ewma)
#define PGOV_UE_CFS_EWMA(avg) ((avg)->util_est.ewma)
#endif

/* cfs_rq paths: "/", "/autogroup-N" or the cgroup path (LISA's size). */
#define PGOV_TP_PATH 64

TRACE_EVENT(sched_pelt_se,
	TP_PROTO(int cpu, const char *path, const char *comm, int pid, const struct sched_avg *avg),
	TP_ARGS(cpu, path, comm, pid, avg),
	TP_STRUCT__entry(
		__field(int, cpu)
		__array(char, path, PGOV_TP_PATH)
		__array(char, comm, TASK_COMM_LEN)
		__field(int, pid)
		__field(unsigned long, load)
		__field(unsigned long, runnable)
		__field(unsigned long, util)
		__field(unsigned long long, update_time)),
	TP_fast_assign(
		__entry->cpu = cpu;
		strscpy(__entry->path, path, sizeof(__entry->path));
		strscpy(__entry->comm, comm, TASK_COMM_LEN);
		__entry->pid = pid;
		__entry->load = avg->load_avg;
		__entry->runnable = avg->runnable_avg;
		__entry->util = avg->util_avg;
		__entry->update_time = avg->last_update_time;),
	TP_printk("cpu=%d path=%s comm=%s pid=%d load=%lu runnable=%lu util=%lu update_time=%llu",
		  __entry->cpu, __entry->path, __entry->comm, __entry->pid, __entry->load,
		  __entry->runnable, __entry->util, __entry->update_time));

TRACE_EVENT(sched_pelt_cfs,
	TP_PROTO(int cpu, const char *path, const struct sched_avg *avg),
	TP_ARGS(cpu, path, avg),
	TP_STRUCT__entry(
		__field(int, cpu)
		__array(char, path, PGOV_TP_PATH)
		__field(unsigned long, load)
		__field(unsigned long, runnable)
		__field(unsigned long, util)
		__field(unsigned long long, update_time)),
	TP_fast_assign(
		__entry->cpu = cpu;
		strscpy(__entry->path, path, sizeof(__entry->path));
		__entry->load = avg->load_avg;
		__entry->runnable = avg->runnable_avg;
		__entry->util = avg->util_avg;
		__entry->update_time = avg->last_update_time;),
	TP_printk("cpu=%d path=%s load=%lu runnable=%lu util=%lu update_time=%llu",
		  __entry->cpu, __entry->path, __entry->load, __entry->runnable, __entry->util,
		  __entry->update_time));

DECLARE_EVENT_CLASS(sched_pelt_rq_template,
	TP_PROTO(int cpu, const struct sched_avg *avg),
	TP_ARGS(cpu, avg),
	TP_STRUCT__entry(
		__field(int, cpu)
		__field(unsigned long, load)
		__field(unsigned long, runnable)
		__field(unsigned long, util)
		__field(unsigned long long, update_time)),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->load = avg->load_avg;
		__entry->runnable = avg->runnable_avg;
		__entry->util = avg->util_avg;
		__entry->update_time = avg->last_update_time;),
	TP_printk("cpu=%d load=%lu runnable=%lu util=%lu update_time=%llu", __entry->cpu,
		  __entry->load, __entry->runnable, __entry->util, __entry->update_time));

DEFINE_EVENT(sched_pelt_rq_template, sched_pelt_rt,
	TP_PROTO(int cpu, const struct sched_avg *avg), TP_ARGS(cpu, avg));
DEFINE_EVENT(sched_pelt_rq_template, sched_pelt_dl,
	TP_PROTO(int cpu, const struct sched_avg *avg), TP_ARGS(cpu, avg));

TRACE_EVENT(sched_util_est_se,
	TP_PROTO(int cpu, const char *comm, int pid, const struct sched_avg *avg),
	TP_ARGS(cpu, comm, pid, avg),
	TP_STRUCT__entry(
		__field(int, cpu)
		__array(char, path, PGOV_TP_PATH)
		__array(char, comm, TASK_COMM_LEN)
		__field(int, pid)
		__field(unsigned int, enqueued)
		__field(unsigned int, ewma)
		__field(unsigned long, util)),
	TP_fast_assign(
		__entry->cpu = cpu;
		strscpy(__entry->path, "/", sizeof(__entry->path));
		strscpy(__entry->comm, comm, TASK_COMM_LEN);
		__entry->pid = pid;
		__entry->enqueued = PGOV_UE_ENQ(avg);
		__entry->ewma = PGOV_UE_EWMA(avg);
		__entry->util = avg->util_avg;),
	TP_printk("cpu=%d path=%s comm=%s pid=%d enqueued=%u ewma=%u util=%lu", __entry->cpu,
		  __entry->path, __entry->comm, __entry->pid, __entry->enqueued, __entry->ewma,
		  __entry->util));

TRACE_EVENT(sched_util_est_cfs,
	TP_PROTO(int cpu, const struct sched_avg *avg),
	TP_ARGS(cpu, avg),
	TP_STRUCT__entry(
		__field(int, cpu)
		__array(char, path, PGOV_TP_PATH)
		__field(unsigned int, enqueued)
		__field(unsigned int, ewma)
		__field(unsigned long, util)),
	TP_fast_assign(
		__entry->cpu = cpu;
		strscpy(__entry->path, "/", sizeof(__entry->path));
		__entry->enqueued = PGOV_UE_ENQ(avg);
		__entry->ewma = PGOV_UE_CFS_EWMA(avg);
		__entry->util = avg->util_avg;),
	TP_printk("cpu=%d path=%s enqueued=%u ewma=%u util=%lu", __entry->cpu, __entry->path,
		  __entry->enqueued, __entry->ewma, __entry->util));

#endif /* PGOV_SCHED_TP_EVENTS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE pgov_sched_tp_events
#include <trace/define_trace.h>
