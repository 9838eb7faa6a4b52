/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgovd's state file checks (examples/linux-daemon/state.c) against a
 * fake cpufreq tree in /tmp: policy0 (regular files), policy1 (a link to a
 * directory outside the tree), policy2/scaling_max_freq (a link to a file
 * outside) and an msr device. "$R" in the input stands for the tree's
 * canonical root. Byte 0: bit 0 appends the right "sum" line, bit 1
 * prepends a valid header, so the fuzzer reaches the entry checks past the
 * checksum.
 *
 * Contract: accepted, then every entry is one pgovd writes (a cpufreq file
 * under the root's devices/system/cpu, or IA32_HWP_REQUEST of an msr device
 * under dev/cpu), never through policy1 or policy2's link, checked again
 * the same, and a save then load gives the same entries back; refused, then
 * a reason and an empty plan. Nothing here writes to the tree.
 */
#define _GNU_SOURCE /* as pgovd.c: PATH_MAX and friends */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pgovd.h"
#include "fuzz_scratch.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

void pgovd_err(const char *fmt, ...)
{
    (void)fmt;
}

void pgovd_log(struct pgovd *d, const char *fmt, ...)
{
    (void)d;
    (void)fmt;
}

static char root[PATH_MAX];
static struct pgovd_roots roots;

static void put(const char *dir, const char *leaf, const char *val)
{
    char p[PATH_MAX + 64];
    snprintf(p, sizeof(p), "%s/%s", dir, leaf);
    FILE *f = fopen(p, "w");
    CHECK(f != NULL);
    fputs(val, f);
    fclose(f);
}

static void tree_once(void)
{
    char base[64], d[PATH_MAX + 64], p[PATH_MAX + 64];
    if (root[0])
        return;
    fuzz_scratch_path(base, sizeof(base), "pgovd-state");
    mkdir(base, 0700);
    CHECK(realpath(base, root) != NULL);
    static const char *const dirs[] = { "sys", "sys/devices", "sys/devices/system",
                                        "sys/devices/system/cpu", "sys/devices/system/cpu/cpufreq",
                                        "sys/devices/system/cpu/cpufreq/policy0",
                                        "sys/devices/system/cpu/cpufreq/policy2", "outside",
                                        "dev", "dev/cpu", "dev/cpu/0" };
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        snprintf(d, sizeof(d), "%s/%s", root, dirs[i]);
        mkdir(d, 0700);
    }
    static const char *const pols[] = { "sys/devices/system/cpu/cpufreq/policy0", "outside" };
    for (int i = 0; i < 2; i++) {
        snprintf(d, sizeof(d), "%s/%s", root, pols[i]);
        put(d, "cpuinfo_min_freq", "800000\n");
        put(d, "cpuinfo_max_freq", "3900000\n");
        put(d, "scaling_min_freq", "800000\n");
        put(d, "scaling_max_freq", "3900000\n");
        put(d, "scaling_governor", "schedutil\n");
        put(d, "scaling_setspeed", "<unsupported>\n");
    }
    snprintf(d, sizeof(d), "%s/dev/cpu/0", root);
    put(d, "msr", "");
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy1", root);
    symlink("../../../../outside", p);
    snprintf(d, sizeof(d), "%s/sys/devices/system/cpu/cpufreq/policy2", root);
    put(d, "cpuinfo_min_freq", "800000\n");
    put(d, "cpuinfo_max_freq", "3900000\n");
    snprintf(p, sizeof(p), "%s/sys/devices/system/cpu/cpufreq/policy2/scaling_max_freq", root);
    snprintf(d, sizeof(d), "%s/outside/scaling_max_freq", root);
    symlink(d, p);
    snprintf(d, sizeof(d), "%s/sys", root);
    snprintf(p, sizeof(p), "%s/dev", root);
    pgovd_roots_init(&roots, d, p);
    CHECK(roots.cpu[0] && roots.dev[0]);
}

