/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * intel_pstate and schedutil ops:
 *   pstate_sample_pid   one v4.6 PID hook call that samples and sets a P-state
 *   pstate_sample_load  one current load-based hook call that samples and sets
 *   pstate_sample_pid_inline, pstate_sample_load_inline  the same hook call
 *                       written by an embedder on the inline core
 *                       (pgov/core/pstate.h): its own state, direct HAL
 *                       calls, in inl_pstate_*() (bench/run counts inl_* for _inline rows)
 *   pstate_decide_load  the same load sample through pgov_pstate_decide(), the
 *                       embedder reading its own counters (emb_pstate_decide_load();
 *                       bench/run counts emb_* with the exports)
 *   pstate_hook_skip    one hook call inside the sampling interval
 *   sugov_next_freq     schedutil util -> frequency (1.25 headroom, clamp)
 *   sugov_next_freq_inline  the same mapping through the inline core
 *                       (pgov/core/sugov.h) with the newest profile's constant
 *                       rules, in inl_sugov_next_freq()
 *   sugov_decide        one schedutil callback (pgov_sugov_decide(): boost,
 *                       rate limit, mapping, cache, hold, commit) over random
 *                       0.2-2 ms gaps, utilisations, iowait and hold flags
 *   sugov_decide_inline the same callbacks through pgov_sugov_core_decide()
 *                       on the embedder's own state and input, in
 *                       inl_sugov_decide()
 * The counters alternate a C0-idle and a fully busy 10 ms window, so every
 * sample moves the P-state (39 <-> 20 for the PID, 39 <-> 25 for load).
 * HAL callbacks are trivial and named hal_* (counted in both columns).
 */
/* The unstable inline core tier, linked with libpgov.a (pgov/core/gate.h). */
#define PGOV_CORE_UNSTABLE

#include "bench.h"
#include "bench_pstate.h"

#include <pgov/core/pstate.h>
#include <pgov/core/sugov.h>

#include <stddef.h>
#include <string.h>

#define MS 1000000ull

struct hal {
    struct pgov_hw_counters c;
    uint32_t n;
    uint32_t pstate;
};

static struct hal hal;

static int hal_read(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    struct hal *h = ctx;
    (void)cpu;
    /* Alternate windows: C0 < 1 % (idle) and fully busy at turbo. */
    uint64_t busy = (++h->n & 1) ? 34000000u : 100u;
    h->c.tsc += 34000000u;
    h->c.mperf += busy;
    h->c.aperf += busy + (busy >> 3);
    *out = h->c;
    return 0;
}

static int hal_write(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t ctl)
{
    struct hal *h = ctx;
    (void)cpu;
    (void)ctl;
    h->pstate = pstate;
    return 0;
}

static int hal_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    static const struct pgov_hw_limits ivb = {16, 34, 34, 39, 100000, 0};
    (void)ctx;
    (void)cpu;
    *out = ivb;
    return 0;
}

static const struct pgov_hw_ops hal_ops = {
    .size = sizeof(struct pgov_hw_ops),
    .read_counters = hal_read,
    .get_limits = hal_limits,
    .set_pstate = hal_write,
};

static _Alignas(8) unsigned char mem[1024];
static struct pgov_pstate *gov;
static struct base_cpu bcpu;
static uint64_t t_now;

/* The configuration every pstate row starts from: all defaults but these. */
static struct pgov_pstate_config bench_cfg(uint32_t policy, uint32_t kver)
{
    struct pgov_pstate_config c;

    memset(&c, 0, sizeof(c));
    c.size = sizeof(c);
    c.policy = policy;
    c.kver = kver;
    return c;
}

static void setup_gov(uint32_t policy, uint32_t kver)
{
    struct pgov_pstate_config c = bench_cfg(policy, kver);

    memset(&hal, 0, sizeof(hal));
    if (pgov_pstate_init(mem, sizeof(mem), &c, &hal_ops, &hal, &gov) != 0)
        __builtin_trap();
    t_now = 1000 * MS;
    /* Prime: the first sample only records the counters. */
    (void)pgov_pstate_update(gov, t_now, 0);

    memset(&bcpu, 0, sizeof(bcpu));
    bcpu.sample_ns = 10 * MS;
    bcpu.tick_ns = 4 * MS;
    bcpu.setpoint = 97 * 256;
    bcpu.p_gain = 51;
    bcpu.last_err = -768;
    bcpu.pstate = 16;
    /* hal_limits()'s platform with the default limits: no_turbo off,
     * max_perf 100 %, min_perf 0, ratios min .. turbo. */
    bcpu.min_pstate = 16;
    bcpu.max_pstate = 34;
    bcpu.turbo_pstate = 39;
    bcpu.max_perf = 256;
    bcpu.min_ratio = 16;
    bcpu.max_ratio = 39;
    bcpu.max_phys = 34;
    bcpu.read = hal_read;
    bcpu.write = hal_write;
    bcpu.ctx = &hal;
}

