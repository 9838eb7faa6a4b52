/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz pgov-sim's workload parser. Any input either parses into a
 * well-formed workload (every reference resolved, every loop matched, every
 * value within its documented range) or is rejected with a "file:line:
 * reason" message; the same input always gives the same answer. Violations
 * abort.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

static void check_workload(const struct sim_workload *wl)
{
    CHECK(wl->nscripts >= 1 && wl->nstarts >= 1 && wl->nsems <= 16);
    for (uint32_t s = 0; s < wl->nscripts; s++) {
        const struct sim_script *sc = &wl->scripts[s];
        CHECK(sc->nops >= 1 && sc->name[0]);
        int depth = 0;
        for (uint32_t i = 0; i < sc->nops; i++) {
            const struct sim_op *op = &sc->ops[i];
            CHECK(op->line >= 1);
            switch (op->kind) {
            case OP_COMPUTE:
                CHECK(op->a <= 10000000000000ull && op->b <= 1000 && op->c <= 1000);
                break;
            case OP_SLEEP:
            case OP_IO:
            case OP_TSLEEP:
                CHECK(op->a <= 10000000000000ull && op->c <= 1000);
                break;
            case OP_FORK:
                CHECK(op->a < wl->nscripts);
                break;
            case OP_POST:
            case OP_PEND:
                CHECK(op->a < wl->nsems);
                break;
            case OP_LOOP:
                CHECK(op->b > i && op->b < sc->nops && sc->ops[op->b].kind == OP_END &&
                      sc->ops[op->b].b == i);
                depth++;
                CHECK(depth <= 8);
                break;
            case OP_END:
                CHECK(op->b < i && sc->ops[op->b].kind == OP_LOOP && sc->ops[op->b].b == i);
                depth--;
                CHECK(depth >= 0);
                break;
            case OP_UCLAMP:
                CHECK(op->a <= op->b && op->b <= 1024);
                break;
            case OP_WAIT:
            case OP_EXEC:
            case OP_COUNT:
            case OP_EXIT:
                break;
            default:
                abort();
            }
        }
        CHECK(depth == 0);
    }
    for (uint32_t i = 0; i < wl->nstarts; i++) {
        CHECK(wl->starts[i].script < wl->nscripts);
        CHECK(wl->starts[i].count >= 1 && wl->starts[i].count <= 100000);
        CHECK(wl->starts[i].cpu < SIM_MAX_CPUS);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct sim_workload a, b;
    struct sim_err ea = {{0}}, eb = {{0}};
    const char *text = (const char *)data;
    int ra = sim_workload_parse_mem("fuzz.wl", text, size, "jobs", 4, &a, &ea);
    int rb = sim_workload_parse_mem("fuzz.wl", text, size, "jobs", 4, &b, &eb);
    CHECK(ra == rb && (ra == 0 || ra == -1));
    if (ra == 0) {
        check_workload(&a);
        CHECK(a.nscripts == b.nscripts);
        for (uint32_t s = 0; s < a.nscripts; s++) {
            CHECK(a.scripts[s].nops == b.scripts[s].nops);
            CHECK(memcmp(a.scripts[s].ops, b.scripts[s].ops,
                         a.scripts[s].nops * sizeof(struct sim_op)) == 0);
        }
        sim_workload_free(&a);
        sim_workload_free(&b);
    } else {
        /* "fuzz.wl:LINE: reason" or "fuzz.wl: reason", the same both times */
        CHECK(strncmp(ea.msg, "fuzz.wl:", 8) == 0 && strlen(ea.msg) > 10);
        CHECK(strcmp(ea.msg, eb.msg) == 0);
    }
    return 0;
}
