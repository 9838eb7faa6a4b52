/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal: the lib/ spellings of intel_pstate's fixed point, whose one
 * implementation is the installed core tier pgov/core/fixed.h.
 */
#ifndef PGOV_INTERNAL_FP_H
#define PGOV_INTERNAL_FP_H

#include "math64.h"
#include "pgov/core/fixed.h"

#define fp_asr64 pgov_fixed_core_asr64
#define fp_shl64 pgov_fixed_core_shl64
#define fp_int_tofp pgov_fixed_core_int_tofp
#define fp_toint32 pgov_fixed_core_toint32
#define fp_mul_ext pgov_fixed_core_mul_ext
#define fp_div_ext pgov_fixed_core_div_ext
#define fp_mul pgov_fixed_core_mul
#define fp_div pgov_fixed_core_div

#endif
