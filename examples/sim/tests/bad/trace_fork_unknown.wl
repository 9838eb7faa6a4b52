# SPDX-License-Identifier: BSD-2-Clause
# expect: fork of PID 99, which has no 'task'
pgov-workload 1
source t.dat
cpus 2
span 1000000
task 10 start 0 comm "a"
fork 99
end
