/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal: the arithmetic layer lives in the installed pgov/core/math64.h
 * (the cores need it); lib/ sources keep including it under this name. */
#ifndef PGOV_INTERNAL_MATH64_H
#define PGOV_INTERNAL_MATH64_H

#include "deps.h"

#include "pgov/core/math64.h"

#endif
