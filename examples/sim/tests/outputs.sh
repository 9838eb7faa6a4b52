#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The command line and the output folder: --version, named unknown options,
# refused duplicate outputs (nothing written), provenance in report.txt and
# results.tsv, per-iteration rows and Hmean, check lines with 6 significant
# digits, --from/--to and --plot-all plots, plots that say which CPUs they
# show, and an orphan whose parent's slot was reused.
# Usage: outputs.sh PGOV_SIM DIR WORK_DIR (DIR: tests/outputs)
set -u
sim=$1 dir=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# --version names the tool and the linked library
v=$("$sim" --version) || fail "--version exit status $?"
[[ $v =~ ^pgov-sim\ [0-9]+\.[0-9]+\.[0-9]+\ \(libpgov\ [0-9]+\.[0-9]+\.[0-9]+\)$ ]] || fail "--version: '$v'"

# unknown options and missing values are named, exit status 1
"$sim" --frobnicate 2>"$work/err"; rc=$?
[ $rc = 1 ] && grep -q "unknown option '--frobnicate'" "$work/err" || fail "unknown option: $rc '$(cat "$work/err")'"
"$sim" --seed 2>"$work/err"; rc=$?
[ $rc = 1 ] && grep -q "option '--seed' needs a value" "$work/err" || fail "missing value: $rc '$(cat "$work/err")'"

# the same scenario twice: two outputs of one name, refused before anything runs
mkdir -p "$work/dup"
"$sim" --out "$work/dup" "$dir/wide.scn" "$dir/wide.scn" >/dev/null 2>"$work/err"; rc=$?
[ $rc = 2 ] && grep -q "two outputs would be named" "$work/err" || fail "duplicate outputs: $rc '$(cat "$work/err")'"
[ -z "$(ls -A "$work/dup")" ] || fail "duplicate outputs: wrote $(ls -A "$work/dup")"

# a run with provenance, iterations, Hmean, a window and every iteration plotted
out=$work/o
"$sim" --seed 5 --from 10ms --to 30ms --plot-all --out "$out" "$dir/wide.scn" >"$work/stdout" 2>"$work/err" ||
  fail "wide run exit status $? ($(cat "$work/err"))"
for f in report.txt results.tsv iterations.tsv; do
  grep -q "^# pgov-sim [0-9.]* (libpgov [0-9.]*)$" "$out/$f" || fail "$f: no version line"
  grep -qF -- "# command: pgov-sim --seed 5 --from 10ms --to 30ms --plot-all --out $out $dir/wide.scn" "$out/$f" ||
    fail "$f: no command line"
  grep -q "^# seed: 5 " "$out/$f" || fail "$f: no seed line"
  h=$(cksum <"$dir/wide.scn" >/dev/null; grep -o 'wide.scn (fnv1a [0-9a-f]*)' "$out/$f")
  [ -n "$h" ] || fail "$f: no scenario hash"
done
# iterations.tsv: 2 policies x 3 iterations, distinct seeds, the same per iteration for both policies
rows=$(grep -vc '^#\|^scenario' "$out/iterations.tsv")
[ "$rows" = 6 ] || fail "iterations.tsv has $rows rows, want 6"
seeds=$(awk -F'\t' '!/^#|^scenario/ { print $2, $3, $4 }' "$out/iterations.tsv")
[ "$(awk '{print $3}' <<<"$seeds" | sort -u | wc -l)" = 3 ] || fail "want 3 distinct seeds: $seeds"
[ "$(awk '$1=="a"{print $2,$3}' <<<"$seeds")" = "$(awk '$1=="b"{print $2,$3}' <<<"$seeds")" ] ||
  fail "policies do not share the iteration seeds"
# results.tsv: mean and Hmean of throughput follow from the iteration rows
col=$(awk -F'\t' '/^scenario\tpolicy\titeration/ { for (i = 1; i <= NF; i++) if ($i == "throughput") print i }' "$out/iterations.tsv")
want=$(awk -F'\t' -v c="$col" '$2 == "a" && !/^#|^scenario/ { n++; s += $c; h += 1 / $c }
        END { printf "%.6g %.6g", s / n, n / h }' "$out/iterations.tsv")
got=$(awk -F'\t' '$2 == "a" && $3 == "throughput" { printf "%.6g %.6g", $5, $9 }' "$out/results.tsv")
[ "$got" = "$want" ] || fail "throughput mean/hmean '$got', from the iterations '$want'"
grep -q '^Hmean   throughput' "$out/report.txt" || fail "report.txt has no Hmean row"
# the check line: 6 significant digits
grep -Eq 'check: throughput a > b: [0-9]+\.[0-9]+ vs [0-9]+\.[0-9]+ \([-+][0-9]+\.[0-9]{2}%\)' "$out/report.txt" ||
  fail "check line: $(grep check: "$out/report.txt")"
# every iteration plotted, each says which, the window and the CPUs shown
for p in a b; do
  for i in 1 2 3; do
    f=$out/wide-$p-i$i.svg
    [ -f "$f" ] || { fail "no plot $f"; continue; }
    grep -q "iteration $i of 3" "$f" || fail "$f does not say its iteration"
    grep -q "window 0.010-0.030 s" "$f" || fail "$f does not state its window"
    grep -q "cpu0-15 of 20 shown" "$f" || fail "$f does not say which CPUs it shows"
  done
done
[ "$(ls "$out"/*.svg | wc -l)" = 7 ] || fail "want 6 policy plots and 1 residency plot"

# an orphan's exit does not wake the task that reused its parent's slot
"$sim" --format tsv --out "$work/orph" "$dir/orphans.scn" >"$work/orph.tsv" 2>"$work/err" ||
  fail "orphans exit status $? ($(cat "$work/err"))"
el=$(awk -F'\t' '$3 == "elapsed_s" { print $5 }' "$work/orph.tsv")
awk -v e="$el" 'BEGIN { exit !(e >= 0.031 && e < 0.0311) }' || fail "orphans: elapsed $el s, want 0.031 s + a few us"

[ $fails = 0 ] && echo "outputs: all checks passed"
[ $fails = 0 ]
