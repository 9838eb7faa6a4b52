/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Task-group PELT, ABI tier (docs/spec/pelt-groups.md): every exported
 * function validates all it is given, then calls the core of
 * pgov/core/pelt_group.h, where the rules live. Validation comes first
 * and writes nothing, so an error leaves every object as it was.
 */
/* lib/ is the core tier's own build: it opts in and links itself (core/gate.h). */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK

#include "pgov/pelt_group.h"

#include "internal/deps.h"

#include "internal/compiler.h"

#include "pgov/core/pelt_group.h"

_Static_assert(sizeof(struct pgov_pelt_cfs) == PGOV_PELT_CFS_SIZE, "pelt cfs size");
_Static_assert(sizeof(struct pgov_pelt_se) == PGOV_PELT_SE_SIZE, "pelt se size");
_Static_assert(sizeof(struct pgov_pelt_tg) == PGOV_PELT_TG_SIZE, "pelt tg size");

/* The profile's rule bits, or PGOV_ENOTSUP (before 6.1, invalid). */
static int rules_of(uint32_t kver, uint32_t *rules)
{
    uint32_t kv = pgov_kver_resolve(kver);
    if (kv < PGOV_KVER_6_1) /* also 0: an invalid release */
        return PGOV_ENOTSUP;
    *rules = pgov_pelt_group_core_rules(kv);
    return PGOV_OK;
}

/* A signal the cores may run on (pelt.h's rules). */
static int avg_check(const struct pgov_pelt_avg *sa)
{
    if (!pgov_pelt_core_hl_ok(sa->halflife))
        return PGOV_ENOTSUP;
    if (sa->period_contrib >= PGOV_PELT_PERIOD_UNITS || sa->reserved != 0)
        return PGOV_EINVAL;
    return PGOV_OK;
}

static int cfs_check(const struct pgov_pelt_cfs *c)
{
    if (!c)
        return PGOV_EINVAL;
    if (c->reserved != 0 || c->propagate > 1 || c->has_curr > 1)
        return PGOV_EINVAL;
    return avg_check(&c->avg);
}

static int se_check(const struct pgov_pelt_se *se)
{
    if (!se)
        return PGOV_EINVAL;
    if ((se->on_rq | se->running | se->delayed | se->is_group) > 1 || se->weight == 0)
        return PGOV_EINVAL;
    return avg_check(&se->avg);
}

static bool same_hl(const struct pgov_pelt_avg *a, const struct pgov_pelt_avg *b)
{
    return pgov_pelt_core_hl(a->halflife).period == pgov_pelt_core_hl(b->halflife).period;
}

/* Profile, runqueue and entity valid, one half-life: the common check. */
static int pair_check(uint32_t kver, const struct pgov_pelt_cfs *c, const struct pgov_pelt_se *se,
                      uint32_t *rules)
{
    int rc = rules_of(kver, rules);
    if (rc)
        return rc;
    if ((rc = cfs_check(c)) != 0 || (rc = se_check(se)) != 0)
        return rc;
    return same_hl(&c->avg, &se->avg) ? PGOV_OK : PGOV_EINVAL;
}

/* A group entity between its parent runqueue @p p and its own @p g. */
static int triple_check(uint32_t kver, const struct pgov_pelt_cfs *p,
                        const struct pgov_pelt_se *gse, const struct pgov_pelt_cfs *g,
                        uint32_t *rules)
{
    int rc = pair_check(kver, p, gse, rules);
    if (rc)
        return rc;
    if ((rc = cfs_check(g)) != 0)
        return rc;
    if (!gse->is_group || p == g || !same_hl(&p->avg, &g->avg))
        return PGOV_EINVAL;
    return PGOV_OK;
}

/* The two large cores, each compiled once: the exported calls and the
 * blocked pass share these copies (the cores are forced inline). */
static PGOV_NOINLINE int update_cfs(uint32_t rules, struct pgov_pelt_cfs *c, uint64_t now)
{
    return pgov_pelt_group_core_update_cfs(rules, c, now);
}

