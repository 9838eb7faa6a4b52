/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The task-group rows captured from a running Linux (tests/oracle,
 * pgov_oracle_group.c): one update_load_avg of a group entity or of an
 * entity on a group's runqueue per row, with every object's state at entry
 * and the kernel's at return, so rows are independent. One recompute for
 * the oracle's host replay (oracle_group.c) and pgov-replay's format
 * linux_pelt_group (files tests/vectors/linux-*-pelt_group.tsv); one
 * column table for the oracle's writer and the replay's reader, so the two
 * cannot drift apart.
 */
#include "replay.h"
#include "replay_linux.h"

#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include <pgov/kver.h>

const char *const replay_linux_group_kinds[REPLAY_LINUX_GROUP_NKINDS] = {
    "inactive", "attach", "detach", "propagate", "removed", "tg_due", "group", "task",
};

int replay_linux_group(const struct replay_linux_group_in *in, struct replay_linux_group_out *out)
{
    struct pgov_pelt_tg tg = {.shares = 1u << 20}; /* only the rate limit is read back */
    struct pgov_pelt_se se = in->se;
    struct pgov_pelt_cfs g = in->g;
    int rc;

    memset(out, 0, sizeof(*out));
    out->rq = in->rq;
    /* flags above DO_DETACH are not this update's (7.2+ UPDATE_UTIL_EST
     * is the task's util_est) */
    rc = pgov_pelt_group_update_load_avg(in->kver, &out->rq, &se, in->has_g ? &g : NULL, in->now,
                                         in->flags & 15);
    /* The caller's part of update_tg_load_avg: not for the root, and
     * (6.12+) not on a CPU that is not active (going down, hotplug). */
    if (rc >= 0 && (rc & PGOV_PELT_GROUP_TG_DUE) && !in->root &&
        !(in->kver >= PGOV_KVER_6_12 && in->inactive)) {
        int t = pgov_pelt_group_update_tg(in->kver, &tg, &out->rq, in->tg_now);
        if (t < 0)
            rc = t;
    }
    out->rc = rc;
    out->se = se.avg;
    out->g_propagate = g.propagate;
    out->g_prop_runnable_sum = g.prop_runnable_sum;
    return rc;
}

static int avg_eq(const struct pgov_pelt_avg *a, const struct pgov_pelt_avg *b)
{
    return a->last_update_time == b->last_update_time && a->load_sum == b->load_sum &&
           a->runnable_sum == b->runnable_sum && a->util_sum == b->util_sum &&
           a->period_contrib == b->period_contrib && a->load_avg == b->load_avg &&
           a->runnable_avg == b->runnable_avg && a->util_avg == b->util_avg;
}

int replay_linux_group_eq(const struct replay_linux_group_out *lib,
                          const struct replay_linux_group_out *k, uint32_t has_g)
{
    const struct pgov_pelt_cfs *p = &lib->rq, *q = &k->rq;

    if (lib->rc < 0 || !avg_eq(&p->avg, &q->avg) || !avg_eq(&lib->se, &k->se))
        return 0;
    if (p->removed_load != q->removed_load || p->removed_util != q->removed_util ||
        p->removed_runnable != q->removed_runnable || p->removed_nr != q->removed_nr ||
        p->propagate != q->propagate || p->prop_runnable_sum != q->prop_runnable_sum ||
        p->tg_load_contrib != q->tg_load_contrib || p->tg_last_update != q->tg_last_update ||
        p->tg_runnable_contrib != q->tg_runnable_contrib)
        return 0;
    return !has_g || (lib->g_propagate == k->g_propagate &&
                      lib->g_prop_runnable_sum == k->g_prop_runnable_sum);
}

unsigned replay_linux_group_kind(const struct replay_linux_group_in *in,
                                 const struct replay_linux_group_out *lib)
{
    int attached = in->se.avg.last_update_time != 0;

    if (in->inactive)
        return REPLAY_LINUX_GROUP_INACTIVE;
    if (!attached && (in->flags & PGOV_PELT_GROUP_DO_ATTACH))
        return REPLAY_LINUX_GROUP_ATTACH;
    if (attached && (in->flags & PGOV_PELT_GROUP_DO_DETACH))
        return REPLAY_LINUX_GROUP_DETACH;
    if (in->has_g && in->g.propagate)
        return REPLAY_LINUX_GROUP_PROPAGATE;
    if (in->rq.removed_nr)
        return REPLAY_LINUX_GROUP_REMOVED;
    if (lib->rc >= 0 && (lib->rc & PGOV_PELT_GROUP_TG_DUE))
        return REPLAY_LINUX_GROUP_TG_DUE;
    return in->se.is_group ? REPLAY_LINUX_GROUP_ENTITY : REPLAY_LINUX_GROUP_TASK;
}

