/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * schedutil shared policies (pgov_sugov_decide_shared): worked examples, and
 * 20 000 random callbacks against a slow reference model written here from
 * the prose of docs/schedutil.md ("Shared policies") and spec/pstate.md 9.1,
 * deliberately without the library's helpers: plain arrays, every CPU's
 * request recomputed in full at each evaluation.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>

#define MS 1000000ull
#define NCPU 4

_Static_assert(sizeof(struct pgov_sugov_cpu) == 40, "cpu layout");
_Static_assert(sizeof(struct pgov_sugov_policy) == 24, "policy layout");

/* ---- the reference model */
struct ref {
    int v68;      /* 6.8+ composition */
    int noninv;   /* reference cur (+ cur/4 from 6.8) */
    uint64_t rate, tick;
    uint32_t cap, fmax, lo, hi;
    const uint32_t *table; /* ascending, or NULL */
    uint32_t ntable;
    /* policy */
    uint64_t lfu;
    uint32_t next, cached, need, cur;
    /* CPUs */
    uint64_t last[NCPU];
    uint32_t boost[NCPU], pend[NCPU];
    uint32_t util[NCPU], umin[NCPU], umax[NCPU], bw[NCPU];
    uint32_t dl[NCPU], dl_seen[NCPU]; /* deadline bandwidth now, at the last evaluation */
};

static uint32_t umax32(uint32_t a, uint32_t b) { return a > b ? a : b; }
static uint32_t umin32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* Returns the path; *perf_out the policy's largest request (evaluated only). */
static uint32_t ref_step(struct ref *m, int cpu, uint64_t now, int io, int remote,
                         uint32_t *perf_out, uint32_t *f_out)
{
    /* the calling CPU's boost request */
    if (m->boost[cpu] != 0 && (int64_t)(now - m->last[cpu]) > (int64_t)m->tick) {
        m->boost[cpu] = io ? 128 : 0;
        m->pend[cpu] = io ? 1 : 0;
    } else if (io && !m->pend[cpu]) {
        m->pend[cpu] = 1;
        m->boost[cpu] = m->boost[cpu] ? umin32(2 * m->boost[cpu], 1024) : 128;
    }
    m->last[cpu] = now;
    if (m->dl[cpu] > m->dl_seen[cpu])
        m->need = 1;
    if (remote || (!m->need && (int64_t)(now - m->lfu) < (int64_t)m->rate))
        return PGOV_SUGOV_PATH_RATE_LIMITED;
    uint32_t best = 0;
    for (int j = 0; j < NCPU; j++) {
        uint32_t b = 0;
        m->dl_seen[j] = m->dl[j];
        if (m->boost[j] != 0) {
            if ((int64_t)(now - m->last[j]) > (int64_t)m->tick) { /* stale CPU */
                m->boost[j] = 0;
                m->pend[j] = 0;
            } else {
                if (!m->pend[j]) {
                    m->boost[j] /= 2;
                    if (m->boost[j] < 128)
                        m->boost[j] = 0;
                }
                if (m->boost[j] != 0) {
                    m->pend[j] = 0;
                    b = m->boost[j] * m->cap / 1024;
                }
            }
        }
        uint32_t u = umax32(umin32(m->util[j], m->cap), b);
        uint32_t perf = u + u / 4;
        if (m->v68)
            perf = umax32(umin32(perf, umin32(m->umax[j], m->cap)), umax32(m->umin[j], m->bw[j]));
        best = umax32(best, perf);
    }
    *perf_out = best;
    uint32_t cur = m->cur ? m->cur : m->next;
    uint64_t ref = m->noninv ? (m->v68 ? cur + cur / 4 : cur) : m->fmax;
    uint64_t raw = ref * best / m->cap;
    uint32_t f;
    if (raw == m->cached && !m->need) {
        f = m->next;
    } else {
        m->cached = (uint32_t)raw;
        uint32_t lo = umin32(m->lo, m->hi);
        f = raw > m->hi ? m->hi : (raw < lo ? lo : (uint32_t)raw);
        if (m->table) {
            uint32_t pick = m->table[m->ntable - 1];
            for (uint32_t k = m->ntable; k-- > 0;)
                if (m->table[k] >= f && m->table[k] >= lo && m->table[k] <= m->hi)
                    pick = m->table[k];
            f = pick;
        }
    }
    m->need = 0;
    *f_out = f;
    if (f == m->next)
        return PGOV_SUGOV_PATH_UNCHANGED;
    m->next = f;
    m->lfu = now;
    if (m->cur)
        m->cur = f;
    return PGOV_SUGOV_PATH_COMMIT;
}

