/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz harness for intel_pstate and schedutil (pstate.h, hwp.h, fixed.h,
 * sugov.h).
 *
 * Byte 0 picks a mode:
 *  - fixed-point: every helper against a slow reference written plainly
 *    here (128-bit arithmetic where available);
 *  - governor: a random profile and tunables, then a random sequence of
 *    hook / timer / limit / counter / clock / HAL-failure events against a
 *    tiny closed-loop CPU model written here.
 *  - schedutil: a random utilisation / hook / limits / idle / HAL-failure
 *    sequence against the schedutil instance.
 * Invariants (abort() on violation): the P-state in force is the one last
 * written and lies within the effective bounds once a decision has been
 * taken under them; the boost stays in its range (load: 0..256; HWP: 0 or
 * between the request's min and max); a call that fails leaves the instance
 * byte-for-byte unchanged; no sanitizer report.
 */
#define PGOV_EXPERIMENTAL 1 /* exercises the experimental variants too */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef FUZZ_DEBUG
#include <stdio.h>
#endif

#include <pgov/pgov.h>
#include "fuzz_input.h"



static void check(int ok)
{
    if (!ok)
        abort();
}

/* ---- fixed point against plain references ----------------------------- */

static int64_t ref_s64(uint64_t v)
{
    return v <= (uint64_t)INT64_MAX ? (int64_t)v : -(int64_t)(~v) - 1;
}

static int32_t ref_s32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

/* floor(a / 2^k) for any sign, by repeated halving toward minus infinity. */
static int64_t ref_floor_shift(int64_t a, unsigned k)
{
    while (k--)
        a = (a - (a < 0 && (a & 1))) / 2; /* exact halving, then floor */
    return a;
}

static void fuzz_fixed(struct fuzz_in *in)
{
    while (in->n) {
        uint64_t a = fuzz_take(in, 8), b = fuzz_take(in, 8);
        int64_t sa = ref_s64(a), sb = ref_s64(b);
        int32_t a32 = ref_s32(a), b32 = ref_s32(b), r32;
        uint64_t ru;

        check(pgov_fixed_int_tofp(sa) == ref_s64(a << 8));
        check(pgov_fixed_int_ext_tofp(sa) == ref_s64(a << 14));
        check(pgov_fixed_toint64(sa) == ref_floor_shift(sa, 8));
        check(pgov_fixed_ext_toint(sa) == ref_floor_shift(sa, 14));
        check(pgov_fixed_toint32(a32) == ref_floor_shift(a32, 8));
        check(pgov_fixed_mul(a32, b32) == ref_s32((uint64_t)ref_floor_shift((int64_t)a32 * b32, 8)));
        check(pgov_fixed_ceiling(a32) == (int32_t)(ref_floor_shift(a32, 8) + ((a32 & 255) != 0)));
#ifdef __SIZEOF_INT128__
        check(pgov_fixed_mul_ext(a, b) ==
              (uint64_t)(((unsigned __int128)a * b) & UINT64_MAX) >> 14);
        if (b != 0) {
            __int128 q = (__int128)ref_s64(a << 8) / sb; /* INT64_MIN / -1 wraps */
            check(pgov_fixed_div(sa, sb, &r32) == 0 && r32 == ref_s32((uint64_t)q));
        }
#endif
        if (b != 0)
            check(pgov_fixed_div_ext(a, b, &ru) == 0 && ru == (a << 14) / b);
        check(pgov_fixed_div(sa, 0, &r32) == PGOV_EDOM);
        check(pgov_fixed_div_ext(a, 0, &ru) == PGOV_EDOM);
        check(pgov_fixed_percent(a32) == (int32_t)(((int64_t)a32 * 256) / 100));
        check(pgov_fixed_percent_ext(a32) == ref_s32(((uint64_t)(int64_t)a32 << 14) / 100));
    }
}

/* ---- governor against a tiny CPU model ------------------------------- */

struct cpu {
    struct pgov_hw_limits lim;
    uint64_t now, aperf, mperf, tsc, iowait, idle;
    uint32_t freq; /* last set_freq_khz */
    uint32_t pstate, busy; /* busy in 1/256 */
    uint32_t fail;         /* callbacks left until one fails; 0 = never */
    uint64_t hwp_req;
    int wrote;
};

static int failing(struct cpu *c)
{
    return c->fail && --c->fail == 0 ? PGOV_EIO : 0;
}

static int cb_clock(void *ctx, uint64_t *now)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    if (!rc)
        *now = c->now;
    return rc;
}

static int cb_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    (void)cpu;
    if (!rc) {
        out->aperf = c->aperf;
        out->mperf = c->mperf;
        out->tsc = c->tsc;
    }
    return rc;
}

