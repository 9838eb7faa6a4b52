/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * intel_pstate with HWP: the instance, decision errors, and the boost
 * minimum without a rung.
 */
#include "pstate_fixture.h"

/* HWP dynamic boost through the instance. */
static void test_hwp_instance(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL);
    struct pgov_pstate_config c = cfg_for(PGOV_PSTATE_POLICY_HWP_BOOST, PGOV_KVER_LATEST);
    c.limits.size = sizeof(c.limits);
    c.limits.hwp_request = (0x80ull << 24) | (40u << 8) | 8u;
    c.limits.hwp_cap = 30u << 8;
    struct pgov_pstate *g = mk(0, &c, &f);
    assert_int_equal(f.nwrites, 0); /* HWP: no PERF_CTL at init */
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(f.nwrites, 0); /* first IOWAIT only arms */
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(f.nwrites, 1);
    assert_int_equal(f.hwp_request, (0x80ull << 24) | (40u << 8) | 19u);
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(status(g).boost, 30);
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(status(g).boost, 40);
    /* Non-IOWAIT calls < 3 ms apart keep it; a 4 ms gap drops it. */
    f.now_ns += 2 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), 0);
    assert_int_equal(status(g).boost, 40);
    f.now_ns += 4 * MS;
    fake_hw_fail(&f, FAKE_OP_HWP, PGOV_EIO, 1);
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), PGOV_EIO);
    assert_int_equal(status(g).boost, 40);
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), 0);
    assert_int_equal(status(g).boost, 0);
    assert_int_equal(f.hwp_request, c.limits.hwp_request);
    assert_int_equal(status(g).pstate, 8);
    /* Remote IOWAIT is remembered but acted on by the next local call. */
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_REMOTE | PGOV_UPDATE_IOWAIT), 0);
    uint32_t w = f.nwrites;
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, 0), 0);
    f.now_ns += 1 * MS;
    assert_int_equal(pgov_pstate_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(f.nwrites, w + 1);
    /* New limits replace the boost. */
    struct pgov_pstate_limits l = c.limits;
    l.hwp_request = (36u << 8) | 10u;
    assert_int_equal(pgov_pstate_set_limits(g, &l), 0);
    assert_int_equal(f.hwp_request, l.hwp_request);
    assert_int_equal(status(g).boost, 0);
    l.hwp_request = 10u;
    assert_int_equal(pgov_pstate_set_limits(g, &l), PGOV_EINVAL);
    /* min above max: refused, the request in force is kept. */
    l.hwp_request = (13u << 8) | 34u;
    assert_int_equal(pgov_pstate_set_limits(g, &l), PGOV_EINVAL);
    assert_int_equal(f.hwp_request, (36u << 8) | 10u);
}

static void test_hwp_decision_errors(void **st)
{
    (void)st;
    struct pgov_hwp_boost_params p = {(40u << 8) | 8u, 30u << 8, 3 * MS, 4 * MS};
    struct pgov_hwp_boost_state s = {0, 0, 0, 0};
    struct pgov_hwp_boost_result r;
    assert_int_equal(pgov_hwp_boost_update(NULL, &s, 0, 0, &r), PGOV_EINVAL);
    assert_int_equal(pgov_hwp_boost_update(&p, &s, 0, 4, &r), PGOV_EINVAL);
    /* min == max: never boosts. */
    p.hwp_request = (8u << 8) | 8u;
    assert_int_equal(pgov_hwp_boost_update(&p, &s, 1 * MS, 1, &r), 0);
    assert_int_equal(pgov_hwp_boost_update(&p, &s, 2 * MS, 1, &r), 0);
    assert_int_equal(r.path, PGOV_HWP_PATH_IO_UP);
    assert_int_equal(r.write, 0);
    assert_int_equal(s.boost_min, 0);
}

/* Issue 26 item 1: when no rung applies (guaranteed 48 below the request's
 * min 58), boost_up still records boost_min = min (spec/pstate.md 8.3 step 2
 * stands before the ladder), so the next non-IOWAIT callback after the hold
 * writes the cached request back and clears the boost, as Linux does. */
static void test_hwp_boost_min_without_rung(void **st)
{
    (void)st;
    struct pgov_hwp_boost_params p = {0x743a, 0x3000, 3 * MS, 4 * MS};
    struct pgov_hwp_boost_state s = {0, 0, 0, 0};
    struct pgov_hwp_boost_result r;
    assert_int_equal(pgov_hwp_boost_update(&p, &s, 10 * MS, PGOV_UPDATE_IOWAIT, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_HWP_PATH_IO_FIRST);
    assert_int_equal(pgov_hwp_boost_update(&p, &s, 11 * MS, PGOV_UPDATE_IOWAIT, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_HWP_PATH_IO_UP);
    assert_int_equal(r.write, 0);
    assert_int_equal(s.boost_min, 58);
    assert_int_equal(s.last_update_ns, 0); /* an early exit leaves last_update */
    assert_int_equal(pgov_hwp_boost_update(&p, &s, 20 * MS, 0, &r), PGOV_OK);
    assert_int_equal(r.path, PGOV_HWP_PATH_DOWN_CHECK);
    assert_int_equal(r.write, 1);
    assert_int_equal(r.hwp_request, 0x743a);
    assert_int_equal(s.boost_min, 0);
    assert_int_equal(s.last_update_ns, 20 * MS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hwp_instance),
        cmocka_unit_test(test_hwp_decision_errors),
        cmocka_unit_test(test_hwp_boost_min_without_rung),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