/* ------------------------------------------------------------ the columns */
enum col_type { T_U32, T_U64, T_S64, T_KVER, T_RET, T_KIND };
enum col_where { W_IN, W_OUT, W_IN_G, W_OUT_G }; /* _G: a group entity's only, else "-" */

struct col {
    const char *name;
    unsigned char where, type;
    unsigned short off;
};

/* Each column list is written once, as a macro over a column maker, and
 * expanded into the name lists the engine needs and the table of fields. */
#define AVG(m, p, a)                                                                               \
    m(p "last_update_time", T_U64, a.last_update_time), m(p "load_sum", T_U64, a.load_sum),        \
        m(p "runnable_sum", T_U64, a.runnable_sum), m(p "util_sum", T_U32, a.util_sum),            \
        m(p "period_contrib", T_U32, a.period_contrib), m(p "load_avg", T_U64, a.load_avg),        \
        m(p "runnable_avg", T_U64, a.runnable_avg), m(p "util_avg", T_U64, a.util_avg)
#define RQ(m, p, c)                                                                                \
    m(p "removed_load", T_U64, c.removed_load), m(p "removed_util", T_U64, c.removed_util),        \
        m(p "removed_runnable", T_U64, c.removed_runnable),                                        \
        m(p "removed_nr", T_U32, c.removed_nr), m(p "propagate", T_U32, c.propagate),              \
        m(p "prop_runnable_sum", T_S64, c.prop_runnable_sum),                                      \
        m(p "tg_load_contrib", T_U64, c.tg_load_contrib),                                          \
        m(p "tg_last_update", T_U64, c.tg_last_update),                                            \
        m(p "tg_runnable_contrib", T_U64, c.tg_runnable_contrib)
/* the inputs: the update, the runqueue, the entity, the group's runqueue */
#define COLS_IN(m, mg)                                                                             \
    m("kver", T_KVER, kver), m("flags", T_U32, flags), m("root", T_U32, root),                     \
        m("inactive", T_U32, inactive), m("now_ns", T_U64, now), m("tg_now_ns", T_U64, tg_now),    \
        m("rq_weight", T_U64, rq.weight), m("rq_nr_runnable", T_U64, rq.nr_runnable),              \
        m("rq_curr", T_U32, rq.has_curr), AVG(m, "rq_pre_", rq.avg), RQ(m, "rq_pre_", rq),         \
        m("se_weight", T_U64, se.weight), m("se_runnable_weight", T_U64, se.runnable_weight),      \
        m("se_on_rq", T_U32, se.on_rq), m("se_running", T_U32, se.running),                        \
        m("se_group", T_U32, se.is_group), m("se_delayed", T_U32, se.delayed),                     \
        AVG(m, "se_pre_", se.avg), mg("g_weight", T_U64, g.weight),                                \
        mg("g_pre_propagate", T_U32, g.propagate),                                                 \
        mg("g_pre_prop_runnable_sum", T_S64, g.prop_runnable_sum), AVG(mg, "g_pre_", g.avg)
/* the outputs: the library's result, then the state at return */
#define COLS_OUT(m, mg)                                                                            \
    m("ret", T_RET, rc), m("kind", T_KIND, rc), AVG(m, "rq_", rq.avg), RQ(m, "rq_", rq),           \
        AVG(m, "se_", se), mg("g_propagate", T_U32, g_propagate),                                  \
        mg("g_prop_runnable_sum", T_S64, g_prop_runnable_sum)

#define NAME(n, t, f) n
/* clang-format off */
#define COL(n, w, t, s, f) {n, w, t, offsetof(s, f)}
#define IN(n, t, f) COL(n, W_IN, t, struct replay_linux_group_in, f)
#define IN_G(n, t, f) COL(n, W_IN_G, t, struct replay_linux_group_in, f)
#define OUT(n, t, f) COL(n, W_OUT, t, struct replay_linux_group_out, f)
#define OUT_G(n, t, f) COL(n, W_OUT_G, t, struct replay_linux_group_out, f)
/* clang-format on */

static const char *const lg_cols[] = {COLS_IN(NAME, NAME), COLS_OUT(NAME, NAME), NULL};
static const char *const lg_outs[] = {COLS_OUT(NAME, NAME), NULL};
static const struct col lg_desc[] = {COLS_IN(IN, IN_G), COLS_OUT(OUT, OUT_G)};
#define LG_NCOLS (sizeof(lg_desc) / sizeof(lg_desc[0]))

