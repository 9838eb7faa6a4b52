/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: what lib/sugov.c shares with the schedutil instance (sugov_gov.c). */
#ifndef PGOV_INTERNAL_SUGOV_IMPL_H
#define PGOV_INTERNAL_SUGOV_IMPL_H

#include "pgov/sugov.h"

/* One decision on validated inputs: reads @st, writes the new state to
 * @out (may be @st) and the outputs to @res. `in->cur_khz` is policy->cur,
 * the non-invariant reference (never 0 here). Cannot fail. */
void pgov_sugov_decide_unchecked(const struct pgov_sugov_params *prm,
                                 const struct pgov_sugov_state *st, struct pgov_sugov_state *out,
                                 uint64_t now_ns, const struct pgov_sugov_input *in,
                                 struct pgov_sugov_result *res);

/*
 * The rules of a release (pgov_sugov_profile(), docs/schedutil.md
 * "Profiles"), as bits: which of the changes between 5.14 and 6.18 it has.
 */
#define PGOV_SUGOV_R_PERF 0x1u        /* 6.8+: headroom capped, then the clamps; cur + cur/4 */
#define PGOV_SUGOV_R_FREQ_MARGIN 0x2u /* before 5.14: the 25 % on the frequency, not util */
#define PGOV_SUGOV_R_HOLD_RESET 0x4u  /* before 5.10: a held frequency resets the cache to 0 */
#define PGOV_SUGOV_RULES_CURRENT PGOV_SUGOV_R_PERF

/* The rule bits of @kver (0: current), or PGOV_ENOTSUP. */
int pgov_sugov_profile(uint32_t kver);

/* The input pgov_sugov_decide() means: unclamped, no floor, not capped. */
void pgov_sugov_input_plain(struct pgov_sugov_input *in, uint32_t flags, uint32_t util,
                       uint32_t held, uint32_t cur_khz);

#endif
