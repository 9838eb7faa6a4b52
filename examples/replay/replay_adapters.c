/* SPDX-License-Identifier: BSD-2-Clause */
/* The adapter table: one entry per vector format, in module order. */
#include "replay.h"

extern const struct replay_adapter replay_pelt_decay, replay_pelt_segments,
    replay_pelt_trace;                                                     /* replay_pelt.c */
extern const struct replay_adapter replay_util_est;                       /* replay_util_est.c */
extern const struct replay_adapter replay_uclamp, replay_uclamp_bucket_id; /* replay_uclamp.c */
extern const struct replay_adapter replay_adapter_ondemand;               /* replay_dbs.c */
/* replay_pstate.c */
extern const struct replay_adapter replay_adapter_pstate_fixed;
extern const struct replay_adapter replay_adapter_pstate_pid;
extern const struct replay_adapter replay_adapter_pstate_load;
extern const struct replay_adapter replay_adapter_pstate_hwp_boost;
extern const struct replay_adapter replay_linux_pelt_adapter,
    replay_linux_util_est_adapter; /* replay_linux.c */
extern const struct replay_adapter replay_linux_sugov_adapter, replay_linux_sugov_minmax_adapter,
    replay_linux_sugov_capped_adapter,
    replay_linux_dbs_adapter; /* replay_linux_gov.c */
extern const struct replay_adapter replay_adapter_sugov_iowait,
    replay_adapter_sugov_clamp, replay_adapter_sugov_kver; /* replay_sugov.c */
extern const struct replay_adapter replay_adapter_pelt_group; /* replay_pelt_group.c */
extern const struct replay_adapter replay_linux_pelt_group_adapter; /* replay_linux_group.c */

const struct replay_adapter *const replay_adapters[] = {
    &replay_pelt_decay,
    &replay_pelt_segments,
    &replay_pelt_trace,
    &replay_util_est,
    &replay_uclamp,
    &replay_uclamp_bucket_id,
    &replay_adapter_ondemand,
    &replay_adapter_pstate_fixed,
    &replay_adapter_pstate_pid,
    &replay_adapter_pstate_load,
    &replay_adapter_pstate_hwp_boost,
    &replay_adapter_sugov_iowait,
    &replay_linux_pelt_adapter,
    &replay_linux_util_est_adapter,
    &replay_linux_sugov_adapter,
    &replay_linux_sugov_minmax_adapter,
    &replay_linux_sugov_capped_adapter,
    &replay_linux_dbs_adapter,
    &replay_adapter_sugov_clamp,
    &replay_adapter_sugov_kver,
    &replay_adapter_pelt_group,
    &replay_linux_pelt_group_adapter,
    NULL,
};
