/* SPDX-License-Identifier: BSD-2-Clause */
/* The replay engine: TSV parsing, adapter choice, comparison. */
#include "replay.h"

#include "num.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#define LINE_MAX_LEN 16384

static int col_index(const struct replay_row *r, const char *col)
{
    for (int i = 0; i < r->ncols; i++)
        if (strcmp(r->names[i], col) == 0)
            return i;
    return -1;
}

int replay_fail(struct replay_row *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof(r->err), fmt, ap);
    va_end(ap);
    return -1;
}

const char *replay_str(struct replay_row *r, const char *col)
{
    int i = col_index(r, col);
    if (i < 0)
        return NULL;
    r->read[i] = 1;
    return r->in[i];
}

int replay_is_dash(struct replay_row *r, const char *col)
{
    const char *s = replay_str(r, col);
    return s && strcmp(s, "-") == 0;
}

int replay_u64(struct replay_row *r, const char *col, uint64_t *v)
{
    return replay_u64_range(r, col, 0, UINT64_MAX, v);
}

int replay_u64_range(struct replay_row *r, const char *col, uint64_t min, uint64_t max,
                     uint64_t *v)
{
    const char *s = replay_str(r, col);
    char why[NUM_ERR_LEN];
    if (!s)
        return replay_fail(r, "no column '%s'", col);
    if (num_u64(s, min, max, v, why, sizeof(why)))
        return replay_fail(r, "column '%s': %s", col, why);
    return 0;
}

int replay_u32(struct replay_row *r, const char *col, uint32_t *v)
{
    uint64_t x;
    if (replay_u64_range(r, col, 0, UINT32_MAX, &x))
        return -1;
    *v = (uint32_t)x;
    return 0;
}

int replay_s64(struct replay_row *r, const char *col, int64_t *v)
{
    return replay_s64_range(r, col, INT64_MIN, INT64_MAX, v);
}

int replay_s64_range(struct replay_row *r, const char *col, int64_t min, int64_t max, int64_t *v)
{
    const char *s = replay_str(r, col);
    char why[NUM_ERR_LEN];
    if (!s)
        return replay_fail(r, "no column '%s'", col);
    if (num_s64(s, min, max, v, why, sizeof(why)))
        return replay_fail(r, "column '%s': %s", col, why);
    return 0;
}

int replay_s32(struct replay_row *r, const char *col, int32_t *v)
{
    int64_t x;
    if (replay_s64_range(r, col, INT32_MIN, INT32_MAX, &x))
        return -1;
    *v = (int32_t)x;
    return 0;
}

int replay_kver(struct replay_row *r, const char *col, const char *latest, uint32_t *kver)
{
    const char *s = replay_str(r, col);
    char why[NUM_ERR_LEN];
    if (!s)
        return replay_fail(r, "no column '%s'", col);
    if (latest && strcmp(s, latest) == 0) {
        *kver = 0; /* PGOV_KVER_LATEST */
        return 0;
    }
    if (s[0] != 'v')
        return replay_fail(r, "column '%s': expected %s%svMAJOR.MINOR, got '%s'", col,
                           latest ? latest : "", latest ? " or " : "", s);
    if (num_kver(s + 1, kver, why, sizeof(why)))
        return replay_fail(r, "column '%s': %s", col, why);
    return 0;
}

int replay_kver_stable(struct replay_row *r, const char *col, uint32_t *kver, uint32_t *stable)
{
    const char *s = replay_str(r, col);
    char why[NUM_ERR_LEN];
    if (!s)
        return replay_fail(r, "no column '%s'", col);
    if (s[0] != 'v')
        return replay_fail(r, "column '%s': expected vMAJOR.MINOR[.STABLE], got '%s'", col, s);
    if (num_kver_stable(s + 1, kver, stable, why, sizeof(why)))
        return replay_fail(r, "column '%s': %s", col, why);
    return 0;
}

void replay_set(struct replay_row *r, const char *col, const char *val)
{
    int i = col_index(r, col);
    if (i >= 0) {
        strncpy(r->out[i], val, REPLAY_VAL_LEN - 1);
        r->out[i][REPLAY_VAL_LEN - 1] = 0;
    }
}

void replay_set_u64(struct replay_row *r, const char *col, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof(b), "%" PRIu64, v);
    replay_set(r, col, b);
}

void replay_set_s64(struct replay_row *r, const char *col, int64_t v)
{
    char b[32];
    snprintf(b, sizeof(b), "%" PRId64, v);
    replay_set(r, col, b);
}

void replay_set_dash(struct replay_row *r, const char *col)
{
    replay_set(r, col, "-");
}

