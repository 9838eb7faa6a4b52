/* SPDX-License-Identifier: BSD-2-Clause */
/* The intel_pstate fixed-point helpers (fixed.h), exported. */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/fixed.h"

#include "internal/compiler.h"
#include "pgov/core/fixed.h"

int64_t pgov_fixed_int_tofp(int64_t x)
{
    return pgov_fixed_core_int_tofp(x);
}

int32_t pgov_fixed_toint32(int32_t x)
{
    return pgov_fixed_core_toint32(x);
}

int64_t pgov_fixed_toint64(int64_t x)
{
    return pgov_fixed_core_asr64(x, 8);
}

int32_t pgov_fixed_mul(int32_t x, int32_t y)
{
    return pgov_fixed_core_mul(x, y);
}

int pgov_fixed_div(int64_t x, int64_t y, int32_t *out)
{
    if (!out)
        return PGOV_EINVAL;
    if (y == 0)
        return PGOV_EDOM;
    *out = pgov_fixed_core_div(x, y);
    return PGOV_OK;
}

int32_t pgov_fixed_ceiling(int32_t x)
{
    return pgov_fixed_core_toint32(x) + (((uint32_t)x & 255u) != 0);
}

int32_t pgov_fixed_percent(int32_t p)
{
    return pgov_fixed_core_div(p, 100);
}

uint64_t pgov_fixed_mul_ext(uint64_t x, uint64_t y)
{
    return pgov_fixed_core_mul_ext(x, y);
}

int pgov_fixed_div_ext(uint64_t x, uint64_t y, uint64_t *out)
{
    if (!out)
        return PGOV_EINVAL;
    if (y == 0)
        return PGOV_EDOM;
    *out = pgov_fixed_core_div_ext(x, y);
    return PGOV_OK;
}

int32_t pgov_fixed_percent_ext(int32_t p)
{
    /* The int is sign-extended to u64 before the unsigned division. */
    return pgov_s32(pgov_u2s64(pgov_fixed_core_div_ext((uint64_t)(int64_t)p, 100)));
}

int64_t pgov_fixed_int_ext_tofp(int64_t x)
{
    return pgov_fixed_core_shl64(x, 14);
}

int64_t pgov_fixed_ext_toint(int64_t x)
{
    return pgov_fixed_core_asr64(x, 14);
}

/* The 0.1 names (PGOV_0.1), the same functions. */
int64_t pgov_fp_int_tofp(int64_t x) PGOV_ALIAS(pgov_fixed_int_tofp);
int32_t pgov_fp_toint32(int32_t x) PGOV_ALIAS(pgov_fixed_toint32);
int64_t pgov_fp_toint64(int64_t x) PGOV_ALIAS(pgov_fixed_toint64);
int32_t pgov_fp_mul(int32_t x, int32_t y) PGOV_ALIAS(pgov_fixed_mul);
int pgov_fp_div(int64_t x, int64_t y, int32_t *out) PGOV_ALIAS(pgov_fixed_div);
int32_t pgov_fp_ceiling(int32_t x) PGOV_ALIAS(pgov_fixed_ceiling);
int32_t pgov_fp_percent(int32_t p) PGOV_ALIAS(pgov_fixed_percent);
uint64_t pgov_fp_mul_ext(uint64_t x, uint64_t y) PGOV_ALIAS(pgov_fixed_mul_ext);
int pgov_fp_div_ext(uint64_t x, uint64_t y, uint64_t *out) PGOV_ALIAS(pgov_fixed_div_ext);
int32_t pgov_fp_percent_ext(int32_t p) PGOV_ALIAS(pgov_fixed_percent_ext);
int64_t pgov_fp_int_ext_tofp(int64_t x) PGOV_ALIAS(pgov_fixed_int_ext_tofp);
int64_t pgov_fp_ext_toint(int64_t x) PGOV_ALIAS(pgov_fixed_ext_toint);
