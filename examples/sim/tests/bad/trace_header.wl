# SPDX-License-Identifier: BSD-2-Clause
# expect: expected 'cpus N'
pgov-workload 1
source t.dat
span 100
