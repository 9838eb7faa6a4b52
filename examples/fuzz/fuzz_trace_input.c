/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgov-trace's input: ftrace buffer text, `trace-cmd report` text and
 * trace.dat (through libtracecmd where the build has it), detected from the
 * content by pgt_load as the tool does. The input goes through an in-memory
 * file (memfd) so the trace.dat reader sees a real path.
 *
 * Contract: a trace either loads into a well-formed event array (times in
 * order, every CPU below ncpu <= PGT_MAX_CPUS, types known) that the signal
 * rebuild, the governor-free workload writer and a second load all accept
 * and agree on (a trace with task groups also through them, with the 6.1
 * rules or, when the input's last byte is odd, the 7.3 ones: its
 * group-load-from-samples gate and the 6.12+ paths), or it is refused with "PATH:LINE: reason" / "PATH: reason";
 * the same input always gives the same answer. Violations abort.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lsan_libtracecmd.h"
#include <pgov/kver.h>

#include "trace.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

static void check_trace(const struct pgt_trace *t)
{
    CHECK(t->n >= 1 && t->ncpu >= 1 && t->ncpu <= PGT_MAX_CPUS);
    for (size_t i = 0; i < t->n; i++) {
        const struct pgt_event *e = &t->ev[i];
        CHECK(e->type >= PGT_SWITCH && e->type < PGT_NTYPES);
        CHECK(e->cpu < t->ncpu);
        CHECK(i == 0 || e->ts >= t->ev[i - 1].ts);
        /* a task group is named by an index into the bounded path table */
        CHECK(t->ngroups <= PGT_MAX_GROUPS);
        CHECK(e->type != PGT_PELT_GROUP || (e->x[2] < t->ngroups && e->x[1] <= 1 && e->pid == -1));
        CHECK(e->type != PGT_PELT_SE || e->x[2] <= t->ngroups);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("fuzz.trace", 0);
    if (fd < 0)
        return 0;
    if (size && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    static struct pgt_trace a, b;
    int ra = pgt_load(path, &a);
    int rb = pgt_load(path, &b);
    CHECK(ra == rb && (ra == 0 || ra == -1));
    if (ra == 0) {
        check_trace(&a);
        CHECK(a.n == b.n && a.ncpu == b.ncpu && memcmp(a.ev, b.ev, a.n * sizeof(*a.ev)) == 0);
        static struct pgt_platform p;
        for (int i = 0; i < PGT_MAX_CPUS; i++)
            p.cap[i] = 1024;
        struct pgt_signals s;
        char err[PGT_ERR_LEN];
        int rs = pgt_signals_run(&a, &p, true, &s, err, sizeof(err));
        CHECK(rs == 0 || (rs == -1 && strncmp(err, path, strlen(path)) == 0));
        if (rs == 0) {
            CHECK(s.total.n == s.nsamples);
            pgt_signals_free(&s);
        }
        if (a.ngroups) { /* the rebuild through task groups */
            /* the last byte picks the rules, so both stay in reach at the
             * cost of one rebuild (a text trace ends in '\n': 6.1) */
            p.kver = (data[size - 1] & 1) ? PGOV_KVER_7_3 : PGOV_KVER_6_1;
            rs = pgt_signals_run(&a, &p, true, &s, err, sizeof(err));
            p.kver = 0;
            CHECK(rs == 0 || (rs == -1 && strncmp(err, path, strlen(path)) == 0));
            if (rs == 0) {
                CHECK((s.groups_rebuilt || !a.ncpu) && s.total.n == s.nsamples);
                pgt_signals_free(&s);
            }
        }
        char *buf = NULL;
        size_t len = 0;
        FILE *o = open_memstream(&buf, &len);
        if (o) {
            CHECK(pgt_workload_write(&a, o, err, sizeof(err)) == 0);
            fclose(o);
            CHECK(len > 0 && strncmp(buf, "pgov-workload 1\n", 16) == 0);
            free(buf);
        }
    } else {
        size_t pl = strlen(path);
        CHECK(strncmp(a.err, path, pl) == 0 && a.err[pl] == ':' && strlen(a.err) > pl + 2);
        CHECK(strcmp(a.err, b.err) == 0);
    }
    pgt_free(&a);
    pgt_free(&b);
    close(fd);
    return 0;
}
