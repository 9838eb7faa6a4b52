#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# One fuzz campaign: every libFuzzer target of build/fuzz for SECONDS of its
# own CPU time each (niced, LANES targets at a time; interrupted with SIGINT
# once its user+system time reaches SECONDS, so a loaded machine lengthens
# the wall time, not shortens the campaign; 4 x SECONDS of wall time at
# most), starting from the committed corpus, then
# the grown corpus's inputs that add coverage merged into
# examples/fuzz/corpus/<name> with -merge=1. Committed inputs are kept (the
# regression inputs among them: a minimised copy in their place dropped
# 474 of 2,499). Logs (execs, cov, ft, final stats) go to WORK/<name>.log.
# Usage: examples/fuzz/campaign.sh SECONDS WORK [LANES] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=$1 work=$2 lanes=${3:-1}
shift 2; [ $# -gt 0 ] && shift
bin=build/fuzz/examples/fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=($(cd $bin && ls fuzz_* | grep -v _corpus | sed 's/^fuzz_//'))
mkdir -p "$work"
one() {
  local n=$1 c="$work/$1.grow"
  rm -rf "$c" && mkdir -p "$c" examples/fuzz/corpus/$n
  cp -r examples/fuzz/corpus/$n/. "$c"/ 2>/dev/null || true
  local t0=$(date +%s)
  # CPU seconds, not only wall: on a shared machine the two differ a lot
  nice -n 15 /usr/bin/time -f '%U %S' -o "$work/$n.cpu" $bin/fuzz_$n -max_total_time=$((4 * secs)) \
      -print_final_stats=1 -timeout=10 -rss_limit_mb=1024 -max_len=4096 "$c" >"$work/$n.log" 2>&1 &
  local tp=$! fp="" used=0 hz
  hz=$(getconf CLK_TCK)
  while kill -0 $tp 2>/dev/null; do
    [ -n "$fp" ] || fp=$(pgrep -P $tp || true) # time's one child
    # /proc/PID/stat fields 14 and 15: user and system ticks (the name,
    # field 2, has no spaces here)
    [ -n "$fp" ] && used=$(awk -v hz="$hz" '{ printf "%d", ($14 + $15) / hz }' /proc/$fp/stat 2>/dev/null || echo 0)
    if [ -n "$fp" ] && [ "$used" -ge "$secs" ]; then kill -INT $fp 2>/dev/null; break; fi
    sleep 5
  done
  wait $tp || echo "$n: fuzzer exit $? (72: libFuzzer interrupted at the CPU budget)" >>"$work/$n.log"
  local t1=$(date +%s)
  nice -n 15 $bin/fuzz_$n -merge=1 examples/fuzz/corpus/$n "$c" >"$work/$n.merge.log" 2>&1
  local cpu
  # the last line: time writes "Command exited with non-zero status N" first
  cpu=$(awk 'END { printf "%d", $1 + $2 }' "$work/$n.cpu" 2>/dev/null || echo "?")
  echo "$n: $((t1 - t0)) s wall, $cpu s CPU, corpus $(ls examples/fuzz/corpus/$n | wc -l) files $(du -sk examples/fuzz/corpus/$n | cut -f1) KiB" >>"$work/summary"
}
for n in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do sleep 2; done
  one "$n" &
done
wait
cat "$work/summary"
