#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux 6.1 as the judge: boot Debian's own kernel under qemu (TCG, 4 vCPUs)
# with pgov_oracle.ko and the static workload, capture every PELT and
# util_est update with its true prior state and inputs, then recompute each
# one on the host through libpgov (oracle_replay) and compare every field.
# Usage: tests/oracle/run.sh [--kernel 6.1|6.12|7.3] [RECORDS [SECONDS]]
#   --kernel 6.1 (default, CI): the host's linux-headers-6.1.*-amd64 (or
#   KDIR) and the image of that release. --kernel 6.12: Debian 12's 6.12 LTS
#   from bookworm-security, pinned to PGOV_ORACLE_612 (default
#   6.12.118+deb12), the newest 6.12 build when the archive has dropped the
#   pin; its headers are unpacked under build/kmod-cache, not installed.
#   --kernel 7.3: trixie-backports' 7.3, pinned to PGOV_ORACLE_73 (default
#   7.3.4+deb13), else the newest 7.3 build; looked up, downloaded and its
#   module built inside a trixie chroot (PGOV_TRIXIE_ROOT, default
#   build/trixie, made once by scripts/trixie-chroot.sh).
#   The workload runs until the module has captured RECORDS records (default
#   1450000: about 1.1M PELT, 0.55M util_est and 0.13M governor rows), at most SECONDS
#   (default 300) of guest time; a loaded host then takes longer, not fewer rows.
# Env:   PGOV_ORACLE_KEEP=1 keeps the raw capture (build/oracle/capture.img);
#        PGOV_ORACLE_PGOV_SECS=N guest seconds under pgov_schedutil, then as many
#        under pgov_ondemand (default 10);
#        PGOV_ORACLE_UCLAMP_SECS=N (uclamp kernels) guest seconds of
#        uclamp_load from the library governors' phases on (default 130);
#        PGOV_ORACLE_TSV=DIR also writes a sample of the compared rows as
#        DIR/linux-K-{pelt,util_est}.tsv (PGOV_ORACLE_TSV_ROWS rows each,
#        default 6000, spread evenly over the update kinds), the governors'
#        and DIR/linux-K-pelt_group.tsv (a third of ROWS, over the group
#        row kinds).
# Needs: linux-headers-amd64, qemu-system-x86, busybox-static, dwarves
#        (pahole), gcc; the matching linux-image .deb is fetched once.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
series=6.1
if [ "${1:-}" = --kernel ]; then series=${2:-}; shift 2 || true; fi
case $series in 6.1 | 6.12 | 7.3) ;; *) echo "oracle: --kernel 6.1, 6.12 or 7.3" >&2; exit 2 ;; esac
until=${1:-1450000}
secs=${2:-300}
# guest seconds under ondemand, then conservative: at least 2000 compared
# evaluations of each on a loaded host. 6.1: 30 (4556 conservative, the
# fewest seen); 6.12 and 7.3: 50 (30 gave 6.12 1634 conservative ones, 40
# gave 7.3 1904 once). 6.1 runs twice in CI (the fresh stage's inner run).
gov_default=50
[ "$series" = 6.1 ] && gov_default=30
gov_secs=${PGOV_ORACLE_GOV_SECS:-$gov_default}
out=$root/build/oracle
. "$root/examples/kmod/guest.sh"

