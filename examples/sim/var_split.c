/* SPDX-License-Identifier: BSD-2-Clause */
/* Where an effect fails among the variants (var_split.h). */
#include "var_split.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

#define SPLIT_MAX_N 256

/* One variant's value of one key: a slice of its settings string. */
struct val {
    const char *s;
    uint32_t len;
    double num; /* in the unit kind's base (ns, counts, permille) */
};

struct key {
    const char *name;
    uint32_t len;
    int kind; /* -1: not numeric; else the unit kind all its values share */
    struct val v[SPLIT_MAX_N];
    bool set[SPLIT_MAX_N];
};

static double log_choose(uint32_t n, uint32_t k)
{
    return lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0);
}

double var_split_fisher_upper(uint32_t pop, uint32_t succ, uint32_t draws, uint32_t k)
{
    if (succ > pop || draws > pop)
        return 1.0;
    uint32_t hi = draws < succ ? draws : succ;
    uint32_t lo = draws + succ > pop ? draws + succ - pop : 0;
    if (k <= lo)
        return 1.0;
    double p = 0, all = log_choose(pop, draws);
    for (uint32_t x = k; x <= hi; x++)
        p += exp(log_choose(succ, x) + log_choose(pop - succ, draws - x) - all);
    return p < 1.0 ? p : 1.0;
}

/* A number with a unit (the tools' strict parser, num.h): its kind (0 a
 * time, 1 a count, 2 a percentage) and value in that kind's base unit, or
 * -1 ("39/39/38/37", "core", "tsleep"). */
static int parse_num(const char *s, uint32_t len, double *out)
{
    static const struct num_units *const kinds[] = {&num_time_ns, &num_count, &num_permille};
    char buf[64];
    uint64_t x;
    if (len >= sizeof(buf))
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    for (int k = 0; k < 3; k++)
        if (num_parse(buf, kinds[k], 0, UINT64_MAX, &x, NULL, 0) == 0) {
            *out = (double)x;
            return k;
        }
    return -1;
}

/* The keys of every variant, in order of first appearance. */
static uint32_t parse_keys(const char *const *settings, uint32_t n, struct key *k)
{
    uint32_t nk = 0;
    for (uint32_t i = 0; i < n; i++) {
        const char *p = settings[i] ? settings[i] : "";
        while (*p) {
            while (*p == ' ')
                p++;
            const char *tok = p, *eq = NULL;
            while (*p && *p != ' ') {
                if (*p == '=' && !eq)
                    eq = p;
                p++;
            }
            if (!eq || eq == tok)
                continue;
            uint32_t klen = (uint32_t)(eq - tok), j = 0;
            while (j < nk && !(k[j].len == klen && memcmp(k[j].name, tok, klen) == 0))
                j++;
            if (j == nk) {
                if (nk == VAR_SPLIT_KEYS)
                    continue;
                memset(&k[nk], 0, sizeof(k[nk]));
                k[nk].name = tok;
                k[nk].len = klen;
                k[nk].kind = -2; /* no value seen yet */
                nk++;
            }
            struct val *v = &k[j].v[i];
            v->s = eq + 1;
            v->len = (uint32_t)(p - eq - 1);
            k[j].set[i] = true;
            int kind = parse_num(v->s, v->len, &v->num);
            k[j].kind = kind < 0 || (k[j].kind != -2 && k[j].kind != kind) ? -1 : kind;
        }
    }
    /* A key some variant lacks is not numeric (its "missing" is a value). */
    for (uint32_t j = 0; j < nk; j++)
        for (uint32_t i = 0; i < n; i++)
            if (!k[j].set[i])
                k[j].kind = -1;
    return nk;
}

static bool same_val(const struct key *k, uint32_t a, uint32_t b)
{
    if (k->set[a] != k->set[b])
        return false;
    return !k->set[a] || (k->v[a].len == k->v[b].len && memcmp(k->v[a].s, k->v[b].s, k->v[a].len) == 0);
}

/* What the kept variants satisfy: key != v, key >= v (the smaller values
 * set apart), key <= v. */
enum { OP_NE, OP_GE, OP_LE };

