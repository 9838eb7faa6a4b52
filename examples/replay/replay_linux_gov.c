/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Governor decisions captured from a running Linux (tests/oracle): formats
 * linux_sugov (one schedutil callback per row, from the kernel's state at
 * its entry: rows are independent) and linux_dbs (one ondemand or
 * conservative instance per chain: a start, then evaluations and the sysfs
 * stores between them, as the kernel made them). The oracle's host replay
 * calls the same functions.
 */
#include "replay.h"
#include "replay_linux.h"

#include <string.h>

#include <pgov/kver.h>

int replay_linux_sugov(const struct replay_linux_sugov_call *c, const struct pgov_freq_table *t,
                       struct pgov_sugov_state *st, struct pgov_sugov_result *res)
{
    struct pgov_sugov_params p;
    struct pgov_sugov_input in;

    memset(&p, 0, sizeof(p));
    p.rate_limit_ns = c->rate_limit_ns;
    p.tick_ns = c->tick_ns;
    p.max_cap = c->max_cap;
    p.max_freq_khz = c->max_freq_khz;
    p.min_khz = c->min_khz;
    p.max_khz = c->max_khz;
    p.options = PGOV_SUGOV_OPT_NONINVARIANT; /* qemu: no APERF/MPERF */
    p.kver = c->kver;
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.flags = c->flags;
    in.util = c->util;
    in.uclamp_max = c->minmax || c->uclamp_max ? c->uclamp_max : 1024;
    in.bw_min = c->bw_min;
    in.held = c->held;
    in.capped = c->capped;
    in.cur_khz = c->cur_khz; /* policy->cur: the reference without invariance */
    in.bw_dl = c->cpu_bw_dl;
    in.table = t;
    return pgov_sugov_decide_in(&p, st, c->now_ns, &in, res);
}

int replay_linux_dbs_start(struct replay_linux_dbs *s, const struct replay_linux_dbs_cfg *c,
                           const struct pgov_hw_idle *snap)
{
    struct pgov_dbs_config cfg;
    int e;

    memset(&cfg, 0, sizeof(cfg));
    cfg.size = sizeof(cfg);
    cfg.gov = c->gov;
    cfg.kver = c->kver;
    cfg.kver_stable = c->kver_stable;
    cfg.table = c->table;
    cfg.table_len = c->table_len;
    cfg.policy_min_khz = c->min_khz;
    cfg.policy_max_khz = c->max_khz;
    cfg.cur_khz = c->cur_khz;
    cfg.plat.hz = c->hz;
    /* Every tunable the governor has, as the kernel had it. */
    cfg.tun_set = c->gov == PGOV_DBS_ONDEMAND ? 0x3fu : 0xcfu;
    cfg.tun.sampling_rate = c->tun[PGOV_DBS_SAMPLING_RATE];
    cfg.tun.up_threshold = c->tun[PGOV_DBS_UP_THRESHOLD];
    cfg.tun.sampling_down_factor = c->tun[PGOV_DBS_SAMPLING_DOWN_FACTOR];
    cfg.tun.ignore_nice_load = c->tun[PGOV_DBS_IGNORE_NICE_LOAD];
    cfg.tun.io_is_busy = c->tun[PGOV_DBS_IO_IS_BUSY];
    cfg.tun.powersave_bias = c->tun[PGOV_DBS_POWERSAVE_BIAS];
    cfg.tun.down_threshold = c->tun[PGOV_DBS_DOWN_THRESHOLD];
    cfg.tun.freq_step = c->tun[PGOV_DBS_FREQ_STEP];
    s->g = NULL;
    e = pgov_dbs_init_open(s->mem, sizeof(s->mem), &cfg, &s->g);
    if (!e)
        e = pgov_dbs_start(s->g, snap, 1, NULL);
    if (e)
        s->g = NULL;
    return e;
}

int replay_linux_dbs_store(struct replay_linux_dbs *s, const uint32_t tun[8],
                           const struct pgov_hw_idle *snap, unsigned *stores)
{
    struct pgov_dbs_status st;
    uint32_t id;
    int e = 0, pass;

    *stores = 0;
    if (!s->g)
        return PGOV_EINVAL;
    /* Two passes: up/down_threshold are checked against each other, and
     * the kernel's order of the writes is not recorded. */
    for (pass = 0; pass < 2; pass++)
        for (id = 0; id < 8; id++) {
            e = pgov_dbs_get_status(s->g, &st);
            if (e)
                return e;
            if ((&st.tun.sampling_rate)[id] == tun[id])
                continue;
            e = pgov_dbs_store(s->g, id, tun[id], snap, 1);
            if (e == 0)
                (*stores)++;
            else if (pass == 1)
                return e;
        }
    return PGOV_OK;
}

