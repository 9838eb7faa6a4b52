/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: PELT constant tables (docs/spec/sched.md 1.2, 1.3, 1.10).
 *
 * Literal constants, not computed: the kernel ships them as literals, and the
 * generator that produced them uses floating point, which lib/ must not. The
 * test tests/test_pelt.c re-derives every entry with its own arithmetic and
 * checks these values.
 *
 * pgov_pelt_y32[i] ~ (2^32 - 1) * y^i with y^32 = 1/2 (mainline, every kernel
 * from v3.x to v6.18). The Android half-life 16 and 8 tables are the even and
 * every-fourth entries of the same table, as Android's generated headers
 * carry them; their LOAD_AVG_MAX values are Android's literals (24130, 12336).
 */
#ifndef PGOV_INTERNAL_PELT_TABLES_H
#define PGOV_INTERNAL_PELT_TABLES_H

#include "deps.h"

static const uint32_t pgov_pelt_y32[32] = {
    0xffffffffu, 0xfa83b2dau, 0xf5257d14u, 0xefe4b99au, 0xeac0c6e6u, 0xe5b906e6u, 0xe0ccdeebu,
    0xdbfbb796u, 0xd744fcc9u, 0xd2a81d91u, 0xce248c14u, 0xc9b9bd85u, 0xc5672a10u, 0xc12c4cc9u,
    0xbd08a39eu, 0xb8fbaf46u, 0xb504f333u, 0xb123f581u, 0xad583ee9u, 0xa9a15ab4u, 0xa5fed6a9u,
    0xa2704302u, 0x9ef5325fu, 0x9b8d39b9u, 0x9837f050u, 0x94f4efa8u, 0x91c3d373u, 0x8ea4398au,
    0x8b95c1e3u, 0x88980e80u, 0x85aac367u, 0x82cd8698u,
};

static const uint32_t pgov_pelt_y16[16] = {
    0xffffffffu, 0xf5257d14u, 0xeac0c6e6u, 0xe0ccdeebu, 0xd744fcc9u, 0xce248c14u,
    0xc5672a10u, 0xbd08a39eu, 0xb504f333u, 0xad583ee9u, 0xa5fed6a9u, 0x9ef5325fu,
    0x9837f050u, 0x91c3d373u, 0x8b95c1e3u, 0x85aac367u,
};

static const uint32_t pgov_pelt_y8[8] = {
    0xffffffffu, 0xeac0c6e6u, 0xd744fcc9u, 0xc5672a10u,
    0xb504f333u, 0xa5fed6a9u, 0x9837f050u, 0x8b95c1e3u,
};

/*
 * pgov_pelt_tail32[n] = (u32)(47742 - decay(47742, n) - 1024) for n < 32:
 * the middle segment of pgov_pelt_segments() when no halving shift applies,
 * so the common one-to-31-period update needs no multiply for it. Entry 0
 * is the u32 wrap of -1023 (segments() with periods 0, never used by an
 * update). tests/test_pelt.c recomputes every entry.
 */
static const uint32_t pgov_pelt_tail32[32] = {
    0xfffffc01u, 0, 1001, 1980, 2939, 3877, 4795, 5693, 6572, 7433, 8274,
    9098, 9904, 10693, 11465, 12221, 12960, 13683, 14391, 15084, 15762, 16425,
    17074, 17709, 18331, 18939, 19534, 20117, 20687, 21245, 21791, 22325,
};

/* One half-life's parameters. */
struct pgov_pelt_hl {
    const uint32_t *y; /* inverse table, `period` entries */
    uint32_t period;   /* LOAD_AVG_PERIOD: half-life in periods */
    uint32_t shift;    /* log2(period) */
    uint32_t max;      /* LOAD_AVG_MAX */
    uint32_t cutoff;   /* decay to 0 beyond period * 63 periods */
};

static const struct pgov_pelt_hl pgov_pelt_hls[3] = {
    {pgov_pelt_y32, 32, 5, 47742, 32 * 63},
    {pgov_pelt_y16, 16, 4, 24130, 16 * 63},
    {pgov_pelt_y8, 8, 3, 12336, 8 * 63},
};

#endif