static PGOV_NOINLINE int update_load_avg(uint32_t rules, struct pgov_pelt_cfs *p,
                                         struct pgov_pelt_se *se, struct pgov_pelt_cfs *g,
                                         uint64_t now, uint32_t flags)
{
    return pgov_pelt_group_core_update_load_avg(rules, p, se, g, now, flags);
}

int pgov_pelt_group_cfs_init(struct pgov_pelt_cfs *cfs, uint32_t halflife)
{
    if (!cfs)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_hl_ok(halflife))
        return PGOV_ENOTSUP;
    PGOV_ZERO(cfs);
    pgov_pelt_core_init(&cfs->avg, 0, halflife);
    return PGOV_OK;
}

int pgov_pelt_group_se_init(struct pgov_pelt_se *se, uint64_t weight, uint32_t is_group,
                            uint32_t halflife)
{
    if (!se || weight == 0 || is_group > 1)
        return PGOV_EINVAL;
    if (!pgov_pelt_core_hl_ok(halflife))
        return PGOV_ENOTSUP;
    PGOV_ZERO(se);
    pgov_pelt_core_init(&se->avg, 0, halflife);
    /* Only tasks start with a load (init_entity_runnable_average). */
    if (!is_group)
        se->avg.load_avg = pgov_pelt_group_core_sld(weight);
    se->weight = weight;
    se->is_group = is_group;
    return PGOV_OK;
}

int pgov_pelt_group_post_init(uint32_t kver, struct pgov_pelt_se *se,
                              const struct pgov_pelt_cfs *cfs, uint32_t cpu_cap)
{
    uint32_t rules;
    int rc = pair_check(kver, cfs, se, &rules);
    uint64_t w;
    if (rc)
        return rc;
    if (se->is_group)
        return PGOV_EINVAL;
    w = (rules & PGOV_PELT_GROUP_RULE_SCALED_INIT) ? se->weight
                                                   : pgov_pelt_group_core_sld(se->weight);
    return pgov_pelt_post_init_task(&se->avg, &cfs->avg, cpu_cap, w);
}

int pgov_pelt_group_attach(uint32_t kver, struct pgov_pelt_cfs *cfs, struct pgov_pelt_se *se)
{
    uint32_t rules;
    int rc = pair_check(kver, cfs, se, &rules);
    if (rc)
        return rc;
    pgov_pelt_group_core_attach(rules, cfs, se);
    return PGOV_OK;
}

int pgov_pelt_group_detach(uint32_t kver, struct pgov_pelt_cfs *cfs, const struct pgov_pelt_se *se)
{
    uint32_t rules;
    int rc = pair_check(kver, cfs, se, &rules);
    if (rc)
        return rc;
    pgov_pelt_group_core_detach(rules, cfs, se);
    return PGOV_OK;
}

int pgov_pelt_group_remove(struct pgov_pelt_cfs *cfs, struct pgov_pelt_se *se)
{
    uint32_t rules;
    int rc = pair_check(PGOV_KVER_LATEST, cfs, se, &rules);
    if (rc)
        return rc;
    pgov_pelt_group_core_remove(cfs, se);
    return PGOV_OK;
}

int pgov_pelt_group_update_cfs(uint32_t kver, struct pgov_pelt_cfs *cfs, uint64_t now)
{
    uint32_t rules;
    int rc = rules_of(kver, &rules);
    if (rc || (rc = cfs_check(cfs)) != 0)
        return rc;
    return update_cfs(rules, cfs, now);
}

int pgov_pelt_group_propagate(uint32_t kver, struct pgov_pelt_cfs *p, struct pgov_pelt_se *gse,
                              struct pgov_pelt_cfs *g)
{
    uint32_t rules;
    int rc = triple_check(kver, p, gse, g, &rules);
    if (rc)
        return rc;
    return pgov_pelt_group_core_propagate(rules, p, gse, g);
}

int pgov_pelt_group_update_load_avg(uint32_t kver, struct pgov_pelt_cfs *p, struct pgov_pelt_se *se,
                                    struct pgov_pelt_cfs *g, uint64_t now, uint32_t flags)
{
    uint32_t rules;
    int rc = g ? triple_check(kver, p, se, g, &rules) : pair_check(kver, p, se, &rules);
    if (rc)
        return rc;
    /* A task has no runqueue of its own; a group entity needs it. */
    if (flags > 15 || (!g && se->is_group))
        return PGOV_EINVAL;
    return update_load_avg(rules, p, se, g, now, flags);
}

