/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgov-sim's scenario parser. The input is written to a scratch .scn
 * file next to a small valid workload ("w.wl", so `workload w.wl` resolves).
 * A parsed scenario is complete and within range (cpus, hz, iterations,
 * kver a real release or current, expect labels defined); a rejected one
 * names the file. The same input gives the same answer. Violations abort.
 */
#define _XOPEN_SOURCE 700 /* nftw, for fuzz_scratch.h */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "num.h"
#include "sim.h"
#include "fuzz_scratch.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

static void check_kver(uint32_t k)
{
    CHECK(k == 0 || num_kver_released(k));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char dir[64], path[96];
    static struct sim_scenario a, b;
    struct sim_err ea = {{0}}, eb = {{0}};
    if (!dir[0]) {
        fuzz_scratch_path(dir, sizeof(dir), "scn");
        mkdir(dir, 0700);
        snprintf(path, sizeof(path), "%s/w.wl", dir);
        FILE *w = fopen(path, "w");
        CHECK(w != NULL);
        fputs("script a\n  compute 1M\n  sleep 1ms\nend\nstart a\n", w);
        fclose(w);
        snprintf(path, sizeof(path), "%s/f.scn", dir);
    }
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    CHECK(fwrite(data, 1, size, f) == size);
    fclose(f);
    int ra = sim_scenario_parse(path, &a, &ea), rb = sim_scenario_parse(path, &b, &eb);
    CHECK(ra == rb && (ra == 0 || ra == -1));
    if (ra == 0) {
        CHECK(a.name[0] && a.plat && a.workload_path[0] && a.npol >= 1);
        /* every logical CPU of the machine: packages x cores x SMT threads,
         * whole cores only (a CPU count of 16 on a 15-core SMT-2 part is one) */
        uint32_t smt = a.plat->smt > 1 ? a.plat->smt : 1, pk = a.plat->packages ? a.plat->packages : 1;
        CHECK(a.ncpu >= 1 && a.ncpu <= pk * a.plat->cores * smt && a.ncpu % smt == 0);
        CHECK(a.hz == 100 || a.hz == 250 || a.hz == 300 || a.hz == 1000);
        CHECK(a.iterations >= 1 && a.iterations <= 1000 && a.limit_ns >= 1);
        for (uint32_t i = 0; i < a.npol; i++) {
            check_kver(a.pol[i].kver);
            check_kver(a.pol[i].sched_kver);
        }
        CHECK(a.npol == b.npol && a.nexpect == b.nexpect && strcmp(a.name, b.name) == 0);
    } else {
        CHECK(strncmp(ea.msg, path, strlen(path)) == 0 && ea.msg[strlen(path)] == ':');
        CHECK(strcmp(ea.msg, eb.msg) == 0);
    }
    return 0;
}
