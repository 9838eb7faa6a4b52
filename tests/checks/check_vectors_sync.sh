#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tests/vectors holds a verbatim copy of the team's golden vectors plus files
# this project made (listed in tests/vectors/PROJECT.md). Every file present
# in the shared copy must be here and identical (re-copy it, never edit it);
# files only here are allowed and listed.
ours=$1 shared=$2
if [ ! -d "$shared" ]; then
  # a plain clone has no ../shared: nothing to compare, reported as skipped
  # (ctest SKIP_RETURN_CODE 77), never as a pass
  echo "vectors_in_sync: $shared not present; using the committed copy"; exit 77
fi
bad=0 same=0
for f in "$shared"/* "$shared"/.[!.]*; do
  [ -e "$f" ] || continue
  n=$(basename "$f")
  if [ -d "$f" ]; then
    echo "vectors_in_sync: $n: a folder in the shared copy (not expected)" >&2; bad=1
  elif [ ! -f "$ours/$n" ]; then
    echo "vectors_in_sync: $n: missing from tests/vectors" >&2; bad=1
  elif ! cmp -s "$f" "$ours/$n"; then
    echo "vectors_in_sync: $n: differs from $shared/$n" >&2; bad=1
  else
    same=$((same + 1))
  fi
done
for f in "$ours"/*; do
  n=$(basename "$f")
  [ -e "$shared/$n" ] || echo "vectors_in_sync: project file $n (not in $shared)"
done
[ "$bad" -eq 0 ] || exit 1
echo "vectors_in_sync: $same shared files identical to $shared"