/* A slow xorshift (the test's own sequence). */
static uint64_t rng = 0x9d2c5680a5f3e1b7ull;
static uint32_t below(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static void compare(const struct ref *m, const struct pgov_sugov_policy *pol,
                    const struct pgov_sugov_cpu *c, int step)
{
    if (pol->last_freq_update_ns != m->lfu || pol->next_freq != m->next ||
        pol->cached_raw_freq != m->cached || pol->need_update != m->need || pol->cur_khz != m->cur)
        fail_msg("step %d: policy %llu/%lu/%lu/%lu/%lu, reference %llu/%lu/%lu/%lu/%lu", step,
                 (unsigned long long)pol->last_freq_update_ns, (unsigned long)pol->next_freq,
                 (unsigned long)pol->cached_raw_freq, (unsigned long)pol->need_update,
                 (unsigned long)pol->cur_khz, (unsigned long long)m->lfu, (unsigned long)m->next,
                 (unsigned long)m->cached, (unsigned long)m->need, (unsigned long)m->cur);
    for (int j = 0; j < NCPU; j++)
        if (c[j].iowait_boost != m->boost[j] || c[j].pending != m->pend[j] ||
            c[j].last_update_ns != m->last[j] || c[j].bw_dl_seen != m->dl_seen[j])
            fail_msg("step %d cpu %d: boost %lu/%lu last %llu, reference %lu/%lu %llu", step, j,
                     (unsigned long)c[j].iowait_boost, (unsigned long)c[j].pending,
                     (unsigned long long)c[j].last_update_ns, (unsigned long)m->boost[j],
                     (unsigned long)m->pend[j], (unsigned long long)m->last[j]);
}

static void run_random(uint32_t kver, int noninv, int with_table, int clamps, int steps)
{
    static const uint32_t tab[] = {800000, 1600000, 2400000, 3200000, 3600000};
    struct pgov_freq_entry e[5];
    struct pgov_freq_table t;
    struct pgov_sugov_params p = {2 * MS, 4 * MS, 1024, 3600000, 800000, 3600000, 0, kver};
    struct pgov_sugov_policy pol;
    struct pgov_sugov_cpu c[NCPU];
    struct pgov_sugov_result r;
    struct ref m;
    uint64_t now = 10 * MS;
    int evaluated = 0, commits = 0, stale = 0;

    for (int k = 0; k < 5; k++) {
        e[k].khz = tab[k];
        e[k].flags = 0;
    }
    assert_int_equal(pgov_freq_table_init(&t, e, 5, 0), PGOV_OK);
    p.options = noninv ? PGOV_SUGOV_OPT_NONINVARIANT : 0;
    p.max_cap = noninv ? 1024 : 870;
    memset(&pol, 0, sizeof(pol));
    memset(c, 0, sizeof(c));
    memset(&m, 0, sizeof(m));
    m.v68 = kver == 0 || kver >= PGOV_KVER_6_8;
    m.noninv = noninv;
    m.rate = p.rate_limit_ns;
    m.tick = p.tick_ns;
    m.cap = p.max_cap;
    m.fmax = p.max_freq_khz;
    m.lo = p.min_khz;
    m.hi = p.max_khz;
    m.table = with_table ? tab : NULL;
    m.ntable = 5;
    pol.cur_khz = m.cur = noninv ? 3600000 : 0;
    for (int j = 0; j < NCPU; j++)
        c[j].uclamp_max = m.umax[j] = 1024;
    for (int i = 0; i < steps; i++) {
        /* CPU 3 sleeps for long stretches: its boost goes stale. */
        int cpu = (int)below(i % 500 < 250 ? NCPU : NCPU - 1);
        now += below(8) == 0 ? below(12 * MS) : below(900000);
        int io = below(4) == 0, remote = below(12) == 0;
        uint32_t util = below(1100);
        c[cpu].util = m.util[cpu] = util;
        if (clamps) {
            c[cpu].uclamp_min = m.umin[cpu] = below(3) ? 0 : below(700);
            c[cpu].uclamp_max = m.umax[cpu] = below(3) ? 1024 : 300 + below(725);
            c[cpu].bw_min = m.bw[cpu] = below(4) ? 0 : below(500);
        }
        if (below(200) == 0)
            pol.need_update = m.need = 1;
        if (below(40) == 0) /* a deadline task arrives or leaves */
            c[cpu].bw_dl = m.dl[cpu] = below(3) ? 0 : below(400);
        if (m.boost[3] && (int64_t)(now - m.last[3]) > (int64_t)m.tick && cpu != 3)
            stale++;
        uint32_t perf = 0, f = 0;
        uint32_t path = ref_step(&m, cpu, now, io, remote, &perf, &f);
        assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, NCPU, (uint32_t)cpu, now,
                                                  (io ? PGOV_UPDATE_IOWAIT : 0u) |
                                                      (remote ? PGOV_UPDATE_REMOTE : 0u),
                                                  with_table ? &t : NULL, &r),
                         PGOV_OK);
        if (r.path != path)
            fail_msg("step %d: path %lu, reference %lu", i, (unsigned long)r.path,
                     (unsigned long)path);
        if (path != PGOV_SUGOV_PATH_RATE_LIMITED) {
            evaluated++;
            commits += path == PGOV_SUGOV_PATH_COMMIT;
            if (r.util_eff != perf || r.next_f != f)
                fail_msg("step %d: perf %lu f %lu, reference %lu %lu", i, (unsigned long)r.util_eff,
                         (unsigned long)r.next_f, (unsigned long)perf, (unsigned long)f);
        }
        compare(&m, &pol, c, i);
    }
    /* The run reached every path and the stale rule. */
    assert_true(evaluated > steps / 10);
    assert_true(commits > 50);
    assert_true(stale > 0);
}

