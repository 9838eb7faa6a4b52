#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Record real scheduler traces with the kernel's own PELT / util_est signals:
# boot Debian's kernel (the one linux-headers-amd64 builds for) under qemu
# (TCG, 2 CPUs), load pgov_sched_tp.ko of examples/tracepoints (LISA-format
# sched_pelt_* / sched_util_est_* events), enable the sched, power and cpuhp
# events in tracefs, run a small busybox workload (periodic tasks, a CPU hog,
# fork/exec/exit, CPU 1 unplugged and replugged), and save
#   OUT/NAME.txt        the raw ftrace buffer (/sys/kernel/tracing/trace, us)
#   OUT/NAME.dat        trace-cmd extract of the same buffers (ns)
#   OUT/NAME.report.txt `trace-cmd report -t` of NAME.dat (ns text)
# Usage: examples/trace/tests/traces/record.sh [OUT [NAME [SECONDS]]]
# PGOV_RECORD_ICOUNT=1: deterministic guest time (qemu -icount shift=0,sleep=off:
# the guest clock counts instructions, so a host stall of a vCPU cannot move
# an event away from the kernel's clock reading; NAME defaults to
# qemu-6.1-icount). SMP bring-up hangs under icount, so the kernel boots with
# maxcpus=1 and init puts CPU 1 online before tracing starts.
# PGOV_RECORD_ICOUNT_SHIFT=N (default 0): 2^N ns of guest time per instruction;
# a smaller N brings each event closer to the kernel's clock reading before
# it (the tracing itself takes guest time: about 1,000 instructions per
# event, 8 us at shift 3, 1 us at shift 0) and costs host time (shift 0:
# about 30 s of qemu on this machine).
# PGOV_RECORD_GROUPS=1: the grouped workload instead (NAME defaults to
# qemu-6.1-groups, 1 s): cgroup2 with the cpu controller, a periodic task in
# /g1/g2, a hog started in /g1/g3 then moved to /g1/g2 and back to / (cgroup2
# keeps processes out of /g1: it has the cpu controller on for children), a
# periodic task in its own autogroup (setsid); the module's samples then
# carry group entities (pid -1) and child cfs_rqs (path /g1, /autogroup-N).
# PGOV_RECORD_GROUPS=2: the weighted grouped workload (NAME defaults to
# qemu-6.1-groups2, or qemu-6.1-icount-groups with PGOV_RECORD_ICOUNT=1; 1 s):
# cpu.weight 300 on /g1/g2, 50 on /g1/g3, 200 on /g5, a periodic task in each
# of /g1/g2 and /g5, one in its own autogroup (setsid), and a hog started in
# /g1/g3 that moves to /g1/g2, /g5 and back to / every 150 ms, killed
# 150 ms later.
# PGOV_RECORD_KVER=7.3: Debian trixie-backports' 7.3 kernel instead of the
# host's 6.1 (NAME then starts qemu-7.3): fetched and the module built in
# the trixie chroot (PGOV_TRIXIE_ROOT, scripts/trixie-chroot.sh).
# The committed grouped icount recordings were made with
#   PGOV_RECORD_ICOUNT=1 PGOV_RECORD_GROUPS=2 record.sh
#   PGOV_RECORD_KVER=7.3 PGOV_RECORD_ICOUNT=1 PGOV_RECORD_GROUPS=2 record.sh
# Needs: linux-headers-amd64, qemu-system-x86, busybox-static, dwarves
# (pahole: offsets of the private struct rq / cfs_rq from the kernel's BTF),
# trace-cmd (copied into the guest with the libraries ldd lists).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../../.." && pwd)
out=${1:-$root/tests/traces}
series=${PGOV_RECORD_KVER:-6.1}
case $series in 6.1|7.3) ;; *) echo "record.sh: PGOV_RECORD_KVER is 6.1 or 7.3" >&2; exit 1 ;; esac
icount=${PGOV_RECORD_ICOUNT:-0}
case $icount in 0|1) ;; *) echo "record.sh: PGOV_RECORD_ICOUNT is 0 or 1" >&2; exit 1 ;; esac
if [ "$icount" = 1 ]; then
  name=${2:-qemu-$series-icount}
  shift=${PGOV_RECORD_ICOUNT_SHIFT:-0}
  case $shift in [0-9]|10) ;; *) echo "record.sh: PGOV_RECORD_ICOUNT_SHIFT is 0..10" >&2; exit 1 ;; esac
  qemu_time=(-icount "shift=$shift,sleep=off") append_time=" maxcpus=1"
  # the second CPU comes up here, before the trace (under icount SMP boot hangs)
  online_cpu1='echo 1 > /sys/devices/system/cpu/cpu1/online; usleep 100000'
