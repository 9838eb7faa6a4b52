/* SPDX-License-Identifier: BSD-2-Clause */
/* Deterministic fake CPU behind the hw.h vtable (see fake_hw.h). */
#include "fake_hw.h"

#include <string.h>

static int failing(struct fake_hw *f, enum fake_hw_op op)
{
    if (f->fail_op == (uint32_t)op && f->fail_count) {
        f->fail_count--;
        return f->fail_code;
    }
    return 0;
}

static int check_cpu(struct fake_hw *f, uint32_t cpu)
{
    if (cpu != f->cpu)
        f->other_cpu_calls++;
    return 0;
}

static int fk_clock(void *ctx, uint64_t *now)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_CLOCK);
    if (!rc)
        *now = f->now_ns;
    return rc;
}

static int fk_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_COUNTERS);
    check_cpu(f, cpu);
    if (rc)
        return rc;
    f->reads++;
    out->aperf = f->aperf;
    out->mperf = f->mperf;
    out->tsc = f->tsc;
    return 0;
}

static int fk_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_LIMITS);
    check_cpu(f, cpu);
    if (!rc)
        *out = f->lim;
    return rc;
}

static void record(struct fake_hw *f, uint32_t pstate, uint64_t value)
{
    struct fake_hw_write *w = &f->writes[f->nwrites % FAKE_HW_MAX_WRITES];
    w->time_ns = f->now_ns;
    w->pstate = pstate;
    w->value = value;
    f->nwrites++;
}

static int fk_pstate(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t ctl)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_PSTATE);
    check_cpu(f, cpu);
    if (rc)
        return rc;
    f->pstate = pstate;
    record(f, pstate, ctl);
    return 0;
}

static int fk_hwp(void *ctx, uint32_t cpu, uint64_t req)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_HWP);
    check_cpu(f, cpu);
    if (rc)
        return rc;
    f->hwp_request = req;
    record(f, (uint32_t)req & 0xffu, req);
    return 0;
}

static int fk_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_IDLE);
    check_cpu(f, cpu);
    if (rc)
        return rc;
    memset(out, 0, sizeof(*out));
    out->wall_us = f->now_ns / 1000;
    out->idle_us = f->idle_us;
    out->iowait_us = f->iowait_us;
    return 0;
}

static int fk_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct fake_hw *f = ctx;
    int rc = failing(f, FAKE_OP_FREQ);
    check_cpu(f, cpu);
    if (rc)
        return rc;
    f->freq_khz = khz;
    record(f, khz, khz);
    return 0;
}

static void fk_trace(void *ctx, const struct pgov_hw_trace *ev)
{
    struct fake_hw *f = ctx;
    (void)ev;
    f->ntrace++;
}

const struct pgov_hw_ops fake_hw_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .clock_ns = fk_clock,
    .read_counters = fk_counters,
    .get_limits = fk_limits,
    .set_pstate = fk_pstate,
    .set_hwp_request = fk_hwp,
    .read_idle = fk_idle,
    .set_freq_khz = fk_freq,
    .trace = fk_trace,
};

void fake_hw_init(struct fake_hw *f, uint32_t cpu, const struct pgov_hw_limits *lim)
{
    static const struct pgov_hw_limits ivb = {16, 34, 34, 39, 100000, 0};
    memset(f, 0, sizeof(*f));
    f->cpu = cpu;
    f->lim = lim ? *lim : ivb;
    f->now_ns = 1000000000ull;
    f->aperf = 1000003;
    f->mperf = 1200007;
    f->tsc = 3400000000ull;
    f->busy_permille = 1000;
    f->pstate = f->lim.min_pstate;
}

void fake_hw_run(struct fake_hw *f, uint64_t dt_ns, uint32_t iowait_permille)
{
    /* TSC at the max non-turbo frequency: ratio * 100 MHz = ratio/10 per ns. */
    uint64_t dtsc = dt_ns * f->lim.max_pstate_physical / 10;
    uint64_t dm = dtsc * f->busy_permille / 1000;
    f->now_ns += dt_ns;
    f->tsc += dtsc;
    f->mperf += dm;
    f->aperf += dm * f->pstate / f->lim.max_pstate_physical;
    uint64_t io = dt_ns / 1000 * iowait_permille / 1000;
    uint64_t idle = dt_ns / 1000 * (1000 - f->busy_permille) / 1000;
    f->iowait_us += io;
    f->idle_us += idle > io ? idle - io : 0;
}

const struct fake_hw_write *fake_hw_last(const struct fake_hw *f)
{
    return &f->writes[(f->nwrites - 1) % FAKE_HW_MAX_WRITES];
}

void fake_hw_fail(struct fake_hw *f, enum fake_hw_op op, int code, uint32_t count)
{
    f->fail_op = (uint32_t)op;
    f->fail_code = code;
    f->fail_count = count;
}
