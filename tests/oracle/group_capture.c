/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A synthetic oracle capture of task-group updates (OREC_GRP*, oracle_rec.h)
 * for oracle_replay's rules on them (group_check.sh): records of two CPUs
 * interleaved, a group entity with a propagation pending, a task attached
 * to a group's runqueue, one update whose "kernel" result differs in one
 * field (must be a mismatch), removed load queued by another CPU that the
 * update applied (recognised, not compared) or left pending (not
 * compared), an update whose clock was not seen and one with a record
 * missing. The "kernel" results are the library's own (pelt_group.h), as
 * in dbs_chain_capture.c: the rules under test are the replay's.
 * Usage: group_capture OUT.img (prints "expect: ..." for group_check.sh)
 */
#include <stdio.h>
#include <string.h>

#include "oracle_rec.h"
#include "synth_capture.h"
#include <pgov/kver.h>
#include <pgov/pelt_group.h>

static void avg_out(struct orec_avg *d, const struct pgov_pelt_avg *s)
{
    memset(d, 0, sizeof(*d));
    d->last_update_time = s->last_update_time;
    d->load_sum = s->load_sum;
    d->runnable_sum = s->runnable_sum;
    d->util_sum = s->util_sum;
    d->period_contrib = s->period_contrib;
    d->load_avg = s->load_avg;
    d->runnable_avg = s->runnable_avg;
    d->util_avg = s->util_avg;
}

static void scalars(uint64_t *g, const struct pgov_pelt_cfs *c)
{
    g[0] = c->removed_load;
    g[1] = c->removed_util;
    g[2] = c->removed_runnable;
    g[3] = c->removed_nr | (uint64_t)c->propagate << 32;
    g[4] = (uint64_t)c->prop_runnable_sum;
    g[5] = c->tg_load_contrib;
    g[6] = c->tg_last_update;
    g[7] = c->tg_runnable_contrib;
}

/* A state mid-run: P (the root) and G with signals, G's propagation pending. */
static void setup(struct pgov_pelt_cfs *p, struct pgov_pelt_se *se, struct pgov_pelt_cfs *g)
{
    if (pgov_pelt_group_cfs_init(p, 0) || pgov_pelt_group_cfs_init(g, 0) ||
        pgov_pelt_group_se_init(se, 1048576, 1, 0))
        return;
    p->avg = (struct pgov_pelt_avg){1000000000ull, 20000000, 18000000, 9000000, 300, 430, 390, 196, 0, 0};
    p->weight = 2097152;
    p->nr_runnable = 2;
    se->avg = (struct pgov_pelt_avg){1000000000ull, 8000000, 7000000, 4000000, 300, 170, 150, 85, 0, 0};
    se->runnable_weight = 1;
    se->on_rq = 1;
    g->avg = (struct pgov_pelt_avg){1000500000ull, 9000000, 9500000, 5000000, 700, 200, 205, 110, 0, 0};
    g->weight = 1048576;
    g->propagate = 1;
    g->prop_runnable_sum = 40000;
}

/* One update as 3 or 4 records on @cpu: pre from the objects, the library's
 * result as the kernel's post. @split: write only records [0, split). */
