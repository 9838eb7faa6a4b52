/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of freq_table (see main.c). */
#include "api_contract.h"

/* ---- freq_table */
DEF(pgov_freq_table_init, 1, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(NULL, w->ent, 3, 0);
}
DEF(pgov_freq_table_init, 2, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, NULL, 3, 0);
}
DEF(pgov_freq_table_init, 3, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 0, 0);
}
DEF(pgov_freq_table_init, 4, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, PGOV_FREQ_TABLE_MAX + 1, 0);
}
DEF(pgov_freq_table_init, 5, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 2);
}
DEF(pgov_freq_table_init, 6, PGOV_EINVAL)
{
    w->ent[1].khz = PGOV_FREQ_TABLE_END;
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 0);
}
DEF(pgov_freq_table_init, 7, PGOV_EINVAL)
{
    w->ent[1].flags = 2;
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 0);
}
DEF(pgov_freq_table_init, 8, PGOV_EINVAL)
{
    w->ent[1].khz = w->ent[0].khz;
    return snap(w), pgov_freq_table_init(&w->ft, w->ent, 3, 0);
}
DEF(pgov_freq_table_resolve, 1, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(NULL, 0, 1, 1, 0, &w->u32);
}
DEF(pgov_freq_table_resolve, 2, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 0, NULL);
}
DEF(pgov_freq_table_resolve, 3, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 2, 1, 1, 0, &w->u32);
}
DEF(pgov_freq_table_resolve, 4, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 3, &w->u32);
}
DEF(pgov_freq_table_resolve, 5, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 8, &w->u32);
}
DEF(pgov_freq_table_resolve, 6, PGOV_EINVAL)
{
    w->ft.nvalid = 0;
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 0, &w->u32);
}
DEF(pgov_freq_table_resolve, 7, PGOV_EINVAL)
{
    w->ft.order = 3;
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1, 1, 0, &w->u32);
}
/* A descriptor claiming valid entries over entries that are all invalid:
 * the sorted walk finds no index (issue 30). */
void ft_forge_no_valid(struct world *w)
{
    for (int i = 0; i < 3; i++)
        w->ent[i].khz = PGOV_FREQ_ENTRY_INVALID;
    w->ft.nvalid = 2;
}
DEF(pgov_freq_table_resolve, 8, PGOV_EINVAL)
{
    ft_forge_no_valid(w);
    return snap(w), pgov_freq_table_resolve(&w->ft, 0, 1000000, 300000, 0, &w->u32);
}
DEF(pgov_freq_table_pcc_request, 1, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_pcc_request(2000, 1000, NULL);
}
DEF(pgov_freq_table_pcc_request, 2, PGOV_EDOM)
{
    return snap(w), pgov_freq_table_pcc_request(0, 1000, &w->u32);
}
DEF(pgov_freq_table_pcc_request, 3, PGOV_EDOM)
{
    return snap(w), pgov_freq_table_pcc_request(1u << 29, 1000, &w->u32);
}
DEF(pgov_freq_table_pcc_readback, 1, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_pcc_readback(2000, 50, NULL);
}
DEF(pgov_freq_table_transition_delay_us, 1, PGOV_EINVAL)
{
    return snap(w), pgov_freq_table_transition_delay_us(0, 0, 10000, NULL);
}
DEF(pgov_freq_table_transition_delay_us, 2, PGOV_ENOTSUP)
{
    return snap(w), pgov_freq_table_transition_delay_us(PGOV_KVER(4, 13), 0, 10000, &w->u32);
}
DEF(pgov_freq_table_transition_delay_us, 3, PGOV_ENOTSUP)
{
    return snap(w), pgov_freq_table_transition_delay_us(PGOV_KVER(7, 4), 0, 10000, &w->u32);
}

/* ---- the deprecated 0.1 names: PGOV_0.1 aliases of the same functions */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
DEF(pgov_pcc_request, 1, PGOV_EDOM)
{
    return snap(w), pgov_pcc_request(0, 1000, &w->u32);
}
DEF(pgov_pcc_readback, 1, PGOV_EINVAL)
{
    return snap(w), pgov_pcc_readback(2000, 50, NULL);
}
#pragma GCC diagnostic pop

static const struct row freq_table_rows[] = {
    R(pgov_freq_table_init, 1),
    R(pgov_freq_table_init, 2),
    R(pgov_freq_table_init, 3),
    R(pgov_freq_table_init, 4),
    R(pgov_freq_table_init, 5),
    R(pgov_freq_table_init, 6),
    R(pgov_freq_table_init, 7),
    R(pgov_freq_table_init, 8),
    R(pgov_freq_table_resolve, 1),
    R(pgov_freq_table_resolve, 2),
    R(pgov_freq_table_resolve, 3),
    R(pgov_freq_table_resolve, 4),
    R(pgov_freq_table_resolve, 5),
    R(pgov_freq_table_resolve, 6),
    R(pgov_freq_table_resolve, 7),
    R(pgov_freq_table_resolve, 8),
    R(pgov_freq_table_pcc_request, 1),
    R(pgov_freq_table_pcc_request, 2),
    R(pgov_freq_table_pcc_request, 3),
    R(pgov_freq_table_pcc_readback, 1),
    R(pgov_freq_table_transition_delay_us, 1),
    R(pgov_freq_table_transition_delay_us, 2),
    R(pgov_freq_table_transition_delay_us, 3),
    R(pgov_pcc_request, 1),
    R(pgov_pcc_readback, 1),
};
ROW_TABLE(freq_table);
