/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every golden vector file, every row, every output column: replayed through
 * the public API by the adapter that matches the file's header. One cmocka
 * test per file; a mismatch prints file, line, column, expected and computed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "replay.h"
#include "vector_files.h"

#define NFILES (sizeof(pgov_vector_files) / sizeof(pgov_vector_files[0]) - 1)

static void test_vector_file(void **state)
{
    const char *name = *state;
    char path[1024];
    struct replay_result res;
    snprintf(path, sizeof(path), "%s/%s", PGOV_VECTOR_DIR, name);
    int rc = replay_file(path, replay_adapters, REPLAY_CHECK, stdout, stdout, &res);
    assert_int_equal(rc, 0);
    assert_true(res.rows > 0);
    assert_true(res.checks >= res.rows);
    assert_int_equal(res.mismatches, 0);
}

int main(void)
{
    struct CMUnitTest tests[NFILES ? NFILES : 1];
    for (size_t i = 0; i < NFILES; i++) {
        struct CMUnitTest t = cmocka_unit_test_prestate(test_vector_file,
                                                        (void *)(uintptr_t)pgov_vector_files[i]);
        t.name = pgov_vector_files[i];
        tests[i] = t;
    }
    return _cmocka_run_group_tests("vectors", tests, NFILES, NULL, NULL);
}
