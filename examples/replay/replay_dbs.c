/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Replay adapter for ondemand.tsv (ondemand/conservative, table resolution,
 * pcc-cpufreq request word) through the public API of dbs.h/freq_table.h.
 *
 * Governor groups (ver, gov, scen) drive one open-loop instance: `start`
 * creates and starts it from the row's tunables, limits, cur0 and counters;
 * `hook` rows go through pgov_dbs_should_sample() and pgov_dbs_evaluate();
 * `limits` and `set_*` rows through pgov_dbs_set_limits_open() and pgov_dbs_store().
 * Every state column is read back with pgov_dbs_get_status()/get_cpu().
 * The tunable columns are inputs on `start` rows and outputs elsewhere; on
 * `start` rows they are printed from the started instance, not echoed.
 */
#define PGOV_EXPERIMENTAL 1 /* exercises the experimental variants too */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/dbs.h>
#include <pgov/freq_table.h>
#include <pgov/kver.h>

#include "num.h"
#include "replay.h"

#define ODS_MAXCPU 4
#define ODS_MEM 16384
#define PCC_NOMINAL_MHZ 2400u

struct ods_state {
    _Alignas(16) unsigned char mem[ODS_MEM];
    struct pgov_dbs *g;
    uint32_t ncpu;
    int pcc;
};

static const char *const ods_columns[] = {
    "ver", "gov", "scen", "step", "ev", "arg", "t_ns", "wall_us", "idle_us", "iow_us", "nice_ns",
    "pmin", "pmax", "cur0", "sr", "up", "sdf", "ign", "iob", "psb", "down", "fstep", "ret", "fire",
    "kind", "loads", "load", "idlep", "fnext", "req", "rel", "chg", "cur", "hw", "rmult", "reqf",
    "dskip", "flo", "fhid", "flod", "stype", "delay_us", "pload", NULL};
static const char *const ods_outputs[] = {
    "sr", "up", "sdf", "ign", "iob", "psb", "down", "fstep", "ret", "fire", "kind", "loads",
    "load", "idlep", "fnext", "req", "rel", "chg", "cur", "hw", "rmult", "reqf", "dskip", "flo",
    "fhid", "flod", "stype", "delay_us", "pload", NULL};
static const char *const ods_group[] = {"ver", "gov", "scen", NULL};

#define E(f) {f, 0}
#define I(f) {f, PGOV_FREQ_INEFFICIENT}
#define X {PGOV_FREQ_ENTRY_INVALID, 0}
static const struct pgov_freq_entry t24[] = {
    E(1600000), E(1700000), E(1800000), E(1900000), E(2000000), E(2100000), E(2200000), E(2300000),
    E(2400000), E(2500000), E(2600000), E(2700000), E(2800000), E(2900000), E(3000000), E(3100000),
    E(3200000), E(3300000), E(3400000), E(3500000), E(3600000), E(3700000), E(3800000), E(3900000)};
static const struct pgov_freq_entry t4[] = {E(3200000), E(2500000), E(2100000), E(800000)};
static const struct pgov_freq_entry tu[] = {E(1200000), E(2400000), X, E(800000), E(1800000),
                                            E(2000000)};
static const struct pgov_freq_entry te[] = {E(500000),  I(700000),  E(900000),  I(1100000),
                                            I(1300000), E(1500000), E(1700000), E(2000000)};
#undef E
#undef I
#undef X

struct ods_table {
    const char *name;
    const struct pgov_freq_entry *e;
    uint32_t n;
};
static const struct ods_table ods_tables[] = {
    {"T24", t24, 24}, {"T4", t4, 4}, {"TU", tu, 6}, {"TE", te, 8}};

/* Table of a governor scenario (NULL name: pcc-cpufreq, no table). */
static const struct ods_table *scen_table(const char *scen)
{
    if (!strncmp(scen, "resolve_", 8))
        scen += 8;
    for (size_t i = 0; i < sizeof(ods_tables) / sizeof(ods_tables[0]); i++)
        if (!strcmp(scen, ods_tables[i].name))
            return &ods_tables[i];
    if (!strcmp(scen, "t4_smp"))
        return &ods_tables[1];
    if (!strcmp(scen, "te_psb"))
        return &ods_tables[3];
    if (!strcmp(scen, "pcc_kb"))
        return NULL;
    return &ods_tables[0];
}

