#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boot Debian's kernel under qemu-system-x86_64 with a tiny busybox
# initramfs, insmod build/kmod/pgov_selftest.ko and check its self-test line
# on the serial console.
# Usage: examples/kmod/qemu-test.sh   (after examples/kmod/build.sh)
# Needs: qemu-system-x86, busybox-static, and the linux-image package whose
# version matches the headers the module was built against. If that kernel
# is not installed in /boot, its .deb is fetched once with `apt-get download`
# (the ordinary Debian client) into build/kmod-cache and unpacked there
# (examples/kmod/guest.sh, shared with tests/oracle/run.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
ko=$root/build/kmod/pgov_selftest.ko
[ -f "$ko" ] || { echo "kmod/qemu-test.sh: build the module first (examples/kmod/build.sh)" >&2; exit 1; }
kver=$(objcopy -O binary --only-section=.modinfo "$ko" /dev/stdout | tr '\0' '\n' |
  sed -n 's/^vermagic=//p' | awk '{print $1}')
. "$root/examples/kmod/guest.sh"
cache=$root/build/kmod-cache
guest_kernel "$kver" "$cache"
vmlinuz=$GUEST_VMLINUZ

ird=$cache/initramfs
rm -rf "$ird"
mkdir -p "$ird"
cp "$ko" "$ird/"
cat >"$ird/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /dev
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t devtmpfs dev /dev
/bin/busybox insmod /pgov_selftest.ko
echo "pgov-kmod: insmod exit $?"
/bin/busybox dmesg | /bin/busybox grep 'pgov'
/bin/busybox poweroff -f
INIT
guest_initramfs "$ird" "$cache/initramfs.gz"

# TCG by default: a CI runner is often a VM where nested KVM hangs at boot
# (seen here: stuck after "Probing EDD" with a CPUID warning). TCG boots this
# kernel in a few seconds. PGOV_KMOD_ACCEL=kvm opts in.
accel=${PGOV_KMOD_ACCEL:-tcg}
log=$cache/console.log
guest_boot --tag "kmod ($accel)" --log "$log" --timeout 180 --done 'pgov-kmod: insmod exit' --own 'pgov-guest: userspace' -- \
  -accel "$accel" -m 512 -smp 1 -nographic -no-reboot \
  -kernel "$vmlinuz" -initrd "$cache/initramfs.gz" \
  -append "console=ttyS0 panic=-1 loglevel=3" || true
grep -E 'pgov' "$log" | tr -d '\r' | grep -v 'tainting' || true
grep -q 'pgov-kmod: insmod exit 0' "$log" && grep -q 'pgov: selftest passed' "$log" || {
  echo "kmod/qemu-test.sh: self-test line missing or failed" >&2; tail -n 30 "$log" >&2; exit 1; }
echo "kmod: self-test passed inside Linux $kver"
