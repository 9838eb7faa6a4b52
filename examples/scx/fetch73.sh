# SPDX-License-Identifier: BSD-2-Clause
# Sourced by examples/scx/run.sh (to fold into examples/kmod/guest.sh):
#   scx_chroot DIR CMD...      runs CMD in the trixie chroot DIR. When DIR's
#                              /proc is already mounted (another user of the
#                              shared chroot), chroot directly: the
#                              script's exit trap would unmount it under them.
#   scx_fetch_kernel DIR CACHE KVER
#                              Debian's KVER kernel (trixie-backports: the
#                              linux-image meta package's linux-binary-,
#                              linux-modules- and linux-base- .debs), fetched
#                              once with apt-get download inside DIR and
#                              unpacked under CACHE; sets GUEST_VMLINUZ,
#                              GUEST_TREE and GUEST_CACHE for guest.sh's
#                              guest_modules and guest_vmlinux.
scx_chroot() {
  local dir=$1
  shift
  if mountpoint -q "$dir/proc"; then chroot "$dir" "$@"; else "$root/scripts/trixie-chroot.sh" "$dir" -- "$@"; fi
}

scx_fetch_kernel() {
  local dir=$1 cache=$2 kver=$3 d=/tmp/pgov-scx-dl-$$ deb
  GUEST_TREE=$cache/usr
  GUEST_CACHE=$cache
  GUEST_VMLINUZ=$cache/boot/vmlinuz-$kver
  if [ ! -r "$cache/usr/lib/modules/$kver/vmlinuz" ]; then
    echo "scx: fetching linux-{binary,modules,base}-$kver"
    mkdir -p "$cache" "$dir$d"
    scx_chroot "$dir" sh -c "cd $d && apt-get download -q linux-binary-$kver linux-modules-$kver linux-base-$kver" \
      >/dev/null 2>&1 || { echo "scx: cannot download the $kver kernel (apt-get update in $dir?)" >&2; return 1; }
    for deb in "$dir$d"/*.deb; do dpkg-deb -x "$deb" "$cache"; done
    rm -rf "${dir:?}$d"
  fi
  mkdir -p "$cache/boot"
  ln -sf "../usr/lib/modules/$kver/vmlinuz" "$GUEST_VMLINUZ"
}
