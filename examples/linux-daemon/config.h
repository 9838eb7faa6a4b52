/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: options from the command line and the config file (config.c).
 *
 * One parser for both sources, so a key means the same thing everywhere;
 * kept out of pgovd.c so that the fuzz harness (fuzz_pgovd_config.c) can
 * feed it directly. Every input is bounded while it is read: a config file
 * larger than PGOVD_CONF_MAX or with a line longer than PGOVD_CONF_LINE_MAX
 * is refused without being held in memory.
 */
#ifndef PGOVD_CONFIG_H
#define PGOVD_CONFIG_H

#include <stdbool.h>

#include "pgovd.h"

#define PGOVD_CONF_MAX (1u << 20)   /* bytes in a config file */
#define PGOVD_CONF_LINE_MAX 1023u   /* bytes in one line, newline excluded */
#define PGOVD_MAX_RULES 64u

struct pgovd_cpu_rule {
    unsigned char set[PGOVD_MAX_CPUS / 8];
    struct pgovd_spec spec;
};

struct pgovd_opts {
    struct pgovd_spec def;
    bool have_def;
    struct pgovd_cpu_rule rules[PGOVD_MAX_RULES];
    unsigned nrules;
    bool restore_only;
    /* SIGHUP re-read: settings only a restart can change are noted, kept. */
    bool reloading;
    const char *config; /* the last --config file: what SIGHUP re-reads */
};

/* One option, from the command line or the config file; @where names the
 * source in messages ("--interval", "FILE:LINE"). 0, or -1 (printed). */
int pgovd_opt_apply(struct pgovd *d, struct pgovd_opts *o, const char *key, const char *val,
                    const char *where);
/* Read a config file ("key value" lines, '#' comments). 0, or -1 with
 * "FILE[:LINE]: reason" printed. */
int pgovd_config_read(struct pgovd *d, struct pgovd_opts *o, const char *path);
/* The policy a CPU gets from @o; false if @o's rules do not list it. */
bool pgovd_spec_for(const struct pgovd_opts *o, unsigned cpu, struct pgovd_spec *sp);
/* ondemand when built, else performance. */
struct pgovd_spec pgovd_default_spec(void);

#endif
