/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the state file, and why a loaded one is trusted for nothing.
 *
 * `pgovd --restore` and a start after a crash write whatever a state file
 * names. Anyone who can plant or edit that file would otherwise choose what
 * root writes where, so a loaded file must describe exactly what pgovd
 * itself saves, or nothing is written at all:
 *  - the file: a regular file, no link, ours (or root's), writable by no one
 *    else, bounded in size, with a checksum over its content (a torn or
 *    edited file is not half-restored);
 *  - each path: canonical, under the configured cpufreq root (sysfs
 *    devices/system/cpu) or the msr devices, naming one of the four cpufreq
 *    files or IA32_HWP_REQUEST, with no symbolic link anywhere on it;
 *  - each value: what sysfs holds there (a governor name, a frequency in the
 *    policy's cpuinfo range, "<unsupported>" for an idle scaling_setspeed).
 * The daemon checks its own plan with the same rules before saving it, so
 * whatever it saves, --restore accepts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "num.h"
#include "pgovd.h"

#define MSR_HWP_REQUEST 0x774u
/* A cpufreq governor name (CPUFREQ_NAME_LEN is 16 with its NUL). */
#define GOV_NAME_MAX 15u

void pgovd_roots_init(struct pgovd_roots *r, const char *sysfs_root, const char *dev_root)
{
    char real[PATH_MAX];

    r->cpu[0] = r->dev[0] = '\0';
    if (realpath(sysfs_root, real) &&
        (size_t)snprintf(r->cpu, sizeof(r->cpu), "%s/devices/system/cpu", real) >= sizeof(r->cpu))
        r->cpu[0] = '\0';
    if (realpath(dev_root, real) &&
        (size_t)snprintf(r->dev, sizeof(r->dev), "%s/cpu", real) >= sizeof(r->dev))
        r->dev[0] = '\0';
}

uint64_t pgovd_state_sum(const char *buf, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)buf[i]) * 0x100000001b3ull;
    return h;
}

/* ------------------------------------------------------------------ save */

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
    char *img = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&img, &len);

    if (snprintf(tmp, sizeof(tmp), "%s.tmp", state_file) >= (int)sizeof(tmp))
        return -ENAMETOOLONG;
    if (!m)
        return -ENOMEM;
    fprintf(m, "pgovd-state 2 %ld\n", (long)getpid());
    for (unsigned i = 0; i < p->n; i++) {
        const struct pgovd_rentry *e = &p->e[i];
        fprintf(m, "%c %x %x ", e->kind == PGOVD_R_MSR ? 'M' : 'F', e->flags, e->reg);
        hex_put(m, e->data, e->len);
        fprintf(m, " %s\n", e->path);
    }
    if (fclose(m))
        return -ENOMEM;
    /* 0600 whatever the umask: the file says what root writes where. */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    int e = 0;
    if (!f) {
        e = errno;
        if (fd >= 0)
            close(fd);
        free(img);
        return -e;
    }
    if (fchmod(fd, 0600) || fwrite(img, 1, len, f) != len ||
        fprintf(f, "sum %016" PRIx64 "\n", pgovd_state_sum(img, len)) < 0 || fflush(f) ||
        fsync(fd))
        e = errno ? errno : EIO;
    free(img);
    if (fclose(f) && !e)
        e = errno;
    if (!e && rename(tmp, state_file))
        e = errno;
    if (e)
        unlink(tmp);
    return -e;
}

/* ------------------------------------------------------------------ checks */

static int refuse(char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t whylen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, whylen, fmt, ap);
    va_end(ap);
    return -EINVAL;
}

/* @path is @root + "/" + something; @rest gets the something. */
static bool under(const char *path, const char *root, const char **rest)
{
    size_t n = strlen(root);
    if (!n || strncmp(path, root, n) || path[n] != '/')
        return false;
    *rest = path + n + 1;
    return true;
}

/* Absolute, with no empty, "." or ".." component: checked on the string,
 * since a walk stops at the first component that does not exist. */
static bool canonical(const char *path)
{
    const char *c = path;
    if (*c != '/')
        return false;
    while (*c == '/') {
        size_t n = strcspn(c + 1, "/");
        if (n == 0 || (c[1] == '.' && (n == 1 || (n == 2 && c[2] == '.'))))
            return false;
        c += 1 + n;
    }
    return *c == '\0';
}