int replay_linux_dbs_eval(struct replay_linux_dbs *s, const struct pgov_hw_idle *snap,
                          struct replay_linux_dbs_out *o)
{
    struct pgov_dbs_result r;
    struct pgov_dbs_status st;
    struct pgov_dbs_cpu_status cs;
    int e;

    if (!s->g)
        return PGOV_EINVAL;
    e = pgov_dbs_evaluate(s->g, snap, 1, &r);
    if (!e)
        e = pgov_dbs_get_status(s->g, &st);
    if (!e)
        e = pgov_dbs_get_cpu(s->g, 0, &cs);
    if (e)
        return e;
    o->evaluated = (r.flags & PGOV_DBS_RES_EVAL) != 0;
    o->load = r.load;
    o->delay_us = r.delay_us;
    o->req = (r.flags & PGOV_DBS_RES_CHG) != 0;
    o->cur_khz = r.cur_khz;
    o->prev_load = cs.prev_load;
    o->rate_mult = st.rate_mult;
    o->requested_freq = st.requested_freq;
    o->down_skip = st.down_skip;
    return PGOV_OK;
}

/* "800000,1200000,...": a frequency table, at most @max entries. */
static int read_table(struct replay_row *r, const char *col, struct pgov_freq_entry *e,
                      uint32_t max, uint32_t *n)
{
    const char *v = replay_str(r, col);
    uint32_t k = 0;

    if (!v)
        return replay_fail(r, "column '%s' missing", col);
    while (*v) {
        uint64_t x = 0;
        const char *p = v;
        while (*p >= '0' && *p <= '9' && x <= UINT32_MAX)
            x = x * 10u + (uint64_t)(*p++ - '0');
        if (p == v || x == 0 || x > UINT32_MAX || (*p && *p != ',') || k == max)
            return replay_fail(r, "column '%s': not a list of at most %u kHz values", col,
                               (unsigned)max);
        e[k].khz = (uint32_t)x;
        e[k].flags = 0;
        k++;
        v = *p ? p + 1 : p;
    }
    *n = k;
    return 0;
}

/* ------------------------------------------------------------ linux_sugov */
static const char *const ls_cols[] = {
    "kver", "table", "max_freq_khz", "min_khz", "max_khz", "cur_khz", "max_cap", "rate_limit_ns",
    "tick_ns", "now_ns", "iowait", "remote", "util", "held", "cpu_bw_dl", "pre_boost",
    "pre_pending", "pre_last_update", "pre_last_freq_update", "pre_next_freq",
    "pre_cached_raw_freq", "need_update", "pre_bw_dl", "path", "boost", "pending", "last_update",
    "last_freq_update", "next_freq", "cached_raw_freq", "bw_dl", NULL};
/* 6.8+ captures (6.12, 7.3): effective_cpu_util's floor and ceiling too. */
static const char *const ls_minmax_cols[] = {
    "kver", "table", "max_freq_khz", "min_khz", "max_khz", "cur_khz", "max_cap", "rate_limit_ns",
    "tick_ns", "now_ns", "iowait", "remote", "util", "held", "cpu_bw_dl", "pre_boost",
    "pre_pending", "pre_last_update", "pre_last_freq_update", "pre_next_freq",
    "pre_cached_raw_freq", "need_update", "pre_bw_dl", "bw_min", "uclamp_max", "path", "boost",
    "pending", "last_update", "last_freq_update", "next_freq", "cached_raw_freq", "bw_dl", NULL};
static const char *const ls_outs[] = {"path", "boost", "pending", "last_update", "last_freq_update",
                                      "next_freq", "cached_raw_freq", "bw_dl", NULL};

