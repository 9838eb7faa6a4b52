/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host side of the oracle: read the records pgov_oracle.ko captured inside
 * Linux (tests/oracle/oracle_rec.h), recompute every update from its prior
 * state and inputs through the public libpgov API, and compare every field.
 * Ends with exactly one line:
 *   oracle: pelt N/M util_est N/M schedutil N/M ondemand N/M conservative N/M exact (kernel 6.1.X)
 * Usage: oracle_replay CAPTURE [--tsv-pelt FILE N] [--tsv-util-est FILE N]
 * Exit 0 when every compared row matched, 1 on a mismatch, 2 on a bad file.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgov/pelt.h"
#include "pgov/util_est.h"
#include "oracle_rec.h"

#define DEQUEUE_SLEEP 0x1u /* v6.1 kernel/sched/sched.h flag value (an ABI fact) */

struct tally {
    uint64_t compared, exact;
    unsigned shown;
};
static struct tally t_pelt, t_ue;
static uint64_t skipped[256];
static const char *skip_reason[256];

static const char *kind_name(unsigned k)
{
    static const char *const n[] = { "none", "se", "blocked_se", "cfs_rq", "rt_rq", "dl_rq",
                                     "enqueue", "dequeue" };
    return k < sizeof(n) / sizeof(n[0]) ? n[k] : "?";
}

/* scale_load_down() of a 64-bit kernel: weights carry 10 extra bits of
 * resolution; a non-zero weight never scales below 2. */
static uint64_t scale_load_down(uint64_t w)
{
    if (!w)
        return 0;
    w >>= 10;
    return w < 2 ? 2 : w;
}

static struct pgov_pelt_avg to_lib(const struct orec_avg *a)
{
    struct pgov_pelt_avg s;
    memset(&s, 0, sizeof(s));
    s.last_update_time = a->last_update_time;
    s.load_sum = a->load_sum;
    s.runnable_sum = a->runnable_sum;
    s.util_sum = a->util_sum;
    s.period_contrib = a->period_contrib;
    s.load_avg = a->load_avg;
    s.runnable_avg = a->runnable_avg;
    s.util_avg = a->util_avg;
    return s;
}

static void show_avg(const char *tag, const struct pgov_pelt_avg *s)
{
    printf("    %s lut=%" PRIu64 " load_sum=%" PRIu64 " runnable_sum=%" PRIu64 " util_sum=%u pc=%u"
           " load_avg=%" PRIu64 " runnable_avg=%" PRIu64 " util_avg=%" PRIu64 "\n",
           tag, s->last_update_time, s->load_sum, s->runnable_sum, s->util_sum, s->period_contrib,
           s->load_avg, s->runnable_avg, s->util_avg);
}

static int same_avg(const struct pgov_pelt_avg *a, const struct pgov_pelt_avg *b)
{
    return a->last_update_time == b->last_update_time && a->load_sum == b->load_sum &&
           a->runnable_sum == b->runnable_sum && a->util_sum == b->util_sum &&
           a->period_contrib == b->period_contrib && a->load_avg == b->load_avg &&
           a->runnable_avg == b->runnable_avg && a->util_avg == b->util_avg;
}

static void pelt_row(const struct orec *r)
{
    struct pgov_pelt_avg sa = to_lib(&r->pre), want = to_lib(&r->post), pre = sa;
    uint32_t running = r->flags & OREC_F_RUNNING ? 1u : 0u;
    uint64_t now = r->x[0];
    int ret;

    switch (r->kind) {
    case OREC_PELT_SE:
        if (r->flags & OREC_F_TASK)
            ret = pgov_pelt_update_task(&sa, now, r->x[3] ? 1u : 0u, 0, running,
                                        scale_load_down(r->x[1]));
        else
            ret = pgov_pelt_update_group_se(&sa, now, r->x[3] ? 1u : 0u, r->x[2], running,
                                            scale_load_down(r->x[1]));
        break;
    case OREC_PELT_BLOCKED:
        ret = pgov_pelt_update_blocked_se(&sa, now, scale_load_down(r->x[1]));
        break;
    case OREC_PELT_CFS:
        ret = pgov_pelt_update_cfs_rq(&sa, now, scale_load_down(r->x[1]), r->x[2], running);
        break;
    case OREC_PELT_RT:
        ret = pgov_pelt_update_rt(&sa, now, running);
        break;
    default:
        ret = pgov_pelt_update_dl(&sa, now, running);
        break;
    }
    t_pelt.compared++;
    if (ret == (int)r->ret && same_avg(&sa, &want)) {
        t_pelt.exact++;
        return;
    }
    if (t_pelt.shown++ < 10) {
        printf("pelt mismatch: %s cpu %u now=%" PRIu64 " in=%" PRIu64 ",%" PRIu64 ",%" PRIu64
               " flags=%#x kernel ret %u, libpgov ret %d\n",
               kind_name(r->kind), r->cpu, now, r->x[1], r->x[2], r->x[3], r->flags, r->ret, ret);
        show_avg("pre   ", &pre);
        show_avg("kernel", &want);
        show_avg("lib   ", &sa);
    }
}

static void ue_result(int ok, const struct orec *r, const char *what, uint64_t want, uint64_t got)
{
    t_ue.compared++;
    if (ok) {
        t_ue.exact++;
        return;
    }
    if (t_ue.shown++ < 10)
        printf("util_est mismatch: %s (%s) cpu %u flags %#x: kernel %#" PRIx64 ", libpgov %#" PRIx64
               " (task ue pre %#x/%#x, util %" PRIu64 " runnable %" PRIu64 " cap %" PRIu64 ")\n",
               what, kind_name(r->kind), r->cpu, r->aux, want, got, r->pre.ue_enqueued,
               r->pre.ue_ewma, r->post.util_avg, r->post.runnable_avg, r->x[2]);
}