static void test_random_against_reference(void **st)
{
    (void)st;
    run_random(0, 0, 0, 1, 4000);
    run_random(0, 1, 1, 1, 4000);
    run_random(PGOV_KVER(6, 12), 0, 1, 1, 4000);
    run_random(PGOV_KVER_6_1, 0, 1, 0, 4000);
    run_random(PGOV_KVER_6_1, 1, 0, 0, 4000);
}

/* Worked examples, numbers by hand. */
static void test_examples(void **st)
{
    (void)st;
    struct pgov_sugov_params p = {1 * MS, 4 * MS, 1024, 4000000, 400000, 4000000, 0, 0};
    struct pgov_sugov_policy pol;
    struct pgov_sugov_cpu c[2];
    struct pgov_sugov_result r;

    memset(&pol, 0, sizeof(pol));
    memset(c, 0, sizeof(c));
    c[0].uclamp_max = c[1].uclamp_max = 1024;
    /* CPU 0 at util 200, CPU 1 at 600: the policy takes CPU 1's request,
     * 600 + 150 = 750 -> 4 GHz x 750 / 1024 = 2 929 687 kHz. */
    c[0].util = 200;
    c[1].util = 600;
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 0, 10 * MS, 0, NULL, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(r.util_eff, 750);
    assert_int_equal(pol.next_freq, 2929687);
    assert_int_equal(pol.last_freq_update_ns, 10 * MS);
    /* CPU 1 takes an iowait boost (128) at 10.5 ms: rate limited (1 ms). */
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 1, 10 * MS + 500000,
                                              PGOV_UPDATE_IOWAIT, NULL, &r),
                     PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_RATE_LIMITED);
    assert_int_equal(c[1].iowait_boost, 128);
    /* Another at 11.5 ms: still pending from 10.5 ms, so no doubling (once
     * per evaluation); the evaluation applies 128 and clears pending. */
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 1, 11 * MS + 500000,
                                              PGOV_UPDATE_IOWAIT, NULL, &r),
                     PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED); /* max(600, 128): 750 again */
    assert_int_equal(r.boost_util, 128);
    assert_int_equal(c[1].iowait_boost, 128);
    assert_int_equal(c[1].pending, 0);
    /* CPU 1 goes quiet; CPU 0 at util 100 calls 6 ms later (more than a
     * tick after CPU 1's last callback): CPU 1's boost is dropped, not
     * halved, but its util (600) still counts. */
    c[0].util = 100;
    c[1].util = 900;
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 0, 17 * MS + 500001, 0, NULL, &r),
                     PGOV_OK);
    assert_int_equal(c[1].iowait_boost, 0);
    assert_int_equal(r.util_eff, 1024); /* min(900 + 225, 1024) */
    assert_int_equal(pol.next_freq, 4000000);
    /* A uclamp_max on CPU 1 caps its request, CPU 0's floor wins:
     * max(min(1125, 512), 0) = 512 against max(125, bw 700) = 700. */
    c[1].uclamp_max = 512;
    c[0].bw_min = 700;
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 0, 30 * MS, 0, NULL, &r), PGOV_OK);
    assert_int_equal(r.util_eff, 700);
    assert_int_equal(pol.next_freq, 2734375); /* 4 GHz x 700 / 1024 */
    /* 0.2 ms later, inside the 1 ms rate limit: a deadline task on CPU 0
     * (bw_dl 0 -> 300) gets an evaluation anyway; 0.2 ms after that, with
     * the same bandwidth, the rate limit holds again. */
    c[0].bw_dl = 300;
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 0, 30 * MS + 200000, 0, NULL, &r),
                     PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(c[0].bw_dl_seen, 300);
    assert_int_equal(pol.need_update, 0);
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 0, 30 * MS + 400000, 0, NULL, &r),
                     PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_RATE_LIMITED);
    /* Nothing changes on error. */
    struct pgov_sugov_policy pb = pol;
    struct pgov_sugov_cpu cb[2];
    memcpy(cb, c, sizeof(c));
    c[1].pending = 2;
    assert_int_equal(pgov_sugov_decide_shared(&p, &pol, c, 2, 0, 40 * MS, 0, NULL, &r),
                     PGOV_EINVAL);
    c[1].pending = cb[1].pending;
    assert_memory_equal(&pol, &pb, sizeof(pol));
    assert_memory_equal(c, cb, sizeof(c));
}

