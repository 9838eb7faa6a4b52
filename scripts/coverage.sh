#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Line and branch coverage of lib/ (only lib/: tests and examples do not
# count) from a build made with PGOV_COVERAGE=ON whose tests have just run.
# Usage: scripts/coverage.sh BUILD_DIR   (e.g. build/coverage)
# Prints a per-file table and the totals; exits non-zero below 95 % lines or
# 90 % branches (override with PGOV_COV_LINE / PGOV_COV_BRANCH, never in CI).
#
# --exclude-unreachable-branches drops branches gcc attributes to lines with
# no code (closing braces, compiler-generated cleanup); they cannot be taken
# or missed by any test, so counting them only adds noise. C has no
# exceptions, so --exclude-throw-branches would change nothing and is unused.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/coverage.sh BUILD_DIR}
line=${PGOV_COV_LINE:-95}
branch=${PGOV_COV_BRANCH:-90}
[ -d "$build" ] || { echo "coverage: no build directory $build" >&2; exit 2; }
find "$build" -name '*.gcda' -path '*CMakeFiles/pgov.dir*' | grep -q . || {
  echo "coverage: no .gcda files for lib/ in $build (configure with PGOV_COVERAGE=ON and run ctest first)" >&2
  exit 2; }
mkdir -p "$build/coverage-html"
# Line table and branch table (per file), then the totals and the gate.
gcovr --root . --filter 'lib/' --object-directory "$build" --exclude-unreachable-branches "$build"
gcovr --root . --filter 'lib/' --object-directory "$build" --exclude-unreachable-branches \
      --branches "$build"
gcovr --root . --filter 'lib/' --object-directory "$build" --exclude-unreachable-branches \
      --html-details "$build/coverage-html/index.html" --xml "$build/coverage.xml" \
      --print-summary --fail-under-line "$line" --fail-under-branch "$branch" "$build" \
  || { rc=$?; echo "coverage: FAILED (need >= ${line}% lines and >= ${branch}% branches of lib/)" >&2; exit $rc; }
echo "coverage: ok (thresholds ${line}% lines, ${branch}% branches); HTML in $build/coverage-html/index.html"
