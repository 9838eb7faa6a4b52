/* SPDX-License-Identifier: BSD-2-Clause */
/* The strict number parser against the hostile inputs of issue 18. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "num.h"

static char err[NUM_ERR_LEN];

/* Refused, *out untouched, and the message quotes the input. */
static void refused(const char *s, const struct num_units *u, uint64_t min, uint64_t max)
{
    uint64_t v = 777;
    err[0] = 0;
    int rc = num_parse(s, u, min, max, &v, err, sizeof(err));
    if (rc != -1 || v != 777)
        fail_msg("'%s' was accepted as %llu", s, (unsigned long long)v);
    char quoted[64];
    snprintf(quoted, sizeof(quoted), "'%s'", s);
    if (*s && !strstr(err, quoted))
        fail_msg("message for '%s' does not name it: %s", s, err);
    assert_non_null(strstr(err, "decimal"));
}

static uint64_t accepted(const char *s, const struct num_units *u, uint64_t min, uint64_t max)
{
    uint64_t v = 0;
    if (num_parse(s, u, min, max, &v, err, sizeof(err)))
        fail_msg("'%s' refused: %s", s, err);
    return v;
}

static void test_no_hex_sign_exponent(void **state)
{
    (void)state;
    static const char *const bad[] = {"0x96", "0X10", "0x1p4k", "1.5e2k", "2e0", "+4", "+4.14",
                                      "-1", " 5", "5 ", "", "1e3", "inf", "nan", "5,0", "1..2",
                                      "1.", ".5k", "1_000", "٣"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        refused(bad[i], &num_count, 0, UINT64_MAX);
        refused(bad[i], &num_cycles, 0, UINT64_MAX);
    }
    refused("2e0", &num_time_ns, 0, UINT64_MAX);
    refused("0x1p4k", &num_time_ns, 0, UINT64_MAX);
}

static void test_no_wrap(void **state)
{
    (void)state;
    /* 2^64 and 2^64 + 4 (which wraps to 4) */
    refused("18446744073709551616", &num_plain, 0, UINT64_MAX);
    refused("18446744073709551620", &num_plain, 0, UINT64_MAX);
    assert_int_equal(accepted("18446744073709551615", &num_plain, 0, UINT64_MAX), UINT64_MAX);
    /* 4294967300 = 2^32 + 4 stays itself, so a 32-bit range refuses it */
    uint32_t v32 = 9;
    assert_int_equal(num_u32("4294967300", 0, UINT32_MAX, &v32, err, sizeof(err)), -1);
    assert_int_equal(v32, 9);
    assert_int_equal(num_u32("4294967295", 0, UINT32_MAX, &v32, err, sizeof(err)), 0);
    assert_int_equal(v32, 4294967295u);
    /* the multiplication by the suffix must not wrap either */
    refused("18446744073709552k", &num_count, 0, UINT64_MAX);
    refused("18446744074s", &num_time_ns, 0, UINT64_MAX);
    assert_int_equal(accepted("18446744073s", &num_time_ns, 0, UINT64_MAX), 18446744073000000000u);
}

static void test_leading_zero_is_decimal(void **state)
{
    (void)state;
    assert_int_equal(accepted("05", &num_plain, 0, 100), 5);
    assert_int_equal(accepted("5", &num_plain, 0, 100), 5);
    assert_int_equal(accepted("010", &num_plain, 0, 100), 10); /* not octal 8 */
    assert_int_equal(accepted("0", &num_plain, 0, 100), 0);
    assert_int_equal(accepted("007k", &num_count, 0, 100000), 7000);
}

static void test_units(void **state)
{
    (void)state;
    assert_int_equal(accepted("3ns", &num_time_ns, 0, UINT64_MAX), 3);
    assert_int_equal(accepted("3us", &num_time_ns, 0, UINT64_MAX), 3000);
    assert_int_equal(accepted("3ms", &num_time_ns, 0, UINT64_MAX), 3000000);
    assert_int_equal(accepted("3s", &num_time_ns, 0, UINT64_MAX), 3000000000u);
    assert_int_equal(accepted("2.5M", &num_cycles, 0, UINT64_MAX), 2500000);
    assert_int_equal(accepted("1.2G", &num_cycles, 0, UINT64_MAX), 1200000000);
    assert_int_equal(accepted("0.5%", &num_permille, 0, 1000), 5);
    assert_int_equal(accepted("100%", &num_permille, 0, 1000), 1000);
    assert_int_equal(accepted("1.500ms", &num_time_ns, 0, UINT64_MAX), 1500000);
    assert_int_equal(accepted("2.4GHz", &num_freq_khz, 0, UINT64_MAX), 2400000);
    assert_int_equal(accepted("800MHz", &num_freq_khz, 0, UINT64_MAX), 800000);
    assert_int_equal(accepted("12k", &num_count, 0, UINT64_MAX), 12000);
    /* a time or a frequency needs its unit; a fraction needs a suffix */
    refused("5", &num_time_ns, 0, UINT64_MAX);
    /* a bare zero is zero in every unit; a zero with a fraction is not bare */
    assert_int_equal(accepted("0", &num_time_ns, 0, UINT64_MAX), 0);
    assert_int_equal(accepted("000", &num_freq_khz, 0, UINT64_MAX), 0);
    refused("0.0", &num_time_ns, 0, UINT64_MAX);
    refused("0", &num_time_ns, 1, UINT64_MAX); /* still within the range */
    refused("5", &num_freq_khz, 0, UINT64_MAX);
    refused("2.0", &num_count, 0, UINT64_MAX);
    refused("1.5ns", &num_time_ns, 0, UINT64_MAX);  /* finer than 1 ns */
    refused("0.05%", &num_permille, 0, 1000);       /* finer than 1 permille */
    refused("5G", &num_count, 0, UINT64_MAX);       /* not a count suffix */
    refused("5 ms", &num_time_ns, 0, UINT64_MAX);
    refused("5MS", &num_time_ns, 0, UINT64_MAX);
    refused("1.0000000000000000001k", &num_count, 0, UINT64_MAX);
}

