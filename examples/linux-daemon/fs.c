/* SPDX-License-Identifier: BSD-2-Clause */
/* pgovd: small-file access under the sysfs/proc/dev roots. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "num.h"
#include "pgovd.h"

/* Read what @fd holds into @buf (NUL-terminated) and close it: at most
 * len - 1 bytes, whatever the file claims. */
static int read_fd(int fd, char *buf, size_t len)
{
    size_t got = 0;

    if (fd < 0)
        return fd;
    while (got + 1 < len) {
        ssize_t r = read(fd, buf + got, len - 1 - got);
        if (r < 0) {
            int e = errno;
            if (e == EINTR)
                continue;
            close(fd);
            return -e;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    buf[got] = '\0';
    if (got + 1 >= len)
        return -EFBIG; /* a value this long is not a cpufreq attribute */
    if (memchr(buf, '\0', got))
        return -EINVAL; /* binary content: not a sysfs text attribute */
    return (int)got;
}

int pgovd_read(const char *path, char *buf, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    return read_fd(fd < 0 ? -errno : fd, buf, len);
}

int pgovd_read_nofollow(const char *path, char *buf, size_t len)
{
    return read_fd(pgovd_open_nofollow(path, O_RDONLY), buf, len);
}

/* Only async-signal-safe calls here (openat, fstatat, close): the fatal
 * signal handler restores through it. */
int pgovd_open_nofollow(const char *path, int flags)
{
    char name[NAME_MAX + 1];
    const char *p = path;
    int dir, fd, e;

    if (p[0] != '/')
        return -EINVAL;
    dir = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return -errno;
    for (;;) {
        size_t n = 0;
        while (*p == '/')
            p++;
        while (p[n] && p[n] != '/')
            n++;
        const bool last = p[n] == '\0';
        /* Canonical paths only: no empty, "." or ".." component. */
        if (n == 0 || n > NAME_MAX || (p[0] == '.' && (n == 1 || (n == 2 && p[1] == '.')))) {
            close(dir);
            return -EINVAL;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        if (last)
            fd = openat(dir, name, flags | O_NOFOLLOW | O_CLOEXEC);
        else
            fd = openat(dir, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        e = fd < 0 ? errno : 0;
        if (e == ENOTDIR && !last) { /* a link to a directory is refused as a link */
            struct stat st;
            if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
                e = ELOOP;
        }
        close(dir);
        if (e)
            return -e;
        if (last)
            return fd;
        dir = fd;
        p += n;
    }
}

int pgovd_write(const char *path, const char *buf, size_t len)
{
    /* Never O_CREAT: a missing attribute must fail, not appear. */
    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    size_t done = 0;

    if (fd < 0)
        return -errno;
    while (done < len) {
        ssize_t w = write(fd, buf + done, len - done);
        if (w < 0) {
            int e = errno;
            if (e == EINTR)
                continue;
            close(fd);
            return -e;
        }
        done += (size_t)w;
    }
    if (close(fd) < 0)
        return -errno;
    return 0;
}

int pgovd_read_u64(const char *path, uint64_t *v)
{
    char buf[64], *p = buf;
    int r = pgovd_read(path, buf, sizeof(buf));

    if (r < 0)
        return r;
    /* sysfs pads with blanks and ends with a newline; the number itself is strict */
    size_t n = strlen(buf);
    while (n && isspace((unsigned char)buf[n - 1]))
        buf[--n] = '\0';
    while (isspace((unsigned char)*p))
        p++;
    return num_u64(p, 0, UINT64_MAX, v, NULL, 0) ? -EINVAL : 0;
}

unsigned pgovd_msr_stride = 1;

int pgovd_msr_read(int fd, uint32_t reg, uint64_t *v)
{
    unsigned char b[8];
    ssize_t r;

    do
        r = pread(fd, b, sizeof(b), (off_t)reg * pgovd_msr_stride);
    while (r < 0 && errno == EINTR);
    if (r < 0)
        return -errno;
    if (r != (ssize_t)sizeof(b))
        return -EIO; /* a fake msr file too short for this register */
    *v = 0;
    for (int i = 7; i >= 0; i--)
        *v = (*v << 8) | b[i];
    return 0;
}

int pgovd_msr_write(const char *path, uint32_t reg, uint64_t v)
{
    unsigned char b[8];
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    ssize_t w;

    if (fd < 0)
        return -errno;
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    do
        w = pwrite(fd, b, sizeof(b), (off_t)reg * pgovd_msr_stride);
    while (w < 0 && errno == EINTR);
    int e = w < 0 ? errno : (w != 8 ? EIO : 0);
    if (close(fd) < 0 && !e)
        e = errno;
    return -e;
}

int pgovd_parse_cpulist(const char *s, unsigned char *set)
{
    char buf[256], *item, *save = NULL;
    size_t n = strlen(s);

    memset(set, 0, PGOVD_MAX_CPUS / 8);
    if (n && s[n - 1] == '\n') /* as sysfs writes it */
        n--;
    if (!n || n >= sizeof(buf) || s[0] == ',' || s[n - 1] == ',')
        return -EINVAL;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (strstr(buf, ",,"))
        return -EINVAL;
    for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *dash = strchr(item, '-');
        uint32_t a, b;

        if (dash)
            *dash = '\0';
        if (num_u32(item, 0, PGOVD_MAX_CPUS - 1, &a, NULL, 0) ||
            num_u32(dash ? dash + 1 : item, 0, PGOVD_MAX_CPUS - 1, &b, NULL, 0) || a > b)
            return -EINVAL;
        for (uint32_t i = a; i <= b; i++)
            set[i / 8] |= (unsigned char)(1u << (i % 8));
    }
    return 0;
}

/* "N user nice system idle [iowait irq softirq steal ...]" after "cpu": every
 * field strict decimal. Returns the fields read (CPU number included), or -1. */
static int stat_fields(const char *text, unsigned *cpu, struct pgovd_stat *st)
{
    uint64_t *const dst[] = { &st->user, &st->nice, &st->system, &st->idle,
                              &st->iowait, &st->irq, &st->softirq, &st->steal };
    char buf[512], *tok, *save = NULL;
    uint64_t ignored;
    int n = 0;

    snprintf(buf, sizeof(buf), "%s", text);
    for (tok = strtok_r(buf, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save), n++) {
        if (n == 0 ? num_u32(tok, 0, UINT32_MAX, cpu, NULL, 0)
                   : num_u64(tok, 0, UINT64_MAX, n <= 8 ? dst[n - 1] : &ignored, NULL, 0))
            return -1;
    }
    return n;
}

int pgovd_parse_stat(const char *path, struct pgovd_stat *per_cpu, unsigned char *present,
                     unsigned ncpu, int *bad_line)
{
    FILE *f = fopen(path, "re");
    char line[512];
    int lineno = 0;
    long chunks = 0;
    bool total = false, any = false;

    *bad_line = 0;
    if (!f)
        return -errno;
    memset(present, 0, (ncpu + 7) / 8);
    while (fgets(line, sizeof(line), f)) {
        unsigned cpu;
        /* /dev/zero or a runaway file: a real one is far smaller. Counted
         * by chunk (a NUL hides the rest of one from strlen), since a
         * device's offset says nothing. */
        if (++chunks > PGOVD_STAT_MAX / (long)(sizeof(line) - 1)) {
            fclose(f);
            return -EFBIG;
        }
        struct pgovd_stat s = { 0 };
        int n;

        lineno++;
        if (!strncmp(line, "cpu ", 4))
            total = true;
        if (strncmp(line, "cpu", 3) != 0 || !isdigit((unsigned char)line[3]))
            continue;
        n = stat_fields(line + 3, &cpu, &s);
        if (n < 5) {
            fclose(f);
            *bad_line = lineno;
            return -EINVAL;
        }
        any = true;
        if (cpu >= ncpu)
            continue;
        per_cpu[cpu] = s;
        present[cpu / 8] |= (unsigned char)(1u << (cpu % 8));
    }
    int e = ferror(f) ? EIO : 0;
    fclose(f);
    /* Linux always lists the total and at least the CPU reading the file. */
    if (!e && (!total || !any))
        e = EINVAL;
    return -e;
}
