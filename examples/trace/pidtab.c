/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "pidtab.h"

static int32_t pid_at(const struct pgt_pidtab *t, size_t i)
{
    int32_t pid;
    memcpy(&pid, t->rec + i * t->size, sizeof(pid));
    return pid;
}

/* The slot holding pid, or the free slot where it would go. */
static size_t probe(const struct pgt_pidtab *t, int32_t pid)
{
    size_t h = ((uint32_t)pid * 2654435761u) & (t->cap - 1);
    for (int32_t p; (p = pid_at(t, h)) != -1 && p != pid;)
        h = (h + 1) & (t->cap - 1);
    return h;
}

void pgt_pidtab_init(struct pgt_pidtab *t, size_t size)
{
    memset(t, 0, sizeof(*t));
    t->size = size;
}

static int grow(struct pgt_pidtab *t)
{
    size_t ocap = t->cap, cap = ocap ? ocap * 2 : 1024;
    unsigned char *old = t->rec, *rec = malloc(cap * t->size);
    if (!rec)
        return -1;
    const int32_t free_pid = -1;
    for (size_t i = 0; i < cap; i++)
        memcpy(rec + i * t->size, &free_pid, sizeof(free_pid));
    t->rec = rec;
    t->cap = cap;
    for (size_t i = 0; i < ocap; i++) {
        int32_t pid;
        memcpy(&pid, old + i * t->size, sizeof(pid));
        if (pid != -1)
            memcpy(rec + probe(t, pid) * t->size, old + i * t->size, t->size);
    }
    free(old);
    return 0;
}

void *pgt_pidtab_get(struct pgt_pidtab *t, int32_t pid, bool *created)
{
    if (t->used * 2 >= t->cap && grow(t))
        return NULL;
    size_t h = probe(t, pid);
    unsigned char *r = t->rec + h * t->size;
    *created = pid_at(t, h) == -1;
    if (*created) {
        memset(r, 0, t->size);
        memcpy(r, &pid, sizeof(pid));
        t->used++;
    }
    return r;
}

void *pgt_pidtab_find(const struct pgt_pidtab *t, int32_t pid)
{
    if (!t->cap)
        return NULL;
    size_t h = probe(t, pid);
    return pid_at(t, h) == pid ? t->rec + h * t->size : NULL;
}

void *pgt_pidtab_slot(const struct pgt_pidtab *t, size_t i)
{
    return i < t->cap && pid_at(t, i) != -1 ? t->rec + i * t->size : NULL;
}

void pgt_pidtab_free(struct pgt_pidtab *t)
{
    free(t->rec);
    pgt_pidtab_init(t, t->size);
}
