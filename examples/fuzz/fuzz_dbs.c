/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz ondemand/conservative and table resolution.
 *
 * The input picks a governor, profile, table (fixed ones from the vectors or
 * one built from the input), CPU count, tunables and limits, then runs a
 * sequence of hooks (counters may jump, wrap or go backwards), tunable
 * stores, limit changes, HAL failures (bound mode) and table resolutions.
 * Invariants (abort() on violation):
 *  - a rejected call leaves the instance byte-identical (state and CPUs);
 *  - load <= 100; after a limits step, and after every change, policy->cur
 *    lies in [policy.min, policy.max] and is a valid table entry;
 *  - rate_mult is 1 or sampling_down_factor; the reported delay equals the
 *    stored one; the bound HAL's frequency equals the instance's cur;
 *  - pgov_freq_table_resolve() agrees with a slow reference.
 */
#define PGOV_EXPERIMENTAL 1 /* exercises the experimental variants too */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/dbs.h>
#include <pgov/freq_table.h>
#include <pgov/kver.h>

#include "../../tests/util/ref_freq_table.h"
#include "fuzz_input.h"

#define NCPU_MAX 3



#define CHECK(x)                                                                                   \
    do {                                                                                           \
        if (!(x))                                                                                  \
            abort();                                                                               \
    } while (0)

/* ---- a tiny backend for the bound mode */
struct hal {
    struct pgov_hw_idle c[NCPU_MAX];
    uint32_t khz;
    int fail_read, fail_set;
};

static int h_read(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct hal *h = ctx;
    if (h->fail_read || cpu >= NCPU_MAX)
        return PGOV_EIO;
    *out = h->c[cpu];
    return 0;
}

static int h_set(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct hal *h = ctx;
    (void)cpu;
    if (h->fail_set)
        return PGOV_EAGAIN;
    h->khz = khz;
    return 0;
}

static const struct pgov_hw_ops hal_ops = {
    .size = sizeof(struct pgov_hw_ops), .read_idle = h_read, .set_freq_khz = h_set};

static _Alignas(16) unsigned char mem[8192];

struct snapshot {
    struct pgov_dbs_status st;
    struct pgov_dbs_cpu_status cpu[NCPU_MAX];
};

static void snap_of(const struct pgov_dbs *g, uint32_t n, struct snapshot *s)
{
    memset(s, 0, sizeof(*s));
    CHECK(pgov_dbs_get_status(g, &s->st) == PGOV_OK);
    for (uint32_t i = 0; i < n; i++)
        CHECK(pgov_dbs_get_cpu(g, i, &s->cpu[i]) == PGOV_OK);
}

static int is_entry(const struct pgov_freq_table *t, uint32_t khz)
{
    for (uint32_t i = 0; i < t->count; i++)
        if (t->entries[i].khz == khz)
            return 1;
    return 0;
}

/* cur within the limits; after a change also a table entry (the boot value may be off-table). */
static void check_cur(const struct pgov_freq_table *t, int has_table,
                      const struct pgov_dbs_status *st)
{
    CHECK(st->cur_khz >= st->policy_min_khz && st->cur_khz <= st->policy_max_khz);
    if (has_table && (st->last.flags & PGOV_DBS_RES_CHG))
        CHECK(is_entry(t, st->cur_khz));
}

/* Limits: two table entries (or two values within cpuinfo without a table). */
static void pick_limits(struct fuzz_in *in, const struct pgov_freq_table *t, int has_table, uint32_t lo,
                        uint32_t hi, uint32_t *mn, uint32_t *mx)
{
    uint32_t a, b;
    if (has_table) {
        a = t->entries[fuzz_take(in, 1) % t->count].khz;
        b = t->entries[fuzz_take(in, 1) % t->count].khz;
        if (a == PGOV_FREQ_ENTRY_INVALID)
            a = t->min_khz;
        if (b == PGOV_FREQ_ENTRY_INVALID)
            b = t->max_khz;
    } else {
        a = lo + fuzz_take(in, 2) % (hi - lo + 1);
        b = lo + fuzz_take(in, 2) % (hi - lo + 1);
    }
    *mn = a < b ? a : b;
    *mx = a < b ? b : a;
}

