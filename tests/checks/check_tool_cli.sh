#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every tool's first contact: `TOOL --version` prints "NAME VERSION ..." with
# the project's version, and an unknown option is refused (non-zero exit)
# with the option named on stderr.
# Usage: tests/checks/check_tool_cli.sh VERSION TOOL...
set -u
version=$1; shift
fail=0
for tool in "$@"; do
  name=$(basename "$tool")
  out=$("$tool" --version 2>&1) || { echo "$name --version: exit $?: $out"; fail=1; continue; }
  case $out in
    "$name $version"|"$name $version "*) echo "ok: $out" ;;
    *) echo "$name --version: '$out', expected '$name $version ...'"; fail=1 ;;
  esac
  err=$("$tool" --no-such-option-xyz 2>&1 >/dev/null) && { echo "$name: unknown option accepted"; fail=1; continue; }
  case $err in
    *"'--no-such-option-xyz'"*) echo "ok: $name names an unknown option: $(echo "$err" | head -n1)" ;;
    *) echo "$name: unknown option not named: '$err'"; fail=1 ;;
  esac
done
exit $fail
