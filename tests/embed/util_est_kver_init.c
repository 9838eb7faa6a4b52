/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/util_est.c built with a compile-time profile (PGOV_UTIL_EST_KVER =
 * v5.7 here, tests/CMakeLists.txt compiles the source into this program):
 * pgov_util_est_init() takes 0 and the versions of that profile only, and
 * an rq of another profile is refused like a corrupted one.
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include <stdio.h>

#include <pgov/util_est.h>
#include <pgov/core/util_est.h>

static int failures;

static void expect(int got, int want, const char *what)
{
    if (got != want) {
        fprintf(stderr, "%s: got %d, want %d\n", what, got, want);
        failures++;
    }
}

static int init(struct pgov_util_est_rq *rq, uint32_t kver)
{
    struct pgov_util_est_cfg cfg = {sizeof(cfg), kver, 0, 0};
    return pgov_util_est_init(rq, &cfg);
}

int main(void)
{
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task t = {0, 0};

    expect(init(&rq, 0), PGOV_OK, "kver 0");
    expect(pgov_util_est_profile(&rq), PGOV_KVER_5_7, "kver 0 is the build's profile");
    expect(init(&rq, PGOV_KVER(5, 10)), PGOV_OK, "5.10 (the v5.7 profile)");
    expect(pgov_util_est_profile(&rq), PGOV_KVER_5_7, "5.10's profile");
    expect(init(&rq, PGOV_KVER_6_18), PGOV_ENOTSUP, "6.18 in a v5.7 build");
    expect(init(&rq, PGOV_KVER_5_13), PGOV_ENOTSUP, "5.13 in a v5.7 build");
    expect(init(&rq, PGOV_KVER_4_17), PGOV_ENOTSUP, "4.17 in a v5.7 build");
    expect((int)rq.mode, (int)PGOV_UTIL_EST_MODE(PGOV_UTIL_EST_PROF_V5_7, 0),
           "a refused init leaves the rq");
    /* The FASTUP rule of v5.7 through the exported functions. */
    expect(pgov_util_est_enqueue(&rq, &t), PGOV_OK, "enqueue");
    expect(pgov_util_est_dequeue(&rq, &t, 0), PGOV_OK, "dequeue");
    expect(pgov_util_est_update(&rq, &t, 1, 300, 300, 1024), 1, "update stores");
    expect((int)t.ewma, 301, "FASTUP: ewma = util | flag");
    /* A mode word of the v6.18 profile (a run-time build's rq) is not ours. */
    rq.mode = PGOV_UTIL_EST_MODE(PGOV_UTIL_EST_PROF_V6_18, 0);
    expect(pgov_util_est_enqueue(&rq, &t), PGOV_EINVAL, "rq of another profile");
    printf("util_est_kver_init: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
