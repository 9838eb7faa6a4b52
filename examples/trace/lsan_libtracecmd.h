/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * For a program that opens trace.dat files many times under
 * LeakSanitizer (the fuzzer, test_dat_readers): leaks whose allocation
 * comes from libtracecmd or libtraceevent are theirs and not reported.
 * Found so far: libtracecmd 1.3's tracecmd_open leaks the tep handle and
 * its plugins when a header is refused inside tracecmd_alloc_fd (the
 * fuzzer: a 908-byte header with a bad version), and 14 bytes of sscanf
 * strings on every version-6 file, whose stack ends in libc's sscanf (this
 * code calls no sscanf). Include in one file of the program.
 */
#ifndef PGOV_TRACE_LSAN_LIBTRACECMD_H
#define PGOV_TRACE_LSAN_LIBTRACECMD_H

const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libtracecmd.so\nleak:libtraceevent.so\nleak:__isoc99_vsscanf\n";
}

/* and say nothing of them: pgov-trace's stderr is its one-line message */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
    return "print_suppressions=0";
}

#endif
