/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the policy dispatcher. Every entry drives one of the library's
 * governor instances through the common instance shape (size/init/update/
 * timer/last decision); `performance` and `powersave` are the two fixed
 * policies every cpufreq system has.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/governor.h"
#include "num.h"
#include "pgovd.h"

static int fixed_start(struct pgovd *d, struct pgovd_cpu *c)
{
    (void)d;
    (void)c;
    return 0;
}

static int performance_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    (void)d;
    c->req_khz = c->max_khz;
    return 0;
}

static int powersave_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    (void)d;
    c->req_khz = c->min_khz;
    return 0;
}

/* ---------------------------------------------------------------- storage */

static int alloc_mem(struct pgovd_cpu *c, size_t len, size_t align)
{
    if (c->mem && c->mem_len >= len) {
        memset(c->mem, 0, c->mem_len);
        return 0;
    }
    free(c->mem);
    c->mem = NULL;
    c->mem_len = 0;
    if (posix_memalign(&c->mem, align < sizeof(void *) ? sizeof(void *) : align, len))
        return -ENOMEM;
    memset(c->mem, 0, len);
    c->mem_len = len;
    return 0;
}

/* The policy as the model's spec (its `model` line, the release given
 * with NAME@X.Y): the configuration the tools build for the same line. */
static int model_spec(const struct pgovd_cpu *c, struct sim_policy_spec *ps)
{
    char text[96], why[256], *tok[8], *save = NULL;
    int n = 0;
    snprintf(text, sizeof(text), "%s", c->spec.pol->model);
    for (char *t = strtok_r(text, " ", &save); t && n < 8; t = strtok_r(NULL, " ", &save))
        tok[n++] = t;
    memset(ps, 0, sizeof(*ps));
    if (mdl_policy_parse(c->spec.pol->name, tok, n, ps, why, sizeof(why))) {
        pgovd_err("policy %s: '%s': %s", c->spec.pol->name, c->spec.pol->model, why);
        return PGOVD_EREPORTED;
    }
    ps->kver = c->spec.kver;
    return 0;
}

static uint64_t daemon_tick_ns(const struct pgovd *d)
{
    /* The daemon's tick stands in for the scheduler tick: the rules written
     * "twice within two ticks" / "within a tick" (HWP boost, iowait boost)
     * then mean consecutive daemon ticks. */
    uint64_t t = (uint64_t)d->interval_ms * 1000000u;
    return t > 1000000000u ? 1000000000u : t;
}

/* ---------------------------------------------------------------- intel_pstate */

/* The v4.5 profiles: the kernel's deferrable timer, not the hook. */
static bool pstate_timer_driven(const struct pgovd_cpu *c)
{
    struct pgov_pstate_status st;
    return pgov_pstate_get_status(c->inst, &st) == PGOV_OK &&
           (st.profile == PGOV_PSTATE_PROF_PID_4_5 || st.profile == PGOV_PSTATE_PROF_ATOM_4_5);
}

static int pstate_start(struct pgovd *d, struct pgovd_cpu *c)
{
    struct pgov_pstate_config cfg;
    struct sim_policy_spec ps;
    int r = model_spec(c, &ps);
    if (!r)
        r = alloc_mem(c, pgov_pstate_size(), PGOV_PSTATE_ALIGN);
    if (r)
        return r;
    mdl_pstate_config(&ps, NULL, c->id, daemon_tick_ns(d), &cfg);
    if (cfg.options && !cfg.kver)
        cfg.kver = PGOV_KVER(4, 13); /* the RFCs were written against 4.13 */
    if (ps.gov == GOV_HWP) {
        /* Start from the request and capabilities the hardware has now. */
        uint64_t req = 0, cap = 0;
        if (pgovd_msr_read(c->msr_fd, 0x774, &req) || pgovd_msr_read(c->msr_fd, 0x771, &cap))
            return PGOV_EIO;
        cfg.limits.hwp_request = req;
        cfg.limits.hwp_cap = cap;
    }
    c->next_ns = 0;
    r = pgov_pstate_init(c->mem, c->mem_len, &cfg, &pgovd_hw_ops, d,
                         (struct pgov_pstate **)&c->inst);
    /* The v4.5 profiles run on the kernel's deferrable timer, re-armed every
     * sampling interval (10 ms) in jiffies of tick_ns; with the daemon's
     * interval as the tick, a longer interval is a different timer, not
     * v4.5. Refuse it rather than run something that only looks like it. */
    if (!r && d->interval_ms > PGOVD_TIMER_MAX_INTERVAL_MS && pstate_timer_driven(c)) {
        pgovd_err("cpu%u: intel_pstate v4.5 is timer-driven (10 ms sampling timer): it needs "
                  "--interval 10 or less, not %u",
                  c->id, d->interval_ms);
        return PGOV_EINVAL;
    }
    /* "all CPUs" RFC: every instance shares the daemon's block */
    if (!r && (cfg.options & PGOV_PSTATE_OPT_RFC_IO_ALL))
        r = pgov_pstate_attach_shared(c->inst, &d->pstate_shared);
    return r;
}

