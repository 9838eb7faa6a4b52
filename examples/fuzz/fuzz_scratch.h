/* SPDX-License-Identifier: BSD-2-Clause */
/* Where a harness writes its per-input files: tmpfs (/dev/shm) when the
 * system has it, else /tmp. On a disk, rewriting a file per input held
 * the file harnesses at 57-85 % of a core (I/O wait); on tmpfs they run
 * 1.3-6.7 times as many inputs a second (docs/fuzzing.md). The file or
 * tree is removed at exit. */
#ifndef PGOV_FUZZ_SCRATCH_H
#define PGOV_FUZZ_SCRATCH_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char fuzz_scratch_root[96];

static inline int fuzz_scratch_rm(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)st, (void)flag, (void)f;
    remove(p);
    return 0;
}

static inline void fuzz_scratch_remove(void)
{
    nftw(fuzz_scratch_root, fuzz_scratch_rm, 8, FTW_DEPTH | FTW_PHYS);
}

/* @buf = "<dir>/pgov-fuzz-@name-<pid>", removed (with what is under it)
 * when the process exits. */
static inline void fuzz_scratch_path(char *buf, size_t n, const char *name)
{
    const char *dir = access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(buf, n, "%s/pgov-fuzz-%s-%d", dir, name, (int)getpid());
    if (!fuzz_scratch_root[0]) {
        snprintf(fuzz_scratch_root, sizeof(fuzz_scratch_root), "%s", buf);
        atexit(fuzz_scratch_remove);
    }
}

#endif
