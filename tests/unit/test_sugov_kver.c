/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * schedutil instance, what changes with the kernel release: rate limits,
 * the pre-5.14 frequency formula, the hold rule from idle time, Linux's
 * v5.14 rows, the deadline bandwidth bypass, the v6.12 floor, profiles.
 */
#include "sugov_fixture.h"

/* "I really mean 0" (gov.h): rate_limit_ns 0 is the 1 ms default unless
 * its tun_set bit says 0; then every update evaluates. */
static void test_rate_limit_zero(void **st)
{
    (void)st;
    struct fake_hw f;
    struct pgov_sugov *g = NULL;
    for (int given = 0; given < 2; given++) {
        fake_hw_init(&f, 0, NULL);
        struct pgov_sugov_config c = cfg();
        c.tun_set = given ? PGOV_SUGOV_SET_RATE_LIMIT : 0;
        g = mk(&c, &f);
        assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
        fake_hw_run(&f, 2 * MS, 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
        assert_int_equal(status(g).last_path, PGOV_SUGOV_PATH_COMMIT);
        /* 0.1 ms later: inside the default 1 ms, not inside 0 */
        assert_int_equal(pgov_sugov_set_util(g, 100), 0);
        fake_hw_run(&f, MS / 10, 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
        assert_int_equal(status(g).last_path,
                         given ? PGOV_SUGOV_PATH_UNCHANGED : PGOV_SUGOV_PATH_RATE_LIMITED);
    }
    struct pgov_sugov_config c = cfg();
    c.tun_set = 2; /* no such bit */
    assert_int_equal(pgov_sugov_init(mem, sizeof(mem), &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    c = cfg();
    c.reserved = 1;
    assert_int_equal(pgov_sugov_init(mem, sizeof(mem), &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
}

/* The default rate limit is the release's transition delay (0.4 fields):
 * ACPI's 10 us latency gives 10 ms in 6.8, 2 ms in 6.9, 15 us in 6.12; a
 * driver delay of 500 us wins everywhere. Probed by a second callback 1.5
 * ms after a commit. */
static void test_default_rate_limit(void **st)
{
    (void)st;
    static const struct {
        uint32_t kver, lat_ns, delay_us, limited_at_1500us, limited_at_12ms;
    } cases[] = {
        {PGOV_KVER_6_8, 10000, 0, 1, 0},     /* 10 ms */
        {PGOV_KVER(6, 7), 10000, 0, 1, 0},   /* 10 ms */
        {PGOV_KVER_6_9, 10000, 0, 1, 0},     /* 2 ms */
        {PGOV_KVER_6_12, 10000, 0, 0, 0},    /* 15 us */
        {PGOV_KVER_6_18, 10000, 0, 0, 0},    /* 15 us */
        {PGOV_KVER_6_8, 10000, 500, 0, 0},   /* the driver's 500 us */
        {PGOV_KVER_6_9, 20000000, 0, 1, 1},  /* 20 ms: above 2 ms, honoured */
        {PGOV_KVER_6_18, 0, 0, 0, 0},        /* 1 ms */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct fake_hw f;
        fake_hw_init(&f, 0, NULL);
        struct pgov_sugov_config c = cfg();
        c.kver = cases[i].kver;
        c.transition_latency_ns = cases[i].lat_ns;
        c.transition_delay_us = cases[i].delay_us;
        struct pgov_sugov *g = mk(&c, &f);
        assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
        fake_hw_run(&f, 30 * MS, 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
        assert_int_equal(status(g).last_path, PGOV_SUGOV_PATH_COMMIT);
        assert_int_equal(pgov_sugov_set_util(g, 100), 0);
        fake_hw_run(&f, 1500000, 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
        assert_int_equal(status(g).last_path == PGOV_SUGOV_PATH_RATE_LIMITED,
                         cases[i].limited_at_1500us);
        fake_hw_run(&f, 10500000, 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
        assert_int_equal(status(g).last_path == PGOV_SUGOV_PATH_RATE_LIMITED,
                         cases[i].limited_at_12ms);
    }
}

/* Before 5.14 the 25 % margin was on the frequency: (f + f/4) x util /
 * cap, not f x (util + util/4) / cap; and before 5.10 a held frequency
 * reset the raw cache to 0 instead of restoring it. */
static void test_pre_5_14(void **st)
{
    (void)st;
    struct pgov_sugov_params p = {1 * MS, 4 * MS, 1024, 2400000, 100000, 2400000, 0, 0};
    uint64_t raw;

    p.kver = PGOV_KVER(5, 10);
    assert_int_equal(pgov_sugov_next_freq(&p, 101, 0, &raw), 295898); /* 3 000 000 x 101 / 1024 */
    p.kver = PGOV_KVER(5, 14);
    assert_int_equal(pgov_sugov_next_freq(&p, 101, 0, &raw), 295312); /* 2 400 000 x 126 / 1024 */
    p.kver = PGOV_KVER(5, 2);
    assert_int_equal(pgov_sugov_next_freq(&p, 3, 0, &raw), 100000); /* raw 8789, at min */
    assert_int_equal(raw, 8789);
    p.kver = PGOV_KVER(5, 1);
    assert_int_equal(pgov_sugov_next_freq(&p, 3, 0, &raw), PGOV_ENOTSUP);
    /* Hold at 5.9 and 5.10: util 1024 commits 2.4 GHz, then util 101 while
     * busy is held; the cache is 0 at 5.9, the old raw at 5.10. */
    for (int k = 0; k < 2; k++) {
        struct pgov_sugov_state s;
        struct pgov_sugov_result r;
        memset(&s, 0, sizeof(s));
        p.kver = k ? PGOV_KVER(5, 10) : PGOV_KVER(5, 9);
        assert_int_equal(pgov_sugov_decide(&p, &s, 10 * MS, 0, 1024, 0, &r), PGOV_OK);
        assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
        assert_int_equal(r.util_eff, 1024); /* util itself: the margin is on f */
        assert_int_equal(s.cached_raw_freq, 3000000);
        assert_int_equal(pgov_sugov_decide(&p, &s, 20 * MS, 0, 101, 1, &r), PGOV_OK);
        assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
        assert_int_equal(s.next_freq, 2400000);
        assert_int_equal(s.cached_raw_freq, k ? 3000000u : 0u);
    }
}

/* The hold rule does not apply while the rq is capped by uclamp_max. */
static void test_capped_hold(void **st)
{
    (void)st;
    const struct pgov_sugov_params *p = &p4g;
    struct pgov_sugov_state s;
    struct pgov_sugov_input in;
    struct pgov_sugov_result r;
    start4g(&s, &in);
    in.util = 1024;
    in.uclamp_max = 1024;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 10 * MS, &in, &r), 0);
    assert_int_equal(s.next_freq, 4000000);
    in.uclamp_max = 256; /* busy (held) but capped: the reduction is taken */
    in.held = 1;
    in.capped = 1;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 20 * MS, &in, &r), 0);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(s.next_freq, 1000000);
    in.uclamp_max = 128; /* held, not capped: held at 1 GHz */
    in.capped = 0;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 30 * MS, &in, &r), 0);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(s.next_freq, 1000000);
    /* Bad inputs: unchanged state. */
    in.capped = 2;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 40 * MS, &in, &r), PGOV_EINVAL);
    in.capped = 0;
    in.uclamp_max = 1025;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 40 * MS, &in, &r), PGOV_EINVAL);
    in.uclamp_max = 1024;
    in.uclamp_min = 1025;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 40 * MS, &in, &r), PGOV_EINVAL);
    in.uclamp_min = 0;
    in.size = 4;
    assert_int_equal(pgov_sugov_decide_in(p, &s, 40 * MS, &in, &r), PGOV_E2BIG);
    assert_int_equal(s.next_freq, 1000000);
    assert_int_equal(s.last_freq_update_ns, 20 * MS);
}

