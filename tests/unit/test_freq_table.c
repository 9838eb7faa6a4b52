/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frequency-table resolution: the worked examples of spec/ondemand.md 6.2,
 * init validation, and random tables against a slow reference written from
 * the definitions ("lowest at or above", "highest at or below", "nearest")
 * rather than from the single-pass walk the library uses; on plain
 * ascending tables the init-time fast search of the core tier
 * (pgov_freq_table_core_asc()) against the same.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/freq_table.h>
#include <pgov/core/freq_table.h>
#include <pgov/kver.h>

_Static_assert(sizeof(struct pgov_freq_table) == sizeof(void *) + 24, "table layout");

#include "ref_freq_table.h"

_Static_assert(sizeof(struct pgov_freq_entry) == 8, "entry layout");
_Static_assert(offsetof(struct pgov_freq_table, count) == sizeof(void *), "table layout");

static struct pgov_freq_entry t24[24];
static const struct pgov_freq_entry t4[] = {{3200000, 0}, {2500000, 0}, {2100000, 0}, {800000, 0}};

static uint32_t resolve(const struct pgov_freq_table *t, uint32_t lo, uint32_t hi, uint32_t f,
                        uint32_t rel)
{
    uint32_t i = 99;
    assert_int_equal(pgov_freq_table_resolve(t, lo, hi, f, rel, &i), PGOV_OK);
    return t->entries[i].khz;
}

