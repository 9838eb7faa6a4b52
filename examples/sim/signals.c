/* SPDX-License-Identifier: BSD-2-Clause */
#include "run.h"

void sig_task_new(struct sim_ctx *c, struct sim_task *k, struct sim_cpu *p, uint64_t t)
{
    (void)c; (void)k; (void)p; (void)t;
}
void sig_enqueue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t)
{
    (void)c; (void)k; (void)p; (void)t;
}
void sig_dequeue(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t, bool sleep)
{
    (void)c; (void)k; (void)p; (void)t; (void)sleep;
}
void sig_tick(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    (void)c; (void)p; (void)t;
}
uint32_t sig_cpu_util(struct sim_ctx *c, struct sim_cpu *p, uint64_t t)
{
    (void)c; (void)p; (void)t;
    return 0;
}
void sig_task_exec(struct sim_ctx *c, struct sim_cpu *p, struct sim_task *k, uint64_t t)
{
    (void)c; (void)k; (void)p; (void)t;
}
