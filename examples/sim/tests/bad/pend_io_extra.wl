# SPDX-License-Identifier: BSD-2-Clause
# expect: pend_io_extra.wl:4: expected 'pend SEMAPHORE [io]'
script r
  pend x io now
end
start r
