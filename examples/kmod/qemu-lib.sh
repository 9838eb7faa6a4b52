# SPDX-License-Identifier: BSD-2-Clause
# Shared by examples/kmod/qemu-test.sh and tests/traces/record.sh (source it).
#
# pgov_kernel_image KVER CACHE: print the path of vmlinuz-KVER, from /boot or
#   else from linux-image-KVER's .deb, fetched once with `apt-get download`
#   (the ordinary Debian client) into CACHE and unpacked there.
# pgov_initramfs_begin DIR: a fresh DIR holding busybox-static as /bin/busybox
#   (the initramfs has no libc); the caller adds files and DIR/init.
# pgov_initramfs_pack DIR OUT: pack DIR as a gzip'd newc cpio archive OUT.

pgov_kernel_image() {
  local kver=$1 cache=$2 vmlinuz=/boot/vmlinuz-$1
  if [ ! -r "$vmlinuz" ]; then
    vmlinuz=$cache/boot/vmlinuz-$kver
    if [ ! -r "$vmlinuz" ]; then
      echo "kmod: fetching linux-image-$kver (not installed in /boot)" >&2
      mkdir -p "$cache"
      (cd "$cache" && apt-get download -q "linux-image-$kver" >/dev/null 2>&1) || {
        echo "qemu-lib: cannot download linux-image-$kver" >&2; return 1; }
      dpkg-deb -x "$cache"/linux-image-"$kver"_*.deb "$cache"
    fi
  fi
  command -v qemu-system-x86_64 >/dev/null || { echo "qemu-lib: qemu-system-x86 missing" >&2; return 1; }
  echo "$vmlinuz"
}

pgov_initramfs_begin() {
  local bb=/bin/busybox
  [ -x "$bb" ] || { echo "qemu-lib: busybox-static missing" >&2; return 1; }
  rm -rf "$1"
  mkdir -p "$1/bin"
  cp "$bb" "$1/bin/busybox"
}

pgov_initramfs_pack() {
  chmod +x "$1/init"
  (cd "$1" && find . | /bin/busybox cpio -o -H newc 2>/dev/null | gzip -1) >"$2"
}
