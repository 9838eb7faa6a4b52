/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's keys: its scenario and platform tables on the model's key
 * registry (examples/model/keys.h, docs/simulator.md, "Keys").
 *
 *   scenario file:  KEY VALUE            (scenario and platform keys)
 *   policy line:    policy L GOV KEY=VALUE ...   (policy keys)
 *   command line:   --sweep KEY=V1,V2,...  --sweep LABEL:KEY=V1,V2
 */
#ifndef PGOV_SIM_KEYS_H
#define PGOV_SIM_KEYS_H

#include "model/keys.h"
#include "scenario.h"

extern const struct sim_key sim_keys_core[]; /* keys.c */
extern const struct sim_key sim_keys_mech[]; /* keys_mech.c: the modelled mechanisms */

/* The key called @name in every table (the model's policy keys too), or NULL. */
const struct sim_key *sim_key_find(const char *name);
/* Every key with its help line (pgov-sim --keys). */
void sim_key_list(FILE *f);

/*
 * Apply "KEY=VALUE" or "LABEL:KEY=VALUE" to a parsed scenario (a sweep
 * point): policy keys go to every policy they apply to (or to LABEL),
 * `$NAME` replaces a workload variable, the scenario's param name replaces
 * its value list. Records the setting in sc->settings; revalidates with
 * sim_scenario_check(). 0, or -1 with @err ("--sweep KEY: reason").
 */
int sim_scenario_apply(struct sim_scenario *sc, const char *key, const char *val,
                       struct sim_err *err);
/*
 * Several keys at once (a --variants machine: its turbo ratio and bins move
 * together, so a state between two of them need not be valid): applied in
 * order, validated once at the end. 0, or -1 with @err.
 */
int sim_scenario_apply_all(struct sim_scenario *sc, uint32_t n, const char *const *key,
                           const char *const *val, struct sim_err *err);

#endif
