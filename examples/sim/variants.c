/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * --variants (variants.h): the ranges each shipped scenario's variants are
 * drawn from, the draw, and the report. Every range says why it is a
 * machine, setting or workload someone runs; none was chosen for what the
 * model does with it (docs/simulator.md, "Unshipped variants", has the
 * results and the same list).
 */
#include <math.h>
#include <string.h>

#include "fnv.h"
#include "keys.h"
#include "variants.h"
#include "var_split.h"

/* ------------------------------------------------------------------ the ranges */

/* A workload or kernel dimension: its alternatives, drawn with equal
 * weight, each one or more "KEY=VALUE" separated by spaces. "%cpu" as a
 * value is a CPU drawn from the variant's 0..cpus-1, "%cpus" their count. */
struct var_dim {
    const char *alt[8];
};

/* The machine: topology per package (0 ends each list). */
struct var_machine {
    uint32_t cores[7], smt[3], packages[4];
    bool node_bound;   /* the workload on package 0 (work_cpus): the thread's pinned runs */
    bool domain_fixed; /* keep the platform's P-state domain: the seed claims no other */
};

struct var_ranges {
    const char *scenario;
    struct var_machine m;
    struct var_dim dim[6]; /* alt[0] NULL ends */
};

/* Background wake-ups per CPU (every workload's $bg): powertop shows an idle
 * desktop at a few hundred wake-ups a second for the whole machine, i.e.
 * one per CPU every 8-30 ms; idle servers a few tens a second per CPU. */
#define BG_DESKTOP {{"$bg=8ms", "$bg=16ms", "$bg=30ms"}}
#define BG_SERVER {{"$bg=16ms", "$bg=30ms", "$bg=60ms"}}

static const struct var_ranges ranges[] = {
    /* Desktops of the thread's years: i3 (2 cores) to 8-core parts, with
     * and without Hyper-Threading; a package P-state (clients) or per-core
     * domains (the same workload on a Haswell-EP-class server). */
    {"gitsuite", {{2, 4, 6, 8}, {1, 2}, {1}, false, false}, {BG_DESKTOP}},
    /* The RFC's claim is for per-core P-state Xeons (it reports no gain on
     * package-P-state parts): Haswell-EP sockets of 6-18 cores, HT on or
     * off. Disk reads of a rotating disk, 3-12 ms (a 15k rpm disk's seek
     * and half rotation to a 7200 rpm one's); the completion's hardirq and
     * softirq 10k-100k cycles; 20-40 % of the scan in memory stalls; the
     * completion interrupt on any CPU (irqbalance places it). */
    {"grep",
     {{6, 8, 10, 12, 14, 18}, {1, 2}, {1}, false, true},
     {BG_DESKTOP,
      {{"$read=3ms", "$read=5ms", "$read=8ms", "$read=12ms"}},
      {{"$irq=10k", "$irq=40k", "$irq=100k"}},
      {{"$insens=20%", "$insens=30%", "$insens=40%"}},
      {{"$irqcpu=%cpu"}}}},
    /* E7 v2-class nodes of 10-15 cores, HT on or off, 1, 2 or 4 sockets
     * with the build pinned to one node as in the thread; compile units
     * two thirds to four thirds of the shipped size; the assembler 5-11 %
     * of a compile; pcc's firmware latency, unmeasured, half to 2.5x the
     * shipped assumption. */
    {"kernbench",
     {{10, 12, 15}, {1, 2}, {1, 2, 4}, true, false},
     {BG_SERVER,
      {{"$cc1=50M", "$cc1=75M", "$cc1=100M"}},
      {{"$asm=4M", "$asm=6M", "$asm=8M"}},
      {{"plat.pcc_call=200us", "plat.pcc_call=400us", "plat.pcc_call=1ms"}}}},
    /* Desktops as gitsuite's; the message sizes of the uclamp thread's
     * series (sender cycles 6.2k + 0.34 per byte) with the default 212992-
     * byte receive buffer's queue at each size's truesize; a receiver of a
     * sixth to two thirds of the sender's cost. */
    {"netperf_udp",
     {{2, 4, 6, 8}, {1, 2}, {1}, false, false},
     {BG_DESKTOP,
      {{"$tx=6222 $queue=277", "$tx=6600 $queue=117", "$tx=7593 $queue=43",
        "$tx=11771 $queue=12"}},
      {{"$rx=1100", "$rx=2200", "$rx=3300", "$rx=4400"}}}},
    /* Nehalem/Westmere clients: 2 cores (i3/i5-6xx) to 6 (i7-980X), HT on
     * or off; unixbench's parallel pass runs one copy per CPU (the robot's
     * 8 on 8 threads), so as many copies as the variant has CPUs. */
    {"execl", {{2, 4, 6}, {1, 2}, {1}, false, false}, {BG_DESKTOP, {{"$copies=%cpus"}}}},
    /* Haswell-EP sockets of 8-14 cores, one or two of them, HT on or off,
     * per-core or (Ivy Bridge-EP) package P-states; the receiver as in
     * netperf_udp. The message sizes are the scenario's param. */
    {"uclamp_udp",
     {{8, 10, 12, 14}, {1, 2}, {1, 2}, false, false},
     {BG_DESKTOP, {{"$rx=1100", "$rx=2200", "$rx=3300", "$rx=4400"}}}},
};

