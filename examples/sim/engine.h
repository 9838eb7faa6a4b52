/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim's engine room (engine.c, engine_hw.c): the sizes every room
 * shares, errors, the PRNG, the event queue, and the hardware-event
 * interface through which the machine reports to the engine (it never
 * calls the scheduler itself; the engine dispatches).
 */
#ifndef PGOV_SIM_ENGINE_H
#define PGOV_SIM_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIM_MAX_CPUS 128 /* the kernbench thread's machine has 120 */
#define SIM_MAX_POLICIES 8
#define SIM_MAX_PARAMS 8
#define SIM_MAX_EXPECT 16
#define SIM_MAX_SEED_LINES 12
#define SIM_PATH_LEN 512
#define SIM_ERR_LEN 640
#define SIM_NBUCKETS 256 /* time-series buckets per CPU for the plots */
#define SIM_T0_NS 1000000000ull /* simulated clock at the start of a run */
#define SIM_MAX_VARS 16

/* ------------------------------------------------------------------ errors */

/* A parse or setup error: "file:line: reason". */
struct sim_err {
    char msg[SIM_ERR_LEN];
};
void sim_errf(struct sim_err *e, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ------------------------------------------------------------------ PRNG */

/* xoshiro256** seeded by splitmix64: reproducible on every platform. */
struct sim_rng {
    uint64_t s[4];
};
void sim_rng_seed(struct sim_rng *r, uint64_t seed);
uint64_t sim_rng_next(struct sim_rng *r);
/* Uniform in [0, 1). */
double sim_rng_unit(struct sim_rng *r);
/* llround(@r) for 0 <= @r < 2^53, without the libm call (every jittered op
 * rounds): r - floor(r) is exact there, and a half rounds up as llround's
 * does. */
static inline uint64_t sim_round(double r)
{
    uint64_t i = (uint64_t)r;
    return i + (r - (double)i >= 0.5);
}

/* ------------------------------------------------------------------ events */

enum sim_ev_type {
    EV_CPU_DONE = 1, /* the running task's current compute segment ends */
    EV_TICK,         /* scheduler tick of a busy CPU */
    EV_WAKE,         /* a sleeping / io-blocked task wakes */
    EV_GOV_TIMER,    /* a timer-driven governor's timer expires */
    EV_HW,           /* periodic hardware-side work (HWP autonomous choice) */
    EV_END           /* end of a fixed-duration run */
};

struct sim_ev {
    uint64_t time;
    uint64_t seq; /* insertion order: ties resolve deterministically */
    uint32_t type;
    uint32_t id;  /* cpu or task index */
    uint32_t gen; /* must equal the target's generation, else stale */
};

struct sim_heap {
    struct sim_ev *v;
    size_t n, cap;
    uint64_t seq;
};
int sim_heap_push(struct sim_heap *h, uint64_t time, uint32_t type, uint32_t id, uint32_t gen);
bool sim_heap_pop(struct sim_heap *h, struct sim_ev *out);
void sim_heap_free(struct sim_heap *h);

/* The per-CPU slots' earliest event (a running task's completion or a
 * tick, whichever comes first on each CPU): a tournament tree, so finding
 * the next event costs nothing per CPU and re-arming one CPU's slot costs
 * log2(CPUs) comparisons. Keys order as the heap's, by (time, seq); an
 * empty slot is (UINT64_MAX, UINT64_MAX). */
#define SIM_SLOT_LEAVES 128 /* a power of two, >= SIM_MAX_CPUS */
struct sim_slot {
    uint64_t time, seq;
    uint32_t leaf;
};
struct sim_slots {
    uint32_t n; /* leaves in use, a power of two */
    /* node[1]: the earliest leaf's key; node[n + i]: leaf i's. Each node
     * holds its winner's key, so a re-key compares in place and stops where
     * a node comes out unchanged. */
    struct sim_slot node[2 * SIM_SLOT_LEAVES];
    /* Inner nodes to re-evaluate (sim_slots_put): a retune or an SMI
     * re-keys many CPUs at once, and their common ancestors are evaluated
     * once, by sim_slots_fix, instead of once per leaf. */
    uint64_t dirty[SIM_SLOT_LEAVES / 64];
};
void sim_slots_init(struct sim_slots *s, uint32_t leaves);
/* Leaf @i's key; the tree (sim_slots_min) is stale until sim_slots_fix. */
void sim_slots_put(struct sim_slots *s, uint32_t i, uint64_t time, uint64_t seq);
void sim_slots_fix(struct sim_slots *s);
/* Leaf @i's key, the tree fixed at once (no sim_slots_put pending). */
void sim_slots_set(struct sim_slots *s, uint32_t i, uint64_t time, uint64_t seq);
/* The earliest key and its leaf (an empty one when all are empty). */
static inline const struct sim_slot *sim_slots_min(const struct sim_slots *s)
{
    return &s->node[1];
}

/* ------------------------------------------------------------------ hardware events */

/* What the machine (machine.c) reports while it changes: the engine
 * (engine_hw.c) dispatches each to the scheduler at once, in order, so the
 * machine holds no pointer into, and no header of, the rooms above it. */
enum sim_hw_kind {
    HW_RATE_CHANGING = 1, /* @cpu's rate changes at @t: progress so far ran at the old rate */
    HW_RATE_CHANGED,      /* @cpu runs at its new rate from @t */
    HW_STALL,             /* @cpu's task makes no progress before @t (clock relock, firmware call) */
    HW_SPIN,              /* idle @cpu spins in C0 until @t (a firmware call): not idle time */
    HW_SMI                /* @cpu loses @t ns to another CPU's pcc call taken as an SMI */
};

struct sim_hw_event {
    uint32_t kind; /* enum sim_hw_kind */
    uint32_t cpu;
    uint64_t t; /* a time, or for HW_SMI a length (ns) */
};

struct sim_ctx;
/* The machine's one way up: report @ev to the engine (engine_hw.c). */
void sim_hw_report(struct sim_ctx *c, const struct sim_hw_event *ev);

#endif