/* A configuration from the input: bound or open, governor, release,
 * variant, CPUs, one of six tables (or none), limits and tunables.
 * -1: a table the library rejects, like the kernel. */
static int make_config(struct fuzz_in *in, struct pgov_dbs_config *c, struct pgov_freq_table *t,
                       struct pgov_freq_entry *tr, const uint32_t *cpus, int *bound, int *has_table)
{
    static const struct pgov_freq_entry t4[] = {
        {3200000, 0}, {2500000, 0}, {2100000, 0}, {800000, 0}};
    static const struct pgov_freq_entry te[] = {
        {500000, 0},  {700000, 1},  {900000, 0},  {1100000, 1},
        {1300000, 1}, {1500000, 0}, {1700000, 0}, {2000000, 0}};
    static const struct pgov_freq_entry tu[] = {{1200000, 0}, {2400000, 0},
                                                {PGOV_FREQ_ENTRY_INVALID, 0},
                                                {800000, 0},  {1800000, 0}, {2000000, 0}};
    memset(c, 0, sizeof(*c));
    uint32_t b0 = fuzz_take(in, 1);
    *bound = b0 & 1;
    c->size = sizeof(*c);
    c->gov = (b0 >> 1) & 1;
    c->kver = (b0 & 4) ? ((b0 & 8) ? PGOV_KVER_7_3 : PGOV_KVER_6_18) : PGOV_KVER_4_17;
    c->variant = ((b0 >> 3) & 3) == 3 ? PGOV_DBS_VARIANT_DEADBAND : 0;
    c->ncpu = 1 + (b0 >> 5) % NCPU_MAX;
    c->cpus = cpus;
    uint32_t tsel = fuzz_take(in, 1) % 6;
    *has_table = tsel != 5;
    if (tsel == 0) {
        for (uint32_t i = 0; i < 10; i++) {
            tr[i].khz = 100000u * (1 + fuzz_take(in, 1));
            tr[i].flags = fuzz_take(in, 1) & 1;
        }
        c->table = tr;
        c->table_len = 1 + fuzz_take(in, 1) % 10;
    } else if (tsel == 1) {
        c->table = t4;
        c->table_len = 4;
    } else if (tsel == 2 || tsel == 3) {
        c->table = tsel == 2 ? te : tu;
        c->table_len = tsel == 2 ? 8 : 6;
    } else if (tsel == 4) {
        c->table = te;
        c->table_len = 8;
        c->table_flags = PGOV_FREQ_TABLE_EFFICIENCIES;
    } else {
        c->cpuinfo_min_khz = 1200000;
        c->cpuinfo_max_khz = 1200000 + fuzz_take(in, 2) * 100;
    }
    if (*has_table && pgov_freq_table_init(t, c->table, c->table_len, c->table_flags) != PGOV_OK)
        return -1;
    uint32_t lo = *has_table ? t->min_khz : c->cpuinfo_min_khz;
    uint32_t hi = *has_table ? t->max_khz : c->cpuinfo_max_khz;
    pick_limits(in, t, *has_table, lo, hi, &c->policy_min_khz, &c->policy_max_khz);
    c->cur_khz = lo + fuzz_take(in, 2) % (hi - lo + 1);
    c->tun_set = fuzz_take(in, 1);
    c->tun.sampling_rate = fuzz_take(in, 1) ? 8000u + fuzz_take(in, 2) : 0;
    c->tun.up_threshold = fuzz_take(in, 1) % 110;
    c->tun.sampling_down_factor = fuzz_take(in, 1) % 12;
    c->tun.ignore_nice_load = fuzz_take(in, 1) % 3;
    c->tun.powersave_bias = c->gov == PGOV_DBS_ONDEMAND ? fuzz_take(in, 2) % 1100 : 0;
    c->tun.down_threshold = c->gov == PGOV_DBS_CONSERVATIVE ? fuzz_take(in, 1) % 100 : 0;
    c->tun.freq_step = c->gov == PGOV_DBS_CONSERVATIVE ? fuzz_take(in, 1) % 120 : 0;
    c->tun.io_is_busy = c->gov == PGOV_DBS_ONDEMAND ? fuzz_take(in, 1) & 1 : 0;
    c->plat.flags = fuzz_take(in, 1) & 1;
    return 0;
}