static void setup_pid(void)
{
    setup_gov(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    base_pstate_update_pid(&bcpu, t_now);
}

static void setup_load(void)
{
    setup_gov(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    base_pstate_update_load(&bcpu, t_now, 0);
}

static void loop_lib_sample(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        t += 10 * MS + 1;
        int rc = pgov_pstate_update(gov, t, 0);
        DO_NOT_OPTIMIZE(rc);
    }
    t_now = t;
}

static void loop_kernel_pid(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        t += 10 * MS + 1;
        base_pstate_update_pid(&bcpu, t);
        CLOBBER();
    }
    t_now = t;
}

static void loop_kernel_load(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        t += 10 * MS + 1;
        base_pstate_update_load(&bcpu, t, 0);
        CLOBBER();
    }
    t_now = t;
}

/* ---- the embedder's hook on the inline core */

struct inline_cpu {
    struct pgov_pstate_params prm;
    struct pgov_hw_limits plat;
    struct pgov_pstate_bounds b;
    struct pgov_pstate_state st;
    struct pgov_pstate_core_known known; /* derived from b, kept with it */
};
static struct inline_cpu icpu;

/* One scheduler hook call for constant profile @prof: interval check,
 * counter read, decide, write, commit. Returns 1 when it decided. */
static inline __attribute__((always_inline)) int inline_hook(uint32_t prof, struct inline_cpu *ic,
                                                             uint64_t now, uint32_t flags)
{
    struct pgov_pstate_result pre;
    struct pgov_pstate_core_sample s;
    struct pgov_hw_counters c;

    if (!pgov_pstate_core_hook_pre(prof, &ic->prm, &ic->st, now, flags, &pre))
        return 0;
    if (hal_read(&hal, 0, &c))
        return 0;
    if (pgov_pstate_core_sample_known(prof, &ic->prm, &ic->plat, &ic->b, &ic->st, now, &c, 0,
                                      &ic->known, false, &s) != PGOV_PSTATE_CORE_DECIDED)
        return 0;
    if (s.pstate != ic->st.pstate &&
        hal_write(&hal, 0, s.pstate, pgov_pstate_core_perf_ctl_known(&ic->known, s.pstate)))
        return 0;
    pgov_pstate_core_commit(prof, &ic->st, now, &c, &s, false);
    return 1;
}

int inl_pstate_pid(uint64_t now);
int inl_pstate_load(uint64_t now);
__attribute__((noinline)) int inl_pstate_pid(uint64_t now)
{
    return inline_hook(PGOV_PSTATE_PROF_PID_4_6, &icpu, now, 0);
}
__attribute__((noinline)) int inl_pstate_load(uint64_t now)
{
    return inline_hook(PGOV_PSTATE_PROF_LOAD_6_19, &icpu, now, 0);
}

/* The state an embedder prepares once, through the checked entry points
 * (the inline rows' and the decision layer's alike), with the instance's
 * default limits on hal_limits()'s platform. */
static void prepare_cpu(struct inline_cpu *ic, uint32_t policy, uint32_t kver)
{
    struct pgov_pstate_config c = bench_cfg(policy, kver);
    struct pgov_pstate_limits lim;

    memset(&lim, 0, sizeof(lim));
    lim.size = sizeof(lim);
    lim.max_perf_fp = 256; /* the instance's defaults */
    lim.max_ratio = 39;
    memset(ic, 0, sizeof(*ic));
    if (pgov_pstate_params_init(&ic->prm, &c) || hal_limits(NULL, 0, &ic->plat) ||
        pgov_pstate_bounds_init(&ic->prm, &ic->plat, &lim, &ic->b) ||
        pgov_pstate_state_reset(&ic->st, &ic->prm, &ic->plat))
        __builtin_trap();
    pgov_pstate_core_known_init(ic->prm.profile, &ic->known, &ic->prm, &ic->b);
}