static int parse_rel(struct replay_row *r, uint32_t *rel)
{
    const char *s = replay_str(r, "rel");
    if (!s || !*s || !strchr("LHC", s[0]) || (s[1] && strcmp(s + 1, "E")))
        return replay_fail(r, "bad relation");
    *rel = (uint32_t)(s[0] == 'L' ? PGOV_REL_L : s[0] == 'H' ? PGOV_REL_H : PGOV_REL_C);
    if (s[1])
        *rel |= PGOV_REL_E;
    return 0;
}

static const char *rel_str(uint32_t rel)
{
    static const char *const n[] = {"L", "H", "C", "?", "LE", "HE", "CE", "?"};
    return n[rel & 7u];
}

/* Parse a per-CPU list "a,b" of u64. Returns the count or -1. */
static int parse_list(struct replay_row *r, const char *col, uint64_t *v, int max)
{
    const char *s = replay_str(r, col);
    char buf[REPLAY_VAL_LEN], why[NUM_ERR_LEN];
    int n = 0;
    if (!s)
        return replay_fail(r, "no column %s", col);
    snprintf(buf, sizeof(buf), "%s", s);
    for (char *p = buf, *comma;; p = comma + 1) {
        comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        if (n == max)
            return replay_fail(r, "column '%s': more than %d values", col, max);
        if (num_u64(p, 0, UINT64_MAX, &v[n++], why, sizeof(why)))
            return replay_fail(r, "column '%s': %s", col, why);
        if (!comma)
            return n;
    }
}

static int read_snaps(struct replay_row *r, struct pgov_hw_idle *snap, uint32_t *n)
{
    uint64_t w[ODS_MAXCPU], id[ODS_MAXCPU], io[ODS_MAXCPU], ni[ODS_MAXCPU];
    int a = parse_list(r, "wall_us", w, ODS_MAXCPU), b = parse_list(r, "idle_us", id, ODS_MAXCPU);
    int c = parse_list(r, "iow_us", io, ODS_MAXCPU), d = parse_list(r, "nice_ns", ni, ODS_MAXCPU);
    if (a <= 0 || a != b || a != c || a != d)
        return replay_fail(r, "inconsistent counter lists");
    for (int i = 0; i < a; i++)
        snap[i] = (struct pgov_hw_idle){w[i], id[i], io[i], ni[i]};
    *n = (uint32_t)a;
    return 0;
}

static void set_list_u32(struct replay_row *r, const char *col, const uint32_t *v, uint32_t n)
{
    char buf[REPLAY_VAL_LEN];
    size_t len = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%" PRIu32, i ? "," : "", v[i]);
    replay_set(r, col, buf);
}

static int ver_of(struct replay_row *r, uint32_t *kver, uint32_t *variant)
{
    const char *v = replay_str(r, "ver");
    *variant = PGOV_DBS_VARIANT_NONE;
    if (!strcmp(v, "v4.17"))
        *kver = PGOV_KVER_4_17;
    else if (!strcmp(v, "v6.18"))
        *kver = PGOV_KVER_6_18;
    else if (!strcmp(v, "v4.17+db")) {
        *kver = PGOV_KVER_4_17;
        *variant = PGOV_DBS_VARIANT_DEADBAND;
    } else
        return replay_fail(r, "unknown version %s", v);
    return 0;
}

static void dash_all(struct replay_row *r)
{
    for (const char *const *c = ods_outputs; *c; c++)
        replay_set_dash(r, *c);
}

