/* SPDX-License-Identifier: BSD-2-Clause */
/* The adapter table: one entry per vector format, in module order. */
#include "replay.h"

/* Each module's replay_<module>.c defines its adapters; declare them here. */
extern const struct replay_adapter replay_uclamp, replay_uclamp_bucket_id;

const struct replay_adapter *const replay_adapters[] = {
    &replay_uclamp,
    &replay_uclamp_bucket_id,
    NULL,
};
