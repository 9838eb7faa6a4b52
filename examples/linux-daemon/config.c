/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the option parser shared by the command line and the config file,
 * and the config file reader. The reader never holds more than one line
 * (PGOVD_CONF_LINE_MAX) and stops at PGOVD_CONF_MAX bytes, so /dev/zero or a
 * huge file costs a few kilobytes and is refused at once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "num.h"

/* A strict decimal option value in [min, max]; prints "WHERE: KEY: reason". */
static int opt_number(const char *where, const char *key, const char *val, uint64_t min,
                      uint64_t max, const char *unit, uint64_t *v)
{
    char why[NUM_ERR_LEN];
    if (num_u64(val, min, max, v, why, sizeof(why)) == 0)
        return 0;
    pgovd_err("%s: %s: %s%s", where, key, why, unit);
    return -1;
}

/* One option, from the command line or the config file. @where names the
 * source for error messages. Returns 0 or -1 (message printed). */
int pgovd_opt_apply(struct pgovd *d, struct pgovd_opts *o, const char *key, const char *val,
                    const char *where)
{
    uint64_t v;
    char why[NUM_ERR_LEN];

    if (!strcmp(key, "policy")) {
        if (pgovd_spec_parse(val, &o->def, why, sizeof(why))) {
            pgovd_err("%s: policy '%s': %s", where, val, why);
            return -1;
        }
        o->have_def = true;
    } else if (!strcmp(key, "cpus")) {
        /* "LIST=POLICY", "LIST = POLICY" or "LIST POLICY" */
        size_t ll = strcspn(val, "= \t");
        const char *pol = val + ll;
        char list[256];
        pol += strspn(pol, " \t");
        if (*pol == '=')
            pol++;
        pol += strspn(pol, " \t");
        if (!ll || !*pol || ll >= sizeof(list) || o->nrules == PGOVD_MAX_RULES) {
            pgovd_err("%s: cpus '%s': expected LIST=POLICY", where, val);
            return -1;
        }
        memcpy(list, val, ll);
        list[ll] = '\0';
        struct pgovd_cpu_rule *ru = &o->rules[o->nrules];
        if (pgovd_parse_cpulist(list, ru->set)) {
            pgovd_err("%s: cpu list '%s': expected numbers and ranges like 0-3,6 below %d",
                      where, list, PGOVD_MAX_CPUS);
            return -1;
        }
        if (pgovd_spec_parse(pol, &ru->spec, why, sizeof(why))) {
            pgovd_err("%s: policy '%s': %s", where, pol, why);
            return -1;
        }
        o->nrules++;
    } else if (!strcmp(key, "interval")) {
        if (opt_number(where, "interval", val, 1, 60000, " (milliseconds)", &v))
            return -1;
        d->interval_ms = (unsigned)v;
    } else if (!strcmp(key, "iterations")) {
        if (opt_number(where, "iterations", val, 0, ULONG_MAX, "", &v))
            return -1;
        d->iterations = v;
    } else if (!strcmp(key, "write-mode") || !strcmp(key, "counters")) {
        /* both enums list their values in this order: auto, then the two choices */
        static const char *const wm[] = { "auto", "setspeed", "limits" };
        static const char *const cn[] = { "auto", "msr", "procstat" };
        const char *const *names = key[0] == 'w' ? wm : cn;
        int k = 0;
        while (k < 3 && strcmp(val, names[k]))
            k++;
        if (k == 3) {
            pgovd_err("%s: %s '%s': expected %s, %s or %s", where, key, val, names[0], names[1],
                      names[2]);
            return -1;
        }
        if (key[0] == 'w')
            d->wm = (enum pgovd_write_mode)k;
        else
            d->counters = (enum pgovd_counters)k;
    } else if (!strcmp(key, "scaling-khz")) {
        if (opt_number(where, "scaling-khz", val, 1, 10000000, " (kHz)", &v))
            return -1;
        d->scaling_khz = (uint32_t)v;
    } else if (!strcmp(key, "sysfs-root") || !strcmp(key, "proc-root") ||
               !strcmp(key, "dev-root") || !strcmp(key, "state-file") ||
               !strcmp(key, "run-dir")) {
        /* Config-file values live in a line buffer: keep a copy (no heap,
         * nothing to free). */
        static const char *const keys[] = { "sysfs-root", "proc-root", "dev-root", "state-file",
                                             "run-dir" };
        static char store[5][PATH_MAX];
        const char **dst[] = { &d->sysfs_root, &d->proc_root, &d->dev_root, &d->state_file,
                               &d->run_dir };
        int k = 0;
        while (strcmp(keys[k], key))
            k++;
        if (o->reloading) {
            if (!*dst[k] || strcmp(*dst[k], val))
                pgovd_log(d, "%s: %s changed: needs a restart; keeping %s", where, key,
                          *dst[k] ? *dst[k] : "the default");
            return 0;
        }
        if (strlen(val) >= PATH_MAX) {
            pgovd_err("%s: %s: path too long", where, key);
            return -1;
        }
        strcpy(store[k], val);
        *dst[k] = store[k];
    } else {
        pgovd_err("%s: unknown setting '%s'", where, key);
        return -1;
    }
    return 0;
}

