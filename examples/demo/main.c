/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-demo: the library version, then one periodic task on one CPU as the
 * kernel (v6.18 rules) would see it: it runs 4 ms every 8 ms for 200 ms, then
 * sleeps. PELT is updated at wake-up, on 1 ms ticks while running and at
 * sleep; util_est is fed at each sleep, before the dequeue's PELT update
 * (v6.12+ order). One row per 8 ms: the task's util_avg, its util_est and
 * the estimate the scheduler uses, max(util_avg, util_est). While idle the
 * signal is decayed with blocked updates; util_est keeps the last estimate.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/pgov.h>

#define MS UINT64_C(1000000)

static void fail(const char *what, int rc)
{
    fprintf(stderr, "pgov-demo: %s: %s\n", what, pgov_strerror(rc));
    exit(1);
}

/* One PELT update of the task; tell util_est when the averages moved. */
static void pelt(struct pgov_pelt_avg *sa, struct pgov_util_est_rq *rq,
                 struct pgov_util_est_task *ue, uint64_t now, uint32_t on_rq, uint32_t running)
{
    int rc = pgov_pelt_update_task(sa, now, on_rq, 0, running, 1024);
    if (rc < 0)
        fail("pgov_pelt_update_task", rc);
    if (rc == 1 && (rc = pgov_util_est_util_changed(rq, ue)) < 0)
        fail("pgov_util_est_util_changed", rc);
}

int main(int argc, char **argv)
{
    struct pgov_pelt_avg sa;
    struct pgov_util_est_rq rq;
    struct pgov_util_est_task ue = {0, 0};
    int rc;

    /* A demo takes no input; --version and --help answer as every tool's do. */
    if (argc > 1) {
        if (argc == 2 && strcmp(argv[1], "--version") == 0) {
            printf("pgov-demo %s (libpgov %s)\n", PGOV_TOOL_VERSION, pgov_version_string());
            return 0;
        }
        int help = argc == 2 && strcmp(argv[1], "--help") == 0;
        if (!help)
            fprintf(stderr, "pgov-demo: unexpected argument '%s'\n", argv[1]);
        fprintf(help ? stdout : stderr,
                "usage: pgov-demo\n  prints one periodic task's PELT and util_est, a row per 8 ms"
                " (the source is the example: examples/demo/main.c)\n");
        return help ? 0 : 2;
    }

    printf("libpgov %s: PELT + util_est, task running 4 ms every 8 ms for 200 ms, then idle\n",
           pgov_version_string());
    if ((rc = pgov_pelt_init(&sa, 0, PGOV_PELT_HALFLIFE_DEFAULT)) < 0)
        fail("pgov_pelt_init", rc);
    if ((rc = pgov_util_est_init(&rq, NULL)) < 0)
        fail("pgov_util_est_init", rc);

    printf("t_ms\tutil_avg\tutil_est\ttask_util_est\n");
    for (uint64_t t = 0; t <= 320 * MS; t += 8 * MS) {
        uint64_t est = 0;
        uint32_t c = 0;
        /* idle: the scheduler decays blocked signals periodically */
        if (t > 200 * MS && (rc = pgov_pelt_update_blocked_se(&sa, t, 1024)) < 0)
            fail("pgov_pelt_update_blocked_se", rc);
        if ((rc = pgov_util_est_task_contrib(&rq, &ue, &c)) < 0 ||
            (rc = pgov_util_est_task_util_est(&rq, &ue, sa.util_avg, &est)) < 0)
            fail("util_est accessors", rc);
        printf("%" PRIu64 "\t%" PRIu64 "\t%u\t%" PRIu64 "\n", t / MS, sa.util_avg, c, est);
        if (t >= 200 * MS)
            continue;
        /* wake-up: account the sleep, then the task is queued and running */
        pelt(&sa, &rq, &ue, t, 0, 0);
        if ((rc = pgov_util_est_enqueue(&rq, &ue)) < 0)
            fail("pgov_util_est_enqueue", rc);
        for (int tick = 1; tick < 4; tick++)
            pelt(&sa, &rq, &ue, t + (uint64_t)tick * MS, 1, 1);
        /* sleep: util_est first (v6.12+), then the dequeue's PELT update */
        if ((rc = pgov_util_est_dequeue(&rq, &ue, 0)) < 0 ||
            (rc = pgov_util_est_update(&rq, &ue, 1, sa.util_avg, sa.runnable_avg, 1024)) < 0)
            fail("util_est dequeue", rc);
        pelt(&sa, &rq, &ue, t + 4 * MS, 1, 1);
    }
    printf("# at the next wake-up the CPU sum jumps back to util_est (%u), not util_avg\n",
           ue.enqueued & ~PGOV_UTIL_EST_UNCHANGED);
    return 0;
}
