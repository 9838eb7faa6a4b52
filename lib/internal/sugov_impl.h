/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: what lib/sugov.c shares with the schedutil instance (sugov_gov.c). */
#ifndef PGOV_INTERNAL_SUGOV_IMPL_H
#define PGOV_INTERNAL_SUGOV_IMPL_H

#include "pgov/sugov.h"

/* One decision on validated inputs: reads @st, writes the new state to
 * @out (may be @st) and the outputs to @res. Cannot fail. */
void pgov_sugov_decide_unchecked(const struct pgov_sugov_params *prm, const struct pgov_sugov_state *st,
                   struct pgov_sugov_state *out, uint64_t now_ns, uint32_t flags,
                   uint32_t util_cfs, uint32_t held, struct pgov_sugov_result *res);

#endif
