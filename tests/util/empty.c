/* SPDX-License-Identifier: BSD-2-Clause */
/* Keeps pgov_testutil non-empty before any helper exists. */
typedef int pgov_testutil_empty;
