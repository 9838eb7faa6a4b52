# SPDX-License-Identifier: BSD-2-Clause
# expect: more than 1000 tasks alive
# args: --max-tasks 1000
# Every task forks two more and waits: without a task cap this filled
# 900 MB in 60 s before any other budget stopped it.
script bomb
  compute 10k
  fork bomb
  fork bomb
  wait
end
start bomb
