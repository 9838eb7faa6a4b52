/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Strict numbers for the tools (pgov-sim, pgov-replay, pgovd, pgov-trace).
 *
 * Accepted: decimal digits 0-9 ("05" is 5, never octal), an optional
 * fraction only before a unit suffix and only where it comes out exact
 * ("2.5M", "0.5%"; not "1.5ns"), an optional suffix from the caller's
 * table, and an explicit inclusive range. Refused: signs (except '-' in
 * num_s64), hex, exponents, white space, empty strings, anything that does
 * not fit 64 bits. A bare zero needs no unit ("0" where "0ms" would do:
 * zero is zero in every unit; keys document "0: off").
 *
 * Every function returns 0, or -1 with a message in @err that quotes the
 * input and states the accepted form ("'0x96' is not a decimal number...").
 * On error *out is left unchanged.
 */
#ifndef PGOV_TOOLS_NUM_H
#define PGOV_TOOLS_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NUM_ERR_LEN 192

struct num_unit {
    const char *suffix; /* "" = a bare number */
    uint64_t mul;       /* one suffix unit in the result's base unit */
};

/* A suffix table: the base unit's name (for messages) and the suffixes. */
struct num_units {
    const char *base; /* "" for counts */
    struct num_unit u[6];
};

extern const struct num_units num_plain;    /* bare number */
extern const struct num_units num_time_ns;  /* ns us ms s -> ns (a suffix required) */
extern const struct num_units num_count;    /* bare, k, M */
extern const struct num_units num_cycles;   /* bare, k, M, G */
extern const struct num_units num_freq_khz; /* kHz MHz GHz -> kHz (a suffix required) */
extern const struct num_units num_permille; /* N% -> permille (tenths of a percent) */

/* @s with a suffix from @units, in [@min, @max] of the base unit. */
int num_parse(const char *s, const struct num_units *units, uint64_t min, uint64_t max,
              uint64_t *out, char *err, size_t errlen);
/* A bare decimal number in [@min, @max]. */
int num_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out, char *err, size_t errlen);
int num_u32(const char *s, uint32_t min, uint32_t max, uint32_t *out, char *err, size_t errlen);
/* A bare decimal number with an optional leading '-' (no '+'), in [@min, @max]. */
int num_s64(const char *s, int64_t min, int64_t max, int64_t *out, char *err, size_t errlen);

/*
 * A Linux release "MAJOR.MINOR" (each 1-3 decimal digits) that was actually
 * released from 3.0 up to the newest in the table (num_kver_newest()): 4.99 and
 * 4.255 never existed and are refused. *kver is PGOV_KVER(major, minor).
 */
int num_kver(const char *s, uint32_t *kver, char *err, size_t errlen);
/* MAJOR.MINOR or MAJOR.MINOR.STABLE: the release as num_kver(), the stable
 * update (0..9999) into *stable, 0 when absent. */
int num_kver_stable(const char *s, uint32_t *kver, uint32_t *stable, char *err, size_t errlen);
/* Was major << 8 | minor a Linux release (3.0 .. newest)? */
bool num_kver_released(uint32_t kver);
uint32_t num_kver_newest(void);

#endif /* PGOV_TOOLS_NUM_H */
