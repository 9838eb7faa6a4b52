/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The key registry (keys.h): scenario, platform and policy settings by
 * name, shared by the scenario parser, policy lines and --sweep.
 */
#include <stdio.h>
#include <string.h>

#include <pgov/dbs.h>
#include <pgov/kver.h>
#include <pgov/pstate.h>

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
static const char *const util_est_names[] = {"on", "off", "every-dequeue", NULL};
static const char *const variant_names[] = {"none", "rfc-percpu", "rfc-all", "deadband", NULL};
static const char *const algo_names[] = {"default", "pid", "load", "atom", NULL};
static const char *const on_off_names[] = {"on", "off", NULL};

#define SC struct sim_scenario
#define PL struct sim_platform
#define G_PSTATE (SIM_GOVS(GOV_INTEL_PSTATE) | SIM_GOVS(GOV_HWP))
#define G_IP SIM_GOVS(GOV_INTEL_PSTATE)
#define G_DBS (SIM_GOVS(GOV_ONDEMAND) | SIM_GOVS(GOV_CONSERVATIVE))
#define G_OD SIM_GOVS(GOV_ONDEMAND)
#define G_CS SIM_GOVS(GOV_CONSERVATIVE)
#define G_SU SIM_GOVS(GOV_SCHEDUTIL)
#define G_LIB (G_PSTATE | G_DBS | G_SU)
#define MS 1000000ull
#define S 1000000000ull
#define TUN(x) (1u << (x))

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
    /* policy: every governor */
    SIM_KEY_KVER("kver", kver, G_LIB, "governor release (MAJOR.MINOR or current)"),
    SIM_KEY_KVER("sched_kver", sched_kver, 0, "PELT/util_est release"),
    SIM_KEY_ENUM("util_est", KEY_POLICY, struct sim_policy_spec, util_est, util_est_names, 0,
                 "util_est: on, off, or updated on every dequeue"),
    SIM_KEY_ENUM("variant", KEY_POLICY, struct sim_policy_spec, variant, variant_names,
                 G_IP | G_OD, "intel_pstate rfc-percpu|rfc-all (4.13 load), ondemand deadband"),
    /* intel_pstate (hwp: sample, hold) */
    SIM_KEY_ENUM("algo", KEY_POLICY, struct sim_policy_spec, algo, algo_names, G_IP,
                 "intel_pstate algorithm"),
    SIM_KEY_POL("sample", G_PSTATE, pst_sample_ns, &num_time_ns, 1000, 10 * S, 0, 0,
                "sampling interval (default 10ms)"),
    SIM_KEY_POL("hold", SIM_GOVS(GOV_HWP), pst_hold_ns, &num_time_ns, 1, 10 * S, 0, 0,
                "HWP boost hold time (default 3ms)"),
    SIM_KEY_POL("setpoint", G_IP, pst_setpoint, &num_plain, 1, 100, 0, 0,
                "PID setpoint % (default 97, Atom 60)"),
    SIM_KEY_POL("deadband", G_IP, pst_deadband, &num_plain, 0, 100, 0, 0, "PID deadband %"),
    SIM_KEY_POL("p_gain", G_IP, pst_p_gain, &num_plain, 0, 100, PGOV_PSTATE_PCT_ZERO, 0,
                "PID p_gain % (default 20, Atom 14)"),
    SIM_KEY_POL("i_gain", G_IP, pst_i_gain, &num_plain, 0, 100, PGOV_PSTATE_PCT_ZERO, 0,
                "PID i_gain % (default 0, Atom 4)"),
    SIM_KEY_POL("d_gain", G_IP, pst_d_gain, &num_plain, 0, 100, PGOV_PSTATE_PCT_ZERO, 0,
                "PID d_gain %"),
    SIM_KEY_POL("no_turbo", G_PSTATE, pst_no_turbo, &num_plain, 0, 1, 0, 0, "sysfs no_turbo"),
    SIM_KEY_POL("min_ratio", G_IP, pst_min_ratio, &num_plain, 0, 63, 0, 0,
                "v4.13+ min_perf_ratio (0: lowest)"),
    SIM_KEY_POL("max_ratio", G_IP, pst_max_ratio, &num_plain, 0, 63, 0, 0,
                "v4.13+ max_perf_ratio (0: turbo); caps the P-state"),
    SIM_KEY_POL("min_perf", G_IP, pst_min_perf_fp, &num_plain, 0, 256, 0, 0,
                "v4.5/4.6 min_perf, 1/256 of the base P-state"),
    SIM_KEY_POL("max_perf", G_IP, pst_max_perf_fp, &num_plain, 0, 256, 0, 0,
                "v4.5/4.6 max_perf, 1/256 of the base P-state (0: 256)"),
    SIM_KEY_ENUM("c0_cutoff", KEY_POLICY, struct sim_policy_spec, pst_c0_cutoff, on_off_names,
                 G_IP, "PID 4.6-4.13: under 1% C0 counts as idle (ffb810563c0c); off: reverted alone"),
    /* ondemand / conservative (sysfs names) */
    SIM_KEY_POL("sampling_rate", G_DBS, dbs_sampling_rate_ns, &num_time_ns, 1000, 10 * S, 0,
                TUN(PGOV_DBS_SAMPLING_RATE), "sampling_rate (at least 2 ticks)"),
    SIM_KEY_POL("up_threshold", G_DBS, dbs_up_threshold, &num_plain, 1, 100, 0,
                TUN(PGOV_DBS_UP_THRESHOLD), "up_threshold %"),
    SIM_KEY_POL("sampling_down_factor", G_DBS, dbs_sampling_down_factor, &num_plain, 1, 100000, 0,
                TUN(PGOV_DBS_SAMPLING_DOWN_FACTOR), "sampling_down_factor"),
    SIM_KEY_POL("ignore_nice_load", G_DBS, dbs_ignore_nice, &num_plain, 0, 1, 0,
                TUN(PGOV_DBS_IGNORE_NICE_LOAD), "ignore_nice_load"),
    SIM_KEY_POL("io_is_busy", G_OD, dbs_io_is_busy, &num_plain, 0, 1, 0, TUN(PGOV_DBS_IO_IS_BUSY),
                "io_is_busy (default by CPU model)"),
    SIM_KEY_POL("powersave_bias", G_OD, dbs_powersave_bias, &num_plain, 0, 1000, 0,
                TUN(PGOV_DBS_POWERSAVE_BIAS), "powersave_bias, per mille"),
    SIM_KEY_POL("down_threshold", G_CS, dbs_down_threshold, &num_plain, 1, 100, 0,
                TUN(PGOV_DBS_DOWN_THRESHOLD), "conservative down_threshold %"),
    SIM_KEY_POL("freq_step", G_CS, dbs_freq_step, &num_plain, 0, 100, 0, TUN(PGOV_DBS_FREQ_STEP),
                "conservative freq_step % of max"),
    /* schedutil */
    SIM_KEY_POL("rate_limit", G_SU, sugov_rate_limit_ns, &num_time_ns, 1000, 10 * S, 0, 0,
                "rate_limit_us (default 500us: intel_cpufreq)"),
    SIM_KEY_END,
};

