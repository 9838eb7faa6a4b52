/* SPDX-License-Identifier: BSD-2-Clause */
/* The adapter table: one entry per vector format, in module order. */
#include "replay.h"

/* Each module's replay_<module>.c defines its adapters; declare them here. */
extern const struct replay_adapter replay_pelt_decay, replay_pelt_segments, replay_pelt_trace;
extern const struct replay_adapter replay_util_est;
/* pstate */
extern const struct replay_adapter replay_adapter_pstate_fixed;
extern const struct replay_adapter replay_adapter_pstate_pid;
extern const struct replay_adapter replay_adapter_pstate_load;
extern const struct replay_adapter replay_adapter_pstate_hwp_boost;
extern const struct replay_adapter replay_adapter_sugov_iowait;

extern const struct replay_adapter replay_adapter_ondemand; /* replay_dbs.c */
extern const struct replay_adapter replay_uclamp, replay_uclamp_bucket_id;

const struct replay_adapter *const replay_adapters[] = {
    &replay_pelt_decay, &replay_pelt_segments, &replay_pelt_trace, /* pelt */
    &replay_util_est,                                               /* util_est */
    &replay_adapter_pstate_fixed,
    &replay_adapter_pstate_pid,
    &replay_adapter_pstate_load,
    &replay_adapter_pstate_hwp_boost,
    &replay_adapter_sugov_iowait,
    &replay_adapter_ondemand,
    &replay_uclamp,
    &replay_uclamp_bucket_id,
    NULL,
};
