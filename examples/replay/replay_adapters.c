/* SPDX-License-Identifier: BSD-2-Clause */
/* The adapter table: one entry per vector format, in module order. */
#include "replay.h"

/* Each module's replay_<module>.c defines its adapters; declare them here. */
extern const struct replay_adapter replay_pelt_decay, replay_pelt_segments, replay_pelt_trace;
extern const struct replay_adapter replay_util_est;

const struct replay_adapter *const replay_adapters[] = {
    &replay_pelt_decay, &replay_pelt_segments, &replay_pelt_trace, /* pelt */
    &replay_util_est,                                               /* util_est */
    NULL,
};
