/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of hwp (see main.c). */
#include "api_contract.h"

/* ---- hwp */
DEF(pgov_hwp_boost_update, 1, PGOV_EINVAL)
{
    return snap(w), pgov_hwp_boost_update(NULL, &w->hst, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 2, PGOV_EINVAL)
{
    return snap(w), pgov_hwp_boost_update(&w->hprm, NULL, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 3, PGOV_EINVAL)
{
    return snap(w), pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, NULL);
}
DEF(pgov_hwp_boost_update, 4, PGOV_EINVAL)
{
    return snap(w), pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 4, &w->hres);
}
DEF(pgov_hwp_boost_update, 5, PGOV_EINVAL)
{
    return (w->hprm.hwp_request = 0, snap(w)),
           pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 7, PGOV_EINVAL)
{
    return (w->hprm.hwp_cap = 0, snap(w)), pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres);
}
DEF(pgov_hwp_boost_update, 6, PGOV_EINVAL)
{
    return (w->hprm.hwp_request = (16u << 8) | 39u, snap(w)),
           pgov_hwp_boost_update(&w->hprm, &w->hst, 1, 0, &w->hres);
}

static const struct row hwp_rows[] = {
    R(pgov_hwp_boost_update, 1),
    R(pgov_hwp_boost_update, 2),
    R(pgov_hwp_boost_update, 3),
    R(pgov_hwp_boost_update, 4),
    R(pgov_hwp_boost_update, 5),
    R(pgov_hwp_boost_update, 6),
    R(pgov_hwp_boost_update, 7),
};
ROW_TABLE(hwp);
