/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz the tools' strict number parser (examples/common/num.h). The input's
 * first byte picks the unit table and a range; the rest is the text. An
 * accepted value lies in its range and prints back (base unit, bare number)
 * to a string that parses to the same value; a refusal leaves *out alone
 * and quotes the input. num_kver() accepts only real releases.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

#define CHECK(x)       \
    do {               \
        if (!(x))      \
            abort();   \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct num_units *const tabs[] = {&num_plain,    &num_time_ns, &num_count,
                                                   &num_cycles,   &num_freq_khz, &num_permille};
    static const uint64_t maxes[] = {UINT64_MAX, 1000, 10000000000000ull, 4294967295u};
    char s[64], err[NUM_ERR_LEN];
    if (size < 1 || size > sizeof(s))
        return 0;
    const struct num_units *u = tabs[data[0] % 6];
    uint64_t max = maxes[(data[0] / 6) % 4], min = (data[0] & 0x80) ? 1 : 0;
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;

    uint64_t v = 12345;
    int rc = num_parse(s, u, min, max, &v, err, sizeof(err));
    CHECK(rc == 0 || rc == -1);
    if (rc == 0) {
        CHECK(v >= min && v <= max);
        for (const char *p = s; *p; p++) /* digits, '.', and a suffix's letters only */
            CHECK((*p >= '0' && *p <= '9') || *p == '.' || *p == '%' ||
                  (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
        CHECK(s[0] >= '0' && s[0] <= '9');
        char back[32];
        uint64_t w = 0;
        snprintf(back, sizeof(back), "%llu", (unsigned long long)v);
        CHECK(num_u64(back, 0, UINT64_MAX, &w, NULL, 0) == 0 && w == v);
    } else {
        CHECK(v == 12345);
        CHECK(strlen(err) > 0);
    }

    int64_t sv = 7;
    rc = num_s64(s, INT64_MIN, INT64_MAX, &sv, err, sizeof(err));
    CHECK(rc == 0 || (rc == -1 && sv == 7));
    if (rc == 0 && s[0] != '-')
        CHECK(sv >= 0 && num_u64(s, 0, UINT64_MAX, &v, NULL, 0) == 0 && (int64_t)v == sv);

    uint32_t k = 99;
    rc = num_kver(s, &k, err, sizeof(err));
    CHECK(rc == 0 || (rc == -1 && k == 99));
    if (rc == 0)
        CHECK(num_kver_released(k) && k >= (3u << 8) && k <= num_kver_newest());
    return 0;
}
