/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgovd's config file reader (examples/linux-daemon/config.c): the
 * input is the file. Contract: it is accepted, with every setting in range
 * (an interval of 1..60000 ms, at most 64 CPU rules each naming a policy,
 * paths shorter than PATH_MAX), or refused with exactly one message that
 * starts with "FILE:" (FILE: reason or FILE:LINE: reason); a SIGHUP re-read
 * of the same file gives the same answer; the same input twice, the same
 * result. The reader holds one line at a time, so no input may cost more
 * than its fixed buffers.
 */
#define _GNU_SOURCE /* as pgovd.c: PATH_MAX and friends */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "pgovd.h"
#include "fuzz_scratch.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

/* pgovd.c's diagnostics, captured instead of printed. */
static char last_err[PATH_MAX + 1200];
static int nerr;

void pgovd_err(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_err, sizeof(last_err), fmt, ap);
    va_end(ap);
    nerr++;
}

void pgovd_log(struct pgovd *d, const char *fmt, ...)
{
    (void)d;
    (void)fmt;
}

static const char *scratch(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        fuzz_scratch_path(path, sizeof(path), "pgovd-config");
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    CHECK(fwrite(data, 1, size, f) == size);
    fclose(f);
    return path;
}

struct result {
    int r;
    struct pgovd d;
    struct pgovd_opts o;
};

static void parse(const char *path, bool reloading, struct result *res)
{
    memset(res, 0, sizeof(*res));
    res->d.interval_ms = 50;
    res->d.scaling_khz = 100000;
    res->o.reloading = reloading;
    nerr = 0;
    last_err[0] = '\0';
    res->r = pgovd_config_read(&res->d, &res->o, path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct result a, b, c;
    if (size > 65536)
        return 0;
    const char *path = scratch(data, size);
    size_t pl = strlen(path);

    parse(path, false, &a);
    CHECK(a.r == 0 || a.r == -1);
    if (a.r) {
        CHECK(nerr == 1);
        CHECK(!strncmp(last_err, path, pl) && last_err[pl] == ':');
    } else {
        CHECK(nerr == 0);
        CHECK(a.d.interval_ms >= 1 && a.d.interval_ms <= 60000);
        CHECK(a.d.scaling_khz >= 1 && a.d.scaling_khz <= 10000000);
        CHECK(a.d.wm <= PGOVD_WM_LIMITS && a.d.counters <= PGOVD_CNT_PROCSTAT);
        CHECK(a.o.nrules <= PGOVD_MAX_RULES);
        CHECK(!a.o.have_def || a.o.def.pol != NULL);
        for (unsigned k = 0; k < a.o.nrules; k++) {
            int any = 0;
            CHECK(a.o.rules[k].spec.pol != NULL);
            for (size_t i = 0; i < sizeof(a.o.rules[k].set); i++)
                any |= a.o.rules[k].set[i];
            CHECK(any);
        }
        const char *paths[] = { a.d.sysfs_root, a.d.proc_root, a.d.dev_root, a.d.state_file,
                                a.d.run_dir };
        for (int i = 0; i < 5; i++)
            CHECK(!paths[i] || strlen(paths[i]) < PATH_MAX);
    }
    parse(path, false, &b);
    CHECK(b.r == a.r && b.o.nrules == a.o.nrules && b.d.interval_ms == a.d.interval_ms);
    CHECK(!memcmp(b.o.rules, a.o.rules, sizeof(a.o.rules)));
    parse(path, true, &c); /* a reload never fails where a start succeeds, nor the reverse */
    CHECK(c.r == a.r);
    return 0;
}
