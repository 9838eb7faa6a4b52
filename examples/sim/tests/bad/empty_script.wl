# SPDX-License-Identifier: BSD-2-Clause
# expect: is empty
script a
end
start a