static struct pgov_util_est_rq ue_rq(uint32_t enqueued)
{
    struct pgov_util_est_rq rq;
    struct pgov_util_est_cfg cfg = { sizeof(cfg), PGOV_KVER_6_1, 0, 0 };
    if (pgov_util_est_init(&rq, &cfg)) {
        fprintf(stderr, "oracle_replay: util_est profile 6.1 refused\n");
        exit(2);
    }
    rq.enqueued = enqueued;
    return rq;
}

static void util_est_rows(const struct orec *r)
{
    if (r->kind == OREC_PELT_SE && r->ret == 1) {
        /* the entity's averages changed: UTIL_AVG_UNCHANGED is cleared */
        struct pgov_util_est_rq rq = ue_rq(0);
        struct pgov_util_est_task t = { r->pre.ue_enqueued, r->pre.ue_ewma };
        int e = pgov_util_est_util_changed(&rq, &t);
        ue_result(!e && t.enqueued == r->post.ue_enqueued && t.ewma == r->post.ue_ewma, r,
                  "util_changed", (uint64_t)r->post.ue_enqueued | (uint64_t)r->post.ue_ewma << 32,
                  (uint64_t)t.enqueued | (uint64_t)t.ewma << 32);
    } else if (r->kind == OREC_UE_ENQ || r->kind == OREC_UE_DEQ) {
        struct pgov_util_est_rq rq = ue_rq((uint32_t)r->x[0]);
        struct pgov_util_est_task t = { r->pre.ue_enqueued, r->pre.ue_ewma };
        int e = r->kind == OREC_UE_ENQ ? pgov_util_est_enqueue(&rq, &t)
                                       : pgov_util_est_dequeue(&rq, &t, 1);
        ue_result(!e && rq.enqueued == (uint32_t)r->x[1], r,
                  r->kind == OREC_UE_ENQ ? "rq sum enqueue" : "rq sum dequeue", r->x[1],
                  rq.enqueued);
        if (r->kind == OREC_UE_DEQ) {
            struct pgov_util_est_task u = { (uint32_t)r->x[3], (uint32_t)(r->x[3] >> 32) };
            e = pgov_util_est_update(&rq, &u, (r->aux & DEQUEUE_SLEEP) ? 1u : 0u,
                                     r->post.util_avg, r->post.runnable_avg, r->x[2]);
            ue_result(e >= 0 && u.enqueued == r->post.ue_enqueued && u.ewma == r->post.ue_ewma, r,
                      "ewma update",
                      (uint64_t)r->post.ue_enqueued | (uint64_t)r->post.ue_ewma << 32,
                      (uint64_t)u.enqueued | (uint64_t)u.ewma << 32);
        }
    }
}

int main(int argc, char **argv)
{
    FILE *f;
    struct orec r;
    char release[65] = "", version[65] = "", kernel[32] = "6.1.?";
    uint64_t n = 0, trailer[4] = { 0 };
    int have_trailer = 0;
    const char *p;

    if (argc != 2) {
        fprintf(stderr, "usage: oracle_replay CAPTURE\n");
        return 2;
    }
    f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    if (fread(&r, sizeof(r), 1, f) != 1 || r.kind != OREC_HEADER || r.x[0] != OREC_MAGIC ||
        r.x[1] != sizeof(r)) {
        fprintf(stderr, "%s:1: not an oracle capture (header, record size %zu)\n", argv[1],
                sizeof(r));
        return 2;
    }
    memcpy(release, &r.pre, 64);
    memcpy(version, &r.post, 64);
    /* "... Debian 6.1.192-3 ..." gives the upstream release 6.1.192 */
    if ((p = strstr(version, "Debian ")) != NULL && sscanf(p + 7, "%31[0-9.]", kernel) != 1)
        strcpy(kernel, "6.1.?");
    skip_reason[OREC_NONE] = "";
    while (fread(&r, sizeof(r), 1, f) == 1) {
        n++;
        if (r.kind == OREC_TRAILER) {
            memcpy(trailer, r.x, sizeof(trailer));
            have_trailer = 1;
            break;
        }
        if (r.kind >= OREC_PELT_SE && r.kind <= OREC_PELT_DL) {
            /* a signal whose prior state is in a state the kernel cannot be
             * in would be a capture fault; the library refuses it */
            pelt_row(&r);
            util_est_rows(&r);
        } else if (r.kind == OREC_UE_ENQ || r.kind == OREC_UE_DEQ) {
            util_est_rows(&r);
        } else {
            fprintf(stderr, "%s:%" PRIu64 ": unknown record kind %u\n", argv[1], n + 1, r.kind);
            return 2;
        }
    }
    fclose(f);
    if (!have_trailer) {
        fprintf(stderr, "%s: capture has no trailer (guest did not finish)\n", argv[1]);
        return 2;
    }
    printf("capture: Linux %s (%s), %" PRIu64 " records; not captured: %" PRIu64
           " (ring full), %" PRIu64 " (volume cap), %" PRIu64 " (kretprobe misses)\n",
           release, kernel, n - 1, trailer[1], trailer[2], trailer[3]);
    (void)skipped;
    printf("not compared: schedutil, ondemand, conservative: no capture yet (dummy cpufreq driver not built)\n");
    printf("oracle: pelt %" PRIu64 "/%" PRIu64 " util_est %" PRIu64 "/%" PRIu64
           " schedutil 0/0 ondemand 0/0 conservative 0/0 exact (kernel %s)\n",
           t_pelt.exact, t_pelt.compared, t_ue.exact, t_ue.compared, kernel);
    return t_pelt.exact == t_pelt.compared && t_ue.exact == t_ue.compared ? 0 : 1;
}
