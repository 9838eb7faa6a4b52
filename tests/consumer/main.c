/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An out-of-tree program built against an installed libpgov (CMake package
 * or pkg-config): the headers compile standalone, the library links, and
 * the linked library is the one the headers describe.
 */
#include <stdio.h>
#include <string.h>

#include <pgov/pgov.h>

static int clock_cb(void *ctx, uint64_t *now)
{
    *now = *(const uint64_t *)ctx;
    return 0;
}

int main(void)
{
    uint32_t v = pgov_version();
    uint64_t t = 1234567, now = 0;
    struct pgov_hw_ops ops;
    int fails = 0;

    printf("consumer: header %d.%d.%d, library %s (0x%06x)\n", PGOV_VERSION_MAJOR,
           PGOV_VERSION_MINOR, PGOV_VERSION_PATCH, pgov_version_string(), (unsigned)v);
    if (v != PGOV_VERSION) {
        printf("consumer: FAIL: library version 0x%06x != header 0x%06x\n", (unsigned)v,
               (unsigned)PGOV_VERSION);
        fails++;
    }
    if (strcmp(pgov_strerror(PGOV_EINVAL), "invalid argument") != 0) {
        printf("consumer: FAIL: pgov_strerror(PGOV_EINVAL) = '%s'\n", pgov_strerror(PGOV_EINVAL));
        fails++;
    }
    /* A governor binds the caller's table itself: one missing a needed
     * callback is refused, and nothing is written to the storage's handle. */
    memset(&ops, 0, sizeof(ops));
    ops.size = sizeof(ops);
    ops.clock_ns = clock_cb;
    struct pgov_sugov_config cfg;
    struct pgov_sugov *g = NULL;
    static uint64_t mem[64]; /* 512 bytes, 8-aligned */
    memset(&cfg, 0, sizeof(cfg));
    cfg.size = sizeof(cfg);
    if (pgov_sugov_size() > sizeof(mem) ||
        pgov_sugov_init(mem, sizeof(mem), &cfg, &ops, &t, &g) != PGOV_ENOSYS || g != NULL ||
        clock_cb(&t, &now) != 0 || now != t) {
        printf("consumer: FAIL: pgov_sugov_init with a partial table\n");
        fails++;
    }
    printf("consumer: %s\n", fails ? "FAILED" : "ok");
    return fails != 0;
}
