# SPDX-License-Identifier: BSD-2-Clause
# expect: run NS: '1.5' is not a decimal number
pgov-workload 1
source t.dat
cpus 2
span 1000000
task 10 start 0 comm "a"
run 1.5 0
end