/* ------------------------------------------------------------------ the draw */

static uint64_t mix(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t pick(uint64_t *s, uint32_t n)
{
    return (uint32_t)(mix(s) % n);
}

static uint32_t pick0(uint64_t *s, const uint32_t *list) /* from a 0-ended list */
{
    uint32_t n = 0;
    while (list[n])
        n++;
    return list[pick(s, n)];
}

static void set_str(struct sim_draw *v, const char *key, const char *val)
{
    if (v->n == VAR_MAX_SET)
        return; /* the tables stay far below it */
    snprintf(v->key[v->n], sizeof(v->key[0]), "%s", key);
    snprintf(v->val[v->n], sizeof(v->val[0]), "%s", val);
    v->n++;
}

/* KEY=X with @unit after the number ("us", or "" for a plain count) */
static void set(struct sim_draw *v, const char *key, uint64_t x, const char *unit)
{
    char val[32];
    snprintf(val, sizeof(val), "%llu%s", (unsigned long long)x, unit);
    set_str(v, key, val);
}

static int clampi(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/*
 * The frequencies: the same generation's SKUs span about 300 MHz either
 * side of a part's base clock (i5-3470 3.2 to i7-3770K 3.5 GHz; E5-2620 v3
 * 2.4 to E5-2690 v3 2.6 GHz), 2 bins more or less turbo headroom (E5-2650
 * v3 +7, E5-2690 v3 +9 bins), and a lowest P-state down to 400 MHz lower
 * (later parts' 800 MHz). The turbo bins keep the part's shape.
 */
static void draw_freq(const struct sim_platform *p, uint64_t *s, struct sim_draw *v)
{
    int mx = (int)p->max_ratio + (int)pick(s, 7) - 3;
    int head = clampi((int)(p->turbo_ratio - p->max_ratio) + (int)pick(s, 5) - 2, 1, 20);
    int tu = mx + head;
    int mn = clampi((int)p->min_ratio - 2 * (int)pick(s, 3), 6, mx - 2);
    char bins[VAR_VAL_LEN] = "";
    for (uint32_t i = 0; i < p->n_bins; i++) {
        size_t len = strlen(bins);
        int b = clampi((int)p->turbo_bins[i] + tu - (int)p->turbo_ratio, mn, tu);
        snprintf(bins + len, sizeof(bins) - len, "%s%d", i ? "/" : "", b);
    }
    set(v, "plat.min_ratio", (uint64_t)mn, "");
    set(v, "plat.max_ratio", (uint64_t)mx, "");
    set(v, "plat.turbo_ratio", (uint64_t)tu, "");
    set_str(v, "plat.turbo_bins", bins);
}

/*
 * C-states: intel_idle's C6 exit latencies of these generations (Ivy
 * Bridge 59, Skylake 85, Sandy Bridge 104, Haswell 133, Nehalem-era
 * 200 us), the target residency in the shipped part's proportion; C1
 * exits of 1-3 us.
 */
static void draw_cstates(const struct sim_platform *p, uint64_t *s, struct sim_draw *v)
{
    static const uint32_t c6_us[] = {60, 85, 104, 133, 200, 0};
    uint32_t exit = pick0(s, c6_us);
    uint64_t res = p->c6_exit_ns ? (uint64_t)exit * p->c6_residency_ns / p->c6_exit_ns : 4 * exit;
    set(v, "plat.c1_exit", 1 + pick(s, 3), "us");
    set(v, "plat.c6_exit", exit, "us");
    set(v, "plat.c6_residency", res, "us");
}

/*
 * The kernel: every CONFIG_HZ choice (250 and 1000 are the distributions'
 * usual, 100 and 300 exist in server and media configs), and the scheduler
 * as booted or under tuned's throughput-performance profile (RHEL's server
 * default): sched_wakeup_granularity_ns 15 ms and sched_migration_cost_ns
 * 5 ms as written, i.e. 15 ms over the 1 + log2(min(cpus, 8)) the kernel
 * scales the base by. A cache refill after a move of 15-60 us (a 256 KB
 * L2 at 5-15 GB/s).
 */
static void draw_kernel(uint32_t ncpu, uint64_t *s, struct sim_draw *v)
{
    static const uint32_t hz[] = {100, 250, 300, 1000, 0};
    static const uint32_t refill_us[] = {15, 30, 60, 0};
    set(v, "hz", pick0(s, hz), "");
    uint32_t f = 1;
    for (uint32_t c = ncpu < 8 ? ncpu : 8; c > 1; c >>= 1)
        f++;
    bool tuned = pick(s, 2);
    set(v, "sched.wakeup_gran", tuned ? 15000 / f : 1000, "us");
    set(v, "sched.migration_cost", tuned ? 5000 : 500, "us");
    set(v, "plat.migrate_cost", pick0(s, refill_us), "us");
}

/* One alternative of a dimension: "KEY=VALUE KEY=VALUE". */
static void draw_dim(const struct var_dim *d, uint32_t ncpu, uint64_t *s, struct sim_draw *v)
{
    uint32_t n = 0;
    while (n < 8 && d->alt[n])
        n++;
    const char *a = d->alt[pick(s, n)];
    while (*a && v->n < VAR_MAX_SET) {
        const char *eq = strchr(a, '='), *end = strchr(a, ' ');
        size_t klen = (size_t)(eq - a), vlen = end ? (size_t)(end - eq - 1) : strlen(eq + 1);
        snprintf(v->key[v->n], sizeof(v->key[0]), "%.*s", (int)klen, a);
        if (vlen == 4 && strncmp(eq + 1, "%cpu", 4) == 0)
            snprintf(v->val[v->n], sizeof(v->val[0]), "%u", pick(s, ncpu));
        else if (vlen == 5 && strncmp(eq + 1, "%cpus", 5) == 0)
            snprintf(v->val[v->n], sizeof(v->val[0]), "%u", ncpu);
        else
            snprintf(v->val[v->n], sizeof(v->val[0]), "%.*s", (int)vlen, eq + 1);
        v->n++;
        a = end ? end + 1 : eq + 1 + vlen;
    }
}

int sim_variant_draw(const struct sim_scenario *sc, uint64_t vseed, uint32_t idx,
                     struct sim_draw *v, char *why, size_t n)
{
    const struct var_ranges *r = NULL;
    for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
        if (strcmp(ranges[i].scenario, sc->name) == 0)
            r = &ranges[i];
    if (!r) {
        snprintf(why, n, "scenario '%s' has no variant ranges (the shipped six have; "
                 "examples/sim/variants.c)", sc->name);
        return -1;
    }
    /* One stream per (seed, scenario, variant): adding a scenario or a
     * variant leaves every other variant as it was. */
    uint64_t s = fnv1a_str(sc->name, FNV1A_BASIS) ^ vseed;
    s += 0xd1b54a32d192ed03ull * (idx + 1);
    memset(v, 0, sizeof(*v));
    const struct var_machine *m = &r->m;
    uint32_t cores = pick0(&s, m->cores), smt = pick0(&s, m->smt), pk = pick0(&s, m->packages);
    uint32_t ncpu = cores * smt * pk;
    if (m->packages[1]) /* a single-socket range leaves the platform's */
        set(v, "plat.packages", pk, "");
    set(v, "plat.cores", cores, "");
    set(v, "plat.smt", smt, "");
    set(v, "cpus", ncpu, "");
    if (m->node_bound)
        set(v, "work_cpus", cores * smt, "");
    if (!m->domain_fixed)
        set_str(v, "plat.pstate_domain", pick(&s, 2) ? "package" : "core");
    draw_freq(sc->plat, &s, v);
    draw_cstates(sc->plat, &s, v);
    draw_kernel(ncpu, &s, v);
    for (uint32_t d = 0; d < 6 && r->dim[d].alt[0]; d++)
        draw_dim(&r->dim[d], ncpu, &s, v);
    v->seed = mix(&s);
    return 0;
}

int sim_variant_apply(struct sim_scenario *sc, const struct sim_draw *v, struct sim_err *err)
{
    const char *k[VAR_MAX_SET], *x[VAR_MAX_SET];
    for (uint32_t i = 0; i < v->n; i++) {
        k[i] = v->key[i];
        x[i] = v->val[i];
    }
    return sim_scenario_apply_all(sc, v->n, k, x, err);
}

/* ------------------------------------------------------------------ the report */

/* The direction of effect @e at param value @pi: +1 b above a, -1 below, 0
 * none (a `~` check without a seed figure). The seed figure's sign when
 * there is one (uclamp_udp's `~` check has one per size), else the check's. */
static int effect_dir(const struct sim_expect *e, uint32_t pi)
{
    if (e->nseed_pct) {
        double x = e->seed_pct[e->nseed_pct == 1 ? 0 : pi];
        return x > 0 ? 1 : x < 0 ? -1 : 0;
    }
    return e->cmp == CMP_LT ? 1 : e->cmp == CMP_GT ? -1 : 0;
}

/* The table's scenario[-param] (its name before the variant's "@vN"). */
static int base_len(const struct sim_table *t)
{
    return (int)strcspn(t->name, "@");
}

static int metric_of(const char *name)
{
    int m = 0;
    while (m < M_COUNT && strcmp(sim_metric_names[m], name) != 0)
        m++;
    return m < M_COUNT ? m : M_ELAPSED;
}

/* A direction holds when b moved against a the seed's way by at least the
 * verdicts' 1 % (report_verdict_class): under it a change is no effect,
 * and 1892.32 -> 1892.34 s would count for gitsuite's +102 %. Changes of
 * the right sign under it are counted apart ("weak"). */
#define VAR_MIN_PCT 1.0

/* Per effect (param value, expect line): variants run, held, of the right
 * sign, which did not hold. */
struct var_tally {
    uint32_t n[SIM_MAX_PARAMS][SIM_MAX_EXPECT], held[SIM_MAX_PARAMS][SIM_MAX_EXPECT];
    uint32_t sign[SIM_MAX_PARAMS][SIM_MAX_EXPECT];
    uint64_t failed[SIM_MAX_PARAMS][SIM_MAX_EXPECT][VAR_MAX_N / 64];
    uint64_t counted[SIM_MAX_PARAMS][SIM_MAX_EXPECT][VAR_MAX_N / 64];
    const char *keys[VAR_MAX_N]; /* each variant's drawn keys */
};

static void header(FILE *f, const struct sim_table *const *t, uint32_t n, int width)
{
    const struct sim_scenario *sc = t[0]->sc;
    const char *metric = sc->nexpect ? sc->expect[0].metric : sc->metric_main;
    fprintf(f, "\n== variants %s: %u unshipped variant%s, %s (Amean of %u iteration%s per cell; "
            "change = b against a)\n", sc->name, t[n - 1]->variant, t[n - 1]->variant == 1 ? "" : "s",
            metric, t[0]->iters, t[0]->iters == 1 ? "" : "s");
    for (uint32_t i = 0; i < sc->nexpect; i++) {
        const struct sim_expect *e = &sc->expect[i];
        fprintf(f, "   e%u: %s %s->%s, direction: b %s a by >= 1 %%%s\n", i + 1, e->metric, e->a, e->b,
                effect_dir(e, 0) > 0 ? "above" : effect_dir(e, 0) < 0 ? "below" : "(none)",
                e->nseed_pct > 1 ? " (the seed's sign at each param value)" : "");
    }
    fprintf(f, "%-7s %-*s", "variant", width, "table");
    for (uint32_t p = 0; p < sc->npol; p++)
        fprintf(f, " %14s", sc->pol[p].label);
    for (uint32_t i = 0; i < sc->nexpect; i++)
        fprintf(f, "   e%u change  held", i + 1);
    fprintf(f, "   keys\n");
}

/* One variant's table: a text line, or a TSV row per effect; tallied. */
static void variant_line(FILE *f, const struct sim_table *t, int width, bool tsv,
                         struct var_tally *ty)
{
    const struct sim_scenario *sc = t->sc;
    uint32_t pi = t->param_idx < SIM_MAX_PARAMS ? t->param_idx : 0, vi = t->variant - 1;
    if (!tsv) {
        int m = metric_of(sc->nexpect ? sc->expect[0].metric : sc->metric_main);
        fprintf(f, "v%-6u %-*.*s", t->variant, width, base_len(t), t->name);
        for (uint32_t p = 0; p < sc->npol; p++) {
            struct stats s;
            report_metric_stats(t, p, m, &s);
            fprintf(f, " %14.*f", fabs(s.mean) < 100 ? 4 : 2, s.mean);
        }
    }
    for (uint32_t i = 0; i < sc->nexpect; i++) {
        const struct sim_expect *e = &sc->expect[i];
        double a, b, pct;
        report_expect_eval(t, e, &a, &b, &pct);
        int dir = effect_dir(e, pi);
        /* From 0 (execl's counters on CPUs the copies fill) there is no
         * percent, but a direction: any count the seed's way holds. */
        bool from0 = a == 0 && b != 0;
        double along = from0 ? (dir * (b - a) > 0 ? HUGE_VAL : -HUGE_VAL) : dir * pct;
        bool held = along >= VAR_MIN_PCT;
        const char *said = dir == 0 ? "-" : held ? "yes" : along > 0 ? "weak" : "NO";
        char ch[32] = "from 0";
        if (!from0)
            snprintf(ch, sizeof(ch), tsv ? "%.6f" : "%+8.2f%%", pct);
        if (tsv)
            fprintf(f, "%.*s\t%u\t%s %s->%s\t%.10g\t%.10g\t%s\t%s\t%s\n", base_len(t), t->name,
                    t->variant, e->metric, e->a, e->b, a, b, ch, said, sc->settings);
        else
            fprintf(f, "   %9s  %4s", ch, said);
        if (dir == 0 || vi >= VAR_MAX_N)
            continue;
        ty->n[pi][i]++;
        ty->counted[pi][i][vi / 64] |= 1ull << (vi % 64);
        ty->keys[vi] = sc->settings;
        ty->held[pi][i] += held;
        ty->sign[pi][i] += along > 0;
        if (!held)
            ty->failed[pi][i][vi / 64] |= 1ull << (vi % 64);
    }
    if (!tsv)
        fprintf(f, "   %s\n", sc->settings);
}

/* What the variants where an effect did not hold share (var_split.h). */
static void where_held(FILE *sum, const struct var_tally *ty, uint32_t pi, uint32_t i)
{
    const char *keys[VAR_MAX_N];
    bool held[VAR_MAX_N];
    struct var_split sp;
    uint32_t m = 0;
    for (uint32_t v = 0; v < VAR_MAX_N; v++)
        if (ty->counted[pi][i][v / 64] >> (v % 64) & 1) {
            keys[m] = ty->keys[v];
            held[m++] = !(ty->failed[pi][i][v / 64] >> (v % 64) & 1);
        }
    var_split_find(keys, held, m, &sp);
    if (sp.nsteps == 0) {
        fprintf(sum, "   where it held: no drawn key sets apart where it did not (Fisher, %g over "
                "%u candidates)\n", VAR_SPLIT_ALPHA, sp.candidates);
        return;
    }
    fprintf(sum, "   where it held:");
    for (uint32_t s = 0; s < sp.nsteps; s++)
        fprintf(sum, "%s %s (apart: %u/%u held, p %.1e)", s ? "," : "", sp.step[s].cond,
                sp.step[s].out_held, sp.step[s].out_n, sp.step[s].p);
    fprintf(sum, ": %u/%u (%.0f %%)\n", sp.kept_held, sp.kept_n, 100.0 * sp.kept_held / sp.kept_n);
}

void report_variants_tsv_header(FILE *f)
{
    fprintf(f, "scenario\tvariant\teffect\ta_mean\tb_mean\tchange_pct\tdirection_held\tkeys\n");
}

uint32_t report_variants(FILE *f, FILE *sum, const struct sim_table *const *t, uint32_t n,
                         bool tsv)
{
    static struct var_tally ty;
    memset(&ty, 0, sizeof(ty));
    if (!n)
        return 0;
    int width = 5;
    for (uint32_t r = 0; r < n; r++)
        width = base_len(t[r]) > width ? base_len(t[r]) : width;
    if (!tsv)
        header(f, t, n, width);
    for (uint32_t r = 0; r < n; r++)
        variant_line(f, t[r], width, tsv, &ty);
    /* The summary: one line per effect, each param value's in the order run. */
    uint32_t bad = 0;
    const struct sim_scenario *sc = t[0]->sc;
    for (uint32_t r = 0; r < n && t[r]->variant == t[0]->variant; r++) {
        uint32_t pi = t[r]->param_idx < SIM_MAX_PARAMS ? t[r]->param_idx : 0;
        for (uint32_t i = 0; i < sc->nexpect; i++) {
            const struct sim_expect *e = &sc->expect[i];
            uint32_t k = ty.held[pi][i], all = ty.n[pi][i];
            if (!all)
                continue;
            fprintf(sum, "variants: %.*s %s %s->%s: direction held in %u/%u (%.0f %%), by "
                    "sign alone %u/%u", base_len(t[r]), t[r]->name, e->metric, e->a, e->b, k, all,
                    100.0 * k / all, ty.sign[pi][i], all);
            bad += k < all;
            for (uint32_t v = 0, first = 1; v < VAR_MAX_N && k < all; v++)
                if (ty.failed[pi][i][v / 64] >> (v % 64) & 1) {
                    fprintf(sum, "%s v%u", first ? "; not in" : "", v + 1);
                    first = 0;
                }
            fprintf(sum, "\n");
            if (k < all)
                where_held(sum, &ty, pi, i);
        }
    }
    return bad;
}