if [ "$series" = 6.1 ]; then
  # the headers linux-headers-amd64 names (bookworm: 6.1): other series'
  # headers on the host must not change this run
  kdir=${KDIR:-$(guest_default_kdir)}
  case ${kdir##*/} in linux-headers-6.1.*) ;; *) echo "oracle: $kdir is not a 6.1 kernel's headers" >&2; exit 1 ;; esac
  [ -n "$kdir" ] && [ -f "$kdir/Makefile" ] || {
    echo "oracle: no kernel headers (install linux-headers-amd64 or pass KDIR)" >&2; exit 1; }
  kver=${kdir##*/linux-headers-}
elif [ "$series" = 7.3 ]; then
  # trixie-backports: found, fetched and built for in a trixie chroot (its
  # kbuild tools need trixie's libc, its headers gcc-14)
  GUEST_ROOT=$root
  export PGOV_TRIXIE_ROOT=${PGOV_TRIXIE_ROOT:-$root/build/trixie}
  kver=$(guest_trixie_kver "$series" "${PGOV_ORACLE_73:-7.3.4+deb13}")
  guest_trixie_fetch "$kver" "$root/build/kmod-cache"
  kdir=$GUEST_KDIR
  out=$root/build/oracle-$series
else
  kver=$(guest_series_kver "$series" "${PGOV_ORACLE_612:-6.12.118+deb12}")
  guest_headers "$kver" "$root/build/kmod-cache"
  kdir=$GUEST_KDIR
  out=$root/build/oracle-$series # the 6.1 stage's files stay
fi
mkdir -p "$out/kmod"
# The image first: its BTF says what the module must be built for.
guest_kernel "$kver" "$root/build/kmod-cache"
defs=$("$root/tests/oracle/btf_offsets.sh" "$GUEST_VMLINUZ" "$out" --cflags)

# 1. The capture module, against the headers of the kernel we boot, and
# pgov_governor.ko: lib/ unchanged (symlinks) as the governor pgov_schedutil.
# (pgov_oracle.ko from two sources: a pgov_oracle.c link of an older tree goes)
rm -f "$out/kmod/pgov_oracle.c"
for f in Kbuild pgov_oracle_core.c pgov_oracle_gov.c pgov_oracle_group.c pgov_oracle.h oracle_rec.h pgov_gov.c pgov_uclamp.c; do
  ln -sf "$root/tests/oracle/$f" "$out/kmod/$f"; done
mkdir -p "$out/kmod/lib" "$out/kmod/shim"
for f in "$root"/lib/*.c; do ln -sf "$f" "$out/kmod/lib/"; done
for f in "$root"/examples/kmod/shim/*.h "$root/examples/kmod/pgov_kernel.h" "$root/examples/kmod/dummy_cpufreq.h"; do
  ln -sf "$f" "$out/kmod/${f#"$root"/examples/kmod/}"; done
kmake=(make -s -j2 -C "$kdir" M="$out/kmod" PGOV_ROOT="$root" PGOV_ORACLE_DEFS="$defs" modules)
if [ "$series" = 7.3 ]; then kmake=(env PGOV_TRIXIE_BIND="$root" "$root/scripts/trixie-chroot.sh" "$PGOV_TRIXIE_ROOT" -- "${kmake[@]}"); fi
"${kmake[@]}" 2>&1 | { grep -v 'Skipping BTF generation' || true; } | tee "$out/kmod/build.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
if grep -E 'warning:' "$out/kmod/build.log"; then echo "oracle: module build warnings" >&2; exit 1; fi

# 2. The private struct offsets from the image's BTF.
# ondemand and conservative are modules of the image (with their dependencies);
# schedutil is built in. The capture module's dummy cpufreq driver gives them
# a frequency table to decide on.
govmods=$(guest_modules cpufreq_ondemand cpufreq_conservative)
params=$("$root/tests/oracle/btf_offsets.sh" "$GUEST_VMLINUZ" "$out" \
  "$(echo "$govmods" | grep '/cpufreq_conservative.ko$')")
echo "oracle: Linux $kver, offsets from BTF: $params"

# 3. Workload (static) and the host replay.
gcc -O2 -static -Wall -Wextra -o "$out/workload" "$root/tests/oracle/workload.c"
# uclamp (a kernel with CONFIG_UCLAMP_TASK: Debian 7.x): pgov_uclamp.ko and
# the clamp-changing workload beside the main one.
ucl=""
if [ -f "$out/kmod/pgov_uclamp.ko" ]; then
  ucl=$("$root/tests/oracle/btf_offsets.sh" "$GUEST_VMLINUZ" "$out" --uclamp)
  gcc -O2 -static -Wall -Wextra -o "$out/uclamp_load" "$root/tests/oracle/uclamp_load.c"
fi
# The replay shares pgov-replay's linux_* code (replay_linux*.c).
gcc -O2 -Wall -Wextra -std=c11 -I"$root/include" -I"$root/lib" -I"$root/examples/replay" \
  -I"$root/tests/oracle" -o "$out/oracle_replay" "$root/tests/oracle/oracle_replay.c" \
  "$root/tests/oracle/oracle_signal.c" "$root/tests/oracle/oracle_group.c" "$root/tests/oracle/oracle_gov.c" \
  "$root/examples/replay/replay_linux.c" "$root/examples/replay/replay_linux_gov.c" "$root/examples/replay/replay_linux_group.c" \
  "$root/examples/replay/replay.c" \
  "$root/examples/common/num.c" -I"$root/examples/common" "$root/tests/oracle/gov_replay.c" \
  "$root/tests/oracle/uclamp_replay.c" "$root"/lib/*.c

# 4. initramfs: busybox, virtio block driver, module, workload.
ird=$out/initramfs
rm -rf "$ird"
mkdir -p "$ird/lib"
mods="$(guest_modules virtio_pci virtio_blk) $govmods"
for m in $mods; do cp "$m" "$ird/lib/"; done
cp "$out/kmod/pgov_oracle.ko" "$out/kmod/pgov_governor.ko" "$out/workload" "$ird/"
[ -z "$ucl" ] || cp "$out/kmod/pgov_uclamp.ko" "$out/uclamp_load" "$ird/"
# pgov_governor.ko reads the runqueue through the same BTF offsets.
govparams=$(echo "$params" | tr ' ' '\n' |
  grep -E '^(rq_cfs|rq_avg_rt|rq_avg_dl|rq_cpu_capacity_orig|rq_cpu|cfs_rq_avg|sa_util_est)=' | tr '\n' ' ')
pgov_secs=${PGOV_ORACLE_PGOV_SECS:-10} # guest seconds under each library governor
{
  echo '#!/bin/busybox sh'
  echo 'bb=/bin/busybox'
  echo '$bb mkdir -p /proc /sys /dev /tmp'
  echo '$bb mount -t proc proc /proc; $bb mount -t sysfs sys /sys; $bb mount -t devtmpfs dev /dev'
  for m in $mods; do echo "\$bb insmod /lib/${m##*/}"; done
  echo 'n=0; while [ ! -b /dev/vdb ] && [ $n -lt 100 ]; do $bb sleep 0.1; n=$((n+1)); done'
  echo "\$bb insmod /pgov_oracle.ko $params || { echo 'pgov-oracle: insmod failed'; \$bb poweroff -f; }"
  echo 'ks() { $bb awk -v s=$1 '"'"'$3 == s { print "0x" $1; exit }'"'"' /proc/kallsyms; }'
  echo "\$bb insmod /pgov_governor.ko $govparams runqueues=\$(ks runqueues)" \
    "idle_calls_fn=\$(ks tick_nohz_get_idle_calls_cpu) || echo 'pgov-oracle: pgov_governor insmod failed'"
  if [ -n "$ucl" ]; then
    echo "\$bb insmod /pgov_uclamp.ko $ucl uclamp_default_addr=\$(ks uclamp_default)" \
      "rt_default_addr=\$(ks sysctl_sched_uclamp_util_min_rt_default)" \
      "uclamp_used_addr=\$(ks sched_uclamp_used) || echo 'pgov-oracle: pgov_uclamp insmod failed'"
  fi
  echo '$bb dd if=/proc/pgov_oracle of=/dev/vda bs=1M conv=fsync 2>/tmp/dd.log &'
  # Each governor in turn on every policy (per-CPU policies): schedutil, the
  # default, for 10 s, ondemand and conservative GOV_SECS each, libpgov's
  # pgov_schedutil and pgov_ondemand PGOV_SECS each, then schedutil again.
  # The kernel samples by time, so the switches go by time too.
  echo 'gov() { for p in /sys/devices/system/cpu/cpufreq/policy*; do echo $1 > $p/scaling_governor 2>/dev/null; done; }'
  # Tunables through sysfs, in five phases per governor (the replay sees
  # them in each record and replays the stores through pgov_dbs_store):
  # thresholds crossed both ways, sample stretching, nice and iowait
  # accounting, powersave_bias sub-samples, conservative's step and skip.
  echo 'tune() { d=/sys/devices/system/cpu/cpufreq/$1; shift; for kv in "$@"; do echo ${kv#*=} > $d/${kv%%=*} || echo "pgov-oracle: $kv refused"; done; }'
  ph=$((gov_secs / 5))
  echo "ph() { \$bb sleep $ph; }"
  echo "( \$bb sleep 10; gov ondemand; ph;" \
    "tune ondemand sampling_rate=20000 up_threshold=70 sampling_down_factor=5; ph;" \
    "tune ondemand sampling_rate=10000 sampling_down_factor=1 up_threshold=85 ignore_nice_load=1; ph;" \
    "tune ondemand ignore_nice_load=0 powersave_bias=300; ph;" \
    "tune ondemand powersave_bias=0 io_is_busy=1 up_threshold=50; ph;" \
    "gov conservative; ph;" \
    "tune conservative down_threshold=40 up_threshold=60 freq_step=25; ph;" \
    "tune conservative sampling_down_factor=3 ignore_nice_load=1 sampling_rate=15000; ph;" \
    "tune conservative freq_step=0; \$bb sleep 1; tune conservative freq_step=100 sampling_down_factor=1; ph;" \
    "tune conservative ignore_nice_load=0 up_threshold=90 down_threshold=10 freq_step=10 sampling_rate=10000; ph;" \
    "gov pgov_schedutil; echo pgov-oracle: policy0 runs \$(\$bb cat /sys/devices/system/cpu/cpufreq/policy0/scaling_governor);" \
    "\$bb sleep $pgov_secs; gov pgov_ondemand;" \
    "echo pgov-oracle: policy0 runs \$(\$bb cat /sys/devices/system/cpu/cpufreq/policy0/scaling_governor);" \
    "\$bb sleep $pgov_secs;" \
    "gov schedutil; echo 'pgov-oracle: governors switched' ) &"
  # The workload lasts at least the governor timeline (an idle host reaches
  # RECORDS sooner).
  # The clamps change during the first schedutil phase and from the library
  # governors' phases on (ucl_secs); the kernel's dbs phases between run
  # without its RT tasks (they starved the dbs workqueue). uclamp stays in
  # use (the static key never turns off); the workload lasts until the
  # second window's end, so that its rows are captured (200k uclamp rows).
  min_secs=$((10 + 2 * gov_secs + 1 + 2 * pgov_secs + 2))
  if [ -n "$ucl" ]; then
    ucl_secs=${PGOV_ORACLE_UCLAMP_SECS:-130}
    echo "( /uclamp_load 10; \$bb sleep $((2 * gov_secs + 1)); /uclamp_load $ucl_secs ) &"
    [ "$min_secs" -ge $((10 + 2 * gov_secs + 1 + ucl_secs + 2)) ] ||
      min_secs=$((10 + 2 * gov_secs + 1 + ucl_secs + 2))
  fi
  echo "/workload $secs /dev/vdb $until $min_secs"
  echo 'echo stop > /proc/pgov_oracle; wait; $bb cat /tmp/dd.log; $bb sync'
  echo 'echo "pgov-oracle: capture done"'
  echo '$bb poweroff -f'
} >"$ird/init"
guest_initramfs "$ird" "$out/initramfs.gz"

