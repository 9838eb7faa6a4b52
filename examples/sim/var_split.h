/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where an effect fails among pgov-sim's variants (var_split.c; docs/
 * simulator.md, "Unshipped variants"): the drawn key values that the
 * variants where its direction did not hold share, found greedily, each
 * kept only when Fisher's exact test says the failures concentrate there
 * beyond chance (one-sided, Bonferroni over the candidates of its step).
 * It names what the failing variants have in common, not why; the
 * scenario's sensitivity table says why.
 */
#ifndef PGOV_SIM_VAR_SPLIT_H
#define PGOV_SIM_VAR_SPLIT_H

#include <stdbool.h>
#include <stdint.h>

#define VAR_SPLIT_STEPS 3     /* conditions at most */
#define VAR_SPLIT_KEYS 48     /* distinct keys looked at */
#define VAR_SPLIT_COND_LEN 96 /* "work_cpus>=20", "hz!=100" */
#define VAR_SPLIT_ALPHA 0.05  /* family-wise, per step */

struct var_split_step {
    char cond[VAR_SPLIT_COND_LEN]; /* what the variants kept satisfy */
    uint32_t out_n, out_held;      /* the variants this step set apart */
    double p;                      /* one-sided Fisher p, before Bonferroni */
};

struct var_split {
    uint32_t nsteps;
    struct var_split_step step[VAR_SPLIT_STEPS];
    uint32_t kept_n, kept_held; /* the variants satisfying every condition */
    uint32_t candidates;        /* of the first step (its Bonferroni factor) */
};

/*
 * @n variants (at most 256), @settings[i] variant i's drawn keys as
 * "key=value key=value ..." (struct sim_scenario.settings), @held[i]
 * whether the effect's direction held there. Each step sets apart the
 * variants with one key's value (key=v, or for a key whose values are all
 * numbers with a unit of the same kind, key<t or key>t) where the failures
 * concentrate most (the smallest p), if p * candidates < VAR_SPLIT_ALPHA
 * and at least a quarter of the @n variants stay; it stops when every
 * variant kept held. Deterministic: ties go to the larger kept set, then
 * a value over a threshold, then the key's first appearance, then the
 * value's.
 */
void var_split_find(const char *const *settings, const bool *held, uint32_t n,
                    struct var_split *out);

/* P(X >= k), X hypergeometric: @draws from @pop of which @succ succeed. */
double var_split_fisher_upper(uint32_t pop, uint32_t succ, uint32_t draws, uint32_t k);

#endif
