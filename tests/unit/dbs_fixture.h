/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the ondemand / conservative tests share (test_dbs*.c): the frequency
 * tables, configs and helpers that build and step an instance.
 */
#ifndef DBS_FIXTURE_H
#define DBS_FIXTURE_H

#define PGOV_EXPERIMENTAL 1 /* exercises the experimental variants too */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <pgov/dbs.h>
#include <pgov/kver.h>

#include "fake_idle.h"

static _Alignas(16) unsigned char mem[2048];

/* T24: 1.6 .. 3.9 GHz in 100 MHz steps (IvyBridge-like). */
static struct pgov_freq_entry t24[24];

static inline int setup_tables(void **state)
{
    (void)state;
    for (uint32_t i = 0; i < 24; i++)
        t24[i] = (struct pgov_freq_entry){1600000 + 100000 * i, 0};
    return 0;
}

static inline struct pgov_dbs_config base_cfg(uint32_t gov, uint32_t kver)
{
    struct pgov_dbs_config c;
    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    c.gov = gov;
    c.kver = kver;
    c.table = t24;
    c.table_len = 24;
    c.cur_khz = 1600000;
    return c;
}

static inline struct pgov_dbs_status state_of(const struct pgov_dbs *g)
{
    struct pgov_dbs_status st;
    assert_int_equal(pgov_dbs_get_status(g, &st), PGOV_OK);
    return st;
}

static inline struct pgov_hw_idle snap(uint64_t wall, uint64_t idle)
{
    return (struct pgov_hw_idle){wall, idle, 0, 0};
}

#endif
