/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * schedutil governor instance, closed loop against the fake CPU: agrees with
 * the (vector-verified) decision function step by step, iowait ramp, limits,
 * HAL errors, remote callbacks, argument checks, clamps, batches. The
 * behaviour of each kernel release: test_sugov_kver.c.
 */
#include "sugov_fixture.h"

_Static_assert(sizeof(struct pgov_sugov_config) == 56, "config layout"); /* 0.4: +8 */
_Static_assert(offsetof(struct pgov_sugov_config, max_cap) == 32, "config layout");
_Static_assert(sizeof(struct pgov_sugov_limits) == 16, "limits layout");
_Static_assert(sizeof(struct pgov_sugov_status) == 32, "status layout");
/* 0.2's input was 40 bytes; 0.3 (oracle3) appends the table pointer. */
_Static_assert(PGOV_SUGOV_INPUT_SIZE_V1 == 40, "input V1 layout");
_Static_assert(offsetof(struct pgov_sugov_input, table) == 40, "input.table");

/* The instance equals pgov_sugov_decide() fed the same util, flags and the
 * "held" the instance derives from idle time. */
static void test_matches_decide(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 2, NULL);
    struct pgov_sugov_config c = cfg();
    c.cpu = 2;
    struct pgov_sugov *g = mk(&c, &f);
    struct pgov_sugov_params p = {PGOV_SUGOV_DEFAULT_RATE_LIMIT_NS, 4 * MS, 1024, 3900000,
                                  1600000, 3900000, 0, 0};
    struct pgov_sugov_state s;
    struct pgov_sugov_result r;
    uint64_t seed = 99, last_idle = 0;
    int have = 0;
    memset(&s, 0, sizeof(s));
    for (int k = 0; k < 3000; k++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        f.busy_permille = (seed >> 40) % 4 == 0 ? 1000 : (uint32_t)((seed >> 20) % 1001);
        uint64_t dt = ((seed >> 10) % 3000) * 1000 + 1;
        uint32_t util = (uint32_t)((seed >> 30) % 1100);
        uint32_t fl = (seed >> 50) % 3 == 0 ? PGOV_UPDATE_IOWAIT : 0;
        fake_hw_run(&f, dt, 0);
        int due = s.need_update || (int64_t)(f.now_ns - s.last_freq_update_ns) >= (int64_t)p.rate_limit_ns;
        uint64_t idle = f.idle_us + f.iowait_us;
        uint32_t held = due && have && idle == last_idle;
        if (due) {
            last_idle = idle;
            have = 1;
        }
        assert_int_equal(pgov_sugov_decide(&p, &s, f.now_ns, fl, util, held, &r), 0);
        assert_int_equal(pgov_sugov_set_util(g, util), 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, fl), 0);
        assert_int_equal(status(g).freq_khz, s.next_freq);
        assert_int_equal(status(g).boost, s.iowait_boost);
        assert_int_equal(status(g).last_path, r.path);
        if (s.next_freq)
            assert_int_equal(f.freq_khz, s.next_freq);
    }
    assert_int_equal(f.other_cpu_calls, 0);
}