static void set_tunables(struct replay_row *r, uint32_t gov, const struct pgov_dbs_tunables *t)
{
    int od = gov == PGOV_DBS_ONDEMAND;
    replay_set_u64(r, "sr", t->sampling_rate);
    replay_set_u64(r, "up", t->up_threshold);
    replay_set_u64(r, "sdf", t->sampling_down_factor);
    replay_set_u64(r, "ign", t->ignore_nice_load);
    replay_set_u64(r, "iob", t->io_is_busy);
    if (od) {
        replay_set_u64(r, "psb", t->powersave_bias);
        replay_set_dash(r, "down");
        replay_set_dash(r, "fstep");
    } else {
        replay_set_dash(r, "psb");
        replay_set_u64(r, "down", t->down_threshold);
        replay_set_u64(r, "fstep", t->freq_step);
    }
}

/* Column 'arg' of init rows: "hz=N;tlat=N;tdel=N;nohz=0|1;cpu=none|VENDOR:FAMILY:MODEL",
 * every field present, in this order, strict decimal. 0 or -1 with r->err set. */
static int parse_init_arg(struct replay_row *r, const char *arg, uint32_t *hz, uint32_t *tlat,
                          uint32_t *tdel, uint32_t *nohz, char vendor[16], uint32_t *fam,
                          uint32_t *model)
{
    static const char *const keys[] = {"hz", "tlat", "tdel", "nohz", "cpu"};
    uint32_t *const dst[] = {hz, tlat, tdel, nohz};
    const uint32_t max[] = {100000, UINT32_MAX, UINT32_MAX, 1};
    char buf[REPLAY_VAL_LEN], why[NUM_ERR_LEN];
    char *p = buf;
    snprintf(buf, sizeof(buf), "%s", arg);
    for (int k = 0; k < 5; k++) {
        size_t kl = strlen(keys[k]);
        char *semi = strchr(p, ';');
        if (semi)
            *semi = 0;
        if (strncmp(p, keys[k], kl) != 0 || p[kl] != '=' || (k < 4) != (semi != NULL))
            return replay_fail(r, "column 'arg': expected field %d to be '%s=' in '%s'", k + 1, keys[k], arg);
        p += kl + 1;
        if (k < 4) {
            if (num_u32(p, k == 0 ? 1 : 0, max[k], dst[k], why, sizeof(why)))
                return replay_fail(r, "column 'arg': %s: %s", keys[k], why);
            p = semi + 1;
            continue;
        }
        if (strcmp(p, "none") == 0) {
            strcpy(vendor, "none");
            return 0;
        }
        char *c1 = strchr(p, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2)
            return replay_fail(r, "column 'arg': cpu: expected none or VENDOR:FAMILY:MODEL, got '%s'", p);
        *c1 = *c2 = 0;
        if (strcmp(p, "intel") != 0 && strcmp(p, "amd") != 0)
            return replay_fail(r, "column 'arg': cpu: unknown vendor '%s' (intel, amd, or none)", p);
        strcpy(vendor, p);
        if (num_u32(c1 + 1, 0, 255, fam, why, sizeof(why)) ||
            num_u32(c2 + 1, 0, 255, model, why, sizeof(why)))
            return replay_fail(r, "column 'arg': cpu: %s", why);
    }
    return 0;
}

static int row_init(struct replay_row *r, uint32_t gov)
{
    struct pgov_dbs_platform p = {0};
    struct pgov_dbs_tunables t;
    uint32_t kver, variant, nohz = 1, fam = 0, model = 0;
    char vendor[16] = "";
    const char *arg = replay_str(r, "arg");

    if (ver_of(r, &kver, &variant))
        return -1;
    if (!arg || parse_init_arg(r, arg, &p.hz, &p.transition_latency_ns, &p.transition_delay_us,
                               &nohz, vendor, &fam, &model))
        return -1;
    p.flags = nohz ? 0u : PGOV_DBS_PLAT_NO_NOHZ;
    p.vendor = !strcmp(vendor, "intel") ? PGOV_DBS_VENDOR_INTEL
             : !strcmp(vendor, "amd")   ? PGOV_DBS_VENDOR_AMD
                                        : PGOV_DBS_VENDOR_NONE; /* "none" */
    p.family = fam;
    p.model = model;
    int rc = pgov_dbs_defaults(gov, kver, &p, &t);
    if (rc)
        return replay_fail(r, "pgov_dbs_defaults: %d", rc);
    dash_all(r);
    set_tunables(r, gov, &t);
    return 0;
}

