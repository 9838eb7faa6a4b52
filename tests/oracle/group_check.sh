#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# oracle_replay's rules on the task-group rows, on a synthetic capture
# (group_capture.c): records of two CPUs interleaved are assembled per CPU
# and compared exact, a result differing in one field is a mismatch, removed
# load another CPU queued during the update is recognised (applied by the
# update, or pending at return) and not compared, as are an update whose
# clock was not seen, one with a record missing, one a remove overlapped
# (flagged by the module) and one during which the remove probe missed.
# With PGOV_REPLAY, the --tsv sample of the same rows (format
# linux_pelt_group) replayed by pgov-replay: the one mismatch again.
# usage: group_check.sh GROUP_CAPTURE ORACLE_REPLAY WORKDIR [PGOV_REPLAY]
set -eu
gen=$1 replay=$2 dir=$3 pgov_replay=${4:-}
mkdir -p "$dir"
"$gen" "$dir/group.img" >"$dir/group.expect"
cat "$dir/group.expect"
# shellcheck disable=SC2046
set -- $(grep '^expect: ' "$dir/group.expect")
want=$3 noclock=$5 broken=$7 pending=$9 applied=${11} marked=${13} missed=${15}
# Exit 1 is expected: a mismatch, and the gate's floors.
"$replay" "$dir/group.img" >"$dir/group.out" || [ $? -eq 1 ]
cat "$dir/group.out"
fail() { echo "group_check: $1" >&2; exit 1; }
grep -q "^oracle: .* groups $want exact" "$dir/group.out" || fail "want groups $want"
grep -q "not compared: $noclock (no PELT clock captured inside), $broken (records of an update missing), $pending (removed load queued by another CPU during the update, pending at return), $applied (the same, applied by the update" \
  "$dir/group.out" || fail "want $noclock no clock, $broken broken, $pending pending, $applied applied"
grep -q "reproduced exactly with it), $marked (a remove_entity_load_avg on that runqueue on another CPU overlapped the update), $missed (the probe of remove_entity_load_avg missed a call during the update)" \
  "$dir/group.out" || fail "want $marked marked by the remove probe, $missed with the probe's miss"
[ "$(grep -c '^groups mismatch: cpu 0 flags 0x1 group' "$dir/group.out")" = 1 ] || fail "want the one mismatch shown"
if [ -n "$pgov_replay" ]; then
  rm -rf "$dir/tsv" && mkdir -p "$dir/tsv"
  "$replay" "$dir/group.img" --tsv "$dir/tsv" 60 >/dev/null || [ $? -eq 1 ]
  tsv=$dir/tsv/linux-6.1-pelt_group.tsv
  [ "$(grep -vc '^#' "$tsv")" = $((${want#*/} + 1)) ] || fail "want every compared row in $tsv"
  "$pgov_replay" --check "$tsv" >"$dir/tsv.out" || true
  cat "$dir/tsv.out"
  grep -q "linux_pelt_group: ${want#*/} rows, .* 1 mismatches" "$dir/tsv.out" || fail "want the one mismatch replayed"
  grep -q "column 'rq_util_avg': expected" "$dir/tsv.out" || fail "want it in rq_util_avg"
fi
echo "group_check: ok"
