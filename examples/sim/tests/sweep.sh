#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# --sweep: every point's result follows from first principles (elapsed =
# cycles / running frequency), grids are the product of the sweeps, the
# expected direction is judged per point, and bad sweeps are refused (exit
# status 1, the key named, nothing written).
# Usage: sweep.sh PGOV_SIM SCENARIO_DIR WORK_DIR
set -u
sim=$1 dir=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# elapsed_s of POINT (a TSV row's scenario name) for policy turbo, 6 decimals
elapsed() { awk -F'\t' -v n="$1" -v p="${2:-turbo}" '$1 == n && $2 == p && $3 == "elapsed_s" { printf "%.6f\n", $5 }' "$work/out.tsv"; }

# 1. one key: the running frequency is the 1-core turbo bin.
"$sim" --format tsv --out "$work/o1" --sweep plat.turbo_bins=39,34,16 "$dir/compute.scn" >"$work/out.tsv" 2>"$work/err" ||
  fail "sweep plat.turbo_bins exit status $? ($(cat "$work/err"))"
for pair in 39:0.256410 34:0.294118 16:0.625000; do
  bin=${pair%%:*} want=${pair#*:}
  got=$(elapsed "compute@plat.turbo_bins=$bin")
  [ "$got" = "$want" ] || fail "turbo bin $bin: elapsed $got, want $want (1G cycles / ${bin}00 MHz)"
done
# the lowest P-state is the same at every point
[ "$(elapsed compute@plat.turbo_bins=39 floor)" = 0.625000 ] || fail "powersave elapsed not 1G / 1.6 GHz"

# 2. the text table: one row per point, the direction fails where turbo = floor.
"$sim" --out "$work/o2" --sweep plat.turbo_bins=39,34,16 "$dir/compute.scn" >"$work/out.txt" 2>&1 ||
  fail "text sweep exit status $?"
rows=$(grep -c '^plat.turbo_bins=' "$work/out.txt")
[ "$rows" = 3 ] || fail "text table has $rows rows, want 3"
grep -q '^plat.turbo_bins=16 .* NO$' "$work/out.txt" || fail "bin 16 (= powersave) should not hold: $(cat "$work/out.txt")"
grep -q 'every expected direction holds at 2 of 3 points' "$work/out.txt" || fail "band line missing or wrong"
# --check fails when a point does not hold
"$sim" --check --out "$work/o3" --sweep plat.turbo_bins=39,16 "$dir/compute.scn" >/dev/null 2>&1
[ $? = 3 ] || fail "--check over a sweep with a failing point: exit status not 3"

# 3. a grid over a platform key and a workload var: 2 x 2 points.
"$sim" --format tsv --out "$work/o4" --sweep plat.turbo_bins=39,20 --sweep '$cyc=1G,2G' "$dir/compute.scn" \
  >"$work/out.tsv" 2>"$work/err" || fail "grid exit status $? ($(cat "$work/err"))"
for pair in "plat.turbo_bins=39,\$cyc=1G:0.256410" "plat.turbo_bins=39,\$cyc=2G:0.512821" \
            "plat.turbo_bins=20,\$cyc=1G:0.500000" "plat.turbo_bins=20,\$cyc=2G:1.000000"; do
  got=$(elapsed "compute@${pair%%:*}")
  [ "$got" = "${pair#*:}" ] || fail "grid point ${pair%%:*}: elapsed '$got', want ${pair#*:}"
done

# 4. a policy key for one label only
"$sim" --format tsv --out "$work/o5" --sweep floor:no_turbo=1 "$dir/compute.scn" >/dev/null 2>"$work/err" &&
  fail "no_turbo on powersave accepted" 
grep -q "does not apply to powersave" "$work/err" || fail "no_turbo on powersave: '$(cat "$work/err")'"

# 4b. one policy's own value of a var ($NAME on a policy line): only floor
# computes 2G cycles, at 1.6 GHz; turbo keeps the scenario's 1G at 3.9 GHz.
"$sim" --format tsv --out "$work/o6" --sweep 'floor:$cyc=2G' "$dir/compute.scn" >"$work/out.tsv" 2>"$work/err" ||
  fail "per-policy var sweep exit status $? ($(cat "$work/err"))"
[ "$(elapsed 'compute@floor:$cyc=2G' floor)" = 1.250000 ] || fail "floor with its own \$cyc: '$(elapsed 'compute@floor:$cyc=2G' floor)', want 1.250000"
[ "$(elapsed 'compute@floor:$cyc=2G' turbo)" = 0.256410 ] || fail "turbo must keep the scenario's \$cyc"

# 5. refused sweeps: exit status 1, the key in the message, nothing written.
check_bad() {
  local want=$1
  shift
  rm -rf "$work/bad" && mkdir -p "$work/bad"
  "$sim" --out "$work/bad" "$@" "$dir/compute.scn" >/dev/null 2>"$work/err"
  local rc=$?
  [ $rc = 1 ] || fail "$*: exit status $rc, want 1"
  grep -qF -- "$want" "$work/err" || fail "$*: message '$(cat "$work/err")' lacks '$want'"
  [ -z "$(ls -A "$work/bad")" ] || fail "$*: wrote $(ls -A "$work/bad")"
}
check_bad "bogus: no such key" --sweep bogus=1,2
check_bad "up_threshold: no policy it applies to" --sweep up_threshold=80
check_bad "nolabel:kver: no policy with that label" --sweep nolabel:kver=4.6
check_bad "min_ratio (40) <= max_ratio (34)" --sweep plat.min_ratio=16,40
check_bad "plat.turbo_bins=39/x: 'x' is not a decimal number" --sweep plat.turbo_bins=39/x
check_bad "\$nosuch=1: the scenario has no such 'var'" --sweep '$nosuch=1'
check_bad "no policy with that label" --sweep 'nolabel:$cyc=1G'
check_bad "policy floor: \$nosuch=1: the scenario has no such 'var'" --sweep 'floor:$nosuch=1'
check_bad "expected KEY=V1,V2" --sweep plat.c6_exit
check_bad "empty value" --sweep plat.c6_exit=1us,,2us

[ $fails = 0 ] && echo "sweep: all checks passed"
[ $fails = 0 ]