/*
 * The 5.14 profile against rows Linux 6.1 produced (tests/oracle capture:
 * the pgov-dummy driver, table 800..2400 MHz, rate limit 10 ms, no
 * invariance, policy->cur as the reference). Expected values are the
 * kernel's, not this library's.
 */
static const struct pgov_freq_entry dummy_entries[] = {
    {800000, 0}, {1200000, 0}, {1600000, 0}, {2000000, 0}, {2400000, 0}};

static int linux_row_bw(struct pgov_sugov_state *st, uint64_t now, uint32_t flags, uint32_t util,
                        uint32_t held, uint32_t cur, uint32_t bw_dl, struct pgov_sugov_result *res)
{
    static struct pgov_freq_table t;
    struct pgov_sugov_params p = {10 * MS, 4 * MS, 1024, 2400000, 800000, 2400000,
                                  PGOV_SUGOV_OPT_NONINVARIANT, PGOV_KVER_6_1};
    struct pgov_sugov_input in;

    assert_int_equal(pgov_freq_table_init(&t, dummy_entries, 5, 0), PGOV_OK);
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.flags = flags;
    in.util = util;
    in.uclamp_max = 1024;
    in.held = held;
    in.cur_khz = cur;
    in.bw_dl = bw_dl;
    in.table = &t;
    return pgov_sugov_decide_in(&p, st, now, &in, res);
}