static int update(unsigned cpu, unsigned seq, int group, uint64_t now, uint32_t flags,
                  struct pgov_pelt_cfs *p, struct pgov_pelt_se *se, struct pgov_pelt_cfs *g,
                  struct orec *r)
{
    unsigned n = group ? 4 : 3, i;
    memset(r, 0, 4 * sizeof(*r));
    for (i = 0; i < n; i++) {
        r[i].kind = OREC_GRP + i;
        r[i].cpu = (uint8_t)cpu;
        r[i].aux = seq;
    }
    r[0].x[0] = now;
    r[0].x[1] = flags | n << 8 | 1u << 16 | 1u << 17; /* root, clock known */
    r[0].x[2] = p->weight;
    r[0].x[3] = p->nr_runnable | (uint64_t)p->has_curr << 32;
    avg_out(&r[0].pre, &p->avg);
    r[1].x[0] = se->weight;
    r[1].x[1] = se->runnable_weight;
    r[1].x[2] = se->on_rq | se->running << 1 | se->is_group << 2;
    avg_out(&r[1].pre, &se->avg);
    scalars(r[2].g, p);
    if (group) {
        r[3].x[0] = (uint64_t)g->prop_runnable_sum;
        r[3].x[2] = g->propagate;
        r[3].x[3] = g->weight;
        avg_out(&r[3].pre, &g->avg);
    }
    if (pgov_pelt_group_update_load_avg(PGOV_KVER_6_1, p, se, group ? g : NULL, now, flags) < 0)
        return -1;
    avg_out(&r[0].post, &p->avg);
    avg_out(&r[1].post, &se->avg);
    scalars(r[2].g + 8, p);
    if (group) {
        r[3].x[1] = (uint64_t)g->prop_runnable_sum;
        r[3].x[2] |= (uint64_t)g->propagate << 32;
        avg_out(&r[3].post, &g->avg);
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct pgov_pelt_cfs p, g, p1, g1;
    struct pgov_pelt_se se, t;
    struct orec a[4], b[4];
    unsigned i, cmp = 0, ok = 0;
    int e = 0;

    if (argc != 2 || synth_open(argv[1])) {
        fprintf(stderr, "usage: group_capture OUT.img\n");
        return 2;
    }
    e |= synth_header(192);
    /* 1. a group entity (propagation pending) on CPU 0 and a new task
     * attaching to a group runqueue on CPU 1, their records interleaved */
    setup(&p, &se, &g);
    e |= update(0, 1, 1, 1000700000ull, 1, &p, &se, &g, a);
    setup(&p1, &t, &g1);
    e |= pgov_pelt_group_se_init(&t, 1048576, 0, 0);
    t.on_rq = 1;
    e |= update(1, 1, 0, 1000800000ull, 5, &g1, &t, NULL, b);
    for (i = 0; i < 4; i++) {
        e |= synth_put(&a[i]);
        if (i < 3)
            e |= synth_put(&b[i]);
    }
    cmp += 2, ok += 2;
    /* 2. the same group update, its "kernel" util_avg one more: a mismatch */
    setup(&p, &se, &g);
    e |= update(0, 2, 1, 1000700000ull, 1, &p, &se, &g, a);
    a[0].post.util_avg++;
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    cmp++;
    /* 3. removed load another CPU queued after the entry snapshot, applied
     * by the update: the kernel's result is the library's with it */
    setup(&p, &se, &g);
    p.removed_load = 40, p.removed_util = 20, p.removed_runnable = 35, p.removed_nr = 1;
    e |= update(0, 3, 1, 1000700000ull, 1, &p, &se, &g, a);
    a[2].g[0] = a[2].g[1] = a[2].g[2] = 0, a[2].g[3] &= ~0xffffffffull; /* the entry had none */
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    /* 4. the same load still pending at return (queued after the read) */
    setup(&p, &se, &g);
    e |= update(0, 4, 1, 1000700000ull, 1, &p, &se, &g, a);
    a[2].g[8] = 40, a[2].g[11] |= 2; /* post: nr 2 */
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    /* 5. no clock seen; 6. the last record missing (the next head comes) */
    setup(&p, &se, &g);
    e |= update(0, 5, 1, 1000700000ull, 1, &p, &se, &g, a);
    a[0].x[1] &= ~(1ull << 17);
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    setup(&p, &se, &g);
    e |= update(0, 6, 1, 1000700000ull, 1, &p, &se, &g, a);
    for (i = 0; i < 3; i++)
        e |= synth_put(&a[i]);
    setup(&p, &se, &g);
    e |= update(0, 7, 1, 1000700000ull, 1, &p, &se, &g, a);
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    cmp++, ok++;
    /* 8. a remove overlapped the update (flagged), 9. the remove probe
     * missed a call during it: neither compared, though both differ */
    setup(&p, &se, &g);
    e |= update(0, 8, 1, 1000700000ull, 1, &p, &se, &g, a);
    a[0].x[1] |= 1ull << 18, a[0].post.util_avg++;
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    setup(&p, &se, &g);
    e |= update(0, 9, 1, 1000700000ull, 1, &p, &se, &g, a);
    a[0].x[1] |= 1ull << 19, a[0].post.util_avg++;
    for (i = 0; i < 4; i++)
        e |= synth_put(&a[i]);
    e |= synth_close(0);
    if (e) {
        fprintf(stderr, "group_capture: cannot write %s\n", argv[1]);
        return 1;
    }
    printf("expect: groups %u/%u no_clock 1 broken 1 pending 1 applied 1 marked 1 missed 1\n", ok, cmp);
    return 0;
}
