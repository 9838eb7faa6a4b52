/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-trace speed: parse and replay of a trace (trace.dat by default)
 * on one core, beside a floating-point rendering of LISA's per-update PELT
 * method run over the same number of updates in the same process, and
 * the time of a whole `pgov-trace bisect` (load included) from 4.14 to 7.3
 * under schedutil, ondemand and intel_pstate.
 * Prints figures only (best of 5 runs each).
 *
 * usage: pgov-bench-trace [TRACE [REPS]]
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <pgov/kver.h>

#include "bisect.h"
#include "trace.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#include <string.h>


/* LISA's method, in the spirit of lisa.pelt.simulate_pelt: a float signal
 * decayed by y^(dt / 1024 us) and driven toward 1024 while running, one
 * pow() per update. */
static double lisa_float(const struct pgt_trace *t, size_t updates)
{
    const double y = pow(0.5, 1.0 / 32.0), period = 1024.0 * 1024.0;
    volatile double sink = 0;
    double util = 0;
    size_t k = 1;
    for (size_t u = 0; u < updates; u++, k = k + 1 < t->n ? k + 1 : 1) {
        double dt = (double)(t->ev[k].ts - t->ev[k - 1].ts);
        double d = pow(y, dt / period);
        util = util * d + ((t->ev[k].cpu & 1) ? 1024.0 * (1.0 - d) : 0.0);
    }
    sink = util;
    return sink;
}

/* pgov-trace bisect TRACE --releases 4.14..7.3 with three policies, as
 * main.c runs it (load, then bs_run), output discarded: best of 5, s. */
static double bisect_s(const char *path)
{
    static const char *const pols[][2] = {
        {"sched", "schedutil"}, {"od", "ondemand"}, {"pst", "intel_pstate"}};
    static struct gv_opts o;
    static struct pgt_platform plat;
    char why[200], err[PGT_ERR_LEN];
    double best = 1e9;
    o.plat = sim_platform_find("ivb-i7-3770");
    o.hz = 250;
    o.to_ns = UINT64_MAX;
    for (int i = 0; i < PGT_MAX_CPUS; i++)
        plat.cap[i] = 1024;
    for (o.npol = 0; o.npol < 3; o.npol++) {
        char *tok = (char *)pols[o.npol][1];
        if (!o.plat || mdl_policy_parse(pols[o.npol][0], &tok, 1, &o.pol[o.npol], why, sizeof(why)))
            return -1;
    }
    FILE *null = fopen("/dev/null", "w");
    for (int run = 0; run < 5 && null; run++) {
        double t0 = now_s();
        struct pgt_trace t;
        if (pgt_load(path, &t))
            return -1;
        int rc = bs_run(&t, &plat, &o, PGOV_KVER(4, 14), PGOV_KVER(7, 3), null, null, NULL, err, sizeof(err));
        pgt_free(&t);
        if (rc)
            return -1;
        if (now_s() - t0 < best)
            best = now_s() - t0;
    }
    if (null)
        fclose(null);
    return best;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "examples/trace/tests/traces/qemu-6.1.dat";
    int reps = argc > 2 ? atoi(argv[2]) : 200;
    static struct pgt_platform plat;
    for (int i = 0; i < PGT_MAX_CPUS; i++)
        plat.cap[i] = 1024;
    plat.kver = 0x601;
    double best_parse = 1e9, best_replay = 1e9, best_lisa = 1e9;
    size_t events = 0, updates = 0;
    struct pgt_trace keep;
    if (reps < 1)
        reps = 1;
    if (pgt_load(path, &keep)) {
        fprintf(stderr, "%s\n", keep.err);
        return 2;
    }
    events = keep.n;
    for (int run = 0; run < 5; run++) {
        double t0 = now_s();
        for (int r = 0; r < reps; r++) {
            struct pgt_trace t;
            if (pgt_load(path, &t))
                return 2;
            pgt_free(&t);
        }
        double t1 = now_s();
        for (int r = 0; r < reps; r++) {
            struct pgt_signals s;
            char err[PGT_ERR_LEN];
            if (pgt_signals_run(&keep, &plat, false, &s, err, sizeof(err)))
                return 2;
            updates = s.updates;
            pgt_signals_free(&s);
        }
        double t2 = now_s();
        lisa_float(&keep, updates * (size_t)reps);
        double t3 = now_s();
        if (t1 - t0 < best_parse)
            best_parse = t1 - t0;
        if (t2 - t1 < best_replay)
            best_replay = t2 - t1;
        if (t3 - t2 < best_lisa)
            best_lisa = t3 - t2;
    }
    double n = (double)events * reps, u = (double)updates * reps;
    printf("trace\t%s (%s, %zu events, %zu PELT updates per replay, %d reps)\n", path, keep.format,
           events, updates, reps);
    printf("parse\t%.2f M events/s (whole files, open included)\n", n / best_parse / 1e6);
    printf("replay\t%.2f M events/s\t%.1f ns per PELT update (libpgov, fixed point)\n",
           n / best_replay / 1e6, best_replay / u * 1e9);
    if (strcmp(keep.format, "trace.dat") == 0) {
        /* A small trace.dat is dominated by the open (headers, formats,
         * kallsyms): the record loop alone, from the same runs, through the
         * pages reader (what pgov-trace uses) and, as the baseline, through
         * libtracecmd's iteration. */
        static const struct {
            enum pgt_dat_reader r;
            const char *what;
        } rd[] = {{PGT_DAT_AUTO, "records"}, {PGT_DAT_TRACECMD, "records-libtracecmd"}};
        for (size_t k = 0; k < sizeof(rd) / sizeof(rd[0]); k++) {
            double rec = 1e9;
            const char *name = "?";
            for (int run = 0; run < 5; run++) {
                struct pgt_trace t;
                if (pgt_load_with(path, &t, rd[k].r))
                    return 2;
                if ((double)t.records_ns * 1e-9 < rec)
                    rec = (double)t.records_ns * 1e-9;
                name = t.dat_reader;
                pgt_free(&t);
            }
            printf("%s\t%.2f M events/s (trace.dat record loop: %s + field decoding)\n", rd[k].what,
                   (double)events / rec / 1e6, name);
            printf("%s+replay\t%.2f M events/s\n", rd[k].what, n / (rec * reps + best_replay) / 1e6);
        }
    }
    printf("parse+replay\t%.2f M events/s\n", n / (best_parse + best_replay) / 1e6);
    printf("lisa-float\t%.1f ns per update (float, one pow() per update, same update count)\n",
           best_lisa / u * 1e9);
    double b = bisect_s(path);
    if (b < 0)
        return 2;
    printf("bisect\t%.3f s (pgov-trace bisect 4.14 .. 7.3, schedutil + ondemand + intel_pstate, load "
           "included, one core)\n", b);
    pgt_free(&keep);
    return 0;
}