static void test_spec_examples(void **state)
{
    (void)state;
    struct pgov_freq_table t;
    for (uint32_t i = 0; i < 24; i++)
        t24[i] = (struct pgov_freq_entry){1600000 + 100000 * i, 0};
    assert_int_equal(pgov_freq_table_init(&t, t24, 24, 0), PGOV_OK);
    assert_int_equal(t.order, PGOV_FREQ_ASCENDING);
    assert_int_equal(t.min_khz, 1600000);
    assert_int_equal(t.max_khz, 3900000);
    assert_int_equal(resolve(&t, 1600000, 3900000, 2350000, PGOV_REL_C), 2300000);
    assert_int_equal(resolve(&t, 1600000, 3900000, 2350001, PGOV_REL_C), 2400000);
    assert_int_equal(resolve(&t, 1600000, 3900000, 2300001, PGOV_REL_L), 2400000);
    assert_int_equal(resolve(&t, 1600000, 3900000, 2399999, PGOV_REL_H), 2300000);
    assert_int_equal(resolve(&t, 1600000, 3900000, 5, PGOV_REL_H), 1600000);
    /* Off-table limit: max 3050000 with L resolves above it (6.2). */
    assert_int_equal(resolve(&t, 1600000, 3050000, 3900000, PGOV_REL_L), 3100000);

    assert_int_equal(pgov_freq_table_init(&t, t4, 4, 0), PGOV_OK);
    assert_int_equal(t.order, PGOV_FREQ_DESCENDING);
    assert_int_equal(resolve(&t, 800000, 3200000, 2300000, PGOV_REL_C), 2500000);
    assert_int_equal(resolve(&t, 800000, 3200000, 1450000, PGOV_REL_C), 2100000);
    assert_int_equal(resolve(&t, 800000, 3200000, 2099999, PGOV_REL_H), 800000);

    /* pcc-cpufreq (7): nominal 2400 MHz, 2340000 kHz -> 97 % -> 0x6101. */
    uint32_t w, khz;
    assert_int_equal(pgov_freq_table_pcc_request(2400, 2340000, &w), PGOV_OK);
    assert_int_equal(w, 0x6101);
    assert_int_equal(pgov_freq_table_pcc_readback(2400, 97, &khz), PGOV_OK);
    assert_int_equal(khz, 2328000);
    /* 0x80000 * 1000 = 2^29 * 1000 = 0 modulo 2^32: division by zero. */
    assert_int_equal(pgov_freq_table_pcc_request(0, 1, &w), PGOV_EDOM);
    assert_int_equal(pgov_freq_table_pcc_request(1u << 29, 1, &w), PGOV_EDOM);
    assert_int_equal(pgov_freq_table_pcc_request(2400, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_pcc_readback(2400, 1, NULL), PGOV_EINVAL);
    /* 50000 MHz target wraps the u32 product: 50000000 * 100 mod 2^32 = 705032704. */
    assert_int_equal(pgov_freq_table_pcc_request(2400, 50000000, &w), PGOV_OK);
    assert_int_equal(w, 1u | ((705032704u / 2400000u) << 8));
}

static void test_init_rules(void **state)
{
    (void)state;
    struct pgov_freq_table t, keep;
    struct pgov_freq_entry e[4] = {{1000, 0}, {PGOV_FREQ_ENTRY_INVALID, 0}, {2000, 0}, {3000, 0}};
    memset(&keep, 0xa5, sizeof(keep));
    t = keep;
    assert_int_equal(pgov_freq_table_init(NULL, e, 4, 0), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_init(&t, NULL, 4, 0), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_init(&t, e, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_init(&t, e, PGOV_FREQ_TABLE_MAX + 1, 0), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_init(&t, e, 4, 2), PGOV_EINVAL);
    e[3].flags = 2;
    assert_int_equal(pgov_freq_table_init(&t, e, 4, 0), PGOV_EINVAL);
    e[3].flags = 0;
    e[3].khz = PGOV_FREQ_TABLE_END;
    assert_int_equal(pgov_freq_table_init(&t, e, 4, 0), PGOV_EINVAL);
    /* Equal neighbours (across an invalid entry) fail like the kernel's init. */
    e[3].khz = 3000;
    e[2].khz = 1000;
    assert_int_equal(pgov_freq_table_init(&t, e, 4, 0), PGOV_EINVAL);
    e[0].khz = e[2].khz = e[3].khz = PGOV_FREQ_ENTRY_INVALID;
    assert_int_equal(pgov_freq_table_init(&t, e, 4, 0), PGOV_EINVAL);
    assert_memory_equal(&t, &keep, sizeof(t));
    /* One valid entry: descending (6.1). */
    e[2].khz = 5000;
    assert_int_equal(pgov_freq_table_init(&t, e, 4, 0), PGOV_OK);
    assert_int_equal(t.order, PGOV_FREQ_DESCENDING);
    assert_int_equal(t.nvalid, 1);
    /* Resolve argument checks. */
    uint32_t i;
    assert_int_equal(pgov_freq_table_resolve(&t, 2, 1, 1, PGOV_REL_L, &i), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_resolve(&t, 1, 2, 1, 3, &i), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_resolve(&t, 1, 2, 1, 8, &i), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_resolve(&t, 1, 2, 1, PGOV_REL_L, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_freq_table_resolve(NULL, 1, 2, 1, PGOV_REL_L, &i), PGOV_EINVAL);
    keep = t;
    keep.order = 7;
    assert_int_equal(pgov_freq_table_resolve(&keep, 1, 2, 1, PGOV_REL_L, &i), PGOV_EINVAL);
    /* Unsorted with nothing inside the limits: the kernel's WARN and index 0. */
    struct pgov_freq_entry u[3] = {{2000, 0}, {1000, 0}, {3000, 0}};
    assert_int_equal(pgov_freq_table_init(&t, u, 3, 0), PGOV_OK);
    assert_int_equal(t.order, PGOV_FREQ_UNSORTED);
    assert_int_equal(pgov_freq_table_resolve(&t, 1100, 1900, 1500, PGOV_REL_C, &i),
                     PGOV_WARN_KERNEL);
    assert_int_equal(i, 0);
}

static uint64_t rng = 0x7461626c65ull;
static uint32_t rnd(uint32_t n)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (uint32_t)((z ^ (z >> 31)) % n);
}

static void test_random_against_reference(void **state)
{
    (void)state;
    long checked = 0, fast = 0;
    for (int round = 0; round < 4000; round++) {
        struct pgov_freq_entry e[12];
        uint32_t n = 1 + rnd(12), order = rnd(3);
        uint32_t f = 100000 + rnd(200) * 10000;
        for (uint32_t i = 0; i < n; i++) {
            e[i].khz = f;
            e[i].flags = rnd(4) == 0 ? PGOV_FREQ_INEFFICIENT : 0;
            f += 10000 * (1 + rnd(30));
        }
        if (order == 1) /* reverse */
            for (uint32_t i = 0; i < n / 2; i++) {
                struct pgov_freq_entry x = e[i];
                e[i] = e[n - 1 - i];
                e[n - 1 - i] = x;
            }
        if (order == 2) /* shuffle */
            for (uint32_t i = n; i > 1; i--) {
                uint32_t j = rnd(i);
                struct pgov_freq_entry x = e[i - 1];
                e[i - 1] = e[j];
                e[j] = x;
            }
        if (n > 2 && rnd(3) == 0)
            e[rnd(n)].khz = PGOV_FREQ_ENTRY_INVALID;
        struct pgov_freq_table t;
        if (pgov_freq_table_init(&t, e, n, rnd(2) ? PGOV_FREQ_TABLE_EFFICIENCIES : 0) != PGOV_OK)
            continue; /* all invalid */
        for (int k = 0; k < 40; k++) {
            uint32_t a = t.min_khz - 20000 + rnd(t.max_khz - t.min_khz + 40000);
            uint32_t b = t.min_khz - 20000 + rnd(t.max_khz - t.min_khz + 40000);
            uint32_t mn = a < b ? a : b, mx = a < b ? b : a;
            uint32_t target = rnd(4) == 0 ? e[rnd(n)].khz : mn - 30000 + rnd(mx - mn + 60000);
            uint32_t rel = rnd(3) | (rnd(2) ? PGOV_REL_E : 0), i = 0;
            int warn, rc = pgov_freq_table_resolve(&t, mn, mx, target, rel, &i);
            uint32_t want = ref_freq_resolve(&t, mn, mx, target, rel, &warn);
            assert_int_equal(rc, warn ? PGOV_WARN_KERNEL : PGOV_OK);
            if (i != want)
                fail_msg("order %u n %u [%u,%u] target %u rel %u: got %u want %u", (unsigned)t.order,
                         (unsigned)n, (unsigned)mn, (unsigned)mx, (unsigned)target,
                         (unsigned)rel, (unsigned)i, (unsigned)want);
            checked++;
            if (pgov_freq_table_core_plain_asc(&t)) {
                /* The caller of the fast search has clamped the target into
                 * limits inside the table's range (a policy's are). */
                uint32_t lo = mn > t.min_khz ? mn : t.min_khz, hi = mx < t.max_khz ? mx : t.max_khz;
                uint32_t ct = target < lo ? lo : (target > hi ? hi : target);
                if (lo > hi)
                    continue;
                struct pgov_freq_table_index x;
                pgov_freq_table_core_index_init(&x, &t);
                assert_int_equal(pgov_freq_table_core_asc(&t, &x, ct, rel), want);
                fast++;
            }
        }
    }
    assert_true(checked > 100000);
    assert_true(fast > 10000);
}

/* The indexed ascending search (pgov_freq_table_core_asc()) on large
 * plain tables, evenly spaced, clustered and spread up to the top of the
 * kHz range (the widest slots), against the general resolve. */
static void test_index_large_tables(void **state)
{
    (void)state;
    static struct pgov_freq_entry e[PGOV_FREQ_TABLE_INDEX_MAX];
    long checked = 0;
    for (int round = 0; round < 300; round++) {
        uint32_t n = 1 + rnd(PGOV_FREQ_TABLE_INDEX_MAX), kind = rnd(3);
        uint64_t f = 1 + rnd(1000000);
        uint32_t spread = kind == 0 ? 1 + rnd(100000) : kind == 1 ? 1 + rnd(20) : 0;
        if (kind == 2) /* span close to 2^32 kHz */
            spread = (uint32_t)((0xFFFFFFF0ull - f) / n);
        for (uint32_t i = 0; i < n; i++) {
            e[i].khz = (uint32_t)f;
            e[i].flags = 0;
            /* kind 1: clusters of close entries, then a long gap */
            f += kind == 1 && rnd(16) == 0 ? 1000000 + rnd(5000000) : 1 + rnd(spread);
            if (f >= PGOV_FREQ_ENTRY_INVALID)
                n = i + 1;
        }
        struct pgov_freq_table t;
        struct pgov_freq_table_index x;
        assert_int_equal(pgov_freq_table_init(&t, e, n, 0), PGOV_OK);
        assert_true(pgov_freq_table_core_plain_asc(&t));
        pgov_freq_table_core_index_init(&x, &t);
        for (int k = 0; k < 200; k++) {
            uint32_t target = rnd(4) == 0 ? e[rnd(n)].khz
                                          : t.min_khz + rnd(t.max_khz - t.min_khz + 1);
            uint32_t rel = rnd(3), want = 0;
            assert_int_equal(pgov_freq_table_resolve(&t, t.min_khz, t.max_khz, target, rel, &want),
                             PGOV_OK);
            assert_int_equal(pgov_freq_table_core_asc(&t, &x, target, rel), want);
            checked++;
        }
    }
    assert_true(checked == 300 * 200);
}

/* The default transition delay: docs/spec/ondemand.md 2.1's worked
 * examples (v4.17, v6.9 history, v6.18) and the boundaries of
 * docs/exactness.md. */
static uint32_t delay(uint32_t kver, uint32_t delay_us, uint32_t lat_ns)
{
    uint32_t us = 12345;
    assert_int_equal(pgov_freq_table_transition_delay_us(kver, delay_us, lat_ns, &us), PGOV_OK);
    return us;
}

static void test_transition_delay(void **state)
{
    (void)state;
    const uint32_t v417 = PGOV_KVER(4, 17), v68 = PGOV_KVER_6_8, v69 = PGOV_KVER_6_9,
                   v611 = PGOV_KVER(6, 11), v612 = PGOV_KVER_6_12, v618 = PGOV_KVER_6_18;
    /* ACPI _PSS latency 10 us: 10 ms (x 1000, capped at 10 ms), then the
     * 2 ms cap, then 15 us. */
    assert_int_equal(delay(v417, 0, 10000), 10000);
    assert_int_equal(delay(v68, 0, 10000), 10000);
    assert_int_equal(delay(v69, 0, 10000), 2000);
    assert_int_equal(delay(v611, 0, 10000), 2000);
    assert_int_equal(delay(v612, 0, 10000), 15);
    assert_int_equal(delay(v618, 0, 10000), 15);
    assert_int_equal(delay(0, 0, 10000), 15);
    /* 5 ms: 10 000, then "honour the latency" above 2 ms: 5000, then 7500. */
    assert_int_equal(delay(v417, 0, 5000000), 10000);
    assert_int_equal(delay(v69, 0, 5000000), 5000);
    assert_int_equal(delay(v618, 0, 5000000), 7500);
    /* Exactly 2 ms stays capped (2000 is not above 2000); 1 us: 1000. */
    assert_int_equal(delay(v69, 0, 2000000), 2000);
    assert_int_equal(delay(v69, 0, 1000), 1000);
    assert_int_equal(delay(v69, 0, 1999), 1000); /* 1 us after truncation */
    /* The old "eternal" latency. */
    assert_int_equal(delay(v417, 0, 4294967295u), 10000);
    assert_int_equal(delay(v618, 0, 4294967295u), 6442450);
    /* No latency (pcc-cpufreq), below 1 us, and a driver's own delay. */
    assert_int_equal(delay(v417, 0, 0), 1000);
    assert_int_equal(delay(v618, 0, 999), 1000);
    assert_int_equal(delay(v417, 500, 10000), 500);
    assert_int_equal(delay(v618, 500, 10000), 500);
    assert_int_equal(delay(PGOV_KVER_4_14, 0, 20000), 10000);
    /* Errors leave the output alone. */
    uint32_t us = 7;
    assert_int_equal(pgov_freq_table_transition_delay_us(PGOV_KVER_4_13, 0, 10000, &us),
                     PGOV_ENOTSUP);
    assert_int_equal(pgov_freq_table_transition_delay_us(PGOV_KVER(7, 4), 0, 10000, &us),
                     PGOV_ENOTSUP);
    assert_int_equal(us, 7);
    assert_int_equal(pgov_freq_table_transition_delay_us(0, 0, 0, NULL), PGOV_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_examples),
        cmocka_unit_test(test_init_rules),
        cmocka_unit_test(test_random_against_reference),
        cmocka_unit_test(test_index_large_tables),
        cmocka_unit_test(test_transition_delay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