static void setup_inline(uint32_t policy, uint32_t kver)
{
    prepare_cpu(&icpu, policy, kver);
}

/* The row's hook, chosen by its setup. */
static int (*inline_hook_fn)(uint64_t now);

/* Prime (the first sample only records), then check that a sample moves
 * the P-state as the ABI row's does: the row measures real decisions. */
static void prime_inline(int (*hook)(uint64_t))
{
    uint32_t p[2];

    (void)hook(t_now);
    for (int k = 0; k < 2; k++) {
        t_now += 10 * MS + 1;
        if (hook(t_now) != 1)
            __builtin_trap();
        p[k] = icpu.st.pstate;
    }
    if (p[0] == p[1] || hal.pstate != p[1])
        __builtin_trap();
}

static void setup_pid_inline(void)
{
    setup_pid();
    setup_inline(PGOV_PSTATE_POLICY_PID, PGOV_KVER_4_6);
    inline_hook_fn = inl_pstate_pid;
    prime_inline(inl_pstate_pid);
}

static void setup_load_inline(void)
{
    setup_load();
    setup_inline(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    inline_hook_fn = inl_pstate_load;
    prime_inline(inl_pstate_load);
}

static void loop_inline(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        t += 10 * MS + 1;
        int r = inline_hook_fn(t);
        DO_NOT_OPTIMIZE(r);
    }
    t_now = t;
}

/* ---- the embedder's hook on the decision layer (pgov_pstate_decide()):
 * it reads its own counters (a kernel module's rdmsr: the bench's HAL,
 * inlined as in the _inline rows, on its own counter block) and passes them
 * in. Counted: the whole of emb_pstate_decide_load() (bench/run measures
 * emb_* with the exports), so the read and the write are in the figure as
 * the hook row's HAL callbacks are in its. */

static struct hal dhal;
static struct inline_cpu dcpu;

int emb_pstate_decide_load(uint64_t now, uint32_t flags);
__attribute__((noinline)) int emb_pstate_decide_load(uint64_t now, uint32_t flags)
{
    struct pgov_pstate_input in;
    struct pgov_pstate_result r;
    struct pgov_hw_counters c;

    if (hal_read(&dhal, 0, &c))
        return -1;
    in.now_ns = now;
    in.aperf = c.aperf;
    in.mperf = c.mperf;
    in.tsc = c.tsc;
    in.iowait_us = 0;
    in.event = PGOV_PSTATE_EV_UPDATE;
    in.flags = flags;
    if (pgov_pstate_decide(&dcpu.prm, &dcpu.plat, &dcpu.b, &dcpu.st, &in, &r))
        return -1;
    if (r.write && hal_write(&dhal, 0, r.pstate, r.perf_ctl))
        return -1;
    return (int)r.path;
}

/* The decision layer's state as an embedder prepares it; then the hook row
 * (the instance, on `hal`) and this one (on `dhal`) take the same samples
 * side by side, IOWAIT wakeups included, and must write the same P-states
 * and hold the same busy, boost and sample time; the loop then continues
 * the plain sequence (the baseline, on `hal`, primed after them). */
static void setup_decide_load(void)
{
    struct pgov_pstate_status stat;
    uint32_t moves = 0, prev;

    memset(&dhal, 0, sizeof(dhal));
    setup_gov(PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19); /* primes the instance */
    prepare_cpu(&dcpu, PGOV_PSTATE_POLICY_LOAD, PGOV_KVER_6_19);
    if (emb_pstate_decide_load(t_now, 0) != PGOV_PSTATE_PATH_FIRST)
        __builtin_trap();
    prev = dcpu.st.pstate;
    for (uint32_t k = 0; k < 64; k++) {
        uint32_t fl = (k % 8 == 5 || k % 8 == 6) ? PGOV_UPDATE_IOWAIT : 0;
        t_now += 10 * MS + 1;
        if (pgov_pstate_update(gov, t_now, fl) ||
            emb_pstate_decide_load(t_now, fl) != PGOV_PSTATE_PATH_ADJUST ||
            pgov_pstate_get_status(gov, &stat) || hal.pstate != dhal.pstate ||
            stat.pstate != dcpu.st.pstate || stat.busy_scaled != dcpu.st.busy_scaled ||
            stat.boost != dcpu.st.iowait_boost || stat.last_sample_ns != dcpu.st.time_ns ||
            memcmp(&hal.c, &dhal.c, sizeof(hal.c)))
            __builtin_trap();
        moves += dcpu.st.pstate != prev;
        prev = dcpu.st.pstate;
    }
    if (moves < 32 || dcpu.st.iowait_boost != 0)
        __builtin_trap();
    base_pstate_update_load(&bcpu, t_now, 0); /* the baseline's prime */
}

