/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one out-of-line copy of lib/internal/pstate_algo.h for unoptimised
 * builds (debug, coverage), where lib/pstate.c and lib/pstate_gov.c call it
 * instead of inlining their own copies. Optimised builds inline the header
 * and this file compiles to nothing.
 */
#define PST_ALGO_IMPL 1
#include "internal/pstate_algo.h"

#if !PST_PROTOS
/* ISO C forbids an empty translation unit. */
typedef int pstate_algo_inlined;
#endif
