/* SPDX-License-Identifier: BSD-2-Clause */
/* The self-test tables gen_vectors.sh writes into pgov_vectors.c. */
#ifndef PGOV_KVEC_H
#define PGOV_KVEC_H
#include <linux/types.h>

/* One vector row: its function (or table) name and up to four integer
 * columns as 64-bit two's-complement patterns, in the file's column order. */
struct pgov_kvec_row {
    const char *key;
    u64 v[4];
};

/* pstate_fixed.tsv: func | a b result */
extern const struct pgov_kvec_row pgov_kvec_fixed[];
extern const unsigned int pgov_kvec_fixed_n;
/* pelt_decay.tsv: val n result */
extern const struct pgov_kvec_row pgov_kvec_pelt_decay[];
extern const unsigned int pgov_kvec_pelt_decay_n;
/* pelt_segments.tsv: periods d1 d3 result */
extern const struct pgov_kvec_row pgov_kvec_pelt_segments[];
extern const unsigned int pgov_kvec_pelt_segments_n;
/* uclamp_bucket_id.tsv: nbuckets value bucket_id_cur bucket_id_v57 */
extern const struct pgov_kvec_row pgov_kvec_uclamp_bucket_id[];
extern const unsigned int pgov_kvec_uclamp_bucket_id_n;
/* ondemand.tsv, governor groups (ver/gov/scen): a start row, then hooks.
 * Inputs: hook time, CPU 0's counters; on start rows the limits, cur0 and
 * tunables; expected: whether the hook evaluated (fire) and policy->cur. */
struct pgov_kvec_dbs {
    const char *group;
    u8 start, cs;
    u64 t_ns;
    u32 wall_us, idle_us, iow_us, pmin, pmax, cur0, sr, up, sdf, iob, down, fstep, fire, cur;
};
extern const struct pgov_kvec_dbs pgov_kvec_dbs[];
extern const unsigned int pgov_kvec_dbs_n;

#endif