static int ls_row(void *state, struct replay_row *r)
{
    struct pgov_freq_entry e[REPLAY_LINUX_MAX_TABLE];
    struct pgov_freq_table t;
    struct replay_linux_sugov_call c;
    struct pgov_sugov_state st;
    struct pgov_sugov_result res;
    uint32_t n, iowait, remote;
    int rc;

    (void)state;
    memset(&c, 0, sizeof(c));
    memset(&st, 0, sizeof(st));
    if (replay_kver(r, "kver", NULL, &c.kver) || read_table(r, "table", e, REPLAY_LINUX_MAX_TABLE, &n) ||
        replay_u32(r, "max_freq_khz", &c.max_freq_khz) || replay_u32(r, "min_khz", &c.min_khz) ||
        replay_u32(r, "max_khz", &c.max_khz) || replay_u32(r, "cur_khz", &c.cur_khz) ||
        replay_u32(r, "max_cap", &c.max_cap) || replay_u64(r, "rate_limit_ns", &c.rate_limit_ns) ||
        replay_u64(r, "tick_ns", &c.tick_ns) || replay_u64(r, "now_ns", &c.now_ns) ||
        replay_u32(r, "iowait", &iowait) || replay_u32(r, "remote", &remote) ||
        replay_u32(r, "util", &c.util) || replay_u32(r, "held", &c.held) ||
        replay_u32(r, "cpu_bw_dl", &c.cpu_bw_dl) || replay_u32(r, "pre_bw_dl", &st.bw_dl) ||
        replay_u32(r, "pre_boost", &st.iowait_boost) || replay_u32(r, "pre_pending", &st.pending) ||
        replay_u64(r, "pre_last_update", &st.last_update_ns) ||
        replay_u64(r, "pre_last_freq_update", &st.last_freq_update_ns) ||
        replay_u32(r, "pre_next_freq", &st.next_freq) ||
        replay_u32(r, "pre_cached_raw_freq", &st.cached_raw_freq) ||
        replay_u32(r, "need_update", &st.need_update))
        return -1;
    if (replay_str(r, "bw_min")) {
        if (replay_u32(r, "bw_min", &c.bw_min) || replay_u32(r, "uclamp_max", &c.uclamp_max))
            return -1;
        c.minmax = 1;
    }
    if (replay_str(r, "capped") && replay_u32(r, "capped", &c.capped))
        return -1;
    if (iowait > 1 || remote > 1)
        return replay_fail(r, "iowait and remote are 0 or 1");
    c.flags = (iowait ? PGOV_UPDATE_IOWAIT : 0u) | (remote ? PGOV_UPDATE_REMOTE : 0u);
    rc = pgov_freq_table_init(&t, e, n, 0);
    if (rc)
        return replay_fail(r, "table rejected: %d", rc);
    rc = replay_linux_sugov(&c, &t, &st, &res);
    if (rc)
        return replay_fail(r, "libpgov refused the callback: %d", rc);
    replay_set_u64(r, "path", res.path);
    replay_set_u64(r, "boost", st.iowait_boost);
    replay_set_u64(r, "pending", st.pending);
    replay_set_u64(r, "last_update", st.last_update_ns);
    replay_set_u64(r, "last_freq_update", st.last_freq_update_ns);
    replay_set_u64(r, "next_freq", st.next_freq);
    replay_set_u64(r, "cached_raw_freq", st.cached_raw_freq);
    replay_set_u64(r, "bw_dl", st.bw_dl);
    return 0;
}

const struct replay_adapter replay_linux_sugov_adapter = {
    "linux_sugov", ls_cols, ls_outs, NULL, 0, ls_row,
};
const struct replay_adapter replay_linux_sugov_minmax_adapter = {
    "linux_sugov_minmax", ls_minmax_cols, ls_outs, NULL, 0, ls_row,
};
/* With uclamp in use (7.3): the capped test's result too. */
static const char *const ls_capped_cols[] = {
    "kver", "table", "max_freq_khz", "min_khz", "max_khz", "cur_khz", "max_cap", "rate_limit_ns",
    "tick_ns", "now_ns", "iowait", "remote", "util", "held", "cpu_bw_dl", "pre_boost",
    "pre_pending", "pre_last_update", "pre_last_freq_update", "pre_next_freq",
    "pre_cached_raw_freq", "need_update", "pre_bw_dl", "bw_min", "uclamp_max", "capped", "path",
    "boost", "pending", "last_update", "last_freq_update", "next_freq", "cached_raw_freq", "bw_dl",
    NULL};
const struct replay_adapter replay_linux_sugov_capped_adapter = {
    "linux_sugov_capped", ls_capped_cols, ls_outs, NULL, 0, ls_row,
};

/* ------------------------------------------------------------ linux_dbs */
const char *const replay_linux_dbs_ops[3] = {"start", "store", "eval"};
static const char *const gov_names[2] = {"ondemand", "conservative"};
#define TUN_COLS                                                                                \
    "sampling_rate", "up_threshold", "sampling_down_factor", "ignore_nice_load", "io_is_busy",  \
        "powersave_bias", "down_threshold", "freq_step"
