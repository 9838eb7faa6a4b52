/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An embedder's configuration header as tests/unit/test_embed.c uses it (through
 * PGOV_CONFIG_FILE): every hook counts its uses, so the test can
 * show which hooks the cores call, and the bucket count is fixed at 5.
 */
#ifndef PGOV_EMBED_TEST_CONFIG_H
#define PGOV_EMBED_TEST_CONFIG_H

extern unsigned embed_asserts, embed_reads, embed_writes, embed_wmb, embed_rmb;

#define PGOV_ASSERT(cond) ((void)((cond) ? 0 : embed_asserts++))
#define PGOV_READ_ONCE(x) (embed_reads++, *(const volatile __typeof__(x) *)&(x))
#define PGOV_WRITE_ONCE(x, v) (embed_writes++, *(volatile __typeof__(x) *)&(x) = (v))
#define PGOV_SMP_WMB() ((void)embed_wmb++)
#define PGOV_SMP_RMB() ((void)embed_rmb++)
#define PGOV_PELT_LUT_COPY 1
#define PGOV_UCLAMP_NBUCKETS 5

#endif
