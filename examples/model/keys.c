/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The key registry (keys.h): settings by name over tables of keys, shared
 * by the scenario parser, policy lines and --sweep. The tables are their
 * owners': the policy keys here (policy_keys.c), the scenario and platform
 * keys in examples/sim (keys.c, keys_mech.c).
 */
#include <stdio.h>
#include <string.h>

#include <pgov/kver.h>

#include "model/keys.h"

/* ------------------------------------------------------------------ lookup and store */

const struct sim_key *mdl_key_find(const struct sim_key *const *tables, size_t ntables,
                                   const char *name)
{
    for (size_t t = 0; t < ntables; t++)
        for (const struct sim_key *k = tables[t]; k->name; k++)
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
        uint32_t v[64], cnt = 0; /* k->zero_as items at most: the table has 8 */
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
            if (cnt == k->zero_as || cnt == sizeof(v) / sizeof(v[0])) {
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

void mdl_key_list(FILE *f, const struct sim_key *const *tables, size_t ntables)
{
    static const char *const scope[] = {"", "scenario", "platform", "policy"};
    for (size_t t = 0; t < ntables; t++)
        for (const struct sim_key *k = tables[t]; k->name; k++) {
            fprintf(f, "%-22s %-8s ", k->name, scope[k->scope]);
            if (k->govs) {
                bool first = true;
                for (uint32_t g = GOV_PERFORMANCE; g <= GOV_CONSERVATIVE; g++)
                    if (k->govs & SIM_GOVS(g)) {
                        fprintf(f, "%s%s", first ? "[" : ",", mdl_gov_name(g));
                        first = false;
                    }
                fprintf(f, "] ");
            }
            fprintf(f, "%s\n", k->help);
        }
}