static void loop_lib_decide(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        t += 10 * MS + 1;
        int r = emb_pstate_decide_load(t, 0);
        DO_NOT_OPTIMIZE(r);
    }
    t_now = t;
}

static void loop_lib_skip(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        int rc = pgov_pstate_update(gov, t + (i & 1023), 0);
        DO_NOT_OPTIMIZE(rc);
    }
}

static void loop_kernel_skip(uint64_t iters)
{
    uint64_t t = t_now;
    for (uint64_t i = 0; i < iters; i++) {
        base_pstate_update_pid(&bcpu, t + (i & 1023));
        CLOBBER();
    }
}

static const struct pgov_sugov_params sg = {1000000, 4000000, 1024, 3900000, 1600000,
                                             3900000, 0, 0};
static uint32_t utils[1024];
/* sugov_decide_6_1: the same policy at the 6.1 profile (pgov_sugov_core_rules()). */
static const struct pgov_sugov_params sg61 = {1000000, 4000000, 1024, 3900000, 1600000,
                                               3900000, 0, PGOV_KVER_6_1};
/* sugov_decide_7_3: the newest profile named by its version, not by 0. */
static const struct pgov_sugov_params sg73 = {1000000, 4000000, 1024, 3900000, 1600000,
                                               3900000, 0, PGOV_KVER_7_3};

static void setup_sugov(void)
{
    uint64_t s = 42;
    for (size_t i = 0; i < 1024; i++)
        utils[i] = (uint32_t)(bench_rand(&s) % 1100);
}

static void loop_lib_sugov(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        int64_t f = pgov_sugov_next_freq(&sg, utils[i & 1023], 0, NULL);
        DO_NOT_OPTIMIZE(f);
    }
}

/* What an embedder writes: checked parameters, the constant rules. */
__attribute__((noinline)) uint32_t inl_sugov_next_freq(const struct pgov_sugov_params *p,
                                                       uint32_t util);
__attribute__((noinline)) uint32_t inl_sugov_next_freq(const struct pgov_sugov_params *p,
                                                       uint32_t util)
{
    uint64_t raw;

    return pgov_sugov_core_freq(p, PGOV_SUGOV_RULES_CURRENT, util, p->max_freq_khz, &raw);
}

static void loop_inline_sugov(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        uint32_t f = inl_sugov_next_freq(&sg, utils[i & 1023]);
        DO_NOT_OPTIMIZE(f);
    }
}

static void loop_kernel_sugov(uint64_t iters)
{
    for (uint64_t i = 0; i < iters; i++) {
        uint32_t f = base_sugov_next_freq(&sg, utils[i & 1023]);
        DO_NOT_OPTIMIZE(f);
    }
}

/* sugov_decide: a per-CPU callback stream. */
#define NCB 4096u
static uint32_t cb_gap[NCB], cb_util[NCB], cb_flags[NCB], cb_held[NCB];
static struct pgov_sugov_state sd_st;
static struct pgov_sugov_input sd_in;
static struct base_sugov sd_base;
static struct base_sugov_rq sd_rq;
static uint64_t sd_now;

static void sd_reset(void)
{
    memset(&sd_st, 0, sizeof(sd_st));
    memset(&sd_in, 0, sizeof(sd_in));
    sd_in.size = sizeof(sd_in);
    sd_in.uclamp_max = 1024;
    memset(&sd_base, 0, sizeof(sd_base));
    sd_base.p = &sg;
    memset(&sd_rq, 0, sizeof(sd_rq));
    sd_rq.uclamp_max = 1024;
    sd_now = 1000000000ull;
}

__attribute__((noinline)) int inl_sugov_decide(const struct pgov_sugov_params *prm,
                                               struct pgov_sugov_state *st,
                                               struct pgov_sugov_input *in, uint64_t now,
                                               uint32_t flags, uint32_t util, uint32_t held,
                                               struct pgov_sugov_result *res);
