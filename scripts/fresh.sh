#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The `fresh` stage: README's two commands, verbatim, on a fresh Debian 12.
#  1. debootstrap --variant=minbase bookworm into a temporary directory
#     under build/fresh (the debootstrap tarball and the apt archives are
#     cached in build/fresh/cache, so a repeat downloads nothing);
#  2. mount proc, sys and dev; copy `git archive HEAD` to /work/libpgov with
#     nothing beside it (a user's clone has no ../shared: it is optional
#     everywhere, and this stage proves it);
#  3. run the two commands of README.md's first sh block, extracted from the
#     file (never retyped), as root in /work/libpgov;
#  4. install the .debs command 2 built there (its deb stage) and run the
#     installed `pgov-sim --quick` and `pgovd --dry-run` (on a small fake
#     sysfs tree: a chroot has no cpufreq of its own).
# Command 2 is scripts/check.sh, so this runs the whole suite inside; the
# inner run sees /etc/pgov-fresh-inner and skips this stage (it says so).
# Everything mounted is unmounted on any exit (trap).
# Needs root and Debian's archive (the mirror of this machine's apt sources).
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
[ "$(id -u)" = 0 ] || { echo "fresh: needs root (debootstrap, chroot, mount)" >&2; exit 1; }
mirror=${PGOV_FRESH_MIRROR:-http://deb.debian.org/debian}
cache=$top/build/fresh/cache
mkdir -p "$cache/archives/partial"
root=$(mktemp -d "$top/build/fresh/root.XXXXXX")
mounts=()
cleanup() {
  local rc=$? m i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    m=${mounts[i]}
    umount -R "$m" 2>/dev/null || umount -R -l "$m" 2>/dev/null || echo "fresh: cannot unmount $m" >&2
  done
  if ! grep -q " $root/" /proc/mounts; then rm -rf "$root"; else echo "fresh: $root still has mounts; left in place" >&2; fi
  exit $rc
}
trap cleanup EXIT INT TERM
mnt() { # mount args..., last is the target
  mount "$@"; mounts+=("${!#}")
}
t0=$(date +%s)
tarball=$cache/bookworm-minbase.tgz
if [ ! -s "$tarball" ]; then
  echo "fresh: first run: debootstrap --make-tarball (cached in $tarball)"
  debootstrap --variant=minbase --make-tarball="$tarball.tmp" bookworm "$root.tb" "$mirror" \
    >"$cache/make-tarball.log" 2>&1 || { tail -n 20 "$cache/make-tarball.log" >&2; exit 1; }
  rm -rf "$root.tb"; mv "$tarball.tmp" "$tarball"
fi
debootstrap --variant=minbase --unpack-tarball="$tarball" bookworm "$root" "$mirror" \
  >"$cache/debootstrap.log" 2>&1 || { tail -n 20 "$cache/debootstrap.log" >&2; exit 1; }
t_boot=$(date +%s)
echo "fresh: minimal bookworm in $root ($((t_boot - t0)) s, $(du -sm "$root" | cut -f1) MiB)"

mnt -t proc proc "$root/proc"
mnt --rbind /sys "$root/sys"; mount --make-rslave "$root/sys"
mnt --rbind /dev "$root/dev"; mount --make-rslave "$root/dev"
mnt --bind "$cache/archives" "$root/var/cache/apt/archives"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
touch "$root/etc/pgov-fresh-inner"
mkdir -p "$root/work/libpgov"
git archive --format=tar HEAD | tar -x -C "$root/work/libpgov"

# README's first sh block: its first two lines are the two commands.
cmds=$(awk '/^```sh$/ {on = 1; next} on && /^```/ {exit} on' README.md | head -n 2)
cmd1=$(sed -n 1p <<<"$cmds") cmd2=$(sed -n 2p <<<"$cmds")
[ -n "$cmd1" ] && [ -n "$cmd2" ] || { echo "fresh: README.md has no two-command sh block" >&2; exit 1; }
inside() { # label, command: run as root in /work/libpgov with a clean login environment
  local t s=$(date +%s)
  echo "fresh: $1: $2"
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/bash -c "cd /work/libpgov && $2" >"$top/build/fresh/$1.log" 2>&1 || {
    tail -n 60 "$top/build/fresh/$1.log" >&2; echo "fresh: $1 FAILED (log: build/fresh/$1.log)" >&2; return 1; }
  t=$(( $(date +%s) - s ))
  eval "t_${1//-/_}=$t"
  echo "fresh: $1 ok in $t s; last lines:"; tail -n 4 "$top/build/fresh/$1.log" | sed 's/^/  | /'
}
inside command1 "$cmd1"
# README ("3. Replay the regressions") states the verdicts command 1 prints:
# each claim below must be what this run printed (keep the two in step).
for v in "gitsuite elapsed_s v4.5->v4.6:reproduced" "grep cpu_s v4.13->rfc-percpu:not reproduced" \
         "grep cpu_s v4.13->v4.14:not reproduced" "kernbench-2 elapsed_s:reproduced" \
         "kernbench-4 elapsed_s:reproduced" "kernbench-8 elapsed_s:reproduced" \
         "kernbench-16 elapsed_s:direction only" "kernbench-30 elapsed_s:direction only" \
         "netperf_udp throughput:reproduced" "execl throughput:direction only" \
         "execl migrations:direction only" "execl csw_invol:direction only" "execl ipis:direction only" \
         "uclamp_udp-6222 throughput:opposite" "uclamp_udp-6244 throughput:not reproduced" \
         "uclamp_udp-6287 throughput:not reproduced" "uclamp_udp-6548 throughput:not reproduced" \
         "uclamp_udp-6896 throughput:not reproduced" "uclamp_udp-7593 throughput:not reproduced" \
         "uclamp_udp-11771 throughput:not reproduced"; do
  grep -q "^verdict: ${v%%:*}[ :].*: ${v#*:}\$" "$top/build/fresh/command1.log" ||
    { echo "fresh: README says '${v%%:*}' is '${v#*:}'; command 1 printed: $(grep "^verdict: ${v%%:*}" "$top/build/fresh/command1.log")" >&2; exit 1; }
done
echo "fresh: command 1's 20 verdicts are README's"
inside command2 "$cmd2"
grep -E '^(deps|lint|dev|m32|sanitize|clang|coverage|docs|cross|qemu|embed|abi|install|deb|bench|fresh|total) ' \
  "$top/build/fresh/command2.log" | sed 's/^/  inner: /' || true

# The packages command 2 built, installed as a user would.
inside install-debs 'apt-get install -y -qq --no-install-recommends ./build/deb/libpgov0_*.deb ./build/deb/libpgov-dev_*.deb ./build/deb/pgovd_*.deb ./build/deb/pgov-tools_*.deb ./build/deb/python3-pgov_*.deb && dpkg -l libpgov0 libpgov-dev pgovd pgov-tools python3-pgov | tail -n 5'
# The tree the package was built in is removed first: no source path may be needed.
inside installed-sim 'rm -rf build/deb/src && cd /tmp && /usr/bin/pgov-sim --quick --out /tmp/sim-out'
# The packaged bindings from outside any source tree: 1 s always running
# must bring util_avg near the top of its range (PELT's 1024 ceiling).
inside installed-python 'cd /tmp && python3 -c "import numpy as np, pgov; u = int(pgov.pelt(np.arange(1, 1001, dtype=np.uint64) * 1000000, 1, 1, 1)[\"util_avg\"][-1]); print(\"python3-pgov: util_avg after 1 s running\", u); assert 900 < u <= 1024"'
# A one-CPU acpi-cpufreq tree and /proc/stat for the installed daemon.
inside installed-pgovd 'f=/tmp/fake; p=$f/sys/devices/system/cpu/cpufreq/policy0; mkdir -p $p $f/proc $f/dev $f/run
  ln -sfn ../cpufreq/policy0 $f/sys/devices/system/cpu/cpu0/cpufreq 2>/dev/null || { mkdir -p $f/sys/devices/system/cpu/cpu0; ln -s ../cpufreq/policy0 $f/sys/devices/system/cpu/cpu0/cpufreq; }
  echo 800000 >$p/cpuinfo_min_freq; echo 800000 >$p/scaling_min_freq; echo 3900000 >$p/cpuinfo_max_freq
  echo 3900000 >$p/scaling_max_freq; echo 0 >$p/affected_cpus; echo 1600000 >$p/scaling_cur_freq
  echo acpi-cpufreq >$p/scaling_driver; echo "ondemand userspace performance schedutil" >$p/scaling_available_governors
  echo schedutil >$p/scaling_governor; echo "<unsupported>" >$p/scaling_setspeed
  echo "3900000 3000000 2400000 1600000 800000" >$p/scaling_available_frequencies
  printf "cpu  100 0 50 5000 0 0 0 0 0 0\ncpu0 100 0 50 5000 0 0 0 0 0 0\nintr 0\nctxt 0\nbtime 0\nprocesses 1\n" >$f/proc/stat
  /usr/sbin/pgovd --dry-run --iterations 3 --sysfs-root=$f/sys --proc-root=$f/proc --dev-root=$f/dev --state-file=$f/run/state
  test "$(cat $p/scaling_governor)" = schedutil'
t_end=$(date +%s)
echo "fresh: ok: debootstrap $((t_boot - t0)) s, command 1 ${t_command1} s, command 2 ${t_command2} s, total $((t_end - t0)) s"
