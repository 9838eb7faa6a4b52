# SPDX-License-Identifier: BSD-2-Clause
# expect: 'run' after 'exit'
pgov-workload 1
source t.dat
cpus 2
span 1000000
task 10 start 0 comm "a"
run 1000 0
exit
run 1000 0
end
