/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the three grammars of pgov-sim's input share (parse.c): the line
 * and token reader, `$name` substitution, growing arrays, file reading.
 * The grammars: workload.c (.wl, "pgov-workload 1" lines handed to
 * workload_trace.c) and scenario.c (.scn). Internal to pgov-sim.
 */
#ifndef PGOV_SIM_PARSE_H
#define PGOV_SIM_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scenario.h"

#define MAX_TOK 24
#define MAX_LINE 1024
#define MAX_OPS 4096
#define MAX_SCRIPTS 64

struct lexer {
    const char *name;
    const char *p, *end;
    int line;
    int line_index; /* statements read so far (1: the first) */
    char buf[MAX_LINE + 1];
    char *tok[MAX_TOK];
    int ntok;
};

/* Split the next line into tokens. Returns 1 with a line, 0 at the end, -1 on error. */
int sim_next_line(struct lexer *lx, struct sim_err *err);

/* A number token of a parser below: strict decimal in range, or FAIL naming
 * what it is for. Needs the parser's FAIL() and a `why` buffer. */
#define NUMBER(what, str, units, lo, hi, out)                       \
    do {                                                            \
        if (num_parse(str, units, lo, hi, out, why, sizeof(why)))   \
            FAIL("%s: %s", what, why);                              \
    } while (0)

/* What `$name` tokens stand for: the scenario's param and its `var`s. */
struct subst_env {
    const char *pname;
    uint32_t pval;
    const struct sim_scenario *sc; /* vars, or NULL */
    const struct sim_policy_spec *ps; /* its own values of some vars, or NULL */
};

/* A scenario's `var NAME VALUE`, or NULL. */
const char *sim_scenario_var(const struct sim_scenario *sc, const char *name);
/* Resolve `$name`. The result is stored in @buf. */
const char *sim_subst(const char *tok, const struct subst_env *env, char *buf, size_t n);
/* Room for element @n of array @v (capacity *@cap, doubling from @first,
 * at most @max; new elements zeroed): the array, moved or not, or NULL
 * (out of memory or full; @v is then still valid). */
void *sim_grow(void *v, uint32_t n, uint32_t *cap, size_t size, uint32_t first, uint32_t max);
/* A script, semaphore or policy name: [A-Za-z0-9_.-], shorter than SIM_NAME_LEN. */
bool sim_valid_name(const char *s);
/* The whole file (at most 16 MiB, NUL-terminated), or NULL with the reason in @err. */
char *sim_slurp(const char *path, size_t *len, struct sim_err *err);

/* workload.c: the semaphore called @name, created if new (-1 past @max or
 * out of memory); the next free start slot, or NULL. */
int sim_sem_index(struct sim_workload *wl, const char *name, uint32_t max);
struct sim_start *sim_start_slot(struct sim_workload *wl);

/* A `fork NAME` waiting for its script to be defined. */
struct fixup {
    uint32_t script, op;
    int line;
    char name[SIM_NAME_LEN];
};

/* workload_trace.c: the "pgov-workload 1" lines after the header. */
int sim_parse_trace(struct lexer *lx, const struct subst_env *env, struct sim_workload *wl, struct sim_err *err);

#endif
