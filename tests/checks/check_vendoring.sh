#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Each row of the vendoring table in docs/consuming.md ("| `module` | `files` |",
# or "| `module` | `files` | `-Dflags` |" for a build-time configuration)
# links on its own: the listed lib/ files, no libc, no undefined symbol.
set -eu
top=$1 cc=${CC:-cc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rows=$(sed -n -e 's/^| `\([a-z_0-9]*\)` | `\([a-z_. ]*\)` |$/\1:\2:/p' \
  -e 's/^| `\([a-z_0-9]*\)` | `\([a-z_. ]*\)` | `\(-D[A-Za-z0-9_=x ]*\)` |$/\1:\2:\3/p' \
  "$top/docs/consuming.md")
[ -n "$rows" ] || { echo "vendoring: no module table in docs/consuming.md"; exit 1; }
fail=0 n=0
for row in $(echo "$rows" | tr ' ' '+'); do
  m=${row%%:*} rest=${row#*:}
  files=$(echo "${rest%%:*}" | tr '+' ' ') defs=$(echo "${rest#*:}" | tr '+' ' ')
  srcs=; for f in $files; do srcs="$srcs $top/lib/$f"; done
  # shellcheck disable=SC2086
  if ! $cc -std=c11 -O0 $defs -fPIC -shared -nostdlib -ffreestanding -fno-builtin -I"$top/include" \
       -I"$top/lib" $srcs -Wl,--no-undefined -lgcc -o "$tmp/$m.so" 2>"$tmp/$m.err"; then
    echo "vendoring: module $m does not link from: $files"; grep -m3 undefined "$tmp/$m.err" || true; fail=1
  fi
  n=$((n + 1))
done
[ $fail -eq 0 ] && echo "vendoring: all $n module file lists in docs/consuming.md link on their own"
exit $fail
