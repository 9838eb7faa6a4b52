#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# oracle_replay's sysfs-store rules on a synthetic capture
# (store_race_capture.c): the rows it says are compared are compared and
# exact, the raced row is counted raced, the rows after it are skipped.
# usage: store_race_check.sh STORE_RACE_CAPTURE ORACLE_REPLAY WORKDIR
set -eu
gen=$1 replay=$2 dir=$3
mkdir -p "$dir"
expect=$("$gen" "$dir/store_race.img")
echo "$expect"
set -- $expect # expect: ondemand C/C raced R skipped S (...)
want=$3 raced=$5 skipped=$7
# Exit 1 is expected: the gate's row floors are far above this file's rows.
"$replay" "$dir/store_race.img" >"$dir/store_race.out" || [ $? -eq 1 ]
cat "$dir/store_race.out"
fail() { echo "store_race_check: $1" >&2; exit 1; }
grep -q "^capture: Linux 6.1.0-57-amd64 (6.1.192), " "$dir/store_race.out" || fail "capture not read"
grep -q "^oracle: .* ondemand $want conservative 0/0 exact" "$dir/store_race.out" ||
  fail "ondemand: want $want compared and exact"
grep -q "^not compared: ondemand $raced, conservative 0 (a sysfs store raced" "$dir/store_race.out" ||
  fail "ondemand: want $raced raced row"
grep -q "^not compared: schedutil 0 .*; ondemand $skipped, conservative 0 " "$dir/store_race.out" ||
  fail "ondemand: want $skipped skipped rows"
grep -q "^dbs instances (re)started: ondemand 1, conservative 0; tunable stores replayed: ondemand 2," \
  "$dir/store_race.out" || fail "want one start and both stores replayed"
! grep -q "^[a-z]* mismatch: " "$dir/store_race.out" || fail "a mismatch"
echo "store_race_check: ok"
