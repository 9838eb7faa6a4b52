/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel profile boundaries for bisecting a workload across releases
 * (pgov-trace bisect, pgov-sim --bisect): the releases where libpgov's
 * chosen rules for a module change, read from the library itself, and the
 * cause docs/exactness.md (or the module's page) gives each one. The cause
 * table is the one place those commit ids live in the tools.
 */
#ifndef PGOV_MODEL_KBOUNDS_H
#define PGOV_MODEL_KBOUNDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/policy_spec.h"

/* pgov-sim's own rules by release (not libpgov's: its scheduler model's
 * wake_affine, remote callbacks, the util_est call order), a module for
 * the cause table like the library's. Its key is the simulator's
 * (sim_rules_key(), examples/sim/policy.c), passed as a kb_sim_key where a
 * caller wants that module too; NULL elsewhere (pgov-trace). */
#define KB_MOD_SIM 100u
typedef uint64_t (*kb_sim_key)(uint32_t kv);

/* The module's profile at a real release (num_kver_released()), as the
 * library chooses it: the rules or profile it maps kv to, and its
 * exactness class. 0: the module rejects kv. Equal keys: same rules. */
uint64_t kb_key(uint32_t module, uint32_t kv);

/* The real release just before kv (0: none from 3.0). */
uint32_t kb_prev(uint32_t kv);

/* The next real release after kv (0: none up to the newest). */
uint32_t kb_next(uint32_t kv);

/* Is kv a boundary of module: both kv and the release before are
 * supported and the keys differ? */
/* Is kv a boundary of module: the key differs from the release before's
 * (a module starting or ending counts too)? */
int kb_is_boundary(uint32_t module, uint32_t kv);
/* The same for KB_MOD_SIM, on the simulator's key @key (0 when NULL). */
int kb_is_boundary_fn(kb_sim_key key, uint32_t kv);

/* The cause of module's boundary at kv ("commit subject (id)" text), or
 * NULL when the table does not name it (a test checks none is missing). */
const char *kb_cause(uint32_t module, uint32_t kv);

/* "schedutil", "util_est", ... for PGOV_MOD_*. */
const char *kb_module_name(uint32_t module);

/* "exact", "approximate" or "unsupported" (pgov_kver_exactness()). */
const char *kb_exactness(uint32_t module, uint32_t kv);

/* The module whose profile a governor policy runs (PGOV_MOD_*; 0: none,
 * performance and powersave). */
uint32_t kb_policy_module(const struct sim_policy_spec *p);

/* Does the policy's governor take release kv? */
bool kb_policy_supported(const struct sim_policy_spec *p, uint32_t kv);

/* The causes of the policy's boundary at kv, "[module] cause; ..." over
 * its governor's module and the signals' (PELT, util_est), with sim also
 * pgov-sim's own (KB_MOD_SIM), into buf; "" when kv is none of theirs. */
void kb_policy_causes(const struct sim_policy_spec *p, uint32_t kv, kb_sim_key sim, char *buf,
                      size_t n);

/* Is kv a boundary of the policy that both sides (kv and the release
 * before) can run? */
bool kb_policy_boundary(const struct sim_policy_spec *p, uint32_t kv, kb_sim_key sim);

#endif
