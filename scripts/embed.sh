#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The three embeddings of the library, built and run (issue 7):
#   daemon   pgovd and its fake-sysfs tests (dev preset, ctest pgovd, pgovd_guard
#            and pgovd_demo: pgovd --demo from the command line)
#   cortexm  Cortex-M4 firmware under qemu-system-arm, checked against vectors
#   kmod     the kernel module built with Kbuild against linux-headers-amd64,
#            then booted under qemu-system-x86_64 (PGOV_KMOD_BOOT=0 skips
#            the boot, e.g. offline: it fetches the matching linux-image)
# Usage: scripts/embed.sh [daemon|cortexm|kmod]...   (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(daemon cortexm kmod)

daemon() {
  cmake --preset dev >/dev/null
  cmake --build --preset dev --target pgovd test_pgovd test_pgovd_service test_pgovd_guard 2>&1 | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
  [ "${PIPESTATUS[0]}" -eq 0 ] || return 1
  ctest --preset dev -R '^pgovd(_service|_guard|_demo)?$' -V 2>&1 |
    grep -E '\[ +(RUN|OK|PASSED|FAILED|ERROR) +\]|policy |ok: pgovd --demo|ramp cpu0|tests passed|tests failed' || true
  ctest --preset dev -R '^pgovd(_service|_guard|_demo)?$' --output-on-failure >/dev/null
}
cortexm() { examples/cortex-m/run.sh; }
kmod() {
  examples/kmod/build.sh
  if [ "${PGOV_KMOD_BOOT:-1}" = 0 ]; then
    echo "kmod: boot under qemu skipped (PGOV_KMOD_BOOT=0)"
  else
    examples/kmod/qemu-test.sh
  fi
}

for p in "${parts[@]}"; do
  case $p in daemon|cortexm|kmod) ;; *) echo "embed.sh: unknown part '$p'" >&2; exit 2 ;; esac
  printf '\n-- embed: %s\n' "$p"
  t0=$(date +%s)
  "$p"
  echo "-- embed: $p ok ($(( $(date +%s) - t0 )) s)"
done
