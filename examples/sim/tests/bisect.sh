#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# --bisect: the seed scenarios' regressions where a bisect finds them
# (gitsuite: ffb810563c0c at 4.5 -> 4.6; grep: the IO fix at 4.13 -> 4.14),
# a row's two sides equal to plain runs of the scenario's own policies at
# those releases, TSV alone on stdout, bad options refused (exit 1).
# Usage: bisect.sh PGOV_SIM WORK_DIR
set -u
sim=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
col() { awk -F'\t' -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i } NR == 2 { print $k }' "$2"; }

# 1. grep, 4.13 .. 4.14: one row, against the scenario's v4.13 and v4.14 policies
"$sim" --bisect v4.13 --releases 4.13..4.14 --iterations 2 --format tsv --out "$work/b1" grep \
  >"$work/grep.tsv" 2>"$work/grep.err" || fail "grep bisect exit $? ($(cat "$work/grep.err"))"
awk -F'\t' 'NF != 15 { bad = 1 } END { exit bad || NR != 2 }' "$work/grep.tsv" || fail "grep: stdout is not one TSV row"
grep -q '^4\.13	4\.14	v4\.13	.*	approximate	exact	\[pstate load\] .*the 4\.14 IO fix' "$work/grep.tsv" ||
  fail "grep: no 4.13 -> 4.14 row naming the IO fix: $(cat "$work/grep.tsv")"
for side in from:v4.13 to:v4.14; do
  "$sim" --only "${side#*:}" --iterations 2 --format tsv --out "$work/p" grep 2>/dev/null |
    awk -F'\t' '$3 == "cpu_s" { printf "%.6f\n", $5 }' >"$work/plain"
  [ "$(col "cpu_s_${side%%:*}" "$work/grep.tsv")" = "$(cat "$work/plain")" ] ||
    fail "grep: cpu_s_${side%%:*} $(col "cpu_s_${side%%:*}" "$work/grep.tsv") is not policy ${side#*:}'s $(cat "$work/plain")"
done
pct=$(col cpu_s_pct "$work/grep.tsv")
awk -v p="$pct" 'BEGIN { exit !(p < -5 && p > -8) }' || fail "grep: cpu_s change $pct %, want -6.5 %"
grep -q '^bisect: largest change: 4\.13 -> 4\.14, cpu_s ' "$work/grep.err" || fail "grep: summary not on stderr"

# 2. gitsuite, from 4.5: the largest change is ffb810563c0c's
"$sim" --bisect v4.6 --releases 4.5..4.7 --iterations 1 --out "$work/b2" gitsuite >"$work/git.txt" 2>&1 ||
  fail "gitsuite bisect exit $?"
grep -qE '^bisect: largest change: 4\.5 -> 4\.6, elapsed_s \+6[0-9]\.[0-9]%: \[pstate PID\] ffb810563c0c ' "$work/git.txt" ||
  fail "gitsuite: largest change not 4.5 -> 4.6 (ffb810563c0c): $(grep '^bisect' "$work/git.txt")"
grep -qE '^ +4\.6 -> 4\.7 +v4\.6 .* \+0\.0% .*exact>approximate' "$work/git.txt" || fail "gitsuite: no 4.6 -> 4.7 row"
# its index.html section: one point per release run, one marker per row
page=$work/b2/index.html
nrow=$(grep -cE '^ +[0-9]+\.[0-9]+ -> [0-9]+\.[0-9]+ ' "$work/git.txt")
nrun=$(sed -n 's/^bisect: .* \([0-9]*\) releases run$/\1/p' "$work/git.txt")
[ "$(grep -c "<line class='mark'" "$page")" = "$nrow" ] && [ "$nrow" -ge 2 ] ||
  fail "gitsuite: $(grep -c "<line class='mark'" "$page") markers on the page, $nrow rows"
grep -q "<h2>Bisect</h2>" "$page" && grep -q "data-points='$nrun'" "$page" ||
  fail "gitsuite: no bisect plot of $nrun points in $page"
grep -q "class='marklabel'[^>]*>1: 4\.5 -&gt; 4\.6 v4\.6: \[pstate PID\] ffb810563c0c" "$page" ||
  fail "gitsuite: marker 1 is not 4.5 -> 4.6's"

# 3. refused: exit 1, nothing run
for args in "--bisect nosuch grep" "--bisect v4.13 --releases 4.14..4.13 grep" "--bisect v4.13 --releases 4.13 grep" \
  "--releases 4.13..4.14 grep" "--bisect v4.13 grep gitsuite" "--bisect v4.13 --sweep hz=100,250 grep" \
  "--bisect v4.13 --releases 3.0..4.5 grep"; do
  # shellcheck disable=SC2086
  "$sim" $args --out "$work/bad" >/dev/null 2>&1
  [ $? = 1 ] || fail "'$args': exit status not 1"
done
[ ! -e "$work/bad" ] || fail "a refused bisect wrote its folder"
[ $fails = 0 ] && echo "sim bisect: ok"
exit $fails
