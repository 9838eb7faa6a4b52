/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The texts of a trace.dat that libtraceevent parses (event formats and the
 * header page), checked against a strict grammar before it sees them
 * (dat_fmt.c): its parser crashes on some malformed ones (a NULL read and a
 * division by zero inside tep_parse_event, issue 30).
 */
#ifndef PGOV_TRACE_DAT_FMT_H
#define PGOV_TRACE_DAT_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a well-formed text declares. */
struct pgt_fmt {
    const char *name; /* the event's name (not NUL-terminated) */
    size_t name_len;
    uint32_t id;
    uint32_t commit_size; /* header page: the commit field's size (the kernel's long) */
    bool overwrite;       /* header page: has the overwrite field (not the pre-2.6.31 layout) */
    uint32_t hp_fields;   /* header page: 1 timestamp, 2 commit, 4 data, where they belong */
};

enum pgt_fmt_kind {
    PGT_FMT_EVENT,       /* name, ID, fields; the print fmt not checked (not handed over) */
    PGT_FMT_EVENT_PRINT, /* the same and its print fmt, which libtracecmd hands libtraceevent */
    PGT_FMT_HEADER_PAGE  /* field lines only */
};

/* NULL when text (len bytes, NUL bytes refused) is well-formed, else why.
 * canon, when not NULL, receives a malloc'd text with the same fields and
 * an empty print fmt: all of the file's text libtraceevent is given on the
 * pages reader (free it; NULL when out of memory: a reason is returned). */
const char *pgt_fmt_check(const char *text, size_t len, enum pgt_fmt_kind kind, struct pgt_fmt *f,
                          char **canon, size_t *canon_len);

#endif
