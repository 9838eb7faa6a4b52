#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Size limits that keep every file and function small enough to hold in the
# head (issue 32): no C source or header over 900 lines, no function over 120
# lines. A function is counted from the first line of its definition to its
# closing brace; the project style (.clang-format, BreakBeforeBraces: Linux)
# puts a function's braces alone in column 0, and nothing else goes there, so
# brace matching by column needs no parser.
# Usage: size_check.sh [FILE...] (default: every tracked *.c and *.h outside
# tests/vectors/, which holds data). Exit 1 and one line per offender.
# scripts/size_known.txt lists the offenders not yet split ("FILE" or
# "FILE FUNCTION"): reported, not failed, so the list can only shrink; an
# entry that no longer offends is an error too (delete it).
set -euo pipefail
cd "$(dirname "$0")/.."
max_file=900 max_fn=120
if [ $# -gt 0 ]; then
  files=("$@")
elif git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.c' '*.h' | grep -v '^tests/vectors/')
else # an unpacked release tarball
  mapfile -t files < <(find . -path ./build -prune -o -path './obj-*' -prune -o -type f \
                       \( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | grep -v '^tests/vectors/')
fi
[ ${#files[@]} -gt 0 ] || { echo "size_check: no files" >&2; exit 1; }
out=$(awk -v max_file="$max_file" -v max_fn="$max_fn" '
  function file_done() {
    if (FILENAME_PREV != "" && lines > max_file) {
      printf "%s: %d lines (limit %d)\n", FILENAME_PREV, lines, max_file; bad++
    }
  }
  FNR == 1 { file_done(); FILENAME_PREV = FILENAME; lines = 0; sig = 0; open = 0 }
  { lines = FNR }
  # the first line of a definition: an identifier in column 0 (not a label:
  # those end in a colon), remembered until the body opens
  !open && /^[A-Za-z_]/ && !/:[[:space:]]*$/ && !/;[[:space:]]*$/ {
    if (!sig) { sig = FNR; name = $0 }
  }
  !open && /;[[:space:]]*$/ { sig = 0 }
  !open && /^\{/ { open = FNR; if (!sig) sig = FNR }
  open && /^\}/ {
    n = FNR - sig + 1
    if (n > max_fn) {
      fn = name; sub(/\(.*/, "", fn); sub(/.*[ *]/, "", fn)
      printf "%s:%d: function %s is %d lines (limit %d)\n", FILENAME, sig, fn, n, max_fn; bad++
    }
    open = 0; sig = 0
  }
  END { file_done(); exit bad > 0 }
' "${files[@]}" || true)
known=$(grep -v '^#' scripts/size_known.txt 2>/dev/null | sed '/^[[:space:]]*$/d' || true)
fail=0 nknown=0
while IFS= read -r line; do
  [ -n "$line" ] || continue
  f=${line%%:*}
  fn=$(sed -n 's/.*: function \([^ ]*\) is .*/\1/p' <<<"$line")
  key=$f${fn:+ $fn}
  if grep -qxF -- "$key" <<<"$known"; then nknown=$((nknown + 1)); else echo "size_check: $line" >&2; fail=1; fi
done <<<"$out"
[ $# -gt 0 ] || while IFS= read -r key; do
  [ -n "$key" ] || continue
  f=${key%% *} fn=${key#"$f"}; fn=${fn# }
  if [ -n "$fn" ]; then pat="^$f:[0-9]*: function $fn is "; else pat="^$f: [0-9]* lines"; fi
  grep -q -- "$pat" <<<"$out" || { echo "size_check: $key is within the limits now: delete it from scripts/size_known.txt" >&2; fail=1; }
done <<<"$known"
[ $fail -eq 0 ] || exit 1
echo "size_check: ok: no file over $max_file lines, no function over $max_fn ($nknown known in scripts/size_known.txt)"
