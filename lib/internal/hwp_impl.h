/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: the HWP boost step without argument checks (lib/hwp.c). */
#ifndef PGOV_INTERNAL_HWP_IMPL_H
#define PGOV_INTERNAL_HWP_IMPL_H

#include "pgov/hwp.h"

int pgov_hwp_boost_update_unchecked(const struct pgov_hwp_boost_params *prm, struct pgov_hwp_boost_state *st,
                   uint64_t now, uint32_t flags, struct pgov_hwp_boost_result *res);

#endif
