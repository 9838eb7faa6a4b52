/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The grammar of a tracefs format text, as the kernel writes it:
 *
 *   name: NAME\nID: N\nformat:\n
 *   \tfield:DECL;\toffset:N;\tsize:N;\tsigned:N;\n   (a blank line after the common ones)
 *   \nprint fmt: "..." [, EXPR]...
 *
 * and the header page (field lines only). DECL is C words, '*' and
 * [N]; numbers are bounded decimals. The print fmt, which pgov-trace never
 * needs, is checked only where libtracecmd will hand it to libtraceevent:
 * a C expression grammar where -> follows only REC (and names a declared
 * field), [i] only a field or a call, a name is a call, a cast, an argument
 * or a constant; no divisor that folds to 0; at most 32 levels of nesting.
 * The crashes of issue 30 were a subscript of a string literal, a modulo of
 * two bare names and -> after one.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat_fmt.h"

#define MAX_FIELDS 256
#define MAX_DEPTH 32
#define MAX_NUM (1u << 20) /* offsets and sizes: within a ring-buffer page (at most 1 MiB) */

struct cur {
    const char *p, *e;
};

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_dig(char c)
{
    return c >= '0' && c <= '9';
}

static void skip_ws(struct cur *c)
{
    while (c->p < c->e && (*c->p == ' ' || *c->p == '\t'))
        c->p++;
}

static bool lit(struct cur *c, const char *s)
{
    size_t n = strlen(s);
    if ((size_t)(c->e - c->p) < n || memcmp(c->p, s, n) != 0)
        return false;
    c->p += n;
    return true;
}

static bool num(struct cur *c, uint32_t max, uint32_t *out)
{
    uint32_t v = 0;
    const char *s = c->p;
    while (c->p < c->e && is_dig(*c->p) && c->p - s < 8)
        v = v * 10 + (uint32_t)(*c->p++ - '0');
    if (c->p == s || (c->p < c->e && is_dig(*c->p)) || v > max)
        return false;
    *out = v;
    return true;
}

/* DECL up to ';': C words, '*', [N] or [WORD] or []; the last word is the
 * field's name (name, nlen). */
static bool decl(struct cur *c, const char **name, size_t *nlen)
{
    const char *s = c->p;
    *name = NULL;
    *nlen = 0;
    while (c->p < c->e && *c->p != ';') {
        char ch = *c->p;
        if (is_alpha(ch)) {
            const char *w = c->p;
            while (c->p < c->e && (is_alpha(*c->p) || is_dig(*c->p)))
                c->p++;
            *name = w;
            *nlen = (size_t)(c->p - w);
        } else if (ch == '[') {
            c->p++;
            while (c->p < c->e && (is_alpha(*c->p) || is_dig(*c->p)))
                c->p++;
            if (c->p == c->e || *c->p++ != ']')
                return false;
        } else if (ch == ' ' || ch == '*') {
            c->p++;
        } else {
            return false;
        }
    }
    return *name && c->p - s <= 256 && c->p < c->e;
}

struct fields {
    struct {
        const char *p;
        size_t n;
    } f[MAX_FIELDS];
    uint32_t n;
};

static bool declared(const struct fields *fs, const char *p, size_t n)
{
    for (uint32_t i = 0; i < fs->n; i++)
        if (fs->f[i].n == n && memcmp(fs->f[i].p, p, n) == 0)
            return true;
    return false;
}

/* ------------------------------------------------------------ print fmt */

enum tk { T_END, T_STR, T_NUM, T_ID, T_OP, T_BAD };

struct lex {
    struct cur c;
    enum tk t;
    const char *tp; /* the token */
    size_t tn;
    uint64_t v; /* T_NUM */
    int depth;
    const struct fields *fs;
};

static const char *const ops[] = {"->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")",
                                  "[", "]", "{", "}", ",", "?", ":", "+", "-", "*", "/", "%",
                                  "&", "|", "^", "!", "~", "<", ">", "."};

