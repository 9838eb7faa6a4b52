/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the policy dispatcher. Every entry drives one of the library's
 * governor instances through the common instance shape (size/init/update/
 * timer/last decision); `performance` and `powersave` are the two fixed
 * policies every cpufreq system has.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgovd.h"

static int fixed_start(struct pgovd *d, struct pgovd_cpu *c)
{
    (void)d;
    (void)c;
    return 0;
}

static int performance_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    (void)d;
    c->req_khz = c->max_khz;
    return 0;
}

static int powersave_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    (void)d;
    c->req_khz = c->min_khz;
    return 0;
}

static const struct pgovd_policy policies[] = {
    { "performance", "highest frequency (cpuinfo_max_freq)", 0, fixed_start, performance_tick },
    { "powersave", "lowest frequency (cpuinfo_min_freq)", 0, fixed_start, powersave_tick },
};

const struct pgovd_policy *pgovd_policy_find(const char *name)
{
    for (size_t i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
        if (strcmp(policies[i].name, name) == 0)
            return &policies[i];
    return NULL;
}

void pgovd_policy_list(void)
{
    for (size_t i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
        printf("  %-18s %s\n", policies[i].name, policies[i].help);
}

int pgovd_spec_parse(const char *s, struct pgovd_spec *spec)
{
    char name[64];
    const char *at = strchr(s, '@');
    size_t n = at ? (size_t)(at - s) : strlen(s);

    if (n == 0 || n >= sizeof(name))
        return -EINVAL;
    memcpy(name, s, n);
    name[n] = '\0';
    spec->pol = pgovd_policy_find(name);
    if (!spec->pol)
        return -ENOENT;
    spec->kver = 0;
    if (at && strcmp(at + 1, "latest") != 0) {
        unsigned maj, min;
        char tail;
        if (sscanf(at + 1, "%u.%u%c", &maj, &min, &tail) != 2 || maj > 255 || min > 255)
            return -EINVAL;
        spec->kver = PGOV_KVER(maj, min);
        if (!pgov_kver_valid(spec->kver))
            return -ERANGE;
    }
    return 0;
}
