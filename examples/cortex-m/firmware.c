/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bare-metal Cortex-M4 firmware running intel_pstate's load-based governor
 * (libpgov's pstate instance) on a memory-mapped performance-counter block.
 *
 * The counter block. Real silicon would put it at a fixed peripheral
 * address (PERF_BASE, e.g. 0x40010000); the qemu board has nothing there,
 * so the block is simulated in RAM and the firmware reaches it only through
 * the volatile PERF pointer, as it would a peripheral. Register map (32-bit
 * registers; 64-bit counters are read through a latch so the three of them
 * form one consistent snapshot, as the kernel's rdmsr of APERF/MPERF under
 * disabled interrupts does):
 *
 *   0x00 CTRL      W: 1 = latch TIME/APERF/MPERF/TSC into the *_L/H registers
 *   0x04 STATUS    R: bit 0 = an IOWAIT wakeup happened since the last read;
 *                  W1C
 *   0x08 CAP       R: pmin | pmax << 8 | pmax_phys << 16 | pturbo << 24
 *   0x0C PERF_CTL  RW: requested P-state, ratio << 8 (as IA32_PERF_CTL)
 *   0x10 TIME_L/H, 0x18 APERF_L/H, 0x20 MPERF_L/H, 0x28 TSC_L/H (latched)
 *
 * The "hardware" side (hw_*) plays the golden vector trace of
 * tests/vectors/pstate_load.tsv into the block: for each hook call of the
 * kernel's reference run it sets the live counters, the time and the IOWAIT
 * status. The firmware side reads them only through the HAL callbacks
 * below (called directly by the library: pgov_config.h), runs the library's hook, and prints the P-state it finds in
 * PERF_CTL: "<variant> <scenario> <step> <pstate>". run.sh compares those
 * lines with the vector file's own pstate column.
 *
 * It also measures, by stack painting, the deepest stack each library entry
 * point used (including the HAL callbacks it called) and prints it with the
 * instance's RAM: "stack <function> <bytes>", "ram pgov_pstate_size <bytes>".
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <pgov/pgov.h>

#include "trace.h"

struct perf_block {
    volatile uint32_t ctrl, status, cap, perf_ctl;
    volatile uint32_t time_l, time_h, aperf_l, aperf_h, mperf_l, mperf_h, tsc_l, tsc_h;
};

/* The "hardware": the register block and its live (unlatched) counters. */
static struct perf_block perf_block_sim;
static struct {
    uint64_t time_ns, aperf, mperf, tsc;
} hw_live;
#define PERF ((struct perf_block *)&perf_block_sim)

static void hw_latch_if_requested(void)
{
    if (PERF->ctrl & 1u) {
        PERF->time_l = (uint32_t)hw_live.time_ns, PERF->time_h = (uint32_t)(hw_live.time_ns >> 32);
        PERF->aperf_l = (uint32_t)hw_live.aperf, PERF->aperf_h = (uint32_t)(hw_live.aperf >> 32);
        PERF->mperf_l = (uint32_t)hw_live.mperf, PERF->mperf_h = (uint32_t)(hw_live.mperf >> 32);
        PERF->tsc_l = (uint32_t)hw_live.tsc, PERF->tsc_h = (uint32_t)(hw_live.tsc >> 32);
        PERF->ctrl = 0;
    }
}

static void hw_reset(const struct trace_scenario *s)
{
    memset(&hw_live, 0, sizeof(hw_live));
    PERF->ctrl = PERF->status = PERF->perf_ctl = 0;
    PERF->cap = s->pmin | s->pmax << 8 | s->pmax_phys << 16 | s->pturbo << 24;
}

static void hw_step(const struct trace_row *r)
{
    hw_live.time_ns = r->time_ns;
    hw_live.aperf = r->aperf;
    hw_live.mperf = r->mperf;
    hw_live.tsc = r->tsc;
    if (r->flags & 1u)
        PERF->status |= 1u;
}

/* ------------------------------------------------------------ firmware side */

static uint64_t reg64(volatile uint32_t *lo, volatile uint32_t *hi)
{
    return (uint64_t)*hi << 32 | *lo;
}

static void latch(void)
{
    PERF->ctrl = 1u;
    hw_latch_if_requested(); /* the hardware reacts to the write */
}

int fw_hal_clock(void *ctx, uint64_t *now)
{
    (void)ctx;
    latch();
    *now = reg64(&PERF->time_l, &PERF->time_h);
    return 0;
}

int fw_hal_counters(void *ctx, uint32_t cpu, struct pgov_hw_counters *out)
{
    (void)ctx;
    if (cpu != 0)
        return PGOV_EINVAL; /* one CPU, one block */
    latch();
    out->aperf = reg64(&PERF->aperf_l, &PERF->aperf_h);
    out->mperf = reg64(&PERF->mperf_l, &PERF->mperf_h);
    out->tsc = reg64(&PERF->tsc_l, &PERF->tsc_h);
    return 0;
}

int fw_hal_limits(void *ctx, uint32_t cpu, struct pgov_hw_limits *out)
{
    (void)ctx;
    if (cpu != 0)
        return PGOV_EINVAL;
    uint32_t cap = PERF->cap;
    out->min_pstate = cap & 0xffu;
    out->max_pstate = cap >> 8 & 0xffu;
    out->max_pstate_physical = cap >> 16 & 0xffu;
    out->turbo_pstate = cap >> 24;
    out->scaling_khz = 100000;
    out->flags = 0;
    return 0;
}

int fw_hal_set_pstate(void *ctx, uint32_t cpu, uint32_t pstate, uint64_t perf_ctl)
{
    (void)ctx;
    (void)pstate;
    if (cpu != 0)
        return PGOV_EINVAL;
    PERF->perf_ctl = (uint32_t)perf_ctl;
    return 0;
}

static const struct pgov_hw_ops hal = {
    .size = sizeof(struct pgov_hw_ops),
    .clock_ns = fw_hal_clock,
    .read_counters = fw_hal_counters,
    .get_limits = fw_hal_limits,
    .set_pstate = fw_hal_set_pstate,
};

/* ------------------------------------------------------------ stack painting */

#define PAINT_WORDS 1024u /* 4 KiB below the caller's stack pointer */
#define PAINT 0xA5C3A5C3u

#if defined(__arm__)
#define CUR_SP(v) __asm__ volatile("mov %0, sp" : "=r"(v))
#else
#define CUR_SP(v) ((v) = (uintptr_t)__builtin_frame_address(0))
#endif

/* Fill the 4 KiB below @sp (leaving 64 bytes for this function's own frame). */
__attribute__((noinline)) static void paint(uintptr_t sp)
{
    volatile uint32_t *lo = (volatile uint32_t *)(sp - 64) - PAINT_WORDS;
    for (volatile uint32_t *p = lo; p < (volatile uint32_t *)(sp - 64); p++)
        *p = PAINT;
}

/* Bytes below @sp that no longer hold the paint. */
__attribute__((noinline)) static uint32_t unpainted(uintptr_t sp)
{
    volatile uint32_t *lo = (volatile uint32_t *)(sp - 64) - PAINT_WORDS;
    volatile uint32_t *p = lo;
    while (p < (volatile uint32_t *)(sp - 64) && *p == PAINT)
        p++;
    return (uint32_t)(sp - (uintptr_t)p);
}

#if !defined(__arm__)
/* Host builds (a quick check of the logic) do not measure. */
#define MEASURE(maxv, call) call
#else
#define MEASURE(maxv, call)                                                                        \
    do {                                                                                           \
        uintptr_t sp0_;                                                                            \
        CUR_SP(sp0_);                                                                              \
        paint(sp0_);                                                                               \
        call;                                                                                      \
        uint32_t u_ = unpainted(sp0_);                                                             \
        if (u_ > (maxv))                                                                           \
            (maxv) = u_;                                                                           \
    } while (0)
#endif

/* ------------------------------------------------------------ main */

/* Caller storage of the instance, its size and alignment known at compile
 * time (and with pgov_config.h's choices). */
static struct pgov_pstate_storage inst_mem;

int main(void)
{
    uint32_t st_init = 0, st_update = 0;
    unsigned fails = 0, rows = 0;

    printf("pgov-cortex-m: libpgov %s, %u scenarios of pstate_load.tsv\n", pgov_version_string(),
           trace_nscenarios);
    if (pgov_pstate_size() > sizeof(inst_mem)) {
        printf("pgov-cortex-m: instance needs %u bytes\n", (unsigned)pgov_pstate_size());
        return 1;
    }
    {
        /* run.sh builds only the load-based v4.17 and current profiles
         * (PGOV_PSTATE_PROFILES): the others must be refused, not run. */
        struct pgov_pstate_config cfg;
        struct pgov_pstate *g = NULL;
        int r;

        memset(&cfg, 0, sizeof(cfg));
        cfg.size = sizeof(cfg);
        cfg.policy = PGOV_PSTATE_POLICY_HWP_BOOST;
        r = pgov_pstate_init(&inst_mem, sizeof(inst_mem), &cfg, &hal, NULL, &g);
#ifdef PGOV_FIRMWARE_PROFILES
        if (r != PGOV_ENOTSUP) {
            printf("pgov-cortex-m: HWP boost not built, yet init gave %d\n", r);
            return 1;
        }
#else
        (void)r;
#endif
    }
    for (unsigned s = 0; s < trace_nscenarios; s++) {
        const struct trace_scenario *sc = &trace_scenarios[s];
        struct pgov_pstate_config cfg;
        struct pgov_pstate *g = NULL;
        int r;

        memset(&cfg, 0, sizeof(cfg));
        cfg.size = sizeof(cfg);
        cfg.cpu = 0;
        cfg.policy = PGOV_PSTATE_POLICY_LOAD;
        cfg.kver = sc->kver == 0x0411 ? PGOV_KVER(4, 17) : PGOV_KVER(6, 19);
        cfg.tick_ns = sc->tick_ns;
        cfg.limits.size = sizeof(cfg.limits);
        cfg.limits.min_ratio = sc->min_ratio;
        cfg.limits.max_ratio = sc->max_ratio;
        hw_reset(sc);
        MEASURE(st_init, r = pgov_pstate_init(&inst_mem, sizeof(inst_mem), &cfg, &hal, NULL, &g));
        if (r) {
            printf("pgov-cortex-m: %s %s: init failed: %s\n", sc->variant, sc->name,
                   pgov_strerror(r));
            return 1;
        }
        for (unsigned i = 0; i < sc->nrows; i++) {
            uint64_t now;
            uint32_t flags;

            hw_step(&sc->rows[i]);
            fw_hal_clock(NULL, &now);
            flags = PERF->status & 1u ? PGOV_UPDATE_IOWAIT : 0;
            PERF->status = 0; /* W1C */
            MEASURE(st_update, r = pgov_pstate_update(g, now, flags));
            if (r < 0) {
                printf("pgov-cortex-m: %s %s %u: update failed: %s\n", sc->variant, sc->name, i,
                       pgov_strerror(r));
                fails++;
            }
            printf("%s %s %u %u\n", sc->variant, sc->name, i, (unsigned)(PERF->perf_ctl >> 8));
            rows++;
        }
    }
    /* Caller-owned RAM per object (the library itself has no static RAM). */
    printf("ram pgov_pstate_size %u\n", (unsigned)pgov_pstate_size());
    printf("ram pgov_dbs_size %u\n", (unsigned)pgov_dbs_size());
    printf("ram sizeof(struct pgov_pelt_avg) %u\n", (unsigned)sizeof(struct pgov_pelt_avg));
    printf("ram sizeof(struct pgov_uclamp_rq) %u\n", (unsigned)sizeof(struct pgov_uclamp_rq));
    printf("ram pgov_sugov_size %u\n", (unsigned)pgov_sugov_size());
    printf("stack pgov_pstate_init %u\n", (unsigned)st_init);
    printf("stack pgov_pstate_update %u\n", (unsigned)st_update);
    printf("pgov-cortex-m: %u hook calls, %u errors\n", rows, fails);
    return fails ? 1 : 0;
}
