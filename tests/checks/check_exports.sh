#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every function declared PGOV_API in include/pgov/*.h must be listed in
# lib/pgov.map; every global symbol the static library defines starts with
# pgov_ (internal ones too: an embedder links them into its own namespace);
# and (when the shared library is given) the .so must export exactly the
# mapped names, each with a version, and need nothing but libc (hardening
# helpers only; instrumented builds link their runtimes and skip that check).
# Usage: check_exports.sh SOURCE_DIR LIBPGOV_A libc-only|instrumented [LIBPGOV_SO]
set -eu
top=$1 archive=$2 deps=$3 so=${4:-}
# (lib/internal/hal.h: pgov_hw_bind, exported for 0.1 binaries, no longer installed)
declared=$(sed -n 's/^PGOV_API[^(]*[ *]\(pgov_[a-z0-9_]*\)(.*/\1/p' "$top"/include/pgov/*.h \
           "$top"/lib/internal/hal.h | sort -u)
mapped=$(sed -n 's/^[[:space:]]*\(pgov_[a-z0-9_]*\);.*/\1/p' "$top"/lib/pgov.map | sort -u)
fail=0
for f in $declared; do
  echo "$mapped" | grep -qx "$f" || { echo "not in lib/pgov.map: $f"; fail=1; }
done
for f in $mapped; do
  echo "$declared" | grep -qx "$f" || { echo "in lib/pgov.map but not declared PGOV_API: $f"; fail=1; }
done
# Every function returning an error code carries PGOV_MUST_CHECK (export.h:
# everywhere it applies, so a caller's PGOV_CHECK_RETURN build sees them all).
unchecked=$(grep -h '^PGOV_API int\(64_t pgov_sugov_next_freq\)\? ' "$top"/include/pgov/*.h |
            sed -n 's/^PGOV_API[^(]*[ *]\(pgov_[a-z0-9_]*\)(.*/\1/p' || true)
for f in $unchecked; do
  echo "returns an error code but lacks PGOV_MUST_CHECK: $f"; fail=1
done
# (i386 PIC code has the compiler's own __x86.get_pc_thunk.* helpers.)
# (ASan names an indicator after each global it instruments: __odr_asan.NAME,
# NAME itself prefixed; only an instrumented build has them)
unprefixed=$(nm -g --defined-only "$archive" | awk 'NF == 3 {print $3}' |
             grep -v -e '^pgov_' -e '^__x86\.get_pc_thunk\.' -e '^__odr_asan\.pgov_' | sort -u || true)
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
  # Nothing but libc, and from libc only what hardening flags call
  # (-fstack-protector, _FORTIFY_SOURCE); crt's weak references are fine.
  needed_check=
  if [ "$deps" = libc-only ]; then needed_check=1; else echo "exports: instrumented build: dependency check skipped"; fi
  for lib in ${needed_check:+$needed}; do
    case "$lib" in libc.so.*) ;; *) echo "needs a library other than libc: $lib"; fail=1 ;; esac
  done
  undef=$(nm -D --undefined-only "$so" | awk '$1 == "U" {print $2}' | sed 's/@.*//' | sort -u)
  for s in ${needed_check:+$undef}; do
    case "$s" in __stack_chk_fail|__stack_chk_guard|__*_chk) ;;
      *) echo "calls libc beyond hardening helpers: $s"; fail=1 ;; esac
  done
  echo "exports: $n versioned symbols, SONAME $soname, NEEDED: ${needed:-none}," \
       "libc symbols: $(echo $undef | tr ' ' ',' | sed 's/^$/none/')"
fi
n=$(echo "$declared" | grep -c . || true)
[ $fail -eq 0 ] && echo "exports_versioned: $n PGOV_API functions all mapped, every global symbol of $(basename "$archive") prefixed pgov_"
exit $fail