/* A frequency value as sysfs writes it: decimal kHz and a newline. */
static bool khz_value(const struct pgovd_rentry *e, uint32_t *khz)
{
    char b[PGOVD_VAL_MAX + 1];
    if (e->len < 2 || e->data[e->len - 1] != '\n')
        return false;
    memcpy(b, e->data, e->len - 1);
    b[e->len - 1] = '\0';
    return num_u32(b, 1, UINT32_MAX, khz, NULL, 0) == 0;
}

/* The policy's cpuinfo range, read (without following links) from the
 * directory of @path. */
static int cpuinfo_range(const char *path, uint32_t *lo, uint32_t *hi, char *why, size_t whylen)
{
    static const char *const leaf[2] = { "cpuinfo_min_freq", "cpuinfo_max_freq" };
    char p[PATH_MAX + 32], b[64];
    uint32_t *dst[2] = { lo, hi };
    size_t dir = (size_t)(strrchr(path, '/') - path);

    for (int i = 0; i < 2; i++) {
        snprintf(p, sizeof(p), "%.*s/%s", (int)dir, path, leaf[i]);
        int r = pgovd_read_nofollow(p, b, sizeof(b));
        char *nl = r > 0 ? strchr(b, '\n') : NULL;
        if (nl)
            *nl = '\0';
        if (r < 0 || num_u32(b, 1, UINT32_MAX, dst[i], NULL, 0))
            return refuse(why, whylen, "%s: cannot read the policy's %s to check the value: %s",
                          path, leaf[i], r < 0 ? strerror(-r) : "not a number");
    }
    return 0;
}

/* The saved bytes of a cpufreq file (@leaf) are what sysfs shows there. */
static int check_file_value(const struct pgovd_rentry *e, const char *leaf, bool exists,
                            char *why, size_t whylen)
{
    uint32_t khz, lo, hi;

    if (!strcmp(leaf, "scaling_governor")) {
        size_t n = e->len && e->data[e->len - 1] == '\n' ? e->len - 1 : e->len;
        bool ok = n >= 1 && n <= GOV_NAME_MAX;
        for (size_t i = 0; ok && i < n; i++) {
            char ch = e->data[i];
            ok = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
        }
        return ok ? 0 : refuse(why, whylen, "%s: saved value is not a governor name", e->path);
    }
    /* scaling_setspeed reads "<unsupported>" under any governor but userspace. */
    if (!strcmp(leaf, "scaling_setspeed") && e->len == 14 && !memcmp(e->data, "<unsupported>\n", 14))
        return 0;
    if (!khz_value(e, &khz))
        return refuse(why, whylen, "%s: saved value is not a frequency in kHz", e->path);
    if (!exists)
        return 0; /* the policy went away: the restore reports it */
    if (cpuinfo_range(e->path, &lo, &hi, why, whylen))
        return -EINVAL;
    if (khz < lo || khz > hi)
        return refuse(why, whylen, "%s: saved frequency %u kHz outside the policy's %u..%u kHz",
                      e->path, khz, lo, hi);
    return 0;
}

/* Where an entry may point: 0 with @leaf set for a cpufreq file. */
static int check_place(const struct pgovd_rentry *e, const struct pgovd_roots *roots,
                       const char **leaf, char *why, size_t whylen)
{
    static const char *const files[] = { "scaling_governor", "scaling_setspeed",
                                         "scaling_min_freq", "scaling_max_freq" };
    const char *rest;

    *leaf = NULL;
    if (!canonical(e->path))
        return refuse(why, whylen, "%s: not a canonical path", e->path);
    if (e->kind == PGOVD_R_MSR) {
        char num[16];
        size_t n;
        uint32_t cpu;
        if (!under(e->path, roots->dev, &rest) || (n = strcspn(rest, "/")) >= sizeof(num) ||
            strcmp(rest + n, "/msr") != 0)
            return refuse(why, whylen, "%s: not an msr device under %s", e->path,
                          roots->dev[0] ? roots->dev : "the dev root");
        memcpy(num, rest, n);
        num[n] = '\0';
        if (num_u32(num, 0, PGOVD_MAX_CPUS - 1, &cpu, NULL, 0))
            return refuse(why, whylen, "%s: not an msr device of a CPU", e->path);
        if (e->flags || (e->reg != MSR_HWP_REQUEST && e->reg != MSR_HWP_REQUEST * 8) || e->len != 8)
            return refuse(why, whylen, "%s: only IA32_HWP_REQUEST (8 bytes) is restored", e->path);
        return 0;
    }
    if (!under(e->path, roots->cpu, &rest))
        return refuse(why, whylen, "%s: outside the cpufreq root %s", e->path,
                      roots->cpu[0] ? roots->cpu : "(sysfs root does not resolve)");
    *leaf = strrchr(e->path, '/') + 1;
    bool known = false;
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        known |= !strcmp(*leaf, files[i]);
    if (!known || *leaf == rest)
        return refuse(why, whylen, "%s: not a cpufreq file pgovd writes", e->path);
    if (e->flags & ~(PGOVD_RF_BEST_EFFORT | PGOVD_RF_TWICE) || e->reg)
        return refuse(why, whylen, "%s: unknown flags or register", e->path);
    return 0;
}