static void test_closed_loop(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL);
    struct pgov_sugov_config c = cfg();
    struct pgov_sugov *g = mk(&c, &f);
    assert_int_equal(f.nwrites, 0); /* nothing written before the first evaluation */
    /* Full util: max frequency. */
    assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
    fake_hw_run(&f, 2 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 3900000);
    /* Util drops but the CPU never idled: the hold rule keeps max. */
    assert_int_equal(pgov_sugov_set_util(g, 100), 0);
    f.busy_permille = 1000;
    fake_hw_run(&f, 2 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 3900000);
    /* After some idle it goes down to the policy minimum. */
    f.busy_permille = 500;
    fake_hw_run(&f, 2 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 1600000);
    /* IOWAIT wakeups ramp the boost 128 -> 256 -> 512 -> 1024 (one per
     * evaluation) and with 1.25 headroom 1024 requests max. */
    assert_int_equal(pgov_sugov_set_util(g, 0), 0);
    uint32_t expect[] = {128, 256, 512, 1024};
    for (int k = 0; k < 4; k++) {
        fake_hw_run(&f, 2 * MS, 0);
        assert_int_equal(pgov_sugov_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
        assert_int_equal(status(g).boost, expect[k]);
    }
    assert_int_equal(f.freq_khz, 3900000);
    /* A minute idle: the boost is dropped at the next update. */
    f.busy_permille = 0;
    fake_hw_run(&f, 60000 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(status(g).boost, 0);
    assert_int_equal(f.freq_khz, 1600000);
    /* Time going backwards: (s64) delta negative, rate-limited, no reset. */
    assert_int_equal(pgov_sugov_update(g, f.now_ns - 50 * MS, PGOV_UPDATE_IOWAIT), 0);
    assert_int_equal(status(g).last_path, PGOV_SUGOV_PATH_RATE_LIMITED);
    /* Remote callbacks (another CPU's runqueue) make the boost request and
     * never evaluate: no idle read, no write (Linux 6.1 does the same). */
    uint32_t w = f.nwrites;
    struct pgov_sugov_status before = status(g);
    fake_hw_run(&f, 10 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, PGOV_UPDATE_REMOTE | PGOV_UPDATE_IOWAIT), 0);
    struct pgov_sugov_status after = status(g);
    assert_memory_equal(&before, &after, sizeof(before)); /* boost reset to 128 again */
    assert_int_equal(f.nwrites, w);
    fake_hw_run(&f, 10 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, PGOV_UPDATE_REMOTE), 0);
    assert_int_equal(status(g).boost, 0); /* more than a tick: dropped */
    assert_int_equal(status(g).last_path, PGOV_SUGOV_PATH_RATE_LIMITED);
    assert_int_equal(f.nwrites, w);
    uint64_t next = 0;
    assert_int_equal(pgov_sugov_timer(g, f.now_ns, &next), 0);
    assert_int_equal(next, UINT64_MAX);
}

/* The instance reports its decisions through the trace callback with the
 * same kinds as the other governors (hw.h). */
static struct pgov_hw_trace g_ev[16];
static unsigned g_nev;
static void record(void *ctx, const struct pgov_hw_trace *ev)
{
    (void)ctx;
    if (g_nev < 16)
        g_ev[g_nev] = *ev;
    g_nev++;
}

static void test_trace_events(void **st)
{
    (void)st;
    struct fake_hw f;
    struct pgov_hw_ops ops = fake_hw_ops;
    struct pgov_sugov *g = NULL;
    struct pgov_sugov_config c = cfg();

    ops.trace = record;
    fake_hw_init(&f, 0, NULL);
    assert_int_equal(pgov_sugov_init(mem, sizeof(mem), &c, &ops, &f, &g), 0);
    g_nev = 0;
    assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
    fake_hw_run(&f, 2 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), 0);
    /* boost 0 -> 128, util 1024 (full), 1.25 * 3.9 GHz clamped to 3.9 GHz */
    assert_int_equal(g_nev, 4);
    assert_int_equal(g_ev[0].kind, PGOV_HW_TRACE_BOOST);
    assert_int_equal(g_ev[0].a, 0);
    assert_int_equal(g_ev[0].b, 128);
    assert_int_equal(g_ev[1].kind, PGOV_HW_TRACE_SAMPLE);
    assert_int_equal(g_ev[1].a, 1024);
    assert_int_equal(g_ev[2].kind, PGOV_HW_TRACE_TARGET);
    assert_int_equal(g_ev[2].b, 3900000);
    assert_true(g_ev[2].a >= 3900000);
    assert_int_equal(g_ev[3].kind, PGOV_HW_TRACE_FREQ);
    assert_int_equal(g_ev[3].a, 3900000);
    assert_int_equal(g_ev[3].time_ns, f.now_ns);
    struct pgov_sugov_limits lim = {sizeof(lim), 2000000, 3000000, 0};
    g_nev = 0;
    assert_int_equal(pgov_sugov_set_limits(g, &lim), 0);
    assert_int_equal(g_nev, 1);
    assert_int_equal(g_ev[0].kind, PGOV_HW_TRACE_LIMITS);
    assert_int_equal(g_ev[0].a, 2000000);
    assert_int_equal(g_ev[0].b, 3000000);
}

