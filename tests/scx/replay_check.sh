#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tests/scx/replay_check.sh SCX_REPLAY DIR: examples/scx/scx_replay on the
# first 3232 records of a Linux 7.3.4 guest log (scx_log_7.3.4.bin.gz, from
# examples/scx/run.sh on 2026-12-07): every decision, PELT step and kernel
# schedutil callback replays equal (exact summary lines); a changed
# decision, a changed kernel state, a kernel input that is not the scx
# target each fail (exit 1, file:record: field); a short or malformed file
# is rejected (exit 2).
set -eu
bin=$1 dir=$2 src=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
log=$dir/log.bin
fail() { echo "replay_check: $*" >&2; exit 1; }
fresh() { gunzip -c "$src/scx_log_7.3.4.bin.gz" >"$log"; }
poke() { # RECORD OFFSET: write 0x7fffffff there (records are 296 bytes)
  printf '\377\377\377\177' | dd of="$log" bs=1 seek=$(($1 * 296 + $2)) conv=notrunc 2>/dev/null
}
expect() { # RC PATTERN ARGS...: scx_replay ARGS exits RC and prints PATTERN
  want=$1 pat=$2
  shift 2
  set +e
  out=$("$bin" "$@" 2>&1)
  rc=$?
  set -e
  [ "$rc" = "$want" ] || fail "scx_replay $*: exit $rc, expected $want: $out"
  echo "$out" | grep -qF -- "$pat" || fail "scx_replay $*: no '$pat' in: $out"
}

fresh
expect 0 "scx: decisions 634/634 equal to replay, kernel commits 30/30 equal to libpgov's schedutil" "$log" 3232
expect 0 "PELT steps 2493/2493 equal; kernel schedutil callbacks 105/105 equal, 104 evaluated, 104 of them on util_cfs = the scx target" "$log" 3232
poke 3 176 # record 3, a decision: res.util_eff
expect 1 "$log:3: util_eff: replay 0, BPF 2147483647" "$log" 3232
fresh
poke 1856 256 # record 1856, a kernel commit: next_freq after it
expect 1 "$log:1856: next_freq: replay" "$log" 3232
fresh
poke 1856 276 # its util_cfs: no longer the scx target
expect 1 "104 evaluated, 103 of them on util_cfs = the scx target" "$log" 3232
fresh
expect 2 "$log:3232: truncated" "$log" 3233
printf '\011' | dd of="$log" bs=1 seek=8 conv=notrunc 2>/dev/null # record 0: kind 9
expect 2 "$log:0: bad record (kind 9" "$log" 3232
expect 2 "N: not a number" "$log" 12x
expect 2 "cannot open" "$dir/none.bin" 1
echo "replay_check: ok (equal replay, 3 mismatches and 4 bad inputs detected)"
