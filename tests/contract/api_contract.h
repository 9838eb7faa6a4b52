/* SPDX-License-Identifier: BSD-2-Clause */
/* The API contract harness: the world every row runs in, DEF() and R(). */
#ifndef API_CONTRACT_H
#define API_CONTRACT_H
/* Every function, the experimental ones included (docs/abi.md). */
#define PGOV_EXPERIMENTAL 1
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <inttypes.h>
#include <pgov/pgov.h>
#include "internal/hal.h" /* pgov_hw_bind: exported, no longer installed */
#include "fake_hw.h"
#include "fake_idle.h"

/* Expected values of the pure fixed-point rows, worked by hand:
 * percent_fp(INT32_MIN) = trunc(-2^39 / 100) = -5497558138, low 32 bits;
 * percent_ext_fp(-1) = ((2^64 - 1) << 14 mod 2^64) / 100, low 32 bits. */
#define PCT_MIN INT64_C(-1202590842)
#define PCT_EXT_M1 INT64_C(-171798856)

/* A config or limits struct followed by bytes this library does not know. */
struct dbs_big {
    struct pgov_dbs_config c;
    uint32_t extra[2];
};
struct pst_big {
    struct pgov_pstate_config c;
    uint32_t extra[2];
};
struct plim_big {
    struct pgov_pstate_limits l;
    uint32_t extra[2];
};
struct sug_big {
    struct pgov_sugov_config c;
    uint32_t extra[2];
};
struct slim_big {
    struct pgov_sugov_limits l;
    uint32_t extra[2];
};
struct ue_big {
    struct pgov_util_est_cfg c;
    uint32_t extra[2];
};

struct world {
    /* instance storage first (alignment) */
    _Alignas(16) unsigned char dmem[512];  /* bound ondemand instance */
    _Alignas(16) unsigned char domem[512]; /* open-loop, started */
    _Alignas(16) unsigned char dnmem[512]; /* open-loop, not started */
    _Alignas(16) unsigned char pmem[512];  /* pstate instance */
    _Alignas(16) unsigned char smem[256];  /* sugov instance */
    _Alignas(16) unsigned char xmem[576];  /* storage given to failing inits (2 CPUs) */
    _Alignas(16) unsigned char zmem[512];  /* zeroes: "not an instance" */
    struct pgov_dbs *dg, *dgo, *dgn, *dgx;
    struct pgov_pstate *pg, *pgx;
    struct pgov_sugov *sg, *sgx;
    uint32_t u32, u32b;
    int32_t s32;
    uint64_t u64;
    struct pgov_hw hw;
    struct pgov_hw_ops ops;
    struct pgov_hw_limits lim;
    struct pgov_freq_entry ent[3];
    struct pgov_freq_table ft;
    struct pgov_dbs_platform dplat;
    struct pgov_dbs_tunables dtun;
    struct pgov_dbs_config dcfg;
    struct dbs_big dbig;
    struct pgov_dbs_limits dlim;
    struct pgov_hw_idle snap[2];
    uint32_t cpus_dup[2];
    struct pgov_dbs_result dres;
    struct pgov_dbs_status dst;
    struct pgov_dbs_cpu_status dcpu;
    struct pgov_uclamp_rq urq;
    struct pgov_uclamp_task ut, uta;
    struct pgov_uclamp_tg utg, utgp;
    struct pgov_uclamp_limits ulim;
    uint32_t eff[PGOV_UCLAMP_CNT];
    struct pgov_pelt_avg sa, cfs;
    struct pgov_pelt_clock clk;
    /* pelt_group: root runqueue, a group's runqueue, its entity, a task, the group */
    struct pgov_pelt_cfs grt, grq;
    struct pgov_pelt_se gse, gtask;
    struct pgov_pelt_tg gtg;
    /* pelt batch: two steps of inputs and outputs */
    uint64_t bnow[2], bload[2], brunnable[2], bweight[2];
    uint32_t brunning[2];
    struct pgov_pelt_avg bout[2];
    uint8_t brec[2];
    /* sugov batch: two steps */
    uint64_t snow[2];
    uint32_t sutil[2], sflags[2], sumin[2], sfreq[2];
    uint8_t sheld[2], spath[2];
    /* uclamp batch: enqueue, dequeue of one task */
    struct pgov_uclamp_task ubt[1];
    uint32_t ubidx[2], ubutil[2], ubuout[2];
    uint8_t ubev[2];
    uint16_t ubmin[2], ubmax[2];
    /* util_est batch: enqueue, sleep dequeue */
    uint8_t uev[2], usleep[2];
    uint64_t uutil[2], urun[2], ucap[2];
    struct pgov_util_est_task utout[2];
    uint32_t urqout[2], ucout[2], uidx[2];
    struct pgov_util_est_rq erq;
    struct pgov_util_est_cfg ecfg;
    struct ue_big ebig;
    struct pgov_util_est_task et;
    struct pgov_pstate_config pcfg;
    struct pst_big pbig;
    struct pgov_pstate_params pprm;
    struct pgov_pstate_limits plim;
    struct plim_big plbig;
    struct pgov_pstate_bounds pb;
    struct pgov_pstate_state pst;
    struct pgov_pstate_input pin;
    struct pgov_pstate_result pres;
    struct pgov_pstate_shared psh;
    struct pgov_pstate_status pstat;
    struct pgov_hwp_boost_params hprm;
    struct pgov_hwp_boost_state hst;
    struct pgov_hwp_boost_result hres;
    struct pgov_sugov_params sprm;
    struct pgov_sugov_state sst;
    struct pgov_sugov_result sres;
    struct pgov_sugov_input sin;
    struct pgov_sugov_config scfg;
    struct sug_big sbig;
    struct pgov_sugov_limits slim;
    struct slim_big slbig;
    struct pgov_sugov_status sstat;
    struct pgov_sugov_policy spol;
    struct pgov_sugov_cpu scpu[2];
};


/* The backends are the callbacks' ctx, outside the world: a failing call
 * may legitimately have read the hardware before it failed. */
extern struct fake_hw g_hw;
extern struct fake_idle g_idle;

/* Take the snapshot a row's call is compared against (after the row's own
 * edits of its inputs). */
int snap(const struct world *w);

#define UNUSED __attribute__((unused))
#define DEF(fn, n, exp)                                                                            \
    static const int64_t fn##__##n##_exp = (exp);                                                  \
    static int64_t fn##__##n(struct world *w UNUSED)

struct row {
    const char *fn;
    int64_t (*call)(struct world *w);
    const int64_t *expect;
};
#define R(fn, n)                                                                                   \
    {                                                                                              \
#fn, fn##__##n, &fn##__##n##_exp                                                           \
    }
/* freq_table.c: make w->ft claim valid entries that are all invalid. */
void ft_forge_no_valid(struct world *w);
/* Each module file ends with its own table of rows. */
struct row_table {
    const struct row *rows;
    size_t n;
};
#define ROW_TABLE(mod)                                                                             \
    const struct row_table api_rows_##mod = {mod##_rows, sizeof(mod##_rows) / sizeof(mod##_rows[0])}
extern const struct row_table api_rows_core;
extern const struct row_table api_rows_hw;
extern const struct row_table api_rows_freq_table;
extern const struct row_table api_rows_dbs;
extern const struct row_table api_rows_uclamp;
extern const struct row_table api_rows_pelt;
extern const struct row_table api_rows_pelt_group;
extern const struct row_table api_rows_util_est;
extern const struct row_table api_rows_fixed;
extern const struct row_table api_rows_pstate;
extern const struct row_table api_rows_hwp;
extern const struct row_table api_rows_sugov;

#endif
