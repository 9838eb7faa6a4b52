/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The file of a synthetic oracle capture (group_capture.c,
 * dbs_chain_capture.c), laid out as the module's /proc file: a header
 * record, the records, a trailer that counts them. One capture per
 * program, so the open file is this module's.
 */
#ifndef PGOV_SYNTH_CAPTURE_H
#define PGOV_SYNTH_CAPTURE_H

#include <stdint.h>

#include "oracle_rec.h"

/* Open @p path for writing: 0, or -1 when it cannot be. */
int synth_open(const char *path);
/* The header record: Debian's Linux 6.1.@p stable (its 6.1.0-57-amd64
 * release), marked synthetic. 0, or -1 on a write error. */
int synth_header(unsigned stable);
/* One record: 0, or -1 on a write error. */
int synth_put(const struct orec *r);
/* The trailer (records written, @p dropped of them missed), then close:
 * 0, or -1 when either fails. */
int synth_close(uint64_t dropped);

#endif
