/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * util_est fuzz harness: bytes -> a profile (v6.18, v6.9, v5.13, v5.7, v4.17, each
 * with or without PGOV_UTIL_EST_EVERY_DEQUEUE) and a sequence of enqueue /
 * dequeue+update / PELT-update events for up to 4 tasks on one CPU, in the
 * kernel's order (a task is updated only after it left the runqueue).
 * Checked after every event:
 *  - the CPU sum equals the sum of the queued tasks' contributions (their
 *    contributions cannot change while they are queued);
 *  - estimates stay within what the samples allow (contribution <= 1025);
 *  - the UTIL_AVG_UNCHANGED gate: with the flag set (and the option off) an
 *    update changes nothing and returns 0; a stored sample sets the flag;
 *  - v6.18: the task value equals a plain model of spec 2.3;
 *  - invalid calls return an error and change nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/util_est.h>

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "fuzz_util_est: invariant failed, line %d: %s\n", __LINE__, #c);      \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#define NT 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint32_t kvers[8] = {PGOV_KVER_6_18, PGOV_KVER_6_9,  PGOV_KVER_5_7,
                                      PGOV_KVER_4_17, PGOV_KVER_5_13, PGOV_KVER_6_1,
                                      PGOV_KVER_6_8,  PGOV_KVER_5_12};
    struct pgov_util_est_cfg cfg = {sizeof(cfg), 0, 0, 0};
    struct pgov_util_est_rq rq, rq0;
    struct pgov_util_est_task t[NT], t0;
    uint32_t model[NT] = {0};
    int queued[NT] = {0};
    size_t i = 0;

    if (size < 1)
        return 0;
    cfg.kver = kvers[(data[0] & 3) | ((data[0] >> 3) & 4)];
    cfg.flags = (data[0] >> 2) & 1 ? PGOV_UTIL_EST_EVERY_DEQUEUE : 0;
    CHECK(pgov_util_est_init(&rq, &cfg) == PGOV_OK);
    int v6 = cfg.kver >= PGOV_KVER_6_8, every = cfg.flags != 0;
    /* UTIL_AVG_UNCHANGED: bit 31 from v5.13, bit 0 before. */
    uint32_t flag = cfg.kver >= PGOV_KVER_5_13 ? PGOV_UTIL_EST_UNCHANGED
                                               : PGOV_UTIL_EST_UNCHANGED_OLD;
    int plain_model = cfg.kver == PGOV_KVER_6_18 && !every;
    memset(t, 0, sizeof(t));
    i = 1;

    while (i + 3 < size) {
        uint8_t op = data[i], a = data[i + 1], b = data[i + 2], c = data[i + 3];
        uint32_t k = op & (NT - 1), util = ((uint32_t)a << 8 | b) % 1100;
        uint64_t runnable = util + (c & 31), cap = 160 + (uint64_t)c * 4;
        i += 4;
        switch ((op >> 2) & 3) {
        case 0: /* enqueue (if not queued) */
            if (queued[k])
                break;
            CHECK(pgov_util_est_enqueue(&rq, &t[k]) == PGOV_OK);
            queued[k] = 1;
            break;
        case 1: { /* dequeue, then update (sleep or not) */
            if (!queued[k])
                break;
            uint32_t nr = 0, sleep = (op >> 4) & 1;
            queued[k] = 0;
            for (int j = 0; j < NT; j++)
                nr += (uint32_t)queued[j];
            CHECK(pgov_util_est_dequeue(&rq, &t[k], nr) == PGOV_OK);
            t0 = t[k];
            int r = pgov_util_est_update(&rq, &t[k], sleep, util, runnable, cap);
            CHECK(r == 0 || r == 1);
            int old_v417_every = !v6 && every && cfg.kver == PGOV_KVER_4_17;
            if (!sleep || ((t0.enqueued & flag) && !every))
                CHECK(r == 0 && memcmp(&t0, &t[k], sizeof(t0)) == 0);
            if (r == 1 && !old_v417_every)
                CHECK(t[k].enqueued & flag);
            if (plain_model && sleep && !(model[k] & 0x80000000u)) {
                uint32_t e = model[k];
                if (e <= util)
                    e = util;
                else if (e - util >= 10 && util + 10 >= runnable)
                    e = (3 * e + util) / 4;
                model[k] = e | 0x80000000u;
            }
            break;
        }
        case 2: /* the task's PELT averages were recomputed */
            CHECK(pgov_util_est_util_changed(&rq, &t[k]) == PGOV_OK);
            model[k] &= 0x7fffffffu;
            break;
        default: { /* invalid calls change nothing */
            uint64_t v = 0;
            rq0 = rq;
            t0 = t[k];
            CHECK(pgov_util_est_update(&rq, &t[k], 2, util, runnable, cap) == PGOV_EINVAL);
            CHECK(pgov_util_est_update(&rq, &t[k], 1, 0x80000000u + a, runnable, cap) ==
                  PGOV_EINVAL);
            CHECK(pgov_util_est_enqueue(&rq, NULL) == PGOV_EINVAL);
            CHECK(pgov_util_est_cpu_util(&rq, util, cap, &v) == PGOV_OK);
            CHECK(v <= cap && (v >= util || v == cap) && (v >= rq.enqueued || v == cap));
            CHECK(memcmp(&rq, &rq0, sizeof(rq)) == 0 && memcmp(&t0, &t[k], sizeof(t0)) == 0);
            break;
        }
        }

        uint32_t sum = 0;
        for (int j = 0; j < NT; j++) {
            uint32_t cj;
            uint64_t est;
            CHECK(pgov_util_est_task_contrib(&rq, &t[j], &cj) == PGOV_OK);
            CHECK(cj <= 1099 + 1); /* utils are < 1100; old profiles add bit 0 */
            CHECK(pgov_util_est_task_util_est(&rq, &t[j], util, &est) == PGOV_OK);
            CHECK(est == (util > cj ? util : cj));
            if (queued[j])
                sum += cj;
            if (plain_model)
                CHECK(t[j].enqueued == model[j] && t[j].ewma == 0);
        }
        CHECK(rq.enqueued == sum);
    }
    return 0;
}
