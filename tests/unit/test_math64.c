/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The library's own 64-bit division (pgov/core/math64.h): 32-bit targets
 * use it instead of libgcc's 64-bit helpers, so it must equal C's '/'
 * (computed here by the compiler, through libgcc on 32-bit targets) on
 * every operand. Edge operands crossed, then pseudo-random ones of every
 * bit length.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pgov/core/math64.h>

static const uint64_t edges[] = {
    1, 2, 3, 7, 10, 1000, 0xffffu, 0x10000u, 0x7fffffffu, 0x80000000u, 0xfffffffeu,
    0xffffffffu, 0x100000000ull, 0x100000001ull, 0x1ffffffffull, 0xffffffff00000000ull,
    0x7fffffffffffffffull, 0x8000000000000000ull, 0x8000000000000001ull,
    0xfffffffffffffffeull, UINT64_MAX,
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void check(uint64_t n, uint64_t d)
{
    if (d == 0)
        return;
    assert_true(pgov_div_u64(n, d) == n / d);
    assert_true(pgov_div_u64_wide(n, d) == n / d);
    if ((d >> 32) == 0) {
        assert_true(pgov_div_u64_u32(n, (uint32_t)d) == n / d);
        assert_true(pgov_div_u64_u32_soft(n, (uint32_t)d) == n / d);
    }
    int64_t sn = pgov_u2s64(n), sd = pgov_u2s64(d);
    if (sd != -1 && !(sn == INT64_MIN && sd == -1))
        assert_true(pgov_div_s64(sn, sd) == sn / sd);
}

static void test_div_edges(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
        check(0, edges[i]);
        for (size_t j = 0; j < sizeof(edges) / sizeof(edges[0]); j++)
            check(edges[i], edges[j]);
    }
    /* The wide path's correction step: quotients 1 and 2 at the boundary. */
    check(0x1ffffffffull * 2, 0x1ffffffffull);
    check(0x1ffffffffull * 2 - 1, 0x1ffffffffull);
    assert_true(pgov_div_s64(INT64_MIN, -1) == INT64_MIN);
    assert_true(pgov_div_s64(-7, 2) == -3);
    assert_true(pgov_div_s64(7, -2) == -3);
    assert_true(pgov_div_s64(-7, -2) == 3);
}

static void test_div_random(void **state)
{
    (void)state;
    for (unsigned nb = 1; nb <= 64; nb++) {
        for (unsigned db = 1; db <= 64; db += 3) {
            for (unsigned k = 0; k < 8; k++) {
                uint64_t n = nb == 64 ? rnd() : rnd() & ((1ull << nb) - 1);
                uint64_t d = db == 64 ? rnd() : rnd() & ((1ull << db) - 1);
                check(n, d | 1);
                check(n, d);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_div_edges),
        cmocka_unit_test(test_div_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