/* One CPU: the shared path is the single-CPU decision without the hold rule. */
static void test_one_cpu_matches_single(void **st)
{
    (void)st;
    struct pgov_sugov_params p = {1 * MS, 4 * MS, 1024, 3000000, 500000, 3000000, 0, 0};
    struct pgov_sugov_state s;
    struct pgov_sugov_policy pol;
    struct pgov_sugov_cpu c;
    struct pgov_sugov_result a, b;
    uint64_t now = 5 * MS;

    memset(&s, 0, sizeof(s));
    memset(&pol, 0, sizeof(pol));
    memset(&c, 0, sizeof(c));
    c.uclamp_max = 1024;
    for (int i = 0; i < 3000; i++) {
        now += below(3 * MS);
        uint32_t fl = below(3) == 0 ? PGOV_UPDATE_IOWAIT : 0;
        c.util = below(1024);
        assert_int_equal(pgov_sugov_decide(&p, &s, now, fl, c.util, 0, &a), PGOV_OK);
        assert_int_equal(pgov_sugov_decide_shared(&p, &pol, &c, 1, 0, now, fl, NULL, &b), PGOV_OK);
        assert_memory_equal(&a, &b, sizeof(a));
        assert_int_equal(pol.next_freq, s.next_freq);
        assert_int_equal(c.iowait_boost, s.iowait_boost);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_one_cpu_matches_single),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests_name("sugov_shared", tests, NULL, NULL);
}
