# SPDX-License-Identifier: BSD-2-Clause
# expect: this pgov-sim reads pgov-workload version 1
pgov-workload 2
source t.dat