static uint64_t get(const void *base, const struct col *c)
{
    const unsigned char *p = (const unsigned char *)base + c->off;
    uint32_t v32;
    uint64_t v64;

    if (c->type == T_U32 || c->type == T_KVER) {
        memcpy(&v32, p, sizeof(v32));
        return v32;
    }
    if (c->type == T_RET) {
        int v;
        memcpy(&v, p, sizeof(v));
        return (uint64_t)(int64_t)v;
    }
    memcpy(&v64, p, sizeof(v64));
    return v64;
}

void replay_linux_group_tsv_header(FILE *f)
{
    for (size_t i = 0; i < LG_NCOLS; i++)
        fprintf(f, "%s%c", lg_desc[i].name, i + 1 < LG_NCOLS ? '\t' : '\n');
}

void replay_linux_group_tsv_row(FILE *f, const struct replay_linux_group_in *in,
                                const struct replay_linux_group_out *kernel,
                                const struct replay_linux_group_out *lib)
{
    for (size_t i = 0; i < LG_NCOLS; i++) {
        const struct col *c = &lg_desc[i];
        const void *base = c->where == W_IN || c->where == W_IN_G ? (const void *)in
                           : c->type == T_RET                     ? (const void *)lib
                                                                  : (const void *)kernel;
        uint64_t v = c->type == T_KIND ? 0 : get(base, c);

        if ((c->where == W_IN_G || c->where == W_OUT_G) && !in->has_g)
            fputc('-', f);
        else if (c->type == T_KVER)
            fprintf(f, "v%u.%u", (unsigned)(v >> 8), (unsigned)(v & 0xff));
        else if (c->type == T_KIND)
            fputs(replay_linux_group_kinds[replay_linux_group_kind(in, lib)], f);
        else if (c->type == T_S64 || c->type == T_RET)
            fprintf(f, "%" PRId64, (int64_t)v);
        else
            fprintf(f, "%" PRIu64, v);
        fputc(i + 1 < LG_NCOLS ? '\t' : '\n', f);
    }
}

/* ------------------------------------------------------------ linux_pelt_group */
/* One input column into its field of @in. */
static int lg_read(struct replay_row *r, const struct col *c, struct replay_linux_group_in *in)
{
    unsigned char *p = (unsigned char *)in + c->off;
    uint32_t v32;
    uint64_t v64;
    int64_t s64;

    switch (c->type) {
    case T_KVER:
        if (replay_kver(r, c->name, NULL, &v32))
            return -1;
        memcpy(p, &v32, sizeof(v32));
        return 0;
    case T_U32:
        if (replay_u32(r, c->name, &v32))
            return -1;
        memcpy(p, &v32, sizeof(v32));
        return 0;
    case T_S64:
        if (replay_s64(r, c->name, &s64))
            return -1;
        memcpy(p, &s64, sizeof(s64));
        return 0;
    default:
        if (replay_u64(r, c->name, &v64))
            return -1;
        memcpy(p, &v64, sizeof(v64));
        return 0;
    }
}

static int lg_row(void *state, struct replay_row *r)
{
    struct replay_linux_group_in in;
    struct replay_linux_group_out lib;

    (void)state;
    memset(&in, 0, sizeof(in));
    /* a task's row has no group runqueue: its g_ columns are "-" (the
     * engine holds every column this row does not read to "-") */
    in.has_g = !replay_is_dash(r, "g_weight");
    for (size_t i = 0; i < LG_NCOLS; i++) {
        const struct col *c = &lg_desc[i];
        if ((c->where == W_IN || (c->where == W_IN_G && in.has_g)) && lg_read(r, c, &in))
            return -1;
    }
    if (in.se.is_group != in.has_g)
        return replay_fail(r, "se_group %u: a group entity has g_ columns, a task has none",
                           (unsigned)in.se.is_group);
    if (replay_linux_group(&in, &lib) < 0)
        return replay_fail(r, "libpgov refused the update: %d", lib.rc);
    for (size_t i = 0; i < LG_NCOLS; i++) {
        const struct col *c = &lg_desc[i];
        if (c->where == W_IN || c->where == W_IN_G)
            continue;
        if (c->type == T_KIND)
            replay_set(r, c->name, replay_linux_group_kinds[replay_linux_group_kind(&in, &lib)]);
        else if (c->where == W_OUT_G && !in.has_g)
            replay_set_dash(r, c->name);
        else if (c->type == T_S64 || c->type == T_RET)
            replay_set_s64(r, c->name, (int64_t)get(&lib, c));
        else
            replay_set_u64(r, c->name, get(&lib, c));
    }
    return 0;
}

const struct replay_adapter replay_linux_pelt_group_adapter = {
    "linux_pelt_group", lg_cols, lg_outs, NULL, 0, lg_row,
};