static void test_limits_and_errors(void **st)
{
    (void)st;
    struct fake_hw f;
    static unsigned char copy[512];
    fake_hw_init(&f, 0, NULL);
    struct pgov_sugov_config c = cfg();
    c.rate_limit_ns = 10 * MS;
    struct pgov_sugov *g = mk(&c, &f);
    assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
    fake_hw_run(&f, 20 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 3900000);
    /* New limits: evaluated at the next update despite the rate limit. */
    struct pgov_sugov_limits l = {sizeof(l), 0, 2500000, 0};
    assert_int_equal(pgov_sugov_set_limits(g, &l), 0);
    fake_hw_run(&f, 1 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 2500000);
    assert_int_equal(status(g).max_khz, 2500000);
    /* min > max: max wins. */
    l.min_khz = 3000000;
    assert_int_equal(pgov_sugov_set_limits(g, &l), 0);
    assert_int_equal(pgov_sugov_set_util(g, 0), 0);
    fake_hw_run(&f, 1 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 2500000);
    /* Invalid limits change nothing. */
    memcpy(copy, mem, pgov_sugov_size());
    l.reserved = 1;
    assert_int_equal(pgov_sugov_set_limits(g, &l), PGOV_EINVAL);
    l.reserved = 0;
    l.size = 2;
    assert_int_equal(pgov_sugov_set_limits(g, &l), PGOV_E2BIG);
    l.size = 0;
    assert_int_equal(pgov_sugov_set_limits(g, &l), PGOV_E2BIG);
    l.size = sizeof(l);
    fake_hw_fail(&f, FAKE_OP_LIMITS, PGOV_EIO, 1);
    assert_int_equal(pgov_sugov_set_limits(g, &l), PGOV_EIO);
    f.lim.scaling_khz = 0;
    assert_int_equal(pgov_sugov_set_limits(g, &l), PGOV_EINVAL);
    f.lim.scaling_khz = 100000;
    assert_memory_equal(copy, mem, pgov_sugov_size());
    /* HAL errors on update leave the instance as it was. */
    l.min_khz = 0;
    l.max_khz = 0;
    assert_int_equal(pgov_sugov_set_limits(g, &l), 0);
    assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
    fake_hw_run(&f, 20 * MS, 0);
    memcpy(copy, mem, pgov_sugov_size());
    fake_hw_fail(&f, FAKE_OP_IDLE, PGOV_EIO, 1);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), PGOV_EIO);
    assert_memory_equal(copy, mem, pgov_sugov_size());
    fake_hw_fail(&f, FAKE_OP_FREQ, PGOV_EAGAIN, 1);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, PGOV_UPDATE_IOWAIT), PGOV_EAGAIN);
    assert_memory_equal(copy, mem, pgov_sugov_size());
    fake_hw_fail(&f, FAKE_OP_FREQ, 5, 1); /* a positive HAL result is an error too */
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), PGOV_EIO);
    fake_hw_fail(&f, FAKE_OP_IDLE, 5, 1);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), PGOV_EIO);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(f.freq_khz, 3900000);
}

