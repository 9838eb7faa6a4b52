/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the save/restore plan.
 *
 * Before the daemon changes anything it records every file (and MSR) it is
 * going to write, with the exact bytes found there, in memory and in a state
 * file. Restoring writes those bytes back. Three paths use it:
 *  - a clean stop (SIGTERM, SIGINT, --iterations reached, a fatal error the
 *    daemon detects): pgovd_plan_restore() from the main loop;
 *  - a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT): the handler below
 *    restores with open/write/close only, then lets the signal kill us;
 *  - SIGKILL or a power cut: nothing can run, so the state file stays behind;
 *    `pgovd --restore` (the unit's ExecStopPost) or the next start of pgovd
 *    puts the values back from it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgovd.h"

static int plan_grow(struct pgovd_plan *p)
{
    if (p->n < p->cap)
        return 0;
    unsigned cap = p->cap ? p->cap * 2 : 16;
    struct pgovd_rentry *e = realloc(p->e, cap * sizeof(*e));
    if (!e)
        return -ENOMEM;
    p->e = e;
    p->cap = cap;
    return 0;
}

/* Append one entry (the bytes to put back at @path, or at @reg of an MSR). */
static int plan_append(struct pgovd_plan *p, const char *path, uint32_t kind, uint32_t flags,
                       uint32_t reg, const char *data, uint32_t len)
{
    if (plan_grow(p))
        return -ENOMEM;
    struct pgovd_rentry *e = &p->e[p->n];
    memset(e, 0, sizeof(*e));
    strcpy(e->path, path);
    e->kind = kind;
    e->flags = flags;
    e->reg = reg;
    e->len = len;
    memcpy(e->data, data, len);
    p->n++;
    return 0;
}

int pgovd_plan_add_file(struct pgovd_plan *p, const char *path, uint32_t flags)
{
    char buf[PGOVD_VAL_MAX + 1];
    int r;

    if (strlen(path) >= PATH_MAX)
        return -ENAMETOOLONG;
    r = pgovd_read(path, buf, sizeof(buf));
    if (r < 0)
        return r;
    return plan_append(p, path, PGOVD_R_FILE, flags, 0, buf, (uint32_t)r);
}

int pgovd_plan_add_msr(struct pgovd_plan *p, const char *path, uint32_t reg)
{
    char le[8];
    uint64_t v;
    int fd, r;

    if (strlen(path) >= PATH_MAX)
        return -ENAMETOOLONG;
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    r = pgovd_msr_read(fd, reg, &v);
    close(fd);
    if (r < 0)
        return r;
    for (int i = 0; i < 8; i++)
        le[i] = (char)(unsigned char)(v >> (8 * i));
    /* The file offset, not the register, so --restore needs no option. */
    return plan_append(p, path, PGOVD_R_MSR, 0, reg * pgovd_msr_stride, le, 8);
}

static void hex_put(FILE *f, const char *d, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        fprintf(f, "%02x", (unsigned char)d[i]);
    if (!n)
        fputc('-', f);
}

int pgovd_plan_save(const struct pgovd_plan *p, const char *state_file)
{
    char tmp[PATH_MAX];
    FILE *f;

    if (snprintf(tmp, sizeof(tmp), "%s.tmp", state_file) >= (int)sizeof(tmp))
        return -ENAMETOOLONG;
    f = fopen(tmp, "we");
    if (!f)
        return -errno;
    fprintf(f, "pgovd-state 1 %ld\n", (long)getpid());
    for (unsigned i = 0; i < p->n; i++) {
        const struct pgovd_rentry *e = &p->e[i];
        fprintf(f, "%c %x %x ", e->kind == PGOVD_R_MSR ? 'M' : 'F', e->flags, e->reg);
        hex_put(f, e->data, e->len);
        fprintf(f, " %s\n", e->path);
    }
    int e = 0;
    if (fflush(f) || fsync(fileno(f)))
        e = errno;
    if (fclose(f) && !e)
        e = errno;
    if (!e && rename(tmp, state_file))
        e = errno;
    if (e)
        unlink(tmp);
    return -e;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int pgovd_plan_load(struct pgovd_plan *p, const char *state_file, long *pid)
{
    FILE *f = fopen(state_file, "re");
    char line[PATH_MAX + 2 * PGOVD_VAL_MAX + 64];
    int r = 0;

    if (!f)
        return -errno;
    if (!fgets(line, sizeof(line), f) || sscanf(line, "pgovd-state 1 %ld", pid) != 1) {
        fclose(f);
        return -EINVAL;
    }
    while (fgets(line, sizeof(line), f)) {
        char kind, *hex, *path, *nl;
        unsigned flags, reg;
        int off = 0;

        if (sscanf(line, "%c %x %x %n", &kind, &flags, &reg, &off) != 3 || !off ||
            (kind != 'F' && kind != 'M')) {
            r = -EINVAL;
            break;
        }
        hex = line + off;
        path = strchr(hex, ' ');
        nl = strchr(line, '\n');
        if (!path || !nl || path == hex) {
            r = -EINVAL;
            break;
        }
        *path++ = '\0';
        *nl = '\0';
        if (plan_grow(p)) {
            r = -ENOMEM;
            break;
        }
        struct pgovd_rentry *e = &p->e[p->n];
        memset(e, 0, sizeof(*e));
        size_t hl = strlen(hex);
        if (strcmp(hex, "-") != 0) {
            if (hl % 2 || hl / 2 > PGOVD_VAL_MAX) {
                r = -EINVAL;
                break;
            }
            for (size_t i = 0; i < hl / 2; i++) {
                int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
                if (hi < 0 || lo < 0) {
                    r = -EINVAL;
                    break;
                }
                e->data[i] = (char)(hi * 16 + lo);
            }
            if (r)
                break;
            e->len = (uint32_t)(hl / 2);
        }
        if (strlen(path) >= PATH_MAX || (kind == 'M' && e->len != 8)) {
            r = -EINVAL;
            break;
        }
        strcpy(e->path, path);
        e->kind = kind == 'M' ? PGOVD_R_MSR : PGOVD_R_FILE;
        e->flags = flags;
        e->reg = reg;
        p->n++;
    }
    fclose(f);
    return r;
}

/* Only async-signal-safe calls below this line (open, write, pwrite, close). */
static int put_back(const struct pgovd_rentry *e)
{
    int fd = open(e->path, O_WRONLY | (e->kind == PGOVD_R_FILE ? O_TRUNC : 0) | O_CLOEXEC);
    ssize_t w;
    int err = 0;

    if (fd < 0)
        return -errno;
    if (e->kind == PGOVD_R_MSR) {
        w = pwrite(fd, e->data, 8, (off_t)e->reg);
        if (w != 8)
            err = w < 0 ? -errno : -EIO;
    } else {
        uint32_t done = 0;
        while (done < e->len) {
            w = write(fd, e->data + done, e->len - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                err = w < 0 ? -errno : -EIO;
                break;
            }
            done += (uint32_t)w;
        }
    }
    if (close(fd) < 0 && !err)
        err = -errno;
    return err;
}

int pgovd_plan_restore(const struct pgovd_plan *p, bool quiet)
{
    int failed = 0;

    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < p->n; i++) {
            const struct pgovd_rentry *e = &p->e[i];
            if (pass == 1 && !(e->flags & PGOVD_RF_TWICE))
                continue;
            int r = put_back(e);
            /* A TWICE entry's final word is its second write. */
            if (r == 0 || (pass == 0 && e->flags & PGOVD_RF_TWICE))
                continue;
            if (e->flags & PGOVD_RF_BEST_EFFORT) {
                if (!quiet)
                    fprintf(stderr, "pgovd: note: %s: old value not taken back (%s); "
                                    "harmless, the governor restored next replaces it\n",
                            e->path, strerror(-r));
                continue;
            }
            failed++;
            if (!quiet)
                fprintf(stderr, "pgovd: error: %s: cannot restore original value: %s\n",
                        e->path, strerror(-r));
        }
    }
    return failed;
}

