/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd startup: find the CPUs and their cpufreq policies (through the
 * policy directory's real path, which survives cpuN/cpufreq disappearing
 * when a CPU goes offline), read their limits, pick the write mode and the
 * counter source, and record what will be changed (restore.c).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "num.h"
#include "pgovd.h"


void pgovd_cpu_path(const struct pgovd *d, char *buf, unsigned cpu, const char *leaf)
{
    int n = snprintf(buf, PATH_MAX, "%s/devices/system/cpu/cpu%u/%s", d->sysfs_root, cpu, leaf);
    if (n < 0 || n >= PATH_MAX)
        buf[0] = '\0'; /* too long: open("") fails with ENOENT, named in the error */
}

void pgovd_pol_path(const struct pgovd_cpu *c, char *buf, const char *leaf)
{
    int n = snprintf(buf, PATH_MAX, "%s/%s", c->dir, leaf);
    if (n < 0 || n >= PATH_MAX)
        buf[0] = '\0';
}

/* cpuN/online: "0" offline; absent (cpu0 on most systems) = always online. */
bool pgovd_cpu_online(const struct pgovd *d, unsigned cpu)
{
    char p[PATH_MAX], b[16];
    pgovd_cpu_path(d, p, cpu, "online");
    int r = pgovd_read(p, b, sizeof(b));
    if (r < 0)
        return r == -ENOENT;
    return b[0] != '0';
}


int pgovd_find_cpus(struct pgovd *d)
{
    char p[PATH_MAX];
    DIR *dir;
    struct dirent *de;
    unsigned max = 0;
    bool any = false;

    snprintf(p, sizeof(p), "%s/devices/system/cpu", d->sysfs_root);
    dir = opendir(p);
    if (!dir) {
        pgovd_err("%s: cannot list CPUs: %s", p, strerror(errno));
        return -1;
    }
    while ((de = readdir(dir))) {
        uint32_t n;
        if (strncmp(de->d_name, "cpu", 3) ||
            num_u32(de->d_name + 3, 0, PGOVD_MAX_CPUS - 1, &n, NULL, 0))
            continue;
        any = true;
        if (n + 1 > max)
            max = (unsigned)n + 1;
    }
    closedir(dir);
    if (!any) {
        pgovd_err("%s: no cpuN directories", p);
        return -1;
    }
    d->ncpu = max;
    d->cpu = calloc(max, sizeof(*d->cpu));
    d->stat_now = calloc(max, sizeof(*d->stat_now));
    d->stat_present = calloc((max + 7) / 8, 1);
    if (!d->cpu || !d->stat_now || !d->stat_present) {
        pgovd_err("out of memory");
        return -1;
    }
    for (unsigned i = 0; i < max; i++) {
        d->cpu[i].id = i;
        d->cpu[i].msr_fd = -1;
        d->cpu[i].last_load = -1;
    }
    return 0;
}

static int read_khz(const char *path, uint32_t *khz, bool optional)
{
    uint64_t v;
    int r = pgovd_read_u64(path, &v);
    if (r) {
        if (optional && r == -ENOENT)
            return 1;
        pgovd_err("%s: %s", path, r == -EINVAL ? "not a frequency in kHz" : strerror(-r));
        return -1;
    }
    if (v == 0 || v > UINT32_MAX) {
        pgovd_err("%s: frequency %" PRIu64 " kHz out of range", path, v);
        return -1;
    }
    *khz = (uint32_t)v;
    return 0;
}

