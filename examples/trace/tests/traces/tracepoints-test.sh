#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The DKMS package's module, recorded with trace-cmd in a guest, read by
# pgov-trace (docs/record.md). For every kernel with linux-headers-*-amd64
# installed (the kernels the oracle boots):
#  1. `dkms build` of examples/tracepoints (or, with PGOV_TP_SRC=DIR, of the
#     packaged tree DIR = an unpacked pgov-tracepoints-dkms's
#     usr/src/pgov-tracepoints-VERSION) in a private DKMS tree, for that
#     kernel, not the running one: its BTF is the guest image's;
#  2. boot that kernel under qemu (TCG, -icount shift=0,sleep=off: guest
#     time counts instructions, 1 ns each, so the cost figures do not move
#     with the host's load), insmod the .ko DKMS built;
#  3. on CPU 0 alone (with two vCPUs under icount the interleaving, and so
#     the figures, change from run to run by up to 30 %), tp_cost
#     (examples/tracepoints/tp_cost.c) 3 times: untraced, under
#     `trace-cmd record` with the scheduler events pgov-trace reads, and with
#     those and pgov_sched_tp:*; the cost per event is the time difference
#     over the difference in events recorded between tp_cost's markers;
#  4. with CPU 1 online, `trace-cmd record` of a 1 s workload (periodic task, forks and execs,
#     CPU 1 unplugged and replugged) with the events of docs/record.md's
#     `trace-cmd record` line (read from the doc: the two cannot drift);
#  5. pgov-trace info: every pgov_sched_tp event present; pgov-trace signals
#     --kver X.Y exits 0 with samples compared; then every `pgov-trace` line
#     and the Python block of docs/record.md, verbatim, on that trace.dat
#     (Python: when `import pgov` works here; PGOV_TP_PYTHON=1 requires it).
# Usage: examples/trace/tests/traces/tracepoints-test.sh PGOV_TRACE [OUT]
# Needs: dkms, dwarves, linux-headers-amd64, qemu-system-x86, busybox-static,
# trace-cmd, gcc (static tp_cost). About 90 s of host time per kernel.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../../.." && pwd)
pt=${1:?usage: tracepoints-test.sh PGOV_TRACE [OUT]}
out=$(realpath -m "${2:-$root/build/tracepoints-test}") # dkms needs absolute paths
rounds=${PGOV_TP_ROUNDS:-3000}
. "$root/examples/kmod/guest.sh"
fail() { echo "tracepoints-test: $*" >&2; exit 1; }
command -v dkms >/dev/null || fail "dkms missing (apt-get install dkms)"
[ -x "$pt" ] || fail "$pt: not executable"
pt=$(realpath "$pt")
src=${PGOV_TP_SRC:-$root/examples/tracepoints}
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$src/dkms.conf")
proj=$(sed -n 's/^project(pgov VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
[ "$ver" = "$proj" ] || fail "$src/dkms.conf: PACKAGE_VERSION $ver, the project is $proj"
rm -rf "$out"; mkdir -p "$out"
gcc -O2 -static -Wall -Wextra -Werror -o "$out/tp_cost" "$root/examples/tracepoints/tp_cost.c"

# docs/record.md's fenced code: its `trace-cmd record` command (joined at
# its backslashes), its `pgov-trace` lines, its Python block.
doc=$root/docs/record.md
record_cmd=$(awk '/^```/ { inb = !inb; next } inb && /trace-cmd record/ { on = 1 }
  on { c = sub(/\\$/, ""); line = line " " $0; if (!c) { print line; exit } }' "$doc")
events=$(echo "$record_cmd" | grep -oE -- "-e '?[a-z_]+:[a-z_*]+'?" | sed "s/^-e //; s/'//g" | tr '\n' ' ')
base_events=$(echo "$events" | tr ' ' '\n' | grep -v '^pgov_sched_tp:' | tr '\n' ' ')
case " $events " in *" pgov_sched_tp:* "*) ;; *) fail "$doc: the trace-cmd record line has no -e 'pgov_sched_tp:*'" ;; esac
case " $base_events " in *" sched:sched_switch "*) ;; *) fail "$doc: no trace-cmd record line with sched:sched_switch" ;; esac
doc_tools=$(awk '/^```/ { inb = !inb; next } inb && /^pgov-trace / { print }' "$doc")
doc_python=$(awk '/^```python/ { on = 1; next } on && /^```/ { exit } on { print }' "$doc")
[ -n "$doc_tools" ] && [ -n "$doc_python" ] || fail "$doc: no pgov-trace lines or no python block"

