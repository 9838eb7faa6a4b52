#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# scx_pgov in Linux 7.3: boot Debian's 7.3 kernel (trixie-backports) under
# qemu (TCG, 4 vCPUs) with a dummy cpufreq driver (examples/scx/kmod) so
# the built-in schedutil runs, attach scx_pgov for SCX_SECS while scx_work
# runs (every policy step and every kernel schedutil callback logged to a
# raw disk), then replay the log on the host through libpgov's ABI
# (scx_replay) and compare every field. docs/embedding.md section 5.
# Usage: examples/scx/run.sh [SCX_SECS]   (default 40)
# Env: PGOV_TRIXIE_ROOT  the trixie chroot (default build/trixie, built by
#                   scripts/trixie-chroot.sh when missing; the oracle's)
#      PGOV_ORACLE_73 the 7.3 build pinned (default 7.3.4+deb13; the newest
#                   7.3 when Debian has dropped it), as the oracle's 7.3 run
#      PGOV_SCX_MIN_DECISIONS, PGOV_SCX_MIN_COMMITS: the least the run must
#                   compare (default 5000 and 1000), else it fails
# Needs on the host: qemu-system-x86, busybox-static, gcc, python3, zstd.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-40}
out=$root/build/scx
. "$root/examples/kmod/guest.sh"
GUEST_ROOT=$root
export PGOV_TRIXIE_ROOT=${PGOV_TRIXIE_ROOT:-$root/build/trixie}
trixie=$PGOV_TRIXIE_ROOT
mkdir -p "$out"

# 1. The 7.3 kernel (found, fetched and unpacked as the oracle's 7.3 run
# does: guest.sh) and its BTF.
kver=$(guest_trixie_kver 7.3 "${PGOV_ORACLE_73:-7.3.4+deb13}")
guest_trixie_fetch "$kver" "$root/build/kmod-cache"
kdir=$GUEST_KDIR
guest_kernel "$kver" "$root/build/kmod-cache"
guest_vmlinux "$out/vmlinux"
objcopy -O binary --only-section=.BTF "$out/vmlinux" "$out/vmlinux.btf"

# 2. Scheduler and static loader, built in the chroot from a copy of the tree.
src=/tmp/pgov-scx-$$
rm -rf "$trixie$src"
mkdir -p "$trixie$src/src/examples"
cp -r "$root/include" "$trixie$src/src/"
cp -r "$root/examples/scx" "$trixie$src/src/examples/"
cp "$out/vmlinux.btf" "$trixie$src/"
guest_trixie sh "$src/src/examples/scx/build.sh" "$src/src" "$src/out" "$src/vmlinux.btf"
cp "$trixie$src/out/scx_pgov" "$trixie$src/out/scx_pgov.bpf.o" "$out/"
rm -rf "${trixie:?}$src"
# The dummy cpufreq driver (the guest has no cpufreq hardware; its body is
# examples/kmod/dummy_cpufreq.h, shared with the oracle), against the
# unpacked 7.3 headers, built in the chroot (trixie's kbuild tools).
mkdir -p "$out/kmod"
cp "$root"/examples/scx/kmod/* "$root/examples/kmod/dummy_cpufreq.h" "$out/kmod/"
PGOV_TRIXIE_BIND="$root" guest_trixie make -s -C "$kdir" M="$out/kmod" modules
cp "$out/kmod/scx_dummy_cpufreq.ko" "$out/"

# 3. Workload and host replay (ABI tier: lib/*.c as libpgov builds them).
gcc -O2 -static -Wall -Wextra -o "$out/scx_work" "$root/examples/scx/scx_work.c"
r=$root/examples/replay
gcc -O2 -Wall -Wextra -std=c11 -I"$root/include" -I"$root/lib" -I"$root/examples/scx" -I"$r" \
  -I"$root/examples/common" -o "$out/scx_replay" "$root/examples/scx/scx_replay.c" "$r/replay_linux.c" \
  "$r/replay_linux_gov.c" "$r/replay.c" "$root/examples/common/num.c" "$root"/lib/*.c

# 4. initramfs: busybox, virtio_blk, loader, workload.
ird=$out/initramfs
rm -rf "$ird"
mkdir -p "$ird/lib"
mods=$(guest_modules virtio_blk)
for m in $mods; do cp "$m" "$ird/lib/"; done
cp "$out/scx_pgov" "$out/scx_work" "$out/scx_dummy_cpufreq.ko" "$ird/"
{
  echo '#!/bin/busybox sh'
  echo 'bb=/bin/busybox'
  echo '$bb mkdir -p /proc /sys /dev /tmp'
  echo '$bb mount -t proc proc /proc; $bb mount -t sysfs sys /sys; $bb mount -t devtmpfs dev /dev'
  for m in $mods; do echo "\$bb insmod /lib/${m##*/}"; done
  echo 'echo "scx-guest: kernel $($bb uname -r)"'
  echo '$bb insmod /scx_dummy_cpufreq.ko || echo "scx-guest: no cpufreq driver"'
  echo 'echo "scx-guest: cpufreq: $($bb cat /sys/devices/system/cpu/cpufreq/policy0/scaling_driver) $($bb cat /sys/devices/system/cpu/cpufreq/policy0/scaling_governor)"'
  echo 'n=0; while [ ! -b /dev/vdb ] && [ $n -lt 100 ]; do $bb sleep 0.1; n=$((n+1)); done'
  # The workload starts once the scheduler is attached (loading and
  # verifying under TCG takes a while) and ends just before it detaches.
  echo 'echo "scx-guest: loading the scheduler"'
  echo '/scx_pgov --verify || echo "scx-guest: --verify failed"'
  echo "/scx_pgov $secs /dev/vda >/tmp/loader.out 2>&1 & lp=\$!"
  echo 'n=0; until $bb grep -q "attached" /tmp/loader.out || [ $n -ge 1200 ]; do $bb sleep 0.1; n=$((n+1)); done'
  echo "/scx_work $((secs - 1)) /dev/vdb &"
  # the clamps the kernel sees (CONFIG_SCHED_DEBUG), to compare with the log's
  echo '( $bb sleep 2; $bb cat /proc/[0-9]*/sched | $bb grep uclamp | $bb sort | $bb uniq -c | $bb sed "s/^/scx-uclamp: /" ) &'
  echo 'wait $lp; rc=$?; $bb cat /tmp/loader.out; echo "scx-guest: loader exit $rc"'
  echo 'echo "scx-guest: sched_ext state after detach: $($bb cat /sys/kernel/sched_ext/state)"'
  echo 'wait; $bb sync'
  echo '$bb dmesg | $bb grep -iE "warn|bug|sched_ext|scx|call trace" | $bb sed "s/^/scx-dmesg: /"'
  echo 'echo "scx-guest: done"; $bb poweroff -f'
} >"$ird/init"
guest_initramfs "$ird" "$out/initramfs.gz"