static void next(struct lex *l)
{
    struct cur *c = &l->c;
    while (c->p < c->e && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n'))
        c->p++;
    l->tp = c->p;
    if (c->p == c->e) {
        l->t = T_END;
        return;
    }
    char ch = *c->p;
    if (ch == '"') {
        for (c->p++; c->p < c->e && *c->p != '"'; c->p++)
            if (*c->p == '\\' && c->p + 1 < c->e)
                c->p++;
        l->t = c->p < c->e ? T_STR : T_BAD;
        c->p += c->p < c->e;
    } else if (is_dig(ch)) {
        uint64_t v = 0;
        unsigned base = 10;
        if (ch == '0' && c->p + 1 < c->e && (c->p[1] == 'x' || c->p[1] == 'X')) {
            base = 16;
            c->p += 2;
        }
        const char *s = c->p;
        for (; c->p < c->e; c->p++) {
            char d = *c->p;
            unsigned x = is_dig(d) ? (unsigned)(d - '0')
                         : base == 16 && d >= 'a' && d <= 'f' ? (unsigned)(d - 'a' + 10)
                         : base == 16 && d >= 'A' && d <= 'F' ? (unsigned)(d - 'A' + 10)
                                                              : 99;
            if (x >= base)
                break;
            if (v >> 60)
                v = UINT64_MAX; /* too long: still a number, never zero */
            else
                v = v * base + x;
        }
        while (c->p < c->e && (*c->p == 'u' || *c->p == 'U' || *c->p == 'l' || *c->p == 'L'))
            c->p++;
        l->t = (c->p == s || (c->p < c->e && (is_alpha(*c->p) || is_dig(*c->p)))) ? T_BAD : T_NUM;
        l->v = v;
    } else if (is_alpha(ch)) {
        while (c->p < c->e && (is_alpha(*c->p) || is_dig(*c->p)))
            c->p++;
        l->t = T_ID;
    } else {
        l->t = T_BAD;
        for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
            if (lit(c, ops[i])) {
                l->t = T_OP;
                break;
            }
    }
    l->tn = (size_t)(c->p - l->tp);
}

static bool is_op(const struct lex *l, const char *op)
{
    return l->t == T_OP && l->tn == strlen(op) && memcmp(l->tp, op, l->tn) == 0;
}

static bool accept(struct lex *l, const char *op)
{
    if (!is_op(l, op))
        return false;
    next(l);
    return true;
}

static bool expr(struct lex *l);
static bool unary(struct lex *l);
static bool is_rec(const struct lex *l);

/* name followed by '(': its arguments, each an expression, a type (words
 * and '*') or a brace list */
static bool call_args(struct lex *l)
{
    if (accept(l, ")"))
        return true;
    do {
        if (l->t == T_ID) { /* a bare name or a type: __get_str(comm), sizeof(long) */
            struct lex save = *l;
            while (l->t == T_ID || is_op(l, "*"))
                next(l);
            if (is_op(l, ",") || is_op(l, ")"))
                continue;
            *l = save;
        }
        if (!expr(l))
            return false;
    } while (accept(l, ","));
    return accept(l, ")");
}

static bool brace_list(struct lex *l)
{
    if (accept(l, "}"))
        return true;
    do {
        if (is_op(l, "}"))
            break; /* a trailing comma */
        if (!expr(l))
            return false;
    } while (accept(l, ","));
    return accept(l, "}");
}

/* '(' words and stars ')' followed by an operand: a cast */
static bool cast(struct lex *l)
{
    struct lex save = *l;
    bool any = false;
    while (l->t == T_ID || is_op(l, "*")) {
        if (is_rec(l))
            break;
        any = true;
        next(l);
    }
    if (any && accept(l, ")") &&
        (l->t == T_ID || l->t == T_NUM || l->t == T_STR || is_op(l, "(") || is_op(l, "-") ||
         is_op(l, "!") || is_op(l, "~") || is_op(l, "*") || is_op(l, "&") || is_op(l, "{")))
        return true;
    *l = save;
    return false;
}

static bool is_rec(const struct lex *l)
{
    return l->t == T_ID && l->tn == 3 && memcmp(l->tp, "REC", 3) == 0;
}

/* after REC: ->field (declared), then [i] and .member */
static bool rec_field(struct lex *l)
{
    if (!accept(l, "->") || l->t != T_ID || !declared(l->fs, l->tp, l->tn))
        return false;
    next(l);
    for (;;) {
        if (accept(l, "[")) {
            if (!expr(l) || !accept(l, "]"))
                return false;
        } else if (accept(l, ".")) {
            if (l->t != T_ID)
                return false;
            next(l);
        } else {
            return true;
        }
    }
}

/* '(' already read: (REC)->field, a cast, or a parenthesised expression */
static bool paren(struct lex *l)
{
    if (is_rec(l)) {
        struct lex save = *l;
        next(l);
        if (accept(l, ")"))
            return rec_field(l);
        *l = save;
    }
    return cast(l) ? unary(l) : expr(l) && accept(l, ")");
}

static bool unary(struct lex *l)
{
    if (++l->depth > MAX_DEPTH)
        return false;
    bool ok = false;
    if (is_op(l, "!") || is_op(l, "~") || is_op(l, "-") || is_op(l, "+") || is_op(l, "*") ||
        is_op(l, "&")) {
        next(l);
        ok = unary(l);
    } else if (accept(l, "(")) {
        ok = paren(l);
    } else if (accept(l, "{")) {
        ok = brace_list(l);
    } else if (l->t == T_NUM) {
        next(l);
        ok = true;
    } else if (l->t == T_STR) {
        while (l->t == T_STR)
            next(l);
        ok = true;
    } else if (is_rec(l)) {
        next(l);
        ok = rec_field(l);
    } else if (l->t == T_ID) {
        /* a function call (its result may be indexed: __get_str(msg)[0]),
         * or a bare name (an enum constant, vmemmap_base) */
        next(l);
        ok = true;
        if (accept(l, "(")) {
            ok = call_args(l);
            while (ok && accept(l, "["))
                ok = expr(l) && accept(l, "]");
        }
    }
    l->depth--;
    return ok;
}

static bool binop(const struct lex *l)
{
    static const char *const b[] = {"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=",
                                    "==", "!=", "&", "^", "|", "&&", "||"};
    for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++)
        if (is_op(l, b[i]))
            return true;
    return false;
}

