#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# oracle_replay's rules on which rows of a dbs chain it compares, on a
# synthetic capture (dbs_chain_capture.c): the rows it says are compared
# are compared and exact, the raced row is counted raced, the rows after a
# race or a missed evaluation are skipped until a start state (never at a
# sub-sample step), and the replay restarts at each start state.
# usage: dbs_chain_check.sh DBS_CHAIN_CAPTURE ORACLE_REPLAY WORKDIR
set -eu
gen=$1 replay=$2 dir=$3
mkdir -p "$dir"
"$gen" "$dir/dbs_chain.img" >"$dir/dbs_chain.expect"
cat "$dir/dbs_chain.expect"
# expect: ondemand C/C raced R skipped S started N stores T dropped D; split
# into words on purpose.
# shellcheck disable=SC2046
set -- $(grep '^expect: ' "$dir/dbs_chain.expect")
want=$3 raced=$5 skipped=$7 started=$9 stores=${11} dropped=${13}
# Exit 1 is expected: the gate's row floors are far above this file's rows.
"$replay" "$dir/dbs_chain.img" >"$dir/dbs_chain.out" || [ $? -eq 1 ]
cat "$dir/dbs_chain.out"
fail() { echo "dbs_chain_check: $1" >&2; exit 1; }
grep -q "^capture: Linux 6.1.0-57-amd64 (6.1.192), " "$dir/dbs_chain.out" || fail "capture not read"
grep -q "^not captured: $dropped records (ring full)," "$dir/dbs_chain.out" ||
  fail "want $dropped missed evaluation"
grep -q "^oracle: .* ondemand $want conservative 0/0 groups 0/0 exact" "$dir/dbs_chain.out" ||
  fail "ondemand: want $want compared and exact"
grep -q "^not compared: ondemand $raced, conservative 0 (a sysfs store raced" "$dir/dbs_chain.out" ||
  fail "ondemand: want $raced raced row"
grep -q "^not compared: schedutil 0 .*; ondemand $skipped, conservative 0 " "$dir/dbs_chain.out" ||
  fail "ondemand: want $skipped skipped rows"
grep -q "^dbs instances (re)started: ondemand $started, conservative 0; tunable stores replayed: ondemand $stores," \
  "$dir/dbs_chain.out" || fail "want $started starts and $stores stores replayed"
! grep -q "^[a-z]* mismatch: " "$dir/dbs_chain.out" || fail "a mismatch"
echo "dbs_chain_check: ok"