# the kernel linux-headers-amd64 names; PGOV_TP_ALL_KERNELS=1: every installed one
kdirs=$(guest_default_kdir)
[ "${PGOV_TP_ALL_KERNELS:-0}" = 1 ] && kdirs=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V || true)
[ -n "$kdirs" ] || fail "no kernel headers (install linux-headers-amd64)"
for kdir in $kdirs; do
  kver=${kdir##*/linux-headers-}
  kxy=$(echo "$kver" | cut -d. -f1,2)
  w=$out/$kver
  mkdir -p "$w"
  cache=$root/build/kmod-cache
  guest_kernel "$kver" "$cache"
  # 1. DKMS, as the package's postinst would run it, but in a private tree.
  #    BTF: /boot's image when the kernel is installed, else the one fetched.
  btf=""
  [ "$GUEST_TREE" = / ] || { guest_vmlinux "$cache/vmlinux-$kver"; btf=$cache/vmlinux-$kver; }
  mkdir -p "$w/dkms-src/pgov-tracepoints-$ver" "$w/dkms-tree"
  cp -r "$src"/. "$w/dkms-src/pgov-tracepoints-$ver/"
  t0=$(date +%s)
  PGOV_BTF=$btf dkms build "pgov-tracepoints/$ver" -k "$kver" --sourcetree "$w/dkms-src" \
    --dkmstree "$w/dkms-tree" >"$w/dkms.log" 2>&1 || {
    cat "$w/dkms.log" "$w"/dkms-tree/pgov-tracepoints/"$ver"/*/*/log/make.log >&2 2>/dev/null
    fail "dkms build for $kver failed"; }
  ko=$(find "$w/dkms-tree/pgov-tracepoints/$ver/$kver" -name 'pgov_sched_tp.ko*' | head -n1)
  [ -n "$ko" ] || fail "dkms built no pgov_sched_tp.ko for $kver"
  vm=$(objcopy -O binary --only-section=.modinfo "$ko" /dev/stdout | tr '\0' '\n' | sed -n 's/^vermagic=//p')
  [ "${vm%% *}" = "$kver" ] || fail "$ko: vermagic '$vm', not $kver"
  echo "tracepoints: dkms build -k $kver: $(basename "$ko") in $(( $(date +%s) - t0 )) s (BTF: ${btf:-/boot})"

  # 2-4. The guest.
  ird=$w/initramfs
  mkdir -p "$ird"
  cp "$ko" "$ird/pgov_sched_tp.ko"
  cp "$out/tp_cost" "$ird/"
  guest_add_exe "$ird" "$(command -v trace-cmd)"
  cat >"$ird/init" <<INIT
#!/bin/busybox sh
export PATH=/bin:/usr/bin
/bin/busybox --install -s /bin
mkdir -p /proc /sys /dev /tmp
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
mount -t tracefs tracefs /sys/kernel/tracing
T=/sys/kernel/tracing
insmod /pgov_sched_tp.ko && echo "tp: insmod ok" || echo "tp: insmod failed"
ls \$T/events/pgov_sched_tp | grep '^sched_' | tr '\n' ' ' | sed 's/^/tp: events: /'; echo
base=""
for e in $base_events; do
  if [ -d \$T/events/\${e%%:*}/\${e#*:} ]; then base="\$base -e \$e"; else echo "tp: no event \$e"; fi
done
echo "tp: base\$base"
cd /tmp
stty -F /dev/ttyS1 raw -echo 2>/dev/null
send() { echo "=== \$2" > /dev/ttyS1; gzip -c \$1 | base64 > /dev/ttyS1; }
echo "tp: cost none \$(/tp_cost $rounds)"
trace-cmd record -q -b 8192 -o /tmp/base.dat \$base /tp_cost $rounds > /tmp/base.log 2>&1
echo "tp: cost base \$(grep '^tp_cost:' /tmp/base.log)"
trace-cmd record -q -b 8192 -o /tmp/full.dat \$base -e 'pgov_sched_tp:*' /tp_cost $rounds > /tmp/full.log 2>&1
echo "tp: cost full \$(grep '^tp_cost:' /tmp/full.log)"
send /tmp/base.dat base.dat; send /tmp/full.dat full.dat
echo 1 > /sys/devices/system/cpu/cpu1/online; usleep 100000
cat > /tmp/work.sh <<'WORK'
# periodic: 100 periods of a short burst and 8 ms asleep (about 1 s); a hog
# that forks and execs; CPU 1 out and back
( n=0; while [ \$n -lt 100 ]; do n=\$((n+1)); i=0; while [ \$i -lt 150 ]; do i=\$((i+1)); done; usleep 8000; done ) &
( i=0; while [ \$i -lt 3000 ]; do i=\$((i+1)); done; /bin/busybox true; exec /bin/busybox sleep 0 ) &
usleep 300000
echo 0 > /sys/devices/system/cpu/cpu1/online
usleep 200000
echo 1 > /sys/devices/system/cpu/cpu1/online
wait
WORK
trace-cmd record -q -b 8192 -o /tmp/trace.dat \$base -e 'pgov_sched_tp:*' sh /tmp/work.sh > /tmp/work.log 2>&1
echo "tp: record exit \$?"
send /tmp/trace.dat trace.dat
echo "=== end" > /dev/ttyS1
poweroff -f
INIT
  guest_initramfs "$ird" "$w/initramfs.gz"
  t0=$(date +%s)
  timeout 600 qemu-system-x86_64 -accel tcg -icount shift=0,sleep=off -m 1024 -smp 2 -display none \
    -no-reboot -kernel "$GUEST_VMLINUZ" -initrd "$w/initramfs.gz" \
    -serial file:"$w/console.log" -serial file:"$w/ttyS1.txt" \
    -append "console=ttyS0 panic=-1 loglevel=3 maxcpus=1" || true
  echo "tracepoints: qemu (tcg, icount) ran $(( $(date +%s) - t0 )) s; console: $w/console.log"
  tr -d '\r' <"$w/console.log" | grep '^tp: ' | sed 's/^/  /' || true
  grep -q '^tp: insmod ok' "$w/console.log" || fail "insmod of the DKMS module failed in Linux $kver"
  grep -q '^tp: record exit 0' "$w/console.log" || fail "trace-cmd record failed in Linux $kver"
  for f in base.dat full.dat trace.dat; do
    guest_section "$w/ttyS1.txt" "$f" "$w/$f" || fail "no $f from the guest"
  done

  # 5. pgov-trace on the recording: the module's events, and samples compared.
  "$pt" info "$w/trace.dat" >"$w/info.txt" 2>&1 || { cat "$w/info.txt" >&2; fail "pgov-trace info failed"; }
  for ev in sched_switch sched_pelt_se sched_pelt_cfs sched_pelt_rt sched_pelt_dl \
            sched_util_est_se sched_util_est_cfs; do
    grep -qE "^  $ev +[1-9]" "$w/info.txt" || { cat "$w/info.txt" >&2; fail "no $ev in the recording"; }
  done
  "$pt" signals "$w/trace.dat" --kver "$kxy" >"$w/signals.txt" 2>&1 ||
    { tail -n 20 "$w/signals.txt" >&2; fail "pgov-trace signals --kver $kxy failed"; }
  last=$(tail -n1 "$w/signals.txt")
  # Bounds: seven runs gave 673 to 3,235 samples, mean |err| 1.3 to 9.5 (two
  # vCPUs: the interleaving changes from run to run; docs/record.md); a
  # module reading a wrong offset gives values nowhere near (5.7e15).
  read -r n m < <(echo "$last" | sed -nE 's/^signals: ([0-9]+) samples compared, mean \|err\| ([0-9.]+),.*/\1 \2/p')
  [ -n "${n:-}" ] && [ "$n" -ge 300 ] && awk -v m="$m" 'BEGIN { exit !(m <= 25) }' ||
    fail "signals: $last (want at least 300 samples, mean |err| <= 25)"
  echo "tracepoints: $(head -n1 "$w/info.txt")"
  echo "tracepoints: pgov-trace signals --kver $kxy: $last"
  # docs/record.md's reading commands, verbatim (its --kver / kver 6.1 set
  # to this kernel's), in the directory of trace.dat.
  mkdir -p "$w/bin"; ln -sf "$pt" "$w/bin/pgov-trace"
  while read -r cmd; do
    cmd=${cmd//--kver 6.1/--kver $kxy}
    (cd "$w" && PATH=$w/bin:$PATH && eval "$cmd") >"$w/doc-cmd.txt" 2>&1 ||
      { tail -n 20 "$w/doc-cmd.txt" >&2; fail "docs/record.md: '$cmd' failed"; }
    echo "tracepoints: docs/record.md: $cmd: ok, $(tail -n1 "$w/doc-cmd.txt")"
  done <<<"$doc_tools"
  # Debian's python3 (python3-numpy), not a virtualenv's or pyenv's first on PATH
  py=$(command -v /usr/bin/python3 || command -v python3)
  if "$py" -c 'import pgov' >/dev/null 2>&1; then
    (cd "$w" && PGOV_TRACE=$pt "$py" -c "${doc_python//kver=\"6.1\"/kver=\"$kxy\"}") >"$w/doc-python.txt" 2>&1 ||
      { cat "$w/doc-python.txt" >&2; fail "docs/record.md: the Python block failed"; }
    echo "tracepoints: docs/record.md: Python block: ok, $(tail -n1 "$w/doc-python.txt")"
  elif [ "${PGOV_TP_PYTHON:-0}" = 1 ]; then
    fail "import pgov failed (PGOV_TP_PYTHON=1): $("$py" -c 'import pgov' 2>&1 | tail -n1)"
  else
    echo "tracepoints: docs/record.md: Python block skipped (import pgov fails here; PYTHONPATH=python and PGOV_LIBRARY)"
  fi

  # 3. The cost: events between tp_cost's markers, time from its own line.
  between() { # DAT: count of events inside the markers, and of pgov_sched_tp's
    trace-cmd report "$1" 2>/dev/null | awk '
      /tracing_mark_write: tp_cost start/ { on = 1; next }
      /tracing_mark_write: tp_cost end/ { on = 0 }
      on { n++; if (/ sched_(pelt|util_est)_/) p++ }
      END { print n + 0, p + 0 }'
  }
  ns() { tr -d '\r' <"$w/console.log" | sed -n "s/^tp: cost $1 tp_cost: [0-9]* round trips, \([0-9]*\) ns.*/\1/p"; }
  read -r nb _ < <(between "$w/base.dat")
  read -r nf np < <(between "$w/full.dat")
  t_none=$(ns none) t_base=$(ns base) t_full=$(ns full)
  [ -n "$t_none" ] && [ -n "$t_base" ] && [ -n "$t_full" ] && [ "$nb" -gt 0 ] && [ "$np" -gt 0 ] ||
    fail "cost run incomplete: times '$t_none' '$t_base' '$t_full', events $nb / $nf ($np pgov)"
  # Under icount the guest's time is its instruction count: recording more
  # events must take longer, or the events were not written in that loop.
  [ "$t_none" -lt "$t_base" ] && [ "$t_base" -lt "$t_full" ] ||
    fail "tp_cost not slower with more events traced: $t_none / $t_base / $t_full ns"
  awk -v r="$rounds" -v a="$t_none" -v b="$t_base" -v f="$t_full" -v nb="$nb" -v nf="$nf" -v np="$np" 'BEGIN {
    printf "tracepoints: cost (guest ns under icount shift 0 = emulated instructions), tp_cost %d round trips:\n", r
    printf "  untraced %.0f ns/round trip; sched+power events %.0f; with pgov_sched_tp %.0f\n", a / r, b / r, f / r
    printf "  events per round trip: %.1f sched/power, %.1f pgov_sched_tp (%.1f in all)\n", nb / r, np / r, nf / r
    printf "  per event: sched/power %.0f ns, pgov_sched_tp %.0f ns (the time added over the events added)\n",
      (b - a) / nb, (f - b) / (nf - nb)
    printf "  pgov_sched_tp adds %.1f %% to the traced run, %.1f %% to the untraced one\n", (f - b) * 100 / b, (f - b) * 100 / a
  }' | tee "$w/cost.txt"
done
echo "tracepoints: ok"