else
  name=${2:-qemu-$series}
  qemu_time=() append_time="" online_cpu1=":"
fi
groups=${PGOV_RECORD_GROUPS:-0}
case $groups in 0|1|2) ;; *) echo "record.sh: PGOV_RECORD_GROUPS is 0, 1 or 2" >&2; exit 1 ;; esac
[ "$groups" = 0 ] || [ "$groups$icount" = 20 ] || name=${2:-$name-groups}
[ "$groups$icount" != 20 ] || name=${2:-$name-groups2}
secs=${3:-$((groups ? 1 : 2))}
. "$root/examples/kmod/guest.sh"
cache=$root/build/kmod-cache
kmake=()
if [ "$series" = 7.3 ]; then
  # trixie-backports' kernel: its kbuild tools need trixie's libc
  GUEST_ROOT=$root
  export PGOV_TRIXIE_ROOT=${PGOV_TRIXIE_ROOT:-$root/build/trixie}
  kver=$(guest_trixie_kver 7.3 "${PGOV_ORACLE_73:-7.3.4+deb13}")
  guest_trixie_fetch "$kver" "$cache"
  kdir=$GUEST_KDIR
  kmake=(env PGOV_TRIXIE_BIND="$root" "$root/scripts/trixie-chroot.sh" "$PGOV_TRIXIE_ROOT" --)
else
  kdir=$(guest_default_kdir)
  [ -n "$kdir" ] || { echo "record.sh: install linux-headers-amd64" >&2; exit 1; }
  kver=$(basename "$kdir" | sed 's/^linux-headers-//')
fi
work=$root/build/trace-record
guest_kernel "$kver" "$cache"
vmlinuz=$GUEST_VMLINUZ
mkdir -p "$work" "$out"

# The module of examples/tracepoints (pgov-tracepoints-dkms); its Kbuild
# generates the private scheduler structs' offsets from the image's BTF.
guest_vmlinux "$cache/vmlinux-$kver"
kb=$work/kmod
rm -rf "$kb"; mkdir -p "$kb"
cp "$root"/examples/tracepoints/{Kbuild,pgov-tp-offsets.sh,pgov_sched_tp.c,pgov_sched_tp_events.h} "$kb/"
"${kmake[@]}" make -s -C "$kdir" M="$kb" PGOV_BTF="$cache/vmlinux-$kver" modules
cat "$kb/pgov_sched_tp_offsets.h"

ird=$work/initramfs
rm -rf "$ird"
mkdir -p "$ird"
cp "$kb/pgov_sched_tp.ko" "$ird/"
tc=$(command -v trace-cmd || true)
if [ -n "$tc" ]; then
  guest_add_exe "$ird" "$tc"
fi
# the workloads, as scripts the init runs (a task moves itself into a
# cgroup by writing its own pid: \$\$ of a fresh sh)
cat >"$ird/periodic.sh" <<'SH'
#!/bin/busybox sh
# periodic: ~25% duty, sleeps 8 ms, for $1 seconds
end=$(($(date +%s) + $1)); while [ $(date +%s) -lt $end ]; do i=0; while [ $i -lt 150 ]; do i=$((i+1)); done; usleep 8000; done
SH
cat >"$ird/hog.sh" <<'SH'
#!/bin/busybox sh
# hog: $1 iterations, then exit
i=0; while [ $i -lt $1 ]; do i=$((i+1)); done
SH
if [ "$groups" = 2 ]; then
  setup='export CG=/sys/fs/cgroup; mkdir -p $CG; mount -t cgroup2 none $CG
echo +cpu > $CG/cgroup.subtree_control; mkdir $CG/g1 $CG/g5
echo +cpu > $CG/g1/cgroup.subtree_control; mkdir $CG/g1/g2 $CG/g1/g3
echo 300 > $CG/g1/g2/cpu.weight; echo 50 > $CG/g1/g3/cpu.weight; echo 200 > $CG/g5/cpu.weight
echo 1 > /proc/sys/kernel/sched_autogroup_enabled
echo "record: autogroup $(cat /proc/sys/kernel/sched_autogroup_enabled)"'
  workload="sh -c 'echo \$\$ > \$CG/g1/g2/cgroup.procs; exec sh /periodic.sh $secs' &
sh -c 'echo \$\$ > \$CG/g5/cgroup.procs; exec sh /periodic.sh $secs' &
setsid sh /periodic.sh $secs &
sh -c 'echo \$\$ > \$CG/g1/g3/cgroup.procs; exec sh /hog.sh 1000000000' &
hog=\$!
for g in g1/g2 g5 .; do usleep 150000; echo \$hog > \$CG/\$g/cgroup.procs; done
usleep 150000; kill \$hog"
elif [ "$groups" = 1 ]; then
  setup='export CG=/sys/fs/cgroup; mkdir -p $CG; mount -t cgroup2 none $CG
