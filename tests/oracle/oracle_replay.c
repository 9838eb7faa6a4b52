/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host side of the oracle: read the records pgov_oracle.ko captured inside
 * Linux (tests/oracle/oracle_rec.h), recompute every update from its prior
 * state and inputs through the public libpgov API, and compare every field.
 * Ends with exactly one line:
 *   oracle: pelt N/M util_est N/M schedutil N/M ondemand N/M conservative N/M
 *           groups N/M [uclamp N/M] exact (kernel X.Y.Z)
 * (uclamp where pgov_uclamp.ko ran: uclamp_replay.c). Kernels: 6.1, 6.12, 7.3.
 * Usage: oracle_replay CAPTURE [--tsv DIR ROWS]
 * (--tsv: DIR/linux-K-{pelt,util_est,schedutil,ondemand,conservative,pelt_group}.tsv)
 * Exit 0 when every compared row of a module whose profile for the kernel the library
 * calls exact (pgov_kver_exactness) matched and every decision of the
 * library's own governor in the guest (pgov_schedutil, gov_replay.c) equals
 * its host replay, 1 otherwise, 2 on a bad file; the other modules are
 * compared and reported, not gated.
 * This file: the passes over the capture, the TSV files, the report and
 * the gate; the rows: oracle_signal.c (PELT, util_est), oracle_group.c
 * (the task-group hierarchy) and oracle_gov.c (governors), their shared state in oracle_replay.h.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_replay.h"
#include "gov_replay.h"
#include "uclamp_replay.h"
#include <pgov/kver.h>

uint32_t kver = PGOV_KVER_6_1;
uint32_t kver_stable;

/* The guest's upstream stable update: "... Debian 6.1.192-3 (...)" gives
 * 192 (the dbs profile has 6.1.z and 6.12.z rules); 0 when the version says none. */
static uint32_t stable_of(const char *version)
{
    char needle[24];
    const char *p;
    unsigned z;

    snprintf(needle, sizeof(needle), "Debian %u.%u.", kver >> 8, kver & 0xff);
    p = strstr(version, needle);
    return p && sscanf(p + strlen(needle), "%u", &z) == 1 && z <= PGOV_DBS_KVER_STABLE_MAX ? z : 0u;
}

/* The profile of the guest's series, from its release ("6.12.118+deb12-amd64"):
 * 6.1, 6.12 and 7.3 are captured (run.sh --kernel); 0 for anything else. */
static uint32_t kver_of(const char *release)
{
    unsigned a, b;

    if (sscanf(release, "%u.%u", &a, &b) != 2)
        return 0;
    return a == 6 && b == 1    ? PGOV_KVER_6_1
           : a == 6 && b == 12 ? PGOV_KVER_6_12
           : a == 7 && b == 3  ? PGOV_KVER_7_3
                               : 0;
}

/* One pass over the capture; counting = 1 only counts rows per flavour/op
 * (for the TSV strides). Returns 0, or 2 after "file:record: reason". */