static int check_entry(const struct pgovd_rentry *e, const struct pgovd_roots *roots, char *why,
                       size_t whylen)
{
    const char *leaf;
    struct stat st;

    if (check_place(e, roots, &leaf, why, whylen))
        return -EINVAL;
    /* No link anywhere: the string checks above then say where it lands. */
    int fd = pgovd_open_nofollow(e->path, O_PATH);
    if (fd == -ELOOP)
        return refuse(why, whylen, "%s: a symbolic link on the path", e->path);
    if (fd == -EINVAL)
        return refuse(why, whylen, "%s: not a canonical path", e->path);
    if (fd >= 0) {
        int r = fstat(fd, &st);
        close(fd);
        bool reg = r == 0 && S_ISREG(st.st_mode);
        if (r == 0 && S_ISLNK(st.st_mode)) /* O_PATH|O_NOFOLLOW opened the link itself */
            return refuse(why, whylen, "%s: a symbolic link on the path", e->path);
        if (!reg && !(e->kind == PGOVD_R_MSR && r == 0 && S_ISCHR(st.st_mode)))
            return refuse(why, whylen, "%s: not a regular file%s", e->path,
                          e->kind == PGOVD_R_MSR ? " or a device" : "");
    }
    if (e->kind == PGOVD_R_MSR)
        return 0;
    return check_file_value(e, leaf, fd >= 0, why, whylen);
}

int pgovd_plan_check(const struct pgovd_plan *p, const struct pgovd_roots *roots, char *why,
                     size_t whylen)
{
    for (unsigned i = 0; i < p->n; i++) {
        if (check_entry(&p->e[i], roots, why, whylen))
            return -EINVAL;
        for (unsigned j = 0; j < i; j++)
            if (p->e[j].kind == p->e[i].kind && !strcmp(p->e[j].path, p->e[i].path))
                return refuse(why, whylen, "%s: saved twice", p->e[i].path);
    }
    return 0;
}

/* ------------------------------------------------------------------ load */

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* A lowercase hex number of 1..8 digits ending at a blank; *@s moves past
 * it and the blank. */
static bool hex_u32(const char **s, uint32_t *v)
{
    const char *p = *s;
    *v = 0;
    while (p - *s < 8 && hexval(*p) >= 0)
        *v = *v << 4 | (uint32_t)hexval(*p++);
    if (p == *s || *p != ' ')
        return false;
    *s = p + 1;
    return true;
}

/* "K FLAGS REG HEX PATH" (no newline) into @e; false if malformed. */
static bool parse_entry(const char *s, struct pgovd_rentry *e)
{
    const char *hex, *path;

    memset(e, 0, sizeof(*e));
    if ((s[0] != 'F' && s[0] != 'M') || s[1] != ' ')
        return false;
    e->kind = s[0] == 'M' ? PGOVD_R_MSR : PGOVD_R_FILE;
    s += 2;
    if (!hex_u32(&s, &e->flags) || !hex_u32(&s, &e->reg))
        return false;
    hex = s;
    path = strchr(hex, ' ');
    if (!path || path == hex)
        return false;
    size_t hl = (size_t)(path - hex);
    path++;
    if (hl == 1 && hex[0] == '-') {
        e->len = 0;
    } else {
        if (hl % 2 || hl / 2 > PGOVD_VAL_MAX)
            return false;
        for (size_t i = 0; i < hl / 2; i++) {
            int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
            if (hi < 0 || lo < 0)
                return false;
            e->data[i] = (char)(hi * 16 + lo);
        }
        e->len = (uint32_t)(hl / 2);
    }
    if (!*path || strlen(path) >= PATH_MAX)
        return false;
    strcpy(e->path, path);
    return true;
}

