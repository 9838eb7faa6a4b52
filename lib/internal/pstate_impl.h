/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: what lib/pstate.c shares with the instance (lib/pstate_gov.c). */
#ifndef PGOV_INTERNAL_PSTATE_IMPL_H
#define PGOV_INTERNAL_PSTATE_IMPL_H

#include "deps.h"
#include "pgov/pstate.h"
#include "pgov/core/pstate.h"

/* pgov_pstate_decide() without validation or copy: @st is modified even
 * when PGOV_EDOM is returned, so callers work on a copy. */
int pgov_pstate_decide_unchecked(const struct pgov_pstate_params *prm, const struct pgov_hw_limits *plat,
                       const struct pgov_pstate_bounds *b, struct pgov_pstate_state *st,
                       const struct pgov_pstate_input *in, struct pgov_pstate_result *res);

#endif
