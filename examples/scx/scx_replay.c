/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * scx_replay LOG N: replays the first N records of scx_pgov's decision log
 * (pgov_scx_rec.h, written by the loader in the guest) through libpgov's
 * ABI tier and compares every field: each task and CPU PELT signal from its
 * INIT record on (pgov_pelt_init, pgov_pelt_update: all 64 bytes of the
 * signal), and each decision (its util input = min(1024, max(CPU signal,
 * running task's signal)) of the replayed signals, pgov_sugov_decide_in on
 * the replayed CPU state: result, state after, the target handed to
 * scx_bpf_cpuperf_set), and each callback of the kernel's own schedutil
 * (KSUGOV: its state at entry, effective_cpu_util's result, the hold, the
 * commit) through replay_linux_sugov (pgov_sugov_decide_in over the dummy
 * driver's table, as tests/oracle replays 6.x), also checking that the
 * utilisation schedutil was given is the scx target. Prints one summary
 * line; exits 0 when all are
 * equal, 1 on a mismatch (the first few printed as LOG:record: field),
 * 2 on a bad file. Memory: fixed tables (CPUs, tasks by pid).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PGOV_CORE_UNSTABLE 1 /* the record layout's constants; linked with lib/ (static) */
#include <pgov/kver.h>
#include <pgov/core/scx.h>

#include "pgov_scx_rec.h"
#include "replay_linux.h" /* replay_linux_sugov: the oracle's schedutil replay */

#define MAX_CPUS 64
#define MAX_TASKS (1u << 16) /* open addressing by pid */

struct task {
    uint32_t pid, used;
    struct pgov_pelt_avg avg;
};

static struct task tasks[MAX_TASKS];
static struct pgov_pelt_avg cpus[MAX_CPUS];
static struct pgov_sugov_state cst[MAX_CPUS];
static uint8_t cpu_on[MAX_CPUS];
static uint32_t last_target[MAX_CPUS]; /* what scx_pgov last set; 1024 from enable */
static struct pgov_freq_entry dummy_table[16]; /* examples/scx/kmod: 900..2400 MHz */
static struct pgov_freq_table table;
static unsigned long long k_eval, k_target_eq, k_commits, k_commit_eq, k_calls, k_calls_eq;
static const char *path;
static unsigned long long nbad;

static struct task *task_slot(uint32_t pid, int create)
{
    uint32_t h = (pid * 2654435761u) & (MAX_TASKS - 1), i;
    for (i = 0; i < MAX_TASKS; i++, h = (h + 1) & (MAX_TASKS - 1)) {
        if (tasks[h].used && tasks[h].pid == pid)
            return &tasks[h];
        if (!tasks[h].used) {
            if (!create)
                return NULL;
            tasks[h].used = 1;
            tasks[h].pid = pid;
            return &tasks[h];
        }
    }
    return NULL;
}

static void bad(unsigned long long i, const char *what, uint64_t got, uint64_t want)
{
    if (nbad++ < 10)
        fprintf(stderr, "%s:%llu: %s: replay %" PRIu64 ", BPF %" PRIu64 "\n", path, i, what, got,
                want);
}

#define CMP(i, what, got, want) do { if ((uint64_t)(got) != (uint64_t)(want)) { bad(i, what, got, want); return 0; } } while (0)

static int cmp_avg(unsigned long long i, const struct pgov_pelt_avg *a, const struct pgov_pelt_avg *b)
{
    CMP(i, "last_update_time", a->last_update_time, b->last_update_time);
    CMP(i, "load_sum", a->load_sum, b->load_sum);
    CMP(i, "runnable_sum", a->runnable_sum, b->runnable_sum);
    CMP(i, "util_sum", a->util_sum, b->util_sum);
    CMP(i, "period_contrib", a->period_contrib, b->period_contrib);
    CMP(i, "load_avg", a->load_avg, b->load_avg);
    CMP(i, "runnable_avg", a->runnable_avg, b->runnable_avg);
    CMP(i, "util_avg", a->util_avg, b->util_avg);
    CMP(i, "halflife", a->halflife, b->halflife);
    return 1;
}

/* One PELT record: 1 equal, 0 different. */
static int pelt(unsigned long long i, const struct pgov_scx_rec *r, struct pgov_pelt_avg *sa, int init)
{
    int rc = init ? pgov_pelt_init(sa, r->now, r->avg.halflife)
                  : pgov_pelt_update(sa, r->now, r->load, r->runnable, r->running, r->weight);
    CMP(i, init ? "pgov_pelt_init" : "pgov_pelt_update", rc < 0, 0);
    return cmp_avg(i, sa, &r->avg);
}

static int decide(unsigned long long i, const struct pgov_scx_rec *r)
{
    struct task *t = task_slot(r->pid, 0);
    struct pgov_sugov_input in = {.size = sizeof(in), .flags = r->flags, .util = r->util,
                                  .uclamp_min = r->uclamp_min, .uclamp_max = r->uclamp_max};
    struct pgov_sugov_result res;
    uint64_t u;

    CMP(i, "decision of a CPU/task without a signal", !t || !cpu_on[r->cpu], 0);
    u = cpus[r->cpu].util_avg > t->avg.util_avg ? cpus[r->cpu].util_avg : t->avg.util_avg;
    CMP(i, "util input", u > 1024 ? 1024 : u, r->util);
    CMP(i, "pgov_sugov_decide_in", pgov_sugov_decide_in(&r->prm, &cst[r->cpu], r->now, &in, &res), 0);
    CMP(i, "path", res.path, r->res.path);
    CMP(i, "boost_req", res.boost_req, r->res.boost_req);
    CMP(i, "pending_req", res.pending_req, r->res.pending_req);
    CMP(i, "boost_util", res.boost_util, r->res.boost_util);
    CMP(i, "util_eff", res.util_eff, r->res.util_eff);
    CMP(i, "next_f", res.next_f, r->res.next_f);
    CMP(i, "raw_freq", res.raw_freq, r->res.raw_freq);
    CMP(i, "cpuperf_set called", res.path == PGOV_SUGOV_PATH_COMMIT, r->running);
    CMP(i, "target", res.path == PGOV_SUGOV_PATH_COMMIT ? res.next_f : 0, r->target);
    CMP(i, "state", memcmp(&cst[r->cpu], &r->st, sizeof(r->st)) != 0, 0);
    return 1;
}

/* One kernel schedutil callback: 1 equal (every field), 0 different. */
static int ksugov(unsigned long long i, const struct pgov_scx_rec *r)
{
    struct replay_linux_sugov_call c;
    struct pgov_sugov_state st = r->st;
    struct pgov_sugov_result res;
    int ev = (r->kflags & PGOV_SCX_K_EVALUATED) != 0, commit = (r->kflags & PGOV_SCX_K_COMMIT) != 0;

    memset(&c, 0, sizeof(c));
    c.kver = PGOV_KVER_7_3;
    c.flags = (r->flags & 0x1u ? PGOV_UPDATE_IOWAIT : 0) | /* SCHED_CPUFREQ_IOWAIT */
              (r->kflags & PGOV_SCX_K_REMOTE ? PGOV_UPDATE_REMOTE : 0);
    c.util = ev ? r->util : 0;
    c.held = (r->kflags & PGOV_SCX_K_HELD) != 0;
    c.cpu_bw_dl = r->kcpu_bw_dl;
    c.max_cap = r->prm.max_cap;
    c.max_freq_khz = r->prm.max_freq_khz;
    c.min_khz = r->prm.min_khz;
    c.max_khz = r->prm.max_khz;
    c.cur_khz = r->kcur_khz;
    c.rate_limit_ns = r->prm.rate_limit_ns;
    c.tick_ns = r->prm.tick_ns;
    c.now_ns = r->now;
    c.bw_min = ev ? r->uclamp_min : 0;
    c.uclamp_max = ev ? r->uclamp_max : 0;
    if (ev) { /* the kernel's input is the scx target (switch-all: no CFS part) */
        k_eval++;
        k_target_eq += r->kutil_cfs == r->kscx_target && r->kscx_target == last_target[r->cpu];
    }
    k_commits += commit;
    CMP(i, "replay_linux_sugov", replay_linux_sugov(&c, &table, &st, &res), 0);
    CMP(i, "kernel commit", res.path == PGOV_SUGOV_PATH_COMMIT, commit);
    if (commit) {
        CMP(i, "kernel commit kHz", res.next_f, r->target);
        k_commit_eq++;
    }
    CMP(i, "iowait_boost", st.iowait_boost, r->kafter.iowait_boost);
    CMP(i, "iowait_boost_pending", st.pending, r->kafter.pending);
    CMP(i, "last_update", st.last_update_ns, r->kafter.last_update_ns);
    CMP(i, "last_freq_update_time", st.last_freq_update_ns, r->kafter.last_freq_update_ns);
    CMP(i, "next_freq", st.next_freq, r->kafter.next_freq);
    CMP(i, "cached_raw_freq", st.cached_raw_freq, r->kafter.cached_raw_freq);
    return 1;
}

int main(int argc, char **argv)
{
    unsigned long long n, i, dec = 0, dec_eq = 0, pel = 0, pel_eq = 0, iow = 0, ucl = 0, com = 0;
    struct pgov_scx_rec r;
    FILE *f;
    char *end;

    if (argc != 3) {
        fprintf(stderr, "usage: scx_replay LOG N\n");
        return 2;
    }
    path = argv[1];
    n = strtoull(argv[2], &end, 10);
    if (*end || end == argv[2]) {
        fprintf(stderr, "scx_replay: N: not a number: %s\n", argv[2]);
        return 2;
    }
    for (i = 0; i < MAX_CPUS; i++)
        last_target[i] = PGOV_SCX_CPUPERF_ONE;
    for (i = 0; i < 16; i++)
        dummy_table[i].khz = (uint32_t)(900000 + 100000 * i);
    if (pgov_freq_table_init(&table, dummy_table, 16, 0) != PGOV_OK) {
        fprintf(stderr, "scx_replay: dummy table refused\n");
        return 2;
    }
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 2;
    }
    for (i = 0; i < n; i++) {
        if (fread(&r, sizeof(r), 1, f) != 1) {
            fprintf(stderr, "%s:%llu: truncated (%llu records expected)\n", path, i, n);
            return 2;
        }
        if (r.kind < PGOV_SCX_REC_TASK_INIT || r.kind > PGOV_SCX_REC_KSUGOV ||
            r.cpu >= MAX_CPUS) {
            fprintf(stderr, "%s:%llu: bad record (kind %u, cpu %u)\n", path, i, r.kind, r.cpu);
            return 2;
        }
        if (r.kind == PGOV_SCX_REC_KSUGOV) {
            k_calls++;
            k_calls_eq += ksugov(i, &r);
            continue;
        }
        if (r.kind == PGOV_SCX_REC_DECIDE) {
            dec++;
            iow += (r.flags & PGOV_UPDATE_IOWAIT) != 0;
            ucl += r.uclamp_min != 0 || r.uclamp_max != 1024;
            com += r.running;
            dec_eq += decide(i, &r);
            if (r.running)
                last_target[r.cpu] = r.target;
            continue;
        }
        pel++;
        if (r.kind <= PGOV_SCX_REC_TASK_PELT) {
            struct task *t = task_slot(r.pid, r.kind == PGOV_SCX_REC_TASK_INIT);
            if (!t) {
                bad(i, "task update without init (or table full), pid", r.pid, 0);
                continue;
            }
            pel_eq += pelt(i, &r, &t->avg, r.kind == PGOV_SCX_REC_TASK_INIT);
        } else {
            if (r.kind == PGOV_SCX_REC_CPU_INIT)
                cpu_on[r.cpu] = 1;
            else if (!cpu_on[r.cpu]) {
                bad(i, "CPU update without init, cpu", r.cpu, 0);
                continue;
            }
            pel_eq += pelt(i, &r, &cpus[r.cpu], r.kind == PGOV_SCX_REC_CPU_INIT);
        }
    }
    fclose(f);
    printf("scx: decisions %llu/%llu equal to replay, kernel commits %llu/%llu equal to libpgov's"
           " schedutil\n", dec_eq, dec, k_commit_eq, k_commits);
    printf("scx: detail: %llu decisions set a target (%llu iowait, %llu uclamped); PELT steps"
           " %llu/%llu equal; kernel schedutil callbacks %llu/%llu equal, %llu evaluated, %llu of"
           " them on util_cfs = the scx target\n", com, iow, ucl, pel_eq, pel, k_calls_eq, k_calls,
           k_eval, k_target_eq);
    return nbad || !n || k_target_eq != k_eval ? 1 : 0;
}
