/* SPDX-License-Identifier: BSD-2-Clause */
/* The uclamp rows of an oracle capture (OREC_UCLAMP, pgov_uclamp.ko),
 * recomputed through pgov_uclamp_* (tests/oracle/uclamp_replay.c). */
#ifndef PGOV_ORACLE_UCLAMP_REPLAY_H
#define PGOV_ORACLE_UCLAMP_REPLAY_H
#include <stdint.h>
#include "oracle_rec.h"

struct uclamp_tally {
    uint64_t compared, exact;
    uint64_t unused;       /* uclamp not in use yet (static key off): no change expected, compared */
    uint64_t transition;   /* rows counted while the key still read 0 (being switched on) */
    uint64_t rt_stale;     /* RT tasks whose stored MIN request is not the current RT default */
    uint64_t skipped;      /* not compared: a state the module's snapshot cannot rebuild */
    uint64_t moved;        /* not compared: a clamp input changed during the call (OREC_F_MOVED) */
    uint64_t delayed_enq;  /* enqueues of a task delayed at entry (compared as the kernel chose) */
    uint64_t ops[2];       /* rows compared per op: enqueue (inc), dequeue (dec) */
    uint64_t changed;      /* compared rows whose rq or task clamp state changed */
    unsigned shown;
};
extern struct uclamp_tally uclamp_tally;

/* One OREC_UCLAMP record of a capture of kernel @kver (5 buckets). */
void uclamp_row(const struct orec *r, uint32_t kver);

#endif