/*
 * Every table of keys. Another file's keys: define
 *   const struct sim_key sim_keys_NAME[] = { SIM_KEY_...(...), ..., SIM_KEY_END };
 * declare it in keys.h and add it here (one line).
 */
static const struct sim_key *const key_tables[] = {
    sim_keys_core,
    sim_keys_mech,
};

/* ------------------------------------------------------------------ lookup and store */

const struct sim_key *sim_key_find(const char *name)
{
    for (size_t t = 0; t < sizeof(key_tables) / sizeof(key_tables[0]); t++)
        for (const struct sim_key *k = key_tables[t]; k->name; k++)
            if (strcmp(k->name, name) == 0)
                return k;
    return NULL;
}

bool sim_key_applies(const struct sim_key *k, uint32_t gov)
{
    return !k->govs || (k->govs & SIM_GOVS(gov));
}

static void store(void *obj, size_t off, unsigned width, uint64_t v)
{
    char *p = (char *)obj + off;
    if (width == 1) {
        bool b = v != 0;
        memcpy(p, &b, 1);
    } else if (width == 4) {
        uint32_t w = (uint32_t)v;
        memcpy(p, &w, 4);
    } else {
        memcpy(p, &v, 8);
    }
}

/* "current", "latest" or a real release MAJOR.MINOR the library accepts. */
static int parse_kver(const char *s, uint64_t *out, char *why, size_t n)
{
    uint32_t k;
    if (strcmp(s, "current") == 0 || strcmp(s, "latest") == 0) {
        *out = PGOV_KVER_LATEST;
        return 0;
    }
    if (num_kver(s, &k, why, n))
        return -1;
    if (!pgov_kver_valid(k)) {
        snprintf(why, n, "'%s' is outside what libpgov implements (3.0..%u.%u, or current)", s,
                 PGOV_KVER_NEWEST >> 8, PGOV_KVER_NEWEST & 0xffu);
        return -1;
    }
    *out = k;
    return 0;
}

