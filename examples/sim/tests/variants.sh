#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# --variants: the same --variant-seed gives byte-identical output and another
# gives other variants; every variant sets many keys at once, really runs
# with them (its table's CPUs and HZ), differs from the shipped scenario and
# from the others; the summary counts are the per-variant rows' (per param
# value, each with the seed's own sign), each failing one followed by
# where it held; bad values are refused (exit 1, the
# option named, nothing written). On small copies of grep and uclamp_udp
# (tests/variants: their names, so their ranges), a second in all.
# Usage: variants.sh PGOV_SIM TEST_DIR WORK_DIR
set -u
sim=$1 dir=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
g=$dir/variants/grep.scn u=$dir/variants/uclamp_udp.scn

# 1. determinism: two runs into the same folder (its name is in the
# provenance), text and TSV; another --variant-seed draws other keys.
for run in a b; do
  "$sim" --variants 3 --variant-seed 11 --out "$work/out" "$g" "$u" >"$work/$run.txt" 2>"$work/$run.err" ||
    fail "run $run: exit status $? ($(cat "$work/$run.err"))"
  mv "$work/out" "$work/$run"
  "$sim" --variants 3 --variant-seed 11 --format tsv --out "$work/out" "$g" "$u" >"$work/$run.tsv" \
    2>"$work/$run.sum" || fail "tsv run $run: exit status $?"
  rm -rf "$work/out"
done
cmp -s "$work/a.txt" "$work/b.txt" || fail "text output differs between two runs"
cmp -s "$work/a.tsv" "$work/b.tsv" || fail "TSV output differs between two runs"
cmp -s "$work/a.sum" "$work/b.sum" || fail "TSV summary (stderr) differs between two runs"
diff -r "$work/a" "$work/b" >/dev/null || fail "output folders differ between two runs"
[ -s "$work/a/report.txt" ] && [ ! -e "$work/a/index.html" ] || fail "report.txt (and no index.html) expected"
"$sim" --variants 3 --variant-seed 12 --format tsv --out "$work/c" "$g" >"$work/c.tsv" 2>/dev/null ||
  fail "--variant-seed 12: exit status $?"
# a scenario's variants are its own: the same with or without another scenario
"$sim" --variants 3 --variant-seed 11 --format tsv --out "$work/alone" "$g" >"$work/alone.tsv" 2>/dev/null ||
  fail "grep alone: exit status $?"
[ "$(grep -c '^grep' "$work/alone.tsv")" = 6 ] &&
  [ "$(grep '^grep' "$work/alone.tsv")" = "$(grep '^grep' "$work/a.tsv")" ] ||
  fail "grep's variants differ when uclamp_udp runs beside it"
keys() { awk -F'\t' -v s="$2" 'NR > 1 && $1 == s && $3 ~ /rfc-percpu/ { print $8 }' "$1"; }
[ "$(keys "$work/a.tsv" grep)" != "$(keys "$work/c.tsv" grep)" ] || fail "--variant-seed 12 drew the same keys as 11"

# 2. the variants: several keys each, pairwise different keys and results,
# none equal to the shipped scenario's result.
"$sim" --iterations 1 --format tsv --out "$work/shipped" "$g" >"$work/shipped.tsv" 2>/dev/null ||
  fail "shipped grep copy: exit status $?"
ship=$(awk -F'\t' '$1 == "grep" && $2 == "v4.13" && $3 == "cpu_s" { print $5 }' "$work/shipped.tsv")
[ -n "$ship" ] || fail "no shipped v4.13 cpu_s"
awk -F'\t' 'NR > 1 && $1 == "grep" && $3 ~ /rfc-percpu/' "$work/a.tsv" >"$work/g.rows"
[ "$(wc -l <"$work/g.rows")" = 3 ] || fail "grep: $(wc -l <"$work/g.rows") variant rows for e1, want 3"
[ "$(cut -f8 "$work/g.rows" | sort -u | wc -l)" = 3 ] || fail "grep: two variants drew the same keys"
[ "$(cut -f4 "$work/g.rows" | sort -u | wc -l)" = 3 ] || fail "grep: two variants gave the same v4.13 cpu_s"
cut -f4 "$work/g.rows" | grep -qx -- "$ship" && fail "a variant's v4.13 cpu_s equals the shipped scenario's ($ship)"
while IFS=$'\t' read -r _ v _ _ _ _ _ k; do
  n=$(tr ' ' '\n' <<<"$k" | grep -c =)
  [ "$n" -ge 15 ] || fail "variant $v sets $n keys, want 15 or more (machine, kernel, workload)"
  cpus=$(tr ' ' '\n' <<<"$k" | sed -n 's/^cpus=//p') hz=$(tr ' ' '\n' <<<"$k" | sed -n 's/^hz=//p')
  grep -q "^== grep@v$v: .*" "$work/a/report.txt" || fail "report.txt has no table grep@v$v"
  grep -A1 "^== grep@v$v: " "$work/a/report.txt" | grep -q "platform hsw-e5-2670v3, $cpus CPUs, HZ=$hz," ||
    fail "variant $v: its table does not run on $cpus CPUs at HZ $hz"
