# SPDX-License-Identifier: BSD-2-Clause
# expect: task 11 waits for 10 2 times, but 10 wakes it only 1 time
# The replay would block forever: refused at parse time.
pgov-workload 1
source t.dat
cpus 2
span 1000000
task 10 start 0 comm "a"
run 1000 0
wake 11
end
task 11 start 0 comm "b"
wait 500 10
run 1000 0
wait 500 10
end