/* A divisor must not fold to 0: libtraceevent folds constants (x % NAME,
 * a bare name being 0, and x / 0 divided by zero in it). Its first token
 * after any '(' is REC, a non-zero number, or a name followed by '(' (a
 * call) or by another name or '*' (a cast). */
static bool divisor(const struct lex *l)
{
    struct lex d = *l;
    while (accept(&d, "("))
        ;
    if (is_rec(&d) || (d.t == T_NUM && d.v))
        return true;
    if (d.t != T_ID)
        return false;
    next(&d);
    return is_op(&d, "(") || is_op(&d, "*") || d.t == T_ID;
}

static bool expr(struct lex *l)
{
    if (++l->depth > MAX_DEPTH || !unary(l))
        return false;
    while (binop(l)) {
        bool div = is_op(l, "/") || is_op(l, "%");
        next(l);
        if (div && !divisor(l))
            return false;
        if (!unary(l))
            return false;
    }
    if (accept(l, "?") && !(expr(l) && accept(l, ":") && expr(l)))
        return false;
    l->depth--;
    return true;
}

static bool print_fmt(struct cur c, const struct fields *fs)
{
    struct lex l = {.c = c, .fs = fs};
    next(&l);
    if (l.t != T_STR)
        return false;
    while (l.t == T_STR)
        next(&l);
    while (accept(&l, ","))
        if (!expr(&l))
            return false;
    return l.t == T_END;
}

/* ------------------------------------------------------------ the text */

struct out {
    char *buf;
    size_t len;
    FILE *f;
};

