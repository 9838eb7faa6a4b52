#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every function exported in lib/pgov.map has at least one row (DEF and R)
# in tests/contract/*.c. Usage: check_api_contract.sh SOURCE_DIR
set -eu
src=${1:-.}
names=$(sed -n '/global:/,/local:/p' "$src/lib/pgov.map" | grep -E '^[[:space:]]*pgov_[a-z0-9_]+;' |
        tr -d ' \t;')
missing=0
for n in $names; do
    if ! cat "$src"/tests/contract/*.c | grep -q "^DEF($n, " ||
       ! cat "$src"/tests/contract/*.c | grep -q "R($n, "; then
        echo "no API contract row for $n (add one to tests/contract/<module>.c)"
        missing=$((missing + 1))
    fi
done
echo "$(echo "$names" | wc -w) exported functions, $missing without a contract row"
[ "$missing" -eq 0 ]
