#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Install the Debian 12 packages a command needs.
#   scripts/install-deps.sh demo   the compiler and build tools for the
#                                  library, examples and pgov-sim (README's
#                                  first command; no test dependency)
#   scripts/install-deps.sh        everything the full check suite needs
# Idempotent: packages already present are skipped, so a second run is quick.
# Needs root (CI runs as root); as non-root it only reports what is missing.
set -u

DEMO_PKGS=(build-essential cmake ninja-build)
PKGS=(
  "${DEMO_PKGS[@]}" pkg-config git cppcheck
  libcmocka-dev gcc-multilib libcmocka-dev:i386
  gcovr doxygen graphviz groff-base abigail-tools valgrind
  clang lld llvm libclang-rt-14-dev
  gcc-arm-none-eabi libnewlib-arm-none-eabi binutils-arm-none-eabi
  gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
  qemu-system-arm qemu-system-misc
  linux-headers-amd64
  qemu-system-x86 busybox-static python3
  libtracecmd-dev libtraceevent-dev libtracefs-dev libzstd-dev trace-cmd dwarves
  python3-numpy python3-pytest python3-venv python3-pip python3-setuptools
  chromium
  debhelper devscripts lintian fakeroot dpkg-dev debootstrap dh-python dkms dh-dkms
)
case "${1:-all}" in
  demo) PKGS=("${DEMO_PKGS[@]}") ;;
  all) ;;
  *) echo "usage: scripts/install-deps.sh [demo|all]" >&2; exit 2 ;;
esac

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PKGS[@]} packages present"
  exit 0
fi
echo "install-deps: missing: ${missing[*]}"
if [ "$(id -u)" != 0 ]; then
  echo "install-deps: not root; install the packages above and re-run" >&2
  exit 1
fi
if printf '%s\n' "${missing[@]}" | grep -q ':i386$'; then
  dpkg --print-foreign-architectures | grep -qx i386 || dpkg --add-architecture i386
fi
# apt-get update may exit 100 on a flaky i386 security index; installs still work.
apt-get update -qq || echo "install-deps: apt-get update reported errors; continuing"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/pgov-apt.log 2>&1 || {
  echo "install-deps: apt-get install failed; last lines:" >&2; tail -n 30 /tmp/pgov-apt.log >&2; exit 1; }
echo "install-deps: installed ${#missing[@]} packages"