static int pass(const char *path, int counting, char *release, char *version, uint64_t *trailer,
                uint64_t *nrec)
{
    FILE *f = fopen(path, "rb");
    struct orec r;
    uint64_t n = 1;

    if (!f) {
        perror(path);
        return 2;
    }
    if (fread(&r, sizeof(r), 1, f) != 1 || r.kind != OREC_HEADER || r.x[0] != OREC_MAGIC ||
        r.x[1] != sizeof(r)) {
        fprintf(stderr, "%s:1: not an oracle capture (header, record size %zu)\n", path,
                sizeof(r));
        fclose(f);
        return 2;
    }
    memcpy(release, &r.pre, 64);
    memcpy(version, &r.post, 64); /* the caller's 65th byte stays 0 */
    if (!(kver = kver_of(release))) {
        fprintf(stderr, "%s:1: kernel %.64s: no library profile to replay it with (6.1, 6.12, 7.3)\n",
                path, release);
        fclose(f);
        return 2;
    }
    kver_stable = stable_of(version);
    group_pass_begin();
    for (;;) {
        if (fread(&r, sizeof(r), 1, f) != 1 || r.kind == OREC_NONE) {
            fprintf(stderr, "%s:%" PRIu64 ": capture has no trailer (guest did not finish)\n",
                    path, n + 1);
            fclose(f);
            return 2;
        }
        n++;
        if (r.kind == OREC_TRAILER) {
            memcpy(trailer, r.x, sizeof(r.x));
            trailer[4] = r.aux;
            break;
        }
        if (r.kind >= OREC_PELT_SE && r.kind <= OREC_PELT_DL) {
            pelt_row(&r, counting);
            util_est_rows(&r, counting);
        } else if (r.kind == OREC_UE_ENQ || r.kind == OREC_UE_DEQ) {
            util_est_rows(&r, counting);
        } else if (r.kind == OREC_DBS) {
            if (!counting)
                dbs_row(&r);
        } else if (r.kind == OREC_SUGOV) {
            sugov_row(&r, counting);
        } else if (r.kind == OREC_PGOV_SUGOV || r.kind == OREC_PGOV_DBS) {
            if (!counting)
                gov_replay_collect(&r);
        } else if (r.kind >= OREC_GRP && r.kind <= OREC_GRP_G) {
            group_row(&r, counting);
        } else if (r.kind == OREC_UCLAMP) {
            if (!counting)
                uclamp_row(&r, kver);
            else
                uclamp_seen++;
        } else {
            fprintf(stderr, "%s:%" PRIu64 ": unknown record kind %u\n", path, n, r.kind);
            fclose(f);
            return 2;
        }
    }
    fclose(f);
    *nrec = n - 2;
    return 0;
}

static void strides(const uint64_t *seen, uint64_t *stride, unsigned n, uint64_t rows)
{
    uint64_t per = rows / n ? rows / n : 1; /* a tiny ROWS must not divide by 0 */
    unsigned i;
    for (i = 0; i < n; i++)
        stride[i] = seen[i] > per ? seen[i] / per : 1;
}

static FILE *open_tsv(const char *path, const char *series, const char *what)
{
    FILE *f = fopen(path, "w");
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (!f) {
        perror(path);
        exit(2);
    }
    fprintf(f, "# %s -- updates captured from Linux %s itself (%s; Debian's linux-image under qemu).\n"
               "# Made by PGOV_ORACLE_TSV=DIR tests/oracle/run.sh (see tests/oracle/README.md); one row per\n"
               "# update, with the state before it: rows are independent.\n",
            base, series, what);
    return f;
}

/* --tsv DIR: open every TSV file with its header; the strides come from the
 * counting pass. Returns 0, or 2 (after perror) when a file cannot be made. */