static int row_resolve(struct replay_row *r)
{
    const struct ods_table *tb = scen_table(replay_str(r, "scen"));
    struct pgov_freq_table t;
    uint32_t pmin, pmax, req, rel = 0, idx;
    const char *arg = replay_str(r, "arg");

    if (!tb || replay_u32(r, "pmin", &pmin) || replay_u32(r, "pmax", &pmax) ||
        replay_u32(r, "req", &req) || parse_rel(r, &rel))
        return -1;
    if (pgov_freq_table_init(&t, tb->e, tb->n,
                             !strcmp(arg, "eff=1") ? PGOV_FREQ_TABLE_EFFICIENCIES : 0) != 0)
        return replay_fail(r, "table init");
    int rc = pgov_freq_table_resolve(&t, pmin, pmax, req, rel, &idx);
    if (rc < 0)
        return replay_fail(r, "resolve: %d", rc);
    dash_all(r);
    replay_set(r, "req", replay_str(r, "req"));
    replay_set(r, "rel", replay_str(r, "rel"));
    replay_set_u64(r, "hw", idx);
    replay_set_u64(r, "cur", tb->e[idx].khz);
    return 0;
}

static int row_pccmap(struct replay_row *r)
{
    uint32_t nom, req, word, khz;
    if (replay_u32(r, "arg", &nom) || replay_u32(r, "req", &req))
        return -1;
    if (pgov_freq_table_pcc_request(nom, req, &word) || pgov_freq_table_pcc_readback(nom, word >> 8, &khz))
        return replay_fail(r, "pcc helpers failed");
    dash_all(r);
    replay_set(r, "req", replay_str(r, "req"));
    replay_set_u64(r, "hw", word);
    replay_set_u64(r, "cur", khz);
    return 0;
}

static int row_start(struct ods_state *s, struct replay_row *r, uint32_t gov)
{
    const struct ods_table *tb = scen_table(replay_str(r, "scen"));
    struct pgov_dbs_config c = {0};
    struct pgov_hw_idle snap[ODS_MAXCPU];
    uint32_t cpus[ODS_MAXCPU] = {0, 1, 2, 3}, n;
    int od = gov == PGOV_DBS_ONDEMAND;
    uint64_t t0; /* the start's time: only checked, the library starts from the snapshot */

    if (ver_of(r, &c.kver, &c.variant) || read_snaps(r, snap, &n) || replay_u64(r, "t_ns", &t0))
        return -1;
    c.size = sizeof(c);
    c.gov = gov;
    c.ncpu = n;
    c.cpus = cpus;
    if (tb) {
        c.table = tb->e;
        c.table_len = tb->n;
        c.table_flags = tb->e == te ? PGOV_FREQ_TABLE_EFFICIENCIES : 0;
    } else {
        c.cpuinfo_min_khz = 1200000;
        c.cpuinfo_max_khz = PCC_NOMINAL_MHZ * 1000u;
    }
    if (replay_u32(r, "pmin", &c.policy_min_khz) || replay_u32(r, "pmax", &c.policy_max_khz) ||
        replay_u32(r, "cur0", &c.cur_khz) || replay_u32(r, "sr", &c.tun.sampling_rate) ||
        replay_u32(r, "up", &c.tun.up_threshold) ||
        replay_u32(r, "sdf", &c.tun.sampling_down_factor) ||
        replay_u32(r, "ign", &c.tun.ignore_nice_load))
        return -1;
    if (od && (replay_u32(r, "iob", &c.tun.io_is_busy) ||
               replay_u32(r, "psb", &c.tun.powersave_bias)))
        return -1;
    if (!od && (replay_u32(r, "down", &c.tun.down_threshold) ||
                replay_u32(r, "fstep", &c.tun.freq_step)))
        return -1;
    c.tun_set = od ? 0x3Fu : 0xCFu;
    if (!strcmp(replay_str(r, "scen"), "jiffy"))
        c.plat.flags = PGOV_DBS_PLAT_NO_NOHZ;
    if (pgov_dbs_size() > sizeof(s->mem))
        return replay_fail(r, "instance too large");
    int rc = pgov_dbs_init_open(s->mem, sizeof(s->mem), &c, &s->g);
    if (rc)
        return replay_fail(r, "pgov_dbs_init_open: %d", rc);
    struct pgov_dbs_result res;
    rc = pgov_dbs_start(s->g, snap, n, &res);
    if (rc)
        return replay_fail(r, "pgov_dbs_start: %d", rc);
    s->ncpu = n;
    s->pcc = tb == NULL;
    replay_set_s64(r, "ret", rc);
    return 0;
}