# 5. Boot: capture disk (vda) and a scratch disk for the O_DIRECT reads (vdb).
[ -f "$out/scratch.img" ] || head -c 8M /dev/urandom >"$out/scratch.img"
log=$out/console.log
# guest_boot (examples/kmod/guest.sh) boots again, up to three boots, when
# the kernel hangs before userspace or crashes before the capture is done:
# seen on 2026-12-01 (6.1.176 and 6.1.192, a return to address 0 from a
# kretprobed scheduler function while pgov_oracle.ko was still registering
# its probes, docs/oracle.md). oops=panic makes such an oops end the boot at
# once instead of hanging until the timeout. No record of a crashed boot is
# replayed, and a third crash fails the stage.
rc=0
guest_boot --tag oracle --log "$log" --timeout $((secs + 300)) --done 'pgov-oracle: capture done' \
  --fresh "$out/capture.img:1G" -- \
  -accel "$GUEST_TCG" -m 1024 -smp 4 -nographic -no-reboot \
  -kernel "$GUEST_VMLINUZ" -initrd "$out/initramfs.gz" \
  -drive file="$out/capture.img",format=raw,if=virtio,cache=unsafe \
  -drive file="$out/scratch.img",format=raw,if=virtio,readonly=on \
  -append "console=ttyS0 panic=-1 oops=panic loglevel=4" || rc=$?
tr -d '\r' <"$log" | grep -E 'pgov|workload|records|copied' || true
[ "$rc" = 0 ] || { echo "oracle: capture did not finish" >&2; tail -n 40 "$log" >&2; exit 1; }

# 6. Replay on the host.
set +e
if [ -n "${PGOV_ORACLE_TSV:-}" ]; then
  "$out/oracle_replay" "$out/capture.img" --tsv "$PGOV_ORACLE_TSV" "${PGOV_ORACLE_TSV_ROWS:-6000}"
else
  "$out/oracle_replay" "$out/capture.img"
fi
rc=$?
set -e
[ "${PGOV_ORACLE_KEEP:-0}" = 1 ] || rm -f "$out/capture.img"
exit $rc