static int open_tsvs(const char *dir, uint64_t rows, const char *series)
{
    char path[4096];
    unsigned i;

    strides(seen_pelt, stride_pelt, REPLAY_LINUX_NFLAVOURS, rows);
    strides(seen_ue, stride_ue, REPLAY_LINUX_UE_NOPS, rows);
    memset(seen_pelt, 0, sizeof(seen_pelt));
    memset(seen_ue, 0, sizeof(seen_ue));
    snprintf(path, sizeof(path), "%s/linux-%s-pelt.tsv", dir, series);
    tsv_pelt = open_tsv(path, series, "PELT");
    fprintf(tsv_pelt, "flavour\tnow_ns\tweight_raw\trunnable\ton_rq\trunning\tpre_last_update_time"
                      "\tpre_load_sum\tpre_runnable_sum\tpre_util_sum\tpre_period_contrib"
                      "\tpre_load_avg\tpre_runnable_avg\tpre_util_avg\tret\tlast_update_time"
                      "\tload_sum\trunnable_sum\tutil_sum\tperiod_contrib\tload_avg"
                      "\trunnable_avg\tutil_avg\n");
    snprintf(path, sizeof(path), "%s/linux-%s-util_est.tsv", dir, series);
    tsv_ue = open_tsv(path, series, "util_est");
    fprintf(tsv_ue, "kver\top\trq_sum\ttask_enqueued\ttask_ewma\tsleep\tutil\trunnable\tcap"
                    "\trq_sum_after\ttask_enqueued_after\ttask_ewma_after\n");
    /* Governors: a few thousand rows each (half the signal sample). */
    tsv_rows = rows / 2;
    /* schedutil: a third of the rows per path (commits are rare). */
    strides(sugov_count + 1, sugov_stride + 1, 3, tsv_rows);
    snprintf(path, sizeof(path), "%s/linux-%s-schedutil.tsv", dir, series);
    tsv_sugov = open_tsv(path, series, "schedutil");
    /* 6.12+: effective_cpu_util's floor and ceiling are inputs too */
    fprintf(tsv_sugov, "kver\ttable\tmax_freq_khz\tmin_khz\tmax_khz\tcur_khz\tmax_cap"
                       "\trate_limit_ns\ttick_ns\tnow_ns\tiowait\tremote\tutil\theld"
                       "\tcpu_bw_dl\tpre_boost\tpre_pending\tpre_last_update"
                       "\tpre_last_freq_update\tpre_next_freq\tpre_cached_raw_freq"
                       "\tneed_update\tpre_bw_dl%s\tpath\tboost\tpending\tlast_update"
                       "\tlast_freq_update\tnext_freq\tcached_raw_freq\tbw_dl\n",
            kver < PGOV_KVER_6_12 ? "" : uclamp_seen ? "\tbw_min\tuclamp_max\tcapped" : "\tbw_min\tuclamp_max");
    /* Task-group rows: 80 columns each, a third of the signal sample keeps
     * the file near a megabyte. */
    strides(seen_grp, stride_grp, REPLAY_LINUX_GROUP_NKINDS, rows / 3);
    memset(seen_grp, 0, sizeof(seen_grp));
    snprintf(path, sizeof(path), "%s/linux-%s-pelt_group.tsv", dir, series);
    tsv_grp = open_tsv(path, series, "update_load_avg of group entities and of entities on group"
                                     " runqueues, the kinds: replay_linux_group_kind");
    replay_linux_group_tsv_header(tsv_grp);
    for (i = 0; i < 2; i++) {
        snprintf(path, sizeof(path), "%s/linux-%s-%s.tsv", dir, series, dbs_names[i]);
        tsv_dbs[i] = fopen(path, "w");
        if (!tsv_dbs[i]) {
            perror(path);
            return 2;
        }
        fprintf(tsv_dbs[i],
                "# linux-%s-%s.tsv -- %s evaluations captured from Linux %s itself (Debian's"
                " linux-image under qemu).\n"
                "# Made by PGOV_ORACLE_TSV=DIR tests/oracle/run.sh (see tests/oracle/README.md):"
                " chains of policy 0,\n"
                "# each a governor start, then the evaluations and the sysfs stores between them"
                " (state carries along a chain).\n",
                series, dbs_names[i], dbs_names[i], series);
        fprintf(tsv_dbs[i], "chain\tstep\tgov\tkver\ttable\top\tmin_khz\tmax_khz\tcur_khz"
                            "\tsampling_rate\tup_threshold\tsampling_down_factor"
                            "\tignore_nice_load\tio_is_busy\tpowersave_bias\tdown_threshold"
                            "\tfreq_step\twall_us\tidle_us\tnice_ns\tload\tdelay_us\treq"
                            "\tcur_after\tprev_load\trate_mult\trequested_freq\tdown_skip\n");
    }
    return 0;
}

