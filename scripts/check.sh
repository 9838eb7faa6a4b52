#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The whole check suite, as CI runs it: installs missing Debian packages
# (scripts/install-deps.sh), then every build flavour and every check.
# Usage: scripts/check.sh [STAGE...]   (default: all stages, in order)
# Each stage prints a banner and its wall time; the first failure stops the
# run; a table of stage times ends every run (also a failed one).
#
# PGOV_CTEST_EXCLUDE=REGEX passes `-E REGEX` to every ctest run. For work
# branches only (e.g. '^(vectors|replay_.*)$' before the modules that own
# the vector files are merged); CI on main never sets it.
set -euo pipefail
cd "$(dirname "$0")/.."
export CTEST_OUTPUT_ON_FAILURE=1

ALL_STAGES=(deps lint dev m32 sanitize clang coverage docs cross qemu embed oracle scx abi install python deb bench fresh)
BAREMETAL_PRESETS=(cortex-m0 cortex-m4f rv32imac rv64imac)
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${ALL_STAGES[@]}")
excl=()
[ -z "${PGOV_CTEST_EXCLUDE:-}" ] || excl=(-E "$PGOV_CTEST_EXCLUDE")

banner() { printf '\n==== %s ====\n' "$*"; }

# ctest with cmocka's own summaries: every test's [==========]/[  PASSED  ]/
# [  FAILED  ] lines and ctest's verdicts; on failure, the failed tests' full
# output again.
run_ctest() { # preset
  local log="build/$1/ctest.log" rc=0
  ctest --preset "$1" -V "${excl[@]}" >"$log" 2>&1 || rc=$?
  grep -E '^[0-9]+: \[(==========|  PASSED  |  FAILED  |  SKIPPED |  ERROR   )\]|^[0-9]+: .*: error: |Test +#[0-9]+: |% tests passed|tests failed out of|Not Run' "$log" || true
  if [ $rc -ne 0 ]; then
    echo "---- ctest --preset $1 failed; output of the failed tests:"
    ctest --preset "$1" --rerun-failed --output-on-failure "${excl[@]}" 2>&1 | tail -n 200 || true
    return 1
  fi
}

workflow() { # preset: configure, build, test
  cmake --preset "$1" >/dev/null || return 1
  cmake --build --preset "$1" 2>&1 | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
  [ "${PIPESTATUS[0]}" -eq 0 ] || return 1
  run_ctest "$1"
}

# The fresh stage's inner run (/etc/pgov-fresh-inner: README's command 2 in a
# debootstrapped bookworm) proves that the packages `deps` installs are
# enough on a plain Debian 12. Stages that only repeat the outer run's work
# on the same sources (another compiler or flags, other kernels, figures)
# are left to the outer run there: CI's 45 minutes hold both runs.
outer_only() { # STAGE WHY: true (and says so) inside the inner run
  [ -e /etc/pgov-fresh-inner ] || return 1
  echo "$1: skipped in the fresh stage's inner run ($2; the outer run has it)"
}

stage_deps()     { bash scripts/install-deps.sh; }
stage_lint()     { scripts/lint.sh; }
stage_dev()      { workflow dev; }
stage_m32()      { outer_only m32 "the dev build's sources under -m32" || workflow m32; }
stage_sanitize() { outer_only sanitize "the dev build's tests under ASan and UBSan" || workflow sanitize; }
stage_clang()    { outer_only clang "the dev build's sources under clang" || workflow clang; }
stage_coverage() { outer_only coverage "the dev build's tests, counted" && return 0
                   find build/coverage -name '*.gcda' -delete 2>/dev/null || true
                   workflow coverage && scripts/coverage.sh build/coverage; }
stage_docs()     { scripts/docs.sh; }
stage_cross()    { scripts/cross.sh; }
stage_qemu()     { local p; for p in "${BAREMETAL_PRESETS[@]}"; do
                     echo "-- $p"; workflow "$p" || return 1; done; }
