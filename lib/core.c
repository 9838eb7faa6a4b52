/* SPDX-License-Identifier: BSD-2-Clause */
/* Library version, error strings and kernel-version helpers. */
#include "pgov/pgov.h"

#include "internal/sized.h"

/* The anchor every core user references (pgov/core/gate.h): hidden, so
 * libpgov.a provides it and libpgov.so does not (lib/pgov.map). Its name
 * carries the release, so cores of another release do not link either. */
#define PGOV_CORE_UNSTABLE
#define PGOV_CORE_NO_LINK_CHECK
#include "pgov/core/gate.h"

_Static_assert(PGOV_CORE_TIER_MAJOR == PGOV_VERSION_MAJOR &&
                   PGOV_CORE_TIER_MINOR == PGOV_VERSION_MINOR,
               "pgov/core/gate.h names another release than pgov.h");
const unsigned char PGOV_CORE_TIER = 0;

/* The positive returns' names (err.h) are ABI values: pinned here. */
_Static_assert(PGOV_PELT_RECOMPUTED == 1 && PGOV_PELT_IDLE_LOST == 1 &&
                   PGOV_UTIL_EST_STORED == 1 && PGOV_DBS_DUE == 1 && PGOV_DBS_EVALUATED == 1 &&
                   PGOV_WARN_KERNEL == 1,
               "positive return values are ABI");

uint32_t pgov_version(void)
{
    return PGOV_VERSION;
}

#define PGOV_STR2(x) #x
#define PGOV_STR(x) PGOV_STR2(x)

const char *pgov_version_string(void)
{
    return PGOV_STR(PGOV_VERSION_MAJOR) "." PGOV_STR(PGOV_VERSION_MINOR) "." PGOV_STR(
        PGOV_VERSION_PATCH);
}

const char *pgov_strerror(int err)
{
    switch (err) {
    case PGOV_OK:
        return "success";
    case PGOV_WARN_KERNEL:
        return "kernel fallback applied (the kernel would have warned)";
    case PGOV_EIO:
        return "hardware callback failed";
    case PGOV_EAGAIN:
        return "not possible now";
    case PGOV_EFAULT:
        return "NULL pointer argument";
    case PGOV_EINVAL:
        return "invalid argument";
    case PGOV_ENOSPC:
        return "caller storage too small";
    case PGOV_EDOM:
        return "zero divisor";
    case PGOV_ENOSYS:
        return "required hardware callback missing";
    case PGOV_E2BIG:
        return "struct size or trailing bytes not understood";
    case PGOV_ENOTSUP:
        return "kernel version or variant not implemented";
    default:
        return "unknown error";
    }
}

bool pgov_kver_valid(uint32_t kver)
{
    return kver == PGOV_KVER_LATEST || (kver >= PGOV_KVER_OLDEST && kver <= PGOV_KVER_NEWEST);
}

uint32_t pgov_kver_resolve(uint32_t kver)
{
    if (!pgov_kver_valid(kver))
        return 0;
    return kver == PGOV_KVER_LATEST ? (uint32_t)PGOV_KVER_NEWEST : kver;
}

int pgov_sized_check(const void *p, uint32_t size, size_t min_size, size_t known)
{
    const unsigned char *b = p;

    if (size < min_size)
        return PGOV_E2BIG;
    for (size_t i = known; i < size; i++)
        if (b[i] != 0)
            return PGOV_E2BIG;
    return PGOV_OK;
}