static void test_range(void **state)
{
    (void)state;
    refused("0", &num_plain, 1, 1000);
    refused("1001", &num_plain, 1, 1000);
    assert_non_null(strstr(err, "1..1000"));
    refused("101%", &num_permille, 0, 1000);
    assert_int_equal(accepted("1000", &num_plain, 1, 1000), 1000);
    refused("10001s", &num_time_ns, 1, 10000000000000u);
    assert_non_null(strstr(err, "ns"));
}

static void test_signed(void **state)
{
    (void)state;
    int64_t v = 3;
    assert_int_equal(num_s64("-1", INT64_MIN, INT64_MAX, &v, err, sizeof(err)), 0);
    assert_int_equal(v, -1);
    assert_int_equal(num_s64("-9223372036854775808", INT64_MIN, INT64_MAX, &v, err, sizeof(err)), 0);
    assert_true(v == INT64_MIN);
    assert_int_equal(num_s64("9223372036854775807", INT64_MIN, INT64_MAX, &v, err, sizeof(err)), 0);
    assert_true(v == INT64_MAX);
    v = 3;
    static const char *const bad[] = {"9223372036854775808", "-9223372036854775809", "+1", "--1",
                                      "-", "- 1", "0x10", "-0x10", "1e2", ""};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        if (num_s64(bad[i], INT64_MIN, INT64_MAX, &v, err, sizeof(err)) != -1)
            fail_msg("'%s' accepted", bad[i]);
        assert_int_equal(v, 3);
    }
    assert_int_equal(num_s64("-5", 0, 10, &v, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "0..10"));
}

static void test_kver(void **state)
{
    (void)state;
    uint32_t k = 1;
    assert_int_equal(num_kver("4.17", &k, err, sizeof(err)), 0);
    assert_int_equal(k, 4u << 8 | 17);
    assert_int_equal(num_kver("6.19", &k, err, sizeof(err)), 0);
    /* After 6.19 came 7.0 (issue 26): 7.0 .. 7.3 are releases. */
    assert_int_equal(num_kver("7.0", &k, err, sizeof(err)), 0);
    assert_int_equal(k, 7u << 8);
    assert_int_equal(num_kver("7.3", &k, err, sizeof(err)), 0);
    assert_int_equal(k, 7u << 8 | 3);
    assert_int_equal(num_kver("3.0", &k, err, sizeof(err)), 0);
    assert_int_equal(num_kver("4.20", &k, err, sizeof(err)), 0);
    assert_int_equal(num_kver("05.15", &k, err, sizeof(err)), 0);
    assert_int_equal(k, 5u << 8 | 15);
    k = 1;
    static const char *const bad[] = {"4294967300.17", "4294967302.18", "4.99", "4.255", "4.21",
                                      "5.20", "6.20", "2.6", "7.4", "8.0", "+4.14", "4.14.1", "4",
                                      "4.", ".4", "0x4.0x11", "4.1e1", "-4.14", "4 .14", "",
                                      "1000.1", "4.0017"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        if (num_kver(bad[i], &k, err, sizeof(err)) != -1)
            fail_msg("kver '%s' accepted", bad[i]);
        assert_int_equal(k, 1);
        char quoted[64];
        snprintf(quoted, sizeof(quoted), "'%s'", bad[i]);
        assert_non_null(strstr(err, quoted));
    }
    assert_int_equal(num_kver("4.99", &k, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "4.0..4.20"));
    assert_false(num_kver_released(4u << 8 | 99));
    assert_false(num_kver_released(4u << 8 | 255));
    assert_true(num_kver_released(5u << 8 | 19));
    assert_int_equal(num_kver("6.20", &k, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "6.0..6.19"));
    assert_int_equal(num_kver("7.4", &k, err, sizeof(err)), -1);
    assert_non_null(strstr(err, "7.0..7.3"));
    assert_true(num_kver_released(7u << 8 | 3));
    assert_int_equal(num_kver_newest(), 7u << 8 | 3);
}

static void test_kver_stable(void **state)
{
    (void)state;
    uint32_t k = 1, z = 1;
    assert_int_equal(num_kver_stable("6.1.176", &k, &z, err, sizeof(err)), 0);
    assert_int_equal(k, 6u << 8 | 1);
    assert_int_equal(z, 176);
    assert_int_equal(num_kver_stable("6.1", &k, &z, err, sizeof(err)), 0);
    assert_int_equal(z, 0);
    assert_int_equal(num_kver_stable("4.14.9999", &k, &z, err, sizeof(err)), 0);
    assert_int_equal(z, 9999);
    k = z = 1;
    static const char *const bad[] = {"6.1.", "6.1.10000", "6.1.1a", "6.1.-1", "6.1.1.1",
                                      "6.20.1", "7.4.1", "6.1 .1", ".1.1", "6..1"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        if (num_kver_stable(bad[i], &k, &z, err, sizeof(err)) != -1)
            fail_msg("kver '%s' accepted", bad[i]);
        assert_int_equal(k, 1);
        assert_int_equal(z, 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_hex_sign_exponent), cmocka_unit_test(test_no_wrap),
        cmocka_unit_test(test_leading_zero_is_decimal), cmocka_unit_test(test_units),
        cmocka_unit_test(test_range), cmocka_unit_test(test_signed), cmocka_unit_test(test_kver),
        cmocka_unit_test(test_kver_stable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