echo +cpu > $CG/cgroup.subtree_control; mkdir $CG/g1
echo +cpu > $CG/g1/cgroup.subtree_control; mkdir $CG/g1/g2 $CG/g1/g3
# Debian boots with autogroups off (its default); setsid then only names one
echo 1 > /proc/sys/kernel/sched_autogroup_enabled
echo "record: autogroup $(cat /proc/sys/kernel/sched_autogroup_enabled)"'
  workload="sh -c 'echo \$\$ > \$CG/g1/g2/cgroup.procs; exec sh /periodic.sh $secs' &
setsid sh /periodic.sh $secs &
sh -c 'echo \$\$ > \$CG/g1/g3/cgroup.procs; exec sh /hog.sh 12000' &
hog=\$!
usleep 200000
echo \$hog > \$CG/g1/g2/cgroup.procs
usleep 200000
echo \$hog > \$CG/cgroup.procs"
else
  setup=:
  workload="# periodic: ~25% duty, sleeps 8 ms
( end=\$((\$(date +%s) + $secs)); while [ \$(date +%s) -lt \$end ]; do i=0; while [ \$i -lt 150 ]; do i=\$((i+1)); done; usleep 8000; done ) &
# a hog that forks and execs
( sleep 0; i=0; while [ \$i -lt 3000 ]; do i=\$((i+1)); done; /bin/busybox true; exec /bin/busybox sleep 0 ) &
usleep 300000
echo 0 > /sys/devices/system/cpu/cpu1/online
usleep 200000
echo 1 > /sys/devices/system/cpu/cpu1/online"
fi
chmod +x "$ird/periodic.sh" "$ird/hog.sh"
cat >"$ird/init" <<INIT
#!/bin/busybox sh
export PATH=/bin:/usr/bin
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /tmp
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tracefs tracefs /sys/kernel/tracing
insmod /pgov_sched_tp.ko || echo "record: insmod failed"
T=/sys/kernel/tracing
$online_cpu1
$setup
echo 0 > \$T/tracing_on
echo 8192 > \$T/buffer_size_kb
for e in sched/sched_switch sched/sched_wakeup sched/sched_wakeup_new sched/sched_migrate_task \
         sched/sched_process_fork sched/sched_process_exec sched/sched_process_exit \
         power/cpu_idle power/cpu_frequency cpuhp pgov_sched_tp; do
  echo 1 > \$T/events/\$e/enable || echo "record: no event \$e"
done
echo > \$T/trace
echo 1 > \$T/tracing_on
$workload
wait
echo 0 > \$T/tracing_on
stty -F /dev/ttyS1 raw -echo 2>/dev/null
echo "=== trace.txt"  > /dev/ttyS1
gzip -c \$T/trace | base64 > /dev/ttyS1
if [ -x /usr/bin/trace-cmd ]; then
  cd /tmp && trace-cmd extract -o /tmp/trace.dat > /dev/null 2>&1 && {
    echo "=== trace.dat" > /dev/ttyS1; gzip -c /tmp/trace.dat | base64 > /dev/ttyS1; }
fi
echo "=== end" > /dev/ttyS1
poweroff -f
INIT
guest_initramfs "$ird" "$work/initramfs.gz"

t0=$(date +%s)
rm -f "$work/ttyS1.txt"
timeout 600 qemu-system-x86_64 -accel tcg "${qemu_time[@]}" -m 1024 -smp 2 -display none -no-reboot \
  -kernel "$vmlinuz" -initrd "$work/initramfs.gz" \
  -serial file:"$work/console.log" -serial file:"$work/ttyS1.txt" \
  -append "console=ttyS0 panic=-1 loglevel=3$append_time" || true
echo "record: qemu ran $(( $(date +%s) - t0 )) s; console: $work/console.log"
split_out() { guest_section "$work/ttyS1.txt" "$@"; } # SECTION FILE
split_out trace.txt "$out/$name.txt"
echo "record: $out/$name.txt ($(wc -l <"$out/$name.txt") lines)"
if grep -q '^=== trace.dat' "$work/ttyS1.txt"; then
  split_out trace.dat "$out/$name.dat"
  trace-cmd report -t "$out/$name.dat" >"$out/$name.report.txt" 2>/dev/null
  echo "record: $out/$name.dat, $out/$name.report.txt ($(wc -l <"$out/$name.report.txt") lines)"
fi