/* The embedder keeps its input per CPU and refreshes the callback's terms;
 * the parameters were checked once (pgov_sugov_params_check()) and come
 * through a pointer, as the ABI row's do; no driver table. */
__attribute__((noinline)) int inl_sugov_decide(const struct pgov_sugov_params *prm,
                                               struct pgov_sugov_state *st,
                                               struct pgov_sugov_input *in, uint64_t now,
                                               uint32_t flags, uint32_t util, uint32_t held,
                                               struct pgov_sugov_result *res)
{
    in->flags = flags;
    in->util = util;
    in->held = held;
    pgov_sugov_core_decide(prm, PGOV_SUGOV_RULES_CURRENT, st, now, in, NULL, res);
    return 0;
}

/* The same embedder at 6.1: its rules a constant of its build. */
__attribute__((noinline)) int inl_sugov_decide_6_1(const struct pgov_sugov_params *prm,
                                                   struct pgov_sugov_state *st,
                                                   struct pgov_sugov_input *in, uint64_t now,
                                                   uint32_t flags, uint32_t util, uint32_t held,
                                                   struct pgov_sugov_result *res);
__attribute__((noinline)) int inl_sugov_decide_6_1(const struct pgov_sugov_params *prm,
                                                   struct pgov_sugov_state *st,
                                                   struct pgov_sugov_input *in, uint64_t now,
                                                   uint32_t flags, uint32_t util, uint32_t held,
                                                   struct pgov_sugov_result *res)
{
    in->flags = flags;
    in->util = util;
    in->held = held;
    pgov_sugov_core_decide(prm, pgov_sugov_core_rules(PGOV_KVER_6_1), st, now, in, NULL, res);
    return 0;
}

typedef int sd_fn(const struct pgov_sugov_params *, struct pgov_sugov_state *,
                  struct pgov_sugov_input *, uint64_t, uint32_t, uint32_t, uint32_t,
                  struct pgov_sugov_result *);

/* Draw the stream, then check that the three tiers take the same
 * decisions on it and that it commits often: the rows measure real work. */
static void setup_sd(const struct pgov_sugov_params *prm, sd_fn *inl)
{
    uint64_t s = 0x7375676f76ull;
    struct pgov_sugov_state st2;
    struct pgov_sugov_result r, r2;
    uint32_t commits = 0;

    for (size_t i = 0; i < NCB; i++) {
        cb_gap[i] = 200000u + (uint32_t)(bench_rand(&s) % 1800000u);
        cb_util[i] = (uint32_t)(bench_rand(&s) % 1100u);
        cb_flags[i] = bench_rand(&s) % 4u == 0 ? PGOV_UPDATE_IOWAIT : 0u;
        cb_held[i] = (uint32_t)(bench_rand(&s) % 3u == 0);
    }
    if (pgov_sugov_params_check(prm) != PGOV_OK)
        __builtin_trap();
    sd_reset();
    memset(&st2, 0, sizeof(st2));
    for (size_t i = 0; i < NCB; i++) {
        sd_now += cb_gap[i];
        if (pgov_sugov_decide(prm, &st2, sd_now, cb_flags[i], cb_util[i], cb_held[i], &r2) ||
            inl(prm, &sd_st, &sd_in, sd_now, cb_flags[i], cb_util[i], cb_held[i], &r) ||
            memcmp(&st2, &sd_st, sizeof(st2)) || memcmp(&r, &r2, sizeof(r)) ||
            base_sugov_update(&sd_base, &sd_rq, sd_now, cb_flags[i], cb_util[i], cb_held[i]) !=
                sd_st.next_freq)
            __builtin_trap();
        commits += r.path == PGOV_SUGOV_PATH_COMMIT;
    }
    if (commits < NCB / 4)
        __builtin_trap();
    sd_reset();
}

/* The ABI row's call in the inline row's shape (the input is not used). */
static inline int abi_sugov_decide(const struct pgov_sugov_params *prm,
                                   struct pgov_sugov_state *st, struct pgov_sugov_input *in,
                                   uint64_t now, uint32_t flags, uint32_t util, uint32_t held,
                                   struct pgov_sugov_result *res)
{
    (void)in;
    return pgov_sugov_decide(prm, st, now, flags, util, held, res);
}