enum conf_line { LN_OK, LN_EOF, LN_NUL, LN_LONG, LN_BIG, LN_IO };

/* Read one line into @buf (PGOVD_CONF_LINE_MAX + 1 bytes) a byte at a time,
 * so that neither a line nor the file is ever held whole: @len gets the
 * line's length with its newline (also when it is too long), @total counts
 * the file's bytes so far. A NUL byte ends the line at once. */
static enum conf_line conf_getline(FILE *f, char *buf, size_t *len, size_t *total)
{
    size_t n = 0;
    int c;

    while ((c = getc_unlocked(f)) != EOF) {
        if (++*total > PGOVD_CONF_MAX)
            return LN_BIG;
        if (c == '\0')
            return LN_NUL;
        if (n < PGOVD_CONF_LINE_MAX)
            buf[n] = (char)c;
        n++;
        if (c == '\n')
            break;
    }
    if (c == EOF && ferror(f))
        return LN_IO;
    if (c == EOF && n == 0)
        return LN_EOF;
    *len = n;
    if (n > PGOVD_CONF_LINE_MAX)
        return LN_LONG;
    buf[n] = '\0';
    return LN_OK;
}

/* One line without its comment and blanks: "key value" (or "key=value").
 * Returns 1 for a setting, 0 for a blank line, -1 (printed) for a key
 * without a value. */
static int conf_split(char *p, const char *where, char **key, char **val)
{
    char *e;

    if ((e = strchr(p, '#')))
        *e = '\0';
    while (*p == ' ' || *p == '\t')
        p++;
    e = p + strlen(p);
    while (e > p && (e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        *--e = '\0';
    if (!*p)
        return 0;
    *key = p;
    *val = p + strcspn(p, " \t=");
    if (**val) {
        *(*val)++ = '\0';
        *val += strspn(*val, " \t=");
    }
    if (!**val) {
        pgovd_err("%s: '%s' needs a value", where, *key);
        return -1;
    }
    return 1;
}

/* Config file: one "key value" per line, '#' comments, keys as the long
 * options (policy, cpus, interval, write-mode, counters, scaling-khz, ...). */
int pgovd_config_read(struct pgovd *d, struct pgovd_opts *o, const char *path)
{
    FILE *f = fopen(path, "re");
    char line[PGOVD_CONF_LINE_MAX + 1], where[PATH_MAX + 32];
    size_t len = 0, total = 0;
    int lineno = 0, rc = 0;
    struct stat st;

    if (!f) {
        pgovd_err("%s: cannot open config file: %s", path, strerror(errno));
        return -1;
    }
    /* A regular file's size is known: refuse a huge one before reading it. */
    if (fstat(fileno(f), &st) == 0 &&
        (S_ISDIR(st.st_mode) ||
         (S_ISREG(st.st_mode) && (long long)st.st_size > (long long)PGOVD_CONF_MAX))) {
        if (S_ISDIR(st.st_mode))
            pgovd_err("%s: is a directory, not a config file", path);
        else
            pgovd_err("%s: too large (%lld bytes, at most %u)", path, (long long)st.st_size,
                      PGOVD_CONF_MAX);
        fclose(f);
        return -1;
    }
    o->config = path;
    for (;;) {
        enum conf_line k = conf_getline(f, line, &len, &total);
        char *key, *val;
        if (k == LN_EOF)
            break;
        lineno++;
        snprintf(where, sizeof(where), "%s:%d", path, lineno);
        if (k == LN_NUL)
            pgovd_err("%s: NUL byte in the line (not a text file?)", where);
        else if (k == LN_LONG)
            pgovd_err("%s: line too long (%zu bytes, at most %u)", where, len,
                      PGOVD_CONF_LINE_MAX);
        else if (k == LN_BIG)
            pgovd_err("%s: too large (more than %u bytes; not a config file?)", path,
                      PGOVD_CONF_MAX);
        else if (k == LN_IO)
            pgovd_err("%s: read error", path);
        if (k != LN_OK) {
            rc = -1;
            break;
        }
        int s = conf_split(line, where, &key, &val);
        if (s < 0 || (s > 0 && pgovd_opt_apply(d, o, key, val, where))) {
            rc = -1;
            break;
        }
    }
    fclose(f);
    return rc;
}

struct pgovd_spec pgovd_default_spec(void)
{
    struct pgovd_spec sp = { pgovd_policy_find("ondemand"), 0 };
    if (!sp.pol)
        sp.pol = pgovd_policy_find("performance");
    return sp;
}

bool pgovd_spec_for(const struct pgovd_opts *o, unsigned cpu, struct pgovd_spec *sp)
{
    bool listed = false;
    *sp = o->def;
    for (unsigned k = 0; k < o->nrules; k++)
        if (o->rules[k].set[cpu / 8] >> (cpu % 8) & 1) {
            *sp = o->rules[k].spec;
            listed = true;
        }
    return listed || !o->nrules;
}
