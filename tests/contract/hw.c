/* SPDX-License-Identifier: BSD-2-Clause */
/* API contract rows of hw (see main.c). */
#include "api_contract.h"

/* ---- hw */
DEF(pgov_hw_bind, 1, PGOV_EINVAL)
{
    return snap(w), pgov_hw_bind(NULL, &w->ops, NULL, 0);
}
DEF(pgov_hw_bind, 2, PGOV_EINVAL)
{
    return snap(w), pgov_hw_bind(&w->hw, NULL, NULL, 0);
}
DEF(pgov_hw_bind, 3, PGOV_E2BIG)
{
    struct pgov_hw_ops o = w->ops;
    o.size = 0;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, 0);
}
DEF(pgov_hw_bind, 4, PGOV_E2BIG)
{
    struct pgov_hw_ops o = w->ops;
    o.size = (uint32_t)PGOV_HW_OPS_SIZE_V1 - 1;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, 0);
}
DEF(pgov_hw_bind, 5, PGOV_EINVAL)
{
    struct pgov_hw_ops o = w->ops;
    o.flags = 1;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, 0);
}
DEF(pgov_hw_bind, 6, PGOV_EINVAL)
{
    return snap(w), pgov_hw_bind(&w->hw, &w->ops, NULL, 1u << 7);
}
DEF(pgov_hw_bind, 7, PGOV_ENOSYS)
{
    struct pgov_hw_ops o = w->ops;
    o.read_idle = NULL;
    return snap(w), pgov_hw_bind(&w->hw, &o, NULL, PGOV_HW_NEED_IDLE);
}
DEF(pgov_hw_bind, 8, PGOV_E2BIG)
{
    struct {
        struct pgov_hw_ops o;
        uintptr_t more[2];
    } b = {w->ops, {0, 1}};
    b.o.size = (uint32_t)sizeof(b);
    return snap(w), pgov_hw_bind(&w->hw, &b.o, NULL, 0);
}
DEF(pgov_hw_limits_check, 1, PGOV_EINVAL)
{
    return snap(w), pgov_hw_limits_check(NULL);
}
DEF(pgov_hw_limits_check, 2, PGOV_EINVAL)
{
    w->lim.min_pstate = 0;
    return snap(w), pgov_hw_limits_check(&w->lim);
}
DEF(pgov_hw_limits_check, 3, PGOV_EINVAL)
{
    w->lim.min_pstate = 40;
    return snap(w), pgov_hw_limits_check(&w->lim);
}
DEF(pgov_hw_limits_check, 4, PGOV_EINVAL)
{
    w->lim.flags = 4; /* bit 1 is PGOV_HW_LIM_NO_IDA */
    return snap(w), pgov_hw_limits_check(&w->lim);
}
DEF(pgov_hw_limits_check, 5, PGOV_EINVAL)
{
    w->lim.scaling_khz = 0;
    return snap(w), pgov_hw_limits_check(&w->lim);
}

static const struct row hw_rows[] = {
    R(pgov_hw_bind, 1),
    R(pgov_hw_bind, 2),
    R(pgov_hw_bind, 3),
    R(pgov_hw_bind, 4),
    R(pgov_hw_bind, 5),
    R(pgov_hw_bind, 6),
    R(pgov_hw_bind, 7),
    R(pgov_hw_bind, 8),
    R(pgov_hw_limits_check, 1),
    R(pgov_hw_limits_check, 2),
    R(pgov_hw_limits_check, 3),
    R(pgov_hw_limits_check, 4),
    R(pgov_hw_limits_check, 5),
};
ROW_TABLE(hw);
