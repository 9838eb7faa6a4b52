/* SPDX-License-Identifier: BSD-2-Clause */
/* A program of the core tier (tests/tier/gate.sh): one ABI call, one core. */
#include <stdio.h>

#include <pgov/pgov.h>
#include <pgov/core/math64.h>

int main(void)
{
    /* 0.7.0 is 0x700; 0x700 / 7 = 256: the core ran on the linked library's answer. */
    uint64_t q = pgov_div_u64((uint64_t)pgov_version(), 7u);
    printf("%llu\n", (unsigned long long)q);
    return q == 256u ? 0 : 1;
}
