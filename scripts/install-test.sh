#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Install a release build into a staging prefix (build/stage), check the
# installed tree, then build and run the out-of-tree consumer tests/consumer
# three ways: CMake find_package + pgov::pgov (static), CMake +
# pgov::pgov_shared, and pkg-config (cc $(pkg-config --cflags --libs pgov)).
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
stage=$top/build/stage
work=$top/build/consumer
rm -rf "$stage" "$work"
mkdir -p "$work"

cmake --preset release >/dev/null
cmake --build --preset release 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] ' || true
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "install-test: build failed" >&2; exit 1; }
cmake --install build/release --prefix "$stage" >"$work/install.log"

# The installed tree.
libdir=$(dirname "$(find "$stage" -name libpgov.a | head -n1)")
fail=0
need() { [ -e "$1" ] || { echo "install-test: missing $1" >&2; fail=1; }; }
for h in include/pgov/*.h; do need "$stage/include/pgov/$(basename "$h")"; done
need "$libdir/libpgov.a"
need "$libdir/pkgconfig/pgov.pc"
need "$libdir/cmake/pgov/pgovConfig.cmake"
need "$libdir/cmake/pgov/pgovConfigVersion.cmake"
need "$libdir/cmake/pgov/pgovTargets.cmake"
so_real=$(basename "$(readlink -f "$libdir/libpgov.so" 2>/dev/null || true)")
chain="$(readlink "$libdir/libpgov.so" 2>/dev/null || true) -> $(readlink "$libdir/libpgov.so.0" 2>/dev/null || true)"
if [ "$chain" != "libpgov.so.0 -> libpgov.so.0.1.0" ] || [ ! -f "$libdir/$so_real" ]; then
  echo "install-test: bad shared-library chain: libpgov.so -> $chain" >&2; fail=1
fi
[ $fail -eq 0 ] || exit 1
echo "install-test: installed $(find "$stage" -type f | wc -l) files under build/stage:" \
     "$(ls "$stage/include/pgov" | wc -l) headers, libpgov.a, libpgov.so -> $chain, pgov.pc, cmake/pgov"

run() { # label, binary
  if out=$("$2" 2>&1); then
    echo "install-test: $1: $(echo "$out" | tail -n1) [$(echo "$out" | head -n1 | sed 's/^consumer: //')]"
  else
    echo "$out" >&2; echo "install-test: $1: FAILED" >&2; exit 1
  fi
}

# 1 and 2: CMake package, static and shared.
for kind in static shared; do
  sh=OFF; [ $kind = shared ] && sh=ON
  cmake -S tests/consumer -B "$work/cmake-$kind" -G Ninja -DCMAKE_PREFIX_PATH="$stage" \
        -DPGOV_CONSUMER_SHARED=$sh >"$work/cmake-$kind.log" 2>&1 \
    || { cat "$work/cmake-$kind.log" >&2; exit 1; }
  cmake --build "$work/cmake-$kind" >>"$work/cmake-$kind.log" 2>&1 \
    || { cat "$work/cmake-$kind.log" >&2; exit 1; }
  if [ $kind = shared ]; then
    readelf -d "$work/cmake-$kind/consumer" | grep -q 'NEEDED.*libpgov.so.0' \
      || { echo "install-test: cmake shared consumer does not need libpgov.so.0" >&2; exit 1; }
  else
    readelf -d "$work/cmake-$kind/consumer" | grep -q 'NEEDED.*libpgov' \
      && { echo "install-test: cmake static consumer needs libpgov.so" >&2; exit 1; }
  fi
  run "cmake find_package, pgov::pgov$([ $kind = shared ] && echo _shared) ($kind)" \
      "$work/cmake-$kind/consumer"
done

# 3: pkg-config, against the staged .pc only (no system paths).
export PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG_LIBDIR="$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs pgov)
echo "install-test: pkg-config pgov $(pkg-config --modversion pgov): $flags"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Werror tests/consumer/main.c $flags -o "$work/consumer-pc"
LD_LIBRARY_PATH="$libdir" run "pkg-config (shared, LD_LIBRARY_PATH)" "$work/consumer-pc"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Werror tests/consumer/main.c \
   $(pkg-config --cflags pgov) "$libdir/libpgov.a" -o "$work/consumer-pc-static"
run "pkg-config cflags + libpgov.a (static)" "$work/consumer-pc-static"
echo "install-test: ok"