int sim_key_set(const struct sim_key *k, void *obj, const char *val, char *why, size_t n)
{
    uint64_t x = 0;
    switch (k->type) {
    case KT_NUM:
        if (num_parse(val, k->units, k->min, k->max, &x, why, n))
            return -1;
        if (x == 0 && k->zero_as)
            x = k->zero_as;
        break;
    case KT_ENUM:
        while (k->names[x] && strcmp(k->names[x], val) != 0)
            x++;
        if (!k->names[x]) {
            size_t len = (size_t)snprintf(why, n, "'%s' is not one of ", val);
            for (size_t i = 0; k->names[i] && len < n; i++)
                len += (size_t)snprintf(why + len, n - len, "%s%s", i ? ", " : "", k->names[i]);
            return -1;
        }
        break;
    case KT_KVER:
        if (parse_kver(val, &x, why, n))
            return -1;
        break;
    case KT_LIST: {
        uint32_t v[SIM_MAX_CPUS], cnt = 0;
        char buf[256];
        if (strlen(val) >= sizeof(buf)) {
            snprintf(why, n, "list too long");
            return -1;
        }
        strcpy(buf, val);
        for (char *s = buf, *e;; s = e + 1) {
            e = strchr(s, '/');
            if (e)
                *e = 0;
            if (cnt == k->zero_as) {
                snprintf(why, n, "at most %u values separated by '/'", (unsigned)k->zero_as);
                return -1;
            }
            if (num_parse(s, k->units, k->min, k->max, &x, why, n))
                return -1;
            v[cnt++] = (uint32_t)x;
            if (!e)
                break;
        }
        memcpy((char *)obj + k->off, v, cnt * sizeof(v[0]));
        store(obj, k->count_off, 4, cnt);
        return 0;
    }
    case KT_FUNC:
        return k->set(obj, val, why, n);
    default:
        snprintf(why, n, "internal: key '%s' has no type", k->name);
        return -1;
    }
    store(obj, k->off, k->width, x);
    if (k->scope == KEY_POLICY && k->set_bit)
        ((struct sim_policy_spec *)obj)->tun_set |= k->set_bit;
    return 0;
}

void sim_key_list(FILE *f)
{
    static const char *const scope[] = {"", "scenario", "platform", "policy"};
    for (size_t t = 0; t < sizeof(key_tables) / sizeof(key_tables[0]); t++)
        for (const struct sim_key *k = key_tables[t]; k->name; k++) {
            fprintf(f, "%-22s %-8s ", k->name, scope[k->scope]);
            if (k->govs) {
                bool first = true;
                for (uint32_t g = GOV_PERFORMANCE; g <= GOV_CONSERVATIVE; g++)
                    if (k->govs & SIM_GOVS(g)) {
                        fprintf(f, "%s%s", first ? "[" : ",", sim_gov_name(g));
                        first = false;
                    }
                fprintf(f, "] ");
            }
            fprintf(f, "%s\n", k->help);
        }
}

/* ------------------------------------------------------------------ a sweep point */

/* " KEY=VALUE" at the end of @dst (cut at its size: reports only). */
static void append(char *dst, size_t n, const char *key, const char *val)
{
    size_t len = strlen(dst);
    snprintf(dst + len, n - len, "%s%s=%s", len ? " " : "", key, val);
}

int sim_scenario_apply(struct sim_scenario *sc, const char *key, const char *val,
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
        if (p == sc->npol || sim_policy_set_var(&sc->pol[p], name + 1, val, why, sizeof(why))) {
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
                             sim_gov_name(ps->gov));
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
    return sim_scenario_check(sc, err);
}
