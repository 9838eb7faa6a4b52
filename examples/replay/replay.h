/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The replay engine behind pgov-replay and the vector tests.
 *
 * A vector/trace file is TSV: '#' comment lines, one header line of column
 * names, then rows. An adapter (one per file format, replay_<module>.c)
 * declares its input and output columns; the engine picks the adapter whose
 * columns are exactly the file's header, blanks every output column of each
 * row, and asks the adapter to recompute them from the inputs through the
 * public libpgov API. Then it either prints the row or compares it with the
 * file. An output the adapter leaves blank is a mismatch, so no adapter can
 * pass a file by echoing it.
 *
 * Strictness (issue 18): a file needs at least one data row; numbers are
 * strict decimal and range-checked (examples/common/num.h); a `step` column
 * counts each group's rows from 0; group columns that are numbers compare
 * as numbers ("05" is "5"); every input column the adapter does not read on
 * a row must be "-".
 */
#ifndef PGOV_REPLAY_H
#define PGOV_REPLAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define REPLAY_MAX_COLS 96 /* linux_pelt_group: 80 */
#define REPLAY_VAL_LEN 512

struct replay_row {
    int line;                                 /* 1-based line in the file */
    int ncols;
    const char *const *names;                 /* header names */
    char *in[REPLAY_MAX_COLS];                /* values as read */
    char out[REPLAY_MAX_COLS][REPLAY_VAL_LEN];/* values as computed */
    const unsigned char *is_output;           /* per column */
    unsigned char read[REPLAY_MAX_COLS];      /* set by the accessors: column was used */
    char err[256];                            /* adapter's reason on failure */
};

struct replay_adapter {
    const char *name;            /* e.g. "pelt_decay" */
    const char *const *columns;  /* every column, in file order, NULL-terminated */
    const char *const *outputs;  /* the computed ones, NULL-terminated */
    const char *const *group;    /* columns whose change resets state (may be NULL) */
    size_t state_size;           /* bytes of state the engine provides (zeroed on reset) */
    /* Recompute the outputs of one row. Return 0, or -1 with row->err set. */
    int (*row)(void *state, struct replay_row *row);
};

/* All adapters, NULL-terminated (replay_adapters.c). */
extern const struct replay_adapter *const replay_adapters[];

/* ---- accessors for adapters. Each returns 0 or -1 with row->err set. */
const char *replay_str(struct replay_row *r, const char *col);       /* NULL: no column */
int replay_is_dash(struct replay_row *r, const char *col);
/* Numbers are strict decimal (examples/common/num.h) and range-checked. */
int replay_u64(struct replay_row *r, const char *col, uint64_t *v);
int replay_u64_range(struct replay_row *r, const char *col, uint64_t min, uint64_t max,
                     uint64_t *v);
int replay_u32(struct replay_row *r, const char *col, uint32_t *v);
int replay_s64(struct replay_row *r, const char *col, int64_t *v);
int replay_s64_range(struct replay_row *r, const char *col, int64_t min, int64_t max, int64_t *v);
int replay_s32(struct replay_row *r, const char *col, int32_t *v);
/* "vMAJOR.MINOR" of a real release, or @latest (e.g. "cur"; NULL: none) as 0. */
int replay_kver(struct replay_row *r, const char *col, const char *latest, uint32_t *kver);
/* Column @col as vMAJOR.MINOR or vMAJOR.MINOR.STABLE (the stable update
 * into @stable, 0 when absent), for modules with stable-update rules. */
int replay_kver_stable(struct replay_row *r, const char *col, uint32_t *kver, uint32_t *stable);
void replay_set(struct replay_row *r, const char *col, const char *val);
void replay_set_u64(struct replay_row *r, const char *col, uint64_t v);
void replay_set_s64(struct replay_row *r, const char *col, int64_t v);
void replay_set_dash(struct replay_row *r, const char *col);
int replay_fail(struct replay_row *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

enum replay_mode { REPLAY_PRINT, REPLAY_CHECK };

struct replay_result {
    long rows;        /* data rows processed */
    long checks;      /* output cells compared */
    long mismatches;  /* output cells that differ */
    const char *adapter;
};

/*
 * Replay one file, choosing from @table (normally replay_adapters). PRINT writes the file with computed outputs to @out;
 * CHECK writes the first mismatch (file, line, column, expected, got) and a
 * summary to @out. Returns 0 when the file was processed (mismatches are
 * counted in @res), or -1 on malformed input/unknown format, after writing
 * "file:line: reason" to @err.
 */
int replay_file(const char *path, const struct replay_adapter *const *table, enum replay_mode mode,
                FILE *out, FILE *err, struct replay_result *res);

#endif