stage_embed()    { scripts/embed.sh; }
# Linux 6.1, 6.12 and 7.3 themselves as the judges (docs/oracle.md): every
# PELT/util_est update and schedutil/ondemand/conservative decision of a
# guest workload sized to 1.45M records, recomputed through libpgov. 7.3 is
# built for in a trixie chroot (build/trixie, debootstrapped once). The
# fresh stage's inner run checks 6.1 only.
# A failing kernel's mismatch lines are printed again at the end: CI keeps
# only the tail of a long log.
stage_oracle()   { local k rc=0 log failed=()
                   log=$(mktemp)
                   for k in 6.1 6.12 7.3; do
                     if [ "$k" != 6.1 ] && outer_only "oracle $k" "the same judge, another kernel"; then continue; fi
                     echo "-- oracle: Linux $k"
                     if ! tests/oracle/run.sh --kernel "$k" 2>&1 | tee "$log.$k"; then
                       rc=1; failed+=("$k"); fi
                   done
                   for k in "${failed[@]}"; do
                     echo "-- oracle: Linux $k failed; its first mismatch lines again:"
                     grep -A3 -E 'mismatch( \(|:)|MISMATCH' "$log.$k" | grep -v '^--$' | head -n 40 || true
                   done
                   rm -f "$log" "$log".*
                   return $rc; }
# scx_pgov in a Linux 7.3 guest, its decision log replayed through the ABI
# and the kernel's schedutil recomputed (examples/scx/run.sh, issue 28).
stage_scx()      { outer_only scx "a 7.3 guest built in a trixie chroot" && return 0
                   examples/scx/run.sh && examples/scx/bench.sh; }
stage_abi()      { scripts/abi.sh; }
stage_install()  { scripts/install-test.sh; }
stage_python()   { scripts/python.sh; }
stage_deb()      { scripts/deb.sh; }
# README's two commands in a fresh debootstrapped bookworm. Command 2 is this
# script, so inside that chroot (/etc/pgov-fresh-inner) the stage is skipped.
stage_fresh()    { if [ -e /etc/pgov-fresh-inner ]; then
                     echo "fresh: skipped: this run is the fresh stage's inner run (no recursion)"
                   else scripts/fresh.sh; fi; }
# Figures only (instructions and ns per op against the kernel-style baseline,
# simulated seconds per wall second): speed is reported, never asserted.
stage_bench()    { outer_only bench "figures only, nothing asserted" && return 0
                   cmake --preset release >/dev/null &&
                     cmake --build --preset release --target pgov-bench pgov-sim >/dev/null &&
                     bench/run && bench/sim; }

times=()
summary() {
  banner "stage times"
  local t
  for t in "${times[@]}"; do echo "$t"; done
  # One plain closing line for whoever reads the end of the log.
  echo "stages: ${passed} passed, ${failed} failed"
}
passed=0 failed=0
trap summary EXIT

# Said before anything runs: which of the chosen stages need what a plain
# build does not (the rest need only the packages `deps` installs).
needs=()
for s in "${stages[@]}"; do
  case $s in
    deps)   needs+=("deps: root and Debian's archive (apt-get)") ;;
    oracle) needs+=("oracle: Debian's archive once (the 6.1, 6.12 and 7.3 kernels; then cached), root and debootstrap (7.3: a trixie chroot)") ;;
    scx)    needs+=("scx: root (the trixie chroot, PGOV_TRIXIE_ROOT) and Debian's archive once (the 7.3 kernel; then cached)") ;;
    deb)    needs+=("deb: Debian's archive once (the linux-image .deb of the pgov-tracepoints-dkms guest test; then cached)") ;;
    fresh)  needs+=("fresh: root, debootstrap and Debian's archive (a chroot with mounts)") ;;
  esac
done
[ ${#needs[@]} -eq 0 ] || printf 'check.sh: needs %s\n' "${needs[@]}"

start_all=$(date +%s)
for s in "${stages[@]}"; do
  declare -F "stage_$s" >/dev/null || { echo "check.sh: unknown stage '$s' (${ALL_STAGES[*]})" >&2; exit 2; }
  banner "$s"
  t0=$(date +%s)
  if ! "stage_$s"; then
    times+=("$(printf '%-9s FAILED after %4d s' "$s" $(( $(date +%s) - t0 )))")
    echo "---- $s: FAILED" >&2
    failed=1
    exit 1
  fi
  times+=("$(printf '%-9s ok %12d s' "$s" $(( $(date +%s) - t0 )))")
  echo "---- $s: ok ($(( $(date +%s) - t0 )) s)"
  passed=$((passed + 1))
done
times+=("$(printf '%-9s %15d s' "total" $(( $(date +%s) - start_all )))")
banner "all ${#stages[@]} stages passed in $(( $(date +%s) - start_all )) s"
