/* SPDX-License-Identifier: BSD-2-Clause */
#include "fake_idle.h"

#include <string.h>

void fake_idle_init(struct fake_idle *f, uint32_t ncpu, uint32_t cur_khz, uint32_t max_khz)
{
    memset(f, 0, sizeof(*f));
    f->ncpu = ncpu;
    f->cur_khz = cur_khz;
    f->max_khz = max_khz;
    for (uint32_t i = 0; i < ncpu && i < FAKE_IDLE_MAXCPU; i++) {
        f->cpu[i].id = i;
        f->cpu[i].c.wall_us = 1000000;
        f->cpu[i].c.idle_us = 1000000;
    }
}

void fake_idle_advance(struct fake_idle *f, uint64_t us)
{
    for (uint32_t i = 0; i < f->ncpu; i++) {
        struct fake_idle_cpu *c = &f->cpu[i];
        /* The same work takes longer at a lower frequency. */
        uint64_t busy = us * c->work_pct / 100;
        if (f->cur_khz)
            busy = busy * f->max_khz / f->cur_khz;
        if (busy > us)
            busy = us;
        uint64_t idle = us - busy, iow = idle * c->iowait_pct / 100;
        c->c.wall_us += us;
        c->c.idle_us += idle - iow;
        c->c.iowait_us += iow;
        c->c.nice_ns += busy * c->nice_pct / 100 * 1000;
    }
}

static int fi_read_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct fake_idle *f = ctx;
    f->reads++;
    if (f->fail_read && f->reads > f->fail_read_after)
        return f->fail_read;
    for (uint32_t i = 0; i < f->ncpu; i++) {
        if (f->cpu[i].id == cpu) {
            *out = f->cpu[i].c;
            return 0;
        }
    }
    return PGOV_EIO;
}

static int fi_set_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct fake_idle *f = ctx;
    if (f->fail_set)
        return f->fail_set;
    f->cur_khz = khz;
    f->set_cpu = cpu;
    f->set_calls++;
    return 0;
}

static void fi_trace(void *ctx, const struct pgov_hw_trace *ev)
{
    struct fake_idle *f = ctx;
    (void)ev;
    f->traces++;
}

const struct pgov_hw_ops fake_idle_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .read_idle = fi_read_idle,
    .set_freq_khz = fi_set_freq,
    .trace = fi_trace,
};