static int cb_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    (void)cpu;
    if (!rc)
        *out = c->lim;
    return rc;
}

static int cb_pstate(void *ctx, uint32_t cpu, uint32_t p, uint64_t ctl)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    (void)cpu;
    if (!rc) {
        check((ctl >> 8 & 0xff) == p);
        c->pstate = p;
        c->wrote = 1;
    }
    return rc;
}

static int cb_hwp(void *ctx, uint32_t cpu, uint64_t req)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    (void)cpu;
    if (!rc)
        c->hwp_req = req;
    return rc;
}

static int cb_idle(void *ctx, uint32_t cpu, struct pgov_hw_idle *out)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    (void)cpu;
    if (!rc) {
        memset(out, 0, sizeof(*out));
        out->idle_us = c->idle;
        out->iowait_us = c->iowait;
    }
    return rc;
}

static int cb_freq(void *ctx, uint32_t cpu, uint32_t khz)
{
    struct cpu *c = ctx;
    int rc = failing(c);
    (void)cpu;
    if (!rc) {
        c->freq = khz;
        c->wrote = 1;
    }
    return rc;
}

static const struct pgov_hw_ops ops = {
    .size = sizeof(struct pgov_hw_ops),
    .clock_ns = cb_clock,
    .read_counters = cb_counters,
    .get_limits = cb_limits,
    .set_pstate = cb_pstate,
    .set_hwp_request = cb_hwp,
    .read_idle = cb_idle,
    .set_freq_khz = cb_freq,
};

static _Alignas(8) unsigned char mem[1024], saved[1024];

static void run(struct cpu *c, uint64_t dt)
{
    uint64_t dtsc = (dt >> 4) * c->lim.max_pstate_physical;
    uint64_t dm = (dtsc >> 8) * c->busy;
    c->now += dt;
    c->tsc += dtsc;
    c->mperf += dm;
    c->aperf += dm / c->lim.max_pstate_physical * c->pstate;
}

/* The fake CPU: limits, P-state, clock and counters from the input. */
static void make_cpu(struct fuzz_in *in, struct cpu *c)
{
    memset(c, 0, sizeof(*c));
    c->lim.min_pstate = 1 + (uint32_t)fuzz_take(in, 1) % 30;
    c->lim.max_pstate = c->lim.min_pstate + (uint32_t)fuzz_take(in, 1) % 20;
    c->lim.turbo_pstate = c->lim.max_pstate + (uint32_t)fuzz_take(in, 1) % 8;
    c->lim.max_pstate_physical = c->lim.max_pstate;
    c->lim.scaling_khz = 100000;
    c->lim.flags = (uint32_t)fuzz_take(in, 1) & PGOV_HW_LIM_ALL;
    c->pstate = c->lim.min_pstate;
    c->now = fuzz_take(in, 4) * 1000;
    c->aperf = fuzz_take(in, 8);
    c->mperf = fuzz_take(in, 8);
    c->tsc = fuzz_take(in, 8);
}

/* A configuration: policy, release, and optional options, intervals, PID
 * gains, limits and the APERF/MPERF shift. */
static void make_config(struct fuzz_in *in, struct pgov_pstate_config *cfg)
{
    static const uint32_t kvers[] = {PGOV_KVER_4_5,  PGOV_KVER_4_6,  PGOV_KVER_4_13,
                                     PGOV_KVER_4_14, PGOV_KVER_4_17, PGOV_KVER_6_19,
                                     PGOV_KVER(4, 18), PGOV_KVER_LATEST};
    memset(cfg, 0, sizeof(*cfg));
    cfg->size = sizeof(*cfg);
    cfg->policy = (uint32_t)fuzz_take(in, 1) % 6;
    cfg->kver = kvers[fuzz_take(in, 1) % (sizeof(kvers) / sizeof(kvers[0]))];
    uint32_t knobs = (uint32_t)fuzz_take(in, 1);
    if (knobs & 1)
        cfg->options = 1 + (uint32_t)fuzz_take(in, 1) % 3;
    if (knobs & 2)
        cfg->sample_interval_ns = fuzz_take(in, 4);
    if (knobs & 4)
        cfg->tick_ns = fuzz_take(in, 3) * 64;
    if (knobs & 8) {
        cfg->p_gain_pct = (uint32_t)fuzz_take(in, 1);
        cfg->i_gain_pct = (uint32_t)fuzz_take(in, 1);
        cfg->d_gain_pct = (uint32_t)fuzz_take(in, 1);
        cfg->setpoint_pct = (uint32_t)fuzz_take(in, 1);
        cfg->deadband_pct = (uint32_t)fuzz_take(in, 1) % 8;
    }
    if (knobs & 16) {
        cfg->limits.size = sizeof(cfg->limits);
        cfg->limits.no_turbo = (uint32_t)fuzz_take(in, 1) % 2;
        cfg->limits.min_perf_fp = (uint32_t)fuzz_take(in, 2) % 300;
        cfg->limits.max_perf_fp = (uint32_t)fuzz_take(in, 2) % 300;
        cfg->limits.min_ratio = (uint32_t)fuzz_take(in, 1) % 64;
        cfg->limits.max_ratio = (uint32_t)fuzz_take(in, 1) % 64;
    }
    if (knobs & 32)
        cfg->aperf_mperf_shift = 10;
}