/* A callback without new deadline bandwidth. */
static int linux_row(struct pgov_sugov_state *st, uint64_t now, uint32_t flags, uint32_t util,
                     uint32_t held, uint32_t cur, struct pgov_sugov_result *res)
{
    return linux_row_bw(st, now, flags, util, held, cur, st->bw_dl, res);
}

static void test_v514_linux_rows(void **st)
{
    (void)st;
    struct pgov_sugov_state s;
    struct pgov_sugov_result r;

    /* Governor start (limits pending), cur 2.4 GHz, util 6: raw 16406,
     * resolved to the lowest entry. */
    memset(&s, 0, sizeof(s));
    s.need_update = 1;
    assert_int_equal(linux_row(&s, 4665793146ull, 0, 6, 0, 2400000, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(s.cached_raw_freq, 16406);
    assert_int_equal(s.next_freq, 800000);
    assert_int_equal(s.last_freq_update_ns, 4665793146ull);
    /* util 1024 at cur 800 MHz: raw 1 000 000 (no second 25 %, no cap),
     * the table gives 1.2 GHz. */
    assert_int_equal(linux_row(&s, 4676261879ull, 0, 1024, 1, 800000, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(s.cached_raw_freq, 1000000);
    assert_int_equal(s.next_freq, 1200000);
    /* util 138 at cur 800 MHz while staying at it: raw 134 375, unchanged. */
    s.last_freq_update_ns = 0;
    s.next_freq = 800000;
    assert_int_equal(linux_row(&s, 4700000000ull, 0, 138, 0, 800000, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(s.cached_raw_freq, 134375);
    assert_int_equal(s.next_freq, 800000);
    /* Limits pending, the same frequency again: no commit, the rate-limit
     * stamp stays (cpu 1 at 9 939 576 402 ns). */
    memset(&s, 0, sizeof(s));
    s.last_update_ns = 9936592794ull;
    s.last_freq_update_ns = 4895209243ull;
    s.next_freq = 2400000;
    s.cached_raw_freq = 2772656;
    s.need_update = 1;
    assert_int_equal(linux_row(&s, 9939576402ull, 0, 1024, 1, 2400000, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(s.cached_raw_freq, 3000000);
    assert_int_equal(s.next_freq, 2400000);
    assert_int_equal(s.last_freq_update_ns, 4895209243ull);
    /* Another CPU's callback: the boost step (more than a tick since the
     * last update: dropped), no evaluation although the rate limit passed. */
    memset(&s, 0, sizeof(s));
    s.last_update_ns = 4761825247ull;
    s.last_freq_update_ns = 4754759189ull;
    s.iowait_boost = 256;
    s.pending = 1;
    s.next_freq = 1600000;
    s.cached_raw_freq = 1216406;
    assert_int_equal(linux_row(&s, 4770024492ull, PGOV_UPDATE_REMOTE, 0, 0, 1600000, &r),
                     PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_RATE_LIMITED);
    assert_int_equal(s.iowait_boost, 0);
    assert_int_equal(s.pending, 0);
    assert_int_equal(s.last_update_ns, 4770024492ull);
    assert_int_equal(s.next_freq, 1600000);
    assert_int_equal(s.last_freq_update_ns, 4754759189ull);
}

/*
 * More deadline bandwidth than at the last evaluation acts as a limits
 * change: the callback evaluates inside the rate limit and the hold does
 * not apply. Linux 6.1.192, cpu 1 at 251 024 399 296 ns: busy since 21 s
 * (idle calls unchanged), util 484 at 2.4 GHz gives raw 1 417 968 ->
 * 1.6 GHz; the callback just before at the same time (util 280) was held.
 */
static void test_dl_bandwidth_bypass(void **st)
{
    (void)st;
    struct pgov_sugov_state s, held;
    struct pgov_sugov_result r;

    memset(&s, 0, sizeof(s));
    s.last_update_ns = 251024399296ull;
    s.last_freq_update_ns = 229857634344ull;
    s.next_freq = 2400000;
    s.cached_raw_freq = 3000000;
    held = s;
    /* No new bandwidth: held at 2.4 GHz, the cached raw restored. */
    assert_int_equal(linux_row_bw(&held, 251024399296ull, 0, 484, 1, 2400000, 0, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(held.next_freq, 2400000);
    assert_int_equal(held.cached_raw_freq, 3000000);
    /* A deadline task's bandwidth arrived (52 of 1024): no hold. */
    assert_int_equal(linux_row_bw(&s, 251024399296ull, 0, 484, 1, 2400000, 52, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(s.next_freq, 1600000);
    assert_int_equal(s.cached_raw_freq, 1417968);
    assert_int_equal(s.last_freq_update_ns, 251024399296ull);
    assert_int_equal(s.bw_dl, 52);
    assert_int_equal(s.need_update, 0);
    /* Inside the rate limit, 1 ms later, more bandwidth again: evaluated,
     * not held (raw 1 600 000 * 605 / 1024 = 945 312 -> 1.2 GHz). */
    assert_int_equal(linux_row_bw(&s, 251025399296ull, 0, 484, 1, 1600000, 104, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_COMMIT);
    assert_int_equal(s.next_freq, 1200000);
    assert_int_equal(s.bw_dl, 104);
    /* Less bandwidth: rate limited, bw_dl kept until the next evaluation. */
    assert_int_equal(linux_row_bw(&s, 251026399296ull, 0, 484, 1, 1600000, 0, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_RATE_LIMITED);
    assert_int_equal(s.bw_dl, 104);
    /* A remote callback with more bandwidth leaves the change pending. */
    assert_int_equal(linux_row_bw(&s, 251027399296ull, PGOV_UPDATE_REMOTE, 0, 0, 1600000, 200, &r),
                     PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_RATE_LIMITED);
    assert_int_equal(s.need_update, 1);
    assert_int_equal(s.bw_dl, 104);
}

/*
 * v6.8+: what an evaluation leaves for the next deadline-bandwidth test is
 * the floor effective_cpu_util gave (sugov_cpu.bw_min), not the bandwidth.
 * Rows of Debian's 6.12.118 (tests/oracle/run.sh --kernel 6.12, cpu 2): the
 * CPU's deadline bandwidth is 255 (fair servers), an RT task is runnable so
 * the floor is the capacity, 1024; the kernel kept 1024. The 6.1 profile
 * keeps the bandwidth.
 */
static void test_v612_floor_seen(void **unused)
{
    static struct pgov_freq_table t;
    struct pgov_sugov_params p = {10 * MS, 4 * MS, 1024, 2400000, 800000, 2400000,
                                  PGOV_SUGOV_OPT_NONINVARIANT, PGOV_KVER_6_12};
    struct pgov_sugov_state st, st61;
    struct pgov_sugov_input in;
    struct pgov_sugov_result r;

    (void)unused;
    assert_int_equal(pgov_freq_table_init(&t, dummy_entries, 5, 0), PGOV_OK);
    memset(&st, 0, sizeof(st));
    st.last_update_ns = 3821103603ull;
    st.last_freq_update_ns = 3528079201ull;
    st.next_freq = 2400000;
    st.cached_raw_freq = 3000000;
    st.bw_dl = 255;
    st61 = st;
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.util = 1024;
    in.uclamp_max = 1024;
    in.bw_min = 1024;
    in.held = 1;
    in.cur_khz = 2400000;
    in.bw_dl = 255;
    in.table = &t;
    assert_int_equal(pgov_sugov_decide_in(&p, &st, 3821103603ull, &in, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_SUGOV_PATH_UNCHANGED);
    assert_int_equal(st.next_freq, 2400000);
    assert_int_equal(st.cached_raw_freq, 3000000);
    assert_int_equal(st.bw_dl, 1024);
    /* The 6.1 profile has no floor input; with the same bandwidth it keeps 255. */
    p.kver = PGOV_KVER_6_1;
    in.bw_min = 0;
    assert_int_equal(pgov_sugov_decide_in(&p, &st61, 3821103603ull, &in, &r), PGOV_OK);
    assert_int_equal(st61.bw_dl, 255);
}

/* Profiles: which kver selects which rules, and what the old one refuses. */
static void test_profiles(void **st)
{
    (void)st;
    struct pgov_sugov_params p = {1 * MS, 4 * MS, 1024, 2400000, 800000, 2400000,
                                  PGOV_SUGOV_OPT_NONINVARIANT, 0};
    struct pgov_sugov_state s;
    struct pgov_sugov_result r;
    struct pgov_sugov_input in;
    uint64_t raw;

    /* util 1024 at cur 800 MHz: current rules 1.25 x 800 MHz x min(1280,
     * 1024)/1024 = 1 GHz; the 5.14 rules 800 MHz x 1280/1024 = 1 GHz too,
     * but util 512 tells them apart: 500 MHz against 625 MHz... */
    assert_int_equal(pgov_sugov_next_freq(&p, 512, 800000, &raw), 800000);
    assert_int_equal(raw, 625000); /* 1 000 000 x 640 / 1024 */
    p.kver = PGOV_KVER_6_1;
    assert_int_equal(pgov_sugov_next_freq(&p, 512, 800000, &raw), 800000);
    assert_int_equal(raw, 500000); /* 800 000 x 640 / 1024 */
    /* ...and util 1024 at 2.4 GHz: uncapped 3 GHz raw against 3 GHz x
     * 1024/1024 (the cap moved to the reference). */
    assert_int_equal(pgov_sugov_next_freq(&p, 1024, 2400000, &raw), 2400000);
    assert_int_equal(raw, 3000000);
    for (uint32_t k = PGOV_KVER(5, 2); k <= PGOV_KVER_NEWEST; k++) {
        p.kver = k;
        if (pgov_kver_valid(k))
            assert_int_equal(pgov_sugov_params_check(&p), PGOV_OK);
    }
    p.kver = PGOV_KVER(5, 1);
    assert_int_equal(pgov_sugov_params_check(&p), PGOV_ENOTSUP);
    p.kver = PGOV_KVER_4_14;
    assert_int_equal(pgov_sugov_params_check(&p), PGOV_ENOTSUP);
    p.kver = PGOV_KVER_6_18;
    assert_int_equal(pgov_sugov_params_check(&p), PGOV_OK);
    /* The 5.14 rules take util with the clamps already in: clamp inputs
     * are refused, state untouched. */
    p.kver = PGOV_KVER_6_1;
    memset(&s, 0, sizeof(s));
    memset(&in, 0, sizeof(in));
    in.size = sizeof(in);
    in.util = 300;
    in.uclamp_max = 512;
    in.cur_khz = 800000;
    assert_int_equal(pgov_sugov_decide_in(&p, &s, 1000 * MS, &in, &r), PGOV_ENOTSUP);
    in.uclamp_max = 1024;
    in.capped = 1;
    assert_int_equal(pgov_sugov_decide_in(&p, &s, 1000 * MS, &in, &r), PGOV_ENOTSUP);
    in.capped = 0;
    in.bw_min = 10;
    assert_int_equal(pgov_sugov_decide_in(&p, &s, 1000 * MS, &in, &r), PGOV_ENOTSUP);
    struct pgov_sugov_state zero;
    memset(&zero, 0, sizeof(zero));
    assert_memory_equal(&s, &zero, sizeof(s));
    /* A table resolves in the current rules as well (lowest entry at or
     * above raw, v6.18 cpufreq_driver_resolve_freq): raw 625 000 -> 800 MHz,
     * util 800 at 1.2 GHz: 1.5 GHz x 1000/1024 = 1 464 843 -> 1.6 GHz. */
    struct pgov_freq_table t;
    assert_int_equal(pgov_freq_table_init(&t, dummy_entries, 5, 0), PGOV_OK);
    p.kver = 0;
    in.bw_min = 0;
    in.util = 800;
    in.cur_khz = 1200000;
    in.table = &t;
    assert_int_equal(pgov_sugov_decide_in(&p, &s, 1000 * MS, &in, &r), PGOV_OK);
    assert_int_equal(r.raw_freq, 1464843);
    assert_int_equal(r.next_f, 1600000);
    assert_int_equal(s.next_freq, 1600000);
    /* The 0.2 input size (no table field) still works, table-less. */
    memset(&s, 0, sizeof(s));
    in.size = PGOV_SUGOV_INPUT_SIZE_V1;
    assert_int_equal(pgov_sugov_decide_in(&p, &s, 1000 * MS, &in, &r), PGOV_OK);
    assert_int_equal(r.next_f, 1464843);
    /* A descriptor pgov_freq_table_init() did not fill. */
    struct pgov_freq_table bad = t;
    bad.count = 0;
    in.size = sizeof(in);
    in.table = &bad;
    assert_int_equal(pgov_sugov_decide_in(&p, &s, 1000 * MS, &in, &r), PGOV_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v514_linux_rows),
        cmocka_unit_test(test_dl_bandwidth_bypass),
        cmocka_unit_test(test_profiles),
        cmocka_unit_test(test_capped_hold),
        cmocka_unit_test(test_rate_limit_zero),
        cmocka_unit_test(test_v612_floor_seen),
        cmocka_unit_test(test_default_rate_limit),
        cmocka_unit_test(test_pre_5_14),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
