#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every function declared PGOV_API in include/pgov/*.h must be listed in
# lib/pgov.map; every global symbol the static library defines starts with
# pgov_ (internal ones too: an embedder links them into its own namespace);
# and (when the shared library is given) the .so must export exactly the
# mapped names, each with a version, and need no other library.
# Usage: check_exports.sh SOURCE_DIR LIBPGOV_A [LIBPGOV_SO]
set -eu
top=$1 archive=$2 so=${3:-}
declared=$(sed -n 's/^PGOV_API[^(]*[ *]\(pgov_[a-z0-9_]*\)(.*/\1/p' "$top"/include/pgov/*.h | sort -u)
mapped=$(sed -n 's/^[[:space:]]*\(pgov_[a-z0-9_]*\);.*/\1/p' "$top"/lib/pgov.map | sort -u)
fail=0
for f in $declared; do
  echo "$mapped" | grep -qx "$f" || { echo "not in lib/pgov.map: $f"; fail=1; }
done
for f in $mapped; do
  echo "$declared" | grep -qx "$f" || { echo "in lib/pgov.map but not declared PGOV_API: $f"; fail=1; }
done
unprefixed=$(nm -g --defined-only "$archive" | awk 'NF == 3 {print $3}' | grep -v '^pgov_' |
             sort -u || true)
for s in $unprefixed; do
  echo "global symbol without the pgov_ prefix in $(basename "$archive"): $s"; fail=1
done
if [ -n "$so" ]; then
  exported=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDRBW]$/ {print $3}' | grep -v '^PGOV_' | sort -u)
  for s in $exported; do
    case "$s" in
      *@@PGOV_*|*@PGOV_*) ;;
      *) echo "exported without a version: $s"; fail=1 ;;
    esac
    name=${s%%@*}
    echo "$mapped" | grep -qx "$name" || { echo "exported but not mapped: $name"; fail=1; }
  done
  n=$(echo "$exported" | grep -c . || true)
  soname=$(readelf -d "$so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
  [ "$soname" = "libpgov.so.0" ] || { echo "SONAME is '$soname', expected libpgov.so.0"; fail=1; }
  needed=$(readelf -d "$so" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  echo "exports: $n versioned symbols, SONAME $soname, NEEDED: ${needed:-none}"
fi
n=$(echo "$declared" | grep -c . || true)
[ $fail -eq 0 ] && echo "exports_versioned: $n PGOV_API functions all mapped, every global symbol of $(basename "$archive") prefixed pgov_"
exit $fail