/* What the capture held and what was left out, before the verdict. */
static void report_counts(const char *release, const char *kernel, uint64_t n,
                          const uint64_t *trailer)
{
    printf("capture: Linux %s (%s), %" PRIu64 " records\n", release, kernel, n);
    printf("not captured: %" PRIu64 " records (ring full), %" PRIu64 " (volume cap: PELT, util_est and task-group), %" PRIu64
           " (kretprobe instance pool empty), %" PRIu64 " (hit inside another probe's handler)\n",
           trailer[1], trailer[2], trailer[3], trailer[4]);
    printf("captured: schedutil %" PRIu64 " callbacks, ondemand %" PRIu64 " and conservative %" PRIu64
           " evaluations\n", sugov_seen, dbs_seen[0], dbs_seen[1]);
    printf("schedutil: %" PRIu64 " callbacks with the deadline bandwidth risen since the last"
           " evaluation (a limits change for the rate limit and the hold: pgov_sugov_input.bw_dl)\n",
           sugov_dl_bw);
    if (kver >= PGOV_KVER_6_12)
        printf("util_est: %" PRIu64 " enqueues/dequeues of a delayed task that migrates or is"
               " saved/restored (no rq sum change expected, not compared; %" PRIu64 " changed it)\n",
               ue_not_called, ue_not_called_moved);
    printf("dbs instances (re)started: ondemand %" PRIu64 ", conservative %" PRIu64
           "; tunable stores replayed: ondemand %" PRIu64 ", conservative %" PRIu64 "\n",
           dbs_starts[0], dbs_starts[1], tunable_stores[0], tunable_stores[1]);
    printf("not compared: schedutil %" PRIu64 " (first callback of a policy: no capacity yet, or"
           " unknown flags, or the CPU's rq not yet seen); ondemand %" PRIu64 ", conservative %"
           PRIu64 " (a period whose start was not captured, a missed evaluation (the counters"
           " or policy->cur moved since the last one), or after a mismatch, until the kernel's"
           " state is again one a start leaves)\n",
           sugov_skipped, dbs_skipped[0], dbs_skipped[1]);
    printf("not compared: ondemand %" PRIu64 ", conservative %" PRIu64 " (a sysfs store raced"
           " the evaluation: it changed the tunables meanwhile, or its per-policy reset or its"
           " counter rebase had not reached the policy yet)\n", dbs_raced[0], dbs_raced[1]);
}

/* The gate lines, the library governor's log, and the final "oracle:" line.
 * Returns the exit status (0 or 1). */
static int verdict(const char *kernel)
{
    /* The gate is the library's own claim: a module whose 6.1 profile
     * pgov_kver_exactness() calls exact must match every compared row; the
     * others are measured and reported, never gated (docs/oracle.md says
     * what differs and where the fix belongs). */
    /* `floor`: a tenth of what the workload gives on an idle 2-core host
     * (docs/oracle.md); fewer compared rows mean a broken capture (a
     * missing BTF offset, a governor that never ran), which must not pass
     * as "all exact". */
    struct tally t_uc = {uclamp_tally.compared, uclamp_tally.exact, 0};
    const struct {
        const char *name;
        uint32_t module;
        const struct tally *t;
        uint64_t floor;
    } gate[] = {
        {"pelt", PGOV_MOD_PELT, &t_pelt, 100000},
        {"util_est", PGOV_MOD_UTIL_EST, &t_ue, 10000},
        {"schedutil", PGOV_MOD_SUGOV, &t_sugov, 1000},
        {"ondemand", PGOV_MOD_DBS, &t_dbs[0], 200},
        {"conservative", PGOV_MOD_DBS, &t_dbs[1], 200},
        {"groups", PGOV_MOD_PELT_GROUP, &t_grp, 100000},
        {"uclamp", PGOV_MOD_UCLAMP, &t_uc, 20000},
    };
    /* uclamp only where pgov_uclamp.ko ran (a kernel with CONFIG_UCLAMP_TASK) */
    size_t ngate = sizeof(gate) / sizeof(gate[0]) - (t_uc.compared ? 0 : 1);
    static const char *const claim[] = {"unsupported", "approximate", "exact"};
    int rc = 0;
    for (size_t i = 0; i < ngate; i++) {
        int ex = pgov_kver_exactness(gate[i].module, kver);
        bool gated = ex == PGOV_KVER_EXACT;
        bool ok = gate[i].t->exact == gate[i].t->compared;
        bool enough = gate[i].t->compared >= gate[i].floor;
        printf("gate: %s: library claims %s for %u.%u: %s\n", gate[i].name,
               ex >= 0 && ex <= PGOV_KVER_EXACT ? claim[ex] : "?", kver >> 8, kver & 0xff,
               !gated  ? "reported, not gated"
               : !ok   ? "gated, MISMATCH"
               : enough ? "gated, all exact"
                        : "gated, TOO FEW ROWS compared (broken capture?)");
        if (!enough)
            printf("gate: %s: %" PRIu64 " rows compared, at least %" PRIu64 " expected\n",
                   gate[i].name, gate[i].t->compared, gate[i].floor);
        if (gated && (!ok || !enough))
            rc = 1;
    }
    /* libpgov as the guest's governor: its log against the host (gated). */
    struct pgov_freq_table ft;
    if (pgov_freq_table_init(&ft, dummy_table, DUMMY_TABLE_LEN, 0) != PGOV_OK || gov_replay_report(&ft))
        rc = 1;
    if (t_uc.compared)
        printf("uclamp: %" PRIu64 " enqueues and %" PRIu64 " dequeues compared, %" PRIu64
               " of them changed the clamp state, %" PRIu64 " before uclamp was in use, %" PRIu64
               " enqueues of a delayed task, %" PRIu64 " while uclamp was being switched on, %" PRIu64
               " of an RT task whose stored MIN request was not the RT default in force;"
               " not compared: %" PRIu64 " (a runqueue state the snapshot cannot rebuild), %" PRIu64
               " (a group or system limit written during the call)\n",
               uclamp_tally.ops[0], uclamp_tally.ops[1], uclamp_tally.changed, uclamp_tally.unused,
               uclamp_tally.delayed_enq, uclamp_tally.transition, uclamp_tally.rt_stale,
               uclamp_tally.skipped, uclamp_tally.moved);
    char ucl[64] = "";
    if (t_uc.compared)
        snprintf(ucl, sizeof(ucl), " uclamp %" PRIu64 "/%" PRIu64, t_uc.exact, t_uc.compared);
    printf("oracle: pelt %" PRIu64 "/%" PRIu64 " util_est %" PRIu64 "/%" PRIu64
           " schedutil %" PRIu64 "/%" PRIu64 " ondemand %" PRIu64 "/%" PRIu64
           " conservative %" PRIu64 "/%" PRIu64 " groups %" PRIu64 "/%" PRIu64 "%s exact (kernel %s)\n",
           t_pelt.exact, t_pelt.compared, t_ue.exact, t_ue.compared, t_sugov.exact,
           t_sugov.compared, t_dbs[0].exact, t_dbs[0].compared, t_dbs[1].exact,
           t_dbs[1].compared, t_grp.exact, t_grp.compared, ucl, kernel);
    return rc;
}