/* A frequency resolution against the slow reference. 1: a relation the
 * library rejects (the step ends there). */
static int resolve_vs_reference(struct fuzz_in *in, const struct pgov_freq_table *t)
{
    uint32_t mn, mx, i = 0;
    int warn;
    mn = fuzz_take(in, 3) * 16u;
    mx = mn + fuzz_take(in, 3) * 16u;
    uint32_t target = fuzz_take(in, 4), rel = fuzz_take(in, 1) % 8;
    int rc = pgov_freq_table_resolve(t, mn, mx, target, rel, &i);
    if ((rel & 3u) == 3u) {
        CHECK(rc == PGOV_EINVAL);
        return 1;
    }
    uint32_t want = ref_freq_resolve(t, mn, mx, target, rel, &warn);
    CHECK(rc == (warn ? PGOV_WARN_KERNEL : PGOV_OK));
    CHECK(i == want);
    return 0;
}

/* A sysfs store: refused ones leave everything as it was (@a, before;
 * @b, after); stored values stay in the kernel's ranges. */
static void store(struct fuzz_in *in, struct pgov_dbs *g, const struct pgov_dbs_config *c,
                  const struct pgov_hw_idle *s, const struct snapshot *a, struct snapshot *b)
{
    uint32_t id = fuzz_take(in, 1) % 9, v = fuzz_take(in, 4);
    if (fuzz_take(in, 1) & 1)
        v %= 200;
    int rc = pgov_dbs_store(g, id, v, s, c->ncpu);
    snap_of(g, c->ncpu, b);
    if (rc != PGOV_OK) {
        CHECK(rc == PGOV_EINVAL || rc == PGOV_EDOM);
        CHECK(!memcmp(a, b, sizeof(*a)));
    }
    CHECK(b->st.tun.ignore_nice_load <= 1 && b->st.tun.io_is_busy <= 1 &&
          b->st.tun.powersave_bias <= 1000 && b->st.tun.freq_step <= 100);
    CHECK(b->st.tun.sampling_rate * b->st.tun.sampling_down_factor != 0 ||
          c->gov == PGOV_DBS_CONSERVATIVE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct pgov_freq_entry tr[10];
    struct fuzz_in in = {data, size};
    struct pgov_dbs_config c;
    struct pgov_freq_table t = {0};
    struct hal h;
    struct pgov_dbs *g = NULL;
    struct pgov_hw_idle s[NCPU_MAX];
    uint32_t cpus[NCPU_MAX] = {0, 1, 2};
    uint64_t now = 0;
    int rc, bound, has_table;

    memset(&h, 0, sizeof(h));
    if (make_config(&in, &c, &t, tr, cpus, &bound, &has_table))
        return 0; /* equal neighbours: rejected like the kernel */
    uint32_t lo = has_table ? t.min_khz : c.cpuinfo_min_khz;
    uint32_t hi = has_table ? t.max_khz : c.cpuinfo_max_khz;

    for (uint32_t i = 0; i < NCPU_MAX; i++)
        h.c[i] = s[i] = (struct pgov_hw_idle){1000000, 500000, 1000, 0};
    h.khz = c.cur_khz;
    if (bound)
        rc = pgov_dbs_init(mem, sizeof(mem), &c, &hal_ops, &h, &g);
    else
        rc = pgov_dbs_init_open(mem, sizeof(mem), &c, &g);
    if (rc != PGOV_OK) {
        CHECK(rc == PGOV_EINVAL || rc == PGOV_EDOM || rc == PGOV_ENOTSUP);
        return 0;
    }
    if (!bound) {
        CHECK(pgov_dbs_start(g, s, c.ncpu, NULL) == PGOV_OK);
    }
    struct snapshot a, b;
    snap_of(g, c.ncpu, &a);
    check_cur(&t, has_table, &a.st);
    if (bound)
        CHECK(h.khz == a.st.cur_khz);

    while (in.n) {
        uint32_t op = fuzz_take(&in, 1) % 8;
        snap_of(g, c.ncpu, &a);
        b = a;
        if (op <= 3) { /* a hook */
            uint32_t dt = fuzz_take(&in, 2);
            now += (op == 3 && (dt & 1)) ? (uint64_t)0 - 1000u * dt : 100000ull * dt;
            for (uint32_t i = 0; i < c.ncpu; i++) {
                uint32_t w = fuzz_take(&in, 2), id = fuzz_take(&in, 2), io = fuzz_take(&in, 1);
                struct pgov_hw_idle *x = bound ? &h.c[i] : &s[i];
                if (op == 2 && (w & 1)) { /* something goes backwards or jumps */
                    x->idle_us -= id;
                    x->wall_us += (uint64_t)w << (io & 31);
                } else {
                    x->wall_us += 100u * w;
                    x->idle_us += (uint64_t)id * 100u * w / 65536u;
                }
                x->iowait_us += io;
                x->nice_ns += (uint64_t)fuzz_take(&in, 1) * 1000u;
            }
            if (bound) {
                h.fail_read = fuzz_take(&in, 1) == 0xff;
                h.fail_set = fuzz_take(&in, 1) == 0xff;
                rc = pgov_dbs_update_cpu(g, fuzz_take(&in, 1) % 4, now, 0);
                h.fail_read = h.fail_set = 0;
                snap_of(g, c.ncpu, &b);
                if (rc != PGOV_OK) {
                    CHECK(rc == PGOV_EIO || rc == PGOV_EAGAIN);
                    CHECK(!memcmp(&a, &b, sizeof(a)));
                }
                CHECK(h.khz == b.st.cur_khz);
            } else {
                struct pgov_dbs_result r;
                int fire = pgov_dbs_should_sample(g, now);
                CHECK(fire == 0 || fire == 1); /* a started instance never errs */
                if (!fire)
                    continue;
                CHECK(pgov_dbs_evaluate(g, s, c.ncpu, &r) == PGOV_OK);
                snap_of(g, c.ncpu, &b);
            }
            const struct pgov_dbs_result *r = &b.st.last;
            if (r->flags & PGOV_DBS_RES_EVAL)
                CHECK(r->load <= 100);
            if (r->flags & PGOV_DBS_RES_CHG)
                check_cur(&t, has_table, &b.st);
            CHECK(b.st.sample_delay_ns == (uint64_t)b.st.last.delay_us * 1000u ||
                  b.st.evaluations == a.st.evaluations);
        } else if (op == 4) { /* a store */
            store(&in, g, &c, bound ? NULL : s, &a, &b);
        } else if (op == 5) { /* new limits, sometimes inverted */
            uint32_t mn, mx;
            pick_limits(&in, &t, has_table, lo, hi, &mn, &mx);
            int inv = fuzz_take(&in, 1) & 1;
            if (bound) {
                struct pgov_dbs_limits l = {inv ? mx : mn, inv ? mn : mx};
                h.fail_set = fuzz_take(&in, 1) == 0xff;
                rc = pgov_dbs_set_limits(g, &l);
                h.fail_set = 0;
            } else {
                rc = pgov_dbs_set_limits_open(g, inv ? mx : mn, inv ? mn : mx, NULL);
            }
            snap_of(g, c.ncpu, &b);
            if (rc != PGOV_OK) {
                CHECK(rc == PGOV_EINVAL || rc == PGOV_EAGAIN);
                CHECK(!memcmp(&a, &b, sizeof(a)));
            } else {
                check_cur(&t, has_table, &b.st);
            }
        } else if (op == 6 && has_table && resolve_vs_reference(&in, &t)) {
            continue;
        }
        CHECK(b.st.rate_mult == 1 || b.st.rate_mult == b.st.tun.sampling_down_factor);
    }
    return 0;
}
