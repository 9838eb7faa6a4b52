#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# A workload from a recorded trace: pgov-trace workload turns
# examples/trace/tests/traces/qemu-6.1.dat into pgov-workload 1 text, pgov-sim replays it
# under five policies. Checked: the recorded CPU time is the sum of the
# file's bursts; with the qemu trace's bursts at the nominal 3.4 GHz (no
# cpu_frequency events), performance (3.9 GHz) and powersave (1.6 GHz) need
# exactly that work at their frequency; every expected direction holds;
# the report shows the replay against the recording.
# Usage: trace_replay.sh PGOV_SIM PGOV_TRACE TRACE WORK_DIR
set -u
sim=$1 trace=$2 dat=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$trace" workload "$dat" -o "$work/qemu.pwl" || { echo "FAIL: pgov-trace workload exit status $?"; exit 1; }
cat >"$work/replay.scn" <<'SCN'
scenario qemu_replay
title "qemu-6.1 busybox recording, replayed"
platform ivb-i7-3770
cpus 2
iterations 1
workload qemu.pwl
policy performance performance
policy powersave powersave
policy schedutil schedutil
policy ondemand ondemand
policy pstate intel_pstate algo=load kver=current
expect elapsed_s performance < powersave "the same work at 3.9 against 1.6 GHz"
expect elapsed_s performance < schedutil "schedutil runs part of it below turbo"
SCN
"$sim" --check --out "$work/out" "$work/replay.scn" >"$work/report.txt" 2>"$work/err" ||
  fail "pgov-sim exit status $? ($(cat "$work/err"))"
"$sim" --format tsv --out "$work/out2" "$work/replay.scn" >"$work/report.tsv" 2>>"$work/err" ||
  fail "pgov-sim tsv exit status $?"

# the recorded CPU time: the sum of every 'run NS'
run_ns=$(awk '$1 == "run" { s += $2 } END { printf "%d", s }' "$work/qemu.pwl")
want=$(awk -v r="$run_ns" 'BEGIN { printf "%.6f", r / 1e9 }')
grep -q "CPU time $want s" "$work/report.txt" || fail "report lacks 'CPU time $want s': $(grep 'trace replay' "$work/report.txt")"
ntask=$(grep -c '^task ' "$work/qemu.pwl")
grep -q "trace replay: .*qemu-6.1\.\(dat\|txt\), $ntask tasks, recorded on 2 CPUs" "$work/report.txt" || fail "report lacks the trace line"

# performance and powersave: cpu_s = cycles / f, cycles = run_ns * 3.4 GHz
cpu() { awk -F'\t' -v p="$1" '$2 == p && $3 == "cpu_s" { print $5 }' "$work/report.tsv"; }
for pair in performance:3.9 powersave:1.6; do
  p=${pair%%:*} f=${pair#*:}
  got=$(cpu "$p")
  awk -v g="$got" -v r="$run_ns" -v f="$f" 'BEGIN { w = r * 3.4 / f / 1e9; d = g - w; if (d < 0) d = -d; exit !(d < 1e-6 * w) }' ||
    fail "$p cpu_s $got, want $run_ns ns x 3.4 / $f GHz"
done
grep -q "DOES NOT HOLD" "$work/report.txt" && fail "an expected direction does not hold"
[ "$(grep -c '^   check: .* holds' "$work/report.txt")" = 2 ] || fail "want 2 checks that hold"

[ $fails = 0 ] && { grep -A7 "trace replay" "$work/report.txt"; echo "trace replay: all checks passed"; }
[ $fails = 0 ]
