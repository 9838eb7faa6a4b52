/* SPDX-License-Identifier: BSD-2-Clause */
/* The adapter table: one entry per vector format, in module order. */
#include "replay.h"

/* Each module's replay_<module>.c defines its adapters; declare them here. */

const struct replay_adapter *const replay_adapters[] = {
    NULL,
};
