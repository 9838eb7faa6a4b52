/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: what lib/sugov.c shares with the schedutil instance (sugov_gov.c). */
#ifndef PGOV_INTERNAL_SUGOV_IMPL_H
#define PGOV_INTERNAL_SUGOV_IMPL_H

#include "pgov/sugov.h"
#include "pgov/err.h"
#include "pgov/kver.h"
#include "pgov/core/sugov.h"

/* The rule bits of @kver (0: current; pgov_sugov_core_rules(), PGOV_SUGOV_RULE_*),
 * or PGOV_ENOTSUP: what pgov_kver_resolve() accepts from 5.2 on (the boost
 * was in kHz before 5.2), inline, as each decision of a stateless caller
 * looks it up. */
static inline int pgov_sugov_profile(uint32_t kver)
{
    _Static_assert(PGOV_KVER_OLDEST <= PGOV_KVER(5, 2), "every kver from 5.2 is valid");
    if (kver == PGOV_KVER_LATEST)
        return (int)PGOV_SUGOV_RULES_CURRENT;
    if (kver - PGOV_KVER(5, 2) > (uint32_t)PGOV_KVER_NEWEST - PGOV_KVER(5, 2))
        return PGOV_ENOTSUP;
    return (int)pgov_sugov_core_rules(kver);
}

/* The rule bits of checked params (kver 0: the current rules, no call). */
static inline uint32_t pgov_sugov_rules_of(const struct pgov_sugov_params *prm)
{
    return prm->kver == 0 ? PGOV_SUGOV_RULES_CURRENT : (uint32_t)pgov_sugov_profile(prm->kver);
}

/* The input pgov_sugov_decide() means: unclamped, no floor, not capped. */
void pgov_sugov_input_plain(struct pgov_sugov_input *in, uint32_t flags, uint32_t util,
                       uint32_t held, uint32_t cur_khz);

#endif
