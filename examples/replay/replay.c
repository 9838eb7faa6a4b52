/* SPDX-License-Identifier: BSD-2-Clause */
/* The replay engine: TSV parsing, adapter choice, comparison. */
#include "replay.h"

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
    return i < 0 ? NULL : r->in[i];
}

int replay_is_dash(struct replay_row *r, const char *col)
{
    const char *s = replay_str(r, col);
    return s && strcmp(s, "-") == 0;
}

int replay_u64(struct replay_row *r, const char *col, uint64_t *v)
{
    const char *s = replay_str(r, col);
    char *end;
    if (!s)
        return replay_fail(r, "no column '%s'", col);
    if (*s < '0' || *s > '9')
        return replay_fail(r, "column '%s': expected an unsigned number, got '%s'", col, s);
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return replay_fail(r, "column '%s': bad unsigned number '%s'", col, s);
    *v = (uint64_t)x;
    return 0;
}

int replay_u32(struct replay_row *r, const char *col, uint32_t *v)
{
    uint64_t x;
    if (replay_u64(r, col, &x))
        return -1;
    if (x > UINT32_MAX)
        return replay_fail(r, "column '%s': %" PRIu64 " does not fit 32 bits", col, x);
    *v = (uint32_t)x;
    return 0;
}

int replay_s64(struct replay_row *r, const char *col, int64_t *v)
{
    const char *s = replay_str(r, col);
    char *end;
    if (!s)
        return replay_fail(r, "no column '%s'", col);
    if (!((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9')))
        return replay_fail(r, "column '%s': expected a signed number, got '%s'", col, s);
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (errno || *end)
        return replay_fail(r, "column '%s': bad signed number '%s'", col, s);
    *v = (int64_t)x;
    return 0;
}

int replay_s32(struct replay_row *r, const char *col, int32_t *v)
{
    int64_t x;
    if (replay_s64(r, col, &x))
        return -1;
    if (x < INT32_MIN || x > INT32_MAX)
        return replay_fail(r, "column '%s': %" PRId64 " does not fit 32 bits", col, x);
    *v = (int32_t)x;
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
    int lineno = 0, ncols = 0, rc = -1;

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
            ncols = split_tabs(header, names);
            if (ncols < 0) {
                fprintf(err, "%s:%d: more than %d columns\n", path, lineno, REPLAY_MAX_COLS);
                goto out;
            }
            ad = find_adapter(table, names, ncols);
            if (!ad) {
                fprintf(err, "%s:%d: unknown column header (no adapter matches it)\n", path,
                        lineno);
                goto out;
            }
            for (int i = 0; i < ncols; i++)
                is_output[i] = (unsigned char)in_list(ad->outputs, names[i]);
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
        row->line = lineno;
        row->ncols = ncols;
        row->names = (const char *const *)names;
        row->is_output = is_output;
        row->err[0] = 0;
        for (int i = 0; i < ncols; i++)
            strcpy(row->out[i], is_output[i] ? "" : row->in[i]);

        /* A change in any group column starts a fresh state. */
        char key[LINE_MAX_LEN];
        key[0] = 0;
        for (const char *const *g = ad->group; g && *g; g++) {
            const char *v = replay_str(row, *g);
            strncat(key, v ? v : "", sizeof(key) - strlen(key) - 2);
            strcat(key, "\t");
        }
        if (res->rows == 0 || strcmp(key, prev_group) != 0) {
            memset(state, 0, ad->state_size ? ad->state_size : 1);
            strcpy(prev_group, key);
        }

        if (ad->row(state, row) != 0) {
            fprintf(err, "%s:%d: %s\n", path, lineno, row->err[0] ? row->err : "rejected");
            goto out;
        }
        res->rows++;
        if (mode == REPLAY_PRINT) {
            for (int i = 0; i < ncols; i++)
                fprintf(out, "%s%s", i ? "\t" : "", row->out[i]);
            fputc('\n', out);
            continue;
        }
        for (int i = 0; i < ncols; i++) {
            if (!is_output[i])
                continue;
            res->checks++;
            if (strcmp(row->in[i], row->out[i]) != 0) {
                if (res->mismatches == 0)
                    fprintf(out, "%s:%d: column '%s': expected '%s', computed '%s'\n", path,
                            lineno, names[i], row->in[i],
                            row->out[i][0] ? row->out[i] : "(not computed)");
                res->mismatches++;
            }
        }
    }
    if (ferror(f)) {
        fprintf(err, "%s: read error\n", path);
        goto out;
    }
    if (!ad) {
        fprintf(err, "%s:%d: no header line\n", path, lineno);
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

uint32_t replay_kver(const char *s)
{
    unsigned maj, min;
    char tail;
    if (!s || sscanf(s, "v%u.%u%c", &maj, &min, &tail) != 2 || maj > 255 || min > 255)
        return 0;
    return PGOV_KVER(maj, min);
}