static void test_arguments(void **st)
{
    (void)st;
    struct fake_hw f;
    struct pgov_sugov *g = NULL;
    struct pgov_sugov_config c = cfg();
    size_t n = pgov_sugov_size();
    fake_hw_init(&f, 0, NULL);
    assert_int_equal(pgov_sugov_init(NULL, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_init(mem, n - 1, &c, &fake_hw_ops, &f, &g), PGOV_ENOSPC);
    assert_int_equal(pgov_sugov_init(mem + 4, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    c.kver = PGOV_KVER(5, 1);
    assert_int_equal(pgov_sugov_init(mem, n, &c, &fake_hw_ops, &f, &g), PGOV_ENOTSUP);
    c.kver = PGOV_KVER_6_18;
    c.max_cap = 2048;
    assert_int_equal(pgov_sugov_init(mem, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    c.max_cap = 0;
    c.options = 8;
    assert_int_equal(pgov_sugov_init(mem, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    c.options = 0;
    c.size = 4;
    assert_int_equal(pgov_sugov_init(mem, n, &c, &fake_hw_ops, &f, &g), PGOV_E2BIG);
    c.size = sizeof(c);
    struct pgov_hw_ops ops = fake_hw_ops;
    ops.set_freq_khz = NULL;
    assert_int_equal(pgov_sugov_init(mem, n, &c, &ops, &f, &g), PGOV_ENOSYS);
    fake_hw_fail(&f, FAKE_OP_LIMITS, PGOV_EIO, 1);
    assert_int_equal(pgov_sugov_init(mem, n, &c, &fake_hw_ops, &f, &g), PGOV_EIO);
    f.lim.max_pstate = 50; /* above turbo: inconsistent */
    assert_int_equal(pgov_sugov_init(mem, n, &c, &fake_hw_ops, &f, &g), PGOV_EINVAL);
    assert_null(g);
    assert_int_equal(pgov_sugov_update((struct pgov_sugov *)(void *)mem, 1, 0), PGOV_EINVAL);
    f.lim.max_pstate = 34;
    c.options = PGOV_SUGOV_OPT_NONINVARIANT;
    g = mk(&c, &f);
    assert_int_equal(pgov_sugov_update(NULL, 1, 0), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_update(g, 1, 4), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_set_util(NULL, 1), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_timer(NULL, 1, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_set_limits(NULL, NULL), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_get_status(NULL, NULL), PGOV_EINVAL);
    struct pgov_sugov_status s;
    memset(mem, 0, sizeof(mem));
    assert_int_equal(pgov_sugov_get_status(g, &s), PGOV_EINVAL);
    struct pgov_sugov_limits l = {sizeof(l), 0, 0, 0};
    assert_int_equal(pgov_sugov_set_limits(g, &l), PGOV_EINVAL);
}

/* A 0.1 caller's config is PGOV_SUGOV_CONFIG_SIZE_V1 bytes long: accepted,
 * and nothing past it is read (the buffer ends there; ASan would see it). */
static void test_config_v1(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL);
    struct pgov_sugov_config c = cfg();
    c.size = (uint32_t)PGOV_SUGOV_CONFIG_SIZE_V1;
    c.rate_limit_ns = 2 * MS;
    assert_true(PGOV_SUGOV_CONFIG_SIZE_V1 < sizeof(c));
    unsigned char *v1 = malloc(PGOV_SUGOV_CONFIG_SIZE_V1);
    assert_non_null(v1);
    memcpy(v1, &c, PGOV_SUGOV_CONFIG_SIZE_V1);
    struct pgov_sugov *g = mk((const struct pgov_sugov_config *)(void *)v1, &f);
    free(v1);
    assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
    fake_hw_run(&f, 3 * MS, 0);
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    fake_hw_run(&f, MS, 0); /* 1 ms later: inside its 2 ms */
    assert_int_equal(pgov_sugov_update(g, f.now_ns, 0), 0);
    assert_int_equal(status(g).last_path, PGOV_SUGOV_PATH_RATE_LIMITED);
    c.size = (uint32_t)PGOV_SUGOV_CONFIG_SIZE_V1 - 4;
    assert_int_equal(pgov_sugov_init(mem, sizeof(mem), &c, &fake_hw_ops, &f, &g), PGOV_E2BIG);
}

/* Non-invariant: the reference is 1.25 x policy->cur, which the instance
 * keeps (seeded at init, updated on commit). Closed loop through the fake
 * HAL: a full-util CPU must be driven to a frequency and then upwards. */
static void test_noninvariant_closed_loop(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL); /* cpuinfo 1.6 .. 3.9 GHz */
    struct pgov_sugov_config c = cfg();
    c.options = PGOV_SUGOV_OPT_NONINVARIANT;
    c.cur_khz = 2000000; /* policy->cur when the governor starts */
    struct pgov_sugov *g = mk(&c, &f);
    assert_int_equal(pgov_sugov_set_util(g, 1024), 0);
    uint64_t t = 0;
    for (int i = 0; i < 1000; i++) {
        t += 2 * MS;
        f.now_ns = t;
        fake_hw_run(&f, 0, 0);
        f.idle_us += 1; /* idled: no hold */
        assert_int_equal(pgov_sugov_update(g, t, 0), 0);
    }
    /* util 1024 -> perf 1024 -> 2.0 GHz * 1.25 = 2.5 GHz, then 3.125 GHz,
     * then 3.906 GHz clamped to 3.9 GHz: three commits, then it stays. */
    assert_int_equal(f.nwrites, 3);
    assert_int_equal(f.writes[0].value, 2500000);
    assert_int_equal(f.writes[1].value, 3125000);
    assert_int_equal(f.writes[2].value, 3900000);
    assert_int_equal(status(g).freq_khz, 3900000);

    /* Default seed: cpuinfo max; util 512 -> perf 640 -> 3.9 * 1.25 * 640 /
     * 1024 = 3.046875 GHz, then 2.380371 GHz (from 3046875 * 1.25). */
    fake_hw_init(&f, 0, NULL);
    c.cur_khz = 0;
    g = mk(&c, &f);
    assert_int_equal(pgov_sugov_set_util(g, 512), 0);
    t = 0;
    for (int i = 0; i < 2; i++) {
        t += 2 * MS;
        f.idle_us += 1;
        assert_int_equal(pgov_sugov_update(g, t, 0), 0);
    }
    assert_int_equal(f.nwrites, 2);
    assert_int_equal(f.writes[0].value, 3046875);
    assert_int_equal(f.writes[1].value, 2380370);
}

/* One evaluation from sugov_start on p4g. */
static struct pgov_sugov_result eval4g(uint32_t util, uint32_t umin, uint32_t umax,
                                       uint32_t bw_min, uint32_t boost)
{
    struct pgov_sugov_state s;
    struct pgov_sugov_input in;
    struct pgov_sugov_result r;
    start4g(&s, &in);
    in.util = util;
    in.uclamp_min = umin;
    in.uclamp_max = umax;
    in.bw_min = bw_min;
    s.iowait_boost = boost; /* pending: applied at full value */
    s.pending = boost != 0;
    s.last_update_ns = 10 * MS;
    assert_int_equal(pgov_sugov_decide_in(&p4g, &s, 10 * MS, &in, &r), 0);
    return r;
}

/* eval4g() gives perf @eff and frequency @khz. */
static void expect4g(uint32_t util, uint32_t umin, uint32_t umax, uint32_t bw_min,
                     uint32_t boost, uint32_t eff, uint32_t khz)
{
    struct pgov_sugov_result r = eval4g(util, umin, umax, bw_min, boost);
    assert_int_equal(r.boost_util, boost);
    assert_int_equal(r.util_eff, eff);
    assert_int_equal(r.next_f, khz);
}

/* v6.8+ order: perf = max(min, min(headroom(max(util, boost)), max)), the
 * issue's three examples (kernel rule vs. the old "pass util clamped"). */
static void test_composition(void **st)
{
    (void)st;
    /* util 800, uclamp_max 512: 2.0 GHz (clamping util first gave 2.5). */
    expect4g(800, 0, 512, 0, 0, 512, 2000000);
    /* util 100, uclamp_min 512: 2.0 GHz (raising util first gave 2.5). */
    expect4g(100, 512, 1024, 0, 0, 512, 2000000);
    /* util 300, uclamp_max 300, iowait boost 1024: 1.171875 GHz (4.0). */
    expect4g(300, 0, 300, 0, 1024, 300, 1171875);
    /* The deadline/irq floor joins uclamp_min in max(): 700 > 1.25 * 400. */
    expect4g(400, 100, 1024, 700, 0, 700, 2734375);
    /* Unclamped equals pgov_sugov_decide(): min(1.25 * 900, 1024). */
    expect4g(900, 0, 1024, 0, 0, 1024, 4000000);
}

/* The instance composes the same way (pgov_sugov_set_clamps). */
static void test_instance_clamps(void **st)
{
    (void)st;
    struct fake_hw f;
    fake_hw_init(&f, 0, NULL); /* cpuinfo max 3.9 GHz */
    struct pgov_sugov_config c = cfg();
    struct pgov_sugov *g = mk(&c, &f);
    assert_int_equal(pgov_sugov_set_util(g, 800), 0);
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 512, 0, 0), 0);
    assert_int_equal(pgov_sugov_update(g, 10 * MS, 0), 0);
    assert_int_equal(f.freq_khz, 1950000); /* 3.9 GHz * 512 / 1024 */
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 1025, 0, 0), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 512, 0, 2), PGOV_EINVAL);
    assert_int_equal(pgov_sugov_set_clamps(NULL, 0, 512, 0, 0), PGOV_EINVAL);
    /* Before 6.8 the clamps are inside util: only the unclamped values. */
    c.kver = PGOV_KVER(5, 10);
    g = mk(&c, &f);
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 512, 0, 0), PGOV_ENOTSUP);
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 1024, 0, 1), PGOV_ENOTSUP);
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 1024, 0, 0), 0);
    c.kver = PGOV_KVER(6, 8);
    g = mk(&c, &f);
    assert_int_equal(pgov_sugov_set_clamps(g, 0, 512, 0, 0), 0);
}

