#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# examples/scx/bench.sh [CONSOLE]: what the 7.3 verifier reported for each
# scx_pgov program when run.sh loaded it (the loader's "scx-verifier:"
# lines in CONSOLE, default build/scx/console.log: instructions in the
# object, the verifier's processed-instruction count from the load log and
# bpf_prog_info.verified_insns, the stack depth), then the decision
# callbacks' figures (running and tick: each makes one schedutil decision).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
log=${1:-$root/build/scx/console.log}
[ -r "$log" ] || { echo "$log: cannot read (run examples/scx/run.sh first)" >&2; exit 2; }
kver=$(tr -d '\r' <"$log" | sed -n 's/.*scx-guest: kernel //p' | head -n1)
for tag in scx-verifier-nolog scx-verifier; do
tr -d '\r' <"$log" | grep -aoE "$tag: .*" | awk -v k="${kver:-?}" -v t="$tag" '
  { name = $2; sub(/:$/, "", name); obj = $3; ver = $9; sub(/,$/, "", ver); st = $NF
    n++; row[n] = sprintf("%-16s %12s %18s %10s", name, obj, ver, st)
    if (name == "pgov_running" || name == "pgov_tick") {
      d++; if (obj > dobj) dobj = obj; if (ver > dver) dver = ver; if (st > dst) dst = st } }
  END {
    if (!n) { print "scx bench: no scx-verifier lines (did the loader run?)" > "/dev/stderr"; exit 2 }
    printf "scx bench: Linux %s, verifier figures per program, %s\n", k,
      t == "scx-verifier" ? "as run (decision log on)" : "policy only (log_on = 0: the verifier prunes the log code)"
    printf "%-16s %12s %18s %10s\n", "program", "object_insns", "verifier_processed", "stack"
    for (i = 1; i <= n; i++) print row[i]
    if (d) printf "scx bench: per decision (running/tick, %s): %d BPF instructions at most in the program, verifier processed %d of its 1000000 limit, stack %d of 512 bytes\n", t == "scx-verifier" ? "log on" : "policy only", dobj, dver, dst
  }'
done