# 5. Boot: the log disk (vda) and a scratch disk for the O_DIRECT reads (vdb).
[ -f "$out/scratch.img" ] || head -c 8M /dev/urandom >"$out/scratch.img"
log=$out/console.log
# guest_boot (examples/kmod/guest.sh) boots again, up to three boots, when
# the kernel hangs before userspace or crashes before the scheduler is
# loaded: Debian's 6.12 and 7.3 under TCG sometimes die at boot on an int3
# in sched_clock_cpu (code patching), or hang silently after "Probing EDD"
# (docs/oracle.md). A crash once the scheduler is loading fails the stage.
# GUEST_TCG (guest.sh): one host thread for the vCPUs, no stale-text int3.
guest_boot --tag scx --log "$log" --timeout $((secs + 400)) --done 'scx-guest: done' \
  --own 'scx-guest: loading the scheduler' --fresh "$out/log.img:512M" -- \
  -accel "$GUEST_TCG" -m 1024 -smp 4 -nographic -no-reboot \
  -kernel "$GUEST_VMLINUZ" -initrd "$out/initramfs.gz" \
  -drive file="$out/log.img",format=raw,if=virtio,cache=unsafe \
  -drive file="$out/scratch.img",format=raw,if=virtio,readonly=on \
  -append "console=ttyS0 panic=-1 oops=panic loglevel=4" || true
tr -d '\r' <"$log" | grep -aoE 'scx[-_a-z]*: .*|WARNING.*|BUG:.*|Call Trace.*' || true
grep -q 'scx-guest: done' "$log" || { echo "scx: the guest did not finish" >&2; tail -n 30 "$log" >&2; exit 1; }
grep -q 'scx-guest: loader exit 0' "$log" || { echo "scx: the loader failed in the guest" >&2; exit 1; }
if tr -d '\r' <"$log" | grep -qE 'WARNING:|BUG:|Call Trace'; then echo "scx: kernel warning in the guest" >&2; exit 1; fi
n=$(tr -d '\r' <"$log" | sed -n 's/^scx_pgov: detached: records \([0-9]*\),.*/\1/p')
"$out/scx_replay" "$out/log.img" "$n" | tee "$out/replay.txt"
# Enough of both to mean something (issue 28: M >= 5000, L >= 1000); a
# slower host gives fewer in the same guest seconds: pass more SECONDS.
read -r m l < <(sed -n "s|^scx: decisions [0-9]*/\([0-9]*\) .*kernel commits [0-9]*/\([0-9]*\) .*|\1 \2|p" "$out/replay.txt")
if [ "${m:-0}" -lt "${PGOV_SCX_MIN_DECISIONS:-5000}" ] || [ "${l:-0}" -lt "${PGOV_SCX_MIN_COMMITS:-1000}" ]; then
  echo "scx: only ${m:-0} decisions and ${l:-0} kernel commits (want ${PGOV_SCX_MIN_DECISIONS:-5000} and ${PGOV_SCX_MIN_COMMITS:-1000}): run longer (examples/scx/run.sh SECONDS)" >&2
  exit 1
fi