/* pgov_sugov_batch() is pgov_sugov_decide_in() step by step: the same
 * state and, per step, the same frequency and path, with every array given
 * and with the optional ones NULL (their defaults). */
static void test_batch_equals_steps(void **state)
{
    enum { N = 150 }; /* small: the Cortex-M0 build has 16 KB of RAM (at 200 its heap ran out) */
    static uint64_t now[N];
    static uint32_t util[N], flags[N], umin[N], umax[N], bw[N], freq[N];
    static uint8_t held[N], path[N];
    struct pgov_sugov_params prm = {1000000, 4000000, 1024, 3900000, 800000, 3900000, 0, 0};
    uint64_t t = 1000000000ull, s = 0x6261746368ull;
    uint32_t commits = 0;
    (void)state;
    for (int i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        t += 300000u + (uint32_t)(s >> 40) % 1500000u;
        now[i] = t;
        util[i] = (uint32_t)(s >> 20) % 1100u;
        flags[i] = (s >> 3) % 5u == 0 ? PGOV_UPDATE_IOWAIT : 0u;
        umin[i] = (uint32_t)(s >> 50) % 300u;
        umax[i] = 600u + (uint32_t)(s >> 44) % 425u;
        bw[i] = (uint32_t)(s >> 56) % 100u;
        held[i] = (uint8_t)((s >> 7) & 1u);
    }
    for (int with = 0; with < 2; with++) {
        struct pgov_sugov_state a, b;
        memset(&a, 0, sizeof(a));
        memset(&b, 0, sizeof(b));
        assert_int_equal(pgov_sugov_batch(&prm, &a, N, now, util, with ? flags : NULL,
                                          with ? umin : NULL, with ? umax : NULL,
                                          with ? bw : NULL, with ? held : NULL, freq, path),
                         PGOV_OK);
        for (int i = 0; i < N; i++) {
            struct pgov_sugov_input in;
            struct pgov_sugov_result r;
            memset(&in, 0, sizeof(in));
            in.size = sizeof(in);
            in.flags = with ? flags[i] : 0;
            in.util = util[i];
            in.uclamp_min = with ? umin[i] : 0;
            in.uclamp_max = with ? umax[i] : 1024;
            in.bw_min = with ? bw[i] : 0;
            in.held = with ? held[i] : 0;
            assert_int_equal(pgov_sugov_decide_in(&prm, &b, now[i], &in, &r), PGOV_OK);
            assert_int_equal(freq[i], b.next_freq);
            assert_int_equal(path[i], r.path);
            commits += r.path == PGOV_SUGOV_PATH_COMMIT;
        }
        assert_memory_equal(&a, &b, sizeof(a));
    }
    assert_true(commits > 80);
    /* Zero steps: nothing read, the state as it was. */
    struct pgov_sugov_state z, z0;
    memset(&z, 0, sizeof(z));
    z0 = z;
    assert_int_equal(pgov_sugov_batch(&prm, &z, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                      NULL),
                     PGOV_OK);
    assert_memory_equal(&z, &z0, sizeof(z));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_decide),
        cmocka_unit_test(test_batch_equals_steps),
        cmocka_unit_test(test_closed_loop),
        cmocka_unit_test(test_noninvariant_closed_loop),
        cmocka_unit_test(test_composition),
        cmocka_unit_test(test_instance_clamps),
        cmocka_unit_test(test_trace_events),
        cmocka_unit_test(test_limits_and_errors),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_config_v1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