/* One field line (the cursor at its start); its declaration in fs. */
static const char *field_line(struct cur *c, bool hp, struct fields *fs, struct pgt_fmt *f, FILE *o)
{
    const char *name, *d0;
    size_t nlen;
    uint32_t off, size, sign = 0;
    skip_ws(c);
    if (!lit(c, "field:"))
        return "a format line that is not a field";
    skip_ws(c);
    d0 = c->p;
    if (!decl(c, &name, &nlen))
        return "a field declaration that is not C words, '*' and [N]";
    size_t dlen = (size_t)(c->p - d0);
    c->p++; /* ';' */
    skip_ws(c);
    if (!lit(c, "offset:") || !num(c, MAX_NUM, &off) || !lit(c, ";"))
        return "a field without a decimal offset";
    skip_ws(c);
    if (!lit(c, "size:") || !num(c, MAX_NUM, &size) || !lit(c, ";") || off + size > MAX_NUM)
        return "a field without a decimal size";
    skip_ws(c);
    if (lit(c, "signed:") && (!num(c, 1, &sign) || !lit(c, ";")))
        return "a field whose signed is not 0 or 1";
    skip_ws(c);
    if (c->p < c->e && !lit(c, "\n"))
        return "a field line with more after it";
    if (fs->n == MAX_FIELDS)
        return "more than 256 fields";
    if (declared(fs, name, nlen))
        return "a field declared twice";
    fs->f[fs->n].p = name;
    fs->f[fs->n++].n = nlen;
    /* the page header kbuffer and libtraceevent read: u64 timestamp at 0,
     * the commit word at 8, the data after it (libtracecmd crashes on a
     * header page libtraceevent refuses) */
    if (hp && nlen == 9 && memcmp(name, "timestamp", 9) == 0 && off == 0 && size == 8)
        f->hp_fields |= 1;
    if (hp && nlen == 6 && memcmp(name, "commit", 6) == 0 && off == 8) {
        f->commit_size = size;
        f->hp_fields |= 2;
    }
    if (hp && nlen == 4 && memcmp(name, "data", 4) == 0 && off == 8 + f->commit_size)
        f->hp_fields |= 4;
    if (hp && nlen == 9 && memcmp(name, "overwrite", 9) == 0)
        f->overwrite = true;
    if (o)
        fprintf(o, "\tfield:%s%.*s;\toffset:%u;\tsize:%u;\tsigned:%u;\n", hp ? " " : "", (int)dlen, d0,
                off, size, sign);
    return NULL;
}

/* name, ID and "format:" of an event */
static const char *event_head(struct cur *c, struct pgt_fmt *f, FILE *o)
{
    if (!lit(c, "name: "))
        return "a format without 'name: '";
    f->name = c->p;
    while (c->p < c->e && (is_alpha(*c->p) || is_dig(*c->p) || *c->p == '-' || *c->p == '.'))
        c->p++;
    f->name_len = (size_t)(c->p - f->name);
    if (!f->name_len || f->name_len > 128 || !lit(c, "\nID: ") || !num(c, 65535, &f->id) ||
        !lit(c, "\nformat:\n"))
        return "a format whose name, ID (0..65535) or 'format:' line is malformed";
    if (o)
        fprintf(o, "name: %.*s\nID: %u\nformat:\n", (int)f->name_len, f->name, f->id);
    return NULL;
}

static const char *check(struct cur c, enum pgt_fmt_kind kind, struct pgt_fmt *f, FILE *o)
{
    struct fields fs;
    fs.n = 0;
    const char *why;
    bool hp = kind == PGT_FMT_HEADER_PAGE;
    if (!hp && (why = event_head(&c, f, o)))
        return why;
    while (c.p < c.e) {
        struct cur l = c;
        skip_ws(&l);
        if (l.p < l.e && *l.p == '\n') { /* a blank line */
            c.p = l.p + 1;
            if (o)
                fputc('\n', o);
            continue;
        }
        if (l.p == l.e || lit(&l, "print fmt:"))
            break;
        if ((why = field_line(&c, hp, &fs, f, o)))
            return why;
    }
    if (hp) {
        skip_ws(&c);
        return c.p < c.e ? "a header page line that is not a field"
               : f->hp_fields != 7 || (f->commit_size != 4 && f->commit_size != 8)
                   ? "a header page without timestamp, a 4- or 8-byte commit and data after it"
                   : NULL;
    }
    skip_ws(&c);
    if (!lit(&c, "print fmt:") || fs.n == 0)
        return "a format without fields or a 'print fmt:' line";
    if (o)
        fputs("print fmt: \"\"\n", o);
    if (kind == PGT_FMT_EVENT_PRINT && !print_fmt(c, &fs))
        return "a print fmt outside the grammar this reader checks (docs/trace.md)";
    return NULL;
}

const char *pgt_fmt_check(const char *text, size_t len, enum pgt_fmt_kind kind, struct pgt_fmt *f,
                          char **canon, size_t *canon_len)
{
    memset(f, 0, sizeof(*f));
    if (canon)
        *canon = NULL;
    if (memchr(text, 0, len))
        return "a NUL byte inside a format text";
    FILE *o = NULL;
    char *buf = NULL;
    size_t blen = 0;
    if (canon && !(o = open_memstream(&buf, &blen)))
        return "out of memory";
    const char *why = check((struct cur){text, text + len}, kind, f, o);
    if (o && fclose(o) && !why)
        why = "out of memory";
    if (why || !canon)
        free(buf);
    else {
        *canon = buf;
        *canon_len = blen;
    }
    return why;
}