/* The header and the entry lines of @buf (the sum line already cut off). */
static int parse_lines(struct pgovd_plan *p, char *buf, long *pid, char *why, size_t whylen)
{
    char *line = buf, *nl;
    unsigned lineno = 1;
    long v;
    int off = 0;

    nl = strchr(line, '\n');
    *nl = '\0';
    if (sscanf(line, "pgovd-state 2 %ld%n", &v, &off) != 1 || line[off] || v <= 0)
        return refuse(why, whylen, "line 1: not a pgovd-state 2 header");
    *pid = v;
    for (line = nl + 1; *line; line = nl + 1) {
        lineno++;
        nl = strchr(line, '\n');
        *nl = '\0';
        if (p->n == PGOVD_STATE_ENTRIES)
            return refuse(why, whylen, "line %u: more than %u entries", lineno,
                          PGOVD_STATE_ENTRIES);
        if (pgovd_plan_grow(p))
            return -ENOMEM;
        if (!parse_entry(line, &p->e[p->n]))
            return refuse(why, whylen, "line %u: malformed entry", lineno);
        p->n++;
    }
    return 0;
}

int pgovd_plan_parse(struct pgovd_plan *p, const char *buf, size_t len,
                     const struct pgovd_roots *roots, long *pid, char *why, size_t whylen)
{
    char *copy, *sum;
    uint64_t want;
    int r, off = 0;

    pgovd_plan_free(p);
    if (len == 0 || buf[len - 1] != '\n' || memchr(buf, '\0', len))
        return refuse(why, whylen, "not a text file ending with a newline");
    if (len > 14 && !memcmp(buf, "pgovd-state 1 ", 14))
        return refuse(why, whylen, "format 1 of libpgov 0.6.3 or older, without a checksum; "
                                   "check the settings it names and remove it");
    /* The last line is "sum HEX" over every byte before it. */
    copy = malloc(len + 1);
    if (!copy)
        return -ENOMEM;
    memcpy(copy, buf, len);
    copy[len] = '\0';
    copy[len - 1] = '\0';
    sum = strrchr(copy, '\n');
    sum = sum ? sum + 1 : copy;
    if (sscanf(sum, "sum %16" SCNx64 "%n", &want, &off) != 1 || off != 20 || sum[off] ||
        sum == copy) {
        free(copy);
        return refuse(why, whylen, "no checksum line at the end (torn or not a pgovd state file)");
    }
    if (pgovd_state_sum(copy, (size_t)(sum - copy)) != want) {
        free(copy);
        return refuse(why, whylen, "checksum mismatch (edited or torn)");
    }
    *sum = '\0';
    r = parse_lines(p, copy, pid, why, whylen);
    free(copy);
    if (!r)
        r = pgovd_plan_check(p, roots, why, whylen);
    if (r)
        pgovd_plan_free(p);
    return r;
}

int pgovd_plan_load(struct pgovd_plan *p, const char *state_file, const struct pgovd_roots *roots,
                    long *pid, char *why, size_t whylen)
{
    int fd = open(state_file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    char *buf;
    ssize_t got = 0;

    if (fd < 0 && errno == ELOOP)
        return refuse(why, whylen, "a symbolic link, not a state file");
    if (fd < 0)
        return -errno;
    if (fstat(fd, &st)) {
        int e = errno;
        close(fd);
        return -e;
    }
    /* Only what we (or root) wrote and no one else can change. */
    int bad = !S_ISREG(st.st_mode)              ? refuse(why, whylen, "not a regular file")
              : st.st_size > PGOVD_STATE_MAX     ? refuse(why, whylen, "too large (%lld bytes, at most %ld)",
                                                          (long long)st.st_size, PGOVD_STATE_MAX)
              : (st.st_uid != geteuid() && st.st_uid != 0) || (st.st_mode & 022)
                  ? refuse(why, whylen, "owned by uid %u, mode %o: not written by pgovd",
                           (unsigned)st.st_uid, (unsigned)(st.st_mode & 07777))
                  : 0;
    if (bad) {
        close(fd);
        return bad;
    }
    buf = malloc((size_t)st.st_size + 1);
    if (!buf) {
        close(fd);
        return -ENOMEM;
    }
    while (got < st.st_size) {
        ssize_t r = read(fd, buf + got, (size_t)(st.st_size - got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += r;
    }
    close(fd);
    int r = pgovd_plan_parse(p, buf, (size_t)got, roots, pid, why, whylen);
    free(buf);
    return r;
}
