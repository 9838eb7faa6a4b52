# SPDX-License-Identifier: BSD-2-Clause
# expect: unknown parameter '$jobs'
script a
  loop $jobs
    compute 1M
  end
end
start a
