/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of fixed (see main.c). */
#include "api_contract.h"

/* ---- fixed: pure; extreme inputs against the documented formulas */
DEF(pgov_fixed_int_tofp, 1, 0)
{
    return snap(w), pgov_fixed_int_tofp(INT64_MIN);
}
DEF(pgov_fixed_toint32, 1, -8388608)
{
    return snap(w), pgov_fixed_toint32(INT32_MIN);
}
DEF(pgov_fixed_toint64, 1, -1)
{
    return snap(w), pgov_fixed_toint64(-1);
}
DEF(pgov_fixed_mul, 1, 0)
{
    return snap(w), pgov_fixed_mul(INT32_MIN, INT32_MIN);
}
DEF(pgov_fixed_mul, 2, -1)
{
    return snap(w), pgov_fixed_mul(-1, 1);
}
DEF(pgov_fixed_div, 1, PGOV_EINVAL)
{
    return snap(w), pgov_fixed_div(1, 1, NULL);
}
DEF(pgov_fixed_div, 2, PGOV_EDOM)
{
    return snap(w), pgov_fixed_div(1, 0, &w->s32);
}
DEF(pgov_fixed_div, 3, 0)
{
    int32_t o = 7;
    snap(w);
    int r = pgov_fixed_div(INT64_MIN, -1, &o);
    return snap(w), r == 0 && o == 0 ? 0 : 1;
}
DEF(pgov_fixed_ceiling, 1, 8388608)
{
    return snap(w), pgov_fixed_ceiling(INT32_MAX);
}
DEF(pgov_fixed_percent, 1, PCT_MIN)
{
    return snap(w), pgov_fixed_percent(INT32_MIN);
}
DEF(pgov_fixed_mul_ext, 1, 0)
{
    return snap(w), (int64_t)pgov_fixed_mul_ext(UINT64_MAX, UINT64_MAX);
}
DEF(pgov_fixed_div_ext, 1, PGOV_EINVAL)
{
    return snap(w), pgov_fixed_div_ext(1, 1, NULL);
}
DEF(pgov_fixed_div_ext, 2, PGOV_EDOM)
{
    return snap(w), pgov_fixed_div_ext(1, 0, &w->u64);
}
DEF(pgov_fixed_percent_ext, 1, PCT_EXT_M1)
{
    return snap(w), pgov_fixed_percent_ext(-1);
}
DEF(pgov_fixed_int_ext_tofp, 1, 0)
{
    return snap(w), pgov_fixed_int_ext_tofp(INT64_MIN);
}
DEF(pgov_fixed_ext_toint, 1, -(INT64_C(1) << 49))
{
    return snap(w), pgov_fixed_ext_toint(INT64_MIN);
}

/* ---- the deprecated 0.1 names: PGOV_0.1 aliases of the same functions */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
DEF(pgov_fp_int_tofp, 1, 0)
{
    return snap(w), pgov_fp_int_tofp(INT64_MIN);
}
DEF(pgov_fp_toint32, 1, -8388608)
{
    return snap(w), pgov_fp_toint32(INT32_MIN);
}
DEF(pgov_fp_toint64, 1, -1)
{
    return snap(w), pgov_fp_toint64(-1);
}
DEF(pgov_fp_mul, 1, -1)
{
    return snap(w), pgov_fp_mul(-1, 1);
}
DEF(pgov_fp_div, 1, PGOV_EDOM)
{
    return snap(w), pgov_fp_div(1, 0, &w->s32);
}
DEF(pgov_fp_ceiling, 1, 8388608)
{
    return snap(w), pgov_fp_ceiling(INT32_MAX);
}
DEF(pgov_fp_percent, 1, PCT_MIN)
{
    return snap(w), pgov_fp_percent(INT32_MIN);
}
DEF(pgov_fp_mul_ext, 1, 0)
{
    return snap(w), (int64_t)pgov_fp_mul_ext(UINT64_MAX, UINT64_MAX);
}
DEF(pgov_fp_div_ext, 1, PGOV_EINVAL)
{
    return snap(w), pgov_fp_div_ext(1, 1, NULL);
}
DEF(pgov_fp_percent_ext, 1, PCT_EXT_M1)
{
    return snap(w), pgov_fp_percent_ext(-1);
}
DEF(pgov_fp_int_ext_tofp, 1, 0)
{
    return snap(w), pgov_fp_int_ext_tofp(INT64_MIN);
}
DEF(pgov_fp_ext_toint, 1, -(INT64_C(1) << 49))
{
    return snap(w), pgov_fp_ext_toint(INT64_MIN);
}
#pragma GCC diagnostic pop

static const struct row fixed_rows[] = {
    R(pgov_fixed_int_tofp, 1),
    R(pgov_fixed_toint32, 1),
    R(pgov_fixed_toint64, 1),
    R(pgov_fixed_mul, 1),
    R(pgov_fixed_mul, 2),
    R(pgov_fixed_div, 1),
    R(pgov_fixed_div, 2),
    R(pgov_fixed_div, 3),
    R(pgov_fixed_ceiling, 1),
    R(pgov_fixed_percent, 1),
    R(pgov_fixed_mul_ext, 1),
    R(pgov_fixed_div_ext, 1),
    R(pgov_fixed_div_ext, 2),
    R(pgov_fixed_percent_ext, 1),
    R(pgov_fixed_int_ext_tofp, 1),
    R(pgov_fixed_ext_toint, 1),
    R(pgov_fp_int_tofp, 1),
    R(pgov_fp_toint32, 1),
    R(pgov_fp_toint64, 1),
    R(pgov_fp_mul, 1),
    R(pgov_fp_div, 1),
    R(pgov_fp_ceiling, 1),
    R(pgov_fp_percent, 1),
    R(pgov_fp_mul_ext, 1),
    R(pgov_fp_div_ext, 1),
    R(pgov_fp_percent_ext, 1),
    R(pgov_fp_int_ext_tofp, 1),
    R(pgov_fp_ext_toint, 1),
};
ROW_TABLE(fixed);
