/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text traces: the raw ftrace buffer (/sys/kernel/tracing/trace, "TASK-PID
 * [CPU] FLAGS SECS.USECS: event: fields") and `trace-cmd report` output
 * (same columns, no flags unless -l, nanoseconds with -t, and libtraceevent's
 * plugin formats for sched_switch / sched_wakeup). Fields are found by name,
 * so their order and extra fields do not matter; task names may hold spaces.
 * Numbers are strict decimal: a sign, a stray character or an overflow is
 * an error at its line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

struct span {
    const char *p, *e;
};

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Decimal digits at s (at least one), stopping at the first non-digit. */
static bool get_u64(struct span *s, uint64_t *out)
{
    const char *p = s->p;
    uint64_t v = 0;
    if (p == s->e || !is_digit(*p))
        return false;
    while (p < s->e && is_digit(*p)) {
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
        p++;
    }
    s->p = p;
    *out = v;
    return true;
}

/* Position just after "key=" where key starts the payload or follows a space. */
static const char *find_key(struct span pl, const char *key)
{
    size_t kl = strlen(key);
    for (const char *p = pl.p; p + kl < pl.e; p++) {
        p = memchr(p, key[0], (size_t)(pl.e - p));
        if (!p || p + kl >= pl.e)
            return NULL;
        if ((p == pl.p || p[-1] == ' ') && memcmp(p, key, kl) == 0 && p[kl] == '=')
            return p + kl + 1;
    }
    return NULL;
}

/* A whole-token number field: the value must end at a space or the end. */
static int num_field(struct pgt_trace *t, uint32_t ln, const char *ev, struct span pl,
                     const char *key, bool required, uint64_t *out)
{
    const char *v = find_key(pl, key);
    if (!v) {
        if (required)
            pgt_errf(t, ln, "%s: no field '%s'", ev, key);
        return required ? -1 : 0;
    }
    struct span s = {v, pl.e};
    if (!get_u64(&s, out) || (s.p < pl.e && *s.p != ' ')) {
        pgt_errf(t, ln, "%s: field '%s' is not a decimal number", ev, key);
        return -1;
    }
    return 1;
}

static int num32(struct pgt_trace *t, uint32_t ln, const char *ev, struct span pl,
                 const char *key, uint32_t *out)
{
    uint64_t v;
    if (num_field(t, ln, ev, pl, key, true, &v) < 0)
        return -1;
    if (v > INT32_MAX) {
        pgt_errf(t, ln, "%s: field '%s' out of range", ev, key);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* prio may be -1 (deadline tasks) */
static int prio_field(struct pgt_trace *t, uint32_t ln, const char *ev, struct span pl,
                      const char *key, uint32_t *out)
{
    const char *v = find_key(pl, key);
    if (v && v < pl.e && *v == '-') {
        uint64_t x;
        struct span s = {v + 1, pl.e};
        if (!get_u64(&s, &x) || x != 1 || (s.p < pl.e && *s.p != ' ')) {
            pgt_errf(t, ln, "%s: bad '%s'", ev, key);
            return -1;
        }
        *out = UINT32_MAX;
        return 0;
    }
    return num32(t, ln, ev, pl, key, out);
}

/* A name field running up to " next=" (names may hold spaces). */
static bool name_field(struct span pl, const char *key, const char *next, struct span *out)
{
    const char *v = find_key(pl, key);
    if (!v)
        return false;
    struct span rest = {v, pl.e};
    const char *n = find_key(rest, next);
    if (!n)
        return false;
    out->p = v;
    out->e = n - strlen(next) - 2; /* back over " next=" */
    return out->e >= out->p;
}

static uint32_t state_kind(struct span s)
{
    if (s.p == s.e)
        return PGT_PREV_SLEEP;
    if (s.p[0] == 'R')
        return PGT_PREV_RUNNABLE; /* R, R+ (preempted) */
    for (const char *p = s.p; p < s.e; p++)
        if (*p == 'X' || *p == 'Z')
            return PGT_PREV_DEAD;
    return PGT_PREV_SLEEP;
}

/* "COMM:PID [PRIO]" of libtraceevent's sched plugins; s advances past it. */
static bool plugin_task(struct span *s, struct span *comm, int32_t *pid, uint32_t *prio)
{
    const char *br = NULL;
    for (const char *p = s->p; p + 1 < s->e; p++)
        if (p[0] == ' ' && p[1] == '[') {
            br = p;
            break;
        }
    if (!br)
        return false;
    const char *colon = NULL;
    for (const char *p = br - 1; p >= s->p; p--)
        if (*p == ':') {
            colon = p;
            break;
        }
    if (!colon)
        return false;
    struct span n = {colon + 1, br};
    uint64_t v, pr;
    if (!get_u64(&n, &v) || n.p != br || v > INT32_MAX)
        return false;
    struct span q = {br + 2, s->e};
    if (q.p < q.e && *q.p == '-') {
        q.p++;
        if (!get_u64(&q, &pr) || pr != 1)
            return false;
        pr = UINT32_MAX;
    } else if (!get_u64(&q, &pr)) {
        return false;
    }
    if (q.p == q.e || *q.p != ']')
        return false;
    comm->p = s->p;
    comm->e = colon;
    *pid = (int32_t)v;
    *prio = (uint32_t)pr;
    s->p = q.p + 1;
    while (s->p < s->e && *s->p == ' ')
        s->p++;
    return true;
}

static const char *span_find(struct span s, const char *needle)
{
    size_t l = strlen(needle);
    for (const char *p = s.p; p + l <= s.e; p++)
        if (memcmp(p, needle, l) == 0)
            return p;
    return NULL;
}

static bool name_is(struct span n, const char *s)
{
    size_t l = strlen(s);
    return (size_t)(n.e - n.p) == l && memcmp(n.p, s, l) == 0;
}

#define NUM(key, dst)                                                          \
    do {                                                                       \
        if (num_field(t, ln, ev, pl, key, true, &(dst)) < 0)                   \
            return -1;                                                         \
    } while (0)
#define NUM32(key, dst)                                                        \
    do {                                                                       \
        if (num32(t, ln, ev, pl, key, &(dst)) < 0)                             \
            return -1;                                                         \
    } while (0)

static int set_comm(struct pgt_trace *t, uint32_t ln, int32_t pid, struct span c)
{
    if (pgt_set_comm(t, pid, c.p, (size_t)(c.e - c.p))) {
        pgt_errf(t, ln, "out of memory");
        return -1;
    }
    return 0;
}

static int parse_switch(struct pgt_trace *t, uint32_t ln, struct span pl, struct pgt_event *e)
{
    const char *ev = "sched_switch";
    struct span pc, nc;
    uint32_t pid;
    if (find_key(pl, "prev_comm")) {
        if (!name_field(pl, "prev_comm", "prev_pid", &pc) ||
            !name_field(pl, "next_comm", "next_pid", &nc)) {
            pgt_errf(t, ln, "sched_switch: no prev_comm/prev_pid/next_comm/next_pid");
            return -1;
        }
        NUM32("prev_pid", pid);
        e->pid = (int32_t)pid;
        NUM32("next_pid", pid);
        e->pid2 = (int32_t)pid;
        if (prio_field(t, ln, ev, pl, "prev_prio", &e->x[1]) ||
            prio_field(t, ln, ev, pl, "next_prio", &e->x[2]))
            return -1;
        const char *st = find_key(pl, "prev_state");
        if (!st) {
            pgt_errf(t, ln, "sched_switch: no field 'prev_state'");
            return -1;
        }
        struct span s = {st, st};
        while (s.e < pl.e && *s.e != ' ')
            s.e++;
        e->x[0] = state_kind(s);
    } else {
        struct span s = pl;
        if (!plugin_task(&s, &pc, &e->pid, &e->x[1])) {
            pgt_errf(t, ln, "sched_switch: expected 'COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]'");
            return -1;
        }
        struct span st = {s.p, s.p};
        while (st.e < s.e && *st.e != ' ')
            st.e++;
        e->x[0] = state_kind(st);
        s.p = st.e;
        if (s.e - s.p < 5 || memcmp(s.p, " ==> ", 5) != 0) {
            pgt_errf(t, ln, "sched_switch: no ' ==> '");
            return -1;
        }
        s.p += 5;
        if (!plugin_task(&s, &nc, &e->pid2, &e->x[2])) {
            pgt_errf(t, ln, "sched_switch: bad next task after ' ==> '");
            return -1;
        }
    }
    if (set_comm(t, ln, e->pid, pc) || set_comm(t, ln, e->pid2, nc))
        return -1;
    return 0;
}

static int parse_wakeup(struct pgt_trace *t, uint32_t ln, const char *ev, struct span pl,
                        struct pgt_event *e)
{
    struct span c;
    uint32_t pid;
    if (find_key(pl, "comm")) {
        if (!name_field(pl, "comm", "pid", &c)) {
            pgt_errf(t, ln, "%s: no comm/pid", ev);
            return -1;
        }
        NUM32("pid", pid);
        e->pid = (int32_t)pid;
        NUM32("target_cpu", e->x[0]);
        if (prio_field(t, ln, ev, pl, "prio", &e->x[1]))
            return -1;
    } else {
        struct span s = pl;
        if (!plugin_task(&s, &c, &e->pid, &e->x[1])) {
            pgt_errf(t, ln, "%s: expected 'COMM:PID [PRIO] CPU:NNN'", ev);
            return -1;
        }
        const char *cpu = NULL;
        for (const char *p = s.p; p + 4 <= s.e; p++)
            if (memcmp(p, "CPU:", 4) == 0)
                cpu = p + 4;
        uint64_t v;
        struct span n = {cpu, s.e};
        if (!cpu || !get_u64(&n, &v) || v >= PGT_MAX_CPUS) {
            pgt_errf(t, ln, "%s: no target CPU ('CPU:NNN')", ev);
            return -1;
        }
        e->x[0] = (uint32_t)v;
    }
    if (e->x[0] >= PGT_MAX_CPUS) {
        pgt_errf(t, ln, "%s: target CPU %u above %d", ev, e->x[0], PGT_MAX_CPUS - 1);
        return -1;
    }
    return set_comm(t, ln, e->pid, c);
}

static int cpu_ok(struct pgt_trace *t, uint32_t ln, const char *ev, uint32_t cpu)
{
    if (cpu >= PGT_MAX_CPUS) {
        pgt_errf(t, ln, "%s: CPU %u above %d", ev, cpu, PGT_MAX_CPUS - 1);
        return -1;
    }
    return 0;
}

/* Kernel signal events: LISA's sched_pelt_* / sched_util_est_*, Android's
 * sched_load_se / sched_load_cfs_rq, EAS's sched_load_avg_task / _cpu. */
static int parse_signal(struct pgt_trace *t, uint32_t ln, const char *ev, struct span pl,
                        struct pgt_event *e, bool task, bool util_est)
{
    uint64_t v;
    NUM32("cpu", e->x[0]);
    if (cpu_ok(t, ln, ev, e->x[0]))
        return -1;
    const char *path = find_key(pl, "path");
    bool root = !path || (path < pl.e && *path == '/' && (path + 1 == pl.e || path[1] == ' '));
    /* a group entity: pid -1 (LISA, pgov_sched_tp); a child cfs_rq: its path */
    const char *pk = task ? find_key(pl, "pid") : NULL;
    bool gse = pk && pk < pl.e && *pk == '-' && !root && !util_est;
    if (!root && util_est && !task)
        return 1; /* a child cfs_rq's util_est: not compared */
    if (!root && !util_est) { /* a group's path, or a task's in a group (the hierarchy, groups.c) */
        const char *pe = memchr(path, ' ', (size_t)(pl.e - path));
        int id = pgt_group_id(t, path, (size_t)((pe ? pe : pl.e) - path));
        if (id < 0)
            return pgt_errf(t, ln, "%s: path longer than %d bytes or more than %d task groups", ev,
                            PGT_PATH_LEN - 1, PGT_MAX_GROUPS), -1;
        e->x[2] = (uint32_t)id + !(gse || !task);
    }
    if (gse || (!root && !task)) {
        e->type = PGT_PELT_GROUP;
        e->x[1] = gse;
        e->pid = -1;
        task = false;
    }
    if (task) {
        uint32_t pid;
        struct span c;
        NUM32("pid", pid);
        e->pid = (int32_t)pid;
        if (name_field(pl, "comm", "pid", &c) && set_comm(t, ln, e->pid, c))
            return -1;
    }
    if (util_est) {
        NUM("enqueued", e->v[0]);
        NUM("ewma", e->v[1]);
        NUM("util", e->v[2]);
        return 0;
    }
    const char *lk = find_key(pl, "load") ? "load" : "load_avg";
    const char *uk = find_key(pl, "util") ? "util" : "util_avg";
    NUM(lk, e->v[0]);
    int r = num_field(t, ln, ev, pl, "runnable", false, &v);
    if (r == 0)
        r = num_field(t, ln, ev, pl, "rbl_load", false, &v);
    if (r < 0)
        return -1;
    e->v[1] = r ? v : UINT64_MAX;
    NUM(uk, e->v[2]);
    if ((r = num_field(t, ln, ev, pl, "update_time", false, &v)) < 0)
        return -1;
    e->v[3] = r ? v : 0;
    return 0;
}

struct hp_state {
    uint8_t down[PGT_MAX_CPUS];
};

/* cpuhp_enter / cpuhp_multi_enter, "cpu: 0001 target: 153 step: 236 (fn)":
 * a step above the target is a teardown. Count a transition when the
 * direction changes; every teardown step is an event (the CPU stops
 * somewhere among them). 1: a bring-up step, not an event. */
static int parse_cpuhp(struct pgt_trace *t, uint32_t ln, const char *ev, struct span pl,
                       struct pgt_event *e, struct hp_state *hp)
{
    uint64_t cpu, tgt, step;
    const char *a = span_find(pl, "cpu:"), *b = span_find(pl, "target:"),
               *s = span_find(pl, "step:");
    struct span sa = {a ? a + 4 : pl.e, pl.e}, sb = {b ? b + 7 : pl.e, pl.e},
                ss = {s ? s + 5 : pl.e, pl.e};
    while (sa.p < pl.e && *sa.p == ' ')
        sa.p++;
    while (sb.p < pl.e && *sb.p == ' ')
        sb.p++;
    while (ss.p < pl.e && *ss.p == ' ')
        ss.p++;
    if (!get_u64(&sa, &cpu) || !get_u64(&sb, &tgt) || !get_u64(&ss, &step) ||
        cpu >= PGT_MAX_CPUS) {
        pgt_errf(t, ln, "%s: expected 'cpu: N target: N step: N'", ev);
        return -1;
    }
    uint8_t down = step > tgt;
    if (down == hp->down[cpu] && !down)
        return 1;
    e->type = PGT_HOTPLUG;
    e->x[0] = (uint32_t)cpu;
    e->x[1] = !down;
    e->x[2] = down == hp->down[cpu]; /* a further step of the same teardown */
    t->hotplug += !e->x[2];
    hp->down[cpu] = down;
    return 0;
}

static int parse_payload(struct pgt_trace *t, uint32_t ln, struct span name, struct span pl,
                         struct pgt_event *e, struct hp_state *hp)
{
    char evb[40];
    size_t nl = (size_t)(name.e - name.p);
    if (nl >= sizeof(evb))
        nl = sizeof(evb) - 1;
    memcpy(evb, name.p, nl);
    evb[nl] = 0;
    const char *ev = evb;
    uint32_t pid;
    struct span c;
    if (name_is(name, "sched_switch")) {
        e->type = PGT_SWITCH;
        return parse_switch(t, ln, pl, e);
    }
    if (name_is(name, "sched_wakeup") || name_is(name, "sched_wakeup_new")) {
        e->type = nl == 12 ? PGT_WAKEUP : PGT_WAKEUP_NEW;
        return parse_wakeup(t, ln, ev, pl, e);
    }
    if (name_is(name, "sched_migrate_task")) {
        e->type = PGT_MIGRATE;
        NUM32("pid", pid);
        e->pid = (int32_t)pid;
        NUM32("orig_cpu", e->x[0]);
        NUM32("dest_cpu", e->x[1]);
        if (cpu_ok(t, ln, ev, e->x[0]) || cpu_ok(t, ln, ev, e->x[1]) ||
            prio_field(t, ln, ev, pl, "prio", &e->x[2]))
            return -1;
        return 0;
    }
    if (name_is(name, "sched_process_fork")) {
        e->type = PGT_FORK;
        NUM32("pid", pid);
        e->pid = (int32_t)pid;
        NUM32("child_pid", pid);
        e->pid2 = (int32_t)pid;
        if (name_field(pl, "child_comm", "child_pid", &c))
            return set_comm(t, ln, e->pid2, c);
        return 0;
    }
    if (name_is(name, "sched_process_exec")) {
        e->type = PGT_EXEC;
        NUM32("pid", pid);
        e->pid = (int32_t)pid;
        if (name_field(pl, "filename", "pid", &c)) {
            const char *b = c.p;
            for (const char *p = c.p; p < c.e; p++)
                if (*p == '/')
                    b = p + 1;
            c.p = b;
            return set_comm(t, ln, e->pid, c);
        }
        return 0;
    }
    if (name_is(name, "sched_process_exit")) {
        e->type = PGT_EXIT;
        NUM32("pid", pid);
        e->pid = (int32_t)pid;
        return 0;
    }
    if (name_is(name, "cpu_idle") || name_is(name, "cpu_frequency")) {
        uint64_t st;
        e->type = ev[4] == 'i' ? PGT_IDLE : PGT_FREQ;
        NUM("state", st);
        NUM32("cpu_id", e->x[1]);
        if (st > UINT32_MAX || cpu_ok(t, ln, ev, e->x[1])) {
            if (st > UINT32_MAX)
                pgt_errf(t, ln, "%s: state out of range", ev);
            return -1;
        }
        e->x[0] = (uint32_t)st;
        return 0;
    }
    if (name_is(name, "pstate_sample")) {
        static const char *const xk[4] = {"core_busy", "scaled", "from", "to"};
        static const char *const vk[5] = {"mperf", "aperf", "tsc", "freq", "io_boost"};
        e->type = PGT_PSTATE;
        for (int i = 0; i < 4; i++)
            NUM32(xk[i], e->x[i]);
        for (int i = 0; i < 5; i++)
            NUM(vk[i], e->v[i]);
        return 0;
    }
    if (name_is(name, "sched_pelt_se") || name_is(name, "sched_load_se") ||
        name_is(name, "sched_load_avg_task")) {
        e->type = PGT_PELT_SE;
        return parse_signal(t, ln, ev, pl, e, true, false);
    }
    if (name_is(name, "sched_pelt_cfs") || name_is(name, "sched_load_cfs_rq") ||
        name_is(name, "sched_load_avg_cpu")) {
        e->type = PGT_PELT_CFS;
        return parse_signal(t, ln, ev, pl, e, false, false);
    }
    if (name_is(name, "sched_pelt_rt") || name_is(name, "sched_pelt_dl") ||
        name_is(name, "sched_pelt_irq")) {
        e->type = ev[11] == 'r' ? PGT_PELT_RT : ev[11] == 'd' ? PGT_PELT_DL : PGT_PELT_IRQ;
        return parse_signal(t, ln, ev, pl, e, false, false);
    }
    if (name_is(name, "sched_util_est_se") || name_is(name, "sched_util_est_task")) {
        e->type = PGT_UE_SE;
        return parse_signal(t, ln, ev, pl, e, true, true);
    }
    if (name_is(name, "sched_util_est_cfs") || name_is(name, "sched_util_est_cpu")) {
        e->type = PGT_UE_CFS;
        return parse_signal(t, ln, ev, pl, e, false, true);
    }
    if (name_is(name, "cpuhp_enter") || name_is(name, "cpuhp_multi_enter"))
        return parse_cpuhp(t, ln, ev, pl, e, hp);
    t->unknown_events++;
    return 1;
}

/* A '#' line: the ftrace header's entries counts, "#P:N" (the CPU count,
 * 1..PGT_MAX_CPUS, refused otherwise) and the "##### CPU N buffer started"
 * mark of an overwritten buffer. */
static int header_line(struct pgt_trace *t, uint32_t ln, const char *p, const char *e)
{
    const char *k = "entries-in-buffer/entries-written:";
    size_t kl = strlen(k);
    for (const char *q = p; q + kl < e; q++)
        if (memcmp(q, k, kl) == 0) {
            struct span s = {q + kl, e};
            uint64_t in, wr;
            while (s.p < e && *s.p == ' ')
                s.p++;
            if (get_u64(&s, &in) && s.p < e && *s.p++ == '/' && get_u64(&s, &wr) && wr > in)
                t->wrapped = true;
            break;
        }
    for (const char *q = p; q + 3 <= e; q++)
        if (memcmp(q, "#P:", 3) == 0) {
            struct span s = {q + 3, e};
            uint64_t n;
            if (!get_u64(&s, &n) || (s.p < e && *s.p != ' ' && *s.p != '\t') || n == 0 ||
                n > PGT_MAX_CPUS) {
                pgt_errf(t, ln, "bad '#P:N' CPU count (1..%d)", PGT_MAX_CPUS);
                return -1;
            }
            t->ncpu = (uint32_t)n;
        }
    if (e - p > 10 && memcmp(p, "##### CPU ", 10) == 0)
        t->wrapped = true; /* a CPU's buffer starts later than the others': overwritten */
    if (e - p > 9 && memcmp(p, "# uname: ", 9) == 0) { /* docs/record.md: the recording kernel */
        size_t n = (size_t)(e - p - 9);
        n = n < sizeof(t->uname) ? n : sizeof(t->uname) - 1;
        memcpy(t->uname, p + 9, n);
        t->uname[n] = 0;
    }
    return 0;
}

/* "CPU:N [LOST M EVENTS]" (ftrace), "CPU:N [M EVENTS DROPPED]" (trace-cmd). */
static int lost_line(struct pgt_trace *t, uint32_t ln, const char *p, const char *e,
                     uint64_t last_ts)
{
    struct span s = {p + 4, e};
    uint64_t cpu, n = 0;
    while (s.p < e && *s.p == ' ')
        s.p++;
    if (!get_u64(&s, &cpu) || cpu >= PGT_MAX_CPUS)
        return 0;
    const char *lb = memchr(s.p, '[', (size_t)(e - s.p));
    bool lost = false;
    for (const char *q = s.p; q + 4 <= e; q++)
        if (memcmp(q, "LOST", 4) == 0 || memcmp(q, "DROP", 4) == 0 || memcmp(q, "lost", 4) == 0)
            lost = true;
    if (!lost)
        return 0;
    if (lb) {
        struct span c = {lb + 1, e};
        if (c.e - c.p > 5 && memcmp(c.p, "LOST ", 5) == 0)
            c.p += 5;
        (void)get_u64(&c, &n);
    }
    struct pgt_event *ev = pgt_push(t);
    if (!ev) {
        pgt_errf(t, ln, "out of memory");
        return -1;
    }
    ev->type = PGT_LOST;
    ev->ts = last_ts;
    ev->cpu = (uint32_t)cpu;
    ev->v[0] = n;
    ev->line = ln;
    t->lost_markers++;
    t->lost_events += n;
    return 1;
}

static int event_line(struct pgt_trace *t, uint32_t ln, const char *p, const char *e,
                      struct hp_state *hp, uint64_t *last_ts)
{
    /* "TASK-PID [CPU] (FLAGS) SECS.FRAC: NAME: PAYLOAD" */
    const char *br = NULL;
    for (const char *q = p; q + 2 < e; q++)
        if (q[0] == ' ' && q[1] == '[' && is_digit(q[2])) {
            br = q + 1;
            break;
        }
    if (!br) {
        pgt_errf(t, ln, "not an ftrace or trace-cmd report event line");
        return -1;
    }
    struct span task = {p, br - 1};
    while (task.e > task.p && task.e[-1] == ' ')
        task.e--;
    const char *dash = NULL;
    for (const char *q = task.e - 1; q >= task.p; q--)
        if (*q == '-') {
            dash = q;
            break;
        }
    uint64_t cpu, sec, frac, pid;
    struct span s = {br + 1, e};
    if (!get_u64(&s, &cpu) || s.p == e || *s.p != ']' || cpu >= PGT_MAX_CPUS) {
        pgt_errf(t, ln, "bad CPU column");
        return -1;
    }
    s.p++;
    while (s.p < e && *s.p == ' ')
        s.p++;
    /* optional latency flags (d..2., .N.1., ...) */
    const char *tok = s.p;
    bool hardirq = false;
    while (s.p < e && *s.p != ' ')
        s.p++;
    if (s.p > tok && s.p[-1] != ':') {
        hardirq = s.p - tok >= 3 && (tok[2] == 'h' || tok[2] == 'H');
        while (s.p < e && *s.p == ' ')
            s.p++;
    } else {
        s.p = tok;
    }
    if (!get_u64(&s, &sec) || s.p == e || *s.p != '.') {
        pgt_errf(t, ln, "bad timestamp (expected SECONDS.FRACTION:)");
        return -1;
    }
    s.p++;
    const char *f0 = s.p;
    if (!get_u64(&s, &frac) || s.p == e || *s.p != ':' || s.p - f0 > 9) {
        pgt_errf(t, ln, "bad timestamp (expected SECONDS.FRACTION:, at most 9 digits)");
        return -1;
    }
    uint32_t digits = (uint32_t)(s.p - f0);
    for (uint32_t i = digits; i < 9; i++)
        frac *= 10;
    if (sec > (UINT64_MAX - frac) / 1000000000u) {
        pgt_errf(t, ln, "timestamp out of range");
        return -1;
    }
    if (digits > t->ts_digits)
        t->ts_digits = digits;
    s.p++;
    while (s.p < e && *s.p == ' ')
        s.p++;
    struct span name = {s.p, s.p};
    while (name.e < e && *name.e != ':' && *name.e != ' ')
        name.e++;
    if (name.e == e || *name.e != ':' || name.e == name.p) {
        pgt_errf(t, ln, "no event name after the timestamp");
        return -1;
    }
    struct span pl = {name.e + 1, e};
    while (pl.p < e && *pl.p == ' ')
        pl.p++;
    struct pgt_event *ev = pgt_push(t);
    if (!ev) {
        pgt_errf(t, ln, "out of memory");
        return -1;
    }
    ev->ts = sec * 1000000000u + frac;
    ev->cpu = (uint32_t)cpu;
    ev->line = ln;
    *last_ts = ev->ts;
    if (dash) {
        struct span ps = {dash + 1, task.e};
        if (get_u64(&ps, &pid) && ps.p == task.e && pid <= INT32_MAX && pid != 0) {
            struct span c = {task.p, dash};
            if (set_comm(t, ln, (int32_t)pid, c))
                return -1;
        }
    }
    int r = parse_payload(t, ln, name, pl, ev, hp);
    if (r == 0 && hardirq &&
        ((ev->type >= PGT_PELT_SE && ev->type <= PGT_UE_CFS) || ev->type == PGT_PELT_GROUP))
        ev->x[3] = PGT_IN_HARDIRQ;
    if (r != 0)
        t->n--; /* skipped or failed: drop the slot */
    return r < 0 ? -1 : 0;
}

/* The state carried from line to line. */
struct text_st {
    uint32_t ln;
    uint64_t last_ts;
    struct hp_state hp;
    bool any;
};

/* One line (p..e, without its newline): 0, or -1 with the error in t. */
static int text_line(struct pgt_trace *t, struct text_st *st, const char *p, const char *e)
{
    uint32_t ln = ++st->ln;
    if (memchr(p, 0, (size_t)(e - p))) {
        pgt_errf(t, ln, "binary data (NUL byte) in a text trace");
        return -1;
    }
    const char *q = p;
    while (e > q && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
        e--;
    while (q < e && (*q == ' ' || *q == '\t'))
        q++;
    if (q == e)
        return 0; /* blank */
    if (*q == '#')
        return header_line(t, ln, q, e);
    if (e - q > 5 && memcmp(q, "cpus=", 5) == 0) {
        struct span s = {q + 5, e};
        uint64_t n;
        if (!get_u64(&s, &n) || s.p != e || n == 0 || n > PGT_MAX_CPUS) {
            pgt_errf(t, ln, "bad 'cpus=N' (1..%d)", PGT_MAX_CPUS);
            return -1;
        }
        t->ncpu = (uint32_t)n;
        t->format = "trace-cmd report";
        return 0;
    }
    if (e - q > 4 && (memcmp(q, "CPU:", 4) == 0 || memcmp(q, "CPU ", 4) == 0) &&
        lost_line(t, ln, q, e, st->last_ts))
        return t->err[0] ? -1 : 0;
    if ((e - q > 10 && memcmp(q, "version = ", 10) == 0) ||
        (e - q > 4 && memcmp(q, "CPU ", 4) == 0 && e - q > 9 && memcmp(e - 8, "is empty", 8) == 0))
        return 0; /* trace-cmd report preamble */
    st->any = true;
    return event_line(t, ln, q, e, &st->hp, &st->last_ts);
}

static int text_end(struct pgt_trace *t, const struct text_st *st)
{
    if (!t->format)
        t->format = "ftrace";
    if (!st->any) {
        pgt_errf(t, st->ln, "no event lines (not an ftrace or trace-cmd report text?)");
        return -1;
    }
    return pgt_finish(t);
}

int pgt_parse_text(struct pgt_trace *t, const char *name, const char *text, size_t len)
{
    if (!t->path)
        t->path = name;
    struct text_st *st = calloc(1, sizeof(*st));
    if (!st) {
        pgt_errf(t, 0, "out of memory");
        return -1;
    }
    const char *p = text, *end = text + len;
    int rc = 0;
    while (p < end && !rc) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        rc = text_line(t, st, p, nl ? nl : end);
        p = nl ? nl + 1 : end;
    }
    rc = rc ? rc : text_end(t, st);
    free(st);
    return rc;
}

/* A text trace read a block at a time: memory holds the events, not the
 * file (a 500 MB text took 751 MB before, issue 30). Lines longer than the
 * block are refused. */
#define TEXT_BLOCK (1u << 20)

int pgt_parse_text_file(struct pgt_trace *t, const char *name, FILE *f)
{
    if (!t->path)
        t->path = name;
    struct text_st *st = calloc(1, sizeof(*st));
    char *buf = malloc(TEXT_BLOCK);
    int rc = 0;
    size_t have = 0;
    if (!st || !buf) {
        pgt_errf(t, 0, "out of memory");
        rc = -1;
    }
    while (!rc) {
        size_t got = fread(buf + have, 1, TEXT_BLOCK - have, f);
        have += got;
        if (!have)
            break;
        bool eof = got == 0;
        char *p = buf, *end = buf + have, *nl;
        while (!rc && (nl = memchr(p, '\n', (size_t)(end - p)))) {
            rc = text_line(t, st, p, nl);
            p = nl + 1;
        }
        if (!rc && eof && p < end) { /* the last line, without its newline */
            rc = text_line(t, st, p, end);
            p = end;
        }
        if (!rc && p == buf && have == TEXT_BLOCK) {
            pgt_errf(t, st->ln + 1, "a line longer than %u bytes", TEXT_BLOCK);
            rc = -1;
        }
        have = (size_t)(end - p);
        memmove(buf, p, have);
        if (eof && !have)
            break;
    }
    if (!rc && ferror(f)) {
        pgt_errf(t, 0, "read error");
        rc = -1;
    }
    rc = rc ? rc : text_end(t, st);
    free(buf);
    free(st);
    return rc;
}
