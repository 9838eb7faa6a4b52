/* SPDX-License-Identifier: BSD-2-Clause */
/* Strict decimal numbers for the tools; see num.h for the accepted form. */
#include "num.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const struct num_units num_plain = {"", {{"", 1}, {0, 0}}};
const struct num_units num_time_ns = {
    "ns", {{"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}, {0, 0}}};
const struct num_units num_count = {"", {{"", 1}, {"k", 1000}, {"M", 1000000}, {0, 0}}};
const struct num_units num_cycles = {
    "", {{"", 1}, {"k", 1000}, {"M", 1000000}, {"G", 1000000000}, {0, 0}}};
const struct num_units num_freq_khz = {"kHz",
                                       {{"kHz", 1}, {"MHz", 1000}, {"GHz", 1000000}, {0, 0}}};
const struct num_units num_permille = {"permille", {{"%", 10}, {0, 0}}};

static int fail(char *err, size_t n, const char *fmt, ...)
{
    if (err && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* "a decimal number", "a decimal number with unit ns|us|ms|s" ... */
static void describe(const struct num_units *u, char *buf, size_t n)
{
    size_t len = (size_t)snprintf(buf, n, "a decimal number");
    bool bare = false;
    int k = 0;
    for (const struct num_unit *x = u->u; x->suffix; x++)
        bare |= !x->suffix[0];
    for (const struct num_unit *x = u->u; x->suffix && len < n; x++) {
        if (!x->suffix[0])
            continue;
        len += (size_t)snprintf(buf + len, n - len, "%s%s",
                                k++    ? "|"
                                : bare ? " with an optional unit "
                                       : " with unit ",
                                x->suffix);
    }
}

static bool mul_add(uint64_t a, uint64_t b, uint64_t c, uint64_t *r)
{
    /* a * b + c without wrapping */
    if (b && a > (UINT64_MAX - c) / b)
        return false;
    *r = a * b + c;
    return true;
}

int num_parse(const char *s, const struct num_units *units, uint64_t min, uint64_t max,
              uint64_t *out, char *err, size_t errlen)
{
    char form[96];
    const char *p = s;
    uint64_t ip = 0, fp = 0;
    int fdig = 0;

    describe(units, form, sizeof(form));
    if (!s || !*s)
        return fail(err, errlen, "empty value: expected %s", form);
    if (*p < '0' || *p > '9')
        return fail(err, errlen, "'%s' is not %s (digits 0-9 only: no sign, hex or spaces)", s,
                    form);
    for (; *p >= '0' && *p <= '9'; p++)
        if (!mul_add(ip, 10, (uint64_t)(*p - '0'), &ip))
            return fail(err, errlen,
                        "'%s' is too large for 64 bits (expected %s in %llu..%llu%s%s)", s, form,
                        (unsigned long long)min, (unsigned long long)max, units->base[0] ? " " : "",
                        units->base);
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9')
            return fail(err, errlen, "'%s' is not %s (a fraction needs digits after '.')", s, form);
        for (; *p >= '0' && *p <= '9'; p++) {
            if (fdig == 18)
                return fail(err, errlen, "'%s' has too many fraction digits (expected %s)", s,
                            form);
            fp = fp * 10 + (uint64_t)(*p - '0');
            fdig++;
        }
    }
    const struct num_unit *u = units->u;
    for (; u->suffix; u++)
        if (strcmp(p, u->suffix) == 0)
            break;
    if (!u->suffix && !*p && !ip && !fdig)
        u = units->u; /* a bare zero is zero in every unit: "0" where "0ms" is meant */
    else if (!u->suffix)
        return fail(err, errlen, "'%s' is not %s", s, form);
    uint64_t v;
    if (!mul_add(ip, u->mul, 0, &v))
        return fail(err, errlen, "'%s' is too large for 64 bits (expected %s in %llu..%llu%s%s)", s,
                    form, (unsigned long long)min, (unsigned long long)max,
                    units->base[0] ? " " : "", units->base);
    if (fdig) {
        if (!u->suffix[0])
            return fail(err, errlen, "'%s' is not %s (a fraction needs a unit suffix)", s, form);
        while (fdig && fp % 10 == 0) { /* trailing zeros add nothing */
            fp /= 10;
            fdig--;
        }
        uint64_t m = u->mul; /* after the loop: mul / 10^fdig */
        for (int i = 0; i < fdig; i++) {
            if (m % 10)
                return fail(err, errlen, "'%s' is finer than one %s (expected %s)", s,
                            units->base[0] ? units->base : "unit", form);
            m /= 10;
        }
        if (!mul_add(fp, m, v, &v))
            return fail(err, errlen, "'%s' is too large for 64 bits (expected %s)", s, form);
    }
    if (v < min || v > max)
        return fail(err, errlen, "'%s' is out of range (expected %s in %llu..%llu%s%s)", s, form,
                    (unsigned long long)min, (unsigned long long)max, units->base[0] ? " " : "",
                    units->base);
    *out = v;
    return 0;
}

int num_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *err, size_t errlen)
{
    return num_parse(s, &num_plain, min, max, out, err, errlen);
}

int num_u32(const char *s, uint32_t min, uint32_t max, uint32_t *out, char *err, size_t errlen)
{
    uint64_t v;
    if (num_parse(s, &num_plain, min, max, &v, err, errlen))
        return -1;
    *out = (uint32_t)v;
    return 0;
}

int num_s64(const char *s, int64_t min, int64_t max, int64_t *out, char *err, size_t errlen)
{
    uint64_t mag;
    char why[NUM_ERR_LEN];
    bool neg = s && s[0] == '-';
    /* |INT64_MIN| = INT64_MAX + 1 */
    uint64_t lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    if (num_parse(neg ? s + 1 : s, &num_plain, 0, lim, &mag, why, sizeof(why)))
        return fail(err, errlen,
                    "'%s' is not a signed decimal number in %lld..%lld"
                    " (digits 0-9 with an optional leading '-')",
                    s ? s : "", (long long)min, (long long)max);
    int64_t v = neg ? (mag == lim ? INT64_MIN : -(int64_t)mag) : (int64_t)mag;
    if (v < min || v > max)
        return fail(err, errlen,
                    "'%s' is out of range (expected a signed decimal number in %lld..%lld)", s,
                    (long long)min, (long long)max);
    *out = v;
    return 0;
}

/* Linux releases from 3.0: the last minor of each major series. */
static const struct {
    uint32_t major, last_minor;
} releases[] = {{3, 19}, {4, 20}, {5, 19}, {6, 19}, {7, 3}};
#define NRELEASES (sizeof(releases) / sizeof(releases[0]))

bool num_kver_released(uint32_t kver)
{
    uint32_t maj = kver >> 8, min = kver & 0xffu;
    for (size_t i = 0; i < NRELEASES; i++)
        if (releases[i].major == maj)
            return min <= releases[i].last_minor;
    return false;
}

uint32_t num_kver_newest(void)
{
    return releases[NRELEASES - 1].major << 8 | releases[NRELEASES - 1].last_minor;
}

static int kver_part(const char **p, uint32_t *v)
{
    int n = 0;
    *v = 0;
    while (**p >= '0' && **p <= '9' && n < 4) {
        *v = *v * 10 + (uint32_t)(**p - '0');
        (*p)++;
        n++;
    }
    return n >= 1 && n <= 3 ? 0 : -1;
}

int num_kver(const char *s, uint32_t *kver, char *err, size_t errlen)
{
    const char *p = s ? s : "";
    uint32_t maj, min, newest = num_kver_newest();
    if (kver_part(&p, &maj) || *p++ != '.' || kver_part(&p, &min) || *p)
        return fail(err, errlen,
                    "'%s' is not a kernel release (expected MAJOR.MINOR in decimal, "
                    "e.g. 5.15)",
                    s ? s : "");
    uint32_t k = maj << 8 | min;
    if (maj > 255 || min > 255 || !num_kver_released(k)) {
        for (size_t i = 0; i < NRELEASES; i++)
            if (releases[i].major == maj)
                return fail(err, errlen,
                            "'%s' was never released: the %u.x series ran "
                            "%u.0..%u.%u",
                            s, maj, maj, maj, releases[i].last_minor);
        return fail(err, errlen, "'%s' is not a Linux release this build knows (3.0..%u.%u)", s,
                    newest >> 8, newest & 0xffu);
    }
    *kver = k;
    return 0;
}

int num_kver_stable(const char *s, uint32_t *kver, uint32_t *stable, char *err, size_t errlen)
{
    const char *dot = s ? strchr(s, '.') : NULL;
    const char *third = dot ? strchr(dot + 1, '.') : NULL;
    char head[16];
    uint32_t z = 0;

    if (third) {
        const char *p = third + 1;
        size_t n = (size_t)(third - s), digits = 0;
        for (; *p >= '0' && *p <= '9' && digits < 5; p++, digits++)
            z = z * 10 + (uint32_t)(*p - '0');
        if (digits == 0 || digits > 4 || *p || n >= sizeof(head))
            return fail(err, errlen,
                        "'%s' is not a kernel release (expected MAJOR.MINOR or "
                        "MAJOR.MINOR.STABLE in decimal, e.g. 6.1.176)",
                        s);
        memcpy(head, s, n);
        head[n] = 0;
        s = head;
    }
    if (num_kver(s, kver, err, errlen))
        return -1;
    *stable = z;
    return 0;
}

