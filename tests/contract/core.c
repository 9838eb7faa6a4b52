/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of core (see main.c). */
#include "api_contract.h"

/* ---- core */
DEF(pgov_version, 1, 1)
{
    return snap(w), pgov_version() == PGOV_VERSION;
}
DEF(pgov_version_string, 1, 1)
{
    return snap(w), pgov_version_string() != NULL;
}
DEF(pgov_strerror, 1, 0)
{
    return snap(w), strcmp(pgov_strerror(12345), "unknown error");
}
DEF(pgov_kver_valid, 1, 0)
{
    return snap(w), pgov_kver_valid(PGOV_KVER(2, 6));
}
DEF(pgov_kver_valid, 2, 0)
{
    return snap(w), pgov_kver_valid(PGOV_KVER(99, 0));
}
DEF(pgov_kver_resolve, 1, 0)
{
    return snap(w), pgov_kver_resolve(PGOV_KVER(99, 0));
}
DEF(pgov_kver_exactness, 1, PGOV_EINVAL)
{
    return snap(w), pgov_kver_exactness(0, 0);
}
DEF(pgov_kver_exactness, 2, PGOV_KVER_UNSUPPORTED)
{
    return snap(w), pgov_kver_exactness(PGOV_MOD_SUGOV, PGOV_KVER(99, 0));
}

static const struct row core_rows[] = {
    R(pgov_version, 1),
    R(pgov_version_string, 1),
    R(pgov_strerror, 1),
    R(pgov_kver_valid, 1),
    R(pgov_kver_valid, 2),
    R(pgov_kver_resolve, 1),
    R(pgov_kver_exactness, 1),
    R(pgov_kver_exactness, 2),
};
ROW_TABLE(core);
