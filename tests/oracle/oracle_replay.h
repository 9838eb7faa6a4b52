/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The oracle's host replay, shared between its parts: oracle_replay.c (the
 * file passes, the TSV files, the report and gate), oracle_signal.c (PELT
 * and util_est rows) and oracle_gov.c (schedutil, ondemand and conservative
 * rows). One process, one capture: the state is plain file-scope data.
 */
#ifndef PGOV_ORACLE_REPLAY_H
#define PGOV_ORACLE_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "oracle_rec.h"
#include "replay_linux.h"
#include <pgov/freq_table.h>

struct tally {
    uint64_t compared, exact;
    unsigned shown;
};

/* The guest's series (kver_of: 6.1, 6.12 or 7.3) and stable update z (stable_of). */
extern uint32_t kver, kver_stable;

/* ---- PELT and util_est (oracle_signal.c) ---- */
extern struct tally t_pelt, t_ue;
extern uint64_t ue_not_called, ue_not_called_moved; /* 6.12+: skipped enqueue/dequeue */
/* --tsv: a sample of the rows, spread evenly over each flavour/op */
extern FILE *tsv_pelt, *tsv_ue;
extern uint64_t seen_pelt[REPLAY_LINUX_NFLAVOURS], seen_ue[REPLAY_LINUX_UE_NOPS];
extern uint64_t stride_pelt[REPLAY_LINUX_NFLAVOURS], stride_ue[REPLAY_LINUX_UE_NOPS];
/* counting = 1 only counts rows per flavour/op (for the TSV strides). */
void pelt_row(const struct orec *r, int counting);
void util_est_rows(const struct orec *r, int counting);

/* ---- task-group hierarchy (oracle_group.c): update_load_avg rows ---- */
extern struct tally t_grp;
/* --tsv: a sample of the compared rows, spread over their kinds
 * (replay_linux_group_kind; counted in the counting pass) */
extern FILE *tsv_grp;
extern uint64_t seen_grp[REPLAY_LINUX_GROUP_NKINDS], stride_grp[REPLAY_LINUX_GROUP_NKINDS];
void group_pass_begin(void); /* no update half assembled (each pass starts clean) */
/* one OREC_GRP* record (assembled per CPU); counting = 1 only counts rows per kind */
void group_row(const struct orec *r, int counting);
void group_report(void); /* the "groups:" line of what was seen and skipped */

/* ---- governors (oracle_gov.c): records of the dummy cpufreq driver's policies ---- */
#define DUMMY_TABLE_LEN 5
extern const struct pgov_freq_entry dummy_table[DUMMY_TABLE_LEN]; /* pgov_oracle_gov.c's */
extern const char *const dbs_names[2];
extern struct tally t_sugov, t_dbs[2];
extern uint64_t dbs_skipped[2], dbs_starts[2], sugov_skipped, dbs_seen[2], sugov_seen, sugov_dl_bw;
extern uint64_t tunable_stores[2], dbs_raced[2];
/* --tsv: governor vectors (schedutil every stride-th callback; ondemand and
 * conservative whole chains of policy 0 until the row budget is spent). */
extern FILE *tsv_sugov, *tsv_dbs[2];
extern uint64_t uclamp_seen; /* counting pass: uclamp rows (the schedutil TSV gets "capped") */
extern uint64_t sugov_count[4], sugov_stride[4], tsv_rows;
void dbs_init(void); /* no dbs instance on any policy yet */
void dbs_row(const struct orec *r);
void sugov_row(const struct orec *r, int counting);

#endif