static int pstate_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    struct pgov_pstate *g = c->inst;
    struct pgov_pstate_status st;
    uint64_t next = 0;
    int r;

    /* v4.5 profiles are timer-driven; the others run from the util hook,
     * which the daemon calls once per tick (IOWAIT when iowait time grew). */
    r = pgov_pstate_update(g, d->now_ns, c->flags_now);
    if (r >= 0 && d->now_ns >= c->next_ns) {
        r = pgov_pstate_timer(g, d->now_ns, &next);
        if (r >= 0)
            c->next_ns = next;
    }
    if (r < 0)
        return r;
    if (pgov_pstate_get_status(g, &st) == 0 && st.samples)
        c->last_load = (int64_t)st.busy_scaled * 100 / 25600; /* fp8 % -> % */
    return 0;
}

/* ---------------------------------------------------------------- ondemand/conservative */

/* scaling_available_frequencies (acpi-cpufreq and friends): the table the
 * governor resolves requests against, as the kernel validated it. 0 when
 * the driver has none, the entry count, or -1 after naming the file and
 * what is wrong with it (the library would only say "invalid argument"). */
static int read_table(struct pgovd_cpu *c, struct pgov_freq_entry *t, uint32_t max)
{
    char p[PATH_MAX + 64], buf[4096];
    uint32_t n = 0;
    snprintf(p, sizeof(p), "%s/scaling_available_frequencies", c->dir);
    int r = pgovd_read(p, buf, sizeof(buf));
    if (r == -ENOENT)
        return 0;
    if (r < 0) {
        pgovd_err("%s: %s", p, r == -EFBIG ? "longer than 4095 bytes" : strerror(-r));
        return -1;
    }
    for (char *tok = strtok(buf, " \n"); tok; tok = strtok(NULL, " \n")) {
        uint32_t khz;
        if (n == max) {
            pgovd_err("%s: more than %u frequencies", p, max);
            return -1;
        }
        if (num_u32(tok, 1, UINT32_MAX, &khz, NULL, 0)) {
            pgovd_err("%s: entry %u: '%.32s' is not a frequency in kHz", p, n + 1, tok);
            return -1;
        }
        if (khz < c->min_khz || khz > c->max_khz) {
            pgovd_err("%s: entry %u: %u kHz is outside cpuinfo_min_freq..cpuinfo_max_freq "
                      "(%u..%u kHz)", p, n + 1, khz, c->min_khz, c->max_khz);
            return -1;
        }
        for (uint32_t j = 0; j < n; j++)
            if (t[j].khz == khz) {
                pgovd_err("%s: entry %u: duplicate frequency %u kHz (also entry %u)", p, n + 1,
                          khz, j + 1);
                return -1;
            }
        t[n].khz = khz;
        t[n].flags = 0;
        n++;
    }
    if (!n) {
        pgovd_err("%s: no frequencies", p);
        return -1;
    }
    return (int)n;
}

struct dbs_mem {
    struct pgov_freq_entry table[256];
    uint32_t n;
};

