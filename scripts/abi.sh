#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# ABI gate for libpgov.so (x86_64): build the `shared` preset (-g -Og, DWARF
# for abidw), check exports (SONAME libpgov.so.0, every symbol versioned
# PGOV_x.y and listed in lib/pgov.map, nothing but libc NEEDED), then abidw the
# library and abidiff it against the committed baseline abi/libpgov.abi.
# Any abidiff status other than 0 fails (layout and signature changes exit 4,
# not 8). Added symbols are allowed (they go in a new map node).
# Updating the baseline on purpose: docs/abi.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset shared >/dev/null
cmake --build --preset shared 2>&1 | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "abi: build failed" >&2; exit 1; }
so=$(readlink -f build/shared/libpgov.so)
echo "abi: $(basename "$so"): $(readlink build/shared/libpgov.so) -> $(readlink build/shared/libpgov.so.0)"
tests/checks/check_exports.sh . build/shared/libpgov.a "$so"
if [ ! -f abi/libpgov.abi ]; then
  echo "abi: no baseline abi/libpgov.abi; create it with: cmake --build build/shared --target abi-dump" >&2
  exit 1
fi
if cmake --build build/shared --target abi-check >build/shared/abi-check.log 2>&1; then
  grep -E '^Functions changes summary|^Variables changes summary' build/shared/abi-check.log || true
  echo "abi: ok, abidiff against abi/libpgov.abi: no incompatible change"
else
  grep -vE '^\[[0-9]+/[0-9]+\] ' build/shared/abi-check.log >&2
  echo "abi: FAILED: the ABI differs from abi/libpgov.abi (see above; policy in docs/abi.md)" >&2
  exit 1
fi
