# SPDX-License-Identifier: BSD-2-Clause
script w
  loop 20
    compute 2M jitter 20%
    count
    sleep 1ms jitter 50%
  end
end
start w count 20
