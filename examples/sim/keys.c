/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's keys (keys.h): the scenario and platform keys, the lookup
 * over every table (the model's policy keys among them) and a sweep point.
 */
#include <stdio.h>
#include <string.h>

#include "keys.h"

/* ------------------------------------------------------------------ irregular keys */

static int set_platform(void *obj, const char *val, char *why, size_t n)
{
    struct sim_scenario *sc = obj;
    const struct sim_platform *p = sim_platform_find(val);
    if (!p) {
        size_t len = (size_t)snprintf(why, n, "unknown platform '%s' (", val);
        for (const struct sim_platform *q = sim_platforms; q->name && len < n; q++)
            len += (size_t)snprintf(why + len, n - len, "%s%s", q == sim_platforms ? "" : ", ",
                                    q->name);
        if (len < n)
            snprintf(why + len, n - len, ")");
        return -1;
    }
    sc->platform = *p;
    sc->plat = &sc->platform;
    return 0;
}

static int set_cpus(void *obj, const char *val, char *why, size_t n)
{
    struct sim_scenario *sc = obj;
    uint64_t x;
    if (num_parse(val, &num_plain, 1, SIM_MAX_CPUS, &x, why, n))
        return -1;
    sc->ncpu = (uint32_t)x;
    sc->ncpu_given = true;
    return 0;
}

static int set_hz(void *obj, const char *val, char *why, size_t n)
{
    struct sim_scenario *sc = obj;
    uint64_t x;
    if (num_parse(val, &num_plain, 100, 1000, &x, why, n) ||
        (x != 100 && x != 250 && x != 300 && x != 1000)) {
        snprintf(why, n, "expected 100, 250, 300 or 1000, got '%s'", val);
        return -1;
    }
    sc->hz = (uint32_t)x;
    return 0;
}

/* ------------------------------------------------------------------ the core table */

static const char *const deferrable_names[] = {"tick", "wake", NULL};
static const char *const driver_names[] = {"table", "pcc", NULL};

#define SC struct sim_scenario
#define PL struct sim_platform
#define MS 1000000ull
#define S 1000000000ull

const struct sim_key sim_keys_core[] = {
    /* scenario */
    SIM_KEY_FUNC("platform", KEY_SCENARIO, set_platform, 0,
                 "shipped platform the plat.* keys start from (resets them)"),
    SIM_KEY_FUNC("cpus", KEY_SCENARIO, set_cpus, 0, "CPUs simulated (default: the platform's cores)"),
    SIM_KEY_FUNC("hz", KEY_SCENARIO, set_hz, 0, "CONFIG_HZ: 100, 250, 300 or 1000"),
    SIM_KEY_NUM("iterations", KEY_SCENARIO, SC, iterations, &num_plain, 1, 1000,
                "iterations per policy"),
    SIM_KEY_NUM("duration", KEY_SCENARIO, SC, duration_ns, &num_time_ns, 1, 100000 * S,
                "fixed run length (default: until every non-daemon task exits)"),
    SIM_KEY_NUM("limit", KEY_SCENARIO, SC, limit_ns, &num_time_ns, 1, 100000 * S,
                "simulated-time limit of one run (a runaway stops with an error)"),
    SIM_KEY_ENUM("deferrable", KEY_SCENARIO, SC, deferrable_on_wake, deferrable_names, 0,
                 "an expired deferrable timer runs at the next busy tick or at idle exit"),
    /* platform (the scenario's copy of it) */
    SIM_KEY_NUM("plat.min_ratio", KEY_PLATFORM, PL, min_ratio, &num_plain, 1, 63,
                "lowest P-state (ratio of 100 MHz)"),
    SIM_KEY_NUM("plat.max_ratio", KEY_PLATFORM, PL, max_ratio, &num_plain, 1, 63,
                "max non-turbo P-state = TSC rate"),
    SIM_KEY_NUM("plat.turbo_ratio", KEY_PLATFORM, PL, turbo_ratio, &num_plain, 1, 63,
                "max turbo P-state (1 active core; HWP highest)"),
    SIM_KEY_LIST("plat.turbo_bins", KEY_PLATFORM, PL, turbo_bins, n_bins, &num_plain, 1, 63, 8,
                 "turbo limit with 1, 2, ... active cores, '/' between (39/39/38/37)"),
    SIM_KEY_NUM("plat.cores", KEY_PLATFORM, PL, cores, &num_plain, 1, SIM_MAX_CPUS,
                "physical cores"),
    SIM_KEY_NUM("plat.model", KEY_PLATFORM, PL, model, &num_plain, 0, 255,
                "x86 model number (ondemand's io_is_busy default)"),
    SIM_KEY_ENUM("plat.driver", KEY_PLATFORM, PL, freq_driver, driver_names, 0,
                 "cpufreq driver of table governors: acpi-cpufreq table or pcc-cpufreq"),
    SIM_KEY_NUM("plat.pcc_call", KEY_PLATFORM, PL, pcc_call_ns, &num_time_ns, 0, S,
                "firmware latency of one pcc-cpufreq request (serialised)"),
    SIM_KEY_NUM("plat.c1_exit", KEY_PLATFORM, PL, c1_exit_ns, &num_time_ns, 0, 100 * MS,
                "C1 exit latency"),
    SIM_KEY_NUM("plat.c6_exit", KEY_PLATFORM, PL, c6_exit_ns, &num_time_ns, 0, 100 * MS,
                "C6 exit latency"),
    SIM_KEY_NUM("plat.c6_residency", KEY_PLATFORM, PL, c6_residency_ns, &num_time_ns, 0,
                1000 * MS, "C6 target residency (previous idle period at least this: C6)"),
    SIM_KEY_END,
};

/*
 * Every table of keys, in the order --keys lists them. Another file's
 * keys: define
 *   const struct sim_key sim_keys_NAME[] = { SIM_KEY_...(...), ..., SIM_KEY_END };
 * declare it in keys.h and add it here (one line).
 */
static const struct sim_key *const key_tables[] = {
    sim_keys_core,
    sim_keys_policy,
    sim_keys_mech,
    sim_keys_mech_policy,
};

const struct sim_key *sim_key_find(const char *name)
{
    return mdl_key_find(key_tables, sizeof(key_tables) / sizeof(key_tables[0]), name);
}

void sim_key_list(FILE *f)
{
    mdl_key_list(f, key_tables, sizeof(key_tables) / sizeof(key_tables[0]));
}

/* ------------------------------------------------------------------ a sweep point */

/* " KEY=VALUE" at the end of @dst (cut at its size: reports only). */
static void append(char *dst, size_t n, const char *key, const char *val)
{
    size_t len = strlen(dst);
    snprintf(dst + len, n - len, "%s%s=%s", len ? " " : "", key, val);
}

/* One KEY=VALUE on @sc, recorded in sc->settings, not yet revalidated. */
static int apply_one(struct sim_scenario *sc, const char *key, const char *val,
                     struct sim_err *err)
{
    char why[NUM_ERR_LEN + 64];
    char label[SIM_NAME_LEN] = "";
    const char *name = key;
    const char *colon = strchr(key, ':');

    if (colon) {
        if ((size_t)(colon - key) >= sizeof(label)) {
            sim_errf(err, NULL, 0, "%s: label too long", key);
            return -1;
        }
        memcpy(label, key, (size_t)(colon - key));
        label[colon - key] = 0;
        name = colon + 1;
    }
    if (name[0] == '$' && label[0]) { /* this policy's own value of a var */
        uint32_t p = 0;
        while (p < sc->npol && strcmp(sc->pol[p].label, label) != 0)
            p++;
        if (p == sc->npol || mdl_policy_set_var(&sc->pol[p], name + 1, val, why, sizeof(why))) {
            sim_errf(err, NULL, 0, "%s=%s: %s", key, val,
                     p == sc->npol ? "no policy with that label" : why);
            return -1;
        }
        append(sc->pol[p].text, sizeof(sc->pol[p].text), name, val);
    } else if (name[0] == '$' && !label[0]) {
        uint32_t i = 0;
        while (i < sc->nvars && strcmp(sc->vars[i].name, name + 1) != 0)
            i++;
        if (i == sc->nvars || strlen(val) >= sizeof(sc->vars[i].val)) {
            sim_errf(err, NULL, 0, "%s=%s: %s", key, val,
                     i == sc->nvars ? "the scenario has no such 'var'" : "value too long");
            return -1;
        }
        strcpy(sc->vars[i].val, val);
    } else if (!label[0] && sc->nparam && strcmp(name, sc->param_name) == 0) {
        uint64_t x;
        if (num_parse(val, &num_count, 0, 1000000, &x, why, sizeof(why))) {
            sim_errf(err, NULL, 0, "%s=%s: %s", key, val, why);
            return -1;
        }
        sc->param_vals[0] = (uint32_t)x;
        sc->nparam = 1;
    } else {
        const struct sim_key *k = sim_key_find(name);
        if (!k) {
            sim_errf(err, NULL, 0, "%s: no such key (pgov-sim --keys lists them; '$NAME' "
                     "sets a 'var'%s%s)", key, sc->nparam ? ", the param is " : "",
                     sc->nparam ? sc->param_name : "");
            return -1;
        }
        if (label[0] && k->scope != KEY_POLICY) {
            sim_errf(err, NULL, 0, "%s: '%s' is not a policy key", key, name);
            return -1;
        }
        if (k->scope == KEY_SCENARIO || k->scope == KEY_PLATFORM) {
            void *obj = sc;
            if (k->scope == KEY_PLATFORM) {
                if (sc->plat != &sc->platform) { /* unit tests point at a shipped one */
                    sc->platform = *sc->plat;
                    sc->plat = &sc->platform;
                }
                obj = &sc->platform;
            }
            if (sim_key_set(k, obj, val, why, sizeof(why))) {
                sim_errf(err, NULL, 0, "%s=%s: %s", key, val, why);
                return -1;
            }
        } else {
            uint32_t hit = 0;
            for (uint32_t p = 0; p < sc->npol; p++) {
                struct sim_policy_spec *ps = &sc->pol[p];
                if (label[0] ? strcmp(ps->label, label) != 0 : !sim_key_applies(k, ps->gov))
                    continue;
                if (!sim_key_applies(k, ps->gov)) {
                    sim_errf(err, NULL, 0, "%s: '%s' does not apply to %s", key, name,
                             mdl_gov_name(ps->gov));
                    return -1;
                }
                if (sim_key_set(k, ps, val, why, sizeof(why))) {
                    sim_errf(err, NULL, 0, "%s=%s: %s", key, val, why);
                    return -1;
                }
                append(ps->text, sizeof(ps->text), name, val);
                hit++;
            }
            if (!hit) {
                sim_errf(err, NULL, 0, "%s: %s", key,
                         label[0] ? "no policy with that label" : "no policy it applies to");
                return -1;
            }
        }
    }
    append(sc->settings, sizeof(sc->settings), key, val);
    return 0;
}

int sim_scenario_apply(struct sim_scenario *sc, const char *key, const char *val,
                       struct sim_err *err)
{
    return apply_one(sc, key, val, err) ? -1 : sim_scenario_check(sc, err);
}

int sim_scenario_apply_all(struct sim_scenario *sc, uint32_t n, const char *const *key,
                           const char *const *val, struct sim_err *err)
{
    for (uint32_t i = 0; i < n; i++)
        if (apply_one(sc, key[i], val[i], err))
            return -1;
    return sim_scenario_check(sc, err);
}