static int dbs_start(struct pgovd *d, struct pgovd_cpu *c)
{
    struct pgov_dbs_config cfg;
    struct sim_policy_spec ps;
    size_t inst = pgov_dbs_size();
    size_t off = (sizeof(struct dbs_mem) + PGOV_DBS_ALIGN - 1) / PGOV_DBS_ALIGN * PGOV_DBS_ALIGN;
    int r = model_spec(c, &ps);
    if (!r)
        r = alloc_mem(c, off + inst, PGOV_DBS_ALIGN);
    if (r)
        return r;
    struct dbs_mem *m = c->mem; /* the table must outlive the instance */
    int nt = read_table(c, m->table, 256);
    if (nt < 0)
        return PGOVD_EREPORTED;
    m->n = (uint32_t)nt;
    mdl_dbs_config(&ps, c->id, &cfg);
    /* the driver's part: the real machine's, from sysfs */
    if (m->n) {
        cfg.table = m->table;
        cfg.table_len = m->n;
    } else {
        cfg.cpuinfo_min_khz = c->min_khz;
        cfg.cpuinfo_max_khz = c->max_khz;
    }
    /* The governor samples when the daemon ticks: its sampling_rate is the
     * interval (the kernel default, from the driver's latency, is ~8 ms, so
     * at a 50 ms tick every sample looked like a long idle period and
     * ondemand kept its last load). */
    if (d->interval_ms * 1000u >= 2u * 1000000u / 250u) { /* >= 2 ticks of the default HZ 250 */
        cfg.tun.sampling_rate = d->interval_ms * 1000u;
        cfg.tun_set |= 1u << PGOV_DBS_SAMPLING_RATE;
    }
    /* policy->cur: what we last wrote, else what the CPU ran at startup */
    cfg.cur_khz = c->cur_khz ? c->cur_khz : c->start_khz ? c->start_khz : c->max_khz;
    if (cfg.cur_khz < c->min_khz || cfg.cur_khz > c->max_khz)
        cfg.cur_khz = c->max_khz;
    return pgov_dbs_init((char *)c->mem + off, inst, &cfg, &pgovd_hw_ops, d,
                         (struct pgov_dbs **)&c->inst);
}

static int dbs_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    struct pgov_dbs_status st;
    int r = pgov_dbs_update(c->inst, d->now_ns, 0);
    if (r < 0)
        return r;
    if (pgov_dbs_get_status(c->inst, &st) == 0 && (st.last.flags & PGOV_DBS_RES_EVAL))
        c->last_load = st.last.load;
    return 0;
}

/* ---------------------------------------------------------------- schedutil */

/* The daemon has no PELT signal of the kernel's tasks; it feeds the schedutil
 * instance a frequency-invariant utilization measured over the last tick
 * instead: 1024 * (cycles delivered) / (cycles the CPU could deliver at max).
 * The instance itself reads idle times (the "hold" rule) and requests a
 * frequency through the HAL. */
struct sugov_mem {
    struct pgov_hw_counters prev;
    uint32_t have_prev;
    uint32_t pad;
    uint64_t inst[]; /* the pgov_sugov instance, 8-byte aligned */
};

static int schedutil_start(struct pgovd *d, struct pgovd_cpu *c)
{
    struct pgov_sugov_config cfg;
    struct sim_policy_spec ps;
    size_t len = pgov_sugov_size();
    int r = model_spec(c, &ps);
    if (!r)
        r = alloc_mem(c, sizeof(struct sugov_mem) + len, PGOV_SUGOV_ALIGN);
    if (r)
        return r;
    struct sugov_mem *m = c->mem;
    mdl_sugov_config(&ps, NULL, c->id, daemon_tick_ns(d), &cfg); /* the daemon's tick, as for pstate */
    return pgov_sugov_init(m->inst, len, &cfg, &pgovd_hw_ops, d, (struct pgov_sugov **)&c->inst);
}

static int schedutil_tick(struct pgovd *d, struct pgovd_cpu *c)
{
    struct sugov_mem *m = c->mem;
    struct pgov_hw_counters now;
    uint32_t util = 0;
    int r = pgovd_read_counters(d, c, &now);
    if (r)
        return r;
    if (m->have_prev) {
        uint64_t da = now.aperf - m->prev.aperf, dt = now.tsc - m->prev.tsc;
        /* capacity at max over the tick, in APERF cycles (TSC runs at base) */
        uint64_t cap = dt / c->base_khz * c->max_khz + dt % c->base_khz * c->max_khz / c->base_khz;
        if (cap)
            util = da >= cap ? 1024 : (uint32_t)(da * 1024 / cap);
    }
    m->prev = now;
    m->have_prev = 1;
    r = pgov_sugov_set_util(c->inst, util);
    if (!r)
        r = pgov_sugov_update(c->inst, d->now_ns, c->flags_now & PGOV_UPDATE_IOWAIT);
    if (r < 0)
        return r;
    c->last_load = util * 100 / 1024;
    return 0;
}

