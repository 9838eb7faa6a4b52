/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host replay of pgov_governor.ko's log (tests/oracle/gov_replay.c): the
 * library's own schedutil ran as the guest's cpufreq governor; its recorded
 * inputs are replayed open loop through the public API and every decision
 * is compared with the one made in the kernel.
 */
#ifndef PGOV_ORACLE_GOV_REPLAY_H
#define PGOV_ORACLE_GOV_REPLAY_H

#include <pgov/freq_table.h>
#include "oracle_rec.h"

/* Keep one OREC_PGOV_SUGOV record (records of a policy arrive through
 * several CPUs' rings, so they are ordered before the replay). */
void gov_replay_collect(const struct orec *r);

/* Replay everything collected with the driver's table @t; prints the
 * "govmod:" lines. Returns 0 when there was at least one decision and all
 * were equal, 1 otherwise. */
int gov_replay_report(const struct pgov_freq_table *t);

#endif