static int tg_check(const struct pgov_pelt_tg *tg)
{
    /* A share below 2 would give a group entity weight 0, which no division may see. */
    if (!tg || tg->mode > PGOV_PELT_GROUP_MODE_UP || tg->shares < 2)
        return PGOV_EINVAL;
    return PGOV_OK;
}

int pgov_pelt_group_shares(uint32_t kver, const struct pgov_pelt_tg *tg,
                           const struct pgov_pelt_cfs *g, uint64_t *shares)
{
    uint32_t rules;
    int rc = rules_of(kver, &rules);
    if (rc || (rc = tg_check(tg)) != 0 || (rc = cfs_check(g)) != 0)
        return rc;
    if (!shares)
        return PGOV_EINVAL;
    *shares = pgov_pelt_group_core_shares(rules, tg, g);
    return PGOV_OK;
}

int pgov_pelt_group_reweight(uint32_t kver, struct pgov_pelt_cfs *p, struct pgov_pelt_se *se,
                             uint64_t weight)
{
    uint32_t rules;
    int rc = pair_check(kver, p, se, &rules);
    if (rc)
        return rc;
    if (weight == 0)
        return PGOV_EINVAL;
    pgov_pelt_group_core_reweight(rules, p, se, weight);
    return PGOV_OK;
}

int pgov_pelt_group_update_shares(uint32_t kver, struct pgov_pelt_cfs *p, struct pgov_pelt_se *gse,
                                  const struct pgov_pelt_cfs *g, const struct pgov_pelt_tg *tg)
{
    uint32_t rules;
    int rc = pair_check(kver, p, gse, &rules);
    if (rc || (rc = tg_check(tg)) != 0)
        return rc;
    if (!gse->is_group)
        return 0; /* update_cfs_group: nothing to do for a task */
    if ((rc = cfs_check(g)) != 0)
        return rc;
    if (p == g || !same_hl(&p->avg, &g->avg))
        return PGOV_EINVAL;
    return pgov_pelt_group_core_update_shares(rules, p, gse, g, tg);
}

int pgov_pelt_group_update_tg(uint32_t kver, struct pgov_pelt_tg *tg, struct pgov_pelt_cfs *c,
                              uint64_t clock)
{
    uint32_t rules;
    int rc = rules_of(kver, &rules);
    if (rc || (rc = tg_check(tg)) != 0 || (rc = cfs_check(c)) != 0)
        return rc;
    return pgov_pelt_group_core_update_tg(rules, tg, c, clock);
}

int pgov_pelt_group_blocked(uint32_t kver, struct pgov_pelt_cfs *c, struct pgov_pelt_se *gse,
                            struct pgov_pelt_cfs *p, uint64_t now)
{
    uint32_t rules;
    int rc;
    if (!gse != !p)
        return PGOV_EINVAL; /* both (a group's runqueue) or neither (the root) */
    if (gse)
        rc = triple_check(kver, p, gse, c, &rules);
    else if ((rc = rules_of(kver, &rules)) == 0)
        rc = cfs_check(c);
    if (rc)
        return rc;
    /* pgov_pelt_group_core_blocked() on the shared copies. */
    rc = update_cfs(rules, c, now) ? PGOV_PELT_GROUP_CHANGED : 0;
    if (gse && pgov_pelt_group_core_blocked_se_due(gse, c))
        rc |= update_load_avg(rules, p, gse, c, now, PGOV_PELT_GROUP_UPDATE_TG) &
              PGOV_PELT_GROUP_TG_DUE;
    return rc;
}

int pgov_pelt_group_cfs_decayed(uint32_t kver, const struct pgov_pelt_cfs *c)
{
    uint32_t rules;
    int rc = rules_of(kver, &rules);
    if (rc || (rc = cfs_check(c)) != 0)
        return rc;
    return pgov_pelt_group_core_cfs_decayed(rules, c);
}