static const struct pgovd_policy policies[] = {
    { "performance", "highest frequency (cpuinfo_max_freq)", "performance", 0, fixed_start,
      performance_tick },
    { "powersave", "lowest frequency (cpuinfo_min_freq)", "powersave", 0, fixed_start,
      powersave_tick },
    { "ondemand", "ondemand (kernel 4.17 .. latest)", "ondemand", PGOV_HW_NEED_IDLE, dbs_start,
      dbs_tick },
    { "ondemand-deadband", "ondemand with the pre-3.17 proportional mapping (4.17 only)",
      "ondemand variant=deadband", PGOV_HW_NEED_IDLE, dbs_start, dbs_tick },
    { "conservative", "conservative (kernel 4.17 .. latest)", "conservative", PGOV_HW_NEED_IDLE,
      dbs_start, dbs_tick },
    { "pstate", "intel_pstate as the profile's kernel ran it (PID to 4.13, then load)",
      "intel_pstate", PGOV_HW_NEED_COUNTERS, pstate_start, pstate_tick },
    { "pstate-pid", "intel_pstate Core PID (4.5 timer, 4.6 hook, 4.13 server)",
      "intel_pstate algo=pid", PGOV_HW_NEED_COUNTERS, pstate_start, pstate_tick },
    { "pstate-atom", "intel_pstate Silvermont/Airmont PID (4.5, 4.6)", "intel_pstate algo=atom",
      PGOV_HW_NEED_COUNTERS | PGOV_HW_NEED_IDLE, pstate_start, pstate_tick },
    { "pstate-load", "intel_pstate load-based with iowait boost (4.13, 4.17, latest)",
      "intel_pstate algo=load", PGOV_HW_NEED_COUNTERS, pstate_start, pstate_tick },
    { "pstate-load-rfc-io", "July 2017 IO RFC (4.13 load): 1 ms sampling while boosted, per CPU",
      "intel_pstate algo=load variant=rfc-percpu", PGOV_HW_NEED_COUNTERS, pstate_start,
      pstate_tick },
    { "pstate-load-rfc-io-all", "the same RFC as posted: 1 ms on every CPU while any is boosted",
      "intel_pstate algo=load variant=rfc-all", PGOV_HW_NEED_COUNTERS, pstate_start, pstate_tick },
    { "hwp-boost", "HWP dynamic boost: writes IA32_HWP_REQUEST, not cpufreq", "hwp",
      PGOV_HW_NEED_HWP, pstate_start, pstate_tick },
    { "schedutil", "schedutil next-frequency and iowait boost on measured utilization",
      "schedutil", PGOV_HW_NEED_COUNTERS | PGOV_HW_NEED_IDLE, schedutil_start, schedutil_tick },
};

bool pgovd_policy_timer_driven(const struct pgovd_cpu *c)
{
    return c->inst && c->spec.pol && c->spec.pol->tick == pstate_tick && pstate_timer_driven(c);
}

const struct pgovd_policy *pgovd_policy_find(const char *name)
{
    for (size_t i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
        if (strcmp(policies[i].name, name) == 0)
            return &policies[i];
    return NULL;
}

void pgovd_policy_list(void)
{
    for (size_t i = 0; i < sizeof(policies) / sizeof(policies[0]); i++)
        printf("  %-23s %s\n", policies[i].name, policies[i].help);
}

int pgovd_spec_parse(const char *s, struct pgovd_spec *spec, char *why, size_t whylen)
{
    char name[64];
    const char *at = strchr(s, '@');
    size_t n = at ? (size_t)(at - s) : strlen(s);

    if (n == 0 || n >= sizeof(name)) {
        snprintf(why, whylen, "expected NAME or NAME@MAJOR.MINOR");
        return -EINVAL;
    }
    memcpy(name, s, n);
    name[n] = '\0';
    spec->pol = pgovd_policy_find(name);
    if (!spec->pol) {
        snprintf(why, whylen, "unknown policy (see --list-policies)");
        return -ENOENT;
    }
    spec->kver = 0;
    if (at && strcmp(at + 1, "latest") != 0) {
        uint32_t k;
        if (num_kver(at + 1, &k, why, whylen))
            return -EINVAL;
        if (!pgov_kver_valid(k)) {
            snprintf(why, whylen, "kernel version '%s' outside what libpgov knows (3.0..%u.%u)",
                     at + 1, PGOV_KVER_NEWEST >> 8, PGOV_KVER_NEWEST & 0xffu);
            return -ERANGE;
        }
        spec->kver = k;
    }
    return 0;
}
