#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# A Debian 13 (trixie) chroot with trixie-backports enabled: the toolchain
# that Debian's 7.x kernel headers and sched_ext's BPF tools need (gcc-14,
# clang, libbpf-dev, bpftool), kept out of the Debian 12 host.
# Usage: scripts/trixie-chroot.sh DIR            build it once (idempotent)
#        scripts/trixie-chroot.sh DIR -- CMD...  run CMD inside it (as root,
#        with /proc and /dev mounted for the command's duration, in its own
#        mount namespace; PGOV_TRIXIE_BIND="DIR ..." binds host directories
#        at the same paths inside)
# Packages beyond the base set: PGOV_TRIXIE_EXTRA="pkg ..." (installed once).
set -euo pipefail
dir=${1:?usage: trixie-chroot.sh DIR [-- CMD...]}
shift
mirror=${PGOV_DEBIAN_MIRROR:-http://deb.debian.org/debian}
base="gcc make bc flex bison kmod cpio xz-utils dwarves libelf-dev zlib1g-dev libzstd-dev
      clang llvm libbpf-dev bpftool ca-certificates"
[ "$(id -u)" = 0 ] || { echo "trixie-chroot: needs root (debootstrap, chroot)" >&2; exit 1; }
if [ ! -e "$dir/.pgov-ready" ]; then
  command -v debootstrap >/dev/null || { echo "trixie-chroot: debootstrap missing (apt-get install debootstrap)" >&2; exit 1; }
  echo "trixie-chroot: debootstrap trixie into $dir (once)"
  mkdir -p "$dir"
  debootstrap --variant=minbase trixie "$dir" "$mirror" >"$dir.log" 2>&1 || {
    tail -n 20 "$dir.log" >&2; echo "trixie-chroot: debootstrap failed ($dir.log)" >&2; exit 1; }
  printf 'deb %s trixie main\ndeb %s trixie-backports main\n' "$mirror" "$mirror" >"$dir/etc/apt/sources.list"
  chroot "$dir" apt-get -q update >>"$dir.log" 2>&1
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive chroot "$dir" apt-get -q -y --no-install-recommends install $base \
    >>"$dir.log" 2>&1 || { tail -n 20 "$dir.log" >&2; echo "trixie-chroot: apt-get failed" >&2; exit 1; }
  touch "$dir/.pgov-ready"
fi
if [ -n "${PGOV_TRIXIE_EXTRA:-}" ]; then
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive chroot "$dir" apt-get -q -y --no-install-recommends install $PGOV_TRIXIE_EXTRA \
    >>"$dir.log" 2>&1 || { tail -n 20 "$dir.log" >&2; echo "trixie-chroot: installing $PGOV_TRIXIE_EXTRA failed" >&2; exit 1; }
fi
[ "${1:-}" = -- ] || exit 0
shift
# The mounts live in a private mount namespace that ends with the command:
# several users may share one chroot (sched_ext and the oracle do), and an
# umount on exit must never pull /proc from under another one's command.
# PGOV_TRIXIE_BIND="DIR ...": host directories bound at the same path
# inside (a build tree whose absolute paths and symlinks must resolve).
# shellcheck disable=SC2016
exec unshare --mount --propagation private sh -c '
  dir=$1; shift
  mount -t proc proc "$dir/proc" && mount --bind /dev "$dir/dev" || exit 1
  for b in $PGOV_TRIXIE_BIND; do mkdir -p "$dir$b" && mount --bind "$b" "$dir$b" || exit 1; done
  exec chroot "$dir" "$@"' sh "$dir" "$@"
