#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# A run stopped by SIGINT or SIGTERM leaves nothing in its output folder
# (its temporary files are removed) and dies of that signal.
# Usage: interrupt.sh PGOV_SIM WORK_DIR
set -u
sim=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
for sig in INT TERM; do
  out=$work/out-$sig
  "$sim" --out "$out" gitsuite >/dev/null 2>&1 &
  pid=$!
  sleep 1
  kill -"$sig" "$pid"
  wait "$pid"
  rc=$?
  left=$(find "$out" -mindepth 1 2>/dev/null | head -3)
  [ $rc -gt 128 ] || { echo "FAIL SIG$sig: exit status $rc, want death by signal"; exit 1; }
  [ -z "$left" ] || { echo "FAIL SIG$sig: left behind: $left"; exit 1; }
  echo "ok SIG$sig: exit status $rc, output folder empty"
done
