/* SPDX-License-Identifier: BSD-2-Clause */
/* trace.dat: built only with libtracecmd (PGT_HAVE_DAT); see CMakeLists.txt. */
#include "trace.h"

#ifndef PGT_HAVE_DAT
bool pgt_have_dat(void)
{
    return false;
}

int pgt_parse_dat(struct pgt_trace *t, const char *path, enum pgt_dat_reader reader)
{
    (void)reader;
    t->path = path;
    pgt_errf(t, 0, "a trace.dat file, but this pgov-trace was built without libtracecmd "
                   "(install libtracecmd-dev and libtraceevent-dev and rebuild), or convert it "
                   "with `trace-cmd report -t`");
    return -1;
}
#endif
