/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the schedutil instance tests share (test_sugov.c,
 * test_sugov_kver.c): configs and instances on the fake CPU.
 */
#ifndef SUGOV_FIXTURE_H
#define SUGOV_FIXTURE_H

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

static _Alignas(8) unsigned char mem[512];

static inline struct pgov_sugov_config cfg(void)
{
    struct pgov_sugov_config c;
    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    return c;
}

static inline struct pgov_sugov *mk(const struct pgov_sugov_config *c, struct fake_hw *f)
{
    struct pgov_sugov *g = NULL;
    assert_true(pgov_sugov_size() <= sizeof(mem));
    assert_int_equal(pgov_sugov_init(mem, sizeof(mem), c, &fake_hw_ops, f, &g), 0);
    return g;
}

static inline struct pgov_sugov_status status(const struct pgov_sugov *g)
{
    struct pgov_sugov_status s;
    assert_int_equal(pgov_sugov_get_status(g, &s), 0);
    return s;
}

/* A 4 GHz part (max_cap 1024, policy 0.4 .. 4 GHz) for the v6.8+ layer. */
static const struct pgov_sugov_params p4g = {PGOV_SUGOV_DEFAULT_RATE_LIMIT_NS, 4 * MS, 1024,
                                             4000000, 400000, 4000000, 0, 0};

/* sugov_start's state and an input with nothing set but its size. */
static inline void start4g(struct pgov_sugov_state *s, struct pgov_sugov_input *in)
{
    memset(s, 0, sizeof(*s));
    memset(in, 0, sizeof(*in));
    in->size = sizeof(*in);
}

#endif