/* The input with "$R" expanded, a header and a sum as byte 0 asks. */
static size_t build(const uint8_t *data, size_t size, char *out, size_t cap)
{
    size_t n = 0, rl = strlen(root);
    uint8_t mode = size ? data[0] : 0;
    if (size)
        data++, size--;
    if (mode & 2)
        n += (size_t)snprintf(out, cap, "pgovd-state 2 1\n");
    for (size_t i = 0; i < size && n + rl + 32 < cap; i++) {
        if (data[i] == '$' && i + 1 < size && data[i + 1] == 'R') {
            memcpy(out + n, root, rl);
            n += rl;
            i++;
        } else {
            out[n++] = (char)data[i];
        }
    }
    if (mode & 1)
        n += (size_t)snprintf(out + n, cap - n, "sum %016llx\n",
                              (unsigned long long)pgovd_state_sum(out, n));
    return n;
}

static bool allowed(const struct pgovd_rentry *e)
{
    size_t lc = strlen(roots.cpu), ld = strlen(roots.dev);
    char l1[PATH_MAX + 32], l2[PATH_MAX + 48];
    if (e->kind == PGOVD_R_MSR)
        return !strncmp(e->path, roots.dev, ld) && e->path[ld] == '/' && e->len == 8;
    /* Never through the two links (paths that merely do not exist are
     * accepted: the restore reports those). */
    snprintf(l1, sizeof(l1), "%s/cpufreq/policy1/", roots.cpu);
    snprintf(l2, sizeof(l2), "%s/cpufreq/policy2/scaling_max_freq", roots.cpu);
    if (strncmp(e->path, roots.cpu, lc) || e->path[lc] != '/' || strstr(e->path, "/./") ||
        strstr(e->path, "/../") || strstr(e->path, "//") || !strncmp(e->path, l1, strlen(l1)) ||
        !strcmp(e->path, l2))
        return false;
    const char *leaf = strrchr(e->path, '/') + 1;
    return !strcmp(leaf, "scaling_governor") || !strcmp(leaf, "scaling_setspeed") ||
           !strcmp(leaf, "scaling_min_freq") || !strcmp(leaf, "scaling_max_freq");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char buf[3 * 65536];
    static char why[PATH_MAX + 200];
    struct pgovd_plan p = { 0 }, q = { 0 };
    long pid = 0, pid2 = 0;

    if (size > 65536)
        return 0;
    tree_once();
    size_t n = build(data, size, buf, sizeof(buf));
    why[0] = '\0';
    int r = pgovd_plan_parse(&p, buf, n, &roots, &pid, why, sizeof(why));
    CHECK(r == 0 || r == -EINVAL || r == -ENOMEM);
    static int verbose = -1; /* FUZZ_VERBOSE=1: say what each input got */
    if (verbose < 0)
        verbose = getenv("FUZZ_VERBOSE") != NULL;
    if (verbose)
        fprintf(stderr, "%s: %u entries%s%s\n", r ? "refused" : "accepted", p.n, r ? ": " : "",
                r ? why : "");
    if (r) {
        CHECK(p.n == 0 && p.e == NULL);
        CHECK(r != -EINVAL || why[0] != '\0');
        return 0;
    }
    CHECK(pid > 0 && p.n <= PGOVD_STATE_ENTRIES);
    for (unsigned i = 0; i < p.n; i++)
        CHECK(allowed(&p.e[i]));
    CHECK(pgovd_plan_check(&p, &roots, why, sizeof(why)) == 0);
    /* What pgovd saves, it loads back unchanged. */
    char sf[PATH_MAX + 16];
    snprintf(sf, sizeof(sf), "%s/state", root);
    CHECK(pgovd_plan_save(&p, sf) == 0);
    CHECK(pgovd_plan_load(&q, sf, &roots, &pid2, why, sizeof(why)) == 0);
    CHECK(q.n == p.n && pid2 == (long)getpid());
    for (unsigned i = 0; i < p.n; i++) {
        CHECK(q.e[i].kind == p.e[i].kind && q.e[i].flags == p.e[i].flags);
        CHECK(q.e[i].reg == p.e[i].reg && q.e[i].len == p.e[i].len);
        CHECK(!memcmp(q.e[i].data, p.e[i].data, p.e[i].len) && !strcmp(q.e[i].path, p.e[i].path));
    }
    pgovd_plan_free(&p);
    pgovd_plan_free(&q);
    return 0;
}