/* The step's best candidate so far. */
struct best {
    bool any;
    double p;
    uint32_t kept, out_n, out_held;
    uint32_t key, ref; /* ref: a variant holding the value v */
    int op;
};

static bool out_of(const struct key *k, int op, uint32_t ref, uint32_t i)
{
    if (op == OP_NE)
        return same_val(k, i, ref);
    return op == OP_GE ? k->v[i].num < k->v[ref].num : k->v[i].num > k->v[ref].num;
}

/* Evaluate setting apart the active variants out_of(k, op, ref). */
static void consider(const struct key *k, uint32_t kj, int op, uint32_t ref, const bool *active,
                     const bool *held, uint32_t n, uint32_t min_kept, uint32_t *cands, struct best *b)
{
    uint32_t act = 0, fails = 0, out = 0, out_fail = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!active[i])
            continue;
        act++;
        fails += !held[i];
        if (out_of(k, op, ref, i)) {
            out++;
            out_fail += !held[i];
        }
    }
    if (out == 0 || act - out < min_kept)
        return;
    (*cands)++;
    if (out_fail == 0)
        return;
    double p = var_split_fisher_upper(act, fails, out, out_fail);
    uint32_t kept = act - out;
    /* ties: the larger kept set, then a value over a threshold (the same
     * variants apart: cpus!=2 reads plainer than cpus>=4) */
    bool tie = p <= b->p * (1 + 1e-12);
    if (b->any && !(p < b->p * (1 - 1e-12) ||
                    (tie && (kept > b->kept || (kept == b->kept && op == OP_NE && b->op != OP_NE)))))
        return;
    *b = (struct best){true, p, kept, out, out - out_fail, kj, ref, op};
}

void var_split_find(const char *const *settings, const bool *held, uint32_t n,
                    struct var_split *out)
{
    memset(out, 0, sizeof(*out));
    if (n > SPLIT_MAX_N)
        n = SPLIT_MAX_N;
    bool active[SPLIT_MAX_N];
    for (uint32_t i = 0; i < n; i++) {
        active[i] = true;
        out->kept_n++;
        out->kept_held += held[i];
    }
    struct key *k = malloc(sizeof(*k) * VAR_SPLIT_KEYS);
    if (!k)
        return;
    uint32_t nk = parse_keys(settings, n, k), min_kept = (n + 3) / 4;
    while (out->nsteps < VAR_SPLIT_STEPS && out->kept_held < out->kept_n) {
        struct best b = {0};
        uint32_t cands = 0;
        for (uint32_t j = 0; j < nk; j++)
            for (uint32_t r = 0; r < n; r++) {
                if (!active[r])
                    continue;
                uint32_t q = 0; /* the value's first active variant only */
                while (q < r && !(active[q] && same_val(&k[j], q, r)))
                    q++;
                if (q < r)
                    continue;
                consider(&k[j], j, OP_NE, r, active, held, n, min_kept, &cands, &b);
                if (k[j].kind >= 0) {
                    consider(&k[j], j, OP_GE, r, active, held, n, min_kept, &cands, &b);
                    consider(&k[j], j, OP_LE, r, active, held, n, min_kept, &cands, &b);
                }
            }
        if (out->nsteps == 0)
            out->candidates = cands;
        if (!b.any || b.p * cands >= VAR_SPLIT_ALPHA)
            break;
        struct var_split_step *s = &out->step[out->nsteps++];
        const struct key *bk = &k[b.key];
        snprintf(s->cond, sizeof(s->cond), "%.*s%s%.*s", (int)bk->len, bk->name,
                 b.op == OP_NE ? "!=" : b.op == OP_GE ? ">=" : "<=",
                 bk->set[b.ref] ? (int)bk->v[b.ref].len : 1, bk->set[b.ref] ? bk->v[b.ref].s : "-");
        s->out_n = b.out_n;
        s->out_held = b.out_held;
        s->p = b.p;
        out->kept_n = 0;
        out->kept_held = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (active[i] && out_of(bk, b.op, b.ref, i))
                active[i] = false;
            out->kept_n += active[i];
            out->kept_held += active[i] && held[i];
        }
    }
    free(k);
}