/* Split @line in place at tabs. Returns the field count or -1 if too many. */
static int split_tabs(char *line, char **f)
{
    int n = 0;
    char *p = line;
    for (;;) {
        if (n == REPLAY_MAX_COLS)
            return -1;
        f[n++] = p;
        char *t = strchr(p, '\t');
        if (!t)
            break;
        *t = 0;
        p = t + 1;
    }
    return n;
}

static const struct replay_adapter *find_adapter(const struct replay_adapter *const *table,
                                                 char **names, int n)
{
    for (int a = 0; table[a]; a++) {
        const struct replay_adapter *ad = table[a];
        int i = 0;
        while (i < n && ad->columns[i] && strcmp(ad->columns[i], names[i]) == 0)
            i++;
        if (i == n && !ad->columns[i])
            return ad;
    }
    return NULL;
}

static int in_list(const char *const *list, const char *s)
{
    for (; list && *list; list++)
        if (strcmp(*list, s) == 0)
            return 1;
    return 0;
}

/* The header line (split in place in @header): the columns, the adapter
 * they name, which are outputs and which is `step`. The column count, or
 * -1 with the reason on @err. */
static int read_header(const char *path, int lineno, char *header, char **names,
                       const struct replay_adapter *const *table, const struct replay_adapter **ad,
                       unsigned char *is_output, int *step_col, FILE *err)
{
    int ncols = split_tabs(header, names);
    if (ncols < 0) {
        fprintf(err, "%s:%d: more than %d columns\n", path, lineno, REPLAY_MAX_COLS);
        return -1;
    }
    *ad = find_adapter(table, names, ncols);
    if (!*ad) {
        fprintf(err, "%s:%d: unknown column header (no adapter matches it)\n", path, lineno);
        return -1;
    }
    for (int i = 0; i < ncols; i++) {
        is_output[i] = (unsigned char)in_list((*ad)->outputs, names[i]);
        if (strcmp(names[i], "step") == 0)
            *step_col = i;
    }
    return ncols;
}

/* A data row, its fields split into row->in: nothing read, outputs empty,
 * inputs copied through. */
static void start_row(struct replay_row *row, int lineno, int ncols, char **names,
                      const unsigned char *is_output)
{
    row->line = lineno;
    row->ncols = ncols;
    row->names = (const char *const *)names;
    row->is_output = is_output;
    row->err[0] = 0;
    memset(row->read, 0, sizeof(row->read));
    for (int i = 0; i < ncols; i++)
        strcpy(row->out[i], is_output[i] ? "" : row->in[i]);
}

/* The row's group (its group columns read): a change in any starts a fresh
 * state. Numbers compare as numbers ("05" is "5"), names as text. */
static void group_key(const struct replay_adapter *ad, struct replay_row *row, char *key, size_t n)
{
    key[0] = 0;
    for (const char *const *g = ad->group; g && *g; g++) {
        const char *v = replay_str(row, *g);
        uint64_t x;
        char num[24];
        if (v && num_u64(v, 0, UINT64_MAX, &x, NULL, 0) == 0) {
            snprintf(num, sizeof(num), "%" PRIu64, x);
            v = num;
        }
        strncat(key, v ? v : "", n - strlen(key) - 2);
        strcat(key, "\t");
    }
}

/* step counts the rows of a group from 0: a gap, a repeat or a reordering
 * is a broken file, not a different result. */
static int check_step(const char *path, struct replay_row *row, int step_col, int fresh,
                      uint64_t *prev_step, FILE *err)
{
    uint64_t st;
    char why[NUM_ERR_LEN];
    row->read[step_col] = 1;
    if (num_u64(row->in[step_col], 0, UINT32_MAX, &st, why, sizeof(why))) {
        fprintf(err, "%s:%d: column 'step': %s\n", path, row->line, why);
        return -1;
    }
    if (st != (fresh ? 0 : *prev_step + 1)) {
        fprintf(err, "%s:%d: column 'step': %" PRIu64 " where %" PRIu64 " belongs (%s)\n", path,
                row->line, st, fresh ? 0 : *prev_step + 1,
                fresh ? "a group starts at step 0" : "steps count up by one");
        return -1;
    }
    *prev_step = st;
    return 0;
}

/* Every input the adapter did not read must say so with '-'. */
static int unread_input(const char *path, const struct replay_row *row,
                        const struct replay_adapter *ad, FILE *err)
{
    for (int i = 0; i < row->ncols; i++)
        if (!row->is_output[i] && !row->read[i] && strcmp(row->in[i], "-") != 0) {
            fprintf(err, "%s:%d: column '%s': '%s' is not used by %s on this row (write '-')\n",
                    path, row->line, row->names[i], row->in[i], ad->name);
            return -1;
        }
    return 0;
}

/* --check: each output column against the file's; the first mismatch is
 * printed, all are counted. */
