/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The key registry: every setting a scenario file, a policy line or
 * --sweep can change is one entry here, so all three accept exactly the same
 * names, values and errors (docs/simulator.md, "Keys").
 *
 *   scenario file:  KEY VALUE            (scenario and platform keys)
 *   policy line:    policy L GOV KEY=VALUE ...   (policy keys)
 *   command line:   --sweep KEY=V1,V2,...  --sweep LABEL:KEY=V1,V2
 *
 * Adding a key is one line in a table built from the SIM_KEY_* macros below;
 * a new table (another file's keys) is one line in key_tables[] in
 * examples/sim/keys.c (and, for a policy key, in policy_tables[] in
 * policy_keys.c). The field must live in the struct of the key's scope:
 * struct sim_scenario, struct sim_platform (the scenario's own copy) or
 * struct sim_policy_spec. The mechanics and the policy keys are the
 * model's; the scenario and platform tables are pgov-sim's.
 */
#ifndef PGOV_MODEL_KEYS_H
#define PGOV_MODEL_KEYS_H

#include <stddef.h>
#include <stdio.h>

#include "model/platform.h"
#include "model/policy_spec.h"
#include "num.h"

enum sim_key_scope {
    KEY_SCENARIO = 1, /* struct sim_scenario */
    KEY_PLATFORM,     /* struct sim_platform (sc->platform) */
    KEY_POLICY        /* struct sim_policy_spec */
};

enum sim_key_type {
    KT_NUM = 1, /* strict decimal with @units in [min, max]; 0 may store @zero_as */
    KT_ENUM,    /* one of @names (NULL-terminated); stores the index */
    KT_KVER,    /* a Linux release or "current"; stores PGOV_KVER_* */
    KT_LIST,    /* up to @max_items numbers separated by '/', u32 each; count in @count_off */
    KT_FUNC     /* @set parses and stores (platform names, anything irregular) */
};

struct sim_key {
    const char *name;
    unsigned char scope; /* enum sim_key_scope */
    unsigned char type;  /* enum sim_key_type */
    unsigned char width; /* field size: 1 (bool), 4 or 8 */
    size_t off;          /* field offset in the scope's struct */
    const struct num_units *units;
    uint64_t min, max;
    uint64_t zero_as;          /* KT_NUM: stored when the value is 0 (0: store 0);
                                * KT_LIST: the most items */
    const char *const *names;  /* KT_ENUM */
    size_t count_off;          /* KT_LIST: u32 count field; max_items = max */
    uint32_t govs;             /* KEY_POLICY: bit (1 << GOV_*) per governor it applies to; 0: all */
    uint32_t set_bit;          /* KEY_POLICY: ORed into sim_policy_spec.tun_set (given, even if 0) */
    /* KT_FUNC: store @val into @obj (the scope's struct) or fail with @why. */
    int (*set)(void *obj, const char *val, char *why, size_t n);
    const char *help;
};

#define SIM_KEY_F(s, st, f) (s), KT_NUM, sizeof(((st *)0)->f), offsetof(st, f)
/* A number: SIM_KEY_NUM("c6_exit", KEY_PLATFORM, struct sim_platform, c6_exit_ns,
 *                       &num_time_ns, 0, 10000000, "help") */
#define SIM_KEY_NUM(name, scope, st, field, units, lo, hi, help)                              \
    {name, SIM_KEY_F(scope, st, field), units, lo, hi, 0, NULL, 0, 0, 0, NULL, help}
/* A policy number for the governors in @govs, marking @setbit in @setfield. */
#define SIM_KEY_POL(name, govs, field, units, lo, hi, zero_as, setbit, help)                 \
    {name, SIM_KEY_F(KEY_POLICY, struct sim_policy_spec, field), units, lo, hi, zero_as, NULL,  \
     0, govs, setbit, NULL, help}
#define SIM_KEY_ENUM(name, scope, st, field, names, govs, help)                              \
    {name, (scope), KT_ENUM, sizeof(((st *)0)->field), offsetof(st, field), NULL, 0, 0, 0, names, \
     0, govs, 0, NULL, help}
#define SIM_KEY_KVER(name, field, govs, help)                                                  \
    {name, KEY_POLICY, KT_KVER, 4, offsetof(struct sim_policy_spec, field), NULL, 0, 0, 0, NULL, \
     0, govs, 0, NULL, help}
#define SIM_KEY_LIST(name, scope, st, field, countfield, units, lo, hi, items, help)          \
    {name, (scope), KT_LIST, 4, offsetof(st, field), units, lo, hi, items, NULL,                \
     offsetof(st, countfield), 0, 0, NULL, help}
#define SIM_KEY_FUNC(name, scope, fn, govs, help)                                              \
    {name, (scope), KT_FUNC, 0, 0, NULL, 0, 0, 0, NULL, 0, govs, 0, fn, help}
#define SIM_KEY_END {NULL, 0, 0, 0, 0, NULL, 0, 0, 0, NULL, 0, 0, 0, NULL, NULL}
#define SIM_GOVS(x) (1u << (x))

/* The policy keys (policy_keys.c): the governors' and the modelled
 * mechanisms' per-policy toggles. */
extern const struct sim_key sim_keys_policy[];
extern const struct sim_key sim_keys_mech_policy[];

/* The key called @name in @tables[0..n-1], or NULL. */
const struct sim_key *mdl_key_find(const struct sim_key *const *tables, size_t ntables,
                                   const char *name);
/* Store @val into @obj (the struct of the key's scope). 0, or -1 with @why. */
int sim_key_set(const struct sim_key *k, void *obj, const char *val, char *why, size_t n);
/* Does the key apply to governor @gov (policy keys)? */
bool sim_key_applies(const struct sim_key *k, uint32_t gov);
/* Every key of @tables with its help line (pgov-sim --keys). */
void mdl_key_list(FILE *f, const struct sim_key *const *tables, size_t ntables);

#endif
