#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The whole check suite, as CI runs it: installs missing Debian packages
# (scripts/install-deps.sh), then every build flavour and every check.
# Usage: scripts/check.sh [STAGE...]   (default: all stages, in order)
# Each stage prints a banner and its wall time; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."
export CTEST_OUTPUT_ON_FAILURE=1

ALL_STAGES=(deps dev m32 sanitize clang coverage docs cross abi install)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${ALL_STAGES[@]}")

banner() { printf '\n==== %s ====\n' "$*"; }

workflow() { # preset: configure, build, test
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] ' || true
  [ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
  ctest --preset "$1"
}

stage_deps()     { bash scripts/install-deps.sh; }
stage_dev()      { workflow dev; }
stage_m32()      { workflow m32; }
stage_sanitize() { workflow sanitize; }
stage_clang()    { workflow clang; }
stage_coverage() { workflow coverage && scripts/coverage.sh build/coverage; }
stage_docs()     { scripts/docs.sh; }
stage_cross()    { scripts/cross.sh; }
stage_abi()      { scripts/abi.sh; }
stage_install()  { scripts/install-test.sh; }

start_all=$(date +%s)
for s in "${stages[@]}"; do
  declare -F "stage_$s" >/dev/null || { echo "check.sh: unknown stage '$s' (${ALL_STAGES[*]})" >&2; exit 2; }
  banner "$s"
  t0=$(date +%s)
  "stage_$s"
  echo "---- $s: ok ($(( $(date +%s) - t0 )) s)"
done
banner "all ${#stages[@]} stages passed in $(( $(date +%s) - start_all )) s"
