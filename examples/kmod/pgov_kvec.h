/* SPDX-License-Identifier: BSD-2-Clause */
/* The self-test tables gen_vectors.sh writes into pgov_vectors.c. */
#ifndef PGOV_KVEC_H
#define PGOV_KVEC_H
#include <linux/types.h>

/* pstate_fixed.tsv: func, a, b, result as 64-bit two's-complement patterns. */
struct pgov_kvec_fixed {
    const char *func;
    u64 a, b, result;
};
extern const struct pgov_kvec_fixed pgov_kvec_fixed[];
extern const unsigned int pgov_kvec_fixed_n;

#endif
