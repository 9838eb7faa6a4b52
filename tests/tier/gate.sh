#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The core tier's gate (include/pgov/core/gate.h) fails where it must:
#  1. a core included without PGOV_CORE_UNSTABLE does not compile;
#  2. a core user links against libpgov.a and runs (the control);
#  3. the same objects linked against libpgov.so fail on the tier's anchor;
#  4. an ABI-only program links against libpgov.so (the anchor is not in the way).
# Usage: gate.sh SOURCE_DIR CC LIBPGOV_A [LIBPGOV_SO]   (CC may carry flags: "gcc -m32")
# PGOV_GATE_INCLUDE: the include directory to test (default SOURCE_DIR/include;
# scripts/install-test.sh passes the installed one).
set -u
top=$1 cc=$2 archive=$3 so=${4:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src=$top/tests/tier/core_user.c inc=-I${PGOV_GATE_INCLUDE:-$top/include}
fail=0 n=0
bad() { echo "tier_gate: $1" >&2; sed 's/^/  | /' "$tmp/err" >&2; fail=1; }

n=$((n + 1))
if $cc -std=c11 $inc -c "$src" -o "$tmp/a.o" 2>"$tmp/err"; then
  bad "compiled without PGOV_CORE_UNSTABLE"
elif ! grep -qE 'error: (#error )?"pgov/core/\*\.h is the unstable inline tier: define PGOV_CORE_UNSTABLE' "$tmp/err"; then
  bad "failed without PGOV_CORE_UNSTABLE, but not on the gate"
fi

n=$((n + 1))
$cc -std=c11 $inc -DPGOV_CORE_UNSTABLE -c "$src" -o "$tmp/core.o" 2>"$tmp/err" || bad "opted-in core user does not compile"
if ! $cc "$tmp/core.o" "$archive" -o "$tmp/static" 2>"$tmp/err"; then
  bad "core user does not link against libpgov.a"
elif [ "$("$tmp/static")" != 256 ]; then
  bad "core user linked statically printed $("$tmp/static"), not 256"
fi

if [ -n "$so" ]; then
  n=$((n + 1))
  # Name the .so itself, so an archive beside it cannot be picked instead.
  if $cc "$tmp/core.o" "$so" -o "$tmp/shared" 2>"$tmp/err"; then
    bad "core user linked against $so"
  elif ! grep -q "undefined reference to \`pgov_core_tier_0_7'" "$tmp/err"; then
    bad "link against libpgov.so failed, but not on the tier's anchor"
  fi
  n=$((n + 1))
  printf '#include <pgov/pgov.h>\nint main(void) { return pgov_version() == PGOV_VERSION ? 0 : 1; }\n' >"$tmp/abi.c"
  if ! $cc -std=c11 $inc "$tmp/abi.c" "$so" -Wl,-rpath,"$(dirname "$so")" -o "$tmp/abi" 2>"$tmp/err"; then
    bad "ABI-only program does not link against libpgov.so"
  elif ! "$tmp/abi"; then
    bad "ABI-only program linked against libpgov.so reports another version"
  fi
fi
[ $fail -eq 0 ] && echo "tier_gate: $n cases as expected (no opt-in: #error; libpgov.a: links, runs; libpgov.so: undefined pgov_core_tier_0_7)"
exit $fail
