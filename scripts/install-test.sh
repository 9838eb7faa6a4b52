#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Install a release build into a staging root (DESTDIR=build/stage, the
# configured prefix below it), check the installed tree, then build and run
# the out-of-tree consumer tests/consumer three ways: CMake find_package +
# pgov::pgov (shared), CMake + pgov::pgov_static, and pkg-config
# (cc $(pkg-config --cflags --libs pgov), with PKG_CONFIG_SYSROOT_DIR).
# The installed pgov-sim must find its installed scenarios.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
stage=$top/build/stage
work=$top/build/consumer
rm -rf "$stage" "$work"
mkdir -p "$work"

cmake --preset release >/dev/null
cmake --build --preset release 2>&1 | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "install-test: build failed" >&2; exit 1; }
DESTDIR=$stage cmake --install build/release >"$work/install.log"
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' build/release/CMakeCache.txt)
root=$stage$prefix

# The installed tree.
libdir=$(dirname "$(find "$stage" -name libpgov.a | head -n1)")
fail=0
need() { [ -e "$1" ] || { echo "install-test: missing $1" >&2; fail=1; }; }
for h in include/pgov/*.h include/pgov/core/*.h; do need "$root/$h"; done
need "$libdir/libpgov.a"
need "$libdir/pkgconfig/pgov.pc"
need "$libdir/cmake/pgov/pgovConfig.cmake"
need "$libdir/cmake/pgov/pgovConfigVersion.cmake"
need "$libdir/cmake/pgov/pgovTargets.cmake"
so_real=$(basename "$(readlink -f "$libdir/libpgov.so" 2>/dev/null || true)")
chain="$(readlink "$libdir/libpgov.so" 2>/dev/null || true) -> $(readlink "$libdir/libpgov.so.0" 2>/dev/null || true)"
if [ "$chain" != "libpgov.so.0 -> libpgov.so.0.7.0" ] || [ ! -f "$libdir/$so_real" ]; then
  echo "install-test: bad shared-library chain: libpgov.so -> $chain" >&2; fail=1
fi
[ $fail -eq 0 ] || exit 1
# pgov.pc: an absolute prefix (a relative one defeats pkg-config's filter of
# system include directories) and a real URL.
pc=$libdir/pkgconfig/pgov.pc
grep -qx "prefix=$prefix" "$pc" || { echo "install-test: pgov.pc: prefix is not $prefix:" >&2; grep prefix= "$pc" >&2; fail=1; }
grep -Eq '^URL: https://[a-z0-9.-]+\.[a-z]+/' "$pc" && ! grep -q 'invalid' "$pc" \
  || { echo "install-test: pgov.pc: no real URL: $(grep URL "$pc")" >&2; fail=1; }
# The CMake package lists the include directory once, on each target.
n_inc=$(grep -c 'INTERFACE_INCLUDE_DIRECTORIES "\${_IMPORT_PREFIX}/include"$' "$libdir/cmake/pgov/pgovTargets.cmake" || true)
[ "$n_inc" = 2 ] || { echo "install-test: pgovTargets.cmake: include directory not listed exactly once per target:" >&2
                      grep INTERFACE_INCLUDE_DIRECTORIES "$libdir/cmake/pgov/pgovTargets.cmake" >&2; fail=1; }
[ $fail -eq 0 ] || exit 1
echo "install-test: installed $(find "$stage" -type f | wc -l) files under build/stage$prefix:" \
     "$(find "$root/include/pgov" -name '*.h' | wc -l) headers (core/ included), libpgov.a, libpgov.so -> $chain, pgov.pc (prefix=$prefix), cmake/pgov"

# The installed simulator finds the installed scenarios, with the source
# tree and the build tree out of reach.
need "$root/share/pgov/scenarios/gitsuite.scn"
simout=$work/sim-out
if ! (cd / && env -u PGOV_SIM_SCENARIO_DIR "$root/bin/pgov-sim" --iterations 1 --out "$simout" execl >"$work/sim.log" 2>&1); then
  cat "$work/sim.log" >&2; echo "install-test: installed pgov-sim failed" >&2; exit 1
fi
grep -q . "$simout/results.tsv" || { echo "install-test: installed pgov-sim wrote no results" >&2; exit 1; }
echo "install-test: installed pgov-sim ran execl from $prefix/share/pgov/scenarios"

run() { # label, binary
  if out=$("$2" 2>&1); then
    echo "install-test: $1: $(echo "$out" | tail -n1) [$(echo "$out" | head -n1 | sed 's/^consumer: //')]"
  else
    echo "$out" >&2; echo "install-test: $1: FAILED" >&2; exit 1
  fi
}

# 1 and 2: CMake package, pgov::pgov (shared) and pgov::pgov_static.
for kind in shared static; do
  st=OFF; [ $kind = static ] && st=ON
  cmake -S tests/consumer -B "$work/cmake-$kind" -G Ninja -DCMAKE_PREFIX_PATH="$root" \
        -DPGOV_CONSUMER_STATIC=$st >"$work/cmake-$kind.log" 2>&1 \
    || { cat "$work/cmake-$kind.log" >&2; exit 1; }
  cmake --build "$work/cmake-$kind" >>"$work/cmake-$kind.log" 2>&1 \
    || { cat "$work/cmake-$kind.log" >&2; exit 1; }
  if [ $kind = shared ]; then
    readelf -d "$work/cmake-$kind/consumer" | grep -q 'NEEDED.*libpgov.so.0' \
      || { echo "install-test: pgov::pgov consumer does not need libpgov.so.0" >&2; exit 1; }
  else
    readelf -d "$work/cmake-$kind/consumer" | grep -q 'NEEDED.*libpgov' \
      && { echo "install-test: pgov::pgov_static consumer needs libpgov.so" >&2; exit 1; }
  fi
  LD_LIBRARY_PATH="$libdir" run "cmake find_package, pgov::pgov$([ $kind = static ] && echo _static) ($kind)" \
      "$work/cmake-$kind/consumer"
done

# 3: pkg-config, against the staged .pc only (no system paths), rooted in
# the staging directory as a distribution build would see it.
export PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG_LIBDIR="$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage"
flags=$(pkg-config --cflags --libs pgov)
echo "install-test: pkg-config pgov $(pkg-config --modversion pgov): $flags"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Werror tests/consumer/main.c $flags -o "$work/consumer-pc"
LD_LIBRARY_PATH="$libdir" run "pkg-config (shared, LD_LIBRARY_PATH)" "$work/consumer-pc"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Werror tests/consumer/main.c \
   $(pkg-config --cflags pgov) "$libdir/libpgov.a" -o "$work/consumer-pc-static"
run "pkg-config cflags + libpgov.a (static)" "$work/consumer-pc-static"
# 4: `cmake --install --prefix P` into a prefix the build was not configured
# for (docs/consuming.md's sequence): pgov.pc must name P, and a consumer
# builds from it through pkg-config (no sysroot) and find_package.
unset PKG_CONFIG_SYSROOT_DIR
pfx=$work/prefix
cmake --install build/release --prefix "$pfx" >"$work/install-prefix.log"
pclib=$(dirname "$(find "$pfx" -name pgov.pc | head -n1)")
grep -qx "prefix=$pfx" "$pclib/pgov.pc" || { echo "install-test: --prefix $pfx: pgov.pc says $(grep prefix= "$pclib/pgov.pc")" >&2; exit 1; }
export PKG_CONFIG_PATH="$pclib" PKG_CONFIG_LIBDIR="$pclib"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Wpedantic -Werror tests/consumer/main.c $(pkg-config --cflags --libs pgov) -o "$work/consumer-prefix"
LD_LIBRARY_PATH="$(dirname "$pclib")" run "--prefix install, pkg-config" "$work/consumer-prefix"
cmake -S tests/consumer -B "$work/cmake-prefix" -G Ninja -DCMAKE_PREFIX_PATH="$pfx" >"$work/cmake-prefix.log" 2>&1 \
  && cmake --build "$work/cmake-prefix" >>"$work/cmake-prefix.log" 2>&1 || { cat "$work/cmake-prefix.log" >&2; exit 1; }
LD_LIBRARY_PATH="$(dirname "$pclib")" run "--prefix install, find_package" "$work/cmake-prefix/consumer"
# 5: the installed core tier's gate: pgov/core/ compiles only opted in, and
# links with the installed libpgov.a, never with the installed libpgov.so.
PGOV_GATE_INCLUDE="$root/include" tests/tier/gate.sh . cc "$libdir/libpgov.a" "$libdir/$so_real" |
  sed 's/^/install-test: installed /'
# 6: vendoring, docs/consuming.md's per-module file lists.
tests/checks/check_vendoring.sh . | sed 's/^/install-test: /'
echo "install-test: ok"
