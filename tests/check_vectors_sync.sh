#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every file of the team's golden vectors (../shared/vectors) is in
# tests/vectors verbatim; fail if one differs or is missing (then re-copy it,
# do not edit it here). tests/vectors may hold more files: the ones this
# project made itself (linux-*.tsv, captured from Linux by tests/oracle).
ours=$1 shared=$2
if [ ! -d "$shared" ]; then
  echo "vectors_in_sync: $shared not present; using the committed copy"; exit 0
fi
n=0
for f in "$shared"/*; do
  name=${f##*/}
  if ! cmp -s "$f" "$ours/$name"; then
    echo "vectors_in_sync: tests/vectors/$name differs from $shared (or is missing)" >&2; exit 1
  fi
  n=$((n + 1))
done
echo "vectors_in_sync: $n files identical to $shared ($(( $(ls "$ours" | wc -l) - n )) project-made files besides)"
