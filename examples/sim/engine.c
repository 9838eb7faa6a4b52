/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Event queue and PRNG. Events are ordered by (time, insertion sequence), so
 * two events at the same nanosecond always run in the order they were
 * scheduled: the whole simulation is a pure function of its inputs and seed.
 * Cancelled events are not removed; their `gen` no longer matches the
 * target's generation counter and the dispatcher drops them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

void sim_errf(struct sim_err *e, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    int n = 0;

    if (!e)
        return;
    if (file && line > 0)
        n = snprintf(e->msg, sizeof(e->msg), "%s:%d: ", file, line);
    else if (file)
        n = snprintf(e->msg, sizeof(e->msg), "%s: ", file);
    if (n < 0 || (size_t)n >= sizeof(e->msg))
        n = 0;
    va_start(ap, fmt);
    vsnprintf(e->msg + n, sizeof(e->msg) - (size_t)n, fmt, ap);
    va_end(ap);
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void sim_rng_seed(struct sim_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t sim_rng_next(struct sim_rng *r)
{
    uint64_t *s = r->s;
    uint64_t res = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return res;
}

double sim_rng_unit(struct sim_rng *r)
{
    return (double)(sim_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

static bool ev_less(const struct sim_ev *a, const struct sim_ev *b)
{
    return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

int sim_heap_push(struct sim_heap *h, uint64_t time, uint32_t type, uint32_t id, uint32_t gen)
{
    if (h->n == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 256;
        struct sim_ev *v = realloc(h->v, cap * sizeof(*v));
        if (!v)
            return -1;
        h->v = v;
        h->cap = cap;
    }
    struct sim_ev ev = {time, h->seq++, type, id, gen};
    size_t i = h->n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!ev_less(&ev, &h->v[p]))
            break;
        h->v[i] = h->v[p];
        i = p;
    }
    h->v[i] = ev;
    return 0;
}

bool sim_heap_pop(struct sim_heap *h, struct sim_ev *out)
{
    if (h->n == 0)
        return false;
    *out = h->v[0];
    struct sim_ev last = h->v[--h->n];
    size_t i = 0, n = h->n;
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        const struct sim_ev *best = &last;
        if (l < n && ev_less(&h->v[l], best)) {
            m = l;
            best = &h->v[l];
        }
        if (l + 1 < n && ev_less(&h->v[l + 1], best))
            m = l + 1;
        if (m == i)
            break;
        h->v[i] = h->v[m];
        i = m;
    }
    if (n)
        h->v[i] = last;
    return true;
}

void sim_heap_free(struct sim_heap *h)
{
    free(h->v);
    memset(h, 0, sizeof(*h));
}

static const struct sim_slot *slot_win(const struct sim_slot *a, const struct sim_slot *b)
{
    return b->time < a->time || (b->time == a->time && b->seq < a->seq) ? b : a;
}

void sim_slots_init(struct sim_slots *s, uint32_t leaves)
{
    uint32_t n = 1;
    while (n < leaves && n < SIM_SLOT_LEAVES)
        n *= 2;
    s->n = n;
    for (uint32_t i = 0; i < n; i++)
        s->node[n + i] = (struct sim_slot){UINT64_MAX, UINT64_MAX, i};
    for (uint32_t k = n - 1; k >= 1; k--)
        s->node[k] = *slot_win(&s->node[2 * k], &s->node[2 * k + 1]);
    for (uint32_t w = 0; w < SIM_SLOT_LEAVES / 64; w++)
        s->dirty[w] = 0;
}

void sim_slots_put(struct sim_slots *s, uint32_t i, uint64_t time, uint64_t seq)
{
    struct sim_slot *l = &s->node[s->n + i];
    uint32_t k = (s->n + i) / 2;
    if (l->time == time && l->seq == seq)
        return;
    l->time = time;
    l->seq = seq;
    if (k) /* 0 when the one leaf is the root */
        s->dirty[k / 64] |= 1ull << (k % 64);
}

/* Highest index first: a node's children (2k, 2k + 1) are done before it. */
void sim_slots_fix(struct sim_slots *s)
{
    for (uint32_t w = SIM_SLOT_LEAVES / 64; w-- > 0;)
        while (s->dirty[w]) {
            uint32_t k = w * 64 + 63 - (uint32_t)__builtin_clzll(s->dirty[w]);
            s->dirty[w] &= ~(1ull << (k % 64));
            const struct sim_slot *win = slot_win(&s->node[2 * k], &s->node[2 * k + 1]);
            struct sim_slot *o = &s->node[k];
            if (win->time == o->time && win->seq == o->seq && win->leaf == o->leaf)
                continue; /* unchanged here: nothing above moves on its account */
            *o = *win;
            if (k > 1)
                s->dirty[k / 128] |= 1ull << (k / 2 % 64);
        }
}

/* One leaf: up its path, no bookkeeping (what most events re-key). */
void sim_slots_set(struct sim_slots *s, uint32_t i, uint64_t time, uint64_t seq)
{
    s->node[s->n + i] = (struct sim_slot){time, seq, i};
    for (uint32_t k = (s->n + i) / 2; k >= 1; k /= 2) {
        const struct sim_slot *w = slot_win(&s->node[2 * k], &s->node[2 * k + 1]);
        struct sim_slot *o = &s->node[k];
        if (w->time == o->time && w->seq == o->seq && w->leaf == o->leaf)
            break; /* unchanged here: nothing above moves */
        *o = *w;
    }
}