void pgovd_plan_free(struct pgovd_plan *p)
{
    free(p->e);
    p->e = NULL;
    p->n = p->cap = 0;
}

static const struct pgovd_plan *armed_plan;
static const char *armed_state;
static const int fatal_sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };

static void fatal_handler(int sig)
{
    static const char msg[] = "pgovd: fatal signal: restored the original cpufreq settings\n";
    static const char bad[] = "pgovd: fatal signal: some settings NOT restored; "
                              "run pgovd --restore\n";
    const struct pgovd_plan *p = armed_plan;

    if (p) {
        armed_plan = NULL; /* a second fault must not loop */
        if (pgovd_plan_restore(p, true) == 0) {
            if (armed_state)
                unlink(armed_state);
            (void)!write(2, msg, sizeof(msg) - 1);
        } else {
            (void)!write(2, bad, sizeof(bad) - 1);
        }
    }
    /* SA_RESETHAND put the default action back: die of the same signal. */
    raise(sig);
}

void pgovd_fatal_arm(const struct pgovd_plan *p, const char *state_file)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = fatal_handler;
    sa.sa_flags = (int)SA_RESETHAND;
    sigfillset(&sa.sa_mask);
    armed_state = state_file;
    armed_plan = p;
    for (size_t i = 0; i < sizeof(fatal_sigs) / sizeof(fatal_sigs[0]); i++)
        sigaction(fatal_sigs[i], &sa, NULL);
}

void pgovd_fatal_disarm(void)
{
    armed_plan = NULL;
    for (size_t i = 0; i < sizeof(fatal_sigs) / sizeof(fatal_sigs[0]); i++)
        signal(fatal_sigs[i], SIG_DFL);
}
