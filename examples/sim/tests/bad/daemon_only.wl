# SPDX-License-Identifier: BSD-2-Clause
# expect: the run would end at 0 s
# Only daemons and no 'duration': the run used to end at 0 s with exit 0.
script tick
  loop 100
    compute 10k
    sleep 4ms
  end
end
start tick daemon
start tick cpu each background