/* Always inlined with a constant @fn: each row's loop calls its tier directly. */
static inline __attribute__((always_inline)) void sd_loop(uint64_t iters, sd_fn *fn,
                                                          const struct pgov_sugov_params *prm)
{
    struct pgov_sugov_result r;
    uint64_t t = sd_now;
    for (uint64_t i = 0; i < iters; i++) {
        size_t k = i & (NCB - 1);
        t += cb_gap[k];
        int rc = fn(prm, &sd_st, &sd_in, t, cb_flags[k], cb_util[k], cb_held[k], &r);
        DO_NOT_OPTIMIZE(rc);
        DO_NOT_OPTIMIZE(r.next_f);
    }
    sd_now = t;
}

static void loop_lib_sugov_decide(uint64_t iters)
{
    sd_loop(iters, abi_sugov_decide, &sg);
}

static void loop_lib_sugov_decide_6_1(uint64_t iters)
{
    sd_loop(iters, abi_sugov_decide, &sg61);
}

static void loop_inline_sugov_decide_6_1(uint64_t iters)
{
    sd_loop(iters, inl_sugov_decide_6_1, &sg61);
}

static void loop_lib_sugov_decide_7_3(uint64_t iters)
{
    sd_loop(iters, abi_sugov_decide, &sg73);
}

/* The inline row at 7.3 is the newest one's: PGOV_SUGOV_RULES_CURRENT. */
static void loop_inline_sugov_decide_7_3(uint64_t iters)
{
    sd_loop(iters, inl_sugov_decide, &sg73);
}

static void setup_sugov_decide(void)
{
    setup_sd(&sg, inl_sugov_decide);
}

static void setup_sugov_decide_6_1(void)
{
    setup_sd(&sg61, inl_sugov_decide_6_1);
}

static void setup_sugov_decide_7_3(void)
{
    setup_sd(&sg73, inl_sugov_decide);
}

static void loop_inline_sugov_decide(uint64_t iters)
{
    sd_loop(iters, inl_sugov_decide, &sg);
}

static void loop_kernel_sugov_decide(uint64_t iters)
{
    uint64_t t = sd_now;
    for (uint64_t i = 0; i < iters; i++) {
        size_t k = i & (NCB - 1);
        t += cb_gap[k];
        uint32_t f = base_sugov_update(&sd_base, &sd_rq, t, cb_flags[k], cb_util[k], cb_held[k]);
        DO_NOT_OPTIMIZE(f);
    }
    sd_now = t;
}

const struct bench_op bench_ops_pstate[] = {
    {"pstate_sample_pid", setup_pid, loop_lib_sample, loop_kernel_pid},
    {"pstate_sample_load", setup_load, loop_lib_sample, loop_kernel_load},
    {"pstate_sample_pid_inline", setup_pid_inline, loop_inline, loop_kernel_pid},
    {"pstate_sample_load_inline", setup_load_inline, loop_inline, loop_kernel_load},
    {"pstate_decide_load", setup_decide_load, loop_lib_decide, loop_kernel_load},
    {"pstate_hook_skip", setup_pid, loop_lib_skip, loop_kernel_skip},
    {"sugov_next_freq", setup_sugov, loop_lib_sugov, loop_kernel_sugov},
    {"sugov_next_freq_inline", setup_sugov, loop_inline_sugov, loop_kernel_sugov},
    {"sugov_decide", setup_sugov_decide, loop_lib_sugov_decide, loop_kernel_sugov_decide},
    {"sugov_decide_inline", setup_sugov_decide, loop_inline_sugov_decide, loop_kernel_sugov_decide},
    {"sugov_decide_6_1", setup_sugov_decide_6_1, loop_lib_sugov_decide_6_1,
     loop_kernel_sugov_decide},
    {"sugov_decide_6_1_inline", setup_sugov_decide_6_1, loop_inline_sugov_decide_6_1,
     loop_kernel_sugov_decide},
    {"sugov_decide_7_3", setup_sugov_decide_7_3, loop_lib_sugov_decide_7_3,
     loop_kernel_sugov_decide},
    {"sugov_decide_7_3_inline", setup_sugov_decide_7_3, loop_inline_sugov_decide_7_3,
     loop_kernel_sugov_decide},
    BENCH_OPS_END,
};