static const struct {
    const char *ev;
    uint32_t id;
} ods_stores[] = {
    {"set_sampling_rate", PGOV_DBS_SAMPLING_RATE},
    {"set_up_threshold", PGOV_DBS_UP_THRESHOLD},
    {"set_sampling_down_factor", PGOV_DBS_SAMPLING_DOWN_FACTOR},
    {"set_ignore_nice_load", PGOV_DBS_IGNORE_NICE_LOAD},
    {"set_io_is_busy", PGOV_DBS_IO_IS_BUSY},
    {"set_powersave_bias", PGOV_DBS_POWERSAVE_BIAS},
    {"set_down_threshold", PGOV_DBS_DOWN_THRESHOLD},
    {"set_freq_step", PGOV_DBS_FREQ_STEP},
};

/* Columns every governor row prints from the instance state. */
static int set_state(struct ods_state *s, struct replay_row *r, uint32_t gov,
                     const struct pgov_dbs_result *res)
{
    struct pgov_dbs_status st;
    uint32_t pl[ODS_MAXCPU];
    int od = gov == PGOV_DBS_ONDEMAND;

    if (pgov_dbs_get_status(s->g, &st))
        return replay_fail(r, "get_state");
    for (uint32_t i = 0; i < s->ncpu; i++) {
        struct pgov_dbs_cpu_status cs;
        if (pgov_dbs_get_cpu(s->g, i, &cs))
            return replay_fail(r, "get_cpu");
        pl[i] = cs.prev_load;
    }
    if (res && (res->flags & PGOV_DBS_RES_REQ)) {
        replay_set_u64(r, "req", res->req_khz);
        replay_set(r, "rel", rel_str(res->rel));
    }
    replay_set_u64(r, "chg", res && (res->flags & PGOV_DBS_RES_CHG) ? 1 : 0);
    if (res && (res->flags & PGOV_DBS_RES_CHG)) {
        if (s->pcc) {
            uint32_t word;
            if (pgov_freq_table_pcc_request(PCC_NOMINAL_MHZ, res->cur_khz, &word))
                return replay_fail(r, "pcc word");
            replay_set_u64(r, "hw", word);
        } else {
            replay_set_u64(r, "hw", res->index);
        }
    }
    replay_set_u64(r, "cur", st.cur_khz);
    replay_set_u64(r, "rmult", st.rate_mult);
    if (od) {
        replay_set_u64(r, "flo", st.freq_lo);
        replay_set_u64(r, "fhid", st.freq_hi_delay_us);
        replay_set_u64(r, "flod", st.freq_lo_delay_us);
        replay_set(r, "stype", st.sample_type == PGOV_DBS_SAMPLE_SUB ? "S" : "N");
    } else {
        replay_set_u64(r, "reqf", st.requested_freq);
        replay_set_u64(r, "dskip", st.down_skip);
    }
    replay_set_u64(r, "delay_us", st.sample_delay_ns / 1000u);
    set_list_u32(r, "pload", pl, s->ncpu);
    return 0;
}

