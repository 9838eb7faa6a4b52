/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reader the .wl and .scn grammars share: lines split into tokens
 * ('#' comments, "double quotes"), `$name` substitution, growing arrays,
 * whole files. Every error names file, line and reason.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pgov/kver.h>

#include "keys.h"
#include "num.h"
#include "parse.h"

const char *sim_scenario_var(const struct sim_scenario *sc, const char *name)
{
    for (uint32_t i = 0; sc && i < sc->nvars; i++)
        if (strcmp(name, sc->vars[i].name) == 0)
            return sc->vars[i].val;
    return NULL;
}

/* Resolve `$name`. The result is stored in @buf. */
const char *sim_subst(const char *tok, const struct subst_env *env, char *buf, size_t n)
{
    if (tok[0] != '$')
        return tok;
    if (env->pname && env->pname[0] && strcmp(tok + 1, env->pname) == 0) {
        snprintf(buf, n, "%u", env->pval);
        return buf;
    }
    for (uint32_t i = 0; env->ps && i < env->ps->nvars; i++)
        if (strcmp(tok + 1, env->ps->vars[i].name) == 0) {
            const char *v = env->ps->vars[i].val;
            return v[0] == '$' ? sim_scenario_var(env->sc, v + 1) : v;
        }
    return sim_scenario_var(env->sc, tok + 1);
}

/* Split the next line into tokens. Returns 1 with a line, 0 at the end, -1 on error. */
int sim_next_line(struct lexer *lx, struct sim_err *err)
{
    while (lx->p < lx->end) {
        const char *nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
        size_t len = nl ? (size_t)(nl - lx->p) : (size_t)(lx->end - lx->p);
        lx->line++;
        if (len > MAX_LINE) {
            sim_errf(err, lx->name, lx->line, "line longer than %d characters", MAX_LINE);
            return -1;
        }
        memcpy(lx->buf, lx->p, len);
        lx->buf[len] = 0;
        lx->p += len + (nl ? 1 : 0);
        lx->ntok = 0;
        char *s = lx->buf;
        for (;;) {
            while (*s == ' ' || *s == '\t' || *s == '\r')
                s++;
            if (!*s || *s == '#')
                break;
            if (lx->ntok == MAX_TOK) {
                sim_errf(err, lx->name, lx->line, "too many tokens (at most %d)", MAX_TOK);
                return -1;
            }
            if (*s == '"') {
                char *q = strchr(s + 1, '"');
                if (!q) {
                    sim_errf(err, lx->name, lx->line, "unterminated quoted string");
                    return -1;
                }
                *q = 0;
                lx->tok[lx->ntok++] = s + 1;
                s = q + 1;
                if (*s && *s != ' ' && *s != '\t' && *s != '\r') {
                    sim_errf(err, lx->name, lx->line, "text directly after a quoted string");
                    return -1;
                }
                continue;
            }
            lx->tok[lx->ntok++] = s;
            while (*s && *s != ' ' && *s != '\t' && *s != '\r')
                s++;
            if (*s)
                *s++ = 0;
        }
        for (int i = 0; i < lx->ntok; i++)
            for (const char *c = lx->tok[i]; *c; c++)
                if ((unsigned char)*c < 0x20 && *c != '\t') {
                    sim_errf(err, lx->name, lx->line, "control character in input");
                    return -1;
                }
        if (lx->ntok) {
            lx->line_index++;
            return 1;
        }
    }
    return 0;
}

/* Room for element @n of array @v (capacity *@cap, doubling from @first,
 * at most @max; new elements zeroed): the array, moved or not, or NULL
 * (out of memory or full; @v is then still valid). */
void *sim_grow(void *v, uint32_t n, uint32_t *cap, size_t size, uint32_t first, uint32_t max)
{
    if (n < *cap)
        return v;
    if (n >= max)
        return NULL;
    uint32_t c = *cap ? *cap * 2 : first;
    if (c > max)
        c = max;
    char *w = realloc(v, (size_t)c * size);
    if (!w)
        return NULL;
    memset(w + (size_t)*cap * size, 0, (size_t)(c - *cap) * size);
    *cap = c;
    return w;
}

bool sim_valid_name(const char *s)
{
    if (!*s || strlen(s) >= SIM_NAME_LEN)
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' && *s != '.')
            return false;
    return true;
}

char *sim_slurp(const char *path, size_t *len, struct sim_err *err)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    if (!f) {
        sim_errf(err, path, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n >= 0 && n < (1L << 24) && fseek(f, 0, SEEK_SET) == 0) {
            buf = malloc((size_t)n + 1);
            if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
                buf[n] = 0;
                *len = (size_t)n;
            } else {
                free(buf);
                buf = NULL;
            }
        }
    }
    fclose(f);
    if (!buf)
        sim_errf(err, path, 0, "cannot read (or larger than 16 MiB)");
    return buf;
}
