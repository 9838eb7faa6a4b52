/* SPDX-License-Identifier: BSD-2-Clause */
/* The adapter table: one entry per vector format, in module order. */
#include "replay.h"

extern const struct replay_adapter replay_uclamp, replay_uclamp_bucket_id; /* replay_uclamp.c */
extern const struct replay_adapter replay_adapter_ondemand;               /* replay_dbs.c */

const struct replay_adapter *const replay_adapters[] = {
    &replay_uclamp,
    &replay_uclamp_bucket_id,
    &replay_adapter_ondemand,
    NULL,
};
