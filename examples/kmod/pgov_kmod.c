/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_selftest.ko: libpgov inside the Linux kernel.
 *
 * The module links the library's unchanged lib/ sources (compiled by Kbuild
 * with the kernel's flags) and, at load time, replays a subset of the golden
 * vectors through the public API, then prints one summary line:
 *
 *   pgov: selftest passed: <rows>/<rows> vector rows (pstate_fixed <n>, pelt_decay <n>,
 *         pelt_segments <n>, uclamp_bucket_id <n>), libpgov <ver>
 *
 * and returns 0, or prints the first mismatch and "selftest FAILED" and
 * refuses to load (-EINVAL). Licence: this glue is BSD-2-Clause like the
 * library, declared to the kernel as "Dual BSD/GPL" so the module can be
 * loaded without tainting the kernel as proprietary.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include <pgov/pgov.h>
#include <pgov/fixed.h>
#include <pgov/pelt.h>
#include <pgov/uclamp.h>

#include "pgov_kvec.h"

#ifndef PGOV_DIV_U64
#error "pgov_kernel.h must map PGOV_DIV_U64 to the kernel's div64_u64"
#endif

/* Narrow a 64-bit pattern the way the vectors define s32 columns. */
static s32 lo32(u64 v)
{
    return (s32)(u32)v;
}

/* One pstate_fixed.tsv row through the public fixed-point API: computes
 * the result as a 64-bit pattern, false for an unknown function. */
static bool fixed_eval(const struct pgov_kvec_row *r, u64 *got)
{
    const char *f = r->key;
    u64 ua = r->v[0], ub = r->v[1];
    s64 a = (s64)ua, b = (s64)ub;

    if (!strcmp(f, "int_tofp"))
        *got = (u64)pgov_fp_int_tofp(a);
    else if (!strcmp(f, "fp_toint32"))
        *got = (u64)(s64)pgov_fp_toint32(lo32(ua));
    else if (!strcmp(f, "fp_toint64"))
        *got = (u64)pgov_fp_toint64(a);
    else if (!strcmp(f, "mul_fp"))
        *got = (u64)(s64)pgov_fp_mul(lo32(ua), lo32(ub));
    else if (!strcmp(f, "div_fp")) {
        s32 q = 0;
        if (pgov_fp_div(a, b, &q))
            return false;
        *got = (u64)(s64)q;
    } else if (!strcmp(f, "ceiling_fp"))
        *got = (u64)(s64)pgov_fp_ceiling(lo32(ua));
    else if (!strcmp(f, "percent_fp"))
        *got = (u64)(s64)pgov_fp_percent(lo32(ua));
    else if (!strcmp(f, "mul_ext_fp"))
        *got = pgov_fp_mul_ext(ua, ub);
    else if (!strcmp(f, "div_ext_fp")) {
        u64 q = 0;
        if (pgov_fp_div_ext(ua, ub, &q))
            return false;
        *got = q;
    } else if (!strcmp(f, "percent_ext_fp"))
        *got = (u64)(s64)pgov_fp_percent_ext(lo32(ua));
    else if (!strcmp(f, "int_ext_tofp"))
        *got = (u64)pgov_fp_int_ext_tofp(a);
    else if (!strcmp(f, "fp_ext_toint"))
        *got = (u64)pgov_fp_ext_toint(a);
    else
        return false;
    return true;
}

static bool decay_eval(const struct pgov_kvec_row *r, u64 *got)
{
    *got = pgov_pelt_decay(r->v[0], r->v[1]);
    return true;
}

static bool segments_eval(const struct pgov_kvec_row *r, u64 *got)
{
    if (r->v[1] > U32_MAX || r->v[2] > U32_MAX)
        return false;
    *got = pgov_pelt_segments(r->v[0], (u32)r->v[1], (u32)r->v[2]);
    return true;
}

/* Both profiles of a row must match: the current (saturating) index is the
 * compared result; a v5.7 mismatch poisons it. */
static bool bucket_eval(const struct pgov_kvec_row *r, u64 *got)
{
    u32 cur = 0, old = 0;

    if (r->v[0] > 20 || r->v[1] > 1024)
        return false;
    if (pgov_uclamp_bucket_id((u32)r->v[0], 0, (u32)r->v[1], &cur) ||
        pgov_uclamp_bucket_id((u32)r->v[0], PGOV_KVER(5, 7), (u32)r->v[1], &old))
        return false;
    *got = old == r->v[3] ? cur : U64_MAX;
    return true;
}

struct kvec_table {
    const char *file;
    const struct pgov_kvec_row *rows;
    const unsigned int *n;
    unsigned int nin; /* input columns; the next one is the expected result */
    bool (*eval)(const struct pgov_kvec_row *r, u64 *got);
};

static const struct kvec_table tables[] = {
    { "pstate_fixed", pgov_kvec_fixed, &pgov_kvec_fixed_n, 2, fixed_eval },
    { "pelt_decay", pgov_kvec_pelt_decay, &pgov_kvec_pelt_decay_n, 2, decay_eval },
    { "pelt_segments", pgov_kvec_pelt_segments, &pgov_kvec_pelt_segments_n, 3, segments_eval },
    { "uclamp_bucket_id", pgov_kvec_uclamp_bucket_id, &pgov_kvec_uclamp_bucket_id_n, 2,
      bucket_eval },
};

static unsigned int run_table(const struct kvec_table *t, unsigned int *failed)
{
    unsigned int i, pass = 0;

    for (i = 0; i < *t->n; i++) {
        const struct pgov_kvec_row *r = &t->rows[i];
        u64 want = r->v[t->nin], got = 0;
        bool ok = t->eval(r, &got);

        if (ok && got == want) {
            pass++;
            continue;
        }
        if ((*failed)++ < 3)
            pr_err("pgov: mismatch: %s row %u %s(%llu, %llu, %llu): want %llu, got %llu%s\n",
                   t->file, i, r->key, r->v[0], r->v[1], t->nin > 2 ? r->v[2] : 0ULL, want,
                   got, ok ? "" : " (call failed)");
    }
    return pass;
}

static int __init pgov_selftest_init(void)
{
    unsigned int i, pass = 0, total = 0, failed = 0;

    for (i = 0; i < ARRAY_SIZE(tables); i++) {
        pass += run_table(&tables[i], &failed);
        total += *tables[i].n;
    }
    if (pass != total) {
        pr_err("pgov: selftest FAILED: %u/%u vector rows, libpgov %s\n", pass, total,
               pgov_version_string());
        return -EINVAL;
    }
    pr_info("pgov: selftest passed: %u/%u vector rows (pstate_fixed %u, pelt_decay %u, "
            "pelt_segments %u, uclamp_bucket_id %u), libpgov %s\n",
            pass, total, pgov_kvec_fixed_n, pgov_kvec_pelt_decay_n, pgov_kvec_pelt_segments_n,
            pgov_kvec_uclamp_bucket_id_n, pgov_version_string());
    return 0;
}

static void __exit pgov_selftest_exit(void)
{
}

module_init(pgov_selftest_init);
module_exit(pgov_selftest_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov self-test: the library's golden vectors replayed in the kernel");
