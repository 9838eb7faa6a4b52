/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A stand-in for <cmocka.h> on bare-metal targets (no libcmocka there): the
 * subset of cmocka 1.1's API the tests use, on printf and setjmp, printing
 * cmocka's own [ RUN ] / [ OK ] / [ PASSED ] lines. A failed assertion
 * prints file:line and the values, then longjmps out of the test; the group
 * runner returns the number of failed tests, as cmocka does.
 *
 * Only one translation unit per program includes it (the test file), so the
 * runner's state can be file-static. Not a mock framework: no will_return,
 * expect_*, check_expected.
 */
#ifndef PGOV_SHIM_CMOCKA_H
#define PGOV_SHIM_CMOCKA_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uintmax_t LargestIntegralType;
typedef void (*CMUnitTestFunction)(void **state);
typedef int (*CMFixtureFunction)(void **state);

struct CMUnitTest {
    const char *name;
    CMUnitTestFunction test_func;
    CMFixtureFunction setup_func;
    CMFixtureFunction teardown_func;
    void *initial_state;
};

#define cmocka_unit_test(f) {#f, f, NULL, NULL, NULL}
#define cmocka_unit_test_setup(f, setup) {#f, f, setup, NULL, NULL}
#define cmocka_unit_test_teardown(f, teardown) {#f, f, NULL, teardown, NULL}
#define cmocka_unit_test_setup_teardown(f, setup, teardown) {#f, f, setup, teardown, NULL}
#define cmocka_unit_test_prestate(f, state) {#f, f, NULL, NULL, state}
#define cmocka_unit_test_prestate_setup_teardown(f, setup, teardown, state)                        \
    {#f, f, setup, teardown, state}

static jmp_buf shim_cmocka_jmp;
static int shim_cmocka_skipped;

#if defined(__GNUC__)
#define SHIM_CMOCKA_UNUSED __attribute__((unused))
#define SHIM_CMOCKA_NORETURN __attribute__((noreturn))
#define SHIM_CMOCKA_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SHIM_CMOCKA_UNUSED
#define SHIM_CMOCKA_NORETURN
#define SHIM_CMOCKA_PRINTF(a, b)
#endif

static SHIM_CMOCKA_UNUSED SHIM_CMOCKA_PRINTF(1, 2) void print_message(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

static SHIM_CMOCKA_UNUSED SHIM_CMOCKA_PRINTF(1, 2) void print_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

static SHIM_CMOCKA_UNUSED SHIM_CMOCKA_NORETURN void shim_cmocka_fail(const char *file, int line,
                                                                     const char *what)
{
    printf("%s:%d: error: %s\n", file, line, what);
    longjmp(shim_cmocka_jmp, 1);
}

/* Values print as hex in two halves: small libcs lack %llx. */
static SHIM_CMOCKA_UNUSED void shim_cmocka_int(const char *file, int line, uintmax_t a, uintmax_t b,
                                               int want_equal)
{
    if ((a == b) == !!want_equal)
        return;
    printf("%s:%d: error: 0x%08lx%08lx %s 0x%08lx%08lx\n", file, line,
           (unsigned long)(a >> 32), (unsigned long)(a & 0xffffffffu), want_equal ? "!=" : "==",
           (unsigned long)(b >> 32), (unsigned long)(b & 0xffffffffu));
    longjmp(shim_cmocka_jmp, 1);
}

static SHIM_CMOCKA_UNUSED void shim_cmocka_range(const char *file, int line, uintmax_t v,
                                                 uintmax_t lo, uintmax_t hi, int want_in)
{
    if ((v >= lo && v <= hi) == !!want_in)
        return;
    printf("%s:%d: error: 0x%lx is %s range [0x%lx, 0x%lx]\n", file, line, (unsigned long)v,
           want_in ? "not in" : "in", (unsigned long)lo, (unsigned long)hi);
    longjmp(shim_cmocka_jmp, 1);
}

static SHIM_CMOCKA_UNUSED void shim_cmocka_str(const char *file, int line, const char *a,
                                               const char *b, int want_equal)
{
    int eq = a && b && strcmp(a, b) == 0;
    if (eq == !!want_equal)
        return;
    printf("%s:%d: error: \"%s\" %s \"%s\"\n", file, line, a ? a : "(null)",
           want_equal ? "!=" : "==", b ? b : "(null)");
    longjmp(shim_cmocka_jmp, 1);
}

static SHIM_CMOCKA_UNUSED void shim_cmocka_mem(const char *file, int line, const void *a,
                                               const void *b, size_t n, int want_equal)
{
    const unsigned char *x = a, *y = b;
    size_t i = 0;
    while (i < n && x[i] == y[i])
        i++;
    if ((i == n) == !!want_equal)
        return;
    if (want_equal)
        printf("%s:%d: error: memory differs at byte %lu of %lu (0x%02x != 0x%02x)\n", file,
               line, (unsigned long)i, (unsigned long)n, x[i], y[i]);
    else
        printf("%s:%d: error: %lu bytes of memory are equal\n", file, line, (unsigned long)n);
    longjmp(shim_cmocka_jmp, 1);
}

#define SHIM_U(x) ((uintmax_t)(x))
#define assert_true(c) ((c) ? (void)0 : shim_cmocka_fail(__FILE__, __LINE__, #c " is false"))
#define assert_false(c) (!(c) ? (void)0 : shim_cmocka_fail(__FILE__, __LINE__, #c " is true"))
#define assert_null(p) assert_true((p) == NULL)
#define assert_non_null(p) assert_true((p) != NULL)
#define assert_return_code(rc, err) assert_true((rc) >= 0)
#define assert_int_equal(a, b) shim_cmocka_int(__FILE__, __LINE__, SHIM_U(a), SHIM_U(b), 1)
#define assert_int_not_equal(a, b) shim_cmocka_int(__FILE__, __LINE__, SHIM_U(a), SHIM_U(b), 0)
#define assert_ptr_equal(a, b)                                                                     \
    shim_cmocka_int(__FILE__, __LINE__, SHIM_U((uintptr_t)(const void *)(a)),                      \
                    SHIM_U((uintptr_t)(const void *)(b)), 1)
#define assert_ptr_not_equal(a, b)                                                                 \
    shim_cmocka_int(__FILE__, __LINE__, SHIM_U((uintptr_t)(const void *)(a)),                      \
                    SHIM_U((uintptr_t)(const void *)(b)), 0)
#define assert_in_range(v, lo, hi)                                                                 \
    shim_cmocka_range(__FILE__, __LINE__, SHIM_U(v), SHIM_U(lo), SHIM_U(hi), 1)
#define assert_not_in_range(v, lo, hi)                                                             \
    shim_cmocka_range(__FILE__, __LINE__, SHIM_U(v), SHIM_U(lo), SHIM_U(hi), 0)
#define assert_string_equal(a, b) shim_cmocka_str(__FILE__, __LINE__, (a), (b), 1)
#define assert_string_not_equal(a, b) shim_cmocka_str(__FILE__, __LINE__, (a), (b), 0)
#define assert_memory_equal(a, b, n) shim_cmocka_mem(__FILE__, __LINE__, (a), (b), (n), 1)
#define assert_memory_not_equal(a, b, n) shim_cmocka_mem(__FILE__, __LINE__, (a), (b), (n), 0)
#define fail() shim_cmocka_fail(__FILE__, __LINE__, "fail()")
#define fail_msg(...) (print_error(__VA_ARGS__), print_error("\n"), fail())
#define skip() (shim_cmocka_skipped = 1, longjmp(shim_cmocka_jmp, 1))

static SHIM_CMOCKA_UNUSED int _cmocka_run_group_tests(const char *group,
                                                      const struct CMUnitTest *tests, size_t n,
                                                      CMFixtureFunction setup,
                                                      CMFixtureFunction teardown)
{
    /* volatile: modified between setjmp and longjmp. */
    volatile size_t failed = 0, skipped = 0, i;
    void *group_state = NULL;

    printf("[==========] %s: Running %lu test(s).\n", group, (unsigned long)n);
    if (setup && setup(&group_state) != 0) {
        printf("[  ERROR   ] %s: group setup failed\n", group);
        return (int)n;
    }
    for (i = 0; i < n; i++) {
        void *state = tests[i].initial_state;
        volatile int phase = 0; /* 0 setup, 1 test, 2 teardown, 3 done */
        shim_cmocka_skipped = 0;
        printf("[ RUN      ] %s\n", tests[i].name);
        if (setjmp(shim_cmocka_jmp) == 0) {
            if (tests[i].setup_func && tests[i].setup_func(&state) != 0) {
                printf("[  ERROR   ] %s: setup failed\n", tests[i].name);
                failed++;
                continue;
            }
            phase = 1;
            tests[i].test_func(&state);
            phase = 2;
            if (tests[i].teardown_func && tests[i].teardown_func(&state) != 0) {
                printf("[  ERROR   ] %s: teardown failed\n", tests[i].name);
                failed++;
                continue;
            }
            phase = 3;
        }
        if (phase == 3) {
            printf("[       OK ] %s\n", tests[i].name);
        } else if (shim_cmocka_skipped) {
            printf("[  SKIPPED ] %s\n", tests[i].name);
            skipped++;
        } else {
            printf("[  FAILED  ] %s\n", tests[i].name);
            failed++;
        }
    }
    if (teardown)
        teardown(&group_state);
    printf("[==========] %s: %lu test(s) run.\n", group, (unsigned long)n);
    printf("[  PASSED  ] %lu test(s).\n", (unsigned long)(n - failed - skipped));
    if (skipped)
        printf("[  SKIPPED ] %lu test(s).\n", (unsigned long)skipped);
    if (failed)
        printf("[  FAILED  ] %lu test(s).\n", (unsigned long)failed);
    return (int)failed;
}

#define cmocka_run_group_tests_name(name, tests, setup, teardown)                                  \
    _cmocka_run_group_tests(name, tests, sizeof(tests) / sizeof((tests)[0]), setup, teardown)
#define cmocka_run_group_tests(tests, setup, teardown)                                             \
    cmocka_run_group_tests_name(#tests, tests, setup, teardown)

#endif /* PGOV_SHIM_CMOCKA_H */
