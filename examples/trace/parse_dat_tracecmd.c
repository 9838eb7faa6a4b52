/* SPDX-License-Identifier: BSD-2-Clause */
/* trace.dat through libtracecmd: TODO */
#include "trace.h"
bool pgt_have_dat(void) { return true; }
int pgt_parse_dat(struct pgt_trace *t, const char *path) { t->path = path; pgt_errf(t, 0, "todo"); return -1; }
