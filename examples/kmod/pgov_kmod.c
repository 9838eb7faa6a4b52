/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov_selftest.ko: libpgov inside the Linux kernel.
 *
 * The module links the library's unchanged lib/ sources (compiled by Kbuild
 * with the kernel's flags) and, at load time, replays a subset of the golden
 * vectors through the public API, then prints one summary line:
 *
 *   pgov: selftest passed: <rows>/<rows> vector rows (pstate_fixed <n>), libpgov <ver>
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

#include "pgov_kvec.h"

#ifndef PGOV_DIV_U64
#error "pgov_kernel.h must map PGOV_DIV_U64 to the kernel's div64_u64"
#endif

/* Narrow a 64-bit pattern the way the vectors define s32 columns. */
static s32 lo32(u64 v)
{
    return (s32)(u32)v;
}

/* One pstate_fixed.tsv row through the public fixed-point API; returns the
 * computed result as a 64-bit pattern, or false for an unknown function. */
static bool fixed_eval(const struct pgov_kvec_fixed *r, u64 *got)
{
    const char *f = r->func;
    s64 a = (s64)r->a, b = (s64)r->b;

    if (!strcmp(f, "int_tofp"))
        *got = (u64)pgov_fp_int_tofp(a);
    else if (!strcmp(f, "fp_toint32"))
        *got = (u64)(s64)pgov_fp_toint32(lo32(r->a));
    else if (!strcmp(f, "fp_toint64"))
        *got = (u64)pgov_fp_toint64(a);
    else if (!strcmp(f, "mul_fp"))
        *got = (u64)(s64)pgov_fp_mul(lo32(r->a), lo32(r->b));
    else if (!strcmp(f, "div_fp")) {
        s32 q = 0;
        if (pgov_fp_div(a, b, &q))
            return false;
        *got = (u64)(s64)q;
    } else if (!strcmp(f, "ceiling_fp"))
        *got = (u64)(s64)pgov_fp_ceiling(lo32(r->a));
    else if (!strcmp(f, "percent_fp"))
        *got = (u64)(s64)pgov_fp_percent(lo32(r->a));
    else if (!strcmp(f, "mul_ext_fp"))
        *got = pgov_fp_mul_ext(r->a, r->b);
    else if (!strcmp(f, "div_ext_fp")) {
        u64 q = 0;
        if (pgov_fp_div_ext(r->a, r->b, &q))
            return false;
        *got = q;
    } else if (!strcmp(f, "percent_ext_fp"))
        *got = (u64)(s64)pgov_fp_percent_ext(lo32(r->a));
    else if (!strcmp(f, "int_ext_tofp"))
        *got = (u64)pgov_fp_int_ext_tofp(a);
    else if (!strcmp(f, "fp_ext_toint"))
        *got = (u64)pgov_fp_ext_toint(a);
    else
        return false;
    return true;
}

static int __init pgov_selftest_init(void)
{
    unsigned int i, pass = 0, total = 0;

    for (i = 0; i < pgov_kvec_fixed_n; i++) {
        const struct pgov_kvec_fixed *r = &pgov_kvec_fixed[i];
        u64 got = 0;
        bool ok = fixed_eval(r, &got);

        total++;
        /* The file prints s32 results sign-extended; compare the patterns. */
        if (ok && got == r->result) {
            pass++;
            continue;
        }
        if (pass + 1 == total || total - pass <= 3)
            pr_err("pgov: mismatch: pstate_fixed %s(%lld, %lld): want %lld, got %lld%s\n",
                   r->func, (long long)r->a, (long long)r->b, (long long)r->result,
                   (long long)got, ok ? "" : " (call failed)");
    }
    if (pass != total) {
        pr_err("pgov: selftest FAILED: %u/%u vector rows, libpgov %s\n", pass, total,
               pgov_version_string());
        return -EINVAL;
    }
    pr_info("pgov: selftest passed: %u/%u vector rows (pstate_fixed %u), libpgov %s\n", pass,
            total, pgov_kvec_fixed_n, pgov_version_string());
    return 0;
}

static void __exit pgov_selftest_exit(void)
{
}

module_init(pgov_selftest_init);
module_exit(pgov_selftest_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libpgov self-test: the library's golden vectors replayed in the kernel");