done <"$work/g.rows"

# 3. the summaries are the rows' counts, per effect and param value; the
# direction is the seed's sign (uclamp_udp: + at 6222, - at 11771), held
# from a 1 % change that way, "weak" under it.
awk -F'\t' 'NR > 1 { n[$1 " " $3]++; if ($7 == "yes") k[$1 " " $3]++ }
  END { for (e in n) printf "variants: %s: direction held in %d/%d\n", e, k[e], n[e] }' "$work/a.tsv" |
  sort >"$work/want.sum"
grep '^variants:' "$work/a.sum" | sed 's/ ([0-9]* %).*//' | sort >"$work/got.sum"
[ "$(wc -l <"$work/got.sum")" = 4 ] || fail "$(wc -l <"$work/got.sum") summary lines, want 4 (2 grep, 2 uclamp sizes)"
cmp -s "$work/want.sum" "$work/got.sum" || fail "summary counts differ from the rows: $(diff "$work/want.sum" "$work/got.sum")"
awk -F'\t' 'NR > 1 && $1 ~ /^uclamp_udp-/ {
    along = ($1 == "uclamp_udp-6222" ? 1 : -1) * $6
    want = along >= 1 ? "yes" : along > 0 ? "weak" : "NO"
    if ($7 != want) { print "uclamp " $1 " v" $2 ": change " $6 " judged " $7; bad = 1 } }
  END { exit bad }' "$work/a.tsv" || fail "uclamp_udp: direction not judged by each size's seed sign"
# text: one line per variant and table, the NOs are the summary's failures
[ "$(grep -c '^v[0-9]' "$work/a.txt")" = 9 ] || fail "text: $(grep -c '^v[0-9]' "$work/a.txt") variant lines, want 9 (3 grep, 3 x 2 uclamp)"
grep -q '^variants: grep cpu_s v4.13->v4.14: direction held in [0-3]/3 ([0-9]* %)' "$work/a.txt" ||
  fail "text summary line missing"
for s in uclamp_udp-6222 uclamp_udp-11771; do
  nos=$(grep "^v[0-9]* *$s " "$work/a.txt" | grep -vc ' yes ')
  sum=$(sed -n "s/^variants: $s .* held in \([0-9]*\)\/3.*/\1/p" "$work/a.txt")
  [ "$((3 - sum))" = "$nos" ] || fail "$s: $nos lines not held, summary says $sum of 3 held"
  sign=$(grep "^v[0-9]* *$s " "$work/a.txt" | grep -cE ' (yes|weak) ')
  grep -q "^variants: $s .*, by sign alone $sign/3" "$work/a.txt" || fail "$s: by sign alone is not $sign/3"
done

# where it held: one line after each summary line with a failure, none
# after one without (three variants are too few for Fisher's test to set
# any key apart: var_split.c, ctest sim_unit has the search itself)
awk '/^variants:/ { if (want != "") { print "no where line after: " want; bad = 1 }
                    split(substr($0, index($0, "held in ") + 8), kn, /[\/ ]/)
                    want = kn[1] == kn[2] ? "" : $0; next }
     /^   where it held: / { if (want == "") { print "where line without a failure"; bad = 1 }
                             if ($0 !~ /no drawn key sets apart where it did not \(Fisher, 0.05 over [0-9]+ candidates\)$/) {
                               print "unexpected: " $0; bad = 1 }
                             want = ""; next }
     END { if (want != "") { print "no where line after: " want; bad = 1 }; exit bad }' "$work/a.sum" ||
  fail "where-it-held lines do not follow the failing summaries"

# 4. refused: exit status 1, the option named, nothing written.
bad() {
  local want=$1
  shift
  rm -rf "$work/bad"
  "$sim" --out "$work/bad" "$@" >/dev/null 2>"$work/bad.err"
  local rc=$?
  [ $rc = 1 ] || fail "'$*': exit status $rc, want 1"
  grep -q -- "$want" "$work/bad.err" || fail "'$*': message '$(cat "$work/bad.err")' lacks '$want'"
  [ ! -e "$work/bad" ] || fail "'$*': wrote $work/bad"
}
bad "--variants" --variants 0 "$g"
bad "--variants" --variants 257 "$g"
bad "--variants" --variants 2x "$g"
bad "--variants" --variants -1 "$g"
bad "needs a value" "$g" --variants
bad "--variant-seed" --variant-seed 5 "$g"
bad "--variant-seed" --variants 2 --variant-seed 1.5 "$g"
bad "not with --sweep" --variants 2 --sweep hz=100 "$g"
bad "not with --sweep or --bisect" --variants 2 --bisect v4.13 "$g"
bad "no variant ranges" --variants 2 "$dir/sweep/compute.scn"

[ $fails = 0 ] || exit 1
echo "variants: deterministic, $(wc -l <"$work/g.rows") distinct grep variants, summaries = rows, 10 refusals"
