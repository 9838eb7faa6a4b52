#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Every file in bad/ must be rejected: exit status 2, a "file:line: reason"
# message naming the file, the reason given on the file's first line
# ("# expect: TEXT" in its first lines), and nothing left in the output folder.
# "# args: ..." adds options (the run budgets); every run must end within 60 s.
# Usage: bad_input.sh PGOV_SIM BAD_DIR WORK_DIR
set -u
sim=$1 bad=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fails=0 n=0
for f in "$bad"/*.scn "$bad"/*.wl; do
  n=$((n + 1))
  want=$(sed -n 's/^# expect: //p' "$f" | head -1)
  read -r -a args <<<"$(sed -n 's/^# args: //p' "$f" | head -1)"
  scn=$f
  if [[ $f == *.wl ]]; then # wrap a workload in a valid scenario
    scn=$work/wrap-$(basename "$f" .wl).scn
    printf 'scenario wrap\nplatform ivb-i7-3770\ncpus 2\nworkload %s\npolicy p performance\n' \
      "$f" > "$scn"
  fi
  out=$work/out-$n
  mkdir -p "$out"
  timeout 60 "$sim" --iterations 1 "${args[@]}" --out "$out" "$scn" >"$work/stdout" 2>"$work/stderr"
  rc=$?
  msg=$(cat "$work/stderr")
  left=$(find "$out" -mindepth 1 | head -3)
  if [ $rc -ne 2 ]; then
    echo "FAIL $f: exit status $rc, want 2 ($msg)"; fails=$((fails + 1)); continue
  fi
  if ! grep -q "$(basename "$f"):[0-9]*: " <<<"$msg" && ! grep -q "$(basename "$f"): " <<<"$msg"; then
    echo "FAIL $f: message does not name the file with file:line: '$msg'"; fails=$((fails + 1)); continue
  fi
  if [ -n "$want" ] && ! grep -qF -- "$want" <<<"$msg"; then
    echo "FAIL $f: message '$msg' lacks '$want'"; fails=$((fails + 1)); continue
  fi
  if [ -n "$left" ]; then
    echo "FAIL $f: output folder not empty: $left"; fails=$((fails + 1)); continue
  fi
  echo "ok   $(basename "$f"): $msg"
done
[ $n -gt 0 ] || { echo "no bad inputs found in $bad"; exit 1; }
echo "$((n - fails))/$n rejected correctly"
[ $fails -eq 0 ]