static void fuzz_gov(struct fuzz_in *in)
{
    struct pgov_pstate_config cfg;
    struct pgov_pstate *g = NULL;
    struct pgov_pstate_status st;
    struct pgov_pstate_shared shared = {0, 0, 0};
    struct cpu c;
    size_t len = pgov_pstate_size();
    uint32_t last_samples = 0;
    int decided = 0;

    if (len > sizeof(mem))
        abort();
    make_cpu(in, &c);
    make_config(in, &cfg);
    if (pgov_pstate_init(mem, len, &cfg, &ops, &c, &g) != 0)
        return; /* rejected configs are the other tests' business */
    if (cfg.options)
        check(pgov_pstate_attach_shared(g, &shared) == 0);

    while (in->n) {
        uint8_t op = (uint8_t)fuzz_take(in, 1);
        uint64_t arg = fuzz_take(in, 3);
        uint64_t next;
        int rc = 0, mutating = 1;

        c.wrote = 0;
        c.fail = (op & 0x80) ? 1 + (uint32_t)(arg & 3) : 0;
        memcpy(saved, mem, len);
        switch (op & 7) {
        case 0: /* a hook call after some running */
        case 1:
            c.busy = (uint32_t)(arg >> 16) % 257;
            run(&c, (arg & 0xffff) * 1000);
            rc = pgov_pstate_update(g, c.now, (op >> 3) & 3);
            break;
        case 2: /* the timer */
            run(&c, (arg & 0xffff) * 1000);
            rc = pgov_pstate_timer(g, c.now, &next);
            break;
        case 3: { /* new limits, valid or not */
            struct pgov_pstate_limits l;
            memset(&l, 0, sizeof(l));
            l.size = sizeof(l);
            l.no_turbo = (uint32_t)(arg & 1);
            l.min_perf_fp = (uint32_t)(arg >> 1) % 300;
            l.max_perf_fp = (uint32_t)(arg >> 9) % 300;
            l.min_ratio = (uint32_t)(arg >> 4) % 64;
            l.max_ratio = (uint32_t)(arg >> 12) % 64;
            if (arg & 0x800000)
                l.hwp_request = (arg >> 2) & 0xffff;
            rc = pgov_pstate_set_limits(g, &l);
            if (rc == 0)
                decided = 0;
            break;
        }
        case 4: /* time jumps backwards */
            c.now -= arg * 1000;
            rc = pgov_pstate_update(g, c.now, 0);
            break;
        case 5: /* minutes of idle */
            c.busy = 0;
            run(&c, arg * 100000000ull);
            rc = pgov_pstate_update(g, c.now, op & 8 ? PGOV_UPDATE_IOWAIT : 0);
            break;
        case 6: /* counters jump (wrap) */
            c.aperf += arg << 40;
            c.mperf += arg << 41;
            c.tsc += arg << 42;
            mutating = 0;
            break;
        default: /* unknown flags: must be rejected */
            rc = pgov_pstate_update(g, c.now, 4u << (op % 8));
            check(rc == PGOV_EINVAL);
            break;
        }
        c.fail = 0;
        if (rc != 0) {
            /* Any failure leaves the instance exactly as it was. */
            check(memcmp(saved, mem, len) == 0);
            check(!c.wrote);
            continue;
        }
        if (!mutating)
            continue;
        check(pgov_pstate_get_status(g, &st) == 0);
        if (st.profile == PGOV_PSTATE_PROF_HWP_BOOST_6_19) {
            /* Boost steps: min, (guaranteed+min)/2, guaranteed, max; the
             * guaranteed ratio (max_pstate here) may exceed the request's max,
             * as in the kernel (the hardware clamps). */
            uint32_t top = st.hi > c.lim.max_pstate ? st.hi : c.lim.max_pstate;
            check(st.boost == 0 || (st.boost >= st.lo && st.boost <= top));
            continue;
        }
#ifdef FUZZ_DEBUG
        fprintf(stderr, "op %u rc %d p %u lo %u hi %u path %u samples %u boost %u\n", op & 7, rc, st.pstate, st.lo, st.hi, st.last_path, (unsigned)st.samples, st.boost);
#endif
        check(st.pstate == c.pstate);
        check(st.boost <= 256);
        if (st.samples != last_samples)
            decided = 1;
        last_samples = (uint32_t)st.samples;
        if (decided) {
            uint32_t lo = st.lo > st.hi ? st.hi : st.lo;
            check(st.pstate >= lo && st.pstate <= st.hi);
        }
    }
}