static void compare_row(const char *path, const struct replay_row *row, struct replay_result *res,
                        FILE *out)
{
    for (int i = 0; i < row->ncols; i++) {
        if (!row->is_output[i])
            continue;
        res->checks++;
        if (strcmp(row->in[i], row->out[i]) != 0) {
            if (res->mismatches == 0)
                fprintf(out, "%s:%d: column '%s': expected '%s', computed '%s'\n", path, row->line,
                        row->names[i], row->in[i], row->out[i][0] ? row->out[i] : "(not computed)");
            res->mismatches++;
        }
    }
}

int replay_file(const char *path, const struct replay_adapter *const *table, enum replay_mode mode,
                FILE *out, FILE *err, struct replay_result *res)
{
    FILE *f = fopen(path, "r");
    char *line = NULL, *header = NULL, *prev_group = NULL;
    char *names[REPLAY_MAX_COLS];
    unsigned char is_output[REPLAY_MAX_COLS] = {0};
    const struct replay_adapter *ad = NULL;
    struct replay_row *row = NULL;
    void *state = NULL;
    int lineno = 0, ncols = 0, rc = -1, step_col = -1;
    uint64_t prev_step = 0;

    memset(res, 0, sizeof(*res));
    if (!f) {
        fprintf(err, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    line = malloc(LINE_MAX_LEN);
    header = malloc(LINE_MAX_LEN);
    prev_group = calloc(1, LINE_MAX_LEN);
    row = calloc(1, sizeof(*row));
    if (!line || !header || !prev_group || !row) {
        fprintf(err, "%s: out of memory\n", path);
        goto out;
    }

    while (fgets(line, LINE_MAX_LEN, f)) {
        size_t len = strlen(line);
        lineno++;
        if (len == LINE_MAX_LEN - 1 && line[len - 1] != '\n') {
            fprintf(err, "%s:%d: line longer than %d bytes\n", path, lineno, LINE_MAX_LEN - 2);
            goto out;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (line[0] == '#') {
            if (mode == REPLAY_PRINT)
                fprintf(out, "%s\n", line);
            continue;
        }
        if (!ad) { /* the header line */
            strcpy(header, line);
            ncols = read_header(path, lineno, header, names, table, &ad, is_output, &step_col, err);
            if (ncols < 0)
                goto out;
            state = calloc(1, ad->state_size ? ad->state_size : 1);
            if (!state) {
                fprintf(err, "%s: out of memory\n", path);
                goto out;
            }
            res->adapter = ad->name;
            if (mode == REPLAY_PRINT)
                fprintf(out, "%s\n", line);
            continue;
        }
        if (len == 0) {
            fprintf(err, "%s:%d: empty line\n", path, lineno);
            goto out;
        }
        int n = split_tabs(line, row->in);
        if (n != ncols) {
            fprintf(err, "%s:%d: %d fields, the header has %d\n", path, lineno, n < 0 ? 999 : n,
                    ncols);
            goto out;
        }
        start_row(row, lineno, ncols, names, is_output);

        char key[LINE_MAX_LEN];
        group_key(ad, row, key, sizeof(key));
        int fresh = res->rows == 0 || strcmp(key, prev_group) != 0;
        if (fresh) {
            memset(state, 0, ad->state_size ? ad->state_size : 1);
            strcpy(prev_group, key);
        }
        if (step_col >= 0 && check_step(path, row, step_col, fresh, &prev_step, err))
            goto out;

        if (ad->row(state, row) != 0) {
            fprintf(err, "%s:%d: %s\n", path, lineno, row->err[0] ? row->err : "rejected");
            goto out;
        }
        if (unread_input(path, row, ad, err))
            goto out;
        res->rows++;
        if (mode == REPLAY_PRINT) {
            for (int i = 0; i < ncols; i++)
                fprintf(out, "%s%s", i ? "\t" : "", row->out[i]);
            fputc('\n', out);
            continue;
        }
        compare_row(path, row, res, out);
    }
    if (ferror(f)) {
        fprintf(err, "%s: read error\n", path);
        goto out;
    }
    if (!ad) {
        fprintf(err, "%s:%d: no header line\n", path, lineno);
        goto out;
    }
    if (res->rows == 0) {
        fprintf(err, "%s:%d: no data rows after the header\n", path, lineno);
        goto out;
    }
    if (mode == REPLAY_CHECK)
        fprintf(out, "%s: %s: %ld rows, %ld checks, %ld mismatches\n", path, ad->name, res->rows,
                res->checks, res->mismatches);
    rc = 0;
out:
    free(state);
    free(row);
    free(prev_group);
    free(header);
    free(line);
    fclose(f);
    return rc;
}