int main(int argc, char **argv)
{
    char release[65] = "", version[65] = "", kernel[32] = "6.1.?";
    uint64_t trailer[5] = { 0 }, n = 0, rows = 0;
    const char *cap, *dir = NULL;
    char series[16];
    int e;

    if (argc == 5 && strcmp(argv[2], "--tsv") == 0) {
        dir = argv[3];
        rows = strtoull(argv[4], NULL, 10);
    } else if (argc != 2) {
        fprintf(stderr, "usage: oracle_replay CAPTURE [--tsv DIR ROWS]\n");
        return 2;
    }
    cap = argv[1];
    dbs_init();
    if (dir) {
        if ((e = pass(cap, 1, release, version, trailer, &n)))
            return e;
        snprintf(series, sizeof(series), "%u.%u", kver >> 8, kver & 0xff);
        if ((e = open_tsvs(dir, rows, series)))
            return e;
    }
    if ((e = pass(cap, 0, release, version, trailer, &n)))
        return e;
    if (tsv_pelt && (fclose(tsv_pelt) | fclose(tsv_ue) | fclose(tsv_sugov) | fclose(tsv_dbs[0]) |
                     fclose(tsv_dbs[1]) | fclose(tsv_grp))) {
        perror("oracle_replay: writing the TSV sample");
        return 2;
    }
    /* The stable update pass() read from the version string (stable_of). */
    if (kver_stable)
        snprintf(kernel, sizeof(kernel), "%u.%u.%u", kver >> 8, kver & 0xff, kver_stable);
    else
        snprintf(kernel, sizeof(kernel), "%u.%u.?", kver >> 8, kver & 0xff);
    report_counts(release, kernel, n, trailer);
    group_report();
    return verdict(kernel);
}