static void fuzz_sugov(struct fuzz_in *in)
{
    struct pgov_sugov_config cfg;
    struct pgov_sugov *g = NULL;
    struct pgov_sugov_status st;
    struct cpu c;
    size_t len = pgov_sugov_size();

    if (len > sizeof(mem))
        abort();
    memset(&c, 0, sizeof(c));
    c.lim.min_pstate = 1 + (uint32_t)fuzz_take(in, 1) % 30;
    c.lim.max_pstate = c.lim.min_pstate + (uint32_t)fuzz_take(in, 1) % 20;
    c.lim.turbo_pstate = c.lim.max_pstate + (uint32_t)fuzz_take(in, 1) % 8;
    c.lim.max_pstate_physical = c.lim.max_pstate;
    c.lim.scaling_khz = 100000;
    c.now = fuzz_take(in, 4) * 1000;
    memset(&cfg, 0, sizeof(cfg));
    cfg.size = sizeof(cfg);
    cfg.options = (uint32_t)fuzz_take(in, 1) & 1;
    cfg.rate_limit_ns = fuzz_take(in, 3) * 100;
    cfg.max_cap = (uint32_t)fuzz_take(in, 2) % 1025;
    if (pgov_sugov_init(mem, len, &cfg, &ops, &c, &g) != 0)
        return;
    while (in->n) {
        uint8_t op = (uint8_t)fuzz_take(in, 1);
        uint64_t arg = fuzz_take(in, 3);
        int rc = 0;

        c.wrote = 0;
        c.fail = (op & 0x80) ? 1 + (uint32_t)(arg & 1) : 0;
        memcpy(saved, mem, len);
        switch (op & 3) {
        case 0: /* util, then a hook call after some running */
            check(pgov_sugov_set_util(g, (uint32_t)(arg >> 12) % 1400) == 0);
            memcpy(saved, mem, len);
            c.now += (arg & 0xfff) * 10000;
            if (op & 4)
                c.idle += (arg & 0xff) + 1;
            rc = pgov_sugov_update(g, c.now, (op >> 3) & 3);
            break;
        case 1: { /* new limits */
            struct pgov_sugov_limits l = {sizeof(l), 0, 0, 0};
            l.min_khz = (uint32_t)(arg & 0xfff) * 1000;
            l.max_khz = (uint32_t)(arg >> 12) * 1000;
            rc = pgov_sugov_set_limits(g, &l);
            break;
        }
        case 2: /* time jumps backwards */
            c.now -= arg * 1000;
            rc = pgov_sugov_update(g, c.now, op & 8 ? PGOV_UPDATE_IOWAIT : 0);
            break;
        default: /* unknown flags */
            check(pgov_sugov_update(g, c.now, 4u << (op % 8)) == PGOV_EINVAL);
            break;
        }
        c.fail = 0;
        if (rc != 0) {
            check(memcmp(saved, mem, len) == 0);
            check(!c.wrote);
            continue;
        }
        check(pgov_sugov_get_status(g, &st) == 0);
#ifdef FUZZ_DEBUG
        fprintf(stderr, "sg op %u rc %d f %u min %u max %u path %u util %u now %llu\n", op, rc, st.freq_khz, st.min_khz, st.max_khz, st.last_path, st.util_cfs, (unsigned long long)c.now);
#endif
        check(st.boost == 0 || (st.boost >= 128 && st.boost <= 1024));
        check(st.freq_khz == c.freq);
        /* After an evaluation the request lies within the policy limits
         * (min > max resolves to max); limit changes apply at the next one.
         * 0 = nothing requested yet (util 0 matches the initial raw cache). */
        int local = (op & 3) == 2 || ((op & 3) == 0 && !(((op >> 3) & 3) & PGOV_UPDATE_REMOTE));
        if (local && st.freq_khz != 0 && (st.last_path == PGOV_SUGOV_PATH_COMMIT ||
                              st.last_path == PGOV_SUGOV_PATH_UNCHANGED)) {
            uint32_t lo = st.min_khz > st.max_khz ? st.max_khz : st.min_khz;
            check(st.freq_khz >= lo && st.freq_khz <= st.max_khz);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_in in = {data, size};
    if (!size)
        return 0;
    uint64_t mode = fuzz_take(&in, 1);
    if (mode & 1)
        fuzz_fixed(&in);
    else if (mode & 2)
        fuzz_sugov(&in);
    else
        fuzz_gov(&in);
    return 0;
}
