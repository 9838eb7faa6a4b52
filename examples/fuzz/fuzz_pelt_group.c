/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Task-group PELT fuzz harness: bytes -> a sequence of pelt_group.h calls on
 * a small hierarchy (root and one group on one CPU, the group entity, two
 * tasks, the group), with fields of the objects overwritten by the input
 * between calls (so invalid states, wild weights and flags reach the
 * validation). Checked after every call:
 *  - an error leaves every object byte-for-byte unchanged;
 *  - a success returns what the header documents (0/1, or result bits
 *    0..3), and a call on objects the library itself set up from valid
 *    arguments never fails;
 *  - UBSan/ASan (fuzz preset) see no undefined behaviour or bad access.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/pelt_group.h>
#include "fuzz_input.h"

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "fuzz_pelt_group: invariant failed, line %d: %s\n", __LINE__, #c);    \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

struct world {
    struct pgov_pelt_cfs root, grq;
    struct pgov_pelt_se gse, task[2];
    struct pgov_pelt_tg tg;
};

static const uint32_t kvers[8] = {0,
                                  PGOV_KVER_6_1,
                                  PGOV_KVER_6_12,
                                  PGOV_KVER_7_0,
                                  PGOV_KVER_7_3,
                                  PGOV_KVER(6, 6),
                                  PGOV_KVER(5, 15),
                                  PGOV_KVER(99, 0)};

/* Overwrite one field of one object with input bytes (invalid states too). */
static void corrupt(struct world *w, struct fuzz_in *in)
{
    unsigned what = (unsigned)fuzz_take(in, 1);
    uint64_t v = fuzz_take(in, 8);
    struct pgov_pelt_cfs *c = (what & 1) ? &w->grq : &w->root;
    struct pgov_pelt_se *se = (what & 2) ? &w->task[(what >> 2) & 1] : &w->gse;
    switch ((what >> 3) % 12) {
    case 0: c->weight = v; break;
    case 1: c->nr_runnable = v & 0xff; break;
    case 2: c->has_curr = (uint32_t)v & 3; break;
    case 3: c->avg.period_contrib = (uint32_t)v & 0x7ff; break;
    case 4: c->avg.util_avg = v; c->avg.util_sum = (uint32_t)(v >> 20); break;
    case 5: c->avg.load_avg = v; c->avg.load_sum = v * 3; break;
    case 6: se->weight = v; break;
    case 7: se->on_rq = (uint32_t)v & 3; se->running = (uint32_t)(v >> 2) & 1; break;
    case 8: se->avg.load_avg = v >> 8; se->avg.util_avg = v & 0xfff; break;
    case 9: w->tg.shares = v; w->tg.mode = (uint32_t)(v >> 60); break;
    case 10: w->tg.load_avg = (int64_t)v; w->tg.runnable_avg = (int64_t)(v >> 3); break;
    default: c->avg.halflife = ((uint32_t)v & 1) ? 16 : 0; break;
    }
}

/* One API call chosen by the input; returns its result. */
static int call(struct world *w, struct fuzz_in *in, uint32_t kver, uint64_t now)
{
    unsigned op = (unsigned)fuzz_take(in, 1);
    struct pgov_pelt_se *t = &w->task[op >> 7];
    uint64_t out = 0;
    switch (op % 13) {
    case 0: return pgov_pelt_group_update_load_avg(kver, &w->root, &w->gse, &w->grq, now,
                                                   (uint32_t)fuzz_take(in, 1) & 31);
    case 1: return pgov_pelt_group_update_load_avg(kver, &w->grq, t, NULL, now,
                                                   (uint32_t)fuzz_take(in, 1) & 31);
    case 2: return pgov_pelt_group_update_cfs(kver, (op & 16) ? &w->grq : &w->root, now);
    case 3: return pgov_pelt_group_propagate(kver, &w->root, &w->gse, &w->grq);
    case 4: return pgov_pelt_group_attach(kver, &w->grq, t);
    case 5: return pgov_pelt_group_detach(kver, &w->grq, t);
    case 6: return pgov_pelt_group_remove(&w->grq, t);
    case 7: return pgov_pelt_group_update_shares(kver, &w->root, &w->gse, &w->grq, &w->tg);
    case 8: return pgov_pelt_group_update_tg(kver, &w->tg, &w->grq, now);
    case 9: return pgov_pelt_group_blocked(kver, &w->grq, &w->gse, &w->root, now);
    case 10: return pgov_pelt_group_reweight(kver, &w->grq, t, fuzz_take(in, 4));
    case 11: return pgov_pelt_group_shares(kver, &w->tg, &w->grq, &out);
    default: return pgov_pelt_group_post_init(kver, t, &w->grq, (uint32_t)fuzz_take(in, 2) & 2047);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_in in = {data, size};
    struct world w, before;
    uint64_t now = fuzz_take(&in, 4) << 10;

    memset(&w, 0, sizeof(w));
    CHECK(pgov_pelt_group_cfs_init(&w.root, 0) == PGOV_OK);
    CHECK(pgov_pelt_group_cfs_init(&w.grq, 0) == PGOV_OK);
    CHECK(pgov_pelt_group_se_init(&w.gse, 1048576, 1, 0) == PGOV_OK);
    CHECK(pgov_pelt_group_se_init(&w.task[0], 1048576, 0, 0) == PGOV_OK);
    CHECK(pgov_pelt_group_se_init(&w.task[1], 15360, 0, 0) == PGOV_OK);
    w.tg.shares = 1048576;
    w.tg.cpus = 2;
    /* a valid set-up never fails */
    CHECK(pgov_pelt_group_update_load_avg(0, &w.root, &w.gse, &w.grq, now, 4) >= 0);
    CHECK(pgov_pelt_group_update_load_avg(0, &w.grq, &w.task[0], NULL, now, 5) >= 0);

    for (int steps = 0; steps < 64 && in.n; steps++) {
        uint32_t kver = kvers[fuzz_take(&in, 1) & 7];
        int rc;
        now += fuzz_take(&in, 3) << 4;
        if ((fuzz_take(&in, 1) & 7) == 0)
            corrupt(&w, &in);
        before = w;
        rc = call(&w, &in, kver, now);
        if (rc < 0)
            CHECK(memcmp(&w, &before, sizeof(w)) == 0);
        else
            CHECK(rc <= 3);
    }
    return 0;
}
