/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the intel_pstate tests share (test_pstate*.c): configs, instances
 * on the fake CPU of tests/util/fake_hw.c, and a step of simulated time.
 */
#ifndef PSTATE_FIXTURE_H
#define PSTATE_FIXTURE_H

#define PGOV_EXPERIMENTAL 1 /* exercises the experimental variants too */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/pgov.h>

#include "fake_hw.h"

#define MS 1000000ull

/* ---- helpers --------------------------------------------------------- */

static _Alignas(8) unsigned char storage[2][1024];

static inline struct pgov_pstate_config cfg_for(uint32_t policy, uint32_t kver)
{
    struct pgov_pstate_config c;
    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    c.policy = policy;
    c.kver = kver;
    return c;
}

static inline struct pgov_pstate *mk(int slot, const struct pgov_pstate_config *c, struct fake_hw *f)
{
    struct pgov_pstate *g = NULL;
    assert_true(pgov_pstate_size() <= sizeof(storage[0]));
    assert_int_equal(pgov_pstate_init(storage[slot], sizeof(storage[0]), c, &fake_hw_ops, f, &g),
                     0);
    assert_ptr_equal(g, storage[slot]);
    return g;
}

static inline struct pgov_pstate_status status(const struct pgov_pstate *g)
{
    struct pgov_pstate_status s;
    assert_int_equal(pgov_pstate_get_status(g, &s), 0);
    return s;
}

/* One scheduler tick-ish step: run @dt, then call the hook or the timer. */
static inline void step(struct pgov_pstate *g, struct fake_hw *f, uint64_t dt, uint32_t flags)
{
    uint64_t next;
    fake_hw_run(f, dt, 0);
    struct pgov_pstate_status s = status(g);
    if (s.profile == PGOV_PSTATE_PROF_PID_4_5 || s.profile == PGOV_PSTATE_PROF_ATOM_4_5) {
        assert_int_equal(pgov_pstate_timer(g, f->now_ns, &next), 0);
        /* 10 ms is re-armed as 3 jiffies at the default HZ=250. */
        assert_int_equal(next, f->now_ns + 12 * MS);
    } else {
        assert_int_equal(pgov_pstate_update(g, f->now_ns, flags), 0);
    }
    s = status(g);
    /* Invariant: the P-state in force is the one last written, within bounds
     * (lo > hi resolves to hi). */
    assert_int_equal(s.pstate, f->pstate);
    uint32_t lo = s.lo > s.hi ? s.hi : s.lo;
    if (f->nwrites > 1) {
        assert_true(s.pstate >= lo);
        assert_true(s.pstate <= s.hi);
    }
    assert_int_equal(f->other_cpu_calls, 0);
}

#endif
