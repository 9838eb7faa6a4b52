#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build examples/kmod/pgov_selftest.ko against the installed kernel headers.
# Usage: examples/kmod/build.sh [KDIR]
#   KDIR defaults to /lib/modules/$(uname -r)/build, else the newest
#   /usr/src/linux-headers-*-amd64 (Debian's linux-headers-amd64).
# Output: build/kmod/pgov_selftest.ko. The library sources are symlinked,
# not copied, so Kbuild compiles them unchanged.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
kdir=${1:-${KDIR:-}}
if [ -z "$kdir" ]; then
  if [ -d "/lib/modules/$(uname -r)/build" ]; then
    kdir=/lib/modules/$(uname -r)/build
  else
    kdir=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -n1 || true)
  fi
fi
[ -n "$kdir" ] && [ -f "$kdir/Makefile" ] || {
  echo "kmod/build.sh: no kernel headers (install linux-headers-amd64 or pass KDIR)" >&2; exit 1; }

out=$root/build/kmod
rm -rf "$out"
mkdir -p "$out/lib" "$out/shim"
for f in "$root"/lib/*.c; do ln -s "$f" "$out/lib/"; done
for f in Kbuild pgov_kmod.c pgov_kvec.h pgov_kernel.h pgov_lib_compat.h; do ln -s "$root/examples/kmod/$f" "$out/$f"; done
for f in "$root"/examples/kmod/shim/*.h; do ln -s "$f" "$out/shim/"; done
"$root/examples/kmod/gen_vectors.sh" "$root/tests/vectors" "$out/pgov_vectors.c"

echo "kmod: building against $kdir ($(ls "$root"/lib/*.c | wc -l) lib/ sources)"
make -s -C "$kdir" M="$out" PGOV_ROOT="$root" modules 2>&1 | tee "$out/build.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
# Kbuild's warnings are not errors by default; ours are.
if grep -E 'warning:' "$out/build.log"; then
  echo "kmod: the kernel build printed warnings (above)" >&2; exit 1
fi
ko=$out/pgov_selftest.ko
# (modinfo may be absent in containers: read the .modinfo section directly)
objcopy -O binary --only-section=.modinfo "$ko" /dev/stdout | tr '\0' '\n' |
  grep -E '^(license|vermagic|description)='
# modpost already rejects undefined non-kernel symbols; say what we import.
echo "kmod: imports: $(nm -u "$ko" | awk '{print $2}' | sort | tr '\n' ' ')"
size "$ko"