static int ods_row(void *state, struct replay_row *r)
{
    struct ods_state *s = state;
    const char *ev = replay_str(r, "ev"), *gv = replay_str(r, "gov");
    uint32_t gov = !strcmp(gv, "cs") ? PGOV_DBS_CONSERVATIVE : PGOV_DBS_ONDEMAND;
    struct pgov_dbs_result res;
    struct pgov_hw_idle snap[ODS_MAXCPU];
    uint32_t n;
    int rc;

    if (!ev || !gv)
        return replay_fail(r, "missing ev/gov");
    if (!strcmp(ev, "init"))
        return row_init(r, gov);
    if (!strcmp(ev, "resolve"))
        return row_resolve(r);
    if (!strcmp(ev, "pccmap"))
        return row_pccmap(r);

    if (!strcmp(ev, "start")) {
        dash_all(r);
        if (row_start(s, r, gov))
            return -1;
        struct pgov_dbs_status st;
        pgov_dbs_get_status(s->g, &st);
        set_tunables(r, gov, &st.tun);
        return set_state(s, r, gov, &st.last);
    }
    if (!s->g)
        return replay_fail(r, "event before start");
    dash_all(r);
    if (!strcmp(ev, "hook")) {
        uint64_t t;
        if (replay_u64(r, "t_ns", &t) || read_snaps(r, snap, &n))
            return -1;
        int fire = pgov_dbs_should_sample(s->g, t);
        if (fire < 0)
            return replay_fail(r, "should_sample: %d", fire);
        replay_set_u64(r, "fire", (uint64_t)fire);
        if (!fire)
            return set_state(s, r, gov, NULL);
        rc = pgov_dbs_evaluate(s->g, snap, n, &res);
        if (rc)
            return replay_fail(r, "evaluate: %d", rc);
        replay_set(r, "kind", (res.flags & PGOV_DBS_RES_SUB) ? "S" : "N");
        if (res.flags & PGOV_DBS_RES_EVAL) {
            uint32_t l[ODS_MAXCPU];
            for (uint32_t i = 0; i < n; i++) {
                struct pgov_dbs_cpu_status cs;
                pgov_dbs_get_cpu(s->g, i, &cs);
                l[i] = cs.load;
            }
            set_list_u32(r, "loads", l, n);
            replay_set_u64(r, "load", res.load);
            if (res.idle_periods != PGOV_DBS_NONE)
                replay_set_u64(r, "idlep", res.idle_periods);
        }
        if (res.flags & PGOV_DBS_RES_FNEXT)
            replay_set_u64(r, "fnext", res.fnext);
        return set_state(s, r, gov, &res);
    }
    if (!strcmp(ev, "limits")) {
        uint32_t lo, hi;
        if (replay_u32(r, "pmin", &lo) || replay_u32(r, "pmax", &hi))
            return -1;
        rc = pgov_dbs_set_limits_open(s->g, lo, hi, &res);
        if (rc)
            return replay_fail(r, "limits: %d", rc);
        return set_state(s, r, gov, &res);
    }
    for (size_t i = 0; i < sizeof(ods_stores) / sizeof(ods_stores[0]); i++) {
        if (strcmp(ev, ods_stores[i].ev))
            continue;
        uint32_t v;
        const struct pgov_hw_idle *sp = NULL;
        n = 0;
        if (replay_u32(r, "arg", &v))
            return -1;
        if (!replay_is_dash(r, "wall_us")) {
            if (read_snaps(r, snap, &n))
                return -1;
            sp = snap;
        }
        rc = pgov_dbs_store(s->g, ods_stores[i].id, v, sp, n);
        replay_set_s64(r, "ret", rc);
        struct pgov_dbs_status st;
        pgov_dbs_get_status(s->g, &st);
        set_tunables(r, gov, &st.tun);
        return set_state(s, r, gov, NULL);
    }
    return replay_fail(r, "unknown event %s", ev);
}

const struct replay_adapter replay_adapter_ondemand = {
    .name = "ondemand",
    .columns = ods_columns,
    .outputs = ods_outputs,
    .group = ods_group,
    .state_size = sizeof(struct ods_state),
    .row = ods_row,
};