int pgovd_setup_cpu(struct pgovd *d, struct pgovd_cpu *c)
{
    char p[PATH_MAX], buf[512];
    int r;

    pgovd_cpu_path(d, p, c->id, "cpufreq");
    if (!realpath(p, c->dir)) {
        pgovd_err("%s: no cpufreq policy for cpu%u: %s", p, c->id, strerror(errno));
        return -1;
    }
    pgovd_pol_path(c, p, "cpuinfo_min_freq");
    if (read_khz(p, &c->min_khz, false))
        return -1;
    pgovd_pol_path(c, p, "cpuinfo_max_freq");
    if (read_khz(p, &c->max_khz, false))
        return -1;
    if (c->min_khz > c->max_khz) {
        pgovd_err("%s: cpuinfo_min_freq %u above cpuinfo_max_freq %u", c->dir, c->min_khz,
                  c->max_khz);
        return -1;
    }
    pgovd_pol_path(c, p, "base_frequency");
    r = read_khz(p, &c->base_khz, true);
    if (r < 0)
        return -1;
    const bool no_base_file = r > 0;
    if (r > 0 || c->base_khz > c->max_khz || c->base_khz < c->min_khz)
        c->base_khz = c->max_khz;

    pgovd_pol_path(c, p, "scaling_cur_freq");
    if (read_khz(p, &c->start_khz, true) != 0)
        c->start_khz = 0; /* optional: policies then assume the maximum */
    c->wm = d->wm;
    if (c->wm != PGOVD_WM_LIMITS) {
        pgovd_pol_path(c, p, "scaling_available_governors");
        r = pgovd_read(p, buf, sizeof(buf));
        bool has = false;
        if (r >= 0)
            for (char *t = strtok(buf, " \n"); t; t = strtok(NULL, " \n"))
                has |= !strcmp(t, "userspace");
        if (!has && c->wm == PGOVD_WM_SETSPEED) {
            pgovd_err("%s: the 'userspace' governor is not offered%s%s", p, r < 0 ? ": " : "",
                      r < 0 ? strerror(-r) : "");
            return -1;
        }
        c->wm = has ? PGOVD_WM_SETSPEED : PGOVD_WM_LIMITS;
    }

    c->msr = false;
    if (d->counters != PGOVD_CNT_PROCSTAT) {
        uint64_t t;
        snprintf(c->msr_path, sizeof(c->msr_path), "%s/cpu/%u/msr", d->dev_root, c->id);
        c->msr_fd = open(c->msr_path, O_RDONLY | O_CLOEXEC);
        if (c->msr_fd >= 0 && pgovd_msr_read(c->msr_fd, 0x10, &t) == 0) {
            c->msr = true;
        } else {
            int e = c->msr_fd < 0 ? errno : EIO;
            if (c->msr_fd >= 0)
                close(c->msr_fd);
            c->msr_fd = -1;
            if (d->counters == PGOVD_CNT_MSR) {
                pgovd_err("%s: cannot read APERF/MPERF/TSC: %s", c->msr_path, strerror(e));
                return -1;
            }
        }
    }
    if (c->msr && no_base_file) {
        /* No base_frequency in sysfs (acpi-cpufreq): the TSC runs at the max
         * non-turbo ratio, MSR_PLATFORM_INFO (0xCE) bits 15:8. */
        uint64_t pi;
        if (pgovd_msr_read(c->msr_fd, 0xCE, &pi) == 0) {
            uint64_t khz = ((pi >> 8) & 0xff) * (uint64_t)d->scaling_khz;
            if (khz >= c->min_khz && khz <= c->max_khz)
                c->base_khz = (uint32_t)khz;
        }
    }
    if ((c->spec.pol->need & PGOV_HW_NEED_HWP) && !c->msr) {
        pgovd_err("%s: policy %s writes IA32_HWP_REQUEST and needs the msr device", c->msr_path,
                  c->spec.pol->name);
        return -1;
    }
    return 0;
}

static bool plan_has(const struct pgovd_plan *pl, const char *path, uint32_t kind)
{
    for (unsigned i = 0; i < pl->n; i++)
        if (pl->e[i].kind == kind && !strcmp(pl->e[i].path, path))
            return true;
    return false;
}

bool pgovd_uses_cpufreq(const struct pgovd_cpu *c)
{
    return !(c->spec.pol->need & PGOV_HW_NEED_HWP);
}

int pgovd_plan_cpu(struct pgovd *d, struct pgovd_cpu *c)
{
    char p[PATH_MAX];
    int r = 0;

    if (!pgovd_uses_cpufreq(c)) {
        /* nothing in cpufreq */
    } else if (c->wm == PGOVD_WM_SETSPEED) {
        /* setspeed first: restoring it only works while `userspace` still rules. */
        const char *leaf[2] = { "scaling_setspeed", "scaling_governor" };
        for (int i = 0; i < 2 && !r; i++) {
            pgovd_pol_path(c, p, leaf[i]);
            if (!plan_has(&d->plan, p, PGOVD_R_FILE))
                r = pgovd_plan_add_file(&d->plan, p, i == 0 ? PGOVD_RF_BEST_EFFORT : 0);
        }
    } else {
        const char *leaf[2] = { "scaling_max_freq", "scaling_min_freq" };
        for (int i = 0; i < 2 && !r; i++) {
            pgovd_pol_path(c, p, leaf[i]);
            if (!plan_has(&d->plan, p, PGOVD_R_FILE))
                r = pgovd_plan_add_file(&d->plan, p, i == 0 ? PGOVD_RF_TWICE : 0);
        }
    }
    if (!r && (c->spec.pol->need & PGOV_HW_NEED_HWP)) {
        snprintf(p, sizeof(p), "%s", c->msr_path);
        if (!plan_has(&d->plan, p, PGOVD_R_MSR))
            r = pgovd_plan_add_msr(&d->plan, p, 0x774);
    }
    if (r) {
        pgovd_err("%s: cannot read the value to save: %s", p,
                  r == -ELOOP ? "a symbolic link on the path (a restore never follows one)"
                              : strerror(-r));
        return -1;
    }
    return 0;
}