static const char *const tun_cols[8] = {TUN_COLS};
static const char *const ld_cols[] = {
    "chain", "step", "gov", "kver", "table", "op", "min_khz", "max_khz", "cur_khz", TUN_COLS,
    "wall_us", "idle_us", "nice_ns", "load", "delay_us", "req", "cur_after", "prev_load",
    "rate_mult", "requested_freq", "down_skip", NULL};
static const char *const ld_outs[] = {"load",      "delay_us",  "req",
                                      "cur_after", "prev_load", "rate_mult",
                                      "requested_freq", "down_skip", NULL};
static const char *const ld_group[] = {"chain", NULL};

struct ld_state {
    struct replay_linux_dbs s;
    struct pgov_freq_entry table[REPLAY_LINUX_MAX_TABLE];
    uint32_t gov;
};

static void ld_dash_outputs(struct replay_row *r)
{
    for (const char *const *o = ld_outs; *o; o++)
        replay_set_dash(r, *o);
}

static int ld_row(void *state, struct replay_row *r)
{
    struct ld_state *ls = state;
    struct pgov_hw_idle snap;
    uint32_t tun[8], step, gov = 2, op = 3, i;
    const char *v;
    int e;

    if (replay_u32(r, "step", &step) || replay_u64(r, "wall_us", &snap.wall_us) ||
        replay_u64(r, "idle_us", &snap.idle_us) || replay_u64(r, "nice_ns", &snap.nice_ns))
        return -1;
    snap.iowait_us = 0; /* the kernel's idle counter already is the sum it uses */
    (void)replay_str(r, "chain");
    v = replay_str(r, "op");
    for (i = 0; i < 3; i++)
        if (v && strcmp(v, replay_linux_dbs_ops[i]) == 0)
            op = i;
    if (op == 3)
        return replay_fail(r, "column 'op': start, store or eval");
    if ((op == 0) != (step == 0))
        return replay_fail(r, "a chain is a start, then stores and evaluations");
    if (op != 2)
        for (i = 0; i < 8; i++)
            if (replay_u32(r, tun_cols[i], &tun[i]))
                return -1;
    if (op == 0) {
        struct replay_linux_dbs_cfg c;
        uint32_t n;
        memset(&c, 0, sizeof(c));
        v = replay_str(r, "gov");
        for (i = 0; i < 2; i++)
            if (v && strcmp(v, gov_names[i]) == 0)
                gov = i;
        if (gov == 2)
            return replay_fail(r, "column 'gov': ondemand or conservative");
        if (replay_kver_stable(r, "kver", &c.kver, &c.kver_stable) ||
            read_table(r, "table", ls->table, REPLAY_LINUX_MAX_TABLE, &n) ||
            replay_u32(r, "min_khz", &c.min_khz) || replay_u32(r, "max_khz", &c.max_khz) ||
            replay_u32(r, "cur_khz", &c.cur_khz))
            return -1;
        ls->gov = gov;
        c.gov = gov;
        c.table = ls->table;
        c.table_len = n;
        c.hz = 250;
        memcpy(c.tun, tun, sizeof(tun));
        e = replay_linux_dbs_start(&ls->s, &c, &snap);
        if (e)
            return replay_fail(r, "libpgov refused the start: %d", e);
        ld_dash_outputs(r);
        return 0;
    }
    if (op == 1) {
        unsigned n;
        e = replay_linux_dbs_store(&ls->s, tun, &snap, &n);
        if (e)
            return replay_fail(r, "libpgov refused a store: %d", e);
        ld_dash_outputs(r);
        return 0;
    }
    struct replay_linux_dbs_out o;
    e = replay_linux_dbs_eval(&ls->s, &snap, &o);
    if (e)
        return replay_fail(r, "libpgov refused the evaluation: %d", e);
    if (o.evaluated)
        replay_set_u64(r, "load", o.load);
    else
        replay_set_dash(r, "load"); /* a powersave_bias sub-sample */
    replay_set_u64(r, "delay_us", o.delay_us);
    replay_set_u64(r, "req", o.req);
    replay_set_u64(r, "cur_after", o.cur_khz);
    replay_set_u64(r, "prev_load", o.prev_load);
    replay_set_u64(r, "rate_mult", o.rate_mult);
    if (ls->gov == PGOV_DBS_CONSERVATIVE) {
        replay_set_u64(r, "requested_freq", o.requested_freq);
        replay_set_u64(r, "down_skip", o.down_skip);
    } else {
        replay_set_dash(r, "requested_freq");
        replay_set_dash(r, "down_skip");
    }
    return 0;
}

const struct replay_adapter replay_linux_dbs_adapter = {
    "linux_dbs", ld_cols, ld_outs, ld_group, sizeof(struct ld_state), ld_row,
};
